/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A latch of signal values between one writer and any readers (see
 * raw_write_seqcount_latch() in <linux/seqlock.h>): the writer updates
 * the two copies in turn, and the sequence's low bit points readers at
 * the copy not being written.  A reader never waits for the writer, so a
 * simulated converter may read it from a hard interrupt that preempted
 * the plant thread mid-update on the same CPU; a reader on another CPU
 * retries if the writer came round to its copy meanwhile.  The simulated
 * devices (simdaq.c, iiosim.c) pass commands and plant outputs this way.
 */
#ifndef SHIELDRT_IO_LATCH_H
#define SHIELDRT_IO_LATCH_H

#include <linux/compiler.h>
#include <linux/seqlock.h>
#include <linux/types.h>
#include "uapi/shieldrt.h"

#define SRT_LATCH_N	SHIELDRT_MAX_SIGNALS

struct srt_latch {
	seqcount_latch_t seq;
	u64 v[2][SRT_LATCH_N];
};

static inline void srt_latch_init(struct srt_latch *l)
{
	seqcount_latch_init(&l->seq);
}

/* One writer at a time; @n <= SRT_LATCH_N. */
static inline void srt_latch_put(struct srt_latch *l, const u64 *v, u32 n)
{
	u32 i;

	/* Odd: readers move to v[1] before v[0] changes. */
	raw_write_seqcount_latch(&l->seq);
	for (i = 0; i < n; i++)
		WRITE_ONCE(l->v[0][i], v[i]);
	/* Even: readers move back to v[0], now complete, before v[1]. */
	raw_write_seqcount_latch(&l->seq);
	for (i = 0; i < n; i++)
		WRITE_ONCE(l->v[1][i], v[i]);
}

static inline void srt_latch_get(const struct srt_latch *l, u64 *v, u32 n)
{
	unsigned int seq;
	u32 i;

	do {
		/* Pairs with the smp_wmb()s of raw_write_seqcount_latch(). */
		seq = raw_read_seqcount_latch(&l->seq);
		for (i = 0; i < n; i++)
			v[i] = READ_ONCE(l->v[seq & 1][i]);
	} while (raw_read_seqcount_latch_retry(&l->seq, seq));
}

#endif /* SHIELDRT_IO_LATCH_H */
