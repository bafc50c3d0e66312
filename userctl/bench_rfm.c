// SPDX-License-Identifier: GPL-2.0
/*
 * rfm: reflective memory between nodes, measured on each node by its own
 * shieldrt_rfm provider and read through the loop's "io" view.  A second
 * node is given when the rfm provider is registered (shieldrt_rfm loaded
 * with nodes >= 2 on every node, docs/rfm.md); each node runs the same
 * command at about the same time.
 *
 * At each rate an echo loop (no chain) bound to rfm writes this node's
 * block and judges every other node's.  Once every other node's block is
 * fresh and its cycle counter moves at this rate (it runs the same step),
 * the counters are reset and the loop runs --duration; then a row per
 * other node: how old the data in use was (cycles since that node's last
 * fresh block, and ns of the two clocks, which need the nodes' clocks in
 * step), torn and corrupt blocks, and the round trip through it (this
 * node's sequence echoed back: its cycles and ns of its own clock).  The
 * loop then lingers, so that the other nodes' windows end first.
 *
 * With two nodes, then the same controller closed across them and on one:
 * node 0 runs the motor (demo-motor-plant.chain), node 1 the controller
 * (demo-motor-ctl.chain) through reflective memory, fed a 1 rad step;
 * then node 1 runs that controller with the motor in its own chain
 * (demo-motor-1node.chain), fed the same step.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../include/shieldrt_f64.h"
#include "bench.h"
#include "ctl.h"
#include "userctl.h"

enum {
	R_RATES,
	R_LINGER,
	R_CONTROL,
	R_STEP_S,
	R_WAIT,
	R_PRIO,
	R_NR
};

static const struct bench_param rfm_params[] = {
	[R_RATES] = { "rates", BP_UINTS, "Hz", 0, 1, 100000,
		"1000,10000,20000", NULL, "loop rates, one after the other" },
	[R_LINGER] = { "linger", BP_UINT, "s", 4, 0, 3600, NULL, NULL,
		"seconds the loop runs on after its window, so the others' end first" },
	[R_CONTROL] = { "control", BP_FLAG, "", 1, 0, 1, NULL, NULL,
		"with two nodes: the controller across the nodes and on one" },
	[R_STEP_S] = { "step_s", BP_UINT, "s", 2, 1, 3600, NULL, NULL,
		"seconds recorded after the controller's step" },
	[R_WAIT] = { "wait", BP_UINT, "s", 120, 1, 86400, NULL, NULL,
		"seconds to wait for the other nodes at each step" },
	[R_PRIO] = { "prio", BP_UINT, "", 80, 1, 99, NULL, NULL,
		"SCHED_FIFO priority of the loops" },
};

static const struct bench_col rfm_cols[] = {
	{ "nodes", "nodes", "", "", 0 },
	{ "rate_hz", "rate", "Hz", "", 0 },
	{ "node", "node", "", "", 0 },
	{ "from", "from", "", "", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "missed", "missed", "", "exact", 0 },
	{ "fresh", "fresh", "", "exact", 0 },
	{ "fresh_pct", "fresh", "%", "exact", 1 },
	{ "torn", "torn", "", "exact", 0 },
	{ "corrupt", "corrupt", "", "exact", 0 },
	{ "age_cycles_p50", "agec50", "cycles", "bucket", 0 },
	{ "age_cycles_p99", "agec99", "cycles", "bucket", 0 },
	{ "age_cycles_max", "agecmx", "cycles", "exact", 0 },
	{ "age_ns_p50", "agens50", "ns", "bucket", 0 },
	{ "age_ns_p99", "agens99", "ns", "bucket", 0 },
	{ "age_ns_max", "agensmx", "ns", "exact", 0 },
	{ "future", "future", "", "exact", 0 },
	{ "rtt_cycles_p50", "rttc50", "cycles", "bucket", 0 },
	{ "rtt_cycles_p99", "rttc99", "cycles", "bucket", 0 },
	{ "rtt_cycles_max", "rttcmx", "cycles", "exact", 0 },
	{ "rtt_ns_p50", "rttns50", "ns", "bucket", 0 },
	{ "rtt_ns_p99", "rttns99", "ns", "bucket", 0 },
	{ "rtt_ns_max", "rttnsmx", "ns", "exact", 0 },
};

static const struct bench_col ctl_cols[] = {
	{ "rate_hz", "rate", "Hz", "", 0 },
	{ "way", "way", "", "", 0 },
	{ "records", "records", "", "exact", 0 },
	{ "cycles", "cycles", "", "exact", 0 },
	{ "missed", "missed", "", "exact", 0 },
	{ "err_max", "err_max", "rad", "exact", 6 },
	{ "end_dev", "end_dev", "rad", "exact", 6 },
	{ "age_cycles_p99", "agec99", "cycles", "bucket", 0 },
	{ "age_cycles_max", "agecmx", "cycles", "exact", 0 },
};

/* The keys of a remote line the echo rows copy, as the row names them. */
static const char *const rfm_remote_keys[] = {
	"fresh", "torn", "corrupt", "age_cycles_p50", "age_cycles_p99",
	"age_cycles_max", "age_ns_p50", "age_ns_p99", "age_ns_max",
	"future", "rtt_cycles_p50", "rtt_cycles_p99", "rtt_cycles_max",
	"rtt_ns_p50", "rtt_ns_p99", "rtt_ns_max",
};

