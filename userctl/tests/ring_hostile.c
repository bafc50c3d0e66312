// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel side of the data plane (include/shieldrt_dataplane.h, built
 * for user space) fed with hostile regions: impossible heads/tails, bad
 * indices, NaN/Inf, unknown flags, late entries, a scrambled mailbox index
 * and random bytes everywhere.  Every case must be counted and skipped, never
 * applied and never followed out of bounds (built with ASan/UBSan too).
 */
#include <math.h>

#include "ring_common.h"

#define NIN 3

struct bed {
	struct srt_dp dp;
	struct srt_dp_geom g;
	struct shieldrt_offsets off;
	struct srt_signals sig;
	void *mem;
	u64 cyc;
};

static void bed_init(struct bed *b)
{
	memset(b, 0, sizeof(*b));
	default_geom(&b->g, NIN, 2, 8, 8);
	b->mem = fake_region(&b->dp, &b->g, &b->off);
	b->sig.n_in = NIN;
	b->sig.n_out = 2;
}

static void bed_cycle(struct bed *b)
{
	struct srt_cycle_sample s = { .cycle = b->cyc };

	srt_dp_cycle_in(&b->dp, b->cyc, &b->sig);
	srt_dp_cycle_out(&b->dp, &s, &b->sig);
	b->cyc++;
}

static struct shieldrt_slot *cmd_at(struct bed *b, u32 idx)
{
	return srt_at(b->mem, b->off.cmd_entries, b->off.cmd_stride,
		      idx & (b->off.cmd_size - 1));
}

/* Write one command entry at the user's tail position and publish it. */
static void push_cmd(struct bed *b, u64 key, u32 mask, u32 flags, u64 v)
{
	u32 tail = (*b->dp.cmd_tailp);
	struct shieldrt_slot *e = cmd_at(b, tail);
	u32 i;

	e->key = key;
	e->mask = mask;
	e->flags = flags;
	for (i = 0; i < NIN; i++)
		e->value[i] = v;
	(*b->dp.cmd_tailp) = tail + 1;
}

static struct shieldrt_slot *mbox_slot(struct bed *b, u32 idx)
{
	return srt_at(b->mem, b->off.mbox_slots, b->off.mbox_stride, idx);
}

static void push_mbox(struct bed *b, u32 mask, u32 flags, u64 v)
{
	struct shieldrt_slot *s = mbox_slot(b, b->dp.mbox->writer_back);
	u32 i;

	s->key = 77;
	s->mask = mask;
	s->flags = flags;
	for (i = 0; i < NIN; i++)
		s->value[i] = v;
	b->dp.mbox->writer_back =
		srt_xchg(&b->dp.mbox->middle, b->dp.mbox->writer_back |
			 SHIELDRT_MBOX_FRESH) & SHIELDRT_MBOX_IDX;
}

static int inputs_are(struct bed *b, double want)
{
	u32 i;

	for (i = 0; i < NIN; i++)
		if (b->sig.in[i] != dbits(want))
			return 0;
	return 1;
}

struct cmd_case {
	const char *desc;
	u64 key_delta;		/* added to the current cycle (wraps: late) */
	u32 mask;
	u32 flags;
	double value;
	size_t counter;		/* offsetof(struct shieldrt_stats, ...) */
};

#define CTR(f) offsetof(struct shieldrt_stats, f)
static const struct cmd_case cmd_cases[] = {
	{ "valid entry applies", 0, 7, 0, 2.5, CTR(cmd_applied) },
	{ "index beyond n_in", 0, 1U << NIN, 0, 1.0, CTR(cmd_rej_index) },
	{ "index 31", 0, 1U << 31, 0, 1.0, CTR(cmd_rej_index) },
	{ "NaN value", 0, 1, 0, NAN, CTR(cmd_rej_value) },
	{ "+Inf value", 0, 2, 0, INFINITY, CTR(cmd_rej_value) },
	{ "-Inf value", 0, 4, 0, -INFINITY, CTR(cmd_rej_value) },
	{ "unknown flag", 0, 1, 1U << 7, 1.0, CTR(cmd_rej_flags) },
	{ "unknown flag with NOW", 0, 1, SHIELDRT_CMD_NOW | 1U << 31, 1.0,
	  CTR(cmd_rej_flags) },
	{ "cycle already past", (u64)-1, 1, 0, 1.0, CTR(cmd_rej_late) },
	{ "NOW applies at once", 12345, 7, SHIELDRT_CMD_NOW, 4.0,
	  CTR(cmd_applied) },
};

