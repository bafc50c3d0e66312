// SPDX-License-Identifier: GPL-2.0
/*
 * fpu-cost: what the per-cycle FPU section costs.  The same hrtimer loop
 * three ways: no chain (no FPU section at all), an empty FPU section every
 * cycle (FPU_EMPTY), and the demo chain (algorithms/chains/
 * demo-motor.chain).  "section" is the loop's chain_ns: the cycles with
 * an FPU section, timed by the cycle's own clock readings from its
 * section's start (the wake-up with section=none) to the end of its work
 * (the FPU section takes none of its own); "compute" the cycle's whole
 * work.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "ctl.h"
#include "userctl.h"

enum {
	F_PERIOD_US,
	F_CASES,
	F_PRIO,
	F_NR
};

static const char *const fpu_cases[] = { "none", "empty", "demo", NULL };

static const struct bench_param fpu_params[] = {
	[F_PERIOD_US] = { "period_us", BP_UINT, "us", 1000,
		BENCH_PERIOD_MIN_US, BENCH_PERIOD_MAX_US, NULL, NULL,
		"the loop's period" },
	[F_CASES] = { "cases", BP_WORDS, "", 0, 0, 0, "none,empty,demo",
		fpu_cases, "no chain, an empty FPU section, the demo chain" },
	[F_PRIO] = { "prio", BP_UINT, "", 95, 1, 99, NULL, NULL,
		"SCHED_FIFO priority of the loop" },
};

static const struct bench_col fpu_cols[] = {
	{ "case", "case", "", "", 0 },
	{ "section_min_ns", "sect_min", "ns", "exact", 0 },
	{ "section_avg_ns", "sect_avg", "ns", "exact", 0 },
	{ "section_max_ns", "sect_max", "ns", "exact", 0 },
	{ "sections", "sections", "", "exact", 0 },
	{ "compute_avg_ns", "comp_avg", "ns", "exact", 0 },
	{ "compute_max_ns", "comp_max", "ns", "exact", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "ratio_to_empty", "/empty", "", "exact", 3 },
};

static int fpu_run(const struct bench_def *d, const struct bench_args *a,
		   const struct bench_env *e, struct bench_result *r)
{
	const char *loop = BENCH_LOOP_PREFIX "fpu";
	unsigned long long period = a->u[F_PERIOD_US];
	double empty_avg = 0;
	struct bench_table *t;
	struct shieldrt_stats_req st;
	struct bench_undo *u;
	unsigned int i, row;
	const char *c;

	bench_info_u(r, "cpu", "", e->cpu[0]);
	bench_info_u(r, "period_us", "us", period);
	bench_info_d(r, "seconds_per_case", "s", a->duration_s);
	t = bench_table_add(r, "rows", fpu_cols, ARRAY_SIZE(fpu_cols));
	for (i = 0; i < a->nw[F_CASES]; i++) {
		c = bench_word(d, a, F_CASES, i);
		u = bench_loop_create(loop, "cpu=%d period_us=%llu mode=hrtimer prio=%llu",
				      e->cpu[0], period, a->u[F_PRIO]);
		if (!strcmp(c, "empty"))
			ctl_fpu_empty(loop, true);
		else if (!strcmp(c, "demo"))
			bench_loop_chain(loop, "demo-motor", period);
		bench_loop_run(loop, a->duration_s, NULL, 0);
		ctl_stats(loop, &st);
		bench_undo_now(u);

		row = bench_row_add(t);
		bench_set_text(t, row, "case", "%s", c);
		bench_set_u(t, row, "sections", st.chain_sections);
		bench_set_u(t, row, "cycles", st.cycles);
		bench_set_u(t, row, "compute_avg_ns",
			    st.metric[SHIELDRT_M_COMPUTE].avg);
		bench_set_u(t, row, "compute_max_ns",
			    st.metric[SHIELDRT_M_COMPUTE].max);
		if (!strcmp(c, "none")) {
			if (st.chain_sections)
				bench_warn(r, "no chain, yet %llu FPU sections counted",
					   (unsigned long long)st.chain_sections);
			bench_row_why(t, row, "no chain: no FPU section to time");
			continue;
		}
		if (st.chain_sections < st.cycles)
			bench_warn(r, "%s: %llu sections for %llu cycles", c,
				   (unsigned long long)st.chain_sections,
				   (unsigned long long)st.cycles);
		bench_set_u(t, row, "section_min_ns", st.chain_ns_min);
		bench_set_u(t, row, "section_avg_ns", st.chain_ns_avg);
		bench_set_u(t, row, "section_max_ns", st.chain_ns_max);
		if (!strcmp(c, "empty"))
			empty_avg = st.chain_ns_avg;
		if (empty_avg > 0)
			bench_set_d(t, row, "ratio_to_empty",
				    st.chain_ns_avg / empty_avg);
	}
	bench_note(r, "section: the cycles with an FPU section, from the cycle's section start (its wake-up with section=none) to the end of its work, per cycle (the loop's chain_ns: exact min, avg, max); compute: the cycle's whole work (inputs, section, outputs)");
	bench_note(r, "/empty: section avg over the empty section's");
	return 0;
}

static const char *fpu_check(const struct bench_def *d,
			     const struct bench_args *a,
			     const struct bench_env *e, char *buf, size_t len)
{
	(void)d;
	(void)e;
	return bench_check_cycles(a, a->duration_s, a->u[F_PERIOD_US], 100,
				  "case", buf, len);
}

const struct bench_def bench_fpu_cost = {
	.name = "fpu-cost",
	.title = "the cost of a cycle's FPU section: none, empty, demo chain",
	.help =
	"The same hrtimer loop three ways, one after the other: no chain (no\n"
	"FPU section), an empty FPU section every cycle, and the demo chain\n"
	"(demo-motor.chain).  Per case the section's time (min, avg, max) and\n"
	"the cycle's compute time; under an emulator only the ratios mean\n"
	"something.",
	.params = fpu_params,
	.nparams = F_NR,
	.def_duration_s = 5,
	.duration_is = "seconds a case",
	.max_cpus = 1,
	.check = fpu_check,
	.run = fpu_run,
};
