// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Running a compiled chain: the per-period step, reset, parameter sets
 * (stage outside the loop, commit between steps) and introspection.
 */
#include "../include/shieldrt_cacheline.h"
#include "srt_chain_impl.h"

/*
 * A block's inputs into buf[].  Locals throughout the step: the kernel
 * builds without strict aliasing, so a store through a double pointer
 * would otherwise make the compiler reload every pointer of *c.
 */
static inline void gather(double *buf, const double *sig,
			  const struct srt_inst *b)
{
	u32 j, n = b->n_in;

	for (j = 0; j < n; j++)
		buf[j] = sig[b->in_sig[j]];
}

/* The first signal from @i on that is NaN or infinite (there is one). */
static u32 first_nonfinite(const double *sig, u32 i)
{
	while (srt_isfinite(sig[i]))
		i++;
	return i;
}

/*
 * The signals are double-buffered: a step computes into c->sig while
 * c->good holds the last clean step's values.  A clean step swaps the two
 * (no copy); a step that went NaN/Inf copies the clean values back over
 * the work buffer, so a block never reads a non-finite leftover.  Every
 * signal a feedthrough block reads is written earlier in the same step;
 * a block without feedthrough ignores its inputs in step() (they may be
 * an older step's, but finite).
 */
SRT_CYCLE_FN int srt_chain_step(struct srt_chain *c, const u64 *in, u64 *out)
{
	/* the active set's, read once: a commit comes between steps */
	const u8 *cfgs = c->cfg;
	const struct srt_inst *blk = c->blk;
	const u32 n_in = c->n_in, n_sig = c->n_sig, n_out = c->n_out;
	double *sig = c->sig, *good = c->good, *buf = c->buf;
	u64 bad = 0;
	int status = 0;
	u32 i, k, n;

	/*
	 * The chain's inputs are signals 0 .. n_in - 1 (wire()); one that is
	 * not finite keeps its last clean value.
	 */
	for (i = 0; i < n_in; i++) {
		u64 v = in[i];

		if (srt_bits_finite(v)) {
			sig[i] = srt_from_bits(v);
		} else {
			sig[i] = good[i];
			status |= SRT_STEP_BAD_INPUT;
			c->st.bad_inputs++;
		}
	}
	/*
	 * Every signal but the inputs is one block output: each is looked at
	 * as its block wrote it, and the ORed sign bits tested once.
	 */
	for (k = 0, n = c->n_blk; k < n; k++) {
		const struct srt_step *st = &c->steps[k];
		const u8 *cfg = cfgs + st->cfg_off;
		const struct srt_inst *b;
		double *o = sig + st->out;
		u32 j;

		if (st->op == SRT_OP_GAIN) {
			double v = *(const double *)cfg * sig[st->in0];

			*o = v;
			bad |= srt_bits_nonfinite(srt_to_bits(v));
			continue;
		}
		b = &blk[st->blk];
		if (st->op == SRT_OP_CALL) {
			b->type->step(b->state, cfg, sig + st->in0, o);
		} else {
			gather(buf, sig, b);
			b->type->step(b->state, cfg, buf, o);
		}
		for (j = 0; j < b->n_out; j++)
			bad |= srt_bits_nonfinite(srt_to_bits(o[j]));
	}
	for (k = 0, n = c->n_upd; k < n; k++) {
		const struct srt_inst *b = &blk[c->upd[k]];

		gather(buf, sig, b);
		b->type->update(b->state, cfgs + b->cfg_off, buf);
	}
	if (bad & SRT_F64_SIGN_BIT) {
		i = first_nonfinite(sig, n_in);
		c->st.nonfinite_steps++;
		c->st.last_bad_signal = (s32)i;
		c->st.last_bad_block = c->sig_driver[i];
		for (i = 0; i < n_sig; i++)
			sig[i] = good[i];
		status |= SRT_STEP_NONFINITE;
	} else {
		c->good = sig;
		c->sig = good;
		good = sig;
	}
	for (i = 0; i < n_out; i++)
		out[i] = srt_to_bits(good[c->out_sig[i]]);
	c->n_steps++;
	return status;
}

