// SPDX-License-Identifier: GPL-2.0
/*
 * Parameter sets (algorithms/chain_run.c): the text of a params write,
 * staged on a chain that has every built-in block but mctest, then
 * committed and stepped.  The input is staged as the module stages it
 * (kmod/blocks_api.c): what was staged before, then the new write; here
 * the bytes before the first NUL, then the rest.  Properties: the reason
 * is a terminated line; a rejected text leaves the active set alone and
 * its set cannot be committed; an accepted one commits, and the chain
 * then describes to a text the chain parser accepts (staging validates
 * as parsing does) and keeps its outputs finite.
 *
 * Not covered here, kernel-only: the module's copy of the staged text
 * and its assignment count (kmod/chain.c), and the commit file's "1"
 * (kstrtobool, kmod/admin/views.c); SHIELDRT_IOC_COMMIT carries no text.
 */
#include "srt_chain.h"
#include "shieldrt_f64.h"
#include "fuzz.h"

static const char chain_text[] =
	"period_us 1000\n"
	"input  target x2 sel\n"
	"output u speed pos y3 y4 s1 mx sref\n"
	"block prof  trapezoid  in=target out=ref,vref,aref vmax=50 amax=500\n"
	"block sc    scurve     in=target out=sref vmax=10 amax=100 jmax=1000\n"
	"block ctl   pid        in=ref,pos out=upid kp=50 ki=100 kd=0.5 tf=0.002 umin=-24 umax=24 aw=2 kaw=1\n"
	"block ffv   gain       in=vref out=uv k=0.052\n"
	"block usum  sum        in=upid,uv out=u0 n=2 signs=1,1\n"
	"block drive saturation in=u0 out=u lo=-24 hi=24\n"
	"block m     dc_motor   in=u out=speed,pos R=1 L=0.5e-3 ke=0.05 kt=0.05 J=1e-4 b=1e-4\n"
	"block lp    lowpass    in=x2 out=y1 tau=0.01\n"
	"block bq    biquad_lp  in=y1 out=b1 fc=50 q=0.7071\n"
	"block hp    biquad_hp  in=b1 out=b2 fc=5 q=0.7071\n"
	"block nf    notch      in=b2 out=y2 fc=20 q=2\n"
	"block ll    leadlag    in=y2 out=l1 k=1 tz=0.02 tp=0.005\n"
	"block rl    ratelimit  in=l1 out=r1 rise=10 fall=10\n"
	"block db    deadband   in=r1 out=y3 lo=-0.1 hi=0.1\n"
	"block ss    statespace in=y3 out=y4 nx=2 nu=1 ny=1 A=0.9,0.1,-0.1,0.9 B=0,1 C=1,0 D=0\n"
	"block pl    msd        in=y4 out=mp,mv m=1 c=0.5 k=10\n"
	"block lag   lag_delay  in=mp out=lg k=1 tau=0.05 delay=0.003\n"
	"block k1    const      out=c1 value=2\n"
	"block d1    delay1     in=lg out=dl\n"
	"block sl    select     in=dl,c1 out=s1 n=2 index=1\n"
	"block mx    mux        in=sel,dl,c1 out=mx n=2\n";

#define ARENA	(1u << 20)

static struct srt_chain *chain;
static void *arena, *pristine, *set_buf, *check_arena;
static size_t used, set_size;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct srt_err err;

	(void)argc;
	(void)argv;
	arena = aligned_alloc(SRT_ALIGN, ARENA);
	check_arena = aligned_alloc(SRT_ALIGN, ARENA);
	if (!arena || !check_arena ||
	    srt_chain_parse(chain_text, strlen(chain_text), 0, arena, ARENA,
			    &chain, &err)) {
		fprintf(stderr, "the fixed chain does not parse: line %u: %s\n",
			err.line, err.msg);
		abort();
	}
	/* The chain points into its arena only: copying it back restores it. */
	used = srt_chain_bytes(chain);
	pristine = malloc(used);
	set_size = srt_pset_size(chain);
	set_buf = aligned_alloc(SRT_ALIGN, set_size);
	if (!pristine || !set_buf)
		abort();
	memcpy(pristine, arena, used);
	return 0;
}

static char *describe(void)
{
	size_t n = srt_chain_describe(chain, NULL, 0);
	char *buf = malloc(n + 1);

	if (!buf)
		abort();
	srt_chain_describe(chain, buf, n + 1);
	return buf;
}

static int stage(struct srt_pset *ps, const uint8_t *text, size_t len)
{
	struct srt_err err;
	int ret;

	memset(&err, 0xa5, sizeof(err));
	ret = srt_pset_stage(chain, ps, (const char *)text, len, &err);
	fuzz_check(ret == 0 || ret == SRT_EINVAL, "srt_pset_stage() returned %d", ret);
	fuzz_check(!ret || fuzz_reason_ok(err.msg, SRT_ERR_MAX),
		   "reason not terminated or not printable");
	return ret;
}

/* The committed chain: its description parses, its outputs are finite. */
static void check_committed(void)
{
	static const u64 feed[] = { SRT_F64_ONE, SRT_F64_QNAN, 0 };
	u64 in[SRT_MAX_IO], out[SRT_MAX_IO];
	struct srt_chain *again;
	struct srt_err err;
	char *text = describe();
	u32 i, k;
	int ret;

	fuzz_check(!srt_chain_parse(text, strlen(text), 0, check_arena, ARENA,
				    &again, &err),
		   "committed set describes to a chain that does not parse: line %u: %s\n%s",
		   err.line, err.msg, text);
	free(text);
	for (k = 0; k < SRT_ARRAY_SIZE(feed); k++) {
		for (i = 0; i < srt_chain_n_inputs(chain); i++)
			in[i] = feed[k];
		ret = srt_chain_step(chain, in, out);
		for (i = 0; i < srt_chain_n_outputs(chain); i++)
			fuzz_check(srt_bits_finite(out[i]),
				   "step %u: output %u not finite", k, i);
		if (ret & SRT_STEP_NONFINITE)
			srt_chain_reset(chain);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t first = nul ? (size_t)(nul - data) : size;
	struct srt_pset *ps, *old, *active;
	size_t at;
	int ret;

	memcpy(arena, pristine, used);
	memset(set_buf, 0xa5, set_size);
	ps = srt_pset_init(chain, set_buf, set_size);
	fuzz_check(ps, "a buffer of srt_pset_size() refused");
	/* The active set is the arena's own: pristine holds its bytes. */
	active = srt_chain_active(chain);
	at = (const char *)active - (const char *)arena;
	fuzz_check(at + set_size <= used, "the first set is not in the arena");
	ret = stage(ps, data, first);
	if (!ret && nul)
		ret = stage(ps, nul + 1, size - first - 1);
	if (ret) {
		fuzz_check(srt_chain_active(chain) == active &&
			   !memcmp(active, (const char *)pristine + at, set_size),
			   "a rejected set changed the active one");
		fuzz_check(srt_chain_commit(chain, ps, &old) == SRT_EINVAL,
			   "a rejected set committed");
	} else {
		fuzz_check(!srt_chain_commit(chain, ps, &old) &&
			   srt_chain_active(chain) == ps && old != ps,
			   "a staged set did not commit");
		check_committed();
	}
	return 0;
}
