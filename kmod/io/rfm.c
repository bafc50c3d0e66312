// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_rfm: an I/O provider ("rfm") that exchanges a loop's signals
 * with loops on other nodes through a reflective-memory window: a PCI
 * memory BAR that every node writes and every node sees (a reflective
 * memory board on hardware; QEMU's ivshmem-plain shared by two VMs in
 * the testbed).
 *
 *	insmod shieldrt_rfm.ko addr=0000:00:04.0 bar=2 nodes=2 node=1 \
 *		signals=4 in=0:0,0:1 stale_limit=5 clock=tai [verify=1]
 *	userctl loop create -l B ... io=rfm:in=0-1:out=0-0[:trigger]
 *
 * The layout and the reader's judgement of a block are in
 * include/shieldrt_rfm.h (pure code, KUnit-tested).  Each node writes its
 * own block once per cycle (write(): the loop's outputs, safe values in
 * safe state; into its two copies in turn, so that the newest record
 * stays whole while the next is written) and reads every other node's
 * block once per cycle (read(): the copy with the newer tail):
 * in[k] comes from in= pair k, NODE:SIGNAL.  Each remote block is, every
 * cycle, fresh, stale, torn, gone, or refused (badid, backwards,
 * badcount, corrupt); counted, its data's age histogrammed (reader cycles
 * since the last fresh block, and ns of the clock between the writer's
 * stamp and this read) and traced (shieldrt_rfm:rfm_block, rfm_reject).
 * A block not fresh leaves the inputs it feeds at their last fresh
 * values.  Each block echoes the sequences its writer last took from the
 * others; with a log of its own last writes a node measures the round
 * trip through every other node on its own clock.  With stale_limit=N a
 * remote that feeds an input and has had no fresh block for N cycles
 * puts the loop in safe state, reason remote (srt_io_remote_fault;
 * traced rfm_stale), as does, with a stale_limit set, another writer
 * found in this node's own block (two nodes with one id).
 *
 * The clock: with a :trigger binding (mode=external) the provider starts
 * the loop's cycles from an hrtimer on CLOCK_TAI (or CLOCK_REALTIME) at
 * every multiple of the loop's period counted from that clock's epoch,
 * so loops on nodes whose clocks agree (ptp4l + phc2sys) run in phase.
 * Each cycle's phase offset to that grid (the read's time against the
 * nearest multiple) is measured, histogrammed, traced (rfm_phase) and
 * written to the block.
 *
 * With verify=1 (the default) every read takes the whole block and
 * checks its check word: a whole block that does not match is "corrupt"
 * and not taken (a torn block the sequence pair let through, or a link
 * that garbles).  verify=0 reads only the header, the signals the inputs
 * take and this node's echo: fewer accesses (each one a PCI read on a
 * board), and it cannot see either.
 *
 * Every access is 32 bits wide (readl/writel: single-copy atomic on every
 * architecture, no readq on 32-bit ARM needed); a 64-bit value is two of
 * them, low word first, and the block's sequence pair says whether they
 * belong together.  The layout is checked against the BAR at load, and
 * every offset the cycle touches is below the layout's end, so no access
 * leaves the window whatever the window holds.
 *
 * Like shieldrt_pcibar, this is not a pci_driver (see there): it takes a
 * reference to the device named by addr= and requests the BAR region.
 */
#include <linux/debugfs.h>
#include <linux/hrtimer.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/seq_file.h>
#include <linux/seqlock.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include "shieldrt_io.h"
#include "shieldrt_rfm.h"
#include "pci_window.h"
#include "shieldrt_quote.h"

#define CREATE_TRACE_POINTS
#include "rfm_trace.h"

#define RFM_TRIES	3	/* reads of a block before it counts as torn */
#define RFM_HN		256	/* buckets: 8 a power of two, up to ~17e9 */

static char *addr;
module_param(addr, charp, 0444);
MODULE_PARM_DESC(addr, "the device, DDDD:BB:SS.F");

static unsigned int bar;
module_param(bar, uint, 0444);
MODULE_PARM_DESC(bar, "the memory BAR holding the window, 0-5 (default 0)");

static unsigned int base;
module_param(base, uint, 0444);
MODULE_PARM_DESC(base, "byte offset of the layout in the BAR, a multiple of 64");

static unsigned int nodes = 2;
module_param(nodes, uint, 0444);
MODULE_PARM_DESC(nodes, "nodes in the layout, 2-16 (default 2)");

static unsigned int node;
module_param(node, uint, 0444);
MODULE_PARM_DESC(node, "this node's id, 0..nodes-1: the block it writes");

