// SPDX-License-Identifier: GPL-2.0
/*
 * threshold: KSTAR's testrtmode.  A loop runs N cycles, with and without
 * a dummy load on a housekeeping CPU, and the share of its cycles that
 * started later than 1, 10, 20 and 50 us is counted, every cycle's
 * lateness exact from the telemetry ring; periods the loop dropped
 * count as late at every threshold.  On a machine whose latencies are
 * far above microseconds (an emulator) the same shares are also taken
 * at thresholds --tscale times larger.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "ctl.h"
#include "userctl.h"

enum {
	T_PERIOD_US,
	T_MODES,
	T_CYCLES,
	T_LOADS,
	T_TSCALE,
	T_PRIO,
	T_NR
};

static const char *const thr_modes[] = { "poll", "hybrid", "hrtimer", NULL };
static const char *const thr_loads[] = { "none", "dummy", NULL };

static const struct bench_param thr_params[] = {
	[T_PERIOD_US] = { "period_us", BP_UINT, "us", 1000,
		BENCH_PERIOD_MIN_US, BENCH_PERIOD_MAX_US, NULL, NULL,
		"the loop's period" },
	[T_MODES] = { "modes", BP_WORDS, "", 0, 0, 0, "poll", thr_modes,
		"wait modes, a row each" },
	[T_CYCLES] = { "cycles", BP_UINTS, "", 0, 100, 1000000000,
		"5000,20000", NULL,
		"cycles a row (KSTAR: 5000 and 20000); --duration replaces them" },
	[T_LOADS] = { "loads", BP_WORDS, "", 0, 0, 0, "none,dummy", thr_loads,
		"without, and with a busy loop and a copy loop on a housekeeping CPU" },
	[T_TSCALE] = { "tscale", BP_UINT, "", 50, 1, 1000000, NULL, NULL,
		"the thresholds again, this many times larger" },
	[T_PRIO] = { "prio", BP_UINT, "", 95, 1, 99, NULL, NULL,
		"SCHED_FIFO priority of the loop" },
};

/* KSTAR's thresholds, us. */
static const unsigned int thr_us[] = { 1, 10, 20, 50 };
#define NTHR	ARRAY_SIZE(thr_us)

static const struct bench_col thr_cols[] = {
	{ "mode", "mode", "", "", 0 },
	{ "load", "load", "", "", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "missed", "missed", "", "exact", 0 },
	{ "p99_us", "p99", "us", "<=0.79%", 3 },
	{ "pct_gt_1us", ">1us", "%", "exact", 2 },
	{ "pct_gt_10us", ">10us", "%", "exact", 2 },
	{ "pct_gt_20us", ">20us", "%", "exact", 2 },
	{ "pct_gt_50us", ">50us", "%", "exact", 2 },
	{ "pct_gt_1us_scaled", ">1us*s", "%", "exact", 2 },
	{ "pct_gt_10us_scaled", ">10us*s", "%", "exact", 2 },
	{ "pct_gt_20us_scaled", ">20us*s", "%", "exact", 2 },
	{ "pct_gt_50us_scaled", ">50us*s", "%", "exact", 2 },
	{ "tscale", "s", "", "", 0 },
	{ "period_us", "period", "us", "", 0 },
	{ "records", "records", "", "exact", 0 },
	{ "drops", "drops", "", "exact", 0 },
};

/* Per-cycle counts, from the telemetry records. */
struct thr_count {
	unsigned long long scale;
	unsigned long long over[2][NTHR];	/* [scaled][threshold] */
	unsigned long long missed;
};

static void thr_record(void *arg, const struct shieldrt_tel *t)
{
	struct thr_count *c = arg;
	long long late = (long long)(t->wake_ns - t->deadline_ns);
	unsigned int i;

	c->missed += t->missed;
	for (i = 0; i < NTHR; i++) {
		c->over[0][i] += late > (long long)thr_us[i] * 1000;
		c->over[1][i] += late > (long long)(thr_us[i] * c->scale) * 1000;
	}
}

static const char *const pct_keys[2][NTHR] = {
	{ "pct_gt_1us", "pct_gt_10us", "pct_gt_20us", "pct_gt_50us" },
	{ "pct_gt_1us_scaled", "pct_gt_10us_scaled", "pct_gt_20us_scaled",
	  "pct_gt_50us_scaled" },
};

