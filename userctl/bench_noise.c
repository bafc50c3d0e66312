// SPDX-License-Identifier: GPL-2.0
/*
 * noise: EAST's measurement.  A poll loop (it never sleeps) spins on the
 * clock and counts every gap between two clock readings of noise_ns or
 * more: events, their time,
 * the largest, and the histogram of gaps in decades.  With
 * --compare-shield it runs a second row after "userctl shield apply" of
 * its CPU (in process; restored afterwards, also on Ctrl-C).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench.h"
#include "ctl.h"
#include "shield.h"
#include "sysfile.h"
#include "userctl.h"

enum {
	N_NOISE_NS,
	N_COMPARE_SHIELD,
	N_PRIO,
	N_NR
};

static const struct bench_param noise_params[] = {
	[N_NOISE_NS] = { "noise_ns", BP_UINT, "ns", 1000, 1, 1000000000,
		NULL, NULL, "a gap between clock readings counts from this" },
	[N_COMPARE_SHIELD] = { "compare_shield", BP_FLAG, "", 0, 0, 1,
		NULL, NULL,
		"also measure after 'userctl shield apply' of the CPU (restored after)" },
	[N_PRIO] = { "prio", BP_UINT, "", 95, 1, 99, NULL, NULL,
		"SCHED_FIFO priority of the loop" },
};

static const struct bench_col noise_cols[] = {
	{ "setup", "setup", "", "", 0 },
	{ "events", "events", "", "exact", 0 },
	{ "events_per_s", "per_s", "1/s", "exact", 1 },
	{ "lost_ppm", "lost", "ppm", "exact", 0 },
	{ "max_us", "max", "us", "exact", 3 },
	{ "p99_us", "p99", "us", "<=0.79%", 3 },
	{ "os_10us_1ms", "10u-1m", "", "bucket", 0 },
	{ "d_1_10us", "1-10u", "", "bucket", 0 },
	{ "d_10_100us", "10-100u", "", "bucket", 0 },
	{ "d_100us_1ms", ".1-1m", "", "bucket", 0 },
	{ "d_1_10ms", "1-10m", "", "bucket", 0 },
	{ "d_ge_10ms", ">=10m", "", "bucket", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "duration_ns", "duration", "ns", "exact", 0 },
	{ "noise_ns", "noise_ns", "ns", "", 0 },
	{ "seconds", "seconds", "s", "", 1 },
};

#define NOISE_LOOP	BENCH_LOOP_PREFIX "noise"
/*
 * Between two cycles a poll loop spins to the next deadline, and its
 * gaps are the noise; a cycle's own work is not.  Ten cycles a second
 * keep the counters published as the run goes.
 */
#define NOISE_PERIOD_US	100000

/* Gaps per decade from the Noise histogram, "over" in the last. */
static void noise_decades(const struct bench_hist *h, unsigned long long d[5])
{
	static const unsigned long long edge[] = { 10000, 100000, 1000000,
						   10000000 };
	unsigned long long below = 0, prev = 0;
	unsigned int i;

	/* bucket lower edges from the threshold up: decade by decade */
	for (i = 0; i < 4; i++) {
		below = h->m[SHIELDRT_M_NOISE].count -
			bench_hist_count_from(h, SHIELDRT_M_NOISE, edge[i]);
		d[i] = below - prev;
		prev = below;
	}
	d[4] = h->m[SHIELDRT_M_NOISE].count - prev;
}

static void noise_row(const struct bench_def *d, const struct bench_args *a,
		      const struct bench_env *e, struct bench_table *t,
		      const char *setup)
{
	struct shieldrt_stats_req st;
	struct bench_undo *u;
	struct bench_hist h;
	unsigned long long dec[5], p99;
	unsigned int row;
	double dur;
	bool past;

	(void)d;
	u = bench_loop_create(NOISE_LOOP,
			      "cpu=%d period_us=%d mode=poll prio=%llu noise_ns=%llu %s",
			      e->cpu[0], NOISE_PERIOD_US, a->u[N_PRIO],
			      a->u[N_NOISE_NS],
			      bench_force(e, e->cpu[0]));
	bench_loop_run(NOISE_LOOP, a->duration_s, NULL, 0);
	ctl_stats(NOISE_LOOP, &st);
	bench_hist_take(NOISE_LOOP, &h);
	bench_undo_now(u);

	row = bench_row_add(t);
	dur = st.duration_ns ? st.duration_ns : 1;
	bench_set_text(t, row, "setup", "%s", setup);
	bench_set_u(t, row, "events", st.noise_events);
	bench_set_d(t, row, "events_per_s", st.noise_events * 1e9 / dur);
	bench_set_u(t, row, "lost_ppm",
		    (unsigned long long)(st.noise_ns * 1e6 / dur));
	bench_set_d(t, row, "max_us", h.m[SHIELDRT_M_NOISE].max / 1e3);
	if (!bench_hist_quantile(&h, SHIELDRT_M_NOISE, 0.99, &p99, &past)) {
		if (past)
			bench_set_q(t, row, "p99_us", p99 / 1000, true);
		else
			bench_set_d(t, row, "p99_us", p99 / 1e3);
	}
	noise_decades(&h, dec);
	bench_set_u(t, row, "os_10us_1ms", dec[1] + dec[2]);
	bench_set_u(t, row, "d_1_10us", dec[0]);
	bench_set_u(t, row, "d_10_100us", dec[1]);
	bench_set_u(t, row, "d_100us_1ms", dec[2]);
	bench_set_u(t, row, "d_1_10ms", dec[3]);
	bench_set_u(t, row, "d_ge_10ms", dec[4]);
	bench_set_u(t, row, "cycles", st.cycles);
	bench_set_u(t, row, "duration_ns", st.duration_ns);
	bench_set_u(t, row, "noise_ns", a->u[N_NOISE_NS]);
	bench_set_d(t, row, "seconds", a->duration_s);
	if (st.clock_errors)
		bench_row_why(t, row, "%llu clock errors: the clock stepped back while spinning",
			      (unsigned long long)st.clock_errors);
	bench_hist_free(&h);
}

