// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite shieldrt_rfm: the reflective-memory window's pure part
 * (include/shieldrt_rfm.h, header-only): the layout against window
 * sizes, the reader's judgement of a block (fresh, stale, torn, gone,
 * refused) and the ages it keeps, the sequence's wrap, the histogram
 * buckets and quantiles, the phase against the epoch grid.  The accesses
 * themselves and their barriers run in the VMs (io-rfm, the two-node
 * demo).
 */
#include <kunit/test.h>
#include "shieldrt_rfm.h"

static void rfm_layout_fits(struct kunit *test)
{
	u64 end;

	/* 32 + 8 * 8 + 4 * 2 + 8 = 112 bytes, a copy every 128, two a block */
	KUNIT_EXPECT_EQ(test, srt_rfm_copy_size(8, 2), 128);
	KUNIT_EXPECT_EQ(test, srt_rfm_stride(8, 2), 256);
	KUNIT_EXPECT_EQ(test, srt_rfm_copy_size(1, 2), 64);
	KUNIT_EXPECT_EQ(test, srt_rfm_copy_size(2, 2), 64);	/* 64 bytes */
	KUNIT_EXPECT_EQ(test, srt_rfm_copy_size(2, 3), 128);	/* 68 bytes */
	KUNIT_EXPECT_EQ(test, srt_rfm_copy_size(32, 2), 320);
	KUNIT_EXPECT_EQ(test, srt_rfm_copy_size(32, 16), 384);
	KUNIT_EXPECT_EQ(test, srt_rfm_stride(32, 16), 768);
	KUNIT_EXPECT_EQ(test, srt_rfm_echo_off(8), 0x60);
	KUNIT_EXPECT_EQ(test, srt_rfm_check_off(8, 2), 0x68);
	KUNIT_EXPECT_EQ(test, srt_rfm_tail_off(8, 2), 0x6c);
	KUNIT_EXPECT_EQ(test, SRT_RFM_CHECK_WORDS(8, 2), 25);

	KUNIT_EXPECT_EQ(test, srt_rfm_layout(0, 2, 8, 1 << 20, &end), 0);
	KUNIT_EXPECT_EQ(test, end, 512);
	/* exactly the window: fits; one byte less: does not */
	KUNIT_EXPECT_EQ(test, srt_rfm_layout(0, 16, 32, 16 * 768, &end), 0);
	KUNIT_EXPECT_EQ(test, srt_rfm_layout(0, 16, 32, 16 * 768 - 1, &end),
			-ERANGE);
	/* at the end of a 1 MiB window: 2 blocks of 640 bytes */
	KUNIT_EXPECT_EQ(test, srt_rfm_layout((1 << 20) - 1280, 2, 32, 1 << 20,
					     &end), 0);
	KUNIT_EXPECT_EQ(test, srt_rfm_layout((1 << 20) - 1216, 2, 32, 1 << 20,
					     &end), -ERANGE);
	/* a base near 4 GiB does not wrap */
	KUNIT_EXPECT_EQ(test, srt_rfm_layout(0xffffffc0ULL, 2, 1, 1 << 20,
					     &end), -ERANGE);
	KUNIT_EXPECT_EQ(test, end, 0xffffffc0ULL + 256);
}

/* The reader takes the copy with the newer tail; 0 was never finished. */
static void rfm_newer_copy(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, srt_rfm_newer(0, 0), 0);
	KUNIT_EXPECT_EQ(test, srt_rfm_newer(1, 0), 0);
	KUNIT_EXPECT_EQ(test, srt_rfm_newer(0, 1), 1);
	KUNIT_EXPECT_EQ(test, srt_rfm_newer(7, 8), 1);
	KUNIT_EXPECT_EQ(test, srt_rfm_newer(8, 7), 0);
	/* modulo 2^32: after 0xffffffff the writer goes on at 1 */
	KUNIT_EXPECT_EQ(test, srt_rfm_newer(0xffffffff, 1), 1);
	KUNIT_EXPECT_EQ(test, srt_rfm_newer(1, 0xffffffff), 0);
	KUNIT_EXPECT_EQ(test, srt_rfm_newer(0xfffffffe, 0xffffffff), 1);
	/* a copy half a sequence space ahead is still taken as the newer */
	KUNIT_EXPECT_EQ(test, srt_rfm_newer(1, 0x80000000), 1);
}

static void rfm_layout_bad(struct kunit *test)
{
	u64 end;

	KUNIT_EXPECT_EQ(test, srt_rfm_layout(0, 1, 8, 1 << 20, &end), -EINVAL);
	KUNIT_EXPECT_EQ(test, srt_rfm_layout(0, 17, 8, 1 << 20, &end),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, srt_rfm_layout(0, 2, 0, 1 << 20, &end), -EINVAL);
	KUNIT_EXPECT_EQ(test, srt_rfm_layout(0, 2, 33, 1 << 20, &end),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, srt_rfm_layout(32, 2, 8, 1 << 20, &end),
			-EINVAL);
}

