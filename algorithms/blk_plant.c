// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Plant models, so a loop can be closed without hardware.  None has
 * feedthrough: step() publishes the state sampled at the start of the
 * period, update() applies the input held over the period (zero-order
 * hold, exact discretization).
 */
#include "srt_blocks.h"

/* ---- DC motor: voltage in; speed, position, current out ---- */
enum { DCM_R, DCM_L, DCM_KE, DCM_KT, DCM_J, DCM_B };

static const struct srt_param_desc dcm_params[] = {
	[DCM_R] = { "R", 1, 1e-6, 1e6, "ohm", "armature resistance", 1, 0 },
	[DCM_L] = { "L", 0.5e-3, 1e-9, 1e3, "H", "armature inductance", 1,
		0 },
	[DCM_KE] = { "ke", 0.05, 1e-9, 1e3, "V s/rad", "back-EMF constant",
		1, 0 },
	[DCM_KT] = { "kt", 0.05, 1e-9, 1e3, "N m/A", "torque constant", 1,
		0 },
	[DCM_J] = { "J", 1e-4, 1e-12, 1e6, "kg m^2", "rotor inertia", 1, 0 },
	[DCM_B] = { "b", 1e-4, 0, 1e6, "N m s", "viscous friction", 1, 0 },
};

static void dcm_prepare(void *cfgp, const struct srt_pview *p)
{
	srt_motor_discretize(cfgp, SRT_PV(p, DCM_R), SRT_PV(p, DCM_L),
			     SRT_PV(p, DCM_KE), SRT_PV(p, DCM_KT),
			     SRT_PV(p, DCM_J), SRT_PV(p, DCM_B), p->dt);
}

static void x3_reset(void *statep, const void *cfgp)
{
	double *x = statep;

	(void)cfgp;
	x[0] = 0;
	x[1] = 0;
	x[2] = 0;
}

static void dcm_step(void *statep, const void *cfgp, const double *in,
		     double *out)
{
	const double *x = statep;

	(void)cfgp;
	(void)in;
	out[0] = x[1];
	out[1] = x[2];
	out[2] = x[0];
}

static void dcm_update(void *statep, const void *cfgp, const double *in)
{
	srt_motor_update(cfgp, statep, in[0]);
}

static const char *const dcm_in[] = { "v" };
static const char *const dcm_out[] = { "speed", "pos", "current" };

const struct srt_block_type srt_blk_dc_motor = {
	.name = "dc_motor",
	.help = "DC motor (R, L, ke, kt, J, b), voltage to speed/position",
	.params = dcm_params,
	.n_params = SRT_ARRAY_SIZE(dcm_params),
	.n_in = 1,
	.n_out = 3,
	.in_names = dcm_in,
	.out_names = dcm_out,
	.flags = 0,
	.state_size = 3 * sizeof(double),
	.cfg_size = sizeof(struct srt_motor_cfg),
	.prepare = dcm_prepare,
	.reset = x3_reset,
	.step = dcm_step,
	.update = dcm_update,
};

/* ---- mass-spring-damper: force in; position, velocity out ---- */
enum { MSD_M, MSD_C, MSD_K, MSD_X0 };

static const struct srt_param_desc msd_params[] = {
	[MSD_M] = { "m", 1, 1e-12, 1e9, "kg", "mass", 1, 0 },
	[MSD_C] = { "c", 0.1, 0, 1e9, "N s/m", "damping", 1, 0 },
	[MSD_K] = { "k", 1, 0, 1e12, "N/m", "stiffness", 1, 0 },
	[MSD_X0] = { "x0", 0, -1e12, 1e12, "m", "initial position", 1, 0 },
};

struct srt_msd_cfg {
	double ad[4], bd[2], x0;
};

static void msd_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_msd_cfg *c = cfgp;
	double m = SRT_PV(p, MSD_M);
	double a[4] = { 0, 1, -SRT_PV(p, MSD_K) / m, -SRT_PV(p, MSD_C) / m };
	double b[2] = { 0, 1.0 / m };

	srt_zoh(2, a, b, p->dt, c->ad, c->bd);
	c->x0 = SRT_PV(p, MSD_X0);
}

/*
 * The exact discretization (srt_zoh()) scales exp(A dt) down and squares
 * it back.  An underdamped resonance of many radians per sample makes A so
 * far from normal that the squarings amplify rounding without bound
 * (m=1e-12 k=1e12: 1e9 rad per sample, a state growing 100x per step);
 * up to 1000 rad per sample the result stays within 1e-7 of the closed
 * form.  An overdamped plant decays, but its slow pole (k/c) drowns in
 * the fast one (c/m): past c/m*dt = 1e8 it is off by more than 1e-6
 * (1e-3 at 1e10, a frozen position at 1e18).  Refuse both at load/stage.
 */
#define MSD_MAX_WDT	1000.0
#define MSD_MAX_CDT	1e8

static const char *msd_check(const struct srt_pview *p)
{
	double m = SRT_PV(p, MSD_M), c = SRT_PV(p, MSD_C);
	double k = SRT_PV(p, MSD_K);

	if (c * c < 4 * k * m &&
	    k / m * p->dt * p->dt > MSD_MAX_WDT * MSD_MAX_WDT)
		return "underdamped resonance too fast for the period (sqrt(k/m)*dt over 1000 rad per sample)";
	if (c / m * p->dt > MSD_MAX_CDT)
		return "damping too stiff for the period (c/m*dt over 1e8)";
	return NULL;
}

