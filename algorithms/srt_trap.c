// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Time-optimal trapezoidal planning from any moving state to rest at a
 * target.  The plan is worked out in the direction of travel s (positions
 * and velocities multiplied by s), where the move is always "forward":
 * phase 1 accelerates (or brakes) from v0 to the peak vp with |a| = amax,
 * phase 2 cruises at vp, phase 3 brakes to rest at exactly the remaining
 * distance.  If the target is closer than the stopping distance the
 * direction flips and the plan overshoots and comes back, still within the
 * limits.
 */
#include "srt_blocks.h"

void srt_trap_plan(struct srt_trap *tp, double p0, double v0, double target,
		   double vmax, double amax)
{
	double d = target - p0, stop = v0 * srt_fabs(v0) / (2.0 * amax);
	double s = d - stop >= 0 ? 1.0 : -1.0;
	double dn = s * d, vn = s * v0, vp2, t3, tc;

	tp->p0 = p0;
	tp->v0 = vn;
	tp->target = target;
	tp->s = s;
	tp->am = amax;
	/* peak of a move without cruise: accel then brake over dn */
	vp2 = amax * dn + 0.5 * vn * vn;
	if (vp2 < 0)
		vp2 = 0;	/* only rounding can get here */
	if (vp2 <= vmax * vmax && vn <= vmax) {
		tp->vp = srt_sqrt(vp2);
		tc = 0;
	} else {
		tp->vp = vmax;
		tc = -1;	/* computed below */
	}
	tp->a1 = tp->vp >= vn ? amax : -amax;
	tp->t1 = (tp->vp - vn) / tp->a1;
	tp->d1 = 0.5 * (vn + tp->vp) * tp->t1;
	t3 = tp->vp / amax;
	if (tc < 0) {
		tc = (dn - tp->d1 - 0.5 * tp->vp * t3) / tp->vp;
		if (tc < 0)
			tc = 0;
	}
	tp->t2 = tp->t1 + tc;
	tp->d2 = tp->d1 + tp->vp * tc;
	tp->tend = tp->t2 + t3;
}

bool srt_trap_eval(const struct srt_trap *tp, double t, double *p, double *v,
		   double *a)
{
	double pn, vn, an;

	if (t >= tp->tend) {
		*p = tp->target;
		*v = 0;
		*a = 0;
		return true;
	}
	if (t <= tp->t1) {
		pn = tp->v0 * t + 0.5 * tp->a1 * t * t;
		vn = tp->v0 + tp->a1 * t;
		an = tp->a1;
	} else if (t <= tp->t2) {
		pn = tp->d1 + tp->vp * (t - tp->t1);
		vn = tp->vp;
		an = 0;
	} else {
		double tau = t - tp->t2;

		pn = tp->d2 + tp->vp * tau - 0.5 * tp->am * tau * tau;
		vn = tp->vp - tp->am * tau;
		an = -tp->am;
	}
	*p = tp->p0 + tp->s * pn;
	*v = tp->s * vn;
	*a = tp->s * an;
	return false;
}

void srt_trap_run_reset(struct srt_trap_run *r, double p, double vmax,
			double amax)
{
	srt_trap_plan(&r->plan, p, 0, p, vmax, amax);
	r->t = 0;
	r->p = p;
	r->v = 0;
	r->a = 0;
	r->done = true;
	r->replan = false;
}

void srt_trap_run_step(struct srt_trap_run *r, double target, double vmax,
		       double amax, double dt)
{
	if (target != r->plan.target || r->replan) {
		srt_trap_plan(&r->plan, r->p, r->v, target, vmax, amax);
		r->t = 0;
		r->done = false;
		r->replan = false;
	}
	/* time as a sample count: exact, no drift however long the move */
	if (!r->done)
		r->t += 1.0;
	r->done = srt_trap_eval(&r->plan, r->t * dt, &r->p, &r->v, &r->a);
}
