// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_section: the cycle section keys (section=, lock=,
 * section_budget_us=), the I/O bindings (io=, mode=external,
 * trigger_timeout_us=) and the name rule that loop, lock and provider
 * names share.
 */
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "config.h"

/* ---- whole lines: parse, validate, one key formatted back ---- */

struct srt_sec_case {
	const char *desc;
	const char *line;
	int ret;		/* of parse, then validate */
	const char *err;	/* a substring the reason must contain */
	enum srt_key key;	/* when ret == 0: this key ... */
	const char *want;	/* ... formats as this */
};

#define OK(d, l, k, w)	{ d, l, 0, NULL, SRT_KEY_##k, w }
#define BAD(d, l, e)	{ d, l, -EINVAL, e, 0, NULL }

#define L	"name=a cpu=1 "
#define EXT	L "mode=external "

static const struct srt_sec_case srt_sec_cases[] = {
	/* section= */
	OK("section by default none", L, SECTION, "none"),
	OK("section=none", L "section=none", SECTION, "none"),
	OK("section=preempt", L "section=preempt", SECTION, "preempt"),
	OK("section=irqsave", L "section=irqsave", SECTION, "irqsave"),
	OK("section=raw_spinlock", L "section=raw_spinlock", SECTION,
	   "raw_spinlock"),
	OK("section=spinlock", L "section=spinlock", SECTION, "spinlock"),
	BAD("unknown section kind", L "section=mutex", "section: unknown"),
	BAD("section kind by number", L "section=1", "section: unknown"),
	BAD("section kind in capitals", L "section=PREEMPT", "section: unknown"),
	BAD("empty section", L "section=", "section: unknown"),

	/* lock= */
	OK("no lock by default", L "section=raw_spinlock", LOCK, ""),
	OK("lock with raw_spinlock", L "section=raw_spinlock lock=bus-0", LOCK,
	   "bus-0"),
	OK("lock with spinlock", L "section=spinlock lock=B_1", LOCK, "B_1"),
	OK("lock name of 15 bytes", L "section=spinlock lock=abcdefghijklmno",
	   LOCK, "abcdefghijklmno"),
	OK("empty lock: the loop's own", L "section=raw_spinlock lock=", LOCK,
	   ""),
	BAD("lock without a section", L "lock=x",
	    "lock=x needs section=raw_spinlock or section=spinlock"),
	BAD("lock with section=none", L "section=none lock=x",
	    "needs section=raw_spinlock"),
	BAD("lock with section=preempt", L "section=preempt lock=x",
	    "needs section=raw_spinlock"),
	BAD("lock with section=irqsave", L "section=irqsave lock=x",
	    "needs section=raw_spinlock"),
	BAD("lock name of 16 bytes",
	    L "section=spinlock lock=abcdefghijklmnop", "lock: 'abcdefghijklmnop'"),
	BAD("lock name with a slash", L "section=spinlock lock=a/b", "lock:"),
	BAD("lock name with a dot", L "section=spinlock lock=a.b", "lock:"),
	BAD("lock name with a Latin-1 byte", L "section=spinlock lock=\xe9t\xe9",
	    "lock:"),

	/* section_budget_us= */
	OK("no section budget by default", L "section=irqsave",
	   SECTION_BUDGET_US, "0"),
	OK("section budget 1 us", L "section=irqsave section_budget_us=1",
	   SECTION_BUDGET_US, "1"),
	OK("section budget 1 s", L "section=preempt section_budget_us=1000000",
	   SECTION_BUDGET_US, "1000000"),
	OK("section budget without a section", L "section_budget_us=50",
	   SECTION_BUDGET_US, "50"),
	BAD("section budget above 1 s", L "section_budget_us=1000001",
	    "section_budget_us above 1 s"),
	BAD("section budget overflows ns",
	    L "section_budget_us=18446744073709551615", "out of range"),
	BAD("section budget not a number", L "section_budget_us=5ms",
	    "section_budget_us: expected a decimal"),

	/* io= grammar */
	OK("no bindings by default", L, IO, ""),
	OK("io= alone: no bindings", L "io=", IO, ""),
	OK("one binding, in range", L "io=daq:in=0-3", IO, "daq:in=0-3"),
	OK("in only, one signal", L "io=daq:in=5", IO, "daq:in=5-5"),
	OK("out only, the last signal", L "io=daq:out=31", IO, "daq:out=31-31"),
	OK("in and out, out first", L "io=daq:out=0-1:in=2-3", IO,
	   "daq:in=2-3:out=0-1"),
	OK("every signal", L "io=daq:in=0-31:out=0-31", IO,
	   "daq:in=0-31:out=0-31"),
	OK("a binding's own in and out may overlap", L "io=daq:in=0-3:out=0-3",
	   IO, "daq:in=0-3:out=0-3"),
	OK("one's in may overlap another's out", L "io=a:in=0-3,b:out=2-5", IO,
	   "a:in=0-3,b:out=2-5"),
	OK("several bindings", L "io=daq:in=0-3,rm:out=0-1,fb-2:in=4:out=2",
	   IO, "daq:in=0-3,rm:out=0-1,fb-2:in=4-4:out=2-2"),
	OK("four bindings", L "io=a:in=0,b:in=1,c:in=2,d:in=3", IO,
	   "a:in=0-0,b:in=1-1,c:in=2-2,d:in=3-3"),
	OK("provider name of 15 bytes", L "io=abcdefghijklmno:out=7", IO,
	   "abcdefghijklmno:out=7-7"),
	BAD("five bindings", L "io=a:in=0,b:in=1,c:in=2,d:in=3,e:in=4",
	    "more than 4 bindings"),
	BAD("no signals", L "io=daq", "daq binds no signals"),
	BAD("trigger alone binds no signals", EXT "io=daq:trigger",
	    "daq binds no signals"),
	BAD("unknown option", L "io=daq:in=0:rate=5",
	    "'rate=5' for daq is not in=F-L, out=F-L or trigger"),
	BAD("empty option", L "io=daq:in=0:", "'' for daq is not"),
	BAD("in twice", L "io=daq:in=0:in=1", "'in=1' for daq"),
	BAD("out twice", L "io=daq:out=0:out=1", "'out=1' for daq"),
	BAD("trigger twice", EXT "io=daq:in=0:trigger:trigger",
	    "'trigger' for daq"),
	BAD("option in capitals", L "io=daq:IN=0", "'IN=0' for daq"),
	BAD("in beyond signal 31", L "io=daq:in=30-32",
	    "in=30-32 is not a range within 0..31"),
	BAD("out at 32", L "io=daq:out=32", "out=32 is not a range within 0..31"),
	BAD("last below first", L "io=daq:in=3-2", "in=3-2 is not a range"),
	BAD("empty range", L "io=daq:in=", "in='' is not F or F-L"),
	BAD("range without a last", L "io=daq:in=1-", "in='1-' is not F or F-L"),
	BAD("range without a first", L "io=daq:out=-1", "out='-1' is not F or F-L"),
	BAD("range of three numbers", L "io=daq:in=1-2-3", "is not F or F-L"),
	BAD("range not a number", L "io=daq:in=a-b", "in='a-b' is not F or F-L"),
	BAD("range too long to be a number", L "io=daq:in=00000000001",
	    "is not F or F-L"),
	BAD("empty provider name", L "io=:in=0", "provider '' is not"),
	BAD("empty binding at the end", L "io=a:in=0,", "provider '' is not"),
	BAD("empty binding at the start", L "io=,a:in=0", "provider '' is not"),
	BAD("empty binding between", L "io=a:in=0,,b:in=1",
	    "provider '' is not"),
	BAD("provider name of 16 bytes", L "io=abcdefghijklmnop:in=0",
	    "provider 'abcdefghijklmnop' is not"),
	BAD("provider name with a dot", L "io=d.q:in=0", "provider 'd.q'"),
	BAD("provider name with a Latin-1 byte", L "io=\xe9t\xe9:in=0",
	    "provider '"),
	BAD("same provider twice", L "io=daq:in=0,daq:in=1", "daq bound twice"),
	BAD("inputs overlap", L "io=a:in=0-3,b:in=3-4",
	    "the signal ranges of a and b overlap"),
	BAD("outputs overlap", L "io=a:out=4-7,b:out=0-4",
	    "the signal ranges of a and b overlap"),
	BAD("a later binding overlaps the first",
	    L "io=a:in=0,b:in=1,c:out=0,d:in=0", "ranges of a and d overlap"),
	BAD("two triggers", EXT "io=a:in=0:trigger,b:in=1:trigger",
	    "only one binding may trigger"),
	BAD("io given twice", L "io=a:in=0 io=b:in=1", "key 'io' given twice"),

	/* mode=external and the trigger binding */
	OK("external with its trigger", EXT "io=clk:in=0:trigger", IO,
	   "clk:in=0-0:trigger"),
	OK("external, trigger on the second binding",
	   EXT "io=daq:in=0-3,clk:out=0:trigger", MODE, "external"),
	OK("external in a raw_spinlock section",
	   EXT "io=clk:in=0:trigger section=raw_spinlock lock=bus", SECTION,
	   "raw_spinlock"),
	OK("external with policy=safe", EXT "io=clk:in=0:trigger policy=safe",
	   POLICY, "safe"),
	BAD("external without bindings", EXT,
	    "mode=external needs an io binding with :trigger"),
	BAD("external without a trigger", EXT "io=daq:in=0-3,rm:out=0",
	    "mode=external needs an io binding with :trigger"),
	BAD("trigger with mode=hrtimer", L "io=clk:in=0:trigger",
	    "an io binding with :trigger needs mode=external"),
	BAD("trigger with mode=poll", L "mode=poll io=clk:in=0:trigger",
	    "needs mode=external"),
	BAD("external with policy=catchup",
	    EXT "io=clk:in=0:trigger policy=catchup",
	    "policy=catchup has nothing to catch up in mode=external"),

	/* trigger_timeout_us= */
	OK("trigger timeout by default 0", EXT "io=clk:in=0:trigger",
	   TRIGGER_TIMEOUT_US, "0"),
	OK("trigger timeout 10 s", EXT "io=clk:in=0:trigger trigger_timeout_us=10000000",
	   TRIGGER_TIMEOUT_US, "10000000"),
	BAD("trigger timeout above 10 s",
	    EXT "io=clk:in=0:trigger trigger_timeout_us=10000001",
	    "trigger_timeout_us above 10 s"),
	BAD("trigger timeout not a number",
	    EXT "io=clk:in=0:trigger trigger_timeout_us=-1",
	    "trigger_timeout_us: expected a decimal"),

	/* workload against the period inside a section */
	OK("workload of one period inside a section",
	   L "period_us=100 workload_ns=100000 section=irqsave", WORKLOAD_NS,
	   "100000"),
	OK("workload above the period without a section",
	   L "period_us=100 workload_ns=200000", WORKLOAD_NS, "200000"),
	BAD("workload above the period, section=preempt",
	    L "period_us=100 workload_ns=100001 section=preempt",
	    "workload_ns above the period inside section=preempt"),
	BAD("workload above the period, section=spinlock",
	    L "period_us=100 workload_ns=100001 section=spinlock",
	    "inside section=spinlock"),
};

