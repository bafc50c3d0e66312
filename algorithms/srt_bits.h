/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Signals cross the boundary between the kernel side and algorithms/ as
 * IEEE-754 binary64 bit patterns in a u64.  These helpers work on the bits
 * with integer operations only, so code built without FPU flags (the loop,
 * the data plane, debugfs) may include this header and test values without
 * touching a floating-point register.
 */
#ifndef SRT_BITS_H
#define SRT_BITS_H

#include "srt_types.h"

#define SRT_F64_EXP_MASK	0x7ff0000000000000ULL
#define SRT_F64_FRAC_MASK	0x000fffffffffffffULL
#define SRT_F64_SIGN		0x8000000000000000ULL

/* Neither NaN nor +-Inf: the exponent field is not all ones. */
static inline bool srt_bits_finite(u64 b)
{
	return (b & SRT_F64_EXP_MASK) != SRT_F64_EXP_MASK;
}

static inline bool srt_bits_isnan(u64 b)
{
	return !srt_bits_finite(b) && (b & SRT_F64_FRAC_MASK);
}

/* Well-known patterns the kernel side can store without an FPU section. */
#define SRT_BITS_ZERO		0x0000000000000000ULL
#define SRT_BITS_ONE		0x3ff0000000000000ULL
#define SRT_BITS_QNAN		0x7ff8000000000000ULL
#define SRT_BITS_PINF		0x7ff0000000000000ULL

#endif /* SRT_BITS_H */
