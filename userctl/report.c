// SPDX-License-Identifier: GPL-2.0
/* Collecting check findings and printing them for people or machines. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "userctl.h"

static const char *const verdict_names[V_COUNT] = {
	[V_PASS] = "PASS",
	[V_INFO] = "INFO",
	[V_SKIP] = "SKIP",
	[V_WARN] = "WARN",
	[V_FAIL] = "FAIL",
};

const char *verdict_name(enum verdict v)
{
	return verdict_names[v];
}

void report_add(struct report *r, enum verdict v, const char *check,
		const char *fix, const char *fmt, ...)
{
	struct finding *f;
	va_list ap;

	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 32;
		r->items = xrealloc(r->items, r->cap * sizeof(*r->items));
	}
	f = &r->items[r->n++];
	f->verdict = v;
	f->check = xstrdup(check);
	f->fix = fix ? xstrdup(fix) : NULL;
	va_start(ap, fmt);
	if (vasprintf(&f->msg, fmt, ap) < 0)
		fatal("out of memory");
	va_end(ap);
}

unsigned int report_count(const struct report *r, enum verdict v)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < r->n; i++)
		n += r->items[i].verdict == v;
	return n;
}

void report_free(struct report *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		free(r->items[i].check);
		free(r->items[i].msg);
		free(r->items[i].fix);
	}
	free(r->items);
	memset(r, 0, sizeof(*r));
}

void report_print_text(const struct report *r, FILE *f)
{
	int v, width = 0;
	size_t i;

	for (i = 0; i < r->n; i++)
		if ((int)strlen(r->items[i].check) > width)
			width = strlen(r->items[i].check);
	for (i = 0; i < r->n; i++) {
		const struct finding *it = &r->items[i];

		fprintf(f, "%s  %-*s  %s\n", verdict_name(it->verdict),
			width, it->check, it->msg);
		if (it->fix)
			fprintf(f, "      %-*s  fix: %s\n", width, "", it->fix);
	}
	fprintf(f, "#");
	for (v = 0; v < V_COUNT; v++)
		fprintf(f, " %s %u%s", verdict_name(v), report_count(r, v),
			v + 1 < V_COUNT ? "," : "\n");
}

void report_print_json(const struct report *r, struct json *j)
{
	size_t i;
	int v;

	json_key(j, "checks");
	json_arr_begin(j);
	for (i = 0; i < r->n; i++) {
		const struct finding *it = &r->items[i];

		json_obj_begin(j);
		json_kv_str(j, "check", it->check);
		json_kv_str(j, "result", verdict_name(it->verdict));
		json_kv_str(j, "message", it->msg);
		json_kv_str(j, "fix", it->fix);
		json_obj_end(j);
	}
	json_arr_end(j);
	json_key(j, "summary");
	json_obj_begin(j);
	for (v = 0; v < V_COUNT; v++)
		json_kv_int(j, verdict_name(v), report_count(r, v));
	json_obj_end(j);
}
