// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_limits: decimal text <-> double bit patterns without the FPU
 * (kmod/lib/f64text.c), the order of doubles on their bits, and the limits
 * table's lines (kmod/lib/limits.c).
 */
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "config.h"
#include "limits.h"

#define PINF	SRT_F64_PINF
#define NINF	SRT_F64_NINF
#define NZERO	SRT_F64_SIGN_BIT
#define QNAN	0x7ff8000000000000ULL
#define DMAX	0x7fefffffffffffffULL	/* largest finite */
#define DMIN	0x0010000000000000ULL	/* least normal */
#define SUBMAX	0x000fffffffffffffULL	/* largest subnormal */

/* ---- text to bits ---- */

struct srt_parse_case {
	const char *text;
	int ret;
	u64 bits;
	const char *desc;
};

static const struct srt_parse_case srt_parse_cases[] = {
	{ "0", 0, 0, "zero" },
	{ "-0", 0, NZERO, "negative zero keeps its sign" },
	{ "-0.000e5", 0, NZERO, "negative zero with fraction and exponent" },
	{ "1.5", 0, 0x3ff8000000000000ULL, "exact binary fraction" },
	{ "-1.5", 0, 0xbff8000000000000ULL, "negative" },
	{ "+2", 0, 0x4000000000000000ULL, "explicit plus" },
	{ ".5", 0, 0x3fe0000000000000ULL, "no integer digits" },
	{ "5.", 0, 0x4014000000000000ULL, "no fraction digits" },
	{ "0.1", 0, 0x3fb999999999999aULL, "0.1 rounds to nearest" },
	{ "0.30000000000000004", 0, 0x3fd3333333333334ULL,
	  "17 digits pick the neighbour of 0.3" },
	{ "123.25", 0, 0x405ed00000000000ULL, "integer and fraction" },
	{ "1e-5", 0, 0x3ee4f8b588e368f1ULL, "negative exponent" },
	{ "1E23", 0, 0x44b52d02c7e14af6ULL, "1e23: a classic misrounding" },
	{ "6.02214076e23", 0, 0x44dfe185ca57c517ULL, "Avogadro" },
	{ "1e-300", 0, 0x01a56e1fc2f8f359ULL, "tiny normal" },
	{ "123456789012345678901234567890", 0, 0x45f8ee90ff6c373eULL,
	  "30 digits" },
	{ "9007199254740993", 0, 0x4340000000000000ULL,
	  "2^53+1: tie rounds to even (down)" },
	{ "9007199254740995", 0, 0x4340000000000002ULL,
	  "2^53+3: tie rounds to even (up)" },
	{ "9007199254740993.0000000000000000000001", 0, 0x4340000000000001ULL,
	  "just above a tie, decided by the 39th digit" },
	{ "1e308", 0, 0x7fe1ccf385ebc8a0ULL, "1e308" },
	{ "1.7976931348623157e308", 0, DMAX, "largest finite" },
	{ "1.7976931348623159e308", 0, PINF, "past the largest: +inf" },
	{ "-1e400", 0, NINF, "overflow: -inf" },
	{ "2.2250738585072014e-308", 0, DMIN, "least normal" },
	{ "2.2250738585072009e-308", 0, SUBMAX, "largest subnormal" },
	{ "-2.5e-310", 0, 0x80002e055c9a3f6cULL, "negative subnormal" },
	{ "5e-324", 0, 1, "least subnormal" },
	{ "2.4703282292062328e-324", 0, 1,
	  "just above half the least subnormal: rounds up" },
	{ "2.4703282292062327e-324", 0, 0,
	  "just below half the least subnormal: zero" },
	{ "1e-400", 0, 0, "underflow: zero" },
	{ "inf", 0, PINF, "inf" },
	{ "-Infinity", 0, NINF, "-Infinity, any case" },
	{ "+INF", 0, PINF, "+INF" },
	{ "nan", -EDOM, 0, "NaN is told apart" },
	{ "-NaN", -EDOM, 0, "signed NaN" },
	{ "", -EINVAL, 0, "empty" },
	{ "-", -EINVAL, 0, "sign alone" },
	{ ".", -EINVAL, 0, "point alone" },
	{ "1.2.3", -EINVAL, 0, "two points" },
	{ "1e", -EINVAL, 0, "exponent without digits" },
	{ "e3", -EINVAL, 0, "exponent without mantissa" },
	{ "--1", -EINVAL, 0, "two signs" },
	{ " 1", -EINVAL, 0, "leading blank" },
	{ "1x", -EINVAL, 0, "trailing junk" },
	{ "0x10", -EINVAL, 0, "hex is not decimal" },
	{ "infinite", -EINVAL, 0, "almost inf" },
};

