// SPDX-License-Identifier: GPL-2.0
/* CPU set operations and the list / hex mask text forms. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cpuset.h"

#define LONG_BITS	(8 * sizeof(unsigned long))

void cpuset_zero(struct cpuset *set)
{
	memset(set, 0, sizeof(*set));
}

void cpuset_add(struct cpuset *set, unsigned int cpu)
{
	if (cpu < CPUSET_MAX)
		set->bits[cpu / LONG_BITS] |= 1UL << (cpu % LONG_BITS);
}

bool cpuset_has(const struct cpuset *set, unsigned int cpu)
{
	return cpu < CPUSET_MAX &&
	       (set->bits[cpu / LONG_BITS] >> (cpu % LONG_BITS)) & 1;
}

unsigned int cpuset_count(const struct cpuset *set)
{
	unsigned int i, n = 0;

	for (i = 0; i < CPUSET_LONGS; i++)
		n += __builtin_popcountl(set->bits[i]);
	return n;
}

bool cpuset_empty(const struct cpuset *set)
{
	return cpuset_last(set) < 0;
}

bool cpuset_equal(const struct cpuset *a, const struct cpuset *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

bool cpuset_subset(const struct cpuset *a, const struct cpuset *b)
{
	unsigned int i;

	for (i = 0; i < CPUSET_LONGS; i++)
		if (a->bits[i] & ~b->bits[i])
			return false;
	return true;
}

bool cpuset_intersects(const struct cpuset *a, const struct cpuset *b)
{
	unsigned int i;

	for (i = 0; i < CPUSET_LONGS; i++)
		if (a->bits[i] & b->bits[i])
			return true;
	return false;
}

void cpuset_and(struct cpuset *d, const struct cpuset *a,
		const struct cpuset *b)
{
	unsigned int i;

	for (i = 0; i < CPUSET_LONGS; i++)
		d->bits[i] = a->bits[i] & b->bits[i];
}

void cpuset_or(struct cpuset *d, const struct cpuset *a,
	       const struct cpuset *b)
{
	unsigned int i;

	for (i = 0; i < CPUSET_LONGS; i++)
		d->bits[i] = a->bits[i] | b->bits[i];
}

void cpuset_andnot(struct cpuset *d, const struct cpuset *a,
		   const struct cpuset *b)
{
	unsigned int i;

	for (i = 0; i < CPUSET_LONGS; i++)
		d->bits[i] = a->bits[i] & ~b->bits[i];
}

int cpuset_next(const struct cpuset *set, int after)
{
	int cpu;

	for (cpu = after + 1; cpu < CPUSET_MAX; cpu++)
		if (cpuset_has(set, cpu))
			return cpu;
	return -1;
}

int cpuset_last(const struct cpuset *set)
{
	int i;

	for (i = CPUSET_LONGS - 1; i >= 0; i--)
		if (set->bits[i])
			return i * LONG_BITS + LONG_BITS - 1 -
			       __builtin_clzl(set->bits[i]);
	return -1;
}

static int parse_error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* A decimal number below CPUSET_MAX; *end is left after its digits. */
static int parse_number(const char **p, unsigned int *val, const char *what,
			char *err, size_t errlen)
{
	const char *s = *p;
	unsigned long v = 0;

	if (!isdigit((unsigned char)*s))
		return *s ? parse_error(err, errlen, "expected %s at '%s'",
					what, s)
			  : parse_error(err, errlen, "expected %s at the end",
					what);
	while (isdigit((unsigned char)*s)) {
		v = v * 10 + (*s - '0');
		if (v >= CPUSET_MAX)
			return parse_error(err, errlen,
					   "number too large (limit %u)",
					   CPUSET_MAX - 1);
		s++;
	}
	*val = v;
	*p = s;
	return 0;
}

