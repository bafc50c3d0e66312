/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * Signals are IEEE-754 binary64 values kept as their bit patterns in a
 * __u64.  This is the one place that knows that layout: the finite test
 * and the double <-> bits conversion, for the module, algorithms/,
 * userctl and the host tests alike.
 *
 * The tests are integer operations on the bits, so code built without FPU
 * flags (the loop, the data plane, debugfs) may use them without touching
 * a floating-point register.  The conversions have a double in their
 * prototype: they exist in user space and, in the kernel, only in objects
 * built with FPU flags (SRT_FPU_CODE, algorithms/algorithms.kbuild).
 */
#ifndef SHIELDRT_F64_H
#define SHIELDRT_F64_H

#include <linux/types.h>
#ifndef __KERNEL__
#include <stdbool.h>
#endif

#define SRT_F64_SIGN_BIT	0x8000000000000000ULL
#define SRT_F64_EXP_BITS	0x7ff0000000000000ULL
#define SRT_F64_FRAC_BITS	0x000fffffffffffffULL

/* Patterns code without FPU flags can store. */
#define SRT_F64_ONE		0x3ff0000000000000ULL
#define SRT_F64_PINF		0x7ff0000000000000ULL
#define SRT_F64_NINF		0xfff0000000000000ULL
#define SRT_F64_QNAN		0x7ff8000000000000ULL

/*
 * SRT_F64_SIGN_BIT of the result is set exactly when @b is NaN or +-Inf:
 * adding one to the exponent's lowest bit carries into the sign, flipping
 * it, only when every exponent bit is one.  OR the results for many values
 * and test the bit once.  Three operations a value, one constant (an add
 * that copies, an exclusive or, the OR).
 */
static inline __u64 srt_bits_nonfinite(__u64 b)
{
	return (b + (SRT_F64_FRAC_BITS + 1)) ^ b;
}

/* Neither NaN nor +-Inf. */
static inline bool srt_bits_finite(__u64 b)
{
	return !(srt_bits_nonfinite(b) & SRT_F64_SIGN_BIT);
}

static inline bool srt_bits_isnan(__u64 b)
{
	return !srt_bits_finite(b) && (b & SRT_F64_FRAC_BITS);
}

#if !defined(__KERNEL__) || defined(SRT_FPU_CODE)
union srt_f64 {
	double d;
	__u64 u;
};

static inline double srt_from_bits(__u64 b)
{
	union srt_f64 v = { .u = b };

	return v.d;
}

static inline __u64 srt_to_bits(double d)
{
	union srt_f64 v = { .d = d };

	return v.u;
}
#endif

#endif /* SHIELDRT_F64_H */
