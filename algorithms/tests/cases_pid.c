// SPDX-License-Identifier: GPL-2.0 OR MIT
/* PID: terms, derivative filter, anti-windup variants, bumpless retune. */
#include "cases_fp.h"

#define DT 1e-3

static struct sc_chain *sc_pid_open(struct sc *s, const char *params)
{
	srt_snprintf(s->text, sizeof(s->text),
		     "period_us 1000\ninput r y\noutput u\n"
		     "block c pid in=r,y out=u %s\n", params);
	return sc_open(s, 0, s->text);
}

static double sc_pid_run1(struct sc_chain *t, double r, double y)
{
	sc_set(t, 0, r);
	sc_set(t, 1, y);
	sc_step(t);
	return sc_out(t, 0);
}

void sc_pid_pi(struct sc *s, unsigned int r)
{
	struct sc_chain *t = sc_pid_open(s, "kp=2 ki=10 kd=0 aw=0");
	double u[5];
	int n;

	for (n = 0; n < 5; n++)
		u[n] = sc_pid_run1(t, 1.0, 0.0);
	/* u[n] = kp e + ki dt e n (the integral enters one sample later) */
	sc_ok(s, srt_fabs(u[0] - 2.0) < 1e-15 &&
	      srt_fabs(u[4] - (2.0 + 4 * 0.01)) < 1e-12,
	      "PI: u = kp e + ki sum(e dt) (u0=%g u4=%g)", u[0], u[4]);
}

void sc_pid_d_error(struct sc *s, unsigned int r)
{
	/* derivative on error, unfiltered: kd (e - e_prev)/dt */
	struct sc_chain *t = sc_pid_open(s, "kp=0 ki=0 kd=0.5 dmeas=0 aw=0");

	sc_pid_run1(t, 0.0, 0.0);
	sc_near(s, sc_pid_run1(t, 1.0, 0.0), 0.5 / DT, 1e-9,
		"D on error, tf=0: kd de/dt on a setpoint step");
}

void sc_pid_d_meas(struct sc *s, unsigned int r)
{
	struct sc_chain *t = sc_pid_open(s, "kp=0 ki=0 kd=0.5 aw=0");

	sc_pid_run1(t, 0.0, 0.0);
	sc_ok(s, t->c && sc_pid_run1(t, 1.0, 0.0) == 0.0,
	      "D on measurement: setpoint step gives no derivative kick");
	sc_near(s, sc_pid_run1(t, 1.0, 0.1), -0.5 * 0.1 / DT, 1e-9,
		"D on measurement: -kd dy/dt");
}

void sc_pid_d_filter(struct sc *s, unsigned int r)
{
	/* filtered D: first-order with Tf = kd/(kp N); impulse decays as Tf */
	struct sc_chain *t = sc_pid_open(s, "kp=1 ki=0 kd=0.1 n=10 dmeas=0 aw=0");
	double tf = 0.1 / (1 * 10), a = tf / (tf + DT), d0, d5;
	int n;

	sc_pid_run1(t, 0, 0);
	d0 = sc_pid_run1(t, 1, 0) - 1.0;	/* minus the P part */
	for (n = 0; n < 4; n++)
		sc_pid_run1(t, 1, 0);
	d5 = sc_pid_run1(t, 1, 0) - 1.0;
	sc_near(s, d0, 0.1 / (tf + DT), 1e-9,
		"filtered D: first sample kd/(Tf + dt), Tf = kd/(kp N)");
	sc_near(s, d5 / d0, a * a * a * a * a, 1e-12,
		"filtered D: decays by Tf/(Tf+dt) per sample");
}

void sc_pid_reject(struct sc *s, unsigned int r)
{
	static const char *const params[] = { "kp=1 umin=3 umax=2",
					      "kp=0 ki=1 aw=2" };
	static const char *const what[] = { "umin > umax",
					    "aw=2 without kaw and kp=0" };
	struct sc_chain *t = sc_pid_open(s, params[r]);

	sc_ok(s, t->ret == SRT_EINVAL, "%s rejected (%s)", what[r],
	      t->err.msg);
}

/*
 * Windup: 2 s saturated with e = 5 (u pinned at umax = 1), then the
 * setpoint drops so e = -0.5; count the samples until u leaves umax.
 * Without anti-windup the integrator holds ki e T = 20 * 5 * 2 = 200 and
 * unwinds by ki dt 0.5 = 0.01 per sample: u = -0.5 + I < 1 after
 * (200 - 1.5) / 0.01 = 19850 samples.  With either anti-windup the
 * integrator stays near umax and the output leaves the limit at once.
 */
