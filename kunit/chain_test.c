// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite shieldrt_chain: the in-kernel API of shieldrt.ko
 * (include/shieldrt_blocks.h) as another module uses it: compiling chains
 * (with their FPU sections), rejecting bad texts with a line and a reason,
 * registering a block type of its own, using it in a chain, and the
 * refusal to unregister a type a chain still uses.
 *
 * This file is built without FPU flags, so values cross as IEEE-754 bit
 * patterns and the test block only moves bits (a sign flip).
 */
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/string.h>
#include "shieldrt_blocks.h"

#define F64_1	0x3ff0000000000000ULL	/* 1.0 */
#define F64_3	0x4008000000000000ULL	/* 3.0 */
#define F64_24	0x4038000000000000ULL	/* 24.0 */
#define F64_SIGN 0x8000000000000000ULL

/* ---- a block type of our own: y = -x, by flipping the sign bit ---- */

static const char *const neg_in[] = { "x" };
static const char *const neg_out[] = { "y" };

static void neg_prepare(void *cfg, const struct srt_pview *p)
{
}

static void neg_reset(void *state, const void *cfg)
{
}

static void neg_step(void *state, const void *cfg, const double *in,
		     double *out)
{
	u64 v;

	memcpy(&v, in, sizeof(v));
	v ^= F64_SIGN;
	memcpy(out, &v, sizeof(v));
}

static const struct srt_block_type neg_type = {
	.name = "kunit_negate",
	.help = "y = -x (sign bit flip)",
	.n_in = 1,
	.n_out = 1,
	.in_names = neg_in,
	.out_names = neg_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.prepare = neg_prepare,
	.reset = neg_reset,
	.step = neg_step,
};

/* Same name as a built-in: must be refused. */
static const struct srt_block_type dup_type = {
	.name = "gain",
	.n_in = 1,
	.n_out = 1,
	.in_names = neg_in,
	.out_names = neg_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.prepare = neg_prepare,
	.reset = neg_reset,
	.step = neg_step,
};

/* No step op: an unusable description. */
static const struct srt_block_type bad_type = {
	.name = "kunit_broken",
	.n_in = 1,
	.n_out = 1,
	.in_names = neg_in,
	.out_names = neg_out,
	.flags = SRT_BT_FEEDTHROUGH,
	.prepare = neg_prepare,
	.reset = neg_reset,
};

static const char neg_chain[] =
	"input a\n"
	"output y\n"
	"block n kunit_negate in=a out=y\n";

static struct srt_kchain *compile(struct kunit *test, const char *text,
				  u32 period_ns, char *err, size_t errlen)
{
	err[0] = '\0';
	return srt_blocks_chain_compile(text, strlen(text), period_ns, err,
					errlen);
}

static void chain_custom_type_lifecycle(struct kunit *test)
{
	struct srt_kchain *kc;
	char err[160];
	u64 in = F64_3, out = 0;

	KUNIT_ASSERT_EQ(test, srt_blocks_register(&neg_type), 0);
	KUNIT_EXPECT_EQ(test, srt_blocks_register(&neg_type), -EEXIST);
	KUNIT_EXPECT_EQ(test, srt_blocks_users(&neg_type), 0U);

	kc = compile(test, neg_chain, 1000000, err, sizeof(err));
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(kc), "%s", err);
	KUNIT_EXPECT_EQ(test, srt_blocks_users(&neg_type), 1U);
	KUNIT_EXPECT_EQ(test, srt_blocks_chain_inputs(kc), 1U);
	KUNIT_EXPECT_EQ(test, srt_blocks_chain_outputs(kc), 1U);
	KUNIT_EXPECT_EQ(test, srt_blocks_chain_step(kc, &in, &out), 0);
	KUNIT_EXPECT_EQ(test, out, F64_3 ^ F64_SIGN);

	/* In use: the type must stay. */
	KUNIT_EXPECT_EQ(test, srt_blocks_unregister(&neg_type), -EBUSY);
	srt_blocks_chain_free(kc);
	KUNIT_EXPECT_EQ(test, srt_blocks_users(&neg_type), 0U);
	KUNIT_EXPECT_EQ(test, srt_blocks_unregister(&neg_type), 0);
	KUNIT_EXPECT_EQ(test, srt_blocks_unregister(&neg_type), -ENOENT);

	/* Gone: a chain naming it is rejected at its line. */
	kc = compile(test, neg_chain, 1000000, err, sizeof(err));
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(kc), -EINVAL);
	KUNIT_EXPECT_TRUE_MSG(test, !strncmp(err, "line 3:", 7), "%s", err);
}

