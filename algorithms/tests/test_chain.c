// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Chain parser and runtime: valid texts, algebraic loops, commit
 * atomicity, NaN/Inf handling, describe round trip, arena sizing, the type
 * registry.  The rejection table is shared with KUnit (cases.h).
 */
#include "tap.h"
#include "harness.h"
#include "srt_chain_impl.h"

#define HDR "period_us 1000\ninput x\noutput y\n"

static void test_valid(void)
{
	static const char *const files[] = {
		SRT_CHAIN_DIR "/demo-motor.chain",
		SRT_CHAIN_DIR "/mctest6.chain",
		SRT_CHAIN_DIR "/filter-msd.chain",
	};
	unsigned int i;

	for (i = 0; i < 3; i++) {
		char *text = tc_slurp(files[i]);
		struct tc t;

		tap_ok(text && tc_open(&t, text) == 0, "%s parses (%s)",
		       files[i], text ? t.err.msg : "cannot read");
		if (text && t.c)
			tap_note("%s: %u blocks, %u signals, %zu arena bytes",
				 files[i], srt_chain_n_blocks(t.c),
				 srt_chain_n_signals(t.c), srt_chain_bytes(t.c));
		tc_close(&t);
		free(text);
	}
}

static void test_loops_allowed(void)
{
	struct tc t;

	/* loops closed through blocks without feedthrough are fine */
	tap_ok(tc_open(&t, HDR "block a sum in=x,w out=y n=2\n"
			   "block b delay1 in=y out=w\n") == 0,
	       "loop through delay1 (no feedthrough) accepted");
	tc_step1(&t, 1);
	tc_step1(&t, 1);
	tap_ok(tc_step1(&t, 1) == 3, "integrator made of sum + delay1 counts 1, 2, 3");
	tc_close(&t);
	tap_ok(tc_open(&t, HDR "block s statespace in=y out=z nx=1 A=0.5 B=1 C=1\n"
			   "block a sum in=x,z out=y n=2\n") == 0,
	       "statespace with D=0 has no feedthrough and closes a loop");
	tc_close(&t);
	tap_ok(tc_open(&t, HDR "block s statespace in=y out=z nx=1 A=0.5 B=1 C=1 D=1\n"
			   "block a sum in=x,z out=y n=2\n") == SRT_EINVAL,
	       "statespace with D!=0 in a loop rejected (%s)", t.err.msg);
	tc_close(&t);
}

static void test_period_and_arena(void)
{
	const char *text = HDR "block a gain in=x out=y\n";
	struct srt_chain *c;
	struct srt_err err;
	void *arena = aligned_alloc(SRT_ALIGN, TC_ARENA);
	size_t need;

	tap_ok(srt_chain_parse(text, strlen(text), 500000, arena, TC_ARENA,
			       &c, &err) == SRT_EINVAL &&
	       strstr(err.msg, "does not match the loop period"),
	       "period mismatch with the loop rejected (%s)", err.msg);
	tap_ok(srt_chain_parse(text, strlen(text), 1000000, arena, TC_ARENA,
			       &c, &err) == 0 &&
	       srt_chain_period_ns(c) == 1000000, "matching loop period accepted");
	need = srt_chain_bytes(c);
	tap_ok(srt_chain_parse(text, strlen(text), 0, arena, 4096, &c, &err) ==
	       SRT_ENOSPC && strstr(err.msg, "arena too small"),
	       "arena too small: ENOSPC (%s)", err.msg);
	tap_ok(srt_chain_parse(text, strlen(text), 0, (char *)arena + 8,
			       TC_ARENA - 8, &c, &err) == SRT_ENOSPC,
	       "misaligned arena refused");
	tap_note("gain chain uses %zu bytes (+ parser scratch at the top)", need);
	free(arena);
}

/* Every step must see one whole parameter set: all consts equal. */
static void test_commit_atomic(void)
{
	struct tc t;
	int n, consistent = 1, changes = 0;
	double last = 0;
	char stage[256];

	tc_open(&t, "period_us 1000\noutput a b c d\n"
		    "block ka const out=a value=0\nblock kb const out=b value=0\n"
		    "block kc const out=c value=0\nblock kd const out=d value=0\n");
	for (n = 1; n <= 2000; n++) {
		tc_step(&t);
		if (tc_out(&t, 0) != tc_out(&t, 1) ||
		    tc_out(&t, 1) != tc_out(&t, 2) ||
		    tc_out(&t, 2) != tc_out(&t, 3))
			consistent = 0;
		if (tc_out(&t, 0) != last)
			changes++;
		last = tc_out(&t, 0);
		if (n % 7 == 0) {
			snprintf(stage, sizeof(stage),
				 "ka.value=%d kb.value=%d\nkc.value=%d kd.value=%d",
				 n, n, n, n);
			tc_commit(&t, stage);
		}
	}
	tap_ok(consistent && changes == 2000 / 7,
	       "commit atomicity: 2000 steps, %d commits, every step saw one whole set",
	       changes);
	{
		struct srt_chain_stats st;

		srt_chain_get_stats(t.c, &st);
		tap_ok(st.commits == 285 && st.commit_step == 1995,
		       "stats: %llu commits, last took effect after step %llu",
		       (unsigned long long)st.commits,
		       (unsigned long long)st.commit_step);
	}
	tc_close(&t);
}

