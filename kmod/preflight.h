/* SPDX-License-Identifier: GPL-2.0 */
/* What the machine offers a loop's CPU (preflight.c). */
#ifndef SHIELDRT_PREFLIGHT_H
#define SHIELDRT_PREFLIGHT_H

#include <linux/types.h>

/* Out of the scheduler's domains (isolcpus=domain): a poll loop's CPU. */
bool srt_cpu_isolated(int cpu);

#endif /* SHIELDRT_PREFLIGHT_H */
