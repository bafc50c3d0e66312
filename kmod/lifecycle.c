// SPDX-License-Identifier: GPL-2.0
/*
 * Loop lifecycle (lifecycle.h).  srt_lock serialises every create,
 * configure, start, stop, destroy and CPU-offline; the loop thread never
 * takes it.  Lock order: cpus_read_lock() (hotplug) before srt_lock.
 *
 * The core knows no files: it takes validated configurations and names
 * from the admin layer (kmod/admin/), which parses requests, renders
 * replies and owns the debugfs view of each loop.  Create and unlink hand
 * the admin layer a reference, so it can publish or remove that view
 * outside srt_lock (the view's handlers take srt_lock).
 */
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/kthread.h>
#include <linux/log2.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/ratelimit.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <uapi/linux/sched/types.h>
#include "alloc_size.h"
#include "lifecycle.h"
#include "loop_list.h"
#include "cycle.h"
#include "preflight.h"
#include "wait.h"
#include "region.h"
#include "shieldrt_quote.h"

/* Signals the echo workload carries when no chain sets them. */
#define SRT_DEFAULT_SIGNALS	8

static DEFINE_SPINLOCK(srt_err_lock);
char srt_last_error[SRT_ERR_LEN];

static const char * const srt_state_names[] = {
	SHIELDRT_STATE_LIST(SRT_NAME_AT)
};

const char *srt_state_name(u32 state)
{
	return srt_name_of(srt_state_names, state);
}

static const char * const srt_safe_reason_names[] = {
	SHIELDRT_SAFE_LIST(SRT_NAME_AT)
};

const char *srt_safe_reason_name(u32 why)
{
	return srt_name_of(srt_safe_reason_names, why);
}

/*
 * The kernel log gets at most 10 failures per 5 s: a script hammering a
 * file with bad lines must not push real reports out of the log.  The
 * ratelimit says how many it suppressed; last_error always has the latest.
 */
static DEFINE_RATELIMIT_STATE(srt_err_rs, 5 * HZ, 10);

/* Record a failure where a person will look: last_error files and dmesg. */
void srt_error_set(struct srt_loop *loop, const char *msg)
{
	char text[SRT_ERR_LEN];
	unsigned long flags;

	/*
	 * A user's bytes are quoted where the reason was written; whatever
	 * else slipped in, no byte outside printable ASCII is kept.
	 */
	srt_escape(text, sizeof(text), msg);
	spin_lock_irqsave(&srt_err_lock, flags);
	strscpy(srt_last_error, text, sizeof(srt_last_error));
	if (loop)
		strscpy(loop->last_error, text, sizeof(loop->last_error));
	spin_unlock_irqrestore(&srt_err_lock, flags);
	if (!__ratelimit(&srt_err_rs))
		return;
	if (loop)
		pr_warn("%s: %s\n", loop->name, text);
	else
		pr_warn("%s\n", text);
}

void srt_error_get(struct srt_loop *loop, char *buf, size_t len)
{
	unsigned long flags;

	spin_lock_irqsave(&srt_err_lock, flags);
	strscpy(buf, loop ? loop->last_error : srt_last_error, len);
	spin_unlock_irqrestore(&srt_err_lock, flags);
}

static struct srt_loop *srt_find(const char *name)
{
	struct srt_loop *loop;

	lockdep_assert_held(&srt_lock);
	list_for_each_entry(loop, &srt_loops, node)
		if (!strcmp(loop->name, name))
			return loop;
	return NULL;
}

static void srt_loop_release(struct kref *ref)
{
	struct srt_loop *loop = container_of(ref, struct srt_loop, ref);

	if (loop->region) {
		srt_region_kill(loop->region, 0);
		srt_region_put(loop->region);
	}
	kvfree(loop->hist[0].buckets);
	kvfree(loop->hist_hi);
	srt_flight_free(&loop->flight);
	kfree(loop);
}

struct srt_loop *srt_loop_find_get(const char *name)
{
	struct srt_loop *loop;

	mutex_lock(&srt_lock);
	loop = srt_find(name);
	if (loop)
		kref_get(&loop->ref);
	mutex_unlock(&srt_lock);
	return loop;
}
EXPORT_SYMBOL_GPL(srt_loop_find_get);

