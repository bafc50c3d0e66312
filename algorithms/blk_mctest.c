// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * mctest: a multi-axis motion-control workload in one block, the shape of
 * the i.MX6 "mctest" benchmark the design cites: per axis a trapezoidal
 * profile, a position PID with model-based velocity and acceleration
 * feed-forward, and a simulated DC motor; then the forward kinematics of a
 * planar arm made of the axes (tool x, y) and its Jacobian by finite
 * differences.  `work` sets how many Jacobian columns are evaluated per
 * step (each one a forward-kinematics pass, axes sin/cos pairs), which is
 * the knob that scales the compute time.  The default (45) gave 5.6 to
 * 6.8 us per step for 6 axes with moving targets on the x86_64 build host
 * (a shared VM); scripts/bench/bench-algorithms counts its instructions.
 *
 * Inputs: the target angle of each axis (rad).  Outputs: tool x, y, then
 * each axis angle.
 */
#include "srt_blocks.h"

#define MC_MAX_AXES	16

enum { MC_AXES, MC_VMAX, MC_AMAX, MC_KP, MC_KI, MC_KD, MC_UMAX, MC_R, MC_L,
	MC_KE, MC_KT, MC_J, MC_B, MC_WORK };

static const struct srt_param_desc mc_params[] = {
	[MC_AXES] = { "axes", 6, 1, MC_MAX_AXES, "", "number of axes", 1,
		SRT_P_INT | SRT_P_STRUCT },
	[MC_VMAX] = { "vmax", 20, 1e-6, 1e6, "rad/s", "profile velocity", 1,
		0 },
	[MC_AMAX] = { "amax", 200, 1e-6, 1e9, "rad/s^2",
		"profile acceleration", 1, 0 },
	[MC_KP] = { "kp", 40, 0, 1e9, "V/rad", "position gain", 1, 0 },
	[MC_KI] = { "ki", 20, 0, 1e9, "V/(rad s)", "integral gain", 1, 0 },
	[MC_KD] = { "kd", 0.5, 0, 1e9, "V s/rad", "velocity-error gain", 1,
		0 },
	[MC_UMAX] = { "umax", 24, 1e-3, 1e6, "V", "drive voltage limit", 1,
		0 },
	[MC_R] = { "R", 1, 1e-6, 1e6, "ohm", "armature resistance", 1, 0 },
	[MC_L] = { "L", 0.5e-3, 1e-9, 1e3, "H", "armature inductance", 1, 0 },
	[MC_KE] = { "ke", 0.05, 1e-9, 1e3, "V s/rad", "back-EMF constant", 1,
		0 },
	[MC_KT] = { "kt", 0.05, 1e-9, 1e3, "N m/A", "torque constant", 1, 0 },
	[MC_J] = { "J", 1e-4, 1e-12, 1e6, "kg m^2",
		"inertia of axis 1 (axis i: J (1 + 0.1 (i-1)))", 1, 0 },
	[MC_B] = { "b", 1e-4, 0, 1e6, "N m s", "viscous friction", 1, 0 },
	[MC_WORK] = { "work", 45, 0, 64, "",
		"Jacobian columns evaluated per step (load knob)", 1,
		SRT_P_INT },
};

struct srt_mc_axis_cfg {
	struct srt_motor_cfg motor;
	double ff_v, ff_a;	/* volts per rad/s and per rad/s^2 */
};

struct srt_mc_cfg {
	int axes, work;
	double vmax, amax, kp, ki_dt, kd, umax, dt;
	struct srt_mc_axis_cfg ax[MC_MAX_AXES];
};

struct srt_mc_axis {
	struct srt_trap_run prof;
	double integ;
	double x[3];		/* motor: current, speed, angle */
};

struct srt_mc_state {
	struct srt_mc_axis ax[MC_MAX_AXES];
	double jac[2][MC_MAX_AXES];
	int col;		/* next Jacobian column to refresh */
};

static void mc_ports(const struct srt_pview *p, u16 *n_in, u16 *n_out)
{
	*n_in = (u16)SRT_PV(p, MC_AXES);
	*n_out = (u16)(SRT_PV(p, MC_AXES) + 2);
}

static void mc_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_mc_cfg *c = cfgp;
	double r = SRT_PV(p, MC_R), kt = SRT_PV(p, MC_KT);
	double ke = SRT_PV(p, MC_KE), b = SRT_PV(p, MC_B);
	int i;

	c->axes = (int)SRT_PV(p, MC_AXES);
	c->work = (int)SRT_PV(p, MC_WORK);
	c->vmax = SRT_PV(p, MC_VMAX);
	c->amax = SRT_PV(p, MC_AMAX);
	c->kp = SRT_PV(p, MC_KP);
	c->ki_dt = SRT_PV(p, MC_KI) * p->dt;
	c->kd = SRT_PV(p, MC_KD);
	c->umax = SRT_PV(p, MC_UMAX);
	c->dt = p->dt;
	for (i = 0; i < MC_MAX_AXES; i++) {
		struct srt_mc_axis_cfg *a = &c->ax[i];
		double j = SRT_PV(p, MC_J) * (1.0 + 0.1 * i);

		if (i >= c->axes) {
			a->ff_v = 0;
			a->ff_a = 0;
			continue;
		}
		srt_motor_discretize(&a->motor, r, SRT_PV(p, MC_L), ke, kt, j,
				     b, p->dt);
		/* steady state of the motor equations, inductance neglected */
		a->ff_v = ke + r * b / kt;
		a->ff_a = r * j / kt;
	}
}