static void srt_sec_desc(const struct srt_sec_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_sec, srt_sec_cases, srt_sec_desc);

/* Format every key of @cfg into one line, as the config file shows them. */
static char *srt_sec_format_all(struct kunit *test,
				const struct srt_config *cfg)
{
	size_t len = 1024;
	char *line = kunit_kzalloc(test, len, GFP_KERNEL), val[256];
	int key;

	KUNIT_ASSERT_NOT_NULL(test, line);
	for (key = 0; key < SRT_NR_KEYS; key++) {
		srt_config_format_key(cfg, key, val, sizeof(val));
		strlcat(line, srt_keys[key].name, len);
		strlcat(line, "=", len);
		strlcat(line, val, len);
		strlcat(line, " ", len);
	}
	KUNIT_ASSERT_LT(test, strlen(line), len - 1);
	return line;
}

static void srt_test_section_line(struct kunit *test)
{
	const struct srt_sec_case *c = test->param_value;
	char *line = kunit_kstrdup(test, c->line, GFP_KERNEL), *round;
	char err[SRT_ERR_LEN] = "", val[256];
	struct srt_config *cfg, *again;
	u32 seen;
	int ret;

	cfg = kunit_kzalloc(test, sizeof(*cfg), GFP_KERNEL);
	again = kunit_kzalloc(test, sizeof(*again), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, line);
	KUNIT_ASSERT_NOT_NULL(test, cfg);
	KUNIT_ASSERT_NOT_NULL(test, again);
	srt_config_defaults(cfg);
	ret = srt_config_parse(cfg, line, &seen, err, sizeof(err));
	if (!ret)
		ret = srt_config_validate(cfg, err, sizeof(err));
	KUNIT_EXPECT_EQ_MSG(test, ret, c->ret, "reason: %s", err);
	if (c->err)
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(err, c->err),
					  "reason '%s' lacks '%s'", err, c->err);
	if (c->ret || ret)
		return;
	srt_config_format_key(cfg, c->key, val, sizeof(val));
	KUNIT_EXPECT_STREQ_MSG(test, val, c->want, "%s=",
			       srt_keys[c->key].name);
	/* What the config file shows is a line that gives the same loop. */
	round = srt_sec_format_all(test, cfg);
	srt_config_defaults(again);
	ret = srt_config_parse(again, round, &seen, err, sizeof(err));
	if (!ret)
		ret = srt_config_validate(again, err, sizeof(err));
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "round trip: %s", err);
	KUNIT_EXPECT_EQ(test, memcmp(cfg, again, sizeof(*cfg)), 0);
}

