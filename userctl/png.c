// SPDX-License-Identifier: GPL-2.0
/*
 * PNG files (ISO 15948): the signature, then IHDR (size, 8-bit palette),
 * PLTE, one IDAT with the zlib stream of the rows (each led by filter
 * byte 0, none) and IEND; each chunk is length, type, data, CRC-32 of
 * type and data.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "png.h"
#include "zlib.h"

#define PNG_MAX_SIDE	(1U << 20)	/* far above any plot, below 2^31 */

uint32_t png_crc32(uint32_t crc, const void *p, size_t n)
{
	const uint8_t *b = p;
	int k;

	crc = ~crc;
	while (n--) {
		crc ^= *b++;
		/* reflected polynomial 0x04c11db7, a bit at a time */
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320U & -(crc & 1));
	}
	return ~crc;
}

static void be32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

/* One chunk; 0 or -EIO (errno may say more). */
static int png_chunk(FILE *f, const char type[4], const uint8_t *data,
		     uint32_t len)
{
	uint8_t hdr[8], tail[4];
	uint32_t crc;

	be32(hdr, len);
	memcpy(hdr + 4, type, 4);
	crc = png_crc32(0, type, 4);
	if (len)
		crc = png_crc32(crc, data, len);
	be32(tail, crc);
	if (fwrite(hdr, 1, 8, f) != 8 ||
	    (len && fwrite(data, 1, len, f) != len) ||
	    fwrite(tail, 1, 4, f) != 4)
		return -EIO;
	return 0;
}

/* Rows with their filter byte, compressed: *@z, *@zlen. */
static int png_idat(const uint8_t *px, uint32_t w, uint32_t h,
		    uint8_t **z, size_t *zlen)
{
	size_t stride = (size_t)w + 1;
	uint8_t *raw = malloc(stride * h);
	uint32_t y;
	int err;

	if (!raw)
		return -ENOMEM;
	for (y = 0; y < h; y++) {
		raw[y * stride] = 0;
		memcpy(raw + y * stride + 1, px + (size_t)y * w, w);
	}
	err = zlib_compress(raw, stride * h, z, zlen);
	free(raw);
	return err;
}

static int png_check(const uint8_t *px, uint32_t w, uint32_t h,
		     unsigned int nr_pal)
{
	size_t i;

	if (!w || !h || w > PNG_MAX_SIDE || h > PNG_MAX_SIDE ||
	    !nr_pal || nr_pal > 256)
		return -EINVAL;
	for (i = 0; i < (size_t)w * h; i++)
		if (px[i] >= nr_pal)
			return -EINVAL;
	return 0;
}

static int png_stream(FILE *f, const uint8_t *z, size_t zlen, uint32_t w,
		      uint32_t h, const struct png_rgb *pal,
		      unsigned int nr_pal)
{
	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n',
					0x1a, '\n' };
	uint8_t ihdr[13], plte[3 * 256];
	unsigned int i;

	be32(ihdr, w);
	be32(ihdr + 4, h);
	ihdr[8] = 8;	/* bits per index */
	ihdr[9] = 3;	/* colour type: palette */
	ihdr[10] = 0;	/* deflate */
	ihdr[11] = 0;	/* adaptive filtering (every row: none) */
	ihdr[12] = 0;	/* not interlaced */
	for (i = 0; i < nr_pal; i++) {
		plte[3 * i] = pal[i].r;
		plte[3 * i + 1] = pal[i].g;
		plte[3 * i + 2] = pal[i].b;
	}
	if (fwrite(sig, 1, 8, f) != 8 ||
	    png_chunk(f, "IHDR", ihdr, 13) ||
	    png_chunk(f, "PLTE", plte, 3 * nr_pal) ||
	    png_chunk(f, "IDAT", z, zlen) || png_chunk(f, "IEND", NULL, 0))
		return errno ? -errno : -EIO;
	return 0;
}

int png_write(const char *path, const uint8_t *px, uint32_t w, uint32_t h,
	      const struct png_rgb *pal, unsigned int nr_pal)
{
	size_t zlen = 0;
	uint8_t *z = NULL;
	char *tmp = NULL;
	FILE *f = NULL;
	int err;

	err = png_check(px, w, h, nr_pal);
	if (err)
		return err;
	err = png_idat(px, w, h, &z, &zlen);
	if (err)
		return err;
	if (zlen > UINT32_MAX / 2 || asprintf(&tmp, "%s.tmp", path) < 0) {
		tmp = NULL;
		err = -ENOMEM;
		goto out;
	}
	f = fopen(tmp, "wb");
	if (!f) {
		err = -errno;
		goto out;
	}
	errno = 0;
	err = png_stream(f, z, zlen, w, h, pal, nr_pal);
	if (fclose(f) && !err)
		err = errno ? -errno : -EIO;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
out:
	free(tmp);
	free(z);
	return err;
}
