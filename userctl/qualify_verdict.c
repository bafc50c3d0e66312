// SPDX-License-Identifier: GPL-2.0
/*
 * qualify's verdict: one check a line, each a figure of a section against
 * a threshold (qthr_defs), PASS, WARN or FAIL, or SKIP when the figure is
 * missing (the section did not run, or the machine lacks what it needs:
 * the line says which).  The rate and the wake-up latency answer the
 * question and FAIL; the audit FAILs on a FAIL of its own; the studies
 * WARN.  Each line carries the figure's resolution.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qualify.h"
#include "userctl.h"

static const char *const qstate_names[] = {
	[QR_PLANNED] = "not run",
	[QR_RUNNING] = "running",
	[QR_DONE] = "done",
	[QR_FAILED] = "failed",
	[QR_SKIPPED] = "skipped",
	[QR_INTERRUPTED] = "interrupted",
};

const char *qstate_name(enum qstate s)
{
	return qstate_names[s];
}

static struct qcheck *check_add(struct qualify *q, const char *id,
				enum qthr thr)
{
	struct qcheck *c;

	q->checks = xrealloc(q->checks, (q->nchecks + 1) * sizeof(*c));
	c = &q->checks[q->nchecks++];
	memset(c, 0, sizeof(*c));
	snprintf(c->id, sizeof(c->id), "%s", id);
	c->value = NAN;
	c->threshold = thr < QT_NR ? q->thr[thr] : NAN;
	c->at_least = thr < QT_NR && qthr_defs[thr].at_least;
	c->unit = thr < QT_NR ? qthr_defs[thr].unit : "";
	if (thr < QT_NR)
		snprintf(c->what, sizeof(c->what), "%s", qthr_defs[thr].help);
	c->verdict = V_SKIP;
	return c;
}

static void msg(struct qcheck *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void msg(struct qcheck *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->message, sizeof(c->message), fmt, ap);
	va_end(ap);
}

/* @v against the threshold: PASS on its side of it, else @over. */
static void judge(struct qcheck *c, double v, enum verdict over)
{
	c->value = v;
	c->verdict = (c->at_least ? v >= c->threshold : v <= c->threshold) ?
		     V_PASS : over;
}

/* The section's table @name, or NULL with the check saying why. */
static const struct bench_table *section_table(const struct qualify *q,
					       enum qsec s, const char *name,
					       struct qcheck *c)
{
	const struct qsec_run *r = &q->sec[s];
	const struct bench_table *t;

	if (r->state != QR_DONE && r->state != QR_FAILED) {
		msg(c, "no figure: %s %s%s%s", qsec_defs[s].name,
		    qstate_name(r->state), *r->why ? ": " : "", r->why);
		return NULL;
	}
	t = bench_table(&r->r, name);
	if (!t || !t->nrows) {
		msg(c, "no figure: %s has no %s table", qsec_defs[s].name,
		    name);
		return NULL;
	}
	return t;
}

static bool num(const struct bench_table *t, unsigned int row,
		const char *key, double *v)
{
	return bench_val_num(bench_get(t, row, key), v);
}

static bool text_is(const struct bench_table *t, unsigned int row,
		    const char *key, const char *text)
{
	const struct bench_val *v = bench_get(t, row, key);

	return v && v->kind == BV_TEXT && !strcmp(v->text, text);
}

static void check_audit(struct qualify *q)
{
	const struct qsec_run *r = &q->sec[QS_AUDIT];
	struct qcheck *c = check_add(q, "audit", QT_NR);
	unsigned int f = report_count(&q->audit, V_FAIL);
	unsigned int w = report_count(&q->audit, V_WARN);

	snprintf(c->what, sizeof(c->what),
		 "the shielding audit of the CPUs (FAIL on a FAIL of its own, WARN on a WARN)");
	snprintf(c->resolution, sizeof(c->resolution),
		 "the machine's settings as read at the start");
	if (r->state != QR_DONE) {
		msg(c, "not run: %s", *r->why ? r->why : qstate_name(r->state));
		return;
	}
	c->value = f;
	c->unit = "FAIL findings";
	c->verdict = f ? V_FAIL : w ? V_WARN : V_PASS;
	msg(c, "CPU %s: %u FAIL, %u WARN of %zu findings (each with its remedy in the report)",
	    q->audit_cpus, f, w, q->audit.n);
}

