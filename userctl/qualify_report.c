// SPDX-License-Identifier: GPL-2.0
/*
 * report.md: the verdict first (a line per check, its figure, threshold
 * and resolution), then a section per study in the order they ran, each
 * with its question, what it took against its plan, its tables (column
 * heads with unit and resolution), why a row has no figures, its
 * figures, its definitions and warnings; the audit's findings with their
 * remedies; the plan.  An incomplete run says so at the top.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qualify.h"
#include "userctl.h"

/* Text in a table cell: no '|' or line break may end it early. */
static void md_text(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else if (*s == '\n')
			fputc(' ', f);
		else
			fputc(*s, f);
	}
}

static int col_of(const struct bench_table *t, const char *key)
{
	unsigned int c;

	for (c = 0; c < t->ncols; c++)
		if (!strcmp(t->cols[c].key, key))
			return c;
	return -1;
}

/* A table: the columns @keys (NULL: all) whose rows have a value. */
static void md_table(FILE *f, const struct bench_table *t,
		     const char *const *keys)
{
	int cols[BENCH_MAX_COLS];
	unsigned int n = 0, i, row;
	char buf[128];

	for (i = 0; keys ? keys[i] != NULL : i < t->ncols; i++) {
		int c = keys ? col_of(t, keys[i]) : (int)i;

		if (c >= 0 && n < BENCH_MAX_COLS)
			cols[n++] = c;
	}
	if (!n || !t->nrows)
		return;
	fputc('|', f);
	for (i = 0; i < n; i++) {
		const struct bench_col *c = &t->cols[cols[i]];

		fprintf(f, " %s", c->head);
		if (*c->unit || *c->res)
			fprintf(f, " (%s%s%s)", c->unit,
				*c->unit && *c->res ? ", " : "", c->res);
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (i = 0; i < n; i++)
		fputs("---|", f);
	fputc('\n', f);
	for (row = 0; row < t->nrows; row++) {
		fputc('|', f);
		for (i = 0; i < n; i++) {
			bench_val_text(&t->v[(size_t)row * t->ncols + cols[i]],
				       t->cols[cols[i]].prec, buf, sizeof(buf));
			fputc(' ', f);
			md_text(f, buf);
			fputs(" |", f);
		}
		fputc('\n', f);
	}
	fputc('\n', f);
	for (row = 0; row < t->nrows; row++) {
		if (!t->why[row])
			continue;
		fprintf(f, "- row %u (", row + 1);
		/* named by its first cells: "1 hrtimer 2000" */
		for (i = 0; i < n && i < 3; i++) {
			bench_val_text(&t->v[(size_t)row * t->ncols + cols[i]],
				       t->cols[cols[i]].prec, buf, sizeof(buf));
			fprintf(f, "%s%s", i ? " " : "", buf);
		}
		fprintf(f, "): %s\n", t->why[row]);
	}
	fputc('\n', f);
}

static void md_figures(FILE *f, const char *const *figs, unsigned int n,
		       const char *prefix)
{
	size_t pl = strlen(prefix);
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strncmp(figs[i], prefix, pl))
			fprintf(f, "![%s](%s)\n\n", figs[i], figs[i]);
}

static void md_info(FILE *f, const struct bench_result *r)
{
	char buf[256];
	unsigned int i;

	if (!r->ninfo)
		return;
	fputs("Settings:", f);
	for (i = 0; i < r->ninfo; i++) {
		if (r->info[i].v.kind == BV_REAL)
			snprintf(buf, sizeof(buf), "%g", r->info[i].v.d);
		else
			bench_val_text(&r->info[i].v, 0, buf, sizeof(buf));
		fprintf(f, "%s %s %s%s%s", i ? ";" : "", r->info[i].key, buf,
			*r->info[i].unit ? " " : "", r->info[i].unit);
	}
	fputs(".\n\n", f);
}

