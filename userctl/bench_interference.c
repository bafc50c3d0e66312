// SPDX-License-Identifier: GPL-2.0
/*
 * interference: the i.MX6Q study's system call table.  The mctest motion
 * workload (algorithms/chains/mctest6.chain) runs every period on the
 * shielded CPU while every housekeeping CPU runs a storm of one kind of
 * system call (shieldrt-storm); per kind, with and without peripheral
 * access (MMIO: a provider bound to the loop, one read and one write a
 * cycle), how many cycles started later, or computed longer, than the
 * threshold (10 us on the study's board, times --tscale here), from
 * every cycle's telemetry record, and the maxima.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "ctl.h"
#include "userctl.h"

enum {
	I_PERIOD_US,
	I_MODE,
	I_TSCALE,
	I_KINDS,
	I_MMIO,
	I_MMIO_PROVIDER,
	I_PRIO,
	I_NR
};

static const char *const if_modes[] = { "hrtimer", "hybrid", "poll", NULL };

/* "none" (no storm), then the 14 kinds of shieldrt-storm */
static const char *const if_kinds[] = {
	"none",
/* the "" keeps checkpatch from taking the string for an expression */
#define STORM_KIND(k) "" #k,
#include "storm_kinds.h"
#undef STORM_KIND
	NULL
};

static const struct bench_param if_params[] = {
	[I_PERIOD_US] = { "period_us", BP_UINT, "us", 1000,
		BENCH_PERIOD_MIN_US, BENCH_PERIOD_MAX_US, NULL, NULL,
		"the loop's period" },
	[I_MODE] = { "mode", BP_WORDS, "", 0, 0, 0, "hrtimer", if_modes,
		"the loop's wait mode (one)" },
	[I_TSCALE] = { "tscale", BP_UINT, "", 50, 1, 1000000, NULL, NULL,
		"the threshold: the study's 10 us times this" },
	[I_KINDS] = { "kinds", BP_WORDS, "", 0, 0, 0,
		"none,fstat,getppid,gettimeofday,open,read,stat,write,fifo,pipe,sem,sigaction,sigcatch,fork,exec",
		if_kinds, "storm kinds, a row each (none: no storm)" },
	[I_MMIO] = { "mmio", BP_FLAG, "", 1, 0, 1, NULL, NULL,
		"1: each kind with and without MMIO (where a provider is registered); 0: without only" },
	[I_MMIO_PROVIDER] = { "mmio_provider", BP_NAME, "", 0, 1, 0, "pcibar",
		NULL, "the I/O provider of the MMIO rows (in=0-0:out=0-0)" },
	[I_PRIO] = { "prio", BP_UINT, "", 95, 1, 99, NULL, NULL,
		"SCHED_FIFO priority of the loop" },
};

static const struct bench_col if_cols[] = {
	{ "storm", "storm", "", "", 0 },
	{ "mmio", "mmio", "", "", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "missed", "missed", "", "exact", 0 },
	{ "late_over_thr", "late>thr", "", "exact", 0 },
	{ "compute_over_thr", "comp>thr", "", "exact", 0 },
	{ "late_max_us", "late_max", "us", "exact", 1 },
	{ "compute_max_us", "comp_max", "us", "exact", 1 },
	{ "storm_calls_per_s", "calls/s", "1/s", "exact", 0 },
	{ "study_over10", "study>10us", "", "", 0 },
	{ "study_max_us", "study_max", "us", "", 0 },
	{ "threshold_us", "thr", "us", "", 0 },
	{ "records", "records", "", "exact", 0 },
	{ "drops", "drops", "", "exact", 0 },
};

struct if_count {
	unsigned long long thr_ns, late, comp, missed;
};

static void if_record(void *arg, const struct shieldrt_tel *t)
{
	struct if_count *c = arg;

	c->missed += t->missed;
	c->late += (long long)(t->wake_ns - t->deadline_ns) >
		   (long long)c->thr_ns;
	c->comp += t->compute_ns > c->thr_ns;
}

