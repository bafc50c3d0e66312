// SPDX-License-Identifier: GPL-2.0
/*
 * wait: HighPerTimer's comparison.  The same loop with hrtimer, poll and
 * hybrid waits on one CPU, the modes taking turns in rounds so that a
 * change in the machine's load falls on all of them alike.  Per mode:
 * lateness (deadline to the start of the work) mean, std, p99 and max,
 * the thread latency's p99, and the CPU share: the time the thread did
 * not sleep in its waits over the time it ran.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "ctl.h"
#include "userctl.h"

enum {
	W_PERIOD_US,
	W_MODES,
	W_ROUNDS,
	W_WARMUP,
	W_SLACK_MAX_US,
	W_PRIO,
	W_NR
};

static const char *const wait_modes[] = { "hrtimer", "poll", "hybrid", NULL };

static const struct bench_param wait_params[] = {
	[W_PERIOD_US] = { "period_us", BP_UINT, "us", 20000,
		BENCH_PERIOD_MIN_US, BENCH_PERIOD_MAX_US,
		NULL, NULL, "the loops' period" },
	[W_MODES] = { "modes", BP_WORDS, "", 0, 0, 0, "hrtimer,poll,hybrid",
		wait_modes, "wait modes to compare" },
	[W_ROUNDS] = { "rounds", BP_UINT, "", 5, 1, 1000, NULL, NULL,
		"segments per mode, the modes taking turns" },
	[W_WARMUP] = { "warmup", BP_UINT, "s", 2, 0, 3600, NULL, NULL,
		"seconds each mode runs unmeasured first" },
	[W_SLACK_MAX_US] = { "slack_max_us", BP_UINT, "us", 0, 0, 1000000,
		NULL, NULL, "hybrid's slack ceiling (0: half the period)" },
	[W_PRIO] = { "prio", BP_UINT, "", 95, 1, 99, NULL, NULL,
		"SCHED_FIFO priority of the loops" },
};

static const struct bench_col wait_cols[] = {
	{ "mode", "mode", "", "", 0 },
	{ "late_avg_ns", "late_avg", "ns", "exact", 0 },
	{ "late_std_ns", "late_std", "ns", "exact", 0 },
	{ "late_p99_ns", "late_p99", "ns", "<=0.79%", 0 },
	{ "late_max_ns", "late_max", "ns", "exact", 0 },
	{ "thread_p99_ns", "thr_p99", "ns", "<=0.79%", 0 },
	{ "cpu_pct", "cpu", "%", "exact", 1 },
	{ "task_cpu_pct_last", "task_cpu", "%", "exact", 1 },
	{ "slack_ns", "slack", "ns", "exact", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "rcu_yields", "rcu_y", "", "exact", 0 },
	{ "yields_forced", "forced", "", "exact", 0 },
	{ "period_us", "period", "us", "", 0 },
	{ "rounds", "rounds", "", "", 0 },
};

static const struct bench_col ratio_cols[] = {
	{ "hybrid_hrtimer_p99", "hybrid/hrtimer_p99", "", "<=0.79%", 3 },
	{ "hybrid_poll_cpu", "hybrid/poll_cpu", "", "exact", 3 },
};

struct wait_mode {
	const char *mode;
	char loop[SHIELDRT_NAME_LEN];
	struct bench_hist h;
	unsigned long long wall, busy, cycles, rcu, forced;
	struct shieldrt_stats_req last;
	double p99, cpu;
	bool have_p99;
};

static void wait_segment(struct wait_mode *m, double s)
{
	struct shieldrt_stats_req *st = &m->last;
	struct bench_hist h;
	unsigned long long sleep;

	bench_loop_run(m->loop, s, NULL, 0);
	ctl_stats(m->loop, st);
	bench_hist_take(m->loop, &h);
	bench_hist_merge(&m->h, &h);
	bench_hist_free(&h);
	sleep = st->sleep_ns <= st->duration_ns ? st->sleep_ns :
						 st->duration_ns;
	m->wall += st->duration_ns;
	m->busy += st->duration_ns - sleep;
	m->cycles += st->cycles;
	m->rcu += st->rcu_yields;
	m->forced += st->yields_forced;
}

static void wait_row(struct bench_table *t, struct wait_mode *m,
		     const struct bench_args *a)
{
	const struct shieldrt_metric *late = &m->h.m[SHIELDRT_M_LATENESS];
	unsigned long long v;
	unsigned int row = bench_row_add(t);
	bool past;

	bench_set_text(t, row, "mode", "%s", m->mode);
	bench_set_u(t, row, "period_us", a->u[W_PERIOD_US]);
	bench_set_u(t, row, "rounds", a->u[W_ROUNDS]);
	bench_set_u(t, row, "cycles", m->cycles);
	bench_set_u(t, row, "rcu_yields", m->rcu);
	bench_set_u(t, row, "yields_forced", m->forced);
	if (m->wall) {
		m->cpu = 100.0 * m->busy / m->wall;
		bench_set_d(t, row, "cpu_pct", m->cpu);
	}
	if (m->last.duration_ns)
		bench_set_d(t, row, "task_cpu_pct_last",
			    100.0 * m->last.task_runtime_ns /
			    m->last.duration_ns);
	if (!strcmp(m->mode, "hybrid"))
		bench_set_u(t, row, "slack_ns", m->last.slack_target_ns);
	if (!late->count) {
		bench_row_why(t, row, "no cycle ran");
		return;
	}
	bench_set_u(t, row, "late_avg_ns", late->avg);
	bench_set_u(t, row, "late_std_ns", late->std);
	bench_set_u(t, row, "late_max_ns", late->max);
	if (!bench_hist_quantile(&m->h, SHIELDRT_M_LATENESS, 0.99, &v, &past)) {
		bench_set_q(t, row, "late_p99_ns", v, past);
		m->p99 = v;
		m->have_p99 = !past;
	}
	if (!bench_hist_quantile(&m->h, SHIELDRT_M_THREAD, 0.99, &v, &past))
		bench_set_q(t, row, "thread_p99_ns", v, past);
}

static struct wait_mode *find_mode(struct wait_mode *m, unsigned int n,
				   const char *mode)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(m[i].mode, mode))
			return &m[i];
	return NULL;
}

static int wait_run(const struct bench_def *d, const struct bench_args *a,
		    const struct bench_env *e, struct bench_result *r)
{
	struct wait_mode m[3];
	struct bench_table *t, *rt;
	struct wait_mode *hy, *ht, *po;
	unsigned long long period = a->u[W_PERIOD_US], smax;
	unsigned int n = a->nw[W_MODES], i, k, row;
	double seg = a->duration_s / a->u[W_ROUNDS];
	char extra[64];

	memset(m, 0, sizeof(m));
	smax = a->u[W_SLACK_MAX_US] ? a->u[W_SLACK_MAX_US] : period / 2;
	bench_info_u(r, "cpu", "", e->cpu[0]);
	bench_info_u(r, "period_us", "us", period);
	bench_info_d(r, "seconds_per_mode", "s", a->duration_s);
	bench_info_u(r, "rounds", "", a->u[W_ROUNDS]);
	bench_info_u(r, "hybrid_slack_max_us", "us", smax);
	for (i = 0; i < n; i++) {
		m[i].mode = bench_word(d, a, W_MODES, i);
		snprintf(m[i].loop, sizeof(m[i].loop), "%sw_%s",
			 BENCH_LOOP_PREFIX, m[i].mode);
		snprintf(extra, sizeof(extra), "%s",
			 strcmp(m[i].mode, "hybrid") ? "" : "slack_max_ns=");
		if (*extra)
			snprintf(extra + strlen(extra),
				 sizeof(extra) - strlen(extra), "%llu",
				 smax * 1000);
		bench_loop_create(m[i].loop,
				  "cpu=%d period_us=%llu mode=%s prio=%llu %s %s",
				  e->cpu[0], period, m[i].mode, a->u[W_PRIO],
				  bench_force(e, e->cpu[0]), extra);
	}
	/* boot-time work (the switch to the tsc, say) falls here */
	for (i = 0; a->u[W_WARMUP] && i < n; i++)
		bench_loop_run(m[i].loop, a->u[W_WARMUP], NULL, 0);
	for (k = 0; k < a->u[W_ROUNDS]; k++)
		for (i = 0; i < n; i++)
			wait_segment(&m[i], seg);

	t = bench_table_add(r, "rows", wait_cols, ARRAY_SIZE(wait_cols));
	for (i = 0; i < n; i++)
		wait_row(t, &m[i], a);
	rt = bench_table_add(r, "ratios", ratio_cols, ARRAY_SIZE(ratio_cols));
	row = bench_row_add(rt);
	hy = find_mode(m, n, "hybrid");
	ht = find_mode(m, n, "hrtimer");
	po = find_mode(m, n, "poll");
	if (hy && ht && hy->have_p99 && ht->have_p99 && ht->p99 > 0)
		bench_set_d(rt, row, "hybrid_hrtimer_p99", hy->p99 / ht->p99);
	if (hy && po && po->cpu > 0)
		bench_set_d(rt, row, "hybrid_poll_cpu", hy->cpu / po->cpu);
	if (!hy || !ht || !po)
		bench_row_why(rt, row, "a ratio needs both of its modes");
	for (i = 0; i < n; i++)
		bench_hist_free(&m[i].h);
	bench_note(r, "late: deadline to the start of the cycle's work; thr: deadline to the thread running; avg, std and max exact, p99 the largest value of its histogram bucket (within 0.79 %%), over every segment of the mode");
	bench_note(r, "cpu: the share of the run the thread did not sleep in its waits (exact, from its sleep time); task_cpu: the scheduler's runtime share in the last segment; slack: hybrid's lead at the end");
	bench_note(r, "rcu_y: RCU yields, forced: yields taken with no gap before the deadline");
	bench_note(r, "goals: hybrid/hrtimer p99 <= 0.1, hybrid/poll cpu <= 0.05");
	return 0;
}