static struct srt_rfm_snap rfm_snap(u32 seq, u32 id, u32 count)
{
	struct srt_rfm_snap s = {
		.head = seq, .tail = seq, .node = SRT_RFM_MAGIC | id,
		.count = count,
	};

	return s;
}

static void rfm_judge_sequence(struct kunit *test)
{
	struct srt_rfm_peer p = {};
	struct srt_rfm_snap s;

	/* never written: gone, and the age counts from the bind */
	s = (struct srt_rfm_snap){};
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_GONE);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_GONE);
	KUNIT_EXPECT_EQ(test, p.age_cycles, 2);
	KUNIT_EXPECT_FALSE(test, p.seen);

	s = rfm_snap(7, 1, 4);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_FRESH);
	KUNIT_EXPECT_EQ(test, p.age_cycles, 0);
	KUNIT_EXPECT_EQ(test, p.last_seq, 7);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_STALE);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_STALE);
	KUNIT_EXPECT_EQ(test, p.age_cycles, 2);
	/* a jump forward is fresh (a writer may run faster) */
	s = rfm_snap(10, 1, 4);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_FRESH);
	KUNIT_EXPECT_EQ(test, p.age_cycles, 0);
	/* backwards: refused, nothing taken, the age grows */
	s = rfm_snap(9, 1, 4);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_BACKWARDS);
	KUNIT_EXPECT_EQ(test, p.last_seq, 10);
	KUNIT_EXPECT_EQ(test, p.age_cycles, 1);
	s = rfm_snap(11, 1, 4);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_FRESH);
}

static void rfm_judge_wrap(struct kunit *test)
{
	struct srt_rfm_peer p = {};
	struct srt_rfm_snap s = rfm_snap(0xfffffffeU, 2, 1);
	u32 seq = 0xfffffffeU;

	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 2, 1), SRT_RFM_FRESH);
	seq = srt_rfm_next_seq(seq);
	KUNIT_EXPECT_EQ(test, seq, 0xffffffffU);
	seq = srt_rfm_next_seq(seq);
	KUNIT_EXPECT_EQ(test, seq, 1);	/* 0 is skipped */
	s = rfm_snap(seq, 2, 1);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 2, 1), SRT_RFM_FRESH);
	s = rfm_snap(0xfffffffeU, 2, 1);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 2, 1), SRT_RFM_BACKWARDS);
}

static void rfm_judge_bad(struct kunit *test)
{
	struct srt_rfm_peer p = {};
	struct srt_rfm_snap s = rfm_snap(5, 1, 4);

	/* torn: head and tail differ, whatever else the block says */
	s.tail = 4;
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_TORN);
	s = rfm_snap(5, 1, 4);
	s.head = 0;
	s.node = 0;
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_TORN);
	/* another node's id in this slot, an id past the layout, no magic */
	s = rfm_snap(5, 2, 4);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_BADID);
	s = rfm_snap(5, 99, 4);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_BADID);
	s = rfm_snap(5, 1, 4);
	s.node = 1;
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_BADID);
	/* written, sequence 0, node word 0: not "gone", a bad id */
	s = rfm_snap(3, 1, 4);
	s.node = 0;
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_BADID);
	s = rfm_snap(5, 1, 3);
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 4), SRT_RFM_BADCOUNT);
	KUNIT_EXPECT_FALSE(test, p.seen);
	KUNIT_EXPECT_EQ(test, p.age_cycles, 7);
	KUNIT_EXPECT_STREQ(test, srt_rfm_state_name(SRT_RFM_BADCOUNT),
			   "badcount");
	KUNIT_EXPECT_STREQ(test, srt_rfm_state_name(SRT_RFM_NR_STATES), "?");
}

static void rfm_check_word(struct kunit *test)
{
	/* node 1, cycle 10, time 0, 1 signal (pi): computed off-line */
	u32 w[] = { SRT_RFM_MAGIC | 1, 10, 0, 0, 0, 1, 0,
		    0x54442D18, 0x400921FB };
	struct srt_rfm_peer p = {};
	struct srt_rfm_snap s = {
		.head = 7, .tail = 7, .node = w[0], .count = 1,
		.check = 0xeb8c5882,
	};

	KUNIT_EXPECT_EQ(test, srt_rfm_check(7, w, ARRAY_SIZE(w)), 0xeb8c5882);
	KUNIT_EXPECT_EQ(test, srt_rfm_check(0, w, 0), 0);
	KUNIT_EXPECT_EQ(test, srt_rfm_check(1, w, 0), 1);
	/* one word of another write (the signal's high half), or the same
	 * words under another sequence: a different check
	 */
	w[8] = 0x4005BF0A;
	KUNIT_EXPECT_NE(test, srt_rfm_check(7, w, ARRAY_SIZE(w)), 0xeb8c5882);
	w[8] = 0x400921FB;
	KUNIT_EXPECT_NE(test, srt_rfm_check(8, w, ARRAY_SIZE(w)), 0xeb8c5882);

	s.sum = srt_rfm_check(7, w, ARRAY_SIZE(w));
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 1), SRT_RFM_FRESH);
	s.head = s.tail = 8;
	s.sum = srt_rfm_check(8, w, ARRAY_SIZE(w));
	KUNIT_EXPECT_EQ(test, srt_rfm_judge(&p, &s, 1, 1), SRT_RFM_CORRUPT);
	KUNIT_EXPECT_EQ(test, p.last_seq, 7);
	KUNIT_EXPECT_EQ(test, p.age_cycles, 1);
	KUNIT_EXPECT_STREQ(test, srt_rfm_state_name(SRT_RFM_CORRUPT),
			   "corrupt");
}