/* The MMIO rows: possible here, or why not (NULL: possible). */
static const char *if_mmio_why(const struct bench_args *a, char *buf,
			       size_t len)
{
	if (bench_provider_registered(a->s[I_MMIO_PROVIDER]))
		return NULL;
	snprintf(buf, len, "no I/O provider '%s' registered (VIEW providers): load one (shieldrt_pcibar on a device) for the MMIO rows",
		 a->s[I_MMIO_PROVIDER]);
	return buf;
}

static void if_row(const struct bench_args *a, const struct bench_env *e,
		   struct bench_result *r, struct bench_table *t,
		   const char *mode, const char *kind, bool mmio,
		   const char *no_mmio)
{
	const char *loop = BENCH_LOOP_PREFIX "intf";
	unsigned long long period = a->u[I_PERIOD_US], rec, drops;
	struct if_count c = { .thr_ns = 10000 * a->u[I_TSCALE] };
	char err[SHIELDRT_ERR_LEN], io[64] = "";
	struct shieldrt_stats_req st;
	struct bench_storms storms;
	struct bench_tel *tel;
	struct bench_undo *u;
	unsigned int row = bench_row_add(t);
	long long calls = -1;
	double ran;

	bench_set_text(t, row, "storm", "%s", kind);
	bench_set_text(t, row, "mmio", "%s", mmio ? "yes" : "no");
	bench_set_u(t, row, "threshold_us", c.thr_ns / 1000);
	/* the study's per-kind figures are not available: never a guess */
	bench_set_text(t, row, "study_over10", "-");
	bench_set_text(t, row, "study_max_us", "-");
	if (mmio && no_mmio) {
		bench_row_why(t, row, "%s", no_mmio);
		return;
	}
	if (mmio)
		snprintf(io, sizeof(io), "io=%s:in=0-0:out=0-0",
			 a->s[I_MMIO_PROVIDER]);
	if (bench_loop_create_try(&u, err, sizeof(err), loop,
				  "cpu=%d period_us=%llu mode=%s prio=%llu %s %s",
				  e->cpu[0], period, mode, a->u[I_PRIO], io,
				  bench_force(e, e->cpu[0]))) {
		bench_row_why(t, row, "the module refused the loop: %s", err);
		return;
	}
	bench_loop_chain(loop, "mctest6", period);
	tel = bench_tel_open(loop, if_record, &c);
	if (strcmp(kind, "none"))
		bench_storms_start(&storms, &e->house, &kind, 1);
	ran = bench_loop_run(loop, a->duration_s, tel, 0);
	if (strcmp(kind, "none"))
		calls = bench_storms_stop(&storms, kind);
	bench_tel_counts(tel, &rec, &drops);
	bench_tel_close(tel);
	ctl_stats(loop, &st);
	bench_undo_now(u);

	bench_set_u(t, row, "cycles", st.cycles);
	bench_set_u(t, row, "missed", c.missed);
	bench_set_u(t, row, "records", rec);
	bench_set_u(t, row, "drops", drops);
	bench_set_u(t, row, "late_over_thr", c.late + c.missed);
	bench_set_u(t, row, "compute_over_thr", c.comp);
	bench_set_d(t, row, "late_max_us",
		    st.metric[SHIELDRT_M_LATENESS].max / 1e3);
	bench_set_d(t, row, "compute_max_us",
		    st.metric[SHIELDRT_M_COMPUTE].max / 1e3);
	if (calls >= 0 && ran > 0)
		bench_set_d(t, row, "storm_calls_per_s", calls / ran);
	else if (strcmp(kind, "none"))
		bench_row_why(t, row, "a storm did not report its count");
	if (drops)
		bench_warn(r, "%s mmio=%s: %llu telemetry records lost to a full ring: the counts are of the %llu cycles read",
			   kind, mmio ? "yes" : "no", drops, rec);
}