static unsigned int signals = 8;
module_param(signals, uint, 0444);
MODULE_PARM_DESC(signals, "signals per block, 1-32 (default 8)");

static char *in;
module_param(in, charp, 0444);
MODULE_PARM_DESC(in, "where the bound inputs come from: NODE:SIGNAL,... in order");

static unsigned int stale_limit;
module_param(stale_limit, uint, 0444);
MODULE_PARM_DESC(stale_limit, "cycles without a fresh block before safe state (0: never)");

static bool verify = true;
module_param(verify, bool, 0444);
MODULE_PARM_DESC(verify, "read every signal of a block and check its check word (default on)");

static char *rfm_clock = "tai";
module_param_named(clock, rfm_clock, charp, 0444);
MODULE_PARM_DESC(clock, "the common clock: tai (default) or realtime");

/* A histogram, its sample count and exact maximum. */
struct rfm_hist {
	u64 n, max;
	u64 h[RFM_HN];
};

/* What the status shows of one remote; the reset file clears it. */
struct rfm_rcount {
	u64 n[SRT_RFM_NR_STATES];
	u64 retries;		/* torn reads that a retry made whole */
	u64 trips;		/* times it reached stale_limit */
	u64 future;		/* stamps ahead of this node's clock */
	u64 rtt_lost;		/* echoes older than the write log */
	struct rfm_hist age_c;	/* age of the data in use, cycles */
	struct rfm_hist age_ns;	/* age of the data in use, ns */
	struct rfm_hist rtt_c;	/* round trip through it, cycles */
	struct rfm_hist rtt_ns;	/* round trip through it, ns */
};

/*
 * One remote block, as this node's loop sees it.  Its own seqcount (for
 * the status), so that a reader copies one remote's few kB, not all.
 */
struct rfm_remote {
	seqcount_t seq;
	struct srt_rfm_peer peer;
	bool used;		/* an input comes from it */
	bool over;		/* at or past stale_limit */
	bool has_time;		/* last_time_ns is a fresh block's stamp */
	u64 last_time_ns;
	u64 last_cycle;		/* the writer's cycle in its last fresh block */
	s32 last_phase_ns;	/* the writer's phase in it */
	u32 last_echo;		/* its echo of our sequence, last fresh */
	struct rfm_rcount c;
};

/* This node's writes, by sequence, for the round trips. */
#define RFM_LOG	256
struct rfm_wlog {
	u32 seq;
	u64 cycle, ns;
};

/* The one binding (one loop per node); written by its loop thread only. */
struct rfm_state {
	struct srt_io_binding *b;
	struct hrtimer timer;	/* :trigger only */
	u64 period_ns;
	atomic_t reset;		/* the reset file: clear the counters */
	seqcount_t seq;		/* over the next fields, for the status */
	u64 cycles;		/* reads */
	u64 writes, writes_safe;
	u64 duplicates;		/* another writer in our block */
	u32 own_seq;
	u32 own_stamp;		/* low word of the stamp written last */
	u32 copy;		/* the copy the next write fills */
	bool wrote;
	s64 phase_ns;		/* this cycle's phase offset */
	struct rfm_hist phase;	/* |phase offset|, ns */
	/* loop thread only */
	u64 last_in[SRT_RFM_MAX_SIGNALS];	/* the inputs, last fresh */
	struct rfm_wlog log[RFM_LOG];
	struct rfm_remote r[SRT_RFM_MAX_NODES];
};

static struct srt_pci_window rfm_pci;
static void __iomem *rfm_win;	/* the layout's start (base) */
static u32 rfm_stride, rfm_copy;
static u64 rfm_end;
static u32 rfm_in_node[SRT_RFM_MAX_SIGNALS], rfm_in_sig[SRT_RFM_MAX_SIGNALS];
static u32 rfm_n_in;
static clockid_t rfm_clockid;
static struct dentry *rfm_dir;

static DEFINE_MUTEX(rfm_lock);	/* rfm_cur: bind, unbind, status */
static struct rfm_state *rfm_cur;

static u64 rfm_now(void)
{
	return rfm_clockid == CLOCK_TAI ? ktime_get_clocktai_ns() :
		ktime_get_real_ns();
}

/* Copy @c of node @k's block. */
static void __iomem *rfm_block(u32 k, u32 c)
{
	return rfm_win + k * rfm_stride + c * rfm_copy;
}

