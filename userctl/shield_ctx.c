// SPDX-License-Identifier: GPL-2.0
/* The shielded CPU set: checking --cpus and what follows from it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shield.h"
#include "sysfile.h"
#include "userctl.h"

static void read_cpu_file(const char *name, struct cpuset *set)
{
	char *path = rootpath("/sys/devices/system/cpu/%s", name);
	char err[128], *text;

	text = file_read_line(path);
	if (!text)
		fatal("cannot read %s: %m", syspath(path));
	if (cpulist_parse(text, set, 0, err, sizeof(err)))
		fatal("%s: %s", syspath(path), err);
	free(text);
	free(path);
}

void shield_ctx_init(struct shield_ctx *c, const char *cpus)
{
	struct cpuset present, bad;
	char err[128], list[1024];

	memset(c, 0, sizeof(*c));
	if (!cpus)
		usage_error("shield: --cpus LIST is required");
	if (cpulist_parse(cpus, &c->shield, 0, err, sizeof(err)))
		usage_error("bad CPU list '%s': %s", cpus, err);
	if (cpuset_has(&c->shield, 0))
		usage_error("CPU 0 cannot be shielded: it keeps the IRQs and timers that cannot move");

	read_cpu_file("present", &present);
	read_cpu_file("online", &c->online);
	cpuset_andnot(&bad, &c->shield, &present);
	if (!cpuset_empty(&bad))
		usage_error("CPU %s does not exist (present: %s)",
			    cpulist_format(&bad, list, sizeof(list)),
			    cpulist_format(&present, err, sizeof(err)));
	cpuset_andnot(&bad, &c->shield, &c->online);
	if (!cpuset_empty(&bad))
		usage_error("CPU %s is offline (online: %s)",
			    cpulist_format(&bad, list, sizeof(list)),
			    cpulist_format(&c->online, err, sizeof(err)));
	cpuset_andnot(&c->house, &c->online, &c->shield);
	if (cpuset_empty(&c->house))
		usage_error("--cpus %s leaves no housekeeping CPU (online: %s)",
			    cpus, cpulist_format(&c->online, list,
						 sizeof(list)));
	cpulist_format(&c->shield, c->shield_list, sizeof(c->shield_list));
	cpulist_format(&c->house, c->house_list, sizeof(c->house_list));
}

char *shield_cmdline(const struct shield_ctx *c)
{
	const char *s = c->shield_list;

	return xasprintf("isolcpus=domain,managed_irq,%s nohz_full=%s rcu_nocbs=%s irqaffinity=%s",
			 s, s, s, c->house_list);
}

void shield_narrow(const struct shield_ctx *c, const struct cpuset *old,
		   struct cpuset *new)
{
	cpuset_and(new, old, &c->house);
	if (cpuset_empty(new))
		*new = c->house;
}
