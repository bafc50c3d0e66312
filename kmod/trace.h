/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shieldrt trace events.  Record them with "trace-cmd record -e shieldrt".
 * Times are CLOCK_MONOTONIC nanoseconds; signed where a value can be
 * negative (slack after an overrun, latency -1 when there was no timer).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM shieldrt

#if !defined(SHIELDRT_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define SHIELDRT_TRACE_H

#include <linux/tracepoint.h>
#include <linux/string.h>
#include "shieldrt_cycle.h"
#include "config.h"
#include "f64text.h"

TRACE_DEFINE_ENUM(SRT_CYC_OVERRUN);
TRACE_DEFINE_ENUM(SRT_CYC_BUDGET);
TRACE_DEFINE_ENUM(SRT_CYC_SAFE);
TRACE_DEFINE_ENUM(SRT_CYC_CATCHUP);
TRACE_DEFINE_ENUM(SRT_CYC_NOISE);
TRACE_DEFINE_ENUM(SRT_CYC_CLOCK);
TRACE_DEFINE_ENUM(SRT_CYC_SECTION);
TRACE_DEFINE_ENUM(SRT_CYC_IO);

/*
 * Symbols from the UAPI header's name lists: each entry ends with a
 * comma, so each table closes with one for a value no field takes.
 */
#define SRT_TRACE_SYM(value, name)	{ value, name },
#define SRT_TRACE_SYM_END		{ 0xffffffff, "?" }

#define srt_show_mode(m)						\
	__print_symbolic(m, SHIELDRT_MODE_LIST(SRT_TRACE_SYM)		\
			 SRT_TRACE_SYM_END)

#define srt_show_flags(f)						\
	__print_flags(f, "|",						\
		      { SRT_CYC_OVERRUN, "overrun" },			\
		      { SRT_CYC_BUDGET, "budget" },			\
		      { SRT_CYC_SAFE, "safe" },				\
		      { SRT_CYC_CATCHUP, "catchup" },			\
		      { SRT_CYC_NOISE, "noise" },			\
		      { SRT_CYC_CLOCK, "clock" },			\
		      { SRT_CYC_SECTION, "section" },			\
		      { SRT_CYC_IO, "io" })

#define srt_show_safe_reason(r)						\
	__print_symbolic(r, SHIELDRT_SAFE_LIST(SRT_TRACE_SYM)		\
			 SRT_TRACE_SYM_END)

/*
 * What the loop events begin with, in the record and in the text: the
 * loop's name and the cycle (@c, of the event's arguments).
 */
#define SRT_TP_LOOP_CYCLE						\
	__array(char, loop, SRT_NAME_LEN)				\
	__field(u64, cycle)
#define SRT_TP_ASSIGN_LOOP_CYCLE(c)					\
	do {								\
		memcpy(__entry->loop, loop, SRT_NAME_LEN);		\
		__entry->cycle = (c);					\
	} while (0)
#define SRT_TP_LOOP_CYCLE_FMT		"loop=%s cycle=%llu"

/* cycle and overrun carry the same record: one cycle's outcome. */
DECLARE_EVENT_CLASS(shieldrt_cycle_class,
	TP_PROTO(const char *loop, const struct srt_cycle_sample *s,
		 s64 lateness_ns, s64 slack_ns),
	TP_ARGS(loop, s, lateness_ns, slack_ns),
	TP_STRUCT__entry(
		SRT_TP_LOOP_CYCLE
		__field(s64, lateness_ns)
		__field(u64, compute_ns)
		__field(s64, slack_ns)
		__field(u64, section_ns)
		__field(u64, lock_wait_ns)
		__field(u32, missed)
		__field(u32, flags)
	),
	TP_fast_assign(
		SRT_TP_ASSIGN_LOOP_CYCLE(s->cycle);
		__entry->lateness_ns = lateness_ns;
		__entry->compute_ns = s->compute_ns;
		__entry->slack_ns = slack_ns;
		__entry->section_ns = s->section_ns;
		__entry->lock_wait_ns = s->lock_wait_ns;
		__entry->missed = s->missed;
		__entry->flags = s->flags;
	),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " lateness=%lld ns compute=%llu ns slack=%lld ns section=%llu ns lock_wait=%llu ns missed=%u flags=%s",
		  __entry->loop, __entry->cycle, __entry->lateness_ns,
		  __entry->compute_ns, __entry->slack_ns, __entry->section_ns,
		  __entry->lock_wait_ns, __entry->missed,
		  srt_show_flags(__entry->flags))
);

