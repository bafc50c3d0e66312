/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Test harness: compile a chain from text into a heap arena and step it
 * with doubles (converting to the bit patterns the real callers use).
 */
#ifndef SRT_HARNESS_H
#define SRT_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "srt_chain.h"
#include "srt_num.h"

#define TC_ARENA	(1 << 20)

struct tc {
	struct srt_chain *c;
	void *arena;
	struct srt_err err;
	int ret;
	u64 in[SRT_MAX_IO], out[SRT_MAX_IO];
	int status;
	void *psbuf[2];		/* staging buffers, alternately active */
};

static inline int tc_open(struct tc *t, const char *text)
{
	memset(t, 0, sizeof(*t));
	t->arena = aligned_alloc(SRT_ALIGN, TC_ARENA);
	t->ret = srt_chain_parse(text, strlen(text), 0, t->arena, TC_ARENA,
				 &t->c, &t->err);
	if (t->ret)
		printf("# parse failed: %s\n", t->err.msg);
	return t->ret;
}

static inline void tc_close(struct tc *t)
{
	free(t->arena);
	free(t->psbuf[0]);
	free(t->psbuf[1]);
	t->arena = NULL;
	t->c = NULL;
}

static inline void tc_set(struct tc *t, unsigned int i, double v)
{
	t->in[i] = srt_to_bits(v);
}

static inline double tc_out(const struct tc *t, unsigned int i)
{
	return srt_from_bits(t->out[i]);
}

/* one step with input 0 = x; returns output 0 */
static inline double tc_step1(struct tc *t, double x)
{
	tc_set(t, 0, x);
	t->status = srt_chain_step(t->c, t->in, t->out);
	return tc_out(t, 0);
}

static inline int tc_step(struct tc *t)
{
	t->status = srt_chain_step(t->c, t->in, t->out);
	return t->status;
}

/* read a whole file (chains/...) into a NUL-terminated heap buffer */
static inline char *tc_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[n] = '\0';
	fclose(f);
	return buf;
}

/* a staging buffer that is not the active set */
static inline struct srt_pset *tc_pset(struct tc *t)
{
	size_t sz = srt_pset_size(t->c);
	int k;

	for (k = 0; k < 2; k++) {
		if (!t->psbuf[k])
			t->psbuf[k] = aligned_alloc(SRT_ALIGN, sz);
		if (t->psbuf[k] != (void *)srt_chain_active(t->c))
			return srt_pset_init(t->c, t->psbuf[k], sz);
	}
	return NULL;
}

/* stage text and commit; returns 0 or the error code (message printed) */
static inline int tc_commit(struct tc *t, const char *text)
{
	struct srt_pset *ps = tc_pset(t), *old;
	struct srt_err err;
	int ret;

	if (!ps)
		return -1;
	ret = srt_pset_stage(t->c, ps, text, strlen(text), &err);
	if (ret) {
		printf("# stage failed: %s\n", err.msg);
		return ret;
	}
	return srt_chain_commit(t->c, ps, &old);
}

#endif
