// SPDX-License-Identifier: GPL-2.0
/*
 * section: the i.MX6Q study's M1-M5 table.  The mctest motion step (about
 * 6 us on the study's board, deadline 10 us, period 100 us) runs under
 * each locking method while the housekeeping CPUs run system call storms:
 *   M1 section=spinlock       spin_lock_irqsave, lock shared with a peer
 *   M2 section=none           no lock
 *   M3 section=raw_spinlock   raw_spin_lock_irqsave, lock shared
 *   M4 section=irqsave        local_irq_save
 *   M5 section=none, no MMIO  no peripheral access at all
 * each method with MMIO (a provider, one read and one write a cycle) and
 * without.  The peer of the lock rows is a second loop on a housekeeping
 * CPU, same section kind and lock, a small workload and a period that
 * drifts against ours.  A calibration run measures the step first; the
 * period and thresholds are the study's times the step's slowdown
 * against its 6 us.  Over-threshold counts come from every cycle's
 * telemetry record (compute time, exact); the section's from its
 * histogram (bucket edges against the threshold); avg and max exact.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "ctl.h"
#include "userctl.h"

enum {
	M_METHODS,
	M_STORMS,
	M_MODE,
	M_CYCLES,
	M_TSCALE,
	M_PERIOD_US,
	M_CALIB_PERIOD_US,
	M_PEER_PERIOD_US,
	M_PEER_WORK_NS,
	M_MMIO,
	M_MMIO_PROVIDER,
	M_PRIO,
	M_NR
};

static const char *const sec_methods[] = { "spinlock", "none",
					   "raw_spinlock", "irqsave",
					   "preempt", NULL };
static const char *const sec_modes[] = { "hrtimer", "hybrid", "poll", NULL };
static const char *const sec_storms[] = {
/* the "" keeps checkpatch from taking the string for an expression */
#define STORM_KIND(k) "" #k,
#include "storm_kinds.h"
#undef STORM_KIND
	NULL
};

static const struct bench_param sec_params[] = {
	[M_METHODS] = { "methods", BP_WORDS, "", 0, 0, 0,
		"spinlock,none,raw_spinlock,irqsave", sec_methods,
		"section kinds, a row each (with and without MMIO)" },
	[M_STORMS] = { "storms", BP_WORDS, "", 0, 0, 0,
		"fork,exec,open,read,write", sec_storms,
		"storms on every housekeeping CPU during each row" },
	[M_MODE] = { "mode", BP_WORDS, "", 0, 0, 0, "hrtimer", sec_modes,
		"the loop's wait mode (one)" },
	[M_CYCLES] = { "cycles", BP_UINT, "", 10000, 100, 1000000000, NULL,
		NULL, "cycles a row (the study: 10,000); --duration replaces it" },
	[M_TSCALE] = { "tscale", BP_UINT, "", 0, 0, 1000000, NULL, NULL,
		"the study's times this (0: calibrated, the step / 6 us)" },
	[M_PERIOD_US] = { "period_us", BP_UINT, "us", 0, 0,
		BENCH_PERIOD_MAX_US, NULL, NULL,
		"the period (0: the study's 100 us x tscale)" },
	[M_CALIB_PERIOD_US] = { "calib_period_us", BP_UINT, "us", 10000,
		BENCH_PERIOD_MIN_US, BENCH_PERIOD_MAX_US, NULL, NULL,
		"the calibration run's period (300 cycles)" },
	[M_PEER_PERIOD_US] = { "peer_period_us", BP_UINT, "us", 0, 0,
		BENCH_PERIOD_MAX_US, NULL, NULL,
		"the lock peer's period (0: period x 7/10 + 1)" },
	[M_PEER_WORK_NS] = { "peer_work_ns", BP_UINT, "ns", 0, 0, 1000000000,
		NULL, NULL, "the lock peer's workload (0: 2 us x tscale)" },
	[M_MMIO] = { "mmio", BP_FLAG, "", 1, 0, 1, NULL, NULL,
		"1: each method with and without MMIO (where a provider is registered); 0: without only" },
	[M_MMIO_PROVIDER] = { "mmio_provider", BP_NAME, "", 0, 1, 0, "pcibar",
		NULL, "the I/O provider of the MMIO rows (in=0-0:out=0-0)" },
	[M_PRIO] = { "prio", BP_UINT, "", 95, 1, 99, NULL, NULL,
		"SCHED_FIFO priority of the loop (the peer: 90)" },
};

