// SPDX-License-Identifier: GPL-2.0
/*
 * The chain parser (algorithms/chain_parse.c) on any text, and what an
 * accepted chain does next: describe, parse the description again, step.
 * The text is the input (an odd length lets the text set the period, an
 * even one gives the loop's 1 ms, which a period_us line must match);
 * the arena grows from 128 KiB as the module's does (each size one heap
 * block, kept between runs and filled with a pattern before each: the
 * module's memory is not zeroed either, and a run must not depend on the
 * one before it).  Properties: the
 * reason is a terminated line; an accepted chain fits its arena and the
 * documented limits; its description parses to a chain that describes
 * the same way; its outputs stay finite whatever the inputs.
 */
#include "srt_chain.h"
#include "shieldrt_f64.h"
#include "fuzz.h"

#define ARENA_FIRST	(128u << 10)
#define ARENA_MAX	(16u << 20)

/* Arenas of 128 KiB << i, for the parse [0] and its description's [1]. */
static void *arenas[2][8];

struct parsed {
	void *arena;
	size_t size;
	struct srt_chain *c;
};

/* Parse as kmod/blocks_api.c does: a bigger arena while it is short. */
static int parse(struct parsed *p, int which, const char *text, size_t len,
		 u32 period)
{
	struct srt_err err;
	int ret = SRT_ENOSPC, i = 0;

	for (p->size = ARENA_FIRST; ret == SRT_ENOSPC && p->size <= ARENA_MAX;
	     p->size *= 2, i++) {
		if (!arenas[which][i])
			arenas[which][i] = aligned_alloc(SRT_ALIGN, p->size);
		p->arena = arenas[which][i];
		if (!p->arena)
			abort();
		memset(p->arena, 0xa5, p->size);
		memset(&err, 0xa5, sizeof(err));
		ret = srt_chain_parse(text, len, period, p->arena, p->size,
				      &p->c, &err);
		fuzz_check(ret == 0 || ret == SRT_EINVAL || ret == SRT_ENOSPC,
			   "returned %d", ret);
		fuzz_check(ret == 0 || fuzz_reason_ok(err.msg, SRT_ERR_MAX),
			   "reason not terminated or not printable");
		if (!ret)
			return 0;
	}
	fuzz_check(ret != SRT_ENOSPC, "needs more than %u bytes", ARENA_MAX);
	return ret;
}

static char *describe(const struct srt_chain *c)
{
	size_t n = srt_chain_describe(c, NULL, 0);
	char *buf = malloc(n + 1);

	if (!buf)
		abort();
	fuzz_check(srt_chain_describe(c, buf, n + 1) == n && strlen(buf) == n,
		   "a description of %zu bytes", n);
	return buf;
}

static void check_limits(const struct parsed *p)
{
	const struct srt_chain *c = p->c;
	u32 i;

	fuzz_check(srt_chain_bytes(c) <= p->size &&
		   srt_chain_n_blocks(c) <= SRT_MAX_BLOCKS &&
		   srt_chain_n_signals(c) <= SRT_MAX_CHAIN_SIGNALS &&
		   srt_chain_n_inputs(c) <= SRT_MAX_IO &&
		   srt_chain_n_outputs(c) <= SRT_MAX_IO &&
		   srt_chain_period_ns(c), "chain beyond its limits");
	for (i = 0; i < srt_chain_n_signals(c); i++)
		fuzz_check(strlen(srt_chain_signal_name(c, i)) < 32,
			   "signal %u's name", i);
}

/* Zeros, ones, NaN, a huge value, zeros: every output stays finite. */
static void check_steps(struct srt_chain *c)
{
	static const u64 feed[] = { 0, SRT_F64_ONE, SRT_F64_QNAN,
				    0x7fe0000000000000ULL, 0 };
	u64 in[SRT_MAX_IO], out[SRT_MAX_IO];
	u32 i, k, n_in = srt_chain_n_inputs(c), n_out = srt_chain_n_outputs(c);
	int ret;

	for (k = 0; k < SRT_ARRAY_SIZE(feed); k++) {
		for (i = 0; i < n_in; i++)
			in[i] = feed[k];
		ret = srt_chain_step(c, in, out);
		fuzz_check(!(ret & ~(SRT_STEP_BAD_INPUT | SRT_STEP_NONFINITE)),
			   "step returned %#x", ret);
		for (i = 0; i < n_out; i++)
			fuzz_check(srt_bits_finite(out[i]),
				   "step %u: output %u is %#llx", k, i,
				   (unsigned long long)out[i]);
		if (ret & SRT_STEP_NONFINITE)
			srt_chain_reset(c);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct parsed a, b;
	char *d1, *d2;

	if (parse(&a, 0, (const char *)data, size, size & 1 ? 0 : 1000000))
		return 0;
	check_limits(&a);
	d1 = describe(a.c);
	fuzz_check(!parse(&b, 1, d1, strlen(d1), srt_chain_period_ns(a.c)),
		   "the description does not parse:\n%s", d1);
	d2 = describe(b.c);
	fuzz_check(!strcmp(d1, d2), "describe is not a fixed point:\n%s\n%s",
		   d1, d2);
	check_steps(a.c);
	free(d1);
	free(d2);
	return 0;
}
