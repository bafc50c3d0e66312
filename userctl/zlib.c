// SPDX-License-Identifier: GPL-2.0
/*
 * A small deflate compressor: one final block with the fixed Huffman
 * codes (RFC 1951 3.2.6), matches found through a hash of the next three
 * bytes and a bounded chain of earlier positions.  Plots are mostly runs
 * of one colour and rows like the row above, both of which this finds.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "zlib.h"

#define WIN_SIZE	32768		/* deflate's largest distance */
#define WIN_MASK	(WIN_SIZE - 1)
#define HASH_BITS	15
#define HASH_SIZE	(1U << HASH_BITS)
#define MIN_MATCH	3
#define MAX_MATCH	258
#define MAX_CHAIN	48		/* candidates tried per position */
#define NO_POS		UINT32_MAX

struct bits {
	uint8_t *buf;
	size_t len, cap;
	uint32_t acc;		/* pending bits, the first written lowest */
	unsigned int nacc;
	int err;
};

struct lz {
	const uint8_t *in;
	size_t len;
	uint32_t *head;		/* last position with a hash, or NO_POS */
	uint32_t *prev;		/* earlier position with the same hash */
};

static void bits_byte(struct bits *b, uint8_t v)
{
	uint8_t *n;

	if (b->err)
		return;
	if (b->len == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 4096;
		n = realloc(b->buf, b->cap);
		if (!n) {
			b->err = -ENOMEM;
			return;
		}
		b->buf = n;
	}
	b->buf[b->len++] = v;
}

/* @n (<= 16) bits of @v, least significant first. */
static void bits_put(struct bits *b, uint32_t v, unsigned int n)
{
	b->acc |= v << b->nacc;
	b->nacc += n;
	while (b->nacc >= 8) {
		bits_byte(b, b->acc & 0xff);
		b->acc >>= 8;
		b->nacc -= 8;
	}
}

/* A Huffman code: its bits go out most significant first. */
static void bits_code(struct bits *b, uint32_t code, unsigned int n)
{
	uint32_t rev = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		rev |= ((code >> i) & 1) << (n - 1 - i);
	bits_put(b, rev, n);
}

static void bits_flush(struct bits *b)
{
	if (b->nacc)
		bits_put(b, 0, 8 - b->nacc);
}

/* Symbols 0-287 with the fixed code lengths 8, 9, 7, 8. */
static void put_symbol(struct bits *b, unsigned int sym)
{
	if (sym < 144)
		bits_code(b, 0x30 + sym, 8);
	else if (sym < 256)
		bits_code(b, 0x190 + sym - 144, 9);
	else if (sym < 280)
		bits_code(b, sym - 256, 7);
	else
		bits_code(b, 0xc0 + sym - 280, 8);
}

/*
 * Length and distance codes: each group of codes doubles its extra bits
 * (lengths: four codes a step after the first eight; distances: two after
 * the first four); length 258 has a code of its own (285).
 */
static void put_length(struct bits *b, unsigned int len)
{
	unsigned int code, extra, base = MIN_MATCH;

	if (len == MAX_MATCH) {
		put_symbol(b, 285);
		return;
	}
	for (code = 0;; code++) {
		extra = code < 8 ? 0 : code / 4 - 1;
		if (len < base + (1U << extra))
			break;
		base += 1U << extra;
	}
	put_symbol(b, 257 + code);
	bits_put(b, len - base, extra);
}

static void put_distance(struct bits *b, unsigned int dist)
{
	unsigned int code, extra, base = 1;

	for (code = 0;; code++) {
		extra = code < 4 ? 0 : code / 2 - 1;
		if (dist < base + (1U << extra))
			break;
		base += 1U << extra;
	}
	bits_code(b, code, 5);
	bits_put(b, dist - base, extra);
}

static uint32_t lz_hash(const uint8_t *p)
{
	uint32_t v = p[0] | p[1] << 8 | (uint32_t)p[2] << 16;

	return (v * 2654435761U) >> (32 - HASH_BITS);
}

static void lz_insert(struct lz *z, size_t pos)
{
	uint32_t h;

	if (pos + MIN_MATCH > z->len)
		return;
	h = lz_hash(z->in + pos);
	z->prev[pos & WIN_MASK] = z->head[h];
	z->head[h] = pos;
}

/* The longest match for @pos among its hash chain: length, *@dist. */
static unsigned int lz_match(const struct lz *z, size_t pos,
			     unsigned int *dist)
{
	size_t max = z->len - pos < MAX_MATCH ? z->len - pos : MAX_MATCH;
	uint32_t cand = z->head[lz_hash(z->in + pos)];
	unsigned int best = 0, chain, n;

	for (chain = 0; chain < MAX_CHAIN && cand != NO_POS; chain++) {
		if (pos - cand > WIN_SIZE - 1 || cand >= pos)
			break;
		for (n = 0; n < max && z->in[cand + n] == z->in[pos + n]; n++)
			;
		if (n > best) {
			best = n;
			*dist = pos - cand;
			if (n == max)
				break;
		}
		cand = z->prev[cand & WIN_MASK];
	}
	return best >= MIN_MATCH ? best : 0;
}

static void deflate_block(struct bits *b, struct lz *z)
{
	unsigned int len, dist = 0, i;
	size_t pos = 0;

	bits_put(b, 1, 1);	/* the final block */
	bits_put(b, 1, 2);	/* fixed Huffman codes */
	while (pos < z->len) {
		len = pos + MIN_MATCH <= z->len ? lz_match(z, pos, &dist) : 0;
		if (!len) {
			put_symbol(b, z->in[pos]);
			lz_insert(z, pos++);
			continue;
		}
		put_length(b, len);
		put_distance(b, dist);
		for (i = 0; i < len; i++)
			lz_insert(z, pos++);
	}
	put_symbol(b, 256);	/* end of block */
	bits_flush(b);
}

uint32_t zlib_adler32(uint32_t adler, const uint8_t *p, size_t n)
{
	uint32_t a = adler & 0xffff, s = adler >> 16;
	size_t chunk;

	/* 5552 bytes keep both sums below 2^32 between reductions */
	while (n) {
		chunk = n < 5552 ? n : 5552;
		n -= chunk;
		while (chunk--) {
			a += *p++;
			s += a;
		}
		a %= 65521;
		s %= 65521;
	}
	return s << 16 | a;
}

int zlib_compress(const uint8_t *in, size_t len, uint8_t **out,
		  size_t *out_len)
{
	struct bits b = { 0 };
	struct lz z = { .in = in, .len = len };
	uint32_t adler = zlib_adler32(1, in, len);
	int i;

	z.head = malloc(HASH_SIZE * sizeof(*z.head));
	z.prev = malloc(WIN_SIZE * sizeof(*z.prev));
	if (!z.head || !z.prev) {
		b.err = -ENOMEM;
		goto out;
	}
	memset(z.head, 0xff, HASH_SIZE * sizeof(*z.head));
	bits_byte(&b, 0x78);	/* deflate, 32 KiB window */
	bits_byte(&b, 0x01);	/* no dictionary; 0x7801 % 31 == 0 */
	deflate_block(&b, &z);
	for (i = 3; i >= 0; i--)
		bits_byte(&b, adler >> (8 * i));
out:
	free(z.head);
	free(z.prev);
	if (b.err) {
		free(b.buf);
		return b.err;
	}
	*out = b.buf;
	*out_len = b.len;
	return 0;
}
