// SPDX-License-Identifier: GPL-2.0
/* shieldrt_slack: adaptation of the hybrid wait's wake-up lead. */
#include <kunit/test.h>
#include "slack.h"

#define FLOOR	2000ULL
#define CEIL	200000ULL

static void srt_feed(struct srt_slack *s, u64 lat, int n)
{
	while (n--)
		srt_slack_update(s, lat);
}

/* @n wakes at @base, every @every-th of them at @spike instead. */
static void srt_feed_mix(struct srt_slack *s, u64 base, u64 spike, int every,
			 int n)
{
	int i;

	for (i = 1; i <= n; i++)
		srt_slack_update(s, i % every ? base : spike);
}

/* Bucket edges: every value lies below its bucket's top, above the last. */
struct srt_bucket_case {
	u64 ns;
	const char *desc;
};

static const struct srt_bucket_case srt_bucket_cases[] = {
	{ 0, "zero" },
	{ 255, "below the first octave" },
	{ 256, "first octave start" },
	{ 319, "first bucket end" },
	{ 320, "second bucket start" },
	{ 1000, "1 us" },
	{ 8000, "8 us" },
	{ 1000000, "1 ms" },
	{ 12345678, "12 ms" },
	{ (1ULL << 32) - 1, "last bucket" },
	{ 1ULL << 32, "beyond the range" },
	{ U64_MAX, "u64 max" },
};

