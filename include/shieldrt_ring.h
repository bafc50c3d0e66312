/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * The ring, mailbox and seqcount protocol of include/uapi/shieldrt.h as
 * static inline helpers: a small ordering layer that is the kernel's
 * barriers under __KERNEL__ and __atomic builtins elsewhere, and the user
 * side's producer/consumer helpers.  The kernel side of the protocol
 * (validation and the per-cycle work) is shieldrt_dataplane.h, built on
 * the same layer.  The barrier tags ([A1] ...) refer to the pairing drawn
 * in include/uapi/shieldrt.h.
 */
#ifndef SHIELDRT_RING_H
#define SHIELDRT_RING_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/atomic.h>
#include <asm/barrier.h>
#include <asm/processor.h>

/*
 * Each use carries its tag; the pairings are drawn in uapi/shieldrt.h.
 * Acquire loads are [A2] [B2] [C2] [D2] [G2], release stores [A1] [B1]
 * [C1] [D1], the exchange is [E1]/[E2] (full barrier, pairs with [F1]/[F2]).
 */
#define srt_load_acquire(p)	smp_load_acquire(p)	/* [A2]..[D2] [G2] */
#define srt_store_release(p, v)	smp_store_release(p, v)	/* [A1]..[D1] */
#define srt_read_once(x)	READ_ONCE(x)
#define srt_write_once(x, v)	WRITE_ONCE(x, v)
#define srt_xchg(p, v)		xchg(p, v)
#define srt_seq_wmb()		smp_wmb()	/* [G1] [K1]: seq, then data */
#define srt_seq_rmb()		smp_rmb()	/* [G2] [K2]: data, then seq */
#define srt_seq_put(x, v)	WRITE_ONCE(x, v)
#define srt_seq_get(x)		READ_ONCE(x)

/* A seqcount reader's wait for the writer: spin, give up eventually. */
static inline int srt_seq_backoff(int tries)
{
	cpu_relax();
	return tries < 10000 ? 0 : -1;
}
#else
#include <linux/types.h>
#include <errno.h>
#include <stddef.h>
#include <sys/mman.h>
#include <time.h>

#define srt_load_acquire(p)	__atomic_load_n(p, __ATOMIC_ACQUIRE)
#define srt_store_release(p, v)	__atomic_store_n(p, v, __ATOMIC_RELEASE)
#define srt_read_once(x)	__atomic_load_n(&(x), __ATOMIC_RELAXED)
#define srt_write_once(x, v)	__atomic_store_n(&(x), v, __ATOMIC_RELAXED)
#define srt_xchg(p, v)		__atomic_exchange_n(p, v, __ATOMIC_ACQ_REL)
/*
 * ThreadSanitizer does not model stand-alone fences, so in user space the
 * seqcount payload carries its own ordering (release stores, acquire
 * loads): plain moves on x86, and what TSan can check.
 */
#define srt_seq_wmb()		do { } while (0)
#define srt_seq_rmb()		do { } while (0)
#define srt_seq_put(x, v)	__atomic_store_n(&(x), v, __ATOMIC_RELEASE)
#define srt_seq_get(x)		__atomic_load_n(&(x), __ATOMIC_ACQUIRE)

/*
 * The pause between a seqcount reader's tries: 50 us of nanosleep().
 * That is POSIX, hidden (with C99's struct timespec) from a program built
 * in a strict ISO mode (gcc -std=c99, -std=c11) without a feature-test
 * macro, and a header must not define those macros for its includer.
 * So the sleep is used where the program's own macros declare
 * nanosleep(): the gnu modes and C++ by default (glibc's <time.h> then
 * defines _POSIX_C_SOURCE, musl's _XOPEN_SOURCE), or POSIX asked for;
 * "- 0" copes with a macro defined empty.  Elsewhere the pause is
 * sched_yield(), which <sched.h> declares in every mode: the writer
 * still gets the CPU, but the reader gives up after 20000 yields, less
 * than a second on an idle machine.
 */
#if (defined(_POSIX_C_SOURCE) && _POSIX_C_SOURCE - 0 >= 199309L) || \
	(defined(_XOPEN_SOURCE) && _XOPEN_SOURCE - 0 >= 500) || \
	defined(_GNU_SOURCE) || defined(_DEFAULT_SOURCE) || defined(_BSD_SOURCE)
static inline void srt_seq_pause(void)
{
	struct timespec pause = { 0, 50000 };

	nanosleep(&pause, NULL);
}
#else
#include <sched.h>

static inline void srt_seq_pause(void)
{
	sched_yield();
}
#endif

/*
 * A seqcount reader's wait for the writer.  A writer preempted inside
 * its section (or a vCPU the host has descheduled) keeps the count odd
 * for milliseconds: spin a little, then pause between tries, and give
 * up only after 20000 pauses (about a second of sleeps).
 */