/* Word @i of those srt_rfm_check() covers: at 0x04 + 4 i. */
#define RFM_W(i)	(SRT_RFM_NODE + 4 * (i))
#define RFM_WSIG(s)	(7 + 2 * (s))	/* signal s's low word */
#define RFM_W_STAMP	((SRT_RFM_TIME - SRT_RFM_NODE) / 4)
#define RFM_NW		SRT_RFM_CHECK_WORDS(SRT_RFM_MAX_SIGNALS, SRT_RFM_MAX_NODES)

static u64 rfm_u64(const u32 *w)
{
	return (u64)w[1] << 32 | w[0];
}

/*
 * One read of remote @k's block, in the order the header comment of
 * shieldrt_rfm.h gives: both tails, then of the newer copy the header
 * and, with verify, every signal, echo and the check; without, the
 * signals the inputs take and this node's echo only.  The values the
 * inputs take go to @val, by input.
 */
static void rfm_get(u32 k, struct srt_rfm_snap *sn, u64 *val)
{
	u32 w[RFM_NW], nw = SRT_RFM_CHECK_WORDS(signals, nodes), i, s, c, t[2];
	u32 echo = RFM_WSIG(signals) + node, toff = srt_rfm_tail_off(signals, nodes);
	void __iomem *blk;

	t[0] = readl_relaxed(rfm_block(k, 0) + toff);
	t[1] = readl_relaxed(rfm_block(k, 1) + toff);
	c = srt_rfm_newer(t[0], t[1]);
	blk = rfm_block(k, c);
	sn->tail = t[c];
	/* The tail before the rest: pairs with the writer's second wmb(). */
	rmb();
	if (verify) {
		for (i = 0; i < nw; i++)
			w[i] = readl_relaxed(blk + RFM_W(i));
		sn->check = readl_relaxed(blk + srt_rfm_check_off(signals, nodes));
	} else {
		for (i = 0; i < RFM_WSIG(0); i++)
			w[i] = readl_relaxed(blk + RFM_W(i));
		for (i = 0; i < rfm_n_in; i++) {
			if (rfm_in_node[i] != k)
				continue;
			s = RFM_WSIG(rfm_in_sig[i]);
			w[s] = readl_relaxed(blk + RFM_W(s));
			w[s + 1] = readl_relaxed(blk + RFM_W(s + 1));
		}
		w[echo] = readl_relaxed(blk + RFM_W(echo));
	}
	/* The rest before the head: pairs with the writer's first wmb(). */
	rmb();
	sn->head = readl_relaxed(blk + SRT_RFM_HEAD);

	sn->node = w[0];
	sn->cycle = rfm_u64(&w[1]);
	sn->time_ns = rfm_u64(&w[3]);
	sn->count = w[5];
	sn->phase_ns = (s32)w[6];
	sn->echo = w[echo];
	sn->sum = verify ? srt_rfm_check(sn->tail, w, nw) : 0;
	if (!verify)
		sn->check = 0;
	for (i = 0; i < rfm_n_in; i++)
		if (rfm_in_node[i] == k)
			val[i] = rfm_u64(&w[RFM_WSIG(rfm_in_sig[i])]);
}

static void rfm_hist(struct rfm_hist *h, u64 v)
{
	h->h[srt_rfm_bucket(v, RFM_HN)]++;
	h->n++;
	h->max = max(h->max, v);
}

/* A fresh block of @r echoing our sequence @echo: one round trip. */
static void rfm_round_trip(struct rfm_state *s, struct rfm_remote *r,
			   u32 echo, u64 now)
{
	const struct rfm_wlog *l = &s->log[echo % RFM_LOG];

	if (!echo || echo == r->last_echo)
		return;
	r->last_echo = echo;
	if (l->seq != echo) {
		r->c.rtt_lost++;
		return;
	}
	rfm_hist(&r->c.rtt_c, s->cycles - l->cycle);
	if (now >= l->ns)
		rfm_hist(&r->c.rtt_ns, now - l->ns);
}

