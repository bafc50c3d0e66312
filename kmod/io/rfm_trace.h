/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shieldrt_rfm trace events: "trace-cmd record -e shieldrt_rfm".  Ages in
 * the reader's cycles and in ns of the window's clock (tai or realtime).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM shieldrt_rfm

#if !defined(SHIELDRT_RFM_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define SHIELDRT_RFM_TRACE_H

#include <linux/tracepoint.h>
#include <linux/string.h>
#include "shieldrt_rfm.h"

TRACE_DEFINE_ENUM(SRT_RFM_FRESH);
TRACE_DEFINE_ENUM(SRT_RFM_STALE);
TRACE_DEFINE_ENUM(SRT_RFM_TORN);
TRACE_DEFINE_ENUM(SRT_RFM_GONE);
TRACE_DEFINE_ENUM(SRT_RFM_BADID);
TRACE_DEFINE_ENUM(SRT_RFM_BACKWARDS);
TRACE_DEFINE_ENUM(SRT_RFM_BADCOUNT);
TRACE_DEFINE_ENUM(SRT_RFM_CORRUPT);
TRACE_DEFINE_ENUM(SRT_RFM_DUPLICATE);

#define srt_rfm_show_state(s)					\
	__print_symbolic(s,					\
			 { SRT_RFM_FRESH, "fresh" },		\
			 { SRT_RFM_STALE, "stale" },		\
			 { SRT_RFM_TORN, "torn" },		\
			 { SRT_RFM_GONE, "gone" },		\
			 { SRT_RFM_BADID, "badid" },		\
			 { SRT_RFM_BACKWARDS, "backwards" },	\
			 { SRT_RFM_BADCOUNT, "badcount" },	\
			 { SRT_RFM_CORRUPT, "corrupt" },	\
			 { SRT_RFM_DUPLICATE, "duplicate" })

/* Every remote block, every cycle: what the reader found. */
TRACE_EVENT(rfm_block,
	TP_PROTO(u32 node, u32 remote, int state, u32 seq, u64 age_cycles,
		 s64 age_ns),
	TP_ARGS(node, remote, state, seq, age_cycles, age_ns),
	TP_STRUCT__entry(
		__field(u32, node)
		__field(u32, remote)
		__field(int, state)
		__field(u32, seq)
		__field(u64, age_cycles)
		__field(s64, age_ns)
	),
	TP_fast_assign(
		__entry->node = node;
		__entry->remote = remote;
		__entry->state = state;
		__entry->seq = seq;
		__entry->age_cycles = age_cycles;
		__entry->age_ns = age_ns;
	),
	TP_printk("node=%u remote=%u %s seq=%u age=%llu cycles %lld ns",
		  __entry->node, __entry->remote,
		  srt_rfm_show_state(__entry->state), __entry->seq,
		  __entry->age_cycles, __entry->age_ns)
);

/*
 * A block refused: what it carried (@word: the node word for badid, the
 * sequence for backwards, the count for badcount, the check word for
 * corrupt, the foreign sequence in this node's own block for
 * "duplicate").
 */
TRACE_EVENT(rfm_reject,
	TP_PROTO(u32 node, u32 remote, int why, u32 word, u32 expected),
	TP_ARGS(node, remote, why, word, expected),
	TP_STRUCT__entry(
		__field(u32, node)
		__field(u32, remote)
		__field(int, why)
		__field(u32, word)
		__field(u32, expected)
	),
	TP_fast_assign(
		__entry->node = node;
		__entry->remote = remote;
		__entry->why = why;
		__entry->word = word;
		__entry->expected = expected;
	),
	TP_printk("node=%u remote=%u %s: %#x, expected %#x",
		  __entry->node, __entry->remote,
		  srt_rfm_show_state(__entry->why),
		  __entry->word, __entry->expected)
);

/* Every cycle: this node's phase offset to the clock's grid of periods. */
TRACE_EVENT(rfm_phase,
	TP_PROTO(u32 node, u64 cycle, s64 phase_ns),
	TP_ARGS(node, cycle, phase_ns),
	TP_STRUCT__entry(
		__field(u32, node)
		__field(u64, cycle)
		__field(s64, phase_ns)
	),
	TP_fast_assign(
		__entry->node = node;
		__entry->cycle = cycle;
		__entry->phase_ns = phase_ns;
	),
	TP_printk("node=%u cycle=%llu phase=%lld ns", __entry->node,
		  __entry->cycle, __entry->phase_ns)
);

/* A used remote's data reached stale_limit: the loop goes safe. */
TRACE_EVENT(rfm_stale,
	TP_PROTO(u32 node, u32 remote, u64 age_cycles, u32 limit),
	TP_ARGS(node, remote, age_cycles, limit),
	TP_STRUCT__entry(
		__field(u32, node)
		__field(u32, remote)
		__field(u64, age_cycles)
		__field(u32, limit)
	),
	TP_fast_assign(
		__entry->node = node;
		__entry->remote = remote;
		__entry->age_cycles = age_cycles;
		__entry->limit = limit;
	),
	TP_printk("node=%u remote=%u no fresh block for %llu cycles (limit %u)",
		  __entry->node, __entry->remote, __entry->age_cycles,
		  __entry->limit)
);

#endif /* SHIELDRT_RFM_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE rfm_trace
#include <trace/define_trace.h>
