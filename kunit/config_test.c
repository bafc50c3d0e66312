// SPDX-License-Identifier: GPL-2.0
/* shieldrt_config: the key=value parser, validator and control lines. */
#include <kunit/test.h>
#include "config.h"

struct srt_cfg_case {
	const char *desc;
	const char *line;
	int ret;		/* of parse, then validate */
	const char *err;	/* a substring the reason must contain */
	u64 period_ns;		/* checked when ret == 0 */
	u32 mode;
};

#define OK(d, l, p, m)	{ d, l, 0, NULL, p, m }
#define BAD(d, l, e)	{ d, l, -EINVAL, e, 0, 0 }

static const struct srt_cfg_case srt_cfg_cases[] = {
	OK("minimal line, defaults", "name=a cpu=1", 1000000, SHIELDRT_MODE_HRTIMER),
	OK("blanks, tabs and newline", "  name=a\tcpu=0   period_us=250\n",
	   250000, SHIELDRT_MODE_HRTIMER),
	OK("shortest period", "name=a cpu=0 period_us=10", 10000,
	   SHIELDRT_MODE_HRTIMER),
	OK("longest period", "name=a cpu=0 period_us=1000000",
	   1000000000, SHIELDRT_MODE_HRTIMER),
	OK("every key",
	   "name=loop_1 cpu=3 prio=99 period_us=100 mode=hybrid budget_ns=5000 policy=safe safe_after=5 catchup_max=2 heartbeat_cycles=100 workload_ns=1000 noise_ns=500 slack_min_ns=1000 slack_max_ns=50000 yield_us=10 yield_every_ms=100 align=1 phase_us=50 hist_bucket_ns=128 hist_buckets=1000 force=1",
	   100000, SHIELDRT_MODE_HYBRID),
	OK("short period with default slack", "name=a cpu=0 period_us=50 mode=hybrid",
	   50000, SHIELDRT_MODE_HYBRID),
	OK("poll mode, prio 1", "name=p-2 cpu=2 mode=poll prio=1", 1000000,
	   SHIELDRT_MODE_POLL),
	OK("flight_signals: a count", "name=a cpu=0 flight_signals=32", 1000000,
	   SHIELDRT_MODE_HRTIMER),
	OK("flight_signals: all", "name=a cpu=0 flight_signals=all", 1000000,
	   SHIELDRT_MODE_HRTIMER),
	OK("flight_signals: none, timing only", "name=a cpu=0 flight_signals=0",
	   1000000, SHIELDRT_MODE_HRTIMER),
	OK("flight_signals: names", "name=a cpu=0 flight_signals=pos,in0,blk.y",
	   1000000, SHIELDRT_MODE_HRTIMER),
	BAD("flight_signals: a count over 32", "name=a cpu=0 flight_signals=33",
	    "33 is over 32"),
	BAD("flight_signals: three digits are a count too",
	    "name=a cpu=0 flight_signals=100", "100 is over 32"),
	BAD("flight_signals: a leading zero is a count too",
	    "name=a cpu=0 flight_signals=033", "033 is over 32"),
	OK("flight_signals: a count with leading zeros",
	   "name=a cpu=0 flight_signals=007", 1000000, SHIELDRT_MODE_HRTIMER),
	BAD("flight_signals: an empty name", "name=a cpu=0 flight_signals=a,,b",
	    "name 2 is empty"),
	BAD("flight_signals: a trailing comma", "name=a cpu=0 flight_signals=a,",
	    "name 2 is empty"),
	BAD("flight_signals: a bad character", "name=a cpu=0 flight_signals=a;b",
	    "name 1: ';' is not"),
	BAD("flight_signals: a name of 32 characters",
	    "name=a cpu=0 flight_signals=abcdefghijabcdefghijabcdefghijab",
	    "over 31 characters"),
	BAD("flight_signals: 65 names",
	    "name=a cpu=0 flight_signals=a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z,a1,b1,c1,d1,e1,f1,g1,h1,i1,j1,k1,l1,m1,n1,o1,p1,q1,r1,s1,t1,u1,v1,w1,x1,y1,z1,a2,b2,c2,d2,e2,f2,g2,h2,i2,j2,k2,l2,m2",
	    "65 names"),
	BAD("empty line", "", "no key=value"),
	BAD("unknown key", "name=a cpu=1 frobnicate=1", "unknown key"),
	BAD("token without =", "name=a cpu", "not key=value"),
	BAD("empty key", "name=a =5", "not key=value"),
	BAD("empty value", "name=a cpu=", "expected a decimal"),
	BAD("negative cpu", "name=a cpu=-1", "expected a decimal"),
	BAD("number with junk", "name=a cpu=1 period_us=100us",
	    "expected a decimal"),
	BAD("period below 10 us", "name=a cpu=1 period_us=9", "out of range"),
	BAD("period above 1 s", "name=a cpu=1 period_us=1000001",
	    "out of range"),
	BAD("period overflows ns", "name=a cpu=1 period_us=18446744073709551615",
	    "out of range"),
	BAD("priority 0", "name=a cpu=1 prio=0", "prio=0 out of range"),
	BAD("priority 100", "name=a cpu=1 prio=100", "out of range"),
	BAD("unknown mode", "name=a cpu=1 mode=sleep", "unknown value"),
	BAD("unknown policy", "name=a cpu=1 policy=panic", "unknown value"),
	BAD("name too long", "name=abcdefghijklmnop cpu=1", "name:"),
	BAD("name with a slash", "name=a/b cpu=1", "name:"),
	BAD("key given twice", "name=a cpu=1 name=b", "twice"),
	BAD("no name", "cpu=1", "name is required"),
	BAD("no cpu", "name=a", "cpu is required"),
	BAD("slack floor above ceiling",
	    "name=a cpu=1 slack_min_ns=5000 slack_max_ns=4000", "slack_min_ns"),
	BAD("slack ceiling not below period",
	    "name=a cpu=1 period_us=100 slack_max_ns=100000", "slack_max_ns"),
	BAD("phase not below period", "name=a cpu=1 period_us=100 phase_us=100",
	    "phase_us"),
	BAD("yield without an interval", "name=a cpu=1 yield_us=10",
	    "yield_every_ms"),
	BAD("bool that is not 0/1", "name=a cpu=1 align=2", "0 or 1"),
	BAD("no histogram buckets", "name=a cpu=1 hist_buckets=0",
	    "hist_buckets"),
	BAD("too many histogram buckets", "name=a cpu=1 hist_buckets=5000",
	    "hist_buckets"),
	BAD("histogram unit not a power of two",
	    "name=a cpu=1 hist_bucket_ns=1000", "power of two"),
	BAD("telemetry ring not a power of two",
	    "name=a cpu=1 tel_ring_size=100", "tel_ring_size=100 is not a power"),
	BAD("command ring not a power of two",
	    "name=a cpu=1 cmd_ring_size=3", "cmd_ring_size=3 is not a power"),
	BAD("telemetry ring past its most", "name=a cpu=1 tel_ring_size=131072",
	    "tel_ring_size"),
	BAD("histogram unit zero", "name=a cpu=1 hist_bucket_ns=0",
	    "hist_bucket_ns"),
	BAD("histogram unit past 1 ms", "name=a cpu=1 hist_bucket_ns=2097152",
	    "hist_bucket_ns"),
	BAD("noise threshold too low", "name=a cpu=1 noise_ns=50", "noise_ns"),
	BAD("safe_after 0", "name=a cpu=1 safe_after=0", "safe_after"),
	BAD("workload above 1 s", "name=a cpu=1 workload_ns=2000000000",
	    "workload_ns"),
};

