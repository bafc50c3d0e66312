// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Motion profiles: target position in; position, velocity and acceleration
 * references out.
 *
 * trapezoid: time-optimal within vmax and amax; a new target (or new
 * limits) replans from the current position and velocity, so targets may
 * change mid-move.  Reaches the target exactly (the final sample is the
 * target, not a sum that is close to it).
 *
 * scurve: the trapezoid followed by a moving average over M samples,
 * M = ceil(2 amax / (jmax dt)).  Averaging a signal whose acceleration
 * jumps by at most 2 amax (full acceleration to full braking) bounds the
 * change of the averaged acceleration by 2 amax / M <= jmax dt per sample,
 * and averages never exceed the vmax and amax of what they average.  The
 * price is (M - 1)/2 samples of extra delay compared with a time-optimal
 * jerk-limited plan; the gain is that replanning mid-move keeps every
 * limit without a seven-phase planner for arbitrary initial states.
 *
 * The window length M belongs to the move: a committed amax or jmax (a
 * new M, or a new amax under the same M) would break the bounds above if
 * it took over mid-move, so it waits until the output rests at its
 * target, and the move in progress finishes under the amax and jmax it
 * was planned with.  A new vmax replans at once, within the amax in
 * effect.
 */
#include "srt_blocks.h"

enum { PR_VMAX, PR_AMAX, PR_P0, PR_JMAX };

#define SCURVE_MAX_AVG	1024

static const struct srt_param_desc trap_params[] = {
	[PR_VMAX] = { "vmax", 1, 1e-9, 1e12, "unit/s", "velocity limit", 1,
		0 },
	[PR_AMAX] = { "amax", 1, 1e-9, 1e12, "unit/s^2",
		"acceleration limit", 1, 0 },
	[PR_P0] = { "p0", 0, -1e12, 1e12, "unit", "initial position", 1, 0 },
	[PR_JMAX] = { "jmax", 10, 1e-9, 1e15, "unit/s^3", "jerk limit", 1,
		0 },
};

struct srt_prof_cfg {
	double vmax, amax, p0, dt;
	int navg;		/* scurve only: moving-average length M */
};

static void prof_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_prof_cfg *c = cfgp;

	c->vmax = SRT_PV(p, PR_VMAX);
	c->amax = SRT_PV(p, PR_AMAX);
	c->p0 = SRT_PV(p, PR_P0);
	c->dt = p->dt;
	c->navg = 1;
}

static void trap_reset(void *statep, const void *cfgp)
{
	const struct srt_prof_cfg *c = cfgp;

	srt_trap_run_reset(statep, c->p0, c->vmax, c->amax);
}

static void trap_step(void *statep, const void *cfgp, const double *in,
		      double *out)
{
	struct srt_trap_run *r = statep;
	const struct srt_prof_cfg *c = cfgp;

	srt_trap_run_step(r, in[0], c->vmax, c->amax, c->dt);
	out[0] = r->p;
	out[1] = r->v;
	out[2] = r->a;
}

/* the limits a plan depends on (p0 only matters at reset) */
static bool prof_limits_changed(const struct srt_prof_cfg *o,
				const struct srt_prof_cfg *n)
{
	return o->vmax != n->vmax || o->amax != n->amax || o->dt != n->dt;
}

/*
 * Replan only when the limits changed: a commit that leaves them alone
 * (another block's parameter, the same values again, p0) must not touch
 * the trajectory's bits.  A new target is seen by the step itself.
 */
static void trap_retune(void *statep, const void *oldp, const void *newp)
{
	struct srt_trap_run *r = statep;

	if (prof_limits_changed(oldp, newp))
		r->replan = true;
}

static const char *const prof_in[] = { "target" };
static const char *const prof_out[] = { "pos", "vel", "acc" };

const struct srt_block_type srt_blk_trapezoid = {
	.name = "trapezoid",
	.help = "trapezoidal motion profile (vmax, amax), replans on the fly",
	.params = trap_params,
	.n_params = 3,
	.n_in = 1,
	.n_out = 3,
	.in_names = prof_in,
	.out_names = prof_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.state_size = sizeof(struct srt_trap_run),
	.cfg_size = sizeof(struct srt_prof_cfg),
	.prepare = prof_prepare,
	.reset = trap_reset,
	.step = trap_step,
	.retune = trap_retune,
};

struct srt_scurve_state {
	struct srt_trap_run trap;
	int idx, navg, settled;
	double vmax, amax;	/* limits in effect (see scurve_step) */
	double sum[3];
	double out[3];
	double hist[3][SCURVE_MAX_AVG];
};

