// SPDX-License-Identifier: GPL-2.0
/*
 * compare: shieldrt's loop against the kernel's timerlat tracer (the same
 * definitions: IRQ latency from the timer's expiry to its handler, thread
 * latency from the expiry to the thread running) and cyclictest (a user
 * thread in clock_nanosleep), on one CPU at one period.  They take turns
 * in rounds, so a change in the machine's load falls on all alike.
 * timerlat runs through rtla when it is installed, else through tracefs;
 * a reference that is not there has a row that says so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "userctl.h"

enum {
	C_PERIOD_US,
	C_MODES,
	C_TOOLS,
	C_ROUNDS,
	C_WARMUP,
	C_PRIO,
	C_NR
};

static const char *const cmp_modes[] = { "hrtimer", "hybrid", "poll", NULL };
static const char *const cmp_tools[] = { "timerlat", "cyclictest", NULL };

static const struct bench_param cmp_params[] = {
	[C_PERIOD_US] = { "period_us", BP_UINT, "us", 2000,
		BENCH_PERIOD_MIN_US, BENCH_PERIOD_MAX_US, NULL, NULL,
		"the period of every row" },
	[C_MODES] = { "modes", BP_WORDS, "", 0, 0, 0, "hrtimer", cmp_modes,
		"shieldrt wait modes, a row each" },
	[C_TOOLS] = { "tools", BP_WORDS, "", 0, 0, 0, "timerlat,cyclictest",
		cmp_tools,
		"the references; given, each must be there (else they are used where installed)" },
	[C_ROUNDS] = { "rounds", BP_UINT, "", 4, 1, 1000, NULL, NULL,
		"segments a row, the rows taking turns" },
	[C_WARMUP] = { "warmup", BP_UINT, "s", 2, 0, 3600, NULL, NULL,
		"seconds of an unmeasured first shieldrt run" },
	[C_PRIO] = { "prio", BP_UINT, "", 95, 1, 99, NULL, NULL,
		"SCHED_FIFO priority of every row" },
};

static const struct bench_col cmp_cols[] = {
	{ "who", "who", "", "", 0 },
	{ "via", "via", "", "", 0 },
	{ "irq_p99_ns", "irq_p99", "ns", "per row", 0 },
	{ "irq_max_ns", "irq_max", "ns", "per row", 0 },
	{ "thread_p99_ns", "thr_p99", "ns", "per row", 0 },
	{ "thread_max_ns", "thr_max", "ns", "per row", 0 },
	{ "samples", "samples", "", "exact", 0 },
	{ "resolution", "resolution", "", "", 0 },
};

static const struct bench_col ratio_cols[] = {
	{ "mode", "mode", "", "", 0 },
	{ "irq_vs_timerlat", "irq/timerlat", "", "p99", 3 },
	{ "thread_vs_timerlat", "thr/timerlat", "", "p99", 3 },
	{ "thread_vs_cyclictest", "thr/cyclictest", "", "p99", 3 },
};

struct cmp_ref {
	const char *who, *via;
	char *tool;			/* the program, NULL: tracefs */
	bool use;
	char why[160];			/* why it has no figures */
	struct bench_ref irq, thr;
	unsigned long long lost;
	double p99_irq, p99_thr;
	bool have_irq, have_thr;
};

struct cmp_mode {
	const char *mode;
	char loop[SHIELDRT_NAME_LEN];
	struct bench_hist h;
	double p99_irq, p99_thr;
	bool have_irq, have_thr;
};

/* Which way timerlat can run here: "rtla", "tracefs" or NULL. */
static const char *timerlat_way(char **tool)
{
	int tracer = bench_tracefs_timerlat();

	*tool = NULL;
	if (!tracer)
		return NULL;	/* rtla would find no tracer either */
	*tool = bench_find_tool("rtla");
	if (*tool)
		return "rtla";
	return tracer > 0 ? "tracefs" : NULL;
}

