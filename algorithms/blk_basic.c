// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Wiring blocks: gain, sum, constant, unit delay, select, mux. */
#include "srt_blocks.h"

const char *const srt_port_in16[16] = {
	"in1", "in2", "in3", "in4", "in5", "in6", "in7", "in8",
	"in9", "in10", "in11", "in12", "in13", "in14", "in15", "in16",
};

static const char *const one_in[] = { "x" };
static const char *const one_out[] = { "y" };

static void plain_reset(void *statep, const void *cfgp)
{
	(void)statep;
	(void)cfgp;
}

/* the scalar parameters copied as they are */
static void copy_prepare(void *cfgp, const struct srt_pview *p)
{
	double *c = cfgp;

	c[0] = SRT_PV(p, 0);
}

static const struct srt_param_desc gain_params[] = {
	{ "k", 1, -1e12, 1e12, "", "gain", 1, 0 },
};

static void gain_step(void *statep, const void *cfgp, const double *in,
		      double *out)
{
	(void)statep;
	out[0] = *(const double *)cfgp * in[0];
}

const struct srt_block_type srt_blk_gain = {
	.name = "gain",
	.help = "y = k x",
	.params = gain_params,
	.n_params = 1,
	.n_in = 1,
	.n_out = 1,
	.in_names = one_in,
	.out_names = one_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.cfg_size = sizeof(double),
	.prepare = copy_prepare,
	.reset = plain_reset,
	.step = gain_step,
};

/* y = k x: srt_chain_step() steps it itself (SRT_OP_GAIN). */
bool srt_blk_is_gain(const struct srt_block_type *t)
{
	return t == &srt_blk_gain;
}

/* Weighted sum of n inputs; signs=1,-1 makes an error signal. */
#define SUM_MAX 16

static const struct srt_param_desc sum_params[] = {
	{ "n", 2, 1, SUM_MAX, "", "number of inputs", 1,
		SRT_P_INT | SRT_P_STRUCT },
	{ "signs", 1, -1, 1, "",
		"per-input weight, +1 adds, -1 subtracts", SUM_MAX, 0 },
};

struct srt_sum_cfg {
	int n;
	double w[SUM_MAX];
};

static void n_ports(const struct srt_pview *p, u16 *n_in, u16 *n_out)
{
	*n_in = (u16)SRT_PV(p, 0);
	*n_out = 1;
}

static const char *sum_check(const struct srt_pview *p)
{
	if (p->count[1] && p->count[1] != (u16)SRT_PV(p, 0))
		return "signs needs one value per input (n)";
	return NULL;
}

static void sum_prepare(void *cfgp, const struct srt_pview *p)
{
	struct srt_sum_cfg *c = cfgp;
	int i;

	c->n = (int)SRT_PV(p, 0);
	for (i = 0; i < SUM_MAX; i++)
		c->w[i] = p->v[1 + i];
}

static void sum_step(void *statep, const void *cfgp, const double *in,
		     double *out)
{
	const struct srt_sum_cfg *c = cfgp;
	double y = 0;
	int i;

	(void)statep;
	for (i = 0; i < c->n; i++)
		y += c->w[i] * in[i];
	out[0] = y;
}

const struct srt_block_type srt_blk_sum = {
	.name = "sum",
	.help = "weighted sum of n inputs",
	.params = sum_params,
	.n_params = SRT_ARRAY_SIZE(sum_params),
	.n_in = SUM_MAX,
	.n_out = 1,
	.in_names = srt_port_in16,
	.out_names = one_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.cfg_size = sizeof(struct srt_sum_cfg),
	.ports = n_ports,
	.check = sum_check,
	.prepare = sum_prepare,
	.reset = plain_reset,
	.step = sum_step,
};

static const struct srt_param_desc const_params[] = {
	{ "value", 0, -1e12, 1e12, "", "output value", 1, 0 },
};

static void const_step(void *statep, const void *cfgp, const double *in,
		       double *out)
{
	(void)statep;
	(void)in;
	out[0] = *(const double *)cfgp;
}

const struct srt_block_type srt_blk_const = {
	.name = "const",
	.help = "constant output (a tunable parameter)",
	.params = const_params,
	.n_params = 1,
	.n_in = 0,
	.n_out = 1,
	.out_names = one_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.cfg_size = sizeof(double),
	.prepare = copy_prepare,
	.reset = plain_reset,
	.step = const_step,
};

