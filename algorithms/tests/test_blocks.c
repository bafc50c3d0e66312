// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Every block against analytic results, each driven through a one-block
 * chain (so the parser, wiring and step path are exercised too).
 */
#include "tap.h"
#include "harness.h"

#define DT 1e-3

static int open1(struct tc *t, const char *blockline, const char *inputs,
		 const char *outputs)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "period_us 1000\ninput %s\noutput %s\n%s\n", inputs, outputs,
		 blockline);
	return tc_open(t, text);
}

static void test_lowpass(void)
{
	struct tc t;
	double worst = 0;
	int n;

	open1(&t, "block f lowpass in=x out=y tau=0.02 k=2", "x", "y");
	for (n = 0; n < 200; n++) {
		double y = tc_step1(&t, 1.0);
		double want = 2.0 * (1.0 - exp(-(n + 1) * DT / 0.02));

		worst = fmax(worst, fabs(y - want));
	}
	tap_ok(worst < 1e-12, "lowpass: step response k(1 - exp(-t/tau)) within 1e-12 (worst %.2g)",
	       worst);
	tc_close(&t);
	open1(&t, "block f lowpass in=x out=y fc=10", "x", "y");
	for (n = 0; n < 5000; n++)
		tc_step1(&t, 3.0);
	tap_near(tc_out(&t, 0), 3.0, 1e-12, "lowpass fc=10: DC gain 1");
	tc_close(&t);
}

/* steady-state amplitude of the response to a sinusoid at f Hz */
static double sine_gain(struct tc *t, double f, int settle, int measure)
{
	double peak = 0;
	int n;

	for (n = 0; n < settle + measure; n++) {
		double y = tc_step1(t, sin(2 * M_PI * f * n * DT));

		if (n >= settle)
			peak = fmax(peak, fabs(y));
	}
	return peak;
}

/* designed magnitude of a biquad at f (from the same RBJ formulas) */
static double bq_mag(int kind, double fc, double q, double f)
{
	double w0 = 2 * M_PI * fc * DT, w = 2 * M_PI * f * DT;
	double cs = cos(w0), al = sin(w0) / (2 * q), b0, b1, b2;
	double a0 = 1 + al, a1 = -2 * cs, a2 = 1 - al;
	double complex_re_n, complex_im_n, re_d, im_d;

	if (kind == 0) {
		b0 = (1 - cs) / 2; b1 = 1 - cs; b2 = b0;
	} else if (kind == 1) {
		b0 = (1 + cs) / 2; b1 = -(1 + cs); b2 = b0;
	} else {
		b0 = 1; b1 = -2 * cs; b2 = 1;
	}
	complex_re_n = b0 + b1 * cos(w) + b2 * cos(2 * w);
	complex_im_n = -b1 * sin(w) - b2 * sin(2 * w);
	re_d = a0 + a1 * cos(w) + a2 * cos(2 * w);
	im_d = -a1 * sin(w) - a2 * sin(2 * w);
	return hypot(complex_re_n, complex_im_n) / hypot(re_d, im_d);
}

