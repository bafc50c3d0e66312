// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Linear filters against analytic results: lowpass step response and DC
 * gain, biquad gains at chosen frequencies, lead-lag first sample, DC and
 * Nyquist gains.  Each block runs in a one-block chain, so the parser,
 * wiring and step path are exercised too.
 */
#include "cases_fp.h"

#define DT 1e-3

void sc_lowpass_step(struct sc *s, unsigned int r)
{
	struct sc_chain *t;
	double worst = 0;
	int n;

	t = sc_open1(s, "block f lowpass in=x out=y tau=0.02 k=2", "x", "y");
	for (n = 0; n < 200; n++) {
		double y = sc_step1(t, 1.0);
		double want = 2.0 * (1.0 - srt_exp(-(n + 1) * DT / 0.02));

		worst = srt_max(worst, srt_fabs(y - want));
	}
	sc_ok(s, t->c && worst < 1e-12,
	      "lowpass: step response k(1 - exp(-t/tau)) within 1e-12 (worst %g)",
	      worst);
}

void sc_lowpass_dc(struct sc *s, unsigned int r)
{
	struct sc_chain *t;
	int n;

	t = sc_open1(s, "block f lowpass in=x out=y fc=10", "x", "y");
	for (n = 0; n < 5000; n++)
		sc_step1(t, 3.0);
	sc_near(s, sc_out(t, 0), 3.0, 1e-12, "lowpass fc=10: DC gain 1");
}

/* steady-state amplitude of the response to a sinusoid at f Hz */
static double sc_sine_gain(struct sc_chain *t, double f, int settle, int measure)
{
	double peak = 0;
	int n;

	for (n = 0; n < settle + measure; n++) {
		double y = sc_step1(t, srt_sin(2 * SRT_PI * f * n * DT));

		if (n >= settle)
			peak = srt_max(peak, srt_fabs(y));
	}
	return peak;
}

static double sc_hypot(double a, double b)
{
	return srt_sqrt(a * a + b * b);
}

/* designed magnitude of a biquad at f (from the same RBJ formulas) */
static double sc_bq_mag(int kind, double fc, double q, double f)
{
	double w0 = 2 * SRT_PI * fc * DT, w = 2 * SRT_PI * f * DT;
	double cs = srt_cos(w0), al = srt_sin(w0) / (2 * q), b0, b1, b2;
	double a0 = 1 + al, a1 = -2 * cs, a2 = 1 - al;
	double re_n, im_n, re_d, im_d;

	if (kind == 0) {
		b0 = (1 - cs) / 2;
		b1 = 1 - cs;
		b2 = b0;
	} else if (kind == 1) {
		b0 = (1 + cs) / 2;
		b1 = -(1 + cs);
		b2 = b0;
	} else {
		b0 = 1;
		b1 = -2 * cs;
		b2 = 1;
	}
	re_n = b0 + b1 * srt_cos(w) + b2 * srt_cos(2 * w);
	im_n = -b1 * srt_sin(w) - b2 * srt_sin(2 * w);
	re_d = a0 + a1 * srt_cos(w) + a2 * srt_cos(2 * w);
	im_d = -a1 * srt_sin(w) - a2 * srt_sin(2 * w);
	return sc_hypot(re_n, im_n) / sc_hypot(re_d, im_d);
}

#define Q_BW	0.7071067811865476

static const struct {
	const char *type;
	int kind;
	double fc, q, f;
	double expect;	/* analytic gain, < 0: use sc_bq_mag */
	double tol;
	const char *what;
} sc_biquad_rows[] = {
	{ "biquad_lp", 0, 50, Q_BW, 50, Q_BW, 2e-3, "low-pass gain at fc = q" },
	{ "biquad_lp", 0, 50, 2.0, 50, 2.0, 5e-3, "low-pass q=2: gain 2 at fc" },
	{ "biquad_lp", 0, 20, Q_BW, 1, 1.0, 2e-3,
	  "low-pass passband (1 Hz) gain 1" },
	{ "biquad_lp", 0, 20, Q_BW, 200, -1, 2e-3,
	  "low-pass stopband (200 Hz) as designed (< 0.011)" },
	{ "biquad_hp", 1, 50, Q_BW, 50, Q_BW, 2e-3, "high-pass gain at fc = q" },
	{ "biquad_hp", 1, 50, Q_BW, 2, -1, 2e-3,
	  "high-pass stopband (2 Hz) as designed" },
	{ "notch", 2, 50, 5, 50, 0.0, 2e-3, "notch depth at fc ~ 0" },
	{ "notch", 2, 50, 5, 5, 1.0, 5e-3, "notch passes 5 Hz" },
};

