// SPDX-License-Identifier: GPL-2.0
/*
 * qualify's sections and its plan.  Each section gets a share of the
 * budget by its weight (renormalized over the sections that run); the
 * share pays for the section's fixed parts (a calibration, warm-ups) and
 * then its units (ladder rungs, rows, modes) equally, each unit's set-up
 * estimated beside its measured time.  A measured time below the
 * section's minimum (what its figures need: a second of cycles, two
 * rounds of a second) refuses the budget, naming the smallest that would
 * do.  Nothing is scaled up or extrapolated afterwards: each figure is of
 * the time it says.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qualify.h"
#include "shield.h"
#include "sysfile.h"
#include "userctl.h"

const struct qsec_def qsec_defs[QS_NR] = {
	[QS_AUDIT] = { "audit", NULL,
		"What the shielding audit found",
		"Is the machine set up for loops (command line, IRQs, tasks, power, lockdown)?",
		0, 0, 0, 0, { NULL } },
	[QS_LADDER] = { "ladder", "ladder",
		"How fast: the highest rate with no overrun",
		"At which rate did a loop run every period, per CPU and wait mode, and how late did it start?",
		52, 0, 0.45, 1.0,
		{ "cpu", "mode", "rate_hz", "result", "cycles", "overruns",
		  "missed", "late_max_ns", "late_p99_ns", "late_p99_width_ns",
		  "clock_read_ns", "cpu_pct", "seconds", NULL } },
	[QS_THRESHOLD] = { "threshold", "threshold",
		"KSTAR testrtmode: shares of late cycles",
		"Which share of a poll loop's cycles started more than 1, 10, 20 and 50 us late, with and without a dummy load?",
		5, 0, 0.5, 1.0,
		{ "mode", "load", "cycles", "missed", "p99_us", "pct_gt_1us",
		  "pct_gt_10us", "pct_gt_20us", "pct_gt_50us", "tscale",
		  "pct_gt_1us_scaled", "pct_gt_10us_scaled",
		  "pct_gt_20us_scaled", "pct_gt_50us_scaled", NULL } },
	[QS_NOISE] = { "noise", "noise",
		"EAST: gaps on a shielded and a housekeeping CPU",
		"How often and how long was a spinning loop's CPU taken away?",
		5, 0, 0.3, 1.0,
		{ "setup", "events", "events_per_s", "lost_ppm", "max_us",
		  "p99_us", "d_1_10us", "d_10_100us", "d_100us_1ms",
		  "d_1_10ms", "d_ge_10ms", "seconds", NULL } },
	[QS_WAIT] = { "wait", "wait",
		"HighPerTimer: hybrid vs poll vs hrtimer",
		"How late does each wait mode start a cycle, and what share of the CPU does it take?",
		10, 3, 0.4, 2.0,
		{ "mode", "late_avg_ns", "late_std_ns", "late_p99_ns",
		  "late_max_ns", "thread_p99_ns", "cpu_pct", "slack_ns",
		  "cycles", "rcu_yields", NULL } },
	[QS_SECTION] = { "section", "section",
		"i.MX6Q M1-M5: the cycle under locks, with and without MMIO",
		"How long does the motion step take under each locking method while the other CPUs run system call storms?",
		17, 4.5, 0.6, 1.0,
		{ "study_method", "section", "mmio", "cycles", "missed",
		  "over_thr10_per10k", "over_thr50_per10k",
		  "section_over_thr10_per10k", "compute_max_ns",
		  "section_max_ns", "lock_wait_max_ns",
		  "study_over10_per10k", "study_max_us", "tscale", NULL } },
	[QS_COMPARE] = { "compare", "compare",
		"shieldrt vs cyclictest vs timerlat",
		"How does the loop's wake-up compare with the kernel's timerlat and cyclictest on the same CPU?",
		11, 1, 0.3, 2.0,
		{ "who", "via", "irq_p99_ns", "irq_max_ns", "thread_p99_ns",
		  "thread_max_ns", "samples", "resolution", NULL } },
};

int qsec_find(const char *name)
{
	int s;

	for (s = 0; s < QS_NR; s++)
		if (!strcmp(qsec_defs[s].name, name))
			return s;
	return -1;
}

/* The period of the single-CPU studies, us: 1 kHz, KSTAR's and EAST's. */
#define QUALIFY_PERIOD_US	1000