static void rfm_buckets(struct kunit *test)
{
	u64 v;
	u32 i;

	for (v = 0; v < 8; v++)
		KUNIT_EXPECT_EQ(test, srt_rfm_bucket(v, 256), v);
	KUNIT_EXPECT_EQ(test, srt_rfm_bucket(8, 256), 8);
	KUNIT_EXPECT_EQ(test, srt_rfm_bucket(15, 256), 15);
	KUNIT_EXPECT_EQ(test, srt_rfm_bucket(16, 256), 16);
	KUNIT_EXPECT_EQ(test, srt_rfm_bucket(17, 256), 16);
	KUNIT_EXPECT_EQ(test, srt_rfm_bucket(18, 256), 17);
	KUNIT_EXPECT_EQ(test, srt_rfm_bucket(U64_MAX, 256), 255);
	KUNIT_EXPECT_EQ(test, srt_rfm_bucket(1000, 64), 63);
	/* every bucket's low end falls in it, the value below in the one before */
	for (i = 1; i < 256; i++) {
		KUNIT_EXPECT_EQ(test, srt_rfm_bucket(srt_rfm_bucket_low(i), 512), i);
		KUNIT_EXPECT_EQ(test,
				srt_rfm_bucket(srt_rfm_bucket_low(i) - 1, 512),
				i - 1);
	}
}

static void rfm_quantiles(struct kunit *test)
{
	u64 h[64] = {};
	u32 i;

	KUNIT_EXPECT_EQ(test, srt_rfm_quantile(h, 64, 0, 500), 0);
	/* 98 zeros, one 1, one 40 */
	h[0] = 98;
	h[1] = 1;
	h[srt_rfm_bucket(40, 64)] = 1;
	KUNIT_EXPECT_EQ(test, srt_rfm_quantile(h, 64, 100, 500), 0);
	KUNIT_EXPECT_EQ(test, srt_rfm_quantile(h, 64, 100, 980), 0);
	KUNIT_EXPECT_EQ(test, srt_rfm_quantile(h, 64, 100, 990), 1);
	/* 40 is in [40, 44): the top of its bucket */
	KUNIT_EXPECT_EQ(test, srt_rfm_quantile(h, 64, 100, 1000), 43);
	for (i = 0; i < 64; i++)
		h[i] = 0;
	h[srt_rfm_bucket(1000000, 64)] = 5;	/* past the last bucket */
	KUNIT_EXPECT_EQ(test, srt_rfm_quantile(h, 64, 5, 500),
			srt_rfm_bucket_low(64) - 1);
}

static void rfm_phase(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, srt_rfm_phase(1000000, 0, 1000), 0);
	KUNIT_EXPECT_EQ(test, srt_rfm_phase(1000001, 0, 1000), 1);
	KUNIT_EXPECT_EQ(test, srt_rfm_phase(1000499, 0, 1000), 499);
	KUNIT_EXPECT_EQ(test, srt_rfm_phase(1000500, 0, 1000), -500);
	KUNIT_EXPECT_EQ(test, srt_rfm_phase(1000999, 0, 1000), -1);
	/* before the epoch */
	KUNIT_EXPECT_EQ(test, srt_rfm_phase(999, 1000, 1000), -1);
	KUNIT_EXPECT_EQ(test, srt_rfm_phase(1, 1000, 1000), 1);
	KUNIT_EXPECT_EQ(test, srt_rfm_phase(0, 1000, 1000), 0);
	/* a TAI time of today, 50 us period */
	KUNIT_EXPECT_EQ(test, srt_rfm_phase(1764035000000012345ULL, 0, 50000),
			12345);
	KUNIT_EXPECT_EQ(test, srt_rfm_phase(5, 0, 0), 0);
}

static struct kunit_case rfm_cases[] = {
	KUNIT_CASE(rfm_layout_fits),
	KUNIT_CASE(rfm_layout_bad),
	KUNIT_CASE(rfm_newer_copy),
	KUNIT_CASE(rfm_judge_sequence),
	KUNIT_CASE(rfm_judge_wrap),
	KUNIT_CASE(rfm_judge_bad),
	KUNIT_CASE(rfm_check_word),
	KUNIT_CASE(rfm_buckets),
	KUNIT_CASE(rfm_quantiles),
	KUNIT_CASE(rfm_phase),
	{}
};

static struct kunit_suite rfm_suite = {
	.name = "shieldrt_rfm",
	.test_cases = rfm_cases,
};
kunit_test_suite(rfm_suite);
