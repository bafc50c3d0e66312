/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reflective-memory window's layout and the reader's judgement of a
 * remote block, as pure code (no device access, no time): the provider
 * kmod/io/rfm.c does the accesses and the KUnit suite kunit/rfm_test.c
 * tests this file.
 *
 * The window (at byte offset base in the BAR) holds one block per node,
 * node k at base + k * stride; each node writes only its own.  A block is
 * two copies of one record, copy c at + c * copy size, which the writer
 * fills in turn.  A copy, in 32-bit little-endian words (every access is
 * a 32-bit one, single copy atomic on every architecture, 32-bit ARM
 * included):
 *
 *	0x00  head     sequence number, written first
 *	0x04  node     SRT_RFM_MAGIC | node id
 *	0x08  cycle    the writer's cycle number (low word, then high)
 *	0x10  time     the writer's clock (CLOCK_TAI or CLOCK_REALTIME) in
 *	               ns when it wrote the block (low, high)
 *	0x18  count    signals in the block
 *	0x1c  phase    the writer's phase offset to the common epoch, ns
 *	               (signed)
 *	0x20  signals  count IEEE-754 doubles (low word, then high)
 *	E = 0x20 + 8 * count
 *	E          echo   nodes words: for each node j, the sequence of j's
 *	                  block this writer last took (0: none; its own: 0)
 *	E + 4 * nodes      check  srt_rfm_check() of the sequence and every
 *	                          word from node to the last echo
 *	E + 4 * nodes + 4  tail   the same sequence number, written last
 *
 * The echo gives each node its round trip without a common clock: node A
 * wrote its sequence s at its cycle c and time t (its own clock); when A
 * takes a block of B whose echo for A is s, the round trip A -> B -> A is
 * A's cycles since c and its ns since t.
 *
 * The writer, into the copy it did not write last: head = s; wmb;
 * everything else; wmb; tail = s.  The reader: both tails; the copy
 * whose tail is newer (srt_rfm_newer(), modulo 2^32); rmb; everything
 * else of that copy; rmb; its head.  If head == tail the copy was whole:
 * had the writer begun another record in it before the reader was done,
 * the reader's last read, head, would see the new sequence (its head went
 * out before any word the reader may have taken from that record).  The
 * copy the writer is filling is never the one with the newer tail, so a
 * writer stopped in the middle of a record (descheduled, or a node that
 * dies) leaves the newest whole record readable: a read is torn only if
 * the writer finished a record and began the next in the copy being
 * read, two writes within one read.  A torn read is thrown away and
 * tried again, a few times.  Sequence 0 is never written: a copy whose
 * tail is 0 was never finished, and a block whose head and node words
 * are 0 was never written ("gone").
 *
 * The check word is not what keeps torn blocks out (the sequence pair
 * is); it tells whether one got in anyway, or the link corrupted a block:
 * a reader that verifies it (shieldrt_rfm's verify=1, reading every
 * signal of the block) counts a whole block whose check does not match as
 * "corrupt" and does not take it.
 */
#ifndef SHIELDRT_RFM_H
#define SHIELDRT_RFM_H

#include <linux/types.h>
#include <linux/math.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/minmax.h>

#define SRT_RFM_MAX_NODES	16
#define SRT_RFM_MAX_SIGNALS	32

#define SRT_RFM_HEAD	0x00
#define SRT_RFM_NODE	0x04
#define SRT_RFM_CYCLE	0x08
#define SRT_RFM_TIME	0x10
#define SRT_RFM_COUNT	0x18
#define SRT_RFM_PHASE	0x1c
#define SRT_RFM_SIG	0x20

#define SRT_RFM_MAGIC	0x52460000U	/* "RF" in the high half */
#define SRT_RFM_ID_MASK	0x0000ffffU

/* Bytes of one copy of a record of @signals with @nodes, rounded up to 64. */
static inline u32 srt_rfm_copy_size(u32 signals, u32 nodes)
{
	return round_up(SRT_RFM_SIG + 8 * signals + 4 * nodes + 8, 64);
}

/* Bytes of a node's block: its two copies. */
static inline u32 srt_rfm_stride(u32 signals, u32 nodes)
{
	return 2 * srt_rfm_copy_size(signals, nodes);
}

/*
 * The copy (0 or 1) a reader takes, from the tails @t0 and @t1: the newer
 * sequence modulo 2^32; a tail of 0 (never finished) is the older.
 */
