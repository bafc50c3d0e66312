/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A loop's data plane region: the memory /dev/shieldrt maps, and the
 * per-cycle calls the loop makes on it.  The loop owns one reference; each
 * attached fd and each mapping holds another, so the memory outlives the
 * loop (flagged dead) for as long as user space has it mapped.
 */
#ifndef SHIELDRT_REGION_H
#define SHIELDRT_REGION_H

#include <linux/types.h>
#include "shieldrt_cycle.h"
#include "../include/uapi/shieldrt.h"

struct srt_region_geom {
	const char *name;	/* the loop's; /dev/shieldrt attaches by it */
	u64 period_ns;
	u32 n_in;
	u32 n_out;
	u32 cmd_size;		/* entries, power of two */
	u32 tel_size;		/* records, power of two */
	u32 tel_decimation;	/* one record every N cycles; 0: 1 */
	u32 tel_nsel;		/* 0: all inputs, then all outputs */
	u16 tel_sel[SHIELDRT_MAX_SEL];	/* SHIELDRT_SEL_OUT | index */
};

struct srt_region;
struct srt_dp;

/* ERR_PTR: -EINVAL bad geometry, -EEXIST name taken, -ENOMEM. */
struct srt_region *srt_region_create(const struct srt_region_geom *geom);
void srt_region_get(struct srt_region *r);
void srt_region_put(struct srt_region *r);
/*
 * The loop is going away, or (@why SHIELDRT_RF_REPLACED) gets a new
 * region: detach the name, flag the region dead.
 */
void srt_region_kill(struct srt_region *r, u32 why);
/* Free the name for a successor, or take it back if none came. */
void srt_region_unlist(struct srt_region *r);
void srt_region_relist(struct srt_region *r);

/*
 * Loop thread only.  Its side of the protocol (shieldrt_dataplane.h):
 * the cycle calls srt_dp_cycle_in() and srt_dp_cycle_out() inline
 * (wait-free, bounded, no allocation) on the region's private state,
 * which lives as long as the region.
 */
struct srt_dp *srt_region_dp(struct srt_region *r);
void srt_region_set_commit_cycle(struct srt_region *r, u64 cycle);
void srt_region_flush(struct srt_region *r);

/* One consistent copy of the private state, with the geometry. */
struct srt_region_snap {
	struct shieldrt_stats st;
	u64 cycle;
	u64 hb_cycle;
	u64 mbox_seq;
	u64 mbox_cycle;
	u64 commit_cycle;
	u32 heartbeat;
	u32 cmd_head;
	u32 tel_tail;
	u32 n_in;
	u32 cmd_size;
	u32 tel_size;
	u32 tel_decimation;
	u32 tel_nsel;
	bool dead;
};

/*
 * From any context: the kernel's counters, each from the same cycle on
 * 32-bit CPUs too (retried around the loop's updates).  false: no clean
 * copy (the loop kept the counters busy); the copy may be torn.
 */
bool srt_region_snapshot(const struct srt_region *r,
			 struct srt_region_snap *sn);
/* Bytes the region takes: its pages and its struct (alloc_size.h). */
u64 srt_region_mem_bytes(const struct srt_region *r);

/* chardev.c */
struct srt_region *srt_region_find_get(const char *name);
u64 srt_region_size(const struct srt_region *r);
u64 srt_region_writable(const struct srt_region *r);
void *srt_region_mem(const struct srt_region *r);
void srt_region_offsets(const struct srt_region *r,
			struct shieldrt_offsets *off);
u32 srt_region_flags(const struct srt_region *r);
int srt_chardev_init(void);
void srt_chardev_exit(void);

#endif /* SHIELDRT_REGION_H */
