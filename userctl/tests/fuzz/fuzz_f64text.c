// SPDX-License-Identifier: GPL-2.0
/*
 * Number text (kmod/lib/f64text.c), integer-only, against the C
 * library's correctly rounded strtod() and printf().  The input is tried
 * as text and, from its first bytes, as bit patterns.  Properties: a text
 * the parser accepts is the double strtod() makes of it, read to its
 * NUL and not beyond (the copy is allocated at exact size); the format
 * of every non-NaN double parses back to the same bits and has as few
 * significant digits as any text that does (the same digits as printf's
 * nearest); a short buffer gets a terminated prefix and is never
 * overrun; srt_f64_order() orders doubles as the FPU does.
 */
#include <math.h>
#include "f64text.h"
#include "fuzz.h"

/* The significant digits of a decimal text, without leading or trailing 0s. */
static void sig_digits(const char *s, char *out, size_t len)
{
	size_t n = 0;

	for (; *s && *s != 'e' && *s != 'E'; s++) {
		if (*s < '0' || *s > '9' || (*s == '0' && !n))
			continue;
		if (n + 1 < len)
			out[n++] = *s;
	}
	while (n && out[n - 1] == '0')
		n--;
	out[n] = '\0';
}

/* printf's nearest decimal with the fewest digits that reads back as d. */
static void shortest(double d, char *out, size_t len)
{
	char t[64];
	int p;

	for (p = 1; p <= 17; p++) {
		snprintf(t, sizeof(t), "%.*e", p - 1, d);
		if (strtod(t, NULL) == d)
			break;
	}
	sig_digits(t, out, len);
}

/* The text of @bits into @text, checked; SRT_F64_TEXT_LEN bytes. */
static void check_bits(u64 bits, char *text)
{
	char a[32], b[32];
	u64 back;
	int n, ret;

	n = srt_f64_format(bits, text, SRT_F64_TEXT_LEN);
	fuzz_check(n > 0 && n < SRT_F64_TEXT_LEN && (size_t)n == strlen(text),
		   "%#llx: format returned %d", (unsigned long long)bits, n);
	ret = srt_f64_parse(text, &back);
	if (srt_bits_isnan(bits)) {
		fuzz_check(ret == -EDOM && !strcmp(text, "nan"),
			   "NaN %#llx printed as '%s'",
			   (unsigned long long)bits, text);
		return;
	}
	fuzz_check(ret == 0 && back == bits, "%#llx -> '%s' -> %d %#llx",
		   (unsigned long long)bits, text, ret,
		   (unsigned long long)back);
	if (!srt_bits_finite(bits) || !(bits << 1))
		return;
	sig_digits(text, a, sizeof(a));
	shortest(srt_from_bits(bits), b, sizeof(b));
	fuzz_check(!strcmp(a, b), "%#llx -> '%s': digits %s, printf's %s",
		   (unsigned long long)bits, text, a, b);
}

static void fuzz_text_in(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), *end, text[SRT_F64_TEXT_LEN];
	u64 bits;
	double d;
	int ret;

	ret = srt_f64_parse(s, &bits);
	fuzz_check(ret == 0 || ret == -EINVAL || ret == -EDOM,
		   "'%s': returned %d", s, ret);
	if (!ret) {
		d = strtod(s, &end);
		fuzz_check(*end == '\0' && srt_to_bits(d) == bits,
			   "'%s': %#llx, strtod says %#llx (stopped at %td)",
			   s, (unsigned long long)bits,
			   (unsigned long long)srt_to_bits(d), end - s);
		check_bits(bits, text);
	}
	free(s);
}

/*
 * Formatting into a buffer of @len bytes: @full's length returned, a
 * terminated prefix of it written, nothing beyond.
 */
static void check_short_buffer(u64 bits, const char *full, size_t len)
{
	char *buf = malloc(len ? len : 1);
	int n = strlen(full), m;

	if (!buf)
		abort();
	m = srt_f64_format(bits, len ? buf : NULL, len);
	fuzz_check(m == n, "%zu bytes: returned %d, not %d", len, m, n);
	if (len)
		fuzz_check(strlen(buf) == min((size_t)n, len - 1) &&
			   !strncmp(buf, full, len - 1),
			   "%zu bytes: '%s' of '%s'", len, buf, full);
	free(buf);
}

static void check_order(u64 a, u64 b)
{
	double x = srt_from_bits(a), y = srt_from_bits(b);
	u64 ka = srt_f64_order(a), kb = srt_f64_order(b);

	if (isnan(x) || isnan(y))
		return;
	fuzz_check((ka < kb) == (x < y) && (ka == kb) == (x == y),
		   "order of %#llx and %#llx", (unsigned long long)a,
		   (unsigned long long)b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	char text[SRT_F64_TEXT_LEN];
	u64 a, b;

	fuzz_text_in(data, size);
	if (size < 17)
		return 0;
	a = fuzz_uint(&in, 8);
	b = fuzz_uint(&in, 8);
	check_bits(a, text);
	check_order(a, b);
	check_short_buffer(a, text, fuzz_u8(&in) % (SRT_F64_TEXT_LEN + 8));
	return 0;
}
