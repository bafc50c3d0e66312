// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_iio: the IIO provider's pure part (include/shieldrt_iio.h):
 * IIO's numbers as ratios, the integer conversion between raw codes and
 * double bit patterns both ways, a sample's place in a scan and its code,
 * and what a binding accepts of a channel.  Expected doubles are the
 * correctly rounded values of the exact decimal or binary ones (checked
 * with Python's fractions), as bit patterns.
 */
#include <kunit/test.h>
#include <linux/string.h>
#include "../include/shieldrt_iio.h"

/* ---- IIO's (type, val, val2) as exact ratios ---- */

struct srt_ratio_case {
	const char *desc;
	int type, val, val2;
	int ret;
	s64 num;
	u64 den;
};

static const struct srt_ratio_case srt_ratio_cases[] = {
	{ "INT", IIO_VAL_INT, -7, 99, 0, -7, 1 },
	{ "INT_PLUS_MICRO 1.5", IIO_VAL_INT_PLUS_MICRO, 1, 500000, 0, 1500000, 1000000 },
	{ "INT_PLUS_MICRO -1.5 as -1, 500000", IIO_VAL_INT_PLUS_MICRO, -1, 500000, 0, -1500000, 1000000 },
	{ "INT_PLUS_MICRO -1.5 as -1, -500000", IIO_VAL_INT_PLUS_MICRO, -1, -500000, 0, -1500000, 1000000 },
	{ "INT_PLUS_MICRO -0.5 as 0, -500000", IIO_VAL_INT_PLUS_MICRO, 0, -500000, 0, -500000, 1000000 },
	{ "INT_PLUS_NANO 0.305175781", IIO_VAL_INT_PLUS_NANO, 0, 305175781, 0, 305175781, 1000000000 },
	{ "INT_PLUS_NANO at INT_MIN", IIO_VAL_INT_PLUS_NANO, S32_MIN, -999999999, 0,
	  -2147483648999999999LL, 1000000000 },
	{ "FRACTIONAL 10000/8388608", IIO_VAL_FRACTIONAL, 10000, 8388608, 0, 10000, 8388608 },
	{ "FRACTIONAL with a negative denominator", IIO_VAL_FRACTIONAL, 3, -4, 0, -3, 4 },
	{ "FRACTIONAL over 0", IIO_VAL_FRACTIONAL, 3, 0, -EDOM, 0, 0 },
	{ "FRACTIONAL_LOG2 20000 >> 16", IIO_VAL_FRACTIONAL_LOG2, 20000, 16, 0, 20000, 65536 },
	{ "FRACTIONAL_LOG2 >> 48", IIO_VAL_FRACTIONAL_LOG2, 1, 48, 0, 1, 1ULL << 48 },
	{ "FRACTIONAL_LOG2 >> 49", IIO_VAL_FRACTIONAL_LOG2, 1, 49, -ERANGE, 0, 0 },
	{ "FRACTIONAL_LOG2 >> -1", IIO_VAL_FRACTIONAL_LOG2, 1, -1, -ERANGE, 0, 0 },
	{ "INT_MULTIPLE", IIO_VAL_INT_MULTIPLE, 1, 2, -EOPNOTSUPP, 0, 0 },
	{ "INT_PLUS_MICRO_DB", IIO_VAL_INT_PLUS_MICRO_DB, 1, 2, -EOPNOTSUPP, 0, 0 },
	{ "CHAR", IIO_VAL_CHAR, 'a', 0, -EOPNOTSUPP, 0, 0 },
};

static void srt_ratio_desc(const struct srt_ratio_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_ratio, srt_ratio_cases, srt_ratio_desc);

static void srt_test_iio_ratio(struct kunit *test)
{
	const struct srt_ratio_case *c = test->param_value;
	struct srt_iio_ratio r = { 0, 0 };

	KUNIT_ASSERT_EQ(test, srt_iio_ratio(c->type, c->val, c->val2, &r),
			c->ret);
	if (c->ret)
		return;
	KUNIT_EXPECT_EQ(test, r.num, c->num);
	KUNIT_EXPECT_EQ(test, r.den, c->den);
}

/* ---- a / b as 64-bit fixed point ---- */

static void srt_test_iio_div(struct kunit *test)
{
	int e;

	KUNIT_EXPECT_EQ(test, srt_iio_div(1, 1, &e), 1ULL << 63);
	KUNIT_EXPECT_EQ(test, e, -63);
	/* 1/3 = 0.0101...: 64 bits from the first one, the 65th rounds up */
	KUNIT_EXPECT_EQ(test, srt_iio_div(1, 3, &e), 0xaaaaaaaaaaaaaaabULL);
	KUNIT_EXPECT_EQ(test, e, -65);
	KUNIT_EXPECT_EQ(test, srt_iio_div(10, 4, &e), 0xa000000000000000ULL);
	KUNIT_EXPECT_EQ(test, e, -62);
	KUNIT_EXPECT_EQ(test, srt_iio_div(U64_MAX, 1, &e), U64_MAX);
	KUNIT_EXPECT_EQ(test, e, 0);
	/* (2^64 - 1) / 3 is 0x5555555555555555 exactly */
	KUNIT_EXPECT_EQ(test, srt_iio_div(U64_MAX, 3, &e),
			0xaaaaaaaaaaaaaaaaULL);
	KUNIT_EXPECT_EQ(test, e, -1);
	KUNIT_EXPECT_EQ(test, srt_iio_div(3, 2, &e), 0xc000000000000000ULL);
	KUNIT_EXPECT_EQ(test, e, -63);
}

/* ---- a 128-bit product to a double ---- */

static void srt_test_iio_pack(struct kunit *test)
{
	struct srt_u128 one = { 0, 1 }, three = { 0, 3 };

	KUNIT_EXPECT_EQ(test, srt_iio_pack(one, 0, false), 0x3ff0000000000000ULL);
	KUNIT_EXPECT_EQ(test, srt_iio_pack(one, 0, true), 0xbff0000000000000ULL);
	KUNIT_EXPECT_EQ(test, srt_iio_pack((struct srt_u128){ 0, 0 }, 5, true), 0ULL);
	/* the largest finite, and one past it */
	KUNIT_EXPECT_EQ(test, srt_iio_pack(one, 1023, false), 0x7fe0000000000000ULL);
	KUNIT_EXPECT_EQ(test, srt_iio_pack(one, 1024, false), SRT_F64_PINF);
	/* the least subnormal; half of it ties to even (0); 1.5 of it to 2 */
	KUNIT_EXPECT_EQ(test, srt_iio_pack(one, -1074, false), 1ULL);
	KUNIT_EXPECT_EQ(test, srt_iio_pack(one, -1075, false), 0ULL);
	KUNIT_EXPECT_EQ(test, srt_iio_pack(three, -1075, false), 2ULL);
	/* 2^-1022 - 2^-1075 rounds up into the least normal */
	KUNIT_EXPECT_EQ(test,
			srt_iio_pack((struct srt_u128){ 0, (1ULL << 53) - 1 },
				     -1075, false),
			0x0010000000000000ULL);
	/* 2^128 - 1 rounds up to 2^128 */
	KUNIT_EXPECT_EQ(test,
			srt_iio_pack((struct srt_u128){ U64_MAX, U64_MAX }, 0,
				     false),
			0x47f0000000000000ULL);
	/* ties to even at 53 bits: 2^53 + 1 -> 2^53, 2^53 + 3 -> 2^53 + 4 */
	KUNIT_EXPECT_EQ(test,
			srt_iio_pack((struct srt_u128){ 0, (1ULL << 53) + 1 },
				     0, false),
			0x4340000000000000ULL);
	KUNIT_EXPECT_EQ(test,
			srt_iio_pack((struct srt_u128){ 0, (1ULL << 53) + 3 },
				     0, false),
			0x4340000000000002ULL);
}

/* ---- a code as a value: correctly rounded in these cases ---- */

struct srt_conv_case {
	const char *desc;
	int st, sv, sv2;	/* scale */
	int ot, ov, ov2;	/* offset; ot 0: none */
	u32 unit_div;
	s64 code;
	u64 bits;
};

static const struct srt_conv_case srt_conv_cases[] = {
	{ "+-10 V offset binary, top code, volts", IIO_VAL_FRACTIONAL_LOG2, 20000, 16,
	  IIO_VAL_INT, -32768, 0, 1000, 65535, 0x4023ffd800000000ULL },
	{ "+-10 V offset binary, code 0", IIO_VAL_FRACTIONAL_LOG2, 20000, 16,
	  IIO_VAL_INT, -32768, 0, 1000, 0, 0xc024000000000000ULL },
	{ "+-10 V offset binary, mid code is +0", IIO_VAL_FRACTIONAL_LOG2, 20000, 16,
	  IIO_VAL_INT, -32768, 0, 1000, 32768, 0 },
	{ "one LSB above mid, mV", IIO_VAL_FRACTIONAL_LOG2, 20000, 16,
	  IIO_VAL_INT, -32768, 0, 1, 32769, 0x3fd3880000000000ULL },
	{ "INT_PLUS_NANO x 1000", IIO_VAL_INT_PLUS_NANO, 0, 305175781,
	  0, 0, 0, 1, 1000, 0x407312cfffbce421ULL },
	{ "INT_PLUS_NANO x -32768", IIO_VAL_INT_PLUS_NANO, 0, 305175781,
	  0, 0, 0, 1, -32768, 0xc0c387ffffbb47d0ULL },
	{ "24-bit full scale", IIO_VAL_FRACTIONAL, 10000, 8388608,
	  0, 0, 0, 1, -8388608, 0xc0c3880000000000ULL },
	{ "half-code offset, code 0", IIO_VAL_INT_PLUS_MICRO, 1, 220703,
	  IIO_VAL_INT_PLUS_MICRO, -2047, -500000, 1, 0, 0xc0a386c75e74299eULL },
	{ "half-code offset, code 4095", IIO_VAL_INT_PLUS_MICRO, 1, 220703,
	  IIO_VAL_INT_PLUS_MICRO, -2047, -500000, 1, 4095, 0x40a386c75e74299eULL },
	{ "negative scale", IIO_VAL_INT_PLUS_MICRO, -1, 500000,
	  0, 0, 0, 1, 3, 0xc012000000000000ULL },
	{ "2^32 - 1", IIO_VAL_INT, 1, 0, 0, 0, 0, 1, 4294967295LL, 0x41efffffffe00000ULL },
	{ "-2^32", IIO_VAL_INT, 1, 0, 0, 0, 0, 1, -4294967296LL, 0xc1f0000000000000ULL },
	{ "(0 + 1/3) x 3 is 1", IIO_VAL_INT, 3, 0, IIO_VAL_FRACTIONAL, 1, 3, 1, 0,
	  0x3ff0000000000000ULL },
	{ "1/10", IIO_VAL_FRACTIONAL, 1, 10, 0, 0, 0, 1, 1, 0x3fb999999999999aULL },
};

static void srt_conv_desc(const struct srt_conv_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_conv, srt_conv_cases, srt_conv_desc);

static void srt_kt_conv(struct kunit *test, const struct srt_conv_case *c,
			struct srt_iio_conv *cv)
{
	struct srt_iio_ratio sc, off = { 0, 1 };

	KUNIT_ASSERT_EQ(test, srt_iio_ratio(c->st, c->sv, c->sv2, &sc), 0);
	if (c->ot)
		KUNIT_ASSERT_EQ(test, srt_iio_ratio(c->ot, c->ov, c->ov2, &off),
				0);
	KUNIT_ASSERT_EQ(test, srt_iio_conv_init(cv, &sc, &off, c->unit_div,
						-(1LL << 32), 1LL << 32), 0);
}

static void srt_test_iio_to_bits(struct kunit *test)
{
	const struct srt_conv_case *c = test->param_value;
	struct srt_iio_conv cv;
	bool held;

	srt_kt_conv(test, c, &cv);
	KUNIT_EXPECT_EQ(test, srt_iio_to_bits(&cv, c->code), c->bits);
	/* and back to the same code */
	KUNIT_EXPECT_EQ(test, srt_iio_from_bits(&cv, c->bits, &held), c->code);
	KUNIT_EXPECT_FALSE(test, held);
}

/* ---- a value as a code ---- */

struct srt_back_case {
	const char *desc;
	u64 bits;		/* volts */
	s64 code;
	bool held;
};

/* +-10 V, 16-bit offset binary, in volts: one code is 20/65536 V */
static const struct srt_back_case srt_back_cases[] = {
	{ "+0", 0, 32768, false },
	{ "-0", SRT_F64_SIGN_BIT, 32768, false },
	{ "1 V is 3276.8 codes up", 0x3ff0000000000000ULL, 36045, false },
	{ "-1 V is 3276.8 codes down", 0xbff0000000000000ULL, 29491, false },
	{ "half a code up rounds up", 0x3f24000000000000ULL, 32769, false },
	{ "half a code down rounds up too", 0xbf24000000000000ULL, 32768, false },
	{ "-10 V is code 0", 0xc024000000000000ULL, 0, false },
	{ "10 V is past the top", 0x4024000000000000ULL, 65535, true },
	{ "1e300 V", 0x7e37e43c8800759cULL, 65535, true },
	{ "-1e300 V", 0xfe37e43c8800759cULL, 0, true },
	{ "+inf", SRT_F64_PINF, 65535, true },
	{ "-inf", SRT_F64_NINF, 0, true },
	{ "NaN: the code nearest 0 V", SRT_F64_QNAN, 32768, true },
	{ "the least subnormal", 1, 32768, false },
};

static void srt_back_desc(const struct srt_back_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_back, srt_back_cases, srt_back_desc);

static void srt_test_iio_from_bits(struct kunit *test)
{
	const struct srt_back_case *c = test->param_value;
	struct srt_iio_ratio sc = { 20000, 65536 }, off = { -32768, 1 };
	struct srt_iio_conv cv;
	bool held;

	KUNIT_ASSERT_EQ(test, srt_iio_conv_init(&cv, &sc, &off, 1000, 0,
						65535), 0);
	KUNIT_EXPECT_EQ(test, srt_iio_from_bits(&cv, c->bits, &held), c->code);
	KUNIT_EXPECT_EQ(test, held, c->held);
}

/* Every code of 12-bit formats goes out and comes back unchanged. */
static void srt_test_iio_round_trip(struct kunit *test)
{
	static const struct srt_iio_ratio scales[] = {
		{ 1220703, 1000000 }, { -5000, 4096 }, { 7, 3 }, { 1, 1ULL << 40 },
	};
	static const struct srt_iio_ratio offsets[] = {
		{ 0, 1 }, { -4095, 2 }, { 2048, 1 }, { 1, 3 },
	};
	struct srt_iio_conv cv;
	unsigned int i, j, sgn;
	s64 lo, hi, code, back;
	bool held;

	for (i = 0; i < ARRAY_SIZE(scales); i++)
		for (j = 0; j < ARRAY_SIZE(offsets); j++)
			for (sgn = 0; sgn < 2; sgn++) {
				srt_iio_code_range(12, sgn, &lo, &hi);
				KUNIT_ASSERT_EQ(test,
						srt_iio_conv_init(&cv, &scales[i],
								  &offsets[j], 1,
								  lo, hi), 0);
				for (code = lo; code <= hi; code++) {
					back = srt_iio_from_bits(&cv,
						srt_iio_to_bits(&cv, code), &held);
					if (back != code || held)
						KUNIT_FAIL(test,
							   "scale %u offset %u: %lld came back as %lld (held %d)",
							   i, j, code, back, held);
				}
			}
}

static void srt_test_iio_conv_bounds(struct kunit *test)
{
	struct srt_iio_ratio one = { 1, 1 }, zero = { 0, 1 };
	struct srt_iio_ratio fine = { 1, (1ULL << 30) + 1 };
	struct srt_iio_ratio far = { 1LL << 41, 1 };
	struct srt_iio_ratio coarse = { 1, 1ULL << 62 };
	struct srt_iio_conv cv;

	KUNIT_EXPECT_EQ(test, srt_iio_conv_init(&cv, &zero, &zero, 1, 0, 1),
			-EDOM);
	KUNIT_EXPECT_EQ(test, srt_iio_conv_init(&cv, &one, &fine, 1, 0, 1),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, srt_iio_conv_init(&cv, &one, &far, 1, 0, 1),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, srt_iio_conv_init(&cv, &one, &zero, 1, 0,
						(1LL << 32) + 1), -ERANGE);
	KUNIT_EXPECT_EQ(test, srt_iio_conv_init(&cv, &coarse, &zero, 1000, 0,
						1), -ERANGE);
	KUNIT_EXPECT_EQ(test, srt_iio_conv_init(&cv, &one, &zero, 1, 1, 0),
			-ERANGE);
	/* an offset given in lower terms is no problem: 2^31 / 2^31 */
	fine = (struct srt_iio_ratio){ 1LL << 31, 1ULL << 31 };
	KUNIT_EXPECT_EQ(test, srt_iio_conv_init(&cv, &one, &fine, 1, 0, 1), 0);
	KUNIT_EXPECT_EQ(test, cv.off_num, 1);
	KUNIT_EXPECT_EQ(test, cv.off_den, 1ULL);
}

/* ---- a sample's code in a scan ---- */

static void srt_test_iio_codes(struct kunit *test)
{
	/* u16 native, s16 big-endian, s24 << 8 in 32 LE, u12 << 4 in 16 */
	u8 scan[16] = { 0 };
	struct srt_iio_fmt u16c = { 0, 2, 0, 16, false, IIO_CPU };
	struct srt_iio_fmt s16b = { 2, 2, 0, 16, true, IIO_BE };
	struct srt_iio_fmt s24l = { 4, 4, 8, 24, true, IIO_LE };
	struct srt_iio_fmt u12c = { 8, 2, 4, 12, false, IIO_CPU };
	struct srt_iio_fmt s8 = { 10, 1, 0, 8, true, IIO_CPU };

	srt_iio_put_code(scan, &u16c, 65535);
	srt_iio_put_code(scan, &s16b, -2);
	srt_iio_put_code(scan, &s24l, -8388608);
	srt_iio_put_code(scan, &u12c, 4095);
	srt_iio_put_code(scan, &s8, -128);
	KUNIT_EXPECT_EQ(test, srt_iio_code(scan, &u16c), 65535LL);
	KUNIT_EXPECT_EQ(test, srt_iio_code(scan, &s16b), -2LL);
	KUNIT_EXPECT_EQ(test, srt_iio_code(scan, &s24l), -8388608LL);
	KUNIT_EXPECT_EQ(test, srt_iio_code(scan, &u12c), 4095LL);
	KUNIT_EXPECT_EQ(test, srt_iio_code(scan, &s8), -128LL);
	/* the bytes as the formats put them */
	KUNIT_EXPECT_EQ(test, scan[2], 0xff);
	KUNIT_EXPECT_EQ(test, scan[3], 0xfe);
	KUNIT_EXPECT_EQ(test, scan[4], 0x00);	/* the shift's zeros */
	KUNIT_EXPECT_EQ(test, scan[5], 0x00);
	KUNIT_EXPECT_EQ(test, scan[6], 0x00);
	KUNIT_EXPECT_EQ(test, scan[7], 0x80);
	/* bits beyond realbits and below the shift are not the sample's */
	scan[8] = 0x0f;
	scan[9] = 0x00;
	KUNIT_EXPECT_EQ(test, srt_iio_code(scan, &u12c), 0LL);
}

static void srt_test_iio_scan_place(struct kunit *test)
{
	u32 end = 0;

	KUNIT_EXPECT_EQ(test, srt_iio_scan_place(&end, 2), 0U);
	KUNIT_EXPECT_EQ(test, srt_iio_scan_place(&end, 4), 4U);
	KUNIT_EXPECT_EQ(test, srt_iio_scan_place(&end, 1), 8U);
	KUNIT_EXPECT_EQ(test, srt_iio_scan_place(&end, 8), 16U);
	KUNIT_EXPECT_EQ(test, srt_iio_scan_place(&end, 2), 24U);
	KUNIT_EXPECT_EQ(test, end, 26U);
}

/* ---- what a binding takes of a channel, and its name ---- */

#define SRT_KT_IN	{ .has_scale = true, .has_raw = true, .scan_index = 0, \
			  .storagebits = 16, .realbits = 12, .shift = 4, \
			  .sign = 'u', .endianness = IIO_CPU, \
			  .dev_buffered = true }

