/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The few kernel helpers kmod/lib/ uses, for host builds of those files
 * (the fuzz targets here).  The sources are compiled unchanged: their
 * <linux/...> includes land in host/linux/, whose headers all include
 * this one.  Each helper keeps the kernel's contract (return values,
 * what it accepts), since a fuzzer finding that depends on a difference
 * here would be a finding about this file, not the module.
 */
#ifndef SRT_HOST_H
#define SRT_HOST_H

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <linux/types.h>

typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
typedef __s32 s32;
typedef __s64 s64;

#define U32_MAX		((u32)~0U)
#define U64_MAX		((u64)~0ULL)
#define BIT(n)		(1UL << (n))

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define noinline	__attribute__((__noinline__))
#define __aligned(n)	__attribute__((__aligned__(n)))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define sizeof_field(t, m)	sizeof(((t *)0)->m)
#define NSEC_PER_USEC	1000L
#define NSEC_PER_MSEC	1000000L
#define NSEC_PER_SEC	1000000000L
/* The kernel warns and goes on; a fuzzer is better off stopping there. */
#define WARN_ON_ONCE(cond)	((cond) ? (abort(), 1) : 0)

#define static_assert(expr, ...)	_Static_assert(expr, #expr)

/* <linux/compiler.h>, <asm/barrier.h>: the C11 orders they stand for. */
#define READ_ONCE(x)		__atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v)	__atomic_store_n(&(x), v, __ATOMIC_RELAXED)
/* later loads and stores stay after this load */
#define smp_load_acquire(p)	__atomic_load_n(p, __ATOMIC_ACQUIRE)
/* earlier loads and stores stay before this store */
#define smp_store_release(p, v)	__atomic_store_n(p, v, __ATOMIC_RELEASE)
/* orders the stores before it against the stores after it */
#define smp_wmb()		__atomic_thread_fence(__ATOMIC_RELEASE)
/* orders the loads before it against the loads after it */
#define smp_rmb()		__atomic_thread_fence(__ATOMIC_ACQUIRE)

#define min(a, b)	((a) < (b) ? (a) : (b))
#define max(a, b)	((a) > (b) ? (a) : (b))
#define min_t(t, a, b)	((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define swap(a, b) \
	do { __typeof__(a) __t = (a); (a) = (b); (b) = __t; } while (0)

static inline unsigned long __ffs(unsigned long w)
{
	return __builtin_ctzl(w);
}

/* <linux/math64.h> */
static inline u64 div_u64_rem(u64 n, u32 d, u32 *rem)
{
	*rem = n % d;
	return n / d;
}

static inline u64 div_u64(u64 n, u32 d)
{
	return n / d;
}

static inline u64 div64_u64(u64 n, u64 d)
{
	return n / d;
}

/* <linux/bitops.h>: 1-based position of the highest set bit, 0 for 0. */
static inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

/* <linux/log2.h> */
static inline bool is_power_of_2(unsigned long n)
{
	return n && !(n & (n - 1));
}

/* <linux/math.h>: the floor of the square root, bit by bit. */
static inline u32 int_sqrt64(u64 x)
{
	u64 r = 0, bit;

	for (bit = 1ULL << 31; bit; bit >>= 1)
		if ((r + bit) * (r + bit) <= x)
			r += bit;
	return (u32)r;
}

/* <linux/slab.h>: the allocator is the sanitizer's. */
#define GFP_KERNEL	0
static inline void *kzalloc(size_t n, int gfp)
{
	(void)gfp;
	return calloc(1, n);
}

static inline void *kcalloc(size_t k, size_t n, int gfp)
{
	(void)gfp;
	return calloc(k, n);
}

static inline void kfree(const void *p)
{
	free((void *)p);
}

/*
 * <linux/ctype.h>: the kernel's table is Latin-1, not the C locale:
 * 0xa0 is a space, 0xc0..0xff (but 0xd7 and 0xf7) are letters.
 */
static inline bool srt_host_latin1_letter(unsigned char c)
{
	return c >= 0xc0 && c != 0xd7 && c != 0xf7;
}

#define isascii(c)	((unsigned char)(c) <= 0x7f)
#define isdigit(c)	((unsigned char)(c) >= '0' && (unsigned char)(c) <= '9')
#define isalpha(c)	((((unsigned char)(c) | 0x20) >= 'a' && \
			  ((unsigned char)(c) | 0x20) <= 'z') || \
			 srt_host_latin1_letter(c))
#define isalnum(c)	(isalpha(c) || isdigit(c))
#define isspace(c)	((unsigned char)(c) == ' ' || \
			 ((unsigned char)(c) >= '\t' && \
			  (unsigned char)(c) <= '\r') || \
			 (unsigned char)(c) == 0xa0)

/* <linux/string.h>: strsep, strcasecmp and the mem* are the C library's. */
static inline ssize_t strscpy(char *dst, const char *src, size_t size)
{
	size_t n;

	if (!size)
		return -E2BIG;
	n = strnlen(src, size);
	if (n == size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, n + 1);
	return n;
}

/* Blanks off both ends: the end in place, the start by the result. */
static inline char *strim(char *s)
{
	size_t n = strlen(s);

	while (n && isspace(s[n - 1]))
		n--;
	s[n] = '\0';
	while (isspace(*s))
		s++;
	return s;
}

/* <linux/kernel.h> */
static inline int scnprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static inline int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!size)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	return (size_t)n < size ? n : (int)(size - 1);
}

/*
 * kstrtou64(s, 10, res): an optional '+', at least one digit, one
 * optional trailing newline and nothing else; -ERANGE on overflow.
 */
static inline int kstrtou64(const char *s, unsigned int base, u64 *res)
{
	u64 v = 0;
	bool any = false, over = false;

	if (base != 10)
		abort();	/* kmod/lib/ parses decimal only */
	if (*s == '+')
		s++;
	for (; *s >= '0' && *s <= '9'; s++) {
		any = true;
		if (v > (U64_MAX - (*s - '0')) / 10)
			over = true;
		v = v * 10 + (*s - '0');
	}
	if (!any)
		return -EINVAL;
	if (over)
		return -ERANGE;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}

static inline int kstrtou32(const char *s, unsigned int base, u32 *res)
{
	u64 v;
	int ret = kstrtou64(s, base, &v);

	if (ret)
		return ret;
	if (v > U32_MAX)
		return -ERANGE;
	*res = v;
	return 0;
}

#endif /* SRT_HOST_H */
