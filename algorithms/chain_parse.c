// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Chain text -> compiled chain, in a caller-given arena.
 *
 * Two passes over the text.  The first finds the block lines and their
 * types, which fixes every size (instances, parameter values, states,
 * configurations), so the arena is checked once, up front.  The second
 * parses everything and records signal names; then signals are laid out
 * (chain inputs first, then each block's outputs contiguously), every
 * block is validated against its schema, the blocks are ordered so each
 * feedthrough block runs after the blocks that drive it, and the first
 * parameter set is prepared.  Any error rejects the whole text.
 */
#include "srt_chain_impl.h"
#include "../include/shieldrt_cacheline.h"

#define MAX_TOK		80
#define NO_DRIVER	(-1)
#define IN_DRIVER	(-2)

struct srt_tok {
	const char *s;
	u32 len;
};

/* what pass 1 learns: every size the chain will need */
struct srt_sizes {
	u32 n_blk, n_vals, n_cnt, cfg_bytes;
	size_t state_bytes;
	const struct srt_block_type *type[SRT_MAX_BLOCKS];
};

struct srt_pctx {
	struct srt_sizes sz;
	struct srt_err *err;
	u32 line;
	struct srt_tok tok[MAX_TOK];
	u32 ntok;
	char names[SRT_MAX_CHAIN_SIGNALS][SRT_IDENT_LEN];
	s16 drv_blk[SRT_MAX_CHAIN_SIGNALS];
	u16 drv_port[SRT_MAX_CHAIN_SIGNALS];
	u16 drv_line[SRT_MAX_CHAIN_SIGNALS];
	u16 ref_line[SRT_MAX_CHAIN_SIGNALS];
	u16 sig_of[SRT_MAX_CHAIN_SIGNALS];	/* name index -> signal index */
	u32 n_names;
	u16 in_names[SRT_MAX_IO], out_names[SRT_MAX_IO];
	u32 n_in, n_out;
	u16 blk_in[SRT_MAX_BLOCKS][SRT_MAX_PORTS];	/* name indices */
	u16 blk_out[SRT_MAX_BLOCKS][SRT_MAX_PORTS];
	u32 period_us;
	u32 period_line;
};

struct srt_arena {
	u8 *base;
	size_t size, used;
};

static void *arena_alloc(struct srt_arena *a, size_t n)
{
	size_t at = (a->used + SRT_ALIGN - 1) & ~(size_t)(SRT_ALIGN - 1);
	void *p;

	if (at > a->size || n > a->size - at)
		return NULL;
	p = a->base + at;
	a->used = at + n;
	return p;
}

/*
 * n bytes on a 64-byte line of their own (the address, not the offset):
 * the step's signals and their last clean copy start a cache line each.
 */
static void *arena_alloc_line(struct srt_arena *a, size_t n)
{
	size_t skip = -(size_t)(a->base + a->used) & (SRT_LINE_BYTES - 1);

	if (skip > a->size - a->used)
		return NULL;
	a->used += skip;
	return arena_alloc(a, n);
}

static size_t align_up(size_t n)
{
	return (n + SRT_ALIGN - 1) & ~(size_t)(SRT_ALIGN - 1);
}

bool srt_signal_name_ok(const char *s, size_t len, bool dots)
{
	size_t i;

	if (!len || len >= SRT_IDENT_LEN)
		return false;
	for (i = 0; i < len; i++) {
		char c = s[i];

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    c == '_' || (i && c >= '0' && c <= '9') ||
		    (dots && i && c == '.' && i + 1 < len))
			continue;
		return false;
	}
	return true;
}

static bool tok_is(const struct srt_tok *t, const char *word)
{
	return srt_strneq(word, t->s, t->len);
}

/* Split one line into blank-separated tokens, dropping a # comment. */
static int tokenize(struct srt_pctx *x, const char *s, size_t len)
{
	size_t i = 0;

	x->ntok = 0;
	while (i < len) {
		size_t st;

		while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
			i++;
		if (i >= len || s[i] == '#')
			break;
		st = i;
		while (i < len && s[i] != ' ' && s[i] != '\t' &&
		       s[i] != '\r' && s[i] != '#')
			i++;
		if (x->ntok >= MAX_TOK) {
			srt_err_set(x->err, x->line, "too many words on a line (max %u)",
				    MAX_TOK);
			return SRT_EINVAL;
		}
		x->tok[x->ntok].s = s + st;
		x->tok[x->ntok].len = (u32)(i - st);
		x->ntok++;
	}
	return 0;
}

