// SPDX-License-Identifier: GPL-2.0
/*
 * Is this CPU isolated?  The check a poll or hybrid loop needs before it
 * takes a CPU; the full preflight report is a view (kmod/admin/).
 */
#include <linux/sched/isolation.h>
#include "preflight.h"

bool srt_cpu_isolated(int cpu)
{
	return !housekeeping_cpu(cpu, HK_TYPE_DOMAIN);
}