static u64 ctr(const struct shieldrt_stats *st, size_t off)
{
	return *(const u64 *)((const char *)st + off);
}

static void test_cmd_cases(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cmd_cases); i++) {
		const struct cmd_case *c = &cmd_cases[i];
		struct bed b;
		u64 before;
		int applied = c->counter == CTR(cmd_applied);

		bed_init(&b);
		b.cyc = 10;
		bed_cycle(&b);		/* inputs 0.0 */
		before = ctr(&b.dp.st, c->counter);
		push_cmd(&b, b.cyc + c->key_delta, c->mask, c->flags,
			 dbits(c->value));
		bed_cycle(&b);
		tap_ok(ctr(&b.dp.st, c->counter) == before + 1 &&
		       srt_dp_cmd_head(&b.dp) == 1 &&
		       (applied ? inputs_are(&b, c->value) :
			inputs_are(&b, 0.0)),
		       "cmd: %s: counted once, %s", c->desc,
		       applied ? "applied" : "skipped, inputs unchanged");
		free(b.mem);
	}
}

static void test_cmd_timing(void)
{
	struct bed b;
	u64 start;

	bed_init(&b);
	b.cyc = 100;
	start = b.cyc;
	push_cmd(&b, start + 3, 7, SHIELDRT_CMD_MORE, dbits(1.0));
	push_cmd(&b, start + 4, 7, SHIELDRT_CMD_MORE, dbits(2.0));
	bed_cycle(&b);
	bed_cycle(&b);
	bed_cycle(&b);
	tap_ok(inputs_are(&b, 0.0) && srt_dp_cmd_head(&b.dp) == 0,
	       "cmd: entries wait for their cycle");
	bed_cycle(&b);
	tap_ok(inputs_are(&b, 1.0) && srt_dp_cmd_head(&b.dp) == 1,
	       "cmd: entry applied exactly at its cycle");
	bed_cycle(&b);
	tap_ok(inputs_are(&b, 2.0) && !b.dp.st.cmd_underruns,
	       "cmd: next entry at the next cycle, no underrun");
	bed_cycle(&b);
	bed_cycle(&b);
	tap_ok(b.dp.st.cmd_underruns == 2 && inputs_are(&b, 2.0),
	       "cmd: stream promised more, ring empty: 2 underruns, last value held");
	push_cmd(&b, b.cyc, 7, 0, dbits(3.0));
	bed_cycle(&b);
	bed_cycle(&b);
	tap_ok(b.dp.st.cmd_underruns == 2 && inputs_are(&b, 3.0),
	       "cmd: stream end (no MORE) stops underrun counting");
	free(b.mem);
}

static void test_cmd_corrupt(void)
{
	static const u32 bad_tails[] = { 9, 0xffffffffU, 0x80000000U, 1000 };
	size_t i;

	for (i = 0; i < 4; i++) {
		struct bed b;

		bed_init(&b);
		(*b.dp.cmd_tailp) = bad_tails[i];
		bed_cycle(&b);
		tap_ok(b.dp.st.cmd_corrupt == 1 &&
		       srt_dp_cmd_head(&b.dp) == bad_tails[i] &&
		       (*b.dp.cmd_headp) == bad_tails[i] && inputs_are(&b, 0.0),
		       "cmd: tail %#x with size 8: counted, resynchronized",
		       bad_tails[i]);
		push_cmd(&b, b.cyc, 1, 0, dbits(5.0));
		bed_cycle(&b);
		tap_ok(b.dp.st.cmd_applied == 1 && b.dp.st.cmd_corrupt == 1,
		       "cmd: ring usable again after the resync");
		free(b.mem);
	}
}