#define RFM_LOOP	BENCH_LOOP_PREFIX "rfm"

/* The provider's view of the binding: layout and the remote lines. */
struct rfm_view {
	char *text;
	unsigned long long nodes, node;
};

/* KEY=N in @line (a word of its own); false if it has none. */
static bool kv_u64(const char *line, const char *key, unsigned long long *v)
{
	size_t len = strlen(key);
	const char *p;

	for (p = line; (p = strstr(p, key)); p += len)
		if ((p == line || p[-1] == ' ') && p[len] == '=')
			return sscanf(p + len + 1, "%llu", v) == 1;
	return false;
}

static void rfm_view_read(struct rfm_view *v, const char *loop)
{
	const char *l;

	free(v->text);
	v->text = ctl_view(loop, "io");
	v->nodes = v->node = 0;
	l = strstr(v->text, "\nlayout: ");
	if (l)
		kv_u64(l + 1, "nodes", &v->nodes);
	l = strstr(v->text, "\nnode: ");
	if (l)
		sscanf(l + 7, "%llu", &v->node);
}

/* The "remote: node=K ..." line of node @k (a copy), NULL if none. */
static char *rfm_remote(const struct rfm_view *v, unsigned long long k)
{
	char head[48], *p, *end;

	snprintf(head, sizeof(head), "\nremote: node=%llu ", k);
	p = strstr(v->text, head);
	if (!p)
		return NULL;
	p++;
	end = strchr(p, '\n');
	return end ? strndup(p, end - p) : xstrdup(p);
}

static bool rfm_remote_u64(const struct rfm_view *v, unsigned long long k,
			   const char *key, unsigned long long *val)
{
	char *line = rfm_remote(v, k);
	bool ok = line && kv_u64(line, key, val);

	free(line);
	return ok;
}

/*
 * Every other node is up at this rate: its block fresh at least twice,
 * and its cycle counter moving at our rate (within a third), so a node
 * still at the last step is not taken for one at this step.
 */
static bool rfm_peers_ready(struct rfm_view *v, unsigned long long period_us)
{
	unsigned long long k, f, c0[16] = { 0 }, c1;
	double t0, rate, want = 1e6 / period_us;
	bool ok = true;

	rfm_view_read(v, RFM_LOOP);
	t0 = bench_now();
	for (k = 0; k < v->nodes && k < 16; k++) {
		if (k == v->node)
			continue;
		if (!rfm_remote_u64(v, k, "fresh", &f) || f < 2 ||
		    !rfm_remote_u64(v, k, "cycle", &c0[k]))
			ok = false;
	}
	if (!ok)
		return false;
	bench_sleep(0.5);
	rfm_view_read(v, RFM_LOOP);
	for (k = 0; k < v->nodes && k < 16; k++) {
		if (k == v->node)
			continue;
		if (!rfm_remote_u64(v, k, "cycle", &c1) || c1 < c0[k])
			return false;
		rate = (c1 - c0[k]) / (bench_now() - t0);
		if (rate < want * 2 / 3 || rate > want * 4 / 3)
			return false;
	}
	return true;
}