static void test_biquads(void)
{
	static const struct {
		const char *type;
		int kind;
		double fc, q, f;
		double expect;	/* analytic gain, < 0: use bq_mag */
		double tol;
		const char *what;
	} rows[] = {
		{ "biquad_lp", 0, 50, 0.7071067811865476, 50, 0.7071067811865476,
		  2e-3, "low-pass gain at fc = q" },
		{ "biquad_lp", 0, 50, 2.0, 50, 2.0, 5e-3, "low-pass q=2: gain 2 at fc" },
		{ "biquad_lp", 0, 20, 0.7071067811865476, 1, 1.0, 2e-3,
		  "low-pass passband (1 Hz) gain 1" },
		{ "biquad_lp", 0, 20, 0.7071067811865476, 200, -1, 2e-3,
		  "low-pass stopband (200 Hz) as designed (< 0.011)" },
		{ "biquad_hp", 1, 50, 0.7071067811865476, 50, 0.7071067811865476,
		  2e-3, "high-pass gain at fc = q" },
		{ "biquad_hp", 1, 50, 0.7071067811865476, 2, -1, 2e-3,
		  "high-pass stopband (2 Hz) as designed" },
		{ "notch", 2, 50, 5, 50, 0.0, 2e-3, "notch depth at fc ~ 0" },
		{ "notch", 2, 50, 5, 5, 1.0, 5e-3, "notch passes 5 Hz" },
	};
	unsigned int i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char line[256];
		struct tc t;
		double want, got;

		snprintf(line, sizeof(line), "block f %s in=x out=y fc=%g q=%.17g",
			 rows[i].type, rows[i].fc, rows[i].q);
		open1(&t, line, "x", "y");
		want = rows[i].expect >= 0 ? rows[i].expect :
		       bq_mag(rows[i].kind, rows[i].fc, rows[i].q, rows[i].f);
		/* 50 periods of settling at 1 kHz, then 4 periods measured */
		got = sine_gain(&t, rows[i].f, (int)(50000 / rows[i].f) + 2000,
				(int)(4000 / rows[i].f) + 10);
		tap_near(got, want, rows[i].tol, "%s: %s (%.4g at %g Hz)",
			 rows[i].type, rows[i].what, got, rows[i].f);
		tc_close(&t);
	}
	{
		struct tc t;

		tap_ok(open1(&t, "block f biquad_lp in=x out=y fc=600", "x",
			     "y") == SRT_EINVAL,
		       "biquad: fc above Nyquist rejected (%s)", t.err.msg);
		tc_close(&t);
	}
}

static void test_leadlag(void)
{
	struct tc t;
	double tz = 0.05, tp = 0.005, k = 2, h = 2 / DT, y0, y;
	int n;

	open1(&t, "block f leadlag in=x out=y k=2 tz=0.05 tp=0.005", "x", "y");
	y0 = tc_step1(&t, 1.0);
	tap_near(y0, k * (1 + h * tz) / (1 + h * tp), 1e-12,
		 "leadlag: first step sample = k (2tz+dt)/(2tp+dt)");
	for (n = 0; n < 3000; n++)
		y = tc_step1(&t, 1.0);
	tap_near(y, k, 1e-9, "leadlag: DC gain k");
	tc_close(&t);
	open1(&t, "block f leadlag in=x out=y k=2 tz=0.05 tp=0.005", "x", "y");
	for (n = 0; n < 4000; n++)
		y = tc_step1(&t, (n & 1) ? -1.0 : 1.0);
	tap_near(fabs(y), k * tz / tp, 1e-9,
		 "leadlag: gain at Nyquist k tz/tp (Tustin)");
	tc_close(&t);
}

static void test_nonlin(void)
{
	static const struct {
		const char *block;
		double x, want;
	} rows[] = {
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
	unsigned int i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char line[256];
		struct tc t;
		double y;

		snprintf(line, sizeof(line), "block b %s", rows[i].block);
		open1(&t, line, "x", "y");
		y = tc_step1(&t, rows[i].x);
		tap_ok(y == rows[i].want, "%s: x=%g -> %g (got %g)",
		       rows[i].block, rows[i].x, rows[i].want, y);
		tc_close(&t);
	}
}

static void test_ratelimit(void)
{
	struct tc t;
	double y, prev;
	int n, ok_up = 1, ok_down = 1;

	open1(&t, "block r ratelimit in=x out=y rise=100 fall=50", "x", "y");
	tap_ok(tc_step1(&t, 2.0) == 2.0, "ratelimit: first sample passes through");
	prev = 2.0;
	for (n = 0; n < 100; n++) {
		y = tc_step1(&t, 10.0);
		if (fabs((y - prev) - fmin(0.1, 10.0 - prev)) > 1e-12)
			ok_up = 0;
		prev = y;
	}
	tap_ok(ok_up && y == 10.0, "ratelimit: rises 0.1/sample (100/s) and stops exactly at 10");
	for (n = 0; n < 300; n++) {
		y = tc_step1(&t, 0.0);
		if (prev - y > 0.05 + 1e-12)
			ok_down = 0;
		prev = y;
	}
	tap_ok(ok_down && y == 0.0, "ratelimit: falls at most 0.05/sample (50/s), reaches 0");
	tc_close(&t);
}

