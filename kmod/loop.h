/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A loop: one kthread bound to one CPU running the cycle of docs/design.md
 * every period.  This is what a loop holds; its operations (create,
 * start, stop, destroy, ...) are in lifecycle.c under srt_lock, the cycle
 * itself in cycle.c and wait.c, which take no lock.  Each part of a loop
 * (io.h, chain.h, limits_loop.h, flightrec.h, section.h) gets its own
 * member of it, never the whole.
 */
#ifndef SHIELDRT_LOOP_H
#define SHIELDRT_LOOP_H

#include <linux/hrtimer.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/seqlock.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <linux/workqueue.h>
#include "chain.h"
#include "config.h"
#include "name_list.h"
#include "shieldrt_cycle.h"
#include "hist.h"
#include "limits_loop.h"
#include "flightrec.h"
#include "policy.h"
#include "slack.h"
#include "section.h"
#include "io.h"
#include "shieldrt_cacheline.h"

struct srt_region;
struct srt_dp;
#include "timing.h"

/*
 * A loop's state is one of SHIELDRT_STATE_*, why it entered safe state
 * one of SHIELDRT_SAFE_*, its histograms are SHIELDRT_M_* (uapi/shieldrt.h,
 * counts in name_list.h).
 */

/*
 * Does a metric apply to a loop of this configuration?  One that does not
 * is not kept: no buckets, no work in the cycle, shown with count 0 and
 * SHIELDRT_METRIC_NOT_KEPT.  Section time needs a section, lock wait a
 * lock, slack a hybrid wait's lead, noise a polling wait.  The others (the
 * tick latency and compute) are always kept.
 */
static inline bool srt_metric_kept(const struct srt_config *cfg, u32 m)
{
	switch (m) {
	case SHIELDRT_M_SECTION:
		return cfg->section != SHIELDRT_SECTION_NONE;
	case SHIELDRT_M_LOCKWAIT:
		return srt_section_locks(cfg->section);
	case SHIELDRT_M_SLACK:
		return cfg->mode == SHIELDRT_MODE_HYBRID;
	case SHIELDRT_M_NOISE:
		return cfg->mode == SHIELDRT_MODE_POLL;
	default:
		return true;
	}
}

/*
 * The histogram a kept metric is counted in.  In modes hrtimer and poll
 * the wait's target is the deadline and the cycle starts at the wait's
 * last reading (wait.c), so a cycle's lateness is its thread latency,
 * value for value: the cycle adds that sample once, to Thread, and
 * Lateness is read from there.  Every other metric has its own.
 */
static inline u32 srt_metric_hist(const struct srt_config *cfg, u32 m)
{
	if (m == SHIELDRT_M_LATENESS && (cfg->mode == SHIELDRT_MODE_HRTIMER ||
					 cfg->mode == SHIELDRT_MODE_POLL))
		return SHIELDRT_M_THREAD;
	return m;
}

/* A kept metric with buckets of its own (srt_metric_hist()). */
static inline bool srt_metric_stored(const struct srt_config *cfg, u32 m)
{
	return srt_metric_kept(cfg, m) && srt_metric_hist(cfg, m) == m;
}

/* The metrics with buckets of their own in this configuration, a bit each. */
static inline u32 srt_hist_stored_mask(const struct srt_config *cfg)
{
	u32 m, kept = 0;

	for (m = 0; m < SRT_NR_METRICS; m++)
		if (srt_metric_stored(cfg, m))
			kept |= BIT(m);
	return kept;
}

/*
 * Counters written by the loop thread only, read under stats_seq.  The
 * first two 64-byte lines are what a cycle writes every time; the rest
 * change only when something happens (an overrun, a missed period, a
 * yield, noise, a spin, an error) and a cycle in which nothing did
 * leaves their lines alone (srt_account()).
 */
struct srt_counters {
	u64 cycles;		/* cycles run */
	u64 last_cycle;		/* cycle index of the last one accounted */
	u64 next_deadline_ns;	/* first period not yet accounted */
	u64 behind;		/* catchup: deadlines past, still to run */
	u64 now_ns;		/* last accounting time */
	u64 runtime_start_ns;	/* task sum_exec_runtime at start */
	u64 runtime_ns;		/* task sum_exec_runtime since start */
	u64 sleep_ns;		/* time the thread slept in its waits */
	u64 post_ns;		/* end of outputs to the next wait */
	/* chain.c: the FPU section of each cycle (empty one without chain) */
	u64 chain_sections;
	u64 chain_ns_sum;
	u64 chain_ns_min;
	u64 chain_ns_max;
	u64 chain_steps;
	/* what a quiet cycle does not touch */
	u64 overruns;		/* cycles that overran deadline or budget */
	u64 deadline_overruns;
	u64 budget_overruns;
	u64 missed;		/* periods dropped (skip, safe, catchup cap) */
	u64 catchup_cycles;	/* cycles run after their deadline passed */
	u64 clock_errors;	/* a reading went backwards */
	u64 noise_events;
	u64 noise_ns;		/* total time lost to noise */
	u64 spin_ns;		/* time it spun in its waits */
	u64 spin_reads;		/* clock readings those spins took */
	u64 yields;		/* poll: housekeeping sleeps taken */
	u64 rcu_yields;		/* poll/hybrid: sleeps for a stuck grace period */
	u64 yields_forced;	/* of both: no gap before the deadline */
	u64 slack_target_ns;	/* hybrid: current wake-up lead */
	u64 chain_nonfinite;	/* steps a block went NaN/Inf: outputs held */
	u64 chain_bad_inputs;	/* steps with a NaN/Inf input: previous kept */
	u64 chain_commits;
	u64 commit_cycle;	/* cycle the last commit took effect */
	/* section.h, io.c */
	u64 section_overruns;	/* sections longer than section_budget */
	u64 io_read_errors;
	u64 io_write_errors;
	u64 triggers;		/* external: triggers taken */
	u64 triggers_coalesced;	/* arrived while a cycle ran: missed */
	u64 trigger_timeouts;	/* waits that ended with no trigger */
	/* set at a run's start, a reset or a safe entry */
	u64 safe_entries;
	u32 safe_reason;	/* SHIELDRT_SAFE_* of the last entry */
	u64 first_deadline_ns;
	u64 start_ns;		/* run start (thread up) */
};