/*
 * Call fn for each line of text; stops at the first error.  Rejects
 * control bytes and over-long lines here so no later stage sees them.
 */
struct srt_line_fn {
	int (*fn)(struct srt_pctx *x, void *arg);
	void *arg;
};

static int parse_lines(struct srt_pctx *x, const char *text, size_t len,
			 const struct srt_line_fn *cb)
{
	size_t pos = 0;
	int ret;

	x->line = 0;
	while (pos < len) {
		size_t end = pos, i;

		while (end < len && text[end] != '\n')
			end++;
		x->line++;
		if (end - pos > SRT_LINE_MAX) {
			srt_err_set(x->err, x->line, "line longer than %u bytes",
				    SRT_LINE_MAX);
			return SRT_EINVAL;
		}
		for (i = pos; i < end; i++) {
			unsigned char c = (unsigned char)text[i];

			if ((c < 0x20 && c != '\t' && c != '\r') || c >= 0x7f) {
				srt_err_set(x->err, x->line,
					    "unexpected byte 0x%x", c);
				return SRT_EINVAL;
			}
		}
		ret = tokenize(x, text + pos, end - pos);
		if (ret)
			return ret;
		if (x->ntok) {
			ret = cb->fn(x, cb->arg);
			if (ret)
				return ret;
		}
		pos = end + 1;
	}
	return 0;
}

/* ---- pass 1: count blocks, size everything ---- */

static int size_line(struct srt_pctx *x, void *arg)
{
	char q[SRT_QUOTE_LEN];
	struct srt_sizes *sz = arg;
	const struct srt_block_type *t;

	if (!tok_is(&x->tok[0], "block"))
		return 0;
	if (x->ntok < 3) {
		srt_err_set(x->err, x->line, "block needs a name and a type");
		return SRT_EINVAL;
	}
	if (sz->n_blk >= SRT_MAX_BLOCKS) {
		srt_err_set(x->err, x->line, "too many blocks (max %u)",
			    SRT_MAX_BLOCKS);
		return SRT_EINVAL;
	}
	t = srt_block_lookup(x->tok[2].s, x->tok[2].len);
	if (!t) {
		srt_err_set(x->err, x->line, "unknown block type %s",
			    SRT_ERR_QUOTE(q, x->tok[2].s, x->tok[2].len));
		return SRT_EINVAL;
	}
	sz->type[sz->n_blk++] = t;
	sz->n_vals += srt_param_nvals(t);
	sz->n_cnt += t->n_params;
	sz->cfg_bytes += (u32)align_up(t->cfg_size);
	sz->state_bytes += align_up(t->state_size);
	return 0;
}

/* ---- pass 2: statements ---- */

struct srt_build {
	struct srt_chain *c;
	struct srt_pset *ps;
	u32 n_blk;
	u32 val_off, cnt_off, cfg_off;
};

/* name index of a signal, added on first sight; -1 (err set) if full */
static int name_ref(struct srt_pctx *x, const char *s, size_t len)
{
	u32 i;

	for (i = 0; i < x->n_names; i++)
		if (srt_strneq(x->names[i], s, len))
			return (int)i;
	if (x->n_names >= SRT_MAX_CHAIN_SIGNALS) {
		srt_err_set(x->err, x->line, "too many signals (max %u)",
			    SRT_MAX_CHAIN_SIGNALS);
		return -1;
	}
	for (i = 0; i < len; i++)
		x->names[x->n_names][i] = s[i];
	x->names[x->n_names][len] = '\0';
	x->drv_blk[x->n_names] = NO_DRIVER;
	x->ref_line[x->n_names] = (u16)x->line;
	return (int)x->n_names++;
}

static int drive(struct srt_pctx *x, int n, s16 blk, u16 port)
{
	if (x->drv_blk[n] != NO_DRIVER) {
		srt_err_set(x->err, x->line,
			    "signal '%s' driven twice (also on line %u)",
			    x->names[n], x->drv_line[n]);
		return SRT_EINVAL;
	}
	x->drv_blk[n] = blk;
	x->drv_port[n] = port;
	x->drv_line[n] = (u16)x->line;
	return 0;
}

