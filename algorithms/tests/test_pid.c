// SPDX-License-Identifier: GPL-2.0 OR MIT
/* PID: terms, derivative filter, anti-windup variants, bumpless retune. */
#include "tap.h"
#include "harness.h"

#define DT 1e-3

static int open_pid(struct tc *t, const char *params)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "period_us 1000\ninput r y\noutput u\n"
		 "block c pid in=r,y out=u %s\n", params);
	return tc_open(t, text);
}

static double pid_step(struct tc *t, double r, double y)
{
	tc_set(t, 0, r);
	tc_set(t, 1, y);
	tc_step(t);
	return tc_out(t, 0);
}

static void test_terms(void)
{
	struct tc t;
	double u[5];
	int n;

	open_pid(&t, "kp=2 ki=10 kd=0 aw=0");
	for (n = 0; n < 5; n++)
		u[n] = pid_step(&t, 1.0, 0.0);
	/* u[n] = kp e + ki dt e n (the integral enters one sample later) */
	tap_ok(fabs(u[0] - 2.0) < 1e-15 && fabs(u[4] - (2.0 + 4 * 0.01)) < 1e-12,
	       "PI: u = kp e + ki sum(e dt) (u0=%g u4=%g)", u[0], u[4]);
	tc_close(&t);

	/* derivative on error, unfiltered: kd (e - e_prev)/dt */
	open_pid(&t, "kp=0 ki=0 kd=0.5 dmeas=0 aw=0");
	pid_step(&t, 0.0, 0.0);
	tap_near(pid_step(&t, 1.0, 0.0), 0.5 / DT, 1e-9,
		 "D on error, tf=0: kd de/dt on a setpoint step");
	tc_close(&t);
	/* derivative on measurement: no kick on a setpoint step */
	open_pid(&t, "kp=0 ki=0 kd=0.5 aw=0");
	pid_step(&t, 0.0, 0.0);
	tap_ok(pid_step(&t, 1.0, 0.0) == 0.0,
	       "D on measurement: setpoint step gives no derivative kick");
	tap_near(pid_step(&t, 1.0, 0.1), -0.5 * 0.1 / DT, 1e-9,
		 "D on measurement: -kd dy/dt");
	tc_close(&t);
	/* filtered D: first-order with Tf = kd/(kp N); impulse decays as Tf */
	open_pid(&t, "kp=1 ki=0 kd=0.1 n=10 dmeas=0 aw=0");
	{
		double tf = 0.1 / (1 * 10), a = tf / (tf + DT), d0, d5;

		pid_step(&t, 0, 0);
		d0 = pid_step(&t, 1, 0) - 1.0;	/* minus the P part */
		for (n = 0; n < 4; n++)
			pid_step(&t, 1, 0);
		d5 = pid_step(&t, 1, 0) - 1.0;
		tap_near(d0, 0.1 / (tf + DT), 1e-9,
			 "filtered D: first sample kd/(Tf + dt), Tf = kd/(kp N)");
		tap_near(d5 / d0, pow(a, 5), 1e-12,
			 "filtered D: decays by Tf/(Tf+dt) per sample");
	}
	tc_close(&t);
	open_pid(&t, "kp=1 umin=3 umax=2");
	tap_ok(t.ret == SRT_EINVAL, "umin > umax rejected (%s)", t.err.msg);
	tc_close(&t);
}

/*
 * Windup: 2 s saturated with e = 5 (u pinned at umax = 1), then the
 * setpoint drops so e = -0.5; count the samples until u leaves umax.
 * Without anti-windup the integrator holds ki e T = 20 * 5 * 2 = 200 and
 * unwinds by ki dt 0.5 = 0.01 per sample: u = -0.5 + I < 1 after
 * (200 - 1.5) / 0.01 = 19850 samples.  With either anti-windup the
 * integrator stays near umax and the output leaves the limit at once.
 */
static int windup_release(const char *aw)
{
	char params[256];
	struct tc t;
	double u = 0;
	int n;

	snprintf(params, sizeof(params),
		 "kp=1 ki=20 kd=0 umin=-1 umax=1 %s", aw);
	open_pid(&t, params);
	for (n = 0; n < 2000; n++)
		u = pid_step(&t, 5.0, 0.0);
	for (n = 0; n < 30000; n++) {
		u = pid_step(&t, -0.5, 0.0);
		if (u < 1.0)
			break;
	}
	tc_close(&t);
	return n;
}

static void test_antiwindup(void)
{
	int n_none = windup_release("aw=0");
	int n_clamp = windup_release("aw=1");
	int n_bc = windup_release("aw=2 kaw=50");

	tap_note("release after saturation: none %d, clamp %d, back-calc %d samples",
		 n_none, n_clamp, n_bc);
	tap_ok(abs(n_none - 19850) <= 2,
	       "no anti-windup: integrator wound up to 200, releases after ~19850 samples (%d)",
	       n_none);
	tap_ok(n_clamp <= 1, "clamping: integrator limited, output leaves umax at once (%d)",
	       n_clamp);
	tap_ok(n_bc <= 5, "back-calculation: integrator limited, output leaves umax within 5 samples (%d)",
	       n_bc);
	tap_ok(n_clamp < n_none / 100 && n_bc < n_none / 100,
	       "both anti-windup modes recover >100x faster than none");
	{
		struct tc t;

		open_pid(&t, "kp=0 ki=1 aw=2");
		tap_ok(t.ret == SRT_EINVAL,
		       "aw=2 without kaw and kp=0 rejected (%s)", t.err.msg);
		tc_close(&t);
	}
}

static void test_bumpless(void)
{
	struct tc t;
	double before, after, jump_plain, y = 0.3;
	int n;

	open_pid(&t, "kp=2 ki=5 kd=0.02 n=20 umin=-100 umax=100");
	for (n = 0; n < 500; n++)
		before = pid_step(&t, 1.0, y);
	tc_commit(&t, "c.kp=6 c.kd=0.05");
	after = pid_step(&t, 1.0, y);
	/* one more integration step is all that may change: ki dt e */
	tap_near(after, before, 5 * DT * 0.7 + 1e-12,
		 "bumpless: kp 2->6 at constant error moves u by <= ki dt e (%g -> %g)",
		 before, after);
	jump_plain = (6 - 2) * 0.7;
	tap_ok(fabs(after - before) < jump_plain / 100,
	       "bumpless: jump %.3g vs %.3g without transfer",
	       fabs(after - before), jump_plain);
	for (n = 0; n < 3000; n++)
		after = pid_step(&t, 1.0, 1.0);
	tap_near(after, pid_step(&t, 1.0, 1.0), 1e-9,
		 "after retune the loop settles normally");
	tc_close(&t);
}

int main(void)
{
	test_terms();
	test_antiwindup();
	test_bumpless();
	return tap_done();
}
