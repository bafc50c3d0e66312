// SPDX-License-Identifier: GPL-2.0
#include <linux/bitops.h>
#include <linux/math.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <asm/barrier.h>
#include <linux/compiler.h>
#include <linux/string.h>
#include "hist.h"
#include "uapi/shieldrt.h"

/* Lower edge of bucket b, in units: the inverse of srt_hist_index(). */
u64 srt_hist_bucket_lo(u32 b)
{
	return shieldrt_hist_bucket_lo(b, SRT_HIST_SUB_BITS);
}

/*
 * @buckets NULL: a metric the loop does not keep (srt_hist_kept()): no
 * buckets, nr 0, the layout's range all the same.  Its samples are not
 * taken (the caller's job); one taken anyway would only count "over".
 */
void srt_hist_init(struct srt_hist *h, u32 *buckets, u32 nr, u32 unit_shift)
{
	h->buckets = buckets;
	h->hi = NULL;
	h->hi_asked = false;
	h->carry_seq = 0;
	h->nr = buckets ? nr : 0;
	h->unit_shift = unit_shift;
	h->range_ns = (srt_hist_bucket_lo(nr) << unit_shift) - 1;
	srt_hist_reset(h);
}

void srt_hist_reset(struct srt_hist *h)
{
	u32 *hi = READ_ONCE(h->hi);

	if (h->nr)
		memset(h->buckets, 0, h->nr * sizeof(*h->buckets));
	if (hi)
		memset(hi, 0, h->nr * sizeof(*hi));
	h->lost = 0;
	h->over = 0;
	h->count = 0;
	h->sum = 0;
	h->sq_lo = 0;
	h->sq_hi = 0;
	h->min = U64_MAX;
	h->max = 0;
}

/*
 * The owner's array of high words arrives: zeroed, published with a
 * release so the loop sees it zeroed ([H1], paired with [H2]).
 */
void srt_hist_give_hi(struct srt_hist *h, u32 *hi)
{
	smp_store_release(&h->hi, hi);	/* [H1] */
}

/*
 * A bucket's count reaches 2^31 or wraps.  Ask for the high words once
 * (again after an allocation that failed: the owner clears hi_asked);
 * at a wrap carry into them, the pair changed inside carry_seq so a
 * reader never sees the low word wrapped without its carry.
 */
void srt_hist_count_slow(struct srt_hist *h, u32 idx)
{
	u32 *hi = smp_load_acquire(&h->hi);	/* [H2] */
	u32 n = h->buckets[idx] + 1;

	if (!hi && !READ_ONCE(h->hi_asked) && h->want_hi) {
		WRITE_ONCE(h->hi_asked, true);
		h->want_hi(h->want_arg);
	}
	if (n) {
		h->buckets[idx] = n;
		return;
	}
	if (!hi) {
		h->buckets[idx] = 0;
		h->lost++;
		return;
	}
	WRITE_ONCE(h->carry_seq, h->carry_seq + 1);
	smp_wmb();	/* [S1] seq odd before the pair changes */
	WRITE_ONCE(hi[idx], hi[idx] + 1);
	WRITE_ONCE(h->buckets[idx], 0);
	smp_wmb();	/* [S1] the pair before seq even */
	WRITE_ONCE(h->carry_seq, h->carry_seq + 1);
}

/*
 * Bucket b's count, 0 if not kept.  Any context: retried around a carry
 * ([S2], paired with [S1]), so the two words are of one count.
 */
u64 srt_hist_bucket(const struct srt_hist *h, u32 b)
{
	u32 seq, lo, hi;
	const u32 *his;

	if (!h->nr)
		return 0;
	do {
		seq = smp_load_acquire(&h->carry_seq);	/* [S2] */
		his = smp_load_acquire(&h->hi);		/* [H2] */
		lo = READ_ONCE(h->buckets[b]);
		hi = his ? READ_ONCE(his[b]) : 0;
		smp_rmb();	/* [S2] the pair before seq again */
	} while ((seq & 1) || seq != READ_ONCE(h->carry_seq));
	return (u64)hi << 32 | lo;
}

struct srt_u128 {
	u64 hi;
	u64 lo;
};

