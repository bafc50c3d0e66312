/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel side of the data plane protocol: region layout, the per-cycle
 * work (mailbox, command ring, telemetry, stats) and the validation of
 * everything read from the shared region.  No kernel dependencies beyond
 * the ordering layer of shieldrt_ring.h and the types of shieldrt_cycle.h,
 * so the module, its KUnit suite, the host tests (userctl/tests/ring_*)
 * and scripts/bench/bench-dataplane compile exactly this code.
 *
 * Rule: the region is hostile.  Indices, counters and geometry the kernel
 * relies on live in struct srt_dp; the region only receives copies.  What
 * is read from the region is read once and checked before use.
 *
 * Cost: a cycle with nothing to take reads three user-written words
 * (heartbeat, mailbox middle, command tail) and takes three branches that
 * are not taken; the heartbeat, mailbox and command work is one
 * out-of-line call made only when one of those words says there is some.
 * An update's values are read once and applied only when all are finite:
 * four values through registers, the check fused (three operations a
 * value); any other number copied as one block into private memory,
 * checked there (eight a step, out of line) and applied with one block
 * copy after the mailbox and the due commands, so a full set that
 * replaces another in the same cycle is applied once; partial masks, odd
 * flags, several entries, late or NOW commands, corruption and
 * rejections are out of line too.  A record is written front to back:
 * seq, the sample's head as one 64-byte copy, then its values; the
 * default selection of up to four inputs and four outputs as two runs of
 * plain moves, one long run (every input and output of 32 inputs) as one
 * block copy, anything else out of line.  A publish writes its fixed set
 * of fields and the rare ones only when they changed.  There is no
 * division and, with up to four inputs and outputs, no call in the
 * cycle.  scripts/bench/bench-dataplane counts the instructions and the cache
 * lines.
 */
#ifndef SHIELDRT_DATAPLANE_H
#define SHIELDRT_DATAPLANE_H

#ifdef __KERNEL__
#include <linux/string.h>
#endif
#include "shieldrt_ring.h"
#include "shieldrt_cycle.h"

/*
 * Command entries examined per cycle: bounds the work, and is enough to
 * skip past the entries of periods the loop skipped (counted late).
 */
#define SRT_DP_CMD_BUDGET	64
/*
 * Republish everything this often even if nothing changed: heals a
 * snapshot another process scribbled on.
 */
#define SRT_DP_REFRESH_MASK	1023
#define SRT_DP_ALIGN		64
/* The longest record run copied without a call: srt_dp_copy_short() */
#define SRT_DP_SHORT_RUN	32
/*
 * The live block and the stats are observers' views: they are republished
 * every 2^k cycles, the most that keeps them at most this old (and at
 * once after a rare event, and when the loop stops).  At 10 kHz that is
 * every 8th cycle; a 1 kHz loop republishes every cycle.  Nothing that
 * must be exact per cycle lives there: telemetry records carry that.
 */
#define SRT_DP_PUB_NS		1000000

/*
 * What srt_dp_publish() must write beyond the fields it writes every time
 * (live.cycle, the mailbox's and the ring's, stats.cycles, tel_records,
 * mbox_updates and cmd_applied: testing whether they moved would cost
 * more than writing them).  LIVE and STATS are rare and make the current
 * cycle publish; the others wait for the next scheduled publish.
 */
#define SRT_DP_DIRTY_LIVE	0x1	/* commit cycle */
#define SRT_DP_DIRTY_STATS	0x2	/* a rare counter changed */
#define SRT_DP_DIRTY_HB		0x4	/* heartbeat and its cycle */
#define SRT_DP_DIRTY_DROP	0x8	/* tel_drops */
#define SRT_DP_DIRTY_ALL	0xf

/*
 * cmd_quiet holds the kernel's command head in its low 32 bits, and this
 * bit while the last entry promised more.  It is the tail that needs no
 * work: with the bit set no 32-bit tail matches it, so the ring is looked
 * at every cycle (an underrun, or the entry that continues the stream).
 */
#define SRT_DP_CMD_MORE_BIT	(1ULL << 32)

/*
 * The rare paths, and the mailbox and command work (not every cycle has
 * some), stay out of line: inlined, their registers would be saved and
 * restored in every cycle.  (User space builds of this file get likely()
 * and noinline from their harness, userctl/tests/ring_common.h.)
 */
#define SRT_DP_SLOW	noinline

/*
 * A 64-bit load can tear on a 32-bit CPU.  There the loop thread makes
 * kseq odd while it changes struct srt_dp, and readers on other CPUs
 * (debugfs) retry until they saw an even, unchanged kseq; pairing:
 *   loop: [K1] kseq odd, write barrier ... write barrier, kseq even
 *   reader: [K2] load kseq (acquire), copy, read barrier, re-read kseq
 * On 64-bit CPUs every counter is one single-copy-atomic word and kseq
 * is not needed.
 */
#if __SIZEOF_POINTER__ < 8
#define SRT_DP_KSEQ		1
#else
#define SRT_DP_KSEQ		0
#endif

struct srt_dp_geom {
	u32 n_in;
	u32 n_out;
	u32 cmd_size;		/* entries, power of two */
	u32 tel_size;		/* records, power of two */
	u32 tel_decimation;	/* >= 1 */
	u32 tel_nsel;
	u16 tel_sel[SHIELDRT_MAX_SEL];
};

/* Words of struct srt_signals: in[i] is word SRT_DP_W_IN + i. */
#define SRT_DP_W_IN	(offsetof(struct srt_signals, in) / 8)
#define SRT_DP_W_OUT	(offsetof(struct srt_signals, out) / 8)

