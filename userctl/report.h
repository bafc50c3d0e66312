/* SPDX-License-Identifier: GPL-2.0 */
/* Findings of a check run: verdict, what was seen, how to fix it. */
#ifndef USERCTL_REPORT_H
#define USERCTL_REPORT_H

#include <stdio.h>

#include "json.h"

/* Ordered by severity; PASS..SKIP never make a run fail. */
enum verdict { V_PASS, V_INFO, V_SKIP, V_WARN, V_FAIL, V_COUNT };

struct finding {
	enum verdict verdict;
	char *check;	/* dotted id, e.g. "cmdline.isolcpus", "irq.24" */
	char *msg;	/* what was found */
	char *fix;	/* exact remedy, NULL when nothing to do */
};

struct report {
	struct finding *items;
	size_t n, cap;
};

const char *verdict_name(enum verdict v);

void report_add(struct report *r, enum verdict v, const char *check,
		const char *fix, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
unsigned int report_count(const struct report *r, enum verdict v);
void report_free(struct report *r);

/* One line per finding, "fix:" lines under the ones with a remedy. */
void report_print_text(const struct report *r, FILE *f);
/* "checks": [...] and "summary": {...} members of the current object. */
void report_print_json(const struct report *r, struct json *j);

#endif
