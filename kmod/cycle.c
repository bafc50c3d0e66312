// SPDX-License-Identifier: GPL-2.0
/*
 * The loop thread and its cycle, step by step (docs/design.md, "One
 * cycle"):
 *
 *   wait -> [section: read inputs -> compute -> check outputs -> evaluate
 *        -> publish] -> account -> advance deadline
 *
 * A loop bound to a provider with an output stage (writes that sleep)
 * runs it after the section and evaluates after it, so its time is in
 * the cycle's compute time:
 *
 *   wait -> [section: read inputs -> compute -> check outputs -> publish]
 *        -> output stage -> evaluate -> account -> advance deadline
 *
 * The steps are __always_inline: each is called once a cycle, and as the
 * loop grows the compiler's size limits would move some out of line, a
 * call and its register saves every cycle.  The rare paths are noinline.
 *
 * Everything here runs on the loop's CPU in its SCHED_FIFO kthread and
 * allocates nothing.  The only lock it takes is its section's (section.h),
 * when its section kind names one.  Stats are published under stats_seq.
 */
#include <linux/kthread.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include "cycle.h"
#include "wait.h"
#include "trace.h"
#include "region.h"
#include "shieldrt_dataplane.h"
#include "shieldrt_f64.h"

u64 srt_epoch_ns;

void srt_loop_reset_stats(struct srt_loop *loop)
{
	int i;

	preempt_disable();
	write_seqcount_begin(&loop->stats_seq);
	memset(&loop->cnt, 0, sizeof(loop->cnt));
	for (i = 0; i < SRT_NR_METRICS; i++)
		srt_hist_reset(&loop->hist[i]);
	write_seqcount_end(&loop->stats_seq);
	preempt_enable();
}

void srt_loop_enter_safe(struct srt_loop *loop, u32 why)
{
	int i;

	if (READ_ONCE(loop->state) == SHIELDRT_STATE_SAFE)
		return;
	loop->ctx.pol.safe = true;
	for (i = 0; i < SRT_MAX_SIGNALS; i++)
		WRITE_ONCE(loop->sig.out[i], loop->safe_out[i]);
	WRITE_ONCE(loop->state, SHIELDRT_STATE_SAFE);
	preempt_disable();
	write_seqcount_begin(&loop->stats_seq);
	loop->cnt.safe_entries++;
	loop->cnt.safe_reason = why;
	write_seqcount_end(&loop->stats_seq);
	preempt_enable();
	trace_safe_state(loop->name, loop->cnt.last_cycle, true, why,
			 loop->ctx.pol.consecutive);
}

/* Start of a run: the first deadline and the counters' origin. */
static u64 srt_run_begin(struct srt_loop *loop)
{
	u64 now = ktime_get_ns(), period = loop->cfg.period_ns;
	u64 deadline;

	deadline = srt_first_deadline(now, period, max(period, 100000ULL),
				      loop->cfg.align, srt_epoch_ns,
				      loop->cfg.phase_ns);
	loop->last_yield_ns = now;
	loop->rcu_cookie_ns = 0;
	loop->rcu_check_ns = now;
	loop->rcu_due_ns = 0;
	loop->hb_arm_cycle = 0;
	srt_flight_run_begin(&loop->flight);

	preempt_disable();
	write_seqcount_begin(&loop->stats_seq);
	loop->cnt.start_ns = now;
	loop->cnt.now_ns = now;
	loop->cnt.first_deadline_ns = deadline;
	loop->cnt.next_deadline_ns = deadline;
	loop->cnt.runtime_start_ns = current->se.sum_exec_runtime;
	write_seqcount_end(&loop->stats_seq);
	preempt_enable();
	return deadline;
}

/*
 * The live parameters changed since this loop's copy: copy them again,
 * whole.  Out of line, as are the requests below: most cycles have
 * neither, and their code would sit between the hot steps.
 */
static noinline void srt_cycle_take_live(struct srt_loop *loop,
					 struct srt_cycle_ctx *c)
{
	unsigned int seq;

	do {
		seq = read_seqcount_begin(&loop->live_seq);
		c->live = loop->live;
	} while (read_seqcount_retry(&loop->live_seq, seq));
	c->live_seq = seq;
}

