/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel side of the data plane protocol: region layout, the per-cycle
 * work (mailbox, command ring, telemetry, stats) and the validation of
 * everything read from the shared region.  No kernel dependencies beyond
 * the ordering layer of shieldrt_ring.h and the types of cycle.h, so the
 * host tests and scripts/bench-dataplane compile exactly this code.
 *
 * Rule: the region is hostile.  Indices, counters and geometry the kernel
 * relies on live in struct srt_dp; the region only receives copies.  What
 * is read from the region is read once and checked before use.
 *
 * Cost: a cycle with nothing to take reads three user-written words
 * (heartbeat, mailbox middle, command tail) and returns; the mailbox and
 * command paths run only when those words say there is work.  Inputs are
 * written into the loop's signals only when an update is applied.
 */
#ifndef SHIELDRT_DATAPLANE_H
#define SHIELDRT_DATAPLANE_H

#ifdef __KERNEL__
#include <linux/string.h>
#endif
#include "../include/shieldrt_ring.h"
#include "cycle.h"

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

/* What srt_dp_publish() must write beyond the per-cycle fields. */
#define SRT_DP_DIRTY_LIVE	0x1	/* heartbeat, mailbox or commit */
#define SRT_DP_DIRTY_STATS	0x2	/* a rare counter changed */

/*
 * The rare paths stay out of the per-cycle fast path's registers.  (User
 * space builds of this file get likely() and noinline from their harness,
 * userctl/tests/ring_common.h.)
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

struct srt_dp {
	/* where things are in the region (contents untrusted) */
	unsigned char *base;
	struct shieldrt_hdr *hdr;
	struct shieldrt_mbox *mbox;
	struct shieldrt_ring_ctl *cmd;
	struct shieldrt_ring_ctl *tel;
	struct shieldrt_stats *stats;
	struct shieldrt_slot *mbox_slot[3];
	unsigned char *cmd_ent;		/* first command entry */
	unsigned char *tel_ent;		/* first telemetry record */
	struct shieldrt_offsets off;

	/* geometry: private copies, never read back from the region */
	u32 n_in;
	u32 in_mask;		/* bits of the inputs that exist */
	u32 cmd_mask;		/* cmd_size - 1 */
	u32 cmd_stride;
	u32 tel_mask;		/* tel_size - 1 */
	u32 tel_stride;
	u32 tel_decimation;
	u32 tel_nsel;
	u8 tel_word[SHIELDRT_MAX_SEL];	/* srt_signals word per value */

	/* protocol state */
	u32 mbox_front;
	u32 cmd_head;
	u32 cmd_more;		/* last entry promised more */
	u32 tel_tail;
	u32 tel_countdown;	/* cycles until the next record */
	u32 hb_last;
	u32 dirty;		/* SRT_DP_DIRTY_* */
	u32 pub_seq;		/* seq of live and stats: never read back */
	u32 kseq;		/* see SRT_DP_KSEQ */
	u32 flags;		/* SHIELDRT_RF_* */
	u64 cycle;
	u64 commit_cycle;
	u64 hb_cycle;
	u64 mbox_seq;
	u64 mbox_cycle;
	struct shieldrt_stats st;	/* the truth; stats is a copy */
};

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
	    g->cmd_size > 65536 || g->tel_size > 65536)
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
	off->hdr = 0;
	off->stats = sizeof(struct shieldrt_hdr);
	off->mbox = off->stats + sizeof(struct shieldrt_stats);
	off->mbox_slots = off->mbox + sizeof(struct shieldrt_mbox);
	off->mbox_stride = srt_dp_round(sizeof(struct shieldrt_slot) +
					8 * g->n_in);
	off->cmd = off->mbox_slots + 3 * off->mbox_stride;
	off->cmd_entries = off->cmd + sizeof(struct shieldrt_ring_ctl);
	off->cmd_size = g->cmd_size;
	off->cmd_stride = sizeof(struct shieldrt_slot) + 8 * g->n_in;
	off->tel = srt_dp_round(off->cmd_entries +
				off->cmd_size * off->cmd_stride);
	off->tel_entries = off->tel + sizeof(struct shieldrt_ring_ctl);
	off->tel_size = g->tel_size;
	off->tel_stride = sizeof(struct shieldrt_tel) + 8 * g->tel_nsel;
	pos = (u64)off->tel_entries + (u64)off->tel_size * off->tel_stride;
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
	dp->mbox = (struct shieldrt_mbox *)(dp->base + off->mbox);
	dp->cmd = (struct shieldrt_ring_ctl *)(dp->base + off->cmd);
	dp->tel = (struct shieldrt_ring_ctl *)(dp->base + off->tel);
	dp->stats = (struct shieldrt_stats *)(dp->base + off->stats);
	for (i = 0; i < 3; i++)
		dp->mbox_slot[i] = srt_at(dp->base, off->mbox_slots,
					  off->mbox_stride, i);
	dp->cmd_ent = dp->base + off->cmd_entries;
	dp->tel_ent = dp->base + off->tel_entries;
	dp->n_in = g->n_in;
	dp->in_mask = g->n_in >= 32 ? ~0U : (1U << g->n_in) - 1;
	dp->cmd_mask = off->cmd_size - 1;
	dp->cmd_stride = off->cmd_stride;
	dp->tel_mask = off->tel_size - 1;
	dp->tel_stride = off->tel_stride;
	dp->tel_decimation = g->tel_decimation;
	dp->tel_nsel = g->tel_nsel;
	/* Resolve the selection once: a record copies by word index. */
	for (i = 0; i < g->tel_nsel; i++) {
		u32 sel = g->tel_sel[i], idx = sel & (SHIELDRT_MAX_SIGNALS - 1);

		dp->tel_word[i] = idx + (sel & SHIELDRT_SEL_OUT ?
					 SRT_DP_W_OUT : SRT_DP_W_IN);
	}
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