static void srt_parse_desc(const struct srt_parse_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s ('%s')", c->desc, c->text);
}
KUNIT_ARRAY_PARAM(srt_parse, srt_parse_cases, srt_parse_desc);

static void srt_test_parse(struct kunit *test)
{
	const struct srt_parse_case *c = test->param_value;
	u64 bits = 0xdeadbeefULL;
	int ret;

	ret = srt_f64_parse(c->text, &bits);
	KUNIT_ASSERT_EQ(test, ret, c->ret);
	if (!ret)
		KUNIT_EXPECT_EQ_MSG(test, bits, c->bits, "got 0x%016llx", bits);
}

/* ---- bits to text ---- */

struct srt_format_case {
	u64 bits;
	const char *text;
	const char *desc;
};

static const struct srt_format_case srt_format_cases[] = {
	{ 0, "0", "zero" },
	{ NZERO, "-0", "negative zero" },
	{ 0x3ff8000000000000ULL, "1.5", "1.5" },
	{ 0xbfb999999999999aULL, "-0.1", "shortest text of -0.1" },
	{ 0x3fd3333333333334ULL, "0.30000000000000004", "needs 17 digits" },
	{ 0x405ed00000000000ULL, "123.25", "integer and fraction" },
	{ 0x3ee4f8b588e368f1ULL, "0.00001", "small, plain" },
	{ 0x3eb0c6f7a0b5ed8dULL, "1e-6", "smaller: exponent form" },
	{ 0x4340000000000000ULL, "9007199254740992", "2^53, plain" },
	{ 0x444b1ae4d6e2ef50ULL, "1e+21", "large: exponent form" },
	{ DMAX, "1.7976931348623157e+308", "largest finite" },
	{ DMIN, "2.2250738585072014e-308", "least normal" },
	{ 1, "5e-324", "least subnormal" },
	{ PINF, "inf", "+inf" },
	{ NINF, "-inf", "-inf" },
	{ QNAN, "nan", "NaN" },
};

static void srt_format_desc(const struct srt_format_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s (0x%016llx)", c->desc,
		 c->bits);
}
KUNIT_ARRAY_PARAM(srt_format, srt_format_cases, srt_format_desc);

static void srt_test_format(struct kunit *test)
{
	const struct srt_format_case *c = test->param_value;
	char buf[SRT_F64_TEXT_LEN];

	KUNIT_ASSERT_GT(test, srt_f64_format(c->bits, buf, sizeof(buf)), 0);
	KUNIT_EXPECT_STREQ(test, buf, c->text);
}

/* Every exponent, pseudo-random mantissas: format then parse is exact. */
static void srt_test_round_trip(struct kunit *test)
{
	char buf[SRT_F64_TEXT_LEN];
	u64 x = 0x9e3779b97f4a7c15ULL, bits, back;
	int i;

	for (i = 0; i < 160; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		/* exponents spread over the whole range, subnormals too */
		bits = (x & (SRT_F64_SIGN_BIT | SRT_F64_FRAC_BITS)) |
		       ((u64)((i * 13) % 0x7ff) << 52);
		KUNIT_ASSERT_GT(test, srt_f64_format(bits, buf, sizeof(buf)),
				0);
		KUNIT_ASSERT_EQ(test, srt_f64_parse(buf, &back), 0);
		KUNIT_EXPECT_EQ_MSG(test, back, bits, "text '%s'", buf);
	}
}

/* ---- bits to fixed-point text (the limit_trip event's fields) ---- */

