/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Minimal TAP producer for the host tests: ok/not ok lines, plan at the end. */
#ifndef SRT_TAP_H
#define SRT_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <math.h>

static int tap_n, tap_failed;

static inline void __attribute__((format(printf, 2, 3)))
tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", cond ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!cond)
		tap_failed++;
	fflush(stdout);
}

/* |got - want| <= tol, with both values in the description on failure */
#define tap_near(got, want, tol, ...) do {				\
	double g_ = (got), w_ = (want), t_ = (tol);			\
	int c_ = fabs(g_ - w_) <= t_;					\
	if (!c_)							\
		printf("# got %.17g want %.17g tol %g\n", g_, w_, t_);	\
	tap_ok(c_, __VA_ARGS__);					\
} while (0)

static inline void __attribute__((format(printf, 1, 2))) tap_note(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	printf("# %d passed, %d failed\n", tap_n - tap_failed, tap_failed);
	return tap_failed ? 1 : 0;
}

#endif
