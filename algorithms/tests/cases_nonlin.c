// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Static and rate nonlinearities and the plumbing blocks: saturation,
 * deadband and gain at table points, rate limits sample by sample, sum,
 * select (with a committed index), mux, delay1, const.
 */
#include "cases_fp.h"

#define DT 1e-3

static const struct {
	const char *block;
	double x, want;
} sc_static_rows[] = {
	{ "saturation in=x out=y lo=-2 hi=3", 5, 3 },
	{ "saturation in=x out=y lo=-2 hi=3", -5, -2 },
	{ "saturation in=x out=y lo=-2 hi=3", 3, 3 },
	{ "saturation in=x out=y lo=-2 hi=3", -2, -2 },
	{ "saturation in=x out=y lo=-2 hi=3", 0.5, 0.5 },
	{ "deadband in=x out=y lo=-0.5 hi=1", 0.9, 0 },
	{ "deadband in=x out=y lo=-0.5 hi=1", 1, 0 },
	{ "deadband in=x out=y lo=-0.5 hi=1", -0.5, 0 },
	{ "deadband in=x out=y lo=-0.5 hi=1", 1.25, 0.25 },
	{ "deadband in=x out=y lo=-0.5 hi=1", -0.75, -0.25 },
	{ "deadband in=x out=y lo=-0.5 hi=1 shift=0", 1.25, 1.25 },
	{ "deadband in=x out=y lo=-0.5 hi=1 shift=0", -0.75, -0.75 },
	{ "gain in=x out=y k=-2.5", 4, -10 },
};

void sc_static(struct sc *s, unsigned int r)
{
	struct sc_chain *t;
	char line[128];
	double y;

	srt_snprintf(line, sizeof(line), "block b %s", sc_static_rows[r].block);
	t = sc_open1(s, line, "x", "y");
	y = sc_step1(t, sc_static_rows[r].x);
	sc_ok(s, t->c && y == sc_static_rows[r].want, "%s: x=%g -> %g (got %g)",
	      sc_static_rows[r].block, sc_static_rows[r].x, sc_static_rows[r].want, y);
}

void sc_ratelimit(struct sc *s, unsigned int r)
{
	struct sc_chain *t;
	double y = 0, prev;
	int n, ok_up = 1, ok_down = 1;

	t = sc_open1(s, "block r ratelimit in=x out=y rise=100 fall=50", "x",
		     "y");
	sc_ok(s, sc_step1(t, 2.0) == 2.0,
	      "ratelimit: first sample passes through");
	prev = 2.0;
	for (n = 0; n < 100; n++) {
		y = sc_step1(t, 10.0);
		if (srt_fabs((y - prev) - srt_min(0.1, 10.0 - prev)) > 1e-12)
			ok_up = 0;
		prev = y;
	}
	sc_ok(s, ok_up && y == 10.0,
	      "ratelimit: rises 0.1/sample (100/s) and stops exactly at 10");
	for (n = 0; n < 300; n++) {
		y = sc_step1(t, 0.0);
		if (prev - y > 0.05 + 1e-12)
			ok_down = 0;
		prev = y;
	}
	sc_ok(s, ok_down && y == 0.0,
	      "ratelimit: falls at most 0.05/sample (50/s), reaches 0");
}

void sc_sum(struct sc *s, unsigned int r)
{
	struct sc_chain *t;

	t = sc_open(s, 0, "period_us 1000\ninput a b c\noutput s\n"
		    "block e sum in=a,b,c out=s n=3 signs=1,-1,0.5\n");
	sc_set(t, 0, 4);
	sc_set(t, 1, 1.5);
	sc_set(t, 2, 2);
	sc_step(t);
	sc_ok(s, sc_out(t, 0) == 3.5, "sum: 4 - 1.5 + 0.5*2 = 3.5");
}

void sc_select(struct sc *s, unsigned int r)
{
	struct sc_chain *t;

	t = sc_open(s, 0, "period_us 1000\ninput a b c\noutput y\n"
		    "block s select in=a,b,c out=y n=3 index=2\n");
	sc_set(t, 0, 1);
	sc_set(t, 1, 2);
	sc_set(t, 2, 3);
	sc_step(t);
	sc_ok(s, sc_out(t, 0) == 2, "select index=2 passes the second input");
	sc_commit(t, "s.index=3");
	sc_step(t);
	sc_ok(s, sc_out(t, 0) == 3,
	      "select: committed index=3 switches input");
}

void sc_mux(struct sc *s, unsigned int r)
{
	struct sc_chain *t;

	t = sc_open(s, 0, "period_us 1000\ninput k a b\noutput y\n"
		    "block m mux in=k,a,b out=y n=2\n");
	sc_set(t, 1, 10);
	sc_set(t, 2, 20);
	sc_set(t, 0, 2.4);
	sc_step(t);
	sc_ok(s, sc_out(t, 0) == 20, "mux: sel 2.4 rounds to input 2");
	sc_set(t, 0, -7);
	sc_step(t);
	sc_ok(s, sc_out(t, 0) == 10, "mux: sel below range clamps to input 1");
	sc_set(t, 0, 99);
	sc_step(t);
	sc_ok(s, sc_out(t, 0) == 20, "mux: sel above range clamps to input n");
}

void sc_delay1_const(struct sc *s, unsigned int r)
{
	struct sc_chain *t;
	bool ok;

	t = sc_open(s, 0, "period_us 1000\ninput x\noutput y c\n"
		    "block d delay1 in=x out=y init=7\n"
		    "block k const out=c value=-3\n");
	ok = sc_step1(t, 1) == 7;
	ok = sc_step1(t, 2) == 1 && ok;
	ok = sc_step1(t, 3) == 2 && ok;
	sc_ok(s, ok, "delay1: init, then one sample late");
	sc_ok(s, sc_out(t, 1) == -3, "const: value");
}
