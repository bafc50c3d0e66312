// SPDX-License-Identifier: GPL-2.0
/*
 * Integer-only conversion between decimal text and binary64.  Both ways go
 * through an exact decimal (digits and a decimal point position) that is
 * multiplied or divided by powers of two one chunk of bits at a time, the
 * way one does long multiplication and division by hand.  Any double is an
 * exact decimal of at most 767 significant digits, so 800 digits keep every
 * value a double can take, and a halfway case is decided on exact digits.
 * Not fast (microseconds per value), which is fine for text that a person
 * writes to debugfs.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "f64text.h"

#define SRT_DEC_DIGITS	800
#define SRT_DEC_SHIFT	60	/* bits per step: 10 * 2^60 fits a u64 */
#define SRT_DEC_GROW	19	/* digits one left step can add (2^60 < 1e19) */

/* value = 0.d[0]d[1]...d[nd-1] * 10^dp; d[0] != 0 unless nd == 0 */
struct srt_dec {
	int nd;
	int dp;
	bool neg;
	bool trunc;		/* nonzero digits were dropped after d[nd-1] */
	u8 d[SRT_DEC_DIGITS + SRT_DEC_GROW];
};

static void srt_dec_trim(struct srt_dec *a)
{
	while (a->nd > 0 && a->d[a->nd - 1] == 0)
		a->nd--;
	if (!a->nd)
		a->dp = 0;
}

/* Divide by 2^k, 1 <= k <= SRT_DEC_SHIFT: long division from the left. */
static void srt_dec_shr(struct srt_dec *a, unsigned int k)
{
	u64 n = 0, mask = (1ULL << k) - 1;
	int r = 0, w = 0;
	u8 dig;

	if (!a->nd)
		return;
	/* Take digits until the divisor goes into them once. */
	while (!(n >> k)) {
		n = n * 10 + (r < a->nd ? a->d[r] : 0);
		r++;
	}
	a->dp -= r - 1;
	for (;;) {
		dig = n >> k;
		n &= mask;
		if (w < SRT_DEC_DIGITS)
			a->d[w++] = dig;
		else if (dig)
			a->trunc = true;
		if (r < a->nd)
			n = n * 10 + a->d[r++];
		else if (n)
			n *= 10;
		else
			break;
	}
	a->nd = w;
	srt_dec_trim(a);
}

/*
 * Multiply by 2^k, 1 <= k <= SRT_DEC_SHIFT: from the last digit up, each
 * product digit written SRT_DEC_GROW places right of the one it came from
 * (never onto a digit still to be read), then the result moved down.
 */
static void srt_dec_shl(struct srt_dec *a, unsigned int k)
{
	int r, w = a->nd - 1 + SRT_DEC_GROW, end = w, total, i;
	u64 n = 0;
	u32 rem;

	if (!a->nd)
		return;
	for (r = a->nd - 1; r >= 0; r--) {
		n += (u64)a->d[r] << k;
		n = div_u64_rem(n, 10, &rem);
		a->d[w--] = rem;
	}
	while (n) {
		n = div_u64_rem(n, 10, &rem);
		a->d[w--] = rem;
	}
	total = end - w;
	a->dp += total - a->nd;
	memmove(a->d, a->d + (w + 1), total);
	if (total > SRT_DEC_DIGITS) {
		for (i = SRT_DEC_DIGITS; i < total; i++)
			if (a->d[i])
				a->trunc = true;
		total = SRT_DEC_DIGITS;
	}
	a->nd = total;
	srt_dec_trim(a);
}

/* Multiply by 2^k, any sign of k. */
static void srt_dec_shift(struct srt_dec *a, int k)
{
	int step;

	for (; k > 0; k -= step) {
		step = min(k, SRT_DEC_SHIFT);
		srt_dec_shl(a, step);
	}
	for (; k < 0; k += step) {
		step = min(-k, SRT_DEC_SHIFT);
		srt_dec_shr(a, step);
	}
}

/* Exactly half of the last kept unit or more: round up (ties to even). */
static bool srt_dec_round_up(const struct srt_dec *a, int at, bool odd)
{
	if (at < 0 || at >= a->nd)
		return false;
	if (a->d[at] != 5)
		return a->d[at] > 5;
	return at + 1 < a->nd || a->trunc || odd;
}

/* The value rounded to an integer; the caller keeps it below 2^60. */
static u64 srt_dec_to_int(const struct srt_dec *a)
{
	u64 v = 0;
	int i;

	for (i = 0; i < a->dp; i++)
		v = v * 10 + (i < a->nd ? a->d[i] : 0);
	return v + srt_dec_round_up(a, a->dp, v & 1);
}