static void srt_cfg_desc(const struct srt_cfg_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_cfg, srt_cfg_cases, srt_cfg_desc);

static void srt_test_config_line(struct kunit *test)
{
	const struct srt_cfg_case *c = test->param_value;
	char *line = kunit_kzalloc(test, strlen(c->line) + 1, GFP_KERNEL);
	/* a config holds a 1 KiB text: on the heap, as the module keeps it */
	struct srt_config *cfgp = kunit_kzalloc(test, sizeof(*cfgp), GFP_KERNEL);
	char err[SRT_ERR_LEN] = "";
	u32 seen;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, line);
	KUNIT_ASSERT_NOT_NULL(test, cfgp);
	strscpy(line, c->line, strlen(c->line) + 1);
	srt_config_defaults(cfgp);
	ret = srt_config_parse(cfgp, line, &seen, err, sizeof(err));
	if (!ret)
		ret = srt_config_validate(cfgp, err, sizeof(err));
	KUNIT_EXPECT_EQ_MSG(test, ret, c->ret, "reason: %s", err);
	if (c->err)
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(err, c->err),
					  "reason '%s' lacks '%s'", err, c->err);
	if (!c->ret && !ret) {
		KUNIT_EXPECT_EQ(test, cfgp->period_ns, c->period_ns);
		KUNIT_EXPECT_EQ(test, cfgp->mode, c->mode);
		KUNIT_EXPECT_NE(test, seen, 0U);
	}
}

