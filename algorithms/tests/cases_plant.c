// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Plants and state space against closed forms: DC motor steady state and
 * stiff discretization, mass-spring-damper step response, first-order lag
 * with a transport delay, a 2-state system with D against a hand
 * computation, and their parameter rejections.
 */
#include "cases_fp.h"

#define DT 1e-3

void sc_dc_motor(struct sc *s, unsigned int r)
{
	double R = 1, ke = 0.05, kt = 0.05, b = 1e-4;
	double V = 12, w_ss = V * kt / (R * b + kt * ke), y = 0, prev_pos;
	struct sc_chain *t;
	int n;

	t = sc_open(s, 0, "period_us 1000\ninput v\noutput speed pos current\n"
		    "block m dc_motor in=v out=speed,pos,current R=1 L=0.5e-3 ke=0.05 kt=0.05 J=1e-4 b=1e-4\n");
	sc_ok(s, t->c && sc_step1(t, V) == 0,
	      "dc_motor: no feedthrough (first output is the initial state)");
	for (n = 0; n < 2000; n++)
		y = sc_step1(t, V);
	sc_near(s, y, w_ss, w_ss * 1e-9,
		"dc_motor: steady speed V kt/(R b + kt ke) = %g rad/s", w_ss);
	sc_near(s, sc_out(t, 2), (V - ke * w_ss) / R, 1e-9,
		"dc_motor: steady current (V - ke w)/R");
	prev_pos = sc_out(t, 1);
	sc_step1(t, V);
	sc_near(s, sc_out(t, 1) - prev_pos, w_ss * DT, 1e-9,
		"dc_motor: position integrates speed");
}

void sc_dc_motor_stiff(struct sc *s, unsigned int r)
{
	double V = 12, w_ss = V * 0.05 / (1 * 1e-4 + 0.05 * 0.05), y = 0;
	struct sc_chain *t;
	int n;

	/* 1 ms is 2 electrical time constants: exact ZOH stays stable at 10 ms */
	t = sc_open(s, 0, "period_us 10000\ninput v\noutput speed\n"
		    "block m dc_motor in=v out=speed L=1e-5\n");
	for (n = 0; n < 500; n++)
		y = sc_step1(t, V);
	sc_near(s, y, w_ss, w_ss * 1e-9,
		"dc_motor: stable and exact with L/R = dt/1000");
}

void sc_msd(struct sc *s, unsigned int r)
{
	double wn = srt_sqrt(50.0 / 2), zeta = 1.2 / (2 * srt_sqrt(50.0 * 2));
	double sq = srt_sqrt(1 - zeta * zeta), wd = wn * sq, worst = 0;
	struct sc_chain *t;
	int n;

	/* underdamped mass-spring-damper step vs the closed form */
	t = sc_open(s, 0, "period_us 1000\ninput f\noutput x\n"
		    "block p msd in=f out=x m=2 c=1.2 k=50\n");
	for (n = 0; n < 3000; n++) {
		double tt = n * DT, sn, cs, want;

		srt_sincos(wd * tt, &sn, &cs);
		want = 3.0 / 50 * (1 - srt_exp(-zeta * wn * tt) *
				    (cs + zeta / sq * sn));
		worst = srt_max(worst, srt_fabs(sc_step1(t, 3.0) - want));
	}
	sc_ok(s, t->c && worst < 1e-12,
	      "msd: step response = closed form at every sample (worst %g)",
	      worst);
}

void sc_lag_delay(struct sc *s, unsigned int r)
{
	struct sc_chain *t;
	int n, first = -1, exact = 1;

	/* y[n] = k (1 - a^(n-nd)) for n >= nd, 0 before */
	t = sc_open(s, 0, "period_us 1000\ninput u\noutput y\n"
		    "block p lag_delay in=u out=y k=2 tau=0.05 delay=0.025\n");
	for (n = 0; n < 300; n++) {
		double yy = sc_step1(t, 1.0);
		double want = n < 25 ? 0 :
			2 * (1 - srt_exp(-(n - 25) * DT / 0.05));

		if (yy != 0 && first < 0)
			first = n;
		if (srt_fabs(yy - want) > 1e-12)
			exact = 0;
	}
	sc_ok(s, first == 26,
	      "lag_delay: 25-sample delay, first output moves at sample 26 (got %d)",
	      first);
	sc_ok(s, t->c && exact,
	      "lag_delay: k (1 - exp(-(t - delay)/tau)) at every sample");
}