static const char *wait_check(const struct bench_def *d,
			      const struct bench_args *a,
			      const struct bench_env *e, char *buf,
			      size_t len)
{
	const char *why;

	(void)d;
	(void)e;
	why = bench_check_period(a->u[W_PERIOD_US], buf, len);
	if (why)
		return why;
	if (a->u[W_SLACK_MAX_US] > a->u[W_PERIOD_US]) {
		snprintf(buf, len, "--slack-max-us %llu: above the period (%llu us)",
			 a->u[W_SLACK_MAX_US], a->u[W_PERIOD_US]);
		return buf;
	}
	/* a p99 from 100 cycles a mode; a segment of at least a second */
	if (a->duration_s / a->u[W_ROUNDS] < 1) {
		snprintf(buf, len, "--duration %g: below the minimum of %llu s (%llu rounds of at least 1 s a mode)",
			 a->duration_s, a->u[W_ROUNDS], a->u[W_ROUNDS]);
		return buf;
	}
	return bench_check_cycles(a, a->duration_s, a->u[W_PERIOD_US], 100,
				  "mode", buf, len);
}

const struct bench_def bench_wait = {
	.name = "wait",
	.title = "HighPerTimer: hrtimer vs poll vs hybrid, lateness and CPU use",
	.help =
	"The same loop with each wait mode on one CPU, the modes taking turns\n"
	"in --rounds segments after a warm-up.  Per mode: lateness (deadline\n"
	"to the start of the work) mean, std, p99 and max, the thread\n"
	"latency's p99, the CPU share (time not asleep in the waits over the\n"
	"run, from the loop's sleep time), hybrid's slack, RCU yields; and the\n"
	"ratios hybrid/hrtimer p99 and hybrid/poll CPU.",
	.params = wait_params,
	.nparams = W_NR,
	.def_duration_s = 20,
	.duration_is = "seconds a mode, over its rounds",
	.max_cpus = 1,
	.check = wait_check,
	.run = wait_run,
};
