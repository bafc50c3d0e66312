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
int srt_spin_until(struct srt_loop *loop, struct srt_cycle_ctx *c, u64 until,
		   bool work);

#endif /* SHIELDRT_WAIT_H */
