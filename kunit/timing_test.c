// SPDX-License-Identifier: GPL-2.0
/* shieldrt_timing: lateness, compute, slack, overrun and missed periods. */
#include <kunit/test.h>
#include <linux/string.h>
#include "timing.h"

#define D	1000000ULL	/* a deadline */
#define P	100000ULL	/* a period */

struct srt_passed_case {
	const char *desc;
	u64 t;
	u64 passed;
};

static const struct srt_passed_case srt_passed_cases[] = {
	{ "before the deadline", D - 5, 0 },
	{ "inside the period", D + P / 2, 0 },
	{ "exactly on the next deadline", D + P, 0 },
	{ "1 ns past the next deadline", D + P + 1, 1 },
	{ "exactly on deadline + 2P", D + 2 * P, 1 },
	{ "just past deadline + 2P", D + 2 * P + 1, 2 },
	{ "many periods late", D + 1000 * P + 7, 1000 },
};

static void srt_passed_desc(const struct srt_passed_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_passed, srt_passed_cases, srt_passed_desc);

static void srt_test_periods_passed(struct kunit *test)
{
	const struct srt_passed_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, srt_periods_passed(D, P, c->t), c->passed);
}

static void srt_test_on_time(struct kunit *test)
{
	struct srt_timing t;

	srt_timing_eval(D, P, 0, D + 5000, D + 30000, &t);
	KUNIT_EXPECT_EQ(test, t.lateness_ns, 5000);
	KUNIT_EXPECT_EQ(test, t.compute_ns, 25000ULL);
	KUNIT_EXPECT_EQ(test, t.slack_ns, 70000);
	KUNIT_EXPECT_FALSE(test, t.overrun);
	KUNIT_EXPECT_FALSE(test, t.budget);
	KUNIT_EXPECT_FALSE(test, t.clock_back);
	KUNIT_EXPECT_EQ(test, t.passed, 0ULL);
}

/* The usual cycle's test: its bounds, and nothing written outside them. */
static void srt_test_on_time_bounds(struct kunit *test)
{
	struct srt_timing t, pat;

	KUNIT_EXPECT_TRUE(test, srt_timing_on_time(D, P, 0, D, D + P, &t));
	KUNIT_EXPECT_EQ(test, t.slack_ns, 0);
	KUNIT_EXPECT_TRUE(test, srt_timing_on_time(D, P, 100, D, D + 100, &t));
	memset(&pat, 0xa5, sizeof(pat));
	t = pat;
	/* past the next deadline, over the budget, a clock gone back */
	KUNIT_EXPECT_FALSE(test, srt_timing_on_time(D, P, 0, D, D + P + 1, &t));
	KUNIT_EXPECT_FALSE(test, srt_timing_on_time(D, P, 100, D, D + 101, &t));
	KUNIT_EXPECT_FALSE(test, srt_timing_on_time(D, P, 0, D + 10, D + 9, &t));
	KUNIT_EXPECT_EQ(test, memcmp(&t, &pat, sizeof(t)), 0);
}

static void srt_test_overrun(struct kunit *test)
{
	struct srt_timing t;

	srt_timing_eval(D, P, 0, D + 1000, D + 2 * P + 50000, &t);
	KUNIT_EXPECT_TRUE(test, t.overrun);
	KUNIT_EXPECT_EQ(test, t.passed, 2ULL);
	KUNIT_EXPECT_EQ(test, t.slack_ns, -(s64)(P + 50000));
}

static void srt_test_budget(struct kunit *test)
{
	struct srt_timing t;

	srt_timing_eval(D, P, 20000, D, D + 25000, &t);
	KUNIT_EXPECT_TRUE(test, t.budget);
	KUNIT_EXPECT_FALSE(test, t.overrun);
	srt_timing_eval(D, P, 25000, D, D + 25000, &t);
	KUNIT_EXPECT_FALSE(test, t.budget);	/* at the budget is within */
	srt_timing_eval(D, P, 0, D, D + 99999, &t);
	KUNIT_EXPECT_FALSE(test, t.budget);	/* 0: no budget */
}

static void srt_test_late_start(struct kunit *test)
{
	struct srt_timing t;

	/* Woke after the next deadline: late, and overrun by the end. */
	srt_timing_eval(D, P, 0, D + P + 10, D + P + 20, &t);
	KUNIT_EXPECT_EQ(test, t.lateness_ns, (s64)(P + 10));
	KUNIT_EXPECT_TRUE(test, t.overrun);
	KUNIT_EXPECT_EQ(test, t.passed, 1ULL);
}

static void srt_test_clock_back(struct kunit *test)
{
	struct srt_timing t;

	/* The end reading is before the start: nothing can be trusted. */
	srt_timing_eval(D, P, 10, D + 5 * P, D + 100, &t);
	KUNIT_EXPECT_TRUE(test, t.clock_back);
	KUNIT_EXPECT_EQ(test, t.compute_ns, 0ULL);
	KUNIT_EXPECT_EQ(test, t.passed, 0ULL);
	KUNIT_EXPECT_FALSE(test, t.overrun);
	KUNIT_EXPECT_FALSE(test, t.budget);
}

static void srt_test_first_deadline(struct kunit *test)
{
	/* Unaligned: now + lead. */
	KUNIT_EXPECT_EQ(test, srt_first_deadline(5000, P, 200, false, 0, 0),
			5200ULL);
	/* Aligned: next grid point at or after now + lead. */
	KUNIT_EXPECT_EQ(test, srt_first_deadline(D + 10, P, 100, true, D, 0),
			D + P);
	KUNIT_EXPECT_EQ(test, srt_first_deadline(D + P - 100, P, 100, true,
						 D, 0), D + P);
	KUNIT_EXPECT_EQ(test, srt_first_deadline(D + P - 99, P, 100, true,
						 D, 0), D + 2 * P);
	/* With a phase offset. */
	KUNIT_EXPECT_EQ(test, srt_first_deadline(D + 10, P, 100, true, D,
						 300), D + 300);
	/* Epoch in the future: the epoch itself. */
	KUNIT_EXPECT_EQ(test, srt_first_deadline(10, P, 100, true, D, 0), D);
}

static struct kunit_case srt_timing_cases[] = {
	KUNIT_CASE_PARAM(srt_test_periods_passed, srt_passed_gen_params),
	KUNIT_CASE(srt_test_on_time),
	KUNIT_CASE(srt_test_on_time_bounds),
	KUNIT_CASE(srt_test_overrun),
	KUNIT_CASE(srt_test_budget),
	KUNIT_CASE(srt_test_late_start),
	KUNIT_CASE(srt_test_clock_back),
	KUNIT_CASE(srt_test_first_deadline),
	{}
};

static struct kunit_suite srt_timing_suite = {
	.name = "shieldrt_timing",
	.test_cases = srt_timing_cases,
};

kunit_test_suites(&srt_timing_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("shieldrt KUnit suites");