static void msd_reset(void *statep, const void *cfgp)
{
	double *x = statep;

	x[0] = ((const struct srt_msd_cfg *)cfgp)->x0;
	x[1] = 0;
}

static void msd_step(void *statep, const void *cfgp, const double *in,
		     double *out)
{
	const double *x = statep;

	(void)cfgp;
	(void)in;
	out[0] = x[0];
	out[1] = x[1];
}

static void msd_update(void *statep, const void *cfgp, const double *in)
{
	const struct srt_msd_cfg *c = cfgp;
	double *x = statep, x0 = x[0], x1 = x[1];

	x[0] = c->ad[0] * x0 + c->ad[1] * x1 + c->bd[0] * in[0];
	x[1] = c->ad[2] * x0 + c->ad[3] * x1 + c->bd[1] * in[0];
}

static const char *const msd_in[] = { "force" };
static const char *const msd_out[] = { "pos", "vel" };

const struct srt_block_type srt_blk_msd = {
	.name = "msd",
	.help = "mass-spring-damper m x'' + c x' + k x = force",
	.params = msd_params,
	.n_params = SRT_ARRAY_SIZE(msd_params),
	.n_in = 1,
	.n_out = 2,
	.in_names = msd_in,
	.out_names = msd_out,
	.flags = 0,
	.state_size = 2 * sizeof(double),
	.cfg_size = sizeof(struct srt_msd_cfg),
	.check = msd_check,
	.prepare = msd_prepare,
	.reset = msd_reset,
	.step = msd_step,
	.update = msd_update,
};

/*
 * ---- first-order lag with transport delay: k e^(-delay s)/(tau s + 1) ----
 * The delay is a whole number of samples (delay/dt rounded), at most
 * LAG_MAX_DELAY; the input enters the lag that many samples late.
 */
#define LAG_MAX_DELAY	4096

enum { LAG_K, LAG_TAU, LAG_DELAY };

static const struct srt_param_desc lag_params[] = {
	[LAG_K] = { "k", 1, -1e9, 1e9, "", "gain", 1, 0 },
	[LAG_TAU] = { "tau", 0.1, 1e-6, 1e6, "s", "time constant", 1, 0 },
	[LAG_DELAY] = { "delay", 0, 0, 1e6, "s",
		"transport delay (rounded to samples)", 1, 0 },
};

struct srt_lag_cfg {
	double a, b;
	int nd;			/* delay in samples */
};

struct srt_lag_state {
	double y;
	double seen;		/* the input the lag last took (delayed) */
	int idx;
	int nd;			/* the buffer length in use */
	double buf[LAG_MAX_DELAY];
};

static const char *lag_check(const struct srt_pview *p)
{
	if (!(srt_round(SRT_PV(p, LAG_DELAY) / p->dt) <= LAG_MAX_DELAY))
		return "delay longer than 4096 samples";
	return NULL;
}

static void lag_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_lag_cfg *c = cfgp;

	c->a = srt_exp(-p->dt / SRT_PV(p, LAG_TAU));
	c->b = (1.0 - c->a) * SRT_PV(p, LAG_K);
	c->nd = (int)srt_round(SRT_PV(p, LAG_DELAY) / p->dt);
}

static void lag_reset(void *statep, const void *cfgp)
{
	struct srt_lag_state *s = statep;
	int i;

	s->y = 0;
	s->seen = 0;
	s->idx = 0;
	s->nd = ((const struct srt_lag_cfg *)cfgp)->nd;
	for (i = 0; i < LAG_MAX_DELAY; i++)
		s->buf[i] = 0;
}

static void lag_step(void *statep, const void *cfgp, const double *in,
		     double *out)
{
	(void)cfgp;
	(void)in;
	out[0] = ((struct srt_lag_state *)statep)->y;
}

static void lag_update(void *statep, const void *cfgp, const double *in)
{
	struct srt_lag_state *s = statep;
	const struct srt_lag_cfg *c = cfgp;
	double u = in[0];

	if (s->nd) {
		double late = s->buf[s->idx];

		s->buf[s->idx] = u;
		if (++s->idx >= s->nd)
			s->idx = 0;
		u = late;
	}
	s->seen = u;
	s->y = c->a * s->y + c->b * u;
}

/*
 * A new delay restarts the delay line filled with what the lag last took
 * (with no delay before, the input itself), so the plant neither replays
 * stale samples nor jumps.
 */
static void lag_retune(void *statep, const void *oldp, const void *newp)
{
	struct srt_lag_state *s = statep;
	const struct srt_lag_cfg *o = oldp, *n = newp;
	double hold;
	int i;

	if (o->nd == n->nd)
		return;
	hold = s->seen;
	for (i = 0; i < n->nd; i++)
		s->buf[i] = hold;
	s->idx = 0;
	s->nd = n->nd;
}

static const char *const lag_in[] = { "u" };
static const char *const lag_out[] = { "y" };

const struct srt_block_type srt_blk_lag_delay = {
	.name = "lag_delay",
	.help = "first-order lag with transport delay",
	.params = lag_params,
	.n_params = SRT_ARRAY_SIZE(lag_params),
	.n_in = 1,
	.n_out = 1,
	.in_names = lag_in,
	.out_names = lag_out,
	.flags = 0,
	.state_size = sizeof(struct srt_lag_state),
	.cfg_size = sizeof(struct srt_lag_cfg),
	.check = lag_check,
	.prepare = lag_prepare,
	.reset = lag_reset,
	.step = lag_step,
	.update = lag_update,
	.retune = lag_retune,
};
