// SPDX-License-Identifier: GPL-2.0
/*
 * report.json: the whole report as one JSON document.  The run (host,
 * kernel, module, budget, complete or how it ended), the thresholds, the
 * plan and what each section took, the verdict's checks, the audit's
 * findings, and each bench's own document ("userctl bench NAME --json")
 * under "benches".  Figures are JSON numbers, a missing one null.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../include/shieldrt_version.h"
#include "qualify.h"
#include "userctl.h"

static void kv_num(struct json *j, const char *key, double v)
{
	char buf[64];

	json_key(j, key);
	if (isnan(v)) {
		json_null(j);
		return;
	}
	snprintf(buf, sizeof(buf), "%.10g", v);
	json_raw(j, buf);
}

static const char *ended(const struct qualify *q)
{
	if (q->finished)
		return "finished";
	return q->ended_by == 2 ? "SIGINT" : q->ended_by ? "SIGTERM" : "error";
}

static void sections_json(const struct qualify *q, struct json *j)
{
	unsigned int s;

	/* an element a line: a shell can read them */
	fputc('\n', j->f);
	json_key(j, "sections");
	json_arr_begin(j);
	for (s = 0; s < QS_NR; s++) {
		const struct qsec_run *r = &q->sec[s];

		fputc('\n', j->f);
		json_obj_begin(j);
		json_kv_str(j, "name", qsec_defs[s].name);
		json_kv_str(j, "heading", qsec_defs[s].heading);
		json_kv_str(j, "state", qstate_name(r->state));
		kv_num(j, "planned_s", r->enabled && s != QS_AUDIT ?
		       r->planned_s : NAN);
		kv_num(j, "took_s", r->state == QR_PLANNED ||
		       r->state == QR_SKIPPED ? NAN : r->took_s);
		json_kv_int(j, "units", r->units);
		kv_num(j, "unit_s", r->units ? r->unit_s : NAN);
		json_kv_str(j, "why", *r->why ? r->why : NULL);
		json_obj_end(j);
	}
	fputc('\n', j->f);
	json_arr_end(j);
}

static void checks_json(const struct qualify *q, struct json *j)
{
	unsigned int i;

	fputc('\n', j->f);
	json_key(j, "checks");
	json_arr_begin(j);
	for (i = 0; i < q->nchecks; i++) {
		const struct qcheck *c = &q->checks[i];

		fputc('\n', j->f);
		json_obj_begin(j);
		json_kv_str(j, "check", c->id);
		json_kv_str(j, "result", verdict_name(c->verdict));
		kv_num(j, "value", c->value);
		kv_num(j, "threshold", c->threshold);
		json_kv_str(j, "unit", c->unit);
		json_kv_str(j, "resolution", c->resolution);
		json_kv_str(j, "message", c->message);
		json_kv_str(j, "what", c->what);
		json_obj_end(j);
	}
	fputc('\n', j->f);
	json_arr_end(j);
	json_key(j, "summary");
	json_obj_begin(j);
	for (i = 0; i < V_COUNT; i++)
		json_kv_int(j, verdict_name(i), qualify_count(q, i));
	json_obj_end(j);
}

/* A bench's own document, as "userctl bench NAME --json" prints it. */
static void bench_json(const struct qsec_run *r, struct json *j)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		fatal("out of memory");
	bench_print_json(&r->r, &r->e, &r->a, m);
	if (fclose(m))
		fatal("out of memory");
	/* the document ends with its object: no newline inside ours */
	while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
		text[--len] = '\0';
	json_raw(j, text);
	free(text);
}

void qualify_write_json(const struct qualify *q, FILE *f)
{
	struct json j;
	unsigned int i;
	char buf[32];

	json_init(&j, f);
	json_obj_begin(&j);
	json_kv_int(&j, "qualify", 1);
	json_kv_bool(&j, "complete", q->finished);
	json_kv_str(&j, "ended", ended(q));
	json_kv_str(&j, "verdict", verdict_name(qualify_verdict(q)));
	json_kv_str(&j, "host", q->host);
	json_kv_str(&j, "started", q->started);
	json_kv_str(&j, "userctl_version", SHIELDRT_VERSION);
	json_kv_int(&j, "abi", SHIELDRT_ABI_VERSION);
	json_kv_str(&j, "kernel", q->env.kernel);
	json_kv_str(&j, "arch", q->env.arch);
	json_kv_str(&j, "module_version", q->env.module_version);
	json_kv_str(&j, "machine", q->machine);
	json_kv_str(&j, "tools", q->tools);
	json_key(&j, "cpus");
	json_arr_begin(&j);
	for (i = 0; i < q->env.ncpus; i++)
		json_int(&j, q->env.cpu[i]);
	json_arr_end(&j);
	json_kv_str(&j, "shielded_from", q->env.shielded_from);
	json_kv_bool(&j, "forced", q->env.forced);
	json_kv_str(&j, "budget", q->budget_name);
	kv_num(&j, "budget_s", q->budget_s);
	kv_num(&j, "took_s", bench_now() - q->t0);
	json_key(&j, "thresholds");
	json_obj_begin(&j);
	for (i = 0; i < QT_NR; i++)
		kv_num(&j, qthr_defs[i].name, q->thr[i]);
	json_obj_end(&j);
	sections_json(q, &j);
	checks_json(q, &j);
	fputc('\n', f);
	json_key(&j, "audit");
	json_obj_begin(&j);
	json_kv_str(&j, "cpus", *q->audit_cpus ? q->audit_cpus : NULL);
	report_print_json(&q->audit, &j);
	json_obj_end(&j);
	fputc('\n', f);
	json_key(&j, "benches");
	json_obj_begin(&j);
	for (i = QS_AUDIT + 1; i < QS_NR; i++) {
		const struct qsec_run *r = &q->sec[i];

		if (!r->have_result || !r->r.def)
			continue;
		snprintf(buf, sizeof(buf), "%s", qsec_defs[i].name);
		json_key(&j, buf);
		bench_json(r, &j);
		fputc('\n', f);
	}
	json_obj_end(&j);
	json_obj_end(&j);
	fputc('\n', f);
}
