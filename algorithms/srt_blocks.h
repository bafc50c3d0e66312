/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Internal to algorithms/: the built-in block types and the pieces they
 * share (motion planning, exact discretization).
 */
#ifndef SRT_BLOCKS_H
#define SRT_BLOCKS_H

#include "srt_block.h"
#include "srt_num.h"

/* scalar parameter i of a type whose vectors (if any) come last */
#define SRT_PV(p, i)	((p)->v[(i)])

extern const struct srt_block_type srt_blk_pid;
extern const struct srt_block_type srt_blk_lowpass;
extern const struct srt_block_type srt_blk_biquad_lp;
extern const struct srt_block_type srt_blk_biquad_hp;
extern const struct srt_block_type srt_blk_notch;
extern const struct srt_block_type srt_blk_leadlag;
extern const struct srt_block_type srt_blk_saturation;
extern const struct srt_block_type srt_blk_ratelimit;
extern const struct srt_block_type srt_blk_deadband;
extern const struct srt_block_type srt_blk_trapezoid;
extern const struct srt_block_type srt_blk_scurve;
extern const struct srt_block_type srt_blk_statespace;
extern const struct srt_block_type srt_blk_gain;
extern const struct srt_block_type srt_blk_sum;
extern const struct srt_block_type srt_blk_const;
extern const struct srt_block_type srt_blk_delay1;
extern const struct srt_block_type srt_blk_select;
extern const struct srt_block_type srt_blk_mux;
extern const struct srt_block_type srt_blk_dc_motor;
extern const struct srt_block_type srt_blk_msd;
extern const struct srt_block_type srt_blk_lag_delay;
extern const struct srt_block_type srt_blk_mctest;

/* The gain type, whose step the chain runner does inline (no call). */
bool srt_blk_is_gain(const struct srt_block_type *t);

/* Port name tables shared by variable-width types. */
extern const char *const srt_port_in16[16];	/* in1..in16 */

/*
 * Time-optimal trapezoidal move from (p0, v0) to rest at target, within
 * vmax and amax.  Planned once per new target (one square root), then
 * evaluated at any time since the plan started.
 */
struct srt_trap {
	double p0, v0, target;
	double s;		/* direction of the move: +1 or -1 */
	double a1;		/* signed (normalized) acceleration of phase 1 */
	double vp;		/* normalized peak (cruise) velocity */
	double am;
	double t1, t2, tend;	/* ends of accel, cruise, decel phases */
	double d1, d2;		/* normalized distance at t1 and at t2 */
};

void srt_trap_plan(struct srt_trap *tp, double p0, double v0, double target,
		   double vmax, double amax);
/* position, velocity, acceleration at t >= 0; exact target once done */
bool srt_trap_eval(const struct srt_trap *tp, double t, double *p,
		   double *v, double *a);

/* A profile following a target input: replans when the target changes. */
struct srt_trap_run {
	struct srt_trap plan;
	double t;		/* samples since the plan started */
	double p, v, a;		/* last outputs */
	bool done;
	bool replan;		/* limits changed: plan again from (p, v) */
};

void srt_trap_run_reset(struct srt_trap_run *r, double p, double vmax,
			double amax);
void srt_trap_run_step(struct srt_trap_run *r, double target, double vmax,
		       double amax, double dt);

/*
 * Zero-order-hold discretization of dx/dt = A x + B u (n states, one
 * input, n <= SRT_ZOH_MAX) by the exponential of the augmented matrix
 * [[A B] [0 0]] * dt (scaling and squaring of a Taylor series).
 */
#define SRT_ZOH_MAX	4
void srt_zoh(u32 n, const double *a, const double *b, double dt, double *ad,
	     double *bd);

/* The DC motor model, shared by dc_motor and the mctest workload. */
struct srt_motor_cfg {
	double ad[9];		/* x = [current, speed, position] */
	double bd[3];
};

void srt_motor_discretize(struct srt_motor_cfg *m, double r, double l,
			  double ke, double kt, double j, double b, double dt);

static inline void srt_motor_update(const struct srt_motor_cfg *m,
				    double *x, double u)
{
	double x0 = x[0], x1 = x[1], x2 = x[2];

	x[0] = m->ad[0] * x0 + m->ad[1] * x1 + m->ad[2] * x2 + m->bd[0] * u;
	x[1] = m->ad[3] * x0 + m->ad[4] * x1 + m->ad[5] * x2 + m->bd[1] * u;
	x[2] = m->ad[6] * x0 + m->ad[7] * x1 + m->ad[8] * x2 + m->bd[2] * u;
}

#endif /* SRT_BLOCKS_H */
