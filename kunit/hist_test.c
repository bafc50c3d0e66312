// SPDX-License-Identifier: GPL-2.0
/* shieldrt_hist: log-linear buckets, over row, exact summary, percentiles. */
#include <kunit/test.h>
#include "hist.h"

static struct srt_hist *srt_new_hist(struct kunit *test, u32 nr, u32 shift)
{
	struct srt_hist *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	u32 *b = kunit_kcalloc(test, nr, sizeof(u32), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, h);
	KUNIT_ASSERT_NOT_NULL(test, b);
	srt_hist_init(h, b, nr, shift);
	return h;
}

/* Every bucket's edges map back to it, and it is never too wide. */
static void srt_test_layout(struct kunit *test)
{
	u64 lo, hi;
	u32 b;

	for (b = 0; b < 4096; b++) {
		lo = srt_hist_bucket_lo(b);
		hi = srt_hist_bucket_lo(b + 1);
		KUNIT_ASSERT_LT(test, lo, hi);
		KUNIT_ASSERT_EQ(test, srt_hist_index(lo), b);
		KUNIT_ASSERT_EQ(test, srt_hist_index(hi - 1), b);
		if (b < 256)
			KUNIT_ASSERT_EQ(test, hi - lo, 1ULL);
		else	/* width <= lower edge / 128 */
			KUNIT_ASSERT_LE(test, (hi - lo) << SRT_HIST_SUB_BITS, lo);
	}
	KUNIT_EXPECT_EQ(test, srt_hist_bucket_lo(3328), 1ULL << 32);
	KUNIT_EXPECT_EQ(test, srt_hist_index(U64_MAX), 56U * 128 + 255);
}

static void srt_test_buckets(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 512, 0);

	srt_hist_add(h, 0);
	srt_hist_add(h, 255);
	srt_hist_add(h, 256);
	srt_hist_add(h, 257);
	srt_hist_add(h, 511);
	srt_hist_add(h, 512);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 0), 1ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 255), 1ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 256), 2ULL);	/* [256, 258) */
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 383), 1ULL);	/* [510, 512) */
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 384), 1ULL);	/* [512, 516) */
	KUNIT_EXPECT_EQ(test, h->over, 0ULL);
}

/* A unit of 8 ns: the linear part is 8 ns wide up to 2048 ns. */
static void srt_test_unit(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 256, 3);

	KUNIT_EXPECT_EQ(test, h->range_ns, 2047ULL);
	srt_hist_add(h, 7);
	srt_hist_add(h, 8);
	srt_hist_add(h, 2047);
	srt_hist_add(h, 2048);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 0), 1ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 1), 1ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 255), 1ULL);
	KUNIT_EXPECT_EQ(test, h->over, 1ULL);
}

static void srt_test_over(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 300, 0);

	/* Bucket 299 is [342, 344): the range ends at 343. */
	KUNIT_EXPECT_EQ(test, h->range_ns, 343ULL);
	srt_hist_add(h, 343);
	srt_hist_add(h, 344);
	srt_hist_add(h, 1000000);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 299), 1ULL);
	KUNIT_EXPECT_EQ(test, h->over, 2ULL);
	KUNIT_EXPECT_EQ(test, h->count, 3ULL);
	KUNIT_EXPECT_EQ(test, h->max, 1000000ULL);
}

static void srt_test_summary(struct kunit *test)
{
	static const u64 v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	struct srt_hist *h = srt_new_hist(test, 3328, 0);
	int i;

	KUNIT_EXPECT_EQ(test, srt_hist_min(h), 0ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_avg(h), 0ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_std(h), 0U);
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 9900, NULL), 0ULL);
	for (i = 0; i < ARRAY_SIZE(v); i++)
		srt_hist_add(h, v[i]);
	KUNIT_EXPECT_EQ(test, srt_hist_min(h), 2ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_avg(h), 5ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_std(h), 2U);
	KUNIT_EXPECT_EQ(test, h->max, 9ULL);
	srt_hist_reset(h);
	KUNIT_EXPECT_EQ(test, h->count, 0ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_min(h), 0ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_std(h), 0U);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 4), 0ULL);
}

/* Exact where a mean from bucket midpoints would not be: 1 s +- 1 ns. */
static void srt_test_std_exact(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 3328, 0);
	int i;

	for (i = 0; i < 500; i++) {
		srt_hist_add(h, 1000000000 - 1);
		srt_hist_add(h, 1000000000 + 1);
	}
	KUNIT_EXPECT_EQ(test, srt_hist_avg(h), 1000000000ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_std(h), 1U);
	/* Squares past 64 bits. */
	srt_hist_reset(h);
	srt_hist_add(h, 5000000000ULL);
	srt_hist_add(h, 5000000020ULL);
	KUNIT_EXPECT_NE(test, h->sq_hi, 0ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_std(h), 10U);
	KUNIT_EXPECT_EQ(test, h->over, 2ULL);
}

