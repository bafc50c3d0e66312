/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The i.MX6Q study's 14 kinds of system call storm, in its order: one
 * STORM_KIND(name) each.  shieldrt-storm runs them, the interference
 * bench offers them; each includes this list where it needs it.  No
 * include guard: by design.
 */
STORM_KIND(fstat)
STORM_KIND(getppid)
STORM_KIND(gettimeofday)
STORM_KIND(open)
STORM_KIND(read)
STORM_KIND(stat)
STORM_KIND(write)
STORM_KIND(fifo)
STORM_KIND(pipe)
STORM_KIND(sem)
STORM_KIND(sigaction)
STORM_KIND(sigcatch)
STORM_KIND(fork)
STORM_KIND(exec)