/* Remote @k in this cycle: judge, account, trace; inputs on fresh. */
static void rfm_remote_cycle(struct rfm_state *s, u32 k, u64 now,
			     bool reset)
{
	struct rfm_remote *r = &s->r[k];
	u64 val[SRT_RFM_MAX_SIGNALS];
	enum srt_rfm_state st;
	struct srt_rfm_snap sn;
	s64 age_ns = -1;
	u32 try, i, word = 0, want = 0;

	write_seqcount_begin(&r->seq);
	if (reset)
		memset(&r->c, 0, sizeof(r->c));
	for (try = 0; try < RFM_TRIES; try++) {
		rfm_get(k, &sn, val);
		if (sn.head == sn.tail)
			break;
	}
	if (try && try < RFM_TRIES)
		r->c.retries++;
	st = srt_rfm_judge(&r->peer, &sn, k, signals);
	r->c.n[st]++;
	switch (st) {
	case SRT_RFM_FRESH:
		for (i = 0; i < rfm_n_in; i++)
			if (rfm_in_node[i] == k)
				s->last_in[i] = val[i];
		r->last_time_ns = sn.time_ns;
		r->last_cycle = sn.cycle;
		r->last_phase_ns = sn.phase_ns;
		r->has_time = true;
		rfm_round_trip(s, r, sn.echo, now);
		break;
	case SRT_RFM_BADID:
		word = sn.node;
		want = SRT_RFM_MAGIC | k;
		break;
	case SRT_RFM_BACKWARDS:
		word = sn.head;
		want = r->peer.last_seq;
		break;
	case SRT_RFM_BADCOUNT:
		word = sn.count;
		want = signals;
		break;
	case SRT_RFM_CORRUPT:
		word = sn.check;
		want = sn.sum;
		break;
	default:
		break;
	}
	if (st >= SRT_RFM_BADID)
		trace_rfm_reject(node, k, st, word, want);

	rfm_hist(&r->c.age_c, r->peer.age_cycles);
	if (r->has_time) {
		if (now >= r->last_time_ns) {
			age_ns = now - r->last_time_ns;
			rfm_hist(&r->c.age_ns, age_ns);
		} else if (st == SRT_RFM_FRESH) {
			r->c.future++;
		}
	}
	trace_rfm_block(node, k, st, sn.head, r->peer.age_cycles, age_ns);

	if (r->used && stale_limit && r->peer.age_cycles >= stale_limit) {
		if (!r->over) {
			r->over = true;
			r->c.trips++;
			trace_rfm_stale(node, k, r->peer.age_cycles, stale_limit);
		}
		srt_io_remote_fault(s->b);
	} else {
		r->over = false;
	}
	write_seqcount_end(&r->seq);
}

/* In the cycle, under the I/O lock (IRQs off): every remote block. */
static int rfm_read(struct srt_io_binding *b, u64 *v)
{
	struct rfm_state *s = b->priv;
	bool reset = atomic_xchg(&s->reset, 0);
	u64 now = rfm_now();
	u32 k;

	write_seqcount_begin(&s->seq);
	if (reset) {
		s->writes = 0;
		s->writes_safe = 0;
		s->duplicates = 0;
		memset(&s->phase, 0, sizeof(s->phase));
	}
	s->cycles++;
	s->phase_ns = srt_rfm_phase(now, 0, s->period_ns);
	rfm_hist(&s->phase, abs(s->phase_ns));
	write_seqcount_end(&s->seq);
	trace_rfm_phase(node, s->cycles, s->phase_ns);

	for (k = 0; k < nodes; k++)
		if (k != node)
			rfm_remote_cycle(s, k, now, reset);

	for (k = 0; k < b->n_in; k++)
		v[k] = s->last_in[k];
	return 0;
}

/*
 * Someone else writes this node's block: two nodes, one id.  With a
 * stale_limit the loop goes safe before its next outputs, also when this
 * binding only writes.
 */
static void rfm_duplicate(struct rfm_state *s, u32 found, u32 wrote)
{
	s->duplicates++;
	trace_rfm_reject(node, node, SRT_RFM_DUPLICATE, found, wrote);
	if (stale_limit)
		srt_io_remote_fault(s->b);
}

/*
 * In the cycle, after the outputs were checked: this node's block.  Not
 * under the I/O lock and maybe preemptible (section=none): interrupts
 * off, so that the block goes out in one stretch and s->seq is written
 * as rfm_read() writes it.  rfm_read() writes it under the I/O lock,
 * which other providers take in hard IRQ context (simdaq's converter);
 * a write with interrupts on would make lockdep see an IRQ inversion.
 */