static int stmt_period(struct srt_pctx *x)
{
	char q[SRT_QUOTE_LEN];
	const struct srt_tok *t = &x->tok[1];
	u32 v = 0, i;

	if (x->ntok != 2) {
		srt_err_set(x->err, x->line, "period_us takes one number");
		return SRT_EINVAL;
	}
	if (x->period_line) {
		srt_err_set(x->err, x->line, "period_us given twice");
		return SRT_EINVAL;
	}
	for (i = 0; i < t->len; i++) {
		if (t->s[i] < '0' || t->s[i] > '9' || i >= 8) {
			srt_err_set(x->err, x->line,
				    "period_us must be an integer %u..%u, not %s",
				    SRT_CHAIN_PERIOD_US_MIN,
				    SRT_CHAIN_PERIOD_US_MAX,
				    SRT_ERR_QUOTE(q, t->s, t->len));
			return SRT_EINVAL;
		}
		v = v * 10 + (u32)(t->s[i] - '0');
	}
	if (v < SRT_CHAIN_PERIOD_US_MIN || v > SRT_CHAIN_PERIOD_US_MAX) {
		srt_err_set(x->err, x->line,
			    "period_us must be an integer %u..%u, not %s",
			    SRT_CHAIN_PERIOD_US_MIN, SRT_CHAIN_PERIOD_US_MAX,
			    SRT_ERR_QUOTE(q, t->s, t->len));
		return SRT_EINVAL;
	}
	x->period_us = v;
	x->period_line = x->line;
	return 0;
}

static int stmt_io(struct srt_pctx *x, bool is_input)
{
	char q[SRT_QUOTE_LEN];
	u32 i, j;

	if (x->ntok < 2) {
		srt_err_set(x->err, x->line, "%s needs at least one signal name",
			    is_input ? "input" : "output");
		return SRT_EINVAL;
	}
	for (i = 1; i < x->ntok; i++) {
		const struct srt_tok *t = &x->tok[i];
		u16 *list = is_input ? x->in_names : x->out_names;
		u32 *n = is_input ? &x->n_in : &x->n_out;
		int k;

		if (!srt_signal_name_ok(t->s, t->len, true)) {
			srt_err_set(x->err, x->line, "bad signal name %s",
				    SRT_ERR_QUOTE(q, t->s, t->len));
			return SRT_EINVAL;
		}
		k = name_ref(x, t->s, t->len);
		if (k < 0)
			return SRT_EINVAL;
		if (*n >= SRT_MAX_IO) {
			srt_err_set(x->err, x->line, "too many %ss (max %u)",
				    is_input ? "input" : "output", SRT_MAX_IO);
			return SRT_EINVAL;
		}
		for (j = 0; j < *n; j++) {
			if (list[j] == k) {
				srt_err_set(x->err, x->line,
					    "'%s' listed twice as %s",
					    x->names[k],
					    is_input ? "input" : "output");
				return SRT_EINVAL;
			}
		}
		if (is_input && drive(x, k, IN_DRIVER, (u16)*n))
			return SRT_EINVAL;
		list[(*n)++] = (u16)k;
	}
	return 0;
}

static int port_list(struct srt_pctx *x, const struct srt_tok *v, u16 *names,
		     u32 *n, bool outputs)
{
	char q[SRT_QUOTE_LEN];
	u32 pos = 0;

	*n = 0;
	for (;;) {
		u32 end = pos;
		bool unnamed;
		int k;

		while (end < v->len && v->s[end] != ',')
			end++;
		if (*n >= SRT_MAX_PORTS) {
			srt_err_set(x->err, x->line, "too many ports (max %u)",
				    SRT_MAX_PORTS);
			return SRT_EINVAL;
		}
		/* "-": an unnamed output, named after its port later */
		unnamed = outputs && end - pos == 1 && v->s[pos] == '-';
		if (!unnamed && !srt_signal_name_ok(v->s + pos, end - pos, true)) {
			srt_err_set(x->err, x->line, "bad signal name %s",
				    SRT_ERR_QUOTE(q, v->s + pos, end - pos));
			return SRT_EINVAL;
		}
		k = unnamed ? 0xffff : name_ref(x, v->s + pos, end - pos);
		if (k < 0)
			return SRT_EINVAL;
		names[(*n)++] = (u16)k;
		if (end >= v->len)
			break;
		pos = end + 1;
	}
	return 0;
}