static const struct srt_format_case srt_fixed_cases[] = {
	{ 0, "0.000000", "zero" },
	{ NZERO, "-0.000000", "negative zero" },
	{ 0x3ff8000000000000ULL, "1.500000", "1.5" },
	{ 0xc038000000000000ULL, "-24.000000", "a negative integer" },
	{ 0xbfb999999999999aULL, "-0.100000", "-0.1 rounds to six places" },
	{ 0x3fd3333333333333ULL, "0.300000", "0.3 is a little below: rounds up" },
	{ 0x4132d687e427f1b7ULL, "1234567.891235", "1234567.8912345" },
	{ 0x3eb0c6f7a0b5ed8dULL, "0.000001", "1e-6" },
	{ 0x3ea92a737110e454ULL, "0.000001", "7.5e-7 rounds up" },
	{ 0x3e90c6f7a0b5ed8dULL, "0.000000", "2.5e-7 rounds down" },
	{ 0x3fefffff29406b2aULL, "1.000000", "0.9999996: the carry into the integer" },
	{ 1, "0.000000", "least subnormal" },
	{ 0x4340000000000000ULL, "9007199254740992.000000", "2^53" },
	{ 0x43efffffffffffffULL, "18446744073709549568.000000", "largest below 2^64" },
	{ 0x43f0000000000000ULL, ">=2^64", "2^64: out of range" },
	{ DMAX | NZERO, "-(>=2^64)", "-largest finite" },
	{ PINF, "inf", "+inf" },
	{ NINF, "-inf", "-inf" },
	{ QNAN, "nan", "NaN" },
};

KUNIT_ARRAY_PARAM(srt_fixed, srt_fixed_cases, srt_format_desc);

static void srt_test_fixed(struct kunit *test)
{
	const struct srt_format_case *c = test->param_value;
	char buf[SRT_F64_FIXED_LEN];
	int n = srt_f64_fixed(c->bits, buf, sizeof(buf));

	KUNIT_EXPECT_EQ(test, n, (int)strlen(c->text));
	KUNIT_EXPECT_STREQ(test, buf, c->text);
}

/* ---- order of doubles on their bits ---- */

struct srt_order_case {
	u64 value, min, max;
	bool inside;
	const char *desc;
};

static const struct srt_order_case srt_order_cases[] = {
	{ 0xbff8000000000000ULL, 0xbff8000000000000ULL, 0x3ff8000000000000ULL,
	  true, "-1.5 in [-1.5, 1.5]: ends are inside" },
	{ 0xbff8000000000001ULL, 0xbff8000000000000ULL, 0x3ff8000000000000ULL,
	  false, "one ulp below -1.5" },
	{ 0x3ff8000000000001ULL, 0xbff8000000000000ULL, 0x3ff8000000000000ULL,
	  false, "one ulp above 1.5" },
	{ NZERO, 0, 0x3ff0000000000000ULL, true, "-0 in [+0, 1]: -0 == +0" },
	{ 0, 0xbff0000000000000ULL, NZERO, true, "+0 in [-1, -0]" },
	{ 1, 0, 0, false, "least subnormal is above [0, 0]" },
	{ 0x8000000000000001ULL, NINF, NZERO, true,
	  "negative subnormal in [-inf, -0]" },
	{ 0x8000000000000001ULL, 0, PINF, false,
	  "negative subnormal below [0, inf]" },
	{ 0x4000000000000000ULL, 0x4000000000000000ULL, 0x4000000000000000ULL,
	  true, "equal min and max: the value itself" },
	{ 0x4000000000000001ULL, 0x4000000000000000ULL, 0x4000000000000000ULL,
	  false, "equal min and max: the next double is out" },
	{ DMAX, NINF, PINF, true, "largest finite within [-inf, inf]" },
	{ PINF, NINF, PINF, true, "+inf within an infinite max" },
	{ PINF, NINF, DMAX, false, "+inf above the largest finite" },
	{ NINF, 0xc000000000000000ULL, PINF, false, "-inf below -2" },
	{ QNAN, NINF, PINF, false, "NaN is in no interval" },
	{ QNAN | SRT_F64_SIGN_BIT, NINF, PINF, false, "negative NaN neither" },
	{ 0xc000000000000000ULL, 0xc008000000000000ULL, 0xbff0000000000000ULL,
	  true, "-2 in [-3, -1]: negatives order by magnitude reversed" },
	{ 0xc010000000000000ULL, 0xc008000000000000ULL, 0xbff0000000000000ULL,
	  false, "-4 below [-3, -1]" },
};

static void srt_order_desc(const struct srt_order_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_order, srt_order_cases, srt_order_desc);

static void srt_test_order(struct kunit *test)
{
	const struct srt_order_case *c = test->param_value;
	struct srt_limits *l = kunit_kzalloc(test, sizeof(*l), GFP_KERNEL);
	u64 out[4] = { 0, c->value, 0, 0 };

	KUNIT_ASSERT_NOT_NULL(test, l);
	l->on = BIT(1);
	l->lo[1] = srt_f64_order(c->min);
	l->hi[1] = srt_f64_order(c->max);
	KUNIT_EXPECT_EQ(test, srt_limits_first_bad(l, out, 4),
			c->inside ? -1 : 1);
	/* An output past n is not checked. */
	KUNIT_EXPECT_EQ(test, srt_limits_first_bad(l, out, 1), -1);
}