static void test_stage_errors(void)
{
	static const struct {
		const char *text;
		const char *reason;
	} rows[] = {
		{ "ctl.kp=1e10", "line 1: ctl.kp=1e+10 is above its maximum" },
		{ "ctl.kp=2\n\nctl.aw=1.5", "line 3: ctl.aw=1.5 must be an integer" },
		{ "ctl.kq=1", "pid has no parameter 'kq'" },
		{ "nope.kp=1", "no block 'nope'" },
		{ "ctl.kp", "expected block.param=value" },
		{ "ctl.umin=30", "umin must be below umax" },
		{ "s.n=3", "cannot change in a staged set" },
		{ "ctl.kp=abc", "malformed number" },
	};
	struct tc t;
	unsigned int i;
	u64 before[4];

	tc_open(&t, "period_us 1000\ninput r y\noutput u s\n"
		    "block ctl pid in=r,y out=u kp=1 umax=24 umin=-24\n"
		    "block s sum in=r,y out=s n=2\n");
	for (i = 0; i < SRT_ARRAY_SIZE(rows); i++) {
		struct srt_pset *ps = tc_pset(&t), *old;
		struct srt_err err;
		int r = srt_pset_stage(t.c, ps, rows[i].text,
				       strlen(rows[i].text), &err);

		tap_ok(r == SRT_EINVAL && strstr(err.msg, rows[i].reason) &&
		       srt_chain_commit(t.c, ps, &old) == SRT_EINVAL,
		       "stage rejects '%s' (%s) and the set cannot be committed",
		       rows[i].text, err.msg);
	}
	tc_set(&t, 0, 1);
	tc_step(&t);
	memcpy(before, t.out, sizeof(before));
	tc_step(&t);
	tap_ok(!memcmp(before, t.out, 2 * sizeof(u64)) && tc_out(&t, 0) == 1,
	       "after rejected stages the chain runs on its old parameters");
	tap_ok(tc_commit(&t, "# comment\n  ctl.kp=3   ctl.ki=0.5\n") == 0,
	       "stage with comments and several lines commits");
	tc_step(&t);
	tap_ok(tc_out(&t, 0) == 1, "bumpless: kp 1 -> 3 leaves u at 1 for the same error");
	tc_step(&t);
	tap_ok(tc_out(&t, 0) > 1, "new ki integrates from there");
	tc_close(&t);
}

static void test_nonfinite(void)
{
	struct tc t;
	struct srt_chain_stats st;
	double y;
	int n, st1, st2;

	/* lowpass with a huge gain overflows once its input is large */
	tc_open(&t, "period_us 1000\ninput x\noutput y z\n"
		    "block a gain in=x out=z k=1e12\nblock b gain in=z out=y k=1e12\n");
	y = tc_step1(&t, 2);
	st1 = t.status;
	tap_ok(st1 == 0 && y == 2e24, "finite step: status 0");
	tc_step1(&t, 1e300);
	st2 = t.status;
	tap_ok(st2 == SRT_STEP_NONFINITE && tc_out(&t, 0) == 2e24 &&
	       tc_out(&t, 1) == 2e12,
	       "Inf output: SRT_STEP_NONFINITE, last good outputs held");
	for (n = 0; n < 9; n++)
		tc_step1(&t, 1e300);
	srt_chain_get_stats(t.c, &st);
	tap_ok(st.nonfinite_steps == 10 && st.last_bad_block == 0 &&
	       !strcmp(srt_chain_signal_name(t.c, (u32)st.last_bad_signal), "z"),
	       "counted 10 bad steps, blamed the first overflow: block 0, signal '%s'",
	       srt_chain_signal_name(t.c, (u32)st.last_bad_signal));
	tap_ok(tc_step1(&t, 3) == 3e24 && t.status == 0,
	       "stateless chain recovers as soon as the input is sane");
	t.in[0] = SRT_F64_QNAN;
	tc_step(&t);
	srt_chain_get_stats(t.c, &st);
	tap_ok(t.status == SRT_STEP_BAD_INPUT && tc_out(&t, 0) == 3e24 &&
	       st.bad_inputs == 1,
	       "NaN input: SRT_STEP_BAD_INPUT, previous input kept, counted");
	tc_close(&t);

	/* a NaN that reaches state stays there until reset */
	tc_open(&t, "period_us 1000\ninput x\noutput y\n"
		    "block a gain in=x out=z k=1e12\nblock b gain in=z out=w k=1e12\n"
		    "block f lowpass in=w out=y tau=0.01\n");
	tc_step1(&t, 1);
	tc_step1(&t, 1e300);
	n = t.status;
	tc_step1(&t, 1);
	tap_ok(n == SRT_STEP_NONFINITE && t.status == SRT_STEP_NONFINITE,
	       "poisoned filter state keeps failing (caller goes safe)");
	srt_chain_reset(t.c);
	tc_step1(&t, 1e-300);
	tap_ok(t.status == 0, "after srt_chain_reset the chain steps clean again");
	tc_close(&t);
}

