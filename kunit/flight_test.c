// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_flight: the flight recorder's ring bookkeeping (kmod/
 * flightrec.h): where a trigger lands, when the ring freezes, and which
 * records the frozen window holds.
 */
#include <kunit/test.h>
#include "../kmod/flightrec.h"

struct srt_fr_case {
	u32 nr, post;
	u64 trigger;		/* record number of the trigger */
	u64 again;		/* a second trigger there (0: none) */
	u64 frozen_at;		/* records written when it froze */
	u32 count;		/* records in the window */
	u64 first;		/* record number of the oldest */
	u32 slot;		/* its slot */
	u64 before, after;
	u32 ignored;
	const char *desc;
};

static const struct srt_fr_case srt_fr_cases[] = {
	{ 16, 4, 3, 0, 8, 8, 0, 0, 3, 4, 0,
	  "trigger before the ring filled: the window starts at record 0" },
	{ 16, 4, 11, 0, 16, 16, 0, 0, 11, 4, 0,
	  "the window fills the ring exactly" },
	{ 16, 4, 40, 0, 45, 16, 29, 13, 11, 4, 0,
	  "after wrapping: the oldest is at the next slot" },
	{ 16, 0, 40, 0, 41, 16, 25, 9, 15, 0, 0,
	  "post=0: freezes on the trigger cycle itself" },
	{ 16, 15, 100, 0, 116, 16, 100, 4, 0, 15, 0,
	  "post=nr-1: the trigger is the oldest record" },
	{ 16, 4, 0, 0, 5, 5, 0, 0, 0, 4, 0,
	  "trigger on the very first cycle" },
	{ 16, 4, 40, 42, 45, 16, 29, 13, 11, 4, 1,
	  "a second trigger inside the window is only counted" },
	{ 1, 0, 7, 0, 8, 1, 7, 0, 0, 0, 0, "a ring of one" },
	{ 1024, 256, 5000, 5100, 5257, 1024, 4233, 137, 767, 256, 1,
	  "default size, long run" },
};

static void srt_fr_desc(const struct srt_fr_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_fr, srt_fr_cases, srt_fr_desc);

static void srt_test_fr_window(struct kunit *test)
{
	const struct srt_fr_case *c = test->param_value;
	struct srt_flight *fr = kunit_kzalloc(test, sizeof(*fr), GFP_KERNEL);
	u64 i, first, frozen_at = 0;
	u32 why, n, slot;

	KUNIT_ASSERT_NOT_NULL(test, fr);
	fr->nr = c->nr;
	fr->post = c->post;
	atomic_set(&fr->ignored, 0);
	/* Cycle numbers run 1000 ahead of record numbers. */
	for (i = 0; i < c->frozen_at + 50 && !frozen_at; i++) {
		why = i == c->trigger ? SHIELDRT_FLTRIG_OVERRUN :
		      c->again && i == c->again ? SHIELDRT_FLTRIG_SAFE : SHIELDRT_FLTRIG_NONE;
		KUNIT_ASSERT_EQ(test, fr->pos, (u32)(i % c->nr));
		if (srt_fr_advance(fr, why, i + 1000))
			frozen_at = fr->written;
	}
	KUNIT_EXPECT_EQ(test, frozen_at, c->frozen_at);
	KUNIT_EXPECT_EQ(test, fr->why, (u32)SHIELDRT_FLTRIG_OVERRUN);
	KUNIT_EXPECT_EQ(test, fr->trigger_cycle, c->trigger + 1000);
	KUNIT_EXPECT_EQ(test, fr->trigger_index, c->trigger);
	KUNIT_EXPECT_EQ(test, (u32)atomic_read(&fr->ignored), c->ignored);
	n = srt_fr_window(fr, &first, &slot);
	KUNIT_EXPECT_EQ(test, n, c->count);
	KUNIT_EXPECT_EQ(test, first, c->first);
	KUNIT_EXPECT_EQ(test, slot, c->slot);
	/* Record r sits in slot r % nr: the oldest one's slot agrees. */
	KUNIT_EXPECT_EQ(test, slot, (u32)(first % c->nr));
	KUNIT_EXPECT_EQ(test, fr->trigger_index - first, c->before);
	KUNIT_EXPECT_EQ(test, fr->written - 1 - fr->trigger_index, c->after);
}

/* No trigger: it never freezes, the window is the last nr records. */
static void srt_test_fr_no_trigger(struct kunit *test)
{
	struct srt_flight *fr = kunit_kzalloc(test, sizeof(*fr), GFP_KERNEL);
	u64 first;
	u32 slot;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, fr);
	fr->nr = 8;
	fr->post = 2;
	for (i = 0; i < 100; i++)
		KUNIT_ASSERT_FALSE(test, srt_fr_advance(fr, SHIELDRT_FLTRIG_NONE, i));
	KUNIT_EXPECT_FALSE(test, fr->triggered);
	KUNIT_EXPECT_EQ(test, srt_fr_window(fr, &first, &slot), 8U);
	KUNIT_EXPECT_EQ(test, first, 92ULL);
	KUNIT_EXPECT_EQ(test, slot, 4U);
}

static struct kunit_case srt_flight_cases[] = {
	KUNIT_CASE_PARAM(srt_test_fr_window, srt_fr_gen_params),
	KUNIT_CASE(srt_test_fr_no_trigger),
	{}
};

static struct kunit_suite srt_flight_suite = {
	.name = "shieldrt_flight",
	.test_cases = srt_flight_cases,
};

kunit_test_suites(&srt_flight_suite);