/* The nearest double; @a is consumed. */
static u64 srt_dec_to_bits(struct srt_dec *a)
{
	u64 sign = a->neg ? SRT_F64_SIGN_BIT : 0, mant;
	int e = 0, k;

	if (!a->nd)
		return sign;
	if (a->dp > 310)		/* >= 1e309 */
		return sign | SRT_F64_PINF;
	if (a->dp < -330)		/* < 1e-330, below half the least subnormal */
		return sign;
	/* Bring the value into [0.5, 1): value = f * 2^e. */
	while (a->dp > 0) {
		k = min(4 * a->dp, SRT_DEC_SHIFT);	/* 2^(4 dp) > 10^dp */
		srt_dec_shr(a, k);
		e += k;
	}
	while (a->dp < 0 || (a->dp == 0 && a->d[0] < 5)) {
		k = a->dp < 0 ? min(-3 * a->dp, SRT_DEC_SHIFT) : 1;
		srt_dec_shl(a, k);	/* 2^(3 |dp|) < 10^|dp|: stays < 1 */
		e -= k;
	}
	/* f * 2^e = 2f * 2^(e-1) with 2f in [1, 2): e - 1 is the exponent. */
	e -= 1;
	if (e > 1023)
		return sign | SRT_F64_PINF;
	if (e < -1022) {		/* subnormal: fewer mantissa bits */
		srt_dec_shift(a, e + 1022);
		e = -1022;
	}
	srt_dec_shl(a, 53);
	mant = srt_dec_to_int(a);
	if (mant == 1ULL << 53) {	/* rounded up to the next power */
		mant >>= 1;
		if (++e > 1023)
			return sign | SRT_F64_PINF;
	}
	if (mant < 1ULL << 52)		/* subnormal (or zero) */
		return sign | mant;
	return sign | ((u64)(e + 1023) << 52) | (mant & SRT_F64_FRAC_BITS);
}

static bool srt_word_is(const char *s, const char *word)
{
	return !strcasecmp(s, word);
}