static void mc_reset(void *statep, const void *cfgp)
{
	struct srt_mc_state *s = statep;
	const struct srt_mc_cfg *c = cfgp;
	int i;

	for (i = 0; i < MC_MAX_AXES; i++) {
		struct srt_mc_axis *a = &s->ax[i];

		srt_trap_run_reset(&a->prof, 0, c->vmax, c->amax);
		a->integ = 0;
		a->x[0] = 0;
		a->x[1] = 0;
		a->x[2] = 0;
		s->jac[0][i] = 0;
		s->jac[1][i] = 0;
	}
	s->col = 0;
}

/* planar arm, unit links: tool position for joint angles q (relative) */
static void mc_fk(const double *q, int n, double *x, double *y)
{
	double th = 0, sx = 0, sy = 0, sn, cs;
	int i;

	for (i = 0; i < n; i++) {
		th += q[i];
		srt_sincos(th, &sn, &cs);
		sx += cs;
		sy += sn;
	}
	*x = sx;
	*y = sy;
}

static void mc_step(void *statep, const void *cfgp, const double *in,
		    double *out)
{
	struct srt_mc_state *s = statep;
	const struct srt_mc_cfg *c = cfgp;
	double q[MC_MAX_AXES], x, y;
	int i, w;

	for (i = 0; i < c->axes; i++) {
		struct srt_mc_axis *a = &s->ax[i];
		const struct srt_mc_axis_cfg *ac = &c->ax[i];
		double e, v, u, di;

		srt_trap_run_step(&a->prof, in[i], c->vmax, c->amax, c->dt);
		e = a->prof.p - a->x[2];
		v = c->kp * e + c->kd * (a->prof.v - a->x[1]) + a->integ +
		    ac->ff_v * a->prof.v + ac->ff_a * a->prof.a;
		u = srt_clamp(v, -c->umax, c->umax);
		di = c->ki_dt * e;
		if ((v > c->umax && di > 0) || (v < -c->umax && di < 0))
			di = 0;
		a->integ = srt_clamp(a->integ + di, -c->umax, c->umax);
		srt_motor_update(&ac->motor, a->x, u);
		q[i] = a->x[2];
	}
	mc_fk(q, c->axes, &x, &y);
	/* refresh `work` Jacobian columns, round robin over the axes */
	for (w = 0; w < c->work; w++) {
		int j = s->col;
		double h = 1e-6, save = q[j], xp, yp;

		q[j] = save + h;
		mc_fk(q, c->axes, &xp, &yp);
		q[j] = save;
		s->jac[0][j] = (xp - x) / h;
		s->jac[1][j] = (yp - y) / h;
		if (++s->col >= c->axes)
			s->col = 0;
	}
	out[0] = x;
	out[1] = y;
	for (i = 0; i < c->axes; i++)
		out[2 + i] = q[i];
}

static void mc_retune(void *statep, const void *oldp, const void *newp)
{
	struct srt_mc_state *s = statep;
	const struct srt_mc_cfg *o = oldp, *n = newp;
	int i;

	/* replan only on new limits: other commits leave the bits alone */
	if (o->vmax == n->vmax && o->amax == n->amax && o->dt == n->dt)
		return;
	for (i = 0; i < MC_MAX_AXES; i++)
		s->ax[i].prof.replan = true;
}

static const char *const mc_in[MC_MAX_AXES] = {
	"t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8",
	"t9", "t10", "t11", "t12", "t13", "t14", "t15", "t16",
};

static const char *const mc_out[MC_MAX_AXES + 2] = {
	"x", "y", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "q8",
	"q9", "q10", "q11", "q12", "q13", "q14", "q15", "q16",
};

const struct srt_block_type srt_blk_mctest = {
	.name = "mctest",
	.help = "multi-axis motion workload: profile+PID+FF+motor per axis",
	.params = mc_params,
	.n_params = SRT_ARRAY_SIZE(mc_params),
	.n_in = MC_MAX_AXES,
	.n_out = MC_MAX_AXES + 2,
	.in_names = mc_in,
	.out_names = mc_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.state_size = sizeof(struct srt_mc_state),
	.cfg_size = sizeof(struct srt_mc_cfg),
	.ports = mc_ports,
	.prepare = mc_prepare,
	.reset = mc_reset,
	.step = mc_step,
	.retune = mc_retune,
};
