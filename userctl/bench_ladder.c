// SPDX-License-Identifier: GPL-2.0
/*
 * ladder: how fast a loop can run here.  Per CPU and wait mode the loop
 * climbs a ladder of rates (1, 2, 5, ... 100 kHz by default), each rung a
 * run of --duration seconds after an unmeasured warm-up; a rung passes
 * when the loop ran every period with no overrun and no missed period.
 * The answer per CPU and mode is the highest rung that passed below the
 * first that did not (rungs above a failure are not run, unless
 * --always-hz names one), with the worst wake-up latency there (the
 * deadline to the start of the work, exact) and its p99 (a histogram
 * bucket, its width given).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "ctl.h"
#include "userctl.h"

enum {
	L_RATES,
	L_MODES,
	L_ALWAYS_HZ,
	L_WARMUP_MS,
	L_WORKLOAD_NS,
	L_STOP,
	L_PRIO,
	L_NR
};

/* The fastest rate a loop can have: its shortest period. */
#define LADDER_MAX_HZ	(1000000 / BENCH_PERIOD_MIN_US)
/* A rung's run: at least a second and this many cycles. */
#define LADDER_MIN_CYCLES	500

static const char *const ladder_modes[] = { "hrtimer", "poll", "hybrid",
					    NULL };

static const struct bench_param ladder_params[] = {
	[L_RATES] = { "rates", BP_UINTS, "Hz", 0, 1, LADDER_MAX_HZ,
		"1000,2000,5000,10000,20000,50000,100000", NULL,
		"the rungs, each a rate whose period is a whole number of us" },
	[L_MODES] = { "modes", BP_WORDS, "", 0, 0, 0, "hrtimer,poll,hybrid",
		ladder_modes, "wait modes, a climb each" },
	[L_ALWAYS_HZ] = { "always_hz", BP_UINT, "Hz", 0, 0, LADDER_MAX_HZ,
		NULL, NULL,
		"a rung run even above a failed one (a rate a check needs; 0: none)" },
	[L_WARMUP_MS] = { "warmup_ms", BP_UINT, "ms", 200, 0, 60000, NULL,
		NULL, "unmeasured start of each rung (hybrid learns its slack)" },
	[L_WORKLOAD_NS] = { "workload_ns", BP_UINT, "ns", 0, 0, 1000000000,
		NULL, NULL, "the loop's synthetic work per cycle" },
	[L_STOP] = { "stop", BP_FLAG, "", 1, 0, 1, NULL, NULL,
		"1: a mode climbs no further after a failed rung; 0: every rung runs" },
	[L_PRIO] = { "prio", BP_UINT, "", 95, 1, 99, NULL, NULL,
		"SCHED_FIFO priority of the loop" },
};

static const struct bench_col ladder_cols[] = {
	{ "cpu", "cpu", "", "", 0 },
	{ "mode", "mode", "", "", 0 },
	{ "rate_hz", "rate", "Hz", "", 0 },
	{ "period_us", "period", "us", "", 0 },
	{ "result", "result", "", "", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "missed", "missed", "", "exact", 0 },
	{ "overruns", "overruns", "", "exact", 0 },
	{ "late_max_ns", "late_max", "ns", "exact", 0 },
	{ "late_p99_ns", "late_p99", "ns", "bucket", 0 },
	{ "late_p99_width_ns", "p99_width", "ns", "", 0 },
	{ "thread_max_ns", "thr_max", "ns", "exact", 0 },
	{ "irq_max_ns", "irq_max", "ns", "exact", 0 },
	{ "clock_read_ns", "clk_read", "ns", "avg", 1 },
	{ "cpu_pct", "cpu", "%", "exact", 1 },
	{ "seconds", "seconds", "s", "", 2 },
};

