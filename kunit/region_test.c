// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite shieldrt_region: the data plane's per-cycle work
 * (include/shieldrt_dataplane.h, header-only, so this module carries its
 * own copy) on a vmalloc'd region: mailbox, command ring timing,
 * telemetry drops and hostile values.
 */
#include <kunit/test.h>
#include <linux/mm.h>
#include <linux/vmalloc.h>
#include "shieldrt_dataplane.h"

#define NIN 3

struct rt_bed {
	struct srt_dp dp;
	struct shieldrt_offsets off;
	struct srt_signals sig;
	void *mem;
	u64 cyc;
};

static u64 one = 0x3ff0000000000000ULL;		/* 1.0 */
static u64 two = 0x4000000000000000ULL;		/* 2.0 */

static struct rt_bed *rt_bed_new(struct kunit *test, u32 cmd, u32 tel)
{
	struct rt_bed *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct srt_dp_geom g = { .n_in = NIN, .n_out = 2, .cmd_size = cmd,
				 .tel_size = tel, .tel_decimation = 1,
				 .tel_nsel = 2,
				 .tel_sel = { 0, SHIELDRT_SEL_OUT | 1 } };
	u64 size;

	KUNIT_ASSERT_NOT_NULL(test, b);
	size = srt_dp_layout(&g, &b->off, PAGE_SIZE);
	KUNIT_ASSERT_NE(test, size, 0);
	b->mem = vmalloc_user(size);
	KUNIT_ASSERT_NOT_NULL(test, b->mem);
	srt_dp_init(&b->dp, b->mem, &b->off, &g, "kunit", 100000);
	b->sig.n_in = NIN;
	b->sig.n_out = 2;
	return b;
}

static void rt_bed_free(struct rt_bed *b)
{
	vfree(b->mem);
}

static void rt_cycle(struct rt_bed *b)
{
	struct srt_cycle_sample s = { .cycle = b->cyc };

	srt_dp_cycle_in(&b->dp, b->cyc, &b->sig);
	srt_dp_cycle_out(&b->dp, &s, &b->sig);
	b->cyc++;
}

static struct shieldrt_slot *rt_cmd(struct rt_bed *b, u64 key, u32 mask,
				    u32 flags, u64 v)
{
	u32 tail = *b->dp.cmd_tailp;
	struct shieldrt_slot *e = srt_at(b->mem, b->off.cmd_entries,
					 b->off.cmd_stride,
					 tail & (b->off.cmd_size - 1));
	u32 i;

	e->key = key;
	e->mask = mask;
	e->flags = flags;
	for (i = 0; i < NIN; i++)
		e->value[i] = v;
	smp_store_release(b->dp.cmd_tailp, tail + 1);	/* [A1] */
	return e;
}

static void rt_mbox(struct rt_bed *b, u32 mask, u64 v)
{
	u32 back = b->dp.mbox->writer_back;
	struct shieldrt_slot *s = srt_at(b->mem, b->off.mbox_slots,
					 b->off.mbox_stride, back);
	u32 i;

	s->key = 5;
	s->mask = mask;
	s->flags = 0;
	for (i = 0; i < NIN; i++)
		s->value[i] = v;
	b->dp.mbox->writer_back = xchg(&b->dp.mbox->middle,
				       back | SHIELDRT_MBOX_FRESH) & 3;
}

