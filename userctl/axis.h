/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A plot axis: the range it shows, rounded out to its ticks (1-2-5 steps
 * on a linear axis; decades, or 1-2-5 within them, on a log axis), and
 * the mapping from values to pixels.
 */
#ifndef USERCTL_AXIS_H
#define USERCTL_AXIS_H

#include <stdbool.h>
#include <stddef.h>

#define AXIS_MAX_TICKS	32

struct axis {
	double lo, hi;		/* the range shown: the first and last tick */
	bool log;
	double step;		/* linear: tick spacing; log: decades a tick */
	double tick[AXIS_MAX_TICKS];
	int nr_ticks;
	double minor[AXIS_MAX_TICKS * 8];	/* log: 2..9 within decades */
	int nr_minor;
	double p0, p1;		/* pixels of lo and hi */
};

/*
 * Choose the range and at most @max_ticks (2..AXIS_MAX_TICKS) labelled
 * ticks for data from @dmin to @dmax (finite, @dmin <= @dmax, both > 0
 * on a log axis).  Returns 0, -EDOM (a value <= 0 on a log axis) or
 * -ERANGE (infinite or NaN, a span no double holds).
 */
int axis_ticks(struct axis *a, double dmin, double dmax, bool log,
	       int max_ticks);

/* The pixel of @v, which may lie outside the range (v <= 0, log: NaN). */
double axis_pos(const struct axis *a, double v);

/*
 * A tick's label: as many decimals as the axis' step needs, thousands as
 * k, M, G, T ("25k", "100M"); axes beyond 1e16 or within 1e-3 as %g
 * writes them ("2e+17", "5e-05").
 */
void axis_label(const struct axis *a, double v, char *buf, size_t n);

#endif