static bool rfm_wait_peers(const struct bench_args *a, struct rfm_view *v,
			   unsigned long long period_us)
{
	double end = bench_now() + a->u[R_WAIT];

	while (bench_now() < end) {
		if (rfm_peers_ready(v, period_us))
			return true;
		bench_sleep(0.1);
	}
	return false;
}

static void rfm_echo_rate(const struct bench_args *a,
			  const struct bench_env *e, struct bench_result *r,
			  struct bench_table *t, unsigned long long rate,
			  struct rfm_view *v)
{
	unsigned long long period = 1000000 / rate, k, val;
	struct shieldrt_stats_req st;
	struct bench_undo *u;
	char err[SHIELDRT_ERR_LEN];
	unsigned int row, i;
	bool ready;

	if (bench_loop_create_try(&u, err, sizeof(err), RFM_LOOP,
				  "cpu=%d period_us=%llu mode=hrtimer prio=%llu io=rfm:in=0-0:out=0-0",
				  e->cpu[0], period, a->u[R_PRIO])) {
		row = bench_row_add(t);
		bench_set_u(t, row, "rate_hz", rate);
		bench_row_why(t, row, "the module refused the loop: %s", err);
		return;
	}
	ctl_start(RFM_LOOP);
	ready = rfm_wait_peers(a, v, period);
	if (ready) {
		/* the figures from here: not the wait for the others */
		ctl_reset(RFM_LOOP);
		bench_sleep(a->duration_s);
		rfm_view_read(v, RFM_LOOP);
		ctl_stats(RFM_LOOP, &st);
	}
	for (k = 0; k < v->nodes; k++) {
		if (k == v->node)
			continue;
		row = bench_row_add(t);
		bench_set_u(t, row, "nodes", v->nodes);
		bench_set_u(t, row, "rate_hz", rate);
		bench_set_u(t, row, "node", v->node);
		bench_set_u(t, row, "from", k);
		if (!ready) {
			bench_row_why(t, row, "node %llu was not up at %llu Hz within %llu s",
				      k, rate, a->u[R_WAIT]);
			continue;
		}
		bench_set_u(t, row, "cycles", st.cycles);
		bench_set_u(t, row, "missed", st.missed);
		for (i = 0; i < ARRAY_SIZE(rfm_remote_keys); i++)
			if (rfm_remote_u64(v, k, rfm_remote_keys[i], &val))
				bench_set_u(t, row, rfm_remote_keys[i], val);
		if (rfm_remote_u64(v, k, "fresh", &val) && st.cycles)
			bench_set_d(t, row, "fresh_pct",
				    100.0 * val / st.cycles);
	}
	if (!v->nodes)
		bench_warn(r, "%llu Hz: the rfm provider showed no layout in the loop's io view",
			   rate);
	bench_sleep(a->u[R_LINGER]);
	bench_undo_now(u);
}

/* ---- the controller across two nodes, and on one ---- */

struct rfm_step {
	int pos, err;			/* telemetry value positions, -1 */
	unsigned long long n, cap;
	double *pos_v, emax;
};

static void rfm_step_record(void *arg, const struct shieldrt_tel *t)
{
	struct rfm_step *s = arg;
	double e;

	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 4096;
		s->pos_v = xrealloc(s->pos_v, s->cap * sizeof(*s->pos_v));
	}
	s->pos_v[s->n++] = srt_from_bits(t->value[s->pos]);
	e = fabs(srt_from_bits(t->value[s->err]));
	if (e > s->emax)
		s->emax = e;
}

/*
 * Record @loop (running @chain) for step_s + 0.3 s around a step of its
 * input "target" from 0 to 1 rad; the largest |err| and the largest
 * |pos - 1| over the last quarter.
 */
