// SPDX-License-Identifier: GPL-2.0
/*
 * The three ways a loop waits for its deadline.  All time comes from
 * ktime_get_ns() (CLOCK_MONOTONIC), the clock of the hrtimer as well.
 */
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/stat.h>
#include <linux/timekeeping.h>
#include "wait.h"
#include "trace.h"

/*
 * Hard, pinned timer: runs in hard interrupt context even on PREEMPT_RT,
 * on the loop's CPU.  It measures its own latency and wakes the loop.
 */
enum hrtimer_restart srt_timer_fn(struct hrtimer *timer)
{
	struct srt_loop *loop = container_of(timer, struct srt_loop, timer);
	u64 now = ktime_get_ns();

	loop->timer_irq_latency_ns =
		srt_delta(now, ktime_to_ns(hrtimer_get_expires(timer)));
	/* Pairs with the smp_load_acquire() in srt_sleep_until(). */
	smp_store_release(&loop->timer_fired, true);
	wake_up_process(loop->task);
	return HRTIMER_NORESTART;
}

/*
 * Sleep from @t0 (the caller's clock reading, just taken) until @target;
 * -EINTR if the loop is being stopped.
 */
static int srt_sleep_until(struct srt_loop *loop, struct srt_cycle_ctx *c,
			   u64 t0, u64 target)
{
	u64 t1;
	bool fired;

	WRITE_ONCE(loop->timer_fired, false);
	hrtimer_start(&loop->timer, ns_to_ktime(target),
		      HRTIMER_MODE_ABS_PINNED_HARD);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		/* Pairs with the smp_store_release() in srt_timer_fn(). */
		fired = smp_load_acquire(&loop->timer_fired);
		if (fired || kthread_should_stop())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	t1 = ktime_get_ns();
	c->wait_end_ns = t1;
	c->sleep_ns += t1 - t0;
	if (!fired) {
		hrtimer_cancel(&loop->timer);
		return -EINTR;
	}
	c->s.irq_latency_ns = loop->timer_irq_latency_ns;
	c->s.thread_latency_ns = srt_delta(t1, target);
	return 0;
}

/*
 * mode=external: sleep until the trigger binding fires, at most
 * trigger_timeout_ns (default ten periods).  0 with the trigger's time as
 * this cycle's deadline; 1 on a timeout or when a provider went away (no
 * cycle runs); -EINTR when the loop is being stopped.
 */
static int srt_wait_trigger(struct srt_loop *loop, struct srt_cycle_ctx *c)
{
	u64 timeout = loop->cfg.trigger_timeout_ns ?:
		      10 * c->period_ns;
	u64 t0 = ktime_get_ns(), t1;
	unsigned long seq;
	bool fired, triggered;

	WRITE_ONCE(loop->timer_fired, false);
	hrtimer_start(&loop->timer, ns_to_ktime(t0 + timeout),
		      HRTIMER_MODE_ABS_PINNED_HARD);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		triggered = srt_io_trigger_seen(&loop->io, &seq);
		if (triggered)
			break;
		/* Pairs with the smp_store_release() in srt_timer_fn(). */
		fired = smp_load_acquire(&loop->timer_fired);
		if (fired || kthread_should_stop())
			break;
		/* A provider went away: once, to enter safe state. */
		if (srt_io_gone(&loop->io) &&
		    READ_ONCE(loop->state) != SHIELDRT_STATE_SAFE)
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	hrtimer_cancel(&loop->timer);
	t1 = ktime_get_ns();
	c->sleep_ns += t1 - t0;
	if (triggered) {
		c->s.deadline_ns = srt_io_trigger_take(&loop->io, seq,
						       &c->io.triggers);
		c->s.thread_latency_ns = srt_delta(t1, c->s.deadline_ns);
		return 0;
	}
	if (kthread_should_stop())
		return -EINTR;
	c->io_timeout_ns = t1 - t0;
	return 1;
}

