// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Linear filters: first-order low-pass, second-order sections (low-pass,
 * high-pass, notch) and lead-lag.  Coefficients are designed in prepare()
 * (at parse or stage time) so step() is a handful of multiply-adds.
 */
#include "srt_blocks.h"

static const char *const flt_in[] = { "x" };
static const char *const flt_out[] = { "y" };

/*
 * First-order low-pass, step invariant: y[k] = a y[k-1] + (1 - a) k x[k]
 * with a = exp(-dt/tau).  Its response to a unit step applied at sample 0
 * is k (1 - exp(-(n + 1) dt / tau)) at sample n.
 */
enum { LP_TAU, LP_FC, LP_K, LP_Y0 };

static const struct srt_param_desc lp_params[] = {
	[LP_TAU] = { "tau", 0, 0, 1e6, "s", "time constant (or give fc)", 1,
		0 },
	[LP_FC] = { "fc", 0, 0, 1e9, "Hz", "corner frequency (or give tau)",
		1, 0 },
	[LP_K] = { "k", 1, -1e9, 1e9, "", "DC gain", 1, 0 },
	[LP_Y0] = { "y0", 0, -1e12, 1e12, "", "initial output", 1, 0 },
};

struct srt_lp_cfg {
	double a, b, y0;
};

static const char *lp_check(const struct srt_pview *p)
{
	if ((SRT_PV(p, LP_TAU) > 0) == (SRT_PV(p, LP_FC) > 0))
		return "give exactly one of tau and fc (> 0)";
	return NULL;
}

static void lp_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_lp_cfg *c = cfgp;
	double tau = SRT_PV(p, LP_TAU);

	if (!(tau > 0))
		tau = 1.0 / (2.0 * SRT_PI * SRT_PV(p, LP_FC));
	c->a = srt_exp(-p->dt / tau);
	c->b = (1.0 - c->a) * SRT_PV(p, LP_K);
	c->y0 = SRT_PV(p, LP_Y0);
}

static void lp_reset(void *statep, const void *cfgp)
{
	*(double *)statep = ((const struct srt_lp_cfg *)cfgp)->y0;
}

static void lp_step(void *statep, const void *cfgp, const double *in,
		    double *out)
{
	const struct srt_lp_cfg *c = cfgp;
	double *y = statep;

	*y = c->a * *y + c->b * in[0];
	out[0] = *y;
}

const struct srt_block_type srt_blk_lowpass = {
	.name = "lowpass",
	.help = "first-order low-pass, exact step response",
	.params = lp_params,
	.n_params = SRT_ARRAY_SIZE(lp_params),
	.n_in = 1,
	.n_out = 1,
	.in_names = flt_in,
	.out_names = flt_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.state_size = sizeof(double),
	.cfg_size = sizeof(struct srt_lp_cfg),
	.check = lp_check,
	.prepare = lp_prepare,
	.reset = lp_reset,
	.step = lp_step,
};

/*
 * Second-order sections from the bilinear transform with the corner
 * prewarped to fc (the "audio EQ cookbook" forms): the low-pass and
 * high-pass have gain q at fc, the notch has a zero there.  Transposed
 * direct form II.
 */
enum { BQ_FC, BQ_Q, BQ_K };

enum { BQ_LP, BQ_HP, BQ_NOTCH };

static const struct srt_param_desc bq_params[] = {
	[BQ_FC] = { "fc", 100, 1e-6, 1e9, "Hz",
		"corner (notch) frequency, below 0.499 fs", 1, 0 },
	[BQ_Q] = { "q", 0.7071067811865476, 0.01, 1000, "",
		"quality factor", 1, 0 },
	[BQ_K] = { "k", 1, -1e9, 1e9, "", "gain", 1, 0 },
};

struct srt_bq_cfg {
	double b0, b1, b2, a1, a2;
};

static const char *bq_check(const struct srt_pview *p)
{
	if (!(SRT_PV(p, BQ_FC) * p->dt < 0.499))
		return "fc must be below 0.499 fs (fc*dt < 0.499; Nyquist is 0.5 fs)";
	return NULL;
}

static void bq_design(struct srt_bq_cfg *c, const struct srt_pview *p, int kind)
{
	double w0 = 2.0 * SRT_PI * SRT_PV(p, BQ_FC) * p->dt;
	double k = SRT_PV(p, BQ_K), sn, cs, alpha, a0;

	srt_sincos(w0, &sn, &cs);
	alpha = sn / (2.0 * SRT_PV(p, BQ_Q));
	a0 = 1.0 + alpha;
	switch (kind) {
	case BQ_LP:
		c->b0 = (1.0 - cs) * 0.5;
		c->b1 = 1.0 - cs;
		break;
	case BQ_HP:
		c->b0 = (1.0 + cs) * 0.5;
		c->b1 = -(1.0 + cs);
		break;
	default:
		c->b0 = 1.0;
		c->b1 = -2.0 * cs;
		break;
	}
	c->b2 = c->b0;
	c->b0 = k * c->b0 / a0;
	c->b1 = k * c->b1 / a0;
	c->b2 = k * c->b2 / a0;
	c->a1 = -2.0 * cs / a0;
	c->a2 = (1.0 - alpha) / a0;
}