static int block_outputs(struct srt_pctx *x, struct srt_build *bd,
			 struct srt_inst *b, u32 nb, u32 n_given)
{
	u32 j;

	for (j = 0; j < b->n_out; j++) {
		int k = j < n_given ? x->blk_out[nb][j] : 0xffff;

		if (k == 0xffff) {
			char auto_name[SRT_IDENT_LEN * 2];
			size_t len = srt_snprintf(auto_name, sizeof(auto_name),
						  "%s.%s", b->name,
						  b->type->out_names[j]);

			if (len >= SRT_IDENT_LEN) {
				srt_err_set(x->err, x->line,
					    "block %s: output %u needs a name in out= (%s is too long)",
					    b->name, j + 1, auto_name);
				return SRT_EINVAL;
			}
			k = name_ref(x, auto_name, len);
			if (k < 0)
				return SRT_EINVAL;
			x->blk_out[nb][j] = (u16)k;
		}
		if (drive(x, k, (s16)nb, (u16)j))
			return SRT_EINVAL;
	}
	(void)bd;
	return 0;
}

static int stmt_block(struct srt_pctx *x, struct srt_build *bd)
{
	char q[SRT_QUOTE_LEN];
	struct srt_chain *c = bd->c;
	u32 nb = bd->n_blk, i, seen = 0, n_in_given = 0, n_out_given = 0;
	struct srt_inst *b = &c->blk[nb];
	const struct srt_block_type *t;
	bool have_in = false, have_out = false;
	struct srt_pview pv;
	u16 n_in, n_out;

	if (!srt_signal_name_ok(x->tok[1].s, x->tok[1].len, false)) {
		srt_err_set(x->err, x->line, "bad block name %s",
			    SRT_ERR_QUOTE(q, x->tok[1].s, x->tok[1].len));
		return SRT_EINVAL;
	}
	for (i = 0; i < nb; i++) {
		if (srt_strneq(c->blk[i].name, x->tok[1].s, x->tok[1].len)) {
			srt_err_set(x->err, x->line,
				    "block '%s' defined twice (also on line %u)",
				    c->blk[i].name, c->blk[i].line);
			return SRT_EINVAL;
		}
	}
	/* pass 1 resolved the type already; lookup cannot fail here */
	t = srt_block_lookup(x->tok[2].s, x->tok[2].len);
	b->type = t;
	for (i = 0; i < x->tok[1].len; i++)
		b->name[i] = x->tok[1].s[i];
	b->name[i] = '\0';
	b->line = (u16)x->line;
	b->val_off = bd->val_off;
	b->cnt_off = bd->cnt_off;
	b->cfg_off = bd->cfg_off;
	bd->val_off += srt_param_nvals(t);
	bd->cnt_off += t->n_params;
	bd->cfg_off += (u32)align_up(t->cfg_size);
	for (i = 0; i < t->n_params; i++) {
		double *v = bd->ps->vals + b->val_off +
			    srt_param_offset(t, i);
		u32 e;

		for (e = 0; e < t->params[i].len; e++)
			v[e] = t->params[i].def;
		bd->ps->cnt[b->cnt_off + i] = 0;
	}

	for (i = 3; i < x->ntok; i++) {
		const struct srt_tok *tk = &x->tok[i];
		struct srt_tok key, val;
		const char *why;
		u32 e = 0;
		int p;

		while (e < tk->len && tk->s[e] != '=')
			e++;
		if (e == tk->len || e == 0) {
			srt_err_set(x->err, x->line,
				    "expected key=value, got %s",
				    SRT_ERR_QUOTE(q, tk->s, tk->len));
			return SRT_EINVAL;
		}
		key.s = tk->s;
		key.len = e;
		val.s = tk->s + e + 1;
		val.len = tk->len - e - 1;
		if (tok_is(&key, "in") || tok_is(&key, "out")) {
			bool is_in = tok_is(&key, "in");

			if (is_in ? have_in : have_out) {
				srt_err_set(x->err, x->line, "%s= given twice",
					    is_in ? "in" : "out");
				return SRT_EINVAL;
			}
			if (is_in)
				have_in = true;
			else
				have_out = true;
			if (port_list(x, &val, is_in ? x->blk_in[nb] :
				      x->blk_out[nb], is_in ? &n_in_given :
				      &n_out_given, !is_in))
				return SRT_EINVAL;
			continue;
		}
		p = srt_param_find(t, key.s, key.len);
		if (p < 0) {
			srt_err_set(x->err, x->line,
				    "%s has no parameter %s", t->name,
				    SRT_ERR_QUOTE(q, key.s, key.len));
			return SRT_EINVAL;
		}
		if (seen & (1u << p)) {
			srt_err_set(x->err, x->line, "%s given twice",
				    t->params[p].name);
			return SRT_EINVAL;
		}
		seen |= 1u << p;
		if (srt_param_parse(t, (u32)p, val.s, val.len,
				    bd->ps->vals + b->val_off,
				    bd->ps->cnt + b->cnt_off, &why)) {
			srt_err_set(x->err, x->line, "%s.%s=%s: %s",
				    b->name, t->params[p].name,
				    SRT_ERR_QUOTE(q, val.s, val.len), why);
			return SRT_EINVAL;
		}
	}

	pv.v = bd->ps->vals + b->val_off;
	pv.count = bd->ps->cnt + b->cnt_off;
	pv.dt = 0;		/* not known yet; ports() must not use it */
	n_in = t->n_in;
	n_out = t->n_out;
	if (t->ports) {
		/* ports() trusts its structural values: check them first */
		for (i = 0; i < t->n_params; i++) {
			const struct srt_param_desc *d = &t->params[i];
			double v = pv.v[srt_param_offset(t, i)];

			if ((d->flags & SRT_P_STRUCT) && d->len == 1 &&
			    !(v >= d->min && v <= d->max &&
			      srt_round(v) == v)) {
				srt_err_set(x->err, x->line,
					    "%s.%s=%g must be an integer in %g..%g",
					    b->name, d->name, v, d->min,
					    d->max);
				return SRT_EINVAL;
			}
		}
		t->ports(&pv, &n_in, &n_out);
	}
	b->n_in = n_in;
	b->n_out = n_out;
	if (n_in_given != n_in) {
		srt_err_set(x->err, x->line,
			    "block %s (%s) takes %u input%s, in= gives %u",
			    b->name, t->name, n_in, n_in == 1 ? "" : "s",
			    n_in_given);
		return SRT_EINVAL;
	}
	if (n_out_given > n_out) {
		srt_err_set(x->err, x->line,
			    "block %s (%s) has %u output%s, out= names %u",
			    b->name, t->name, n_out, n_out == 1 ? "" : "s",
			    n_out_given);
		return SRT_EINVAL;
	}
	bd->n_blk++;
	return block_outputs(x, bd, b, nb, n_out_given);
}