/*
 * A telemetry record from its cycle to its flags is a copy of the
 * sample's first bytes: the two layouts must agree field by field.
 */
#define SRT_DP_TEL_HDR	(sizeof(struct shieldrt_tel) - \
			 offsetof(struct shieldrt_tel, cycle))
#define SRT_DP_SAME(t, c)	(offsetof(struct shieldrt_tel, t) - \
				 offsetof(struct shieldrt_tel, cycle) == \
				 offsetof(struct srt_cycle_sample, c))
_Static_assert(SRT_DP_SAME(cycle, cycle) &&
	       SRT_DP_SAME(deadline_ns, deadline_ns) &&
	       SRT_DP_SAME(wake_ns, wake_ns) && SRT_DP_SAME(end_ns, end_ns) &&
	       SRT_DP_SAME(irq_latency_ns, irq_latency_ns) &&
	       SRT_DP_SAME(wake_latency_ns, thread_latency_ns) &&
	       SRT_DP_SAME(compute_ns, compute_ns) &&
	       SRT_DP_SAME(missed, missed) && SRT_DP_SAME(flags, flags) &&
	       offsetof(struct shieldrt_tel, value) ==
	       sizeof(struct shieldrt_tel),
	       "struct srt_cycle_sample must begin like struct shieldrt_tel");

/*
 * A telemetry record's values as runs of adjacent words of struct
 * srt_signals, each run right after the previous one in the record.  The
 * default selection (every input, then every output) is two runs.
 */
struct srt_dp_run {
	u16 offset;	/* bytes into struct srt_signals */
	u16 bytes;
};

/*
 * The kernel's private state of one region.  Grouped by who touches it:
 * every cycle, with nothing new, reads and writes the first two 64-byte
 * lines (the first runs of a record included) and the first line of st;
 * a cycle with an update or a command adds the "work" group; the rest
 * is set up once and read by the rare paths.
 */
struct srt_dp {
	/* every cycle, start (srt_dp_cycle_in) */
	struct shieldrt_user *user;	/* user-written: the heartbeat */
	struct shieldrt_mbox *mbox;	/* user-written: middle */
	u32 *cmd_tailp;			/* user-written */
	u64 cmd_quiet;		/* head and more: SRT_DP_CMD_MORE_BIT */
	u64 cycle;
	u32 hb_last;
	/* every cycle, end (srt_dp_cycle_out) */
	u32 tel_countdown;	/* cycles until the next record */
	u32 tel_tail;
	u32 tel_mask;		/* tel_size - 1 */
	u32 tel_stride;
	u8 tel_two_short;	/* two runs of 1-4 values: no loop */
	u8 fed;			/* srt_dp_work() ran: see srt_dp_publish() */
	u32 *tel_headp;			/* user-written */
	u32 *tel_tailp;			/* kernel-written */
	unsigned char *tel_ent;		/* first telemetry record */
	u32 tel_decimation;
	u32 pub_gate;		/* publish when !(cycles & pub_gate) */
	u32 dirty;		/* SRT_DP_DIRTY_*: to publish */
	u32 pub_seq;		/* seq of live and stats: never read back */
	struct shieldrt_live *live;	/* kernel-written */
	struct shieldrt_stats *stats;	/* kernel-written: a copy of st */
	struct srt_dp_run tel_run[SHIELDRT_MAX_SEL];

	/* the truth; stats is a copy.  cycles and tel_* lead its first line */
	struct shieldrt_stats st __attribute__((aligned(SRT_DP_ALIGN)));

	/* cycles with something new (srt_dp_work) */
	u64 mask4;		/* in_mask with four inputs, else none */
	u32 n_in;
	u32 in_mask;		/* bits of the inputs that exist */
	u32 mbox_front;
	u32 cmd_mask;		/* cmd_size - 1 */
	u32 cmd_stride;
	u32 *cmd_headp;			/* kernel-written */
	unsigned char *cmd_ent;		/* first command entry */
	struct shieldrt_slot *mbox_slot[3];
	u64 hb_cycle;
	u64 mbox_seq;
	u64 mbox_cycle;
	u64 commit_cycle;
	u64 *pending;		/* a checked full set, not yet in the inputs */

	/* set up once; read by the rare paths and other CPUs */
	u32 pub_mask;		/* pub_gate between rare events */
	u32 tel_nrun;
	unsigned char *base;
	struct shieldrt_hdr *hdr;
	struct shieldrt_offsets off;
	u32 tel_nsel;
	u32 kseq;		/* see SRT_DP_KSEQ */
	u32 flags;		/* SHIELDRT_RF_* */
	u8 tel_word[SHIELDRT_MAX_SEL];	/* srt_signals word per value */
	/* full sets of inputs, read and checked: srt_dp_take_many() */
	u64 stage[2][SHIELDRT_MAX_SIGNALS];
} __attribute__((aligned(SRT_DP_ALIGN)));
/* On 64-bit CPUs, what the comment above says of the first two lines. */
_Static_assert(__SIZEOF_POINTER__ < 8 ||
	       offsetof(struct srt_dp, tel_run) + 2 * sizeof(struct srt_dp_run)
	       <= 2 * SRT_DP_ALIGN, "the hot part of struct srt_dp grew");

static inline u32 srt_dp_round(u32 x)
{
	return (x + SRT_DP_ALIGN - 1) & ~(u32)(SRT_DP_ALIGN - 1);
}

/*
 * Check a geometry and lay the region out for it.  Returns the region size
 * (a multiple of page_size) or 0 if the geometry is not acceptable.
 */
static inline u64 srt_dp_layout(const struct srt_dp_geom *g,
				struct shieldrt_offsets *off, u32 page_size)
{
	u64 pos;
	u32 i;

