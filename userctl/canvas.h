/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The plots' raster: one palette index a pixel, a clip rectangle, lines,
 * filled rectangles and text in the built-in font.
 */
#ifndef USERCTL_CANVAS_H
#define USERCTL_CANVAS_H

#include <stdbool.h>
#include <stdint.h>

/* The palette: background, ink, grid, muted text, then series colours. */
enum canvas_colour {
	COL_BG,
	COL_INK,
	COL_GRID,
	COL_MUTED,
	COL_SERIES,			/* first of CANVAS_SERIES colours */
	CANVAS_SERIES = 8,
	CANVAS_COLOURS = COL_SERIES + CANVAS_SERIES,
};

struct canvas {
	uint32_t w, h;
	uint8_t *px;		/* w * h palette indices, rows top first */
	int cx0, cy0, cx1, cy1;	/* drawing is kept inside, inclusive */
};

struct pen {
	uint8_t col;
	uint8_t width;		/* a width x width square at each point */
	uint8_t dash;		/* on and off run in pixels; 0: solid */
};

/* A @w x @h canvas in the background colour; 0 or -ENOMEM. */
int canvas_init(struct canvas *c, uint32_t w, uint32_t h);
void canvas_free(struct canvas *c);
/* Keep drawing inside x0..x1, y0..y1 (inclusive); unclip: everywhere. */
void canvas_clip(struct canvas *c, int x0, int y0, int x1, int y1);
void canvas_unclip(struct canvas *c);

void canvas_dot(struct canvas *c, int x, int y, uint8_t col);
/* A filled rectangle with corners (x0, y0) and (x1, y1), inclusive. */
void canvas_rect(struct canvas *c, int x0, int y0, int x1, int y1,
		 uint8_t col);
/* Its outline, one pixel wide. */
void canvas_box(struct canvas *c, int x0, int y0, int x1, int y1,
		uint8_t col);
/*
 * A line; the ends may lie anywhere, far outside included (it is cut to
 * the clip rectangle first); a NaN or infinite end draws nothing.
 */
void canvas_line(struct canvas *c, double x0, double y0, double x1,
		 double y1, const struct pen *p);

/*
 * @s in the font, @scale pixels a font pixel, with the top left of its
 * first cell at (@x, @y); @up: rotated a quarter turn anticlockwise, read
 * bottom to top, the cell's top left then at (@x, @y) with the text going
 * up from there.  Returns the text's length in pixels.
 */
int canvas_text(struct canvas *c, int x, int y, const char *s, uint8_t col,
		int scale, bool up);
/* The length canvas_text() would draw @s with. */
int canvas_text_len(const char *s, int scale);

/* The canvas as a PNG (see png_write()). */
int canvas_save(const struct canvas *c, const char *path);

#endif