static void md_section(FILE *f, const struct qualify *q, enum qsec s,
		       const char *const *figs, unsigned int nfigs)
{
	const struct qsec_def *d = &qsec_defs[s];
	const struct qsec_run *r = &q->sec[s];
	char prefix[64];
	unsigned int i;

	fprintf(f, "## %s\n\n*%s*\n\n", d->heading, d->question);
	if (r->state == QR_SKIPPED || r->state == QR_PLANNED) {
		fprintf(f, "**Not run** (%s)%s%s\n\n", qstate_name(r->state),
			*r->why ? ": " : "", r->why);
		return;
	}
	fprintf(f, "`userctl bench %s`: %s in %.1f s of a planned %.0f s (%u %s of %.1f s measured).",
		d->bench, qstate_name(r->state), r->took_s, r->planned_s,
		r->units, s == QS_LADDER ? "rungs at most" : "units",
		r->unit_s);
	if (*r->why)
		fprintf(f, " **%s**", r->why);
	fputs("\n\n", f);
	if (!r->have_result || !r->r.def)
		return;
	md_info(f, &r->r);
	for (i = 0; i < r->r.ntables; i++) {
		const struct bench_table *t = &r->r.t[i];
		bool main = !strcmp(t->name, "rows");

		if (!main)
			fprintf(f, "%s:\n\n", t->name);
		md_table(f, t, main && d->keys[0] ? d->keys : NULL);
	}
	if (s == QS_LADDER)
		snprintf(prefix, sizeof(prefix), "ladder.png");
	else
		snprintf(prefix, sizeof(prefix), "%s-", r->r.def->name);
	md_figures(f, figs, nfigs, prefix);
	for (i = 0; i < r->r.nnotes; i++)
		fprintf(f, "%s %s\n", i ? "-" : "Definitions:\n\n-",
			r->r.notes[i]);
	for (i = 0; i < r->r.nwarnings; i++)
		fprintf(f, "- **warning**: %s\n", r->r.warnings[i]);
	fputc('\n', f);
}

static void md_audit(FILE *f, const struct qualify *q)
{
	const struct qsec_run *r = &q->sec[QS_AUDIT];
	size_t i;
	int v;

	fprintf(f, "## %s\n\n*%s*\n\n", qsec_defs[QS_AUDIT].heading,
		qsec_defs[QS_AUDIT].question);
	if (r->state != QR_DONE) {
		fprintf(f, "**Not run** (%s)%s%s\n\n", qstate_name(r->state),
			*r->why ? ": " : "", r->why);
		return;
	}
	fprintf(f, "`userctl shield audit --cpus %s`, in %.1f s: the worst findings first.\n\n",
		q->audit_cpus, r->took_s);
	fputs("| result | check | finding | remedy |\n|---|---|---|---|\n", f);
	for (v = V_COUNT - 1; v >= 0; v--)
		for (i = 0; i < q->audit.n; i++) {
			const struct finding *it = &q->audit.items[i];

			if ((int)it->verdict != v)
				continue;
			fprintf(f, "| %s | %s | ", verdict_name(it->verdict),
				it->check);
			md_text(f, it->msg);
			fputs(" | ", f);
			md_text(f, it->fix ? it->fix : "-");
			fputs(" |\n", f);
		}
	fputc('\n', f);
}

static void md_value(FILE *f, double v, const char *unit)
{
	if (isnan(v))
		fputs("-", f);
	else
		fprintf(f, "%.*f%s%s", v == floor(v) ? 0 : 3, v,
			*unit ? " " : "", unit);
}

static void md_checks(FILE *f, const struct qualify *q)
{
	unsigned int i;

	fputs("| check | result | figure | threshold | resolution | what was found |\n|---|---|---|---|---|---|\n",
	      f);
	for (i = 0; i < q->nchecks; i++) {
		const struct qcheck *c = &q->checks[i];

		fprintf(f, "| %s | %s%s%s | ", c->id,
			c->verdict == V_FAIL ? "**" : "",
			verdict_name(c->verdict),
			c->verdict == V_FAIL ? "**" : "");
		md_value(f, c->value, c->unit);
		fputs(" | ", f);
		if (!isnan(c->threshold) && c->verdict != V_SKIP)
			fputs(c->at_least ? ">= " : "<= ", f);
		md_value(f, c->threshold, c->unit);
		fputs(" | ", f);
		md_text(f, *c->resolution ? c->resolution : "-");
		fputs(" | ", f);
		md_text(f, c->message);
		fputs(" |\n", f);
	}
	fputc('\n', f);
}