static int rfm_write(struct srt_io_binding *b, const u64 *out, bool safe)
{
	struct rfm_state *s = b->priv;
	u32 w[RFM_NW], nw = SRT_RFM_CHECK_WORDS(signals, nodes), head, tail, i;
	u32 toff = srt_rfm_tail_off(signals, nodes), h[2], t[2], stamp;
	void __iomem *blk;
	struct rfm_wlog *l;
	unsigned long flags;
	u64 now, v;

	local_irq_save(flags);
	write_seqcount_begin(&s->seq);
	if (s->wrote) {
		/*
		 * The copy written last must still hold what we wrote: its
		 * sequence pair, and its stamp, since a second writer that
		 * took over our sequence would write the same numbers in
		 * step with us, but not at the same nanosecond.
		 */
		blk = rfm_block(node, !s->copy);
		head = readl_relaxed(blk + SRT_RFM_HEAD);
		tail = readl_relaxed(blk + toff);
		stamp = readl_relaxed(blk + SRT_RFM_TIME);
		if (head != s->own_seq)
			rfm_duplicate(s, head, s->own_seq);
		else if (tail != s->own_seq)
			rfm_duplicate(s, tail, s->own_seq);
		else if (stamp != s->own_stamp)
			rfm_duplicate(s, stamp, s->own_stamp);
		s->own_seq = srt_rfm_next_seq(s->own_seq);
	} else {
		/*
		 * A restarted node goes on from its newest sequence, never
		 * backwards, and first fills the copy not holding it.
		 */
		for (i = 0; i < 2; i++) {
			h[i] = readl_relaxed(rfm_block(node, i) + SRT_RFM_HEAD);
			t[i] = readl_relaxed(rfm_block(node, i) + toff);
		}
		s->own_seq = srt_rfm_next_seq(h[srt_rfm_newer(h[0], h[1])]);
		s->copy = !srt_rfm_newer(t[0], t[1]);
		s->wrote = true;
	}
	blk = rfm_block(node, s->copy);

	now = rfm_now();
	w[0] = SRT_RFM_MAGIC | node;
	w[1] = lower_32_bits(s->cycles);
	w[2] = upper_32_bits(s->cycles);
	w[RFM_W_STAMP] = lower_32_bits(now);
	w[RFM_W_STAMP + 1] = upper_32_bits(now);
	s->own_stamp = w[RFM_W_STAMP];
	w[5] = signals;
	w[6] = (u32)(s32)s->phase_ns;
	for (i = 0; i < signals; i++) {
		v = i < b->n_out ? out[i] : 0;
		w[RFM_WSIG(i)] = lower_32_bits(v);
		w[RFM_WSIG(i) + 1] = upper_32_bits(v);
	}
	for (i = 0; i < nodes; i++)
		w[RFM_WSIG(signals) + i] = i != node && s->r[i].peer.seen ?
					   s->r[i].peer.last_seq : 0;
	l = &s->log[s->own_seq % RFM_LOG];
	l->seq = s->own_seq;
	l->cycle = s->cycles;
	l->ns = now;

	writel_relaxed(s->own_seq, blk + SRT_RFM_HEAD);
	/* The head before the rest: a reader reads it last. */
	wmb();
	for (i = 0; i < nw; i++)
		writel_relaxed(w[i], blk + RFM_W(i));
	writel_relaxed(srt_rfm_check(s->own_seq, w, nw),
		       blk + srt_rfm_check_off(signals, nodes));
	/* The rest before the tail: a reader reads it first. */
	wmb();
	writel_relaxed(s->own_seq, blk + toff);
	s->copy = !s->copy;

	s->writes++;
	s->writes_safe += safe;
	write_seqcount_end(&s->seq);
	local_irq_restore(flags);
	return 0;
}

/* :trigger: a cycle at every multiple of the period on the clock. */
static enum hrtimer_restart rfm_tick(struct hrtimer *t)
{
	struct rfm_state *s = container_of(t, struct rfm_state, timer);

	srt_io_trigger(s->b);
	hrtimer_forward_now(t, ns_to_ktime(s->period_ns));
	return HRTIMER_RESTART;
}

static int rfm_bind(struct srt_io_binding *b, char *err, size_t errlen)
{
	struct rfm_state *s;
	u64 now, next;
	u32 i;

	if (b->n_in > rfm_n_in || b->n_out > signals) {
		scnprintf(err, errlen,
			  "rfm: binding has %u inputs and %u outputs, the module has %u in= pairs and %u signals per block",
			  b->n_in, b->n_out, rfm_n_in, signals);
		return -EINVAL;
	}
	if (!b->period_ns) {
		scnprintf(err, errlen, "rfm: the loop has no period");
		return -EINVAL;
	}
	s = kvzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->b = b;
	s->period_ns = b->period_ns;
	atomic_set(&s->reset, 0);
	seqcount_init(&s->seq);
	for (i = 0; i < SRT_RFM_MAX_NODES; i++)
		seqcount_init(&s->r[i].seq);
	for (i = 0; i < b->n_in; i++)
		s->r[rfm_in_node[i]].used = true;

	mutex_lock(&rfm_lock);
	if (rfm_cur) {
		scnprintf(err, errlen,
			  "rfm: node %u is already bound by loop %s (one loop per node)",
			  node, rfm_cur->b->loop);
		mutex_unlock(&rfm_lock);
		kvfree(s);
		return -EBUSY;
	}
	rfm_cur = s;
	mutex_unlock(&rfm_lock);
	b->priv = s;

	if (b->trigger) {
		hrtimer_setup(&s->timer, rfm_tick, rfm_clockid,
			      HRTIMER_MODE_ABS_HARD);
		now = rfm_now();
		next = now - srt_rfm_phase(now, 0, s->period_ns);
		if (next <= now)
			next += s->period_ns;
		hrtimer_start(&s->timer, ns_to_ktime(next),
			      HRTIMER_MODE_ABS_HARD);
	}
	return 0;
}

