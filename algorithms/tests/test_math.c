// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The library's own math and number text against glibc: error bounds over
 * ranges (the bounds srt_num.h promises), special values, and formatting.
 */
#include <stdlib.h>
#include <string.h>
#include <float.h>
#include "tap.h"
#include "srt_num.h"

/* deterministic sample points: a fixed LCG, no libc rand() */
static unsigned long long lcg = 0x9e3779b97f4a7c15ULL;

static double urand(double lo, double hi)
{
	lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
	return lo + (hi - lo) * ((double)(lcg >> 11) / 9007199254740992.0);
}

static double ulp_diff(double a, double b)
{
	if (a == b)
		return 0;
	return fabs(a - b) / (nextafter(fabs(b), INFINITY) - fabs(b));
}

static void test_sqrt(void)
{
	double worst = 0;
	int i, exact = 1;

	for (i = 0; i < 200000; i++) {
		double x = exp(urand(-700, 700));

		worst = fmax(worst, ulp_diff(srt_sqrt(x), sqrt(x)));
	}
	tap_ok(worst <= 1.0, "sqrt: 200000 points in [1e-304, 1e304] within 1 ulp (worst %.2f ulp)",
	       worst);
	for (i = 0; i < 1000; i++)
		if (srt_sqrt((double)i * i) != (double)i)
			exact = 0;
	tap_ok(exact, "sqrt: perfect squares 0..999^2 exact");
	tap_ok(ulp_diff(srt_sqrt(4.9406564584124654e-324),
			sqrt(4.9406564584124654e-324)) <= 1,
	       "sqrt: smallest subnormal");
	tap_ok(isnan(srt_sqrt(-1)) && srt_sqrt(INFINITY) == INFINITY &&
	       srt_sqrt(0.0) == 0.0 && isnan(srt_sqrt(NAN)),
	       "sqrt: -1 -> NaN, Inf -> Inf, 0 -> 0, NaN -> NaN");
}

static void test_exp(void)
{
	double worst = 0, worst_small = 0;
	int i;

	for (i = 0; i < 200000; i++) {
		double x = urand(-700, 700), r = exp(x);

		worst = fmax(worst, fabs(srt_exp(x) - r) / r);
	}
	for (i = 0; i < 100000; i++) {
		double x = urand(-1, 1), r = exp(x);

		worst_small = fmax(worst_small, fabs(srt_exp(x) - r) / r);
	}
	tap_ok(worst <= 4e-16, "exp: [-700, 700] relative error %.3g <= 4e-16",
	       worst);
	tap_ok(worst_small <= 4e-16,
	       "exp: [-1, 1] relative error %.3g <= 4e-16", worst_small);
	tap_ok(srt_exp(0) == 1.0 && srt_exp(800) == INFINITY &&
	       srt_exp(-800) == 0 && isnan(srt_exp(NAN)),
	       "exp: 0 -> 1, overflow -> Inf, underflow -> 0, NaN -> NaN");
	tap_ok(fabs(srt_exp(-740) - exp(-740)) <= exp(-740) * 1e-10,
	       "exp: subnormal result exp(-740)");
}

