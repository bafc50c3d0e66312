/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IIO channels as a loop's signals, the pure part (no device, no time, no
 * lock): how the provider kmod/io/iio.c names the channels it asks IIO
 * for, what it accepts of a channel, where a channel's sample sits in a
 * scan, and the conversion between a raw code and an IEEE-754 double bit
 * pattern in the channel's units, (raw + offset) * scale as the IIO ABI
 * defines it.  The simulated device kmod/io/iiosim.c converts the other
 * way with the same code; kunit/iio_test.c tests this file.
 *
 * Integers only.  A sample is converted where it arrives, in a buffer's
 * store_to() (an IRQ thread, or a hard interrupt for some drivers), and
 * an output in the loop thread outside any FPU section: the module keeps
 * its floating point in algorithms/, inside the loop's FPU section.  So:
 *
 *   - IIO reports scale and offset as (type, val, val2); each becomes an
 *     exact ratio num / den (srt_iio_ratio()), as sysfs prints it.
 *   - At bind, |scale| / offset_den is rounded once to a 64-bit binary
 *     fixed-point number m * 2^e (m's top bit set: relative error below
 *     2^-64), by binary long division (srt_iio_div()).
 *   - Per sample, n = raw * offset_den + offset_num is exact in 64 bits;
 *     the 128-bit product n * m is rounded to 53 bits (nearest, ties to
 *     even) and the double's exponent is e plus the product's top bit.
 *     The result is the double nearest to n * m * 2^e: within one unit in
 *     the last place of the exact (raw + offset) * scale.
 *   - The way back (a DAC code): value * (1 / scale) in fixed point with
 *     SRT_IIO_QBITS fraction bits, minus the offset, rounded to the
 *     nearest code (halves up) and held within the channel's code range.
 *
 * Bounds that keep every step inside 64 (and 128) bits: codes of at most
 * 32 bits, an offset's denominator of at most 2^30 and magnitude of at
 * most 2^40, a scale's denominator (times the caller's unit divisor) of
 * at most 2^62.  Anything else is refused with -ERANGE at bind.
 */
#ifndef SHIELDRT_IIO_H
#define SHIELDRT_IIO_H

#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/iio/iio.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/string.h>
#include <linux/types.h>
#include <asm/byteorder.h>
#include "shieldrt_f64.h"
#include "uapi/shieldrt.h"

/* ---- channel names: what the provider asks IIO for ---- */

/*
 * The consumer device the provider asks IIO for channels as: an iio_map
 * names it in consumer_dev_name; with firmware, its node is the one
 * compatible with SRT_IIO_COMPATIBLE, which carries io-channels and
 * io-channel-names.
 */
#define SRT_IIO_CONSUMER	"shieldrt-iio"
#define SRT_IIO_COMPATIBLE	"shieldrt,iio"

/*
 * Loop LOOP's input K is the consumer channel "LOOP.inK", its output K
 * "LOOP.outK" (K the loop's signal index, as in io=iio:in=F-L): the name
 * an iio_map's consumer_channel or a firmware node's io-channel-names
 * gives the channel.  Room for a loop's name, ".out" and any u32.
 */
#define SRT_IIO_NAME_LEN	(SHIELDRT_NAME_LEN + 16)

static inline int srt_iio_chan_name(char *buf, size_t len, const char *loop,
				    bool output, u32 index)
{
	return snprintf(buf, len, "%s.%s%u", loop, output ? "out" : "in",
			index);
}

/*
 * What the provider needs of one channel, read from its iio_chan_spec
 * and the device: judged by srt_iio_chan_judge() without the device.
 */
struct srt_iio_chan_desc {
	bool output;		/* iio_chan_spec.output */
	bool has_scale;		/* IIO_CHAN_INFO_SCALE in its masks */
	bool has_raw;		/* IIO_CHAN_INFO_RAW in its masks */
	int scan_index;		/* -1: not in scans */
	u8 storagebits, realbits, shift, repeat;
	char sign;		/* 's' or 'u' */
	u8 endianness;		/* IIO_CPU, IIO_BE, IIO_LE */
	bool dev_buffered;	/* the device has a triggered or software buffer */
};

/*
 * NULL if the channel can serve as a loop's input (@output false) or
 * output; else why not, for the binding's error text.
 */