static void rfm_step(const struct bench_args *a, struct bench_table *t,
		     const char *loop, const char *chain,
		     unsigned long long rate, const char *way)
{
	struct rfm_step s = { .pos = -1, .err = -1 };
	struct shieldrt_stats_req st0, st1;
	struct bench_tel *tel;
	unsigned int row = bench_row_add(t);
	unsigned long long i;
	double dev = 0, d;
	int target;

	bench_set_u(t, row, "rate_hz", rate);
	bench_set_text(t, row, "way", "%s", way);
	target = bench_chain_signal(chain, "target", false);
	tel = bench_tel_open(loop, rfm_step_record, &s);
	s.pos = bench_tel_position(tel, chain, "pos");
	s.err = bench_tel_position(tel, chain, "err");
	if (target < 0 || s.pos < 0 || s.err < 0)
		fatal("bench rfm: %s lacks target, pos or err", chain);
	ctl_stats(loop, &st0);
	bench_tel_run(tel, 0.3);
	bench_tel_setpoint(tel, target, 1.0);
	bench_tel_run(tel, a->u[R_STEP_S]);
	ctl_stats(loop, &st1);
	bench_tel_close(tel);
	for (i = s.n - s.n / 4; i < s.n; i++) {
		d = fabs(s.pos_v[i] - 1);
		if (d > dev)
			dev = d;
	}
	bench_set_u(t, row, "records", s.n);
	bench_set_u(t, row, "cycles", st1.cycles - st0.cycles);
	bench_set_u(t, row, "missed", st1.missed - st0.missed);
	if (s.n) {
		bench_set_d(t, row, "err_max", s.emax);
		bench_set_d(t, row, "end_dev", dev);
	} else {
		bench_row_why(t, row, "no telemetry record");
	}
	free(s.pos_v);
}

static void rfm_plant(const struct bench_args *a, const struct bench_env *e,
		      struct bench_result *r, unsigned long long rate,
		      struct rfm_view *v)
{
	unsigned long long period = 1000000 / rate, f, last = 0;
	unsigned int same = 0;
	struct bench_undo *u;
	double end;

	u = bench_loop_create(RFM_LOOP, "cpu=%d period_us=%llu mode=hrtimer prio=%llu io=rfm:in=0-0:out=0-1",
			      e->cpu[0], period, a->u[R_PRIO]);
	bench_loop_chain(RFM_LOOP, "demo-motor-plant", period);
	ctl_start(RFM_LOOP);
	/* until node 1 came, then went: its fresh count still for 2 s */
	end = bench_now() + a->u[R_WAIT] + 2 * a->u[R_STEP_S] + 10;
	while (same < 20 && bench_now() < end) {
		rfm_view_read(v, RFM_LOOP);
		if (rfm_remote_u64(v, 1, "fresh", &f) && f >= 2 && f == last)
			same++;
		else
			same = 0;
		last = f;
		bench_sleep(0.1);
	}
	if (same < 20)
		bench_warn(r, "plant at %llu Hz: node 1 did not come and go within the wait",
			   rate);
	bench_undo_now(u);
}

static void rfm_controller(const struct bench_args *a,
			   const struct bench_env *e, struct bench_table *t,
			   unsigned long long rate, struct rfm_view *v)
{
	unsigned long long period = 1000000 / rate, val;
	struct bench_undo *u;
	unsigned int row;
	bool up;

	u = bench_loop_create(RFM_LOOP, "cpu=%d period_us=%llu mode=hrtimer prio=%llu io=rfm:in=1-1:out=0-0",
			      e->cpu[0], period, a->u[R_PRIO]);
	bench_loop_chain(RFM_LOOP, "demo-motor-ctl", period);
	ctl_start(RFM_LOOP);
	/* node 0's motor at this rate: not its last one, still lingering */
	up = rfm_wait_peers(a, v, period);
	ctl_reset(RFM_LOOP);
	rfm_step(a, t, RFM_LOOP, "demo-motor-ctl", rate, "two-node");
	row = t->nrows - 1;
	rfm_view_read(v, RFM_LOOP);
	if (!up)
		bench_row_why(t, row, "node 0 was not up at %llu Hz within %llu s",
			      rate, a->u[R_WAIT]);
	if (rfm_remote_u64(v, 0, "age_cycles_p99", &val))
		bench_set_u(t, row, "age_cycles_p99", val);
	if (rfm_remote_u64(v, 0, "age_cycles_max", &val))
		bench_set_u(t, row, "age_cycles_max", val);
	bench_undo_now(u);

	u = bench_loop_create(RFM_LOOP, "cpu=%d period_us=%llu mode=hrtimer prio=%llu",
			      e->cpu[0], period, a->u[R_PRIO]);
	bench_loop_chain(RFM_LOOP, "demo-motor-1node", period);
	ctl_start(RFM_LOOP);
	bench_sleep(0.3);
	rfm_step(a, t, RFM_LOOP, "demo-motor-1node", rate, "one-node");
	row = t->nrows - 1;
	bench_set_u(t, row, "age_cycles_p99", 0);
	bench_set_u(t, row, "age_cycles_max", 0);
	bench_undo_now(u);
}

