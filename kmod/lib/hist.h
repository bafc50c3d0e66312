/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Log-linear latency histogram (HdrHistogram's layout) with exact count,
 * sum and sum of squares, min and max.  Values are counted in units of
 * 2^unit_shift ns.  Below 2^(SUB_BITS + 1) units every unit has its own
 * bucket; above, each power of two is cut into 2^SUB_BITS buckets, so a
 * bucket is never wider than 1/2^SUB_BITS of its lower edge: 0.79 % with
 * 7 sub-bits.  Adding a sample costs a find-last-set and two shifts, no
 * division.  Pure; the buckets are given by the caller so the loop never
 * allocates while it runs.  The layout is the UAPI's (shieldrt_hist_*).
 */
#ifndef SHIELDRT_HIST_H
#define SHIELDRT_HIST_H

#include <linux/types.h>

#define SRT_HIST_SUB_BITS	7

struct srt_hist {
	u64 *buckets;		/* nr counters */
	u32 nr;
	u32 unit_shift;		/* a unit is 2^unit_shift ns */
	u64 range_ns;		/* largest value the buckets hold */
	u64 over;		/* samples above range_ns */
	u64 count;
	u64 sum;
	u64 sq_lo;		/* sum of squares, 128 bits */
	u64 sq_hi;
	u64 min;		/* U64_MAX while empty */
	u64 max;
};

void srt_hist_init(struct srt_hist *h, u64 *buckets, u32 nr, u32 unit_shift);
void srt_hist_reset(struct srt_hist *h);
void srt_hist_add(struct srt_hist *h, u64 v);
u32 srt_hist_index(u64 units);
u64 srt_hist_bucket_lo(u32 b);
u64 srt_hist_avg(const struct srt_hist *h);
u64 srt_hist_min(const struct srt_hist *h);
u32 srt_hist_std(const struct srt_hist *h);
u64 srt_hist_percentile(const struct srt_hist *h, u32 per10k, bool *past);

#endif /* SHIELDRT_HIST_H */