static void srt_bucket_desc(const struct srt_bucket_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(srt_bucket, srt_bucket_cases, srt_bucket_desc);

static void srt_test_bucket_edges(struct kunit *test)
{
	const struct srt_bucket_case *c = test->param_value;
	unsigned int b = srt_slack_bucket(c->ns);
	u64 top = srt_slack_bucket_top(b);

	KUNIT_ASSERT_LT(test, b, (unsigned int)SRT_SLACK_BUCKETS);
	if (c->ns < (1ULL << 32)) {
		KUNIT_EXPECT_LT(test, c->ns, top);
		/* A bucket is at most a quarter octave wide. */
		KUNIT_EXPECT_LE(test, top, max(c->ns + c->ns / 4 + 1, 256ULL));
	}
	if (b)
		KUNIT_EXPECT_GE(test, c->ns, srt_slack_bucket_top(b - 1));
}

static void srt_test_buckets_monotonic(struct kunit *test)
{
	unsigned int b;

	for (b = 1; b < SRT_SLACK_BUCKETS - 1; b++)
		KUNIT_EXPECT_GT(test, srt_slack_bucket_top(b),
				srt_slack_bucket_top(b - 1));
}

static void srt_test_starts_at_ceiling(struct kunit *test)
{
	struct srt_slack s;

	srt_slack_init(&s, FLOOR, CEIL);
	KUNIT_EXPECT_EQ(test, s.slack_ns, CEIL);
}

static void srt_test_converges(struct kunit *test)
{
	struct srt_slack s;

	srt_slack_init(&s, FLOOR, CEIL);
	srt_feed(&s, 8000, 2000);
	/* Covers the latency with its bucket's edge and an eighth more. */
	KUNIT_EXPECT_GT(test, s.slack_ns, 8000ULL);
	KUNIT_EXPECT_LE(test, s.slack_ns, 8000ULL * 5 / 4 * 9 / 8);
}

static void srt_test_floor(struct kunit *test)
{
	struct srt_slack s;

	srt_slack_init(&s, FLOOR, CEIL);
	srt_feed(&s, 100, 5000);
	KUNIT_EXPECT_EQ(test, s.slack_ns, FLOOR);
	srt_feed(&s, 0, 100);
	KUNIT_EXPECT_EQ(test, s.slack_ns, FLOOR);
}

static void srt_test_ceiling(struct kunit *test)
{
	struct srt_slack s;

	srt_slack_init(&s, FLOOR, CEIL);
	srt_feed(&s, 10 * CEIL, 3);
	KUNIT_EXPECT_EQ(test, s.slack_ns, CEIL);
	/* Within a few windows it comes back down once the latencies do. */
	srt_feed(&s, 4000, 6 * SRT_SLACK_WINDOW);
	KUNIT_EXPECT_LE(test, s.slack_ns, 5000ULL * 9 / 8);
}

/*
 * The first wakes are all there is: the lead comes down from the ceiling
 * by halves to cover the latest of them, and rises at once.
 */
static void srt_test_first_wakes(struct kunit *test)
{
	struct srt_slack s;

	srt_slack_init(&s, FLOOR, CEIL);
	srt_slack_update(&s, 30000);
	KUNIT_EXPECT_EQ(test, s.slack_ns, CEIL / 2);
	srt_slack_update(&s, 30000);
	KUNIT_EXPECT_EQ(test, s.slack_ns, CEIL / 4);
	srt_slack_update(&s, 30000);
	KUNIT_EXPECT_GT(test, s.slack_ns, 30000ULL);
	KUNIT_EXPECT_LT(test, s.slack_ns, 30000ULL * 3 / 2);
	srt_slack_update(&s, 60000);
	KUNIT_EXPECT_GT(test, s.slack_ns, 60000ULL);
}

/* A lead far above the latencies halves per wake, never below them. */
static void srt_test_comes_down_by_halves(struct kunit *test)
{
	struct srt_slack s;
	u64 prev;
	int i;

	srt_slack_init(&s, FLOOR, CEIL);
	for (i = 0; i < 6; i++) {
		prev = s.slack_ns;
		srt_slack_update(&s, 1000);
		KUNIT_EXPECT_EQ(test, s.slack_ns, max(prev / 2, FLOOR));
	}
	srt_feed(&s, 1000, 10);
	KUNIT_EXPECT_EQ(test, s.slack_ns, FLOOR);
}

/* One stray spike is not worth spinning for on every later cycle. */
static void srt_test_spike_ignored(struct kunit *test)
{
	struct srt_slack s;
	u64 before;

	srt_slack_init(&s, FLOOR, CEIL);
	srt_feed(&s, 8000, 2000);
	before = s.slack_ns;
	srt_slack_update(&s, 150000);
	KUNIT_EXPECT_EQ(test, s.slack_ns, before);
}

/* Latencies on more than 1 - q of the wakes are covered ... */
static void srt_test_frequent_spikes_covered(struct kunit *test)
{
	struct srt_slack s;

	srt_slack_init(&s, FLOOR, CEIL);
	/* 2 % of the wakes at 50 us: above the p99.5 tail. */
	srt_feed_mix(&s, 8000, 50000, 50, 4000);
	KUNIT_EXPECT_GT(test, s.slack_ns, 50000ULL);
	KUNIT_EXPECT_LE(test, s.slack_ns, 50000ULL * 5 / 4 * 9 / 8);
}

/* ... rarer ones are not, and the quantile is what decides. */
static void srt_test_rare_spikes_not_covered(struct kunit *test)
{
	struct srt_slack s;

	srt_slack_init(&s, FLOOR, CEIL);
	/* 0.25 % of the wakes at 50 us: inside the p99.5 tail. */
	srt_feed_mix(&s, 8000, 50000, 400, 4000);
	KUNIT_EXPECT_LT(test, s.slack_ns, 12000ULL);
	/* The same stream with a p99.9 target covers them. */
	srt_slack_init(&s, FLOOR, CEIL);
	s.q_per10k = 9990;
	srt_feed_mix(&s, 8000, 50000, 400, 4000);
	KUNIT_EXPECT_GT(test, s.slack_ns, 50000ULL);
}

/* A lasting rise in latency is followed at once, a fall within windows. */
static void srt_test_tracks_shift(struct kunit *test)
{
	struct srt_slack s;

	srt_slack_init(&s, FLOOR, CEIL);
	srt_feed(&s, 8000, 2000);
	srt_feed(&s, 40000, 20);
	KUNIT_EXPECT_GT(test, s.slack_ns, 40000ULL);
	srt_feed(&s, 8000, 6 * SRT_SLACK_WINDOW);
	KUNIT_EXPECT_LT(test, s.slack_ns, 12000ULL);
}

static struct kunit_case srt_slack_cases[] = {
	KUNIT_CASE_PARAM(srt_test_bucket_edges, srt_bucket_gen_params),
	KUNIT_CASE(srt_test_buckets_monotonic),
	KUNIT_CASE(srt_test_starts_at_ceiling),
	KUNIT_CASE(srt_test_converges),
	KUNIT_CASE(srt_test_floor),
	KUNIT_CASE(srt_test_ceiling),
	KUNIT_CASE(srt_test_first_wakes),
	KUNIT_CASE(srt_test_comes_down_by_halves),
	KUNIT_CASE(srt_test_spike_ignored),
	KUNIT_CASE(srt_test_frequent_spikes_covered),
	KUNIT_CASE(srt_test_rare_spikes_not_covered),
	KUNIT_CASE(srt_test_tracks_shift),
	{}
};

static struct kunit_suite srt_slack_suite = {
	.name = "shieldrt_slack",
	.test_cases = srt_slack_cases,
};

kunit_test_suites(&srt_slack_suite);