void sc_biquad(struct sc *s, unsigned int r)
{
	char line[128], num[32];
	struct sc_chain *t;
	double want, got;

	/* %g has 6 digits: spell q with all 17 so the design is the same */
	srt_format_double(num, sizeof(num), sc_biquad_rows[r].q, 17);
	srt_snprintf(line, sizeof(line), "block f %s in=x out=y fc=%g q=%s",
		     sc_biquad_rows[r].type, sc_biquad_rows[r].fc, num);
	t = sc_open1(s, line, "x", "y");
	want = sc_biquad_rows[r].expect >= 0 ? sc_biquad_rows[r].expect :
	       sc_bq_mag(sc_biquad_rows[r].kind, sc_biquad_rows[r].fc,
		      sc_biquad_rows[r].q, sc_biquad_rows[r].f);
	/* 50 periods of settling at 1 kHz, then 4 periods measured */
	got = sc_sine_gain(t, sc_biquad_rows[r].f,
			(int)(50000 / sc_biquad_rows[r].f) + 2000,
			(int)(4000 / sc_biquad_rows[r].f) + 10);
	sc_near(s, got, want, sc_biquad_rows[r].tol, "%s: %s (%g at %g Hz)",
		sc_biquad_rows[r].type, sc_biquad_rows[r].what, got,
		sc_biquad_rows[r].f);
}

void sc_biquad_nyquist(struct sc *s, unsigned int r)
{
	struct sc_chain *t;

	t = sc_open1(s, "block f biquad_lp in=x out=y fc=600", "x", "y");
	sc_ok(s, t->ret == SRT_EINVAL,
	      "biquad: fc above Nyquist rejected (%s)", t->err.msg);
	/* the rule is fc dt < 0.499: 499 Hz at 1 kHz is out, 498.9 is in */
	t = sc_open1(s, "block f notch in=x out=y fc=499", "x", "y");
	sc_ok(s, t->ret == SRT_EINVAL && sc_contains(t->err.msg, "0.499 fs"),
	      "notch: fc = 0.499 fs rejected, message says so (%s)",
	      t->err.msg);
	t = sc_open1(s, "block f notch in=x out=y fc=498.9", "x", "y");
	sc_ok(s, t->ret == 0, "notch: fc = 0.4989 fs accepted");
}

void sc_leadlag_step(struct sc *s, unsigned int r)
{
	double tz = 0.05, tp = 0.005, k = 2, h = 2 / DT, y0, y = 0;
	struct sc_chain *t;
	int n;

	t = sc_open1(s, "block f leadlag in=x out=y k=2 tz=0.05 tp=0.005",
		     "x", "y");
	y0 = sc_step1(t, 1.0);
	sc_near(s, y0, k * (1 + h * tz) / (1 + h * tp), 1e-12,
		"leadlag: first step sample = k (2tz+dt)/(2tp+dt)");
	for (n = 0; n < 3000; n++)
		y = sc_step1(t, 1.0);
	sc_near(s, y, k, 1e-9, "leadlag: DC gain k");
}

void sc_leadlag_nyquist(struct sc *s, unsigned int r)
{
	struct sc_chain *t;
	double y = 0;
	int n;

	t = sc_open1(s, "block f leadlag in=x out=y k=2 tz=0.05 tp=0.005",
		     "x", "y");
	for (n = 0; n < 4000; n++)
		y = sc_step1(t, (n & 1) ? -1.0 : 1.0);
	sc_near(s, srt_fabs(y), 2 * 0.05 / 0.005, 1e-9,
		"leadlag: gain at Nyquist k tz/tp (Tustin)");
}
