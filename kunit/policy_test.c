// SPDX-License-Identifier: GPL-2.0
/* shieldrt_policy: skip, catchup and safe decisions. */
#include <kunit/test.h>
#include "policy.h"

#define D	1000000ULL
#define P	1000ULL

static void srt_live_for(struct srt_live *l, u32 policy)
{
	memset(l, 0, sizeof(*l));
	l->policy = policy;
	l->safe_after = 3;
	l->catchup_max = 10;
}

/* Decide for a cycle at @deadline that ended at @end. */
static void srt_step(struct srt_live *l, struct srt_policy_state *st,
		     u64 deadline, u64 end, u64 budget,
		     struct srt_decision *d)
{
	struct srt_timing t;

	srt_timing_eval(deadline, P, budget, deadline, end, &t);
	srt_policy_decide(l, st, deadline, P, &t, d);
}

static void srt_test_on_time(struct kunit *test)
{
	struct srt_policy_state st = { .consecutive = 2 };
	struct srt_decision d;
	struct srt_live l;

	srt_live_for(&l, SHIELDRT_POLICY_SKIP);
	srt_step(&l, &st, D, D + 10, 0, &d);
	KUNIT_EXPECT_EQ(test, d.next_deadline, D + P);
	KUNIT_EXPECT_EQ(test, d.missed, 0ULL);
	KUNIT_EXPECT_EQ(test, st.consecutive, 0U);
}

/* Every policy decides the same for a cycle in time, whatever came before. */
static void srt_test_on_time_any_policy(struct kunit *test)
{
	static const u32 policies[] = { SHIELDRT_POLICY_SKIP,
					SHIELDRT_POLICY_CATCHUP,
					SHIELDRT_POLICY_SAFE };
	u32 i;

	for (i = 0; i < ARRAY_SIZE(policies); i++) {
		struct srt_policy_state st = { .consecutive = 2 };
		struct srt_decision d = { .missed = 3, .behind = 5,
					  .enter_safe = true };
		struct srt_live l;

		srt_live_for(&l, policies[i]);
		srt_step(&l, &st, D, D + P, 0, &d);
		KUNIT_EXPECT_EQ(test, d.next_deadline, D + P);
		KUNIT_EXPECT_EQ(test, d.missed, 0ULL);
		KUNIT_EXPECT_EQ(test, d.behind, 0ULL);
		KUNIT_EXPECT_FALSE(test, d.enter_safe);
		KUNIT_EXPECT_EQ(test, st.consecutive, 0U);
		KUNIT_EXPECT_FALSE(test, st.safe);
	}
}

static void srt_test_skip(struct kunit *test)
{
	struct srt_policy_state st = {};
	struct srt_decision d;
	struct srt_live l;

	srt_live_for(&l, SHIELDRT_POLICY_SKIP);
	srt_step(&l, &st, D, D + 2 * P + 1, 0, &d);
	/* D+P and D+2P passed: skipped, the next is D+3P (phase kept). */
	KUNIT_EXPECT_EQ(test, d.missed, 2ULL);
	KUNIT_EXPECT_EQ(test, d.next_deadline, D + 3 * P);
	KUNIT_EXPECT_EQ(test, d.behind, 0ULL);
	KUNIT_EXPECT_EQ(test, st.consecutive, 1U);
	KUNIT_EXPECT_FALSE(test, d.enter_safe);
}

static void srt_test_catchup(struct kunit *test)
{
	struct srt_policy_state st = {};
	struct srt_decision d;
	struct srt_live l;

	srt_live_for(&l, SHIELDRT_POLICY_CATCHUP);
	srt_step(&l, &st, D, D + 2 * P + 1, 0, &d);
	KUNIT_EXPECT_EQ(test, d.missed, 0ULL);
	KUNIT_EXPECT_EQ(test, d.next_deadline, D + P);
	KUNIT_EXPECT_EQ(test, d.behind, 2ULL);
}

static void srt_test_catchup_cap(struct kunit *test)
{
	struct srt_policy_state st = {};
	struct srt_decision d;
	struct srt_live l;

	srt_live_for(&l, SHIELDRT_POLICY_CATCHUP);
	/* 15 deadlines behind with a cap of 10: 5 are dropped. */
	srt_step(&l, &st, D, D + 15 * P + 1, 0, &d);
	KUNIT_EXPECT_EQ(test, d.missed, 5ULL);
	KUNIT_EXPECT_EQ(test, d.behind, 10ULL);
	KUNIT_EXPECT_EQ(test, d.next_deadline, D + 6 * P);
}

