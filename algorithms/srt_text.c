// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Numbers and messages as text, without libc: the chain parser reads
 * parameters with srt_parse_double(), error messages and debugfs dumps are
 * written with srt_snprintf().  Both are deterministic, so userctl and the
 * kernel read a chain file into the same bits.
 */
#include "srt_num.h"

size_t srt_strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

bool srt_streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

bool srt_strneq(const char *a, const char *b, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (a[i] != b[i] || !a[i])
			return false;
	return a[len] == '\0';
}

/* 10^(2^i) for i = 0..8 */
static const double srt_pow10_bin[] = {
	1e1, 1e2, 1e4, 1e8, 1e16, 1e32, 1e64, 1e128, 1e256,
};

/* 10^n, n >= 0: exact for n <= 22, a few roundings beyond */
static double srt_pow10(int n)
{
	double p = 1.0;
	unsigned int i;

	for (i = 0; i < SRT_ARRAY_SIZE(srt_pow10_bin) && n; i++, n >>= 1)
		if (n & 1)
			p *= srt_pow10_bin[i];
	return n ? SRT_INF : p;
}

static bool srt_isdigit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Decimal text to double: [+-]digits[.digits][(e|E)[+-]digits] or
 * [+-].digits...; the whole of s[0..len) must be the number.  Inputs with
 * at most 15 significant digits and a decimal exponent (after moving the
 * point behind the last digit) within +-22 are correctly rounded (both
 * factors exact, one division or multiplication); longer inputs keep 18
 * digits and are within 8 ulp (tests/test_math.c).  Returns 0 or SRT_EINVAL.
 */
int srt_parse_double(const char *s, size_t len, double *out)
{
	size_t i = 0;
	bool neg = false, any = false;
	u32 hi = 0, lo = 0;
	int ndig = 0, dexp = 0, e = 0, esign = 1;
	double m;

	if (i < len && (s[i] == '+' || s[i] == '-'))
		neg = s[i++] == '-';
	for (; i < len && srt_isdigit(s[i]); i++) {
		any = true;
		if (ndig == 0 && s[i] == '0')
			continue;	/* leading zeros carry no digits */
		if (ndig < 18) {
			if (ndig < 9)
				hi = hi * 10 + (u32)(s[i] - '0');
			else
				lo = lo * 10 + (u32)(s[i] - '0');
			ndig++;
		} else {
			dexp++;		/* dropped integer digit */
		}
	}
	if (i < len && s[i] == '.') {
		for (i++; i < len && srt_isdigit(s[i]); i++) {
			any = true;
			if (ndig == 0 && s[i] == '0') {
				dexp--;
				continue;
			}
			if (ndig < 18) {
				if (ndig < 9)
					hi = hi * 10 + (u32)(s[i] - '0');
				else
					lo = lo * 10 + (u32)(s[i] - '0');
				ndig++;
				dexp--;
			}
		}
	}
	if (!any)
		return SRT_EINVAL;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		bool edig = false;

		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			esign = s[i++] == '-' ? -1 : 1;
		for (; i < len && srt_isdigit(s[i]); i++) {
			edig = true;
			if (e < 10000)
				e = e * 10 + (s[i] - '0');
		}
		if (!edig)
			return SRT_EINVAL;
	}
	if (i != len)
		return SRT_EINVAL;
	if (ndig > 9)
		m = (double)hi * srt_pow10(ndig - 9) + (double)lo;
	else
		m = (double)hi;
	dexp += esign * e;
	if (m == 0.0)
		;
	else if (dexp >= 0)
		m *= srt_pow10(dexp);
	else if (dexp >= -308)
		m /= srt_pow10(-dexp);
	else if (dexp >= -400)
		m = m / 1e300 / srt_pow10(-dexp - 300);
	else
		m = 0.0;
	*out = neg ? -m : m;
	return 0;
}

static size_t srt_put(char *buf, size_t size, size_t pos, char c)
{
	if (pos + 1 < size)
		buf[pos] = c;
	return pos + 1;
}

static size_t srt_put_str(char *buf, size_t size, size_t pos, const char *s,
			  size_t max)
{
	size_t i;

	for (i = 0; i < max && s[i]; i++)
		pos = srt_put(buf, size, pos, s[i]);
	return pos;
}

