// SPDX-License-Identifier: GPL-2.0
/*
 * The histograms (kmod/lib/hist.c): the first bytes pick the unit
 * (2^0..2^20 ns) and the bucket count (1..4096), the rest are samples of
 * every magnitude (a shift byte, then 8 bytes).  Properties, against a
 * plain reference (sorted samples, 128-bit sums): every sample lands in
 * the bucket whose edges hold it, or in over exactly when it is above
 * range_ns; count, sum, min, max are exact; std equals the floor of the
 * exact population std whenever n * sum(v^2) fits 128 bits; and each
 * percentile is the true one, or above it by less than its bucket's
 * width and never above the max, or, past the range, range_ns flagged.
 * With the first byte's top bit set the 32-bit buckets start 1 to 4
 * samples short of 2^32, their high words given: every count read back
 * (srt_hist_bucket) must be the preset plus its samples, carried exactly
 * across 2^32, nothing counted short (the percentiles are not checked
 * there: the preset counts are not samples).
 */
#include "hist.h"
#include "fuzz.h"

#define MAX_SAMPLES	512

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static u64 isqrt128(unsigned __int128 v)
{
	u64 r = 0, bit;

	for (bit = 1ULL << 63; bit; bit >>= 1) {
		unsigned __int128 t = (unsigned __int128)(r + bit) * (r + bit);

		if (t <= v)
			r += bit;
	}
	return r;
}

static void check_std(const struct srt_hist *h, unsigned __int128 sq)
{
	unsigned __int128 n = h->count, t, var;
	u64 want;

	if (h->count < 2) {
		fuzz_check(srt_hist_std(h) == 0, "n %llu", (unsigned long long)n);
		return;
	}
	/* n * sum(v^2) must fit: the fallback is an approximation */
	if (sq && n > ~(unsigned __int128)0 / sq)
		return;
	t = n * sq - (unsigned __int128)h->sum * h->sum;
	var = t / n / n;
	want = var >> 64 ? U32_MAX : min_t(u64, isqrt128(var), U32_MAX);
	fuzz_check(srt_hist_std(h) == want, "std %u, want %llu",
		   srt_hist_std(h), (unsigned long long)want);
}

static void check_percentile(const struct srt_hist *h, const u64 *sorted,
			     u32 per10k)
{
	u64 rank = (h->count * per10k + 9999) / 10000, truth, got, top;
	bool past;

	if (!rank)
		rank = 1;
	truth = sorted[rank - 1];
	got = srt_hist_percentile(h, per10k, &past);
	if (truth > h->range_ns) {
		fuzz_check(past && got == h->range_ns, "p%u: %llu past %llu",
			   per10k, (unsigned long long)got,
			   (unsigned long long)h->range_ns);
		return;
	}
	top = (srt_hist_bucket_lo(srt_hist_index(truth >> h->unit_shift) + 1)
	       << h->unit_shift) - 1;
	fuzz_check(!past && got >= truth && got <= h->max && got <= top,
		   "p%u: %llu, truth %llu, bucket top %llu", per10k,
		   (unsigned long long)got, (unsigned long long)truth,
		   (unsigned long long)top);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	u8 first = fuzz_u8(&in);
	bool carry = first & 0x80;
	u32 shift = first % 21;
	u32 nr = fuzz_uint(&in, 2) % 4096 + 1;
	static u32 buckets[4096], his[4096];
	static u64 v[MAX_SAMPLES], want[4096];
	unsigned __int128 sq = 0;
	struct srt_hist h;
	u64 sum = 0, over = 0, total = 0, lo, hi;
	u32 i, n = 0, idx;

	srt_hist_init(&h, buckets, nr, shift);
	memset(his, 0, sizeof(his));
	for (i = 0; i < nr; i++)
		want[i] = carry ? U32_MAX - i % 4 : 0;
	if (carry) {
		srt_hist_give_hi(&h, his);
		for (i = 0; i < nr; i++)
			buckets[i] = want[i];
	}
	while (in.n && n < MAX_SAMPLES) {
		u32 s = fuzz_u8(&in) % 64;

		v[n] = fuzz_uint(&in, 8) >> s;
		srt_hist_add(&h, v[n]);
		sum += v[n];
		sq += (unsigned __int128)v[n] * v[n];
		idx = srt_hist_index(v[n] >> shift);
		if (v[n] > h.range_ns) {
			over++;
		} else {
			want[idx]++;
			lo = srt_hist_bucket_lo(idx) << shift;
			hi = srt_hist_bucket_lo(idx + 1) << shift;
			fuzz_check(idx < nr && lo <= v[n] && v[n] < hi,
				   "%llu in bucket %u [%llu, %llu)",
				   (unsigned long long)v[n], idx,
				   (unsigned long long)lo,
				   (unsigned long long)hi);
		}
		n++;
	}
	for (i = 0; i < nr; i++) {
		fuzz_check(srt_hist_bucket(&h, i) == want[i],
			   "bucket %u: %llu, want %llu", i,
			   (unsigned long long)srt_hist_bucket(&h, i),
			   (unsigned long long)want[i]);
		total += srt_hist_bucket(&h, i) - (carry ? U32_MAX - i % 4 : 0);
	}
	fuzz_check(h.count == n && h.over == over && total + over == n &&
		   h.sum == sum && !srt_hist_short(&h) && !(h.carry_seq & 1),
		   "count %llu over %llu buckets %llu",
		   (unsigned long long)h.count, (unsigned long long)h.over,
		   (unsigned long long)total);
	if (!n || carry)
		return 0;
	qsort(v, n, sizeof(*v), cmp_u64);
	fuzz_check(srt_hist_min(&h) == v[0] && h.max == v[n - 1], "min/max");
	fuzz_check(((unsigned __int128)h.sq_hi << 64 | h.sq_lo) == sq,
		   "sum of squares");
	/* the reference std needs the true sum: skip when it wrapped */
	for (i = 0, lo = 0; i < n; i++, lo = hi) {
		hi = lo + v[i];
		if (hi < lo)
			break;
	}
	if (i == n)
		check_std(&h, sq);
	check_percentile(&h, v, 5000);
	check_percentile(&h, v, 9900);
	check_percentile(&h, v, 9990);
	check_percentile(&h, v, 10000);
	return 0;
}
