/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What one cycle measured and the values it computed with.  The loop fills
 * these; accounting, tracepoints and the data plane only read them.
 */
#ifndef SHIELDRT_CYCLE_H
#define SHIELDRT_CYCLE_H

#include <linux/types.h>
#include "uapi/shieldrt.h"

/* A loop's inputs, and its outputs: the ABI's count. */
#define SRT_MAX_SIGNALS		SHIELDRT_MAX_SIGNALS

enum srt_cycle_flags {
	SRT_CYC_OVERRUN		= 1 << 0,	/* end passed the next deadline */
	SRT_CYC_BUDGET		= 1 << 1,	/* compute time above the budget */
	SRT_CYC_SAFE		= 1 << 2,	/* outputs held at safe values */
	SRT_CYC_CATCHUP		= 1 << 3,	/* ran late to make up a period */
	SRT_CYC_NOISE		= 1 << 4,	/* a gap seen while spinning */
	SRT_CYC_CLOCK		= 1 << 5,	/* clock stepped back: times invalid */
	SRT_CYC_SECTION		= 1 << 6,	/* section above section_budget */
	SRT_CYC_IO		= 1 << 7,	/* an I/O provider call failed */
};

/*
 * From cycle to flags in the order of struct shieldrt_tel from its cycle
 * on: a telemetry record copies them as one block (checked in
 * shieldrt_dataplane.h).
 */
struct srt_cycle_sample {
	u64 cycle;		/* period index since the loop started */
	u64 deadline_ns;	/* CLOCK_MONOTONIC at which the period began */
	u64 wake_ns;		/* when the thread ran after its wait */
	u64 end_ns;		/* when the cycle's work finished */
	s64 irq_latency_ns;	/* timer expiry to its handler; -1: no timer */
	s64 thread_latency_ns;	/* deadline to the thread running */
	u64 compute_ns;		/* inputs + chain + outputs (+ output stage) */
	u32 missed;		/* whole periods dropped before this cycle */
	u32 flags;		/* enum srt_cycle_flags */
	u64 section_ns;		/* inside the cycle section */
	u64 lock_wait_ns;	/* waiting for the section's lock */
};

/*
 * Signals are IEEE-754 doubles kept as their bit patterns: only code in
 * algorithms/, inside the loop's FPU section, does arithmetic on them.
 */
struct srt_signals {
	u32 n_in;		/* inputs: setpoints and commands */
	u32 n_out;		/* outputs: published every cycle */
	u64 in[SRT_MAX_SIGNALS];
	u64 out[SRT_MAX_SIGNALS];
};

#endif /* SHIELDRT_CYCLE_H */