static void chain_register_refusals(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, srt_blocks_register(&dup_type), -EEXIST);
	KUNIT_EXPECT_EQ(test, srt_blocks_register(&bad_type), -EINVAL);
	KUNIT_EXPECT_EQ(test, srt_blocks_unregister(&bad_type), -ENOENT);
	KUNIT_EXPECT_EQ(test, srt_blocks_users(&bad_type), 0U);
}

/* Two gains staged together are the chain-commit guest test's probe. */
static void chain_gain_product(struct kunit *test)
{
	static const char text[] =
		"input x\n"
		"output y\n"
		"block g1 gain in=x out=m k=2\n"
		"block g2 gain in=m out=y k=4\n";
	struct srt_kchain *kc;
	char err[160];
	u64 in = F64_3, out = 0;

	kc = compile(test, text, 1000000, err, sizeof(err));
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(kc), "%s", err);
	KUNIT_EXPECT_EQ(test, srt_blocks_chain_step(kc, &in, &out), 0);
	KUNIT_EXPECT_EQ(test, out, F64_24);
	srt_blocks_chain_free(kc);
}

struct chain_bad_case {
	const char *desc;
	const char *text;
	u32 period_ns;
	const char *prefix;	/* the reason starts with this */
};

static const struct chain_bad_case chain_bad_cases[] = {
	{ "unknown block type",
	  "input a\noutput y\nblock b nosuchtype in=a out=y\n",
	  1000000, "line 3:" },
	{ "unknown signal",
	  "input a\noutput y\nblock b gain in=nowhere out=y k=1\n",
	  1000000, "line 3:" },
	{ "parameter above its limit",
	  "input a\noutput y\nblock s saturation in=a out=y lo=1 hi=0\n",
	  1000000, "line 3:" },
	{ "feedthrough cycle",
	  "input a\noutput y\nblock p gain in=q out=y k=1\nblock q2 gain in=y out=q k=1\n",
	  1000000, "line " },
	{ "malformed number",
	  "input a\noutput y\nblock b gain in=a out=y k=1.2.3\n",
	  1000000, "line 3:" },
	{ "period differs from the loop's",
	  "period_us 500\ninput a\noutput y\nblock b gain in=a out=y k=1\n",
	  1000000, "line 1:" },
	{ "no blocks", "input a\noutput a\n", 1000000, "" },
};

static void chain_bad_desc(const struct chain_bad_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(chain_bad, chain_bad_cases, chain_bad_desc);

static void chain_rejects(struct kunit *test)
{
	const struct chain_bad_case *c = test->param_value;
	struct srt_kchain *kc;
	char err[160];

	kc = compile(test, c->text, c->period_ns, err, sizeof(err));
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(kc), -EINVAL);
	if (!IS_ERR(kc))
		srt_blocks_chain_free(kc);
	KUNIT_EXPECT_NE(test, err[0], '\0');
	KUNIT_EXPECT_TRUE_MSG(test,
			      !strncmp(err, c->prefix, strlen(c->prefix)),
			      "reason '%s' does not start with '%s'", err,
			      c->prefix);
}

static struct kunit_case chain_cases[] = {
	KUNIT_CASE(chain_custom_type_lifecycle),
	KUNIT_CASE(chain_register_refusals),
	KUNIT_CASE(chain_gain_product),
	KUNIT_CASE_PARAM(chain_rejects, chain_bad_gen_params),
	{}
};

static struct kunit_suite chain_suite = {
	.name = "shieldrt_chain",
	.test_cases = chain_cases,
};
kunit_test_suite(chain_suite);