void srt_loop_put(struct srt_loop *loop)
{
	kref_put(&loop->ref, srt_loop_release);
}
EXPORT_SYMBOL_GPL(srt_loop_put);

/*
 * One allocation for the buckets of the metrics kept, made before the loop
 * runs.  The first metric (IRQ) is always kept, so hist[0].buckets is the
 * allocation.
 */
static_assert(SHIELDRT_M_IRQ == 0);
static u32 *srt_hist_alloc(const struct srt_config *cfg)
{
	return kvcalloc(hweight32(srt_hist_stored_mask(cfg)) * cfg->hist_buckets,
			sizeof(u32), GFP_KERNEL);
}

/*
 * The buckets' high words (hist.h), asked for by the loop thread when a
 * bucket reached 2^31: one allocation for every kept histogram, as the
 * buckets.  It holds a reference, so the loop outlives it, and runs on
 * the module's own queue, which its exit drains.  Should the allocation
 * fail, the next bucket to reach 2^31 or wrap asks again.
 */
static struct workqueue_struct *srt_hist_wq;

int srt_lifecycle_init(void)
{
	srt_hist_wq = alloc_workqueue("shieldrt_hist", WQ_UNBOUND, 0);
	return srt_hist_wq ? 0 : -ENOMEM;
}

/* After every loop is gone: what a work still holds is let go here. */
void srt_lifecycle_exit(void)
{
	destroy_workqueue(srt_hist_wq);
}

static void srt_hist_hi_work(struct work_struct *work)
{
	struct srt_loop *loop = container_of(work, struct srt_loop,
					     hist_hi_work);
	u32 nr, kept, *hi;
	bool asked = false;
	int i;

	mutex_lock(&srt_lock);
	kept = srt_hist_stored_mask(&loop->cfg);
	nr = loop->cfg.hist_buckets;
	for (i = 0; i < SRT_NR_METRICS; i++)
		asked |= READ_ONCE(loop->hist[i].hi_asked);
	/* asked of histograms a reconfigure replaced since: none wanted */
	if (loop->hist_hi || !asked)
		goto out_unlock;
	hi = kvcalloc(hweight32(kept) * nr, sizeof(u32), GFP_KERNEL);
	if (hi)
		loop->hist_hi = hi;
	for (i = 0; i < SRT_NR_METRICS; i++) {
		if (!(kept & BIT(i)))
			continue;
		if (hi) {
			srt_hist_give_hi(&loop->hist[i], hi);
			hi += nr;
		} else {
			WRITE_ONCE(loop->hist[i].hi_asked, false);
		}
	}
out_unlock:
	mutex_unlock(&srt_lock);
	srt_loop_put(loop);
}

/* Loop thread, any context: queue the work above. */
static void srt_hist_want_hi(void *arg)
{
	struct srt_loop *loop = arg;

	/* the thread's loop holds a reference: this put is never the last */
	kref_get(&loop->ref);
	if (!queue_work(srt_hist_wq, &loop->hist_hi_work))
		kref_put(&loop->ref, srt_loop_release);
}

/* What the loop's allocations take now, part by part (srt_lock held). */
void srt_loop_mem(struct srt_loop *loop, u64 *mem)
{
	u32 kept = hweight32(srt_hist_stored_mask(&loop->cfg));
	size_t words = (size_t)kept * loop->cfg.hist_buckets;

	lockdep_assert_held(&srt_lock);
	mem[SHIELDRT_MEM_LOOP] = srt_alloc_size(loop, sizeof(*loop));
	mem[SHIELDRT_MEM_REGION] = loop->region ?
				   srt_region_mem_bytes(loop->region) : 0;
	mem[SHIELDRT_MEM_HIST] =
		srt_alloc_size(loop->hist[0].buckets, words * sizeof(u32)) +
		srt_alloc_size(loop->hist_hi, words * sizeof(u32));
	mem[SHIELDRT_MEM_FLIGHT] = srt_flight_mem_bytes(&loop->flight);
	mem[SHIELDRT_MEM_CHAIN] = srt_chain_mem_bytes(&loop->chain);
}

/*
 * The histograms start over on @buckets; high words given before are
 * returned for the caller to free (srt_lock held, the loop stopped).
 */