/* Requests from control: zero the stats, leave safe state. */
static noinline void srt_cycle_requests(struct srt_loop *loop, u64 deadline,
					u64 cycle)
{
	if (test_and_clear_bit(SRT_REQ_RESET, &loop->requests)) {
		srt_loop_reset_stats(loop);
		preempt_disable();
		write_seqcount_begin(&loop->stats_seq);
		loop->cnt.start_ns = ktime_get_ns();
		loop->cnt.first_deadline_ns = deadline;
		loop->cnt.next_deadline_ns = deadline;
		loop->cnt.runtime_start_ns = current->se.sum_exec_runtime;
		write_seqcount_end(&loop->stats_seq);
		preempt_enable();
	}
	if (test_and_clear_bit(SRT_REQ_RESUME, &loop->requests) &&
	    READ_ONCE(loop->state) == SHIELDRT_STATE_SAFE) {
		srt_policy_resume(&loop->ctx.pol);
		srt_chain_request_reset(&loop->chain);
		loop->hb_arm_cycle = cycle;	/* a fresh heartbeat window */
		WRITE_ONCE(loop->state, SHIELDRT_STATE_RUNNING);
		trace_safe_state(loop->name, cycle, false, SHIELDRT_SAFE_RESUME, 0);
	}
}

/*
 * Zero a few words with a store each.  A memset() of a small group becomes
 * "rep stos" on x86, whose start-up costs more than the stores (and under
 * TCG every repetition counts as an instruction).
 */
static_assert(!(offsetof(struct srt_cycle_ctx, cleared) % sizeof(u64)) &&
	      !(sizeof_field(struct srt_cycle_ctx, cleared) % sizeof(u64)));
static_assert(!(offsetof(struct srt_cycle_ctx, spin_etc) % sizeof(u64)) &&
	      !(sizeof_field(struct srt_cycle_ctx, spin_etc) % sizeof(u64)));

static __always_inline void srt_clear_words(void *p, size_t bytes)
{
	u64 *w = p;
	size_t i;

#pragma GCC unroll 8
	for (i = 0; i < bytes / sizeof(u64); i++)
		WRITE_ONCE(w[i], 0);
}

/*
 * Take this cycle's parameters and act on requests from control.  The
 * live parameters are copied again only when live_seq moved since the
 * last copy: an even count that did not change means no write began since
 * that copy was taken whole, so it still equals loop->live.  Of the
 * context, only what a step adds to or may leave unset is cleared
 * (struct srt_cycle_ctx says which).
 */
static __always_inline void srt_cycle_begin(struct srt_loop *loop,
					    struct srt_cycle_ctx *c,
					    u64 deadline, u64 cycle)
{
	if (c->spun)
		srt_clear_words(&c->spin_etc, sizeof(c->spin_etc));
	srt_clear_words(&c->cleared, sizeof(c->cleared));
	if (c->io_n)
		memset(&c->io, 0, sizeof(c->io));
	if (unlikely(read_seqcount_begin(&loop->live_seq) != c->live_seq))
		srt_cycle_take_live(loop, c);
	if (unlikely(READ_ONCE(loop->requests)))
		srt_cycle_requests(loop, deadline, cycle);
	c->safe = READ_ONCE(loop->state) == SHIELDRT_STATE_SAFE;
	c->s.cycle = cycle;
	c->s.deadline_ns = deadline;
	c->s.flags = c->d.behind ? SRT_CYC_CATCHUP : 0;	/* last cycle's */
	/* a record published before the section closes says 0 */
	c->s.section_ns = 0;
}

/*
 * Safe state held, or entered this cycle: the outputs stay at their safe
 * values.  Rare, so the compiler lays it out off the cycle's straight
 * path (as every unlikely() here: each misplaced branch costs a cycle an
 * instruction cache line, scripts/bench/bench-lines).
 */
static __always_inline bool srt_held(const struct srt_cycle_ctx *c)
{
	return unlikely(c->safe || c->want_safe);
}

/*
 * The cycle's inputs and outputs: c->vals, inputs first; the chain's
 * request holds where the outputs start (srt_loop_thread()).
 */
