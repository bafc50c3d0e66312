// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel side of the data plane (include/shieldrt_dataplane.h, as
 * userctl/tests/ring_common.h builds it for user space) against a hostile
 * region.  The input is a geometry and then a script of what user space
 * does between cycles: raw writes anywhere in the region (the input's
 * bytes become its contents), mailbox updates and command entries (well
 * formed or not), any value in the indices the kernel reads.  The region
 * is laid out on an 8-byte "page", so it ends with its last telemetry
 * record and the sanitizer sees any access past it.
 *
 * Properties, every cycle: a fresh mailbox is counted exactly once (an
 * update, a rejection or corruption), a stale one not at all; command
 * work is bounded and every entry is counted; inputs change only with a
 * counted update, stay finite, and inputs beyond n_in are never written;
 * the consumer index never passes the producer's; the mailbox front
 * stays in 0..2; every telemetry opportunity is a record or a drop, and a
 * record carries its cycle and the selected signals; the kernel's
 * private geometry never changes.  At the end the published stats are
 * the private ones.
 */
#include "ring_common.h"
#include "fuzz.h"

struct bed {
	struct srt_dp dp, geom;		/* geom: the private copy at init */
	struct srt_signals sig;
	struct shieldrt_offsets off;
	unsigned char *mem;
	u64 size, cycle, runs, opportunities;
};

static u64 sum_mbox(const struct shieldrt_stats *s)
{
	return s->mbox_updates + s->mbox_rej_index + s->mbox_rej_value +
	       s->mbox_rej_flags + s->mbox_corrupt;
}

static u64 sum_cmd(const struct shieldrt_stats *s)
{
	return s->cmd_applied + s->cmd_rej_index + s->cmd_rej_value +
	       s->cmd_rej_flags + s->cmd_rej_late;
}

/* The fields of struct srt_dp that are fixed at init. */
static bool same_geometry(const struct srt_dp *a, const struct srt_dp *b)
{
	return a->base == b->base && a->hdr == b->hdr && a->mbox == b->mbox &&
	       a->user == b->user && a->cmd_headp == b->cmd_headp &&
	       a->cmd_tailp == b->cmd_tailp && a->tel_headp == b->tel_headp &&
	       a->tel_tailp == b->tel_tailp && a->stats == b->stats &&
	       !memcmp(a->mbox_slot, b->mbox_slot, sizeof(a->mbox_slot)) &&
	       a->cmd_ent == b->cmd_ent && a->tel_ent == b->tel_ent &&
	       a->n_in == b->n_in && a->in_mask == b->in_mask &&
	       a->cmd_mask == b->cmd_mask && a->cmd_stride == b->cmd_stride &&
	       a->tel_mask == b->tel_mask && a->tel_stride == b->tel_stride &&
	       a->tel_decimation == b->tel_decimation &&
	       a->tel_nsel == b->tel_nsel &&
	       !memcmp(a->tel_word, b->tel_word, sizeof(a->tel_word)) &&
	       a->tel_nrun == b->tel_nrun &&
	       !memcmp(a->tel_run, b->tel_run, sizeof(a->tel_run));
}

static void check_record(struct bed *b)
{
	struct srt_dp *dp = &b->dp;
	const struct shieldrt_tel *r;
	const u64 *w = (const u64 *)&b->sig;
	u32 i;

	r = (const void *)(dp->tel_ent +
			   ((dp->tel_tail - 1) & dp->tel_mask) * dp->tel_stride);
	fuzz_check(r->cycle == b->cycle &&
		   r->seq == dp->st.tel_records + dp->st.tel_drops - 1,
		   "record of cycle %llu", (unsigned long long)b->cycle);
	for (i = 0; i < dp->tel_nsel; i++)
		fuzz_check(r->value[i] == w[dp->tel_word[i]],
			   "record value %u", i);
}