static int parse_line(struct srt_pctx *x, void *arg)
{
	char q[SRT_QUOTE_LEN];
	const struct srt_tok *kw = &x->tok[0];

	if (tok_is(kw, "period_us"))
		return stmt_period(x);
	if (tok_is(kw, "input"))
		return stmt_io(x, true);
	if (tok_is(kw, "output"))
		return stmt_io(x, false);
	if (tok_is(kw, "block"))
		return stmt_block(x, arg);
	srt_err_set(x->err, x->line, "unknown statement %s",
		    SRT_ERR_QUOTE(q, kw->s, kw->len));
	return SRT_EINVAL;
}

/* ---- after the text: wiring, order, first parameter set ---- */

static int report_loop(struct srt_pctx *x, struct srt_chain *c,
		       const bool *done)
{
	static const char hint[] = " (all feedthrough: add delay1 or a plant)";
	u16 path[SRT_MAX_BLOCKS + 1];
	s16 seen_at[SRT_MAX_BLOCKS];
	u32 n = 0, i, start = 0, m, lo;
	const char *first;
	size_t len, room;
	int cur = -1;

	for (i = 0; i < c->n_blk; i++) {
		seen_at[i] = -1;
		if (!done[i] && cur < 0)
			cur = (int)i;
	}
	/* walk upstream through undone drivers until a block repeats */
	while (seen_at[cur] < 0) {
		const struct srt_inst *b = &c->blk[cur];
		int next = -1;

		seen_at[cur] = (s16)n;
		path[n++] = (u16)cur;
		for (i = 0; i < b->n_in && next < 0; i++) {
			s16 d = c->sig_driver[b->in_sig[i]];

			if (d >= 0 && !done[d])
				next = d;
		}
		cur = next;	/* an undone ft block always has one */
	}
	start = (u32)seen_at[cur];
	/*
	 * path[n-1] -> ... -> path[start] -> path[n-1] is the loop in signal
	 * flow order; print it from its first block in the file.
	 */
	m = n - start;
	lo = 0;
	for (i = 0; i < m; i++)
		if (path[n - 1 - i] < path[n - 1 - lo])
			lo = i;
	first = c->blk[path[n - 1 - lo]].name;
	srt_err_set(x->err, c->blk[path[n - 1 - lo]].line, "algebraic loop: ");
	len = srt_strlen(x->err->msg);
	/*
	 * A long loop is cut short ("... N more -> "), so that its closing
	 * block and the hint still fit the shortest place a message is
	 * shown in: the UAPI's 128-byte err.
	 */
	room = SRT_ERR_SHOWN - 1 - srt_strlen(hint) - srt_strlen(first) - 20;
	for (i = 0; i < m; i++) {
		const char *name = c->blk[path[n - 1 - (lo + i) % m]].name;

		if (len + srt_strlen(name) + 4 > room) {
			len += srt_snprintf(x->err->msg + len, SRT_ERR_MAX - len,
					    "... %u more -> ", m - i);
			break;
		}
		len += srt_snprintf(x->err->msg + len, SRT_ERR_MAX - len,
				    "%s -> ", name);
	}
	srt_snprintf(x->err->msg + len, SRT_ERR_MAX - len, "%s%s", first, hint);
	return SRT_EINVAL;
}

