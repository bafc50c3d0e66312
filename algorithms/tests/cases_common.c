// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * What every shared case uses: checks and notes formatted by the library,
 * chains compiled into the runner's arenas, staging and commits, and the
 * parser's rejection table.  No libc: this file builds into the kernel's
 * test module as well.
 */
#include "cases.h"
#include "../srt_num.h"

void sc_ok(struct sc *s, bool cond, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	srt_vsnprintf(s->msg, sizeof(s->msg), fmt, ap);
	va_end(ap);
	s->checks++;
	if (!cond)
		s->failed++;
	s->report(s, cond, s->msg);
}

void sc_note(struct sc *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	srt_vsnprintf(s->msg, sizeof(s->msg), fmt, ap);
	va_end(ap);
	s->note(s, s->msg);
}

void sc_tick(struct sc *s)
{
	if (++s->ticks % SC_YIELD_EVERY == 0 && s->yield)
		s->yield(s);
}

struct sc_chain *sc_open(struct sc *s, unsigned int slot, const char *text)
{
	struct sc_chain *t = &s->ch[slot];
	unsigned int i;

	t->s = s;
	t->c = NULL;
	t->arena = s->arena[slot];
	t->psbuf[0] = s->psbuf[2 * slot];
	t->psbuf[1] = s->psbuf[2 * slot + 1];
	t->status = 0;
	for (i = 0; i < SRT_MAX_IO; i++)
		t->in[i] = t->out[i] = 0;
	t->ret = srt_chain_parse(text, srt_strlen(text), 0, t->arena,
				 SC_ARENA, &t->c, &t->err);
	if (t->ret) {
		t->c = NULL;
		sc_note(s, "parse failed: %s", t->err.msg);
	}
	return t;
}

int sc_step(struct sc_chain *t)
{
	sc_tick(t->s);
	if (!t->c)		/* a failed open: the checks will say so */
		return t->status = SRT_EINVAL;
	t->status = srt_chain_step(t->c, t->in, t->out);
	return t->status;
}

struct srt_pset *sc_pset(struct sc_chain *t)
{
	size_t sz = srt_pset_size(t->c);
	int k;

	if (sz > SC_PSET)
		return NULL;
	for (k = 0; k < 2; k++)
		if (t->psbuf[k] != (void *)srt_chain_active(t->c))
			return srt_pset_init(t->c, t->psbuf[k], sz);
	return NULL;
}

int sc_commit(struct sc_chain *t, const char *assignments)
{
	struct srt_pset *ps, *old;
	struct srt_err err;
	int ret;

	if (!t->c)
		return SRT_EINVAL;
	ps = sc_pset(t);
	if (!ps) {
		sc_note(t->s, "no staging buffer for %u bytes",
			(unsigned int)srt_pset_size(t->c));
		return SRT_ENOSPC;
	}
	ret = srt_pset_stage(t->c, ps, assignments, srt_strlen(assignments),
			     &err);
	if (ret) {
		sc_note(t->s, "stage failed: %s", err.msg);
		return ret;
	}
	return srt_chain_commit(t->c, ps, &old);
}

bool sc_contains(const char *hay, const char *needle)
{
	size_t i, n = srt_strlen(needle);

	for (; *hay; hay++) {
		for (i = 0; i < n && hay[i] == needle[i]; i++)
			;
		if (i == n)
			return true;
	}
	return n == 0;
}

void sc_chain_reject(struct sc *s, const struct sc_reject *r)
{
	struct srt_chain *c;
	struct srt_err err;
	int ret;

	err.line = 0;
	err.msg[0] = '\0';
	ret = srt_chain_parse(r->text, srt_strlen(r->text), 0, s->arena[0],
			      SC_ARENA, &c, &err);
	sc_ok(s, ret == SRT_EINVAL && sc_contains(err.msg, r->reason) &&
	      err.line == r->line, "rejects (%s) on line %u: \"%s\" line %u",
	      r->reason, r->line, err.msg, err.line);
}