static inline int srt_seq_backoff(int tries)
{
	if (tries < 1000)
		return 0;
	if (tries >= 1000 + 20000)
		return -1;
	srt_seq_pause();
	return 0;
}
#endif

#include "uapi/shieldrt.h"
#include "shieldrt_f64.h"	/* values: srt_bits_finite(), srt_to_bits() */

static inline void *srt_at(void *base, __u32 first, __u32 stride,
			   __u32 slot)
{
	return (unsigned char *)base + first + (unsigned long)stride * slot;
}

/*
 * Copy every counter of a stats block, each read and written once: the
 * seqcount readers below, the kernel's republishing and its debugfs.
 */
static inline void srt_stats_copy(struct shieldrt_stats *dst,
				  const struct shieldrt_stats *src)
{
	srt_seq_put(dst->cycles, srt_seq_get(src->cycles));
	srt_seq_put(dst->tel_records, srt_seq_get(src->tel_records));
	srt_seq_put(dst->tel_drops, srt_seq_get(src->tel_drops));
	srt_seq_put(dst->tel_corrupt, srt_seq_get(src->tel_corrupt));
	srt_seq_put(dst->mbox_updates, srt_seq_get(src->mbox_updates));
	srt_seq_put(dst->mbox_rej_index, srt_seq_get(src->mbox_rej_index));
	srt_seq_put(dst->mbox_rej_value, srt_seq_get(src->mbox_rej_value));
	srt_seq_put(dst->mbox_rej_flags, srt_seq_get(src->mbox_rej_flags));
	srt_seq_put(dst->mbox_corrupt, srt_seq_get(src->mbox_corrupt));
	srt_seq_put(dst->cmd_applied, srt_seq_get(src->cmd_applied));
	srt_seq_put(dst->cmd_rej_index, srt_seq_get(src->cmd_rej_index));
	srt_seq_put(dst->cmd_rej_value, srt_seq_get(src->cmd_rej_value));
	srt_seq_put(dst->cmd_rej_late, srt_seq_get(src->cmd_rej_late));
	srt_seq_put(dst->cmd_rej_flags, srt_seq_get(src->cmd_rej_flags));
	srt_seq_put(dst->cmd_corrupt, srt_seq_get(src->cmd_corrupt));
	srt_seq_put(dst->cmd_underruns, srt_seq_get(src->cmd_underruns));
}

static inline void srt_live_copy(struct shieldrt_live *dst,
				 const struct shieldrt_live *src)
{
	dst->heartbeat = srt_seq_get(src->heartbeat);
	dst->cycle = srt_seq_get(src->cycle);
	dst->commit_cycle = srt_seq_get(src->commit_cycle);
	dst->heartbeat_cycle = srt_seq_get(src->heartbeat_cycle);
	dst->mbox_seq = srt_seq_get(src->mbox_seq);
	dst->mbox_cycle = srt_seq_get(src->mbox_cycle);
}

/*
 * Seqcount readers for the live block and the stats (pair with [G1]).
 * They are what makes the 64-bit fields safe to read on 32-bit CPUs: a
 * copy torn by a concurrent update is discarded with its seq.
 */
static inline int srt_live_read(const struct shieldrt_live *src,
				struct shieldrt_live *dst)
{
	int tries;

	for (tries = 0; !srt_seq_backoff(tries); tries++) {
		__u32 s0 = srt_load_acquire(&src->seq);		/* [G2] */

		if (s0 & 1)
			continue;
		srt_live_copy(dst, src);
		srt_seq_rmb();					/* [G2] */
		if (srt_read_once(src->seq) == s0) {
			dst->seq = s0;
			return 0;
		}
	}
	return -1;
}

static inline int srt_stats_read(const struct shieldrt_stats *src,
				 struct shieldrt_stats *dst)
{
	int tries;

	for (tries = 0; !srt_seq_backoff(tries); tries++) {
		__u32 s0 = srt_load_acquire(&src->seq);		/* [G2] */

		if (s0 & 1)
			continue;
		srt_stats_copy(dst, src);
		srt_seq_rmb();					/* [G2] */
		if (srt_read_once(src->seq) == s0) {
			dst->seq = s0;
			return 0;
		}
	}
	return -1;
}

#ifndef __KERNEL__
/*
 * The user side of one attached region.  off comes from the attach ioctl
 * (trusted: the kernel wrote it); everything in the mapping may have been
 * scribbled on by another process, so indices are checked here too.
 */