static u32 *srt_hist_attach(struct srt_loop *loop, u32 *buckets)
{
	u32 nr = loop->cfg.hist_buckets, kept = srt_hist_stored_mask(&loop->cfg);
	u32 *old_hi = loop->hist_hi;
	int i;

	loop->hist_hi = NULL;
	for (i = 0; i < SRT_NR_METRICS; i++) {
		srt_hist_init(&loop->hist[i], kept & BIT(i) ? buckets : NULL,
			      nr, ilog2(loop->cfg.hist_bucket_ns));
		loop->hist[i].want_hi = srt_hist_want_hi;
		loop->hist[i].want_arg = loop;
		if (kept & BIT(i))
			buckets += nr;
	}
	return old_hi;
}

/* Poll and hybrid loops spin; hrtimer and external ones sleep. */
static bool srt_mode_spins(u32 mode)
{
	return mode == SHIELDRT_MODE_POLL || mode == SHIELDRT_MODE_HYBRID;
}

/* Checks against the machine, which the pure validator cannot see. */
static int srt_check_cpu(const struct srt_config *cfg, char *err,
			 size_t errlen)
{
	if (cfg->cpu >= nr_cpu_ids || !cpu_possible(cfg->cpu)) {
		snprintf(err, errlen, "cpu %d is not present", cfg->cpu);
		return -EINVAL;
	}
	if (!cpu_online(cfg->cpu)) {
		snprintf(err, errlen, "cpu %d is offline", cfg->cpu);
		return -EINVAL;
	}
	/*
	 * A poll or hybrid loop holds its CPU at high priority: on a CPU
	 * that also does housekeeping, kworkers starve and whoever waits on
	 * them (lru_add_drain_all from mlockall, for one) hangs.
	 */
	if (srt_mode_spins(cfg->mode) && !cfg->force &&
	    !srt_cpu_isolated(cfg->cpu)) {
		snprintf(err, errlen,
			 "cpu %d is not isolated: a %s loop would starve its kworkers (force=1 overrides)",
			 cfg->cpu, srt_wait_mode_names[cfg->mode]);
		return -EINVAL;
	}
	return 0;
}

/* Poll and hybrid loops need their CPU alone; hrtimer loops can share. */
static int srt_check_cpu_free(struct srt_loop *loop, char *err,
			      size_t errlen)
{
	struct srt_loop *o;

	list_for_each_entry(o, &srt_loops, node) {
		if (o == loop || !o->task || o->cfg.cpu != loop->cfg.cpu)
			continue;
		if (srt_mode_spins(o->cfg.mode) ||
		    srt_mode_spins(loop->cfg.mode)) {
			snprintf(err, errlen,
				 "cpu %d is busy with loop '%s' (poll and hybrid loops need a CPU alone)",
				 loop->cfg.cpu, o->name);
			return -EBUSY;
		}
	}
	return 0;
}

static void srt_live_publish(struct srt_loop *loop)
{
	/* The loop may share this CPU: no preemption inside the write. */
	preempt_disable();
	write_seqcount_begin(&loop->live_seq);
	loop->live = loop->cfg.live;
	write_seqcount_end(&loop->live_seq);
	preempt_enable();
}