static void rfm_unbind(struct srt_io_binding *b)
{
	struct rfm_state *s = b->priv;

	if (b->trigger)
		hrtimer_cancel(&s->timer);
	mutex_lock(&rfm_lock);
	rfm_cur = NULL;
	mutex_unlock(&rfm_lock);
	kvfree(s);
}

/* p50, p99 (the top of their buckets), the exact maximum, the count. */
static void rfm_show_hist(struct seq_file *m, const char *key,
			  const struct rfm_hist *h)
{
	seq_printf(m, " %s_p50=%llu %s_p99=%llu %s_max=%llu %s_n=%llu", key,
		   min(srt_rfm_quantile(h->h, RFM_HN, h->n, 500), h->max), key,
		   min(srt_rfm_quantile(h->h, RFM_HN, h->n, 990), h->max), key,
		   h->max, key, h->n);
}

/* What the status shows of this node's own side. */
struct rfm_own {
	u64 cycles, writes, writes_safe, duplicates;
	u32 own_seq;
	s64 phase_ns;
	struct rfm_hist phase;
};

static void rfm_show_remote(struct seq_file *m, u32 k,
			    const struct rfm_remote *r)
{
	u32 i;

	seq_printf(m, "remote: node=%u used=%d", k, r->used);
	for (i = 0; i < SRT_RFM_NR_STATES; i++)
		seq_printf(m, " %s=%llu", srt_rfm_state_name(i), r->c.n[i]);
	seq_printf(m, " retries=%llu trips=%llu future=%llu rtt_lost=%llu seq=%u cycle=%llu phase_ns=%d",
		   r->c.retries, r->c.trips, r->c.future, r->c.rtt_lost,
		   r->peer.last_seq, r->last_cycle, r->last_phase_ns);
	rfm_show_hist(m, "age_cycles", &r->c.age_c);
	rfm_show_hist(m, "age_ns", &r->c.age_ns);
	rfm_show_hist(m, "rtt_cycles", &r->c.rtt_c);
	rfm_show_hist(m, "rtt_ns", &r->c.rtt_ns);
	seq_putc(m, '\n');
}

/* The layout and the mapping: the module's parameters as taken. */
static void rfm_show_layout(struct seq_file *m)
{
	u32 i;

	seq_printf(m, "device: %s bar: %u base: %#x\n", pci_name(rfm_pci.pdev), bar,
		   base);
	seq_printf(m, "layout: nodes=%u signals=%u copy=%u stride=%u end=%#llx window=%llu\n",
		   nodes, signals, rfm_copy, rfm_stride, rfm_end,
		   (u64)pci_resource_len(rfm_pci.pdev, bar));
	seq_printf(m, "node: %u clock: %s stale_limit: %u verify: %d\n", node,
		   rfm_clockid == CLOCK_TAI ? "tai" : "realtime", stale_limit,
		   verify);
	seq_puts(m, "in:");
	for (i = 0; i < rfm_n_in; i++)
		seq_printf(m, " %u:%u", rfm_in_node[i], rfm_in_sig[i]);
	seq_putc(m, '\n');
}

/*
 * A binding's figures: this node's side and each other node's block,
 * copied under their seqcounts.  The binding must stay bound meanwhile:
 * rfm_lock (the status file) or shieldrt's lifecycle lock (the io view).
 */
