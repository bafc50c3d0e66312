// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The table of block types: built-ins, then types registered at run time
 * (by another kernel module through the exported wrapper).  The caller
 * serialises all calls here; see srt_block.h.
 */
#include "srt_blocks.h"

static const struct srt_block_type *const srt_builtin[] = {
	&srt_blk_pid, &srt_blk_lowpass, &srt_blk_biquad_lp,
	&srt_blk_biquad_hp, &srt_blk_notch, &srt_blk_leadlag,
	&srt_blk_saturation, &srt_blk_ratelimit, &srt_blk_deadband,
	&srt_blk_trapezoid, &srt_blk_scurve, &srt_blk_statespace,
	&srt_blk_gain, &srt_blk_sum, &srt_blk_const, &srt_blk_delay1,
	&srt_blk_select, &srt_blk_mux, &srt_blk_dc_motor, &srt_blk_msd,
	&srt_blk_lag_delay, &srt_blk_mctest,
};

static const struct srt_block_type *srt_extra[SRT_MAX_EXTRA_TYPES];

u32 srt_param_offset(const struct srt_block_type *t, u32 idx)
{
	u32 i, off = 0;

	for (i = 0; i < idx && i < t->n_params; i++)
		off += t->params[i].len;
	return off;
}

u32 srt_param_nvals(const struct srt_block_type *t)
{
	return srt_param_offset(t, t->n_params);
}

int srt_param_find(const struct srt_block_type *t, const char *name,
		   size_t len)
{
	u32 i;

	for (i = 0; i < t->n_params; i++)
		if (srt_strneq(t->params[i].name, name, len))
			return (int)i;
	return SRT_ENOENT;
}

const struct srt_block_type *srt_block_type_at(u32 i)
{
	u32 nb = SRT_ARRAY_SIZE(srt_builtin), j, k = 0;

	if (i < nb)
		return srt_builtin[i];
	i -= nb;
	for (j = 0; j < SRT_MAX_EXTRA_TYPES; j++)
		if (srt_extra[j] && k++ == i)
			return srt_extra[j];
	return NULL;
}

const struct srt_block_type *srt_block_lookup(const char *name, size_t len)
{
	const struct srt_block_type *t;
	u32 i;

	for (i = 0; (t = srt_block_type_at(i)); i++)
		if (srt_strneq(t->name, name, len))
			return t;
	return NULL;
}

static bool srt_name_ok(const char *s, bool dots)
{
	size_t i;

	if (!s || !s[0])
		return false;
	for (i = 0; s[i]; i++) {
		char c = s[i];

		if (i >= SRT_IDENT_LEN - 1)
			return false;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    c == '_' || (i && c >= '0' && c <= '9') ||
		    (dots && i && c == '.'))
			continue;
		return false;
	}
	return true;
}

const char *srt_block_type_invalid(const struct srt_block_type *t)
{
	u32 i;

	if (!srt_name_ok(t->name, false))
		return "type name must be [A-Za-z_][A-Za-z0-9_]*, < 32 chars";
	if (!t->prepare || !t->reset || !t->step)
		return "prepare, reset and step are required";
	if ((!(t->flags & SRT_BT_FEEDTHROUGH) || t->feedthrough) &&
	    !t->update)
		return "a type without feedthrough needs update";
	if (t->n_params > SRT_MAX_PARAMS)
		return "too many parameters";
	if (srt_param_nvals(t) > SRT_MAX_PVALS)
		return "parameter vectors too long";
	if (t->n_in > SRT_MAX_PORTS || t->n_out > SRT_MAX_PORTS)
		return "too many ports";
	if (t->n_out == 0)
		return "a block needs at least one output";
	if ((t->n_in && !t->in_names) || !t->out_names)
		return "port names missing";
	if (t->state_size > SRT_MAX_STATE || t->cfg_size > SRT_MAX_CFG)
		return "state or cfg area too large";
	for (i = 0; i < t->n_params; i++) {
		const struct srt_param_desc *d = &t->params[i];

		if (!srt_name_ok(d->name, false))
			return "bad parameter name";
		if (srt_param_find(t, d->name, srt_strlen(d->name)) != (int)i)
			return "duplicate parameter name";
		if (srt_streq(d->name, "in") || srt_streq(d->name, "out"))
			return "parameters cannot be called in or out";
		if (!d->len || !(d->min <= d->def && d->def <= d->max))
			return "parameter default outside its limits";
	}
	return NULL;
}

int srt_block_register(const struct srt_block_type *t, const char **why)
{
	const char *bad = srt_block_type_invalid(t);
	u32 i;

	if (bad) {
		*why = bad;
		return SRT_EINVAL;
	}
	if (srt_block_lookup(t->name, srt_strlen(t->name))) {
		*why = "a block type with that name exists";
		return SRT_EEXIST;
	}
	for (i = 0; i < SRT_MAX_EXTRA_TYPES; i++) {
		if (!srt_extra[i]) {
			srt_extra[i] = t;
			return 0;
		}
	}
	*why = "no room for more block types";
	return SRT_ENOSPC;
}

int srt_block_unregister(const struct srt_block_type *t)
{
	u32 i;

	for (i = 0; i < SRT_MAX_EXTRA_TYPES; i++) {
		if (srt_extra[i] == t) {
			srt_extra[i] = NULL;
			return 0;
		}
	}
	return SRT_ENOENT;
}