static const struct bench_col best_cols[] = {
	{ "cpu", "cpu", "", "", 0 },
	{ "mode", "mode", "", "", 0 },
	{ "best_hz", "best", "Hz", "", 0 },
	{ "late_max_ns", "late_max", "ns", "exact", 0 },
	{ "late_p99_ns", "late_p99", "ns", "bucket", 0 },
	{ "late_p99_width_ns", "p99_width", "ns", "", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "first_fail_hz", "failed_at", "Hz", "", 0 },
	{ "rungs_run", "rungs", "", "", 0 },
};

/* The rates in ascending order, once each. */
static unsigned int ladder_rates(const struct bench_args *a,
				 unsigned long long *r)
{
	unsigned int n = 0, i, k;

	for (i = 0; i < a->nw[L_RATES]; i++) {
		unsigned long long v = a->l[L_RATES][i];

		for (k = n; k > 0 && r[k - 1] > v; k--)
			r[k] = r[k - 1];
		if (k > 0 && r[k - 1] == v) {
			memmove(&r[k], &r[k + 1], (n - k) * sizeof(*r));
			continue;
		}
		r[k] = v;
		n++;
	}
	return n;
}

struct rung {
	bool pass, past;	/* past: p99 only a bound */
	unsigned long long cycles, late_max, p99, width;
};

/* One rung: a fresh loop, warm-up, reset, the measured run, its row. */
static struct rung ladder_rung(const struct bench_args *a,
			       const struct bench_env *e,
			       struct bench_table *t, int cpu,
			       const char *mode, unsigned long long hz)
{
	const char *loop = BENCH_LOOP_PREFIX "ladder";
	unsigned long long period = 1000000 / hz, busy;
	struct shieldrt_stats_req st;
	struct rung g = { 0 };
	struct bench_undo *u;
	struct bench_hist h;
	unsigned int row;
	double t0, took;

	u = bench_loop_create(loop, "cpu=%d period_us=%llu mode=%s prio=%llu workload_ns=%llu %s",
			      cpu, period, mode, a->u[L_PRIO],
			      a->u[L_WORKLOAD_NS], bench_force(e, cpu));
	ctl_start(loop);
	bench_sleep(a->u[L_WARMUP_MS] / 1e3);
	/* the loop zeroes its figures at its next cycle boundary */
	ctl_reset(loop);
	t0 = bench_now();
	bench_sleep(a->duration_s);
	ctl_stop(loop);
	took = bench_now() - t0;
	ctl_stats(loop, &st);
	bench_hist_take(loop, &h);
	bench_undo_now(u);

	row = bench_row_add(t);
	bench_set_u(t, row, "cpu", cpu);
	bench_set_text(t, row, "mode", "%s", mode);
	bench_set_u(t, row, "rate_hz", hz);
	bench_set_u(t, row, "period_us", period);
	bench_set_d(t, row, "seconds", took);
	bench_set_u(t, row, "cycles", st.cycles);
	bench_set_u(t, row, "missed", st.missed);
	bench_set_u(t, row, "overruns", st.overruns);
	g.cycles = st.cycles;
	g.pass = st.cycles && !st.missed && !st.overruns;
	bench_set_text(t, row, "result", "%s", g.pass ? "pass" : "fail");
	if (st.duration_ns) {
		busy = st.sleep_ns < st.duration_ns ?
		       st.duration_ns - st.sleep_ns : 0;
		bench_set_d(t, row, "cpu_pct", 100.0 * busy / st.duration_ns);
	}
	if (st.spin_reads)
		bench_set_d(t, row, "clock_read_ns",
			    (double)st.spin_ns / st.spin_reads);
	if (!h.m[SHIELDRT_M_LATENESS].count) {
		bench_row_why(t, row, "no cycle ran");
		bench_hist_free(&h);
		return g;
	}
	g.late_max = h.m[SHIELDRT_M_LATENESS].max;
	bench_set_u(t, row, "late_max_ns", g.late_max);
	bench_set_u(t, row, "thread_max_ns", h.m[SHIELDRT_M_THREAD].max);
	if (h.m[SHIELDRT_M_IRQ].count)
		bench_set_u(t, row, "irq_max_ns", h.m[SHIELDRT_M_IRQ].max);
	if (!bench_hist_quantile(&h, SHIELDRT_M_LATENESS, 0.99, &g.p99,
				 &g.past)) {
		bench_set_q(t, row, "late_p99_ns", g.p99, g.past);
		g.width = g.past ? 0 : bench_hist_width(&h, g.p99);
		if (!g.past)
			bench_set_u(t, row, "late_p99_width_ns", g.width);
	}
	if (!g.pass)
		bench_row_why(t, row, "%llu overruns and %llu missed periods in %llu cycles",
			      (unsigned long long)st.overruns,
			      (unsigned long long)st.missed,
			      (unsigned long long)st.cycles);
	bench_hist_free(&h);
	return g;
}