static __always_inline u64 *srt_in(struct srt_cycle_ctx *c)
{
	return c->vals;
}

static __always_inline u64 *srt_out(struct srt_cycle_ctx *c)
{
	return c->chain_run.out;
}

/*
 * Read inputs: one snapshot of every input, so the chain computes on a
 * consistent set even if a writer updates sig.in meanwhile.  The data
 * plane's mailbox and command ring feed sig.in, then the I/O providers'
 * reads (under the I/O lock, which a raw_spinlock section already holds).
 */
static __always_inline void srt_read_inputs(struct srt_loop *loop,
					    struct srt_cycle_ctx *c)
{
	const u64 *src = loop->sig.in;
	u64 *dst = srt_in(c);
	u32 i, n = c->n_in;

	if (c->dp)
		srt_dp_cycle_in(c->dp, c->s.cycle, &loop->sig);
	if (c->io_n)
		srt_io_cycle_read(&loop->io, &c->io, loop->sig.in, c->io_buf,
				  c->section == SHIELDRT_SECTION_RAW_SPINLOCK);
	for (i = 0; i < n; i++)
		dst[i] = READ_ONCE(src[i]);
}

/*
 * Heartbeat watchdog (heartbeat_cycles > 0): the feeding process bumps
 * the region's heartbeat (mapping or SHIELDRT_IOC_HEARTBEAT).  If it has
 * not changed for that many cycles, counted from the start or the last
 * resume, the process is presumed gone and the loop goes to safe state
 * before this cycle's outputs are published.
 */
static __always_inline void srt_check_heartbeat(struct srt_loop *loop,
						struct srt_cycle_ctx *c)
{
	u32 limit = c->live.heartbeat_cycles;
	u64 age;

	/* straight through for the default: no watchdog */
	if (likely(!limit) || unlikely(c->safe) || !c->dp)
		return;
	age = min(srt_dp_heartbeat_age(c->dp),
		  c->s.cycle - loop->hb_arm_cycle);
	if (age >= limit) {
		c->want_safe = true;
		c->safe_why = SHIELDRT_SAFE_HEARTBEAT;
	}
}

/*
 * A bound provider went away: hold the outputs safe (reason io).  A
 * provider's read found its remote data too old (srt_io_remote_fault):
 * the same, reason remote.
 */
static __always_inline void srt_check_io(struct srt_loop *loop,
					 struct srt_cycle_ctx *c)
{
	if (srt_held(c) || !c->io_n)
		return;
	if (srt_io_gone(&loop->io)) {
		c->want_safe = true;
		c->safe_why = SHIELDRT_SAFE_IO;
	} else if (c->io.remote_fault) {
		c->want_safe = true;
		c->safe_why = SHIELDRT_SAFE_REMOTE;
	}
}

/*
 * Compute: the synthetic workload (if configured), then the loop's chain
 * in one FPU section (chain.c), or without a chain an echo of the inputs,
 * so a setpoint written in shows at the output.  In safe state nothing
 * steps, but a pending commit or reset still happens at this boundary.
 *
 * A block that goes NaN/Inf: the library holds every signal at its last
 * clean values (so the outputs stay finite) and says so; the loop counts it,
 * traces it and enters safe state with reason "nonfinite", as for a
 * non-finite output without a chain.  Resume resets the chain first.
 */
static __always_inline void srt_compute(struct srt_loop *loop,
					struct srt_cycle_ctx *c)
{
	const u64 *in;
	u64 *out;
	u32 i, n_in, n_out;