/* One item: N, N-M or N-M:used/group; adds it to @set. */
static int parse_item(const char **p, struct cpuset *set,
		      char *err, size_t errlen)
{
	unsigned int first, last, used = 1, group = 1, cpu;

	if (parse_number(p, &first, "a CPU number", err, errlen))
		return -1;
	last = first;
	if (**p == '-') {
		(*p)++;
		if (parse_number(p, &last, "a CPU number after '-'",
				 err, errlen))
			return -1;
		if (last < first)
			return parse_error(err, errlen,
					   "range %u-%u runs backwards",
					   first, last);
		if (**p == ':') {
			(*p)++;
			if (parse_number(p, &used, "a count after ':'",
					 err, errlen))
				return -1;
			if (**p != '/')
				return parse_error(err, errlen,
						   "expected '/' after ':%u' (form N-M:used/group)",
						   used);
			(*p)++;
			if (parse_number(p, &group, "a group size after '/'",
					 err, errlen))
				return -1;
			if (!used || !group || used > group)
				return parse_error(err, errlen,
						   "bad group ':%u/%u' (need 0 < used <= group)",
						   used, group);
		}
	}
	for (cpu = first; cpu <= last; cpu++)
		if ((cpu - first) % group < used)
			cpuset_add(set, cpu);
	return 0;
}

int cpulist_parse(const char *s, struct cpuset *set, unsigned int flags,
		  char *err, size_t errlen)
{
	size_t len = strlen(s);
	char buf[4096];
	const char *p = buf;

	cpuset_zero(set);
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (len >= sizeof(buf))
		return parse_error(err, errlen, "list too long");
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (!len) {
		if (flags & CPULIST_ALLOW_EMPTY)
			return 0;
		return parse_error(err, errlen, "empty CPU list");
	}
	for (;;) {
		if (parse_item(&p, set, err, errlen))
			return -1;
		if (!*p)
			return 0;
		if (*p != ',')
			return parse_error(err, errlen, "unexpected '%c'", *p);
		p++;
	}
}

static int hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int cpumask_parse_hex(const char *s, struct cpuset *set,
		      char *err, size_t errlen)
{
	size_t len = strlen(s);
	unsigned int group = 0, digits = 0, bit;
	int d;

	cpuset_zero(set);
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (!len)
		return parse_error(err, errlen, "empty mask");
	/* Right to left: each comma-separated group holds 32 CPUs. */
	while (len--) {
		if (s[len] == ',') {
			if (!digits)
				return parse_error(err, errlen,
						   "empty group in mask");
			group++;
			digits = 0;
			continue;
		}
		d = hex_digit(s[len]);
		if (d < 0)
			return parse_error(err, errlen,
					   "unexpected '%c' in mask", s[len]);
		if (digits == 8)
			return parse_error(err, errlen,
					   "mask group longer than 8 digits");
		for (bit = 0; bit < 4; bit++) {
			unsigned int cpu = group * 32 + digits * 4 + bit;

			if (!(d & (1 << bit)))
				continue;
			if (cpu >= CPUSET_MAX)
				return parse_error(err, errlen,
						   "mask names CPU %u (limit %u)",
						   cpu, CPUSET_MAX - 1);
			cpuset_add(set, cpu);
		}
		digits++;
	}
	if (!digits)
		return parse_error(err, errlen, "empty group in mask");
	return 0;
}

char *cpulist_format(const struct cpuset *set, char *buf, size_t len)
{
	int last = cpuset_last(set), cpu, end;
	size_t off = 0;

	buf[0] = '\0';
	for (cpu = 0; cpu <= last; cpu++) {
		if (!cpuset_has(set, cpu))
			continue;
		end = cpu;
		while (end + 1 <= last && cpuset_has(set, end + 1))
			end++;
		if (off < len)
			off += snprintf(buf + off, len - off, "%s%d",
					off ? "," : "", cpu);
		if (end > cpu && off < len)
			off += snprintf(buf + off, len - off, "-%d", end);
		cpu = end;
	}
	return buf;
}

char *cpumask_format_hex(const struct cpuset *set, char *buf, size_t len)
{
	int last = cpuset_last(set), group, bit;
	size_t off = 0;

	if (last < 0) {
		snprintf(buf, len, "0");
		return buf;
	}
	buf[0] = '\0';
	for (group = last / 32; group >= 0; group--) {
		unsigned int word = 0;

		for (bit = 0; bit < 32; bit++)
			if (cpuset_has(set, group * 32 + bit))
				word |= 1U << bit;
		if (off < len)
			off += snprintf(buf + off, len - off,
					off ? ",%08x" : "%x", word);
	}
	return buf;
}