static void test_trig(void)
{
	static const struct {
		double lo, hi;
		double bound;
	} ranges[] = {
		{ -3.2, 3.2, 2e-16 * 4 },
		{ -100, 100, 2e-15 },
		{ -1e5, 1e5, 2e-15 },
	};
	unsigned int r;
	int i;

	for (r = 0; r < SRT_ARRAY_SIZE(ranges); r++) {
		double ws = 0, wc = 0, wt = 0;

		for (i = 0; i < 100000; i++) {
			double x = urand(ranges[r].lo, ranges[r].hi), s, c;
			double t = tan(x);

			srt_sincos(x, &s, &c);
			ws = fmax(ws, fabs(s - sin(x)));
			wc = fmax(wc, fabs(c - cos(x)));
			/* tan: relative, away from the poles */
			if (fabs(cos(x)) > 1e-3)
				wt = fmax(wt, fabs(srt_tan(x) - t) / fabs(t));
		}
		tap_ok(ws <= ranges[r].bound && wc <= ranges[r].bound,
		       "sin/cos: [%g, %g] abs error sin %.3g cos %.3g <= %.3g",
		       ranges[r].lo, ranges[r].hi, ws, wc, ranges[r].bound);
		tap_ok(wt <= 1e-14, "tan: [%g, %g] rel error %.3g <= 1e-14",
		       ranges[r].lo, ranges[r].hi, wt);
	}
	tap_ok(srt_sin(0) == 0 && srt_cos(0) == 1 && isnan(srt_sin(INFINITY)),
	       "sin(0)=0, cos(0)=1, sin(Inf)=NaN");
	tap_ok(srt_sin(srt_cos(1e9)) == srt_sin(srt_cos(1e9)) &&
	       isfinite(srt_sin(1e15)), "trig stays finite far outside the promised range");
}

static void test_round(void)
{
	static const double pts[] = { 0.5, 1.5, 2.5, -0.5, -1.5, 0.49999999999999994,
		-2.7, 3.2, 4503599627370495.5, 1e300, -0.0, 7.0 };
	int ok_r = 1, ok_f = 1;
	unsigned int i;

	for (i = 0; i < SRT_ARRAY_SIZE(pts); i++) {
		if (srt_round(pts[i]) != round(pts[i])) {
			printf("# round(%.17g) = %.17g, libm %.17g\n", pts[i],
			       srt_round(pts[i]), round(pts[i]));
			ok_r = 0;
		}
		if (srt_floor(pts[i]) != floor(pts[i]))
			ok_f = 0;
	}
	for (i = 0; i < 100000; i++) {
		double x = urand(-1e6, 1e6);

		if (srt_round(x) != round(x))
			ok_r = 0;
		if (srt_floor(x) != floor(x))
			ok_f = 0;
	}
	tap_ok(ok_r, "round: half away from zero, as libm round()");
	tap_ok(ok_f, "floor: as libm floor()");
}

static void test_parse(void)
{
	static const struct {
		const char *s;
		int ok;
	} table[] = {
		{ "0", 1 }, { "-0", 1 }, { "1", 1 }, { "+2.5", 1 },
		{ "0.1", 1 }, { "1e-3", 1 }, { "1E3", 1 }, { ".5", 1 },
		{ "5.", 1 }, { "-1.25e+2", 1 }, { "123456789012345", 1 },
		{ "3.141592653589793", 1 }, { "0.000001", 1 },
		{ "1e22", 1 }, { "2.5e-300", 1 }, { "1e-320", 1 },
		{ "12345678901234567890123", 1 },
		{ "", 0 }, { "-", 0 }, { ".", 0 }, { "e5", 0 }, { "1e", 0 },
		{ "1e+", 0 }, { "1..2", 0 }, { "1,2", 0 }, { "0x10", 0 },
		{ "nan", 0 }, { "inf", 0 }, { "1 ", 0 }, { "--1", 0 },
		{ "1e5x", 0 },
	};
	unsigned int i;
	int all = 1, exact = 1;
	double worst = 0;

	for (i = 0; i < SRT_ARRAY_SIZE(table); i++) {
		double v = 0;
		int r = srt_parse_double(table[i].s, strlen(table[i].s), &v);

		if ((r == 0) != table[i].ok) {
			printf("# '%s': parse %s\n", table[i].s,
			       r ? "rejected" : "accepted");
			all = 0;
		} else if (r == 0) {
			double want = strtod(table[i].s, NULL);

			if (v != want && ulp_diff(v, want) > 2) {
				printf("# '%s': %.17g vs strtod %.17g\n",
				       table[i].s, v, want);
				all = 0;
			}
		}
	}
	tap_ok(all, "parse_double: table of valid/malformed numbers (valid ones within 2 ulp of strtod)");
	/* <= 15 digits and a small exponent: correctly rounded */
	for (i = 0; i < 100000; i++) {
		char buf[64];
		double v;

		snprintf(buf, sizeof(buf), "%.*e", (int)(i % 15),
			 urand(-1, 1) * pow(10, (int)(i % 30) - 15));
		if (srt_parse_double(buf, strlen(buf), &v) ||
		    v != strtod(buf, NULL)) {
			if (exact)
				printf("# %s -> %.17g vs %.17g\n", buf, v,
				       strtod(buf, NULL));
			exact = 0;
		}
	}
	tap_ok(exact, "parse_double: 100000 numbers of <= 15 digits, |exp| <= 22: bit-equal to strtod");
	for (i = 0; i < 100000; i++) {
		char buf[64];
		double v, w;

		snprintf(buf, sizeof(buf), "%.17g",
			 urand(-1, 1) * pow(10, urand(-300, 300)));
		srt_parse_double(buf, strlen(buf), &v);
		w = strtod(buf, NULL);
		worst = fmax(worst, ulp_diff(v, w));
	}
	tap_ok(worst <= 8, "parse_double: 17 digits over 1e-300..1e300 within 8 ulp (worst %.1f)",
	       worst);
}

