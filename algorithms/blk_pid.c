// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * PID controller, parallel form:
 *
 *   u = kp e + ki integral(e) + kd s/(1 + Tf s) x,   e = ref - meas
 *
 * where x is e, or -meas with dmeas=1 (no derivative kick on setpoint
 * steps).  The derivative filter is discretized by backward Euler, which
 * stays stable for any Tf >= 0 (Tf = 0 is a plain backward difference).
 * The integrator is kept in output units, so changing ki alone never makes
 * the output jump; retune() absorbs kp/kd changes into it (bumpless, but
 * with aw=1 only within the integrator's limits, see pid_retune()).
 *
 * Anti-windup (aw): 0 none, 1 clamping (stop integrating while the output
 * is saturated and the error pushes further out, and keep the integrator
 * within the output limits), 2 back-calculation (feed kaw (u_sat - u)
 * back into the integrator).
 */
#include "srt_blocks.h"

enum { PID_KP, PID_KI, PID_KD, PID_TF, PID_N, PID_UMIN, PID_UMAX, PID_AW,
	PID_KAW, PID_DMEAS };

enum { PID_AW_NONE, PID_AW_CLAMP, PID_AW_BACKCALC };

static const struct srt_param_desc pid_params[] = {
	[PID_KP] = { "kp", 1, -1e9, 1e9, "", "proportional gain", 1, 0 },
	[PID_KI] = { "ki", 0, -1e9, 1e9, "1/s", "integral gain", 1, 0 },
	[PID_KD] = { "kd", 0, -1e9, 1e9, "s", "derivative gain", 1, 0 },
	[PID_TF] = { "tf", 0, 0, 1e3, "s",
		"derivative filter time constant (0: from n)", 1, 0 },
	[PID_N] = { "n", 0, 0, 1e6, "",
		"derivative filter as Tf = kd/(kp n) when tf=0 (0: none)", 1, 0 },
	[PID_UMIN] = { "umin", -1e9, -1e12, 1e12, "", "lower output limit", 1,
		0 },
	[PID_UMAX] = { "umax", 1e9, -1e12, 1e12, "", "upper output limit", 1,
		0 },
	[PID_AW] = { "aw", 1, 0, 2, "",
		"anti-windup: 0 none, 1 clamping, 2 back-calculation", 1,
		SRT_P_INT },
	[PID_KAW] = { "kaw", 0, 0, 1e9, "1/s",
		"back-calculation gain (0: ki/kp)", 1, 0 },
	[PID_DMEAS] = { "dmeas", 1, 0, 1, "",
		"1: derivative on measurement, 0: on error", 1, SRT_P_INT },
};

struct srt_pid_cfg {
	double kp, ki_dt, kd;
	double ad, bd;		/* D = ad D + bd (x - x_prev) */
	double umin, umax;
	double kaw_dt;
	int aw;
	int dmeas;
};

struct srt_pid_state {
	double integ;		/* integral term, output units */
	double d;		/* filtered derivative term */
	double x_prev;
	double e_last;
	bool primed;		/* x_prev holds a real sample */
};

static double pid_tf(const struct srt_pview *p)
{
	double kp = SRT_PV(p, PID_KP), kd = SRT_PV(p, PID_KD);
	double n = SRT_PV(p, PID_N);

	if (SRT_PV(p, PID_TF) > 0)
		return SRT_PV(p, PID_TF);
	if (n > 0 && kp != 0 && kd != 0)
		return srt_fabs(kd / (kp * n));
	return 0;
}

static const char *pid_check(const struct srt_pview *p)
{
	if (!(SRT_PV(p, PID_UMIN) < SRT_PV(p, PID_UMAX)))
		return "umin must be below umax";
	if ((int)SRT_PV(p, PID_AW) == PID_AW_BACKCALC &&
	    SRT_PV(p, PID_KAW) == 0 &&
	    (SRT_PV(p, PID_KP) == 0 || SRT_PV(p, PID_KI) == 0))
		return "aw=2 needs kaw, or nonzero kp and ki to derive it";
	return NULL;
}

static void pid_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_pid_cfg *c = cfgp;
	double tf = pid_tf(p), kaw = SRT_PV(p, PID_KAW);

	c->kp = SRT_PV(p, PID_KP);
	c->ki_dt = SRT_PV(p, PID_KI) * p->dt;
	c->kd = SRT_PV(p, PID_KD);
	c->ad = tf / (tf + p->dt);
	c->bd = c->kd / (tf + p->dt);
	c->umin = SRT_PV(p, PID_UMIN);
	c->umax = SRT_PV(p, PID_UMAX);
	c->aw = (int)SRT_PV(p, PID_AW);
	if (kaw == 0 && c->kp != 0)
		kaw = srt_fabs(SRT_PV(p, PID_KI) / c->kp);	/* Tt = Ti */
	c->kaw_dt = kaw * p->dt;
	c->dmeas = (int)SRT_PV(p, PID_DMEAS);
}

