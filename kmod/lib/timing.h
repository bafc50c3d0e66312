/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-cycle timing arithmetic: lateness, compute time, slack, overrun and
 * how many later deadlines already passed.  Pure: times come in as
 * arguments, so tests can replay any sequence, clock steps included.
 * Inline: the loop evaluates every cycle.
 */
#ifndef SHIELDRT_TIMING_H
#define SHIELDRT_TIMING_H

#include <linux/math64.h>
#include <linux/types.h>

struct srt_timing {
	s64 lateness_ns;	/* work start - deadline */
	u64 compute_ns;		/* work end - work start */
	s64 slack_ns;		/* next deadline - work end; < 0: overrun */
	u64 passed;		/* later deadlines already behind us at end */
	bool overrun;		/* end passed the next deadline */
	bool budget;		/* compute above a nonzero budget */
	bool clock_back;	/* a reading went backwards: values invalid */
};

static inline s64 srt_delta(u64 a, u64 b)
{
	return (s64)(a - b);
}

/*
 * Deadlines deadline + k * period (k >= 1) strictly before @t.  A cycle
 * that ends exactly on the next deadline has not overrun it.
 */
static inline u64 srt_periods_passed(u64 deadline, u64 period, u64 t)
{
	if (t <= deadline + period)
		return 0;
	return div64_u64(t - deadline - 1, period);
}

/*
 * The usual cycle: it ended by the next deadline, within its budget (if
 * it has one), on a clock that went forward.  Then @t is filled as
 * srt_timing_eval() fills it and true returned; else false, @t untouched.
 */
static inline bool srt_timing_on_time(u64 deadline, u64 period, u64 budget,
				      u64 start, u64 end, struct srt_timing *t)
{
	u64 compute = end - start;

	if (unlikely(end < start || end > deadline + period ||
		     (budget && compute > budget)))
		return false;
	/* whole: member by member, GCC loads the false flags from memory */
	*t = (struct srt_timing){
		.lateness_ns = srt_delta(start, deadline),
		.compute_ns = compute,
		.slack_ns = srt_delta(deadline + period, end),
	};
	return true;
}

static inline void srt_timing_eval(u64 deadline, u64 period, u64 budget,
				   u64 start, u64 end, struct srt_timing *t)
{
	if (srt_timing_on_time(deadline, period, budget, start, end, t))
		return;
	t->clock_back = end < start;
	t->lateness_ns = srt_delta(start, deadline);
	t->compute_ns = t->clock_back ? 0 : end - start;
	t->slack_ns = srt_delta(deadline + period, end);
	/*
	 * A clock that went backwards gives no trustworthy overrun; the
	 * caller flags the cycle and moves on by one period.
	 */
	t->passed = t->clock_back ? 0 : srt_periods_passed(deadline, period,
							    end);
	t->overrun = t->passed > 0;
	t->budget = budget && t->compute_ns > budget;
}

u64 srt_first_deadline(u64 now, u64 period, u64 lead, bool align,
		       u64 epoch, u64 phase);

#endif /* SHIELDRT_TIMING_H */