/* The step order as srt_chain_step() runs it (struct srt_step). */
static void compile_steps(struct srt_chain *c)
{
	u32 k, j;

	for (k = 0; k < c->n_blk; k++) {
		const struct srt_inst *b = &c->blk[c->order[k]];
		struct srt_step *st = &c->steps[k];
		bool adjacent = true;

		for (j = 1; j < b->n_in; j++)
			adjacent &= b->in_sig[j] == b->in_sig[0] + j;
		st->blk = c->order[k];
		st->in0 = b->in_sig[0];
		st->out = b->out_sig;
		st->cfg_off = b->cfg_off;
		if (srt_blk_is_gain(b->type))
			st->op = SRT_OP_GAIN;
		else if (adjacent && b->ft)	/* ft: no input is its output */
			st->op = SRT_OP_CALL;
		else
			st->op = SRT_OP_GATHER;
	}
}

static int order_blocks(struct srt_pctx *x, struct srt_chain *c)
{
	u16 indeg[SRT_MAX_BLOCKS];
	bool done[SRT_MAX_BLOCKS];
	u32 k, i, j;

	for (i = 0; i < c->n_blk; i++) {
		const struct srt_inst *b = &c->blk[i];

		indeg[i] = 0;
		done[i] = false;
		if (!b->ft)
			continue;
		for (j = 0; j < b->n_in; j++)
			if (c->sig_driver[b->in_sig[j]] >= 0)
				indeg[i]++;
	}
	for (k = 0; k < c->n_blk; k++) {
		u32 pick = c->n_blk;

		for (i = 0; i < c->n_blk && pick == c->n_blk; i++)
			if (!done[i] && !indeg[i])
				pick = i;
		if (pick == c->n_blk)
			return report_loop(x, c, done);
		c->order[k] = (u16)pick;
		done[pick] = true;
		for (i = 0; i < c->n_blk; i++) {
			const struct srt_inst *b = &c->blk[i];

			if (done[i] || !b->ft)
				continue;
			for (j = 0; j < b->n_in; j++)
				if (c->sig_driver[b->in_sig[j]] == (s16)pick)
					indeg[i]--;
		}
	}
	c->n_upd = 0;
	for (k = 0; k < c->n_blk; k++)
		if (!c->blk[c->order[k]].ft)
			c->upd[c->n_upd++] = c->order[k];
	compile_steps(c);
	return 0;
}

