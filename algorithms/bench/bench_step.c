// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Driver for scripts/bench/bench-algorithms: runs one case for N steps so that
 * callgrind can count instructions (the script subtracts two runs with
 * different N, and the "empty" case, to get instructions per step).
 *
 *   bench_step list             case names
 *   bench_step CASE N           run N steps
 *   bench_step --time CASE N    wall-clock ns per step (not deterministic)
 *
 * Block cases call the type's step() (and update() for blocks without
 * feedthrough) directly on an instance compiled from a one-block chain;
 * chain cases call srt_chain_step().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "srt_chain_impl.h"
#include "tests/harness.h"

struct bench_case {
	const char *name;
	const char *text;	/* chain text; NULL for the empty loop */
	int whole_chain;
	const char *file;	/* or a chain file */
};

#define ONE(io, blk) "period_us 1000\n" io "\n" blk "\n"

static const struct bench_case cases[] = {
	{ "empty", NULL, 0, NULL },
	{ "pid", ONE("input r y", "block b pid in=r,y out=u kp=2 ki=5 kd=0.01 n=10 umin=-24 umax=24"), 0, NULL },
	{ "lowpass", ONE("input x", "block b lowpass in=x out=y tau=0.01"), 0, NULL },
	{ "biquad_lp", ONE("input x", "block b biquad_lp in=x out=y fc=50"), 0, NULL },
	{ "notch", ONE("input x", "block b notch in=x out=y fc=50 q=5"), 0, NULL },
	{ "leadlag", ONE("input x", "block b leadlag in=x out=y tz=0.01 tp=0.001"), 0, NULL },
	{ "saturation", ONE("input x", "block b saturation in=x out=y"), 0, NULL },
	{ "ratelimit", ONE("input x", "block b ratelimit in=x out=y rise=10 fall=10"), 0, NULL },
	{ "deadband", ONE("input x", "block b deadband in=x out=y"), 0, NULL },
	{ "gain", ONE("input x", "block b gain in=x out=y k=3"), 0, NULL },
	{ "sum4", ONE("input a b c d", "block b sum in=a,b,c,d out=y n=4 signs=1,-1,1,-1"), 0, NULL },
	{ "trapezoid", ONE("input x", "block b trapezoid in=x out=p,v,a vmax=1 amax=1"), 0, NULL },
	{ "scurve", ONE("input x", "block b scurve in=x out=p,v,a vmax=1 amax=1 jmax=100"), 0, NULL },
	{ "statespace8", ONE("input u", "block b statespace in=u out=y nx=8 nu=1 ny=1"), 0, NULL },
	{ "dc_motor", ONE("input v", "block b dc_motor in=v out=w,p"), 0, NULL },
	{ "msd", ONE("input f", "block b msd in=f out=x,v"), 0, NULL },
	{ "lag_delay", ONE("input u", "block b lag_delay in=u out=y delay=0.1"), 0, NULL },
	{ "mctest1", ONE("input t", "block b mctest in=t out=x,y,q axes=1"), 0, NULL },
	{ "mctest6", ONE("input a b c d e f", "block b mctest in=a,b,c,d,e,f out=x,y axes=6"), 0, NULL },
	{ "mctest6_work0", ONE("input a b c d e f", "block b mctest in=a,b,c,d,e,f out=x,y axes=6 work=0"), 0, NULL },
	{ "chain:gain4", NULL, 1, "chains/gain4.chain" },
	{ "chain:demo-motor", NULL, 1, "chains/demo-motor.chain" },
	{ "chain:mctest6", NULL, 1, "chains/mctest6.chain" },
	{ "chain:filter-msd", NULL, 1, "chains/filter-msd.chain" },
};

/* the empty case's step: same call shape, no work */
static void __attribute__((noinline)) noop_step(void *s, const void *c,
						const double *in, double *out)
{
	(void)s;
	(void)c;
	(void)in;
	__asm__ volatile("" : : "r"(out) : "memory");
}

int main(int argc, char **argv)
{
	const struct bench_case *bc = NULL;
	struct srt_chain *c = NULL;
	struct srt_err err;
	double in[SRT_MAX_PORTS] = { 0 }, out[SRT_MAX_PORTS];
	u64 inb[SRT_MAX_IO] = { 0 }, outb[SRT_MAX_IO];
	const struct srt_inst *b = NULL;
	const u8 *cfg = NULL;
	int timed = 0, i;
	long n, k;
	struct timespec t0, t1;
	void *arena;

	if (argc > 1 && !strcmp(argv[1], "list")) {
		for (i = 0; i < (int)SRT_ARRAY_SIZE(cases); i++)
			printf("%s\n", cases[i].name);
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "--time")) {
		timed = 1;
		argv++;
		argc--;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: bench_step [--time] CASE STEPS | list\n");
		return 2;
	}
	for (i = 0; i < (int)SRT_ARRAY_SIZE(cases); i++)
		if (!strcmp(cases[i].name, argv[1]))
			bc = &cases[i];
	if (!bc) {
		fprintf(stderr, "bench_step: unknown case '%s'\n", argv[1]);
		return 2;
	}
	n = atol(argv[2]);
	arena = aligned_alloc(SRT_ALIGN, 1 << 20);
	if (bc->text || bc->file) {
		char *text = bc->file ? tc_slurp(bc->file) : strdup(bc->text);

		if (!text || srt_chain_parse(text, strlen(text), 0, arena,
					     1 << 20, &c, &err)) {
			fprintf(stderr, "bench_step: %s: %s\n", bc->name,
				text ? err.msg : "cannot read");
			return 1;
		}
		free(text);
		b = &c->blk[0];
		cfg = c->active->cfg + b->cfg_off;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (k = 0; k < n; k++) {
		/* a slowly moving input, identical work in every case */
		in[0] = in[1] = in[2] = in[3] = in[4] = in[5] = 1e3 + (double)k * 1e-3;
		if (bc->whole_chain) {
			for (i = 0; i < (int)c->n_in; i++)
				inb[i] = srt_to_bits(in[0]);
			srt_chain_step(c, inb, outb);
		} else if (!b) {
			noop_step(NULL, NULL, in, out);
		} else {
			b->type->step(b->state, cfg, in, out);
			if (!b->ft)
				b->type->update(b->state, cfg, in);
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (timed)
		printf("%s %.1f ns/step\n", bc->name,
		       ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / n);
	free(arena);
	return 0;
}