static void cmp_refs_find(const struct bench_def *d,
			  const struct bench_args *a, struct cmp_ref *tl,
			  struct cmp_ref *ct)
{
	tl->who = "timerlat";
	ct->who = "cyclictest";
	tl->via = timerlat_way(&tl->tool);
	ct->tool = bench_find_tool("cyclictest");
	ct->via = ct->tool ? "cyclictest" : NULL;
	tl->use = bench_has_word(d, a, C_TOOLS, "timerlat") && tl->via;
	ct->use = bench_has_word(d, a, C_TOOLS, "cyclictest") && ct->via;
	if (!bench_has_word(d, a, C_TOOLS, "timerlat"))
		snprintf(tl->why, sizeof(tl->why), "not asked for (--tools)");
	else if (!tl->via && !bench_tracefs_timerlat())
		snprintf(tl->why, sizeof(tl->why), "the kernel has no timerlat tracer (CONFIG_TIMERLAT_TRACER)");
	else if (!tl->via)
		snprintf(tl->why, sizeof(tl->why), "no rtla in PATH, and no tracefs at /sys/kernel/tracing to run the tracer through");
	if (!bench_has_word(d, a, C_TOOLS, "cyclictest"))
		snprintf(ct->why, sizeof(ct->why), "not asked for (--tools)");
	else if (!ct->via)
		snprintf(ct->why, sizeof(ct->why), "not installed (no cyclictest in PATH; Debian: rt-tests)");
}

static void cmp_ref_segment(const struct bench_args *a,
			    const struct bench_env *e, struct cmp_ref *r,
			    double seg)
{
	int ret;

	if (!r->use)
		return;
	if (!strcmp(r->who, "cyclictest"))
		ret = bench_cyclictest(r->tool, e->cpu[0], a->u[C_PRIO],
				       a->u[C_PERIOD_US], seg, &r->thr,
				       r->why, sizeof(r->why));
	else if (r->tool)
		ret = bench_rtla_timerlat(r->tool, e->cpu[0], a->u[C_PRIO],
					  a->u[C_PERIOD_US], seg, &r->irq,
					  &r->thr, r->why, sizeof(r->why));
	else
		ret = bench_tracefs_run(e->cpu[0], a->u[C_PERIOD_US], seg,
					&r->irq, &r->thr, &r->lost, r->why,
					sizeof(r->why));
	if (ret)
		r->use = false;		/* its why says what went wrong */
}

static void set_p99(struct bench_table *t, unsigned int row, const char *key,
		    unsigned long long v, bool past, double *keep, bool *have)
{
	bench_set_q(t, row, key, v, past);
	*keep = v;
	*have = !past;
}

static void cmp_mode_row(struct bench_table *t, struct cmp_mode *m)
{
	unsigned int row = bench_row_add(t);
	unsigned long long v;
	bool past;

	bench_set_text(t, row, "who", "shieldrt-%s", m->mode);
	bench_set_text(t, row, "via", "shieldrt");
	bench_set_text(t, row, "resolution", "<=0.79%% p99, exact max");
	bench_set_u(t, row, "samples", m->h.m[SHIELDRT_M_THREAD].count);
	if (!m->h.m[SHIELDRT_M_THREAD].count) {
		bench_row_why(t, row, "no cycle ran");
		return;
	}
	if (!bench_hist_quantile(&m->h, SHIELDRT_M_IRQ, 0.99, &v, &past)) {
		set_p99(t, row, "irq_p99_ns", v, past, &m->p99_irq,
			&m->have_irq);
		bench_set_u(t, row, "irq_max_ns", m->h.m[SHIELDRT_M_IRQ].max);
	}
	if (!bench_hist_quantile(&m->h, SHIELDRT_M_THREAD, 0.99, &v, &past)) {
		set_p99(t, row, "thread_p99_ns", v, past, &m->p99_thr,
			&m->have_thr);
		bench_set_u(t, row, "thread_max_ns",
			    m->h.m[SHIELDRT_M_THREAD].max);
	}
	if (!strcmp(m->mode, "poll"))
		bench_row_why(t, row, "a poll loop takes no timer interrupt: no IRQ latency");
}

