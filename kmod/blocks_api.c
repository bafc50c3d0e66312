// SPDX-License-Identifier: GPL-2.0
/*
 * Compiled chains and the block type registry, for the loops (chain.c) and
 * for other modules (include/shieldrt_blocks.h).  The library keeps the
 * registry but does no locking and no lifetime tracking: here srt_lock
 * serialises it, and every type another module registered carries a count
 * of the compiled chains that use it, so it cannot go while in use.
 */
#include <linux/err.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "shieldrt_blocks.h"
#include <linux/log2.h>
#include <linux/mutex.h>
#include "../algorithms/srt_chain.h"
#include "alloc_size.h"
#include "blocks_api.h"
#include "config.h"
#include "loop_list.h"
#include "shieldrt_cacheline.h"
#include "shieldrt_cycle.h"

/*
 * First arena tried; doubled while the library says it is too small.  The
 * parser needs some 21 KB of working room in the arena beyond the chain it
 * leaves there (a four-gain chain: 2,800 bytes, parsed in 23,872; the
 * six-axis mctest chain: 7,552 in 28,608), so 32 KB takes the examples at
 * the first try, and a larger chain pays a parse or two more at compile
 * time, never in a cycle.
 */
#define SRT_ARENA_FIRST		(32 * 1024)
#define SRT_ARENA_MAX		(16 * 1024 * 1024)

/* Types registered by other modules; slot index = bit in types_used. */
struct srt_xtype {
	const struct srt_block_type *t;
	unsigned int users;
};

static struct srt_xtype srt_xtypes[SRT_MAX_EXTRA_TYPES];
static_assert(SRT_MAX_EXTRA_TYPES <= 64);
/* Any chain a loop can carry is one the library can compile. */
static_assert(SRT_MAX_SIGNALS <= SRT_MAX_IO);
/* A chain's period_us takes exactly the periods a loop takes. */
static_assert(SRT_CHAIN_PERIOD_US_MIN * 1000ULL == SRT_PERIOD_MIN_NS);
static_assert(SRT_CHAIN_PERIOD_US_MAX * 1000ULL == SRT_PERIOD_MAX_NS);

static int srt_xtype_slot(const struct srt_block_type *t)
{
	int i;

	for (i = 0; i < SRT_MAX_EXTRA_TYPES; i++)
		if (srt_xtypes[i].t == t)
			return i;
	return -1;
}

static int srt_xtype_by_name(const char *name, size_t len)
{
	int i;

	for (i = 0; i < SRT_MAX_EXTRA_TYPES; i++)
		if (srt_xtypes[i].t && strlen(srt_xtypes[i].t->name) == len &&
		    !memcmp(srt_xtypes[i].t->name, name, len))
			return i;
	return -1;
}