static void test_format(void)
{
	static const double pts[] = { 0, 1, -1, 0.5, 24, -24, 1e-3, 1e-4,
		1e-5, 123456, 1234567, 0.1, 2.5e-9, 3.14159265358979,
		1e300, -7.25e-300, 100, 99.9999999, 0.000123456, 65536 };
	unsigned int i;
	int all = 1;
	char a[64], b[64];

	for (i = 0; i < SRT_ARRAY_SIZE(pts); i++) {
		srt_format_double(a, sizeof(a), pts[i], 6);
		snprintf(b, sizeof(b), "%g", pts[i]);
		if (strcmp(a, b)) {
			printf("# %.17g: '%s' vs printf '%s'\n", pts[i], a, b);
			all = 0;
		}
	}
	tap_ok(all, "format_double(6 digits) matches printf %%g on a table");
	srt_snprintf(a, sizeof(a), "%s=%d/%u %x %g %.3s|%.*s%%", "k", -5, 7u,
		     255u, 0.25, "abcdef", 2, "xyz");
	tap_ok(!strcmp(a, "k=-5/7 ff 0.25 abc|xy%"),
	       "snprintf: %%s %%d %%u %%x %%g %%.Ns %%.*s %%%% ('%s')", a);
	srt_snprintf(a, 8, "%s", "0123456789");
	tap_ok(!strcmp(a, "0123456"), "snprintf truncates and terminates");
	srt_format_double(a, sizeof(a), NAN, 6);
	srt_format_double(b, sizeof(b), -INFINITY, 6);
	tap_ok(!strcmp(a, "nan") && !strcmp(b, "-inf"), "format nan, -inf");
}

static void test_bits(void)
{
	tap_ok(srt_bits_finite(srt_to_bits(1.5)) &&
	       !srt_bits_finite(srt_to_bits(INFINITY)) &&
	       !srt_bits_finite(srt_to_bits(-INFINITY)) &&
	       !srt_bits_finite(srt_to_bits(NAN)) &&
	       srt_bits_finite(srt_to_bits(DBL_MAX)) &&
	       srt_bits_finite(srt_to_bits(4.9e-324)),
	       "bits: finite check on 1.5, +-Inf, NaN, DBL_MAX, subnormal");
	tap_ok(srt_bits_isnan(SRT_F64_QNAN) && !srt_bits_isnan(SRT_F64_PINF) &&
	       srt_from_bits(SRT_F64_ONE) == 1.0,
	       "bits: NaN/Inf patterns, one");
}

int main(void)
{
	test_sqrt();
	test_exp();
	test_trig();
	test_round();
	test_parse();
	test_format();
	test_bits();
	return tap_done();
}