/*
 * A loop that never sleeps must still let RCU finish grace periods and
 * RCU-tasks (tracing, BPF) see it pass a quiescent state.  Under
 * PREEMPT_RCU a zero-length extended quiescent state does it (it must run
 * with interrupts off); otherwise cond_resched() reports it.  This is
 * what the osnoise tracer does between samples.
 */
static bool srt_spin_housekeeping(void)
{
	if (IS_ENABLED(CONFIG_PREEMPT_RCU)) {
		local_irq_disable();
		rcu_momentary_eqs();
		local_irq_enable();
	}
	cond_resched_tasks_rcu_qs();
	return kthread_should_stop();
}

static int srt_rcu_check(struct srt_loop *loop, struct srt_cycle_ctx *c,
			 u64 deadline);

/*
 * How long a housekeeping sleep (a yield, an RCU yield) may last if the
 * loop is to be back before @deadline: what is left once the wake latency
 * the loop plans for (its slack estimator's lead, fed by every sleep's
 * wake latency) is set aside, at most @len; 0 when less than
 * SRT_YIELD_MIN_NS is left.  A sleep is not worth a timer below that.
 */
static u64 srt_yield_fit(struct srt_loop *loop, u64 now, u64 deadline,
			 u64 len)
{
	u64 guard = loop->slack.slack_ns;

	if (deadline < now + guard + SRT_YIELD_MIN_NS)
		return 0;
	return min(len, deadline - guard - now);
}

/*
 * A housekeeping sleep of @len ns.  @forced: it could not wait for a gap
 * before the deadline any longer, and may make this cycle late; counted
 * and traced.  The cycle's measured latencies are kept.
 */
static int srt_yield_sleep(struct srt_loop *loop, struct srt_cycle_ctx *c,
			   u64 now, u64 len, bool forced)
{
	s64 irq_lat = c->s.irq_latency_ns, thr_lat = c->s.thread_latency_ns;
	int ret;

	if (forced) {
		c->yields_forced++;
		trace_yield_forced(loop->name, c->s.cycle, len);
	}
	ret = srt_sleep_until(loop, c, now, now + len);
	if (!ret && c->s.thread_latency_ns >= 0)
		srt_slack_update(&loop->slack, c->s.thread_latency_ns);
	c->s.irq_latency_ns = irq_lat;
	c->s.thread_latency_ns = thr_lat;
	return ret;
}

static void srt_noise(struct srt_loop *loop, struct srt_cycle_ctx *c,
		      u64 at, u64 gap)
{
	c->noise_events++;
	c->noise_ns += gap;
	c->s.flags |= SRT_CYC_NOISE;
	if (srt_stored(c, SHIELDRT_M_NOISE))
		srt_hist_add(&loop->hist[SHIELDRT_M_NOISE], gap);
	trace_noise(loop->name, c->s.cycle, at, gap);
}

/*
 * Spin on the clock until @until, like the EAST noise measurement: any
 * gap between two readings above noise_ns was time taken from us.  The
 * workload kinds also do a little integer work per iteration; inside a
 * cycle section they skip the housekeeping (it may reschedule, and
 * briefly enables interrupts), which config validation bounds by keeping
 * the workload within one period.  -EINTR if the loop is being stopped.
 */
int srt_spin_until(struct srt_loop *loop, struct srt_cycle_ctx *c, u64 until,
		   enum srt_spin_kind kind)
{
	u64 prev = ktime_get_ns(), begin = prev, qs = prev, now;
	u64 acc = loop->workload_sink, reads = 0;
	bool work = kind != SRT_SPIN_WAIT;
	s64 gap;
	int ret = 0;