struct srt_map {
	unsigned char *base;
	struct shieldrt_offsets off;
	struct shieldrt_hdr *hdr;
	struct shieldrt_user *user;
	struct shieldrt_mbox *mbox;
	__u32 *cmd_headp;	/* kernel-written */
	__u32 *cmd_tailp;
	__u32 *tel_headp;
	__u32 *tel_tailp;	/* kernel-written */
	struct shieldrt_stats *stats;
	__u32 n_in;
	__u32 mbox_back;	/* slot this writer owns */
	__u64 mbox_seq;		/* last update seq this writer used */
	__u32 cmd_tail;		/* producer index, private */
	__u32 tel_head;		/* consumer index, private */
};

/*
 * Map an attached fd's region as one address range: all of it read-only,
 * then (if @writable, which needs an O_RDWR fd) the user-written part
 * read-write over its tail.  NULL with errno set on failure; unmap with
 * munmap(base, off->region_size).
 */
static inline void *srt_region_map(int fd, const struct shieldrt_offsets *off,
				   int writable)
{
	unsigned char *base;
	void *w;
	int err;

	base = (unsigned char *)mmap(NULL, off->region_size, PROT_READ,
				     MAP_SHARED, fd, 0);
	if (base == MAP_FAILED)
		return NULL;
	if (!writable || off->writable >= off->region_size)
		return base;
	w = mmap(base + off->writable, off->region_size - off->writable,
		 PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
		 off->writable);
	if (w == MAP_FAILED) {
		err = errno;
		munmap(base, off->region_size);
		errno = err;
		return NULL;
	}
	return base;
}

/* Does [at, at + n) lie within a region of sz bytes?  64-bit sums. */
static inline int srt_map_within(__u64 at, __u64 n, __u64 sz)
{
	return at + n <= sz;
}

/*
 * 0, or -1 if the offsets do not describe a sane region: rings of a
 * power of two up to the ABI's limit, every part inside it, and every
 * offset and stride a multiple of 8 (the parts hold __u64s; the kernel's
 * layout aligns them further).
 */
static inline int srt_map_init(struct srt_map *m, void *base,
			       const struct shieldrt_offsets *off)
{
	const __u64 sz = off->region_size;
	struct shieldrt_live lv;

	if (off->cmd_size & (off->cmd_size - 1) ||
	    off->tel_size & (off->tel_size - 1) ||
	    !off->cmd_size || !off->tel_size ||
	    off->cmd_size > SHIELDRT_RING_MAX_ENTRIES ||
	    off->tel_size > SHIELDRT_RING_MAX_ENTRIES ||
	    off->tel_stride < sizeof(struct shieldrt_tel) ||
	    (off->hdr | off->mbox | off->mbox_slots | off->mbox_stride |
	     off->cmd_head | off->cmd_tail | off->cmd_entries |
	     off->cmd_stride | off->tel_head | off->tel_tail |
	     off->tel_entries | off->tel_stride | off->stats | off->user |
	     off->writable) & 7 ||
	    !srt_map_within(off->hdr, sizeof(struct shieldrt_hdr), sz) ||
	    !srt_map_within(off->user, sizeof(struct shieldrt_user), sz) ||
	    !srt_map_within(off->mbox, sizeof(struct shieldrt_mbox), sz) ||
	    !srt_map_within(off->mbox_slots, 3ULL * off->mbox_stride, sz) ||
	    !srt_map_within(off->cmd_head, sizeof(struct shieldrt_ring_idx), sz) ||
	    !srt_map_within(off->cmd_tail, sizeof(struct shieldrt_ring_idx), sz) ||
	    !srt_map_within(off->cmd_entries,
			    (__u64)off->cmd_size * off->cmd_stride, sz) ||
	    !srt_map_within(off->tel_head, sizeof(struct shieldrt_ring_idx), sz) ||
	    !srt_map_within(off->tel_tail, sizeof(struct shieldrt_ring_idx), sz) ||
	    !srt_map_within(off->tel_entries,
			    (__u64)off->tel_size * off->tel_stride, sz) ||
	    !srt_map_within(off->stats, sizeof(struct shieldrt_stats), sz) ||
	    off->writable > sz)
		return -1;
	m->base = (unsigned char *)base;
	m->off = *off;
	m->hdr = (struct shieldrt_hdr *)(m->base + off->hdr);
	m->user = (struct shieldrt_user *)(m->base + off->user);
	m->mbox = (struct shieldrt_mbox *)(m->base + off->mbox);
	m->cmd_headp = (__u32 *)(m->base + off->cmd_head);
	m->cmd_tailp = (__u32 *)(m->base + off->cmd_tail);
	m->tel_headp = (__u32 *)(m->base + off->tel_head);
	m->tel_tailp = (__u32 *)(m->base + off->tel_tail);
	m->stats = (struct shieldrt_stats *)(m->base + off->stats);
	/* From the kernel's offsets (the header says the same). */
	if (off->cmd_stride < sizeof(struct shieldrt_slot))
		return -1;
	m->n_in = (off->cmd_stride - sizeof(struct shieldrt_slot)) / 8;
	if (m->n_in > SHIELDRT_MAX_SIGNALS ||
	    sizeof(struct shieldrt_slot) + 8 * m->n_in > off->mbox_stride)
		return -1;
	/* Single writer: take over the slot the previous writer held. */
	m->mbox_back = srt_read_once(m->mbox->writer_back) & SHIELDRT_MBOX_IDX;
	if (m->mbox_back > 2)
		m->mbox_back = 2;
	/*
	 * Continue the previous writer's seq; through the seqcount, as the
	 * kernel's two halves of it may be read mid-update on 32-bit.
	 */
	m->mbox_seq = srt_live_read(&m->hdr->live, &lv) ?
		      srt_read_once(m->hdr->live.mbox_seq) : lv.mbox_seq;
	m->cmd_tail = srt_read_once(*m->cmd_tailp);
	m->tel_head = srt_read_once(*m->tel_headp);
	return 0;
}