static int srt_start_locked(struct srt_loop *loop, char *err, size_t errlen)
{
	struct sched_attr attr = {
		.size = sizeof(attr),
		.sched_policy = SCHED_FIFO,
		.sched_priority = loop->cfg.prio,
	};
	struct task_struct *task;
	int ret;

	if (loop->task) {
		snprintf(err, errlen, "loop '%s' is already running",
			 loop->name);
		return -EBUSY;
	}
	ret = srt_check_cpu(&loop->cfg, err, errlen);
	if (ret)
		return ret;
	ret = srt_check_cpu_free(loop, err, errlen);
	if (ret)
		return ret;
	ret = srt_chain_check_start(&loop->chain, loop->cfg.period_ns, err,
				    errlen);
	if (ret)
		return ret;
	ret = srt_flight_prepare(&loop->flight, &loop->cfg, loop->sig.n_in,
				 loop->sig.n_out, loop->chain.kc, loop->name,
				 err, errlen);
	if (ret)
		return ret;
	ret = srt_io_check_start(&loop->io, &loop->cfg, loop->sig.n_in,
				 loop->sig.n_out, err, errlen);
	if (ret)
		return ret;

	/*
	 * The wake latencies the slack estimator learned belong to this CPU
	 * and these settings: a restart keeps them, so its first sleeps do
	 * not start over from the ceiling and drop at once (on x86_64-debug
	 * under TCG the first sleep after that drop woke some 15 us late,
	 * once per start).  A loop never run, or reconfigured since, starts
	 * at the ceiling.
	 */
	if (!loop->slack.total || loop->slack_gen != loop->cfg_gen) {
		srt_slack_init(&loop->slack, loop->cfg.slack_min_ns,
			       srt_config_slack_max(&loop->cfg));
		loop->slack_gen = loop->cfg_gen;
	}
	task = kthread_create_on_cpu(srt_loop_thread, loop, loop->cfg.cpu,
				     "shieldrt/%u");
	if (IS_ERR(task)) {
		snprintf(err, errlen, "cannot create the loop thread (%ld)",
			 PTR_ERR(task));
		return PTR_ERR(task);
	}
	ret = sched_setattr_nocheck(task, &attr);
	if (ret) {
		snprintf(err, errlen, "cannot make the thread SCHED_FIFO %u (%d)",
			 loop->cfg.prio, ret);
		goto err_stop_task;
	}
	get_task_struct(task);
	loop->task = task;
	loop->requests = 0;
	srt_loop_reset_stats(loop);
	WRITE_ONCE(loop->state, SHIELDRT_STATE_RUNNING);
	srt_io_run_begin(&loop->io, task);
	wake_up_process(task);
	return 0;

err_stop_task:
	kthread_stop(task);
	return ret;
}

static void srt_stop_locked(struct srt_loop *loop)
{
	lockdep_assert_held(&srt_lock);
	srt_io_run_end(&loop->io);
	/* what the loop's cycle looks at; its waits see kthread_stop()'s */
	set_bit(SRT_REQ_STOP, &loop->requests);
	kthread_stop(loop->task);
	put_task_struct(loop->task);
	loop->task = NULL;
	WRITE_ONCE(loop->state, SHIELDRT_STATE_STOPPED);
}

/* Take a loop off the list; the list's reference goes to the caller. */
static void srt_unlink_locked(struct srt_loop *loop)
{
	if (loop->task)
		srt_stop_locked(loop);
	list_del(&loop->node);
	loop->dead = true;
	srt_io_unbind_all(&loop->io);
	srt_sec_lock_put(loop->sec_lock);
	loop->sec_lock = NULL;
	srt_chain_release(&loop->chain);
	if (loop->region)	/* mappings stay valid, flagged dead */
		srt_region_kill(loop->region, 0);
}

static struct srt_loop *srt_loop_alloc(const struct srt_config *cfg)
{
	struct srt_loop *loop;
	u32 *buckets;
	int i;

	loop = kzalloc(sizeof(*loop), GFP_KERNEL);
	if (!loop)
		return NULL;
	buckets = srt_hist_alloc(cfg);
	if (!buckets) {
		kfree(loop);
		return NULL;
	}
	kref_init(&loop->ref);
	INIT_LIST_HEAD(&loop->node);
	strscpy(loop->name, cfg->name, sizeof(loop->name));
	loop->cfg = *cfg;
	loop->live = cfg->live;
	seqcount_init(&loop->live_seq);
	seqcount_init(&loop->stats_seq);
	srt_limits_loop_init(&loop->limits);
	srt_flight_init(&loop->flight);
	srt_chain_init(&loop->chain, loop->name);
	srt_io_init(&loop->io);
	hrtimer_setup(&loop->timer, srt_timer_fn, CLOCK_MONOTONIC,
		      HRTIMER_MODE_ABS_PINNED_HARD);
	loop->sig.n_in = SRT_DEFAULT_SIGNALS;
	loop->sig.n_out = SRT_DEFAULT_SIGNALS;
	for (i = 0; i < SRT_MAX_SIGNALS; i++)
		loop->safe_out[i] = 0;	/* +0.0 */
	loop->state = SHIELDRT_STATE_CONFIGURED;
	INIT_WORK(&loop->hist_hi_work, srt_hist_hi_work);
	srt_hist_attach(loop, buckets);
	return loop;
}

