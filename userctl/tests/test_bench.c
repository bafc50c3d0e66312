// SPDX-License-Identifier: GPL-2.0
/*
 * The bench framework's pure parts: every bench's parameter rows (their
 * defaults parse, each option's bounds hold), a value set or refused
 * whole, histogram quantiles and counts over the UAPI's bucket layout,
 * merges of runs, the reference tools' quantiles, the built-in chains'
 * signal names, and the result table's typed cells.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "tap.h"
#include "userctl.h"

static void test_params(void)
{
	const struct bench_def *d;
	struct bench_args a;
	unsigned int i, k;
	char err[256];

	for (i = 0; (d = bench_nth(i)); i++) {
		bench_args_init(d, &a);	/* exits on a default that fails */
		tap_ok(d->nparams <= BENCH_MAX_PARAMS && d->max_cpus >= 1 &&
		       d->run && d->title && d->help && d->duration_is,
		       "%s: a complete definition", d->name);
		tap_ok(bench_find(d->name) == d, "%s: found by name", d->name);
		for (k = 0; k < d->nparams; k++) {
			const struct bench_param *p = &d->params[k];
			char v[32];

			if (p->type != BP_UINT)
				continue;
			snprintf(v, sizeof(v), "%llu", p->max + 1);
			tap_ok(p->max == ~0ULL ||
			       bench_args_set(d, &a, p->name, v, err,
					      sizeof(err)),
			       "%s --%s %s: refused (%s)", d->name, p->name, v,
			       err);
		}
	}
	tap_ok(!bench_find("frob"), "no bench 'frob'");

	d = bench_find("wait");
	bench_args_init(d, &a);
	tap_ok(!bench_args_set(d, &a, "modes", "poll,hybrid", err, sizeof(err)) &&
	       a.nw[bench_param_index(d, "modes")] == 2 &&
	       !strcmp(bench_word(d, &a, bench_param_index(d, "modes"), 1),
		       "hybrid"), "wait --modes poll,hybrid: in that order");
	tap_ok(bench_args_set(d, &a, "modes", "poll,frob", err, sizeof(err)) &&
	       a.nw[bench_param_index(d, "modes")] == 2,
	       "a refused list changes nothing (%s)", err);
	tap_ok(bench_args_set(d, &a, "period_us", "9", err, sizeof(err)) &&
	       strstr(err, "from 10 to 1000000"),
	       "a period below a loop's: refused with its range (%s)", err);
	tap_ok(bench_args_set(d, &a, "period_us", "-1", err, sizeof(err)) &&
	       bench_args_set(d, &a, "period_us", " 5", err, sizeof(err)) &&
	       bench_args_set(d, &a, "period_us", "0x10", err, sizeof(err)),
	       "signs, blanks and hex are refused");
	tap_ok(bench_args_set(d, &a, "duration", "nan", err, sizeof(err)) &&
	       bench_args_set(d, &a, "duration", "0", err, sizeof(err)) &&
	       !bench_args_set(d, &a, "duration", "2.5", err, sizeof(err)) &&
	       a.duration_s == 2.5 && a.duration_given,
	       "--duration: seconds above 0, fractions allowed");
	tap_ok(bench_args_set(d, &a, "frob", "1", err, sizeof(err)),
	       "an unknown parameter: refused (%s)", err);
	d = bench_find("threshold");
	bench_args_init(d, &a);
	i = bench_param_index(d, "cycles");
	tap_ok(a.nw[i] == 2 && a.l[i][0] == 5000 && a.l[i][1] == 20000,
	       "threshold: KSTAR's 5000 and 20000 cycles by default");
	tap_ok(bench_args_set(d, &a, "cycles", "100,,200", err, sizeof(err)) &&
	       bench_args_set(d, &a, "cycles", "99", err, sizeof(err)),
	       "a list with a hole, or a count below the minimum: refused");
	d = bench_find("interference");
	bench_args_init(d, &a);
	i = bench_param_index(d, "kinds");
	tap_ok(a.nw[i] == 15, "interference: no storm and the study's 14 kinds");
	i = bench_param_index(d, "mmio_provider");
	tap_ok(!strcmp(a.s[i], "pcibar") &&
	       bench_args_set(d, &a, "mmio_provider", "a/b", err, sizeof(err)) &&
	       bench_args_set(d, &a, "mmio_provider", "", err, sizeof(err)) &&
	       bench_args_set(d, &a, "mmio_provider", "abcdefghijklmnop", err,
			      sizeof(err)) &&
	       !bench_args_set(d, &a, "mmio_provider", "my_daq-1", err,
			       sizeof(err)),
	       "a provider name: the module's characters, 1..15");
}

