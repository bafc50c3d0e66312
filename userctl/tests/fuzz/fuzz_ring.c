// SPDX-License-Identifier: GPL-2.0
/*
 * The user side of the data plane (include/shieldrt_ring.h's srt_map_*,
 * srt_tel_*, srt_cmd_*, srt_mbox_*) against a region a hostile writer
 * (a broken kernel, another process) scribbles on.  The input picks a
 * geometry, whether the offsets are the kernel's layout or arbitrary
 * numbers (srt_map_init() must refuse any that leave the region), and a
 * script: raw writes (the input's bytes become the region's contents),
 * producer and consumer indices set to anything, and the helpers a
 * reader and a writer call.  The region is allocated at its exact size.
 *
 * Properties: srt_tel_avail() is -1 or at most the ring's size, and after
 * -1 a resync lands on the producer's index; srt_cmd_space() is -1 or at
 * most the ring's size; every record, slot and entry the helpers point
 * at lies inside its area of the region; the mailbox slot the writer
 * holds stays in 0..2 and each update's seq is the last one plus one.
 *
 * The seqcount readers wait up to a second for an odd seq (by design: a
 * writer may be preempted mid-update); the script keeps seq words even.
 */
#include "ring_common.h"
#include "fuzz.h"

/* What a reader reads goes here, so the reads are not optimised away. */
u64 fuzz_ring_sink;

struct bed {
	unsigned char *mem;
	u64 size;
	struct shieldrt_offsets off;
	struct srt_map m;
};

static void inside(const struct bed *b, const void *p, u64 first, u64 n,
		   u64 len, const char *what)
{
	const unsigned char *c = p;

	fuzz_check(c >= b->mem + first && c + len <= b->mem + first + n &&
		   first + n <= b->size, "%s outside its area", what);
}

/* The seq words the readers spin on, even; only where the header is. */
static void even_seqs(struct bed *b)
{
	struct shieldrt_hdr *h = b->m.hdr;

	h->live.seq &= ~1U;
	b->m.stats->seq &= ~1U;
}

static void read_tel(struct bed *b, struct fuzz_in *in)
{
	struct srt_map *m = &b->m;
	const struct shieldrt_tel *r;
	u32 nsel = m->hdr->tel_nsel, i;
	long n = srt_tel_avail(m), k;

	fuzz_check(n >= -1 && n <= (long)m->off.tel_size, "avail %ld", n);
	if (n < 0) {
		srt_tel_resync(m);
		fuzz_check(m->tel_head == *m->tel_tailp, "resync missed the tail");
		return;
	}
	/* As userctl record does: the header's selection, if it fits. */
	if (nsel > SHIELDRT_MAX_SEL ||
	    sizeof(*r) + 8 * nsel > m->off.tel_stride)
		nsel = 0;
	n = n ? fuzz_u8(in) % (n + 1) : 0;
	for (k = 0; k < n; k++) {
		r = srt_tel_record(m, k);
		inside(b, r, m->off.tel_entries,
		       (u64)m->off.tel_size * m->off.tel_stride,
		       sizeof(*r) + 8 * nsel, "record");
		fuzz_ring_sink += r->seq + r->cycle;
		for (i = 0; i < nsel; i++)
			fuzz_ring_sink += r->value[i];
	}
	srt_tel_release(m, n);
}

static void write_cmd(struct bed *b, struct fuzz_in *in)
{
	struct srt_map *m = &b->m;
	struct shieldrt_slot *e;
	long space = srt_cmd_space(m);
	u32 k, i;

	fuzz_check(space >= -1 && space <= (long)m->off.cmd_size,
		   "space %ld", space);
	if (space <= 0)
		return;
	k = fuzz_u8(in) % space;
	e = srt_cmd_slot(m, k);
	inside(b, e, m->off.cmd_entries,
	       (u64)m->off.cmd_size * m->off.cmd_stride,
	       sizeof(*e) + 8 * m->n_in, "command entry");
	e->key = fuzz_uint(in, 2);
	e->mask = fuzz_uint(in, 4);
	e->flags = fuzz_u8(in);
	for (i = 0; i < m->n_in; i++)
		e->value[i] = srt_to_bits(i);
	srt_cmd_commit(m, k + 1);
}

