// SPDX-License-Identifier: GPL-2.0
/*
 * qualify's pure parts on made-up results: the plan (shares, units,
 * the smallest budget a refusal names), the checks against thresholds
 * (PASS, WARN, FAIL, SKIP with a reason), and the report's writers,
 * whose report.md and report.json it leaves in the directory given
 * (qualify.sh checks them with scripts/testbed/qualify-check).  What qualify
 * measures needs the module: scripts/testbed/guest/tests/qualify-*.sh.
 *
 * Usage: test_qualify DIR
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qualify.h"
#include "tap.h"
#include "userctl.h"

static const struct bench_col ladder_cols[] = {
	{ "cpu", "cpu", "", "", 0 },
	{ "mode", "mode", "", "", 0 },
	{ "rate_hz", "rate", "Hz", "", 0 },
	{ "result", "result", "", "", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "late_max_ns", "late_max", "ns", "exact", 0 },
	{ "clock_read_ns", "clk_read", "ns", "avg", 1 },
	{ "seconds", "seconds", "s", "", 2 },
};

static const struct bench_col best_cols[] = {
	{ "cpu", "cpu", "", "", 0 },
	{ "mode", "mode", "", "", 0 },
	{ "best_hz", "best", "Hz", "", 0 },
};

static const struct bench_col thr_cols[] = {
	{ "load", "load", "", "", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "pct_gt_50us", ">50us", "%", "exact", 2 },
};

static const struct bench_col noise_cols[] = {
	{ "setup", "setup", "", "", 0 },
	{ "events_per_s", "per_s", "1/s", "exact", 1 },
	{ "seconds", "seconds", "s", "", 1 },
};

static const struct bench_col wait_cols[] = {
	{ "hybrid_hrtimer_p99", "h/h", "", "<=0.79%", 3 },
	{ "hybrid_poll_cpu", "h/p", "", "exact", 3 },
};

static const struct bench_col sec_cols[] = {
	{ "study_method", "M", "", "", 0 },
	{ "section", "method", "", "", 0 },
	{ "mmio", "mmio", "", "", 0 },
	{ "over_thr10_per10k", ">t10", "/10k", "exact", 1 },
	{ "tscale", "scale", "", "", 0 },
};

static const struct bench_col cmp_rows[] = {
	{ "who", "who", "", "", 0 },
};

static const struct bench_col cmp_ratios[] = {
	{ "mode", "mode", "", "", 0 },
	{ "thread_vs_timerlat", "thr/timerlat", "", "p99", 3 },
	{ "thread_vs_cyclictest", "thr/cyclictest", "", "p99", 3 },
};

static struct qualify q;

static struct bench_result *done(enum qsec s)
{
	struct qsec_run *r = &q.sec[s];

	r->enabled = true;
	r->state = QR_DONE;
	r->have_result = true;
	r->planned_s = 10;
	r->took_s = 9.5;
	r->units = 2;
	r->unit_s = 4.5;
	r->r.def = bench_find(qsec_defs[s].bench);
	r->e = q.env;
	bench_args_init(r->r.def, &r->a);
	return &r->r;
}

static void rung(struct bench_table *t, const char *mode, unsigned int hz,
		 bool pass, unsigned long long late)
{
	unsigned int row = bench_row_add(t);

	bench_set_u(t, row, "cpu", 1);
	bench_set_text(t, row, "mode", "%s", mode);
	bench_set_u(t, row, "rate_hz", hz);
	bench_set_text(t, row, "result", "%s", pass ? "pass" : "fail");
	bench_set_u(t, row, "cycles", hz * 2);
	bench_set_u(t, row, "late_max_ns", late);
	bench_set_d(t, row, "seconds", 2.0);
	if (!strcmp(mode, "poll"))
		bench_set_d(t, row, "clock_read_ns", 25.5);
	if (!pass)
		bench_row_why(t, row, "3 overruns | and a pipe");
}

static void fill(void)
{
	struct bench_table *t;
	struct bench_result *r;
	unsigned int row;

	memset(&q, 0, sizeof(q));
	q.current = QS_NR;
	q.finished = true;
	q.budget_s = 120;
	q.budget_name = "quick";
	for (row = 0; row < QT_NR; row++)
		q.thr[row] = qthr_defs[row].def;
	snprintf(q.host, sizeof(q.host), "testhost");
	snprintf(q.started, sizeof(q.started), "2026-01-01T00:00:00Z");
	snprintf(q.machine, sizeof(q.machine), "a virtual machine (test)");
	snprintf(q.tools, sizeof(q.tools), "none");
	q.env.ncpus = 1;
	q.env.cpu[0] = 1;
	snprintf(q.env.kernel, sizeof(q.env.kernel), "6.12.0-test");
	snprintf(q.env.arch, sizeof(q.env.arch), "x86_64");
	snprintf(q.env.module_version, sizeof(q.env.module_version), "0.0");
	snprintf(q.env.shielded_from, sizeof(q.env.shielded_from), "isolated");
	q.outdir = NULL;

	q.sec[QS_AUDIT].enabled = true;
	q.sec[QS_AUDIT].state = QR_DONE;
	snprintf(q.audit_cpus, sizeof(q.audit_cpus), "1");
	report_add(&q.audit, V_PASS, "cmdline.isolcpus", NULL, "isolcpus=1");
	report_add(&q.audit, V_WARN, "cmdline.irqaffinity", "add irqaffinity=0",
		   "irqaffinity= is not on the kernel command line");

	r = done(QS_LADDER);
	t = bench_table_add(r, "rows", ladder_cols, ARRAY_SIZE(ladder_cols));
	rung(t, "hrtimer", 1000, true, 40000);
	rung(t, "hrtimer", 2000, false, 90000);
	rung(t, "poll", 1000, true, 30000);
	rung(t, "poll", 2000, true, 31000);
	rung(t, "poll", 5000, false, 70000);
	t = bench_table_add(r, "best", best_cols, ARRAY_SIZE(best_cols));
	row = bench_row_add(t);
	bench_set_u(t, row, "cpu", 1);
	bench_set_text(t, row, "mode", "hrtimer");
	bench_set_u(t, row, "best_hz", 1000);
	row = bench_row_add(t);
	bench_set_u(t, row, "cpu", 1);
	bench_set_text(t, row, "mode", "poll");
	bench_set_u(t, row, "best_hz", 2000);

	r = done(QS_THRESHOLD);
	t = bench_table_add(r, "rows", thr_cols, ARRAY_SIZE(thr_cols));
	row = bench_row_add(t);
	bench_set_text(t, row, "load", "none");
	bench_set_d(t, row, "pct_gt_50us", 0);
	row = bench_row_add(t);
	bench_set_text(t, row, "load", "dummy");
	bench_set_u(t, row, "cycles", 5000);
	bench_set_d(t, row, "pct_gt_50us", 2.5);

	r = done(QS_NOISE);
	t = bench_table_add(r, "rows", noise_cols, ARRAY_SIZE(noise_cols));
	row = bench_row_add(t);
	bench_set_text(t, row, "setup", "cmdline");
	bench_set_d(t, row, "events_per_s", 12.5);
	bench_set_d(t, row, "seconds", 3);
	row = bench_row_add(t);
	bench_set_text(t, row, "setup", "housekeeping (CPU 0)");
	bench_set_d(t, row, "events_per_s", 900);

	/* wait: a ratio that could not be taken */
	r = done(QS_WAIT);
	t = bench_table_add(r, "ratios", wait_cols, ARRAY_SIZE(wait_cols));
	row = bench_row_add(t);
	bench_set_d(t, row, "hybrid_poll_cpu", 0.01);
	bench_row_why(t, row, "a ratio needs both of its modes");

	r = done(QS_SECTION);
	t = bench_table_add(r, "rows", sec_cols, ARRAY_SIZE(sec_cols));
	row = bench_row_add(t);
	bench_set_text(t, row, "study_method", "M1");
	bench_set_text(t, row, "section", "spinlock");
	bench_set_text(t, row, "mmio", "yes");
	bench_row_why(t, row, "no I/O provider 'pcibar' registered");
	row = bench_row_add(t);
	bench_set_text(t, row, "study_method", "-");
	bench_set_text(t, row, "section", "spinlock");
	bench_set_text(t, row, "mmio", "no");
	bench_set_d(t, row, "over_thr10_per10k", 12);
	bench_set_u(t, row, "tscale", 28);

	/* compare: cyclictest there, timerlat not */
	r = done(QS_COMPARE);
	t = bench_table_add(r, "rows", cmp_rows, ARRAY_SIZE(cmp_rows));
	row = bench_row_add(t);
	bench_set_text(t, row, "who", "timerlat");
	bench_row_why(t, row, "the kernel has no timerlat tracer");
	row = bench_row_add(t);
	bench_set_text(t, row, "who", "cyclictest");
	t = bench_table_add(r, "ratios", cmp_ratios, ARRAY_SIZE(cmp_ratios));
	row = bench_row_add(t);
	bench_set_text(t, row, "mode", "hrtimer");
	bench_set_d(t, row, "thread_vs_cyclictest", 0.8);
}