	/*
	 * Inside any section the spin does no housekeeping: on PREEMPT_RT
	 * section=spinlock is not atomic, but its lock holds an RCU
	 * read-side section that a reschedule point must not be taken in.
	 */
	if (likely(!c->safe) && c->live.workload_ns)
		srt_spin_until(loop, c, c->s.wake_ns + c->live.workload_ns,
			       c->section != SHIELDRT_SECTION_NONE ?
			       SRT_SPIN_WORK_SECTION : SRT_SPIN_WORK);
	c->chain_run.fpu_held = c->fpu_held;
	c->chain_run.step = !c->safe;
	srt_chain_cycle(&loop->chain, &c->chain_run, &c->chain, c->s.cycle,
			loop->region);
	if (unlikely(c->safe))
		return;
	if (unlikely(c->chain.nonfinite)) {
		c->want_safe = true;
		c->safe_why = SHIELDRT_SAFE_NONFINITE;
		trace_chain_nonfinite(loop->name, c->s.cycle,
				      c->chain.bad_signal, c->chain.bad_block);
	}
	if (c->chain.stepped)
		return;
	/* locals: a store through out could alias the context for the compiler */
	in = srt_in(c);
	out = srt_out(c);
	n_in = c->n_in;
	n_out = c->n_out;
	for (i = 0; i < n_out; i++)
		out[i] = i < n_in ? in[i] : 0;
}

/*
 * Check outputs: a NaN or infinity never leaves the loop, nor does a value
 * outside its output limits (limits_loop.c).  A chain that stepped has
 * checked every signal it computed (srt_chain_step(): a non-finite step
 * hands out its last clean values and says so, as c->chain.nonfinite);
 * the outputs of an echo are scanned here, all at once.
 */
static __always_inline void srt_check_outputs(struct srt_loop *loop,
					      struct srt_cycle_ctx *c)
{
	u32 i, n = c->n_out;
	u64 *out = srt_out(c);
	u64 bad = 0;

	if (srt_held(c))
		return;
	if (!c->chain.stepped) {
		for (i = 0; i < n; i++)
			bad |= srt_bits_nonfinite(out[i]);
		if (bad & SRT_F64_SIGN_BIT) {
			c->want_safe = true;
			c->safe_why = SHIELDRT_SAFE_NONFINITE;
			return;
		}
	}
	if (srt_limits_cycle(&loop->limits, loop->name, c->s.cycle, out,
			     c->n_out) >= 0) {
		c->want_safe = true;
		c->safe_why = SHIELDRT_SAFE_LIMIT;
	}
}

/*
 * Evaluate: timing of this cycle and what the overrun policy makes of it.
 * The general case, out of line; srt_cycle_end() takes the usual one.
 */
static noinline void srt_evaluate(struct srt_loop *loop,
				  struct srt_cycle_ctx *c)
{
	struct srt_cycle_sample *s = &c->s;

	srt_timing_eval(s->deadline_ns, c->period_ns,
			c->live.budget_ns, s->wake_ns, s->end_ns, &c->t);
	if (c->t.clock_back || c->clock_back)
		s->flags |= SRT_CYC_CLOCK;
	srt_policy_decide(&c->live, &c->pol, s->deadline_ns,
			  c->period_ns, &c->t, &c->d);
	s->compute_ns = c->t.compute_ns;
	s->missed = min_t(u64, c->d.missed, U32_MAX);
	if (c->t.overrun)
		s->flags |= SRT_CYC_OVERRUN;
	if (c->t.budget)
		s->flags |= SRT_CYC_BUDGET;
	if (c->safe)
		s->flags |= SRT_CYC_SAFE;
	if (c->d.enter_safe && !c->want_safe) {
		c->want_safe = true;
		c->safe_why = SHIELDRT_SAFE_OVERRUN;
	}
	/* Triggered cycles: missed periods are triggers that came too fast. */
	if (c->mode == SHIELDRT_MODE_EXTERNAL) {
		c->d.missed = c->io.triggers ? c->io.triggers - 1 : 0;
		c->d.behind = 0;
		s->missed = min_t(u64, c->d.missed, U32_MAX);
	}
}

/*
 * The cycle's work ends: its time, and what the overrun policy makes of
 * it.  A periodic cycle that ended in time, within budget, on a clock
 * that went forward is evaluated here, as srt_evaluate() would: its
 * timing srt_timing_on_time()'s, its decision srt_policy_on_time()'s.
 */
static __always_inline void srt_cycle_end(struct srt_loop *loop,
					  struct srt_cycle_ctx *c)
{
	struct srt_cycle_sample *s = &c->s;

