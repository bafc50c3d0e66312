// SPDX-License-Identifier: GPL-2.0
/* Table-driven tests of the CPU list and hex mask parsers/formatters. */
#include <string.h>

#include "cpuset.h"
#include "tap.h"
#include "userctl.h"

struct list_case {
	const char *desc;
	const char *in;
	unsigned int flags;
	const char *want;	/* formatted result, NULL: must fail */
	const char *err;	/* substring of the reason when failing */
};

static const struct list_case list_cases[] = {
	{ "single CPU",		"3", 0, "3", NULL },
	{ "range",		"2-5", 0, "2-5", NULL },
	{ "mixed",		"0,2-3,7", 0, "0,2-3,7", NULL },
	{ "trailing newline",	"1-2\n", 0, "1-2", NULL },
	{ "unsorted, overlapping", "5,1-3,2", 0, "1-3,5", NULL },
	{ "adjacent merge",	"1,2,3", 0, "1-3", NULL },
	{ "one-CPU range",	"4-4", 0, "4", NULL },
	{ "kernel group form",	"0-7:2/4", 0, "0-1,4-5", NULL },
	{ "group, partial tail", "0-5:1/3", 0, "0,3", NULL },
	{ "largest CPU",	"4095", 0, "4095", NULL },
	{ "empty allowed",	"", CPULIST_ALLOW_EMPTY, "", NULL },
	{ "newline only allowed", "\n", CPULIST_ALLOW_EMPTY, "", NULL },
	{ "empty",		"", 0, NULL, "empty" },
	{ "blank",		"  ", 0, NULL, "empty" },
	{ "open range",		"1-", 0, NULL, "after '-'" },
	{ "reversed range",	"3-1", 0, NULL, "backwards" },
	{ "letter",		"a", 0, NULL, "expected a CPU number" },
	{ "double comma",	"1,,2", 0, NULL, "expected a CPU number" },
	{ "trailing comma",	"1,", 0, NULL, "at the end" },
	{ "leading comma",	",1", 0, NULL, "expected a CPU number" },
	{ "negative",		"-1", 0, NULL, "expected a CPU number" },
	{ "too large",		"4096", 0, NULL, "too large" },
	{ "huge",		"99999999999999999999", 0, NULL, "too large" },
	{ "inner space",	"1, 2", 0, NULL, "expected a CPU number" },
	{ "junk after number",	"2x", 0, NULL, "unexpected 'x'" },
	{ "double dash",	"1--2", 0, NULL, "after '-'" },
	{ "range then range",	"1-2-3", 0, NULL, "unexpected '-'" },
	{ "stride without group", "2-7:2", 0, NULL, "expected '/'" },
	{ "group used > size",	"0-7:5/4", 0, NULL, "bad group" },
	{ "group zero",		"0-7:0/4", 0, NULL, "bad group" },
	{ "group on single CPU", "3:1/2", 0, NULL, "unexpected ':'" },
};

struct hex_case {
	const char *desc;
	const char *in;
	const char *want_list;	/* NULL: must fail */
	const char *want_hex;	/* formatting the parsed set */
};

static const struct hex_case hex_cases[] = {
	{ "one digit",		"f\n", "0-3", "f" },
	{ "padded",		"00000003", "0-1", "3" },
	{ "upper case",		"A", "1,3", "a" },
	{ "two groups",		"1,00000003", "0-1,32", "1,00000003" },
	{ "short low group",	"1,3", "0-1,32", "1,00000003" },
	{ "zero",		"0", "", "0" },
	{ "high group only",	"80000000,00000000", "63", "80000000,00000000" },
	{ "empty",		"", NULL, NULL },
	{ "bad digit",		"g", NULL, NULL },
	{ "empty group",	"1,,2", NULL, NULL },
	{ "trailing comma",	"1,", NULL, NULL },
	{ "group too long",	"123456789", NULL, NULL },
};

static void test_lists(void)
{
	char err[128], buf[256];
	struct cpuset set;
	size_t i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(list_cases); i++) {
		const struct list_case *c = &list_cases[i];

		err[0] = '\0';
		ret = cpulist_parse(c->in, &set, c->flags, err, sizeof(err));
		if (c->want) {
			cpulist_format(&set, buf, sizeof(buf));
			tap_ok(!ret && !strcmp(buf, c->want),
			       "cpulist %s: '%s' -> '%s' (got %s '%s')",
			       c->desc, c->in, c->want, ret ? "error" : "",
			       ret ? err : buf);
		} else {
			tap_ok(ret && strstr(err, c->err),
			       "cpulist %s: '%s' rejected with '...%s...' (got '%s')",
			       c->desc, c->in, c->err, ret ? err : "accepted");
		}
	}
}

static void test_hex(void)
{
	char err[128], list[256], hex[256];
	struct cpuset set;
	size_t i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(hex_cases); i++) {
		const struct hex_case *c = &hex_cases[i];

		ret = cpumask_parse_hex(c->in, &set, err, sizeof(err));
		if (!c->want_list) {
			tap_ok(ret != 0, "hex mask %s: '%s' rejected", c->desc,
			       c->in);
			continue;
		}
		cpulist_format(&set, list, sizeof(list));
		cpumask_format_hex(&set, hex, sizeof(hex));
		tap_ok(!ret && !strcmp(list, c->want_list) &&
		       !strcmp(hex, c->want_hex),
		       "hex mask %s: '%s' -> CPUs '%s', hex '%s' (got '%s', '%s')",
		       c->desc, c->in, c->want_list, c->want_hex,
		       ret ? err : list, ret ? "" : hex);
	}
}

static void test_set_ops(void)
{
	struct cpuset a, b, d;
	char err[64], buf[64];

	cpulist_parse("0-7", &a, 0, err, sizeof(err));
	cpulist_parse("2-3,6", &b, 0, err, sizeof(err));
	cpuset_andnot(&d, &a, &b);
	tap_ok(!strcmp(cpulist_format(&d, buf, sizeof(buf)), "0-1,4-5,7"),
	       "andnot 0-7 minus 2-3,6 is 0-1,4-5,7 (got %s)", buf);
	cpuset_and(&d, &a, &b);
	tap_ok(cpuset_equal(&d, &b), "and 0-7 with 2-3,6 is 2-3,6");
	tap_ok(cpuset_subset(&b, &a) && !cpuset_subset(&a, &b),
	       "subset holds one way only");
	tap_ok(cpuset_count(&a) == 8 && cpuset_last(&a) == 7,
	       "count 8, last 7");
	cpulist_parse("100,4000", &a, 0, err, sizeof(err));
	tap_ok(!cpuset_intersects(&a, &b) && cpuset_last(&a) == 4000,
	       "sparse set: last 4000, disjoint from 2-3,6");
	cpuset_zero(&d);
	tap_ok(cpuset_empty(&d) && cpuset_last(&d) == -1,
	       "empty set has no last CPU");
}

int main(void)
{
	test_lists();
	test_hex();
	test_set_ops();
	return tap_done();
}