/* ---- which of the new keys may change while the loop runs ---- */

struct srt_live_case {
	const char *desc;
	enum srt_key key;
	bool live;
};

static const struct srt_live_case srt_live_cases[] = {
	{ "section kind is fixed at create", SRT_KEY_SECTION, false },
	{ "lock is fixed at create", SRT_KEY_LOCK, false },
	{ "section budget is live", SRT_KEY_SECTION_BUDGET_US, true },
	{ "io bindings are fixed at create", SRT_KEY_IO, false },
	{ "trigger timeout is fixed at create", SRT_KEY_TRIGGER_TIMEOUT_US,
	  false },
};

static void srt_live_desc(const struct srt_live_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_live, srt_live_cases, srt_live_desc);

static void srt_test_section_live(struct kunit *test)
{
	const struct srt_live_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, srt_key_is_live(c->key), c->live);
}

/* ---- bound ranges against the loop's signal counts, before a run ---- */

struct srt_sig_case {
	const char *desc;
	const char *io;
	u32 n_in, n_out;
	const char *err;	/* NULL: fits */
};

static const struct srt_sig_case srt_sig_cases[] = {
	{ "no bindings, no signals", "", 0, 0, NULL },
	{ "inputs fill exactly", "daq:in=0-3", 4, 0, NULL },
	{ "inputs one beyond", "daq:in=0-3", 3, 8,
	  "daq binds signals beyond the loop's 3 inputs and 8 outputs" },
	{ "outputs fill exactly", "rm:out=4-5", 0, 6, NULL },
	{ "outputs one beyond", "rm:out=4-5", 8, 5, "rm binds signals beyond" },
	{ "the last signal of 32", "daq:in=31:out=31", 32, 32, NULL },
	{ "in only needs no outputs", "daq:in=0", 1, 0, NULL },
	{ "out only needs no inputs", "rm:out=0", 0, 1, NULL },
	{ "the second binding beyond", "a:in=0,b:in=1-2", 2, 0,
	  "b binds signals beyond" },
	{ "in and out of one binding, out beyond", "daq:in=0:out=2", 1, 2,
	  "daq binds" },
};