	if (g->n_in > SHIELDRT_MAX_SIGNALS || g->n_out > SHIELDRT_MAX_SIGNALS ||
	    g->tel_nsel > SHIELDRT_MAX_SEL || !g->tel_decimation ||
	    !g->cmd_size || g->cmd_size & (g->cmd_size - 1) ||
	    !g->tel_size || g->tel_size & (g->tel_size - 1) ||
	    g->cmd_size > SHIELDRT_RING_MAX_ENTRIES ||
	    g->tel_size > SHIELDRT_RING_MAX_ENTRIES)
		return 0;
	for (i = 0; i < g->tel_nsel; i++) {
		u32 s = g->tel_sel[i];

		if (s & SHIELDRT_SEL_OUT ? (s & 0xff) >= g->n_out ||
		    s & ~(SHIELDRT_SEL_OUT | 0xff) : s >= g->n_in)
			return 0;
	}
	memset(off, 0, sizeof(*off));
	off->features = SHIELDRT_FEAT_MBOX | SHIELDRT_FEAT_CMD |
			SHIELDRT_FEAT_TEL | SHIELDRT_FEAT_STATS |
			SHIELDRT_FEAT_HEARTBEAT;
	/* What the kernel writes: mapped read-only. */
	off->hdr = 0;
	off->stats = sizeof(struct shieldrt_hdr);
	off->cmd_head = off->stats + sizeof(struct shieldrt_stats);
	off->tel_tail = off->cmd_head + sizeof(struct shieldrt_ring_idx);
	off->tel_entries = off->tel_tail + sizeof(struct shieldrt_ring_idx);
	off->tel_size = g->tel_size;
	off->tel_stride = sizeof(struct shieldrt_tel) + 8 * g->tel_nsel;
	pos = (u64)off->tel_entries + (u64)off->tel_size * off->tel_stride;
	pos = (pos + page_size - 1) & ~((u64)page_size - 1);
	/* What user space writes: its own pages, mapped read-write. */
	off->writable = pos;
	off->user = off->writable;
	off->mbox = off->user + sizeof(struct shieldrt_user);
	off->mbox_slots = off->mbox + sizeof(struct shieldrt_mbox);
	off->mbox_stride = srt_dp_round(sizeof(struct shieldrt_slot) +
					8 * g->n_in);
	off->cmd_tail = off->mbox_slots + 3 * off->mbox_stride;
	off->cmd_entries = off->cmd_tail + sizeof(struct shieldrt_ring_idx);
	off->cmd_size = g->cmd_size;
	off->cmd_stride = sizeof(struct shieldrt_slot) + 8 * g->n_in;
	pos = (u64)off->cmd_entries + (u64)off->cmd_size * off->cmd_stride;
	off->tel_head = srt_dp_round(pos);
	pos = off->tel_head + sizeof(struct shieldrt_ring_idx);
	pos = (pos + page_size - 1) & ~((u64)page_size - 1);
	off->region_size = pos;
	return pos;
}

/* The kernel's own pointers and constants, hoisted out of the cycle. */
static inline void srt_dp_init_private(struct srt_dp *dp, void *mem,
				       const struct shieldrt_offsets *off,
				       const struct srt_dp_geom *g)
{
	u32 i;

	memset(dp, 0, sizeof(*dp));
	dp->base = mem;
	dp->off = *off;
	dp->hdr = mem;
	dp->live = &dp->hdr->live;
	dp->user = (struct shieldrt_user *)(dp->base + off->user);
	dp->mbox = (struct shieldrt_mbox *)(dp->base + off->mbox);
	dp->cmd_headp = (u32 *)(dp->base + off->cmd_head);
	dp->cmd_tailp = (u32 *)(dp->base + off->cmd_tail);
	dp->tel_headp = (u32 *)(dp->base + off->tel_head);
	dp->tel_tailp = (u32 *)(dp->base + off->tel_tail);
	dp->stats = (struct shieldrt_stats *)(dp->base + off->stats);
	for (i = 0; i < 3; i++)
		dp->mbox_slot[i] = srt_at(dp->base, off->mbox_slots,
					  off->mbox_stride, i);
	dp->cmd_ent = dp->base + off->cmd_entries;
	dp->tel_ent = dp->base + off->tel_entries;
	dp->n_in = g->n_in;
	dp->in_mask = g->n_in >= 32 ? ~0U : (1U << g->n_in) - 1;
	/* a value no 32-bit mask has: not four inputs */
	dp->mask4 = g->n_in == 4 ? dp->in_mask : 1ULL << 32;
	dp->cmd_mask = off->cmd_size - 1;
	dp->cmd_stride = off->cmd_stride;
	dp->tel_mask = off->tel_size - 1;
	dp->tel_stride = off->tel_stride;
	dp->tel_decimation = g->tel_decimation;
	dp->tel_nsel = g->tel_nsel;
	/*
	 * Resolve the selection once: a record copies runs of consecutive
	 * words of struct srt_signals (in[] and out[] are adjacent).
	 */
	for (i = 0; i < g->tel_nsel; i++) {
		u32 sel = g->tel_sel[i], idx = sel & (SHIELDRT_MAX_SIGNALS - 1);
		u32 w = idx + (sel & SHIELDRT_SEL_OUT ? SRT_DP_W_OUT :
						      SRT_DP_W_IN);
		struct srt_dp_run *run = &dp->tel_run[dp->tel_nrun];

		dp->tel_word[i] = w;
		if (dp->tel_nrun && run[-1].offset + run[-1].bytes == 8 * w) {
			run[-1].bytes += 8;
			continue;
		}
		run->offset = 8 * w;
		run->bytes = 8;
		dp->tel_nrun++;
	}
	dp->tel_two_short = dp->tel_nrun == 2 &&
			    dp->tel_run[0].bytes <= SRT_DP_SHORT_RUN &&
			    dp->tel_run[1].bytes <= SRT_DP_SHORT_RUN;
	dp->tel_countdown = 1;		/* the first cycle records */
}

