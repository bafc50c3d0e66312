// SPDX-License-Identifier: GPL-2.0
/* shieldrt_slack: adaptation of the hybrid wait's wake-up lead. */
#include <kunit/test.h>
#include "../kmod/slack.h"

#define FLOOR	2000ULL
#define CEIL	200000ULL

static void srt_feed(struct srt_slack *s, u64 lat, int n)
{
	while (n--)
		srt_slack_update(s, lat);
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
	/* A quarter above the latency, give or take the decay's residue. */
	KUNIT_EXPECT_GE(test, s.slack_ns, 10000ULL);
	KUNIT_EXPECT_LE(test, s.slack_ns, 10000ULL + 100);
	/* It gets there monotonically, not in one step. */
	srt_slack_init(&s, FLOOR, CEIL);
	srt_feed(&s, 8000, 1);
	KUNIT_EXPECT_GT(test, s.slack_ns, 100000ULL);
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
	/* And it comes back down once the latencies do. */
	srt_feed(&s, 4000, 3000);
	KUNIT_EXPECT_LE(test, s.slack_ns, 5000ULL + 100);
}

static void srt_test_spike(struct kunit *test)
{
	struct srt_slack s;
	u64 after;

	srt_slack_init(&s, FLOOR, CEIL);
	srt_feed(&s, 8000, 2000);
	/* One late wake: the very next wait leads by more than it. */
	srt_slack_update(&s, 50000);
	KUNIT_EXPECT_GE(test, s.slack_ns, 50000ULL + 50000 / 4);
	after = s.slack_ns;
	/* Then the lead decays slowly, not back at once. */
	srt_slack_update(&s, 8000);
	KUNIT_EXPECT_LT(test, s.slack_ns, after);
	KUNIT_EXPECT_GT(test, s.slack_ns, after - after / 32);
}

static struct kunit_case srt_slack_cases[] = {
	KUNIT_CASE(srt_test_starts_at_ceiling),
	KUNIT_CASE(srt_test_converges),
	KUNIT_CASE(srt_test_floor),
	KUNIT_CASE(srt_test_ceiling),
	KUNIT_CASE(srt_test_spike),
	{}
};

static struct kunit_suite srt_slack_suite = {
	.name = "shieldrt_slack",
	.test_cases = srt_slack_cases,
};

kunit_test_suites(&srt_slack_suite);