	c->spun = true;		/* its time, reads and noise: srt_account() */
	while (prev < until) {
		reads++;
		if (work)
			acc = acc * 6364136223846793005ULL + 1442695040888963407ULL;
		now = ktime_get_ns();
		gap = srt_delta(now, prev);
		if (gap < 0)
			c->clock_back = true;
		else if (gap > c->live.noise_ns)
			srt_noise(loop, c, prev, gap);
		prev = now;
		if (kind != SRT_SPIN_WORK_SECTION &&
		    now - qs >= SRT_QS_INTERVAL_NS) {
			if (srt_spin_housekeeping()) {
				ret = -EINTR;
				break;
			}
			/* A long wait watches RCU too; its sleep is no spin. */
			if (kind == SRT_SPIN_WAIT) {
				u64 slept = c->sleep_ns;

				ret = srt_rcu_check(loop, c, until);
				begin += c->sleep_ns - slept;
			}
			/* Our own housekeeping is not noise. */
			prev = qs = ktime_get_ns();
			if (ret)
				break;
		}
	}
	if (work) {
		WRITE_ONCE(loop->workload_sink, acc);
	} else {
		c->spin_ns += prev - begin;
		c->spin_reads += reads;
		c->wait_end_ns = prev;
	}
	return ret;
}

/*
 * PREEMPT_RCU: a task preempted inside an RCU read-side section (on
 * PREEMPT_RT every spinlock_t section is one) on a poll loop's CPU, or
 * moved there by a CPU unplug, never runs again while the loop spins,
 * and every grace period waits for it; RCU boosting cannot lift it above
 * a SCHED_FIFO loop.  So once per SRT_QS_INTERVAL_NS the loop looks at a
 * grace period it asked for (start_poll_synchronize_rcu(), at most one per
 * SRT_RCU_GP_WAIT_NS; poll_state_synchronize_rcu() is a load and a
 * compare), and when that one has waited SRT_RCU_GP_WAIT_NS while
 * another task is runnable here, sleeps briefly: in a gap that ends
 * before @deadline (srt_yield_fit), looked for at every check; when no
 * gap has come for another SRT_RCU_GP_WAIT_NS since the yield fell due,
 * at once (forced).  A grace period that stays blocked across yields
 * taken in gaps makes each next yield due again, never forced for that
 * alone.  Never inside a section (start_poll_synchronize_rcu() takes an
 * rcu_node lock with irqs saved).  Returns -EINTR if the loop is being
 * stopped.
 */
static int srt_rcu_check(struct srt_loop *loop, struct srt_cycle_ctx *c,
			 u64 deadline)
{
	u64 now, waited, len, fit;

	if (!IS_ENABLED(CONFIG_PREEMPT_RCU))
		return 0;
	now = ktime_get_ns();
	if (now - loop->rcu_check_ns < SRT_QS_INTERVAL_NS && !loop->rcu_due_ns)
		return 0;
	loop->rcu_check_ns = now;
	waited = now - loop->rcu_cookie_ns;
	if (!loop->rcu_cookie_ns ||
	    poll_state_synchronize_rcu(loop->rcu_cookie)) {
		loop->rcu_due_ns = 0;
		if (loop->rcu_cookie_ns && waited < SRT_RCU_GP_WAIT_NS)
			return 0;
		loop->rcu_cookie = start_poll_synchronize_rcu();
		loop->rcu_cookie_ns = now;
		return 0;
	}
	if (waited < SRT_RCU_GP_WAIT_NS || single_task_running()) {
		loop->rcu_due_ns = 0;
		return 0;
	}
	/* Due: looked at again every cycle until it is taken. */
	if (!loop->rcu_due_ns)
		loop->rcu_due_ns = now;
	len = c->live.yield_ns ? c->live.yield_ns : SRT_RCU_YIELD_NS;
	fit = srt_yield_fit(loop, now, deadline, len);
	if (!fit && now - loop->rcu_due_ns < SRT_RCU_GP_WAIT_NS)
		return 0;
	loop->rcu_due_ns = 0;
	c->spun = true;
	c->rcu_yields++;
	trace_rcu_yield(loop->name, c->s.cycle, waited);
	return srt_yield_sleep(loop, c, now, fit ? fit : len, !fit);
}