void srt_chain_reset(struct srt_chain *c)
{
	u32 i;

	for (i = 0; i < c->n_blk; i++) {
		const struct srt_inst *b = &c->blk[i];

		b->type->reset(b->state, c->active->cfg + b->cfg_off);
	}
	for (i = 0; i < c->n_sig; i++) {
		c->sig[i] = 0;
		c->good[i] = 0;
	}
}

void srt_chain_get_stats(const struct srt_chain *c, struct srt_chain_stats *st)
{
	*st = c->st;
	st->steps = c->n_steps;
}

size_t srt_chain_bytes(const struct srt_chain *c)
{
	return c->bytes;
}

u32 srt_chain_period_ns(const struct srt_chain *c)
{
	return c->period_ns;
}

u32 srt_chain_n_inputs(const struct srt_chain *c)
{
	return c->n_in;
}

u32 srt_chain_n_outputs(const struct srt_chain *c)
{
	return c->n_out;
}

u32 srt_chain_n_blocks(const struct srt_chain *c)
{
	return c->n_blk;
}

u32 srt_chain_n_signals(const struct srt_chain *c)
{
	return c->n_sig;
}

const char *srt_chain_input_name(const struct srt_chain *c, u32 i)
{
	return i < c->n_in ? c->sig_name[c->in_sig[i]] : NULL;
}

const char *srt_chain_output_name(const struct srt_chain *c, u32 i)
{
	return i < c->n_out ? c->sig_name[c->out_sig[i]] : NULL;
}

const char *srt_chain_signal_name(const struct srt_chain *c, u32 i)
{
	return i < c->n_sig ? c->sig_name[i] : NULL;
}

struct srt_pset *srt_chain_active(const struct srt_chain *c)
{
	return c->active;
}

/* ---- parameter sets ---- */

#define AL(n)	(((n) + SRT_ALIGN - 1) & ~(size_t)(SRT_ALIGN - 1))

size_t srt_pset_size(const struct srt_chain *c)
{
	return AL(sizeof(struct srt_pset)) + AL(c->n_vals * sizeof(double)) +
	       AL(c->n_cnt * sizeof(u16)) + AL(c->cfg_bytes);
}

struct srt_pset *srt_pset_init(const struct srt_chain *c, void *buf,
			       size_t size)
{
	struct srt_pset *ps = buf;
	u8 *p = buf;
	u32 i;

	if (size < srt_pset_size(c) || ((size_t)buf & (SRT_ALIGN - 1)) ||
	    buf == c->active)
		return NULL;
	p += AL(sizeof(*ps));
	ps->vals = (double *)p;
	p += AL(c->n_vals * sizeof(double));
	ps->cnt = (u16 *)p;
	p += AL(c->n_cnt * sizeof(u16));
	ps->cfg = p;
	for (i = 0; i < c->n_vals; i++)
		ps->vals[i] = c->active->vals[i];
	for (i = 0; i < c->n_cnt; i++)
		ps->cnt[i] = c->active->cnt[i];
	ps->chain = c;
	ps->state = SRT_PSET_DRAFT;
	ps->magic = SRT_PSET_MAGIC;
	return ps;
}

static const struct srt_inst *inst_find(const struct srt_chain *c,
					const char *s, size_t len)
{
	u32 i;

	for (i = 0; i < c->n_blk; i++)
		if (srt_strneq(c->blk[i].name, s, len))
			return &c->blk[i];
	return NULL;
}