static int rfm_run(const struct bench_def *d, const struct bench_args *a,
		   const struct bench_env *e, struct bench_result *r)
{
	struct rfm_view v = { 0 };
	struct bench_table *t, *ct = NULL;
	unsigned int i;

	(void)d;
	bench_info_u(r, "cpu", "", e->cpu[0]);
	bench_info_d(r, "seconds_per_rate", "s", a->duration_s);
	t = bench_table_add(r, "rows", rfm_cols, ARRAY_SIZE(rfm_cols));
	for (i = 0; i < a->nw[R_RATES]; i++)
		rfm_echo_rate(a, e, r, t, a->l[R_RATES][i], &v);
	bench_info_u(r, "nodes", "", v.nodes);
	bench_info_u(r, "node", "", v.node);
	if (a->u[R_CONTROL] && v.nodes == 2 && v.node < 2) {
		if (v.node == 1)
			ct = bench_table_add(r, "control", ctl_cols,
					     ARRAY_SIZE(ctl_cols));
		for (i = 0; i < a->nw[R_RATES]; i++) {
			if (v.node == 0)
				rfm_plant(a, e, r, a->l[R_RATES][i], &v);
			else
				rfm_controller(a, e, ct, a->l[R_RATES][i], &v);
		}
		if (v.node == 0)
			bench_note(r, "control: this node ran the motor for node 1's controller; node 1 prints the rows");
	}
	free(v.text);
	bench_note(r, "age: cycles since that node's last fresh block, in this node's cycles, and ns between that node's stamp and this node's clock (meaningful with the clocks in step: PTP on hardware); rtt: this node's sequence echoed back through that node, in this node's cycles and ns of its own clock; p50/p99 the top of their histogram bucket, max exact (docs/rfm.md)");
	bench_note(r, "control: a 1 rad step of the target; err_max the largest |err| recorded, end_dev the largest |pos - 1| over the last quarter (every cycle's telemetry record)");
	return 0;
}

static const char *rfm_check(const struct bench_def *d,
			     const struct bench_args *a,
			     const struct bench_env *e, char *buf, size_t len)
{
	unsigned int i;

	(void)d;
	(void)e;
	for (i = 0; i < a->nw[R_RATES]; i++) {
		unsigned long long rate = a->l[R_RATES][i];

		if (1000000 % rate || bench_check_period(1000000 / rate, buf,
							  len)) {
			snprintf(buf, len, "--rates: %llu Hz is not a whole period of %d..%d us",
				 rate, BENCH_PERIOD_MIN_US,
				 BENCH_PERIOD_MAX_US);
			return buf;
		}
	}
	if (!bench_provider_registered("rfm")) {
		snprintf(buf, len, "no I/O provider 'rfm' registered: load shieldrt_rfm with nodes >= 2 on every node first (docs/rfm.md), then run this on each");
		return buf;
	}
	if (a->duration_s < 1) {
		snprintf(buf, len, "--duration %g: below the minimum of 1 s a rate",
			 a->duration_s);
		return buf;
	}
	return NULL;
}

const struct bench_def bench_rfm = {
	.name = "rfm",
	.title = "reflective memory between nodes: data age and round trip per rate; the controller across two nodes and on one",
	.help =
	"Needs shieldrt_rfm loaded on every node (nodes >= 2, an in= pair at\n"
	"least; docs/rfm.md) and this command started on each at about the\n"
	"same time.  At each rate an echo loop bound to rfm runs once every\n"
	"other node is up at that rate; then a row per other node: fresh,\n"
	"torn and corrupt blocks, the age of its data (cycles, and ns of the\n"
	"two clocks) and the round trip through it (cycles, ns of this\n"
	"node's clock), from the provider's own figures in the loop's io\n"
	"view.  With two nodes and --control: node 0 runs a DC motor, node 1\n"
	"its controller through reflective memory, then node 1 the same\n"
	"controller with the motor in its own chain, a 1 rad step each.",
	.params = rfm_params,
	.nparams = R_NR,
	.def_duration_s = 5,
	.duration_is = "seconds a rate, once every node is up",
	.max_cpus = 1,
	.check = rfm_check,
	.run = rfm_run,
};