/* Count a rare event; the whole stats block is republished this cycle. */
static inline void srt_dp_count(struct srt_dp *dp, u64 *counter)
{
	(*counter)++;
	dp->dirty |= SRT_DP_DIRTY_STATS;
}

enum srt_slot_verdict {
	SRT_SLOT_OK,
	SRT_SLOT_BAD_INDEX,
	SRT_SLOT_BAD_VALUE,
	SRT_SLOT_BAD_FLAGS,
};

/*
 * Read the values mask selects from a mailbox slot or command entry once
 * into val[] and check them.  Only on SRT_SLOT_OK may the caller apply
 * them; nothing is half-applied.  Selecting every input (the common case)
 * is one straight pass; the non-finite test is integer arithmetic on the
 * bit patterns, accumulated and checked once.
 */
static inline enum srt_slot_verdict
srt_dp_slot_read(const struct srt_dp *dp, const struct shieldrt_slot *s,
		 u32 flags, u32 allowed_flags, u32 mask, u64 *val)
{
	const u32 n = dp->n_in, all = dp->in_mask;
	u64 bad = 0;
	u32 i, m;

	if (flags & ~allowed_flags)
		return SRT_SLOT_BAD_FLAGS;
	if (mask & ~all)
		return SRT_SLOT_BAD_INDEX;
	if (mask == all) {
		for (i = 0; i < n; i++) {
			u64 v = srt_read_once(s->value[i]);

			val[i] = v;
			bad |= srt_value_nonfinite(v);
		}
	} else {
		for (m = mask; m; m &= m - 1) {
			u64 v;

			i = __builtin_ctz(m);
			v = srt_read_once(s->value[i]);
			val[i] = v;
			bad |= srt_value_nonfinite(v);
		}
	}
	return bad & SRT_NONFINITE ? SRT_SLOT_BAD_VALUE : SRT_SLOT_OK;
}

