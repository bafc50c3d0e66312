/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-cycle timing arithmetic: lateness, compute time, slack, overrun and
 * how many later deadlines already passed.  Pure: times come in as
 * arguments, so tests can replay any sequence, clock steps included.
 */
#ifndef SHIELDRT_TIMING_H
#define SHIELDRT_TIMING_H

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

u64 srt_periods_passed(u64 deadline, u64 period, u64 t);
void srt_timing_eval(u64 deadline, u64 period, u64 budget, u64 start,
		     u64 end, struct srt_timing *t);
u64 srt_first_deadline(u64 now, u64 period, u64 lead, bool align,
		       u64 epoch, u64 phase);

#endif /* SHIELDRT_TIMING_H */
