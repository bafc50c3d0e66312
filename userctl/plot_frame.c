// SPDX-License-Identifier: GPL-2.0
/*
 * The parts every figure shares.  Layout, top to bottom: the title, the
 * plot area with the y axis' labels on its left, the x axis' labels, the
 * x axis' name, the legend (rows of swatches and names) and the caption.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "plot_frame.h"

#define MARGIN		10
#define TITLE_SCALE	2
#define RIGHT_PAD	24	/* room for the last x label's right half */
#define SWATCH		16	/* a legend entry's line or box */
#define CAPTION_LINES	3
#define X_LABEL_PX	60	/* room an x tick label is given */
#define Y_TICK_PX	36	/* and a y tick */

static char plot_err[256];

const char *plot_error(void)
{
	return plot_err;
}

int plot_fail(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(plot_err, sizeof(plot_err), fmt, ap);
	va_end(ap);
	return err;
}

static bool blank(const char *s)
{
	return !s || !*s;
}

static int check_markers(const struct plot_fig *fig)
{
	size_t i;

	if (fig->nr_markers > PLOT_MAX_MARKERS)
		return plot_fail(-EINVAL, "%zu markers (at most %d)",
				 fig->nr_markers, PLOT_MAX_MARKERS);
	if (fig->nr_markers && !fig->markers)
		return plot_fail(-EINVAL, "nr_markers %zu but no markers",
				 fig->nr_markers);
	for (i = 0; i < fig->nr_markers; i++) {
		if (fig->markers[i].axis != PLOT_AXIS_X &&
		    fig->markers[i].axis != PLOT_AXIS_Y)
			return plot_fail(-EINVAL, "marker %zu: no such axis",
					 i);
		if (!isfinite(fig->markers[i].at))
			return plot_fail(-ERANGE, "marker %zu: %g is not a value an axis shows",
					 i, fig->markers[i].at);
	}
	return 0;
}

static int check_fig(const struct plot_fig *fig, uint32_t *w, uint32_t *h)
{
	if (!fig)
		return plot_fail(-EINVAL, "no figure");
	if (blank(fig->path))
		return plot_fail(-EINVAL, "figure: no path");
	if (blank(fig->caption))
		return plot_fail(-EINVAL, "figure %s: no caption (every figure states its resolution)",
				 fig->path);
	*w = fig->width ? fig->width : PLOT_WIDTH;
	*h = fig->height ? fig->height : PLOT_HEIGHT;
	if (*w < PLOT_MIN_WIDTH || *h < PLOT_MIN_HEIGHT ||
	    *w > PLOT_MAX_SIDE || *h > PLOT_MAX_SIDE)
		return plot_fail(-EINVAL, "figure %s: %ux%u pixels (%dx%d to %dx%d)",
				 fig->path, *w, *h, PLOT_MIN_WIDTH,
				 PLOT_MIN_HEIGHT, PLOT_MAX_SIDE, PLOT_MAX_SIDE);
	return check_markers(fig);
}

int frame_init(struct frame *f, const struct plot_fig *fig)
{
	uint32_t w = 0, h = 0;
	int err;

	plot_err[0] = 0;
	memset(f, 0, sizeof(*f));
	err = check_fig(fig, &w, &h);
	if (err)
		return err;
	f->fig = fig;
	snprintf(f->xlabel, sizeof(f->xlabel), "%s",
		 fig->xlabel ? fig->xlabel : "");
	snprintf(f->ylabel, sizeof(f->ylabel), "%s",
		 fig->ylabel ? fig->ylabel : "");
	err = canvas_init(&f->cv, w, h);
	if (err)
		return plot_fail(err, "figure %s: no memory for %ux%u pixels",
				 fig->path, w, h);
	return 0;
}

void frame_abort(struct frame *f)
{
	canvas_free(&f->cv);
}

void frame_legend(struct frame *f, const char *text, int series, bool box)
{
	struct legend_entry *e;

	if (f->nr_leg == PLOT_MAX_SERIES)
		return;
	e = &f->leg[f->nr_leg++];
	snprintf(e->text, sizeof(e->text), "%s", text);
	e->col = COL_SERIES + series % CANVAS_SERIES;
	e->box = box;
}

void frame_fit(char *buf, size_t n, const char *s, int px, int scale)
{
	int max = px / (FONT_ADVANCE * scale), k = 0;
	const char *p = s, *cut = s;

	if (canvas_text_len(s, scale) <= px) {
		snprintf(buf, n, "%s", s);
		return;
	}
	/* keep max - 2 characters and add ".." */
	while (k < max - 2 && font_next(&p)) {
		cut = p;
		k++;
	}
	snprintf(buf, n, "%.*s..", (int)(cut - s), s);
}