	s->end_ns = ktime_get_ns();
	if (likely(!c->clock_back && c->mode != SHIELDRT_MODE_EXTERNAL &&
		   srt_timing_on_time(s->deadline_ns, c->period_ns,
				      c->live.budget_ns, s->wake_ns, s->end_ns,
				      &c->t))) {
		srt_policy_on_time(&c->pol, s->deadline_ns,
				   c->period_ns, &c->d);
		s->compute_ns = c->t.compute_ns;
		s->missed = 0;
		if (unlikely(c->safe))
			s->flags |= SRT_CYC_SAFE;
		return;
	}
	srt_evaluate(loop, c);
}

/*
 * Publish: outputs become visible, to the I/O providers' writes and the
 * data plane.  In safe state the outputs stay at their safe values (set
 * on entry).  Providers never see an unchecked value: checked, or the
 * safe ones.
 */
static __always_inline void srt_publish(struct srt_loop *loop,
					struct srt_cycle_ctx *c)
{
	bool safe = srt_held(c);
	const u64 *src = srt_out(c);
	u64 *dst = loop->sig.out;
	u32 i, n = c->n_out;

	if (!safe)
		for (i = 0; i < n; i++)
			WRITE_ONCE(dst[i], src[i]);
	if (c->io_n)
		srt_io_cycle_write(&loop->io, &c->io,
				   safe ? loop->safe_out : src, safe);
}

/*
 * The output stage, after the section (process context: providers whose
 * writes sleep): the values the section published.
 */
static void srt_output_stage(struct srt_loop *loop, struct srt_cycle_ctx *c)
{
	bool safe = srt_held(c);

	srt_io_cycle_output(&loop->io, &c->io,
			    safe ? loop->safe_out : srt_out(c), safe);
}

/*
 * The cycle's sample goes to the data plane's telemetry ring.  Without an
 * output stage the section is still open, so its own length is not in
 * what this cycle publishes.
 */
static __always_inline void srt_publish_record(struct srt_loop *loop,
					       struct srt_cycle_ctx *c)
{
	if (c->io_n && (c->io.rd_err | c->io.wr_err | c->io.out_err))
		c->s.flags |= SRT_CYC_IO;
	if (c->dp)
		srt_dp_cycle_out(c->dp, &c->s, &loop->sig);
}

/*
 * A cycle adds to three or more histograms: one copy of the code, called
 * for each, keeps the cycle's instruction lines fewer than a copy inlined
 * at every call would (scripts/bench/bench-lines), for a call's few
 * instructions each.
 */
static noinline SRT_CYCLE_FN void srt_hist_put(struct srt_hist *h, u64 v)
{
	srt_hist_add(h, v);
}

static __always_inline void srt_hist_add_signed(struct srt_hist *h, s64 v)
{
	if (likely(v >= 0))
		srt_hist_put(h, v);
}

/*
 * The chain section's share of the accounting; under stats_seq.  Its time
 * is the cycle's own: from the section's start to the end of the work.
 */
static __always_inline void srt_account_chain(struct srt_counters *n,
					      const struct srt_chain_cycle *r,
					      const struct srt_cycle_ctx *c)
{
	u64 cycle = c->s.cycle, ns;

	if (!r->ran)
		return;
	ns = c->s.end_ns > c->sec_start_ns ? c->s.end_ns - c->sec_start_ns : 0;
	if (!n->chain_sections || ns < n->chain_ns_min)
		n->chain_ns_min = ns;
	n->chain_ns_max = max(n->chain_ns_max, ns);
	n->chain_ns_sum += ns;
	n->chain_sections++;
	n->chain_steps += r->stepped;
	if (unlikely(r->nonfinite | r->bad_input)) {
		n->chain_nonfinite += r->nonfinite;
		n->chain_bad_inputs += r->bad_input;
	}
	if (r->committed) {
		n->chain_commits++;
		n->commit_cycle = cycle;
	}
}

/* The section's and the providers' share; under stats_seq. */
static __always_inline void srt_account_section(struct srt_loop *loop,
						struct srt_cycle_ctx *c)
{
	struct srt_counters *n = &loop->cnt;
	struct srt_cycle_sample *s = &c->s;
	u64 budget = c->live.section_budget_ns;