static inline const char *srt_iio_chan_judge(const struct srt_iio_chan_desc *d,
					     bool output)
{
	if (d->output != output)
		return output ? "is an input channel, bound as an output" :
				"is an output channel, bound as an input";
	if (!d->has_scale)
		return "has no scale (IIO_CHAN_INFO_SCALE): its values would have no unit";
	if (output)
		return d->has_raw ? NULL :
		       "takes no raw writes (IIO_CHAN_INFO_RAW)";
	if (!d->dev_buffered)
		return "is on a device without a triggered or software buffer";
	if (d->scan_index < 0)
		return "is not sampled in the device's scans (scan_index -1)";
	if (d->repeat > 1)
		return "repeats its sample in a scan (scan_type.repeat), which is not supported";
	if (d->storagebits != 8 && d->storagebits != 16 &&
	    d->storagebits != 32 && d->storagebits != 64)
		return "has a sample size that is not 8, 16, 32 or 64 bits";
	if (!d->realbits || d->realbits > 32)
		return "has samples of more than 32 bits (or none)";
	if (d->realbits + d->shift > d->storagebits)
		return "has a sample that does not fit its storage";
	if (d->sign != 's' && d->sign != 'u')
		return "has a sample sign that is neither 's' nor 'u'";
	if (d->endianness != IIO_CPU && d->endianness != IIO_BE &&
	    d->endianness != IIO_LE)
		return "has an unknown sample byte order";
	return NULL;
}

/* ---- where a sample sits in a scan, and its raw code ---- */

struct srt_iio_fmt {
	u32 offset;		/* bytes from the scan's start */
	u8 bytes;		/* 1, 2, 4 or 8 */
	u8 shift, realbits;
	bool is_signed;
	u8 endianness;
};

/*
 * The next sample of @bytes in a scan whose samples so far end at *@end:
 * each sample is aligned to its own size, in scan_index order (as IIO's
 * core lays out a buffer's scan and demultiplexes into it).  Returns the
 * sample's offset and moves *@end past it.
 */
static inline u32 srt_iio_scan_place(u32 *end, u32 bytes)
{
	u32 at = roundup(*end, bytes);

	*end = at + bytes;
	return at;
}

static inline void srt_iio_fmt_from(struct srt_iio_fmt *f,
				    const struct srt_iio_chan_desc *d,
				    u32 offset)
{
	f->offset = offset;
	f->bytes = d->storagebits / 8;
	f->shift = d->shift;
	f->realbits = d->realbits;
	f->is_signed = d->sign == 's';
	f->endianness = d->endianness;
}

/* The codes a sample of this format can take (realbits 1..32). */
static inline void srt_iio_code_range(u8 realbits, bool is_signed,
				      s64 *min, s64 *max)
{
	if (is_signed) {
		*min = -(1LL << (realbits - 1));
		*max = (1LL << (realbits - 1)) - 1;
	} else {
		*min = 0;
		*max = (1LL << realbits) - 1;
	}
}

static inline u64 srt_iio_load(const u8 *p, u8 bytes, u8 endianness)
{
	switch (bytes) {
	case 1:
		return *p;
	case 2:
		if (endianness == IIO_BE)
			return be16_to_cpup((const __be16 *)p);
		if (endianness == IIO_LE)
			return le16_to_cpup((const __le16 *)p);
		return *(const u16 *)p;
	case 4:
		if (endianness == IIO_BE)
			return be32_to_cpup((const __be32 *)p);
		if (endianness == IIO_LE)
			return le32_to_cpup((const __le32 *)p);
		return *(const u32 *)p;
	default:
		if (endianness == IIO_BE)
			return be64_to_cpup((const __be64 *)p);
		if (endianness == IIO_LE)
			return le64_to_cpup((const __le64 *)p);
		return *(const u64 *)p;
	}
}

static inline void srt_iio_store(u8 *p, u8 bytes, u8 endianness, u64 v)
{
	switch (bytes) {
	case 1:
		*p = v;
		break;
	case 2:
		if (endianness == IIO_BE)
			*(__be16 *)p = cpu_to_be16(v);
		else if (endianness == IIO_LE)
			*(__le16 *)p = cpu_to_le16(v);
		else
			*(u16 *)p = v;
		break;
	case 4:
		if (endianness == IIO_BE)
			*(__be32 *)p = cpu_to_be32(v);
		else if (endianness == IIO_LE)
			*(__le32 *)p = cpu_to_le32(v);
		else
			*(u32 *)p = v;
		break;
	default:
		if (endianness == IIO_BE)
			*(__be64 *)p = cpu_to_be64(v);
		else if (endianness == IIO_LE)
			*(__le64 *)p = cpu_to_le64(v);
		else
			*(u64 *)p = v;
		break;
	}
}