int srt_f64_parse(const char *s, u64 *bits)
{
	struct srt_dec *a;
	bool neg = false, any = false, point = false, edig = false;
	int exp = 0, esign = 1;

	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	if (srt_word_is(s, "inf") || srt_word_is(s, "infinity")) {
		*bits = (neg ? SRT_F64_SIGN_BIT : 0) | SRT_F64_PINF;
		return 0;
	}
	if (srt_word_is(s, "nan"))
		return -EDOM;
	a = kzalloc(sizeof(*a), GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	a->neg = neg;
	for (; *s; s++) {
		if (*s == '.' && !point) {
			point = true;
			continue;
		}
		if (*s < '0' || *s > '9')
			break;
		any = true;
		if (*s == '0' && !a->nd) {	/* leading zero: no digit */
			a->dp -= point;
			continue;
		}
		if (a->nd < SRT_DEC_DIGITS)
			a->d[a->nd++] = *s - '0';
		else if (*s != '0')
			a->trunc = true;
		a->dp += !point;
	}
	if (any && (*s == 'e' || *s == 'E')) {
		s++;
		if (*s == '+' || *s == '-')
			esign = *s++ == '-' ? -1 : 1;
		for (; *s >= '0' && *s <= '9'; s++) {
			edig = true;
			if (exp < 100000)	/* far past any double */
				exp = exp * 10 + (*s - '0');
		}
		if (!edig)
			any = false;
	}
	if (!any || *s) {
		kfree(a);
		return -EINVAL;
	}
	srt_dec_trim(a);
	if (a->nd)
		a->dp += esign * exp;
	*bits = srt_dec_to_bits(a);
	kfree(a);
	return 0;
}

/* Keep @p significant digits, rounding the exact value to nearest-even. */
static void srt_dec_round(struct srt_dec *a, int p)
{
	int i;

	if (a->nd <= p)
		return;
	if (!srt_dec_round_up(a, p, a->d[p - 1] & 1)) {
		a->nd = p;
		a->trunc = false;
		srt_dec_trim(a);
		return;
	}
	a->nd = p;
	a->trunc = false;
	for (i = p - 1; i >= 0 && a->d[i] == 9; i--)
		a->nd--;		/* 9s that carry become trailing zeros */
	if (i < 0) {
		a->d[0] = 1;
		a->nd = 1;
		a->dp++;
		return;
	}
	a->d[i]++;
}

/* Digits of @a as text, plain or with an exponent like %g. */
static int srt_dec_print(const struct srt_dec *a, char *buf, size_t len)
{
	int x = a->dp - 1, i, n = 0;
	char t[SRT_F64_TEXT_LEN];

	if (a->neg)
		t[n++] = '-';
	if (x < -5 || x > 16) {
		t[n++] = '0' + a->d[0];
		if (a->nd > 1)
			t[n++] = '.';
		for (i = 1; i < a->nd; i++)
			t[n++] = '0' + a->d[i];
		n += snprintf(t + n, sizeof(t) - n, "e%c%d", x < 0 ? '-' : '+',
			      abs(x));
	} else if (x < 0) {
		t[n++] = '0';
		t[n++] = '.';
		for (i = x + 1; i < 0; i++)
			t[n++] = '0';
		for (i = 0; i < a->nd; i++)
			t[n++] = '0' + a->d[i];
	} else {
		for (i = 0; i <= x; i++)
			t[n++] = '0' + (i < a->nd ? a->d[i] : 0);
		if (a->nd > x + 1)
			t[n++] = '.';
		for (i = x + 1; i < a->nd; i++)
			t[n++] = '0' + a->d[i];
	}
	t[n] = '\0';
	return snprintf(buf, len, "%s", t);
}

static int srt_f64_special(u64 bits, char *buf, size_t len)
{
	const char *sign = bits & SRT_F64_SIGN_BIT ? "-" : "";

	if (srt_bits_isnan(bits))
		return snprintf(buf, len, "nan");
	if (!srt_bits_finite(bits))
		return snprintf(buf, len, "%sinf", sign);
	return snprintf(buf, len, "%s0", sign);
}

int srt_f64_format(u64 bits, char *buf, size_t len)
{
	u64 frac = bits & SRT_F64_FRAC_BITS, mant;
	int bexp = (bits & SRT_F64_EXP_BITS) >> 52, p, ret;
	struct srt_dec *a;	/* [0] exact, [1] rounded, [2] scratch */
	u32 rem;

	if (bexp == 0x7ff || !(bits << 1))
		return srt_f64_special(bits, buf, len);
	a = kcalloc(3, sizeof(*a), GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	/* value = mant * 2^(bexp - 1075), subnormals with bexp taken as 1 */
	mant = bexp ? frac | 1ULL << 52 : frac;
	a[0].neg = bits & SRT_F64_SIGN_BIT;
	for (; mant; a[0].nd++) {
		mant = div_u64_rem(mant, 10, &rem);
		a[0].d[a[0].nd] = rem;
	}
	for (p = 0; p < a[0].nd / 2; p++)
		swap(a[0].d[p], a[0].d[a[0].nd - 1 - p]);
	a[0].dp = a[0].nd;
	srt_dec_trim(&a[0]);
	srt_dec_shift(&a[0], (bexp ? bexp : 1) - 1075);
	/* 17 significant digits always read back as the same double. */
	for (p = 1; p <= 17; p++) {
		a[1] = a[0];
		srt_dec_round(&a[1], p);
		a[2] = a[1];
		if (srt_dec_to_bits(&a[2]) == bits)
			break;
	}
	ret = srt_dec_print(&a[1], buf, len);
	kfree(a);
	return ret;
}

/* Fractions keep at most this many bits: 2^43 * 10^6 + 2^42 < 2^63. */
#define SRT_FIXED_FRAC_BITS	43
#define SRT_FIXED_ONE		1000000U

int srt_f64_fixed(u64 bits, char *buf, size_t len)
{
	const char *sign = bits & SRT_F64_SIGN_BIT ? "-" : "";
	int bexp = (bits & SRT_F64_EXP_BITS) >> 52, e;
	u64 mant = bits & SRT_F64_FRAC_BITS, whole = 0, frac;
	unsigned int j;
	u32 micro = 0;

	if (bexp == 0x7ff) {
		if (srt_bits_isnan(bits))
			return snprintf(buf, len, "nan");
		return snprintf(buf, len, "%sinf", sign);
	}
	if (bexp)
		mant |= 1ULL << 52;
	/* value = mant * 2^e; a normal mant has bit 52 set */
	e = (bexp ? bexp : 1) - 1075;
	if (e >= 64 - 52)
		return snprintf(buf, len, *sign ? "-(>=2^64)" : ">=2^64");
	if (e >= 0) {
		whole = mant << e;
	} else {
		j = -e;
		whole = j < 64 ? mant >> j : 0;
		frac = j < 64 ? mant & ((1ULL << j) - 1) : mant;
		/* dropping bits below 2^-43 moves the result by < 1e-7 */
		if (j > SRT_FIXED_FRAC_BITS) {
			frac = j - SRT_FIXED_FRAC_BITS < 64 ?
			       frac >> (j - SRT_FIXED_FRAC_BITS) : 0;
			j = SRT_FIXED_FRAC_BITS;
		}
		micro = (frac * SRT_FIXED_ONE + (1ULL << (j - 1))) >> j;
		if (micro == SRT_FIXED_ONE) {
			whole++;
			micro = 0;
		}
	}
	return snprintf(buf, len, "%s%llu.%06u", sign, whole, micro);
}
