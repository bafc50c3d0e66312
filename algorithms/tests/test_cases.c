// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host runner of the shared cases (cases.h): the same case functions and
 * tables the KUnit suites run in the debug kernel, one TAP line per check.
 */
#include <stdio.h>
#include <stdlib.h>
#include "tap.h"
#include "cases_list.h"

static void host_report(struct sc *s, bool ok, const char *msg)
{
	(void)s;
	tap_ok(ok, "%s", msg);
}

static void host_note(struct sc *s, const char *msg)
{
	(void)s;
	tap_note("%s", msg);
}

static struct sc *host_sc(void)
{
	struct sc *s = calloc(1, sizeof(*s));
	unsigned int i;

	if (!s)
		abort();
	for (i = 0; i < 2; i++)
		s->arena[i] = aligned_alloc(SRT_ALIGN, SC_ARENA);
	for (i = 0; i < 4; i++)
		s->psbuf[i] = aligned_alloc(SRT_ALIGN, SC_PSET);
	s->report = host_report;
	s->note = host_note;
	return s;
}

static void host_sc_free(struct sc *s)
{
	unsigned int i;

	for (i = 0; i < 2; i++)
		free(s->arena[i]);
	for (i = 0; i < 4; i++)
		free(s->psbuf[i]);
	free(s);
}

static void run_list(const char *area, const struct sc_case *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct sc *s = host_sc();

		tap_note("%s: %s", area, c[i].desc);
		c[i].run(s, c[i].row);
		/* a case that checks nothing is a broken case */
		if (!s->checks)
			tap_ok(0, "%s: %s made no check", area, c[i].desc);
		host_sc_free(s);
	}
}

int main(void)
{
	struct sc *s = host_sc();
	size_t i;

#define RUN(area) run_list(#area, sc_##area##_cases, \
			   SRT_ARRAY_SIZE(sc_##area##_cases))
	RUN(filter);
	RUN(nonlin);
	RUN(pid);
	RUN(profile);
	RUN(plant);
#undef RUN
	for (i = 0; i < SRT_ARRAY_SIZE(sc_rejects); i++)
		sc_chain_reject(s, &sc_rejects[i]);
	host_sc_free(s);
	return tap_done();
}