/* A rung not run: its row says why. */
static void ladder_skip(struct bench_table *t, int cpu, const char *mode,
			unsigned long long hz, const char *fmt,
			unsigned long long arg)
{
	unsigned int row = bench_row_add(t);

	bench_set_u(t, row, "cpu", cpu);
	bench_set_text(t, row, "mode", "%s", mode);
	bench_set_u(t, row, "rate_hz", hz);
	bench_set_u(t, row, "period_us", 1000000 / hz);
	bench_set_text(t, row, "result", "not run");
	bench_row_why(t, row, fmt, arg);
}

static void ladder_climb(const struct bench_args *a,
			 const struct bench_env *e, struct bench_table *t,
			 struct bench_table *bt, int cpu, const char *mode,
			 const unsigned long long *rates, unsigned int n)
{
	unsigned long long fail = 0, best_hz = 0, hz;
	struct rung g, best = { 0 };
	unsigned int i, run = 0, row;

	for (i = 0; i < n; i++) {
		hz = rates[i];
		if (a->u[L_WORKLOAD_NS] >= 1000ULL * (1000000 / hz)) {
			ladder_skip(t, cpu, mode, hz,
				    "the workload (%llu ns) does not fit the period",
				    a->u[L_WORKLOAD_NS]);
			continue;
		}
		if (fail && a->u[L_STOP] && hz != a->u[L_ALWAYS_HZ]) {
			ladder_skip(t, cpu, mode, hz,
				    "a lower rung (%llu Hz) failed", fail);
			continue;
		}
		g = ladder_rung(a, e, t, cpu, mode, hz);
		run++;
		if (!g.pass && !fail)
			fail = hz;
		else if (g.pass && !fail) {
			best = g;
			best_hz = hz;
		}
	}
	row = bench_row_add(bt);
	bench_set_u(bt, row, "cpu", cpu);
	bench_set_text(bt, row, "mode", "%s", mode);
	bench_set_u(bt, row, "rungs_run", run);
	if (fail)
		bench_set_u(bt, row, "first_fail_hz", fail);
	if (!best_hz) {
		bench_row_why(bt, row, "%s", fail ?
			      "the lowest rung run had overruns or missed periods" :
			      "no rung ran");
		return;
	}
	bench_set_u(bt, row, "best_hz", best_hz);
	bench_set_u(bt, row, "late_max_ns", best.late_max);
	bench_set_q(bt, row, "late_p99_ns", best.p99, best.past);
	if (best.width)
		bench_set_u(bt, row, "late_p99_width_ns", best.width);
	bench_set_u(bt, row, "cycles", best.cycles);
}