static void region_mailbox(struct kunit *test)
{
	struct rt_bed *b = rt_bed_new(test, 8, 8);

	rt_cycle(b);
	rt_mbox(b, 0x5, one);
	rt_cycle(b);
	KUNIT_EXPECT_EQ(test, b->sig.in[0], one);
	KUNIT_EXPECT_EQ(test, b->sig.in[1], 0);
	KUNIT_EXPECT_EQ(test, b->sig.in[2], one);
	KUNIT_EXPECT_EQ(test, b->dp.mbox_cycle, 1);
	KUNIT_EXPECT_EQ(test, b->dp.st.mbox_updates, 1);
	/* no update: inputs another writer set stay (not re-applied) */
	b->sig.in[1] = two;
	rt_cycle(b);
	KUNIT_EXPECT_EQ(test, b->sig.in[1], two);
	KUNIT_EXPECT_EQ(test, b->sig.in[0], one);
	/* latest wins: two updates before a cycle, the second is seen */
	rt_mbox(b, 0x1, one);
	rt_mbox(b, 0x1, two);
	rt_cycle(b);
	KUNIT_EXPECT_EQ(test, b->sig.in[0], two);
	KUNIT_EXPECT_EQ(test, b->dp.st.mbox_updates, 2);
	rt_bed_free(b);
}

static void region_cmd_timing(struct kunit *test)
{
	struct rt_bed *b = rt_bed_new(test, 8, 8);

	b->cyc = 50;
	rt_cmd(b, 52, 0x7, SHIELDRT_CMD_MORE, one);
	rt_cmd(b, 53, 0x7, 0, two);
	rt_cycle(b);
	rt_cycle(b);
	KUNIT_EXPECT_EQ(test, b->sig.in[0], 0);
	rt_cycle(b);			/* cycle 52 */
	KUNIT_EXPECT_EQ(test, b->sig.in[1], one);
	rt_cycle(b);			/* cycle 53 */
	KUNIT_EXPECT_EQ(test, b->sig.in[2], two);
	KUNIT_EXPECT_EQ(test, b->dp.st.cmd_applied, 2);
	KUNIT_EXPECT_EQ(test, b->dp.st.cmd_underruns, 0);
	KUNIT_EXPECT_EQ(test, *b->dp.cmd_headp, 2);
	rt_bed_free(b);
}

static void region_underrun(struct kunit *test)
{
	struct rt_bed *b = rt_bed_new(test, 8, 8);

	rt_cmd(b, 0, 0x1, SHIELDRT_CMD_MORE, one);
	rt_cycle(b);
	rt_cycle(b);
	rt_cycle(b);
	KUNIT_EXPECT_EQ(test, b->dp.st.cmd_underruns, 2);
	rt_cmd(b, 1, 0x1, 0, two);	/* arrives late */
	rt_cycle(b);
	KUNIT_EXPECT_EQ(test, b->dp.st.cmd_rej_late, 1);
	KUNIT_EXPECT_EQ(test, b->sig.in[0], one);
	rt_bed_free(b);
}

static void region_tel_drops(struct kunit *test)
{
	struct rt_bed *b = rt_bed_new(test, 8, 4);
	int i;

	for (i = 0; i < 10; i++)
		rt_cycle(b);
	KUNIT_EXPECT_EQ(test, b->dp.st.tel_records, 4);
	KUNIT_EXPECT_EQ(test, b->dp.st.tel_drops, 6);
	/* The region's view: published at cycle 8 (every 8th at 100 us)... */
	KUNIT_EXPECT_EQ(test, b->dp.stats->tel_drops, 4);
	KUNIT_EXPECT_EQ(test, b->dp.stats->cycles, 8);
	/* ... and current after a flush, as when the loop stops. */
	srt_dp_flush(&b->dp);
	KUNIT_EXPECT_EQ(test, b->dp.stats->tel_drops, 6);
	KUNIT_EXPECT_EQ(test, b->dp.stats->cycles, 10);
	smp_store_release(b->dp.tel_headp, 4);		/* [D1] */
	rt_cycle(b);
	KUNIT_EXPECT_EQ(test, b->dp.st.tel_records, 5);
	rt_bed_free(b);
}

struct hostile_case {
	const char *desc;
	u32 mask;
	u32 flags;
	u64 value;
	size_t counter;
};

