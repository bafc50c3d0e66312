/* SPDX-License-Identifier: GPL-2.0 */
/* The loop thread and its cycle (cycle.c), for the loop's operations. */
#ifndef SHIELDRT_CYCLE_KMOD_H
#define SHIELDRT_CYCLE_KMOD_H

#include <linux/types.h>
#include "loop.h"

/* The common grid of phase-aligned loops (align=): set at module load. */
extern u64 srt_epoch_ns;

int srt_loop_thread(void *data);
/* Zero what the loop measures; loop thread, or with the thread stopped. */
void srt_loop_reset_stats(struct srt_loop *loop);
/* Loop thread only: hold outputs at their safe values until resumed. */
void srt_loop_enter_safe(struct srt_loop *loop, u32 why);

#endif /* SHIELDRT_CYCLE_KMOD_H */
