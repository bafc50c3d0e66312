// SPDX-License-Identifier: GPL-2.0
#include <linux/math64.h>
#include "timing.h"

/*
 * Deadlines deadline + k * period (k >= 1) strictly before @t.  A cycle
 * that ends exactly on the next deadline has not overrun it.
 */
u64 srt_periods_passed(u64 deadline, u64 period, u64 t)
{
	if (t <= deadline + period)
		return 0;
	return div64_u64(t - deadline - 1, period);
}

void srt_timing_eval(u64 deadline, u64 period, u64 budget, u64 start,
		     u64 end, struct srt_timing *t)
{
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

/*
 * The first deadline of a run: at least @lead from @now so setup cannot
 * make the first cycle late; with @align, on the grid epoch + phase +
 * k * period shared by every aligned loop, so their cycles stay in phase.
 */
u64 srt_first_deadline(u64 now, u64 period, u64 lead, bool align,
		       u64 epoch, u64 phase)
{
	u64 earliest = now + lead, base = epoch + phase, k;

	if (!align)
		return earliest;
	if (earliest <= base)
		return base;
	k = div64_u64(earliest - base + period - 1, period);
	return base + k * period;
}