/* The study's thresholds, us (times the scale). */
static const unsigned int sec_thr[] = { 1, 10, 20, 50 };
#define NTHR	ARRAY_SIZE(sec_thr)

static const struct bench_col sec_cols[] = {
	{ "study_method", "M", "", "", 0 },
	{ "section", "method", "", "", 0 },
	{ "mmio", "mmio", "", "", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "missed", "miss", "", "exact", 0 },
	{ "over_thr1_per10k", ">t1", "/10k", "exact", 1 },
	{ "over_thr10_per10k", ">t10", "/10k", "exact", 1 },
	{ "over_thr20_per10k", ">t20", "/10k", "exact", 1 },
	{ "over_thr50_per10k", ">t50", "/10k", "exact", 1 },
	{ "section_over_thr10_per10k", "sec>t10", "/10k", "bucket", 1 },
	{ "compute_max_ns", "comp_max", "ns", "exact", 0 },
	{ "section_avg_ns", "sec_avg", "ns", "exact", 0 },
	{ "section_max_ns", "sec_max", "ns", "exact", 0 },
	{ "lock_wait_avg_ns", "lkw_avg", "ns", "exact", 0 },
	{ "lock_wait_max_ns", "lkw_max", "ns", "exact", 0 },
	{ "peer_lock_wait_max_ns", "peer_lkw_max", "ns", "exact", 0 },
	{ "io_reads", "io_reads", "", "exact", 0 },
	{ "study_over10_per10k", "study>10", "/10k", "", 0 },
	{ "study_max_us", "study_max", "us", "", 2 },
	{ "tscale", "scale", "", "", 0 },
	{ "period_us", "period", "us", "", 0 },
	{ "records", "records", "", "exact", 0 },
	{ "drops", "drops", "", "exact", 0 },
};

/* The study: M label, runs over 10 us of 10,000, its longest run (us). */
static const struct {
	const char *label, *method;
	bool mmio;
	unsigned int over10;
	double max_us;
} sec_study[] = {
	{ "M1", "spinlock", true, 41, 12.67 },
	{ "M2", "none", true, 7, 11 },
	{ "M3", "raw_spinlock", true, 19, 11.67 },
	{ "M4", "irqsave", true, 6, 12.67 },
	{ "M5", "none", false, 1, 10.33 },
};

struct sec_count {
	unsigned long long thr_ns[NTHR], over[NTHR], missed;
};

static void sec_record(void *arg, const struct shieldrt_tel *t)
{
	struct sec_count *c = arg;
	unsigned int i;

	c->missed += t->missed;
	for (i = 0; i < NTHR; i++)
		c->over[i] += t->compute_ns > c->thr_ns[i];
}

struct sec_plan {
	unsigned long long scale, period, peer_period, peer_work, cycles;
	const char *mode, *no_mmio;
	double cal_avg_ns, cal_max_ns;
};

/* The step's time on a quiet machine: section=none, no storm, no MMIO. */
static void sec_calibrate(const struct bench_args *a,
			  const struct bench_env *e, struct sec_plan *p)
{
	const char *loop = BENCH_LOOP_PREFIX "cal";
	unsigned long long cp = a->u[M_CALIB_PERIOD_US];
	struct shieldrt_stats_req st;
	struct sec_count c;
	struct bench_tel *tel;
	struct bench_undo *u;

	memset(&c, 0, sizeof(c));
	u = bench_loop_create(loop, "cpu=%d period_us=%llu mode=%s prio=%llu section=none %s",
			      e->cpu[0], cp, p->mode, a->u[M_PRIO],
			      bench_force(e, e->cpu[0]));
	bench_loop_chain(loop, "mctest6", cp);
	tel = bench_tel_open(loop, sec_record, &c);
	bench_loop_run(loop, 300.0 * cp / 1e6 + 30, tel, 300);
	bench_tel_close(tel);
	ctl_stats(loop, &st);
	bench_undo_now(u);
	p->cal_avg_ns = st.metric[SHIELDRT_M_SECTION].avg;
	p->cal_max_ns = st.metric[SHIELDRT_M_SECTION].max;
}

static const char *study_label(const char *method, bool mmio)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sec_study); i++)
		if (!strcmp(sec_study[i].method, method) &&
		    sec_study[i].mmio == mmio)
			return sec_study[i].label;
	return NULL;
}

