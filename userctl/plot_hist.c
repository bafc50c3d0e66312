// SPDX-License-Identifier: GPL-2.0
/*
 * Histograms: each series a step outline over its buckets on a log y
 * axis; the value axis in ns, µs, ms or s (a linear axis in one unit, a
 * log axis naming each tick's).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../include/uapi/shieldrt.h"
#include "plot_frame.h"
#include "userctl.h"

/* Display units of the value axis, finest first. */
static const struct {
	const char *name;
	double ns;
} hist_units[] = {
	{ "ns", 1 }, { "µs", 1e3 }, { "ms", 1e6 }, { "s", 1e9 },
};

struct hist_scan {
	double xmin, xmax;	/* ns: lowest and highest edge drawn */
	double ymin, ymax;	/* smallest positive and largest y */
	uint64_t total[PLOT_MAX_SERIES];	/* samples, over included */
	bool any;		/* some bucket has a count */
	int unit;		/* of the value axis, in hist_units */
};

static uint64_t loglin_edge_ns(uint32_t b, uint32_t sub_bits,
			       uint32_t bucket_ns)
{
	uint64_t lo = shieldrt_hist_bucket_lo(b, sub_bits), ns;

	if (__builtin_mul_overflow(lo, (uint64_t)bucket_ns, &ns))
		return UINT64_MAX;
	return ns;
}

size_t plot_buckets_loglin(const uint64_t *counts, uint32_t nr_buckets,
			   uint32_t sub_bits, uint32_t bucket_ns,
			   struct plot_bucket *out)
{
	size_t n = 0;
	uint32_t b;

	for (b = 0; b < nr_buckets; b++) {
		if (!counts[b])
			continue;
		out[n].lo_ns = loglin_edge_ns(b, sub_bits, bucket_ns);
		out[n].hi_ns = loglin_edge_ns(b + 1, sub_bits, bucket_ns);
		out[n++].count = counts[b];
	}
	return n;
}

static int check_series(const struct plot_hist_series *s, size_t k)
{
	unsigned long long lo, hi;
	size_t i;

	if (!s->label || !*s->label)
		return plot_fail(-EINVAL, "series %zu: no label", k);
	if (s->n && !s->b)
		return plot_fail(-EINVAL, "series '%s': %zu buckets but none given",
				 s->label, s->n);
	for (i = 0; i < s->n; i++) {
		lo = s->b[i].lo_ns;
		hi = s->b[i].hi_ns;
		if (lo >= hi)
			return plot_fail(-EINVAL, "series '%s': bucket %zu: lower edge %llu ns not below upper edge %llu ns",
					 s->label, i, lo, hi);
		if (i && lo < s->b[i - 1].hi_ns)
			return plot_fail(-EINVAL, "series '%s': bucket %zu (%llu ns) overlaps or precedes the one before",
					 s->label, i, lo);
	}
	return 0;
}

static int hist_check(const struct plot_hist *h)
{
	size_t k;
	int err;

	if (!h)
		return plot_fail(-EINVAL, "no histogram");
	if (h->nr_series > PLOT_MAX_SERIES)
		return plot_fail(-EINVAL, "%zu series (at most %d)",
				 h->nr_series, PLOT_MAX_SERIES);
	if (h->nr_series && !h->series)
		return plot_fail(-EINVAL, "nr_series %zu but no series",
				 h->nr_series);
	if (h->y != PLOT_HIST_COUNT && h->y != PLOT_HIST_SHARE &&
	    h->y != PLOT_HIST_DENSITY)
		return plot_fail(-EINVAL, "no such y axis: %d", (int)h->y);
	for (k = 0; k < h->nr_series; k++) {
		err = check_series(&h->series[k], k);
		if (err)
			return err;
	}
	return 0;
}

/* The value axis' unit: the largest that @ns_max is at least one of. */
static int hist_unit(double ns_max)
{
	int u = 0;

	while (u + 1 < (int)ARRAY_SIZE(hist_units) && ns_max >= hist_units[u + 1].ns)
		u++;
	return u;
}

/* A bucket's height on the y axis. */
static double bucket_y(const struct plot_hist *h, const struct hist_scan *sc,
		       size_t k, const struct plot_bucket *b)
{
	double y = b->count;

	if (h->y == PLOT_HIST_COUNT)
		return y;
	y /= (double)sc->total[k];
	if (h->y == PLOT_HIST_DENSITY)
		y /= (b->hi_ns - b->lo_ns) / hist_units[sc->unit].ns;
	return y;
}

static int scan_extent(const struct plot_hist *h, struct hist_scan *sc)
{
	const struct plot_hist_series *s;
	size_t k, i;
	double lo;

	sc->xmin = INFINITY;
	sc->xmax = -INFINITY;
	for (k = 0; k < h->nr_series; k++) {
		s = &h->series[k];
		sc->total[k] = s->over;
		for (i = 0; i < s->n; i++) {
			if (__builtin_add_overflow(sc->total[k], s->b[i].count,
						   &sc->total[k]))
				return plot_fail(-ERANGE, "series '%s': more than 2^64 samples",
						 s->label);
			if (!s->b[i].count)
				continue;
			/* [0, w) on a log axis: from half its width */
			lo = s->b[i].lo_ns ? s->b[i].lo_ns :
			     (h->log_x ? s->b[i].hi_ns / 2.0 : 0);
			sc->xmin = fmin(sc->xmin, lo);
			sc->xmax = fmax(sc->xmax, s->b[i].hi_ns);
			sc->any = true;
		}
	}
	return 0;
}

