/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Floating-point helpers for algorithms/ only (this header uses double in
 * function signatures; code built without FPU flags must not include it).
 *
 * Every function here is made of IEEE-754 basic operations (+ - * / and
 * comparisons) in a fixed order, so with -ffp-contract=off the result is
 * bit-identical on x86_64 (SSE2), arm64 and armhf (VFP), in the kernel and
 * in user space.  No libm.
 */
#ifndef SRT_NUM_H
#define SRT_NUM_H

#include "srt_types.h"
#include "../include/shieldrt_f64.h"

static inline bool srt_isfinite(double x)
{
	return srt_bits_finite(srt_to_bits(x));
}

static inline double srt_fabs(double x)
{
	return srt_from_bits(srt_to_bits(x) & ~SRT_F64_SIGN_BIT);
}

static inline double srt_min(double a, double b)
{
	return a < b ? a : b;
}

static inline double srt_max(double a, double b)
{
	return a > b ? a : b;
}

static inline double srt_clamp(double x, double lo, double hi)
{
	return x < lo ? lo : (x > hi ? hi : x);
}

#define SRT_PI		3.14159265358979323846
#define SRT_DBL_MAX	1.7976931348623157e308
#define SRT_INF		(srt_from_bits(SRT_F64_PINF))
#define SRT_NAN		(srt_from_bits(SRT_F64_QNAN))

/*
 * Accuracy (measured against glibc's libm by tests/test_math.c, which
 * asserts these bounds):
 *   srt_sqrt   all finite x >= 0: within 1 ulp
 *   srt_exp    |x| <= 700: relative error <= 4e-16
 *   srt_sin/cos/tan  |x| <= 1e5: absolute error <= 2e-15 (sin, cos),
 *              relative error <= 1e-14 for tan away from its poles
 * Outside those ranges the results stay finite and deterministic but the
 * error bound is not promised.
 */
double srt_sqrt(double x);
double srt_exp(double x);
double srt_sin(double x);
double srt_cos(double x);
double srt_tan(double x);
void srt_sincos(double x, double *s, double *c);
/* Round half away from zero to an integral double, for any finite x. */
double srt_round(double x);
double srt_floor(double x);

/* Text <-> double, for the chain parser and for messages. */
int srt_parse_double(const char *s, size_t len, double *out);
size_t srt_format_double(char *buf, size_t size, double x, int prec);
/*
 * Finite x as the shortest text (15, 16 or 17 significant digits, 18 where
 * none of those does) that srt_parse_double() reads back bit for bit.
 */
size_t srt_format_double_exact(char *buf, size_t size, double x);

/*
 * A small vsnprintf for one-line messages: %s %c %d %u %x %g (double, 6
 * significant digits), %.Ns and %.*s (at most N characters of a string).
 * Always NUL-terminates when size > 0; returns the length written.
 */
size_t srt_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
size_t srt_snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

size_t srt_strlen(const char *s);
bool srt_streq(const char *a, const char *b);
/* a (NUL-terminated) equals the len bytes at b */
bool srt_strneq(const char *a, const char *b, size_t len);

#endif /* SRT_NUM_H */