static struct srt_region *srt_loop_region_create(struct srt_loop *loop,
						 u32 n_in, u32 n_out)
{
	return srt_region_create(&(struct srt_region_geom){
		.name = loop->name, .period_ns = loop->cfg.period_ns,
		.n_in = n_in, .n_out = n_out,
		.cmd_size = loop->cfg.cmd_ring_size,
		.tel_size = loop->cfg.tel_ring_size });
}

/*
 * New signal counts for a stopped loop (a chain was loaded or removed):
 * srt_lock held.
 * The region's layout depends on them, so it is replaced by one under the
 * same name; mappings of the old one see it flagged dead and replaced,
 * and attach again.  If the new one cannot be made, the loop keeps its
 * old counts and its old region, mappings and all.
 */
static int srt_loop_set_signals(struct srt_loop *loop, u32 n_in, u32 n_out,
				char *err, size_t errlen)
{
	struct srt_region *old = loop->region, *r;

	lockdep_assert_held(&srt_lock);
	if (loop->task) {
		snprintf(err, errlen, "loop '%s' is running", loop->name);
		return -EBUSY;
	}
	if (old && n_in == loop->sig.n_in && n_out == loop->sig.n_out)
		return 0;
	if (old)
		srt_region_unlist(old);		/* its name, for the new one */
	r = srt_loop_region_create(loop, n_in, n_out);
	if (IS_ERR(r)) {
		if (old)
			srt_region_relist(old);
		snprintf(err, errlen, "data plane region: error %ld",
			 PTR_ERR(r));
		return PTR_ERR(r);
	}
	if (old) {
		srt_region_kill(old, SHIELDRT_RF_REPLACED);
		srt_region_put(old);
	}
	loop->region = r;
	loop->sig.n_in = n_in;
	loop->sig.n_out = n_out;
	memset(loop->sig.in, 0, sizeof(loop->sig.in));
	memset(loop->sig.out, 0, sizeof(loop->sig.out));
	return 0;
}

/*
 * What a create asks of the machine, checked without creating anything:
 * its CPU, and its providers.  The control file checks a whole write
 * with it before any line runs; the create checks again when it runs.
 */
int srt_loop_check_machine(const struct srt_config *cfg, char *err,
			   size_t errlen)
{
	int ret;

	cpus_read_lock();
	mutex_lock(&srt_lock);
	ret = srt_check_cpu(cfg, err, errlen) ?:
	      srt_io_check_specs(cfg, err, errlen);
	mutex_unlock(&srt_lock);
	cpus_read_unlock();
	return ret;
}

/*
 * Create a loop from a validated configuration; with @start, start it
 * too, and if that fails the loop is not left behind.  Returns the loop
 * with a reference for the caller, or an ERR_PTR with @err set.
 */
struct srt_loop *srt_loop_create(const struct srt_config *cfg, bool start,
				 char *err, size_t errlen)
{
	struct srt_loop *loop;
	int ret;

	ret = srt_config_validate(cfg, err, errlen);
	if (ret)
		return ERR_PTR(ret);
	loop = srt_loop_alloc(cfg);
	if (!loop) {
		snprintf(err, errlen, "out of memory");
		return ERR_PTR(-ENOMEM);
	}

	cpus_read_lock();
	mutex_lock(&srt_lock);
	if (srt_find(cfg->name)) {
		snprintf(err, errlen, "loop '%s' exists", cfg->name);
		ret = -EEXIST;
		goto err_unlock;
	}
	ret = srt_check_cpu(cfg, err, errlen);
	if (ret)
		goto err_unlock;
	loop->sec_lock = srt_sec_lock_get(cfg, &loop->own_lock, err, errlen);
	if (IS_ERR(loop->sec_lock)) {
		ret = PTR_ERR(loop->sec_lock);
		loop->sec_lock = NULL;
		goto err_unlock;
	}
	ret = srt_io_bind_all(&loop->io, &loop->cfg, loop->name,
			      &loop->sec_lock->raw, loop->safe_out, err,
			      errlen);
	if (ret)
		goto err_put_lock;
	loop->region = srt_loop_region_create(loop, loop->sig.n_in,
					      loop->sig.n_out);
	if (IS_ERR(loop->region)) {
		ret = PTR_ERR(loop->region);
		loop->region = NULL;
		snprintf(err, errlen, "data plane region: error %d", ret);
		goto err_unbind;
	}
	list_add_tail(&loop->node, &srt_loops);
	if (start) {
		ret = srt_start_locked(loop, err, errlen);
		if (ret) {
			srt_unlink_locked(loop);
			goto err_unlock;
		}
	}
	kref_get(&loop->ref);
	mutex_unlock(&srt_lock);
	cpus_read_unlock();
	return loop;

err_unbind:
	srt_io_unbind_all(&loop->io);
err_put_lock:
	srt_sec_lock_put(loop->sec_lock);
	loop->sec_lock = NULL;
err_unlock:
	mutex_unlock(&srt_lock);
	cpus_read_unlock();
	srt_loop_put(loop);
	return ERR_PTR(ret);
}

