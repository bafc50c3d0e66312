// SPDX-License-Identifier: GPL-2.0
/*
 * Grouped bars: a group per category (a table's row), a bar per series
 * (its numeric columns); a missing value leaves its slot saying "n/a".
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plot_frame.h"

#define BAR_FILL	0.8	/* share of a group's width its bars take */

struct bars_scan {
	double lo, hi;		/* extent of the present values */
	bool any;
};

static double bar_v(const struct plot_bars *b, size_t c, size_t s)
{
	return b->v[c * b->nr_series + s];
}

static int check_names(const struct plot_bars *b)
{
	size_t i;

	for (i = 0; i < b->nr_series; i++)
		if (!b->series[i] || !*b->series[i])
			return plot_fail(-EINVAL, "series %zu: no name", i);
	for (i = 0; i < b->nr_cats; i++)
		if (!b->cats[i])
			return plot_fail(-EINVAL, "category %zu: no name", i);
	return 0;
}

static int bars_check(const struct plot_fig *fig, const struct plot_bars *b)
{
	size_t i;

	if (!b)
		return plot_fail(-EINVAL, "no bars");
	if (!b->nr_series || b->nr_series > PLOT_MAX_SERIES || !b->series)
		return plot_fail(-EINVAL, "%zu series (1 to %d, named)",
				 b->nr_series, PLOT_MAX_SERIES);
	if (b->nr_cats > PLOT_MAX_CATS || (b->nr_cats && (!b->cats || !b->v)))
		return plot_fail(-EINVAL, "%zu categories (at most %d, each named and with values)",
				 b->nr_cats, PLOT_MAX_CATS);
	for (i = 0; i < fig->nr_markers; i++)
		if (fig->markers[i].axis != PLOT_AXIS_Y)
			return plot_fail(-EINVAL, "marker %zu: bars have no x values to mark",
					 i);
	return check_names(b);
}

static int bars_scan(const struct plot_bars *b, struct bars_scan *sc)
{
	size_t c, s;
	double v;

	sc->lo = INFINITY;
	sc->hi = -INFINITY;
	sc->any = false;
	for (c = 0; c < b->nr_cats; c++)
		for (s = 0; s < b->nr_series; s++) {
			v = bar_v(b, c, s);
			if (isnan(v))
				continue;
			if (isinf(v))
				return plot_fail(-ERANGE, "'%s', '%s': an infinite value",
						 b->cats[c], b->series[s]);
			if (b->log_y && v <= 0)
				return plot_fail(-EDOM, "'%s', '%s': %g on a log axis",
						 b->cats[c], b->series[s], v);
			sc->lo = fmin(sc->lo, v);
			sc->hi = fmax(sc->hi, v);
			sc->any = true;
		}
	return 0;
}

/* The y range: from 0 (linear) or below the least value (log). */
static int bars_yaxis(struct frame *f, const struct plot_bars *b,
		      struct bars_scan *sc)
{
	double lo = sc->lo, hi = sc->hi;

	frame_marker_range(f->fig, PLOT_AXIS_Y, 1, &lo, &hi);
	if (b->log_y) {
		lo /= 2;
		hi *= b->values ? 2 : 1;
	} else {
		lo = fmin(lo, 0);
		hi = fmax(hi, 0);
		/* room for the values written beyond the bars' ends */
		hi += b->values && hi > 0 ? (hi - lo) * 0.08 : 0;
		lo -= b->values && lo < 0 ? (hi - lo) * 0.08 : 0;
	}
	return frame_yaxis(f, lo, hi, b->log_y);
}

static int longest_cat(const struct plot_bars *b)
{
	int max = 0, len;
	size_t c;

	for (c = 0; c < b->nr_cats; c++) {
		len = canvas_text_len(b->cats[c], 1);
		max = len > max ? len : max;
	}
	return max;
}

/*
 * @name in lines of @px pixels, broken at the last blank that fits:
 * the first line's length in bytes (*@first), and whether the rest fits
 * a second line.
 */
static bool cat_two_lines(const char *name, int px, int *first)
{
	const char *p = name, *brk = NULL;
	int room = px / FONT_ADVANCE, k;

	*first = strlen(name);
	if (canvas_text_len(name, 1) <= px)
		return true;
	for (k = 0; k < room && font_next(&p); k++)
		if (*p == ' ')
			brk = p;
	if (!brk)
		return false;
	*first = brk - name;
	return canvas_text_len(brk + 1, 1) <= px;
}

/* Names side by side (on up to two lines each) in groups of @gw pixels. */
static bool cats_fit(const struct plot_bars *b, int gw)
{
	size_t c;
	int first;

	for (c = 0; c < b->nr_cats; c++)
		if (!cat_two_lines(b->cats[c], gw - 6, &first))
			return false;
	return true;
}