static void test_describe(void)
{
	char *text = tc_slurp(SRT_CHAIN_DIR "/demo-motor.chain");
	struct tc a, b;
	char *d1, *d2;
	size_t n;
	int i, same = 1;

	tc_open(&a, text);
	n = srt_chain_describe(a.c, NULL, 0);
	d1 = malloc(n + 1);
	srt_chain_describe(a.c, d1, n + 1);
	tap_ok(strlen(d1) == n && strstr(d1, "block ctl pid in=ref,pos out=upid kp=50"),
	       "describe prints the compiled chain (%zu bytes)", n);
	tap_ok(tc_open(&b, d1) == 0, "describe output parses again");
	d2 = malloc(n + 1);
	srt_chain_describe(b.c, d2, n + 1);
	tap_ok(!strcmp(d1, d2), "describe(parse(describe)) is a fixed point");
	for (i = 0; i < 3000; i++) {
		tc_set(&a, 0, i < 1500 ? 3 : -1);
		tc_set(&b, 0, i < 1500 ? 3 : -1);
		tc_step(&a);
		tc_step(&b);
		if (memcmp(a.out, b.out, 4 * sizeof(u64)))
			same = 0;
	}
	tap_ok(same, "original and re-parsed chain run bit-identically for 3000 steps");
	free(d1);
	free(d2);
	free(text);
	tc_close(&a);
	tc_close(&b);
}

/*
 * Every block of a has a block of the same name in b whose parameters hold
 * the same bits and element counts (describe prints blocks in execution
 * order, so the indices may differ).
 */
static int same_params(const struct srt_chain *a, const struct srt_chain *b)
{
	u32 i, j, k;

	if (a->n_blk != b->n_blk)
		return 0;
	for (i = 0; i < a->n_blk; i++) {
		const struct srt_inst *x = &a->blk[i], *y = NULL;
		const struct srt_block_type *t = x->type;
		u32 nv = srt_param_nvals(t);

		for (j = 0; j < b->n_blk && !y; j++)
			if (!strcmp(b->blk[j].name, x->name))
				y = &b->blk[j];
		if (!y || y->type != t)
			return 0;
		for (k = 0; k < nv; k++)
			if (srt_to_bits(a->active->vals[x->val_off + k]) !=
			    srt_to_bits(b->active->vals[y->val_off + k])) {
				printf("# %s value %u differs\n", x->name, k);
				return 0;
			}
		/* scalars print always; a defaulted vector stays omitted */
		for (k = 0; k < t->n_params; k++)
			if (t->params[k].len > 1 &&
			    a->active->cnt[x->cnt_off + k] !=
			    b->active->cnt[y->cnt_off + k])
				return 0;
	}
	return 1;
}

/* parse -> describe -> parse: same parameter bits, same outputs */
static void roundtrip(const char *what, const char *text)
{
	struct tc a, b;
	char *d1 = NULL, *d2 = NULL;
	size_t n;
	u32 i, k, nin, nout;
	int same = 1;

	if (tc_open(&a, text)) {
		tap_ok(0, "%s: parses", what);
		return;
	}
	n = srt_chain_describe(a.c, NULL, 0);
	d1 = malloc(n + 1);
	srt_chain_describe(a.c, d1, n + 1);
	if (tc_open(&b, d1)) {
		tap_ok(0, "%s: describe output parses", what);
		goto out;
	}
	d2 = malloc(n + 1);
	srt_chain_describe(b.c, d2, n + 1);
	tap_ok(same_params(a.c, b.c) && !strcmp(d1, d2),
	       "%s: describe round trip keeps every parameter's bits", what);
	nin = srt_chain_n_inputs(a.c);
	nout = srt_chain_n_outputs(a.c);
	for (i = 0; i < 2000; i++) {
		for (k = 0; k < nin; k++) {
			double v = (i / 250 % 2 ? 0.7 : -0.3) * (k + 1);

			tc_set(&a, k, v);
			tc_set(&b, k, v);
		}
		tc_step(&a);
		tc_step(&b);
		if (a.status != b.status ||
		    memcmp(a.out, b.out, nout * sizeof(u64)))
			same = 0;
	}
	tap_ok(same, "%s: original and re-parsed run bit-identically", what);
	tc_close(&b);
out:
	free(d1);
	free(d2);
	tc_close(&a);
}

