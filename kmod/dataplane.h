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

struct srt_dp_geom {
	u32 n_in;
	u32 n_out;
	u32 cmd_size;		/* entries, power of two */
	u32 tel_size;		/* records, power of two */
	u32 tel_decimation;	/* >= 1 */
	u32 tel_nsel;
	u16 tel_sel[SHIELDRT_MAX_SEL];
};

struct srt_dp {
	/* where things are in the region (contents untrusted) */
	unsigned char *base;
	struct shieldrt_hdr *hdr;
	struct shieldrt_mbox *mbox;
	struct shieldrt_ring_ctl *cmd;
	struct shieldrt_ring_ctl *tel;
	struct shieldrt_stats *stats;
	struct shieldrt_offsets off;

	/* geometry: private copies, never read back from the region */
	u32 n_in;
	u32 in_mask;
	u32 tel_decimation;
	u32 tel_nsel;
	u16 tel_off[SHIELDRT_MAX_SEL];	/* byte offsets into srt_signals */

	/* protocol state */
	u32 mbox_front;
	u32 cmd_head;
	u32 cmd_more;		/* last entry promised more */
	u32 tel_tail;
	u32 tel_phase;
	u32 hb_last;
	u32 dirty;		/* a rare counter changed: publish all */
	u32 live_dirty;		/* heartbeat, mailbox or commit changed */
	u32 live_seq;		/* our seqcounts: never read back */
	u32 stats_seq;
	u32 flags;		/* SHIELDRT_RF_* */
	u64 tel_seq;
	u64 cycle;
	u64 commit_cycle;
	u64 hb_cycle;
	u64 mbox_seq;
	u64 mbox_cycle;
	u64 in[SHIELDRT_MAX_SIGNALS];	/* inputs as last set */
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