static void write_mbox(struct bed *b, struct fuzz_in *in)
{
	struct srt_map *m = &b->m;
	u64 value[SHIELDRT_MAX_SIGNALS], seq = m->mbox_seq;
	u32 i;

	for (i = 0; i < SHIELDRT_MAX_SIGNALS; i++)
		value[i] = srt_to_bits(0.5 * i);
	inside(b, srt_mbox_slot(m, m->mbox_back), m->off.mbox_slots,
	       3ULL * m->off.mbox_stride,
	       sizeof(struct shieldrt_slot) + 8 * m->n_in, "mailbox slot");
	fuzz_check(srt_mbox_write(m, fuzz_uint(in, 4), value) == seq + 1,
		   "update seq");
	fuzz_check(m->mbox_back <= 2, "writer holds slot %u", m->mbox_back);
	srt_mbox_pending(m);
}

static void step(struct bed *b, struct fuzz_in *in)
{
	struct shieldrt_stats st;
	struct shieldrt_live lv;

	switch (fuzz_u8(in) % 6) {
	case 0:		/* raw bytes anywhere */
		fuzz_scribble(b->mem, b->size, in);
		break;
	case 1:
		read_tel(b, in);
		break;
	case 2:
		write_cmd(b, in);
		break;
	case 3:
		write_mbox(b, in);
		break;
	case 4:		/* the producer and consumer the kernel owns */
		*b->m.tel_tailp = fuzz_u8(in) & 1 ?
				  b->m.tel_head + fuzz_u8(in) :
				  (u32)fuzz_uint(in, 4);
		*b->m.cmd_headp = fuzz_u8(in) & 1 ? b->m.cmd_tail :
				  (u32)fuzz_uint(in, 4);
		break;
	case 5:
		even_seqs(b);
		fuzz_check(!srt_live_read(&b->m.hdr->live, &lv) &&
			   !srt_stats_read(b->m.stats, &st),
			   "an even seq read as busy");
		break;
	}
}

#define OFF(f)	offsetof(struct shieldrt_offsets, f)
static const size_t offset_words[] = {
	OFF(hdr), OFF(mbox), OFF(mbox_slots), OFF(mbox_stride), OFF(cmd_head),
	OFF(cmd_entries), OFF(cmd_size), OFF(cmd_stride), OFF(tel_tail),
	OFF(tel_entries), OFF(tel_size), OFF(tel_stride), OFF(stats),
	OFF(cmd_tail), OFF(tel_head), OFF(user), OFF(writable),
};

/* The kernel's layout for a geometry from the input, or any offsets. */
static void setup(struct bed *b, struct fuzz_in *in)
{
	struct srt_dp_geom g;
	struct srt_dp dp;
	u8 s = fuzz_u8(in);
	u32 i, v;

	memset(&g, 0, sizeof(g));
	g.n_in = fuzz_u8(in) % (SRT_MAX_SIGNALS + 1);
	g.n_out = 1;
	g.cmd_size = 1U << (s % 8);
	g.tel_size = 1U << ((s >> 3) % 8);
	g.tel_decimation = 1;
	g.tel_nsel = fuzz_u8(in) % 4;
	for (i = 0; i < g.tel_nsel; i++)
		g.tel_sel[i] = SHIELDRT_SEL_OUT;
	b->size = srt_dp_layout(&g, &b->off, 8);
	fuzz_check(b->size, "a valid geometry refused");
	if (posix_memalign((void **)&b->mem, 64, b->size))
		abort();
	memset(b->mem, 0, b->size);
	srt_dp_init(&dp, b->mem, &b->off, &g, "fuzz", 100000);
	if (!(s & 0x40))
		return;
	for (i = 0; i < ARRAY_SIZE(offset_words); i++) {
		v = (s & 0x80 ? 1U << (fuzz_u8(in) % 32) : 0) + fuzz_uint(in, 2);
		memcpy((char *)&b->off + offset_words[i], &v, sizeof(v));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	struct bed b;

	setup(&b, &in);
	/* srt_map_init() reads the live block: its seq even, if it is there */
	if ((u64)b.off.hdr + sizeof(struct shieldrt_hdr) <= b.size &&
	    !(b.off.hdr & 7))
		((struct shieldrt_hdr *)(b.mem + b.off.hdr))->live.seq &= ~1U;
	if (!srt_map_init(&b.m, b.mem, &b.off)) {
		while (in.n)
			step(&b, &in);
	}
	free(b.mem);
	return 0;
}
