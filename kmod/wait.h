/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Wait strategies and clock spinning.  The cycle context carries what one
 * cycle measured until the account step folds it into the loop's stats.
 */
#ifndef SHIELDRT_WAIT_H
#define SHIELDRT_WAIT_H

#include "loop.h"

/* How often a spinning loop reports quiescent states and checks for stop. */
#define SRT_QS_INTERVAL_NS	(1000 * 1000)

/*
 * PREEMPT_RCU: a grace period a poll or hybrid loop has watched this long
 * without completing makes the loop lend its CPU (if another task is
 * runnable there) to a reader preempted on it.  Well above a normal grace
 * period (a few ms) and RCU's own boosting delay (CONFIG_RCU_BOOST_DELAY,
 * 500 ms by default, which cannot lift a reader above a SCHED_FIFO loop
 * anyway), far below the stall warning (21 s).
 */
#define SRT_RCU_GP_WAIT_NS	(100ULL * 1000 * 1000)
/* The sleep when the loop has no yield_us of its own. */
#define SRT_RCU_YIELD_NS	(50 * 1000)
/* A gap before the deadline shorter than this takes no yield. */
#define SRT_YIELD_MIN_NS	(5 * 1000)


enum hrtimer_restart srt_timer_fn(struct hrtimer *timer);
int srt_wait(struct srt_loop *loop, struct srt_cycle_ctx *c, u64 deadline);
/* What a spin is for: waiting, or the synthetic workload (in a section). */
enum srt_spin_kind {
	SRT_SPIN_WAIT,
	SRT_SPIN_WORK,
	/* no housekeeping: preemption may be off, or a spinlock_t held */
	SRT_SPIN_WORK_SECTION,
};

int srt_spin_until(struct srt_loop *loop, struct srt_cycle_ctx *c, u64 until,
		   enum srt_spin_kind kind);

#endif /* SHIELDRT_WAIT_H */