/* One-sample delay; it has no feedthrough, so it can close any loop. */
static const struct srt_param_desc delay1_params[] = {
	{ "init", 0, -1e12, 1e12, "", "output before the first update", 1,
		0 },
};

static void delay1_reset(void *statep, const void *cfgp)
{
	*(double *)statep = *(const double *)cfgp;
}

static void delay1_step(void *statep, const void *cfgp, const double *in,
			double *out)
{
	(void)cfgp;
	(void)in;
	out[0] = *(double *)statep;
}

static void delay1_update(void *statep, const void *cfgp, const double *in)
{
	(void)cfgp;
	*(double *)statep = in[0];
}

const struct srt_block_type srt_blk_delay1 = {
	.name = "delay1",
	.help = "unit delay z^-1",
	.params = delay1_params,
	.n_params = 1,
	.n_in = 1,
	.n_out = 1,
	.in_names = one_in,
	.out_names = one_out,
	.flags = 0,
	.state_size = sizeof(double),
	.cfg_size = sizeof(double),
	.prepare = copy_prepare,
	.reset = delay1_reset,
	.step = delay1_step,
	.update = delay1_update,
};

/* select: pass input number `index` (a parameter, switched by commit) */
static const struct srt_param_desc select_params[] = {
	{ "n", 2, 1, 16, "", "number of inputs", 1,
		SRT_P_INT | SRT_P_STRUCT },
	{ "index", 1, 1, 16, "", "input passed through (1-based)", 1,
		SRT_P_INT },
};

static const char *select_check(const struct srt_pview *p)
{
	return SRT_PV(p, 1) <= SRT_PV(p, 0) ? NULL : "index exceeds n";
}

static void select_prepare(void *cfgp, const struct srt_pview *p)
{
	*(int *)cfgp = (int)SRT_PV(p, 1) - 1;
}

static void select_step(void *statep, const void *cfgp, const double *in,
			double *out)
{
	(void)statep;
	out[0] = in[*(const int *)cfgp];
}

const struct srt_block_type srt_blk_select = {
	.name = "select",
	.help = "pass the input chosen by a parameter",
	.params = select_params,
	.n_params = SRT_ARRAY_SIZE(select_params),
	.n_in = 16,
	.n_out = 1,
	.in_names = srt_port_in16,
	.out_names = one_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.cfg_size = sizeof(int),
	.ports = n_ports,
	.check = select_check,
	.prepare = select_prepare,
	.reset = plain_reset,
	.step = select_step,
};

/*
 * mux: pass the input chosen by the first input `sel`, rounded and
 * clamped to 1..n (a NaN selector picks input 1).
 */
static const struct srt_param_desc mux_params[] = {
	{ "n", 2, 1, 16, "", "number of data inputs", 1,
		SRT_P_INT | SRT_P_STRUCT },
};

static const char *const mux_in[17] = {
	"sel", "in1", "in2", "in3", "in4", "in5", "in6", "in7", "in8",
	"in9", "in10", "in11", "in12", "in13", "in14", "in15", "in16",
};

static void mux_ports(const struct srt_pview *p, u16 *n_in, u16 *n_out)
{
	*n_in = (u16)(SRT_PV(p, 0) + 1);
	*n_out = 1;
}

static void mux_prepare(void *cfgp, const struct srt_pview *p)
{
	*(double *)cfgp = SRT_PV(p, 0);
}

static void mux_step(void *statep, const void *cfgp, const double *in,
		     double *out)
{
	double n = *(const double *)cfgp, sel = srt_round(in[0]);

	(void)statep;
	if (!(sel >= 1.0))
		sel = 1.0;
	if (sel > n)
		sel = n;
	out[0] = in[(int)sel];
}

const struct srt_block_type srt_blk_mux = {
	.name = "mux",
	.help = "pass the data input chosen by the sel input (1-based)",
	.params = mux_params,
	.n_params = 1,
	.n_in = 17,
	.n_out = 1,
	.in_names = mux_in,
	.out_names = one_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.cfg_size = sizeof(double),
	.ports = mux_ports,
	.prepare = mux_prepare,
	.reset = plain_reset,
	.step = mux_step,
};
