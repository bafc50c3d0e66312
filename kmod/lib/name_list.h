/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tables and counts from the name lists of the UAPI header
 * (SHIELDRT_STATE_LIST and the others: X(value, "name"), the values
 * dense from 0), so the module declares no name and no count of its own.
 */
#ifndef SHIELDRT_NAME_LIST_H
#define SHIELDRT_NAME_LIST_H

#include <linux/kernel.h>
#include "uapi/shieldrt.h"

/* static const char * const t[] = { SHIELDRT_X_LIST(SRT_NAME_AT) }; */
#define SRT_NAME_AT(value, name)					\
	[value] = name,
/* The number of values a list names: SRT_LIST_LEN(SHIELDRT_X_LIST). */
#define SRT_LIST_VALUE(value, ...)	value,
#define SRT_LIST_LEN(list)						\
	ARRAY_SIZE(((const unsigned int []){ list(SRT_LIST_VALUE) }))

/* A metric's two names: SHIELDRT_M_LIST(SRT_METRIC_NAMES_AT). */
struct srt_metric_names {
	const char *key;		/* "irq_latency" */
	const char *col;		/* "IRQ" */
};
#define SRT_METRIC_NAMES_AT(value, key, col)				\
	[value] = { key, col },

#define SRT_NR_STATES		SRT_LIST_LEN(SHIELDRT_STATE_LIST)
#define SRT_NR_WAIT_MODES	SRT_LIST_LEN(SHIELDRT_MODE_LIST)
#define SRT_NR_SECTIONS		SRT_LIST_LEN(SHIELDRT_SECTION_LIST)
#define SRT_NR_POLICIES		SRT_LIST_LEN(SHIELDRT_POLICY_LIST)
#define SRT_NR_SAFE_REASONS	SRT_LIST_LEN(SHIELDRT_SAFE_LIST)
#define SRT_NR_METRICS		SRT_LIST_LEN(SHIELDRT_M_LIST)
#define SRT_NR_MEM		SRT_LIST_LEN(SHIELDRT_MEM_LIST)
#define SRT_NR_FR_TRIGGERS	SRT_LIST_LEN(SHIELDRT_FLTRIG_LIST)
#define SRT_NR_FLIGHT_STATES	SRT_LIST_LEN(SHIELDRT_FLIGHT_STATE_LIST)

/*
 * The name of @value in @table (built with SRT_NAME_AT), "?" for a value
 * the table has no name for.
 */
#define srt_name_of(table, value)					\
	((value) < ARRAY_SIZE(table) && (table)[value] ? (table)[value] : "?")

#endif /* SHIELDRT_NAME_LIST_H */