/* A failed parse of a copy leaves the original untouched by design. */
static void srt_test_config_every_key(struct kunit *test)
{
	char line[] = "name=x cpu=3 prio=7 period_us=123 mode=poll budget_ns=9 policy=catchup safe_after=4 catchup_max=6 heartbeat_cycles=5 workload_ns=8 noise_ns=700 slack_min_ns=11 slack_max_ns=12 yield_us=13 yield_every_ms=14 align=1 phase_us=15 hist_bucket_ns=16 hist_buckets=17 force=1 flight_cycles=64 flight_post=8 section=raw_spinlock lock=bus-1 section_budget_us=18 io=daq:in=0-3:out=2:trigger,rm:out=4-5 trigger_timeout_us=19 flight_signals=pos,in3,u.x tel_ring_size=32 cmd_ring_size=16";
	char err[SRT_ERR_LEN] = "", val[64], *round;
	struct srt_config *cfgp, *againp;
	size_t len = 800;
	u32 seen;
	int key;

	round = kunit_kzalloc(test, len, GFP_KERNEL);
	cfgp = kunit_kzalloc(test, sizeof(*cfgp), GFP_KERNEL);
	againp = kunit_kzalloc(test, sizeof(*againp), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, round);
	KUNIT_ASSERT_NOT_NULL(test, cfgp);
	KUNIT_ASSERT_NOT_NULL(test, againp);
	srt_config_defaults(cfgp);
	KUNIT_ASSERT_EQ(test, srt_config_parse(cfgp, line, &seen, err,
					       sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, seen, (u32)BIT(SRT_NR_KEYS) - 1);
	KUNIT_EXPECT_EQ(test, cfgp->live.yield_every_ns, 14000000ULL);
	KUNIT_EXPECT_EQ(test, cfgp->live.policy, (u32)SHIELDRT_POLICY_CATCHUP);
	KUNIT_EXPECT_EQ(test, cfgp->live.heartbeat_cycles, 5U);
	KUNIT_EXPECT_EQ(test, cfgp->live.section_budget_ns, 18000ULL);
	KUNIT_EXPECT_EQ(test, cfgp->trigger_timeout_ns, 19000ULL);
	KUNIT_EXPECT_EQ(test, cfgp->n_io, 2U);
	KUNIT_EXPECT_STREQ(test, cfgp->flight_signals, "pos,in3,u.x");
	/* What config prints parses back to the same configuration. */
	for (key = 0; key < SRT_NR_KEYS; key++) {
		srt_config_format_key(cfgp, key, val, sizeof(val));
		strlcat(round, srt_keys[key].name, len);
		strlcat(round, "=", len);
		strlcat(round, val, len);
		strlcat(round, " ", len);
	}
	KUNIT_ASSERT_LT(test, strlen(round), len - 1);
	srt_config_defaults(againp);
	KUNIT_ASSERT_EQ(test, srt_config_parse(againp, round, &seen, err,
					       sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, memcmp(cfgp, againp, sizeof(*cfgp)), 0);
}

static void srt_test_slack_ceiling(struct kunit *test)
{
	struct srt_config *cfg = kunit_kzalloc(test, sizeof(*cfg), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, cfg);
	srt_config_defaults(cfg);
	cfg->period_ns = 100000;
	KUNIT_EXPECT_EQ(test, srt_config_slack_max(cfg), 50000ULL);
	cfg->period_ns = 10000000;
	KUNIT_EXPECT_EQ(test, srt_config_slack_max(cfg), 200000ULL);
	cfg->slack_max_ns = 7000;
	KUNIT_EXPECT_EQ(test, srt_config_slack_max(cfg), 7000ULL);
}

static void srt_test_live_keys(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, srt_key_is_live(SRT_KEY_BUDGET_NS));
	KUNIT_EXPECT_TRUE(test, srt_key_is_live(SRT_KEY_POLICY));
	KUNIT_EXPECT_TRUE(test, srt_key_is_live(SRT_KEY_WORKLOAD_NS));
	KUNIT_EXPECT_FALSE(test, srt_key_is_live(SRT_KEY_CPU));
	KUNIT_EXPECT_FALSE(test, srt_key_is_live(SRT_KEY_PERIOD_US));
	KUNIT_EXPECT_FALSE(test, srt_key_is_live(SRT_KEY_MODE));
	KUNIT_EXPECT_FALSE(test, srt_key_is_live(SRT_KEY_NAME));
}

/*
 * Each row of the key table: its default prints back as written, a
 * number is taken at its bounds and refused past them, naming the key.
 */
static void srt_key_desc(const struct srt_key_row *k, char *desc)
{
	strscpy(desc, k->name, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_key, srt_keys, srt_key_desc);

/* @k given as @v (as written) on @cfg; then its own checks. */
static int srt_key_check_at(struct srt_config *cfg, const struct srt_key_row *k,
			    u64 v, char *err, size_t errlen)
{
	char text[64];
	u32 seen;
	int ret;

	snprintf(text, sizeof(text), "%s=%llu", k->name, v);
	ret = srt_config_parse(cfg, text, &seen, err, errlen);
	if (ret)
		return ret;
	return srt_config_check_key(cfg, k - srt_keys, err, errlen);
}

static void srt_test_key_row(struct kunit *test)
{
	const struct srt_key_row *k = test->param_value;
	struct srt_config *cfg = kunit_kzalloc(test, sizeof(*cfg), GFP_KERNEL);
	char *val = kunit_kzalloc(test, SRT_KEY_TEXT_MAX, GFP_KERNEL);
	char err[SRT_ERR_LEN] = "";
	bool number = k->kind == SRT_KT_U32 || k->kind == SRT_KT_U64;

	KUNIT_ASSERT_NOT_NULL(test, cfg);
	KUNIT_ASSERT_NOT_NULL(test, val);
	srt_config_defaults(cfg);
	if (k->def) {
		srt_config_format_key(cfg, k - srt_keys, val, SRT_KEY_TEXT_MAX);
		KUNIT_EXPECT_STREQ(test, val, k->def);
	}
	if (!number)
		return;
	KUNIT_EXPECT_EQ_MSG(test, srt_key_check_at(cfg, k, k->min, err,
						   sizeof(err)), 0,
			    "reason: %s", err);
	if (k->min) {
		KUNIT_EXPECT_EQ(test, srt_key_check_at(cfg, k, k->min - 1, err,
						       sizeof(err)), -EINVAL);
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(err, k->name),
					  "reason '%s' lacks the key", err);
	}
	if (k->max) {
		KUNIT_EXPECT_EQ_MSG(test, srt_key_check_at(cfg, k, k->max, err,
							   sizeof(err)), 0,
				    "reason: %s", err);
		KUNIT_EXPECT_EQ(test, srt_key_check_at(cfg, k, k->max + 1, err,
						       sizeof(err)), -EINVAL);
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(err, k->name),
					  "reason '%s' lacks the key", err);
	}
}