	if (budget && s->section_ns > budget) {
		s->flags |= SRT_CYC_SECTION;
		n->section_overruns++;
	}
	if (srt_stored(c, SHIELDRT_M_SECTION))
		srt_hist_put(&loop->hist[SHIELDRT_M_SECTION], s->section_ns);
	if (srt_stored(c, SHIELDRT_M_LOCKWAIT))
		srt_hist_put(&loop->hist[SHIELDRT_M_LOCKWAIT], s->lock_wait_ns);
	if (!c->io_n)
		return;
	n->io_read_errors += hweight8(c->io.rd_err);
	n->io_write_errors += hweight8(c->io.wr_err) + hweight8(c->io.out_err);
	n->triggers += c->io.triggers;
	n->triggers_coalesced += c->d.missed;
	srt_io_account(&loop->io, &c->io);
}

static noinline void srt_trace_io_errors(struct srt_loop *loop,
					 const struct srt_cycle_ctx *c)
{
	u32 i;

	for (i = 0; i < loop->io.n; i++) {
		/* the loop's copy: the provider may be gone by now */
		const char *name = loop->cfg.io[i].name;

		if (c->io.rd_err & BIT(i))
			trace_io_error(loop->name, c->s.cycle, name, false);
		if ((c->io.wr_err | c->io.out_err) & BIT(i))
			trace_io_error(loop->name, c->s.cycle, name, true);
	}
}

/*
 * The counters a quiet cycle leaves alone (struct srt_counters): added
 * only in a cycle that overran, dropped periods, ran late, read a clock
 * going backwards, or spun (a spin's noise and a yield included).
 */
static noinline void srt_account_rare(struct srt_counters *n,
				      const struct srt_cycle_ctx *c,
				      bool overrun)
{
	const struct srt_cycle_sample *s = &c->s;

	n->missed += c->d.missed;
	n->overruns += overrun;
	n->deadline_overruns += c->t.overrun;
	n->budget_overruns += c->t.budget;
	n->catchup_cycles += !!(s->flags & SRT_CYC_CATCHUP);
	n->clock_errors += !!(s->flags & SRT_CYC_CLOCK);
	n->noise_events += c->noise_events;
	n->noise_ns += c->noise_ns;
	n->spin_ns += c->spin_ns;
	n->spin_reads += c->spin_reads;
	n->yields += c->yields;
	n->rcu_yields += c->rcu_yields;
	n->yields_forced += c->yields_forced;
}

/* Account: counters, histograms and trace events of this cycle. */
static __always_inline void srt_account(struct srt_loop *loop,
					struct srt_cycle_ctx *c)
{
	const struct srt_cycle_sample *s = &c->s;
	struct srt_counters *n = &loop->cnt;
	bool overrun = c->t.overrun || c->t.budget;

	preempt_disable();
	write_seqcount_begin(&loop->stats_seq);
	n->cycles++;
	n->last_cycle = s->cycle;
	if (c->d.missed | overrun | c->spun |
	    (s->flags & (SRT_CYC_CATCHUP | SRT_CYC_CLOCK)))
		srt_account_rare(n, c, overrun);
	n->sleep_ns += c->sleep_ns;
	n->post_ns += c->post_ns;
	n->next_deadline_ns = c->d.next_deadline;
	n->behind = c->d.behind;
	n->now_ns = s->end_ns;
	n->runtime_ns = current->se.sum_exec_runtime - n->runtime_start_ns;
	if (srt_stored(c, SHIELDRT_M_SLACK))
		n->slack_target_ns = loop->slack.slack_ns;
	srt_hist_add_signed(&loop->hist[SHIELDRT_M_IRQ], s->irq_latency_ns);
	srt_hist_add_signed(&loop->hist[SHIELDRT_M_THREAD], s->thread_latency_ns);
	if (srt_stored(c, SHIELDRT_M_LATENESS))
		srt_hist_add_signed(&loop->hist[SHIELDRT_M_LATENESS],
				    c->t.lateness_ns);
	srt_hist_put(&loop->hist[SHIELDRT_M_COMPUTE], s->compute_ns);
	if (srt_stored(c, SHIELDRT_M_SLACK))
		srt_hist_add_signed(&loop->hist[SHIELDRT_M_SLACK], c->t.slack_ns);
	srt_account_chain(n, &c->chain, c);
	srt_account_section(loop, c);
	write_seqcount_end(&loop->stats_seq);
	preempt_enable();