/* one "block.param=values" assignment */
static int stage_one(const struct srt_chain *c, struct srt_pset *ps,
		     const char *s, size_t len, u32 line, struct srt_err *err)
{
	size_t dot = 0, eq;
	const struct srt_inst *b;
	const struct srt_param_desc *d;
	char q[SRT_QUOTE_LEN];
	const char *why;
	u32 off, e;
	int p;

	while (dot < len && s[dot] != '.' && s[dot] != '=')
		dot++;
	eq = dot;
	while (eq < len && s[eq] != '=')
		eq++;
	if (dot >= len || s[dot] != '.' || eq >= len) {
		srt_err_set(err, line, "expected block.param=value, got %s",
			    SRT_ERR_QUOTE(q, s, len));
		return SRT_EINVAL;
	}
	b = inst_find(c, s, dot);
	if (!b) {
		srt_err_set(err, line, "no block %s in this chain",
			    SRT_ERR_QUOTE(q, s, dot));
		return SRT_EINVAL;
	}
	p = srt_param_find(b->type, s + dot + 1, eq - dot - 1);
	if (p < 0) {
		srt_err_set(err, line, "%s has no parameter %s",
			    b->type->name,
			    SRT_ERR_QUOTE(q, s + dot + 1, eq - dot - 1));
		return SRT_EINVAL;
	}
	d = &b->type->params[p];
	if (srt_param_parse(b->type, (u32)p, s + eq + 1, len - eq - 1,
			    ps->vals + b->val_off, ps->cnt + b->cnt_off,
			    &why)) {
		srt_err_set(err, line, "%s.%s=%s: %s", b->name, d->name,
			    SRT_ERR_QUOTE(q, s + eq + 1, len - eq - 1), why);
		return SRT_EINVAL;
	}
	off = b->val_off + srt_param_offset(b->type, (u32)p);
	/* the schema here, where the line is known (srt_pset_stage() again) */
	for (e = 0; e < d->len; e++)
		if (srt_param_value_check(b, d, ps->vals[off + e], err, line))
			return SRT_EINVAL;
	if (d->flags & SRT_P_STRUCT) {
		for (e = 0; e < d->len; e++) {
			if (ps->vals[off + e] != c->active->vals[off + e]) {
				srt_err_set(err, line,
					    "%s.%s sets the block's shape; it cannot change in a staged set",
					    b->name, d->name);
				return SRT_EINVAL;
			}
		}
	}
	return 0;
}

static int stage_text(const struct srt_chain *c, struct srt_pset *ps,
		      const char *text, size_t len, struct srt_err *err)
{
	size_t i = 0;
	u32 line = 1;
	int ret;

	while (i < len) {
		size_t st;
		char ch = text[i];

		if (ch == '\n') {
			line++;
			i++;
			continue;
		}
		if (ch == ' ' || ch == '\t' || ch == '\r') {
			i++;
			continue;
		}
		if (ch == '#') {
			while (i < len && text[i] != '\n')
				i++;
			continue;
		}
		st = i;
		while (i < len && text[i] != ' ' && text[i] != '\t' &&
		       text[i] != '\r' && text[i] != '\n' && text[i] != '#') {
			unsigned char u = (unsigned char)text[i];

			if (u < 0x20 || u >= 0x7f) {
				srt_err_set(err, line, "unexpected byte 0x%x",
					    u);
				return SRT_EINVAL;
			}
			i++;
		}
		ret = stage_one(c, ps, text + st, i - st, line, err);
		if (ret)
			return ret;
	}
	return 0;
}

int srt_pset_stage(const struct srt_chain *c, struct srt_pset *ps,
		   const char *text, size_t len, struct srt_err *err)
{
	u32 i;
	int ret;

	err->line = 0;
	err->msg[0] = '\0';
	if (ps->magic != SRT_PSET_MAGIC || ps->chain != c ||
	    (ps->state != SRT_PSET_DRAFT && ps->state != SRT_PSET_READY)) {
		srt_err_set(err, 0, "not a fresh parameter set of this chain");
		return SRT_EINVAL;
	}
	if (len > SRT_TEXT_MAX) {
		srt_err_set(err, 0, "staged text longer than %u bytes",
			    SRT_TEXT_MAX);
		ret = SRT_EINVAL;
		goto bad;
	}
	ps->state = SRT_PSET_DRAFT;
	ret = stage_text(c, ps, text, len, err);
	if (ret)
		goto bad;
	for (i = 0; i < c->n_blk; i++) {
		const struct srt_inst *b = &c->blk[i];
		struct srt_pview pv;

		ret = srt_inst_validate(c, b, ps, err, 0);
		if (ret)
			goto bad;
		srt_pview_of(c, ps, b, &pv);
		if (b->type->feedthrough && b->type->feedthrough(&pv) != b->ft) {
			srt_err_set(err, 0,
				    "block %s would %s feedthrough: that changes the chain's order",
				    b->name, b->ft ? "lose" : "gain");
			ret = SRT_EINVAL;
			goto bad;
		}
	}
	for (i = 0; i < c->n_blk; i++) {
		const struct srt_inst *b = &c->blk[i];
		struct srt_pview pv;

		srt_pview_of(c, ps, b, &pv);
		b->type->prepare(ps->cfg + b->cfg_off, &pv);
	}
	ps->state = SRT_PSET_READY;
	return 0;
bad:
	ps->state = SRT_PSET_BAD;
	return ret;
}