static void thr_row(const struct bench_args *a, const struct bench_env *e,
		    struct bench_result *r, struct bench_table *t,
		    const char *mode, const char *load,
		    unsigned long long cycles)
{
	const char *loop = BENCH_LOOP_PREFIX "thr";
	unsigned long long period = a->u[T_PERIOD_US], rec, drops, p99, n;
	struct thr_count c = { .scale = a->u[T_TSCALE] };
	struct bench_undo *u, *h1 = NULL, *h2 = NULL;
	struct shieldrt_stats_req st;
	struct bench_tel *tel;
	struct bench_hist h;
	unsigned int row, i, s;
	double limit;
	bool past;

	u = bench_loop_create(loop, "cpu=%d period_us=%llu mode=%s prio=%llu %s",
			      e->cpu[0], period, mode, a->u[T_PRIO],
			      bench_force(e, e->cpu[0]));
	tel = bench_tel_open(loop, thr_record, &c);
	if (!strcmp(load, "dummy")) {
		h1 = bench_hog(bench_house_cpu(e), false);
		h2 = bench_hog(bench_house_cpu(e), true);
	}
	/* until N cycles came, or twice the time they should take */
	limit = 2.0 * cycles * period / 1e6 + 5;
	bench_loop_run(loop, limit, tel, cycles);
	bench_undo_now(h2);
	bench_undo_now(h1);
	bench_tel_counts(tel, &rec, &drops);
	bench_tel_close(tel);
	ctl_stats(loop, &st);
	bench_hist_take(loop, &h);
	bench_undo_now(u);

	row = bench_row_add(t);
	bench_set_text(t, row, "mode", "%s", mode);
	bench_set_text(t, row, "load", "%s", load);
	bench_set_u(t, row, "cycles", st.cycles);
	bench_set_u(t, row, "missed", c.missed);
	bench_set_u(t, row, "records", rec);
	bench_set_u(t, row, "drops", drops);
	bench_set_u(t, row, "tscale", c.scale);
	bench_set_u(t, row, "period_us", period);
	if (!bench_hist_quantile(&h, SHIELDRT_M_LATENESS, 0.99, &p99, &past)) {
		if (past)
			bench_set_q(t, row, "p99_us", p99 / 1000, true);
		else
			bench_set_d(t, row, "p99_us", p99 / 1e3);
	}
	bench_hist_free(&h);
	n = rec + c.missed;
	if (!n) {
		bench_row_why(t, row, "no cycle ran");
		return;
	}
	for (s = 0; s < 2; s++)
		for (i = 0; i < NTHR; i++)
			bench_set_d(t, row, pct_keys[s][i],
				    100.0 * (c.over[s][i] + c.missed) / n);
	if (rec + drops < cycles)
		bench_warn(r, "%s, load %s: %llu of %llu cycles within %.0f s",
			   mode, load, rec + drops, cycles, limit);
	if (drops)
		bench_warn(r, "%s, load %s: %llu telemetry records lost to a full ring: the shares are of the %llu cycles read",
			   mode, load, drops, rec);
}

static int thr_run(const struct bench_def *d, const struct bench_args *a,
		   const struct bench_env *e, struct bench_result *r)
{
	unsigned long long n[BENCH_MAX_WORDS];
	unsigned int nn, m, l, k;
	struct bench_table *t;

	if (a->duration_given) {
		n[0] = (unsigned long long)(a->duration_s * 1e6 /
					    a->u[T_PERIOD_US]);
		nn = 1;
	} else {
		nn = a->nw[T_CYCLES];
		memcpy(n, a->l[T_CYCLES], nn * sizeof(n[0]));
	}
	bench_info_u(r, "cpu", "", e->cpu[0]);
	bench_info_u(r, "period_us", "us", a->u[T_PERIOD_US]);
	bench_info_u(r, "tscale", "", a->u[T_TSCALE]);
	if (bench_has_word(d, a, T_LOADS, "dummy"))
		bench_info_u(r, "dummy_load_cpu", "", bench_house_cpu(e));
	t = bench_table_add(r, "rows", thr_cols, ARRAY_SIZE(thr_cols));
	for (m = 0; m < a->nw[T_MODES]; m++)
		for (l = 0; l < a->nw[T_LOADS]; l++)
			for (k = 0; k < nn; k++)
				thr_row(a, e, r, t, bench_word(d, a, T_MODES, m),
					bench_word(d, a, T_LOADS, l), n[k]);
	bench_note(r, ">T: the share of cycles that started more than T after their deadline (work start - deadline, every cycle from the telemetry ring, exact), periods the loop dropped counted as late at every T; >T*s: the same at T times the tscale s");
	bench_note(r, "p99: lateness p99, the largest value of its histogram bucket (within 0.79 %%); dummy load: a busy loop and a /dev/zero copy on a housekeeping CPU");
	return 0;
}

static const char *thr_check(const struct bench_def *d,
			     const struct bench_args *a,
			     const struct bench_env *e, char *buf, size_t len)
{
	(void)d;
	(void)e;
	if (a->duration_given)
		return bench_check_cycles(a, a->duration_s, a->u[T_PERIOD_US],
					  100, "row", buf, len);
	return NULL;
}

const struct bench_def bench_threshold = {
	.name = "threshold",
	.title = "KSTAR testrtmode: late-cycle shares at 1/10/20/50 us, with and without a dummy load",
	.help =
	"A loop runs --cycles cycles (each count a row), without and with a\n"
	"dummy load (a busy loop and a copy loop on a housekeeping CPU), and\n"
	"the share of cycles whose work started more than 1, 10, 20 and 50 us\n"
	"after the deadline is counted from every cycle's telemetry record\n"
	"(exact), dropped periods counted as late; and again at thresholds\n"
	"--tscale times larger, for machines (emulators) whose latencies are\n"
	"far above microseconds.",
	.params = thr_params,
	.nparams = T_NR,
	.def_duration_s = 0,
	.duration_is = "if given: one count a row, of this many seconds' cycles, instead of --cycles",
	.max_cpus = 1,
	.check = thr_check,
	.run = thr_run,
};