/* n * sum(v^2) past 128 bits: sum(v^2) / n - mean^2. */
static void srt_test_std_fallback(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 1, 0);

	h->count = 1ULL << 40;
	h->sum = 1ULL << 60;		/* mean 2^20 */
	h->sq_hi = 1ULL << 36;		/* sum of squares 2^100 */
	h->sq_lo = 0;
	KUNIT_EXPECT_EQ(test, srt_hist_std(h), 1073741311U);
	h->sq_hi = 1ULL << 63;		/* variance past 2^64: saturate */
	KUNIT_EXPECT_EQ(test, srt_hist_std(h), U32_MAX);
}

static void srt_test_percentiles(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 3328, 0);
	bool past;
	int i;

	for (i = 0; i < 990; i++)
		srt_hist_add(h, 5);
	for (i = 0; i < 9; i++)
		srt_hist_add(h, 55);
	srt_hist_add(h, 95);
	/* Below 256 ns every value is its own bucket: exact. */
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 9900, &past), 5ULL);
	KUNIT_EXPECT_FALSE(test, past);
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 9990, NULL), 55ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 10000, NULL), 95ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 5000, NULL), 5ULL);
	/* 1000 ns lies in [1000, 1004): its largest value, under the max. */
	srt_hist_reset(h);
	for (i = 0; i < 999; i++)
		srt_hist_add(h, 1000);
	srt_hist_add(h, 5000);
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 9900, NULL), 1003ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 10000, NULL), 5000ULL);
}

/* Every value from 10 ns to 4 s is reported within 0.79 %. */
static void srt_test_resolution(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 3328, 0);
	u64 v, p;

	for (v = 10; v < 4000000000ULL; v += v / 7 + 1) {
		srt_hist_reset(h);
		srt_hist_add(h, v);
		srt_hist_add(h, 2 * v + 1000);	/* the max, above it */
		p = srt_hist_percentile(h, 5000, NULL);
		KUNIT_ASSERT_GE(test, p, v);
		KUNIT_ASSERT_LE(test, (p - v) * 128, v);
	}
}

static void srt_test_percentile_past(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 256, 0);
	bool past;
	int i;

	for (i = 0; i < 50; i++)
		srt_hist_add(h, 1);
	for (i = 0; i < 50; i++)
		srt_hist_add(h, 5000 + i);
	/* The rank lies above the range: only a bound is known. */
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 9900, &past), 255ULL);
	KUNIT_EXPECT_TRUE(test, past);
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 5000, &past), 1ULL);
	KUNIT_EXPECT_FALSE(test, past);
	KUNIT_EXPECT_EQ(test, h->max, 5049ULL);
}

/*
 * A metric not kept (no buckets): the layout's range all the same, an
 * empty summary, a reset that touches no buckets, and a sample taken by
 * mistake only counts past the range.
 */
static void srt_test_not_kept(struct kunit *test)
{
	struct srt_hist *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	bool past;

	KUNIT_ASSERT_NOT_NULL(test, h);
	srt_hist_init(h, NULL, 3328, 0);
	KUNIT_EXPECT_FALSE(test, srt_hist_kept(h));
	KUNIT_EXPECT_EQ(test, h->range_ns, (1ULL << 32) - 1);
	KUNIT_EXPECT_EQ(test, h->count, 0ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 100), 0ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 9900, &past), 0ULL);
	KUNIT_EXPECT_FALSE(test, past);
	srt_hist_add(h, 100);
	KUNIT_EXPECT_EQ(test, h->over, 1ULL);
	srt_hist_reset(h);
	KUNIT_EXPECT_EQ(test, h->count, 0ULL);
	KUNIT_EXPECT_EQ(test, h->over, 0ULL);
	KUNIT_EXPECT_TRUE(test, srt_hist_kept(srt_new_hist(test, 16, 0)));
}

/* The owner side of the high words, as the module's work item does it. */
struct srt_test_owner {
	struct srt_hist *h;
	u32 *hi;
	int asked;
	bool give;		/* hand the words over when asked */
};

static void srt_test_want_hi(void *arg)
{
	struct srt_test_owner *o = arg;

	o->asked++;
	if (o->give)
		srt_hist_give_hi(o->h, o->hi);
}