	memset(dp, 0, sizeof(*dp));
	dp->base = mem;
	dp->off = *off;
	dp->hdr = h;
	dp->mbox = (struct shieldrt_mbox *)(dp->base + off->mbox);
	dp->cmd = (struct shieldrt_ring_ctl *)(dp->base + off->cmd);
	dp->tel = (struct shieldrt_ring_ctl *)(dp->base + off->tel);
	dp->stats = (struct shieldrt_stats *)(dp->base + off->stats);
	dp->n_in = g->n_in;
	dp->in_mask = g->n_in >= 32 ? ~0U : (1U << g->n_in) - 1;
	dp->tel_decimation = g->tel_decimation;
	dp->tel_nsel = g->tel_nsel;
	/* Resolve the selection once: a record copies by offset. */
	for (i = 0; i < g->tel_nsel; i++) {
		u32 sel = g->tel_sel[i], idx = sel & (SHIELDRT_MAX_SIGNALS - 1);

		dp->tel_off[i] = 8 * idx + (sel & SHIELDRT_SEL_OUT ?
			offsetof(struct srt_signals, out) :
			offsetof(struct srt_signals, in));
	}
	dp->tel_phase = g->tel_decimation - 1;	/* first cycle records */

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

/* Count a rare event; the whole stats block is republished this cycle. */
#define srt_dp_count(dp, field) do { (dp)->st.field++; (dp)->dirty = 1; } \
	while (0)

enum srt_slot_verdict {
	SRT_SLOT_OK,
	SRT_SLOT_BAD_INDEX,
	SRT_SLOT_BAD_VALUE,
	SRT_SLOT_BAD_FLAGS,
};

/*
 * Read a mailbox slot or command entry once into val[] and check it.  Only
 * on SRT_SLOT_OK may the caller apply mask/val; nothing is half-applied.
 */
static inline enum srt_slot_verdict
srt_dp_slot_read(const struct srt_dp *dp, const struct shieldrt_slot *s,
		 u32 flags, u32 allowed_flags, u32 *maskp, u64 *val)
{
	u32 mask = srt_read_once(s->mask);
	u32 m;

	if (flags & ~allowed_flags)
		return SRT_SLOT_BAD_FLAGS;
	if (mask & ~dp->in_mask)
		return SRT_SLOT_BAD_INDEX;
	for (m = mask; m; m &= m - 1) {
		u32 i = __builtin_ctz(m);
		u64 v = srt_read_once(s->value[i]);

		if (!srt_value_finite(v))
			return SRT_SLOT_BAD_VALUE;
		val[i] = v;
	}
	*maskp = mask;
	return SRT_SLOT_OK;
}

static inline void srt_dp_apply(struct srt_dp *dp, u32 mask, const u64 *val)
{
	for (; mask; mask &= mask - 1) {
		u32 i = __builtin_ctz(mask);

		dp->in[i] = val[i];
	}
}

/* Take the latest mailbox update, if there is a new one. */
static inline void srt_dp_mbox(struct srt_dp *dp)
{
	const struct shieldrt_slot *s;
	u64 val[SHIELDRT_MAX_SIGNALS];
	u32 mid, idx, mask;

	mid = srt_read_once(dp->mbox->middle);
	if (!(mid & SHIELDRT_MBOX_FRESH))
		return;
	/* [E2] acquire the writer's slot; [F1] release ours to it */
	mid = srt_xchg(&dp->mbox->middle, dp->mbox_front);
	idx = mid & SHIELDRT_MBOX_IDX;
	if (idx > 2 || mid & ~(SHIELDRT_MBOX_IDX | SHIELDRT_MBOX_FRESH)) {
		/* Our old front is in the middle now; read any other slot. */
		srt_dp_count(dp, mbox_corrupt);
		dp->mbox_front = dp->mbox_front == 2 ? 0 : dp->mbox_front + 1;
		return;
	}
	dp->mbox_front = idx;
	s = srt_at(dp->base, dp->off.mbox_slots, dp->off.mbox_stride, idx);
	switch (srt_dp_slot_read(dp, s, srt_read_once(s->flags), 0, &mask,
				 val)) {
	case SRT_SLOT_OK:
		srt_dp_apply(dp, mask, val);
		dp->mbox_seq = srt_read_once(s->key);
		dp->mbox_cycle = dp->cycle;
		dp->live_dirty = 1;
		dp->st.mbox_updates++;		/* hot: published every cycle */
		break;
	case SRT_SLOT_BAD_INDEX:
		srt_dp_count(dp, mbox_rej_index);
		break;
	case SRT_SLOT_BAD_VALUE:
		srt_dp_count(dp, mbox_rej_value);
		break;
	case SRT_SLOT_BAD_FLAGS:
		srt_dp_count(dp, mbox_rej_flags);
		break;
	}
}

/* Apply the command entries due at dp->cycle, in order. */
static inline void srt_dp_cmd(struct srt_dp *dp)
{
	const u32 size = dp->off.cmd_size;
	u32 head = dp->cmd_head;
	u32 tail, budget;

	tail = srt_load_acquire(&dp->cmd->tail);		/* [A2] */
	if (tail - head > size) {
		/* Impossible tail: drop whatever is there, start over. */
		srt_dp_count(dp, cmd_corrupt);
		dp->cmd_head = tail;
		dp->cmd_more = 0;
		srt_store_release(&dp->cmd->head, tail);	/* [B1] */
		return;
	}
	if (tail == head) {
		if (dp->cmd_more)
			srt_dp_count(dp, cmd_underruns);
		return;
	}
	for (budget = SRT_DP_CMD_BUDGET; budget && head != tail; budget--) {
		const struct shieldrt_slot *e;
		u64 val[SHIELDRT_MAX_SIGNALS];
		u32 flags, mask;
		u64 key;

		e = srt_at(dp->base, dp->off.cmd_entries, dp->off.cmd_stride,
			   head & (size - 1));
		key = srt_read_once(e->key);
		flags = srt_read_once(e->flags);
		if (!(flags & SHIELDRT_CMD_NOW) &&
		    !(flags & ~SHIELDRT_CMD_FLAGS)) {
			if (key > dp->cycle)
				break;		/* not due yet */
			if (key < dp->cycle) {
				srt_dp_count(dp, cmd_rej_late);
				dp->cmd_more = flags & SHIELDRT_CMD_MORE;
				head++;
				continue;
			}
		}
		switch (srt_dp_slot_read(dp, e, flags, SHIELDRT_CMD_FLAGS,
					 &mask, val)) {
		case SRT_SLOT_OK:
			srt_dp_apply(dp, mask, val);
			dp->st.cmd_applied++;	/* hot: published every cycle */
			break;
		case SRT_SLOT_BAD_INDEX:
			srt_dp_count(dp, cmd_rej_index);
			break;
		case SRT_SLOT_BAD_VALUE:
			srt_dp_count(dp, cmd_rej_value);
			break;
		case SRT_SLOT_BAD_FLAGS:
			srt_dp_count(dp, cmd_rej_flags);
			break;
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
 * Start of a cycle, after the wait: heartbeat, mailbox, due commands, and
 * the resulting inputs into sig->in.  Bounded work, no locks.
 */
static inline void srt_dp_cycle_in(struct srt_dp *dp, u64 cycle,
				   struct srt_signals *sig)
{
	u32 hb, i, n;

	dp->cycle = cycle;
	hb = srt_read_once(dp->hdr->user.heartbeat);
	if (hb != dp->hb_last) {
		dp->hb_last = hb;
		dp->hb_cycle = cycle;
		dp->live_dirty = 1;
	}
	srt_dp_mbox(dp);
	srt_dp_cmd(dp);
	n = sig->n_in < dp->n_in ? sig->n_in : dp->n_in;
	for (i = 0; i < n; i++)
		sig->in[i] = dp->in[i];
}

static inline void srt_dp_tel_write(struct srt_dp *dp,
				    const struct srt_cycle_sample *s,
				    const struct srt_signals *sig)
{
	const u32 size = dp->off.tel_size;
	struct shieldrt_tel *r;
	u32 head, i;
	u64 seq = dp->tel_seq++;

	head = srt_load_acquire(&dp->tel->head);		/* [D2] */
	if (dp->tel_tail - head >= size) {
		if (dp->tel_tail - head > size)
			srt_dp_count(dp, tel_corrupt);
		dp->st.tel_drops++;
		return;
	}
	r = srt_at(dp->base, dp->off.tel_entries, dp->off.tel_stride,
		   dp->tel_tail & (size - 1));
	r->seq = seq;
	r->cycle = s->cycle;
	r->deadline_ns = s->deadline_ns;
	r->wake_ns = s->wake_ns;
	r->end_ns = s->end_ns;
	r->irq_latency_ns = s->irq_latency_ns;
	r->wake_latency_ns = s->thread_latency_ns;
	r->compute_ns = s->compute_ns;
	r->missed = s->missed;
	r->flags = s->flags;
	for (i = 0; i < dp->tel_nsel; i++)
		r->value[i] = *(const u64 *)((const char *)sig +
					     dp->tel_off[i]);
	dp->tel_tail++;
	srt_store_release(&dp->tel->tail, dp->tel_tail);	/* [C1] */
	dp->st.tel_records++;
}

static inline void srt_dp_publish(struct srt_dp *dp)
{
	struct shieldrt_live *l = &dp->hdr->live;
	struct shieldrt_stats *p = dp->stats;
	u32 seq = ++dp->live_seq;	/* odd */

	srt_write_once(l->seq, seq);
	srt_seq_wmb();						/* [G1] */
	srt_seq_put(l->cycle, dp->cycle);
	if (!(dp->st.cycles & SRT_DP_REFRESH_MASK))
		dp->live_dirty = dp->dirty = 1;
	if (dp->live_dirty) {
		srt_seq_put(l->heartbeat, dp->hb_last);
		srt_seq_put(l->heartbeat_cycle, dp->hb_cycle);
		srt_seq_put(l->commit_cycle, dp->commit_cycle);
		srt_seq_put(l->mbox_seq, dp->mbox_seq);
		srt_seq_put(l->mbox_cycle, dp->mbox_cycle);
		dp->live_dirty = 0;
	}
	srt_seq_wmb();						/* [G1] */
	srt_seq_put(l->seq, ++dp->live_seq);

	seq = ++dp->stats_seq;
	srt_write_once(p->seq, seq);
	srt_seq_wmb();						/* [G1] */
	if (dp->dirty) {
#define SRT_PUT(f) srt_seq_put(p->f, dp->st.f);
		SHIELDRT_STATS_FIELDS(SRT_PUT)
#undef SRT_PUT
		dp->dirty = 0;
	} else {
		srt_seq_put(p->cycles, dp->st.cycles);
		srt_seq_put(p->tel_records, dp->st.tel_records);
		srt_seq_put(p->tel_drops, dp->st.tel_drops);
		srt_seq_put(p->mbox_updates, dp->st.mbox_updates);
		srt_seq_put(p->cmd_applied, dp->st.cmd_applied);
	}
	srt_seq_wmb();						/* [G1] */
	srt_seq_put(p->seq, ++dp->stats_seq);
}

/* The cycle a parameter set took effect; from the loop thread. */
static inline void srt_dp_set_commit(struct srt_dp *dp, u64 cycle)
{
	dp->commit_cycle = cycle;
	dp->live_dirty = 1;
}

/* The loop is gone: tell the mappings that outlive it. */
static inline void srt_dp_kill(struct srt_dp *dp)
{
	dp->flags |= SHIELDRT_RF_DEAD;
	srt_write_once(dp->hdr->flags, dp->flags);
}

/* Cycles since the heartbeat last changed. */
static inline u64 srt_dp_heartbeat_age(const struct srt_dp *dp)
{
	return dp->cycle - dp->hb_cycle;
}

/* End of a cycle: telemetry every Nth cycle, then the live block. */
static inline void srt_dp_cycle_out(struct srt_dp *dp,
				    const struct srt_cycle_sample *s,
				    const struct srt_signals *sig)
{
	dp->st.cycles++;
	if (++dp->tel_phase >= dp->tel_decimation) {
		dp->tel_phase = 0;
		srt_dp_tel_write(dp, s, sig);
	}
	srt_dp_publish(dp);
}

#endif /* SHIELDRT_DATAPLANE_H */