static const char *const over_keys[NTHR] = {
	"over_thr1_per10k", "over_thr10_per10k", "over_thr20_per10k",
	"over_thr50_per10k",
};

static void sec_row(const struct bench_args *a, const struct bench_env *e,
		    struct bench_result *r, struct bench_table *t,
		    const struct sec_plan *p, const char *method, bool mmio)
{
	const char *loop = BENCH_LOOP_PREFIX "mc", *peer = BENCH_LOOP_PREFIX "pe";
	const char *label = study_label(method, mmio);
	bool locks = !strcmp(method, "spinlock") ||
		     !strcmp(method, "raw_spinlock");
	char err[SHIELDRT_ERR_LEN], io[64] = "", lock[32] = "";
	unsigned long long rec, drops, reads, writes, n;
	struct sec_count c;
	struct shieldrt_stats_req st, pst;
	struct bench_undo *u, *pu = NULL;
	struct bench_storms storms;
	struct bench_tel *tel;
	struct bench_hist h;
	unsigned int row = bench_row_add(t), i;
	const char *storm_kinds[BENCH_MAX_WORDS];

	memset(&c, 0, sizeof(c));
	bench_set_text(t, row, "study_method", "%s", label ? label : "-");
	bench_set_text(t, row, "section", "%s", method);
	bench_set_text(t, row, "mmio", "%s", mmio ? "yes" : "no");
	bench_set_u(t, row, "tscale", p->scale);
	bench_set_u(t, row, "period_us", p->period);
	for (i = 0; label && i < ARRAY_SIZE(sec_study); i++)
		if (!strcmp(sec_study[i].label, label)) {
			bench_set_u(t, row, "study_over10_per10k",
				    sec_study[i].over10);
			bench_set_d(t, row, "study_max_us",
				    sec_study[i].max_us);
		}
	if (mmio && p->no_mmio) {
		bench_row_why(t, row, "%s", p->no_mmio);
		return;
	}
	if (mmio)
		snprintf(io, sizeof(io), "io=%s:in=0-0:out=0-0",
			 a->s[M_MMIO_PROVIDER]);
	if (locks)
		snprintf(lock, sizeof(lock), "lock=%slock", BENCH_LOOP_PREFIX);
	if (bench_loop_create_try(&u, err, sizeof(err), loop,
				  "cpu=%d period_us=%llu mode=%s prio=%llu section=%s %s %s %s",
				  e->cpu[0], p->period, p->mode, a->u[M_PRIO],
				  method, lock, io, bench_force(e, e->cpu[0]))) {
		bench_row_why(t, row, "the module refused the loop: %s", err);
		return;
	}
	bench_loop_chain(loop, "mctest6", p->period);
	if (locks) {
		pu = bench_loop_create(peer, "cpu=%d period_us=%llu mode=hrtimer prio=90 section=%s %s workload_ns=%llu force=1",
				       bench_house_cpu(e), p->peer_period,
				       method, lock, p->peer_work);
		ctl_start(peer);
	}
	for (i = 0; i < NTHR; i++)
		c.thr_ns[i] = 1000ULL * sec_thr[i] * p->scale;
	for (i = 0; i < a->nw[M_STORMS]; i++)
		storm_kinds[i] = bench_word(r->def, a, M_STORMS, i);
	tel = bench_tel_open(loop, sec_record, &c);
	bench_storms_start(&storms, &e->house, storm_kinds, a->nw[M_STORMS]);
	/* until N cycles came, or three times as long as they should take */
	bench_loop_run(loop, 3.0 * p->cycles * p->period / 1e6 + 10, tel,
		       p->cycles);
	bench_storms_stop(&storms, NULL);
	if (pu) {
		ctl_stop(peer);
		ctl_stats(peer, &pst);
		bench_set_u(t, row, "peer_lock_wait_max_ns",
			    pst.metric[SHIELDRT_M_LOCKWAIT].max);
		bench_undo_now(pu);
	}
	bench_tel_counts(tel, &rec, &drops);
	bench_tel_close(tel);
	ctl_stats(loop, &st);
	bench_hist_take(loop, &h);
	if (mmio && !bench_io_calls(loop, a->s[M_MMIO_PROVIDER], &reads,
				    &writes)) {
		bench_set_u(t, row, "io_reads", reads);
		if (reads < st.cycles || writes < st.cycles)
			bench_warn(r, "%s mmio: %llu reads and %llu writes for %llu cycles",
				   method, reads, writes,
				   (unsigned long long)st.cycles);
	}
	bench_undo_now(u);

	bench_set_u(t, row, "cycles", st.cycles);
	bench_set_u(t, row, "missed", c.missed);
	bench_set_u(t, row, "records", rec);
	bench_set_u(t, row, "drops", drops);
	bench_set_u(t, row, "compute_max_ns", st.metric[SHIELDRT_M_COMPUTE].max);
	bench_set_u(t, row, "section_avg_ns", st.metric[SHIELDRT_M_SECTION].avg);
	bench_set_u(t, row, "section_max_ns", st.metric[SHIELDRT_M_SECTION].max);
	if (locks) {
		bench_set_u(t, row, "lock_wait_avg_ns",
			    st.metric[SHIELDRT_M_LOCKWAIT].avg);
		bench_set_u(t, row, "lock_wait_max_ns",
			    st.metric[SHIELDRT_M_LOCKWAIT].max);
	}
	/* per 10,000 of the cycles read: the telemetry's own */
	n = rec;
	if (n) {
		for (i = 0; i < NTHR; i++)
			bench_set_d(t, row, over_keys[i],
				    c.over[i] * 10000.0 / n);
		bench_set_d(t, row, "section_over_thr10_per10k",
			    bench_hist_count_from(&h, SHIELDRT_M_SECTION,
						  c.thr_ns[1]) * 10000.0 /
			    (h.m[SHIELDRT_M_SECTION].count ?: 1));
	} else {
		bench_row_why(t, row, "no cycle ran");
	}
	bench_hist_free(&h);
	if (drops)
		bench_warn(r, "%s mmio=%s: %llu telemetry records lost to a full ring: the counts are per 10,000 of the %llu cycles read",
			   method, mmio ? "yes" : "no", drops, rec);
}