/* Per CPU: the best rate over the modes, and the latency at --rate-hz. */
static void check_ladder_cpu(struct qualify *q, const struct bench_table *t,
			     const struct bench_table *bt, int cpu)
{
	double rate = q->thr[QT_RATE_HZ], best = 0, v, lat = NAN, clk = NAN;
	double lat_fail = NAN, secs = NAN, cyc = 0;
	char id[48], modes[256] = "", bmode[16] = "", lmode[16] = "";
	const struct bench_val *m;
	struct qcheck *c;
	unsigned int row;

	snprintf(id, sizeof(id), "rate.cpu%d", cpu);
	c = check_add(q, id, QT_RATE_HZ);
	for (row = 0; row < bt->nrows; row++) {
		if (!num(bt, row, "cpu", &v) || v != cpu)
			continue;
		m = bench_get(bt, row, "mode");
		if (!num(bt, row, "best_hz", &v))
			v = 0;
		snprintf(modes + strlen(modes), sizeof(modes) - strlen(modes),
			 "%s%s %.0f Hz", *modes ? ", " : "", m->text, v);
		if (v > best) {
			best = v;
			snprintf(bmode, sizeof(bmode), "%s", m->text);
		}
	}
	for (row = 0; row < t->nrows; row++) {
		if (!num(t, row, "cpu", &v) || v != cpu ||
		    !num(t, row, "rate_hz", &v) || v != rate ||
		    !num(t, row, "late_max_ns", &v))
			continue;
		m = bench_get(t, row, "mode");
		if (text_is(t, row, "result", "pass")) {
			if (isnan(lat) || v < lat) {
				lat = v;
				snprintf(lmode, sizeof(lmode), "%s", m->text);
				if (!num(t, row, "clock_read_ns", &clk))
					clk = NAN;
				num(t, row, "seconds", &secs);
				num(t, row, "cycles", &cyc);
			}
		} else if (isnan(lat_fail) || v < lat_fail) {
			lat_fail = v;
		}
	}
	snprintf(c->resolution, sizeof(c->resolution),
		 "rungs of %.1f s measured, every period counted (exact)",
		 q->sec[QS_LADDER].unit_s);
	judge(c, best, V_FAIL);
	if (best > 0)
		msg(c, "CPU %d: every period ran up to %.0f Hz, in %s mode (best of %s)",
		    cpu, best, bmode, modes);
	else
		msg(c, "CPU %d: no rung ran without an overrun or a missed period (%s)",
		    cpu, *modes ? modes : "no mode ran");

	snprintf(id, sizeof(id), "latency.cpu%d", cpu);
	c = check_add(q, id, QT_MAX_LATENCY_US);
	if (isnan(lat) && isnan(lat_fail)) {
		msg(c, "CPU %d: no figure: the %.0f Hz rung did not run", cpu,
		    rate);
		return;
	}
	if (isnan(lat)) {
		judge(c, lat_fail / 1e3, V_FAIL);
		c->verdict = V_FAIL;
		msg(c, "CPU %d at %.0f Hz: no mode ran every period; the smallest worst wake-up latency there, with overruns, %.3f us",
		    cpu, rate, lat_fail / 1e3);
		snprintf(c->resolution, sizeof(c->resolution),
			 "max exact, to 1 ns");
		return;
	}
	judge(c, lat / 1e3, V_FAIL);
	msg(c, "CPU %d at %.0f Hz: worst wake-up latency %.3f us (%s mode, %.0f cycles in %.1f s)",
	    cpu, rate, lat / 1e3, lmode, cyc, secs);
	if (isnan(clk))
		snprintf(c->resolution, sizeof(c->resolution),
			 "max exact, to 1 ns");
	else
		snprintf(c->resolution, sizeof(c->resolution),
			 "max exact, to 1 ns; a clock reading took %.1f ns",
			 clk);
}

