/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A loop's output limits: its copy of the table (kmod/lib/limits.h), the
 * hand-over of a new table to the running loop and the check in its
 * cycle (limits_loop.c).  The loop hands this part its struct
 * srt_loop_limits and, per call, the outputs it checks.
 */
#ifndef SHIELDRT_LIMITS_LOOP_H
#define SHIELDRT_LIMITS_LOOP_H

#include <asm/barrier.h>
#include <linux/seqlock.h>
#include <linux/types.h>
#include "limits.h"

/* A loop's limits; in struct srt_loop. */
struct srt_loop_limits {
	/*
	 * What every cycle reads comes first: the published generation,
	 * the loop thread's copy of the table (its "on" bits lead) and the
	 * generation that copy is of.
	 */
	unsigned long gen;		/* bumped after each publish */
	unsigned long cur_gen;
	struct srt_limits cur;		/* taken when gen moves */

	/* Published table: written under srt_lock with preemption off. */
	seqcount_t seq;
	struct srt_limits pub;

	/* Written by the loop thread only, under trip_seq. */
	seqcount_t trip_seq;
	u64 trips;
	u64 applied_cycle;		/* first cycle checked against gen */
	unsigned long applied_gen;
	u64 trip_cycle;
	u64 trip_value;
	u32 trip_out;
};

/* The last trip and which table the loop checks against. */
struct srt_limits_trip {
	u64 trips;
	u64 cycle;
	u64 value;
	u32 out;
	unsigned long gen;		/* published */
	unsigned long applied_gen;	/* in force */
	u64 applied_cycle;
};

#define SRT_LIMITS_TEXT_MAX	4096

void srt_limits_loop_init(struct srt_loop_limits *ll);
/* srt_limits_cycle()'s work when a table is new or in force. */
int srt_limits_check(struct srt_loop_limits *ll, const char *name,
		     u64 cycle, const u64 *out, u32 n_out);

/*
 * Loop thread, cycle @cycle of loop @name: the first of @n_out outputs
 * past its limits (recorded and traced as a trip), or -1.  Inline is only
 * the usual cycle's test: no new table, and none in force.
 */
static inline int srt_limits_cycle(struct srt_loop_limits *ll,
				   const char *name, u64 cycle, const u64 *out,
				   u32 n_out)
{
	/* Pairs with the smp_store_release() in srt_limits_publish(). */
	if (smp_load_acquire(&ll->gen) == ll->cur_gen && !ll->cur.on)
		return -1;
	return srt_limits_check(ll, name, cycle, out, n_out);
}
/*
 * srt_lock held: apply limits lines for a loop of @n_out outputs whole,
 * or change nothing and say why in @err.
 */
int srt_limits_set(struct srt_loop_limits *ll, char *text, u32 n_out,
		   char *err, size_t errlen);
void srt_limits_trip_read(struct srt_loop_limits *ll,
			  struct srt_limits_trip *t);

#endif /* SHIELDRT_LIMITS_LOOP_H */