static void cmp_ref_row(struct bench_result *r, struct bench_table *t,
			struct cmp_ref *ref)
{
	unsigned int row = bench_row_add(t);
	unsigned long long v;
	bool past;

	bench_set_text(t, row, "who", "%s", ref->who);
	if (ref->via)
		bench_set_text(t, row, "via", "%s", ref->via);
	if (!ref->use || !ref->thr.count) {
		bench_row_why(t, row, "%s", *ref->why ? ref->why : "no samples");
		return;
	}
	bench_set_text(t, row, "resolution", "%s",
		       ref->thr.samples ? "exact (every sample)" :
		       "1 us buckets, max in 1 us");
	bench_set_u(t, row, "samples", ref->thr.count);
	if (!bench_ref_quantile(&ref->thr, 0.99, &v, &past)) {
		set_p99(t, row, "thread_p99_ns", v, past, &ref->p99_thr,
			&ref->have_thr);
		bench_set_u(t, row, "thread_max_ns", ref->thr.max_ns);
	}
	if (ref->irq.count &&
	    !bench_ref_quantile(&ref->irq, 0.99, &v, &past)) {
		set_p99(t, row, "irq_p99_ns", v, past, &ref->p99_irq,
			&ref->have_irq);
		bench_set_u(t, row, "irq_max_ns", ref->irq.max_ns);
	} else if (!strcmp(ref->who, "cyclictest")) {
		bench_row_why(t, row, "cyclictest measures a user thread's wake-up only: no IRQ latency");
	}
	if (ref->lost)
		bench_warn(r, "timerlat (tracefs): the trace reports lost events (%llu lines): its samples lack some",
			   ref->lost);
}

static void ratio(struct bench_table *t, unsigned int row, const char *key,
		  bool ha, double x, bool hb, double y)
{
	if (ha && hb && y > 0)
		bench_set_d(t, row, key, x / y);
}

static int cmp_run(const struct bench_def *d, const struct bench_args *a,
		   const struct bench_env *e, struct bench_result *r)
{
	unsigned int n = a->nw[C_MODES], i, k, row;
	double seg = a->duration_s / a->u[C_ROUNDS];
	struct cmp_ref tl = { 0 }, ct = { 0 };
	struct cmp_mode m[3];
	struct bench_table *t, *rt;
	struct bench_hist h;

	memset(m, 0, sizeof(m));
	cmp_refs_find(d, a, &tl, &ct);
	bench_info_u(r, "cpu", "", e->cpu[0]);
	bench_info_u(r, "period_us", "us", a->u[C_PERIOD_US]);
	bench_info_d(r, "seconds_per_row", "s", a->duration_s);
	bench_info_u(r, "rounds", "", a->u[C_ROUNDS]);
	bench_info_text(r, "timerlat", "%s", tl.use ? tl.via : tl.why);
	bench_info_text(r, "cyclictest", "%s", ct.use ? ct.tool : ct.why);
	for (i = 0; i < n; i++) {
		m[i].mode = bench_word(d, a, C_MODES, i);
		snprintf(m[i].loop, sizeof(m[i].loop), "%sc_%s",
			 BENCH_LOOP_PREFIX, m[i].mode);
		bench_loop_create(m[i].loop,
				  "cpu=%d period_us=%llu mode=%s prio=%llu %s",
				  e->cpu[0], a->u[C_PERIOD_US], m[i].mode,
				  a->u[C_PRIO], bench_force(e, e->cpu[0]));
	}
	/* boot-time work falls in an unmeasured warm-up */
	if (a->u[C_WARMUP])
		bench_loop_run(m[0].loop, a->u[C_WARMUP], NULL, 0);
	for (k = 0; k < a->u[C_ROUNDS]; k++) {
		for (i = 0; i < n; i++) {
			bench_loop_run(m[i].loop, seg, NULL, 0);
			bench_hist_take(m[i].loop, &h);
			bench_hist_merge(&m[i].h, &h);
			bench_hist_free(&h);
		}
		cmp_ref_segment(a, e, &tl, seg);
		cmp_ref_segment(a, e, &ct, seg);
	}
	t = bench_table_add(r, "rows", cmp_cols, ARRAY_SIZE(cmp_cols));
	for (i = 0; i < n; i++)
		cmp_mode_row(t, &m[i]);
	cmp_ref_row(r, t, &tl);
	cmp_ref_row(r, t, &ct);
	rt = bench_table_add(r, "ratios", ratio_cols, ARRAY_SIZE(ratio_cols));
	for (i = 0; i < n; i++) {
		row = bench_row_add(rt);
		bench_set_text(rt, row, "mode", "%s", m[i].mode);
		ratio(rt, row, "irq_vs_timerlat", m[i].have_irq, m[i].p99_irq,
		      tl.have_irq, tl.p99_irq);
		ratio(rt, row, "thread_vs_timerlat", m[i].have_thr,
		      m[i].p99_thr, tl.have_thr, tl.p99_thr);
		ratio(rt, row, "thread_vs_cyclictest", m[i].have_thr,
		      m[i].p99_thr, ct.have_thr, ct.p99_thr);
		bench_hist_free(&m[i].h);
	}
	bench_ref_free(&tl.irq);
	bench_ref_free(&tl.thr);
	bench_ref_free(&ct.thr);
	free(tl.tool);
	free(ct.tool);
	bench_note(r, "irq: the timer's expiry to its handler; thr: the expiry (the deadline) to the thread running; shieldrt and timerlat define both alike, cyclictest measures a user thread's wake-up from clock_nanosleep");
	bench_note(r, "p99: the largest value of the bucket the 99th percentile falls in, at most the max: shieldrt's buckets are 0.79 %% wide, cyclictest's and rtla's 1 us (40 ms of them, above that only a bound); timerlat through tracefs: every sample, exact");
	bench_note(r, "ratios: shieldrt p99 / the reference's p99 (< 1 is better)");
	return 0;
}