static void srt_sig_desc(const struct srt_sig_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_sig, srt_sig_cases, srt_sig_desc);

static void srt_test_section_signals(struct kunit *test)
{
	const struct srt_sig_case *c = test->param_value;
	struct srt_config *cfg = kunit_kzalloc(test, sizeof(*cfg), GFP_KERNEL);
	char err[SRT_ERR_LEN] = "";
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, cfg);
	srt_config_defaults(cfg);
	KUNIT_ASSERT_EQ(test, srt_io_spec_parse(cfg, c->io, err, sizeof(err)),
			0);
	ret = srt_io_spec_check_signals(cfg, c->n_in, c->n_out, err,
					sizeof(err));
	KUNIT_EXPECT_EQ_MSG(test, ret, c->err ? -EINVAL : 0, "reason: %s",
			    err);
	if (c->err)
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(err, c->err),
					  "reason '%s' lacks '%s'", err, c->err);
}

/* ---- a refused io= leaves the bindings the config had ---- */

static const char * const srt_io_bad[] = {
	"io=daq:in=0,rm:out=40",
	"io=a:in=0,b:in=1,c:in=2,d:in=3,e:in=4",
	"io=a:in=0,b:in=1,c:in=2,",
	"io=daq:in=0:frob",
	"io=x:in=0,y",
	"io=:out=1",
};