struct srt_ctl_case {
	const char *desc;
	const char *line;
	int ret;
	enum srt_verb verb;
	const char *args;
};

static const struct srt_ctl_case srt_ctl_cases[] = {
	{ "create with keys", "create name=a cpu=1", 0, SRT_VERB_CREATE,
	  "name=a cpu=1" },
	{ "start a loop", "start a", 0, SRT_VERB_START, "a" },
	{ "stop, extra blanks", "  stop   b_2  ", 0, SRT_VERB_STOP, "b_2" },
	{ "resume", "resume loop-1", 0, SRT_VERB_RESUME, "loop-1" },
	{ "empty line", "   ", -EINVAL, 0, NULL },
	{ "unknown command", "launch a", -EINVAL, 0, NULL },
	{ "start without a name", "start", -EINVAL, 0, NULL },
	{ "destroy two names", "destroy a b", -EINVAL, 0, NULL },
	{ "reset a bad name", "reset a;b", -EINVAL, 0, NULL },
};

static void srt_ctl_desc(const struct srt_ctl_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_ctl, srt_ctl_cases, srt_ctl_desc);

static void srt_test_control_line(struct kunit *test)
{
	const struct srt_ctl_case *c = test->param_value;
	char *line = kunit_kzalloc(test, strlen(c->line) + 1, GFP_KERNEL);
	char err[SRT_ERR_LEN] = "";
	enum srt_verb verb;
	char *args;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, line);
	strscpy(line, c->line, strlen(c->line) + 1);
	ret = srt_control_split(line, &verb, &args, err, sizeof(err));
	KUNIT_EXPECT_EQ_MSG(test, ret, c->ret, "reason: %s", err);
	if (!ret && !c->ret) {
		KUNIT_EXPECT_EQ(test, verb, c->verb);
		KUNIT_EXPECT_STREQ(test, args, c->args);
	}
	if (c->ret)
		KUNIT_EXPECT_NE(test, err[0], '\0');
}