static void check_ladder(struct qualify *q)
{
	const struct bench_table *t, *bt;
	struct qcheck c0 = { 0 };
	unsigned int i;

	t = section_table(q, QS_LADDER, "rows", &c0);
	bt = t ? section_table(q, QS_LADDER, "best", &c0) : NULL;
	if (!t || !bt) {
		struct qcheck *c = check_add(q, "rate", QT_RATE_HZ);

		snprintf(c->message, sizeof(c->message), "%s", c0.message);
		c = check_add(q, "latency", QT_MAX_LATENCY_US);
		snprintf(c->message, sizeof(c->message), "%s", c0.message);
		return;
	}
	for (i = 0; i < q->env.ncpus; i++)
		check_ladder_cpu(q, t, bt, q->env.cpu[i]);
}

static void check_threshold(struct qualify *q)
{
	struct qcheck *c = check_add(q, "kstar", QT_MAX_LATE_PCT);
	const struct bench_table *t = section_table(q, QS_THRESHOLD, "rows", c);
	double v, n;
	unsigned int row;

	if (!t)
		return;
	for (row = 0; row < t->nrows; row++)
		if (text_is(t, row, "load", "dummy") &&
		    num(t, row, "pct_gt_50us", &v)) {
			judge(c, v, V_WARN);
			if (!num(t, row, "cycles", &n))
				n = 0;
			msg(c, "%.2f %% of %.0f poll cycles at 1 kHz started more than 50 us late under the dummy load",
			    v, n);
			snprintf(c->resolution, sizeof(c->resolution),
				 "exact: every cycle's telemetry record");
			return;
		}
	msg(c, "no figure: no row with the dummy load");
}

static void check_noise(struct qualify *q)
{
	struct qcheck *c = check_add(q, "east", QT_MAX_GAPS_PER_S);
	const struct bench_table *t = section_table(q, QS_NOISE, "rows", c);
	const struct bench_val *s;
	double v, house = NAN, secs = 0;
	unsigned int row;

	if (!t)
		return;
	for (row = 0; row < t->nrows; row++) {
		s = bench_get(t, row, "setup");
		if (s && s->kind == BV_TEXT &&
		    !strncmp(s->text, "housekeeping", 12))
			num(t, row, "events_per_s", &house);
	}
	/* the first row: the CPU as it is */
	if (!num(t, 0, "events_per_s", &v)) {
		msg(c, "no figure: %s", t->why[0] ? t->why[0] : "no gaps counted");
		return;
	}
	num(t, 0, "seconds", &secs);
	judge(c, v, V_WARN);
	if (isnan(house))
		msg(c, "CPU %d: %.1f gaps of 1 us or more a second", q->env.cpu[0],
		    v);
	else
		msg(c, "CPU %d: %.1f gaps of 1 us or more a second; the housekeeping CPU: %.1f",
		    q->env.cpu[0], v, house);
	snprintf(c->resolution, sizeof(c->resolution),
		 "every gap counted (exact) over %.1f s", secs);
}

static void check_wait(struct qualify *q)
{
	struct qcheck *c = check_add(q, "hpt.p99", QT_MAX_HYBRID_P99);
	struct qcheck *c2 = check_add(q, "hpt.cpu", QT_MAX_HYBRID_CPU);
	const struct bench_table *t = section_table(q, QS_WAIT, "ratios", c);
	double v;

	if (!t) {
		snprintf(c2->message, sizeof(c2->message), "%s", c->message);
		return;
	}
	snprintf(c->resolution, sizeof(c->resolution),
		 "p99s from histogram buckets within 0.79 %%");
	snprintf(c2->resolution, sizeof(c2->resolution),
		 "exact, from the loops' sleep time");
	if (num(t, 0, "hybrid_hrtimer_p99", &v)) {
		judge(c, v, V_WARN);
		msg(c, "hybrid's p99 lateness is %.3f of hrtimer's", v);
	} else {
		msg(c, "no figure: %s", t->why[0] ? t->why[0] :
		    "a p99 was past the histogram's range or zero");
	}
	if (num(t, 0, "hybrid_poll_cpu", &v)) {
		judge(c2, v, V_WARN);
		msg(c2, "hybrid takes %.3f of the CPU poll takes", v);
	} else {
		msg(c2, "no figure: %s", t->why[0] ? t->why[0] :
		    "poll's CPU share was zero");
	}
}