struct srt_judge_case {
	const char *desc;
	struct srt_iio_chan_desc d;
	bool output;
	const char *why;	/* a word of the reason; NULL: accepted */
};

static const struct srt_judge_case srt_judge_cases[] = {
	{ "an ADC channel as input", SRT_KT_IN, false, NULL },
	{ "an ADC channel as output", SRT_KT_IN, true, "input channel" },
	{ "a DAC channel as output",
	  { .output = true, .has_scale = true, .has_raw = true,
	    .scan_index = -1 }, true, NULL },
	{ "a DAC channel as input",
	  { .output = true, .has_scale = true, .has_raw = true,
	    .scan_index = -1 }, false, "output channel" },
	{ "a DAC without raw writes",
	  { .output = true, .has_scale = true }, true, "raw" },
	{ "no scale",
	  { .has_raw = true, .scan_index = 0, .storagebits = 16,
	    .realbits = 16, .sign = 'u', .dev_buffered = true }, false,
	  "no scale" },
	{ "a device without a buffer",
	  { .has_scale = true, .has_raw = true, .scan_index = 0,
	    .storagebits = 16, .realbits = 16, .sign = 'u' }, false,
	  "without a triggered or software buffer" },
	{ "not in scans",
	  { .has_scale = true, .scan_index = -1, .storagebits = 16,
	    .realbits = 16, .sign = 'u', .dev_buffered = true }, false,
	  "scan_index" },
	{ "repeated samples",
	  { .has_scale = true, .scan_index = 1, .storagebits = 16,
	    .realbits = 16, .repeat = 2, .sign = 'u', .dev_buffered = true },
	  false, "repeat" },
	{ "24-bit storage",
	  { .has_scale = true, .scan_index = 1, .storagebits = 24,
	    .realbits = 16, .sign = 'u', .dev_buffered = true }, false,
	  "8, 16, 32 or 64" },
	{ "40-bit samples",
	  { .has_scale = true, .scan_index = 1, .storagebits = 64,
	    .realbits = 40, .sign = 's', .dev_buffered = true }, false,
	  "more than 32 bits" },
	{ "a sample past its storage",
	  { .has_scale = true, .scan_index = 1, .storagebits = 16,
	    .realbits = 12, .shift = 8, .sign = 's', .dev_buffered = true },
	  false, "does not fit" },
	{ "a sign that is no sign",
	  { .has_scale = true, .scan_index = 1, .storagebits = 16,
	    .realbits = 12, .sign = 'x', .dev_buffered = true }, false,
	  "sign" },
	{ "an unknown byte order",
	  { .has_scale = true, .scan_index = 1, .storagebits = 16,
	    .realbits = 12, .sign = 'u', .endianness = 9,
	    .dev_buffered = true }, false, "byte order" },
};