static void test_sum_select(void)
{
	struct tc t;

	tc_open(&t, "period_us 1000\ninput a b c\noutput s\n"
		    "block e sum in=a,b,c out=s n=3 signs=1,-1,0.5\n");
	tc_set(&t, 0, 4);
	tc_set(&t, 1, 1.5);
	tc_set(&t, 2, 2);
	tc_step(&t);
	tap_ok(tc_out(&t, 0) == 3.5, "sum: 4 - 1.5 + 0.5*2 = 3.5");
	tc_close(&t);
	tc_open(&t, "period_us 1000\ninput a b c\noutput y\n"
		    "block s select in=a,b,c out=y n=3 index=2\n");
	tc_set(&t, 0, 1);
	tc_set(&t, 1, 2);
	tc_set(&t, 2, 3);
	tc_step(&t);
	tap_ok(tc_out(&t, 0) == 2, "select index=2 passes the second input");
	tc_commit(&t, "s.index=3");
	tc_step(&t);
	tap_ok(tc_out(&t, 0) == 3, "select: committed index=3 switches input");
	tc_close(&t);
	tc_open(&t, "period_us 1000\ninput k a b\noutput y\n"
		    "block m mux in=k,a,b out=y n=2\n");
	tc_set(&t, 1, 10);
	tc_set(&t, 2, 20);
	tc_set(&t, 0, 2.4);
	tc_step(&t);
	tap_ok(tc_out(&t, 0) == 20, "mux: sel 2.4 rounds to input 2");
	tc_set(&t, 0, -7);
	tc_step(&t);
	tap_ok(tc_out(&t, 0) == 10, "mux: sel below range clamps to input 1");
	tc_set(&t, 0, 99);
	tc_step(&t);
	tap_ok(tc_out(&t, 0) == 20, "mux: sel above range clamps to input n");
	tc_close(&t);
}

static void test_statespace(void)
{
	/* x+ = A x + B u, y = C x + D u with a hand-computed sequence */
	static const double A[4] = { 0.9, 0.1, -0.2, 0.8 };
	static const double B[2] = { 1, 0.5 };
	static const double C[2] = { 1, -1 };
	double x[2] = { 0.5, -0.25 }, worst = 0;
	struct tc t;
	int n;

	tc_open(&t, "period_us 1000\ninput u\noutput y\n"
		    "block s statespace in=u out=y nx=2 nu=1 ny=1 "
		    "A=0.9,0.1,-0.2,0.8 B=1,0.5 C=1,-1 D=0.25 x0=0.5,-0.25\n");
	for (n = 0; n < 50; n++) {
		double u = sin(0.3 * n), want = C[0] * x[0] + C[1] * x[1] +
						0.25 * u;
		double x0 = A[0] * x[0] + A[1] * x[1] + B[0] * u;
		double x1 = A[2] * x[0] + A[3] * x[1] + B[1] * u;

		worst = fmax(worst, fabs(tc_step1(&t, u) - want));
		x[0] = x0;
		x[1] = x1;
	}
	tap_ok(worst < 1e-12, "statespace: 2 states with D, 50 samples vs hand computation (worst %.2g)",
	       worst);
	tc_close(&t);
	tap_ok(tc_open(&t, "period_us 1000\ninput u\noutput y\n"
			   "block s statespace in=u out=y nx=2 A=1,2,3\n") ==
	       SRT_EINVAL && strstr(t.err.msg, "A needs nx*nx"),
	       "statespace: wrong matrix size rejected (%s)", t.err.msg);
	tc_close(&t);
}