/* The loop's inputs take the checked values; the others keep theirs. */
static inline void srt_dp_apply(const struct srt_dp *dp, u32 mask,
				const u64 *val, u64 *in)
{
	const u32 n = dp->n_in;
	u32 i;

	if (mask == dp->in_mask) {
		for (i = 0; i < n; i++)
			srt_write_once(in[i], val[i]);
		return;
	}
	for (; mask; mask &= mask - 1) {
		i = __builtin_ctz(mask);
		srt_write_once(in[i], val[i]);
	}
}

/* A rejected slot: one counter per reason, in the order of the verdicts. */
static inline void srt_dp_reject(struct srt_dp *dp, enum srt_slot_verdict v,
				 u64 *index, u64 *value, u64 *flags)
{
	if (v == SRT_SLOT_BAD_INDEX)
		srt_dp_count(dp, index);
	else if (v == SRT_SLOT_BAD_VALUE)
		srt_dp_count(dp, value);
	else
		srt_dp_count(dp, flags);
}

/* Take the latest mailbox update: middle said FRESH. */
static SRT_DP_SLOW void srt_dp_mbox(struct srt_dp *dp, u64 *in)
{
	const struct shieldrt_slot *s;
	u64 val[SHIELDRT_MAX_SIGNALS];
	enum srt_slot_verdict v;
	u32 mid, idx, mask;

	/* [E2] acquire the writer's slot; [F1] release ours to it */
	mid = srt_xchg(&dp->mbox->middle, dp->mbox_front);
	idx = mid & SHIELDRT_MBOX_IDX;
	if (unlikely(idx > 2 ||
		     mid & ~(SHIELDRT_MBOX_IDX | SHIELDRT_MBOX_FRESH))) {
		/* Our old front is in the middle now; read any other slot. */
		srt_dp_count(dp, &dp->st.mbox_corrupt);
		dp->mbox_front = dp->mbox_front == 2 ? 0 : dp->mbox_front + 1;
		return;
	}
	dp->mbox_front = idx;
	if (unlikely(!(mid & SHIELDRT_MBOX_FRESH)))
		return;		/* FRESH scribbled away meanwhile: old slot */
	s = dp->mbox_slot[idx];
	mask = srt_read_once(s->mask);
	v = srt_dp_slot_read(dp, s, srt_read_once(s->flags), 0, mask, val);
	if (unlikely(v != SRT_SLOT_OK)) {
		srt_dp_reject(dp, v, &dp->st.mbox_rej_index,
			      &dp->st.mbox_rej_value, &dp->st.mbox_rej_flags);
		return;
	}
	srt_dp_apply(dp, mask, val, in);
	dp->mbox_seq = srt_read_once(s->key);
	dp->mbox_cycle = dp->cycle;
	dp->dirty |= SRT_DP_DIRTY_LIVE;
	dp->st.mbox_updates++;		/* hot: published every cycle */
}

/*
 * Apply the command entries due at dp->cycle, in order: tail moved, or
 * the last entry promised more (an empty ring is then an underrun).
 */
static SRT_DP_SLOW void srt_dp_cmd(struct srt_dp *dp, u32 tail, u64 *in)
{
	u32 head = dp->cmd_head;
	u32 budget;

	if (unlikely(tail - head > dp->cmd_mask + 1)) {
		/* Impossible tail: drop whatever is there, start over. */
		srt_dp_count(dp, &dp->st.cmd_corrupt);
		dp->cmd_head = tail;
		dp->cmd_more = 0;
		srt_store_release(&dp->cmd->head, tail);	/* [B1] */
		return;
	}
	if (tail == head) {
		srt_dp_count(dp, &dp->st.cmd_underruns);
		return;
	}
	for (budget = SRT_DP_CMD_BUDGET; budget && head != tail; budget--) {
		const struct shieldrt_slot *e;
		u64 val[SHIELDRT_MAX_SIGNALS];
		enum srt_slot_verdict v;
		u32 flags, mask;
		u64 key;

		e = (const struct shieldrt_slot *)(dp->cmd_ent +
			(head & dp->cmd_mask) * dp->cmd_stride);
		key = srt_read_once(e->key);
		flags = srt_read_once(e->flags);
		if (!(flags & (SHIELDRT_CMD_NOW | ~SHIELDRT_CMD_FLAGS))) {
			if (key > dp->cycle)
				break;		/* not due yet */
			if (unlikely(key < dp->cycle)) {
				srt_dp_count(dp, &dp->st.cmd_rej_late);
				dp->cmd_more = flags & SHIELDRT_CMD_MORE;
				head++;
				continue;
			}
		}
		mask = srt_read_once(e->mask);
		v = srt_dp_slot_read(dp, e, flags, SHIELDRT_CMD_FLAGS, mask,
				     val);
		if (likely(v == SRT_SLOT_OK)) {
			srt_dp_apply(dp, mask, val, in);
			dp->st.cmd_applied++;	/* hot: published every cycle */
		} else {
			srt_dp_reject(dp, v, &dp->st.cmd_rej_index,
				      &dp->st.cmd_rej_value,
				      &dp->st.cmd_rej_flags);
		}
		dp->cmd_more = flags & SHIELDRT_CMD_MORE;
		head++;
	}
	if (head != dp->cmd_head) {
		dp->cmd_head = head;
		srt_store_release(&dp->cmd->head, head);	/* [B1] */
	}
}