static int wire(struct srt_pctx *x, struct srt_chain *c, struct srt_arena *a)
{
	u32 i, j, next;

	for (i = 0; i < x->n_names; i++) {
		if (x->drv_blk[i] == NO_DRIVER) {
			srt_err_set(x->err, x->ref_line[i],
				    "signal '%s' is not driven by an input or a block",
				    x->names[i]);
			return SRT_EINVAL;
		}
	}
	for (i = 0; i < x->n_in; i++)
		x->sig_of[x->in_names[i]] = (u16)i;
	next = x->n_in;
	for (i = 0; i < c->n_blk; i++) {
		c->blk[i].out_sig = (u16)next;
		for (j = 0; j < c->blk[i].n_out; j++)
			x->sig_of[x->blk_out[i][j]] = (u16)next++;
	}
	c->n_sig = next;	/* == n_names: each name has one driver */
	c->sig_name = arena_alloc(a, c->n_sig * sizeof(*c->sig_name));
	c->sig_driver = arena_alloc(a, c->n_sig * sizeof(*c->sig_driver));
	c->sig = arena_alloc_line(a, c->n_sig * sizeof(double));
	c->good = arena_alloc_line(a, c->n_sig * sizeof(double));
	if (!c->sig_name || !c->sig_driver || !c->sig || !c->good) {
		srt_err_set(x->err, 0,
			    "arena too small: the chain needs more than %u bytes",
			    (u32)(a->used + c->n_sig * (SRT_IDENT_LEN + 18) +
				  2 * SRT_ALIGN + 2 * SRT_LINE_BYTES));
		return SRT_ENOSPC;
	}
	for (i = 0; i < x->n_names; i++) {
		u16 s = x->sig_of[i];

		for (j = 0; j < SRT_IDENT_LEN; j++)
			c->sig_name[s][j] = x->names[i][j];
		c->sig_driver[s] = x->drv_blk[i] == IN_DRIVER ? -1 :
				   x->drv_blk[i];
	}
	c->n_in = x->n_in;
	c->n_out = x->n_out;
	for (i = 0; i < x->n_in; i++)
		c->in_sig[i] = x->sig_of[x->in_names[i]];
	for (i = 0; i < x->n_out; i++)
		c->out_sig[i] = x->sig_of[x->out_names[i]];
	for (i = 0; i < c->n_blk; i++)
		for (j = 0; j < c->blk[i].n_in; j++)
			c->blk[i].in_sig[j] = x->sig_of[x->blk_in[i][j]];
	return 0;
}

static bool inst_feedthrough(const struct srt_chain *c,
			     const struct srt_pset *ps,
			     const struct srt_inst *b)
{
	struct srt_pview pv;

	if (!b->type->feedthrough)
		return b->type->flags & SRT_BT_FEEDTHROUGH;
	srt_pview_of(c, ps, b, &pv);
	return b->type->feedthrough(&pv);
}

static int set_period(struct srt_pctx *x, struct srt_chain *c, u32 period_ns)
{
	if (period_ns && x->period_us &&
	    (u64)x->period_us * 1000 != period_ns) {
		srt_err_set(x->err, x->period_line,
			    "period_us %u does not match the loop period %u ns",
			    x->period_us, period_ns);
		return SRT_EINVAL;
	}
	if (!period_ns && !x->period_us) {
		srt_err_set(x->err, 0, "no period_us and no loop period given");
		return SRT_EINVAL;
	}
	c->period_ns = period_ns ? period_ns : x->period_us * 1000;
	c->dt = (double)c->period_ns * 1e-9;
	return 0;
}

int srt_chain_parse(const char *text, size_t len, u32 period_ns,
		    void *arena, size_t arena_size, struct srt_chain **out,
		    struct srt_err *err)
{
	struct srt_arena a = { .base = arena, .size = arena_size };
	struct srt_sizes *sz;
	struct srt_build bd = { 0 };
	struct srt_pctx *x;
	struct srt_chain *c;
	struct srt_pset *ps;
	size_t top, need;
	u32 i;
	int ret;

