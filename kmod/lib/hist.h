/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Log-linear latency histogram (HdrHistogram's layout) with exact count,
 * sum and sum of squares, min and max.  Values are counted in units of
 * 2^unit_shift ns.  Below 2^(SUB_BITS + 1) units every unit has its own
 * bucket; above, each power of two is cut into 2^SUB_BITS buckets, so a
 * bucket is never wider than 1/2^SUB_BITS of its lower edge: 0.79 % with
 * 7 sub-bits.  Adding a sample costs a find-last-set and two shifts, no
 * division, and is inline: the loop adds several samples every cycle, and
 * a call costs about a third of an add.  Pure; the buckets are given by
 * the caller so the loop never allocates while it runs.  The layout is
 * the UAPI's (shieldrt_hist_*).
 */
#ifndef SHIELDRT_HIST_H
#define SHIELDRT_HIST_H

#include <linux/bitops.h>
#include <linux/limits.h>
#include <linux/types.h>

#define SRT_HIST_SUB_BITS	7
#define SRT_HIST_LINEAR		(2U << SRT_HIST_SUB_BITS)

struct srt_hist {
	u64 *buckets;		/* nr counters; NULL: not kept */
	u32 nr;			/* 0: not kept */
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
void srt_hist_add_square_big(struct srt_hist *h, u64 v);
u64 srt_hist_bucket_lo(u32 b);
u64 srt_hist_avg(const struct srt_hist *h);
u64 srt_hist_min(const struct srt_hist *h);
u32 srt_hist_std(const struct srt_hist *h);
u64 srt_hist_percentile(const struct srt_hist *h, u32 per10k, bool *past);

/* A metric the loop keeps: it has buckets (srt_hist_init()). */
static inline bool srt_hist_kept(const struct srt_hist *h)
{
	return h->nr;
}

/* Bucket b of a histogram of the layout's nr buckets: 0 if not kept. */
static inline u64 srt_hist_bucket(const struct srt_hist *h, u32 b)
{
	return h->nr ? h->buckets[b] : 0;
}

/* Bucket of a value in units: the linear part, then 2^SUB_BITS per octave. */
static inline u32 srt_hist_index(u64 units)
{
	u32 g;

	if (units < SRT_HIST_LINEAR)
		return units;
	g = fls64(units) - 1 - SRT_HIST_SUB_BITS;
	return (g << SRT_HIST_SUB_BITS) + (u32)(units >> g);
}

/* Add one sample of @v ns: one 32x32 multiply unless it is past 4.29 s. */
static inline void srt_hist_add(struct srt_hist *h, u64 v)
{
	u32 idx = srt_hist_index(v >> h->unit_shift);
	u64 sq;

	if (idx < h->nr)
		h->buckets[idx]++;
	else
		h->over++;
	h->count++;
	h->sum += v;
	if (likely(v <= U32_MAX)) {
		sq = (u64)(u32)v * (u32)v;
		h->sq_lo += sq;
		h->sq_hi += h->sq_lo < sq;
	} else {
		srt_hist_add_square_big(h, v);
	}
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
}

#endif /* SHIELDRT_HIST_H */
