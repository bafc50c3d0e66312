// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * What the chain parser (chain_parse.c) and staging (chain_run.c) share:
 * reading one parameter's values, checking them and a whole instance
 * against the type's schema, and the "line N: reason" both report.
 */
#include "srt_chain_impl.h"

void srt_err_set(struct srt_err *err, u32 line, const char *fmt, ...)
{
	va_list ap;
	size_t n = 0;

	if (!err)
		return;
	err->line = line;
	if (line)
		n = srt_snprintf(err->msg, sizeof(err->msg), "line %u: ", line);
	if (n >= sizeof(err->msg))
		n = sizeof(err->msg) - 1;
	va_start(ap, fmt);
	srt_vsnprintf(err->msg + n, sizeof(err->msg) - n, fmt, ap);
	va_end(ap);
}

/*
 * Parse "v[,v...]" into parameter idx of an instance.  Elements not given
 * take the default; cnt records how many were given.
 */
int srt_param_parse(const struct srt_block_type *t, u32 idx, const char *s,
		    size_t len, double *vals, u16 *cnt, const char **why)
{
	const struct srt_param_desc *d = &t->params[idx];
	double *v = vals + srt_param_offset(t, idx);
	size_t pos = 0;
	u32 n = 0, e;

	for (;;) {
		size_t end = pos;
		double val;

		while (end < len && s[end] != ',')
			end++;
		if (n >= d->len) {
			*why = d->len == 1 ? "takes one value" : "too many values";
			return SRT_EINVAL;
		}
		if (srt_parse_double(s + pos, end - pos, &val)) {
			*why = "malformed number";
			return SRT_EINVAL;
		}
		if (!srt_isfinite(val)) {
			*why = "not a finite number";
			return SRT_EINVAL;
		}
		v[n++] = val;
		if (end >= len)
			break;
		pos = end + 1;
	}
	for (e = n; e < d->len; e++)
		v[e] = d->def;
	cnt[idx] = (u16)n;
	return 0;
}

int srt_param_value_check(const struct srt_inst *b,
			  const struct srt_param_desc *d, double v,
			  struct srt_err *err, u32 line)
{
	if (v < d->min) {
		srt_err_set(err, line, "%s.%s=%g is below its minimum %g",
			    b->name, d->name, v, d->min);
		return SRT_EINVAL;
	}
	if (v > d->max) {
		srt_err_set(err, line, "%s.%s=%g is above its maximum %g",
			    b->name, d->name, v, d->max);
		return SRT_EINVAL;
	}
	if ((d->flags & SRT_P_INT) && srt_round(v) != v) {
		srt_err_set(err, line, "%s.%s=%g must be an integer",
			    b->name, d->name, v);
		return SRT_EINVAL;
	}
	return 0;
}

/* Limits of every element, then the type's own cross-checks. */
int srt_inst_validate(const struct srt_chain *c, const struct srt_inst *b,
		      const struct srt_pset *ps, struct srt_err *err, u32 line)
{
	const struct srt_block_type *t = b->type;
	struct srt_pview pv;
	u32 i, e, off = 0;

	srt_pview_of(c, ps, b, &pv);
	for (i = 0; i < t->n_params; i++) {
		const struct srt_param_desc *d = &t->params[i];

		for (e = 0; e < d->len; e++)
			if (srt_param_value_check(b, d, pv.v[off + e], err,
						  line))
				return SRT_EINVAL;
		off += d->len;
	}
	if (t->check) {
		const char *why = t->check(&pv);

		if (why) {
			srt_err_set(err, line, "block %s (%s): %s", b->name,
				    t->name, why);
			return SRT_EINVAL;
		}
	}
	return 0;
}
