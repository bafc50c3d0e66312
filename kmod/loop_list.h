/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The list of loops and the mutex of every change to them, on their own
 * so that the loop's parts (io.c, section.c, chain.c, ...) can hold and
 * assert the lock without knowing what a loop is.
 *
 * srt_lock serialises every create, configure, start, stop, destroy and
 * CPU-offline, and guards what they touch beside a loop: the provider
 * registry, the named section locks, chains' staging (docs/design.md,
 * "Locking").  The loop thread never takes it.  Lock order:
 * cpus_read_lock() before srt_lock.
 */
#ifndef SHIELDRT_LOOP_LIST_H
#define SHIELDRT_LOOP_LIST_H

#include <linux/list.h>
#include <linux/mutex.h>

extern struct mutex srt_lock;
/* Every loop (struct srt_loop, its node), in creation order; srt_lock. */
extern struct list_head srt_loops;

#endif /* SHIELDRT_LOOP_LIST_H */