/* ---- limits lines ---- */

struct srt_lines_case {
	const char *text;
	u32 n_out;
	int ret;
	const char *err;	/* part of the reason */
	u32 on;			/* on success */
	int chk;		/* output whose min/max to check, or -1 */
	u64 min, max;
	const char *desc;
};

/* Every row starts from a table with out=1 min=-1 max=1. */
static const struct srt_lines_case srt_lines_cases[] = {
	{ "out=2 min=-1.5 max=1.5", 8, 0, NULL, 0x6, 2,
	  0xbff8000000000000ULL, 0x3ff8000000000000ULL, "both sides" },
	{ "out=3 max=5", 8, 0, NULL, 0xa, 3, NINF, 0x4014000000000000ULL,
	  "max only: min unbounded" },
	{ "out=0 min=-0", 8, 0, NULL, 0x3, 0, NZERO, PINF,
	  "min only, negative zero" },
	{ "out=1 max=2", 8, 0, NULL, 0x2, 1, NINF, 0x4000000000000000ULL,
	  "a line replaces the whole entry" },
	{ "out=2 min=1 max=1", 8, 0, NULL, 0x6, 2, 0x3ff0000000000000ULL,
	  0x3ff0000000000000ULL, "equal min and max" },
	{ "out=2 min=0 max=-0", 8, 0, NULL, 0x6, 2, 0, NZERO,
	  "min=+0 max=-0: equal as numbers" },
	{ "out=2 min=-inf max=inf", 8, 0, NULL, 0x6, 2, NINF, PINF,
	  "infinities as limits" },
	{ "out=2 min=5e-324 max=2.2250738585072009e-308", 8, 0, NULL, 0x6, 2,
	  1, SUBMAX, "subnormal limits" },
	{ "out=1 off", 8, 0, NULL, 0, -1, 0, 0, "off" },
	{ "clear", 8, 0, NULL, 0, -1, 0, 0, "clear" },
	{ "# comment\n\n  out=0\tmax=1\t\n", 8, 0, NULL, 0x3, 0, NINF,
	  0x3ff0000000000000ULL, "comments, blank lines, tabs" },
	{ "out=0 max=1\nout=7 min=0", 8, 0, NULL, 0x83, 7, 0, PINF,
	  "several lines" },
	{ "out=8 min=0 max=1", 8, -EINVAL, "the loop has 8 outputs", 0, -1,
	  0, 0, "index == n_out" },
	{ "out=32 max=1", 40, -EINVAL, "32 outputs", 0, -1, 0, 0,
	  "index past SRT_MAX_SIGNALS" },
	{ "out=0 max=1", 0, -EINVAL, "no outputs", 0, -1, 0, 0,
	  "a loop without outputs" },
	{ "out=2 min=2 max=1", 8, -EINVAL, "min=2 is above max=1", 0, -1, 0,
	  0, "min above max" },
	{ "out=2 min=1e-320 max=-0", 8, -EINVAL, "above", 0, -1, 0, 0,
	  "subnormal min above -0" },
	{ "out=2 min=inf", 8, -EINVAL, "min=inf is a limit no value can meet",
	  0, -1, 0, 0, "min=+inf: every value would trip" },
	{ "out=2 min=1e999 max=inf", 8, -EINVAL, "min=inf is a limit", 0,
	  -1, 0, 0, "min overflowing to +inf" },
	{ "out=2 max=-inf", 8, -EINVAL, "max=-inf is a limit no value can meet",
	  0, -1, 0, 0, "max=-inf: every value would trip" },
	{ "out=2 min=nan max=1", 8, -EINVAL, "NaN is not a limit", 0, -1, 0,
	  0, "NaN min" },
	{ "out=2 max=-nan", 8, -EINVAL, "NaN is not a limit", 0, -1, 0, 0,
	  "NaN max" },
	{ "out=2 max=1.5x", 8, -EINVAL, "'1.5x' is not a number", 0, -1, 0,
	  0, "junk value" },
	{ "out=2", 8, -EINVAL, "give min=, max= or off", 0, -1, 0, 0,
	  "nothing to set" },
	{ "min=1", 8, -EINVAL, "out=N is missing", 0, -1, 0, 0, "no out=" },
	{ "out=2 max=1 max=2", 8, -EINVAL, "given twice", 0, -1, 0, 0,
	  "repeated key" },
	{ "out=2 off max=1", 8, -EINVAL, "'off' with min/max", 0, -1, 0, 0,
	  "off with a limit" },
	{ "out=-1 max=1", 8, -EINVAL, "not an output index", 0, -1, 0, 0,
	  "negative index" },
	{ "out=2 gain=1", 8, -EINVAL, "is not out=N", 0, -1, 0, 0,
	  "unknown key" },
	{ "out=2 max", 8, -EINVAL, "is not out=N", 0, -1, 0, 0,
	  "key without value" },
	{ "out=0 max=1\nout=99 max=1", 8, -EINVAL, "line 2", 0, -1, 0, 0,
	  "the failing line is named" },
};