static void test_mbox_cases(void)
{
	struct bed b;

	bed_init(&b);
	push_mbox(&b, 5, 0, dbits(1.5));
	bed_cycle(&b);
	tap_ok(b.sig.in[0] == dbits(1.5) && b.sig.in[1] == 0 &&
	       b.sig.in[2] == dbits(1.5) && b.dp.st.mbox_updates == 1 &&
	       b.dp.mbox_seq == 77 && b.dp.mbox_cycle == 0,
	       "mbox: masked update applied, others untouched, seq/cycle");
	b.sig.in[1] = dbits(4.0);	/* another writer of the loop's inputs */
	bed_cycle(&b);
	bed_cycle(&b);
	tap_ok(b.sig.in[1] == dbits(4.0) && b.sig.in[0] == dbits(1.5),
	       "mbox: cycles without an update leave the inputs alone");
	push_mbox(&b, 1U << NIN, 0, dbits(9.0));
	bed_cycle(&b);
	push_mbox(&b, 3, 0, dbits(NAN));
	bed_cycle(&b);
	push_mbox(&b, 3, 1, dbits(9.0));
	bed_cycle(&b);
	tap_ok(b.dp.st.mbox_rej_index == 1 && b.dp.st.mbox_rej_value == 1 &&
	       b.dp.st.mbox_rej_flags == 1 && b.sig.in[0] == dbits(1.5),
	       "mbox: bad index, NaN, flags each counted, nothing applied");
	/* An update with one bad value in it applies none of it. */
	b.dp.mbox->writer_back = 2;
	{
		struct shieldrt_slot *s;
		u32 back = b.dp.mbox->writer_back;

		s = mbox_slot(&b, back);
		s->mask = 3;
		s->flags = 0;
		s->value[0] = dbits(8.0);
		s->value[1] = dbits(INFINITY);
		srt_xchg(&b.dp.mbox->middle, back | SHIELDRT_MBOX_FRESH);
	}
	bed_cycle(&b);
	tap_ok(b.dp.st.mbox_rej_value == 2 && b.sig.in[0] == dbits(1.5),
	       "mbox: a set with one Inf is rejected whole");
	b.dp.mbox->middle = 3 | SHIELDRT_MBOX_FRESH;
	bed_cycle(&b);
	b.dp.mbox->middle = 0xffffffffU;
	bed_cycle(&b);
	tap_ok(b.dp.st.mbox_corrupt == 2 && b.dp.mbox_front <= 2 &&
	       b.sig.in[0] == dbits(1.5),
	       "mbox: impossible middle index counted twice, front stays in 0..2");
	b.dp.mbox->middle = 0;
	b.dp.mbox->writer_back = 1;
	push_mbox(&b, 1, 0, dbits(6.0));
	bed_cycle(&b);
	tap_ok(b.sig.in[0] == dbits(6.0), "mbox: usable again afterwards");
	free(b.mem);
}

static void test_tel_corrupt(void)
{
	struct bed b;
	u32 i;

	bed_init(&b);
	for (i = 0; i < 8; i++)
		bed_cycle(&b);
	bed_cycle(&b);
	tap_ok(b.dp.st.tel_records == 8 && b.dp.st.tel_drops == 1 &&
	       !b.dp.st.tel_corrupt, "tel: full ring drops and counts");
	(*b.dp.tel_headp) = b.dp.tel_tail + 5;	/* head ahead of tail */
	bed_cycle(&b);
	(*b.dp.tel_headp) = b.dp.tel_tail - 100;	/* head far behind */
	bed_cycle(&b);
	tap_ok(b.dp.st.tel_corrupt == 2 && b.dp.st.tel_drops == 3 &&
	       b.dp.st.tel_records == 8,
	       "tel: impossible head counted as corrupt and dropped");
	(*b.dp.tel_headp) = b.dp.tel_tail;
	bed_cycle(&b);
	tap_ok(b.dp.st.tel_records == 9 &&
	       b.dp.st.tel_records + b.dp.st.tel_drops == b.dp.st.cycles,
	       "tel: records + drops = cycles after recovery");
	free(b.mem);
}

static void test_tel_decimation(void)
{
	struct bed b;
	u32 i;

	memset(&b, 0, sizeof(b));
	default_geom(&b.g, NIN, 2, 8, 64);
	b.g.tel_decimation = 10;
	b.mem = fake_region(&b.dp, &b.g, &b.off);
	b.sig.n_in = NIN;
	for (i = 0; i < 95; i++)
		bed_cycle(&b);
	tap_ok(b.dp.st.tel_records == 10 && b.dp.st.cycles == 95,
	       "tel: decimation 10 over 95 cycles writes 10 records");
	free(b.mem);
}

/*
 * A region for n inputs and 2 outputs, mapped as a feeder maps it, and
 * zeroed signals to match.  NULL if the map is refused.
 */
static void *sized_bed(u32 n, struct srt_dp *dp, struct srt_map *m,
		       struct srt_signals *sig)
{
	struct shieldrt_offsets off;
	struct srt_dp_geom g;
	void *mem;