	if (s->flags & SRT_CYC_SECTION)
		trace_section_overrun(loop->name, s, c->live.section_budget_ns);
	if (s->flags & SRT_CYC_IO)
		srt_trace_io_errors(loop, c);

	if (s->irq_latency_ns >= 0 || c->mode != SHIELDRT_MODE_POLL)
		trace_tick_latency(loop->name, s->cycle, c->mode,
				   s->irq_latency_ns, s->thread_latency_ns);
	trace_cycle(loop->name, s, c->t.lateness_ns, c->t.slack_ns);
	if (overrun)
		trace_overrun(loop->name, s, c->t.lateness_ns, c->t.slack_ns);
	if (unlikely(c->want_safe))
		srt_loop_enter_safe(loop, c->safe_why);
}

/*
 * Open the cycle section in the order section.h explains: a sleeping
 * lock, then the FPU section if this cycle needs one, then the atomic
 * part; lock wait is the time spent getting the lock.  One clock reading
 * at most, once everything is entered: the wake-up's reading is the
 * other end of the lock wait (what lies between is the FPU's begin),
 * and a sleeping lock's section starts when it is held.
 */
static __always_inline unsigned long srt_section_open(struct srt_loop *loop,
						      struct srt_cycle_ctx *c)
{
	u32 kind = c->section;
	bool sleeps = srt_section_sleeps(kind);
	unsigned long flags = 0;

	c->s.lock_wait_ns = 0;
	c->sec_start_ns = c->s.wake_ns;
	if (sleeps) {
		flags = srt_section_enter(kind, loop->sec_lock);
		c->sec_start_ns = ktime_get_ns();
	}
	c->fpu_held = kind != SHIELDRT_SECTION_NONE && srt_chain_wants_fpu(&loop->chain);
	if (c->fpu_held)
		srt_fpu_begin();
	if (!sleeps) {
		flags = srt_section_enter(kind, loop->sec_lock);
		/* Nothing was entered: the section starts at the wake-up. */
		if (kind != SHIELDRT_SECTION_NONE || c->fpu_held)
			c->sec_start_ns = ktime_get_ns();
	}
	if (srt_section_locks(kind))
		c->s.lock_wait_ns = c->sec_start_ns - c->s.wake_ns;
	return flags;
}

static __always_inline void srt_section_close(struct srt_loop *loop,
					      struct srt_cycle_ctx *c,
					      unsigned long flags)
{
	u32 kind = c->section;
	bool sleeps = srt_section_sleeps(kind);

	/*
	 * Nothing to close: the work's end (end_ns) is the section's, but
	 * for a loop with an output stage, whose work ends after it.
	 */
	if (kind == SHIELDRT_SECTION_NONE && !c->fpu_held &&
	    !c->staged)
		c->s.section_ns = c->s.end_ns - c->sec_start_ns;
	else
		c->s.section_ns = ktime_get_ns() - c->sec_start_ns;
	if (!sleeps)
		srt_section_leave(kind, loop->sec_lock, flags);
	if (c->fpu_held)
		srt_fpu_end();
	if (sleeps)
		srt_section_leave(kind, loop->sec_lock, flags);
}

/*
 * mode=external: no trigger came in time, or a bound provider went away.
 * Counted and traced; the loop goes to safe state (reason io) when its
 * provider is gone, or with policy=safe, and its providers get the safe
 * values, since no cycle will write them.
 */
static noinline void srt_trigger_timeout(struct srt_loop *loop,
					 struct srt_cycle_ctx *c)
{
	bool gone = srt_io_gone(&loop->io);

	preempt_disable();
	write_seqcount_begin(&loop->stats_seq);
	loop->cnt.trigger_timeouts += !gone;
	write_seqcount_end(&loop->stats_seq);
	preempt_enable();
	if (!gone)
		trace_trigger_timeout(loop->name, c->s.cycle, c->io_timeout_ns);
	if (READ_ONCE(loop->state) == SHIELDRT_STATE_SAFE ||
	    (!gone && c->live.policy != SHIELDRT_POLICY_SAFE))
		return;
	preempt_disable();	/* as in a cycle: providers' writes are atomic */
	srt_io_cycle_write(&loop->io, &c->io, loop->safe_out, true);
	preempt_enable();
	if (c->staged)
		srt_io_cycle_output(&loop->io, &c->io, loop->safe_out, true);
	srt_loop_enter_safe(loop, SHIELDRT_SAFE_IO);
}