/* Look a loop up for an operation; sets @err when it does not exist. */
static struct srt_loop *srt_find_or_err(const char *name, char *err,
					size_t errlen)
{
	struct srt_loop *loop = srt_find(name);

	if (!loop)
		snprintf(err, errlen, "no loop named '%s'", name);
	return loop;
}

/* srt_lock held: a loop an operation was handed may since be destroyed. */
static int srt_alive(struct srt_loop *loop, char *err, size_t errlen)
{
	lockdep_assert_held(&srt_lock);
	if (!loop->dead)
		return 0;
	snprintf(err, errlen, "loop '%s' was destroyed", loop->name);
	return -ENOENT;
}

/*
 * Stop a loop and take it off the list.  The caller gets the list's
 * reference: it removes its view of the loop, then puts it.
 */
struct srt_loop *srt_loop_unlink(const char *name, char *err, size_t errlen)
{
	struct srt_loop *loop;

	mutex_lock(&srt_lock);
	loop = srt_find_or_err(name, err, errlen);
	if (loop)
		srt_unlink_locked(loop);
	mutex_unlock(&srt_lock);
	return loop ? loop : ERR_PTR(-ENOENT);
}

/* Module exit: the first loop left, unlinked as above; NULL when none. */
struct srt_loop *srt_loop_unlink_first(void)
{
	struct srt_loop *loop;

	mutex_lock(&srt_lock);
	loop = list_first_entry_or_null(&srt_loops, struct srt_loop, node);
	if (loop)
		srt_unlink_locked(loop);
	mutex_unlock(&srt_lock);
	return loop;
}

int srt_loop_start(const char *name, char *err, size_t errlen)
{
	struct srt_loop *loop;
	int ret = -ENOENT;

	cpus_read_lock();
	mutex_lock(&srt_lock);
	loop = srt_find_or_err(name, err, errlen);
	if (loop)
		ret = srt_start_locked(loop, err, errlen);
	mutex_unlock(&srt_lock);
	cpus_read_unlock();
	return ret;
}

int srt_loop_stop(const char *name, char *err, size_t errlen)
{
	struct srt_loop *loop;
	int ret = -ENOENT;

	mutex_lock(&srt_lock);
	loop = srt_find_or_err(name, err, errlen);
	if (loop && !loop->task) {
		snprintf(err, errlen, "loop '%s' is not running", name);
		ret = -EBUSY;
	} else if (loop) {
		srt_stop_locked(loop);
		ret = 0;
	}
	mutex_unlock(&srt_lock);
	return ret;
}

/*
 * A running loop zeroes its own stats at its next cycle boundary; its
 * providers clear their own figures now.
 */
int srt_loop_reset(const char *name, char *err, size_t errlen)
{
	struct srt_loop *loop;

	mutex_lock(&srt_lock);
	loop = srt_find_or_err(name, err, errlen);
	if (loop && loop->task)
		set_bit(SRT_REQ_RESET, &loop->requests);
	else if (loop)
		srt_loop_reset_stats(loop);
	if (loop)
		srt_io_reset(&loop->io);
	mutex_unlock(&srt_lock);
	return loop ? 0 : -ENOENT;
}