	default_geom(&g, n, 2, 8, 64);
	mem = fake_region(dp, &g, &off);
	if (srt_map_init(m, mem, &off)) {
		free(mem);
		return NULL;
	}
	memset(sig, 0, sizeof(*sig));
	sig->n_in = n;
	sig->n_out = 2;
	return mem;
}

/*
 * Every straight-path size, by the mailbox and by a command entry: an
 * update of every input with one NaN or infinity anywhere is rejected
 * whole and counted, a finite one applied whole, and the inputs past n_in
 * are never written.
 */
static int take_size_ok(u32 n)
{
	static const u64 bad[] = {
		0x7ff8000000000000ULL,	/* NaN */
		0x7ff0000000000000ULL,	/* +Inf */
		0xfff0000000000000ULL,	/* -Inf */
		0xfff0000000000001ULL,	/* a negative NaN */
	};
	const u32 all = n >= 32 ? ~0U : (1U << n) - 1;
	struct srt_cycle_sample smp = { 0 };
	struct shieldrt_stats st;
	struct srt_signals sig, was;
	struct shieldrt_slot *e;
	struct srt_dp dp;
	struct srt_map m;
	u64 v[SHIELDRT_MAX_SIGNALS], cyc = 0;
	u32 pos, k, i, cmd;
	void *mem;
	int ok = 1;

	mem = sized_bed(n, &dp, &m, &sig);
	if (!mem)
		return 0;
	for (k = 0; k <= n * ARRAY_SIZE(bad); k++) {
		/* the last round is all finite */
		for (i = 0; i < n; i++)
			v[i] = dbits(k * 0.25 + i - 7.5);
		if (k < n * ARRAY_SIZE(bad)) {
			pos = k % n;
			v[pos] = bad[k / n];
		}
		for (cmd = 0; cmd < 2; cmd++) {
			if (cmd) {
				e = srt_cmd_slot(&m, 0);
				e->key = cyc;
				e->mask = all;
				e->flags = 0;
				memcpy(e->value, v, n * sizeof(u64));
				srt_cmd_commit(&m, 1);
			} else {
				srt_mbox_write(&m, all, v);
			}
			was = sig;
			st = dp.st;
			smp.cycle = cyc;
			srt_dp_cycle_in(&dp, cyc, &sig);
			srt_dp_cycle_out(&dp, &smp, &sig);
			cyc++;
			if (k < n * ARRAY_SIZE(bad))
				ok &= !memcmp(&sig, &was, sizeof(sig)) &&
				      (cmd ? dp.st.cmd_rej_value ==
					     st.cmd_rej_value + 1 :
					     dp.st.mbox_rej_value ==
					     st.mbox_rej_value + 1);
			else
				ok &= !memcmp(sig.in, v, n * sizeof(u64)) &&
				      (cmd ? dp.st.cmd_applied ==
					     st.cmd_applied + 1 :
					     dp.st.mbox_updates ==
					     st.mbox_updates + 1);
			for (i = n; i < SHIELDRT_MAX_SIGNALS; i++)
				ok &= !sig.in[i];
		}
	}
	free(mem);
	return ok;
}

static void test_take_sizes(void)
{
	static const u32 sizes[] = { 1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 31, 32 };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		tap_ok(take_size_ok(sizes[i]),
		       "take: %u inputs: a NaN or Inf anywhere rejects the whole update, a finite one applies whole",
		       sizes[i]);
}

/*
 * A mailbox set and command entries for every input in the same cycle:
 * applied in order (a later full set replaces an earlier one), and a
 * rejected or waiting entry leaves the mailbox's set applied.  n inputs:
 * four take the straight path, the others are staged.
 */
struct both_case {
	const char *desc;
	u64 mbox, cmd;		/* value bits of every input; 0: none sent */
	u64 key_delta;		/* added to the cycle (wraps: late) */
	u32 cmd_mask;		/* 0: every input */
	u64 cmd2;		/* a second entry for input 0; 0: none */
	u64 want, want0;	/* every input; input 0 */
	size_t counter;		/* incremented by the command */
};
/* a waiting entry: no command counter moves */
#define NO_CTR ((size_t)-1)

