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
 *
 * A bucket counts in 32 bits, half the memory of 64: 2^32 samples in
 * one bucket take 12 hours at 100 kHz.  Its high word comes later: the
 * first bucket to reach 2^31 asks the owner (want_hi, which must not
 * sleep) for an array of them, which it hands over with srt_hist_give_hi()
 * from process context while 2^31 more samples go by.  A bucket that
 * wraps carries into it, so every count stays exact.  Should a bucket
 * wrap before the array came (its allocation failed for all that time),
 * the carry is counted in "short" and readers say so: never silent.
 */
#ifndef SHIELDRT_HIST_H
#define SHIELDRT_HIST_H

#include <linux/bitops.h>
#include <linux/limits.h>
#include <linux/types.h>
#include "shieldrt_cacheline.h"

#define SRT_HIST_SUB_BITS	7
#define SRT_HIST_LINEAR		(2U << SRT_HIST_SUB_BITS)

#define SRT_HIST_HALF		0x80000000U	/* 2^31: ask for the high words */

/*
 * What every sample touches comes first and fills one 64-byte line (the
 * struct is aligned to it): the buckets' address and shape, then the
 * exact figures.  The rest is for the slow paths and the readers.
 */
struct srt_hist {
	u32 *buckets;		/* nr counters' low words; NULL: not kept */
	u32 nr;			/* 0: not kept */
	u32 unit_shift;		/* a unit is 2^unit_shift ns */
	u64 count;
	u64 sum;
	u64 sq_lo;		/* sum of squares, 128 bits */
	u64 sq_hi;
	u64 min;		/* U64_MAX while empty */
	u64 max;
	/* the second line: rarely written */
	u32 *hi;		/* their high words; NULL until given */
	u32 carry_seq;		/* odd while a bucket carries */
	bool hi_asked;		/* want_hi called, no array yet */
	void (*want_hi)(void *arg);	/* NULL: none will come */
	void *want_arg;
	u64 lost;		/* wraps with no high word: 2^32 samples each */
	u64 range_ns;		/* largest value the buckets hold */
	u64 over;		/* samples above range_ns */
} __aligned(SRT_LINE_BYTES);

void srt_hist_init(struct srt_hist *h, u32 *buckets, u32 nr, u32 unit_shift);
void srt_hist_reset(struct srt_hist *h);
/* Process context: @hi, nr zeroed words, becomes h's high words. */
void srt_hist_give_hi(struct srt_hist *h, u32 *hi);
void srt_hist_count_slow(struct srt_hist *h, u32 idx);
u64 srt_hist_bucket(const struct srt_hist *h, u32 b);
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

/* Buckets that passed 2^32 samples without their high word. */
static inline bool srt_hist_short(const struct srt_hist *h)
{
	return h->lost;
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

	/* the slow path when the count reaches 2^31 or wraps */
	if (unlikely(idx >= h->nr))
		h->over++;
	else if (likely((h->buckets[idx] + 1) & ~SRT_HIST_HALF))
		h->buckets[idx]++;
	else
		srt_hist_count_slow(h, idx);
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
