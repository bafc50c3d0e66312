// SPDX-License-Identifier: GPL-2.0
/* Lines, steps or points against x: time series, rate ladders. */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "plot_frame.h"

struct xy_scan {
	double xmin, xmax, ymin, ymax;
	bool any;		/* a point with a value */
};

static int check_point(const struct plot_xy *p, const struct plot_xy_series *s,
		       size_t i)
{
	double x = s->x[i], y = s->y[i];

	if (!isfinite(x) || isinf(y))
		return plot_fail(-ERANGE, "series '%s': point %zu: x %g, y %g: x must be finite, y finite or NaN",
				 s->label, i, x, y);
	if ((p->log_x && x <= 0) || (p->log_y && y <= 0))
		return plot_fail(-EDOM, "series '%s': point %zu: x %g, y %g on a log axis",
				 s->label, i, x, y);
	if (i && x < s->x[i - 1] && s->style != PLOT_POINTS)
		return plot_fail(-EINVAL, "series '%s': point %zu: x %g after %g (lines need x ascending)",
				 s->label, i, x, s->x[i - 1]);
	return 0;
}

static int check_series(const struct plot_xy *p, size_t k)
{
	const struct plot_xy_series *s = &p->series[k];
	size_t i;
	int err;

	if (!s->label || !*s->label)
		return plot_fail(-EINVAL, "series %zu: no label", k);
	if (s->n && (!s->x || !s->y))
		return plot_fail(-EINVAL, "series '%s': %zu points but no values",
				 s->label, s->n);
	if (s->style < PLOT_LINES || s->style > PLOT_LINESPOINTS)
		return plot_fail(-EINVAL, "series '%s': no such style %d",
				 s->label, (int)s->style);
	for (i = 0; i < s->n; i++) {
		err = check_point(p, s, i);
		if (err)
			return err;
	}
	return 0;
}

static int xy_check(const struct plot_xy *p)
{
	size_t k;
	int err;

	if (!p)
		return plot_fail(-EINVAL, "no series");
	if (p->nr_series > PLOT_MAX_SERIES || (p->nr_series && !p->series))
		return plot_fail(-EINVAL, "%zu series (at most %d, given)",
				 p->nr_series, PLOT_MAX_SERIES);
	for (k = 0; k < p->nr_series; k++) {
		err = check_series(p, k);
		if (err)
			return err;
	}
	return 0;
}

static void xy_scan(const struct plot_fig *fig, const struct plot_xy *p,
		    struct xy_scan *sc)
{
	const struct plot_xy_series *s;
	size_t k, i;

	sc->xmin = sc->ymin = INFINITY;
	sc->xmax = sc->ymax = -INFINITY;
	sc->any = false;
	for (k = 0; k < p->nr_series; k++) {
		s = &p->series[k];
		for (i = 0; i < s->n; i++) {
			if (isnan(s->y[i]))
				continue;
			sc->xmin = fmin(sc->xmin, s->x[i]);
			sc->xmax = fmax(sc->xmax, s->x[i]);
			sc->ymin = fmin(sc->ymin, s->y[i]);
			sc->ymax = fmax(sc->ymax, s->y[i]);
			sc->any = true;
		}
	}
	if (!sc->any)
		return;
	frame_marker_range(fig, PLOT_AXIS_X, 1, &sc->xmin, &sc->xmax);
	frame_marker_range(fig, PLOT_AXIS_Y, 1, &sc->ymin, &sc->ymax);
}

static void xy_draw(struct frame *f, const struct plot_xy_series *s,
		    size_t k)
{
	struct pen line = { .col = COL_SERIES + k % CANVAS_SERIES, .width = 1 };
	struct pen dot = { .col = line.col, .width = 4 };
	bool lines = s->style != PLOT_POINTS, points = s->style >= PLOT_POINTS;
	double x, y, nx, ny;
	size_t i;

	for (i = 0; i < s->n; i++) {
		if (isnan(s->y[i]))
			continue;
		x = axis_pos(&f->ax, s->x[i]);
		y = axis_pos(&f->ay, s->y[i]);
		if (points)
			canvas_line(&f->cv, x, y, x, y, &dot);
		if (!lines || i + 1 == s->n)
			continue;
		nx = axis_pos(&f->ax, s->x[i + 1]);
		ny = isnan(s->y[i + 1]) ? NAN : axis_pos(&f->ay, s->y[i + 1]);
		if (s->style == PLOT_STEPS) {
			/* the value holds until the next x, known or not */
			canvas_line(&f->cv, x, y, nx, y, &line);
			canvas_line(&f->cv, nx, y, nx, ny, &line);
		} else {
			canvas_line(&f->cv, x, y, nx, ny, &line);
		}
	}
}

int plot_xy(const struct plot_fig *fig, const struct plot_xy *p)
{
	struct xy_scan sc;
	struct frame f;
	size_t k;
	int err;

	err = frame_init(&f, fig);
	if (err)
		return err;
	err = xy_check(p);
	if (err)
		goto err_abort;
	xy_scan(fig, p, &sc);
	for (k = 0; k < p->nr_series; k++)
		frame_legend(&f, p->series[k].label, k, false);
	frame_layout(&f, FRAME_X_LABELS);
	if (!sc.any) {
		frame_nodata(&f);
		return frame_finish(&f);
	}
	err = frame_yaxis(&f, sc.ymin, sc.ymax, p->log_y);
	if (!err)
		err = frame_xaxis(&f, sc.xmin, sc.xmax, p->log_x);
	if (err)
		goto err_abort;
	frame_axes(&f);
	for (k = 0; k < p->nr_series; k++)
		xy_draw(&f, &p->series[k], k);
	frame_markers(&f, 1);
	return frame_finish(&f);

err_abort:
	frame_abort(&f);
	return err;
}
