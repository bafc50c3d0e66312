/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Overrun policies: what happens to the deadlines a late cycle ran over.
 * Pure: takes the cycle's timing, returns the next deadline and counts.
 * Inline: the loop decides every cycle.
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

/*
 * What every policy decides for a cycle that ended in time and within
 * budget (srt_timing_on_time()): no overrun in a row, nothing missed,
 * the next period next, no safe state (safe_after is at least 1).
 */
static inline void srt_policy_on_time(struct srt_policy_state *st,
				      u64 deadline, u64 period,
				      struct srt_decision *d)
{
	st->consecutive = 0;
	d->enter_safe = false;
	d->missed = 0;
	d->behind = 0;
	d->next_deadline = deadline + period;
}

/*
 * skip and safe keep the phase: the next deadline is the first one still
 * ahead, the ones in between are counted as missed.  catchup runs every
 * period, back to back, but only up to catchup_max behind: a loop whose
 * work never fits would otherwise fall behind without bound.
 */
static inline void srt_policy_decide(const struct srt_live *live,
				     struct srt_policy_state *st, u64 deadline,
				     u64 period, const struct srt_timing *t,
				     struct srt_decision *d)
{
	u64 passed = t->passed;

	if (!t->overrun && !t->budget) {
		srt_policy_on_time(st, deadline, period, d);
		return;
	}

	d->enter_safe = false;
	d->missed = 0;
	d->behind = 0;

	if (t->overrun || t->budget)
		st->consecutive++;
	else
		st->consecutive = 0;

	if (live->policy == SHIELDRT_POLICY_CATCHUP) {
		if (passed > live->catchup_max) {
			d->missed = passed - live->catchup_max;
			passed = live->catchup_max;
		}
		d->behind = passed;
		d->next_deadline = deadline + (d->missed + 1) * period;
	} else {
		d->missed = passed;
		d->next_deadline = deadline + (passed + 1) * period;
	}

	if (live->policy == SHIELDRT_POLICY_SAFE && !st->safe &&
	    st->consecutive >= live->safe_after) {
		st->safe = true;
		d->enter_safe = true;
	}
}

void srt_policy_resume(struct srt_policy_state *st);

#endif /* SHIELDRT_POLICY_H */
