/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the fuzz targets here: a property that fails aborts (so
 * libFuzzer keeps the input as a crash), and a cursor that takes the
 * input apart into numbers and text.
 */
#ifndef SRT_FUZZ_H
#define SRT_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shieldrt_quote.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define fuzz_check(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "%s:%d: property failed: %s: ",	\
				__FILE__, __LINE__, #cond);		\
			fprintf(stderr, __VA_ARGS__);			\
			fputc('\n', stderr);				\
			abort();					\
		}							\
	} while (0)

struct fuzz_in {
	const uint8_t *p;
	size_t n;
};

/* The next byte, or 0 once the input is used up. */
static inline uint8_t fuzz_u8(struct fuzz_in *in)
{
	if (!in->n)
		return 0;
	in->n--;
	return *in->p++;
}

/* The next k bytes (k <= 8) as a little-endian number. */
static inline uint64_t fuzz_uint(struct fuzz_in *in, unsigned int k)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < k; i++)
		v |= (uint64_t)fuzz_u8(in) << (8 * i);
	return v;
}

/*
 * Copy up to a byte's worth of the input, as it comes, to a place in
 * [mem, mem + size) the input picks: a hostile writer of a region.
 */
static inline void fuzz_scribble(unsigned char *mem, uint64_t size,
				 struct fuzz_in *in)
{
	uint64_t at = fuzz_uint(in, 2) % size, n = fuzz_u8(in);

	if (n > size - at)
		n = size - at;
	if (n > in->n)
		n = in->n;
	memcpy(mem + at, in->p, n);
	in->p += n;
	in->n -= n;
}

/*
 * A reason (err) as the module and userctl show it: NUL-terminated within
 * @len, and printable ASCII only, whatever the input held: a user's bytes
 * in it are quoted (include/shieldrt_quote.h, whose rule says what
 * printable is).
 */
static inline int fuzz_reason_ok(const char *err, size_t len)
{
	size_t i, n = strnlen(err, len);

	for (i = 0; i < n; i++)
		if (!srt_quote_plain((unsigned char)err[i]))
			return 0;
	return n < len;
}

/*
 * A NUL-terminated copy of @n bytes in a block of exactly n + 1 bytes:
 * text as the kernel receives it from a write, and any read past its end
 * is the sanitizer's to report.  Exits if memory runs out.
 */
static inline char *fuzz_text(const uint8_t *p, size_t n)
{
	char *s = malloc(n + 1);

	if (!s)
		abort();
	memcpy(s, p, n);
	s[n] = '\0';
	return s;
}

#endif /* SRT_FUZZ_H */
