/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-output limits: optional [min, max] per output index.  An output
 * outside its limits trips the loop into safe state (reason "limit")
 * before that cycle's outputs are published; limits never clamp, because
 * a clamped actuator command hides the fault that produced it.
 *
 * The table and its text form are pure (limits.c, KUnit suite
 * shieldrt_limits); the per-loop copy, its hand-over to the running loop
 * and the debugfs file are in kmod/limits_loop.h and limits_loop.c.
 */
#ifndef SHIELDRT_LIMITS_H
#define SHIELDRT_LIMITS_H

#include <linux/bitops.h>
#include <linux/types.h>
#include "shieldrt_cycle.h"
#include "f64text.h"

struct srt_limits {
	u32 on;				/* bit i: output i has limits */
	u64 lo[SRT_MAX_SIGNALS];	/* srt_f64_order() of min */
	u64 hi[SRT_MAX_SIGNALS];	/* srt_f64_order() of max */
	u64 min[SRT_MAX_SIGNALS];	/* bit patterns, as given */
	u64 max[SRT_MAX_SIGNALS];
};

/*
 * Apply limits lines to @l (the caller passes a copy of the table in
 * force and keeps the original if this fails):
 *
 *   out=N min=X max=Y    limits for output N (either side may be left out:
 *                        that side is unbounded); replaces N's entry
 *   out=N off            no limits for output N
 *   clear                no limits at all
 *
 * Blank lines and '#' comments are skipped.  X and Y are decimal numbers
 * or +-inf; NaN, min above max and N >= @n_out are refused.  Returns 0, or
 * -EINVAL / -ENOMEM with "line L: reason" in @err.  @text is modified.
 */
int srt_limits_parse(struct srt_limits *l, char *text, u32 n_out,
		     char *err, size_t errlen);

/* "out=N min=X max=Y" for output @i, as srt_limits_parse() reads it. */
int srt_limits_format(const struct srt_limits *l, u32 i, char *buf,
		      size_t len);

/* The first of outputs 0..@n-1 outside its limits, or -1.  Hot path. */
static inline int srt_limits_first_bad(const struct srt_limits *l,
				       const u64 *out, u32 n)
{
	u32 on = l->on;
	u64 k;
	int i;

	if (n < 32)
		on &= BIT(n) - 1;
	while (on) {
		i = __ffs(on);
		on &= on - 1;
		k = srt_f64_order(out[i]);
		if (k < l->lo[i] || k > l->hi[i])
			return i;
	}
	return -1;
}

#endif /* SHIELDRT_LIMITS_H */