/*
 * Start of a cycle, after the wait: heartbeat, mailbox, due commands.
 * Applied updates are written into sig->in; inputs nobody updated keep
 * their values, whoever set them.  Bounded work, no locks.
 */
static inline void srt_dp_cycle_in(struct srt_dp *dp, u64 cycle,
				   struct srt_signals *sig)
{
	u32 hb, tail;

	srt_dp_kseq_begin(dp);
	dp->cycle = cycle;
	hb = srt_read_once(dp->hdr->user.heartbeat);
	if (unlikely(hb != dp->hb_last)) {
		dp->hb_last = hb;
		dp->hb_cycle = cycle;
		dp->dirty |= SRT_DP_DIRTY_LIVE;
	}
	if (srt_read_once(dp->mbox->middle) & SHIELDRT_MBOX_FRESH)
		srt_dp_mbox(dp, sig->in);
	tail = srt_load_acquire(&dp->cmd->tail);		/* [A2] */
	if (tail != dp->cmd_head || dp->cmd_more)
		srt_dp_cmd(dp, tail, sig->in);
	srt_dp_kseq_end(dp);
}

/* One record at the ring's tail, or a counted drop if it is full. */
static inline void srt_dp_tel_write(struct srt_dp *dp,
				    const struct srt_cycle_sample *s,
				    const struct srt_signals *sig)
{
	const u64 *w = (const u64 *)sig;
	const u8 *word = dp->tel_word;
	const u32 tail = dp->tel_tail, nsel = dp->tel_nsel;
	struct shieldrt_tel *r;
	u64 *dst;
	u32 head, i;

	head = srt_load_acquire(&dp->tel->head);		/* [D2] */
	if (unlikely(tail - head > dp->tel_mask)) {
		if (tail - head > dp->tel_mask + 1)
			srt_dp_count(dp, &dp->st.tel_corrupt);
		dp->st.tel_drops++;		/* hot: published every cycle */
		return;
	}
	r = (struct shieldrt_tel *)(dp->tel_ent +
				    (tail & dp->tel_mask) * dp->tel_stride);
	/* Every opportunity is a record or a drop: seq needs no counter. */
	r->seq = dp->st.tel_records + dp->st.tel_drops;
	r->cycle = s->cycle;
	r->deadline_ns = s->deadline_ns;
	r->wake_ns = s->wake_ns;
	r->end_ns = s->end_ns;
	r->irq_latency_ns = s->irq_latency_ns;
	r->wake_latency_ns = s->thread_latency_ns;
	r->compute_ns = s->compute_ns;
	r->missed = s->missed;
	r->flags = s->flags;
	/* Two values per step: loop control would cost as much as a copy. */
	dst = r->value;
	for (i = 0; i + 1 < nsel; i += 2) {
		u64 a = w[word[i]], b = w[word[i + 1]];

		srt_write_once(dst[i], a);
		srt_write_once(dst[i + 1], b);
	}
	if (i < nsel)
		srt_write_once(dst[i], w[word[i]]);
	dp->tel_tail = tail + 1;
	srt_store_release(&dp->tel->tail, tail + 1);		/* [C1] */
	dp->st.tel_records++;
}