int srt_chain_commit(struct srt_chain *c, struct srt_pset *ps,
		     struct srt_pset **old)
{
	struct srt_pset *prev = c->active;
	u32 i;

	if (ps->magic != SRT_PSET_MAGIC || ps->chain != c ||
	    ps->state != SRT_PSET_READY)
		return SRT_EINVAL;
	for (i = 0; i < c->n_blk; i++) {
		const struct srt_inst *b = &c->blk[i];

		if (b->type->retune)
			b->type->retune(b->state, prev->cfg + b->cfg_off,
					ps->cfg + b->cfg_off);
	}
	ps->state = SRT_PSET_ACTIVE;
	prev->state = SRT_PSET_DRAFT;
	c->active = ps;
	c->cfg = ps->cfg;
	c->st.commits++;
	c->st.commit_step = c->n_steps;
	if (old)
		*old = prev;
	return 0;
}

/* ---- describe ---- */

struct srt_out {
	char *buf;
	size_t size, len;
};

static void out_printf(struct srt_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void out_printf(struct srt_out *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	o->len += srt_vsnprintf(o->buf ? o->buf + (o->len < o->size ? o->len :
						   o->size) : NULL,
				o->len < o->size ? o->size - o->len : 0, fmt,
				ap);
	va_end(ap);
}

/* text that the parser reads back as the same bits (see srt_num.h) */
static void out_double(struct srt_out *o, double v)
{
	char num[40];

	srt_format_double_exact(num, sizeof(num), v);
	out_printf(o, "%s", num);
}

static void describe_block(const struct srt_chain *c, const struct srt_inst *b,
			   struct srt_out *o)
{
	const struct srt_block_type *t = b->type;
	const double *v = c->active->vals + b->val_off;
	const u16 *cnt = c->active->cnt + b->cnt_off;
	u32 i, e, off = 0;

	out_printf(o, "block %s %s", b->name, t->name);
	for (i = 0; i < b->n_in; i++)
		out_printf(o, "%s%s", i ? "," : " in=",
			   c->sig_name[b->in_sig[i]]);
	for (i = 0; i < b->n_out; i++)
		out_printf(o, "%s%s", i ? "," : " out=",
			   c->sig_name[b->out_sig + i]);
	for (i = 0; i < t->n_params; i++) {
		const struct srt_param_desc *d = &t->params[i];
		u32 n = d->len == 1 ? 1 : cnt[i];

		for (e = 0; e < n; e++) {
			out_printf(o, e ? "," : " %s=", d->name);
			out_double(o, v[off + e]);
		}
		off += d->len;
	}
	out_printf(o, "%s\n", b->ft ? "" : "  # no feedthrough");
}

size_t srt_chain_describe(const struct srt_chain *c, char *buf, size_t size)
{
	struct srt_out o = { .buf = buf, .size = size };
	u32 i;

	if (size)
		buf[0] = '\0';
	out_printf(&o, "period_us %u\n", c->period_ns / 1000);
	if (c->period_ns % 1000)
		out_printf(&o, "# loop period %u ns is not whole us\n",
			   c->period_ns);
	if (c->n_in) {
		out_printf(&o, "input");
		for (i = 0; i < c->n_in; i++)
			out_printf(&o, " %s", srt_chain_input_name(c, i));
		out_printf(&o, "\n");
	}
	if (c->n_out) {
		out_printf(&o, "output");
		for (i = 0; i < c->n_out; i++)
			out_printf(&o, " %s", srt_chain_output_name(c, i));
		out_printf(&o, "\n");
	}
	for (i = 0; i < c->n_blk; i++)
		describe_block(c, &c->blk[c->order[i]], &o);
	return o.len;
}