int srt_loop_resume(const char *name, char *err, size_t errlen)
{
	struct srt_loop *loop;
	int ret = -ENOENT;

	mutex_lock(&srt_lock);
	loop = srt_find_or_err(name, err, errlen);
	if (loop && READ_ONCE(loop->state) != SHIELDRT_STATE_SAFE) {
		snprintf(err, errlen, "loop '%s' is not in safe state (%s)",
			 name, srt_state_name(READ_ONCE(loop->state)));
		ret = -EBUSY;
	} else if (loop) {
		/* Gone for good: the next cycle would be safe again (io). */
		ret = srt_io_check_present(&loop->io, &loop->cfg, err,
					   errlen);
		if (!ret)
			set_bit(SRT_REQ_RESUME, &loop->requests);
	}
	mutex_unlock(&srt_lock);
	return ret;
}

/*
 * A copy of a loop's configuration and its generation, for a caller that
 * edits the copy and hands it to srt_loop_reconfigure().
 */
int srt_loop_config_get(struct srt_loop *loop, struct srt_config *cfg,
			u64 *gen, char *err, size_t errlen)
{
	int ret;

	mutex_lock(&srt_lock);
	ret = srt_alive(loop, err, errlen);
	if (!ret) {
		*cfg = loop->cfg;
		*gen = loop->cfg_gen;
	}
	mutex_unlock(&srt_lock);
	return ret;
}

/*
 * Change keys of a loop: @cfg is the copy srt_loop_config_get() gave at
 * generation @gen with the keys in @seen changed.  A stopped loop takes
 * any key but its name; a running one only the live keys, which it picks
 * up whole at its next cycle.  -EAGAIN: someone else changed the loop
 * since the copy was taken; nothing changed.
 */
int srt_loop_reconfigure(struct srt_loop *loop, const struct srt_config *cfg,
			 u32 seen, u64 gen, char *err, size_t errlen)
{
	u32 *buckets = NULL, *old = NULL, *old_hi = NULL;
	u32 create, fixed;
	int ret, key;

	cpus_read_lock();
	mutex_lock(&srt_lock);
	ret = srt_alive(loop, err, errlen);
	if (ret)
		goto out_unlock;
	ret = -EAGAIN;
	if (gen != loop->cfg_gen) {
		snprintf(err, errlen, "loop '%s' changed meanwhile; retry",
			 loop->name);
		goto out_unlock;
	}
	ret = -EINVAL;
	if ((seen & BIT(SRT_KEY_NAME)) && strcmp(cfg->name, loop->name)) {
		snprintf(err, errlen, "a loop cannot be renamed");
		goto out_unlock;
	}
	create = fixed = 0;
	for (key = 0; key < SRT_NR_KEYS; key++) {
		if (srt_keys[key].flags & SRT_KF_CREATE)
			create |= BIT(key);
		else if (!srt_keys[key].live && key != SRT_KEY_NAME)
			fixed |= BIT(key);
	}
	if (seen & create) {
		snprintf(err, errlen, "%s is set when the loop is created",
			 srt_keys[__ffs(seen & create)].name);
		goto out_unlock;
	}
	if (loop->task && (seen & fixed)) {
		snprintf(err, errlen,
			 "'%s' cannot change while the loop runs; stop it first",
			 srt_keys[__ffs(seen & fixed)].name);
		ret = -EBUSY;
		goto out_unlock;
	}
	ret = srt_config_validate(cfg, err, errlen);
	if (!ret && !loop->task)
		ret = srt_check_cpu(cfg, err, errlen);
	if (ret)
		goto out_unlock;
	if (cfg->hist_buckets != loop->cfg.hist_buckets ||
	    srt_hist_stored_mask(cfg) != srt_hist_stored_mask(&loop->cfg)) {
		buckets = srt_hist_alloc(cfg);
		if (!buckets) {
			snprintf(err, errlen, "out of memory");
			ret = -ENOMEM;
			goto out_unlock;
		}
	}

	/* Validated: apply everything, nothing can fail from here. */
	if (loop->task) {
		loop->cfg.live = cfg->live;
	} else {
		loop->cfg = *cfg;
		old = loop->hist[0].buckets;
		old_hi = srt_hist_attach(loop, buckets ? buckets : old);
		if (!buckets)
			old = NULL;
	}
	loop->cfg_gen++;
	srt_live_publish(loop);
out_unlock:
	mutex_unlock(&srt_lock);
	cpus_read_unlock();
	kvfree(old);
	kvfree(old_hi);
	return ret;
}