static inline u32 srt_rfm_newer(u32 t0, u32 t1)
{
	if (!t1)
		return 0;
	if (!t0)
		return 1;
	return (s32)(t1 - t0) > 0;
}

static inline u32 srt_rfm_echo_off(u32 signals)
{
	return SRT_RFM_SIG + 8 * signals;
}

static inline u32 srt_rfm_check_off(u32 signals, u32 nodes)
{
	return SRT_RFM_SIG + 8 * signals + 4 * nodes;
}

static inline u32 srt_rfm_tail_off(u32 signals, u32 nodes)
{
	return SRT_RFM_SIG + 8 * signals + 4 * nodes + 4;
}

/*
 * The check word: from the sequence, each word in turn rotated in and
 * multiplied by FNV-1's prime.  @w holds the block's words from node
 * (0x04) to the last signal's high word, in order.
 */
static inline u32 srt_rfm_check(u32 seq, const u32 *w, u32 n)
{
	u32 h = seq, i;

	for (i = 0; i < n; i++)
		h = ((h << 5 | h >> 27) ^ w[i]) * 16777619U;
	return h;
}

/*
 * Words srt_rfm_check() covers: node, cycle (2), time (2), count, phase,
 * signals (2 each), echoes.
 */
#define SRT_RFM_CHECK_WORDS(signals, nodes)	(7 + 2 * (signals) + (nodes))

/*
 * Does a layout of @nodes blocks of @signals at @base fit a window of
 * @len bytes?  0, or -EINVAL for counts out of range, -ERANGE if it
 * does not fit; *end is the byte after the last block.  In 64 bits, so
 * no sum wraps.
 */
static inline int srt_rfm_layout(u64 base, u32 nodes, u32 signals, u64 len,
				 u64 *end)
{
	if (nodes < 2 || nodes > SRT_RFM_MAX_NODES || !signals ||
	    signals > SRT_RFM_MAX_SIGNALS)
		return -EINVAL;
	if (base % 64)
		return -EINVAL;
	*end = base + (u64)nodes * srt_rfm_stride(signals, nodes);
	return *end <= len ? 0 : -ERANGE;
}

/* What one read of a block found. */
struct srt_rfm_snap {
	u32 head, node, count, tail;
	u32 check;		/* the block's check word */
	u32 sum;		/* the reader's srt_rfm_check(); = check unverified */
	s32 phase_ns;
	u32 echo;		/* its echo of the reader's sequence */
	u64 cycle, time_ns;
};

/* A remote block's state in one cycle of the reader. */
enum srt_rfm_state {
	SRT_RFM_FRESH,		/* a newer sequence than last cycle's */
	SRT_RFM_STALE,		/* the same sequence as before */
	SRT_RFM_TORN,		/* head != tail in the newer copy, every try */
	SRT_RFM_GONE,		/* never written */
	SRT_RFM_BADID,		/* node word not this slot's node */
	SRT_RFM_BACKWARDS,	/* sequence older than one seen */
	SRT_RFM_BADCOUNT,	/* a different number of signals */
	SRT_RFM_CORRUPT,	/* whole, but the check word does not match */
	SRT_RFM_NR_STATES,
	/* not a remote's state: another writer in this node's own block */
	SRT_RFM_DUPLICATE = SRT_RFM_NR_STATES
};

static inline const char *srt_rfm_state_name(enum srt_rfm_state s)
{
	static const char * const names[SRT_RFM_NR_STATES] = {
		[SRT_RFM_FRESH] = "fresh",
		[SRT_RFM_STALE] = "stale",
		[SRT_RFM_TORN] = "torn",
		[SRT_RFM_GONE] = "gone",
		[SRT_RFM_BADID] = "badid",
		[SRT_RFM_BACKWARDS] = "backwards",
		[SRT_RFM_BADCOUNT] = "badcount",
		[SRT_RFM_CORRUPT] = "corrupt",
	};

	return (unsigned int)s < SRT_RFM_NR_STATES ? names[s] : "?";
}

/* The reader's memory of one remote block. */
struct srt_rfm_peer {
	u32 last_seq;		/* newest sequence taken */
	bool seen;		/* last_seq is valid */
	u64 age_cycles;		/* reader cycles since the last fresh one */
};

