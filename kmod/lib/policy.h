/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Overrun policies: what happens to the deadlines a late cycle ran over.
 * Pure: takes the cycle's timing, returns the next deadline and counts.
 */
#ifndef SHIELDRT_POLICY_H
#define SHIELDRT_POLICY_H

#include "config.h"
#include "timing.h"

struct srt_policy_state {
	u32 consecutive;	/* overruns in a row, reset by a clean cycle */
	bool safe;		/* in safe state until resumed */
};

struct srt_decision {
	u64 next_deadline;
	u64 missed;		/* periods dropped, never run */
	u64 behind;		/* deadlines still in the past: run at once */
	bool enter_safe;	/* this cycle tipped the loop into safe state */
};

void srt_policy_decide(const struct srt_live *live,
		       struct srt_policy_state *st, u64 deadline, u64 period,
		       const struct srt_timing *t, struct srt_decision *d);
void srt_policy_resume(struct srt_policy_state *st);

#endif /* SHIELDRT_POLICY_H */