/*
 * Set up the private state and the region's initial contents.  mem is
 * zeroed, off->region_size bytes, laid out by srt_dp_layout().
 */
static inline void srt_dp_init(struct srt_dp *dp, void *mem,
			       const struct shieldrt_offsets *off,
			       const struct srt_dp_geom *g, const char *name,
			       u64 period_ns)
{
	struct shieldrt_hdr *h = mem;
	u32 i;

	srt_dp_init_private(dp, mem, off, g);
	h->magic = SHIELDRT_MAGIC;
	h->abi_version = SHIELDRT_ABI_VERSION;
	h->hdr_size = sizeof(*h);
	h->off = *off;
	for (i = 0; name && name[i] && i < SHIELDRT_NAME_LEN - 1; i++)
		h->name[i] = name[i];
	h->period_ns = period_ns;
	h->n_in = g->n_in;
	h->n_out = g->n_out;
	h->tel_decimation = g->tel_decimation;
	h->tel_nsel = g->tel_nsel;
	memcpy(h->tel_sel, g->tel_sel, sizeof(h->tel_sel));
	/* Triple buffer: kernel reads 0, 1 is in the middle, writer has 2. */
	dp->mbox_front = 0;
	dp->mbox->middle = 1;
	dp->mbox->writer_back = 2;
	/* The largest power of two of periods within SRT_DP_PUB_NS. */
	while (period_ns && dp->pub_mask < SRT_DP_REFRESH_MASK &&
	       (u64)(dp->pub_mask + 1) * 2 * period_ns <= SRT_DP_PUB_NS)
		dp->pub_mask = dp->pub_mask * 2 + 1;
	dp->pub_gate = dp->pub_mask;
	h->pub_cycles = dp->pub_mask + 1;
}

static inline void srt_dp_kseq_begin(struct srt_dp *dp)
{
	if (SRT_DP_KSEQ) {
		srt_write_once(dp->kseq, dp->kseq + 1);
		srt_seq_wmb();					/* [K1] */
	}
}

static inline void srt_dp_kseq_end(struct srt_dp *dp)
{
	if (SRT_DP_KSEQ) {
		srt_seq_wmb();					/* [K1] */
		srt_write_once(dp->kseq, dp->kseq + 1);
	}
}

/*
 * Something observers must see at once: this cycle publishes (a gate of
 * 0 opens at every count of cycles).
 */
static inline void srt_dp_dirty_now(struct srt_dp *dp, u32 what)
{
	dp->dirty |= what;
	dp->pub_gate = 0;
}

/* Count a rare event; the whole stats block is republished this cycle. */
static inline void srt_dp_count(struct srt_dp *dp, u64 *counter)
{
	(*counter)++;
	srt_dp_dirty_now(dp, SRT_DP_DIRTY_STATS);
}

enum srt_slot_verdict {
	SRT_SLOT_OK,
	SRT_SLOT_BAD_INDEX,
	SRT_SLOT_BAD_VALUE,
	SRT_SLOT_BAD_FLAGS,
};

/*
 * Sign bit set if any of the first n values of a stage is NaN or infinite
 * (srt_bits_nonfinite()): loads only, eight values an iteration.  n is
 * rounded up to a multiple of eight, so the loop has no remainder to
 * dispatch on: a stage's words past the inputs are zero, as
 * srt_dp_init_private() left them (only 8 * n_in bytes are ever copied in).
 */
static __always_inline u64 srt_dp_nonfinite_any(const u64 *val, u32 n)
{
	u64 bad = 0;
	u32 i;

	_Static_assert(SHIELDRT_MAX_SIGNALS % 8 == 0, "whole rounds of eight");
	n = (n + 7) & ~7U;
#pragma GCC unroll 8
	for (i = 0; i < n; i++)
		bad |= srt_bits_nonfinite(val[i]);
	return bad & SRT_F64_SIGN_BIT;
}

/*
 * Every input of a count other than four: read once, as one block copy
 * into the stage that is not pending, then checked there, where nobody
 * else can change it.  If all are finite that stage becomes the pending
 * set, which srt_dp_work() copies into the inputs once, after the
 * mailbox and the due commands: a full command set that follows a full
 * mailbox set in the same cycle replaces it without a second copy.
 * Nonzero if a value is NaN or infinite (the pending set stays as it was).
 */
static SRT_DP_SLOW u64 srt_dp_take_many(struct srt_dp *dp, const u64 *src)
{
	u64 *val = dp->stage[dp->pending == dp->stage[0]];

	memcpy(val, src, 8 * dp->n_in);
	if (unlikely(srt_dp_nonfinite_any(val, dp->n_in)))
		return 1;
	dp->pending = val;
	return 0;
}

/* The pending set into the inputs (only the loop thread uses them). */
static SRT_DP_SLOW void srt_dp_apply_pending(struct srt_dp *dp, u64 *in)
{
	memcpy(in, dp->pending, 8 * dp->n_in);
	dp->pending = NULL;
}

/*
 * A slot that selects some inputs, or has flags the caller does not allow:
 * check everything, then apply the selected values, or nothing.
 */