static struct srt_test_owner *srt_new_owner(struct kunit *test,
					    struct srt_hist *h, bool give)
{
	struct srt_test_owner *o = kunit_kzalloc(test, sizeof(*o), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, o);
	o->hi = kunit_kcalloc(test, h->nr, sizeof(u32), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, o->hi);
	o->h = h;
	o->give = give;
	h->want_hi = srt_test_want_hi;
	h->want_arg = o;
	return o;
}

/*
 * 32-bit buckets, exact across 2^32: the first bucket to reach 2^31 asks
 * for the high words once, a wrap carries into them, and the counts, the
 * percentiles and the HIST view of them (srt_hist_bucket) are those of
 * 64-bit counters.  The low word is set near its edges directly: 2^32
 * samples would take minutes.
 */
static void srt_test_carry(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 3328, 0);
	struct srt_test_owner *o = srt_new_owner(test, h, true);
	u32 i;

	h->buckets[100] = SRT_HIST_HALF - 2;
	srt_hist_add(h, 100);
	KUNIT_EXPECT_EQ(test, o->asked, 0);
	srt_hist_add(h, 100);			/* 2^31: asks */
	KUNIT_EXPECT_EQ(test, o->asked, 1);
	KUNIT_EXPECT_PTR_EQ(test, h->hi, o->hi);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 100), (u64)SRT_HIST_HALF);
	h->buckets[200] = SRT_HIST_HALF - 1;
	srt_hist_add(h, 200);			/* 2^31 again: asks no more */
	KUNIT_EXPECT_EQ(test, o->asked, 1);

	h->buckets[100] = U32_MAX - 1;
	for (i = 0; i < 5; i++)			/* 2^32 - 1 .. 2^32 + 3 */
		srt_hist_add(h, 100);
	KUNIT_EXPECT_EQ(test, h->buckets[100], 3U);
	KUNIT_EXPECT_EQ(test, o->hi[100], 1U);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 100), (1ULL << 32) + 3);
	KUNIT_EXPECT_EQ(test, h->carry_seq, 2U);
	KUNIT_EXPECT_FALSE(test, srt_hist_short(h));

	/* a second wrap of the same bucket */
	h->buckets[100] = U32_MAX;
	srt_hist_add(h, 100);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 100), 2ULL << 32);

	/* the percentiles count the high words: else bucket 200 held p50 */
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 5000, NULL), 100ULL);

	srt_hist_reset(h);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 100), 0ULL);
	KUNIT_EXPECT_EQ(test, o->hi[100], 0U);
}

/*
 * No high words yet when a bucket wraps (the owner could not allocate):
 * counted as short, never a silent wrap; count and max stay exact, and
 * the next bucket to reach 2^31 or wrap asks again.
 */
static void srt_test_carry_short(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 3328, 0);
	struct srt_test_owner *o = srt_new_owner(test, h, false);

	h->buckets[7] = SRT_HIST_HALF - 1;
	srt_hist_add(h, 7);
	KUNIT_EXPECT_EQ(test, o->asked, 1);
	h->hi_asked = false;			/* the owner failed */
	h->buckets[7] = U32_MAX;
	srt_hist_add(h, 7);
	KUNIT_EXPECT_EQ(test, o->asked, 2);
	KUNIT_EXPECT_TRUE(test, srt_hist_short(h));
	KUNIT_EXPECT_EQ(test, h->lost, 1ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_bucket(h, 7), 0ULL);
	KUNIT_EXPECT_EQ(test, h->count, 2ULL);
	KUNIT_EXPECT_EQ(test, h->max, 7ULL);
	srt_hist_reset(h);
	KUNIT_EXPECT_FALSE(test, srt_hist_short(h));
}

static struct kunit_case srt_hist_cases[] = {
	KUNIT_CASE(srt_test_layout),
	KUNIT_CASE(srt_test_buckets),
	KUNIT_CASE(srt_test_unit),
	KUNIT_CASE(srt_test_over),
	KUNIT_CASE(srt_test_summary),
	KUNIT_CASE(srt_test_std_exact),
	KUNIT_CASE(srt_test_std_fallback),
	KUNIT_CASE(srt_test_percentiles),
	KUNIT_CASE(srt_test_resolution),
	KUNIT_CASE(srt_test_percentile_past),
	KUNIT_CASE(srt_test_not_kept),
	KUNIT_CASE(srt_test_carry),
	KUNIT_CASE(srt_test_carry_short),
	{}
};

static struct kunit_suite srt_hist_suite = {
	.name = "shieldrt_hist",
	.test_cases = srt_hist_cases,
};

kunit_test_suites(&srt_hist_suite);
