// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Motion profiles: limits respected at every sample, target reached
 * exactly, time-optimal duration, replanning mid-move, jerk bound.
 */
#include "cases_fp.h"

#define DT 1e-3
#define EPS 1e-9

struct sc_profile_run {
	int steps_to_target;
	double vpk, apk, jpk;		/* peaks of the outputs */
	double vfd, afd;		/* peaks of finite differences of pos */
	double final;
	int exact;
};

/* targets: 0 -> 10; -0.3 (a triangle); changed mid-move twice */
static double sc_profile_target(unsigned int kind, int n)
{
	if (kind == 0)
		return 10.0;
	if (kind == 1)
		return -0.3;
	return n < 150 ? 10.0 : (n < 400 ? -4.0 : 2.5);
}

/* drive a profile with a target for nmax samples, track the limits */
static void sc_profile_drive(struct sc_chain *t, unsigned int kind, int nmax,
		  struct sc_profile_run *r)
{
	double p1 = 0, v1 = 0, a1 = 0;
	int n;

	*r = (struct sc_profile_run){ .steps_to_target = -1 };
	for (n = 0; n < nmax; n++) {
		double tg = sc_profile_target(kind, n), p, v, a;

		sc_set(t, 0, tg);
		sc_step(t);
		p = sc_out(t, 0);
		v = sc_out(t, 1);
		a = sc_out(t, 2);
		r->vpk = srt_max(r->vpk, srt_fabs(v));
		r->apk = srt_max(r->apk, srt_fabs(a));
		if (n > 0) {
			r->jpk = srt_max(r->jpk, srt_fabs(a - a1) / DT);
			r->vfd = srt_max(r->vfd, srt_fabs(p - p1) / DT);
			r->afd = srt_max(r->afd, srt_fabs(v - v1) / DT);
		}
		if (p == tg && v == 0 && r->steps_to_target < 0)
			r->steps_to_target = n + 1;
		if (p != tg || v != 0)
			r->steps_to_target = -1;
		p1 = p;
		v1 = v;
		a1 = a;
		r->final = p;
	}
	r->exact = t->c && r->final == sc_profile_target(kind, nmax - 1);
}

static const char *const sc_profile_what[] = {
	"0 -> 10", "0 -> -0.3", "target changed mid-move twice"
};

void sc_trapezoid(struct sc *s, unsigned int k)
{
	/* time-optimal durations: 10 at vmax 20, amax 100 is 0.2 + 0.3 +
	 * 0.2 s; 0.3 < v^2/a is a triangle of 2 sqrt(d/a)
	 */
	static const double t_opt[] = { 0.7, 2 * 0.054772255750516612, 0 };
	struct sc_chain *t;
	struct sc_profile_run r;

	t = sc_open(s, 0, "period_us 1000\ninput tg\noutput p v a\n"
		    "block pr trapezoid in=tg out=p,v,a vmax=20 amax=100\n");
	sc_profile_drive(t, k, 3000, &r);
	sc_ok(s, r.vpk <= 20 * (1 + EPS) && r.vfd <= 20 * (1 + EPS),
	      "trapezoid %s: |v| <= vmax (peak %g, from positions %g)",
	      sc_profile_what[k], r.vpk, r.vfd);
	sc_ok(s, r.apk <= 100 * (1 + EPS) && r.afd <= 100 * (1 + 1e-6),
	      "trapezoid %s: |a| <= amax (peak %g, from velocities %g)",
	      sc_profile_what[k], r.apk, r.afd);
	sc_ok(s, r.exact && r.steps_to_target > 0,
	      "trapezoid %s: reaches the target exactly (%g) and rests",
	      sc_profile_what[k], r.final);
	if (t_opt[k] > 0) {
		int d = r.steps_to_target - (int)sc_ceil(t_opt[k] / DT - 1e-9);

		sc_ok(s, d >= -1 && d <= 1,
		      "trapezoid %s: time-optimal, %d samples for %g s",
		      sc_profile_what[k], r.steps_to_target, t_opt[k]);
	}
}

