// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Exact zero-order-hold discretization for the plant models.  exp(M dt)
 * of the augmented matrix gives both Ad = exp(A dt) and
 * Bd = integral_0^dt exp(A s) ds B, stable for any positive dt (unlike an
 * explicit integrator, which a stiff motor at a slow period would blow up).
 * Runs at prepare time only.
 */
#include "srt_blocks.h"

#define N_AUG	(SRT_ZOH_MAX + 1)
/*
 * Halvings of the scaling step: enough to bring any finite norm (below
 * 2^1024) under 0.5, so the loop always ends with a converging series.
 */
#define SRT_ZOH_MAX_HALVINGS	1100

static void mat_mul(u32 n, const double *x, const double *y, double *r)
{
	u32 i, j, k;

	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			double acc = 0;

			for (k = 0; k < n; k++)
				acc += x[i * n + k] * y[k * n + j];
			r[i * n + j] = acc;
		}
	}
}

void srt_zoh(u32 n, const double *a, const double *b, double dt, double *ad,
	     double *bd)
{
	double m[N_AUG * N_AUG], e[N_AUG * N_AUG], t[N_AUG * N_AUG];
	double norm = 0, scale = 1;
	u32 na = n + 1, i, j, s = 0;
	int k;

	for (i = 0; i < na * na; i++)
		m[i] = 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++)
			m[i * na + j] = a[i * n + j] * dt;
		m[i * na + n] = b[i] * dt;
	}
	for (j = 0; j < na; j++) {
		double col = 0;

		for (i = 0; i < na; i++)
			col += srt_fabs(m[i * na + j]);
		norm = srt_max(norm, col);
	}
	/* scale so the Taylor series converges fast; 2^s squarings undo it */
	while (norm * scale > 0.5 && s < SRT_ZOH_MAX_HALVINGS) {
		scale *= 0.5;
		s++;
	}
	for (i = 0; i < na * na; i++)
		m[i] *= scale;
	/* Horner: e = I + m (I + m/2 (I + m/3 (... (I + m/18)))) */
	for (i = 0; i < na * na; i++)
		e[i] = (i % (na + 1)) == 0 ? 1.0 : 0.0;
	for (k = 18; k >= 1; k--) {
		mat_mul(na, m, e, t);
		for (i = 0; i < na * na; i++)
			e[i] = t[i] / k + ((i % (na + 1)) == 0 ? 1.0 : 0.0);
	}
	while (s--) {
		mat_mul(na, e, e, t);
		for (i = 0; i < na * na; i++)
			e[i] = t[i];
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++)
			ad[i * n + j] = e[i * na + j];
		bd[i] = e[i * na + n];
	}
}

/*
 * x = [i, w, theta]:  L di/dt = u - R i - ke w,  J dw/dt = kt i - b w,
 * dtheta/dt = w.
 */
void srt_motor_discretize(struct srt_motor_cfg *mc, double r, double l,
			  double ke, double kt, double j, double b, double dt)
{
	double a[9] = {
		-r / l, -ke / l, 0,
		kt / j, -b / j, 0,
		0, 1, 0,
	};
	double bv[3] = { 1.0 / l, 0, 0 };

	srt_zoh(3, a, bv, dt, mc->ad, mc->bd);
}