static SRT_DP_SLOW enum srt_slot_verdict
srt_dp_take_some(struct srt_dp *dp, const struct shieldrt_slot *s,
		 u32 flags, u32 allowed_flags, u32 mask, u64 *in)
{
	u64 val[SHIELDRT_MAX_SIGNALS];
	u64 bad = 0;
	u32 i, m;

	if (flags & ~allowed_flags)
		return SRT_SLOT_BAD_FLAGS;
	if (mask & ~dp->in_mask)
		return SRT_SLOT_BAD_INDEX;
	for (m = mask; m; m &= m - 1) {
		i = __builtin_ctz(m);
		val[i] = srt_read_once(s->value[i]);
		bad |= srt_bits_nonfinite(val[i]);
	}
	if (bad & SRT_F64_SIGN_BIT)
		return SRT_SLOT_BAD_VALUE;
	/* on top of a full set taken earlier in this cycle */
	if (dp->pending)
		srt_dp_apply_pending(dp, in);
	for (m = mask; m; m &= m - 1) {
		i = __builtin_ctz(m);
		srt_write_once(in[i], val[i]);
	}
	return SRT_SLOT_OK;
}

/*
 * Read a mailbox slot or command entry once, check it, and only if all of
 * it is acceptable write its values into the loop's inputs: nothing is
 * ever half-applied.  Four inputs, all of them selected, and no odd flag
 * is the straight path: read into registers, checked, and written to the
 * inputs from there (one comparison with mask4 says it).  Every input of
 * another count is staged, out of line (srt_dp_take_many()), and so is a
 * mask that selects some (srt_dp_take_some()).
 */
static __always_inline enum srt_slot_verdict
srt_dp_take(struct srt_dp *dp, const struct shieldrt_slot *s,
	    u32 flags, u32 allowed_flags, u64 *in)
{
	const u64 *src = s->value;
	u32 mask = srt_read_once(s->mask);
	u64 a, b, c, d;

	if (unlikely(mask != dp->mask4 || flags & ~allowed_flags)) {
		if (mask != dp->in_mask || flags & ~allowed_flags)
			return srt_dp_take_some(dp, s, flags, allowed_flags,
						mask, in);
		return srt_dp_take_many(dp, src) ?
		       SRT_SLOT_BAD_VALUE : SRT_SLOT_OK;
	}
	a = srt_read_once(src[0]);
	b = srt_read_once(src[1]);
	c = srt_read_once(src[2]);
	d = srt_read_once(src[3]);
	if (unlikely((srt_bits_nonfinite(a) | srt_bits_nonfinite(b) |
		      srt_bits_nonfinite(c) | srt_bits_nonfinite(d)) &
		     SRT_F64_SIGN_BIT))
		return SRT_SLOT_BAD_VALUE;
	in[0] = a;
	in[1] = b;
	in[2] = c;
	in[3] = d;
	return SRT_SLOT_OK;
}

/* A rejected slot, counted by reason, the mailbox's or the ring's. */
static SRT_DP_SLOW void srt_dp_reject(struct srt_dp *dp,
				      enum srt_slot_verdict v, bool cmd)
{
	struct shieldrt_stats *st = &dp->st;

	if (v == SRT_SLOT_BAD_INDEX)
		srt_dp_count(dp, cmd ? &st->cmd_rej_index : &st->mbox_rej_index);
	else if (v == SRT_SLOT_BAD_VALUE)
		srt_dp_count(dp, cmd ? &st->cmd_rej_value : &st->mbox_rej_value);
	else
		srt_dp_count(dp, cmd ? &st->cmd_rej_flags : &st->mbox_rej_flags);
}

/*
 * middle was not FRESH | slot after the exchange: FRESH was scribbled away
 * meanwhile (keep the old slot), or the index is impossible.
 */
static SRT_DP_SLOW void srt_dp_mbox_odd(struct srt_dp *dp, u32 mid)
{
	if (mid <= 2) {
		dp->mbox_front = mid;
		return;
	}
	/* Our old front is in the middle now; read any other slot. */
	srt_dp_count(dp, &dp->st.mbox_corrupt);
	dp->mbox_front = dp->mbox_front == 2 ? 0 : dp->mbox_front + 1;
}

/* Take the latest mailbox update: middle said FRESH. */
static __always_inline void srt_dp_mbox(struct srt_dp *dp, u64 *in)
{
	const struct shieldrt_slot *s;
	enum srt_slot_verdict v;
	u32 mid, idx;

	/* [E2] acquire the writer's slot; [F1] release ours to it */
	mid = srt_xchg(&dp->mbox->middle, dp->mbox_front);
	idx = mid - SHIELDRT_MBOX_FRESH;	/* FRESH | 0..2 only */
	if (unlikely(idx > 2)) {
		srt_dp_mbox_odd(dp, mid);
		return;
	}
	dp->mbox_front = idx;
	s = dp->mbox_slot[idx];
	v = srt_dp_take(dp, s, srt_read_once(s->flags), 0, in);
	if (unlikely(v != SRT_SLOT_OK)) {
		srt_dp_reject(dp, v, false);
		return;
	}
	dp->mbox_seq = srt_read_once(s->key);
	dp->mbox_cycle = dp->cycle;
	dp->st.mbox_updates++;
}

/* The kernel's command head (see SRT_DP_CMD_MORE_BIT). */
static inline u32 srt_dp_cmd_head(const struct srt_dp *dp)
{
	return (u32)dp->cmd_quiet;
}

/* 1 if the last entry taken promised more, else 0. */
static inline u32 srt_dp_cmd_more(const struct srt_dp *dp)
{
	return dp->cmd_quiet >> 32;
}