/* Everything that changes rarely: after a rejection, or to heal. */
static inline void srt_dp_publish_rare(struct srt_dp *dp)
{
	struct shieldrt_live *l = &dp->hdr->live;

	if (dp->dirty & SRT_DP_DIRTY_LIVE) {
		/* heal a scribbled copy; SHIELDRT_IOC_FLAGS is the truth */
		srt_write_once(dp->hdr->flags, srt_read_once(dp->flags));
		srt_seq_put(l->heartbeat, dp->hb_last);
		srt_seq_put(l->heartbeat_cycle, dp->hb_cycle);
		srt_seq_put(l->commit_cycle, dp->commit_cycle);
		srt_seq_put(l->mbox_seq, dp->mbox_seq);
		srt_seq_put(l->mbox_cycle, dp->mbox_cycle);
	}
	if (dp->dirty & SRT_DP_DIRTY_STATS)
		srt_stats_copy(dp->stats, &dp->st);
	dp->dirty = 0;
}

/*
 * The live block and the stats, as one seqcount write section: both seq
 * words carry the same value, so one private counter drives them.
 */
static inline void srt_dp_publish(struct srt_dp *dp)
{
	struct shieldrt_live *l = &dp->hdr->live;
	struct shieldrt_stats *p = dp->stats;
	const u32 seq = dp->pub_seq + 1;	/* odd */

	srt_write_once(l->seq, seq);
	srt_write_once(p->seq, seq);
	srt_seq_wmb();						/* [G1] */
	srt_seq_put(l->cycle, dp->cycle);
	srt_seq_put(p->cycles, dp->st.cycles);
	srt_seq_put(p->tel_records, dp->st.tel_records);
	srt_seq_put(p->tel_drops, dp->st.tel_drops);
	srt_seq_put(p->mbox_updates, dp->st.mbox_updates);
	srt_seq_put(p->cmd_applied, dp->st.cmd_applied);
	if (unlikely(dp->dirty))
		srt_dp_publish_rare(dp);
	srt_seq_wmb();						/* [G1] */
	dp->pub_seq = seq + 1;
	srt_seq_put(l->seq, seq + 1);
	srt_seq_put(p->seq, seq + 1);
}

/* The cycle a parameter set took effect; from the loop thread. */
static inline void srt_dp_set_commit(struct srt_dp *dp, u64 cycle)
{
	dp->commit_cycle = cycle;
	dp->dirty |= SRT_DP_DIRTY_LIVE;
}

/* The loop is gone: tell the mappings that outlive it. */
static inline void srt_dp_kill(struct srt_dp *dp)
{
	srt_write_once(dp->flags, dp->flags | SHIELDRT_RF_DEAD);
	srt_write_once(dp->hdr->flags, dp->flags);
}

/* Cycles since the heartbeat last changed (loop thread). */
static inline u64 srt_dp_heartbeat_age(const struct srt_dp *dp)
{
	return dp->cycle - dp->hb_cycle;
}

/* End of a cycle: telemetry every Nth cycle, then live block and stats. */
static inline void srt_dp_cycle_out(struct srt_dp *dp,
				    const struct srt_cycle_sample *s,
				    const struct srt_signals *sig)
{
	srt_dp_kseq_begin(dp);
	if (unlikely(!(++dp->st.cycles & SRT_DP_REFRESH_MASK)))
		dp->dirty = SRT_DP_DIRTY_LIVE | SRT_DP_DIRTY_STATS;
	if (--dp->tel_countdown == 0) {
		dp->tel_countdown = dp->tel_decimation;
		srt_dp_tel_write(dp, s, sig);
	}
	srt_dp_publish(dp);
	srt_dp_kseq_end(dp);
}

#endif /* SHIELDRT_DATAPLANE_H */