/* a * b in full, from 32-bit halves (32-bit kernels have no 128-bit type). */
static struct srt_u128 srt_mul_64(u64 a, u64 b)
{
	u64 al = (u32)a, ah = a >> 32, bl = (u32)b, bh = b >> 32;
	u64 ll = al * bl, lh = al * bh, hl = ah * bl;
	u64 mid = (ll >> 32) + (u32)lh + (u32)hl;
	struct srt_u128 r;

	r.lo = (mid << 32) | (u32)ll;
	r.hi = ah * bh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	return r;
}

/* The square of a value past U32_MAX (4.29 s) into the 128-bit sum. */
void srt_hist_add_square_big(struct srt_hist *h, u64 v)
{
	struct srt_u128 sq = srt_mul_64(v, v);

	h->sq_lo += sq.lo;
	h->sq_hi += sq.hi + (h->sq_lo < sq.lo);
}

u64 srt_hist_avg(const struct srt_hist *h)
{
	return h->count ? div64_u64(h->sum, h->count) : 0;
}

u64 srt_hist_min(const struct srt_hist *h)
{
	return h->count ? h->min : 0;
}

/* n / d by long division; read side only. */
static struct srt_u128 srt_div_128(struct srt_u128 n, u64 d)
{
	struct srt_u128 q = { 0, 0 };
	u64 r = 0, bit;
	bool carry;
	int i;

	for (i = 127; i >= 0; i--) {
		bit = i >= 64 ? (n.hi >> (i - 64)) & 1 : (n.lo >> i) & 1;
		carry = r >> 63;
		r = (r << 1) | bit;
		if (carry || r >= d) {
			r -= d;
			if (i >= 64)
				q.hi |= 1ULL << (i - 64);
			else
				q.lo |= 1ULL << i;
		}
	}
	return q;
}

static struct srt_u128 srt_sub_128(struct srt_u128 a, struct srt_u128 b)
{
	struct srt_u128 r;

	if (a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo))
		return (struct srt_u128){ 0, 0 };
	r.lo = a.lo - b.lo;
	r.hi = a.hi - b.hi - (a.lo < b.lo);
	return r;
}

/*
 * Population standard deviation in ns, from the exact sums:
 * (n * sum(v^2) - sum(v)^2) / n^2, in 128-bit integers.  Should n * sum(v^2)
 * not fit in 128 bits (n * mean square past 2^128), it falls back to
 * sum(v^2) / n - mean^2, which truncates the mean.  Saturates at U32_MAX.
 */
u32 srt_hist_std(const struct srt_hist *h)
{
	struct srt_u128 sq = { h->sq_hi, h->sq_lo }, a, b, var;
	u64 n = h->count, mean;

	if (n < 2)
		return 0;
	a = srt_mul_64(n, sq.lo);
	b = srt_mul_64(n, sq.hi);
	if (!b.hi && a.hi + b.lo >= a.hi) {
		a.hi += b.lo;
		var = srt_sub_128(a, srt_mul_64(h->sum, h->sum));
		var = srt_div_128(srt_div_128(var, n), n);
	} else {
		mean = div64_u64(h->sum, n);
		var = srt_sub_128(srt_div_128(sq, n), srt_mul_64(mean, mean));
	}
	if (var.hi)
		return U32_MAX;
	return int_sqrt64(var.lo);
}

/*
 * The largest value of the bucket in which at least per10k/10000 of the
 * samples lie (9900: p99, 9990: p99.9), never above the observed maximum.
 * A rank past the buckets is only known to be above range_ns: that is
 * returned, with *past set.
 */
u64 srt_hist_percentile(const struct srt_hist *h, u32 per10k, bool *past)
{
	u64 rank, seen = 0, top;
	u32 i;

	if (past)
		*past = false;
	if (!h->count)
		return 0;
	rank = div_u64(h->count * per10k + 9999, 10000);
	if (!rank)
		rank = 1;
	for (i = 0; i < h->nr; i++) {
		seen += srt_hist_bucket(h, i);
		if (seen >= rank) {
			top = (srt_hist_bucket_lo(i + 1) << h->unit_shift) - 1;
			return top < h->max ? top : h->max;
		}
	}
	if (past)
		*past = true;
	return h->range_ns;
}