static void srt_lines_desc(const struct srt_lines_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_lines, srt_lines_cases, srt_lines_desc);

static void srt_test_lines(struct kunit *test)
{
	const struct srt_lines_case *c = test->param_value;
	struct srt_limits *l = kunit_kzalloc(test, sizeof(*l), GFP_KERNEL);
	char err[SRT_ERR_LEN] = "", *text;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, l);
	text = kunit_kzalloc(test, strlen(c->text) + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	strscpy(text, c->text, strlen(c->text) + 1);
	l->on = BIT(1);
	l->min[1] = 0xbff0000000000000ULL;
	l->max[1] = 0x3ff0000000000000ULL;
	ret = srt_limits_parse(l, text, c->n_out, err, sizeof(err));
	KUNIT_ASSERT_EQ_MSG(test, ret, c->ret, "reason: %s", err);
	if (ret) {
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(err, c->err),
					  "reason '%s' lacks '%s'", err, c->err);
		return;
	}
	KUNIT_EXPECT_EQ(test, l->on, c->on);
	if (c->chk < 0)
		return;
	KUNIT_EXPECT_EQ(test, l->min[c->chk], c->min);
	KUNIT_EXPECT_EQ(test, l->max[c->chk], c->max);
	KUNIT_EXPECT_EQ(test, l->lo[c->chk], srt_f64_order(c->min));
	KUNIT_EXPECT_EQ(test, l->hi[c->chk], srt_f64_order(c->max));
}

/* What the limits file prints, written back, is the same table. */
static void srt_test_lines_round_trip(struct kunit *test)
{
	char text[] = "out=0 min=-0.1 max=1e-6\nout=3 max=2.5\nout=5 min=5e-324 max=inf";
	struct srt_limits *a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	struct srt_limits *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	char err[SRT_ERR_LEN] = "", line[96];
	u32 i;

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_EQ_MSG(test, srt_limits_parse(a, text, 8, err,
						   sizeof(err)), 0, "%s", err);
	KUNIT_EXPECT_EQ(test, a->on, 0x29U);
	for (i = 0; i < 8; i++) {
		if (!(a->on & BIT(i)))
			continue;
		KUNIT_ASSERT_GT(test, srt_limits_format(a, i, line,
							sizeof(line)), 0);
		KUNIT_ASSERT_EQ_MSG(test, srt_limits_parse(b, line, 8, err,
							   sizeof(err)), 0,
				    "'%s': %s", line, err);
	}
	KUNIT_EXPECT_EQ(test, memcmp(a, b, sizeof(*a)), 0);
	srt_limits_format(a, 3, line, sizeof(line));
	KUNIT_EXPECT_STREQ(test, line, "out=3 min=-inf max=2.5");
}

static struct kunit_case srt_limits_cases[] = {
	KUNIT_CASE_PARAM(srt_test_parse, srt_parse_gen_params),
	KUNIT_CASE_PARAM(srt_test_format, srt_format_gen_params),
	KUNIT_CASE_PARAM(srt_test_fixed, srt_fixed_gen_params),
	KUNIT_CASE(srt_test_round_trip),
	KUNIT_CASE_PARAM(srt_test_order, srt_order_gen_params),
	KUNIT_CASE_PARAM(srt_test_lines, srt_lines_gen_params),
	KUNIT_CASE(srt_test_lines_round_trip),
	{}
};

static struct kunit_suite srt_limits_suite = {
	.name = "shieldrt_limits",
	.test_cases = srt_limits_cases,
};

kunit_test_suites(&srt_limits_suite);