DEFINE_EVENT(shieldrt_cycle_class, cycle,
	TP_PROTO(const char *loop, const struct srt_cycle_sample *s,
		 s64 lateness_ns, s64 slack_ns),
	TP_ARGS(loop, s, lateness_ns, slack_ns));

DEFINE_EVENT(shieldrt_cycle_class, overrun,
	TP_PROTO(const char *loop, const struct srt_cycle_sample *s,
		 s64 lateness_ns, s64 slack_ns),
	TP_ARGS(loop, s, lateness_ns, slack_ns));

/* Like timerlat: the timer's IRQ latency and the thread's, per wake. */
TRACE_EVENT(tick_latency,
	TP_PROTO(const char *loop, u64 cycle, u32 mode, s64 irq_latency_ns,
		 s64 thread_latency_ns),
	TP_ARGS(loop, cycle, mode, irq_latency_ns, thread_latency_ns),
	TP_STRUCT__entry(
		SRT_TP_LOOP_CYCLE
		__field(u32, mode)
		__field(s64, irq_latency_ns)
		__field(s64, thread_latency_ns)
	),
	TP_fast_assign(
		SRT_TP_ASSIGN_LOOP_CYCLE(cycle);
		__entry->mode = mode;
		__entry->irq_latency_ns = irq_latency_ns;
		__entry->thread_latency_ns = thread_latency_ns;
	),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " mode=%s irq_latency=%lld ns thread_latency=%lld ns",
		  __entry->loop, __entry->cycle, srt_show_mode(__entry->mode),
		  __entry->irq_latency_ns, __entry->thread_latency_ns)
);

/* A gap in the clock while the loop spun: time the CPU was taken away. */
TRACE_EVENT(noise,
	TP_PROTO(const char *loop, u64 cycle, u64 start_ns, u64 duration_ns),
	TP_ARGS(loop, cycle, start_ns, duration_ns),
	TP_STRUCT__entry(
		SRT_TP_LOOP_CYCLE
		__field(u64, start_ns)
		__field(u64, duration_ns)
	),
	TP_fast_assign(
		SRT_TP_ASSIGN_LOOP_CYCLE(cycle);
		__entry->start_ns = start_ns;
		__entry->duration_ns = duration_ns;
	),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " start=%llu ns duration=%llu ns",
		  __entry->loop, __entry->cycle, __entry->start_ns,
		  __entry->duration_ns)
);

TRACE_EVENT(safe_state,
	TP_PROTO(const char *loop, u64 cycle, bool entered, u32 reason,
		 u32 consecutive),
	TP_ARGS(loop, cycle, entered, reason, consecutive),
	TP_STRUCT__entry(
		SRT_TP_LOOP_CYCLE
		__field(u32, entered)
		__field(u32, reason)
		__field(u32, consecutive)
	),
	TP_fast_assign(
		SRT_TP_ASSIGN_LOOP_CYCLE(cycle);
		__entry->entered = entered;
		__entry->reason = reason;
		__entry->consecutive = consecutive;
	),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " %s reason=%s consecutive_overruns=%u",
		  __entry->loop, __entry->cycle,
		  __entry->entered ? "enter" : "leave",
		  srt_show_safe_reason(__entry->reason), __entry->consecutive)
);

