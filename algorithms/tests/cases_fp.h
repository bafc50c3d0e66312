/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Helpers for the case files only: these take and return doubles, so only
 * code built with the library's FPU flags may include this header.
 */
#ifndef SRT_CASES_FP_H
#define SRT_CASES_FP_H

#include "cases.h"
#include "../srt_num.h"

static inline void sc_set(struct sc_chain *t, unsigned int i, double v)
{
	t->in[i] = srt_to_bits(v);
}

static inline double sc_out(const struct sc_chain *t, unsigned int i)
{
	return srt_from_bits(t->out[i]);
}

/* one step with input 0 = x; returns output 0 */
static inline double sc_step1(struct sc_chain *t, double x)
{
	sc_set(t, 0, x);
	sc_step(t);
	return sc_out(t, 0);
}

/* |got - want| <= tol; both values in the message */
#define sc_near(s, got, want, tol, fmt, ...) do {			\
	double g_ = (got), w_ = (want), t_ = (tol);			\
	sc_ok(s, srt_fabs(g_ - w_) <= t_, fmt " (got %g want %g tol %g)", \
	      ##__VA_ARGS__, g_, w_, t_);				\
} while (0)

/* a chain "period_us 1000 / input .. / output .. / block line" in slot 0 */
static inline struct sc_chain *sc_open1(struct sc *s, const char *block,
					const char *inputs,
					const char *outputs)
{
	srt_snprintf(s->text, sizeof(s->text),
		     "period_us 1000\ninput %s\noutput %s\n%s\n", inputs,
		     outputs, block);
	return sc_open(s, 0, s->text);
}

static inline double sc_ceil(double x)
{
	return -srt_floor(-x);
}

#endif /* SRT_CASES_FP_H */