static int rfm_show_binding(struct seq_file *m, struct rfm_state *s)
{
	struct rfm_remote *r;
	struct rfm_own *o;
	unsigned int start;
	u32 k;

	o = kmalloc(sizeof(*o), GFP_KERNEL);
	r = kvmalloc(sizeof(*r), GFP_KERNEL);
	if (!o || !r) {
		kfree(o);
		kvfree(r);
		return -ENOMEM;
	}
	seq_printf(m, "binding: loop=%s cpu=%d in=%u out=%u trigger=%d\n",
		   s->b->loop, s->b->cpu, s->b->n_in, s->b->n_out, s->b->trigger);
	do {
		start = read_seqcount_begin(&s->seq);
		o->cycles = s->cycles;
		o->writes = s->writes;
		o->writes_safe = s->writes_safe;
		o->duplicates = s->duplicates;
		o->own_seq = s->own_seq;
		o->phase_ns = s->phase_ns;
		o->phase = s->phase;
	} while (read_seqcount_retry(&s->seq, start));
	seq_printf(m, "own: cycles=%llu writes=%llu writes_safe=%llu seq=%u duplicates=%llu phase_ns=%lld",
		   o->cycles, o->writes, o->writes_safe, o->own_seq,
		   o->duplicates, o->phase_ns);
	rfm_show_hist(m, "phase_abs_ns", &o->phase);
	seq_putc(m, '\n');
	for (k = 0; k < nodes; k++) {
		if (k == node)
			continue;
		do {
			start = read_seqcount_begin(&s->r[k].seq);
			memcpy(r, &s->r[k], sizeof(*r));
		} while (read_seqcount_retry(&s->r[k].seq, start));
		rfm_show_remote(m, k, r);
	}
	kfree(o);
	kvfree(r);
	return 0;
}

static int rfm_status_show(struct seq_file *m, void *unused)
{
	int ret = 0;

	rfm_show_layout(m);
	/* rfm_lock keeps the binding (unbind frees it) while we copy. */
	mutex_lock(&rfm_lock);
	if (rfm_cur)
		ret = rfm_show_binding(m, rfm_cur);
	mutex_unlock(&rfm_lock);
	return ret;
}
DEFINE_SHOW_ATTRIBUTE(rfm_status);

/*
 * Any write: the bound loop's next read clears the counters and
 * histograms (not what it knows of each block), e.g. once every node is
 * up, so the figures cover the steady state only.
 */
static ssize_t rfm_reset_write(struct file *f, const char __user *buf,
			       size_t len, loff_t *pos)
{
	mutex_lock(&rfm_lock);
	if (rfm_cur)
		atomic_set(&rfm_cur->reset, 1);
	mutex_unlock(&rfm_lock);
	return len;
}

/* The loop's "io" view: the same figures as the status file, per binding. */
static void rfm_io_show(struct srt_io_binding *b, struct seq_file *m)
{
	rfm_show_layout(m);
	rfm_show_binding(m, b->priv);
}

/* The loop's reset: as a write to the reset file. */
static void rfm_io_reset(struct srt_io_binding *b)
{
	struct rfm_state *s = b->priv;

	atomic_set(&s->reset, 1);
}

static struct srt_io_provider rfm_provider = {
	.name = "rfm",
	.owner = THIS_MODULE,
	.bind = rfm_bind,
	.unbind = rfm_unbind,
	.read = rfm_read,
	.write = rfm_write,
	.show = rfm_io_show,
	.reset = rfm_io_reset,
};

static const struct file_operations rfm_reset_fops = {
	.owner = THIS_MODULE,
	.write = rfm_reset_write,
	.llseek = noop_llseek,
};