/* One cycle's scratch, filled step by step; loop thread only. */
struct srt_cycle_ctx {
	/*
	 * Written before they are read in every cycle: s by the steps (its
	 * flags and section_ns cleared by srt_cycle_begin(), the latencies
	 * set by the wait, the times by the section and the evaluation),
	 * safe by srt_cycle_begin(), sec_start_ns and fpu_held by the
	 * section's opening; n_in, n_out, dp, io_n, staged and the copies of
	 * the configuration's words are set at the start (a running loop's
	 * configuration and signal counts do not change).
	 * s.end_ns is the last cycle's until this one's end is read (the
	 * wait's post_ns), pol the overrun policy's state across cycles.  With
	 * the cleared group below: the first three lines.
	 */
	struct srt_cycle_sample s;
	u32 n_in, n_out;
	struct srt_policy_state pol;	/* zeroed with the context at a start */
	u64 sec_start_ns;
	struct srt_dp *dp;		/* the region's, or NULL */
	/* loop->cfg's, so the cycle never reads the configuration's line */
	u64 period_ns;
	u32 mode;			/* SHIELDRT_MODE_* */
	u32 section;			/* SHIELDRT_SECTION_* */
	unsigned int live_seq;		/* live_seq it was copied at; odd: none */
	u32 io_n;			/* loop->io.n: without, its line stays cold */
	bool safe;			/* loop was in safe state this cycle */
	bool fpu_held;			/* the section opened the FPU */
	bool staged;			/* loop->io.staged: an output stage */
	u8 stored;			/* srt_hist_stored_mask(cfg) */
	/* Cleared by srt_cycle_begin(), every cycle. */
	struct_group(cleared,
		u64 sleep_ns;
		u64 post_ns;			/* the last cycle's, see srt_wait() */
		u64 wait_end_ns;		/* the wait's last clock reading; 0: none */
		bool clock_back;
		bool want_safe;
		bool spun;			/* spin_etc below was added to */
		u32 safe_why;			/* SHIELDRT_SAFE_* */
		struct srt_chain_cycle chain;	/* what the chain section did */
	);
	/*
	 * What a spin or a yield adds to (wait.c sets spun first), cleared
	 * by srt_cycle_begin() after a cycle that did: a sleeping loop's
	 * cycle leaves them alone.
	 */
	struct_group(spin_etc,
		u64 noise_events;
		u64 noise_ns;
		u64 spin_ns;
		u64 spin_reads;
		u64 yields;
		u64 rcu_yields;
		u64 yields_forced;
	);
	u64 io_timeout_ns;		/* external: a wait that timed out */
	/*
	 * Not cleared per cycle: zeroed at the start of a run, then written
	 * before they are read in every cycle (live: copied when live_seq
	 * moved, t and d: by the evaluation, chain_run: its in and out at
	 * the start, the rest by the compute step and the chain's cycle,
	 * vals: the inputs and outputs, io_buf: a provider's read).  Laid
	 * out so that live, then t, d and chain_run, then vals each start a
	 * line: with up to 8 signals in all, a cycle touches 7 of the
	 * context's lines.
	 */
	struct srt_live live __aligned(SRT_LINE_BYTES);	/* this cycle's copy */
	struct srt_timing t;
	struct srt_decision d;
	struct srt_kchain_run chain_run; /* in, out: set at the start */
	/* inputs: its first n_in, outputs: the n_out after them (srt_in()) */
	u64 vals[2 * SRT_MAX_SIGNALS] __aligned(SRT_LINE_BYTES);
	u64 io_buf[SRT_MAX_SIGNALS];	/* a provider's read, until clean */
	/* cleared every cycle of a loop with providers, else stays 0 */
	struct srt_io_cycle io;		/* what the providers did */
};