/* A value written at its bar's end, across or along the bar. */
static void bar_value(struct frame *f, double v, int xl, int xr, int yend)
{
	char buf[32];
	int len, room = xr - xl + 5;

	if (fabs(v) >= 100 && fabs(v) < 1e6)
		snprintf(buf, sizeof(buf), "%.0f", v);
	else
		snprintf(buf, sizeof(buf), "%.3g", v);
	len = canvas_text_len(buf, 1);
	if (len <= room)
		canvas_text(&f->cv, (xl + xr - len) / 2 + 1,
			    v < 0 ? yend + 3 : yend - FONT_ROWS - 1, buf,
			    COL_INK, 1, false);
	else
		canvas_text(&f->cv, (xl + xr - FONT_ROWS) / 2,
			    v < 0 ? yend + 3 + len : yend - 3, buf, COL_INK, 1,
			    true);
}

static void bar_draw(struct frame *f, const struct plot_bars *b, size_t c,
		     size_t s, double gw, double bw)
{
	double v = bar_v(b, c, s), x = f->x0 + c * gw + gw * (1 - BAR_FILL) / 2;
	int xl = lround(x + s * bw), xr = lround(x + (s + 1) * bw) - 1;
	int base, end;

	if (bw >= 4)
		xr--;		/* a gap between neighbours */
	base = b->log_y ? f->y1 : lround(axis_pos(&f->ay, 0));
	if (isnan(v)) {
		canvas_text(&f->cv, (xl + xr - FONT_ROWS) / 2 + 1, base - 3,
			    "n/a", COL_MUTED, 1, true);
		return;
	}
	end = lround(axis_pos(&f->ay, v));
	canvas_rect(&f->cv, xl, base, xr, end, COL_SERIES + s % CANVAS_SERIES);
	if (b->values)
		bar_value(f, v, xl, xr, end);
}

static void cat_label(struct frame *f, const char *name, double xc,
		      double gw, int vlen)
{
	char buf[FRAME_TEXT];
	int len, first, y = f->y1 + FRAME_GAP;

	if (vlen) {
		frame_fit(buf, sizeof(buf), name, vlen, 1);
		len = canvas_text_len(buf, 1);
		canvas_text(&f->cv, lround(xc) - FONT_ROWS / 2, y + len, buf,
			    COL_INK, 1, true);
		return;
	}
	cat_two_lines(name, gw - 6, &first);
	snprintf(buf, sizeof(buf), "%.*s", first, name);
	len = canvas_text_len(buf, 1);
	canvas_text(&f->cv, lround(xc) - len / 2, y, buf, COL_INK, 1, false);
	if (!name[first])
		return;
	len = canvas_text_len(name + first + 1, 1);
	canvas_text(&f->cv, lround(xc) - len / 2, y + FONT_LINE,
		    name + first + 1, COL_INK, 1, false);
}

static int bars_draw(struct frame *f, const struct plot_bars *b, int vlen)
{
	double gw = (double)(f->x1 - f->x0) / b->nr_cats;
	double bw = gw * BAR_FILL / b->nr_series;
	size_t c, s;

	if (bw < 2)
		return plot_fail(-E2BIG, "figure %s: %zu x %zu bars do not fit in %d pixels",
				 f->fig->path, b->nr_cats, b->nr_series,
				 f->x1 - f->x0);
	frame_axes(f);
	for (c = 0; c < b->nr_cats; c++)
		for (s = 0; s < b->nr_series; s++)
			bar_draw(f, b, c, s, gw, bw);
	canvas_unclip(&f->cv);
	for (c = 0; c < b->nr_cats; c++)
		cat_label(f, b->cats[c], f->x0 + (c + 0.5) * gw, gw, vlen);
	return 0;
}

int plot_bars(const struct plot_fig *fig, const struct plot_bars *b)
{
	struct bars_scan sc;
	struct frame f;
	size_t s;
	int err, vlen = 0;

	err = frame_init(&f, fig);
	if (err)
		return err;
	err = bars_check(fig, b);
	if (!err)
		err = bars_scan(b, &sc);
	if (err)
		goto err_abort;
	for (s = 0; s < b->nr_series; s++)
		frame_legend(&f, b->series[s], s, true);
	/*
	 * Group names side by side if each fits the width its group will
	 * have (the y labels' width not known yet: 85 % of the figure's),
	 * else written upwards in at most a quarter of the height.
	 */
	if (b->nr_cats && !cats_fit(b, f.cv.w * 85 / 100 / b->nr_cats)) {
		vlen = longest_cat(b);
		if (vlen > (int)f.cv.h / 4)
			vlen = f.cv.h / 4;
	}
	frame_layout(&f, vlen ? vlen + 2 * FRAME_GAP :
			 FRAME_X_LABELS + FONT_LINE);
	if (!sc.any) {
		frame_nodata(&f);
		return frame_finish(&f);
	}
	err = bars_yaxis(&f, b, &sc);
	if (!err)
		err = bars_draw(&f, b, vlen);
	if (err)
		goto err_abort;
	frame_markers(&f, 1);
	return frame_finish(&f);

err_abort:
	frame_abort(&f);
	return err;
}