static int if_run(const struct bench_def *d, const struct bench_args *a,
		  const struct bench_env *e, struct bench_result *r)
{
	const char *mode = bench_word(d, a, I_MODE, 0), *no_mmio = NULL;
	char why[256], house[256];
	struct bench_table *t;
	unsigned int k;

	if (a->u[I_MMIO])
		no_mmio = if_mmio_why(a, why, sizeof(why));
	bench_info_u(r, "cpu", "", e->cpu[0]);
	bench_info_text(r, "storm_cpus", "%s",
			cpulist_format(&e->house, house, sizeof(house)));
	bench_info_u(r, "period_us", "us", a->u[I_PERIOD_US]);
	bench_info_text(r, "mode", "%s", mode);
	bench_info_text(r, "workload", "mctest6.chain");
	bench_info_u(r, "threshold_us", "us", 10 * a->u[I_TSCALE]);
	bench_info_d(r, "seconds_per_row", "s", a->duration_s);
	if (a->u[I_MMIO])
		bench_info_text(r, "mmio", "%s",
				no_mmio ? no_mmio : a->s[I_MMIO_PROVIDER]);
	t = bench_table_add(r, "rows", if_cols, ARRAY_SIZE(if_cols));
	for (k = 0; k < a->nw[I_KINDS]; k++) {
		const char *kind = bench_word(d, a, I_KINDS, k);

		if (a->u[I_MMIO])
			if_row(a, e, r, t, mode, kind, true, no_mmio);
		if_row(a, e, r, t, mode, kind, false, NULL);
	}
	bench_note(r, "late>thr: cycles whose work started more than the threshold after the deadline, plus missed periods; comp>thr: cycles whose compute time (wake to the end of the outputs, MMIO included) exceeded it; both from every cycle's telemetry record (exact); maxima exact");
	bench_note(r, "calls/s: the storm's calls (round trips for fifo, pipe, sem) per second of the row, summed over the storm CPUs; the study's per-kind figures are not available (only its M1-M5 totals, see the section bench): '-'");
	return 0;
}

static const char *if_check(const struct bench_def *d,
			    const struct bench_args *a,
			    const struct bench_env *e, char *buf, size_t len)
{
	(void)e;
	if (a->nw[I_MODE] != 1) {
		snprintf(buf, len, "--mode: one wait mode, not %u",
			 a->nw[I_MODE]);
		return buf;
	}
	if ((a->nw[I_KINDS] > 1 || !bench_has_word(d, a, I_KINDS, "none")) &&
	    !bench_storm_tool()) {
		snprintf(buf, len, "the storms need shieldrt-storm, which is neither in PATH nor beside userctl (make install installs it)");
		return buf;
	}
	if (a->given[I_MMIO_PROVIDER] && a->u[I_MMIO] &&
	    if_mmio_why(a, buf, len))
		return buf;
	return bench_check_cycles(a, a->duration_s, a->u[I_PERIOD_US], 100,
				  "row", buf, len);
}

const struct bench_def bench_interference = {
	.name = "interference",
	.title = "i.MX6Q mctest: a loop under each of the study's 14 system call storms, with and without MMIO",
	.help =
	"The mctest6 chain runs on the CPU while every housekeeping CPU runs a\n"
	"storm of one system call kind (shieldrt-storm), a row per kind, each\n"
	"with MMIO (a provider bound to input 0 and output 0: one device read\n"
	"and write a cycle; --mmio-provider, only when registered) and\n"
	"without.  Per row: cycles late by more than the threshold (10 us x\n"
	"--tscale) plus missed periods, cycles computing longer than it (both\n"
	"exact, from the telemetry ring), the maxima and the storm's calls a\n"
	"second.  MMIO rows without a provider say why they have no figures.",
	.params = if_params,
	.nparams = I_NR,
	.def_duration_s = 10,
	.duration_is = "seconds a row",
	.max_cpus = 1,
	.check = if_check,
	.run = if_run,
};