void sc_trapezoid_retune(struct sc *s, unsigned int k)
{
	struct sc_chain *t;
	double v;
	int n, ok = 1;

	t = sc_open(s, 0, "period_us 1000\ninput tg\noutput p v a\n"
		    "block pr trapezoid in=tg out=p,v,a vmax=20 amax=100\n");
	for (n = 0; n < 300; n++) {
		sc_set(t, 0, 50);
		sc_step(t);
	}
	v = sc_out(t, 1);
	if (sc_commit(t, "pr.vmax=5"))
		ok = 0;
	/* 46 left at 5/s: 9.2 s */
	for (n = 0; n < 12000; n++) {
		double vp = v;

		sc_step(t);
		v = sc_out(t, 1);
		if (srt_fabs(v - vp) > 100 * DT * (1 + EPS))
			ok = 0;
		if (n > 200 && srt_fabs(v) > 5 * (1 + EPS))
			ok = 0;
	}
	sc_ok(s, t->c && ok && sc_out(t, 0) == 50,
	      "trapezoid: vmax lowered mid-move brakes within amax to the new vmax, still reaches the target");
}

void sc_scurve(struct sc *s, unsigned int k)
{
	struct sc_chain *t;
	struct sc_profile_run r;

	t = sc_open(s, 0, "period_us 1000\ninput tg\noutput p v a\n"
		    "block pr scurve in=tg out=p,v,a vmax=20 amax=100 jmax=5000\n");
	sc_profile_drive(t, k, 3000, &r);
	sc_ok(s, r.vpk <= 20 * (1 + EPS) && r.apk <= 100 * (1 + EPS) &&
	      r.jpk <= 5000 * (1 + 1e-6),
	      "scurve %s: |v| %g <= 20, |a| %g <= 100, |da/dt| %g <= 5000",
	      sc_profile_what[k], r.vpk, r.apk, r.jpk);
	sc_ok(s, r.vfd <= 20 * (1 + 1e-6) && r.afd <= 100 * (1 + 1e-6),
	      "scurve %s: finite differences of p and v within vmax, amax",
	      sc_profile_what[k]);
	sc_ok(s, r.exact && r.steps_to_target > 0,
	      "scurve %s: reaches the target exactly and rests", sc_profile_what[k]);
}

void sc_scurve_reject(struct sc *s, unsigned int k)
{
	struct sc_chain *t;

	t = sc_open(s, 0, "period_us 1000\ninput tg\noutput p\n"
		    "block pr scurve in=tg out=p amax=100 jmax=1\n");
	sc_ok(s, t->ret == SRT_EINVAL,
	      "scurve: window longer than 1024 samples rejected (%s)",
	      t->err.msg);
}

/*
 * Commits that leave a profile's own limits alone must not replan: row 0
 * commits another block's gain, row 1 the same vmax/amax/jmax again and a
 * new p0 (used only at reset).  Two copies of the chain run side by side;
 * every profile output must stay bit-identical.
 */
void sc_profile_commit_other(struct sc *s, unsigned int k)
{
	static const char *const what[] = {
		"g.k=3", "t.vmax=0.7 t.amax=3.3 t.p0=5 c.jmax=100 c.p0=-1"
	};
	static const char text[] = "period_us 1000\ninput x\n"
		"output tp tv ta cp cv ca y\n"
		"block t trapezoid in=x out=tp,tv,ta vmax=0.7 amax=3.3\n"
		"block c scurve in=x out=cp,cv,ca vmax=0.7 amax=3.3 jmax=100\n"
		"block g gain in=x out=y k=2\n";
	struct sc_chain *a, *b;
	int n, i, diff = 0, err = 0;

	a = sc_open(s, 0, text);
	b = sc_open(s, 1, text);
	for (n = 0; n < 3000; n++) {
		double x = n < 1500 ? 1.234567 : -0.5;

		sc_set(a, 0, x);
		sc_set(b, 0, x);
		if ((n == 200 || n == 1700) && sc_commit(b, what[k]))
			err = 1;
		sc_step(a);
		sc_step(b);
		for (i = 0; i < 6; i++)
			if (a->out[i] != b->out[i])
				diff++;
	}
	sc_ok(s, a->c && b->c && !err && diff == 0,
	      "profiles: commit of %s mid-move leaves every output bit identical (%d differ)",
	      what[k], diff);
}

