/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * A user's bytes in a message (a refused name or value in last_error,
 * the kernel log, an ioctl's err, userctl's words): never raw.  What a
 * terminal or a log reader would act on (control bytes, escape
 * sequences, bytes that are not ASCII) is written as \xHH, so the text
 * stays one line of printable ASCII whatever was sent.  Header-only, for
 * the module, algorithms/, the provider modules, userctl and the host
 * tests alike: this file is the one escaping rule.
 *
 *   srt_quote()   a value as 'text': printable ASCII as is but \ and ',
 *                 which become \\ and \', anything else \xHH; cut to fit
 *                 as 'tex'... so the reason after it still fits
 *                 (srt_quote_str() for a NUL-terminated one)
 *   srt_escape()  a whole message: only bytes outside printable ASCII
 *                 become \xHH, so a message already quoted passes
 *                 unchanged (for the places messages leave through)
 */
#ifndef SHIELDRT_QUOTE_H
#define SHIELDRT_QUOTE_H

#include <linux/types.h>
#ifndef __KERNEL__
#include <stddef.h>
#include <stdbool.h>
#endif

/* A buffer for srt_quote(): a value's first 40 or so plain bytes. */
#define SRT_QUOTE_LEN	48

static inline bool srt_quote_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f;
}

/*
 * @c written escaped at @dst (at most 4 bytes, no NUL); @quote: also \
 * and ' are escaped.  Returns the bytes written.
 */
static inline size_t srt_escape_byte(char *dst, unsigned char c, bool quote)
{
	static const char hex[] = "0123456789abcdef";

	if (srt_quote_plain(c) && !(quote && (c == '\\' || c == '\''))) {
		dst[0] = (char)c;
		return 1;
	}
	dst[0] = '\\';
	if (srt_quote_plain(c)) {
		dst[1] = (char)c;
		return 2;
	}
	dst[1] = 'x';
	dst[2] = hex[c >> 4];
	dst[3] = hex[c & 15];
	return 4;
}

/*
 * Escape @len bytes at @src into @dst, whole escapes only, leaving room
 * for @keep more bytes and a NUL within @size.  Returns the bytes of
 * @src taken; *@n becomes the bytes written (no NUL is written).
 */
static inline size_t srt_escape_into(char *dst, size_t size, size_t keep,
				     const char *src, size_t len, bool quote,
				     size_t *n)
{
	char one[4];
	size_t i, k, j;

	*n = 0;
	for (i = 0; i < len; i++) {
		k = srt_escape_byte(one, (unsigned char)src[i], quote);
		if (*n + k + keep + 1 > size)
			break;
		for (j = 0; j < k; j++)
			dst[(*n)++] = one[j];
	}
	return i;
}

/*
 * @src[0..@len) as a quoted value at @dst (@size bytes, at least 6):
 * 'text', or 'tex'... when the whole does not fit.  Returns @dst, for a
 * message's arguments.
 */
static inline const char *srt_quote(char *dst, size_t size, const char *src,
				    size_t len)
{
	size_t n;

	if (size < 6) {
		if (size)
			dst[0] = '\0';
		return dst;
	}
	dst[0] = '\'';
	/* room for the closing quote, and for "..." if it comes to that */
	if (srt_escape_into(dst + 1, size - 1, 1, src, len, true, &n) < len) {
		srt_escape_into(dst + 1, size - 1, 4, src, len, true, &n);
		dst[++n] = '\'';
		dst[++n] = '.';
		dst[++n] = '.';
		dst[++n] = '.';
	} else {
		dst[++n] = '\'';
	}
	dst[++n] = '\0';
	return dst;
}

/* A NUL-terminated @s quoted into @dst; returns @dst. */
static inline const char *srt_quote_str(char *dst, size_t size, const char *s)
{
	size_t len = 0;

	while (s[len])
		len++;
	return srt_quote(dst, size, s, len);
}

/*
 * A message @src (NUL-terminated) into @dst (@size bytes, at least 1)
 * with every byte outside printable ASCII as \xHH, cut at a whole
 * escape.  @dst may not be @src.  Returns strlen(dst).
 */
static inline size_t srt_escape(char *dst, size_t size, const char *src)
{
	size_t len = 0, n;

	if (!size)
		return 0;
	while (src[len])
		len++;
	srt_escape_into(dst, size, 0, src, len, false, &n);
	dst[n] = '\0';
	return n;
}

#endif /* SHIELDRT_QUOTE_H */