static void srt_judge_desc(const struct srt_judge_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_judge, srt_judge_cases, srt_judge_desc);

static void srt_test_iio_judge(struct kunit *test)
{
	const struct srt_judge_case *c = test->param_value;
	const char *why = srt_iio_chan_judge(&c->d, c->output);

	if (!c->why) {
		KUNIT_EXPECT_NULL(test, why);
		return;
	}
	KUNIT_ASSERT_NOT_NULL(test, why);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(why, c->why),
				  "'%s' lacks '%s'", why, c->why);
}

static void srt_test_iio_names(struct kunit *test)
{
	char name[SRT_IIO_NAME_LEN];

	KUNIT_EXPECT_EQ(test, srt_iio_chan_name(name, sizeof(name), "ctl",
						false, 0), 7);
	KUNIT_EXPECT_STREQ(test, name, "ctl.in0");
	srt_iio_chan_name(name, sizeof(name), "axis-2_b", true, 31);
	KUNIT_EXPECT_STREQ(test, name, "axis-2_b.out31");
	/* a loop name of the longest kind still fits whole */
	srt_iio_chan_name(name, sizeof(name),
			  "abcdefghijklmnopqrstuvwxyz01234", true, 31);
	KUNIT_EXPECT_STREQ(test, name, "abcdefghijklmnopqrstuvwxyz01234.out31");
}

static struct kunit_case srt_iio_cases[] = {
	KUNIT_CASE_PARAM(srt_test_iio_ratio, srt_ratio_gen_params),
	KUNIT_CASE(srt_test_iio_div),
	KUNIT_CASE(srt_test_iio_pack),
	KUNIT_CASE_PARAM(srt_test_iio_to_bits, srt_conv_gen_params),
	KUNIT_CASE_PARAM(srt_test_iio_from_bits, srt_back_gen_params),
	KUNIT_CASE(srt_test_iio_round_trip),
	KUNIT_CASE(srt_test_iio_conv_bounds),
	KUNIT_CASE(srt_test_iio_codes),
	KUNIT_CASE(srt_test_iio_scan_place),
	KUNIT_CASE_PARAM(srt_test_iio_judge, srt_judge_gen_params),
	KUNIT_CASE(srt_test_iio_names),
	{}
};

static struct kunit_suite srt_iio_suite = {
	.name = "shieldrt_iio",
	.test_cases = srt_iio_cases,
};

kunit_test_suites(&srt_iio_suite);