/* The head moved to tail; more: the last entry's SHIELDRT_CMD_MORE. */
static __always_inline void srt_dp_cmd_settle(struct srt_dp *dp, u32 tail,
					      u32 more)
{
	dp->cmd_quiet = tail | (u64)more * SRT_DP_CMD_MORE_BIT;
	srt_store_release(dp->cmd_headp, tail);			/* [B1] */
}

/*
 * The ring is empty or its tail impossible: count an underrun if the last
 * entry promised more; drop everything and start over after a bad tail.
 */
static SRT_DP_SLOW void srt_dp_cmd_odd(struct srt_dp *dp, u32 tail)
{
	if (tail == srt_dp_cmd_head(dp)) {
		srt_dp_count(dp, &dp->st.cmd_underruns);
		return;
	}
	srt_dp_count(dp, &dp->st.cmd_corrupt);
	srt_dp_cmd_settle(dp, tail, 0);
}

enum srt_cmd_when { SRT_CMD_TAKE, SRT_CMD_WAIT, SRT_CMD_LATE };

/* An entry not simply due now: NOW or odd flags take it (and judge it). */
static __always_inline enum srt_cmd_when
srt_dp_cmd_when(const struct srt_dp *dp, u64 key, u32 flags)
{
	if (flags & (SHIELDRT_CMD_NOW | ~SHIELDRT_CMD_FLAGS))
		return SRT_CMD_TAKE;
	if (key > dp->cycle)
		return SRT_CMD_WAIT;
	return key < dp->cycle ? SRT_CMD_LATE : SRT_CMD_TAKE;
}

/* An applied command entry, or a rejected one counted. */
static __always_inline void srt_dp_cmd_verdict(struct srt_dp *dp,
					       enum srt_slot_verdict v)
{
	if (likely(v == SRT_SLOT_OK))
		dp->st.cmd_applied++;
	else
		srt_dp_reject(dp, v, true);
}

/*
 * A command entry not simply due now (other key, or flags beyond MORE):
 * NOW or odd flags take it (and judge it), a past key is late.  Nonzero if
 * it waits for a later cycle.
 */
static SRT_DP_SLOW int srt_dp_cmd_other(struct srt_dp *dp,
					const struct shieldrt_slot *e,
					u64 key, u32 flags, u64 *in)
{
	enum srt_cmd_when w = srt_dp_cmd_when(dp, key, flags);

	if (w == SRT_CMD_WAIT)
		return 1;
	if (w == SRT_CMD_LATE)
		srt_dp_count(dp, &dp->st.cmd_rej_late);
	else
		srt_dp_cmd_verdict(dp, srt_dp_take(dp, e, flags,
						   SHIELDRT_CMD_FLAGS, in));
	return 0;
}

/*
 * Apply the command entries due at dp->cycle, in order: tail moved, or
 * the last entry promised more (an empty ring is then an underrun).  An
 * entry due now with at most MORE is the straight path.  Several entries
 * at once, and an empty or impossible ring, come here (out of line).
 */
_Static_assert(SHIELDRT_CMD_MORE == 1, "more is 0 or 1: flags & MORE");
static SRT_DP_SLOW void srt_dp_cmd_ring(struct srt_dp *dp, u32 tail, u64 *in)
{
	const u32 head0 = srt_dp_cmd_head(dp);
	u32 head = head0, budget = SRT_DP_CMD_BUDGET;
	u32 more = srt_dp_cmd_more(dp);	/* SHIELDRT_CMD_MORE is bit 0 */

	if (unlikely(tail - head - 1 > dp->cmd_mask)) {
		srt_dp_cmd_odd(dp, tail);
		return;
	}
	do {
		const struct shieldrt_slot *e;
		u32 flags;
		u64 key;

		e = (const struct shieldrt_slot *)(dp->cmd_ent +
			(head & dp->cmd_mask) * dp->cmd_stride);
		key = srt_read_once(e->key);
		flags = srt_read_once(e->flags);
		if (likely(key == dp->cycle && !(flags & ~SHIELDRT_CMD_MORE)))
			srt_dp_cmd_verdict(dp, srt_dp_take(dp, e, flags,
						SHIELDRT_CMD_MORE, in));
		else if (srt_dp_cmd_other(dp, e, key, flags, in))
			break;
		more = flags & SHIELDRT_CMD_MORE;
	} while (++head != tail && --budget);
	/* an entry taken moved the head; none taken left more as it was */
	if (head != head0)
		srt_dp_cmd_settle(dp, head, more);
}

/*
 * The usual command work: exactly one new entry, the one for this cycle
 * (a streamer a cycle ahead).  The same steps as srt_dp_cmd_ring() for
 * one entry, without its loop.
 */
static __always_inline void srt_dp_cmd(struct srt_dp *dp, u32 tail, u64 *in)
{
	const u32 head = srt_dp_cmd_head(dp);
	const struct shieldrt_slot *e;
	u32 flags;
	u64 key;

	if (unlikely(tail != head + 1)) {
		srt_dp_cmd_ring(dp, tail, in);
		return;
	}
	e = (const struct shieldrt_slot *)(dp->cmd_ent +
					   (head & dp->cmd_mask) *
					   dp->cmd_stride);
	key = srt_read_once(e->key);
	flags = srt_read_once(e->flags);
	if (likely(key == dp->cycle && !(flags & ~SHIELDRT_CMD_MORE))) {
		srt_dp_cmd_verdict(dp, srt_dp_take(dp, e, flags,
						   SHIELDRT_CMD_MORE, in));
	} else if (srt_dp_cmd_other(dp, e, key, flags, in)) {
		return;		/* waits: looked at again every cycle */
	}
	srt_dp_cmd_settle(dp, tail, flags & SHIELDRT_CMD_MORE);
}

