/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A loop's output limits: its copy of the table (kmod/lib/limits.h), the
 * hand-over of a new table to the running loop and the check in its
 * cycle (limits_loop.c).
 */
#ifndef SHIELDRT_LIMITS_LOOP_H
#define SHIELDRT_LIMITS_LOOP_H

#include <linux/seqlock.h>
#include <linux/types.h>
#include "limits.h"

/* A loop's limits; in struct srt_loop. */
struct srt_loop_limits {
	/* Published table: written under srt_lock with preemption off. */
	seqcount_t seq;
	struct srt_limits pub;
	unsigned long gen;		/* bumped after each publish */

	/* The loop thread's copy, taken when gen moves. */
	struct srt_limits cur;
	unsigned long cur_gen;

	/* Written by the loop thread under the loop's stats_seq. */
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

struct srt_loop;
struct srt_cycle_ctx;

void srt_limits_loop_init(struct srt_loop *loop);
void srt_limits_cycle(struct srt_loop *loop, struct srt_cycle_ctx *c);
int srt_limits_set(struct srt_loop *loop, char *text, char *err,
		   size_t errlen);
void srt_limits_trip_read(struct srt_loop *loop, struct srt_limits_trip *t);

#endif /* SHIELDRT_LIMITS_LOOP_H */