static void bq_prepare_lp(void *cfgp, const struct srt_pview *p)
{
	bq_design(cfgp, p, BQ_LP);
}

static void bq_prepare_hp(void *cfgp, const struct srt_pview *p)
{
	bq_design(cfgp, p, BQ_HP);
}

static void bq_prepare_notch(void *cfgp, const struct srt_pview *p)
{
	bq_design(cfgp, p, BQ_NOTCH);
}

static void bq_reset(void *statep, const void *cfgp)
{
	double *z = statep;

	(void)cfgp;
	z[0] = 0;
	z[1] = 0;
}

static void bq_step(void *statep, const void *cfgp, const double *in,
		    double *out)
{
	const struct srt_bq_cfg *c = cfgp;
	double *z = statep, x = in[0], y;

	y = c->b0 * x + z[0];
	z[0] = c->b1 * x - c->a1 * y + z[1];
	z[1] = c->b2 * x - c->a2 * y;
	out[0] = y;
}

#define SRT_BIQUAD_TYPE(ident, tname, thelp, prep)		\
const struct srt_block_type ident = {				\
	.name = tname,						\
	.help = thelp,						\
	.params = bq_params,					\
	.n_params = SRT_ARRAY_SIZE(bq_params),			\
	.n_in = 1,						\
	.n_out = 1,						\
	.in_names = flt_in,					\
	.out_names = flt_out,					\
	.flags = SRT_BT_FEEDTHROUGH,				\
	.state_size = 2 * sizeof(double),			\
	.cfg_size = sizeof(struct srt_bq_cfg),			\
	.check = bq_check,					\
	.prepare = prep,					\
	.reset = bq_reset,					\
	.step = bq_step,					\
}

SRT_BIQUAD_TYPE(srt_blk_biquad_lp, "biquad_lp",
		"second-order low-pass, gain q at fc", bq_prepare_lp);
SRT_BIQUAD_TYPE(srt_blk_biquad_hp, "biquad_hp",
		"second-order high-pass, gain q at fc", bq_prepare_hp);
SRT_BIQUAD_TYPE(srt_blk_notch, "notch",
		"second-order notch at fc, width fc/q", bq_prepare_notch);

/*
 * Lead-lag k (1 + tz s) / (1 + tp s) by Tustin: DC gain k, gain
 * k tz / tp at the Nyquist frequency.
 */
enum { LL_K, LL_TZ, LL_TP };

static const struct srt_param_desc ll_params[] = {
	[LL_K] = { "k", 1, -1e9, 1e9, "", "DC gain", 1, 0 },
	[LL_TZ] = { "tz", 0, 0, 1e6, "s", "zero time constant", 1, 0 },
	[LL_TP] = { "tp", 1e-3, 1e-9, 1e6, "s", "pole time constant", 1, 0 },
};

struct srt_ll_cfg {
	double b0, b1, a1;
};

static void ll_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_ll_cfg *c = cfgp;
	double k = SRT_PV(p, LL_K), h = 2.0 / p->dt;
	double tz = SRT_PV(p, LL_TZ), tp = SRT_PV(p, LL_TP);
	double a0 = 1.0 + h * tp;

	c->b0 = k * (1.0 + h * tz) / a0;
	c->b1 = k * (1.0 - h * tz) / a0;
	c->a1 = (1.0 - h * tp) / a0;
}

static void ll_reset(void *statep, const void *cfgp)
{
	(void)cfgp;
	*(double *)statep = 0;
}

static void ll_step(void *statep, const void *cfgp, const double *in,
		    double *out)
{
	const struct srt_ll_cfg *c = cfgp;
	double *z = statep, x = in[0], y;

	y = c->b0 * x + *z;
	*z = c->b1 * x - c->a1 * y;
	out[0] = y;
}

const struct srt_block_type srt_blk_leadlag = {
	.name = "leadlag",
	.help = "lead-lag k (1 + tz s)/(1 + tp s), Tustin",
	.params = ll_params,
	.n_params = SRT_ARRAY_SIZE(ll_params),
	.n_in = 1,
	.n_out = 1,
	.in_names = flt_in,
	.out_names = flt_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.state_size = sizeof(double),
	.cfg_size = sizeof(struct srt_ll_cfg),
	.prepare = ll_prepare,
	.reset = ll_reset,
	.step = ll_step,
};