static void pid_reset(void *statep, const void *cfgp)
{
	struct srt_pid_state *s = statep;

	(void)cfgp;
	s->integ = 0;
	s->d = 0;
	s->x_prev = 0;
	s->e_last = 0;
	s->primed = false;
}

static void pid_step(void *statep, const void *cfgp, const double *in,
		     double *out)
{
	struct srt_pid_state *s = statep;
	const struct srt_pid_cfg *c = cfgp;
	double e = in[0] - in[1];
	double x = c->dmeas ? -in[1] : e;
	double v, u, di;

	if (!s->primed) {
		s->x_prev = x;
		s->primed = true;
	}
	s->d = c->ad * s->d + c->bd * (x - s->x_prev);
	s->x_prev = x;
	v = c->kp * e + s->integ + s->d;
	u = srt_clamp(v, c->umin, c->umax);

	di = c->ki_dt * e;
	switch (c->aw) {
	case PID_AW_CLAMP:
		if ((v > c->umax && di > 0) || (v < c->umin && di < 0))
			di = 0;
		s->integ = srt_clamp(s->integ + di, c->umin, c->umax);
		break;
	case PID_AW_BACKCALC:
		s->integ += di + c->kaw_dt * (u - v);
		break;
	default:
		s->integ += di;
		break;
	}
	s->e_last = e;
	out[0] = u;
}

/*
 * Keep kp e + integ + d unchanged for the last error: the next output
 * differs from the last only by what the new dynamics add in one step.
 * With unchanged kp and kd nothing needs absorbing and the state keeps
 * its bits.
 *
 * With aw=1 the integrator lives in [umin, umax] (pid_step() clamps it
 * every sample).  If the integrator that would keep the sum lies outside,
 * it is clamped here too and the retune is not bumpless: the output moves
 * by the part that did not fit (e.g. kp 1 -> 5 at e = 1, umax = 2: the
 * integrator would be -4, gets -2, u goes from 1 to min(5 - 2, 2) = 2).
 */
static void pid_retune(void *statep, const void *oldp, const void *newp)
{
	struct srt_pid_state *s = statep;
	const struct srt_pid_cfg *o = oldp, *n = newp;
	double before = o->kp * s->e_last + s->integ + s->d;

	if (o->kp != n->kp || o->kd != n->kd) {
		s->d = o->kd != 0 ? s->d * (n->kd / o->kd) : 0;
		s->integ = before - n->kp * s->e_last - s->d;
	}
	if (n->aw == PID_AW_CLAMP)
		s->integ = srt_clamp(s->integ, n->umin, n->umax);
}

static const char *const pid_in[] = { "ref", "meas" };
static const char *const pid_out[] = { "u" };

const struct srt_block_type srt_blk_pid = {
	.name = "pid",
	.help = "PID, parallel form, filtered D, anti-windup, bumpless",
	.params = pid_params,
	.n_params = SRT_ARRAY_SIZE(pid_params),
	.n_in = 2,
	.n_out = 1,
	.in_names = pid_in,
	.out_names = pid_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.state_size = sizeof(struct srt_pid_state),
	.cfg_size = sizeof(struct srt_pid_cfg),
	.check = pid_check,
	.prepare = pid_prepare,
	.reset = pid_reset,
	.step = pid_step,
	.retune = pid_retune,
};