	err->line = 0;
	err->msg[0] = '\0';
	if (len > SRT_TEXT_MAX) {
		srt_err_set(err, 0, "chain text longer than %u bytes",
			    SRT_TEXT_MAX);
		return SRT_EINVAL;
	}
	/* parser scratch at the top of the arena; the chain grows from 0 */
	if (((size_t)arena & (SRT_ALIGN - 1)) ||
	    arena_size < sizeof(*x) + sizeof(*c) + 2 * SRT_ALIGN) {
		srt_err_set(err, 0, "arena too small or misaligned (need %u bytes aligned to %u for the parser alone)",
			    (u32)(sizeof(*x) + sizeof(*c) + 2 * SRT_ALIGN),
			    SRT_ALIGN);
		return SRT_ENOSPC;
	}
	top = (arena_size - sizeof(*x)) & ~(size_t)(SRT_ALIGN - 1);
	x = (struct srt_pctx *)(a.base + top);
	a.size = top;
	x->err = err;
	x->n_names = 0;
	x->n_in = 0;
	x->n_out = 0;
	x->period_us = 0;
	x->period_line = 0;

	sz = &x->sz;
	sz->n_blk = 0;
	sz->n_vals = 0;
	sz->n_cnt = 0;
	sz->cfg_bytes = 0;
	sz->state_bytes = 0;
	ret = parse_lines(x, text, len,
			    &(struct srt_line_fn){ size_line, sz });
	if (ret)
		return ret;
	need = align_up(sizeof(*c)) + align_up(sz->n_blk * sizeof(c->blk[0])) +
	       align_up(sizeof(*ps)) + align_up(sz->n_vals * sizeof(double)) +
	       align_up(sz->n_cnt * sizeof(u16)) + SRT_LINE_BYTES +
	       sz->cfg_bytes + sz->state_bytes;
	if (need > a.size) {
		srt_err_set(err, 0, "arena too small: the chain needs more than %u bytes",
			    (u32)(need + sizeof(*x)));
		return SRT_ENOSPC;
	}
	c = arena_alloc(&a, sizeof(*c));
	c->magic = 0;		/* valid only once complete */
	c->n_blk = sz->n_blk;
	c->n_vals = sz->n_vals;
	c->n_cnt = sz->n_cnt;
	c->cfg_bytes = sz->cfg_bytes;
	c->blk = arena_alloc(&a, sz->n_blk * sizeof(c->blk[0]));
	ps = arena_alloc(&a, sizeof(*ps));
	ps->vals = arena_alloc(&a, sz->n_vals * sizeof(double));
	ps->cnt = arena_alloc(&a, sz->n_cnt * sizeof(u16));
	/* on lines of its own: a step reads it (the gains' factors first) */
	ps->cfg = arena_alloc_line(&a, sz->cfg_bytes);
	ps->magic = SRT_PSET_MAGIC;
	ps->chain = c;
	ps->state = SRT_PSET_DRAFT;
	for (i = 0; i < sz->n_blk; i++) {
		c->blk[i].state = arena_alloc(&a, sz->type[i]->state_size);
		c->blk[i].in_sig[0] = 0;
	}

	bd.c = c;
	bd.ps = ps;
	ret = parse_lines(x, text, len,
			    &(struct srt_line_fn){ parse_line, &bd });
	if (ret)
		return ret;
	ret = set_period(x, c, period_ns);
	if (ret)
		return ret;
	if (!c->n_blk) {
		srt_err_set(err, 0, "the chain has no blocks");
		return SRT_EINVAL;
	}
	ret = wire(x, c, &a);
	if (ret)
		return ret;
	for (i = 0; i < c->n_blk; i++) {
		struct srt_inst *b = &c->blk[i];

		ret = srt_inst_validate(c, b, ps, err, b->line);
		if (ret)
			return ret;
		b->ft = inst_feedthrough(c, ps, b);
	}
	ret = order_blocks(x, c);
	if (ret)
		return ret;
	for (i = 0; i < c->n_blk; i++) {
		struct srt_inst *b = &c->blk[i];
		struct srt_pview pv;

		srt_pview_of(c, ps, b, &pv);
		b->type->prepare(ps->cfg + b->cfg_off, &pv);
	}
	ps->state = SRT_PSET_ACTIVE;
	c->active = ps;
	c->cfg = ps->cfg;
	c->bytes = a.used;
	c->n_steps = 0;
	c->st.steps = 0;
	c->st.nonfinite_steps = 0;
	c->st.bad_inputs = 0;
	c->st.commits = 0;
	c->st.commit_step = 0;
	c->st.last_bad_signal = -1;
	c->st.last_bad_block = -1;
	c->magic = SRT_CHAIN_MAGIC;
	srt_chain_reset(c);
	*out = c;
	return 0;
}