/*
 * scurve limits committed mid-move: a new amax or jmax waits until the
 * output rests (the move in progress keeps the limits it was planned
 * with), a new vmax replans at once.  Every step of the first move must
 * keep the old amax and jmax, every step of a second move the new ones.
 */
static const struct {
	const char *set;
	double amax, jmax;	/* in effect after the commit, at rest */
} sc_scurve_limits[] = {
	{ "c.jmax=50", 3.3, 50 },
	{ "c.amax=1 c.jmax=50", 1, 50 },
	{ "c.amax=1", 1, 100 },
	{ "c.amax=6.6 c.jmax=200", 6.6, 200 },
	{ "c.vmax=0.3", 3.3, 100 },
};

void sc_scurve_commit_limits(struct sc *s, unsigned int k)
{
	struct sc_chain *t;
	double am = 3.3, jm = 100, a1 = 0, v1 = 0, apk[2] = { 0, 0 };
	double jpk[2] = { 0, 0 }, afd[2] = { 0, 0 }, vpk = 0;
	int n, ph, ok = 1, rest = 0;

	t = sc_open(s, 0, "period_us 1000\ninput x\noutput p v a\n"
		    "block c scurve in=x out=p,v,a vmax=0.7 amax=3.3 jmax=100\n");
	for (n = 0; n < 14000; n++) {
		double tg = n < 7000 ? 1.234567 : -0.5, v, a;

		ph = n >= 7000;
		if (n == 7000) {
			am = sc_scurve_limits[k].amax;
			jm = sc_scurve_limits[k].jmax;
			rest = sc_out(t, 0) == 1.234567 && v1 == 0 && a1 == 0;
		}
		sc_set(t, 0, tg);
		if (n == 300 && sc_commit(t, sc_scurve_limits[k].set))
			ok = 0;
		sc_step(t);
		v = sc_out(t, 1);
		a = sc_out(t, 2);
		if (srt_fabs(a) > am * (1 + 1e-9) ||
		    srt_fabs(a - a1) / DT > jm * (1 + 1e-6) ||
		    srt_fabs(v - v1) / DT > am * (1 + 1e-6))
			ok = 0;
		apk[ph] = srt_max(apk[ph], srt_fabs(a));
		jpk[ph] = srt_max(jpk[ph], srt_fabs(a - a1) / DT);
		afd[ph] = srt_max(afd[ph], srt_fabs(v - v1) / DT);
		if (n > 1500)
			vpk = srt_max(vpk, srt_fabs(v));
		a1 = a;
		v1 = v;
	}
	sc_ok(s, t->c && ok && rest && sc_out(t, 0) == -0.5,
	      "scurve: %s at step 300: |a| %g, |dv/dt| %g <= 3.3, jerk %g <= 100 to rest, then |a| %g, |dv/dt| %g <= %g, jerk %g <= %g",
	      sc_scurve_limits[k].set, apk[0], afd[0], jpk[0], apk[1], afd[1],
	      sc_scurve_limits[k].amax, jpk[1], sc_scurve_limits[k].jmax);
	if (k == 4)
		sc_ok(s, vpk <= 0.3 * (1 + 1e-9),
		      "scurve: vmax=0.3 takes effect mid-move (|v| %g after 1.5 s)",
		      vpk);
}
