/* SPDX-License-Identifier: GPL-2.0 */
/* Writing an 8-bit palette image as a PNG file. */
#ifndef USERCTL_PNG_H
#define USERCTL_PNG_H

#include <stddef.h>
#include <stdint.h>

struct png_rgb {
	uint8_t r, g, b;
};

/*
 * The @w x @h image at @px (one palette index a pixel, rows top first)
 * with @nr_pal colours (1..256) at @pal, as a PNG at @path: written to
 * PATH.tmp, then renamed, so @path is complete or untouched.  Returns 0,
 * -EINVAL (a size or palette PNG cannot hold, an index past the palette),
 * -ENOMEM or the errno of the failed write.
 */
int png_write(const char *path, const uint8_t *px, uint32_t w, uint32_t h,
	      const struct png_rgb *pal, unsigned int nr_pal);

/* CRC-32 (ISO 3309, as PNG's chunks use it) of @n bytes, from @crc (0). */
uint32_t png_crc32(uint32_t crc, const void *p, size_t n);

#endif