#define RT_CTR(f) offsetof(struct shieldrt_stats, f)
static const struct hostile_case hostile_cases[] = {
	{ "index beyond n_in", 1U << NIN, 0, 0x3ff0000000000000ULL,
	  RT_CTR(cmd_rej_index) },
	{ "index 31", 1U << 31, 0, 0x3ff0000000000000ULL,
	  RT_CTR(cmd_rej_index) },
	{ "quiet NaN", 1, 0, 0x7ff8000000000000ULL, RT_CTR(cmd_rej_value) },
	{ "+Inf", 1, 0, 0x7ff0000000000000ULL, RT_CTR(cmd_rej_value) },
	{ "-Inf", 1, 0, 0xfff0000000000000ULL, RT_CTR(cmd_rej_value) },
	{ "unknown flag", 1, 1U << 9, 0x3ff0000000000000ULL,
	  RT_CTR(cmd_rej_flags) },
};

static void hostile_desc(const struct hostile_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(hostile, hostile_cases, hostile_desc);

static void region_hostile_entry(struct kunit *test)
{
	const struct hostile_case *c = test->param_value;
	struct rt_bed *b = rt_bed_new(test, 8, 8);

	rt_cmd(b, 0, c->mask, c->flags, c->value);
	rt_cycle(b);
	KUNIT_EXPECT_EQ(test, *(u64 *)((char *)&b->dp.st + c->counter), 1);
	KUNIT_EXPECT_EQ(test, b->dp.st.cmd_applied, 0);
	KUNIT_EXPECT_EQ(test, b->sig.in[0], 0);
	KUNIT_EXPECT_EQ(test, srt_dp_cmd_head(&b->dp), 1);
	rt_bed_free(b);
}

static void region_hostile_indices(struct kunit *test)
{
	struct rt_bed *b = rt_bed_new(test, 8, 8);

	WRITE_ONCE(*b->dp.cmd_tailp, 0x80000000U);
	WRITE_ONCE(b->dp.mbox->middle, 0xffffffffU);
	WRITE_ONCE(*b->dp.tel_headp, 12345);
	rt_cycle(b);
	KUNIT_EXPECT_EQ(test, b->dp.st.cmd_corrupt, 1);
	KUNIT_EXPECT_EQ(test, srt_dp_cmd_head(&b->dp), 0x80000000U);
	KUNIT_EXPECT_EQ(test, b->dp.st.mbox_corrupt, 1);
	KUNIT_EXPECT_LE(test, b->dp.mbox_front, 2);
	KUNIT_EXPECT_EQ(test, b->dp.st.tel_corrupt, 1);
	KUNIT_EXPECT_EQ(test, b->dp.st.tel_drops, 1);
	KUNIT_EXPECT_EQ(test, b->dp.tel_tail, 0);
	rt_bed_free(b);
}

static void region_scribble(struct kunit *test)
{
	struct rt_bed *b = rt_bed_new(test, 8, 8);
	u32 i, j, x = 1;

	for (i = 0; i < 20000; i++) {
		u8 *p = b->mem;

		for (j = 0; j < 16; j++) {
			x = x * 1103515245 + 12345;
			p[(x >> 8) % b->off.region_size] = x >> 24;
		}
		rt_cycle(b);
		for (j = 0; j < NIN; j++)
			KUNIT_ASSERT_TRUE(test, srt_bits_finite(b->sig.in[j]));
	}
	KUNIT_EXPECT_EQ(test, b->dp.st.cycles, 20000);
	KUNIT_EXPECT_EQ(test, b->dp.st.tel_records + b->dp.st.tel_drops,
			20000);
	rt_bed_free(b);
}

static struct kunit_case region_cases[] = {
	KUNIT_CASE(region_mailbox),
	KUNIT_CASE(region_cmd_timing),
	KUNIT_CASE(region_underrun),
	KUNIT_CASE(region_tel_drops),
	KUNIT_CASE_PARAM(region_hostile_entry, hostile_gen_params),
	KUNIT_CASE(region_hostile_indices),
	KUNIT_CASE(region_scribble),
	{}
};

static struct kunit_suite region_suite = {
	.name = "shieldrt_region",
	.test_cases = region_cases,
};
kunit_test_suite(region_suite);