static void test_describe_exact(void)
{
	static const char *const files[] = {
		"demo-motor-1node.chain", "demo-motor-ctl.chain",
		"demo-motor-plant.chain", "demo-motor.chain",
		"filter-msd.chain", "mctest6.chain",
	};
	/* values that need 16, 17 or 18 digits, or trailing zeros */
	static const char exact[] = HDR
		"block g gain in=x out=a k=1.2345678901234567\n"
		"block f biquad_lp in=a out=b fc=12.345678901234567\n"
		"block h lowpass in=b out=c tau=0.10000000000000002\n"
		"block s sum in=c,x out=d n=2\n"
		"block ss statespace in=d out=e nx=2 A=0.99999999999999989,0.1,-0.33333333333333331,0.30000000000000004 B=1,0.5 C=1,1 x0=1e-300,-2.5\n"
		"block g2 gain in=e out=f k=3.6086e-26\n"
		"block g3 gain in=f out=g k=4.260e11\n"
		"block g4 gain in=g out=y k=2.9362446000000002e-10\n";
	char path[256], *text, num[48];
	size_t i;
	int bad = 0;

	for (i = 0; i < SRT_ARRAY_SIZE(files); i++) {
		snprintf(path, sizeof(path), "%s/%s", SRT_CHAIN_DIR, files[i]);
		text = tc_slurp(path);
		if (!text) {
			tap_ok(0, "%s: readable", files[i]);
			continue;
		}
		roundtrip(files[i], text);
		free(text);
	}
	roundtrip("17-digit values", exact);

	/* every schema default reads back, e.g. biquad q=0.7071067811865476 */
	for (i = 0; srt_block_type_at((u32)i); i++) {
		const struct srt_block_type *t = srt_block_type_at((u32)i);
		u32 k;

		for (k = 0; k < t->n_params; k++) {
			double v, d = t->params[k].def;
			size_t n = srt_format_double_exact(num, sizeof(num), d);

			if (srt_parse_double(num, n, &v) ||
			    srt_to_bits(v) != srt_to_bits(d)) {
				printf("# %s.%s=%s\n", t->name,
				       t->params[k].name, num);
				bad++;
			}
		}
	}
	tap_ok(!bad, "every schema default prints as text that reads back");
	srt_format_double_exact(num, sizeof(num), 0.7071067811865476);
	tap_ok(!strcmp(num, "0.7071067811865476"),
	       "0.7071067811865476 prints with 16 digits (%s)", num);
	srt_format_double_exact(num, sizeof(num), 0.1);
	tap_ok(!strcmp(num, "0.1"), "0.1 prints as before (%s)", num);
}

static void test_registry(void)
{
	static const struct srt_param_desc p[] = {
		{ "k", 1, 0, 10, "", "gain", 1, 0 },
	};
	static const char *const io[] = { "x" };
	static struct srt_block_type extra;
	const struct srt_block_type *t;
	const char *why = NULL;
	unsigned int i, n = 0, bad = 0;
	struct tc c;

	for (i = 0; (t = srt_block_type_at(i)); i++) {
		n++;
		if (srt_block_type_invalid(t)) {
			printf("# %s: %s\n", t->name, srt_block_type_invalid(t));
			bad++;
		}
	}
	tap_ok(n == 22 && !bad, "22 built-in types, all pass the type sanity check");
	extra = *srt_block_lookup("gain", 4);
	extra.name = "mygain";
	extra.params = p;
	extra.in_names = io;
	tap_ok(srt_block_register(&extra, &why) == 0, "register a new type");
	tap_ok(srt_block_register(&extra, &why) == SRT_EEXIST,
	       "registering the same name twice: EEXIST (%s)", why);
	tap_ok(tc_open(&c, HDR "block g mygain in=x out=y k=3\n") == 0 &&
	       tc_step1(&c, 2) == 6, "a chain uses the registered type");
	tc_close(&c);
	tap_ok(srt_block_unregister(&extra) == 0 &&
	       !srt_block_lookup("mygain", 6), "unregister removes it");
	extra.name = "bad name";
	tap_ok(srt_block_register(&extra, &why) == SRT_EINVAL,
	       "invalid type refused (%s)", why);
}

int main(void)
{
	test_valid();
	test_loops_allowed();
	test_period_and_arena();
	test_commit_atomic();
	test_stage_errors();
	test_nonfinite();
	test_describe();
	test_describe_exact();
	test_registry();
	return tap_done();
}