static void run_cycle(struct bed *b)
{
	struct srt_dp *dp = &b->dp;
	struct srt_cycle_sample s = { .cycle = b->cycle };
	struct shieldrt_stats st = dp->st;
	u64 in[SRT_MAX_SIGNALS], records = dp->st.tel_records;
	u32 mid = srt_read_once(dp->mbox->middle), i;
	u32 tail = srt_read_once(*dp->cmd_tailp), head = srt_dp_cmd_head(dp);
	bool cmd_work = tail != head || srt_dp_cmd_more(dp);

	memcpy(in, b->sig.in, sizeof(in));
	for (i = 0; i < SRT_MAX_SIGNALS; i++)
		b->sig.out[i] = srt_to_bits(b->cycle * 0.5 - i);
	srt_dp_cycle_in(dp, b->cycle, &b->sig);
	fuzz_check(sum_mbox(&dp->st) - sum_mbox(&st) ==
		   !!(mid & SHIELDRT_MBOX_FRESH), "middle %#x counted %llu", mid,
		   (unsigned long long)(sum_mbox(&dp->st) - sum_mbox(&st)));
	fuzz_check(dp->mbox_front <= 2, "front %u", dp->mbox_front);
	fuzz_check(!dp->pending, "a checked set left pending");
	fuzz_check(sum_cmd(&dp->st) - sum_cmd(&st) <= SRT_DP_CMD_BUDGET &&
		   dp->st.cmd_corrupt - st.cmd_corrupt <= 1 &&
		   dp->st.cmd_underruns - st.cmd_underruns <= 1 &&
		   (cmd_work || sum_cmd(&dp->st) == sum_cmd(&st)),
		   "command work: %llu entries",
		   (unsigned long long)(sum_cmd(&dp->st) - sum_cmd(&st)));
	fuzz_check(tail - srt_dp_cmd_head(dp) <= dp->cmd_mask + 1,
		   "head %u passed tail %u", srt_dp_cmd_head(dp), tail);
	fuzz_check(dp->st.mbox_updates != st.mbox_updates ||
		   dp->st.cmd_applied != st.cmd_applied ||
		   !memcmp(in, b->sig.in, sizeof(in)),
		   "inputs changed without an update");
	for (i = 0; i < SRT_MAX_SIGNALS; i++)
		fuzz_check(srt_bits_finite(b->sig.in[i]) &&
			   (i < dp->n_in || !b->sig.in[i]),
			   "input %u is %#llx", i,
			   (unsigned long long)b->sig.in[i]);
	if (b->runs % dp->tel_decimation == 0)
		b->opportunities++;
	srt_dp_cycle_out(dp, &s, &b->sig);
	b->runs++;
	fuzz_check(dp->st.cycles == b->runs &&
		   dp->st.tel_records + dp->st.tel_drops == b->opportunities,
		   "cycles %llu, records %llu + drops %llu",
		   (unsigned long long)dp->st.cycles,
		   (unsigned long long)dp->st.tel_records,
		   (unsigned long long)dp->st.tel_drops);
	if (dp->st.tel_records != records)
		check_record(b);
	fuzz_check(same_geometry(dp, &b->geom), "private geometry changed");
}

static struct shieldrt_slot *slot_at(struct bed *b, u32 first, u32 stride,
				     u32 idx)
{
	return srt_at(b->mem, first, stride, idx);
}

/* A slot's mask, flags and values, mostly sensible, from the input. */
static void fill_slot(struct bed *b, struct shieldrt_slot *e,
		      struct fuzz_in *in)
{
	static const u64 odd[] = { SRT_F64_QNAN, SRT_F64_PINF, SRT_F64_NINF,
				   0x8000000000000000ULL };
	u8 how = fuzz_u8(in);
	u32 i;

	e->mask = how & 1 ? (u32)fuzz_uint(in, 4) : b->dp.in_mask;
	e->flags = how & 2 ? fuzz_u8(in) : 0;
	for (i = 0; i < b->dp.n_in; i++)
		e->value[i] = how & 4 && i == how % (b->dp.n_in) ?
			      odd[(how >> 3) & 3] :
			      srt_to_bits(b->cycle + 0.25 * i);
}

