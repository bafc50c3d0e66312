/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host test harness for the data plane: the kernel side
 * (include/shieldrt_dataplane.h) compiled for user space, a region in
 * ordinary memory, TAP output.
 */
#ifndef RING_COMMON_H
#define RING_COMMON_H

#include <linux/types.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kernel's short type names, for the data plane headers. */
typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
typedef __s64 s64;

/* ... and the few compiler helpers it uses. */
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define noinline	__attribute__((__noinline__))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#include "../../include/shieldrt_dataplane.h"

static int tap_n, tap_failed;

static inline void tap_ok(int ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static inline void tap_ok(int ok, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", ok ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	if (!ok)
		tap_failed++;
}

static inline int tap_done(void)
{
	printf("1..%d\n# %d passed, %d failed\n", tap_n, tap_n - tap_failed,
	       tap_failed);
	return tap_failed ? 1 : 0;
}

/* A zeroed region of exactly the laid-out size, set up as the kernel does. */
static inline void *fake_region_period(struct srt_dp *dp,
				       struct srt_dp_geom *g,
				       struct shieldrt_offsets *off,
				       u64 period_ns)
{
	u64 size = srt_dp_layout(g, off, 4096);
	void *mem;

	if (!size) {
		fprintf(stderr, "bad test geometry\n");
		exit(2);
	}
	mem = aligned_alloc(4096, size);
	if (!mem) {
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	memset(mem, 0, size);
	srt_dp_init(dp, mem, off, g, "test", period_ns);
	return mem;
}

static inline void *fake_region(struct srt_dp *dp, struct srt_dp_geom *g,
				struct shieldrt_offsets *off)
{
	return fake_region_period(dp, g, off, 100000);
}

static inline void default_geom(struct srt_dp_geom *g, u32 n_in, u32 n_out,
				u32 cmd_size, u32 tel_size)
{
	u32 i;

	memset(g, 0, sizeof(*g));
	g->n_in = n_in;
	g->n_out = n_out;
	g->cmd_size = cmd_size;
	g->tel_size = tel_size;
	g->tel_decimation = 1;
	for (i = 0; i < n_in; i++)
		g->tel_sel[g->tel_nsel++] = i;
	for (i = 0; i < n_out; i++)
		g->tel_sel[g->tel_nsel++] = SHIELDRT_SEL_OUT | i;
}

/* The tests' short names for the conversions of shieldrt_f64.h. */
static inline u64 dbits(double d)
{
	return srt_to_bits(d);
}

static inline double bitsd(u64 b)
{
	return srt_from_bits(b);
}

#endif
