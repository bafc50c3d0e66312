// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * sqrt, exp, sin, cos, tan without libm.  Used when parameters are
 * prepared (filter design, plant discretization) and in a few places in a
 * step (profile planning).  Only IEEE basic operations, so results are the
 * same bits on every target and in kernel and user space.
 */
#include "srt_num.h"

#if defined(__FLT_EVAL_METHOD__) && __FLT_EVAL_METHOD__ != 0
#error "algorithms/ needs double evaluated in double (SSE2/VFP, not x87)"
#endif

#define TWO52	4503599627370496.0	/* 2^52: above it every double is integral */

static double srt_trunc_abs(double a)
{
	double y;

	if (!(a < TWO52))
		return a;
	/* adding 2^52 rounds away the fraction (to nearest); undo overshoot */
	y = (a + TWO52) - TWO52;
	if (y > a)
		y -= 1.0;
	return y;
}

double srt_round(double x)
{
	double a = srt_fabs(x), t;

	if (!(a < TWO52))	/* also NaN */
		return x;
	t = srt_trunc_abs(a);
	if (a - t >= 0.5)
		t += 1.0;
	return x < 0 ? -t : t;
}

double srt_floor(double x)
{
	double t;

	if (!(srt_fabs(x) < TWO52))
		return x;
	if (x >= 0)
		return srt_trunc_abs(x);
	t = -srt_trunc_abs(-x);
	return t != x ? t - 1.0 : t;
}

/* 2^k as a double for -1022 <= k <= 1023 */
static double srt_pow2i(int k)
{
	return srt_from_bits((u64)(u32)(k + 1023) << 52);
}

double srt_sqrt(double x)
{
	u64 b = srt_to_bits(x);
	int e, i;
	double m, y, scale = 1.0;

	if (x != x || x == 0.0 || x == SRT_INF)
		return x;		/* NaN, +-0, +Inf pass through */
	if (x < 0)
		return SRT_NAN;
	if (!(b & SRT_F64_EXP_BITS)) {	/* subnormal: lift into normal range */
		x *= 0x1p108;
		scale = 0x1p-54;
		b = srt_to_bits(x);
	}
	e = (int)((b >> 52) & 0x7ff) - 1023;
	m = srt_from_bits((b & SRT_F64_FRAC_BITS) | SRT_F64_ONE);
	if (e & 1) {		/* make the exponent even: m in [1, 4) */
		m *= 2.0;
		e -= 1;
	}
	y = 0.5 + 0.5 * m;	/* >= sqrt(m): Newton then falls monotonically */
	for (i = 0; i < 6; i++)
		y = 0.5 * (y + m / y);
	return y * srt_pow2i(e / 2) * scale;
}

static const double LN2_HI = 6.93147180369123816490e-01;	/* ln 2, top 32 bits */
static const double LN2_LO = 1.90821492927058770002e-10;	/* ln 2 - LN2_HI */
static const double INV_LN2 = 1.44269504088896338700e+00;

double srt_exp(double x)
{
	double k, r, p;
	int ki;

	if (x != x)
		return x;
	if (x > 709.782712893383973096)
		return SRT_INF;
	if (x < -745.2)
		return 0.0;
	/* x = k ln2 + r, |r| <= ln2/2; k * LN2_HI is exact for |k| < 2^21 */
	k = srt_round(x * INV_LN2);
	r = (x - k * LN2_HI) - k * LN2_LO;
	/* Taylor series to r^13: truncation error < 5e-18 for |r| <= 0.347 */
	p = 1.0 / 6227020800.0;
	p = 1.0 / 479001600.0 + r * p;
	p = 1.0 / 39916800.0 + r * p;
	p = 1.0 / 3628800.0 + r * p;
	p = 1.0 / 362880.0 + r * p;
	p = 1.0 / 40320.0 + r * p;
	p = 1.0 / 5040.0 + r * p;
	p = 1.0 / 720.0 + r * p;
	p = 1.0 / 120.0 + r * p;
	p = 1.0 / 24.0 + r * p;
	p = 1.0 / 6.0 + r * p;
	p = 0.5 + r * p;
	p = 1.0 + r * p;
	p = 1.0 + r * p;
	ki = (int)k;
	if (ki < -1021)		/* result is subnormal: scale in two steps */
		return p * srt_pow2i(ki + 600) * srt_pow2i(-600);
	if (ki > 1023)
		return p * srt_pow2i(ki - 1) * 2.0;
	return p * srt_pow2i(ki);
}

/* pi/2 in three parts, the first two with 33 significant bits */
static const double PIO2_1 = 1.57079632673412561417e+00;
static const double PIO2_2 = 6.07710050630396597660e-11;
static const double PIO2_3 = 2.02226624879595063154e-21;
static const double TWO_OVER_PI = 6.36619772367581382433e-01;

static double srt_sin_poly(double r)
{
	double z = r * r, p;

	p = 1.0 / 355687428096000.0;
	p = -1.0 / 1307674368000.0 + z * p;
	p = 1.0 / 6227020800.0 + z * p;
	p = -1.0 / 39916800.0 + z * p;
	p = 1.0 / 362880.0 + z * p;
	p = -1.0 / 5040.0 + z * p;
	p = 1.0 / 120.0 + z * p;
	p = -1.0 / 6.0 + z * p;
	return r + r * z * p;
}

static double srt_cos_poly(double r)
{
	double z = r * r, p;

	p = 1.0 / 6402373705728000.0;
	p = -1.0 / 20922789888000.0 + z * p;
	p = 1.0 / 87178291200.0 + z * p;
	p = -1.0 / 479001600.0 + z * p;
	p = 1.0 / 3628800.0 + z * p;
	p = -1.0 / 40320.0 + z * p;
	p = 1.0 / 720.0 + z * p;
	p = -1.0 / 24.0 + z * p;
	p = 0.5 + z * p;
	return 1.0 - z * p;
}

void srt_sincos(double x, double *s, double *c)
{
	double k, r, sr, cr, q4;
	int q;

	if (!srt_isfinite(x)) {
		*s = SRT_NAN;
		*c = SRT_NAN;
		return;
	}
	k = srt_round(x * TWO_OVER_PI);
	r = ((x - k * PIO2_1) - k * PIO2_2) - k * PIO2_3;
	/* quadrant = k mod 4, computed in double so any k works */
	q4 = k - 4.0 * srt_floor(k * 0.25);
	q = (int)q4;
	sr = srt_sin_poly(r);
	cr = srt_cos_poly(r);
	switch (q) {
	case 0:
		*s = sr;
		*c = cr;
		break;
	case 1:
		*s = cr;
		*c = -sr;
		break;
	case 2:
		*s = -sr;
		*c = -cr;
		break;
	default:
		*s = -cr;
		*c = sr;
		break;
	}
}

double srt_sin(double x)
{
	double s, c;

	srt_sincos(x, &s, &c);
	return s;
}

double srt_cos(double x)
{
	double s, c;

	srt_sincos(x, &s, &c);
	return c;
}

double srt_tan(double x)
{
	double s, c;

	srt_sincos(x, &s, &c);
	return s / c;
}
