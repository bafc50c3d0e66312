// SPDX-License-Identifier: GPL-2.0
/* Axis ranges, round ticks and value-to-pixel mapping for the plots. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "axis.h"

/* The three mantissas of a 1-2-5 series. */
static const double m125[] = { 1, 2, 5 };

/* 10^e for the decade holding v > 0, robust to log10's last bit. */
static double decade_of(double v)
{
	double d = pow(10, floor(log10(v)));

	if (d > v)
		d /= 10;
	else if (d * 10 <= v)
		d *= 10;
	return d;
}

/* The largest 1-2-5 value <= v (> 0), or the smallest >= v. */
static double snap125(double v, bool up)
{
	double d = decade_of(v);
	int i;

	if (up) {
		for (i = 0; i < 3; i++)
			if (m125[i] * d >= v)
				return m125[i] * d;
		return 10 * d;
	}
	for (i = 2; i > 0; i--)
		if (m125[i] * d <= v)
			break;
	return m125[i] * d;
}

/* The linear tick step: the smallest 1-2-5 value giving <= max ticks. */
static int linear_ticks(struct axis *a, double dmin, double dmax,
			int max_ticks)
{
	double span = dmax - dmin, mag = fmax(fabs(dmin), fabs(dmax)), k0, k1;
	double step;

	if (!isfinite(span))
		return -ERANGE;
	/*
	 * A flat range, or one finer than a double tells apart at this
	 * magnitude: show a fifth of the value around it (or 0..1).
	 */
	if (span <= mag * 1e-9 && !mag) {
		dmin = 0;
		dmax = 1;
	} else if (span <= mag * 1e-9) {
		dmin = (dmin + dmax) / 2 - mag * 0.1;
		dmax = dmin + mag * 0.2;
	}
	step = snap125((dmax - dmin) / (max_ticks - 1), true);
	for (;;) {
		k0 = floor(dmin / step);
		k1 = ceil(dmax / step);
		if (!isfinite(k0) || !isfinite(k1) || !isfinite(step * k1) ||
		    !isfinite(step * k0))
			return -ERANGE;
		if (k1 - k0 + 1 <= max_ticks)
			break;
		step = snap125(step * 1.5, true);
	}
	a->step = step;
	a->lo = k0 * step;
	a->hi = k1 * step;
	for (a->nr_ticks = 0; k0 + a->nr_ticks <= k1; a->nr_ticks++)
		a->tick[a->nr_ticks] = (k0 + a->nr_ticks) * step;
	return 0;
}

/* 1-2-5 ticks within [lo, hi], if there are at most max of them. */
static bool log_ticks_125(struct axis *a, int max_ticks)
{
	double d, v;
	int n = 0, i;

	for (d = decade_of(a->lo); d <= a->hi; d *= 10)
		for (i = 0; i < 3; i++) {
			v = m125[i] * d;
			if (v < a->lo * (1 - 1e-12) || v > a->hi * (1 + 1e-12))
				continue;
			if (n == max_ticks)
				return false;
			a->tick[n++] = v;
		}
	a->nr_ticks = n;
	a->step = 0;
	return n >= 2;
}

/* Every s-th decade from lo (a decade) to hi, s the smallest that fits. */
static void log_ticks_decades(struct axis *a, int max_ticks)
{
	double e0 = round(log10(a->lo)), e1 = round(log10(a->hi)), e;
	int s = 1, n;

	while ((e1 - e0) / s + 1 > max_ticks)
		s++;
	/* the top rounds out to a whole step */
	e1 = e0 + ceil((e1 - e0) / s) * s;
	a->hi = pow(10, e1);
	for (n = 0, e = e0; e <= e1; e += s)
		a->tick[n++] = pow(10, e);
	a->nr_ticks = n;
	a->step = s;
}

/* Unlabelled 2..9 marks in each decade of a one-decade-a-tick axis. */
static void log_minor(struct axis *a)
{
	double d, v;
	int k;

	a->nr_minor = 0;
	if (a->step != 1 && a->step != 0)
		return;
	for (d = decade_of(a->lo); d < a->hi; d *= 10)
		for (k = 2; k <= 9; k++) {
			v = k * d;
			if (v > a->lo && v < a->hi &&
			    a->nr_minor < (int)(sizeof(a->minor) /
						sizeof(a->minor[0])))
				a->minor[a->nr_minor++] = v;
		}
}

static int log_axis(struct axis *a, double dmin, double dmax, int max_ticks)
{
	if (dmin <= 0)
		return -EDOM;
	a->lo = snap125(dmin, false);
	a->hi = snap125(dmax, true);
	if (a->hi <= a->lo)
		a->hi = snap125(a->lo * 1.5, true);
	if (!isfinite(a->hi) || a->lo == 0)
		return -ERANGE;
	/* up to three decades: 1-2-5 ticks, if they fit */
	if (a->hi / a->lo <= 1000.5 && log_ticks_125(a, max_ticks))
		goto minor;
	a->lo = decade_of(dmin);
	a->hi = decade_of(dmax);
	if (a->hi < dmax)
		a->hi *= 10;
	if (a->hi <= a->lo)
		a->hi = a->lo * 10;
	if (!isfinite(a->hi))
		return -ERANGE;
	log_ticks_decades(a, max_ticks);
minor:
	log_minor(a);
	return 0;
}

int axis_ticks(struct axis *a, double dmin, double dmax, bool log,
	       int max_ticks)
{
	if (isnan(dmin) || isnan(dmax) || isinf(dmin) || isinf(dmax) ||
	    dmin > dmax)
		return -ERANGE;
	if (max_ticks < 2)
		max_ticks = 2;
	if (max_ticks > AXIS_MAX_TICKS)
		max_ticks = AXIS_MAX_TICKS;
	a->log = log;
	a->nr_minor = 0;
	if (log)
		return log_axis(a, dmin, dmax, max_ticks);
	return linear_ticks(a, dmin, dmax, max_ticks);
}

double axis_pos(const struct axis *a, double v)
{
	double f;

	if (a->log) {
		if (!(v > 0))
			return NAN;
		f = (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
	} else {
		f = (v - a->lo) / (a->hi - a->lo);
	}
	return a->p0 + f * (a->p1 - a->p0);
}

/* Decimals that tell linear ticks @step apart at scale @div; -1: %g. */
static int label_decimals(double step, double div)
{
	int d = (int)ceil(-log10(step / div) - 1e-9);

	if (d > 6)
		return -1;
	return d > 0 ? d : 0;
}

void axis_label(const struct axis *a, double v, char *buf, size_t n)
{
	static const char suffix[] = "kMGT";
	double top = fmax(fabs(a->lo), fabs(a->hi)), div = 1;
	int s = -1, dec;

	if (!a->log && fabs(v) < fabs(a->hi - a->lo) * 1e-12)
		v = 0;		/* k * step's rounding, not a value */
	/* beyond the suffixes, or tiny: as %g writes them */
	if (top >= 1e16 || top < 1e-3) {
		snprintf(buf, n, "%.3g", v);
		return;
	}
	/* a log axis names each tick by its own size, a linear by the top */
	if (a->log)
		top = fabs(v);
	while (top / div >= (a->log ? 1e3 : 1e4) && s + 1 < 4) {
		div *= 1000;
		s++;
	}
	dec = a->log ? -1 : label_decimals(a->step, div);
	if (dec < 0)
		snprintf(buf, n, "%g", v / div);
	else
		snprintf(buf, n, "%.*f", dec, v / div);
	if (s >= 0 && v != 0)
		snprintf(buf + strlen(buf), n - strlen(buf), "%c", suffix[s]);
}