static const struct qcheck *check(const char *id)
{
	unsigned int i;

	for (i = 0; i < q.nchecks; i++)
		if (!strcmp(q.checks[i].id, id))
			return &q.checks[i];
	return NULL;
}

static void expect(const char *id, enum verdict v, double value)
{
	const struct qcheck *c = check(id);

	tap_ok(c && c->verdict == v &&
	       (isnan(value) ? isnan(c->value) : fabs(c->value - value) < 1e-9),
	       "%s: %s, figure %g (%s: %s)", id, verdict_name(v), value,
	       c ? verdict_name(c->verdict) : "no check",
	       c ? c->message : "");
}

static void test_checks(void)
{
	fill();
	qualify_judge(&q);
	expect("audit", V_WARN, 0);
	expect("rate.cpu1", V_PASS, 2000);
	/* the best mode at --rate-hz 1000 that ran every period: poll */
	expect("latency.cpu1", V_PASS, 30);
	expect("kstar", V_WARN, 2.5);
	expect("east", V_PASS, 12.5);
	expect("hpt.p99", V_SKIP, NAN);
	expect("hpt.cpu", V_PASS, 0.01);
	expect("m1m5", V_PASS, 12);
	expect("compare.timerlat", V_SKIP, NAN);
	expect("compare.cyclictest", V_PASS, 0.8);
	tap_ok(strstr(check("compare.timerlat")->message, "no timerlat tracer") != NULL,
	       "a SKIP says why: %s", check("compare.timerlat")->message);
	tap_ok(strstr(check("latency.cpu1")->resolution, "25.5 ns") != NULL,
	       "the latency's resolution names the clock's reading time: %s",
	       check("latency.cpu1")->resolution);
	tap_ok(qualify_verdict(&q) == V_WARN, "the verdict: the worst, WARN");

	q.thr[QT_RATE_HZ] = 5000;
	q.thr[QT_MAX_LATENCY_US] = 0;
	qualify_judge(&q);
	expect("rate.cpu1", V_FAIL, 2000);
	/* no mode ran every period at 5 kHz: the smallest worst latency */
	expect("latency.cpu1", V_FAIL, 70);
	tap_ok(qualify_verdict(&q) == V_FAIL && qualify_count(&q, V_FAIL) == 2,
	       "two FAILs: the verdict FAIL");

	q.sec[QS_WAIT].state = QR_SKIPPED;
	snprintf(q.sec[QS_WAIT].why, sizeof(q.sec[0].why), "not asked for");
	qualify_judge(&q);
	tap_ok(check("hpt.p99")->verdict == V_SKIP &&
	       strstr(check("hpt.p99")->message, "not asked for"),
	       "a section not run: its checks SKIP, saying why (%s)",
	       check("hpt.p99")->message);
}