/* The raw code of the sample at @f in @scan: shifted, masked, signed. */
static inline s64 srt_iio_code(const u8 *scan, const struct srt_iio_fmt *f)
{
	u64 v = srt_iio_load(scan + f->offset, f->bytes, f->endianness);

	v = (v >> f->shift) & ((1ULL << f->realbits) - 1);
	return f->is_signed ? sign_extend64(v, f->realbits - 1) : (s64)v;
}

/* The other way (the simulated device's scans): @code into its place. */
static inline void srt_iio_put_code(u8 *scan, const struct srt_iio_fmt *f,
				    s64 code)
{
	u64 v = ((u64)code & ((1ULL << f->realbits) - 1)) << f->shift;

	srt_iio_store(scan + f->offset, f->bytes, f->endianness, v);
}

/* ---- numbers: IIO's values as exact ratios ---- */

struct srt_iio_ratio {
	s64 num;
	u64 den;		/* > 0 */
};

#define SRT_IIO_LOG2_MAX	48

/*
 * IIO's (type, val, val2) as the exact ratio sysfs prints: for the
 * INT_PLUS kinds either part being negative makes the value negative
 * ("-1.500000" is -1, 500000 or -1, -500000 or, for -0.5, 0, -500000).
 * -EDOM for a zero denominator, -ERANGE for a power of two past
 * 2^SRT_IIO_LOG2_MAX, -EOPNOTSUPP for a type that is no single number.
 */
static inline int srt_iio_ratio(int type, int val, int val2,
				struct srt_iio_ratio *r)
{
	u64 mag;
	bool neg;

