/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every plot kind shares: checking the figure, the layout (title,
 * plot area, axes, legend, caption), markers, "no data", the error text
 * plot_error() returns, and writing the PNG.  Private to plot_*.c.
 */
#ifndef USERCTL_PLOT_FRAME_H
#define USERCTL_PLOT_FRAME_H

#include "axis.h"
#include "canvas.h"
#include "font.h"
#include "plot.h"

#define FRAME_TEXT	128	/* a legend entry or axis label, bytes */
#define FRAME_TICK	4	/* major tick length; minor: half */
#define FRAME_GAP	4	/* between a tick and its label */
/* Below the plot area: ticks and a row of their labels. */
#define FRAME_X_LABELS	(FRAME_TICK + FRAME_GAP + FONT_LINE)

struct legend_entry {
	char text[FRAME_TEXT];
	uint8_t col;
	bool box;		/* a filled box (bars), else a line */
};

struct frame {
	const struct plot_fig *fig;
	struct canvas cv;
	int x0, y0, x1, y1;	/* the plot area, inclusive; y0 its top */
	struct axis ax, ay;
	bool has_x;		/* a numeric x axis (bars: categories) */
	bool no_data;
	char xlabel[FRAME_TEXT];	/* fig's, which a kind may extend */
	char ylabel[FRAME_TEXT];
	struct legend_entry leg[PLOT_MAX_SERIES];
	int nr_leg;
	/* a tick's label on the x axis; NULL: axis_label() */
	void (*xfmt)(const struct axis *a, double v, char *buf, size_t n);
};

/* Sets plot_error()'s text; returns @err for "return plot_fail(...)". */
int plot_fail(int err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Check @fig, clear the error, allocate the canvas: 0 or -errno. */
int frame_init(struct frame *f, const struct plot_fig *fig);
/* Free the canvas of a figure that will not be written. */
void frame_abort(struct frame *f);
void frame_legend(struct frame *f, const char *text, int series, bool box);
/*
 * Place the plot area: @below pixels under it for the x axis' labels,
 * the axis label, legend and caption below that.
 */
void frame_layout(struct frame *f, int below);
/* The y axis for data @lo..@hi (its width sets the plot's left edge). */
int frame_yaxis(struct frame *f, double lo, double hi, bool log);
int frame_xaxis(struct frame *f, double lo, double hi, bool log);
/* No axes: the plot area says "no data". */
void frame_nodata(struct frame *f);
/* Grid, ticks, their labels and the box; then clip to the plot area. */
void frame_axes(struct frame *f);
/* @fig's markers on the axes drawn; X values divided by @xdiv. */
void frame_markers(struct frame *f, double xdiv);
/* Widen [*lo, *hi] to hold the markers on @axis (values / @div). */
void frame_marker_range(const struct plot_fig *fig, enum plot_axis axis,
			double div, double *lo, double *hi);
/* Title, axis labels, legend, caption; write the PNG; free. */
int frame_finish(struct frame *f);

/* @s, cut with ".." to at most @px pixels at @scale, into @buf. */
void frame_fit(char *buf, size_t n, const char *s, int px, int scale);
/* @v with thousands separators: "12,345,678". */
void frame_count(char *buf, size_t n, uint64_t v);

#endif