static void srt_test_section_io_kept(struct kunit *test)
{
	struct srt_config *cfg, *before;
	char err[SRT_ERR_LEN], *line;
	unsigned int i;
	u32 seen;

	cfg = kunit_kzalloc(test, sizeof(*cfg), GFP_KERNEL);
	before = kunit_kzalloc(test, sizeof(*before), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, cfg);
	KUNIT_ASSERT_NOT_NULL(test, before);
	srt_config_defaults(cfg);
	KUNIT_ASSERT_EQ(test, srt_io_spec_parse(cfg, "daq:in=0-3,clk:out=1:trigger",
						err, sizeof(err)), 0);
	KUNIT_ASSERT_EQ(test, cfg->n_io, 2U);
	*before = *cfg;
	for (i = 0; i < ARRAY_SIZE(srt_io_bad); i++) {
		line = kunit_kstrdup(test, srt_io_bad[i], GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, line);
		err[0] = '\0';
		KUNIT_EXPECT_EQ_MSG(test, srt_config_parse(cfg, line, &seen, err,
							   sizeof(err)),
				    -EINVAL, "%s", srt_io_bad[i]);
		KUNIT_EXPECT_NE_MSG(test, err[0], '\0', "%s", srt_io_bad[i]);
		KUNIT_EXPECT_EQ_MSG(test, cfg->n_io, 2U, "%s", srt_io_bad[i]);
		KUNIT_EXPECT_EQ_MSG(test, memcmp(cfg->io, before->io,
						 sizeof(cfg->io)), 0,
				    "%s", srt_io_bad[i]);
	}
	KUNIT_EXPECT_EQ(test, memcmp(cfg, before, sizeof(*cfg)), 0);
	/* A good one replaces them all; "io=" alone drops them. */
	KUNIT_ASSERT_EQ(test, srt_io_spec_parse(cfg, "rm:out=7", err,
						sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, cfg->n_io, 1U);
	KUNIT_EXPECT_STREQ(test, cfg->io[0].name, "rm");
	KUNIT_EXPECT_EQ(test, cfg->io[0].out_first, 7U);
	KUNIT_EXPECT_EQ(test, cfg->io[0].n_out, 1U);
	KUNIT_EXPECT_FALSE(test, cfg->io[0].trigger);
	KUNIT_EXPECT_EQ(test, cfg->io[1].name[0], '\0');
	KUNIT_ASSERT_EQ(test, srt_io_spec_parse(cfg, "", err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, cfg->n_io, 0U);
}

/* ---- the 256-byte limit on io= ---- */

static void srt_test_section_io_length(struct kunit *test)
{
	char *val = kunit_kzalloc(test, 258, GFP_KERNEL);
	char err[SRT_ERR_LEN] = "";
	struct srt_config *cfg = kunit_kzalloc(test, sizeof(*cfg), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, val);
	KUNIT_ASSERT_NOT_NULL(test, cfg);
	srt_config_defaults(cfg);
	/* 255 bytes are read, and refused for what they say */
	memset(val, 'x', 255);
	KUNIT_EXPECT_EQ(test, srt_io_spec_parse(cfg, val, err, sizeof(err)),
			-EINVAL);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(err, "provider 'xxx"), "%s",
				  err);
	/* 256 are refused for their length */
	val[255] = 'x';
	KUNIT_EXPECT_EQ(test, srt_io_spec_parse(cfg, val, err, sizeof(err)),
			-EINVAL);
	KUNIT_EXPECT_STREQ(test, err, "io: longer than 255 bytes");
	KUNIT_EXPECT_EQ(test, cfg->n_io, 0U);
}

/* ---- which binding starts an external loop's cycles ---- */

struct srt_trig_case {
	const char *desc;
	const char *io;
	int index;		/* of the trigger binding, -1: none */
};

static const struct srt_trig_case srt_trig_cases[] = {
	{ "no bindings", "", -1 },
	{ "bindings without a trigger", "a:in=0,b:out=0", -1 },
	{ "the only binding", "clk:in=0:trigger", 0 },
	{ "the last of four", "a:in=0,b:in=1,c:in=2,clk:out=0:trigger", 3 },
};

static void srt_trig_desc(const struct srt_trig_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_trig, srt_trig_cases, srt_trig_desc);

static void srt_test_section_trigger(struct kunit *test)
{
	const struct srt_trig_case *c = test->param_value;
	struct srt_config *cfg = kunit_kzalloc(test, sizeof(*cfg), GFP_KERNEL);
	char err[SRT_ERR_LEN] = "";

	KUNIT_ASSERT_NOT_NULL(test, cfg);
	srt_config_defaults(cfg);
	KUNIT_ASSERT_EQ(test, srt_io_spec_parse(cfg, c->io, err, sizeof(err)),
			0);
	if (c->index < 0)
		KUNIT_EXPECT_NULL(test, srt_config_trigger(cfg));
	else
		KUNIT_EXPECT_PTR_EQ(test, srt_config_trigger(cfg),
				    (const struct srt_io_spec *)&cfg->io[c->index]);
}

/* ---- loop, lock and provider names: 1..15 of [A-Za-z0-9_-] ---- */

struct srt_name_case {
	const char *desc;
	const char *name;
	bool valid;
};

static const struct srt_name_case srt_name_cases[] = {
	{ "one letter", "a", true },
	{ "digits only", "0123", true },
	{ "every kind of byte allowed", "Az09_-", true },
	{ "15 bytes", "abcdefghijklmno", true },
	{ "empty", "", false },
	{ "16 bytes", "abcdefghijklmnop", false },
	{ "a dot", "a.b", false },
	{ "a slash", "a/b", false },
	{ "a blank", "a b", false },
	{ "a colon, the io= separator", "a:b", false },
	{ "a comma, the io= list separator", "a,b", false },
	{ "an equals sign", "a=b", false },
	{ "a control byte", "a\tb", false },
	{ "UTF-8", "caf\xc3\xa9", false },
	{ "Latin-1 letters", "\xc0\xe9\xff", false },
};

static void srt_name_desc(const struct srt_name_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_name, srt_name_cases, srt_name_desc);

static void srt_test_section_name(struct kunit *test)
{
	const struct srt_name_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, srt_name_valid(c->name), c->valid);
}

