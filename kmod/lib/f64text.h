/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Decimal text <-> IEEE-754 binary64 bit patterns with integer arithmetic
 * only, so code outside the loop's FPU section (debugfs, control) can read
 * and print signal values.  Pure: no time, no hardware; KUnit drives it.
 *
 * algorithms/srt_text.c has srt_parse_double(), but it computes in double
 * (FPU registers, so only inside an FPU section) and rounds long inputs
 * only to within 8 ulp; a limit should be exactly the double its text
 * names, so this converts through an exact decimal instead.
 */
#ifndef SHIELDRT_F64TEXT_H
#define SHIELDRT_F64TEXT_H

#include <linux/types.h>
#include "shieldrt_f64.h"

/* Longest text srt_f64_format() writes, with the NUL. */
#define SRT_F64_TEXT_LEN	32

/*
 * Parse [+-]digits[.digits][(e|E)[+-]digits], [+-].digits..., or
 * [+-]inf / [+-]infinity (any case); the whole string must be the number.
 * Correctly rounded (nearest, ties to even), overflow to +-inf, underflow
 * through subnormals to +-0.  Returns 0, -EDOM for a NaN spelling,
 * -EINVAL for anything else that is not a number, -ENOMEM.
 */
int srt_f64_parse(const char *s, u64 *bits);

/*
 * The shortest decimal that parses back to exactly @bits ("1.5",
 * "-0.1", "1e+300", "inf", "nan", "-0").  Returns the length written
 * (NUL not counted) or -ENOMEM; @len >= SRT_F64_TEXT_LEN never truncates.
 */
int srt_f64_format(u64 bits, char *buf, size_t len);

/* Longest text srt_f64_fixed() writes, with the NUL. */
#define SRT_F64_FIXED_LEN	32

/*
 * @bits in fixed point with six decimals, rounded to nearest, ties away
 * from zero ("1.500000", "-0.100000", "0.000000" for 1e-9, "inf", "-inf",
 * "nan"); a magnitude of 2^64 or more is ">=2^64" or "-(>=2^64)".  Integer arithmetic, no
 * allocation and no lock, so it may run anywhere (a tracepoint's
 * assignment in the cycle).  Returns snprintf()'s count.
 */
int srt_f64_fixed(u64 bits, char *buf, size_t len);

/*
 * A key whose unsigned order is the numeric order of doubles: sign and
 * magnitude mapped onto one unsigned line, -0 and +0 on the same point.
 * NaNs land beyond +-inf (positive NaNs above +inf, negative below -inf),
 * so no [min, max] with non-NaN ends contains one.
 */
static inline u64 srt_f64_order(u64 b)
{
	if (!(b << 1))
		return SRT_F64_SIGN_BIT;
	return (b & SRT_F64_SIGN_BIT) ? ~b : b | SRT_F64_SIGN_BIT;
}

#endif /* SHIELDRT_F64TEXT_H */