/*
 * Something to do: the heartbeat moved, the mailbox is FRESH or the
 * command tail is not the quiet one.  One call for all of it, out of line:
 * a cycle without work pays for none of it.
 */
static SRT_DP_SLOW void srt_dp_work(struct srt_dp *dp, u32 hb, u32 mid,
				    u32 tail, u64 *in)
{
	dp->fed = 1;
	if (hb != dp->hb_last) {
		/* note when, for the watchdog and the live block */
		dp->hb_last = hb;
		dp->hb_cycle = dp->cycle;
		dp->dirty |= SRT_DP_DIRTY_HB;
	}
	if (mid & SHIELDRT_MBOX_FRESH)
		srt_dp_mbox(dp, in);
	if (tail != dp->cmd_quiet)
		srt_dp_cmd(dp, tail, in);
	if (unlikely(dp->pending))
		srt_dp_apply_pending(dp, in);
}

/*
 * Start of a cycle, after the wait: heartbeat, mailbox, due commands.
 * Applied updates are written into sig->in; inputs nobody updated keep
 * their values, whoever set them.  Bounded work, no locks.  With nothing
 * new, three user-written words are read and one branch is taken.
 */
static __always_inline void srt_dp_cycle_in(struct srt_dp *dp, u64 cycle,
					    struct srt_signals *sig)
{
	u32 hb, mid, tail;

	srt_dp_kseq_begin(dp);
	dp->cycle = cycle;
	hb = srt_read_once(dp->user->heartbeat);
	mid = srt_read_once(dp->mbox->middle);
	tail = srt_load_acquire(dp->cmd_tailp);		/* [A2] */
	if (unlikely(hb != dp->hb_last) || unlikely(mid & SHIELDRT_MBOX_FRESH) ||
	    unlikely(tail != dp->cmd_quiet))
		srt_dp_work(dp, hb, mid, tail, sig->in);
	srt_dp_kseq_end(dp);
}

/* The ring is full (or its head impossible): a counted drop. */
static SRT_DP_SLOW void srt_dp_tel_drop(struct srt_dp *dp, u32 used)
{
	if (used > dp->tel_mask + 1)
		srt_dp_count(dp, &dp->st.tel_corrupt);
	dp->st.tel_drops++;
	dp->dirty |= SRT_DP_DIRTY_DROP;
}

/*
 * Copy a record run of up to four values (n bytes, a multiple of 8): its
 * first and last two words, overlapping when it is shorter.  No call.
 */
static __always_inline void srt_dp_copy_short(unsigned char *d,
					      const unsigned char *s, u32 n)
{
	u64 a, b, c, e;

	if (unlikely(n <= 16)) {
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
		memcpy(d, &a, 8);
		memcpy(d + n - 8, &b, 8);
		return;
	}
	memcpy(&a, s, 8);
	memcpy(&b, s + 8, 8);
	memcpy(&c, s + n - 16, 8);
	memcpy(&e, s + n - 8, 8);
	memcpy(d, &a, 8);
	memcpy(d + 8, &b, 8);
	memcpy(d + n - 16, &c, 8);
	memcpy(d + n - 8, &e, 8);
}


/*
 * The record's values as runs, any number of any length: out of line,
 * so the usual record (srt_dp_tel_write()) keeps the cycle free of calls.
 */
static SRT_DP_SLOW void srt_dp_tel_runs(const struct srt_dp *dp,
					unsigned char *dst,
					const unsigned char *sig)
{
	u32 i;

	for (i = 0; i < dp->tel_nrun; i++) {
		const struct srt_dp_run *run = &dp->tel_run[i];

		if (run->bytes > SRT_DP_SHORT_RUN)
			memcpy(dst, sig + run->offset, run->bytes);
		else
			srt_dp_copy_short(dst, sig + run->offset, run->bytes);
		dst += run->bytes;
	}
}

/* One record at the ring's tail, or a counted drop if it is full. */
static __always_inline void srt_dp_tel_write(struct srt_dp *dp,
					     const struct srt_cycle_sample *s,
					     const struct srt_signals *sig)
{
	const u32 tail = dp->tel_tail;
	struct shieldrt_tel *r;
	unsigned char *dst;
	u32 head;

	head = srt_load_acquire(dp->tel_headp);		/* [D2] */
	if (unlikely(tail - head > dp->tel_mask)) {
		srt_dp_tel_drop(dp, tail - head);
		return;
	}
	r = (struct shieldrt_tel *)(dp->tel_ent +
				    (tail & dp->tel_mask) * dp->tel_stride);
	/*
	 * The record front to back, so its lines are written whole and in
	 * order: seq (every opportunity is a record or a drop, so it needs no
	 * counter), the head as one block from cycle to flags (not a field:
	 * no field-sized copy), the values as one block copy per run.  Only
	 * dp and the run index live across the copies.  Nobody reads the
	 * record before the release of the tail below.
	 */
	r->seq = dp->st.tel_records + dp->st.tel_drops;
	memcpy((unsigned char *)r + offsetof(struct shieldrt_tel, cycle), s,
	       SRT_DP_TEL_HDR);
	dst = (unsigned char *)r->value;
	if (likely(dp->tel_two_short)) {
		/* the default selection of up to 4 inputs and 4 outputs */
		srt_dp_copy_short(dst, (const unsigned char *)sig +
				  dp->tel_run[0].offset, dp->tel_run[0].bytes);
		dst += dp->tel_run[0].bytes;
		srt_dp_copy_short(dst, (const unsigned char *)sig +
				  dp->tel_run[1].offset, dp->tel_run[1].bytes);
	} else if (dp->tel_nrun == 1) {
		/* one run: with 32 inputs the default selection is one */
		memcpy(dst, (const unsigned char *)sig + dp->tel_run[0].offset,
		       dp->tel_run[0].bytes);
	} else {
		srt_dp_tel_runs(dp, dst, (const unsigned char *)sig);
	}
	/* read again: nothing but dp lives across the call above */
	dp->tel_tail++;
	srt_store_release(dp->tel_tailp, dp->tel_tail);		/* [C1] */
	dp->st.tel_records++;
}