void frame_count(char *buf, size_t n, uint64_t v)
{
	char digits[24];
	size_t len, i, o = 0;

	len = snprintf(digits, sizeof(digits), "%llu",
		       (unsigned long long)v);
	for (i = 0; i < len && o + 2 < n; i++) {
		if (i && (len - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = 0;
}

/*
 * The caption in at most CAPTION_LINES lines of @px pixels, broken at
 * blanks (a word longer than a line is cut); returns the line count.
 */
static int caption_lines(const char *s, int px, char out[][FRAME_TEXT * 2])
{
	int per = px / FONT_ADVANCE, n = 0, len;
	size_t room = FRAME_TEXT * 2 - 3;

	if (per < 4)
		per = 4;
	if ((size_t)per > room)
		per = room;
	while (*s && n < CAPTION_LINES) {
		len = strlen(s);
		if (font_len(s) > (unsigned int)per) {
			const char *p = s, *brk = NULL;
			int k;

			for (k = 0; k < per && font_next(&p); k++)
				if (*p == ' ')
					brk = p;
			len = (brk ? brk : p) - s;
		}
		snprintf(out[n++], FRAME_TEXT * 2, "%.*s", len, s);
		s += len;
		while (*s == ' ')
			s++;
	}
	if (*s) {
		/* more than fits: the last line ends in ".." */
		char last[FRAME_TEXT * 2];

		snprintf(last, sizeof(last), "%s", out[n - 1]);
		frame_fit(out[n - 1], FRAME_TEXT * 2, last,
			  (font_len(last) - 1) * FONT_ADVANCE, 1);
	}
	return n;
}

/* Legend rows when laid out from x0 to x1, and draw them if @draw. */
static int legend_rows(struct frame *f, int x0, int x1, int y, bool draw)
{
	char text[FRAME_TEXT];
	int x = x0, rows = f->nr_leg ? 1 : 0, i, len;
	struct pen pen = { .width = 2 };

	for (i = 0; i < f->nr_leg; i++) {
		frame_fit(text, sizeof(text), f->leg[i].text,
			  x1 - x0 - SWATCH - 4, 1);
		len = SWATCH + 4 + canvas_text_len(text, 1);
		if (x > x0 && x + len > x1) {
			x = x0;
			rows++;
			y += FONT_LINE + 3;
		}
		if (draw && f->leg[i].box) {
			canvas_rect(&f->cv, x, y, x + SWATCH - 1,
				    y + FONT_ASCENT - 1, f->leg[i].col);
		} else if (draw) {
			pen.col = f->leg[i].col;
			canvas_line(&f->cv, x, y + 3, x + SWATCH - 1, y + 3,
				    &pen);
		}
		if (draw)
			canvas_text(&f->cv, x + SWATCH + 4, y, text, COL_INK,
				    1, false);
		x += len + 16;
	}
	return rows;
}

static int caption_height(struct frame *f)
{
	char lines[CAPTION_LINES][FRAME_TEXT * 2];

	return caption_lines(f->fig->caption, f->cv.w - 2 * MARGIN, lines) *
	       FONT_LINE;
}

void frame_layout(struct frame *f, int below)
{
	int h = f->cv.h, bottom;

	f->y0 = MARGIN + (blank(f->fig->title) ? 6 :
			  FONT_ROWS * TITLE_SCALE + 12);
	bottom = caption_height(f) + 6;
	bottom += legend_rows(f, MARGIN, f->cv.w - MARGIN, 0, false) *
		  (FONT_LINE + 3) + 4;
	if (f->xlabel[0])
		bottom += FONT_LINE + 4;
	f->y1 = h - MARGIN - bottom - below;
	/* a figure this crowded still gets a plot area of some height */
	if (f->y1 < f->y0 + 40)
		f->y1 = f->y0 + 40;
	f->x0 = MARGIN + (f->ylabel[0] ? FONT_ROWS + 8 : 0);
	f->x1 = f->cv.w - MARGIN - RIGHT_PAD;
	f->ay.p0 = f->y1;
	f->ay.p1 = f->y0;
}

int frame_yaxis(struct frame *f, double lo, double hi, bool log)
{
	char buf[32];
	int err, i, len, max = 0;

	err = axis_ticks(&f->ay, lo, hi, log, (f->y1 - f->y0) / Y_TICK_PX + 1);
	if (err)
		return plot_fail(err, "figure %s: y values %g..%g: %s",
				 f->fig->path, lo, hi, err == -EDOM ?
				 "a log axis needs values above 0" :
				 "no axis shows them");
	f->ay.p0 = f->y1;
	f->ay.p1 = f->y0;
	for (i = 0; i < f->ay.nr_ticks; i++) {
		axis_label(&f->ay, f->ay.tick[i], buf, sizeof(buf));
		len = canvas_text_len(buf, 1);
		max = len > max ? len : max;
	}
	f->x0 += max + FRAME_GAP + FRAME_TICK;
	return 0;
}

int frame_xaxis(struct frame *f, double lo, double hi, bool log)
{
	int err;

	err = axis_ticks(&f->ax, lo, hi, log, (f->x1 - f->x0) / X_LABEL_PX + 1);
	if (err)
		return plot_fail(err, "figure %s: x values %g..%g: %s",
				 f->fig->path, lo, hi, err == -EDOM ?
				 "a log axis needs values above 0" :
				 "no axis shows them");
	f->ax.p0 = f->x0;
	f->ax.p1 = f->x1;
	f->has_x = true;
	return 0;
}

void frame_nodata(struct frame *f)
{
	const char *s = "no data";
	int len = canvas_text_len(s, 2);

	f->no_data = true;
	f->has_x = false;
	f->ay.nr_ticks = 0;
	f->ay.nr_minor = 0;
	canvas_box(&f->cv, f->x0, f->y0, f->x1, f->y1, COL_INK);
	canvas_text(&f->cv, (f->x0 + f->x1 - len) / 2,
		    (f->y0 + f->y1) / 2 - FONT_ROWS, s, COL_MUTED, 2, false);
}

static void x_ticks(struct frame *f)
{
	char buf[32];
	int i, px, len, every = 1, max = 0;

	for (i = 0; i < f->ax.nr_ticks; i++) {
		f->xfmt ? f->xfmt(&f->ax, f->ax.tick[i], buf, sizeof(buf)) :
			  axis_label(&f->ax, f->ax.tick[i], buf, sizeof(buf));
		len = canvas_text_len(buf, 1);
		max = len > max ? len : max;
	}
	/* labels closer than their width: label every other one, ... */
	while (f->ax.nr_ticks > 1 &&
	       every * (f->x1 - f->x0) / (f->ax.nr_ticks - 1) < max + 8)
		every++;
	for (i = 0; i < f->ax.nr_ticks; i++) {
		px = lround(axis_pos(&f->ax, f->ax.tick[i]));
		canvas_rect(&f->cv, px, f->y0 + 1, px, f->y1 - 1, COL_GRID);
		canvas_rect(&f->cv, px, f->y1, px, f->y1 + FRAME_TICK, COL_INK);
		if (i % every)
			continue;
		f->xfmt ? f->xfmt(&f->ax, f->ax.tick[i], buf, sizeof(buf)) :
			  axis_label(&f->ax, f->ax.tick[i], buf, sizeof(buf));
		len = canvas_text_len(buf, 1);
		canvas_text(&f->cv, px - len / 2, f->y1 + FRAME_TICK + FRAME_GAP, buf,
			    COL_INK, 1, false);
	}
	for (i = 0; i < f->ax.nr_minor; i++) {
		px = lround(axis_pos(&f->ax, f->ax.minor[i]));
		canvas_rect(&f->cv, px, f->y1, px, f->y1 + FRAME_TICK / 2, COL_INK);
	}
}

static void y_ticks(struct frame *f)
{
	char buf[32];
	int i, py, len;

	for (i = 0; i < f->ay.nr_ticks; i++) {
		py = lround(axis_pos(&f->ay, f->ay.tick[i]));
		canvas_rect(&f->cv, f->x0 + 1, py, f->x1 - 1, py, COL_GRID);
		canvas_rect(&f->cv, f->x0 - FRAME_TICK, py, f->x0, py, COL_INK);
		axis_label(&f->ay, f->ay.tick[i], buf, sizeof(buf));
		len = canvas_text_len(buf, 1);
		canvas_text(&f->cv, f->x0 - FRAME_TICK - FRAME_GAP - len,
			    py - FONT_ASCENT / 2, buf, COL_INK, 1, false);
	}
	for (i = 0; i < f->ay.nr_minor; i++) {
		py = lround(axis_pos(&f->ay, f->ay.minor[i]));
		canvas_rect(&f->cv, f->x0 - FRAME_TICK / 2, py, f->x0, py, COL_INK);
	}
}

void frame_axes(struct frame *f)
{
	if (f->has_x)
		x_ticks(f);
	y_ticks(f);
	canvas_box(&f->cv, f->x0, f->y0, f->x1, f->y1, COL_INK);
	canvas_clip(&f->cv, f->x0 + 1, f->y0 + 1, f->x1 - 1, f->y1 - 1);
}

void frame_marker_range(const struct plot_fig *fig, enum plot_axis axis,
			double div, double *lo, double *hi)
{
	size_t i;
	double v;

	for (i = 0; i < fig->nr_markers; i++) {
		if (fig->markers[i].axis != axis)
			continue;
		v = fig->markers[i].at / div;
		*lo = v < *lo ? v : *lo;
		*hi = v > *hi ? v : *hi;
	}
}

/* A marker's label on a background patch, kept inside the plot area. */
static void marker_label(struct frame *f, int x, int y, const char *s)
{
	char buf[FRAME_TEXT];
	int len;

	frame_fit(buf, sizeof(buf), s, f->x1 - f->x0 - 8, 1);
	len = canvas_text_len(buf, 1);
	if (x + len > f->x1 - 2)
		x = f->x1 - 2 - len;
	if (x < f->x0 + 2)
		x = f->x0 + 2;
	canvas_rect(&f->cv, x - 2, y - 1, x + len, y + FONT_ROWS, COL_BG);
	canvas_text(&f->cv, x, y, buf, COL_INK, 1, false);
}

void frame_markers(struct frame *f, double xdiv)
{
	const struct plot_marker *m;
	struct pen pen = { .col = COL_INK, .width = 1, .dash = 4 };
	double p;
	size_t i;
	int len;

	for (i = 0; i < f->fig->nr_markers; i++) {
		m = &f->fig->markers[i];
		if (m->axis == PLOT_AXIS_X && !f->has_x)
			continue;
		p = m->axis == PLOT_AXIS_X ? axis_pos(&f->ax, m->at / xdiv) :
					     axis_pos(&f->ay, m->at);
		if (isnan(p))
			continue;
		if (m->axis == PLOT_AXIS_X)
			canvas_line(&f->cv, p, f->y0, p, f->y1, &pen);
		else
			canvas_line(&f->cv, f->x0, p, f->x1, p, &pen);
		if (blank(m->label))
			continue;
		len = canvas_text_len(m->label, 1);
		/* X labels stagger down so that close markers stay legible */
		if (m->axis == PLOT_AXIS_X)
			marker_label(f, lround(p) + 4,
				     f->y0 + 4 + (i % 3) * FONT_LINE, m->label);
		else
			marker_label(f, f->x1 - 4 - len,
				     lround(p) - FONT_LINE - 1 < f->y0 + 2 ?
				     lround(p) + 3 : lround(p) - FONT_LINE,
				     m->label);
	}
}

static void draw_title(struct frame *f)
{
	const char *t = f->fig->title;
	char buf[FRAME_TEXT * 2];
	int room = f->cv.w - 2 * MARGIN, scale = TITLE_SCALE, len;

	if (blank(t))
		return;
	if (canvas_text_len(t, scale) > room)
		scale = 1;
	frame_fit(buf, sizeof(buf), t, room, scale);
	len = canvas_text_len(buf, scale);
	canvas_text(&f->cv, (f->cv.w - len) / 2,
		    MARGIN + (scale == 1 ? FONT_ROWS / 2 : 0), buf, COL_INK,
		    scale, false);
}

/* Axis names, legend and caption, under and beside the plot area. */
static void draw_labels(struct frame *f)
{
	char buf[FRAME_TEXT * 2], cap[CAPTION_LINES][FRAME_TEXT * 2];
	int y = f->cv.h - MARGIN - caption_height(f), n, i, len;

	n = caption_lines(f->fig->caption, f->cv.w - 2 * MARGIN, cap);
	for (i = 0; i < n; i++)
		canvas_text(&f->cv, MARGIN, y + i * FONT_LINE, cap[i],
			    COL_MUTED, 1, false);
	n = legend_rows(f, MARGIN, f->cv.w - MARGIN, 0, false);
	y -= 6 + n * (FONT_LINE + 3);
	legend_rows(f, MARGIN, f->cv.w - MARGIN, y, true);
	if (f->xlabel[0]) {
		y -= FONT_LINE + 4;
		frame_fit(buf, sizeof(buf), f->xlabel, f->x1 - f->x0, 1);
		len = canvas_text_len(buf, 1);
		canvas_text(&f->cv, (f->x0 + f->x1 - len) / 2, y, buf,
			    COL_INK, 1, false);
	}
	if (f->ylabel[0]) {
		frame_fit(buf, sizeof(buf), f->ylabel, f->y1 - f->y0, 1);
		len = canvas_text_len(buf, 1);
		canvas_text(&f->cv, MARGIN, (f->y0 + f->y1 + len) / 2, buf,
			    COL_INK, 1, true);
	}
}

int frame_finish(struct frame *f)
{
	int err;

	canvas_unclip(&f->cv);
	draw_title(f);
	draw_labels(f);
	err = canvas_save(&f->cv, f->fig->path);
	canvas_free(&f->cv);
	if (err)
		return plot_fail(err, "figure %s: %s", f->fig->path,
				 strerror(-err));
	return 0;
}