/* A staged parameter set took effect at the start of cycle @cycle. */
TRACE_EVENT(param_commit,
	TP_PROTO(const char *loop, u64 cycle, u64 generation, u32 nr_params),
	TP_ARGS(loop, cycle, generation, nr_params),
	TP_STRUCT__entry(
		SRT_TP_LOOP_CYCLE
		__field(u64, generation)
		__field(u32, nr_params)
	),
	TP_fast_assign(
		SRT_TP_ASSIGN_LOOP_CYCLE(cycle);
		__entry->generation = generation;
		__entry->nr_params = nr_params;
	),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " generation=%llu params=%u",
		  __entry->loop, __entry->cycle, __entry->generation,
		  __entry->nr_params)
);

/*
 * A chain step produced NaN/Inf: the loop held the last clean outputs and
 * goes to safe state.  signal/block index the chain (-1: unknown).
 */
TRACE_EVENT(chain_nonfinite,
	TP_PROTO(const char *loop, u64 cycle, s32 signal, s32 block),
	TP_ARGS(loop, cycle, signal, block),
	TP_STRUCT__entry(
		SRT_TP_LOOP_CYCLE
		__field(s32, signal)
		__field(s32, block)
	),
	TP_fast_assign(
		SRT_TP_ASSIGN_LOOP_CYCLE(cycle);
		__entry->signal = signal;
		__entry->block = block;
	),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " signal=%d block=%d",
		  __entry->loop, __entry->cycle, __entry->signal,
		  __entry->block)
);

/*
 * An output left its limits: the loop goes to safe state, reason limit.
 * The kernel prints no floats: value, min and max are IEEE-754 double bit
 * patterns (exact, for tools), and their *_txt twins the same numbers in
 * fixed point with six decimals (srt_f64_fixed(): integer arithmetic, no
 * allocation), which trace-cmd report and KernelShark print as they are.
 * The loop's "limits" file shows the last trip in shortest decimal.
 */
TRACE_EVENT(limit_trip,
	TP_PROTO(const char *loop, u64 cycle, u32 out, u64 value, u64 min,
		 u64 max),
	TP_ARGS(loop, cycle, out, value, min, max),
	TP_STRUCT__entry(
		SRT_TP_LOOP_CYCLE
		__field(u32, out)
		__field(u64, value)
		__field(u64, min)
		__field(u64, max)
		__array(char, value_txt, SRT_F64_FIXED_LEN)
		__array(char, min_txt, SRT_F64_FIXED_LEN)
		__array(char, max_txt, SRT_F64_FIXED_LEN)
	),
	TP_fast_assign(
		SRT_TP_ASSIGN_LOOP_CYCLE(cycle);
		__entry->out = out;
		__entry->value = value;
		__entry->min = min;
		__entry->max = max;
		srt_f64_fixed(value, __entry->value_txt, SRT_F64_FIXED_LEN);
		srt_f64_fixed(min, __entry->min_txt, SRT_F64_FIXED_LEN);
		srt_f64_fixed(max, __entry->max_txt, SRT_F64_FIXED_LEN);
	),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " out=%u value=%s min=%s max=%s",
		  __entry->loop, __entry->cycle, __entry->out,
		  __entry->value_txt, __entry->min_txt, __entry->max_txt)
);

/* The cycle section ran longer than section_budget_us. */
TRACE_EVENT(section_overrun,
	TP_PROTO(const char *loop, const struct srt_cycle_sample *s,
		 u64 budget_ns),
	TP_ARGS(loop, s, budget_ns),
	TP_STRUCT__entry(
		SRT_TP_LOOP_CYCLE
		__field(u64, section_ns)
		__field(u64, lock_wait_ns)
		__field(u64, budget_ns)
	),
	TP_fast_assign(
		SRT_TP_ASSIGN_LOOP_CYCLE(s->cycle);
		__entry->section_ns = s->section_ns;
		__entry->lock_wait_ns = s->lock_wait_ns;
		__entry->budget_ns = budget_ns;
	),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " section=%llu ns lock_wait=%llu ns budget=%llu ns",
		  __entry->loop, __entry->cycle, __entry->section_ns,
		  __entry->lock_wait_ns, __entry->budget_ns)
);