/*
 * What changed since the last publish beyond what every publish writes:
 * the heartbeat, drops, and rarely a rejection (every counter) or a
 * commit, which also closed the publish gate.
 */
static SRT_DP_SLOW void srt_dp_publish_dirty(struct srt_dp *dp, u32 dirty)
{
	struct shieldrt_live *l = dp->live;
	struct shieldrt_stats *p = dp->stats;

	if (dirty & SRT_DP_DIRTY_HB) {
		srt_seq_put(l->heartbeat, dp->hb_last);
		srt_seq_put(l->heartbeat_cycle, dp->hb_cycle);
	}
	if (dirty & SRT_DP_DIRTY_DROP)
		srt_seq_put(p->tel_drops, dp->st.tel_drops);
	if (dirty & SRT_DP_DIRTY_LIVE)
		srt_seq_put(l->commit_cycle, dp->commit_cycle);
	if (dirty & SRT_DP_DIRTY_STATS)
		srt_stats_copy(p, &dp->st);
	dp->pub_gate = dp->pub_mask;
}

/*
 * The live block and the stats, as one seqcount write section: both seq
 * words carry the same value, so one private counter drives them.  What
 * moves every cycle each time, the rest only when it changed.  The feed's
 * words (the mailbox's and the commands') move only in srt_dp_work(): a
 * loop nobody has fed yet (a reader alone) leaves them at their zero,
 * and the lines they alone take (the private and the mapped stats'
 * second, the private mailbox words') untouched.
 */
static __always_inline void srt_dp_publish(struct srt_dp *dp, u64 cycles)
{
	struct shieldrt_live *l = dp->live;
	struct shieldrt_stats *p = dp->stats;
	const u32 seq = dp->pub_seq + 1;	/* odd */
	u32 dirty;

	/* every 2^10 cycles, everything (a multiple of pub_mask + 1) */
	if (unlikely(!(cycles & SRT_DP_REFRESH_MASK)))
		dp->dirty = SRT_DP_DIRTY_ALL;
	srt_write_once(l->seq, seq);
	srt_write_once(p->seq, seq);
	srt_seq_wmb();						/* [G1] */
	srt_seq_put(l->cycle, dp->cycle);
	srt_seq_put(p->cycles, cycles);
	srt_seq_put(p->tel_records, dp->st.tel_records);
	if (dp->fed) {
		srt_seq_put(l->mbox_seq, dp->mbox_seq);
		srt_seq_put(l->mbox_cycle, dp->mbox_cycle);
		srt_seq_put(p->mbox_updates, dp->st.mbox_updates);
		srt_seq_put(p->cmd_applied, dp->st.cmd_applied);
	}
	dirty = dp->dirty;
	if (unlikely(dirty)) {
		srt_dp_publish_dirty(dp, dirty);
		dp->dirty = 0;
	}
	srt_seq_wmb();						/* [G1] */
	dp->pub_seq = seq + 1;
	srt_seq_put(l->seq, seq + 1);
	srt_seq_put(p->seq, seq + 1);
}

/* The cycle a parameter set took effect; from the loop thread. */
static inline void srt_dp_set_commit(struct srt_dp *dp, u64 cycle)
{
	dp->commit_cycle = cycle;
	srt_dp_dirty_now(dp, SRT_DP_DIRTY_LIVE);
}

/*
 * The region is retired: tell the mappings that outlive it why (0: the
 * loop is gone; SHIELDRT_RF_REPLACED: the loop has a new region).
 */
static inline void srt_dp_kill(struct srt_dp *dp, u32 why)
{
	srt_write_once(dp->flags, dp->flags | SHIELDRT_RF_DEAD | why);
	srt_write_once(dp->hdr->flags, dp->flags);
}

/* Cycles since the heartbeat last changed (loop thread). */
static inline u64 srt_dp_heartbeat_age(const struct srt_dp *dp)
{
	return dp->cycle - dp->hb_cycle;
}

/*
 * End of a cycle: telemetry every Nth cycle, then the live block and the
 * stats when they are due (see SRT_DP_PUB_NS).
 */
static __always_inline void srt_dp_cycle_out(struct srt_dp *dp,
				    const struct srt_cycle_sample *s,
				    const struct srt_signals *sig)
{
	u64 cycles;

	srt_dp_kseq_begin(dp);
	dp->st.cycles++;
	if (--dp->tel_countdown == 0) {
		dp->tel_countdown = dp->tel_decimation;
		srt_dp_tel_write(dp, s, sig);
	}
	/* read again: not kept in a register across the record */
	cycles = dp->st.cycles;
	if (!(cycles & dp->pub_gate))
		srt_dp_publish(dp, cycles);
	srt_dp_kseq_end(dp);
}

/*
 * Make the live block and the stats current, e.g. when the loop stops.
 * From the loop thread, or once it is gone.
 */
static inline void srt_dp_flush(struct srt_dp *dp)
{
	srt_dp_kseq_begin(dp);
	dp->dirty = SRT_DP_DIRTY_ALL;
	srt_dp_publish(dp, dp->st.cycles);
	srt_dp_kseq_end(dp);
}

#endif /* SHIELDRT_DATAPLANE_H */