static int ladder_run(const struct bench_def *d, const struct bench_args *a,
		      const struct bench_env *e, struct bench_result *r)
{
	unsigned long long rates[BENCH_MAX_WORDS];
	unsigned int n = ladder_rates(a, rates), c, m;
	struct bench_table *t, *bt;
	char list[256] = "";

	for (c = 0; c < n; c++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%s%llu", c ? "," : "", rates[c]);
	bench_info_text(r, "rates_hz", "%s", list);
	bench_info_d(r, "seconds_per_rung", "s", a->duration_s);
	bench_info_u(r, "warmup_ms", "ms", a->u[L_WARMUP_MS]);
	bench_info_u(r, "workload_ns", "ns", a->u[L_WORKLOAD_NS]);
	if (a->u[L_ALWAYS_HZ])
		bench_info_u(r, "always_hz", "Hz", a->u[L_ALWAYS_HZ]);
	t = bench_table_add(r, "rows", ladder_cols, ARRAY_SIZE(ladder_cols));
	bt = bench_table_add(r, "best", best_cols, ARRAY_SIZE(best_cols));
	for (c = 0; c < e->ncpus; c++)
		for (m = 0; m < a->nw[L_MODES]; m++)
			ladder_climb(a, e, t, bt, e->cpu[c],
				     bench_word(d, a, L_MODES, m), rates, n);
	bench_note(r, "a rung passes when the loop ran its whole measured run (after the warm-up) with no overrun and no missed period; best: the highest rung that passed below the first that failed%s",
		   a->u[L_STOP] ? " (rungs above a failure are not run)" : "");
	bench_note(r, "late: the deadline to the start of the cycle's work (wake-up latency); late_max exact, late_p99 the largest value of its histogram bucket, p99_width that bucket's width; thr_max: the deadline to the thread running; irq_max: the timer's expiry to its handler (none for poll)");
	bench_note(r, "clk_read: the average time of one clock reading while spinning (spin time / readings): a polled start is late by less than one; cpu: the share of the run the loop did not sleep");
	return 0;
}

static const char *ladder_check(const struct bench_def *d,
				const struct bench_args *a,
				const struct bench_env *e, char *buf,
				size_t len)
{
	unsigned long long rates[BENCH_MAX_WORDS], hz;
	unsigned int n = ladder_rates(a, rates), i;
	bool always = !a->u[L_ALWAYS_HZ];

	(void)d;
	(void)e;
	for (i = 0; i < n; i++) {
		hz = rates[i];
		if (1000000 % hz) {
			snprintf(buf, len, "--rates: %llu Hz has a period of %.2f us, and a loop's period_us is a whole number of us (%llu Hz or %llu Hz would do)",
				 hz, 1e6 / hz, 1000000 / (1000000 / hz + 1),
				 1000000 / (1000000 / hz));
			return buf;
		}
		always |= hz == a->u[L_ALWAYS_HZ];
	}
	if (!always) {
		snprintf(buf, len, "--always-hz %llu: not one of the --rates",
			 a->u[L_ALWAYS_HZ]);
		return buf;
	}
	if (a->u[L_WORKLOAD_NS] >= 1000ULL * (1000000 / rates[0])) {
		snprintf(buf, len, "--workload-ns %llu: does not fit the period of the lowest rung (%llu us)",
			 a->u[L_WORKLOAD_NS], 1000000 / rates[0]);
		return buf;
	}
	return bench_check_cycles(a, a->duration_s, 1000000 / rates[0],
				  LADDER_MIN_CYCLES, "rung", buf, len);
}

const struct bench_def bench_ladder = {
	.name = "ladder",
	.title = "the highest loop rate with no overrun, per CPU and wait mode",
	.help =
	"On each CPU and in each wait mode a loop climbs the --rates ladder:\n"
	"each rung a fresh loop at that rate, --warmup-ms unmeasured, then\n"
	"--duration seconds measured.  A rung passes when every period ran\n"
	"(no overrun, no missed period).  Per rung: cycles, overruns, missed\n"
	"periods, the wake-up latency's max (exact) and p99 (its bucket and\n"
	"the bucket's width), the clock's reading time and the CPU share;\n"
	"per CPU and mode the highest rung that passed below the first that\n"
	"failed.  Rates are in Hz, at most 100000 (period_us 10), each with a\n"
	"period of whole microseconds.",
	.params = ladder_params,
	.nparams = L_NR,
	.def_duration_s = 5,
	.duration_is = "seconds a rung, measured (after the warm-up)",
	.max_cpus = BENCH_MAX_CPUS,
	.check = ladder_check,
	.run = ladder_run,
};
