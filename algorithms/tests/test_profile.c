// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Motion profiles: limits respected at every sample, target reached
 * exactly, time-optimal duration, replanning mid-move, jerk bound.
 */
#include "tap.h"
#include "harness.h"

#define DT 1e-3
#define EPS 1e-9

struct run {
	int steps_to_target;
	double vpk, apk, jpk;		/* peaks of the outputs */
	double vfd, afd;		/* peaks of finite differences of pos */
	double final;
	int exact;
};

/* drive a profile with target(n) for nmax samples, track the limits */
static struct run drive(struct tc *t, double (*target)(int), int nmax)
{
	struct run r = { -1, 0, 0, 0, 0, 0, 0, 0 };
	double p1 = 0, v1 = 0, a1 = 0;
	int n;

	for (n = 0; n < nmax; n++) {
		double tg = target(n), p, v, a;

		tc_set(t, 0, tg);
		tc_step(t);
		p = tc_out(t, 0);
		v = tc_out(t, 1);
		a = tc_out(t, 2);
		r.vpk = fmax(r.vpk, fabs(v));
		r.apk = fmax(r.apk, fabs(a));
		if (n > 0) {
			r.jpk = fmax(r.jpk, fabs(a - a1) / DT);
			r.vfd = fmax(r.vfd, fabs(p - p1) / DT);
			r.afd = fmax(r.afd, fabs(v - v1) / DT);
		}
		if (p == tg && v == 0 && r.steps_to_target < 0)
			r.steps_to_target = n + 1;
		if (p != tg || v != 0)
			r.steps_to_target = -1;
		p1 = p;
		v1 = v;
		a1 = a;
		r.final = p;
	}
	r.exact = r.final == target(nmax - 1);
	return r;
}

static double tgt_10(int n)
{
	(void)n;
	return 10.0;
}

static double tgt_small(int n)
{
	(void)n;
	return -0.3;
}

/* a new target mid-move, then a reversal while moving fast */
static double tgt_switch(int n)
{
	return n < 150 ? 10.0 : (n < 400 ? -4.0 : 2.5);
}

static void test_trapezoid(void)
{
	static const struct {
		double (*target)(int);
		const char *what;
		double t_opt;	/* time-optimal duration, s (0: skip) */
	} rows[] = {
		/* 10 at vmax 20, amax 100: accel 0.2 s, cruise 0.3 s, brake 0.2 s */
		{ tgt_10, "trapezoid 0 -> 10", 0.7 },
		/* 0.3 < v^2/a: triangle, 2 sqrt(d/a) */
		{ tgt_small, "triangle 0 -> -0.3", 2 * 0.054772255750516612 },
		{ tgt_switch, "target changed mid-move twice", 0 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct tc t;
		struct run r;

		tc_open(&t, "period_us 1000\ninput tg\noutput p v a\n"
			    "block pr trapezoid in=tg out=p,v,a vmax=20 amax=100\n");
		r = drive(&t, rows[i].target, 3000);
		tap_ok(r.vpk <= 20 * (1 + EPS) && r.vfd <= 20 * (1 + EPS),
		       "%s: |v| <= vmax (peak %.9g, from positions %.9g)",
		       rows[i].what, r.vpk, r.vfd);
		tap_ok(r.apk <= 100 * (1 + EPS) && r.afd <= 100 * (1 + 1e-6),
		       "%s: |a| <= amax (peak %.9g, from velocities %.9g)",
		       rows[i].what, r.apk, r.afd);
		tap_ok(r.exact && r.steps_to_target > 0,
		       "%s: reaches the target exactly (%.17g) and rests",
		       rows[i].what, r.final);
		if (rows[i].t_opt > 0)
			tap_ok(abs(r.steps_to_target -
				   (int)ceil(rows[i].t_opt / DT - 1e-9)) <= 1,
			       "%s: time-optimal, %d samples for %.4g s",
			       rows[i].what, r.steps_to_target, rows[i].t_opt);
		tc_close(&t);
	}
}

static void test_retune_limits(void)
{
	struct tc t;
	double v = 0;
	int n, ok = 1;

	tc_open(&t, "period_us 1000\ninput tg\noutput p v a\n"
		    "block pr trapezoid in=tg out=p,v,a vmax=20 amax=100\n");
	for (n = 0; n < 300; n++) {
		tc_set(&t, 0, 50);
		tc_step(&t);
	}
	v = tc_out(&t, 1);
	tc_commit(&t, "pr.vmax=5");
	/* 46 left at 5/s: 9.2 s */
	for (n = 0; n < 12000; n++) {
		double vp = v;

		tc_step(&t);
		v = tc_out(&t, 1);
		if (fabs(v - vp) > 100 * DT * (1 + EPS))
			ok = 0;
		if (n > 200 && fabs(v) > 5 * (1 + EPS))
			ok = 0;
	}
	tap_ok(ok && tc_out(&t, 0) == 50,
	       "trapezoid: vmax lowered mid-move brakes within amax to the new vmax, still reaches the target");
	tc_close(&t);
}

static void test_scurve(void)
{
	static double (*const targets[])(int) = { tgt_10, tgt_small, tgt_switch };
	static const char *const what[] = { "0 -> 10", "0 -> -0.3",
		"target changed mid-move twice" };
	unsigned int i;

	for (i = 0; i < 3; i++) {
		struct tc t;
		struct run r;

		tc_open(&t, "period_us 1000\ninput tg\noutput p v a\n"
			    "block pr scurve in=tg out=p,v,a vmax=20 amax=100 jmax=5000\n");
		r = drive(&t, targets[i], 3000);
		tap_ok(r.vpk <= 20 * (1 + EPS) && r.apk <= 100 * (1 + EPS) &&
		       r.jpk <= 5000 * (1 + 1e-6),
		       "scurve %s: |v| %.6g <= 20, |a| %.6g <= 100, |da/dt| %.6g <= 5000",
		       what[i], r.vpk, r.apk, r.jpk);
		tap_ok(r.vfd <= 20 * (1 + 1e-6) && r.afd <= 100 * (1 + 1e-6),
		       "scurve %s: finite differences of p and v within vmax, amax",
		       what[i]);
		tap_ok(r.exact && r.steps_to_target > 0,
		       "scurve %s: reaches the target exactly and rests", what[i]);
		tc_close(&t);
	}
	{
		struct tc t;

		tc_open(&t, "period_us 1000\ninput tg\noutput p\n"
			    "block pr scurve in=tg out=p amax=100 jmax=1\n");
		tap_ok(t.ret == SRT_EINVAL, "scurve: window longer than 1024 samples rejected (%s)",
		       t.err.msg);
		tc_close(&t);
	}
}

int main(void)
{
	test_trapezoid();
	test_retune_limits();
	test_scurve();
	return tap_done();
}