/*
 * Judge one read of the block of node @id (which carries @count signals)
 * and update @p: on FRESH the caller takes the data and age_cycles is 0;
 * on anything else the data is not taken and age_cycles grows by one
 * (from the bind, for a block never taken).  Sequences compare modulo
 * 2^32, so one that wraps is still newer.
 */
static inline enum srt_rfm_state
srt_rfm_judge(struct srt_rfm_peer *p, const struct srt_rfm_snap *s, u32 id,
	      u32 count)
{
	enum srt_rfm_state st;

	if (s->head != s->tail)
		st = SRT_RFM_TORN;
	else if (!s->head && !s->node)
		st = SRT_RFM_GONE;
	else if (s->check != s->sum)
		st = SRT_RFM_CORRUPT;
	else if (s->node != (SRT_RFM_MAGIC | id))
		st = SRT_RFM_BADID;
	else if (s->count != count)
		st = SRT_RFM_BADCOUNT;
	else if (p->seen && s->head == p->last_seq)
		st = SRT_RFM_STALE;
	else if (p->seen && (s32)(s->head - p->last_seq) < 0)
		st = SRT_RFM_BACKWARDS;
	else
		st = SRT_RFM_FRESH;

	if (st == SRT_RFM_FRESH) {
		p->last_seq = s->head;
		p->seen = true;
		p->age_cycles = 0;
	} else if (p->age_cycles < U64_MAX) {
		p->age_cycles++;
	}
	return st;
}

/* The next sequence a writer puts out after @seq: never 0. */
static inline u32 srt_rfm_next_seq(u32 seq)
{
	return seq + 1 ?: 1;
}

/*
 * Histogram buckets, 8 per power of two: values 0-7 have a bucket each,
 * then [8,9), [9,10), ... [15,16), [16,18), ... [30,32), [32,36), ...
 * (12.5 % wide at most).  Values past the last bucket go in it.
 */
#define SRT_RFM_SUB	8

static inline u32 srt_rfm_bucket(u64 v, u32 nbuckets)
{
	u32 e, i;

	if (v < SRT_RFM_SUB)
		i = v;
	else {
		e = ilog2(v);	/* >= 3 */
		i = SRT_RFM_SUB * (e - 2) + ((v >> (e - 3)) & (SRT_RFM_SUB - 1));
	}
	return min(i, nbuckets - 1);
}

/* The smallest value of bucket @i. */
static inline u64 srt_rfm_bucket_low(u32 i)
{
	u32 e;

	if (i < SRT_RFM_SUB)
		return i;
	e = i / SRT_RFM_SUB + 2;
	return (u64)(SRT_RFM_SUB + i % SRT_RFM_SUB) << (e - 3);
}

/*
 * The @per_mille quantile of a histogram of @n buckets holding @total
 * values: the top of the bucket it falls in (the largest value that
 * bucket can hold), 0 if empty.  For the last bucket, which also holds
 * everything past it, the caller prints the exact maximum instead.
 */
static inline u64 srt_rfm_quantile(const u64 *h, u32 n, u64 total,
				   u32 per_mille)
{
	u64 want, sum = 0;
	u32 i;

	if (!total)
		return 0;
	/* the rank, 1-based: ceil(total * per_mille / 1000) */
	want = div_u64(total * per_mille + 999, 1000) ?: 1;
	for (i = 0; i < n; i++) {
		sum += h[i];
		if (sum >= want)
			return srt_rfm_bucket_low(i + 1) - 1;
	}
	return srt_rfm_bucket_low(n) - 1;
}

/*
 * The phase of @now_ns against a grid of @period_ns starting at
 * @epoch_ns, in [-period/2, period/2): how far this moment is from the
 * nearest multiple of the period counted from the epoch.
 */
static inline s64 srt_rfm_phase(u64 now_ns, u64 epoch_ns, u64 period_ns)
{
	u64 r;

	if (!period_ns)
		return 0;
	if (now_ns >= epoch_ns)
		div64_u64_rem(now_ns - epoch_ns, period_ns, &r);
	else {
		div64_u64_rem(epoch_ns - now_ns, period_ns, &r);
		r = r ? period_ns - r : 0;
	}
	return r >= period_ns - period_ns / 2 ? (s64)r - (s64)period_ns : (s64)r;
}

#endif /* SHIELDRT_RFM_H */