/* overdamped at 1000 rad per sample: accepted, the slow pole k/c exact */
void sc_msd_overdamped(struct sc *s, unsigned int r)
{
	struct sc_chain *t;
	int i;

	t = sc_open(s, 0, "period_us 1000\ninput f\noutput x v\n"
		    "block b msd in=f out=x,v m=1e-6 c=1e3 k=1e6\n");
	for (i = 0; t->c && i < 2; i++)
		sc_step1(t, 1);
	/* x(t) ~ f/k (1 - exp(-k/c t)) once the fast pole c/m has died */
	sc_near(s, sc_out(t, 0), 1e-6 * (1 - srt_exp(-1)), 1e-12,
		"msd: overdamped m=1e-6 c=1e3 k=1e6, one sample = 1/pole");
}

/* delay 0 -> 5 ms under a steady input: the output keeps rising */
void sc_lag_delay_retune(struct sc *s, unsigned int r)
{
	struct sc_chain *t;
	double prev = 0, y;
	int i, drops = 0;

	t = sc_open(s, 0, "period_us 1000\ninput u\noutput y\n"
		    "block p lag_delay in=u out=y tau=0.01\n");
	for (i = 0; t->c && i < 120; i++) {
		if (i == 100 && sc_commit(t, "p.delay=0.005"))
			break;
		y = sc_step1(t, 1);
		if (y < prev)
			drops++;
		prev = y;
	}
	sc_ok(s, i == 120 && !drops && prev > 0.9999,
	      "lag_delay: a new delay refills the line with the input (%d drops, y %g)",
	      drops, prev);
}

void sc_lag_delay_reject(struct sc *s, unsigned int r)
{
	struct sc_chain *t;

	t = sc_open(s, 0, "period_us 1000\ninput u\noutput y\n"
		    "block p lag_delay in=u out=y delay=5\n");
	sc_ok(s, t->ret == SRT_EINVAL,
	      "lag_delay: delay beyond 4096 samples rejected (%s)",
	      t->err.msg);
}

void sc_statespace(struct sc *s, unsigned int r)
{
	/* x+ = A x + B u, y = C x + D u with a hand-computed sequence */
	static const double A[4] = { 0.9, 0.1, -0.2, 0.8 };
	static const double B[2] = { 1, 0.5 };
	static const double C[2] = { 1, -1 };
	double x[2] = { 0.5, -0.25 }, worst = 0;
	struct sc_chain *t;
	int n;

	t = sc_open(s, 0, "period_us 1000\ninput u\noutput y\n"
		    "block s statespace in=u out=y nx=2 nu=1 ny=1 A=0.9,0.1,-0.2,0.8 B=1,0.5 C=1,-1 D=0.25 x0=0.5,-0.25\n");
	for (n = 0; n < 50; n++) {
		double u = srt_sin(0.3 * n);
		double want = C[0] * x[0] + C[1] * x[1] + 0.25 * u;
		double x0 = A[0] * x[0] + A[1] * x[1] + B[0] * u;
		double x1 = A[2] * x[0] + A[3] * x[1] + B[1] * u;

		worst = srt_max(worst, srt_fabs(sc_step1(t, u) - want));
		x[0] = x0;
		x[1] = x1;
	}
	sc_ok(s, t->c && worst < 1e-12,
	      "statespace: 2 states with D, 50 samples vs hand computation (worst %g)",
	      worst);
}

void sc_statespace_reject(struct sc *s, unsigned int r)
{
	struct sc_chain *t;

	t = sc_open(s, 0, "period_us 1000\ninput u\noutput y\n"
		    "block s statespace in=u out=y nx=2 A=1,2,3\n");
	sc_ok(s, t->ret == SRT_EINVAL && sc_contains(t->err.msg, "A needs nx*nx"),
	      "statespace: wrong matrix size rejected (%s)", t->err.msg);
}