/* A histogram of one metric: @n values (ns), unit 1 ns, 7 sub-bits. */
static void hist_of(struct bench_hist *h, const unsigned long long *v,
		    unsigned int n)
{
	unsigned int i, b;

	memset(h, 0, sizeof(*h));
	h->nr_metrics = 1;
	h->nr_buckets = 2048;
	h->sub_bits = 7;
	h->unit_ns = 1;
	h->range_ns = shieldrt_hist_bucket_lo(h->nr_buckets, 7) - 1;
	h->b = calloc(h->nr_buckets, sizeof(*h->b));
	h->runs = 1;
	for (i = 0; i < n; i++) {
		for (b = 0; b + 1 < h->nr_buckets &&
		     shieldrt_hist_bucket_lo(b + 1, 7) <= v[i]; b++)
			;
		if (v[i] > h->range_ns)
			h->m[0].over++;
		else
			h->b[b]++;
		if (!h->m[0].count || v[i] < h->m[0].min)
			h->m[0].min = v[i];
		if (v[i] > h->m[0].max)
			h->m[0].max = v[i];
		h->m[0].avg += v[i];
		h->m[0].count++;
	}
	if (n)
		h->m[0].avg /= n;
}

static void test_hist(void)
{
	unsigned long long v[100], q = 0;
	struct bench_hist a, b, m = { 0 };
	double mean, std;
	unsigned long long n;
	unsigned int i;
	bool past;

	for (i = 0; i < 100; i++)
		v[i] = 100 + i;		/* 100..199: one bucket a value */
	hist_of(&a, v, 100);
	tap_ok(!bench_hist_quantile(&a, 0, 0.99, &q, &past) && q == 198 &&
	       !past, "p99 of 100..199: 198 (got %llu)", q);
	tap_ok(!bench_hist_quantile(&a, 0, 1.0, &q, &past) && q == 199,
	       "p100: the max");
	tap_ok(bench_hist_count_from(&a, 0, 150) == 50,
	       "values from 150: 50");
	tap_ok(bench_hist_width(&a, 100) == 1 && bench_hist_width(&a, 1000) == 4,
	       "bucket width: 1 ns below 256, 1/128 of the edge above");
	v[0] = 1000;
	v[1] = 1003;
	hist_of(&b, v, 2);
	tap_ok(!bench_hist_quantile(&b, 0, 0.5, &q, &past) && q == 1003,
	       "a bucket's largest value, capped at the max (got %llu)", q);
	bench_hist_merge(&m, &a);
	bench_hist_merge(&m, &b);
	tap_ok(m.m[0].count == 102 && m.m[0].max == 1003 && m.m[0].min == 100 &&
	       m.runs == 2, "merge: counts, min, max of both runs");
	bench_hist_moments(&m, 0, &mean, &std, &n);
	tap_ok(n == 102 && mean > 165 && mean < 168,
	       "merge: the mean of both runs (%.1f)", mean);
	tap_ok(!bench_hist_quantile(&m, 0, 0.99, &q, &past) && q == 1003,
	       "merge: p99 over both runs' buckets (got %llu)", q);
	v[0] = ~0ULL >> 1;
	hist_of(&b, v, 1);
	tap_ok(!bench_hist_quantile(&b, 0, 0.99, &q, &past) && past &&
	       q == b.range_ns, "a rank past the range: only a bound");
	memset(&b.m[0], 0, sizeof(b.m[0]));
	tap_ok(bench_hist_quantile(&b, 0, 0.99, &q, &past) == -1,
	       "no samples: no quantile");
	bench_hist_free(&a);
	bench_hist_free(&b);
	bench_hist_free(&m);
}