/* A metric this loop keeps buckets for: srt_hist_stored_mask() at start. */
static_assert(sizeof_field(struct srt_cycle_ctx, stored) * BITS_PER_BYTE >=
	      SRT_NR_METRICS);
static __always_inline bool srt_stored(const struct srt_cycle_ctx *c, u32 m)
{
	return c->stored & BIT(m);
}

/*
 * The members are ordered for the cycle's cache footprint (bench-lines):
 * what every cycle reads, then what it writes, each group starting a
 * 64-byte line, and control's bookkeeping last.  A part keeps its own
 * cold members (the flight recorder's selection names, the commit log)
 * after its hot ones.  The cycle reads no line of the configuration: its
 * context copies the words it needs when the run starts.
 */
struct srt_loop {
	/*
	 * Under srt_lock; fixed while the loop runs but for cfg.live.  The
	 * cycle reads copies of its period, mode and section (struct
	 * srt_cycle_ctx).
	 */
	struct srt_config cfg __aligned(SRT_LINE_BYTES);

	/* Read every cycle, written by control now and then. */
	seqcount_t live_seq __aligned(SRT_LINE_BYTES);	/* guards live */
	u32 state;			/* SHIELDRT_STATE_*, READ/WRITE_ONCE */
	unsigned long requests;		/* SRT_REQ_* bits for the loop thread */
	struct srt_region *region;	/* data plane (region.h), one ref */
	struct srt_sec_lock *sec_lock;	/* own_lock or a shared one */
	/*
	 * limits_loop.h: its first words (the generation control bumps, the
	 * loop's copy's generation and its "on" bits) end this line, read
	 * every cycle and written now and then, as the words above.
	 */
	struct srt_loop_limits limits;

	/* The data the cycle works on; see include/shieldrt_cycle.h. */
	struct srt_signals sig __aligned(SRT_LINE_BYTES);
	struct srt_loop_chain chain __aligned(SRT_LINE_BYTES);	/* chain.h */
	struct srt_loop_io io __aligned(SRT_LINE_BYTES);	/* io.h */
	struct srt_flight flight __aligned(SRT_LINE_BYTES);	/* flightrec.h */

	/* Written by the loop thread only: stats_seq guards cnt and hist. */
	seqcount_t stats_seq __aligned(SRT_LINE_BYTES);
	struct srt_counters cnt;
	struct srt_hist hist[SRT_NR_METRICS];
	/* one line of the loop thread's own words, for a spin or a watchdog */
	u64 last_yield_ns __aligned(SRT_LINE_BYTES);
	/* wait.c, PREEMPT_RCU: the grace period the loop watches */
	unsigned long rcu_cookie;
	u64 rcu_cookie_ns;		/* when it was taken; 0: none */
	u64 rcu_check_ns;		/* last look at it */
	u64 rcu_due_ns;			/* a yield due since; 0: none due */
	u64 hb_arm_cycle;		/* heartbeat watchdog counts from here */
	struct srt_cycle_ctx ctx __aligned(SRT_LINE_BYTES);

	/* Timer wait: the handler records its latency and wakes the loop. */
	struct hrtimer timer;
	bool timer_fired;
	s64 timer_irq_latency_ns;
	struct srt_slack slack;
	u64 workload_sink;		/* keeps the busy work observable */

	/* Cold: control's bookkeeping, under srt_lock. */
	struct kref ref;
	struct list_head node;		/* srt_loops, under srt_lock */
	char name[SRT_NAME_LEN];
	bool dead;			/* destroyed, memory still referenced */
	struct task_struct *task;
	u64 cfg_gen;			/* bumped by every reconfigure */
	u64 slack_gen;			/* the cfg_gen slack learned under */
	char last_error[SRT_ERR_LEN];
	void *view;			/* kmod/admin/ only: its debugfs view */
	/* Live parameters: written under srt_lock, read under live_seq. */
	struct srt_live live;
	u64 safe_out[SRT_MAX_SIGNALS];	/* outputs held in safe state */
	struct srt_sec_lock own_lock;	/* section.h */
	u32 *hist_hi;			/* srt_lock: their high words, or NULL */
	struct work_struct hist_hi_work;	/* allocates them */
};

/*
 * The limits' first words end the line of what control writes, but on a
 * kernel whose seqcount_t carries a lockdep map (debug kernels).
 */
static_assert(sizeof(seqcount_t) > sizeof(unsigned int) ||
	      offsetofend(struct srt_loop, limits.cur.on) <=
	      offsetof(struct srt_loop, live_seq) + SRT_LINE_BYTES);

/* The histogram readers take metric @m from (srt_metric_hist()). */
static inline const struct srt_hist *srt_loop_hist(const struct srt_loop *loop,
						   u32 m)
{
	return &loop->hist[srt_metric_hist(&loop->cfg, m)];
}

#define SRT_REQ_RESUME	0	/* leave safe state at the next cycle */
#define SRT_REQ_RESET	1	/* zero stats at the next cycle */
#define SRT_REQ_STOP	2	/* end the run: set just before kthread_stop() */

#endif /* SHIELDRT_LOOP_H */