static int sec_run(const struct bench_def *d, const struct bench_args *a,
		   const struct bench_env *e, struct bench_result *r)
{
	struct sec_plan p = { .mode = bench_word(d, a, M_MODE, 0) };
	char why[256], list[256] = "", house[256];
	struct bench_table *t;
	unsigned int m, i;

	if (a->u[M_MMIO] && !bench_provider_registered(a->s[M_MMIO_PROVIDER])) {
		snprintf(why, sizeof(why), "no I/O provider '%s' registered (VIEW providers): load one (shieldrt_pcibar on a device) for the MMIO rows; the study's M1-M4 have no row to stand beside",
			 a->s[M_MMIO_PROVIDER]);
		p.no_mmio = why;
	}
	sec_calibrate(a, e, &p);
	p.scale = a->u[M_TSCALE];
	if (!p.scale)
		p.scale = (unsigned long long)((p.cal_avg_ns + 3000) / 6000);
	if (!p.scale)
		p.scale = 1;
	p.period = a->u[M_PERIOD_US] ? a->u[M_PERIOD_US] : 100 * p.scale;
	if (p.period > BENCH_PERIOD_MAX_US)
		fatal("bench section: a scale of %llu makes the period %llu us, above a loop's %d: give --tscale",
		      p.scale, p.period, BENCH_PERIOD_MAX_US);
	p.peer_period = a->u[M_PEER_PERIOD_US] ? a->u[M_PEER_PERIOD_US] :
			p.period * 7 / 10 + 1;
	p.peer_work = a->u[M_PEER_WORK_NS] ? a->u[M_PEER_WORK_NS] :
		      2000 * p.scale;
	p.cycles = a->duration_given ?
		   (unsigned long long)(a->duration_s * 1e6 / p.period) :
		   a->u[M_CYCLES];
	for (i = 0; i < a->nw[M_STORMS]; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%s%s", i ? "," : "", bench_word(d, a, M_STORMS, i));
	bench_info_u(r, "cpu", "", e->cpu[0]);
	bench_info_text(r, "storm_cpus", "%s",
			cpulist_format(&e->house, house, sizeof(house)));
	bench_info_text(r, "storms", "%s", list);
	bench_info_text(r, "mode", "%s", p.mode);
	bench_info_d(r, "calib_step_avg_ns", "ns", p.cal_avg_ns);
	bench_info_d(r, "calib_step_max_ns", "ns", p.cal_max_ns);
	bench_info_u(r, "tscale", "", p.scale);
	bench_info_u(r, "period_us", "us", p.period);
	bench_info_u(r, "cycles_per_row", "", p.cycles);
	bench_info_text(r, "thresholds_us", "%llu,%llu,%llu,%llu", p.scale,
			10 * p.scale, 20 * p.scale, 50 * p.scale);
	bench_info_text(r, "peer", "cpu %d, lock %slock, period %llu us, workload %llu ns",
			bench_house_cpu(e), BENCH_LOOP_PREFIX, p.peer_period,
			p.peer_work);
	if (a->u[M_MMIO])
		bench_info_text(r, "mmio", "%s",
				p.no_mmio ? p.no_mmio : a->s[M_MMIO_PROVIDER]);
	t = bench_table_add(r, "rows", sec_cols, ARRAY_SIZE(sec_cols));
	for (m = 0; m < a->nw[M_METHODS]; m++) {
		const char *method = bench_word(d, a, M_METHODS, m);

		if (a->u[M_MMIO])
			sec_row(a, e, r, t, &p, method, true);
		sec_row(a, e, r, t, &p, method, false);
	}
	bench_note(r, ">tN /10k: cycles whose compute time (wake to the end of the outputs: lock wait, MMIO read, chain) exceeded N times the scale in us, per 10,000 cycles read, from every cycle's telemetry record (exact); sec>t10: the same for the section (lock held: MMIO read, chain, MMIO write), from its histogram (bucket edges against the threshold, buckets 0.79 %% wide)");
	bench_note(r, "comp_max, sec_*, lkw_* (lock wait): exact; study: i.MX6Q, 10,000 runs, deadline 10 us, M1-M4 with GPIO access (beside the MMIO rows), M5 none without");
	bench_note(r, "scale: the calibration step (section=none, no storm, no MMIO, 300 cycles) over the study's 6 us, rounded; period and thresholds are the study's times it");
	return 0;
}

static const char *sec_check(const struct bench_def *d,
			     const struct bench_args *a,
			     const struct bench_env *e, char *buf, size_t len)
{
	(void)e;
	if (a->nw[M_MODE] != 1) {
		snprintf(buf, len, "--mode: one wait mode, not %u",
			 a->nw[M_MODE]);
		return buf;
	}
	if (a->u[M_PERIOD_US] &&
	    bench_check_period(a->u[M_PERIOD_US], buf, len))
		return buf;
	if (a->u[M_PEER_PERIOD_US] &&
	    bench_check_period(a->u[M_PEER_PERIOD_US], buf, len))
		return buf;
	if (!bench_storm_tool()) {
		snprintf(buf, len, "the storms need shieldrt-storm, which is neither in PATH nor beside userctl (make install installs it)");
		return buf;
	}
	if (a->given[M_MMIO_PROVIDER] && a->u[M_MMIO] &&
	    !bench_provider_registered(a->s[M_MMIO_PROVIDER])) {
		snprintf(buf, len, "--mmio-provider %s: no I/O provider of that name is registered",
			 a->s[M_MMIO_PROVIDER]);
		return buf;
	}
	if (a->duration_given && a->duration_s < 1) {
		snprintf(buf, len, "--duration %g: below the minimum of 1 s a row",
			 a->duration_s);
		return buf;
	}
	(void)d;
	return NULL;
}

const struct bench_def bench_section = {
	.name = "section",
	.title = "i.MX6Q M1-M5: the mctest step under spinlock, none, raw_spinlock, irqsave, with and without MMIO, under storms",
	.help =
	"The mctest6 chain on the CPU under each section kind (--methods),\n"
	"each with MMIO (a provider bound to input 0 and output 0, only when\n"
	"registered) and without, while every housekeeping CPU runs the\n"
	"--storms; the lock rows (spinlock, raw_spinlock) share their lock\n"
	"with a peer loop on a housekeeping CPU.  A calibration run measures\n"
	"the step (section none, quiet) and sets the scale: the step over the\n"
	"study's 6 us; period and thresholds are the study's 100 us and\n"
	"1/10/20/50 us times it.  Per row: cycles whose compute time exceeded\n"
	"each threshold per 10,000 (exact, from the telemetry ring), the\n"
	"section's over the 10 us threshold (its histogram), maxima and\n"
	"averages, lock waits, and the study's figures beside M1-M5.",
	.params = sec_params,
	.nparams = M_NR,
	.def_duration_s = 0,
	.duration_is = "if given: seconds a row, instead of --cycles",
	.max_cpus = 1,
	.check = sec_check,
	.run = sec_run,
};