/* shield restore, at cleanup or when the second row is done. */
static void noise_restore(void *state)
{
	int out;

	/* a failed apply rolled back and removed it: nothing to restore */
	if (!file_exists(state))
		return;
	fflush(stdout);
	/* restore's report goes to stderr: stdout is the table's */
	out = dup(STDOUT_FILENO);
	dup2(STDERR_FILENO, STDOUT_FILENO);
	if (shield_restore(state))
		warnx_("bench noise: shield restore failed: 'userctl shield restore --state %s' to retry",
		       (const char *)state);
	fflush(stdout);
	dup2(out, STDOUT_FILENO);
	close(out);
}

static int noise_run(const struct bench_def *d, const struct bench_args *a,
		     const struct bench_env *e, struct bench_result *r)
{
	struct bench_table *t;
	const char *boot;
	char *state = NULL, list[16];
	struct bench_undo *u;

	t = bench_table_add(r, "rows", noise_cols, ARRAY_SIZE(noise_cols));
	boot = cpuset_has(&e->shielded, e->cpu[0]) ? "cmdline" : "default-boot";
	bench_info_u(r, "cpu", "", e->cpu[0]);
	bench_info_u(r, "noise_ns", "ns", a->u[N_NOISE_NS]);
	bench_info_d(r, "seconds_per_row", "s", a->duration_s);
	noise_row(d, a, e, t, boot);
	if (a->u[N_COMPARE_SHIELD]) {
		struct shield_apply_opts o = { 0 };
		struct shield_ctx c;
		int out, ret;

		snprintf(list, sizeof(list), "%d", e->cpu[0]);
		shield_ctx_init(&c, list);
		state = rootpath("/run/shieldrt/bench-noise.%d.state",
				 (int)getpid());
		/* apply's lines go to stderr: stdout is the table's */
		fflush(stdout);
		out = dup(STDOUT_FILENO);
		dup2(STDERR_FILENO, STDOUT_FILENO);
		/* registered first: apply records each change before it */
		u = bench_undo_fn(noise_restore, state);
		ret = shield_apply(&c, state, &o);
		fflush(stdout);
		dup2(out, STDOUT_FILENO);
		close(out);
		if (ret)
			fatal("bench noise: shield apply --cpus %s failed", list);
		noise_row(d, a, e, t, boot[0] == 'c' ? "cmdline+apply" :
			  "default-boot+apply");
		bench_undo_now(u);
	}
	bench_note(r, "events: gaps of noise_ns or more between two clock readings of a poll loop spinning to its next deadline (period %d ms, it never sleeps; its own cycles are not counted); per_s: per second of the run; lost: the gaps' total time in ppm of it",
		   NOISE_PERIOD_US / 1000);
	bench_note(r, "max: the largest gap (exact); p99: of the gaps, the largest value of its histogram bucket (buckets 0.79 %% wide); decades 1-10u ... >=10m: gaps per decade by bucket (a bucket across a decade edge, 0.79 %% wide, counts below it); 10u-1m: the guest kernel's own work (ticks, IRQs, kworkers)");
	bench_note(r, "setup: cmdline = the CPU shielded by the boot command line (isolcpus/nohz_full) or a partition; default-boot = not shielded; +apply = after 'userctl shield apply' of the CPU, restored at the end");
	free(state);
	return 0;
}

static const char *noise_check(const struct bench_def *d,
			       const struct bench_args *a,
			       const struct bench_env *e, char *buf,
			       size_t len)
{
	char *state = rootpath(SHIELD_STATE_DEFAULT);
	bool applied = file_exists(state);

	(void)d;
	(void)e;
	free(state);
	if (a->duration_s < 1) {
		snprintf(buf, len, "--duration %g: below the minimum of 1 s a row",
			 a->duration_s);
		return buf;
	}
	if (a->u[N_COMPARE_SHIELD] && e->cpu[0] == 0) {
		snprintf(buf, len, "--compare-shield: CPU 0 cannot be shielded; give --cpus");
		return buf;
	}
	if (a->u[N_COMPARE_SHIELD] && applied) {
		snprintf(buf, len, "--compare-shield: a shield is applied already (%s): 'userctl shield restore' first, or measure without --compare-shield",
			 SHIELD_STATE_DEFAULT);
		return buf;
	}
	return NULL;
}

const struct bench_def bench_noise = {
	.name = "noise",
	.title = "EAST: clock gaps seen by a loop spinning on a shielded CPU",
	.help =
	"A poll loop spins on the CPU's clock for the duration and counts every\n"
	"gap of noise_ns or more between two readings: how often and how long\n"
	"the CPU was taken away (interrupts, ticks, other tasks, SMIs).  With\n"
	"--compare-shield a second row follows 'userctl shield apply' of the\n"
	"CPU (IRQs, workqueues and tasks moved off it, idle states limited),\n"
	"which is restored at the end, Ctrl-C included.  Figures as the README\n"
	"tables define them (events, per second, lost ppm, max, p99, per\n"
	"decade); counts and max exact, p99 and decades by histogram bucket.",
	.params = noise_params,
	.nparams = N_NR,
	.def_duration_s = 30,
	.duration_is = "seconds a row",
	.max_cpus = 1,
	.check = noise_check,
	.run = noise_run,
};