static int hist_scan(const struct plot_hist *h, const struct plot_fig *fig,
		     struct hist_scan *sc)
{
	const struct plot_hist_series *s;
	size_t k, i;
	double y;
	int err;

	memset(sc, 0, sizeof(*sc));
	err = scan_extent(h, sc);
	if (err || !sc->any)
		return err;
	frame_marker_range(fig, PLOT_AXIS_X, 1, &sc->xmin, &sc->xmax);
	sc->unit = hist_unit(sc->xmax);
	sc->ymin = INFINITY;
	for (k = 0; k < h->nr_series; k++) {
		s = &h->series[k];
		for (i = 0; i < s->n; i++) {
			if (!s->b[i].count)
				continue;
			y = bucket_y(h, sc, k, &s->b[i]);
			sc->ymin = fmin(sc->ymin, y);
			sc->ymax = fmax(sc->ymax, y);
		}
	}
	return 0;
}

/* A log axis' tick: its value in the unit that keeps it short. */
static void hist_log_label(const struct axis *a, double v, char *buf,
			   size_t n)
{
	int u = hist_unit(v);

	(void)a;
	snprintf(buf, n, "%g%s", v / hist_units[u].ns, hist_units[u].name);
}

static void hist_labels(struct frame *f, const struct plot_hist *h,
			const struct hist_scan *sc)
{
	static const char *const ydef[] = {
		[PLOT_HIST_COUNT] = "samples per bucket",
		[PLOT_HIST_SHARE] = "share of samples per bucket",
		[PLOT_HIST_DENSITY] = "share of samples per ",
	};
	const char *unit = hist_units[sc->unit].name;
	char n1[32], n2[32], text[FRAME_TEXT];
	size_t k;

	for (k = 0; k < h->nr_series; k++) {
		frame_count(n1, sizeof(n1), sc->total[k]);
		frame_count(n2, sizeof(n2), h->series[k].over);
		snprintf(text, sizeof(text), "%s: %s samples, over %s",
			 h->series[k].label, n1, n2);
		frame_legend(f, text, k, false);
	}
	if (!f->ylabel[0])
		snprintf(f->ylabel, sizeof(f->ylabel), "%s%s", ydef[h->y],
			 h->y == PLOT_HIST_DENSITY ? unit : "");
	if (!sc->any || h->log_x)
		return;
	if (f->xlabel[0])
		snprintf(f->xlabel + strlen(f->xlabel),
			 sizeof(f->xlabel) - strlen(f->xlabel), " (%s)", unit);
	else
		snprintf(f->xlabel, sizeof(f->xlabel), "%s", unit);
}

/* One series' outline; x in ns divided by @div. */
static void hist_draw(struct frame *f, const struct plot_hist *h,
		      const struct hist_scan *sc, size_t k, double div)
{
	const struct plot_hist_series *s = &h->series[k];
	struct pen pen = { .col = COL_SERIES + k % CANVAS_SERIES, .width = 1 };
	double bottom = f->y1 + 2, px = NAN, py = bottom, xa, xb, ya, lo;
	size_t i;

	for (i = 0; i < s->n; i++) {
		lo = s->b[i].lo_ns ? s->b[i].lo_ns / div :
		     (h->log_x ? f->ax.lo : 0);
		xa = axis_pos(&f->ax, lo);
		xb = axis_pos(&f->ax, s->b[i].hi_ns / div);
		ya = s->b[i].count ? axis_pos(&f->ay,
					      bucket_y(h, sc, k, &s->b[i])) :
				     bottom;
		if (i && s->b[i].lo_ns == s->b[i - 1].hi_ns) {
			canvas_line(&f->cv, xa, py, xa, ya, &pen);
		} else {
			canvas_line(&f->cv, px, py, px, bottom, &pen);
			canvas_line(&f->cv, xa, bottom, xa, ya, &pen);
		}
		canvas_line(&f->cv, xa, ya, xb, ya, &pen);
		px = xb;
		py = ya;
	}
	canvas_line(&f->cv, px, py, px, bottom, &pen);
}

int plot_hist(const struct plot_fig *fig, const struct plot_hist *h)
{
	struct hist_scan sc;
	struct frame f;
	double div;
	size_t k;
	int err;

	err = frame_init(&f, fig);
	if (err)
		return err;
	err = hist_check(h);
	if (!err)
		err = hist_scan(h, fig, &sc);
	if (err)
		goto err_abort;
	hist_labels(&f, h, &sc);
	frame_layout(&f, FRAME_X_LABELS);
	if (!sc.any) {
		frame_nodata(&f);
		return frame_finish(&f);
	}
	div = h->log_x ? 1 : hist_units[sc.unit].ns;
	err = frame_yaxis(&f, sc.ymin / 2, sc.ymax, true);
	if (!err)
		err = frame_xaxis(&f, sc.xmin / div, sc.xmax / div, h->log_x);
	if (err)
		goto err_abort;
	if (h->log_x)
		f.xfmt = hist_log_label;
	frame_axes(&f);
	for (k = 0; k < h->nr_series; k++)
		hist_draw(&f, h, &sc, k, div);
	frame_markers(&f, div);
	return frame_finish(&f);

err_abort:
	frame_abort(&f);
	return err;
}