/* Set a bench argument from a formatted value; a refusal is our bug. */
static void arg_set(const struct bench_def *d, struct bench_args *a,
		    const char *name, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void arg_set(const struct bench_def *d, struct bench_args *a,
		    const char *name, const char *fmt, ...)
{
	char text[256], err[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (bench_args_set(d, a, name, text, err, sizeof(err)))
		fatal("qualify: bench %s --%s %s: %s", d->name, name, text,
		      err);
}

/* Is timerlat there to compare with (rtla, or the tracer itself)? */
static bool have_timerlat(void)
{
	int tracer = bench_tracefs_timerlat();
	char *rtla;

	if (!tracer)
		return false;
	rtla = bench_find_tool("rtla");
	if (rtla) {
		free(rtla);
		return true;
	}
	return tracer > 0;
}

static bool have_tool(const char *name)
{
	char *p = bench_find_tool(name);
	bool found = p != NULL;

	free(p);
	return found;
}

/* Can EAST's shielded CPU also be measured after shield apply? */
static bool noise_can_apply(const struct qualify *q)
{
	char *state = rootpath(SHIELD_STATE_DEFAULT);
	bool applied = file_exists(state);

	free(state);
	return q->env.cpu[0] != 0 && !applied;
}

/* How many units section @s has on this machine. */
static unsigned int section_units(struct qualify *q, enum qsec s)
{
	const struct bench_def *ld = bench_find("ladder");
	const struct bench_args *la = &q->sec[QS_LADDER].a;

	switch (s) {
	case QS_LADDER:
		return q->env.ncpus *
		       la->nw[bench_param_index(ld, "modes")] *
		       la->nw[bench_param_index(ld, "rates")];
	case QS_THRESHOLD:
		return 2;		/* without and with the dummy load */
	case QS_NOISE:
		return noise_can_apply(q) ? 3 : 2;
	case QS_WAIT:
		return 3;		/* the modes */
	case QS_SECTION:
		/* four methods, and again with MMIO where a provider is */
		return bench_provider_registered(q->provider) ? 8 : 4;
	case QS_COMPARE:
		return 1 + have_timerlat() + have_tool("cyclictest");
	default:
		return 0;
	}
}

const char *qualify_plan(struct qualify *q, char *buf, size_t len)
{
	double sumw = 0, share, need, worst = 0;
	const char *why = NULL;
	unsigned int s;

	for (s = 0; s < QS_NR; s++)
		if (q->sec[s].enabled)
			sumw += qsec_defs[s].weight_pct;
	for (s = QS_AUDIT + 1; s < QS_NR; s++) {
		const struct qsec_def *d = &qsec_defs[s];
		struct qsec_run *r = &q->sec[s];

		if (!r->enabled)
			continue;
		r->units = section_units(q, s);
		share = q->budget_s * d->weight_pct / sumw;
		r->unit_s = floor(((share - d->fixed_s) / r->units -
				   d->unit_overhead_s) * 10) / 10;
		r->planned_s = d->fixed_s + r->units *
			       (r->unit_s + d->unit_overhead_s);
		if (r->unit_s >= d->min_unit_s)
			continue;
		/* the budget that would give this section its minimum */
		need = (d->fixed_s + r->units * (d->min_unit_s +
						d->unit_overhead_s)) *
		       sumw / d->weight_pct;
		if (need > worst) {
			worst = need;
			snprintf(buf, len, "a budget of %g s is too short for %s: %u %s of at least %g s (and %g s each to set up%s) need %.0f s, and its share is %g %% (%.0f s); give --budget %.0f or more, or --skip %s%s",
				 q->budget_s, d->name, r->units,
				 s == QS_LADDER ? "rungs" : "units",
				 d->min_unit_s, d->unit_overhead_s,
				 d->fixed_s ? ", beside its fixed part" : "",
				 d->fixed_s + r->units *
				 (d->min_unit_s + d->unit_overhead_s),
				 100 * d->weight_pct / sumw, share,
				 ceil(need), d->name,
				 s == QS_LADDER ? ", or fewer --cpus, --modes or --rates" : "");
			why = buf;
		}
	}
	return why;
}

void qualify_section_args(struct qualify *q, enum qsec s)
{
	const struct bench_def *d = bench_find(qsec_defs[s].bench);
	struct qsec_run *r = &q->sec[s];
	struct bench_args *a = &r->a;

	/* the ladder's args hold the user's --rates and --modes already */
	if (s != QS_LADDER)
		bench_args_init(d, a);
	a->force = q->force;
	a->cpus_given = true;
	a->cpus = q->cpus;
	arg_set(d, a, "duration", "%.1f", r->unit_s);
	switch (s) {
	case QS_LADDER:
		arg_set(d, a, "always_hz", "%.0f", q->thr[QT_RATE_HZ]);
		break;
	case QS_THRESHOLD:
		arg_set(d, a, "period_us", "%d", QUALIFY_PERIOD_US);
		arg_set(d, a, "modes", "poll");
		arg_set(d, a, "loads", "none,dummy");
		break;
	case QS_NOISE:
		arg_set(d, a, "compare_shield", "%d", noise_can_apply(q));
		break;
	case QS_WAIT:
		arg_set(d, a, "period_us", "%d", QUALIFY_PERIOD_US);
		arg_set(d, a, "warmup", "1");
		arg_set(d, a, "rounds", "%d", r->unit_s >= 10 ? 5 : 2);
		break;
	case QS_SECTION:
		arg_set(d, a, "mmio_provider", "%s", q->provider);
		break;
	case QS_COMPARE:
		arg_set(d, a, "period_us", "%d", QUALIFY_PERIOD_US);
		arg_set(d, a, "warmup", "1");
		arg_set(d, a, "rounds", "%d", r->unit_s >= 10 ? 4 : 2);
		break;
	default:
		break;
	}
	/* the single-CPU studies run on the first of the CPUs */
	if (d->max_cpus == 1) {
		cpuset_zero(&a->cpus);
		cpuset_add(&a->cpus, q->env.cpu[0]);
	}
}
