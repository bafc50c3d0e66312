// SPDX-License-Identifier: GPL-2.0
/* The plots' raster: pixels, lines, rectangles, text; the palette. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "font.h"
#include "png.h"

/* Series colours: Okabe and Ito's set, told apart by colour-blind eyes. */
static const struct png_rgb canvas_palette[CANVAS_COLOURS] = {
	[COL_BG]	= { 0xff, 0xff, 0xff },
	[COL_INK]	= { 0x20, 0x20, 0x20 },
	[COL_GRID]	= { 0xe4, 0xe4, 0xe4 },
	[COL_MUTED]	= { 0x80, 0x80, 0x80 },
	[COL_SERIES + 0] = { 0x00, 0x72, 0xb2 },	/* blue */
	[COL_SERIES + 1] = { 0xe6, 0x9f, 0x00 },	/* orange */
	[COL_SERIES + 2] = { 0x00, 0x9e, 0x73 },	/* bluish green */
	[COL_SERIES + 3] = { 0xd5, 0x5e, 0x00 },	/* vermilion */
	[COL_SERIES + 4] = { 0xcc, 0x79, 0xa7 },	/* reddish purple */
	[COL_SERIES + 5] = { 0x56, 0xb4, 0xe9 },	/* sky blue */
	[COL_SERIES + 6] = { 0x8c, 0x6d, 0x1f },	/* brown */
	[COL_SERIES + 7] = { 0x00, 0x00, 0x00 },	/* black */
};

int canvas_init(struct canvas *c, uint32_t w, uint32_t h)
{
	c->px = calloc((size_t)w * h, 1);	/* COL_BG is 0 */
	if (!c->px)
		return -ENOMEM;
	c->w = w;
	c->h = h;
	canvas_unclip(c);
	return 0;
}

void canvas_free(struct canvas *c)
{
	free(c->px);
	c->px = NULL;
}

void canvas_clip(struct canvas *c, int x0, int y0, int x1, int y1)
{
	c->cx0 = x0 > 0 ? x0 : 0;
	c->cy0 = y0 > 0 ? y0 : 0;
	c->cx1 = x1 < (int)c->w - 1 ? x1 : (int)c->w - 1;
	c->cy1 = y1 < (int)c->h - 1 ? y1 : (int)c->h - 1;
}

void canvas_unclip(struct canvas *c)
{
	canvas_clip(c, 0, 0, c->w - 1, c->h - 1);
}

void canvas_dot(struct canvas *c, int x, int y, uint8_t col)
{
	if (x < c->cx0 || x > c->cx1 || y < c->cy0 || y > c->cy1)
		return;
	c->px[(size_t)y * c->w + x] = col;
}

void canvas_rect(struct canvas *c, int x0, int y0, int x1, int y1,
		 uint8_t col)
{
	int x, y, t;

	if (x0 > x1) {
		t = x0;
		x0 = x1;
		x1 = t;
	}
	if (y0 > y1) {
		t = y0;
		y0 = y1;
		y1 = t;
	}
	x0 = x0 > c->cx0 ? x0 : c->cx0;
	x1 = x1 < c->cx1 ? x1 : c->cx1;
	y0 = y0 > c->cy0 ? y0 : c->cy0;
	y1 = y1 < c->cy1 ? y1 : c->cy1;
	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++)
			c->px[(size_t)y * c->w + x] = col;
}

void canvas_box(struct canvas *c, int x0, int y0, int x1, int y1,
		uint8_t col)
{
	canvas_rect(c, x0, y0, x1, y0, col);
	canvas_rect(c, x0, y1, x1, y1, col);
	canvas_rect(c, x0, y0, x0, y1, col);
	canvas_rect(c, x1, y0, x1, y1, col);
}

/* Where (x, y) lies against the rectangle: a bit per side it is past. */
enum { OUT_LEFT = 1, OUT_RIGHT = 2, OUT_TOP = 4, OUT_BOTTOM = 8 };

static int outcode(double x, double y, const double r[4])
{
	return (x < r[0] ? OUT_LEFT : 0) | (x > r[2] ? OUT_RIGHT : 0) |
	       (y < r[1] ? OUT_TOP : 0) | (y > r[3] ? OUT_BOTTOM : 0);
}

