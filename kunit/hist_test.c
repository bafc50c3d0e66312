// SPDX-License-Identifier: GPL-2.0
/* shieldrt_hist: buckets, over row, summary and percentiles. */
#include <kunit/test.h>
#include "hist.h"

static struct srt_hist *srt_new_hist(struct kunit *test, u32 nr, u32 bns)
{
	struct srt_hist *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	u64 *b = kunit_kcalloc(test, nr, sizeof(u64), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, h);
	KUNIT_ASSERT_NOT_NULL(test, b);
	srt_hist_init(h, b, nr, bns);
	return h;
}

static void srt_test_buckets(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 4, 1000);

	srt_hist_add(h, 0);
	srt_hist_add(h, 999);
	srt_hist_add(h, 1000);
	srt_hist_add(h, 3999);
	KUNIT_EXPECT_EQ(test, h->buckets[0], 2ULL);
	KUNIT_EXPECT_EQ(test, h->buckets[1], 1ULL);
	KUNIT_EXPECT_EQ(test, h->buckets[2], 0ULL);
	KUNIT_EXPECT_EQ(test, h->buckets[3], 1ULL);
	KUNIT_EXPECT_EQ(test, h->over, 0ULL);
}

static void srt_test_over(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 4, 10);

	srt_hist_add(h, 40);
	srt_hist_add(h, 1000000);
	srt_hist_add(h, 39);
	KUNIT_EXPECT_EQ(test, h->over, 2ULL);
	KUNIT_EXPECT_EQ(test, h->buckets[3], 1ULL);
	KUNIT_EXPECT_EQ(test, h->count, 3ULL);
	KUNIT_EXPECT_EQ(test, h->max, 1000000ULL);
}

static void srt_test_summary(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 8, 10);

	KUNIT_EXPECT_EQ(test, srt_hist_min(h), 0ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_avg(h), 0ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 9900), 0ULL);
	srt_hist_add(h, 10);
	srt_hist_add(h, 20);
	srt_hist_add(h, 33);
	KUNIT_EXPECT_EQ(test, srt_hist_min(h), 10ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_avg(h), 21ULL);
	KUNIT_EXPECT_EQ(test, h->max, 33ULL);
	srt_hist_reset(h);
	KUNIT_EXPECT_EQ(test, h->count, 0ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_min(h), 0ULL);
	KUNIT_EXPECT_EQ(test, h->buckets[1], 0ULL);
}

static void srt_test_percentiles(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 10, 10);
	int i;

	for (i = 0; i < 990; i++)
		srt_hist_add(h, 5);
	for (i = 0; i < 9; i++)
		srt_hist_add(h, 55);
	srt_hist_add(h, 95);
	/* 990 of 1000 in bucket 0: p99 is its upper edge. */
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 9900), 10ULL);
	/* Rank 999 falls in bucket 5. */
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 9990), 60ULL);
	/* p100 would be edge 100; never above the observed max. */
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 10000), 95ULL);
	/* p50: the median lies in bucket 0, reported as its upper edge. */
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 5000), 10ULL);
}

static void srt_test_percentile_over(struct kunit *test)
{
	struct srt_hist *h = srt_new_hist(test, 2, 10);
	int i;

	for (i = 0; i < 50; i++)
		srt_hist_add(h, 1);
	for (i = 0; i < 50; i++)
		srt_hist_add(h, 5000 + i);
	/* The rank lies in the over row: report the maximum. */
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 9900), 5049ULL);
	KUNIT_EXPECT_EQ(test, srt_hist_percentile(h, 5000), 10ULL);
}

static struct kunit_case srt_hist_cases[] = {
	KUNIT_CASE(srt_test_buckets),
	KUNIT_CASE(srt_test_over),
	KUNIT_CASE(srt_test_summary),
	KUNIT_CASE(srt_test_percentiles),
	KUNIT_CASE(srt_test_percentile_over),
	{}
};

static struct kunit_suite srt_hist_suite = {
	.name = "shieldrt_hist",
	.test_cases = srt_hist_cases,
};

kunit_test_suites(&srt_hist_suite);
