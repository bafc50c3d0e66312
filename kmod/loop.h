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

struct srt_region;
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

/* Counters written by the loop thread only, read under stats_seq. */
struct srt_counters {
	u64 cycles;		/* cycles run */
	u64 last_cycle;		/* cycle index of the last one accounted */
	u64 overruns;		/* cycles that overran deadline or budget */
	u64 deadline_overruns;
	u64 budget_overruns;
	u64 missed;		/* periods dropped (skip, safe, catchup cap) */
	u64 catchup_cycles;	/* cycles run after their deadline passed */
	u64 behind;		/* catchup: deadlines past, still to run */
	u64 noise_events;
	u64 noise_ns;		/* total time lost to noise */
	u64 safe_entries;
	u32 safe_reason;	/* SHIELDRT_SAFE_* of the last entry */
	u64 clock_errors;	/* a reading went backwards */
	u64 yields;		/* poll: housekeeping sleeps taken */
	u64 rcu_yields;		/* poll/hybrid: sleeps for a stuck grace period */
	u64 yields_forced;	/* of both: no gap before the deadline */
	u64 first_deadline_ns;
	u64 next_deadline_ns;	/* first period not yet accounted */
	u64 start_ns;		/* run start (thread up) */
	u64 now_ns;		/* last accounting time */
	u64 sleep_ns;		/* time the thread slept in its waits */
	u64 spin_ns;		/* time it spun in its waits */
	u64 spin_reads;		/* clock readings those spins took */
	u64 post_ns;		/* end of outputs to the next wait */
	u64 runtime_start_ns;	/* task sum_exec_runtime at start */
	u64 runtime_ns;		/* task sum_exec_runtime since start */
	u64 slack_target_ns;	/* hybrid: current wake-up lead */
	/* chain.c: the FPU section of each cycle (empty one without chain) */
	u64 chain_sections;
	u64 chain_ns_sum;
	u64 chain_ns_min;
	u64 chain_ns_max;
	u64 chain_steps;
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
};

/* One cycle's scratch, filled step by step; loop thread only. */
struct srt_cycle_ctx {
	struct srt_cycle_sample s;
	u32 n_in, n_out;
	u64 behind;			/* deadlines still past, from last cycle */
	u64 noise_events;
	u64 noise_ns;
	u64 sleep_ns;
	u64 spin_ns;
	u64 spin_reads;
	u64 post_ns;			/* the last cycle's, see srt_wait() */
	u64 wait_end_ns;		/* the wait's last clock reading; 0: none */
	u64 yields;
	u64 rcu_yields;
	u64 yields_forced;
	bool clock_back;
	bool safe;			/* loop was in safe state this cycle */
	u32 safe_why;			/* SHIELDRT_SAFE_* */
	bool want_safe;
	bool fpu_held;			/* the section opened the FPU */
	u64 sec_start_ns;
	u64 io_timeout_ns;		/* external: a wait that timed out */
	struct srt_chain_cycle chain;	/* what the chain section did */
	struct srt_io_cycle io;		/* what the providers did */
	/*
	 * Not cleared per cycle: zeroed at the start of a run, then written
	 * before they are read in every cycle (live: copied when live_seq
	 * moved, t and d: by the evaluation, chain_run: by the chain's
	 * cycle, in: n_in read in, out: n_out computed or echoed, io_buf: a
	 * provider's read).
	 */
	struct srt_live live;		/* consistent copy for this cycle */
	unsigned int live_seq;		/* live_seq it was copied at; odd: none */
	struct srt_timing t;
	struct srt_decision d;
	struct srt_kchain_run chain_run; /* set by srt_chain_cycle() */
	u64 in[SRT_MAX_SIGNALS];	/* inputs as read at cycle start */
	u64 out[SRT_MAX_SIGNALS];
	u64 io_buf[SRT_MAX_SIGNALS];	/* a provider's read, until clean */
};

struct srt_loop {
	struct kref ref;
	struct list_head node;		/* srt_loops, under srt_lock */
	char name[SRT_NAME_LEN];

	/* Under srt_lock. */
	struct srt_config cfg;
	bool dead;			/* destroyed, memory still referenced */
	struct task_struct *task;
	u64 cfg_gen;			/* bumped by every reconfigure */
	u64 slack_gen;			/* the cfg_gen slack learned under */
	char last_error[SRT_ERR_LEN];
	void *view;			/* kmod/admin/ only: its debugfs view */

	/* Live parameters: written under srt_lock, read by the loop. */
	seqcount_t live_seq;
	struct srt_live live;

	u32 state;			/* SHIELDRT_STATE_*, READ/WRITE_ONCE */
	unsigned long requests;		/* SRT_REQ_* bits for the loop thread */

	/* Timer wait: the handler records its latency and wakes the loop. */
	struct hrtimer timer;
	bool timer_fired;
	s64 timer_irq_latency_ns;

	/* The data the cycle works on; see include/shieldrt_cycle.h. */
	struct srt_signals sig;
	struct srt_region *region;	/* data plane (region.h), one ref */
	u64 safe_out[SRT_MAX_SIGNALS];	/* outputs held in safe state */
	struct srt_loop_chain chain;	/* algorithms: chain.h */
	struct srt_loop_limits limits;	/* output limits: limits_loop.h */
	struct srt_flight flight;	/* flight recorder: flightrec.h */
	struct srt_sec_lock own_lock;	/* section.h */
	struct srt_sec_lock *sec_lock;	/* own_lock or a shared one */
	struct srt_loop_io io;		/* I/O bindings: io.h */

	/* Written by the loop thread only. */
	seqcount_t stats_seq;
	struct srt_counters cnt;
	struct srt_hist hist[SRT_NR_METRICS];
	u32 *hist_hi;			/* srt_lock: their high words, or NULL */
	struct work_struct hist_hi_work;	/* allocates them */
	struct srt_slack slack;
	struct srt_policy_state pol;
	u64 last_yield_ns;
	/* wait.c, PREEMPT_RCU: the grace period the loop watches */
	unsigned long rcu_cookie;
	u64 rcu_cookie_ns;		/* when it was taken; 0: none */
	u64 rcu_check_ns;		/* last look at it */
	u64 rcu_due_ns;			/* a yield due since; 0: none due */
	u64 prev_end_ns;		/* the last cycle's end_ns; 0: none */
	u64 hb_arm_cycle;		/* heartbeat watchdog counts from here */
	u64 workload_sink;		/* keeps the busy work observable */
	struct srt_cycle_ctx ctx;
};

#define SRT_REQ_RESUME	0	/* leave safe state at the next cycle */
#define SRT_REQ_RESET	1	/* zero stats at the next cycle */

#endif /* SHIELDRT_LOOP_H */
