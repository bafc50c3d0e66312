// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Static and rate nonlinearities: saturation, rate limiter, deadband. */
#include "srt_blocks.h"

static const char *const nl_in[] = { "x" };
static const char *const nl_out[] = { "y" };

enum { SAT_LO, SAT_HI };

static const struct srt_param_desc sat_params[] = {
	[SAT_LO] = { "lo", -1, -1e12, 1e12, "", "lower limit", 1, 0 },
	[SAT_HI] = { "hi", 1, -1e12, 1e12, "", "upper limit", 1, 0 },
};

struct srt_lohi_cfg {
	double lo, hi;
	int shift;
};

static const char *lohi_check(const struct srt_pview *p)
{
	return SRT_PV(p, 0) <= SRT_PV(p, 1) ? NULL : "lo must not exceed hi";
}

static void lohi_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_lohi_cfg *c = cfgp;

	c->lo = SRT_PV(p, 0);
	c->hi = SRT_PV(p, 1);
	c->shift = 0;
}

static void nostate_reset(void *statep, const void *cfgp)
{
	(void)statep;
	(void)cfgp;
}

static void sat_step(void *statep, const void *cfgp, const double *in,
		     double *out)
{
	const struct srt_lohi_cfg *c = cfgp;

	(void)statep;
	out[0] = srt_clamp(in[0], c->lo, c->hi);
}

const struct srt_block_type srt_blk_saturation = {
	.name = "saturation",
	.help = "clamp to [lo, hi]",
	.params = sat_params,
	.n_params = SRT_ARRAY_SIZE(sat_params),
	.n_in = 1,
	.n_out = 1,
	.in_names = nl_in,
	.out_names = nl_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.state_size = 0,
	.cfg_size = sizeof(struct srt_lohi_cfg),
	.check = lohi_check,
	.prepare = lohi_prepare,
	.reset = nostate_reset,
	.step = sat_step,
};

/*
 * Rate limiter: the output moves toward the input by at most rise*dt up
 * and fall*dt down per sample.  The first sample passes through, so the
 * limiter does not ramp from zero when a loop starts.
 */
enum { RL_RISE, RL_FALL };

static const struct srt_param_desc rl_params[] = {
	[RL_RISE] = { "rise", 1, 1e-12, 1e12, "1/s", "largest rising rate",
		1, 0 },
	[RL_FALL] = { "fall", 1, 1e-12, 1e12, "1/s",
		"largest falling rate (positive)", 1, 0 },
};

struct srt_rl_cfg {
	double up, down;	/* per sample */
};

struct srt_rl_state {
	double y;
	bool primed;
};

static void rl_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_rl_cfg *c = cfgp;

	c->up = SRT_PV(p, RL_RISE) * p->dt;
	c->down = SRT_PV(p, RL_FALL) * p->dt;
}

static void rl_reset(void *statep, const void *cfgp)
{
	struct srt_rl_state *s = statep;

	(void)cfgp;
	s->y = 0;
	s->primed = false;
}

static void rl_step(void *statep, const void *cfgp, const double *in,
		    double *out)
{
	const struct srt_rl_cfg *c = cfgp;
	struct srt_rl_state *s = statep;

	if (!s->primed) {
		s->y = in[0];
		s->primed = true;
	} else {
		s->y += srt_clamp(in[0] - s->y, -c->down, c->up);
	}
	out[0] = s->y;
}

const struct srt_block_type srt_blk_ratelimit = {
	.name = "ratelimit",
	.help = "slew-rate limiter",
	.params = rl_params,
	.n_params = SRT_ARRAY_SIZE(rl_params),
	.n_in = 1,
	.n_out = 1,
	.in_names = nl_in,
	.out_names = nl_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.state_size = sizeof(struct srt_rl_state),
	.cfg_size = sizeof(struct srt_rl_cfg),
	.prepare = rl_prepare,
	.reset = rl_reset,
	.step = rl_step,
};

/*
 * Deadband: zero inside [lo, hi].  Outside, shift=1 subtracts the band
 * edge (continuous output), shift=0 passes the input unchanged.
 */
enum { DB_LO, DB_HI, DB_SHIFT };

static const struct srt_param_desc db_params[] = {
	[DB_LO] = { "lo", -0.1, -1e12, 1e12, "", "lower band edge", 1, 0 },
	[DB_HI] = { "hi", 0.1, -1e12, 1e12, "", "upper band edge", 1, 0 },
	[DB_SHIFT] = { "shift", 1, 0, 1, "",
		"1: continuous (minus edge), 0: pass through", 1, SRT_P_INT },
};

static void db_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_lohi_cfg *c = cfgp;

	lohi_prepare(cfgp, p);
	c->shift = (int)SRT_PV(p, DB_SHIFT);
}

static void db_step(void *statep, const void *cfgp, const double *in,
		    double *out)
{
	const struct srt_lohi_cfg *c = cfgp;
	double x = in[0];

	(void)statep;
	if (x > c->hi)
		out[0] = c->shift ? x - c->hi : x;
	else if (x < c->lo)
		out[0] = c->shift ? x - c->lo : x;
	else
		out[0] = 0;
}

const struct srt_block_type srt_blk_deadband = {
	.name = "deadband",
	.help = "zero output inside [lo, hi]",
	.params = db_params,
	.n_params = SRT_ARRAY_SIZE(db_params),
	.n_in = 1,
	.n_out = 1,
	.in_names = nl_in,
	.out_names = nl_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.state_size = 0,
	.cfg_size = sizeof(struct srt_lohi_cfg),
	.check = lohi_check,
	.prepare = db_prepare,
	.reset = nostate_reset,
	.step = db_step,
};
