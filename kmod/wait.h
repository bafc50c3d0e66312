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


enum hrtimer_restart srt_timer_fn(struct hrtimer *timer);
int srt_wait(struct srt_loop *loop, struct srt_cycle_ctx *c, u64 deadline);
/* What a spin is for: waiting, or the synthetic workload (in a section). */
enum srt_spin_kind {
	SRT_SPIN_WAIT,
	SRT_SPIN_WORK,
	SRT_SPIN_WORK_ATOMIC,	/* no housekeeping: preemption may be off */
};

int srt_spin_until(struct srt_loop *loop, struct srt_cycle_ctx *c, u64 until,
		   enum srt_spin_kind kind);

#endif /* SHIELDRT_WAIT_H */