static void check_section(struct qualify *q)
{
	struct qcheck *c = check_add(q, "m1m5", QT_MAX_OVER_PER10K);
	const struct bench_table *t = section_table(q, QS_SECTION, "rows", c);
	double v, worst = -1, scale = 0;
	unsigned int row, wrow = 0, missing = 0;

	if (!t)
		return;
	for (row = 0; row < t->nrows; row++) {
		if (!num(t, row, "over_thr10_per10k", &v)) {
			missing++;
			continue;
		}
		if (v > worst) {
			worst = v;
			wrow = row;
		}
	}
	if (worst < 0) {
		msg(c, "no figure: no row ran");
		return;
	}
	num(t, wrow, "tscale", &scale);
	judge(c, worst, V_WARN);
	msg(c, "worst row %s (%s, MMIO %s): %.1f cycles per 10,000 over %.0f us%s",
	    bench_get(t, wrow, "study_method")->text,
	    bench_get(t, wrow, "section")->text,
	    bench_get(t, wrow, "mmio")->text, worst, 10 * scale,
	    missing ? "; rows without figures are explained in the report" : "");
	snprintf(c->resolution, sizeof(c->resolution),
		 "exact: every cycle's compute time; the threshold is 10 us x the calibrated scale %.0f",
		 scale);
}

static void check_compare_ref(struct qualify *q, const struct bench_table *t,
			      const char *id, const char *key,
			      const char *who)
{
	struct qcheck *c = check_add(q, id, QT_MAX_REF_RATIO);
	const struct bench_table *rows = bench_table(&q->sec[QS_COMPARE].r,
						     "rows");
	int row = bench_find_row(t, "mode", "hrtimer"), rr;
	double v;

	snprintf(c->resolution, sizeof(c->resolution),
		 "p99 within 0.79 %% (shieldrt) and 1 us (%s)", who);
	if (row >= 0 && num(t, row, key, &v)) {
		judge(c, v, V_WARN);
		msg(c, "shieldrt's hrtimer thread p99 is %.3f of %s's", v, who);
		return;
	}
	rr = rows ? bench_find_row(rows, "who", who) : -1;
	msg(c, "no figure: %s", rr >= 0 && rows->why[rr] ? rows->why[rr] :
	    "a p99 is missing");
}

static void check_compare(struct qualify *q)
{
	struct qcheck c0 = { 0 };
	const struct bench_table *t = section_table(q, QS_COMPARE, "ratios",
						    &c0);
	struct qcheck *c;

	if (!t) {
		c = check_add(q, "compare.timerlat", QT_MAX_REF_RATIO);
		snprintf(c->message, sizeof(c->message), "%s", c0.message);
		c = check_add(q, "compare.cyclictest", QT_MAX_REF_RATIO);
		snprintf(c->message, sizeof(c->message), "%s", c0.message);
		return;
	}
	check_compare_ref(q, t, "compare.timerlat", "thread_vs_timerlat",
			  "timerlat");
	check_compare_ref(q, t, "compare.cyclictest", "thread_vs_cyclictest",
			  "cyclictest");
}

void qualify_judge(struct qualify *q)
{
	free(q->checks);
	q->checks = NULL;
	q->nchecks = 0;
	check_audit(q);
	check_ladder(q);
	check_threshold(q);
	check_noise(q);
	check_wait(q);
	check_section(q);
	check_compare(q);
}

unsigned int qualify_count(const struct qualify *q, enum verdict v)
{
	unsigned int i, n = 0;

	for (i = 0; i < q->nchecks; i++)
		n += q->checks[i].verdict == v;
	return n;
}

enum verdict qualify_verdict(const struct qualify *q)
{
	if (qualify_count(q, V_FAIL))
		return V_FAIL;
	if (qualify_count(q, V_WARN))
		return V_WARN;
	return V_PASS;
}
