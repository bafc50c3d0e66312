// SPDX-License-Identifier: GPL-2.0
/*
 * scaling: 1, then 2, then 3 loops at once, one per shielded CPU, each
 * running the demo chain at the same period.  Per step each loop's
 * lateness p99 and compute average and p99, and the worst of them
 * against the single loop's.  A runtime whose loops share nothing per
 * cycle stays flat.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "ctl.h"
#include "userctl.h"

enum {
	S_PERIOD_US,
	S_MODE,
	S_PRIO,
	S_NR
};

static const char *const sc_modes[] = { "hybrid", "hrtimer", "poll", NULL };

static const struct bench_param sc_params[] = {
	[S_PERIOD_US] = { "period_us", BP_UINT, "us", 1000,
		BENCH_PERIOD_MIN_US, BENCH_PERIOD_MAX_US, NULL, NULL,
		"the loops' period" },
	[S_MODE] = { "mode", BP_WORDS, "", 0, 0, 0, "hybrid", sc_modes,
		"the loops' wait mode (one)" },
	[S_PRIO] = { "prio", BP_UINT, "", 95, 1, 99, NULL, NULL,
		"SCHED_FIFO priority of the loops" },
};

#define SC_MAX	3

static const struct bench_col sc_cols[] = {
	{ "loops", "loops", "", "", 0 },
	{ "loop", "loop", "", "", 0 },
	{ "cpu", "cpu", "", "", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "late_p99_ns", "late_p99", "ns", "<=0.79%", 0 },
	{ "compute_avg_ns", "comp_avg", "ns", "exact", 0 },
	{ "compute_p99_ns", "comp_p99", "ns", "<=0.79%", 0 },
};

static const struct bench_col step_cols[] = {
	{ "loops", "loops", "", "", 0 },
	{ "worst_late_p99_ns", "worst_late_p99", "ns", "<=0.79%", 0 },
	{ "worst_compute_avg_ns", "worst_comp_avg", "ns", "exact", 0 },
	{ "late_ratio", "late/1", "", "<=0.79%", 3 },
	{ "compute_ratio", "comp/1", "", "exact", 3 },
};

static int sc_run(const struct bench_def *d, const struct bench_args *a,
		  const struct bench_env *e, struct bench_result *r)
{
	unsigned long long period = a->u[S_PERIOD_US], v, base_late = 0,
			   base_comp = 0, worst_late, worst_comp;
	const char *mode = bench_word(d, a, S_MODE, 0);
	struct bench_undo *u[SC_MAX];
	struct bench_table *t, *st;
	struct shieldrt_stats_req s;
	char name[SC_MAX][SHIELDRT_NAME_LEN];
	unsigned int n, i, row, srow;
	bool past, late_past;

	bench_info_u(r, "period_us", "us", period);
	bench_info_text(r, "mode", "%s", mode);
	bench_info_d(r, "seconds_per_step", "s", a->duration_s);
	t = bench_table_add(r, "rows", sc_cols, ARRAY_SIZE(sc_cols));
	st = bench_table_add(r, "steps", step_cols, ARRAY_SIZE(step_cols));
	if (e->ncpus < SC_MAX)
		bench_note(r, "only %u CPU%s: scaling stops at %u loop%s",
			   e->ncpus, e->ncpus == 1 ? "" : "s", e->ncpus,
			   e->ncpus == 1 ? "" : "s");
	for (n = 1; n <= e->ncpus && n <= SC_MAX; n++) {
		for (i = 0; i < n; i++) {
			snprintf(name[i], sizeof(name[i]), "%ss%u",
				 BENCH_LOOP_PREFIX, i + 1);
			u[i] = bench_loop_create(name[i],
						 "cpu=%d period_us=%llu mode=%s prio=%llu %s",
						 e->cpu[i], period, mode,
						 a->u[S_PRIO],
						 bench_force(e, e->cpu[i]));
			bench_loop_chain(name[i], "demo-motor", period);
		}
		/* a second's warm-up, then all at once, counted afresh */
		for (i = 0; i < n; i++)
			ctl_start(name[i]);
		bench_sleep(1);
		for (i = 0; i < n; i++) {
			ctl_stop(name[i]);
			ctl_reset(name[i]);
		}
		for (i = 0; i < n; i++)
			ctl_start(name[i]);
		bench_sleep(a->duration_s);
		for (i = 0; i < n; i++)
			ctl_stop(name[i]);
		worst_late = worst_comp = 0;
		late_past = false;
		for (i = 0; i < n; i++) {
			struct bench_hist h;

			ctl_stats(name[i], &s);
			bench_hist_take(name[i], &h);
			row = bench_row_add(t);
			bench_set_u(t, row, "loops", n);
			bench_set_text(t, row, "loop", "s%u", i + 1);
			bench_set_u(t, row, "cpu", e->cpu[i]);
			bench_set_u(t, row, "cycles", s.cycles);
			bench_set_u(t, row, "compute_avg_ns",
				    s.metric[SHIELDRT_M_COMPUTE].avg);
			if (!bench_hist_quantile(&h, SHIELDRT_M_LATENESS, 0.99,
						 &v, &past)) {
				bench_set_q(t, row, "late_p99_ns", v, past);
				late_past |= past;
				if (v > worst_late)
					worst_late = v;
			}
			if (!bench_hist_quantile(&h, SHIELDRT_M_COMPUTE, 0.99,
						 &v, &past))
				bench_set_q(t, row, "compute_p99_ns", v, past);
			if (s.metric[SHIELDRT_M_COMPUTE].avg > worst_comp)
				worst_comp = s.metric[SHIELDRT_M_COMPUTE].avg;
			bench_hist_free(&h);
		}
		for (i = n; i--; )
			bench_undo_now(u[i]);
		if (n == 1) {
			base_late = worst_late;
			base_comp = worst_comp;
		}
		srow = bench_row_add(st);
		bench_set_u(st, srow, "loops", n);
		bench_set_q(st, srow, "worst_late_p99_ns", worst_late, late_past);
		bench_set_u(st, srow, "worst_compute_avg_ns", worst_comp);
		if (base_late && !late_past)
			bench_set_d(st, srow, "late_ratio",
				    (double)worst_late / base_late);
		if (base_comp)
			bench_set_d(st, srow, "compute_ratio",
				    (double)worst_comp / base_comp);
	}
	bench_note(r, "late: deadline to the work's start, p99 the largest value of its histogram bucket (within 0.79 %%); compute: inputs + chain (demo-motor.chain) + outputs, avg exact");
	bench_note(r, "steps: the worst loop of each step against the single loop (goal: 0.90..1.10); under an emulator the vCPUs share the host's cores, so rising rows are the emulator's share as much as the runtime's");
	return 0;
}

static const char *sc_check(const struct bench_def *d,
			    const struct bench_args *a,
			    const struct bench_env *e, char *buf, size_t len)
{
	(void)e;
	if (a->nw[S_MODE] != 1) {
		snprintf(buf, len, "--mode: one wait mode, not %u", a->nw[S_MODE]);
		return buf;
	}
	(void)d;
	return bench_check_cycles(a, a->duration_s, a->u[S_PERIOD_US], 100,
				  "step", buf, len);
}

const struct bench_def bench_scaling = {
	.name = "scaling",
	.title = "1, 2, 3 loops at once on shielded CPUs: per-loop lateness and compute against 1 loop",
	.help =
	"One loop, then two, then three at once, one per CPU (the first three\n"
	"shielded CPUs, or --cpus), each running demo-motor.chain at the same\n"
	"period.  Per step and loop: lateness p99, compute avg and p99; per\n"
	"step the worst loop's figures over the single loop's.  Fewer CPUs:\n"
	"fewer steps, and a note says so.",
	.params = sc_params,
	.nparams = S_NR,
	.def_duration_s = 5,
	.duration_is = "seconds a step, after a 1 s warm-up",
	.max_cpus = SC_MAX,
	.check = sc_check,
	.run = sc_run,
};