static void step(struct bed *b, struct fuzz_in *in)
{
	struct srt_dp *dp = &b->dp;
	struct shieldrt_slot *e;
	u32 back;

	switch (fuzz_u8(in) % 8) {
	case 0:
		run_cycle(b);
		b->cycle++;
		break;
	case 1:		/* periods the loop skipped */
		b->cycle += 1 + fuzz_u8(in);
		run_cycle(b);
		break;
	case 2:		/* raw bytes anywhere */
		fuzz_scribble(b->mem, b->size, in);
		break;
	case 3:		/* a command entry for about now */
		e = slot_at(b, b->off.cmd_entries, b->off.cmd_stride,
			    *dp->cmd_tailp & dp->cmd_mask);
		e->key = b->cycle + (int8_t)fuzz_u8(in);
		fill_slot(b, e, in);
		srt_store_release(dp->cmd_tailp, *dp->cmd_tailp + 1);
		break;
	case 4:		/* a mailbox update through the writer's slot */
		back = dp->mbox->writer_back % 3;
		e = slot_at(b, b->off.mbox_slots, b->off.mbox_stride, back);
		e->key = fuzz_uint(in, 2);
		fill_slot(b, e, in);
		dp->mbox->writer_back = srt_xchg(&dp->mbox->middle,
			back | SHIELDRT_MBOX_FRESH) & SHIELDRT_MBOX_IDX;
		break;
	case 5:
		*dp->cmd_tailp = fuzz_uint(in, 4);
		break;
	case 6:
		dp->mbox->middle = fuzz_uint(in, 4);
		break;
	case 7:		/* a reader caught up, or any head at all */
		*dp->tel_headp = fuzz_u8(in) & 1 ? dp->tel_tail :
				(u32)fuzz_uint(in, 4);
		break;
	}
}

/* A geometry the layout must accept, and a region laid out for it. */
static void setup(struct bed *b, struct fuzz_in *in)
{
	struct srt_dp_geom g;
	u64 period;
	u32 i, s;

	memset(&g, 0, sizeof(g));
	g.n_in = fuzz_u8(in) % (SRT_MAX_SIGNALS + 1);
	g.n_out = fuzz_u8(in) % (SRT_MAX_SIGNALS + 1);
	s = fuzz_u8(in);
	g.cmd_size = 1U << (s % 8);
	g.tel_size = 1U << ((s >> 3) % 8);
	g.tel_decimation = 1 + (s >> 6);
	s = fuzz_u8(in);
	period = 10000ULL << (s % 8);
	if (g.n_in + g.n_out)
		g.tel_nsel = (s >> 3) % (SHIELDRT_MAX_SEL + 1);
	for (i = 0; i < g.tel_nsel; i++) {
		s = fuzz_u8(in);
		g.tel_sel[i] = (s & 1 && g.n_out) || !g.n_in ?
			       SHIELDRT_SEL_OUT | (s >> 1) % g.n_out :
			       (s >> 1) % g.n_in;
	}
	b->size = srt_dp_layout(&g, &b->off, 8);
	fuzz_check(b->size, "a valid geometry refused");
	if (posix_memalign((void **)&b->mem, 64, b->size))
		abort();
	memset(b->mem, 0, b->size);
	memset(&b->sig, 0, sizeof(b->sig));
	b->sig.n_in = g.n_in;
	b->sig.n_out = g.n_out;
	srt_dp_init(&b->dp, b->mem, &b->off, &g, "fuzz", period);
	b->geom = b->dp;
	b->cycle = fuzz_u8(in);
	b->runs = b->opportunities = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	struct shieldrt_stats st, want;
	struct shieldrt_live lv;
	struct bed b;

	setup(&b, &in);
	while (in.n)
		step(&b, &in);
	srt_dp_flush(&b.dp);
	memset(&st, 0, sizeof(st));
	memset(&want, 0, sizeof(want));
	srt_stats_copy(&want, &b.dp.st);
	fuzz_check(!srt_stats_read(b.dp.stats, &st) &&
		   !memcmp(&st.cycles, &want.cycles, sizeof(st) -
			   offsetof(struct shieldrt_stats, cycles)) &&
		   !srt_live_read(&b.dp.hdr->live, &lv) &&
		   lv.cycle == b.dp.cycle,
		   "after a flush the region differs from the private state");
	free(b.mem);
	return 0;
}