/*
 * Cut the line to the clip rectangle grown by the pen's width (Cohen and
 * Sutherland: move an outside end onto the side it is past, until both
 * are in or both past one side); false when nothing is left.  A moved
 * end's other coordinate is interpolated from the side's value, so a
 * line along an axis stays exact however far its ends lie.
 */
static bool line_cut(const struct canvas *c, int grow, double *x0,
		     double *y0, double *x1, double *y1)
{
	const double r[4] = { c->cx0 - grow, c->cy0 - grow, c->cx1 + grow,
			      c->cy1 + grow };
	int o0 = outcode(*x0, *y0, r), o1 = outcode(*x1, *y1, r), o, moves;
	double x, y;

	/* four moves suffice; rounding may ask for more: give up then */
	for (moves = 0; o0 | o1; moves++) {
		if ((o0 & o1) || moves == 8)
			return false;
		o = o0 ? o0 : o1;
		if (o & (OUT_LEFT | OUT_RIGHT)) {
			x = o & OUT_LEFT ? r[0] : r[2];
			y = *y0 + (*y1 - *y0) * ((x - *x0) / (*x1 - *x0));
		} else {
			y = o & OUT_TOP ? r[1] : r[3];
			x = *x0 + (*x1 - *x0) * ((y - *y0) / (*y1 - *y0));
		}
		if (o == o0) {
			*x0 = x;
			*y0 = y;
			o0 = outcode(x, y, r);
		} else {
			*x1 = x;
			*y1 = y;
			o1 = outcode(x, y, r);
		}
	}
	return true;
}

static void pen_dot(struct canvas *c, int x, int y, const struct pen *p)
{
	int w = p->width ? p->width : 1, i, j;

	for (i = 0; i < w; i++)
		for (j = 0; j < w; j++)
			canvas_dot(c, x + i - (w - 1) / 2, y + j - (w - 1) / 2,
				   p->col);
}

void canvas_line(struct canvas *c, double x0, double y0, double x1,
		 double y1, const struct pen *p)
{
	int x, y, xe, ye, dx, dy, sx, sy, e, e2;
	unsigned int n = 0;

	if (!isfinite(x0) || !isfinite(y0) || !isfinite(x1) || !isfinite(y1) ||
	    !line_cut(c, p->width, &x0, &y0, &x1, &y1))
		return;
	x = lround(x0);
	y = lround(y0);
	xe = lround(x1);
	ye = lround(y1);
	dx = abs(xe - x);
	dy = -abs(ye - y);
	sx = x < xe ? 1 : -1;
	sy = y < ye ? 1 : -1;
	e = dx + dy;
	for (;;) {
		if (!p->dash || (n++ / p->dash) % 2 == 0)
			pen_dot(c, x, y, p);
		if (x == xe && y == ye)
			break;
		e2 = 2 * e;
		if (e2 >= dy) {
			e += dy;
			x += sx;
		}
		if (e2 <= dx) {
			e += dx;
			y += sy;
		}
	}
}

/* One glyph; (x, y) as canvas_text() has it for the glyph's cell. */
static void glyph(struct canvas *c, int x, int y, uint32_t cp, uint8_t col,
		  int scale, bool up)
{
	const uint8_t *rows = font_glyph(cp);
	int r, k, px, py;

	for (r = 0; r < FONT_ROWS; r++)
		for (k = 0; k < FONT_W; k++) {
			if (!(rows[r] & (0x10 >> k)))
				continue;
			px = up ? x + r * scale : x + k * scale;
			py = up ? y - (k + 1) * scale + 1 : y + r * scale;
			canvas_rect(c, px, py, px + scale - 1, py + scale - 1,
				    col);
		}
}

int canvas_text(struct canvas *c, int x, int y, const char *s, uint8_t col,
		int scale, bool up)
{
	int step = FONT_ADVANCE * scale, len = 0;
	uint32_t cp;

	while ((cp = font_next(&s))) {
		if (up)
			glyph(c, x, y - len, cp, col, scale, up);
		else
			glyph(c, x + len, y, cp, col, scale, up);
		len += step;
	}
	return len;
}

int canvas_text_len(const char *s, int scale)
{
	return font_len(s) * FONT_ADVANCE * scale;
}

int canvas_save(const struct canvas *c, const char *path)
{
	return png_write(path, c->px, c->w, c->h, canvas_palette,
			 CANVAS_COLOURS);
}