static const struct both_case both_cases[] = {
	{ "both finite: the command's set", 0x4000000000000000ULL,
	  0x4008000000000000ULL, 0, 0, 0, 0x4008000000000000ULL,
	  0x4008000000000000ULL, CTR(cmd_applied) },
	{ "command NaN: the mailbox's set", 0x4000000000000000ULL,
	  0x7ff8000000000000ULL, 0, 0, 0, 0x4000000000000000ULL,
	  0x4000000000000000ULL, CTR(cmd_rej_value) },
	{ "mailbox -Inf: the command's set", 0xfff0000000000000ULL,
	  0x4008000000000000ULL, 0, 0, 0, 0x4008000000000000ULL,
	  0x4008000000000000ULL, CTR(cmd_applied) },
	{ "command for input 0 only: on top of the mailbox's",
	  0x4000000000000000ULL, 0x4010000000000000ULL, 0, 1, 0,
	  0x4000000000000000ULL, 0x4010000000000000ULL, CTR(cmd_applied) },
	{ "command waits: the mailbox's set", 0x4000000000000000ULL,
	  0x4008000000000000ULL, 5, 0, 0, 0x4000000000000000ULL,
	  0x4000000000000000ULL, NO_CTR },
	{ "command late: the mailbox's set", 0x4000000000000000ULL,
	  0x4008000000000000ULL, (u64)-1, 0, 0, 0x4000000000000000ULL,
	  0x4000000000000000ULL, CTR(cmd_rej_late) },
	{ "two entries, every input then input 0", 0x4000000000000000ULL,
	  0x4008000000000000ULL, 0, 0, 0x4014000000000000ULL,
	  0x4008000000000000ULL, 0x4014000000000000ULL, CTR(cmd_applied) },
};

static int both_ok(u32 n, const struct both_case *c)
{
	const u32 all = n >= 32 ? ~0U : (1U << n) - 1;
	struct srt_cycle_sample smp = { 0 };
	struct shieldrt_stats st;
	struct shieldrt_slot *e;
	struct srt_signals sig;
	struct srt_dp dp;
	struct srt_map m;
	u64 v[SHIELDRT_MAX_SIGNALS];
	u32 i, k;
	void *mem;
	int ok = 1;

	mem = sized_bed(n, &dp, &m, &sig);
	if (!mem)
		return 0;
	/* cycle 0: a set of 1.0 everywhere, so "unchanged" is visible */
	for (i = 0; i < n; i++)
		v[i] = dbits(1.0);
	srt_mbox_write(&m, all, v);
	srt_dp_cycle_in(&dp, 0, &sig);
	srt_dp_cycle_out(&dp, &smp, &sig);
	for (i = 0; i < n; i++)
		v[i] = c->mbox;
	srt_mbox_write(&m, all, v);
	for (k = 0; k < 1 + !!c->cmd2; k++) {
		e = srt_cmd_slot(&m, k);
		e->key = 1 + (k ? 0 : c->key_delta);
		e->mask = k ? 1 : c->cmd_mask ? c->cmd_mask : all;
		e->flags = 0;
		for (i = 0; i < n; i++)
			e->value[i] = k ? c->cmd2 : c->cmd;
	}
	srt_cmd_commit(&m, k);
	st = dp.st;
	smp.cycle = 1;
	srt_dp_cycle_in(&dp, 1, &sig);
	ok &= !dp.pending;
	srt_dp_cycle_out(&dp, &smp, &sig);
	ok &= sig.in[0] == c->want0;
	for (i = 1; i < n; i++)
		ok &= sig.in[i] == c->want;
	for (i = n; i < SHIELDRT_MAX_SIGNALS; i++)
		ok &= !sig.in[i];
	if (c->counter == NO_CTR)
		ok &= dp.st.cmd_applied == st.cmd_applied &&
		      dp.st.cmd_rej_late == st.cmd_rej_late &&
		      dp.st.cmd_underruns == st.cmd_underruns;
	else
		ok &= ctr(&dp.st, c->counter) > ctr(&st, c->counter);
	ok &= c->mbox >> 52 == 0xfff ?
	      dp.st.mbox_rej_value == st.mbox_rej_value + 1 :
	      dp.st.mbox_updates == st.mbox_updates + 1;
	free(mem);
	return ok;
}

static void test_mbox_and_cmd(void)
{
	static const u32 sizes[] = { 1, 3, 4, 9, 32 };
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		for (j = 0; j < ARRAY_SIZE(both_cases); j++)
			tap_ok(both_ok(sizes[i], &both_cases[j]),
			       "mailbox and command in one cycle, %u inputs: %s",
			       sizes[i], both_cases[j].desc);
}

/*
 * The live block and the stats follow the private truth every pub_mask + 1
 * cycles (8 at the bed's 100 us period), at once after a rejection, and
 * exactly after a flush.
 */
