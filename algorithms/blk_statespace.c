// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Discrete state space, up to 8 states, inputs and outputs:
 *
 *   y[k] = C x[k] + D u[k],   x[k+1] = A x[k] + B u[k]
 *
 * Matrices are given row-major (A=a11,a12,...).  With D all zero the block
 * has no feedthrough and may close a loop; switching D between zero and
 * nonzero changes the chain's structure and is refused in a staged set.
 */
#include "srt_blocks.h"

#define SS_MAX 8

enum { SS_NX, SS_NU, SS_NY, SS_A, SS_B, SS_C, SS_D, SS_X0 };

#define SS_OFF_A	3
#define SS_OFF_B	(SS_OFF_A + SS_MAX * SS_MAX)
#define SS_OFF_C	(SS_OFF_B + SS_MAX * SS_MAX)
#define SS_OFF_D	(SS_OFF_C + SS_MAX * SS_MAX)
#define SS_OFF_X0	(SS_OFF_D + SS_MAX * SS_MAX)

static const struct srt_param_desc ss_params[] = {
	[SS_NX] = { "nx", 1, 1, SS_MAX, "", "states", 1,
		SRT_P_INT | SRT_P_STRUCT },
	[SS_NU] = { "nu", 1, 1, SS_MAX, "", "inputs", 1,
		SRT_P_INT | SRT_P_STRUCT },
	[SS_NY] = { "ny", 1, 1, SS_MAX, "", "outputs", 1,
		SRT_P_INT | SRT_P_STRUCT },
	[SS_A] = { "A", 0, -1e12, 1e12, "", "nx*nx, row-major",
		SS_MAX * SS_MAX, 0 },
	[SS_B] = { "B", 0, -1e12, 1e12, "", "nx*nu, row-major",
		SS_MAX * SS_MAX, 0 },
	[SS_C] = { "C", 0, -1e12, 1e12, "", "ny*nx, row-major",
		SS_MAX * SS_MAX, 0 },
	[SS_D] = { "D", 0, -1e12, 1e12, "", "ny*nu, row-major",
		SS_MAX * SS_MAX, 0 },
	[SS_X0] = { "x0", 0, -1e12, 1e12, "", "initial state (nx)", SS_MAX,
		0 },
};

struct srt_ss_cfg {
	int nx, nu, ny;
	bool ft;
	double a[SS_MAX * SS_MAX], b[SS_MAX * SS_MAX];
	double c[SS_MAX * SS_MAX], d[SS_MAX * SS_MAX];
	double x0[SS_MAX];
};

struct srt_ss_state {
	double x[SS_MAX];
};

static void ss_ports(const struct srt_pview *p, u16 *n_in, u16 *n_out)
{
	*n_in = (u16)SRT_PV(p, SS_NU);
	*n_out = (u16)SRT_PV(p, SS_NY);
}

static bool ss_feedthrough(const struct srt_pview *p)
{
	int i, n = (int)(SRT_PV(p, SS_NY) * SRT_PV(p, SS_NU));

	for (i = 0; i < n; i++)
		if (p->v[SS_OFF_D + i] != 0)
			return true;
	return false;
}

static const char *ss_check(const struct srt_pview *p)
{
	int nx = (int)SRT_PV(p, SS_NX), nu = (int)SRT_PV(p, SS_NU);
	int ny = (int)SRT_PV(p, SS_NY);

	if (p->count[SS_A] && p->count[SS_A] != nx * nx)
		return "A needs nx*nx values";
	if (p->count[SS_B] && p->count[SS_B] != nx * nu)
		return "B needs nx*nu values";
	if (p->count[SS_C] && p->count[SS_C] != ny * nx)
		return "C needs ny*nx values";
	if (p->count[SS_D] && p->count[SS_D] != ny * nu)
		return "D needs ny*nu values";
	if (p->count[SS_X0] && p->count[SS_X0] != nx)
		return "x0 needs nx values";
	return NULL;
}

static void ss_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_ss_cfg *c = cfgp;
	int i;

	c->nx = (int)SRT_PV(p, SS_NX);
	c->nu = (int)SRT_PV(p, SS_NU);
	c->ny = (int)SRT_PV(p, SS_NY);
	c->ft = ss_feedthrough(p);
	for (i = 0; i < SS_MAX * SS_MAX; i++) {
		c->a[i] = p->v[SS_OFF_A + i];
		c->b[i] = p->v[SS_OFF_B + i];
		c->c[i] = p->v[SS_OFF_C + i];
		c->d[i] = p->v[SS_OFF_D + i];
	}
	for (i = 0; i < SS_MAX; i++)
		c->x0[i] = p->v[SS_OFF_X0 + i];
}

static void ss_reset(void *statep, const void *cfgp)
{
	struct srt_ss_state *s = statep;
	const struct srt_ss_cfg *c = cfgp;
	int i;

	for (i = 0; i < SS_MAX; i++)
		s->x[i] = c->x0[i];
}

static void ss_update(void *statep, const void *cfgp, const double *in)
{
	struct srt_ss_state *s = statep;
	const struct srt_ss_cfg *c = cfgp;
	double xn[SS_MAX];
	int i, j;

	for (i = 0; i < c->nx; i++) {
		double acc = 0;

		for (j = 0; j < c->nx; j++)
			acc += c->a[i * c->nx + j] * s->x[j];
		for (j = 0; j < c->nu; j++)
			acc += c->b[i * c->nu + j] * in[j];
		xn[i] = acc;
	}
	for (i = 0; i < c->nx; i++)
		s->x[i] = xn[i];
}

static void ss_step(void *statep, const void *cfgp, const double *in,
		    double *out)
{
	struct srt_ss_state *s = statep;
	const struct srt_ss_cfg *c = cfgp;
	int i, j;

	for (i = 0; i < c->ny; i++) {
		double acc = 0;

		for (j = 0; j < c->nx; j++)
			acc += c->c[i * c->nx + j] * s->x[j];
		if (c->ft)
			for (j = 0; j < c->nu; j++)
				acc += c->d[i * c->nu + j] * in[j];
		out[i] = acc;
	}
	/* without feedthrough the chain calls update() after every step */
	if (c->ft)
		ss_update(statep, cfgp, in);
}

static const char *const ss_in[SS_MAX] = {
	"u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8",
};

static const char *const ss_out[SS_MAX] = {
	"y1", "y2", "y3", "y4", "y5", "y6", "y7", "y8",
};

const struct srt_block_type srt_blk_statespace = {
	.name = "statespace",
	.help = "discrete state space, up to 8 states/inputs/outputs",
	.params = ss_params,
	.n_params = SRT_ARRAY_SIZE(ss_params),
	.n_in = SS_MAX,
	.n_out = SS_MAX,
	.in_names = ss_in,
	.out_names = ss_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.state_size = sizeof(struct srt_ss_state),
	.cfg_size = sizeof(struct srt_ss_cfg),
	.ports = ss_ports,
	.feedthrough = ss_feedthrough,
	.check = ss_check,
	.prepare = ss_prepare,
	.reset = ss_reset,
	.step = ss_step,
	.update = ss_update,
};