/* An I/O provider's read or write returned an error. */
TRACE_EVENT(io_error,
	TP_PROTO(const char *loop, u64 cycle, const char *provider,
		 bool write),
	TP_ARGS(loop, cycle, provider, write),
	TP_STRUCT__entry(
		__array(char, loop, SRT_NAME_LEN)
		__array(char, provider, SRT_NAME_LEN)
		__field(u64, cycle)
		__field(u32, write)
	),
	TP_fast_assign(
		memcpy(__entry->loop, loop, SRT_NAME_LEN);
		strscpy(__entry->provider, provider, SRT_NAME_LEN);
		__entry->cycle = cycle;
		__entry->write = write;
	),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " provider=%s %s failed",
		  __entry->loop, __entry->cycle, __entry->provider,
		  __entry->write ? "write" : "read")
);

/*
 * A provider's srt_io_trigger() that started no cycle.  A fixed array,
 * not __string(): __assign_str() changed its arguments in 6.10.
 */
TRACE_EVENT(io_trigger_reject,
	TP_PROTO(const char *loop, const char *why),
	TP_ARGS(loop, why),
	TP_STRUCT__entry(
		__array(char, loop, SRT_NAME_LEN)
		__array(char, why, 32)
	),
	TP_fast_assign(
		memcpy(__entry->loop, loop, SRT_NAME_LEN);
		strscpy(__entry->why, why, sizeof(__entry->why));
	),
	TP_printk("loop=%s rejected: %s", __entry->loop, __entry->why)
);

/* A loop that waited for something: how long, at which cycle. */
DECLARE_EVENT_CLASS(srt_loop_waited,
	TP_PROTO(const char *loop, u64 cycle, u64 waited_ns),
	TP_ARGS(loop, cycle, waited_ns),
	TP_STRUCT__entry(
		SRT_TP_LOOP_CYCLE
		__field(u64, waited_ns)
	),
	TP_fast_assign(
		SRT_TP_ASSIGN_LOOP_CYCLE(cycle);
		__entry->waited_ns = waited_ns;
	),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " waited %llu ns",
		  __entry->loop, __entry->cycle, __entry->waited_ns)
);

/* mode=external: no trigger came within trigger_timeout_us. */
DEFINE_EVENT(srt_loop_waited, trigger_timeout,
	TP_PROTO(const char *loop, u64 cycle, u64 waited_ns),
	TP_ARGS(loop, cycle, waited_ns)
);

/* poll/hybrid on PREEMPT_RCU: a grace period waited too long, CPU lent. */
DEFINE_EVENT_PRINT(srt_loop_waited, rcu_yield,
	TP_PROTO(const char *loop, u64 cycle, u64 waited_ns),
	TP_ARGS(loop, cycle, waited_ns),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " grace period pending %llu ns",
		  __entry->loop, __entry->cycle, __entry->waited_ns)
);

/*
 * A yield or RCU yield found no gap before the deadline for as long as
 * it could wait, and slept anyway: this cycle may be late.
 */
DEFINE_EVENT_PRINT(srt_loop_waited, yield_forced,
	TP_PROTO(const char *loop, u64 cycle, u64 waited_ns),
	TP_ARGS(loop, cycle, waited_ns),
	TP_printk(SRT_TP_LOOP_CYCLE_FMT " sleep %llu ns, no gap before the deadline",
		  __entry->loop, __entry->cycle, __entry->waited_ns)
);

#endif /* SHIELDRT_TRACE_H */

/* Outside the guard: define_trace.h reads this file again. */
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