static void test_publication(void)
{
	struct shieldrt_stats st, want;
	struct shieldrt_live lv;
	struct bed b;
	u32 i, lag_max = 0;

	bed_init(&b);
	tap_ok(b.dp.pub_mask == 7, "pub: 100 us period republishes every 8th cycle (mask %u)",
	       b.dp.pub_mask);
	for (i = 0; i < 100; i++) {
		bed_cycle(&b);
		if (srt_stats_read(b.dp.stats, &st))
			break;
		if (b.dp.st.cycles - st.cycles > lag_max)
			lag_max = b.dp.st.cycles - st.cycles;
	}
	tap_ok(i == 100 && lag_max == b.dp.pub_mask,
	       "pub: the stats lag the truth by at most %u cycles (saw %u)",
	       b.dp.pub_mask, lag_max);
	bed_cycle(&b);
	push_cmd(&b, 0, 1, 0, dbits(1.0));	/* key 0: long past, rejected */
	bed_cycle(&b);
	tap_ok(!srt_stats_read(b.dp.stats, &st) && st.cmd_rej_late == 1 &&
	       st.cycles == b.dp.st.cycles,
	       "pub: a rejection is published in its own cycle");
	bed_cycle(&b);
	srt_dp_flush(&b.dp);
	memset(&st, 0, sizeof(st));
	memset(&want, 0, sizeof(want));
	srt_stats_copy(&want, &b.dp.st);
	tap_ok(!srt_stats_read(b.dp.stats, &st) &&
	       !srt_live_read(&b.dp.hdr->live, &lv) &&
	       !memcmp(&st.cycles, &want.cycles,
		       sizeof(st) - offsetof(struct shieldrt_stats, cycles)) &&
	       lv.cycle == b.dp.cycle,
	       "pub: after a flush the region matches the private state");
	free(b.mem);
}

/*
 * The feed's words (mailbox seq and cycle, updates, commands applied) are
 * left alone until something feeds the loop, then published with the
 * next due publication like the rest, not only at the 2^10 refresh.
 */
static void test_publication_feed(void)
{
	struct shieldrt_stats st;
	struct shieldrt_live lv;
	struct bed b;
	bool read_ok;
	u32 i;

	bed_init(&b);
	for (i = 0; i < 20; i++)
		bed_cycle(&b);
	tap_ok(!srt_stats_read(b.dp.stats, &st) &&
	       !srt_live_read(&b.dp.hdr->live, &lv) && !b.dp.fed &&
	       st.cycles && !st.mbox_updates && !st.cmd_applied &&
	       !lv.mbox_seq && !lv.mbox_cycle,
	       "pub: a loop nobody fed publishes its cycles, the feed's words stay 0");
	push_mbox(&b, 1, 0, dbits(2.0));
	bed_cycle(&b);				/* cycle 20: the update */
	push_cmd(&b, b.cyc, 1, 0, dbits(3.0));
	bed_cycle(&b);				/* cycle 21: the command */
	for (i = 0; i <= b.dp.pub_mask; i++)
		bed_cycle(&b);
	memset(&st, 0, sizeof(st));
	memset(&lv, 0, sizeof(lv));
	read_ok = !srt_stats_read(b.dp.stats, &st) &&
		  !srt_live_read(&b.dp.hdr->live, &lv);
	tap_ok(read_ok && st.mbox_updates == 1 && st.cmd_applied == 1 &&
	       lv.mbox_seq == 77 && lv.mbox_cycle == 20 &&
	       b.cyc < 1024,
	       "pub: once fed, the mailbox and the commands show within one publication (updates %llu, applied %llu, seq %llu, cycle %llu)",
	       (unsigned long long)st.mbox_updates,
	       (unsigned long long)st.cmd_applied,
	       (unsigned long long)lv.mbox_seq,
	       (unsigned long long)lv.mbox_cycle);
	free(b.mem);
}