/* ---- loop names the module keeps (SHIELDRT_RESERVED_NAMES) ---- */

struct srt_reserved_case {
	const char *desc;
	const char *name;
	bool reserved;
};

static const struct srt_reserved_case srt_reserved_cases[] = {
	{ "the first name", "control", true },
	{ "a middle name", "providers", true },
	{ "with an underscore", "last_error", true },
	{ "the last name of a line", "locks", true },
	{ "the first name of a line", "abi", true },
	{ "the last name", "help", true },
	{ "a two-letter name", "io", true },
	{ "a prefix of one", "contro", false },
	{ "one with a suffix", "controls", false },
	{ "one in capitals", "Control", false },
	{ "a part of one", "error", false },
	{ "two of them run together", "ioloops", false },
	{ "a name with a blank", "loops locks", false },
	{ "empty", "", false },
	{ "an ordinary name", "ctl", false },
};

static void srt_reserved_desc(const struct srt_reserved_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_reserved, srt_reserved_cases, srt_reserved_desc);

static void srt_test_section_reserved(struct kunit *test)
{
	const struct srt_reserved_case *c = test->param_value;
	struct srt_config *cfg = kunit_kzalloc(test, sizeof(*cfg), GFP_KERNEL);
	char err[SRT_ERR_LEN] = "";
	int ret;

	KUNIT_EXPECT_EQ(test, srt_name_reserved(c->name), c->reserved);
	if (!srt_name_valid(c->name))
		return;
	/* A create's validation refuses it, naming it. */
	KUNIT_ASSERT_NOT_NULL(test, cfg);
	srt_config_defaults(cfg);
	strscpy(cfg->name, c->name, sizeof(cfg->name));
	cfg->cpu = 1;
	ret = srt_config_validate(cfg, err, sizeof(err));
	KUNIT_EXPECT_EQ(test, ret, c->reserved ? -EINVAL : 0);
	if (c->reserved)
		KUNIT_EXPECT_NOT_NULL(test, strstr(err, c->name));
}

static struct kunit_case srt_section_cases[] = {
	KUNIT_CASE_PARAM(srt_test_section_line, srt_sec_gen_params),
	KUNIT_CASE_PARAM(srt_test_section_live, srt_live_gen_params),
	KUNIT_CASE_PARAM(srt_test_section_signals, srt_sig_gen_params),
	KUNIT_CASE(srt_test_section_io_kept),
	KUNIT_CASE(srt_test_section_io_length),
	KUNIT_CASE_PARAM(srt_test_section_trigger, srt_trig_gen_params),
	KUNIT_CASE_PARAM(srt_test_section_name, srt_name_gen_params),
	KUNIT_CASE_PARAM(srt_test_section_reserved, srt_reserved_gen_params),
	{}
};

static struct kunit_suite srt_section_suite = {
	.name = "shieldrt_section",
	.test_cases = srt_section_cases,
};

kunit_test_suites(&srt_section_suite);