/* in=NODE:SIGNAL,...: each pair checked against the layout. */
static int rfm_parse_in(void)
{
	char *copy, *p, *tok, *colon, qin[SRT_QUOTE_LEN], q[SRT_QUOTE_LEN];
	unsigned int nd, sg;
	int ret = 0;

	rfm_n_in = 0;
	if (!in || !*in)
		return 0;
	srt_quote_str(qin, sizeof(qin), in);
	copy = kstrdup(in, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	p = copy;
	while ((tok = strsep(&p, ","))) {
		colon = strchr(tok, ':');
		if (!colon) {
			pr_err("in=%s: %s is not NODE:SIGNAL\n", qin,
			       srt_quote_str(q, sizeof(q), tok));
			ret = -EINVAL;
			break;
		}
		*colon = '\0';
		if (kstrtouint(tok, 10, &nd) || kstrtouint(colon + 1, 10, &sg)) {
			*colon = ':';
			pr_err("in=%s: %s is not NODE:SIGNAL\n", qin,
			       srt_quote_str(q, sizeof(q), tok));
			ret = -EINVAL;
			break;
		}
		if (nd >= nodes || nd == node || sg >= signals) {
			pr_err("in=%s: %u:%u: the node must be another of the %u (this is %u) and the signal below %u\n",
			       qin, nd, sg, nodes, node, signals);
			ret = -EINVAL;
			break;
		}
		if (rfm_n_in == SRT_RFM_MAX_SIGNALS) {
			pr_err("in=%s: more than %d pairs\n", qin,
			       SRT_RFM_MAX_SIGNALS);
			ret = -EINVAL;
			break;
		}
		rfm_in_node[rfm_n_in] = nd;
		rfm_in_sig[rfm_n_in] = sg;
		rfm_n_in++;
	}
	kfree(copy);
	return ret;
}

static int rfm_check_params(void)
{
	char q[SRT_QUOTE_LEN];

	if (!addr) {
		pr_err("give the device: addr=DDDD:BB:SS.F\n");
		return -EINVAL;
	}
	if (bar >= PCI_STD_NUM_BARS) {
		pr_err("bar=%u: must be 0-%d\n", bar, PCI_STD_NUM_BARS - 1);
		return -EINVAL;
	}
	if (nodes < 2 || nodes > SRT_RFM_MAX_NODES) {
		pr_err("nodes=%u: must be 2-%d\n", nodes, SRT_RFM_MAX_NODES);
		return -EINVAL;
	}
	if (node >= nodes) {
		pr_err("node=%u: must be below nodes=%u\n", node, nodes);
		return -EINVAL;
	}
	if (!signals || signals > SRT_RFM_MAX_SIGNALS) {
		pr_err("signals=%u: must be 1-%d\n", signals,
		       SRT_RFM_MAX_SIGNALS);
		return -EINVAL;
	}
	if (base % 64) {
		pr_err("base=%#x: must be a multiple of 64\n", base);
		return -EINVAL;
	}
	if (!strcmp(rfm_clock, "tai")) {
		rfm_clockid = CLOCK_TAI;
	} else if (!strcmp(rfm_clock, "realtime")) {
		rfm_clockid = CLOCK_REALTIME;
	} else {
		pr_err("clock=%s: must be tai or realtime\n",
		       srt_quote_str(q, sizeof(q), rfm_clock));
		return -EINVAL;
	}
	return rfm_parse_in();
}

static int __init rfm_init(void)
{
	char q[SRT_QUOTE_LEN];
	struct pci_dev *pdev;
	resource_size_t len;
	int ret;

	ret = rfm_check_params();
	if (ret)
		return ret;
	pdev = srt_pci_find(addr, NULL);
	if (IS_ERR(pdev))
		return PTR_ERR(pdev);
	if (!pdev) {
		pr_err("no PCI device %s\n", srt_quote_str(q, sizeof(q), addr));
		return -ENODEV;
	}
	ret = srt_pci_mem_bar(pdev, bar, &len);
	if (ret)
		goto put_dev;
	rfm_copy = srt_rfm_copy_size(signals, nodes);
	rfm_stride = srt_rfm_stride(signals, nodes);
	if (srt_rfm_layout(base, nodes, signals, len, &rfm_end)) {
		pr_err("%s: BAR %u of %llu bytes is smaller than the layout: base %#x + %u nodes x %u bytes (%u signals) = %llu\n",
		       pci_name(pdev), bar, (u64)len, base, nodes, rfm_stride,
		       signals, rfm_end);
		ret = -ERANGE;
		goto put_dev;
	}
	/* The layout only: [base, end). */
	ret = srt_pci_window_open(&rfm_pci, pdev, bar, base, rfm_end - base);
	if (ret)
		goto put_dev;
	rfm_win = rfm_pci.base;

	rfm_dir = debugfs_create_dir(KBUILD_MODNAME, NULL);
	debugfs_create_file("status", 0400, rfm_dir, NULL, &rfm_status_fops);
	debugfs_create_file("reset", 0200, rfm_dir, NULL, &rfm_reset_fops);

	ret = srt_io_register(&rfm_provider);
	if (ret) {
		pr_err("cannot register provider rfm: %d\n", ret);
		goto remove_debugfs;
	}
	pr_info("%s BAR %u: node %u of %u, %u signals a block, %u inputs, clock %s\n",
		pci_name(pdev), bar, node, nodes, signals, rfm_n_in, rfm_clock);
	return 0;

remove_debugfs:
	debugfs_remove_recursive(rfm_dir);
	srt_pci_window_close(&rfm_pci);
	return ret;
put_dev:
	pci_dev_put(pdev);
	return ret;
}

static void __exit rfm_exit(void)
{
	/* Bound loops go to safe state; no callback runs after this. */
	srt_io_unregister(&rfm_provider);
	debugfs_remove_recursive(rfm_dir);
	srt_pci_window_close(&rfm_pci);
}

module_init(rfm_init);
module_exit(rfm_exit);
MODULE_DESCRIPTION("shieldrt I/O provider: reflective memory between nodes");
MODULE_LICENSE("GPL");