struct srt_flag_case {
	const char *desc;
	const char *text;
	size_t len;		/* bytes written, NULs included */
	int ret;
	bool on;
};

static const struct srt_flag_case srt_flag_cases[] = {
	{ "1", "1", 1, 0, true },
	{ "0", "0", 1, 0, false },
	{ "1 and a newline", "1\n", 2, 0, true },
	{ "0 and a newline", "0\n", 2, 0, false },
	{ "empty", "", 0, -EINVAL },
	{ "only a newline", "\n", 1, -EINVAL },
	{ "1 with a trailing number", "1 nan", 5, -EINVAL },
	{ "a line that starts with a digit", "1tel_decimation=4", 17, -EINVAL },
	{ "y (kstrtobool's yes)", "y", 1, -EINVAL },
	{ "on", "on", 2, -EINVAL },
	{ "two newlines", "1\n\n", 3, -EINVAL },
	{ "1, NUL, garbage", "1\0= bogus", 9, -EINVAL },
	{ "1 and a NUL", "1\0", 2, -EINVAL },
	{ "2", "2", 1, -EINVAL },
	{ "leading space", " 1", 2, -EINVAL },
};

static void srt_flag_desc(const struct srt_flag_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_flag, srt_flag_cases, srt_flag_desc);

static void srt_test_flag(struct kunit *test)
{
	const struct srt_flag_case *c = test->param_value;
	bool on = !c->on;

	KUNIT_EXPECT_EQ(test, srt_flag_parse(c->text, c->len, &on), c->ret);
	if (!c->ret)
		KUNIT_EXPECT_EQ(test, on, c->on);
}

static struct kunit_case srt_config_cases[] = {
	KUNIT_CASE_PARAM(srt_test_config_line, srt_cfg_gen_params),
	KUNIT_CASE(srt_test_config_every_key),
	KUNIT_CASE(srt_test_slack_ceiling),
	KUNIT_CASE(srt_test_live_keys),
	KUNIT_CASE_PARAM(srt_test_key_row, srt_key_gen_params),
	KUNIT_CASE_PARAM(srt_test_control_line, srt_ctl_gen_params),
	KUNIT_CASE_PARAM(srt_test_flag, srt_flag_gen_params),
	{}
};

static struct kunit_suite srt_config_suite = {
	.name = "shieldrt_config",
	.test_cases = srt_config_cases,
};

kunit_test_suites(&srt_config_suite);