static const char *cmp_check(const struct bench_def *d,
			     const struct bench_args *a,
			     const struct bench_env *e, char *buf, size_t len)
{
	struct cmp_ref tl = { 0 }, ct = { 0 };
	const char *why = NULL;

	(void)e;
	if (a->given[C_TOOLS]) {
		cmp_refs_find(d, a, &tl, &ct);
		if (bench_has_word(d, a, C_TOOLS, "timerlat") && !tl.use)
			why = tl.why;
		else if (bench_has_word(d, a, C_TOOLS, "cyclictest") &&
			 !ct.use)
			why = ct.why;
		if (why)
			snprintf(buf, len, "--tools: %s: %s",
				 why == tl.why ? "timerlat" : "cyclictest", why);
		free(tl.tool);
		free(ct.tool);
		if (why)
			return buf;
	}
	if (a->duration_s / a->u[C_ROUNDS] < 1) {
		snprintf(buf, len, "--duration %g: below the minimum of %llu s (%llu rounds of at least 1 s a row)",
			 a->duration_s, a->u[C_ROUNDS], a->u[C_ROUNDS]);
		return buf;
	}
	return bench_check_cycles(a, a->duration_s, a->u[C_PERIOD_US], 100,
				  "row", buf, len);
}

const struct bench_def bench_compare = {
	.name = "compare",
	.title = "shieldrt's loop vs timerlat (rtla or tracefs) vs cyclictest, one CPU, one period",
	.help =
	"shieldrt loops (--modes), the kernel's timerlat tracer and cyclictest\n"
	"on the same CPU at the same period, taking turns in --rounds\n"
	"segments.  Per row the IRQ and thread latencies' p99 and max and the\n"
	"samples; then shieldrt's p99 over each reference's.  timerlat runs\n"
	"through rtla when it is in PATH, else through tracefs (the kernel's\n"
	"timerlat tracer, its settings put back afterwards); the 'via' column\n"
	"says which.  A reference that is not there has a row saying why;\n"
	"--tools names the ones that must be there.",
	.params = cmp_params,
	.nparams = C_NR,
	.def_duration_s = 20,
	.duration_is = "seconds a row, over its rounds",
	.max_cpus = 1,
	.check = cmp_check,
	.run = cmp_run,
};