/*
 * Flight recorder: the cycle's sample, whether its outputs were held or
 * it asked for safe state, and the values it computed with and published
 * (in safe state the held ones).
 */
static __always_inline void srt_record(struct srt_loop *loop,
				       struct srt_cycle_ctx *c)
{
	u32 note = (srt_held(c) ? SHIELDRT_FLIGHT_HELD : 0) |
		   (c->want_safe && !c->safe ? SHIELDRT_FLIGHT_TRIP : 0);

	srt_flight_cycle(&loop->flight, &c->s, note,
			 c->want_safe ? c->safe_why : 0, srt_in(c),
			 c->safe ? loop->sig.out : srt_out(c));
}

SRT_CYCLE_FN int srt_loop_thread(void *data)
{
	struct srt_loop *loop = data;
	struct srt_cycle_ctx *c = &loop->ctx;
	u64 deadline, cycle = 0;
	unsigned long flags;
	int ret;

	deadline = srt_run_begin(loop);
	memset(c, 0, sizeof(*c));
	c->live_seq = 1;	/* odd: no copy yet, take one */
	/* fixed while the loop runs: its region, its signal counts */
	if (loop->region)
		c->dp = srt_region_dp(loop->region);
	c->io_n = loop->io.n;
	c->staged = loop->io.staged;	/* fixed while the loop exists */
	c->n_in = min_t(u32, loop->sig.n_in, SRT_MAX_SIGNALS);
	c->n_out = min_t(u32, loop->sig.n_out, SRT_MAX_SIGNALS);
	c->chain_run.in = srt_in(c);
	c->chain_run.out = c->vals + c->n_in;
	c->period_ns = loop->cfg.period_ns;
	c->mode = loop->cfg.mode;
	c->section = loop->cfg.section;
	c->stored = srt_hist_stored_mask(&loop->cfg);
	/*
	 * Not kthread_should_stop(), two lines of the thread's own: the stop
	 * request sits in the line srt_cycle_begin() reads anyway, and a
	 * wait that sleeps or spins still ends at kthread_stop()'s.
	 */
	while (!test_bit(SRT_REQ_STOP, &loop->requests)) {
		srt_cycle_begin(loop, c, deadline, cycle);
		ret = srt_wait(loop, c, deadline);
		if (unlikely(ret < 0))
			break;
		if (unlikely(ret > 0)) {
			srt_trigger_timeout(loop, c);
			continue;
		}
		/*
		 * The wait's last clock reading is the cycle's start: a
		 * second reading would only add its own cost to the lateness.
		 */
		c->s.wake_ns = c->wait_end_ns ?: ktime_get_ns();
		flags = srt_section_open(loop, c);
		srt_read_inputs(loop, c);
		srt_check_heartbeat(loop, c);
		srt_check_io(loop, c);
		srt_compute(loop, c);
		srt_check_outputs(loop, c);
		/* straight through without an output stage, the usual loop */
		if (likely(!c->staged))
			srt_cycle_end(loop, c);
		srt_publish(loop, c);
		if (unlikely(c->staged)) {
			srt_section_close(loop, c, flags);
			srt_output_stage(loop, c);
			srt_cycle_end(loop, c);
		}
		/* one place, so the record is inlined once */
		srt_publish_record(loop, c);
		if (likely(!c->staged))
			srt_section_close(loop, c, flags);
		srt_account(loop, c);
		srt_record(loop, c);
		/* Advance: the policy chose the next deadline. */
		cycle += 1 + c->d.missed;
		deadline = c->d.next_deadline;
	}
	hrtimer_cancel(&loop->timer);
	srt_flight_run_end(&loop->flight);
	if (loop->region)	/* the views lag by up to SRT_DP_PUB_NS */
		srt_region_flush(loop->region);
	return 0;
}