/* Random bytes over the whole region, every cycle, for a long time. */
static void test_scribble(unsigned long cycles)
{
	struct bed b;
	unsigned long i, bad = 0;
	u64 rej_before = 0;
	u32 j;

	bed_init(&b);
	srand(1);
	for (i = 0; i < cycles; i++) {
		unsigned char *p = b.mem;
		u64 n = b.off.region_size;

		if (i % 3 == 0) {
			for (j = 0; j < 64; j++)
				p[(u64)rand() % n] = rand();
		} else {
			/* target the words the kernel reads */
			(*b.dp.cmd_tailp) = rand() % 3 ? (*b.dp.cmd_tailp) + 1 :
				(u32)rand();
			(*b.dp.tel_headp) = rand();
			b.dp.mbox->middle = rand();
			cmd_at(&b, (*b.dp.cmd_tailp) - 1)->key = b.cyc +
				rand() % 3 - 1;
			cmd_at(&b, (*b.dp.cmd_tailp) - 1)->mask = rand();
		}
		bed_cycle(&b);
		for (j = 0; j < NIN; j++)
			if (!srt_bits_finite(b.sig.in[j]))
				bad++;
		if (b.dp.mbox_front > 2)
			bad++;
	}
	rej_before = b.dp.st.cmd_rej_index + b.dp.st.cmd_rej_value +
		b.dp.st.cmd_rej_flags + b.dp.st.cmd_rej_late +
		b.dp.st.cmd_corrupt + b.dp.st.mbox_corrupt +
		b.dp.st.mbox_rej_index + b.dp.st.mbox_rej_value +
		b.dp.st.mbox_rej_flags + b.dp.st.tel_corrupt;
	tap_ok(!bad, "scribble: %lu cycles, inputs always finite", cycles);
	tap_ok(rej_before > 0 && b.dp.st.cycles == cycles &&
	       b.dp.st.tel_records + b.dp.st.tel_drops == cycles,
	       "scribble: %llu rejections counted, records %llu + drops %llu = cycles",
	       (unsigned long long)rej_before,
	       (unsigned long long)b.dp.st.tel_records,
	       (unsigned long long)b.dp.st.tel_drops);
	free(b.mem);
}

/* Does [a, a + n) lie inside [lo, hi)? */
static int within(u64 a, u64 n, u64 lo, u64 hi)
{
	return a >= lo && a + n <= hi;
}

/*
 * What the kernel writes lies in [0, writable), what user space writes in
 * [writable, region_size), with no byte of one part on the other's pages.
 */
static void test_layout_split(u32 n_in, u32 n_out, u32 cmd, u32 tel)
{
	struct shieldrt_offsets off;
	struct srt_dp_geom g;
	u64 w, sz;

	default_geom(&g, n_in, n_out, cmd, tel);
	sz = srt_dp_layout(&g, &off, 4096);
	w = off.writable;
	tap_ok(sz && w % 4096 == 0 && w > 0 && w < sz &&
	       within(off.hdr, sizeof(struct shieldrt_hdr), 0, w) &&
	       within(off.stats, sizeof(struct shieldrt_stats), 0, w) &&
	       within(off.cmd_head, 64, 0, w) &&
	       within(off.tel_tail, 64, 0, w) &&
	       within(off.tel_entries, (u64)off.tel_size * off.tel_stride, 0,
		      w) &&
	       within(off.user, sizeof(struct shieldrt_user), w, sz) &&
	       within(off.mbox, sizeof(struct shieldrt_mbox), w, sz) &&
	       within(off.mbox_slots, 3ULL * off.mbox_stride, w, sz) &&
	       within(off.cmd_tail, 64, w, sz) &&
	       within(off.cmd_entries, (u64)off.cmd_size * off.cmd_stride, w,
		      sz) &&
	       within(off.tel_head, 64, w, sz),
	       "layout %u/%u, cmd %u, tel %u: kernel part [0, %llu) read-only, user part [%llu, %llu)",
	       n_in, n_out, cmd, tel, (unsigned long long)w,
	       (unsigned long long)w, (unsigned long long)sz);
}