static inline struct shieldrt_slot *srt_mbox_slot(struct srt_map *m,
						  __u32 idx)
{
	return (struct shieldrt_slot *)srt_at(m->base, m->off.mbox_slots,
					     m->off.mbox_stride, idx);
}

/*
 * Publish a set of inputs: value[i] for each bit i of mask.  Returns the
 * update's seq; live.mbox_seq reaches it once the kernel applied it.
 */
static inline __u64 srt_mbox_write(struct srt_map *m, __u32 mask,
				   const __u64 *value)
{
	struct shieldrt_slot *s = srt_mbox_slot(m, m->mbox_back);
	__u32 i, old;

	for (i = 0; i < m->n_in; i++)
		s->value[i] = (mask >> i) & 1 ? value[i] : 0;
	s->mask = mask;
	s->flags = 0;
	s->key = ++m->mbox_seq;
	/* [E1] release this slot, acquire the one handed back ([F2]) */
	old = srt_xchg(&m->mbox->middle, m->mbox_back | SHIELDRT_MBOX_FRESH);
	m->mbox_back = old & SHIELDRT_MBOX_IDX;
	if (m->mbox_back > 2)	/* scribbled: any slot will do */
		m->mbox_back = 0;
	srt_write_once(m->mbox->writer_back, m->mbox_back);
	return m->mbox_seq;
}

/* The kernel has not taken the last update yet. */
static inline int srt_mbox_pending(struct srt_map *m)
{
	return !!(srt_load_acquire(&m->mbox->middle) & SHIELDRT_MBOX_FRESH);
}

/* Free command slots (-1: the kernel's head is impossible). */
static inline long srt_cmd_space(struct srt_map *m)
{
	__u32 head = srt_load_acquire(m->cmd_headp);		/* [B2] */
	__u32 used = m->cmd_tail - head;

	if (used > m->off.cmd_size)
		return -1;
	return m->off.cmd_size - used;
}

/* The k-th free slot after the tail; fill it, then srt_cmd_commit(). */
static inline struct shieldrt_slot *srt_cmd_slot(struct srt_map *m,
						 __u32 k)
{
	__u32 idx = (m->cmd_tail + k) & (m->off.cmd_size - 1);

	return (struct shieldrt_slot *)srt_at(m->base, m->off.cmd_entries,
					     m->off.cmd_stride, idx);
}

static inline void srt_cmd_commit(struct srt_map *m, __u32 n)
{
	m->cmd_tail += n;
	srt_store_release(m->cmd_tailp, m->cmd_tail);		/* [A1] */
}

/* Records ready to read (-1: the tail is impossible). */
static inline long srt_tel_avail(struct srt_map *m)
{
	__u32 tail = srt_load_acquire(m->tel_tailp);		/* [C2] */
	__u32 n = tail - m->tel_head;

	if (n > m->off.tel_size)
		return -1;
	return n;
}

static inline const struct shieldrt_tel *srt_tel_record(struct srt_map *m,
							__u32 k)
{
	__u32 idx = (m->tel_head + k) & (m->off.tel_size - 1);

	return (const struct shieldrt_tel *)srt_at(m->base, m->off.tel_entries,
						  m->off.tel_stride, idx);
}

static inline void srt_tel_release(struct srt_map *m, __u32 n)
{
	m->tel_head += n;
	srt_store_release(m->tel_headp, m->tel_head);		/* [D1] */
}

/* After a -1 from srt_tel_avail: skip to the producer's position. */
static inline void srt_tel_resync(struct srt_map *m)
{
	m->tel_head = srt_load_acquire(m->tel_tailp);		/* [C2] */
	srt_store_release(m->tel_headp, m->tel_head);		/* [D1] */
}
#endif /* !__KERNEL__ */

#endif /* SHIELDRT_RING_H */
