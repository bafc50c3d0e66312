// SPDX-License-Identifier: GPL-2.0
/*
 * overhead: the runtime's own work per cycle, broken down.  Under an
 * emulator whose clock counts instructions (QEMU -icount) every figure is
 * a count of instructions; elsewhere nanoseconds.  Rows:
 *   bare     an hrtimer loop, no chain, nobody attached
 *   chain    + the 4-in/4-out chain of four gains (gain4.chain)
 *   reader   + a telemetry reader attached (this bench, draining it)
 *   poll     the same as reader, polling: the spin's clock readings
 * Columns (averages per cycle): wake = deadline to the thread running;
 * to_work = the thread running to the cycle's work (lateness - thread
 * latency); compute = inputs, chain, outputs; post = the end of the
 * outputs to the next wait; own = to_work + compute + post; sched = the
 * thread's runtime per cycle minus own (arming the timer, the switch out
 * and in: the kernel's price of sleeping; none when polling).  For poll:
 * read = spin time per clock reading, late_reads = lateness p99 over it.
 * mem = the loop's memory as the module states it (STATS mem_bytes, and
 * its parts): bare is a loop at the default settings.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "ctl.h"
#include "userctl.h"

enum {
	O_PERIOD_US,
	O_ROWS,
	O_PRIO,
	O_NR
};

static const char *const ov_rows[] = { "bare", "chain", "reader", "poll",
				       NULL };

static const struct bench_param ov_params[] = {
	[O_PERIOD_US] = { "period_us", BP_UINT, "us", 1000,
		BENCH_PERIOD_MIN_US, BENCH_PERIOD_MAX_US, NULL, NULL,
		"the loop's period" },
	[O_ROWS] = { "rows", BP_WORDS, "", 0, 0, 0, "bare,chain,reader,poll",
		ov_rows, "the rows to run, in that order" },
	[O_PRIO] = { "prio", BP_UINT, "", 95, 1, 99, NULL, NULL,
		"SCHED_FIFO priority of the loop" },
};

/* after the others, a column per part of the loop's memory: "mem_region" */
#define OV_MEM_FIRST	13
#define OV_MEM_COL(value, name)						\
	[OV_MEM_FIRST + (value)] = { "mem_" name, name, "B", "exact", 0 },

static const struct bench_col ov_cols[] = {
	{ "case", "row", "", "", 0 },
	{ "mode", "mode", "", "", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "wake", "wake", "ns", "avg", 0 },
	{ "to_work", "to_work", "ns", "avg", 0 },
	{ "compute", "compute", "ns", "avg", 0 },
	{ "post", "post", "ns", "avg", 0 },
	{ "own", "own", "ns", "avg", 0 },
	{ "sched", "sched", "ns", "avg", 0 },
	{ "read_ns", "read", "ns", "avg", 1 },
	{ "late_p99_reads", "late_reads", "", "<=0.79%", 2 },
	{ "period_us", "period", "us", "", 0 },
	{ "mem_bytes", "mem", "B", "exact", 0 },
	SHIELDRT_MEM_LIST(OV_MEM_COL)
};
_Static_assert(ARRAY_SIZE(ov_cols) == OV_MEM_FIRST + SHIELDRT_NR_MEM,
	       "OV_MEM_FIRST is the count of the columns before mem's parts");

static void ov_discard(void *arg, const struct shieldrt_tel *t)
{
	(void)arg;
	(void)t;
}

static void ov_row(const struct bench_args *a, const struct bench_env *e,
		   struct bench_table *t, const char *name)
{
	const char *loop = BENCH_LOOP_PREFIX "ov";
	const char *mode = strcmp(name, "poll") ? "hrtimer" : "poll";
	bool chain = strcmp(name, "bare"), reader = !strcmp(name, "reader") ||
		     !strcmp(name, "poll");
	unsigned long long period = a->u[O_PERIOD_US], cyc, p99;
	struct shieldrt_stats_req st;
	struct bench_tel *tel = NULL;
	struct bench_undo *u;
	struct bench_hist h;
	long long thr, late, comp, post, tw, own, run;
	unsigned int row, i;
	bool past;

	u = bench_loop_create(loop, "cpu=%d period_us=%llu mode=%s prio=%llu %s",
			      e->cpu[0], period, mode, a->u[O_PRIO],
			      bench_force(e, e->cpu[0]));
	if (chain)
		bench_loop_chain(loop, "gain4", period);
	/*
	 * No automatic flight trigger: the recorder records every cycle, as
	 * on a machine that does not overrun.  Under emulation the first
	 * overrun would freeze it and leave its cost out of the row.
	 */
	ctl_flight_ctl(loop, SHIELDRT_REQ_FLIGHT_TRIGGERS, 0);
	/* a warm-up, then a clean count */
	bench_loop_run(loop, 1, NULL, 0);
	ctl_reset(loop);
	if (reader)
		tel = bench_tel_open(loop, ov_discard, NULL);
	bench_loop_run(loop, a->duration_s, tel, 0);
	bench_tel_close(tel);
	ctl_stats(loop, &st);
	bench_hist_take(loop, &h);
	bench_undo_now(u);