static void md_plan(FILE *f, const struct qualify *q)
{
	char opt[48];
	unsigned int s;

	fprintf(f, "## Plan and time\n\nA budget of %.0f s (%s), shared out by weight; each section's units (rungs, rows, modes) got equal measured time, set-up estimated beside it. The budget is a plan, not a promise: the times below are what each section took.\n\n",
		q->budget_s, q->budget_name);
	fputs("| section | state | weight | planned s | took s | units x measured s | note |\n|---|---|---|---|---|---|---|\n",
	      f);
	for (s = 0; s < QS_NR; s++) {
		const struct qsec_run *r = &q->sec[s];

		fprintf(f, "| %s | %s | %g %% | ", qsec_defs[s].name,
			qstate_name(r->state), qsec_defs[s].weight_pct);
		if (r->enabled && s != QS_AUDIT)
			fprintf(f, "%.0f | ", r->planned_s);
		else
			fputs("- | ", f);
		if (r->state == QR_PLANNED || r->state == QR_SKIPPED)
			fputs("- | ", f);
		else
			fprintf(f, "%.1f | ", r->took_s);
		if (r->units)
			fprintf(f, "%u x %.1f | ", r->units, r->unit_s);
		else
			fputs("- | ", f);
		md_text(f, *r->why ? r->why : "-");
		fputs(" |\n", f);
	}
	fputs("\nThresholds:", f);
	for (s = 0; s < QT_NR; s++)
		fprintf(f, "%s `%s %g`%s%s", s ? "," : "",
			qthr_option(s, opt, sizeof(opt)), q->thr[s],
			*qthr_defs[s].unit ? " " : "", qthr_defs[s].unit);
	fputs(".\n", f);
}

void qualify_write_md(const struct qualify *q, FILE *f,
		      const char *const *figs, unsigned int nfigs)
{
	unsigned int i, s;

	fprintf(f, "# shieldrt qualify: %s\n\n", q->host);
	fprintf(f, "**Verdict: %s** (%u PASS, %u WARN, %u FAIL, %u SKIP)\n\n",
		verdict_name(qualify_verdict(q)), qualify_count(q, V_PASS),
		qualify_count(q, V_WARN), qualify_count(q, V_FAIL),
		qualify_count(q, V_SKIP));
	if (!q->finished) {
		const char *how = q->ended_by == 2 ? "interrupted (SIGINT)" :
				  q->ended_by ? "terminated (SIGTERM)" :
				  "ended by an error (userctl's message on stderr says which)";

		fprintf(f, "**INCOMPLETE: %s", how);
		for (s = 0; s < QS_NR; s++)
			if (q->sec[s].state == QR_INTERRUPTED)
				fprintf(f, " during `%s`", qsec_defs[s].name);
		fputs(". Everything it changed was undone; the sections that finished are below, the interrupted one with its rows so far, the rest not run.**\n\n",
		      f);
	}
	fputs("| | |\n|---|---|\n", f);
	fprintf(f, "| started | %s |\n", q->started);
	fprintf(f, "| kernel | %s (%s) |\n", q->env.kernel, q->env.arch);
	fprintf(f, "| module | %s |\n", q->env.module_version);
	fputs("| machine | ", f);
	md_text(f, q->machine);
	fputs(" |\n| CPUs | ", f);
	for (i = 0; i < q->env.ncpus; i++)
		fprintf(f, "%s%d", i ? "," : "", q->env.cpu[i]);
	fprintf(f, " (shielded by: %s%s); the studies but the ladder on CPU %d |\n",
		q->env.shielded_from, q->env.forced ? "; --force" : "",
		q->env.cpu[0]);
	fputs("| tools | ", f);
	md_text(f, q->tools);
	fprintf(f, " |\n| budget | %.0f s (%s); took %.0f s |\n\n",
		q->budget_s, q->budget_name, bench_now() - q->t0);
	if (!strncmp(q->machine, "a virtual", 9))
		fputs("> This machine looks virtual: its clock and timers are emulated or shared with other guests, so absolute latencies here say little about hardware. Compare rows within this report.\n\n",
		      f);
	fputs("## Verdict\n\n", f);
	md_checks(f, q);
	for (s = QS_AUDIT + 1; s < QS_NR; s++)
		md_section(f, q, s, figs, nfigs);
	md_audit(f, q);
	md_plan(f, q);
}