static double scurve_navg(const struct srt_pview *p)
{
	double m = 2.0 * SRT_PV(p, PR_AMAX) / (SRT_PV(p, PR_JMAX) * p->dt);

	return -srt_floor(-m);
}

static const char *scurve_check(const struct srt_pview *p)
{
	if (!(scurve_navg(p) <= SCURVE_MAX_AVG))
		return "jmax too low for amax at this period (2 amax/(jmax dt) > 1024)";
	return NULL;
}

static void scurve_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_prof_cfg *c = cfgp;
	double m = scurve_navg(p);

	prof_prepare(cfgp, p);
	c->navg = m < 1 ? 1 : (int)m;
}

/* fill the averaging window as if the profile had rested at p forever */
static void scurve_rest_at(struct srt_scurve_state *s,
			   const struct srt_prof_cfg *c, double p)
{
	int i;

	srt_trap_run_reset(&s->trap, p, c->vmax, c->amax);
	s->vmax = c->vmax;
	s->amax = c->amax;
	s->navg = c->navg;
	s->idx = 0;
	s->settled = s->navg;
	for (i = 0; i < SCURVE_MAX_AVG; i++) {
		s->hist[0][i] = p;
		s->hist[1][i] = 0;
		s->hist[2][i] = 0;
	}
	s->sum[0] = 0;
	for (i = 0; i < s->navg; i++)
		s->sum[0] += p;
	s->sum[1] = 0;
	s->sum[2] = 0;
	s->out[0] = p;
	s->out[1] = 0;
	s->out[2] = 0;
}

static void scurve_reset(void *statep, const void *cfgp)
{
	const struct srt_prof_cfg *c = cfgp;

	scurve_rest_at(statep, c, c->p0);
}

static void scurve_step(void *statep, const void *cfgp, const double *in,
			double *out)
{
	struct srt_scurve_state *s = statep;
	const struct srt_prof_cfg *c = cfgp;
	double now[3], inv;
	int k;

	/* a committed amax/jmax takes over once the output rests exactly */
	if ((c->navg != s->navg || c->amax != s->amax) &&
	    s->settled >= s->navg)
		scurve_rest_at(s, c, s->trap.p);
	inv = 1.0 / s->navg;
	srt_trap_run_step(&s->trap, in[0], s->vmax, s->amax, c->dt);
	now[0] = s->trap.p;
	now[1] = s->trap.v;
	now[2] = s->trap.a;
	for (k = 0; k < 3; k++) {
		s->sum[k] += now[k] - s->hist[k][s->idx];
		s->hist[k][s->idx] = now[k];
	}
	if (++s->idx >= s->navg)
		s->idx = 0;
	/* once the window holds only the resting target, report it exactly */
	if (s->trap.done && s->trap.p == in[0]) {
		if (s->settled < s->navg)
			s->settled++;
	} else {
		s->settled = 0;
	}
	if (s->settled >= s->navg) {
		s->out[0] = s->trap.p;
		s->out[1] = 0;
		s->out[2] = 0;
	} else {
		for (k = 0; k < 3; k++)
			s->out[k] = s->sum[k] * inv;
	}
	for (k = 0; k < 3; k++)
		out[k] = s->out[k];
}

/*
 * A new vmax replans at once: the trapezoid's acceleration still jumps by
 * at most 2 amax, so the window keeps jerk and acceleration in bounds.  A
 * new amax or jmax is left in the configuration for scurve_step() to take
 * over at rest; until then the move keeps the limits it was planned with.
 */
static void scurve_retune(void *statep, const void *oldp, const void *newp)
{
	struct srt_scurve_state *s = statep;
	const struct srt_prof_cfg *o = oldp, *n = newp;

	if (o->vmax != n->vmax) {
		s->vmax = n->vmax;
		s->trap.replan = true;
	}
}

const struct srt_block_type srt_blk_scurve = {
	.name = "scurve",
	.help = "jerk-limited motion profile (vmax, amax, jmax)",
	.params = trap_params,
	.n_params = 4,
	.n_in = 1,
	.n_out = 3,
	.in_names = prof_in,
	.out_names = prof_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.state_size = sizeof(struct srt_scurve_state),
	.cfg_size = sizeof(struct srt_prof_cfg),
	.check = scurve_check,
	.prepare = scurve_prepare,
	.reset = scurve_reset,
	.step = scurve_step,
	.retune = scurve_retune,
};
