/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The plots' bitmap font: 5 x 9 cells (7 rows above the baseline, 2 for
 * descenders), printable ASCII and the few other characters the figures
 * use (µ, –, ≤, ≥).
 */
#ifndef USERCTL_FONT_H
#define USERCTL_FONT_H

#include <stdint.h>

#define FONT_W		5	/* glyph columns */
#define FONT_ROWS	9	/* glyph rows, descenders included */
#define FONT_ASCENT	7	/* rows above the baseline */
#define FONT_ADVANCE	6	/* pen step: a blank column between glyphs */
#define FONT_LINE	11	/* baseline to baseline */

/*
 * The glyph of code point @cp: FONT_ROWS rows, top first, bit 4 the
 * leftmost column.  A character the font lacks gets '?'.
 */
const uint8_t *font_glyph(uint32_t cp);

/*
 * The code point at *@s, advancing *@s past it; 0 at the end.  A byte
 * that does not start a well-formed UTF-8 sequence is one code point of
 * its own (0xfffd), so every string advances and ends.
 */
uint32_t font_next(const char **s);

/* Code points in @s: the width of its text is that times FONT_ADVANCE. */
unsigned int font_len(const char *s);

#endif