static void test_refs(void)
{
	struct bench_ref r = { 0 };
	unsigned long long q = 0;
	bool past;

	r.us = calloc(40000, sizeof(*r.us));
	r.us[7] = 98;
	r.us[9] = 2;
	r.count = 100;
	r.max_ns = 9400;
	tap_ok(!bench_ref_quantile(&r, 0.99, &q, &past) && q == 9400 && !past,
	       "1 us buckets: p99 the bucket's top, capped at the max (%llu)",
	       q);
	r.over = 2;
	r.count = 102;
	tap_ok(!bench_ref_quantile(&r, 0.99, &q, &past) && past,
	       "ranks in the overflow: only a bound");
	bench_ref_free(&r);
}

static void test_chains(void)
{
	tap_ok(bench_chain_text("mctest6") && bench_chain_text("gain4") &&
	       bench_chain_text("demo-motor") && !bench_chain_text("frob"),
	       "the chains the benches load are built in");
	tap_ok(bench_chain_signal("demo-motor-ctl", "target", false) == 0 &&
	       bench_chain_signal("demo-motor-ctl", "pos", false) == 1 &&
	       bench_chain_signal("demo-motor-ctl", "err", true) == 1 &&
	       bench_chain_signal("demo-motor-1node", "pos", true) == 2 &&
	       bench_chain_signal("demo-motor-1node", "pos", false) == -1,
	       "signal names as the chains order their inputs and outputs");
}

/* --plot: a figure per unit, named after the bench and the unit. */
static void test_plot(struct bench_result *r)
{
	char dir[] = "/tmp/bench-plot.XXXXXX", why[256] = "", *p;
	struct stat st;
	int ret;

	if (!mkdtemp(dir)) {
		tap_ok(0, "--plot: a directory to write to");
		return;
	}
	r->def = bench_find("wait");
	ret = bench_plot_result(r, dir, why, sizeof(why));
	tap_ok(!ret, "--plot: the tables drawn (%s)", why);
	p = xasprintf("%s/wait-pct.png", dir);
	tap_ok(!stat(p, &st) && st.st_size > 100, "--plot: %s", p);
	unlink(p);
	free(p);
	p = xasprintf("%s/wait-ns.png", dir);
	tap_ok(stat(p, &st), "--plot: no figure of a unit without a number (a bound is none)");
	free(p);
	rmdir(dir);
}

static void test_table(void)
{
	static const struct bench_col cols[] = {
		{ "mode", "mode", "", "", 0 },
		{ "p99_ns", "p99", "ns", "x", 0 },
		{ "cpu_pct", "cpu", "%", "x", 1 },
	};
	struct bench_result r = { 0 };
	struct bench_table *t = bench_table_add(&r, "rows", cols, 3);
	unsigned int row = bench_row_add(t);
	double d;

	bench_set_text(t, row, "mode", "%s", "poll");
	bench_set_q(t, row, "p99_ns", 4294967295ULL, true);
	bench_set_d(t, row, "cpu_pct", 1.0 / 0.0);
	row = bench_row_add(t);
	bench_set_text(t, row, "mode", "hybrid");
	bench_set_d(t, row, "cpu_pct", 12.5);
	tap_ok(bench_find_row(t, "mode", "hybrid") == 1 &&
	       bench_val_num(bench_get(t, 1, "cpu_pct"), &d) && d == 12.5,
	       "a cell by its row's label and its key");
	tap_ok(bench_get(t, 0, "p99_ns")->kind == BV_ABOVE &&
	       !bench_val_num(bench_get(t, 0, "p99_ns"), &d),
	       "a bound is not a number");
	tap_ok(bench_get(t, 0, "cpu_pct")->kind == BV_NONE,
	       "infinity is no figure");
	tap_ok(!bench_get(t, 0, "frob") && !bench_get(t, 5, "mode"),
	       "no such column or row: NULL");
	test_plot(&r);
	bench_result_free(&r);
}

int main(void)
{
	test_params();
	test_hist();
	test_refs();
	test_chains();
	test_table();
	return tap_done();
}