int srt_blocks_register(const struct srt_block_type *t)
{
	const char *why = NULL;
	int slot, ret;

	mutex_lock(&srt_lock);
	slot = srt_xtype_slot(NULL);
	if (slot < 0) {
		ret = -ENOSPC;
		goto out_unlock;
	}
	srt_fpu_begin();
	ret = srt_block_register(t, &why);
	srt_fpu_end();
	if (!ret)
		srt_xtypes[slot] = (struct srt_xtype){ .t = t };
	else if (why)
		pr_warn("block type '%s' refused: %s\n",
			t->name ? t->name : "?", why);
out_unlock:
	mutex_unlock(&srt_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(srt_blocks_register);

int srt_blocks_unregister(const struct srt_block_type *t)
{
	int slot, ret;

	mutex_lock(&srt_lock);
	slot = srt_xtype_slot(t);
	if (!t || slot < 0) {
		ret = -ENOENT;
	} else if (srt_xtypes[slot].users) {
		ret = -EBUSY;
	} else {
		srt_fpu_begin();
		ret = srt_block_unregister(t);
		srt_fpu_end();
		if (!ret)
			srt_xtypes[slot].t = NULL;
	}
	mutex_unlock(&srt_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(srt_blocks_unregister);

unsigned int srt_blocks_users(const struct srt_block_type *t)
{
	unsigned int n = 0;
	int slot;

	mutex_lock(&srt_lock);
	slot = t ? srt_xtype_slot(t) : -1;
	if (slot >= 0)
		n = srt_xtypes[slot].users;
	mutex_unlock(&srt_lock);
	return n;
}
EXPORT_SYMBOL_GPL(srt_blocks_users);

/*
 * The extra types a text that compiled uses: the third word of each
 * "block NAME TYPE ..." line.  The parser just accepted the same text
 * under the same lock, so these names resolve as they did for it.
 */
static u64 srt_types_in_text(const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	u64 mask = 0;

	while (p < end) {
		const char *eol = memchr(p, '\n', end - p) ?: end;
		const char *w[3];
		size_t wl[3];
		int n = 0;

		while (p < eol && n < 3 && *p != '#') {
			if (*p == ' ' || *p == '\t' || *p == '\r') {
				p++;
				continue;
			}
			w[n] = p;
			while (p < eol && *p != ' ' && *p != '\t' &&
			       *p != '\r' && *p != '#')
				p++;
			wl[n] = p - w[n];
			n++;
		}
		if (n == 3 && wl[0] == 5 && !memcmp(w[0], "block", 5)) {
			int slot = srt_xtype_by_name(w[2], wl[2]);

			if (slot >= 0)
				mask |= BIT_ULL(slot);
		}
		p = eol + 1;
	}
	return mask;
}

static void srt_types_hold(u64 mask, bool hold)
{
	int i;

	for (i = 0; i < SRT_MAX_EXTRA_TYPES; i++)
		if (mask & BIT_ULL(i))
			srt_xtypes[i].users += hold ? 1 : -1;
}

static int srt_err_errno(int lib)
{
	return lib == SRT_ENOSPC ? -ENOMEM : -EINVAL;
}

/* The library's reasons already start with "line N: " when they have one. */
static void srt_err_format(const struct srt_err *e, char *err, size_t errlen)
{
	if (e->line && strncmp(e->msg, "line ", 5))
		snprintf(err, errlen, "line %u: %s", e->line, e->msg);
	else
		snprintf(err, errlen, "%s", e->msg[0] ? e->msg : "rejected");
}

struct srt_kchain *srt_kchain_compile_locked(const char *text, size_t len,
					     u32 period_ns, char *err,
					     size_t errlen)
{
	struct srt_kchain *kc;
	struct srt_err *e;
	size_t size;
	int ret;

	lockdep_assert_held(&srt_lock);
	if (!srt_fpu_usable()) {
		snprintf(err, errlen, "this CPU has no usable FPU for chains");
		return ERR_PTR(-EOPNOTSUPP);
	}
	kc = kzalloc(sizeof(*kc), GFP_KERNEL);
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!kc || !e) {
		ret = -ENOMEM;
		snprintf(err, errlen, "out of memory");
		goto err_free;
	}
	for (size = SRT_ARENA_FIRST; size <= SRT_ARENA_MAX; size *= 2) {
		/* Power-of-two sizes: kvmalloc memory is aligned enough. */
		kc->arena = kvmalloc(size, GFP_KERNEL);
		if (!kc->arena) {
			ret = -ENOMEM;
			snprintf(err, errlen, "out of memory (arena %zu bytes)",
				 size);
			goto err_free;
		}
		srt_fpu_begin();
		ret = srt_chain_parse(text, len, period_ns, kc->arena, size,
				      &kc->c, e);
		srt_fpu_end();
		if (ret != SRT_ENOSPC)
			break;
		kvfree(kc->arena);
		kc->arena = NULL;
	}
	if (ret) {
		srt_err_format(e, err, errlen);
		ret = srt_err_errno(ret);
		goto err_free;
	}
	kc->arena_size = size;
	srt_fpu_begin();
	kc->n_in = srt_chain_n_inputs(kc->c);
	kc->n_out = srt_chain_n_outputs(kc->c);
	kc->period_ns = srt_chain_period_ns(kc->c);
	kc->n_blocks = srt_chain_n_blocks(kc->c);
	srt_fpu_end();
	kc->types_used = srt_types_in_text(text, len);
	srt_types_hold(kc->types_used, true);
	kfree(e);
	return kc;

err_free:
	kvfree(kc ? kc->arena : NULL);
	kfree(kc);
	kfree(e);
	return ERR_PTR(ret);
}

u64 srt_kchain_mem_bytes(struct srt_kchain *kc, const void *set)
{
	size_t size;

	if (!set)
		return srt_alloc_size(kc, sizeof(*kc)) +
		       srt_alloc_size(kc->arena, kc->arena_size);
	srt_fpu_begin();
	size = srt_pset_size(kc->c);
	srt_fpu_end();
	/* as srt_kchain_stage() allocates it */
	return srt_alloc_size(set, roundup_pow_of_two(size));
}

void srt_kchain_free_locked(struct srt_kchain *kc)
{
	lockdep_assert_held(&srt_lock);
	if (!kc)
		return;
	srt_types_hold(kc->types_used, false);
	kvfree(kc->arena);
	kfree(kc);
}

int srt_kchain_stage(struct srt_kchain *kc, const char *prev, size_t plen,
		     const char *text, size_t len, void **bufp, char *err,
		     size_t errlen)
{
	struct srt_pset *ps;
	struct srt_err *e;
	size_t size;
	void *buf;
	int ret = 0;

	srt_fpu_begin();
	size = srt_pset_size(kc->c);
	srt_fpu_end();
	/* A power of two keeps kvmalloc's memory SRT_ALIGN-aligned. */
	size = roundup_pow_of_two(size);
	buf = kvmalloc(size, GFP_KERNEL);
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!buf || !e) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
		goto out_free;
	}
	srt_fpu_begin();
	ps = srt_pset_init(kc->c, buf, size);
	if (ps && plen)
		ret = srt_pset_stage(kc->c, ps, prev, plen, e);
	if (ps && !ret)
		ret = srt_pset_stage(kc->c, ps, text, len, e);
	srt_fpu_end();
	if (!ps) {
		snprintf(err, errlen, "internal: set buffer refused");
		ret = -EINVAL;
	} else if (ret) {
		srt_err_format(e, err, errlen);
		ret = -EINVAL;
	}
	if (!ret) {
		*bufp = buf;
		buf = NULL;
	}
out_free:
	kvfree(buf);
	kfree(e);
	return ret;
}

/* srt_pset_init() lays the set out at the start of its buffer. */
struct srt_pset *srt_kchain_set(void *buf)
{
	return buf;
}

int srt_kchain_commit_now(struct srt_kchain *kc, struct srt_pset *ps)
{
	struct srt_pset *old;
	int ret;

	srt_fpu_begin();
	ret = srt_chain_commit(kc->c, ps, &old);
	srt_fpu_end();
	return ret ? -EINVAL : 0;
}

void srt_kchain_reset_now(struct srt_kchain *kc)
{
	srt_fpu_begin();
	srt_chain_reset(kc->c);
	srt_fpu_end();
}

void srt_kchain_signal_name(struct srt_kchain *kc, bool out, u32 i,
			    char *buf, size_t size)
{
	srt_fpu_begin();
	strscpy(buf, out ? srt_chain_output_name(kc->c, i) :
		srt_chain_input_name(kc->c, i), size);
	srt_fpu_end();
}

char *srt_kchain_describe(struct srt_kchain *kc, size_t *len)
{
	size_t size = 8192, need;
	char *buf;

	for (;;) {
		buf = kvmalloc(size, GFP_KERNEL);
		if (!buf)
			return NULL;
		srt_fpu_begin();
		need = srt_chain_describe(kc->c, buf, size);
		srt_fpu_end();
		if (need < size)
			break;
		kvfree(buf);
		size = need + 1;
	}
	*len = need;
	return buf;
}

/*
 * The rare parts of srt_kchain_run(), out of line: their locals live on
 * the stack by address, which would make every cycle clear them (the
 * kernels' INIT_STACK_ALL_ZERO) and check a stack canary.
 */
static noinline void srt_kchain_commit(struct srt_chain *c,
				       struct srt_kchain_run *r)
{
	struct srt_pset *old;

	r->committed = !srt_chain_commit(c, r->commit, &old);
}

static noinline void srt_kchain_where(struct srt_chain *c,
				      struct srt_kchain_run *r)
{
	struct srt_chain_stats cs;

	srt_chain_get_stats(c, &cs);
	r->bad_signal = cs.last_bad_signal;
	r->bad_block = cs.last_bad_block;
}

struct srt_chain *srt_kchain_chain(const struct srt_kchain *kc)
{
	return kc->c;
}

/*
 * The loop's per-cycle section (loop thread, no lock): reset, commit and
 * step in ONE FPU section, so the commit lands exactly between two steps.
 * bad_signal and bad_block are set only when the step went non-finite.
 */
SRT_CYCLE_FN void srt_kchain_run(struct srt_chain *c, struct srt_kchain_run *r)
{
	int st = 0;

	if (!r->fpu_held)
		srt_fpu_begin();
	if (r->reset)
		srt_chain_reset(c);
	if (r->commit)
		srt_kchain_commit(c, r);
	if (r->step)
		st = srt_chain_step(c, r->in, r->out);
	if (st & SRT_STEP_NONFINITE)
		srt_kchain_where(c, r);
	if (!r->fpu_held)
		srt_fpu_end();
	r->nonfinite = st & SRT_STEP_NONFINITE;
	r->bad_input = st & SRT_STEP_BAD_INPUT;
}

struct srt_kchain *srt_blocks_chain_compile(const char *text, size_t len,
					    u32 period_ns, char *err,
					    size_t errlen)
{
	struct srt_kchain *kc;

	mutex_lock(&srt_lock);
	kc = srt_kchain_compile_locked(text, len, period_ns, err, errlen);
	mutex_unlock(&srt_lock);
	return kc;
}
EXPORT_SYMBOL_GPL(srt_blocks_chain_compile);

u32 srt_blocks_chain_inputs(const struct srt_kchain *kc)
{
	return kc->n_in;
}
EXPORT_SYMBOL_GPL(srt_blocks_chain_inputs);

u32 srt_blocks_chain_outputs(const struct srt_kchain *kc)
{
	return kc->n_out;
}
EXPORT_SYMBOL_GPL(srt_blocks_chain_outputs);

int srt_blocks_chain_step(struct srt_kchain *kc, const u64 *in, u64 *out)
{
	int st;

	srt_fpu_begin();
	st = srt_chain_step(kc->c, in, out);
	srt_fpu_end();
	return st;
}
EXPORT_SYMBOL_GPL(srt_blocks_chain_step);

void srt_blocks_chain_free(struct srt_kchain *kc)
{
	mutex_lock(&srt_lock);
	srt_kchain_free_locked(kc);
	mutex_unlock(&srt_lock);
}
EXPORT_SYMBOL_GPL(srt_blocks_chain_free);
