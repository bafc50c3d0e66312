// SPDX-License-Identifier: GPL-2.0
#include <linux/math64.h>
#include "timing.h"

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