static void test_plan(void)
{
	char buf[512];
	const char *why;
	unsigned int s;
	double sum = 0;

	for (s = 0; s < QS_NR; s++)
		sum += qsec_defs[s].weight_pct;
	tap_ok(fabs(sum - 100) < 1e-9, "the weights add up to 100 %% (%g)",
	       sum);
	for (s = QS_AUDIT + 1; s < QS_NR; s++) {
		const struct bench_def *d = bench_find(qsec_defs[s].bench);
		unsigned int k;

		tap_ok(d != NULL, "section %s: bench %s exists",
		       qsec_defs[s].name, qsec_defs[s].bench);
		tap_ok(qsec_find(qsec_defs[s].name) == (int)s,
		       "section %s: found by name", qsec_defs[s].name);
		/* every column report.md shows is one the bench has */
		for (k = 0; d && qsec_defs[s].keys[k]; k++)
			;
		tap_ok(k > 0, "section %s: %u columns for report.md",
		       qsec_defs[s].name, k);
	}

	/* one CPU, the ladder's 21 rungs: --quick fits, 30 s does not */
	memset(&q, 0, sizeof(q));
	q.env.ncpus = 1;
	q.env.cpu[0] = 1;
	q.provider = "frob";
	bench_args_init(bench_find("ladder"), &q.sec[QS_LADDER].a);
	for (s = 0; s < QS_NR; s++)
		q.sec[s].enabled = s == QS_AUDIT || s == QS_LADDER;
	q.budget_s = 120;
	why = qualify_plan(&q, buf, sizeof(buf));
	tap_ok(!why && q.sec[QS_LADDER].units == 21 &&
	       q.sec[QS_LADDER].unit_s >= 1 &&
	       q.sec[QS_LADDER].planned_s <= 120,
	       "ladder alone, 120 s: 21 rungs of %.1f s, planned %.1f s",
	       q.sec[QS_LADDER].unit_s, q.sec[QS_LADDER].planned_s);
	q.budget_s = 30;
	why = qualify_plan(&q, buf, sizeof(buf));
	tap_ok(why && strstr(why, "too short for ladder") &&
	       strstr(why, "--budget 31 or more"),
	       "ladder alone, 30 s: refused, naming 31 s (%s)", why ? why : "");
	q.budget_s = 31;
	why = qualify_plan(&q, buf, sizeof(buf));
	tap_ok(!why && q.sec[QS_LADDER].unit_s >= 1,
	       "and 31 s does (%.2f s a rung)", q.sec[QS_LADDER].unit_s);
}

static void test_write(const char *dir)
{
	char *path;
	FILE *f;

	fill();
	qualify_judge(&q);
	q.outdir = (char *)dir;
	path = xasprintf("%s/report.md", dir);
	f = fopen(path, "w");
	tap_ok(f != NULL, "%s: opened", path);
	if (f) {
		qualify_write_md(&q, f, NULL, 0);
		fclose(f);
	}
	free(path);
	path = xasprintf("%s/report.json", dir);
	f = fopen(path, "w");
	tap_ok(f != NULL, "%s: opened", path);
	if (f) {
		qualify_write_json(&q, f);
		fclose(f);
	}
	free(path);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_qualify DIR\n");
		return 2;
	}
	test_plan();
	test_checks();
	test_write(argv[1]);
	return tap_done();
}