static int sc_pid_windup_release(struct sc *s, const char *aw)
{
	char params[128];
	struct sc_chain *t;
	int n;

	srt_snprintf(params, sizeof(params),
		     "kp=1 ki=20 kd=0 umin=-1 umax=1 %s", aw);
	t = sc_pid_open(s, params);
	if (!t->c)
		return -1;
	for (n = 0; n < 2000; n++)
		sc_pid_run1(t, 5.0, 0.0);
	for (n = 0; n < 30000; n++)
		if (sc_pid_run1(t, -0.5, 0.0) < 1.0)
			break;
	return n;
}

void sc_pid_windup(struct sc *s, unsigned int r)
{
	int n_none = sc_pid_windup_release(s, "aw=0");
	int n_clamp = sc_pid_windup_release(s, "aw=1");
	int n_bc = sc_pid_windup_release(s, "aw=2 kaw=50");
	int d = n_none - 19850;

	sc_note(s, "release after saturation: none %d, clamp %d, back-calc %d samples",
		n_none, n_clamp, n_bc);
	sc_ok(s, d >= -2 && d <= 2,
	      "no anti-windup: integrator wound up to 200, releases after ~19850 samples (%d)",
	      n_none);
	sc_ok(s, n_clamp >= 0 && n_clamp <= 1,
	      "clamping: integrator limited, output leaves umax at once (%d)",
	      n_clamp);
	sc_ok(s, n_bc >= 0 && n_bc <= 5,
	      "back-calculation: integrator limited, output leaves umax within 5 samples (%d)",
	      n_bc);
	sc_ok(s, n_clamp < n_none / 100 && n_bc < n_none / 100,
	      "both anti-windup modes recover >100x faster than none");
}

void sc_pid_bumpless(struct sc *s, unsigned int r)
{
	struct sc_chain *t;
	double before = 0, after, jump_plain, y = 0.3;
	int n;

	t = sc_pid_open(s, "kp=2 ki=5 kd=0.02 n=20 umin=-100 umax=100");
	for (n = 0; n < 500; n++)
		before = sc_pid_run1(t, 1.0, y);
	sc_ok(s, sc_commit(t, "c.kp=6 c.kd=0.05") == 0,
	      "bumpless: kp 2->6, kd 0.02->0.05 staged and committed");
	after = sc_pid_run1(t, 1.0, y);
	/* one more integration step is all that may change: ki dt e */
	sc_near(s, after, before, 5 * DT * 0.7 + 1e-12,
		"bumpless: kp 2->6 at constant error moves u by <= ki dt e (%g -> %g)",
		before, after);
	jump_plain = (6 - 2) * 0.7;
	sc_ok(s, srt_fabs(after - before) < jump_plain / 100,
	      "bumpless: jump %g vs %g without transfer",
	      srt_fabs(after - before), jump_plain);
	for (n = 0; n < 3000; n++)
		after = sc_pid_run1(t, 1.0, 1.0);
	sc_near(s, after, sc_pid_run1(t, 1.0, 1.0), 1e-9,
		"after retune the loop settles normally");
}

/*
 * The limits of a bumpless retune: kp 1 -> k at e = 1, ki = 0, limits
 * +-2.  The compensating integrator is 1 - k.  aw=0 keeps it, so u stays
 * 1; aw=1 keeps it only within [umin, umax]: k = 2 (-1) stays bumpless,
 * k = 5 (-4, clamped to -2) moves u to min(5 - 2, 2) = 2, as the README
 * says.
 */
static const struct {
	const char *params, *set;
	double u;
} sc_pid_retune_rows[] = {
	{ "kp=1 umin=-2 umax=2 aw=0", "c.kp=5", 1 },
	{ "kp=1 umin=-2 umax=2 aw=1", "c.kp=2", 1 },
	{ "kp=1 umin=-2 umax=2 aw=1", "c.kp=5", 2 },
	{ "kp=1 umin=-2 umax=2 aw=2 kaw=10", "c.kp=5", 1 },
};

void sc_pid_retune_limits(struct sc *s, unsigned int k)
{
	struct sc_chain *t = sc_pid_open(s, sc_pid_retune_rows[k].params);
	double u[8];
	int n, ok = 1;

	for (n = 0; n < 8; n++) {
		if (n == 4 && sc_commit(t, sc_pid_retune_rows[k].set))
			ok = 0;
		u[n] = sc_pid_run1(t, 1.0, 0.0);
	}
	for (n = 0; n < 8; n++)
		if (u[n] != (n < 4 ? 1 : sc_pid_retune_rows[k].u))
			ok = 0;
	sc_ok(s, t->c && ok,
	      "pid %s, %s at e=1: u 1 -> %g (got %g %g %g %g)",
	      sc_pid_retune_rows[k].params, sc_pid_retune_rows[k].set,
	      sc_pid_retune_rows[k].u, u[4], u[5], u[6], u[7]);
}