static size_t srt_put_uint(char *buf, size_t size, size_t pos, u32 v,
			   u32 base)
{
	char tmp[12];
	int n = 0;

	do {
		tmp[n++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	while (n)
		pos = srt_put(buf, size, pos, tmp[--n]);
	return pos;
}

/*
 * The first prec significant digits (1..SRT_DIG_MAX) of x > 0, finite,
 * rounded half up on the digits computed: dig[0..prec) holds values 0..9
 * and x ~ dig[0].dig[1]... * 10^e10.  Digits past the 15th are approximate
 * (the scaling rounds).
 */
#define SRT_DIG_MAX	18

static int srt_dec_digits(double y, int prec, char *dig)
{
	int e10 = 0, nd, i;

	for (i = 8; i >= 0; i--) {
		if (y >= srt_pow10_bin[i]) {
			y /= srt_pow10_bin[i];
			e10 += 1 << i;
		}
	}
	for (i = 8; i >= 0; i--) {
		if (y < 1.0 && y * srt_pow10_bin[i] < 10.0) {
			y *= srt_pow10_bin[i];
			e10 -= 1 << i;
		}
	}
	while (y < 1.0) {	/* subnormals and scaling leftovers */
		y *= 10.0;
		e10--;
	}
	while (y >= 10.0) {
		y /= 10.0;
		e10++;
	}
	/* one extra digit for rounding */
	for (nd = 0; nd <= prec; nd++) {
		int d = (int)y;

		if (d > 9)
			d = 9;
		dig[nd] = (char)d;
		y = (y - d) * 10.0;
	}
	if (dig[prec] >= 5) {
		for (i = prec - 1; i >= 0; i--) {
			if (++dig[i] < 10)
				break;
			dig[i] = 0;
		}
		if (i < 0) {	/* 9.99 -> 10.0 */
			dig[0] = 1;
			for (i = 1; i < prec; i++)
				dig[i] = 0;
			e10++;
		}
	}
	return e10;
}

/*
 * dig[0..prec) * 10^e10 in %g style: trailing zeros dropped if trim,
 * exponent form when the exponent is < -4 or >= prec.
 */
static size_t srt_put_digits(char *buf, size_t size, size_t pos,
			     const char *dig, int prec, int e10, bool trim)
{
	int i, last = prec - 1;

	while (trim && last > 0 && dig[last] == 0)
		last--;
	if (e10 < -4 || e10 >= prec) {
		pos = srt_put(buf, size, pos, (char)('0' + dig[0]));
		if (last > 0) {
			pos = srt_put(buf, size, pos, '.');
			for (i = 1; i <= last; i++)
				pos = srt_put(buf, size, pos,
					      (char)('0' + dig[i]));
		}
		pos = srt_put(buf, size, pos, 'e');
		pos = srt_put(buf, size, pos, e10 < 0 ? '-' : '+');
		if (e10 < 0)
			e10 = -e10;
		if (e10 < 10)
			pos = srt_put(buf, size, pos, '0');
		return srt_put_uint(buf, size, pos, (u32)e10, 10);
	}
	if (e10 < 0) {
		pos = srt_put_str(buf, size, pos, "0.", 2);
		for (i = e10 + 1; i < 0; i++)
			pos = srt_put(buf, size, pos, '0');
		for (i = 0; i <= last; i++)
			pos = srt_put(buf, size, pos, (char)('0' + dig[i]));
		return pos;
	}
	for (i = 0; i <= e10; i++)
		pos = srt_put(buf, size, pos, (char)('0' + (i <= last ?
							    dig[i] : 0)));
	if (last > e10) {
		pos = srt_put(buf, size, pos, '.');
		for (i = e10 + 1; i <= last; i++)
			pos = srt_put(buf, size, pos, (char)('0' + dig[i]));
	}
	return pos;
}

/*
 * %g-style: prec significant digits (1..17), trailing zeros dropped,
 * exponent form when the exponent is < -4 or >= prec.  Digits past the
 * 15th are approximate (the scaling rounds).
 */
static size_t srt_put_double(char *buf, size_t size, size_t pos, double x,
			     int prec)
{
	char dig[SRT_DIG_MAX + 1];
	int e10;

	if (prec < 1)
		prec = 1;
	if (prec > 17)
		prec = 17;
	if (x != x)
		return srt_put_str(buf, size, pos, "nan", 3);
	if (srt_to_bits(x) & SRT_F64_SIGN_BIT) {
		pos = srt_put(buf, size, pos, '-');
		x = -x;
	}
	if (x == SRT_INF)
		return srt_put_str(buf, size, pos, "inf", 3);
	if (x == 0.0)
		return srt_put(buf, size, pos, '0');
	e10 = srt_dec_digits(x, prec, dig);
	return srt_put_digits(buf, size, pos, dig, prec, e10, true);
}

size_t srt_format_double(char *buf, size_t size, double x, int prec)
{
	size_t n = srt_put_double(buf, size, 0, x, prec);

	if (size)
		buf[n < size ? n : size - 1] = '\0';
	return n;
}

/* The text s[0..n) reads back as exactly x with srt_parse_double(). */
static bool srt_reads_back(const char *s, size_t n, double x)
{
	double y;

	return !srt_parse_double(s, n, &y) && srt_to_bits(y) == srt_to_bits(x);
}

/*
 * The parser reads ndig digits N and a decimal exponent dexp as
 * m = double(N), then m * 10^dexp or m / 10^-dexp (srt_parse_double()), so
 * the values it can produce from ndig digits are those of the integral
 * doubles m in [10^(ndig-1), 10^ndig).  Walk the integral doubles nearest
 * x / 10^dexp, up to span of them either way, and write the first whose
 * text reads back as x to tmp (sign included); 0 if none.  Only +-*, exact
 * splits and u32 conversions: no 64-bit division helper on 32-bit ARM.
 */
#define SRT_RT_SPAN	8
#define SRT_2P53	9007199254740992.0

/* the next integral double above (dir > 0) or below m >= 1 */
static double srt_int_step(double m, int dir)
{
	if (m < SRT_2P53 || (m == SRT_2P53 && dir > 0))
		return m + dir;
	return srt_from_bits(srt_to_bits(m) + (u64)(s64)dir);
}

/* the ndig (<= 18) decimal digits of the integral double 0 <= m < 1e18 */
static void srt_int_digits(double m, int ndig, char *dig)
{
	double hi = srt_floor(m / 1e9), lo;
	u32 h, l;
	int i;

	lo = m - hi * 1e9;	/* both exact: hi * 5^9 < 2^53 */
	if (lo < 0) {
		hi -= 1;
		lo += 1e9;
	} else if (lo >= 1e9) {
		hi += 1;
		lo -= 1e9;
	}
	h = (u32)hi;
	l = (u32)lo;
	for (i = SRT_DIG_MAX - 1; i >= 0; i--) {
		u32 *w = i >= SRT_DIG_MAX - 9 ? &l : &h;
		char d = (char)(*w % 10);

		*w /= 10;
		if (i >= SRT_DIG_MAX - ndig)
			dig[i - (SRT_DIG_MAX - ndig)] = d;
	}
}

static size_t srt_rt_search(char *tmp, size_t size, double x, int ndig)
{
	char dig[SRT_DIG_MAX + 1];
	bool neg = srt_to_bits(x) & SRT_F64_SIGN_BIT;
	double ax = neg ? -x : x, m0, up, dn, lo, hi;
	int e10, dexp, k, j;
	size_t n;

	e10 = srt_dec_digits(ax, ndig, dig);
	dexp = e10 - (ndig - 1);
	if (dexp < -308 || dexp > 308)
		return 0;
	m0 = dexp >= 0 ? ax / srt_pow10(dexp) : ax * srt_pow10(-dexp);
	m0 = srt_round(m0);
	lo = srt_pow10(ndig - 1);
	hi = srt_pow10(ndig);
	up = m0;
	dn = m0;
	for (k = 0; k <= SRT_RT_SPAN; k++) {
		for (j = 0; j < 2; j++) {
			double m = j ? dn : up;

			if ((j && !k) || m < lo || m >= hi)
				continue;
			srt_int_digits(m, ndig, dig);
			/* trailing zeros kept: they count as digits */
			n = srt_put_digits(tmp, size, neg, dig, ndig, e10,
					   false);
			if (neg)
				tmp[0] = '-';
			if (n < size && srt_reads_back(tmp, n, x))
				return n;
		}
		up = srt_int_step(up, 1);
		dn = srt_int_step(dn, -1);
	}
	return 0;
}

/*
 * x as text that srt_parse_double() reads back as exactly x, with the
 * fewest significant digits among 15, 16 and 17 the formatter finds (so
 * values that read back at 15 digits print as "%.15g" would); failing
 * that, 15..18 digits found by srt_rt_search() (trailing zeros kept:
 * they change the parser's rounding), then fewer.  Non-finite values
 * print as nan/inf.
 */
size_t srt_format_double_exact(char *buf, size_t size, double x)
{
	char tmp[40];
	size_t n = 0, i;
	int prec;

	if (!srt_isfinite(x) || x == 0.0)
		return srt_format_double(buf, size, x, 17);
	for (prec = 15; prec <= 17; prec++) {
		n = srt_format_double(tmp, sizeof(tmp), x, prec);
		if (srt_reads_back(tmp, n, x))
			goto found;
	}
	for (prec = 15; prec <= SRT_DIG_MAX; prec++) {
		n = srt_rt_search(tmp, sizeof(tmp), x, prec);
		if (n)
			goto found;
	}
	/*
	 * Text like "4.260e27" (a decimal exponent past 10^22, where the
	 * parser's powers of ten round) can give bits no 15..18 digits give.
	 */
	for (prec = 1; prec < 15; prec++) {
		n = srt_rt_search(tmp, sizeof(tmp), x, prec);
		if (n)
			goto found;
	}
	/* not reached for a value the parser produced; best effort */
	n = srt_format_double(tmp, sizeof(tmp), x, 17);
found:
	for (i = 0; i < n; i++)
		srt_put(buf, size, i, tmp[i]);
	if (size)
		buf[n < size ? n : size - 1] = '\0';
	return n;
}

size_t srt_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	size_t pos = 0;

	for (; *fmt; fmt++) {
		size_t max = (size_t)-1;

		if (*fmt != '%') {
			pos = srt_put(buf, size, pos, *fmt);
			continue;
		}
		fmt++;
		if (*fmt == '.' && fmt[1] == '*') {
			int m = va_arg(ap, int);

			max = m < 0 ? 0 : (size_t)m;
			fmt += 2;
		} else if (*fmt == '.') {
			max = 0;
			for (fmt++; srt_isdigit(*fmt); fmt++)
				max = max * 10 + (size_t)(*fmt - '0');
		}
		switch (*fmt) {
		case 's': {
			const char *s = va_arg(ap, const char *);

			pos = srt_put_str(buf, size, pos, s ? s : "(null)",
					  max);
			break;
		}
		case 'c':
			pos = srt_put(buf, size, pos, (char)va_arg(ap, int));
			break;
		case 'd': {
			int v = va_arg(ap, int);

			if (v < 0) {
				pos = srt_put(buf, size, pos, '-');
				pos = srt_put_uint(buf, size, pos,
						   0u - (u32)v, 10);
			} else {
				pos = srt_put_uint(buf, size, pos, (u32)v, 10);
			}
			break;
		}
		case 'u':
			pos = srt_put_uint(buf, size, pos,
					   va_arg(ap, unsigned int), 10);
			break;
		case 'x':
			pos = srt_put_uint(buf, size, pos,
					   va_arg(ap, unsigned int), 16);
			break;
		case 'g':
			pos = srt_put_double(buf, size, pos,
					     va_arg(ap, double), 6);
			break;
		case '%':
			pos = srt_put(buf, size, pos, '%');
			break;
		default:	/* unknown conversion: print it verbatim */
			pos = srt_put(buf, size, pos, '%');
			if (!*fmt)
				goto out;
			pos = srt_put(buf, size, pos, *fmt);
			break;
		}
	}
out:
	if (size)
		buf[pos < size ? pos : size - 1] = '\0';
	return pos;
}

size_t srt_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	n = srt_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