	switch (type) {
	case IIO_VAL_INT:
		r->num = val;
		r->den = 1;
		return 0;
	case IIO_VAL_INT_PLUS_MICRO:
	case IIO_VAL_INT_PLUS_NANO:
		r->den = type == IIO_VAL_INT_PLUS_MICRO ? 1000000 : 1000000000;
		neg = val < 0 || val2 < 0;
		mag = (u64)abs((s64)val) * r->den + (u64)abs((s64)val2);
		r->num = neg ? -(s64)mag : (s64)mag;
		return 0;
	case IIO_VAL_FRACTIONAL:
		if (!val2)
			return -EDOM;
		r->num = val2 < 0 ? -(s64)val : (s64)val;
		r->den = abs((s64)val2);
		return 0;
	case IIO_VAL_FRACTIONAL_LOG2:
		if (val2 < 0 || val2 > SRT_IIO_LOG2_MAX)
			return -ERANGE;
		r->num = val;
		r->den = 1ULL << val2;
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

/* ---- 128-bit helpers (no __int128 on 32-bit ARM) ---- */

struct srt_u128 {
	u64 hi, lo;
};

static inline struct srt_u128 srt_iio_mul(u64 a, u64 b)
{
	u64 al = (u32)a, ah = a >> 32, bl = (u32)b, bh = b >> 32;
	u64 ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	u64 mid = (ll >> 32) + (u32)lh + (u32)hl;
	struct srt_u128 p;

	p.lo = (mid << 32) | (u32)ll;
	p.hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	return p;
}

/* Index of the top set bit (0..127); -1 for zero. */
static inline int srt_iio_top(struct srt_u128 p)
{
	return p.hi ? 63 + fls64(p.hi) : fls64(p.lo) - 1;
}

/* Bit @i of @p (0..127). */
static inline bool srt_iio_bit(struct srt_u128 p, int i)
{
	return i >= 64 ? (p.hi >> (i - 64)) & 1 : (p.lo >> i) & 1;
}

/* Any bit of @p below bit @i (0..128)? */
static inline bool srt_iio_below(struct srt_u128 p, int i)
{
	if (i >= 128)
		return p.hi || p.lo;
	if (i > 64)
		return p.lo || (p.hi & ((1ULL << (i - 64)) - 1));
	if (i == 64)
		return p.lo;
	return p.lo & ((1ULL << i) - 1);
}

/*
 * @p >> @s (1 <= s), rounded to nearest, ties to even; the caller keeps
 * the result below 2^64.
 */
static inline u64 srt_iio_shr_round(struct srt_u128 p, int s)
{
	u64 q;

	if (s > 128)
		return 0;
	if (s == 128)
		q = 0;
	else if (s >= 64)
		q = p.hi >> (s - 64);
	else
		q = (p.lo >> s) | (p.hi << (64 - s));
	if (srt_iio_bit(p, s - 1) && (srt_iio_below(p, s - 1) || (q & 1)))
		q++;
	return q;
}

/*
 * a / b (both > 0) as m * 2^*e with m in [2^63, 2^64), rounded to
 * nearest: binary long division of the two operands, each first shifted
 * up to its top bit, 64 quotient bits and one more to round with.  The
 * rounding never carries out of 64 bits: that would need a quotient
 * within 2^-65 of a power of two, closer than two 64-bit operands allow.
 */
static inline u64 srt_iio_div(u64 a, u64 b, int *e)
{
	int la = fls64(a), lb = fls64(b), i, n;
	u64 x = a << (64 - la), y = b << (64 - lb), q, r;
	bool carry;

	/* a / b = x / y * 2^(la - lb), and x / y is in (1/2, 2). */
	if (x >= y) {
		q = 1;
		r = x - y;
		n = 63;
	} else {
		q = 0;
		r = x;
		n = 64;
	}
	*e = la - lb - n;
	for (i = 0; i <= n; i++) {
		/* r < y; 2r may need 65 bits: carry is its top one */
		carry = r >> 63;
		r <<= 1;
		if (i == n) {	/* the rounding bit: is the rest >= 1/2? */
			q += carry || r >= y;
			break;
		}
		q <<= 1;
		if (carry || r >= y) {
			r -= y;
			q |= 1;
		}
	}
	return q;
}

/*
 * The double nearest to @p * 2^@e, negative if @neg (+0 for zero):
 * normal, subnormal, or infinite past the largest double.
 */
static inline u64 srt_iio_pack(struct srt_u128 p, int e, bool neg)
{
	u64 sign = neg ? SRT_F64_SIGN_BIT : 0, mant;
	int t = srt_iio_top(p), x, s;

	if (t < 0)
		return 0;
	x = t + e;			/* the leading bit's exponent */
	s = t - 52;			/* bits below the 53 kept */
	if (x < -1022)			/* subnormal: fewer bits kept */
		s += -1022 - x;
	mant = s > 0 ? srt_iio_shr_round(p, s) : p.lo << -s;
	if (x < -1022)			/* 2^52 after rounding: the least normal */
		return sign | mant;
	if (mant >> 53) {		/* rounded up to the next power of two */
		mant >>= 1;
		x++;
	}
	if (x > 1023)
		return sign | SRT_F64_PINF;
	return sign | ((u64)(x + 1023) << 52) | (mant & SRT_F64_FRAC_BITS);
}

/* ---- a channel's conversion ---- */

/* Fraction bits of the fixed point a value goes back to a code in. */
#define SRT_IIO_QBITS		20
#define SRT_IIO_CODE_BITS	32
#define SRT_IIO_OFFSET_DEN_MAX	(1ULL << 30)
#define SRT_IIO_OFFSET_MAX	(1ULL << 40)
/* what srt_iio_ratio() can make of two ints; keeps code * den + num < 2^63 */
#define SRT_IIO_OFFSET_NUM_MAX	(1ULL << 61)

struct srt_iio_conv {
	/* code -> value: (code * off_den + off_num) * m * 2^e, sign neg */
	s64 off_num;
	u64 off_den;
	u64 m;
	int e;
	bool neg;
	/* value -> code: value * inv_m * 2^inv_e (sign neg) - off_q */
	u64 inv_m;
	int inv_e;
	s64 off_q;		/* the offset in SRT_IIO_QBITS fixed point */
	s64 code_min, code_max;
};

/* Greatest common divisor of 64-bit numbers (both > 0), by halving. */
static inline u64 srt_iio_gcd(u64 a, u64 b)
{
	int k = __ffs64(a | b);

	a >>= __ffs64(a);
	while (b) {
		b >>= __ffs64(b);
		if (a > b)
			swap(a, b);
		b -= a;
	}
	return a << k;
}

/*
 * Set up @c for codes in [@code_min, @code_max] (at most 32 bits) of a
 * channel with @scale and @offset (0 / 1 when it has none); values come
 * out divided by @unit_div (1, or 1000 for volts from IIO's millivolts).
 * 0; -EDOM for a zero scale, -ERANGE for numbers past this file's bounds.
 */
static inline int srt_iio_conv_init(struct srt_iio_conv *c,
				    const struct srt_iio_ratio *scale,
				    const struct srt_iio_ratio *offset,
				    u32 unit_div, s64 code_min, s64 code_max)
{
	u64 snum = scale->num < 0 ? -(u64)scale->num : scale->num;
	u64 onum = offset->num < 0 ? -(u64)offset->num : offset->num;
	u64 g, sden, m;
	int e, e2;

	memset(c, 0, sizeof(*c));
	if (!snum)
		return -EDOM;
	if (!unit_div || !scale->den || !offset->den ||
	    code_min > code_max ||
	    code_min < -(1LL << SRT_IIO_CODE_BITS) ||
	    code_max > (1LL << SRT_IIO_CODE_BITS) ||
	    scale->den > div_u64(1ULL << 62, unit_div) ||
	    onum > SRT_IIO_OFFSET_NUM_MAX)
		return -ERANGE;
	g = onum ? srt_iio_gcd(onum, offset->den) : offset->den;
	c->off_den = div64_u64(offset->den, g);
	c->off_num = div64_s64(offset->num, g);
	if (c->off_den > SRT_IIO_OFFSET_DEN_MAX ||
	    div64_u64(onum, offset->den) >= SRT_IIO_OFFSET_MAX)
		return -ERANGE;
	c->code_min = code_min;
	c->code_max = code_max;
	c->neg = scale->num < 0;
	sden = scale->den * unit_div;

	/* |scale| / off_den */
	m = srt_iio_div(snum, sden, &e);
	c->m = srt_iio_div(m, c->off_den, &e2);
	c->e = e + e2;
	/* 1 / |scale| */
	c->inv_m = srt_iio_div(sden, snum, &c->inv_e);
	/*
	 * The offset in Q(SRT_IIO_QBITS): |offset| < 2^40 makes the
	 * exponent negative and the result less than 2^61.
	 */
	if (onum) {
		m = srt_iio_div(div64_u64(onum, g), c->off_den, &e);
		c->off_q = srt_iio_shr_round((struct srt_u128){ .lo = m },
					     -(e + SRT_IIO_QBITS));
		if (c->off_num < 0)
			c->off_q = -c->off_q;
	}
	return 0;
}

/* A raw code as the double bit pattern of its value. */
static inline u64 srt_iio_to_bits(const struct srt_iio_conv *c, s64 code)
{
	s64 n = code * (s64)c->off_den + c->off_num;
	u64 a = n < 0 ? -(u64)n : (u64)n;

	return srt_iio_pack(srt_iio_mul(a, c->m), c->e, (n < 0) != c->neg);
}

/*
 * The code nearest to the value @bits would be (halves up), held within
 * the channel's range; *@held is set when it had to be held there, or
 * @bits is a NaN (which gets the code nearest to the value 0).
 */
static inline s64 srt_iio_from_bits(const struct srt_iio_conv *c, u64 bits,
				    bool *held)
{
	const s64 sat = 1LL << 62;
	int be = (bits & SRT_F64_EXP_BITS) >> 52, sh, top;
	u64 mu = bits & SRT_F64_FRAC_BITS;
	bool neg = (bits >> 63) != c->neg;
	struct srt_u128 p;
	s64 x, code;

	*held = srt_bits_isnan(bits);
	if (*held || (!be && !mu)) {
		x = 0;				/* a NaN as if it were 0 */
	} else if (!srt_bits_finite(bits)) {
		x = sat;
	} else {
		/* value = mu * 2^(be - 1075), the hidden bit in mu if normal */
		if (be)
			mu |= 1ULL << 52;
		p = srt_iio_mul(mu, c->inv_m);
		sh = (be ? be : 1) - 1075 + c->inv_e + SRT_IIO_QBITS;
		top = srt_iio_top(p);
		if (top + sh >= 62)
			x = sat;
		else if (sh >= 0)
			x = p.lo << sh;
		else
			x = srt_iio_shr_round(p, -sh);
	}
	if (neg)
		x = -x;
	x -= c->off_q;
	code = (x + (1LL << (SRT_IIO_QBITS - 1))) >> SRT_IIO_QBITS;
	if (code < c->code_min || code > c->code_max) {
		*held = true;
		code = clamp(code, c->code_min, c->code_max);
	}
	return code;
}

#endif /* SHIELDRT_IIO_H */