static void srt_test_safe_after_n(struct kunit *test)
{
	struct srt_policy_state st = {};
	struct srt_decision d;
	struct srt_live l;
	u64 dl = D;

	srt_live_for(&l, SHIELDRT_POLICY_SAFE);
	srt_step(&l, &st, dl, dl + P + 1, 0, &d);	/* overrun 1 */
	KUNIT_EXPECT_FALSE(test, d.enter_safe);
	dl = d.next_deadline;
	srt_step(&l, &st, dl, dl + P + 1, 0, &d);	/* overrun 2 */
	KUNIT_EXPECT_FALSE(test, d.enter_safe);
	dl = d.next_deadline;
	srt_step(&l, &st, dl, dl + 10, 0, &d);		/* clean: reset */
	KUNIT_EXPECT_EQ(test, st.consecutive, 0U);
	dl = d.next_deadline;
	srt_step(&l, &st, dl, dl + P + 1, 0, &d);
	dl = d.next_deadline;
	srt_step(&l, &st, dl, dl + P + 1, 0, &d);
	KUNIT_EXPECT_FALSE(test, d.enter_safe);
	dl = d.next_deadline;
	/* A budget overrun counts as well: third in a row. */
	srt_step(&l, &st, dl, dl + 500, 400, &d);
	KUNIT_EXPECT_TRUE(test, d.enter_safe);
	KUNIT_EXPECT_TRUE(test, st.safe);
	KUNIT_EXPECT_EQ(test, st.consecutive, 3U);
	/* Already safe: not entered a second time. */
	dl = d.next_deadline;
	srt_step(&l, &st, dl, dl + P + 1, 0, &d);
	KUNIT_EXPECT_FALSE(test, d.enter_safe);
	KUNIT_EXPECT_TRUE(test, st.safe);
}

static void srt_test_resume(struct kunit *test)
{
	struct srt_policy_state st = { .consecutive = 7, .safe = true };
	struct srt_decision d;
	struct srt_live l;

	srt_policy_resume(&st);
	KUNIT_EXPECT_FALSE(test, st.safe);
	KUNIT_EXPECT_EQ(test, st.consecutive, 0U);
	/* After resume it takes safe_after new overruns again. */
	srt_live_for(&l, SHIELDRT_POLICY_SAFE);
	srt_step(&l, &st, D, D + P + 1, 0, &d);
	srt_step(&l, &st, D, D + P + 1, 0, &d);
	KUNIT_EXPECT_FALSE(test, st.safe);
	srt_step(&l, &st, D, D + P + 1, 0, &d);
	KUNIT_EXPECT_TRUE(test, st.safe);
}

static void srt_test_skip_policy_never_safe(struct kunit *test)
{
	struct srt_policy_state st = {};
	struct srt_decision d;
	struct srt_live l;
	int i;

	srt_live_for(&l, SHIELDRT_POLICY_SKIP);
	for (i = 0; i < 10; i++)
		srt_step(&l, &st, D, D + P + 1, 0, &d);
	KUNIT_EXPECT_FALSE(test, st.safe);
	KUNIT_EXPECT_EQ(test, st.consecutive, 10U);
}

/* Every period is either run or counted missed, under every policy. */
static void srt_test_accounting(struct kunit *test)
{
	static const u64 work[] = { 10, 2500, 30, 900, 1001, 7000, 5, 5, 0 };
	u32 policy;

	for (policy = 0; policy < SRT_NR_POLICIES; policy++) {
		struct srt_policy_state st = {};
		struct srt_decision d;
		struct srt_live l;
		u64 dl = D, now = D, runs = 0, missed = 0;
		unsigned int i;

		srt_live_for(&l, policy);
		l.catchup_max = 2;
		for (i = 0; i < ARRAY_SIZE(work); i++) {
			u64 start = max(now, dl);

			now = start + work[i];
			srt_step(&l, &st, dl, now, 0, &d);
			runs++;
			missed += d.missed;
			dl = d.next_deadline;
		}
		KUNIT_EXPECT_EQ_MSG(test, runs + missed, div64_u64(dl - D, P),
				    "policy %s", srt_policy_names[policy]);
	}
}

static struct kunit_case srt_policy_cases[] = {
	KUNIT_CASE(srt_test_on_time),
	KUNIT_CASE(srt_test_on_time_any_policy),
	KUNIT_CASE(srt_test_skip),
	KUNIT_CASE(srt_test_catchup),
	KUNIT_CASE(srt_test_catchup_cap),
	KUNIT_CASE(srt_test_safe_after_n),
	KUNIT_CASE(srt_test_resume),
	KUNIT_CASE(srt_test_skip_policy_never_safe),
	KUNIT_CASE(srt_test_accounting),
	{}
};

static struct kunit_suite srt_policy_suite = {
	.name = "shieldrt_policy",
	.test_cases = srt_policy_cases,
};

kunit_test_suites(&srt_policy_suite);
