/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU sets and their two text forms: the list form of cpulist files and
 * isolcpus= ("0-2,5", kernel's "N-M:used/group" too) and the hex mask form
 * of smp_affinity and workqueue cpumask files ("ff,00000003").
 */
#ifndef USERCTL_CPUSET_H
#define USERCTL_CPUSET_H

#include <stdbool.h>
#include <stddef.h>

#define CPUSET_MAX	4096
#define CPUSET_LONGS	(CPUSET_MAX / (8 * sizeof(unsigned long)))

struct cpuset {
	unsigned long bits[CPUSET_LONGS];
};

/* cpulist_parse() flags */
#define CPULIST_ALLOW_EMPTY	1	/* "" and "\n" mean no CPU */

/*
 * Parse @s into @set.  Trailing white space is ignored.  On error return
 * -1 and put the reason (without the input) in @err.
 */
int cpulist_parse(const char *s, struct cpuset *set, unsigned int flags,
		  char *err, size_t errlen);
int cpumask_parse_hex(const char *s, struct cpuset *set,
		      char *err, size_t errlen);

/* Format as "0-2,5" ("" if empty) / as "3" or "1,00000003" ("0" if empty). */
char *cpulist_format(const struct cpuset *set, char *buf, size_t len);
char *cpumask_format_hex(const struct cpuset *set, char *buf, size_t len);

void cpuset_zero(struct cpuset *set);
void cpuset_add(struct cpuset *set, unsigned int cpu);
bool cpuset_has(const struct cpuset *set, unsigned int cpu);
unsigned int cpuset_count(const struct cpuset *set);
bool cpuset_empty(const struct cpuset *set);
bool cpuset_equal(const struct cpuset *a, const struct cpuset *b);
bool cpuset_subset(const struct cpuset *a, const struct cpuset *b);
bool cpuset_intersects(const struct cpuset *a, const struct cpuset *b);
void cpuset_and(struct cpuset *d, const struct cpuset *a,
		const struct cpuset *b);
void cpuset_or(struct cpuset *d, const struct cpuset *a,
	       const struct cpuset *b);
void cpuset_andnot(struct cpuset *d, const struct cpuset *a,
		   const struct cpuset *b);
/* The highest CPU in @set, -1 if empty. */
int cpuset_last(const struct cpuset *set);
/* The lowest CPU in @set above @after (-1: the first), -1 if none. */
int cpuset_next(const struct cpuset *set, int after);

#endif
