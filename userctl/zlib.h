/* SPDX-License-Identifier: GPL-2.0 */
/* A zlib stream (RFC 1950/1951) compressor for the PNG writer. */
#ifndef USERCTL_ZLIB_H
#define USERCTL_ZLIB_H

#include <stddef.h>
#include <stdint.h>

/*
 * @len bytes at @in as one zlib stream in a malloc'd buffer (*@out,
 * *@out_len): one deflate block with the fixed Huffman codes and greedy
 * LZ77 matches, which is what a plot's long runs of one colour need.
 * Returns 0 or -ENOMEM.
 */
int zlib_compress(const uint8_t *in, size_t len, uint8_t **out,
		  size_t *out_len);

/* Adler-32 of @n bytes at @p, continuing from @adler (start with 1). */
uint32_t zlib_adler32(uint32_t adler, const uint8_t *p, size_t n);

#endif