static void test_layout(void)
{
	struct srt_dp_geom g;
	struct shieldrt_offsets off;
	u64 size;

	default_geom(&g, 4, 4, 1000, 64);
	tap_ok(!srt_dp_layout(&g, &off, 4096),
	       "layout: cmd size 1000 (not a power of two) refused");
	default_geom(&g, 4, 4, 2 * SHIELDRT_RING_MAX_ENTRIES, 64);
	tap_ok(!srt_dp_layout(&g, &off, 4096),
	       "layout: cmd size twice the ABI's limit refused");
	default_geom(&g, 4, 4, 64, 2 * SHIELDRT_RING_MAX_ENTRIES);
	tap_ok(!srt_dp_layout(&g, &off, 4096),
	       "layout: tel size twice the ABI's limit refused");
	default_geom(&g, 33, 4, 64, 64);
	tap_ok(!srt_dp_layout(&g, &off, 4096), "layout: 33 inputs refused");
	default_geom(&g, 2, 2, 64, 64);
	g.tel_sel[0] = 2;
	tap_ok(!srt_dp_layout(&g, &off, 4096),
	       "layout: telemetry of input 2 with 2 inputs refused");
	g.tel_sel[0] = SHIELDRT_SEL_OUT | 0x80;
	tap_ok(!srt_dp_layout(&g, &off, 4096),
	       "layout: telemetry of output 128 refused");
	default_geom(&g, 2, 2, 64, 64);
	g.tel_decimation = 0;
	tap_ok(!srt_dp_layout(&g, &off, 4096), "layout: decimation 0 refused");
	default_geom(&g, 4, 4, 1024, 4096);
	size = srt_dp_layout(&g, &off, 4096);
	tap_ok(size && size % 4096 == 0 && size == off.region_size &&
	       off.tel_entries + (u64)off.tel_size * off.tel_stride <=
	       off.region_size && off.cmd_head % 64 == 0 &&
	       off.cmd_tail % 64 == 0 && off.tel_head % 64 == 0 &&
	       off.tel_tail % 64 == 0,
	       "layout: page multiple, sections aligned and inside (%llu bytes)",
	       (unsigned long long)off.region_size);
	test_layout_split(1, 1, 1, 1);
	test_layout_split(4, 4, 1024, 4096);
	test_layout_split(32, 32, 65536, 65536);
	test_layout_split(32, 1, 1, 65536);
}

/*
 * The reader's srt_map_init() refuses offsets that would put a part of
 * the region outside it or off an 8-byte boundary (fuzz_ring found the
 * mailbox and ring control blocks unchecked, and records shorter than
 * their struct).
 */
static void test_map_init(void)
{
	static const struct {
		const char *desc;
		size_t field;
		u32 value;	/* 0: region_size - 8 */
	} refused[] = {
		{ "mailbox off an 8-byte boundary",
		  offsetof(struct shieldrt_offsets, mbox), 0x2c6 },
		{ "mailbox at the region's end",
		  offsetof(struct shieldrt_offsets, mbox), 0 },
		{ "command ring head at the region's end",
		  offsetof(struct shieldrt_offsets, cmd_head), 0 },
		{ "command ring tail at the region's end",
		  offsetof(struct shieldrt_offsets, cmd_tail), 0 },
		{ "telemetry ring head at the region's end",
		  offsetof(struct shieldrt_offsets, tel_head), 0 },
		{ "telemetry ring tail at the region's end",
		  offsetof(struct shieldrt_offsets, tel_tail), 0 },
		{ "user block at the region's end",
		  offsetof(struct shieldrt_offsets, user), 0 },
		{ "writable part past the region",
		  offsetof(struct shieldrt_offsets, writable), 0xfffff000U },
		{ "header past 4 GiB on a 32-bit sum",
		  offsetof(struct shieldrt_offsets, hdr), 0xfffffff8U },
		{ "telemetry stride below a record's size",
		  offsetof(struct shieldrt_offsets, tel_stride), 32 },
	};
	struct shieldrt_offsets off, bad;
	struct srt_map m;
	struct bed b;
	size_t i;
	u32 v;

	bed_init(&b);
	off = b.off;
	tap_ok(!srt_map_init(&m, b.mem, &off),
	       "map: the kernel's layout is accepted");
	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		bad = off;
		v = refused[i].value ? refused[i].value : off.region_size - 8;
		memcpy((char *)&bad + refused[i].field, &v, sizeof(v));
		tap_ok(srt_map_init(&m, b.mem, &bad) == -1, "map: %s refused",
		       refused[i].desc);
	}
	/* In a region said to be 4 GiB the ring fits: only the limit refuses. */
	bad = off;
	bad.region_size = 1ULL << 32;
	bad.cmd_size = 2 * SHIELDRT_RING_MAX_ENTRIES;
	tap_ok(srt_map_init(&m, b.mem, &bad) == -1,
	       "map: a command ring over the ABI's limit refused");
	free(b.mem);
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 200000;

	test_layout();
	test_map_init();
	test_cmd_cases();
	test_cmd_timing();
	test_cmd_corrupt();
	test_mbox_cases();
	test_take_sizes();
	test_mbox_and_cmd();
	test_tel_corrupt();
	test_tel_decimation();
	test_publication();
	test_publication_feed();
	test_scribble(n);
	return tap_done();
}