/*
 * Load a chain into a stopped loop (blank text: no chain).  The loop
 * takes its signal counts, with a new region if they changed, before the
 * chain replaces the old one; if that fails, nothing changed.
 */
int srt_loop_chain_load(struct srt_loop *loop, const char *text, size_t len,
			char *err, size_t errlen)
{
	u32 n_in = SRT_DEFAULT_SIGNALS, n_out = SRT_DEFAULT_SIGNALS;
	struct srt_kchain *kc;
	int ret;

	mutex_lock(&srt_lock);
	ret = srt_alive(loop, err, errlen);
	if (ret)
		goto out_unlock;
	ret = -EBUSY;
	if (loop->task) {
		snprintf(err, errlen,
			 "a new chain needs a stopped loop; stop '%s' first (parameters: use params + commit)",
			 loop->name);
		goto out_unlock;
	}
	ret = srt_chain_compile(text, len, loop->cfg.period_ns, &kc, err,
				errlen);
	if (ret)
		goto out_unlock;
	if (kc) {
		n_in = kc->n_in;
		n_out = kc->n_out;
	}
	ret = srt_loop_set_signals(loop, n_in, n_out, err, errlen);
	if (ret)
		srt_kchain_free_locked(kc);
	else
		srt_chain_swap(&loop->chain, kc);
out_unlock:
	mutex_unlock(&srt_lock);
	return ret;
}

/* Stage parameter assignments for the loop's chain (chain.c). */
int srt_loop_chain_stage(struct srt_loop *loop, const char *text,
			 size_t len, char *err, size_t errlen)
{
	int ret;

	mutex_lock(&srt_lock);
	ret = srt_chain_stage(&loop->chain, text, len, err, errlen);
	mutex_unlock(&srt_lock);
	return ret;
}

/*
 * Commit the staged set: a running loop takes it at a cycle boundary,
 * whose number @cycle gets; srt_lock is held while it waits, so the loop
 * cannot stop meanwhile.
 */
int srt_loop_chain_commit(struct srt_loop *loop, u64 *cycle, char *err,
			  size_t errlen)
{
	int ret;

	mutex_lock(&srt_lock);
	ret = srt_chain_commit_staged(&loop->chain, loop->task,
				      loop->cfg.period_ns, loop->region, cycle,
				      err, errlen);
	mutex_unlock(&srt_lock);
	return ret;
}

/* A flight recorder operation (flightrec.c) on a loop. */
int srt_loop_flight(struct srt_loop *loop, enum srt_flight_op op, u32 on,
		    char *err, size_t errlen)
{
	int ret;

	mutex_lock(&srt_lock);
	ret = srt_flight_control(&loop->flight, &loop->cfg, loop->task,
				 loop->name, op, on, err, errlen);
	mutex_unlock(&srt_lock);
	return ret;
}

/* New output limits (limits_loop.c), whole or not at all. */
int srt_loop_limits_set(struct srt_loop *loop, char *text, char *err,
			size_t errlen)
{
	int ret;

	mutex_lock(&srt_lock);
	ret = srt_alive(loop, err, errlen) ?:
	      srt_limits_set(&loop->limits, text, loop->sig.n_out, err,
			     errlen);
	mutex_unlock(&srt_lock);
	return ret;
}

/*
 * CPU hotplug teardown, run while @cpu is still up: stop its loops before
 * the scheduler would push them elsewhere.  They stay, stopped, with the
 * reason in last_error.
 */
void srt_loop_cpu_down(unsigned int cpu)
{
	struct srt_loop *loop;
	char msg[SRT_ERR_LEN];

	mutex_lock(&srt_lock);
	list_for_each_entry(loop, &srt_loops, node) {
		if (!loop->task || loop->cfg.cpu != cpu)
			continue;
		srt_stop_locked(loop);
		snprintf(msg, sizeof(msg),
			 "stopped: cpu %u went offline", cpu);
		srt_error_set(loop, msg);
	}
	mutex_unlock(&srt_lock);
}

void srt_loop_read_stats(struct srt_loop *loop, struct srt_counters *cnt)
{
	unsigned int seq;

	do {
		seq = read_seqcount_begin(&loop->stats_seq);
		*cnt = loop->cnt;
	} while (read_seqcount_retry(&loop->stats_seq, seq));
}