	row = bench_row_add(t);
	bench_set_text(t, row, "case", "%s", name);
	bench_set_text(t, row, "mode", "%s", mode);
	bench_set_u(t, row, "period_us", period);
	cyc = st.cycles;
	bench_set_u(t, row, "cycles", cyc);
	bench_set_u(t, row, "mem_bytes", st.mem_bytes);
	for (i = 0; i < SHIELDRT_NR_MEM; i++)
		bench_set_u(t, row, ov_cols[OV_MEM_FIRST + i].key, st.mem[i]);
	if (!cyc) {
		bench_row_why(t, row, "no cycle ran");
		bench_hist_free(&h);
		return;
	}
	thr = st.metric[SHIELDRT_M_THREAD].avg;
	late = st.metric[SHIELDRT_M_LATENESS].avg;
	comp = st.metric[SHIELDRT_M_COMPUTE].avg;
	post = (long long)((st.post_ns + cyc / 2) / cyc);
	run = (long long)((st.task_runtime_ns + cyc / 2) / cyc);
	tw = late - thr;
	own = tw + comp + post;
	bench_set_i(t, row, "to_work", tw);
	bench_set_i(t, row, "compute", comp);
	bench_set_i(t, row, "post", post);
	bench_set_i(t, row, "own", own);
	if (strcmp(mode, "poll")) {
		bench_set_i(t, row, "wake", thr);
		bench_set_i(t, row, "sched", run - own);
	} else if (st.spin_reads) {
		/* a poll loop spins: its runtime is the period, not its work */
		double rd = (double)st.spin_ns / st.spin_reads;

		bench_set_d(t, row, "read_ns", rd);
		if (rd > 0 && !bench_hist_quantile(&h, SHIELDRT_M_LATENESS,
						   0.99, &p99, &past) && !past)
			bench_set_d(t, row, "late_p99_reads", p99 / rd);
	}
	bench_hist_free(&h);
}

static int ov_run(const struct bench_def *d, const struct bench_args *a,
		  const struct bench_env *e, struct bench_result *r)
{
	struct bench_table *t;
	unsigned int i;

	bench_info_u(r, "cpu", "", e->cpu[0]);
	bench_info_u(r, "period_us", "us", a->u[O_PERIOD_US]);
	bench_info_d(r, "seconds_per_row", "s", a->duration_s);
	t = bench_table_add(r, "rows", ov_cols, ARRAY_SIZE(ov_cols));
	for (i = 0; i < a->nw[O_ROWS]; i++)
		ov_row(a, e, t, bench_word(d, a, O_ROWS, i));
	bench_note(r, "per cycle, averages of exact sums: wake = deadline to the thread running; to_work = thread running to the work; compute = inputs + chain + outputs; post = outputs' end to the next wait; own = to_work + compute + post (the runtime's own code); sched = the thread's runtime per cycle - own (timer, switch out and in)");
	bench_note(r, "read: poll's spin time per clock reading; late_reads: lateness p99 over one reading (the floor of a polled start is one); under QEMU -icount 1 ns = 1 guest instruction");
	bench_note(r, "rows: bare = no chain, nobody attached; chain = gain4.chain (four gains); reader = and this bench reading the telemetry ring; poll = reader, polling");
	bench_note(r, "mem: the loop's memory after its run as the module states it (STATS mem_bytes), then its parts: as the allocators hand them out (slab object sizes, whole pages); bare is a loop at the default settings");
	return 0;
}

static const char *ov_check(const struct bench_def *d,
			    const struct bench_args *a,
			    const struct bench_env *e, char *buf, size_t len)
{
	(void)d;
	(void)e;
	return bench_check_cycles(a, a->duration_s, a->u[O_PERIOD_US], 100,
				  "row", buf, len);
}

const struct bench_def bench_overhead = {
	.name = "overhead",
	.title = "the runtime's own work per cycle, broken down (wake, to_work, compute, post, sched)",
	.help =
	"One loop a row: bare (hrtimer, no chain), chain (gain4.chain), reader\n"
	"(a telemetry reader attached), poll (the same, polling).  Per cycle,\n"
	"averages of exact sums: wake, to_work, compute, post, own (the\n"
	"runtime's own code: to_work + compute + post) and sched (the thread's\n"
	"runtime minus own); for poll the time of a clock reading and the\n"
	"lateness p99 in readings.  Under QEMU -icount (scripts/bench/bench\n"
	"--icount) 1 ns is one guest instruction, so the figures are\n"
	"instruction counts; elsewhere nanoseconds.",
	.params = ov_params,
	.nparams = O_NR,
	.def_duration_s = 4,
	.duration_is = "seconds a row, after a 1 s warm-up",
	.max_cpus = 1,
	.check = ov_check,
	.run = ov_run,
};