/*
 * Poll loops may give the CPU away briefly so its kworkers can run:
 * yield_us every yield_every_ms, in a gap before the deadline; when none
 * came for another yield_every_ms, at once (forced).
 */
static int srt_maybe_yield(struct srt_loop *loop, struct srt_cycle_ctx *c,
			   u64 deadline)
{
	u64 now = ktime_get_ns(), fit;

	if (!c->live.yield_ns ||
	    now - loop->last_yield_ns < c->live.yield_every_ns)
		return 0;
	fit = srt_yield_fit(loop, now, deadline, c->live.yield_ns);
	if (!fit && now - loop->last_yield_ns < 2 * c->live.yield_every_ns)
		return 0;
	loop->last_yield_ns = now;
	c->spun = true;
	c->yields++;
	return srt_yield_sleep(loop, c, now, fit ? fit : c->live.yield_ns,
			       !fit);
}

/*
 * Wait for @deadline.  Fills irq and thread latency (thread latency is
 * measured against the target of the last wait: the timer for hrtimer,
 * deadline - slack for hybrid, the deadline for a spin).  A deadline
 * already past (catch-up) is not waited for.  An external loop waits for
 * its trigger instead, and gets 1 back when none came in time.
 * c->wait_end_ns is left at the last clock reading the wait took (the
 * spin's, or the wake-up's), which the cycle takes as its start.
 */
int srt_wait(struct srt_loop *loop, struct srt_cycle_ctx *c, u64 deadline)
{
	u64 now = ktime_get_ns(), target;
	int ret = 0;

	c->s.irq_latency_ns = -1;
	c->s.thread_latency_ns = -1;
	/* The runtime's own work after the last cycle's outputs. */
	if (c->s.end_ns)	/* the last cycle's; 0 before the first */
		c->post_ns = now - c->s.end_ns;
	if (c->mode == SHIELDRT_MODE_EXTERNAL)
		return srt_wait_trigger(loop, c);
	if (deadline <= now) {
		c->s.thread_latency_ns = srt_delta(now, deadline);
		c->wait_end_ns = now;
		/* Behind: no gap, so only a yield overdue long enough. */
		if (c->mode == SHIELDRT_MODE_POLL)
			ret = srt_maybe_yield(loop, c, deadline);
		if (!ret && c->mode != SHIELDRT_MODE_HRTIMER)
			ret = srt_rcu_check(loop, c, deadline);
		return ret;
	}

	switch (c->mode) {
	case SHIELDRT_MODE_HRTIMER:
		return srt_sleep_until(loop, c, now, deadline);
	case SHIELDRT_MODE_POLL:
		ret = srt_maybe_yield(loop, c, deadline);
		if (!ret)
			ret = srt_rcu_check(loop, c, deadline);
		break;
	case SHIELDRT_MODE_HYBRID:
		target = deadline - loop->slack.slack_ns;
		if (target > now + loop->slack.min_ns) {
			ret = srt_sleep_until(loop, c, now, target);
			if (!ret && c->s.thread_latency_ns >= 0)
				srt_slack_update(&loop->slack,
						 c->s.thread_latency_ns);
			/*
			 * The sleep lent the CPU to what was runnable here, a
			 * preempted RCU reader too: no RCU yield is due.  One
			 * would find no gap after it (what is left is the
			 * slack) and be forced, making the cycle late.
			 */
			loop->rcu_due_ns = 0;
		} else {
			/* The slack can grow to a period: it never sleeps. */
			ret = srt_rcu_check(loop, c, deadline);
		}
		break;
	}
	if (ret)
		return ret;
	ret = srt_spin_until(loop, c, deadline, SRT_SPIN_WAIT);
	/* The reading that ended the spin: the cycle starts there. */
	if (c->s.irq_latency_ns < 0 || c->mode == SHIELDRT_MODE_POLL)
		c->s.thread_latency_ns = srt_delta(c->wait_end_ns, deadline);
	return ret;
}