static void test_plants(void)
{
	struct tc t;
	double R = 1, ke = 0.05, kt = 0.05, b = 1e-4;
	double V = 12, w_ss = V * kt / (R * b + kt * ke), y, prev_pos;
	double wn, zeta, wd, worst = 0;
	int n;

	tc_open(&t, "period_us 1000\ninput v\noutput speed pos current\n"
		    "block m dc_motor in=v out=speed,pos,current R=1 L=0.5e-3 "
		    "ke=0.05 kt=0.05 J=1e-4 b=1e-4\n");
	tap_ok(tc_step1(&t, V) == 0, "dc_motor: no feedthrough (first output is the initial state)");
	for (n = 0; n < 2000; n++)
		y = tc_step1(&t, V);
	tap_near(y, w_ss, w_ss * 1e-9,
		 "dc_motor: steady speed V kt/(R b + kt ke) = %.6g rad/s", w_ss);
	tap_near(tc_out(&t, 2), (V - ke * w_ss) / R, 1e-9,
		 "dc_motor: steady current (V - ke w)/R");
	prev_pos = tc_out(&t, 1);
	tc_step1(&t, V);
	tap_near(tc_out(&t, 1) - prev_pos, w_ss * DT, 1e-9,
		 "dc_motor: position integrates speed");
	tc_close(&t);
	/* 1 ms is 2 electrical time constants: exact ZOH stays stable at 10 ms */
	tc_open(&t, "period_us 10000\ninput v\noutput speed\n"
		    "block m dc_motor in=v out=speed L=1e-5\n");
	for (n = 0; n < 500; n++)
		y = tc_step1(&t, V);
	tap_near(y, w_ss, w_ss * 1e-9, "dc_motor: stable and exact with L/R = dt/1000");
	tc_close(&t);

	/* underdamped mass-spring-damper step vs the closed form */
	tc_open(&t, "period_us 1000\ninput f\noutput x\n"
		    "block p msd in=f out=x m=2 c=1.2 k=50\n");
	wn = sqrt(50.0 / 2);
	zeta = 1.2 / (2 * sqrt(50.0 * 2));
	wd = wn * sqrt(1 - zeta * zeta);
	for (n = 0; n < 3000; n++) {
		double tt = n * DT, want = 3.0 / 50 * (1 - exp(-zeta * wn * tt) *
			(cos(wd * tt) + zeta / sqrt(1 - zeta * zeta) * sin(wd * tt)));

		worst = fmax(worst, fabs(tc_step1(&t, 3.0) - want));
	}
	tap_ok(worst < 1e-12, "msd: step response = closed form at every sample (worst %.2g)",
	       worst);
	tc_close(&t);

	/* lag with delay: y[n] = k (1 - a^(n-nd)) for n >= nd, 0 before */
	tc_open(&t, "period_us 1000\ninput u\noutput y\n"
		    "block p lag_delay in=u out=y k=2 tau=0.05 delay=0.025\n");
	{
		int first = -1, exact = 1;

		for (n = 0; n < 300; n++) {
			double yy = tc_step1(&t, 1.0);
			double want = n < 25 ? 0 :
				2 * (1 - exp(-(n - 25) * DT / 0.05));

			if (yy != 0 && first < 0)
				first = n;
			if (fabs(yy - want) > 1e-12)
				exact = 0;
		}
		tap_ok(first == 26, "lag_delay: 25-sample delay, first output moves at sample 26 (got %d)",
		       first);
		tap_ok(exact, "lag_delay: k (1 - exp(-(t - delay)/tau)) at every sample");
	}
	tc_close(&t);
	tap_ok(tc_open(&t, "period_us 1000\ninput u\noutput y\n"
			   "block p lag_delay in=u out=y delay=5\n") == SRT_EINVAL,
	       "lag_delay: delay beyond 4096 samples rejected (%s)", t.err.msg);
	tc_close(&t);
}

static void test_delay1_const(void)
{
	struct tc t;

	tc_open(&t, "period_us 1000\ninput x\noutput y c\n"
		    "block d delay1 in=x out=y init=7\nblock k const out=c value=-3\n");
	tap_ok(tc_step1(&t, 1) == 7 && tc_step1(&t, 2) == 1 &&
	       tc_step1(&t, 3) == 2, "delay1: init, then one sample late");
	tap_ok(tc_out(&t, 1) == -3, "const: value");
	tc_close(&t);
}

int main(void)
{
	test_lowpass();
	test_biquads();
	test_leadlag();
	test_nonlin();
	test_ratelimit();
	test_sum_select();
	test_statespace();
	test_plants();
	test_delay1_const();
	return tap_done();
}
