/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The line size the cycle's layout is made for, by the module (kmod/)
 * and the chain library (algorithms/) alike.  A fixed 64 bytes, not
 * the kernel's L1_CACHE_BYTES or SMP_CACHE_BYTES: those are a build's
 * upper bound (128 on some ARM configurations), while x86 and the ARM
 * cores from the Cortex-A15 and A53 on fetch 64 bytes at a time (a
 * Cortex-A9's 32-byte lines split each group in two, no more).  What a
 * cycle touches is grouped on lines of this size, so the groups are the
 * same on every architecture; scripts/bench/bench-lines counts them.
 */
#ifndef SHIELDRT_CACHELINE_H
#define SHIELDRT_CACHELINE_H

#define SRT_LINE_BYTES	64

/*
 * A function every cycle calls starts a line: its code then takes the
 * fewest lines its size allows, whatever the object puts before it (a
 * function moved by a few bytes elsewhere in the module otherwise moves
 * its lines, one or two a function).
 */
#define SRT_CYCLE_FN	__attribute__((__aligned__(SRT_LINE_BYTES)))

#endif /* SHIELDRT_CACHELINE_H */
