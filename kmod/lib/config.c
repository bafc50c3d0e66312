// SPDX-License-Identifier: GPL-2.0
/*
 * Parsing and validating loop configurations.  A line is parsed into a
 * caller's scratch copy and validated as a whole; the caller applies it
 * only if both steps pass, so no change is ever half-applied.
 */
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include "config.h"
#include "shieldrt_cycle.h"

const char * const srt_wait_mode_names[SRT_NR_WAIT_MODES] = {
	SHIELDRT_MODE_LIST(SRT_NAME_AT)
};

const char * const srt_section_names[SRT_NR_SECTIONS] = {
	SHIELDRT_SECTION_LIST(SRT_NAME_AT)
};

const char * const srt_policy_names[SRT_NR_POLICIES] = {
	SHIELDRT_POLICY_LIST(SRT_NAME_AT)
};

const char * const srt_key_names[SRT_NR_KEYS] = {
	[SRT_KEY_NAME] = "name",
	[SRT_KEY_CPU] = "cpu",
	[SRT_KEY_PRIO] = "prio",
	[SRT_KEY_PERIOD_US] = "period_us",
	[SRT_KEY_MODE] = "mode",
	[SRT_KEY_BUDGET_NS] = "budget_ns",
	[SRT_KEY_POLICY] = "policy",
	[SRT_KEY_SAFE_AFTER] = "safe_after",
	[SRT_KEY_CATCHUP_MAX] = "catchup_max",
	[SRT_KEY_HEARTBEAT_CYCLES] = "heartbeat_cycles",
	[SRT_KEY_WORKLOAD_NS] = "workload_ns",
	[SRT_KEY_NOISE_NS] = "noise_ns",
	[SRT_KEY_SLACK_MIN_NS] = "slack_min_ns",
	[SRT_KEY_SLACK_MAX_NS] = "slack_max_ns",
	[SRT_KEY_YIELD_US] = "yield_us",
	[SRT_KEY_YIELD_EVERY_MS] = "yield_every_ms",
	[SRT_KEY_ALIGN] = "align",
	[SRT_KEY_PHASE_US] = "phase_us",
	[SRT_KEY_HIST_BUCKET_NS] = "hist_bucket_ns",
	[SRT_KEY_HIST_BUCKETS] = "hist_buckets",
	[SRT_KEY_FORCE] = "force",
	[SRT_KEY_FLIGHT_CYCLES] = "flight_cycles",
	[SRT_KEY_FLIGHT_POST] = "flight_post",
	[SRT_KEY_SECTION] = "section",
	[SRT_KEY_LOCK] = "lock",
	[SRT_KEY_SECTION_BUDGET_US] = "section_budget_us",
	[SRT_KEY_IO] = "io",
	[SRT_KEY_TRIGGER_TIMEOUT_US] = "trigger_timeout_us",
	[SRT_KEY_FLIGHT_SIGNALS] = "flight_signals",
};

static const char * const srt_verb_names[SRT_NR_VERBS] = {
	[SRT_VERB_CREATE] = "create",
	[SRT_VERB_DESTROY] = "destroy",
	[SRT_VERB_START] = "start",
	[SRT_VERB_STOP] = "stop",
	[SRT_VERB_RESET] = "reset",
	[SRT_VERB_RESUME] = "resume",
};

/* Keys the loop reads through struct srt_live: safe to change running. */
bool srt_key_is_live(enum srt_key key)
{
	switch (key) {
	case SRT_KEY_BUDGET_NS:
	case SRT_KEY_POLICY:
	case SRT_KEY_SAFE_AFTER:
	case SRT_KEY_CATCHUP_MAX:
	case SRT_KEY_HEARTBEAT_CYCLES:
	case SRT_KEY_WORKLOAD_NS:
	case SRT_KEY_NOISE_NS:
	case SRT_KEY_YIELD_US:
	case SRT_KEY_YIELD_EVERY_MS:
	case SRT_KEY_SECTION_BUDGET_US:
		return true;
	default:
		return false;
	}
}

void srt_config_defaults(struct srt_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->cpu = -1;
	cfg->prio = 80;
	cfg->period_ns = 1000000;
	cfg->mode = SHIELDRT_MODE_HRTIMER;
	cfg->slack_min_ns = 2000;
	cfg->slack_max_ns = 0;		/* auto: see srt_config_slack_max() */
	cfg->hist_bucket_ns = 1;
	cfg->hist_buckets = SRT_HIST_DEF_BUCKETS;
	cfg->flight_cycles = 1024;
	cfg->flight_post = 256;
	strscpy(cfg->flight_signals, "8", sizeof(cfg->flight_signals));
	cfg->live.noise_ns = 1000;
	cfg->live.policy = SHIELDRT_POLICY_SKIP;
	cfg->live.safe_after = 3;
	cfg->live.catchup_max = 10;
}

/* Nothing but blanks and '#' comments in @len bytes of @text. */
bool srt_text_blank(const char *text, size_t len)
{
	bool comment = false;
	size_t i;

	for (i = 0; i < len; i++) {
		char ch = text[i];

		if (ch == '\n')
			comment = false;
		else if (ch == '#')
			comment = true;
		else if (!comment && ch != ' ' && ch != '\t' && ch != '\r')
			return false;
	}
	return true;
}

/*
 * A 0/1 switch written to a file: exactly "0" or "1", one trailing newline
 * allowed, @len bytes in all (so a NUL inside the write is refused, not a
 * silent end).  kstrtobool() would take "1 nan" or "yes please" as true.
 */
int srt_flag_parse(const char *text, size_t len, bool *on)
{
	if (len == 2 && text[1] == '\n')
		len = 1;
	if (len != 1 || (text[0] != '0' && text[0] != '1'))
		return -EINVAL;
	*on = text[0] == '1';
	return 0;
}

bool srt_name_valid(const char *s)
{
	size_t n = strlen(s);

	if (!n || n >= SRT_NAME_LEN)
		return false;
	/* isalnum() also takes the Latin-1 letters at 0xc0..0xff. */
	for (; *s; s++)
		if (!isascii(*s) || (!isalnum(*s) && *s != '_' && *s != '-'))
			return false;
	return true;
}

static int srt_match(const char * const *tab, int n, const char *s)
{
	int i;

	for (i = 0; i < n; i++)
		if (tab[i] && !strcmp(tab[i], s))
			return i;
	return -1;
}

/* A number, optionally scaled; rejects overflow of the scaled result. */
static int srt_parse_u64(const char *key, const char *val, u64 scale,
			 u64 *out, char *err, size_t errlen)
{
	u64 v;

	if (kstrtou64(val, 10, &v)) {
		snprintf(err, errlen, "%s: expected a decimal number, got '%s'",
			 key, val);
		return -EINVAL;
	}
	if (v > U64_MAX / scale) {
		snprintf(err, errlen, "%s=%s out of range", key, val);
		return -EINVAL;
	}
	*out = v * scale;
	return 0;
}

static int srt_parse_u32(const char *key, const char *val, u64 scale,
			 u32 *out, char *err, size_t errlen)
{
	u64 v;
	int ret = srt_parse_u64(key, val, scale, &v, err, errlen);

	if (ret)
		return ret;
	if (v > U32_MAX) {
		snprintf(err, errlen, "%s=%s out of range", key, val);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

static int srt_parse_bool(const char *key, const char *val, bool *out,
			  char *err, size_t errlen)
{
	if (!strcmp(val, "0") || !strcmp(val, "1")) {
		*out = val[0] == '1';
		return 0;
	}
	snprintf(err, errlen, "%s: expected 0 or 1, got '%s'", key, val);
	return -EINVAL;
}

/*
 * flight_signals: "N" keeps the first N inputs and the first N outputs
 * (as many as the loop has, N <= SHIELDRT_MAX_SIGNALS), "all" every one,
 * and a comma list names them (a chain's signal names, or inK/outK), in
 * the order the records keep them.  Only the shape is checked here: the
 * names are looked up in the chain when the loop starts.
 */
static int srt_parse_flight_signals(const char *val, struct srt_config *c,
				    char *err, size_t errlen)
{
	size_t len = strlen(val), i, tok = 0;
	unsigned int names = 1, n = 0;

	if (!strcmp(val, "all"))
		goto ok;
	if (!len || len >= sizeof(c->flight_signals)) {
		snprintf(err, errlen,
			 "flight_signals: N, all, or NAME,... in 1..%zu characters",
			 sizeof(c->flight_signals) - 1);
		return -EINVAL;
	}
	/* Digits only is a count, whatever its length ("033", "100"). */
	for (i = 0; i < len && val[i] >= '0' && val[i] <= '9'; i++)
		n = min(n * 10 + (val[i] - '0'), SHIELDRT_MAX_SIGNALS + 1U);
	if (i == len) {
		if (n > SHIELDRT_MAX_SIGNALS) {
			snprintf(err, errlen,
				 "flight_signals: %s is over %d (the most inputs or outputs a loop has)",
				 val, SHIELDRT_MAX_SIGNALS);
			return -EINVAL;
		}
		goto ok;
	}
	for (i = 0; i <= len; i++) {
		char ch = val[i];

		if (ch == ',' || !ch) {
			if (!tok || tok >= SRT_FLIGHT_NAME_LEN) {
				snprintf(err, errlen,
					 "flight_signals: name %u is empty or over %d characters",
					 names, SRT_FLIGHT_NAME_LEN - 1);
				return -EINVAL;
			}
			names += !!ch;
			tok = 0;
			continue;
		}
		/* ASCII only: the kernel's isalnum() takes Latin-1 letters */
		if (!(ch >= 'a' && ch <= 'z') && !(ch >= 'A' && ch <= 'Z') &&
		    !(ch >= '0' && ch <= '9') && ch != '_' && ch != '.') {
			snprintf(err, errlen,
				 "flight_signals: name %u: '%c' is not a letter, digit, '_' or '.'",
				 names, ch > ' ' && ch < 0x7f ? ch : '?');
			return -EINVAL;
		}
		tok++;
	}
	if (names > SHIELDRT_FLIGHT_MAX_SEL) {
		snprintf(err, errlen,
			 "flight_signals: %u names; a record keeps at most %d",
			 names, SHIELDRT_FLIGHT_MAX_SEL);
		return -EINVAL;
	}
ok:
	strscpy(c->flight_signals, val, sizeof(c->flight_signals));
	return 0;
}

static int srt_parse_enum(const char *key, const char *val,
			  const char * const *tab, int n, u32 *out,
			  char *err, size_t errlen)
{
	int i = srt_match(tab, n, val);

	if (i < 0) {
		snprintf(err, errlen, "%s: unknown value '%s'", key, val);
		return -EINVAL;
	}
	*out = i;
	return 0;
}

/* "F" or "F-L", inclusive, both below SRT_MAX_SIGNALS. */
static int srt_parse_range(const char *what, const char *s, u32 *first,
			   u32 *n, char *err, size_t errlen)
{
	char buf[8];
	char *dash;
	u32 f, l;

	if (strscpy(buf, s, sizeof(buf)) < 0)
		goto bad;
	dash = strchr(buf, '-');
	if (dash)
		*dash++ = '\0';
	if (kstrtou32(buf, 10, &f))
		goto bad;
	l = f;
	if (dash && kstrtou32(dash, 10, &l))
		goto bad;
	if (l < f || l >= SRT_MAX_SIGNALS) {
		snprintf(err, errlen,
			 "io: %s=%s is not a range within 0..%d", what, s,
			 SRT_MAX_SIGNALS - 1);
		return -EINVAL;
	}
	*first = f;
	*n = l - f + 1;
	return 0;
bad:
	snprintf(err, errlen, "io: %s=%s is not F or F-L", what, s);
	return -EINVAL;
}

/* One binding: NAME[:in=F[-L]][:out=F[-L]][:trigger] */
static int srt_io_spec_one(struct srt_io_spec *sp, char *text, char *err,
			   size_t errlen)
{
	char *name = strsep(&text, ":"), *opt;
	int ret;

	if (!srt_name_valid(name)) {
		snprintf(err, errlen,
			 "io: provider '%s' is not 1..%d of [A-Za-z0-9_-]",
			 name, SHIELDRT_NAME_MAX);
		return -EINVAL;
	}
	strscpy(sp->name, name, sizeof(sp->name));
	while ((opt = strsep(&text, ":")) != NULL) {
		ret = -EINVAL;
		if (!strncmp(opt, "in=", 3) && !sp->n_in) {
			ret = srt_parse_range("in", opt + 3, &sp->in_first,
					      &sp->n_in, err, errlen);
		} else if (!strncmp(opt, "out=", 4) && !sp->n_out) {
			ret = srt_parse_range("out", opt + 4, &sp->out_first,
					      &sp->n_out, err, errlen);
		} else if (!strcmp(opt, "trigger") && !sp->trigger) {
			sp->trigger = true;
			ret = 0;
		} else {
			snprintf(err, errlen,
				 "io: '%s' for %s is not in=F-L, out=F-L or trigger (each once)",
				 opt, sp->name);
		}
		if (ret)
			return ret;
	}
	if (!sp->n_in && !sp->n_out) {
		snprintf(err, errlen, "io: %s binds no signals (in= or out=)",
			 sp->name);
		return -EINVAL;
	}
	return 0;
}

static bool srt_ranges_overlap(u32 f1, u32 n1, u32 f2, u32 n2)
{
	return n1 && n2 && f1 < f2 + n2 && f2 < f1 + n1;
}

/* No provider twice, no signal filled or sent by two bindings. */
static int srt_io_spec_cross_check(const struct srt_config *c, char *err,
				   size_t errlen)
{
	const struct srt_io_spec *a, *b;
	u32 i, j, triggers = 0;

	for (i = 0; i < c->n_io; i++) {
		a = &c->io[i];
		triggers += a->trigger;
		for (j = 0; j < i; j++) {
			b = &c->io[j];
			if (!strcmp(a->name, b->name)) {
				snprintf(err, errlen, "io: %s bound twice",
					 a->name);
				return -EINVAL;
			}
			if (srt_ranges_overlap(a->in_first, a->n_in,
					       b->in_first, b->n_in) ||
			    srt_ranges_overlap(a->out_first, a->n_out,
					       b->out_first, b->n_out)) {
				snprintf(err, errlen,
					 "io: the signal ranges of %s and %s overlap",
					 b->name, a->name);
				return -EINVAL;
			}
		}
	}
	if (triggers > 1) {
		snprintf(err, errlen, "io: only one binding may trigger");
		return -EINVAL;
	}
	return 0;
}

/*
 * io=NAME[:in=F[-L]][:out=F[-L]][:trigger][,NAME...]; "io=" alone: none.
 * Parsed into a copy, so @cfg keeps its bindings if the text is bad.
 */
int srt_io_spec_parse(struct srt_config *cfg, const char *val, char *err,
		      size_t errlen)
{
	struct srt_io_spec io[SRT_IO_MAX_BINDINGS] = {};
	char buf[256], *rest = buf, *one;
	u32 n = 0;
	int ret;

	if (strscpy(buf, val, sizeof(buf)) < 0) {
		snprintf(err, errlen, "io: longer than %zu bytes",
			 sizeof(buf) - 1);
		return -EINVAL;
	}
	while (*buf && (one = strsep(&rest, ",")) != NULL) {
		if (n == SRT_IO_MAX_BINDINGS) {
			snprintf(err, errlen, "io: more than %d bindings",
				 SRT_IO_MAX_BINDINGS);
			return -EINVAL;
		}
		ret = srt_io_spec_one(&io[n++], one, err, errlen);
		if (ret)
			return ret;
	}
	memcpy(cfg->io, io, sizeof(io));
	cfg->n_io = n;
	return 0;
}

/* Before a run: every bound range lies within the loop's signals. */
int srt_io_spec_check_signals(const struct srt_config *c, u32 n_in,
			      u32 n_out, char *err, size_t errlen)
{
	const struct srt_io_spec *sp;
	u32 i;

	for (i = 0; i < c->n_io; i++) {
		sp = &c->io[i];
		if (sp->in_first + sp->n_in > n_in ||
		    sp->out_first + sp->n_out > n_out) {
			snprintf(err, errlen,
				 "io: %s binds signals beyond the loop's %u inputs and %u outputs",
				 sp->name, n_in, n_out);
			return -EINVAL;
		}
	}
	return 0;
}

/* The binding that starts an external loop's cycles, or NULL. */
const struct srt_io_spec *srt_config_trigger(const struct srt_config *c)
{
	u32 i;

	for (i = 0; i < c->n_io; i++)
		if (c->io[i].trigger)
			return &c->io[i];
	return NULL;
}

static int srt_format_io(const struct srt_config *c, char *buf, size_t len)
{
	const struct srt_io_spec *sp;
	size_t n = 0;
	u32 i;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < c->n_io && n < len; i++) {
		sp = &c->io[i];
		n += scnprintf(buf + n, len - n, "%s%s", i ? "," : "",
			       sp->name);
		if (sp->n_in)
			n += scnprintf(buf + n, len - n, ":in=%u-%u",
				       sp->in_first,
				       sp->in_first + sp->n_in - 1);
		if (sp->n_out)
			n += scnprintf(buf + n, len - n, ":out=%u-%u",
				       sp->out_first,
				       sp->out_first + sp->n_out - 1);
		if (sp->trigger)
			n += scnprintf(buf + n, len - n, ":trigger");
	}
	return n;
}

static int srt_parse_one(struct srt_config *c, enum srt_key key,
			 const char *val, char *err, size_t errlen)
{
	const char *k = srt_key_names[key];
	u32 cpu;
	int ret;

	switch (key) {
	case SRT_KEY_NAME:
		if (!srt_name_valid(val)) {
			snprintf(err, errlen,
				 "name: '%s' is not 1..%d of [A-Za-z0-9_-]",
				 val, SHIELDRT_NAME_MAX);
			return -EINVAL;
		}
		strscpy(c->name, val, sizeof(c->name));
		return 0;
	case SRT_KEY_CPU:
		ret = srt_parse_u32(k, val, 1, &cpu, err, errlen);
		if (!ret && cpu > INT_MAX) {
			snprintf(err, errlen, "cpu=%s out of range", val);
			ret = -EINVAL;
		}
		if (!ret)
			c->cpu = cpu;
		return ret;
	case SRT_KEY_PRIO:
		return srt_parse_u32(k, val, 1, &c->prio, err, errlen);
	case SRT_KEY_PERIOD_US:
		return srt_parse_u64(k, val, 1000, &c->period_ns, err, errlen);
	case SRT_KEY_MODE:
		return srt_parse_enum(k, val, srt_wait_mode_names,
				      SRT_NR_WAIT_MODES, &c->mode, err, errlen);
	case SRT_KEY_BUDGET_NS:
		return srt_parse_u64(k, val, 1, &c->live.budget_ns, err, errlen);
	case SRT_KEY_POLICY:
		return srt_parse_enum(k, val, srt_policy_names,
				      SRT_NR_POLICIES, &c->live.policy,
				      err, errlen);
	case SRT_KEY_SAFE_AFTER:
		return srt_parse_u32(k, val, 1, &c->live.safe_after,
				     err, errlen);
	case SRT_KEY_CATCHUP_MAX:
		return srt_parse_u32(k, val, 1, &c->live.catchup_max,
				     err, errlen);
	case SRT_KEY_HEARTBEAT_CYCLES:
		return srt_parse_u32(k, val, 1, &c->live.heartbeat_cycles,
				     err, errlen);
	case SRT_KEY_WORKLOAD_NS:
		return srt_parse_u64(k, val, 1, &c->live.workload_ns,
				     err, errlen);
	case SRT_KEY_NOISE_NS:
		return srt_parse_u64(k, val, 1, &c->live.noise_ns, err, errlen);
	case SRT_KEY_SLACK_MIN_NS:
		return srt_parse_u64(k, val, 1, &c->slack_min_ns, err, errlen);
	case SRT_KEY_SLACK_MAX_NS:
		return srt_parse_u64(k, val, 1, &c->slack_max_ns, err, errlen);
	case SRT_KEY_YIELD_US:
		return srt_parse_u64(k, val, 1000, &c->live.yield_ns,
				     err, errlen);
	case SRT_KEY_YIELD_EVERY_MS:
		return srt_parse_u64(k, val, 1000000, &c->live.yield_every_ns,
				     err, errlen);
	case SRT_KEY_ALIGN:
		return srt_parse_bool(k, val, &c->align, err, errlen);
	case SRT_KEY_PHASE_US:
		return srt_parse_u64(k, val, 1000, &c->phase_ns, err, errlen);
	case SRT_KEY_HIST_BUCKET_NS:
		return srt_parse_u32(k, val, 1, &c->hist_bucket_ns,
				     err, errlen);
	case SRT_KEY_HIST_BUCKETS:
		return srt_parse_u32(k, val, 1, &c->hist_buckets, err, errlen);
	case SRT_KEY_FORCE:
		return srt_parse_bool(k, val, &c->force, err, errlen);
	case SRT_KEY_FLIGHT_CYCLES:
		return srt_parse_u32(k, val, 1, &c->flight_cycles, err, errlen);
	case SRT_KEY_FLIGHT_POST:
		return srt_parse_u32(k, val, 1, &c->flight_post, err, errlen);
	case SRT_KEY_FLIGHT_SIGNALS:
		return srt_parse_flight_signals(val, c, err, errlen);
	case SRT_KEY_SECTION:
		return srt_parse_enum(k, val, srt_section_names,
				      SRT_NR_SECTIONS, &c->section, err, errlen);
	case SRT_KEY_LOCK:
		/* "lock=" alone: the loop's own, as the config file shows it */
		if (*val && !srt_name_valid(val)) {
			snprintf(err, errlen,
				 "lock: '%s' is not 1..%d of [A-Za-z0-9_-]",
				 val, SHIELDRT_NAME_MAX);
			return -EINVAL;
		}
		strscpy(c->lock, val, sizeof(c->lock));
		return 0;
	case SRT_KEY_SECTION_BUDGET_US:
		return srt_parse_u64(k, val, 1000, &c->live.section_budget_ns,
				     err, errlen);
	case SRT_KEY_IO:
		return srt_io_spec_parse(c, val, err, errlen);
	case SRT_KEY_TRIGGER_TIMEOUT_US:
		return srt_parse_u64(k, val, 1000, &c->trigger_timeout_ns,
				     err, errlen);
	default:
		break;
	}
	snprintf(err, errlen, "internal: key %d has no parser", key);
	return -EINVAL;
}

/*
 * Parse "key=value" tokens separated by blanks into @cfg, which the caller
 * has prepared (defaults or a copy of the current config).  @seen gets one
 * bit per key given.  @line is modified.
 */
int srt_config_parse(struct srt_config *cfg, char *line, u32 *seen,
		     char *err, size_t errlen)
{
	char *tok, *val;
	int key, ret;

	*seen = 0;
	while ((tok = strsep(&line, " \t\n")) != NULL) {
		if (!*tok)
			continue;
		val = strchr(tok, '=');
		if (!val || val == tok) {
			snprintf(err, errlen, "'%s' is not key=value", tok);
			return -EINVAL;
		}
		*val++ = '\0';
		key = srt_match(srt_key_names, SRT_NR_KEYS, tok);
		if (key < 0) {
			snprintf(err, errlen, "unknown key '%s'", tok);
			return -EINVAL;
		}
		if (*seen & BIT(key)) {
			snprintf(err, errlen, "key '%s' given twice", tok);
			return -EINVAL;
		}
		*seen |= BIT(key);
		ret = srt_parse_one(cfg, key, val, err, errlen);
		if (ret)
			return ret;
	}
	if (!*seen) {
		snprintf(err, errlen, "no key=value given");
		return -EINVAL;
	}
	return 0;
}

/*
 * The hybrid slack ceiling: as configured, or by default half the period
 * up to 200 us, so short periods keep a sleep and long ones do not spin
 * longer than any wake latency worth covering.
 */
u64 srt_config_slack_max(const struct srt_config *c)
{
	if (c->slack_max_ns)
		return c->slack_max_ns;
	return min_t(u64, c->period_ns >> 1, 200000);
}

/* The cycle section, its lock and the I/O bindings. */
static int srt_config_validate_section(const struct srt_config *c, char *err,
				       size_t errlen)
{
	bool external = c->mode == SHIELDRT_MODE_EXTERNAL;
	int ret;

	if (c->lock[0] && !srt_section_locks(c->section)) {
		snprintf(err, errlen,
			 "lock=%s needs section=raw_spinlock or section=spinlock",
			 c->lock);
		return -EINVAL;
	}
	if (c->live.section_budget_ns > SRT_PERIOD_MAX_NS) {
		snprintf(err, errlen, "section_budget_us above 1 s");
		return -EINVAL;
	}
	ret = srt_io_spec_cross_check(c, err, errlen);
	if (ret)
		return ret;
	if (external != !!srt_config_trigger(c)) {
		snprintf(err, errlen, external ?
			 "mode=external needs an io binding with :trigger" :
			 "an io binding with :trigger needs mode=external");
		return -EINVAL;
	}
	if (external && c->live.policy == SHIELDRT_POLICY_CATCHUP) {
		snprintf(err, errlen,
			 "policy=catchup has nothing to catch up in mode=external");
		return -EINVAL;
	}
	/* No section may pause for housekeeping (wait.c, cycle.c). */
	if (c->section != SHIELDRT_SECTION_NONE && c->live.workload_ns > c->period_ns) {
		snprintf(err, errlen,
			 "workload_ns above the period inside section=%s",
			 srt_section_names[c->section]);
		return -EINVAL;
	}
	if (c->trigger_timeout_ns > 10ULL * SRT_PERIOD_MAX_NS) {
		snprintf(err, errlen, "trigger_timeout_us above 10 s");
		return -EINVAL;
	}
	return 0;
}

/* Range checks that need no knowledge of the machine. */
int srt_config_validate(const struct srt_config *c, char *err, size_t errlen)
{
	const struct srt_live *l = &c->live;

	if (!c->name[0]) {
		snprintf(err, errlen, "name is required");
		return -EINVAL;
	}
	if (c->cpu < 0) {
		snprintf(err, errlen, "cpu is required");
		return -EINVAL;
	}
	if (c->prio < 1 || c->prio > 99) {
		snprintf(err, errlen, "prio=%u out of range (1..99)", c->prio);
		return -EINVAL;
	}
	if (c->period_ns < SRT_PERIOD_MIN_NS ||
	    c->period_ns > SRT_PERIOD_MAX_NS) {
		snprintf(err, errlen,
			 "period_us=%llu out of range (10..1000000)",
			 div_u64(c->period_ns, 1000));
		return -EINVAL;
	}
	if (c->slack_min_ns > srt_config_slack_max(c)) {
		snprintf(err, errlen, "slack_min_ns above slack_max_ns");
		return -EINVAL;
	}
	if (c->slack_max_ns >= c->period_ns) {
		snprintf(err, errlen, "slack_max_ns must be below the period");
		return -EINVAL;
	}
	if (c->phase_ns >= c->period_ns) {
		snprintf(err, errlen, "phase_us must be below the period");
		return -EINVAL;
	}
	/* A power of two, so the cycle finds a bucket with shifts alone. */
	if (!is_power_of_2(c->hist_bucket_ns) ||
	    c->hist_bucket_ns > SRT_HIST_MAX_UNIT_NS || !c->hist_buckets ||
	    c->hist_buckets > SRT_HIST_MAX_BUCKETS) {
		snprintf(err, errlen,
			 "hist_bucket_ns must be a power of two 1..%d, hist_buckets 1..%d",
			 SRT_HIST_MAX_UNIT_NS, SRT_HIST_MAX_BUCKETS);
		return -EINVAL;
	}
	if (!l->safe_after || !l->catchup_max) {
		snprintf(err, errlen, "safe_after and catchup_max must be >= 1");
		return -EINVAL;
	}
	if (l->noise_ns < 100) {
		snprintf(err, errlen, "noise_ns below 100 would count the clock read itself");
		return -EINVAL;
	}
	if (l->yield_ns && l->yield_ns >= l->yield_every_ns) {
		snprintf(err, errlen,
			 "yield_us needs yield_every_ms longer than it");
		return -EINVAL;
	}
	if (c->flight_cycles > SRT_FLIGHT_MAX_CYCLES) {
		snprintf(err, errlen, "flight_cycles above %d",
			 SRT_FLIGHT_MAX_CYCLES);
		return -EINVAL;
	}
	if (c->flight_cycles && c->flight_post >= c->flight_cycles) {
		snprintf(err, errlen,
			 "flight_post=%u must be below flight_cycles=%u",
			 c->flight_post, c->flight_cycles);
		return -EINVAL;
	}
	if (l->workload_ns > SRT_PERIOD_MAX_NS) {
		snprintf(err, errlen, "workload_ns above 1 s");
		return -EINVAL;
	}
	return srt_config_validate_section(c, err, errlen);
}

int srt_config_format_key(const struct srt_config *c, enum srt_key key,
			  char *buf, size_t len)
{
	const struct srt_live *l = &c->live;

	switch (key) {
	case SRT_KEY_NAME:
		return snprintf(buf, len, "%s", c->name);
	case SRT_KEY_CPU:
		return snprintf(buf, len, "%d", c->cpu);
	case SRT_KEY_PRIO:
		return snprintf(buf, len, "%u", c->prio);
	case SRT_KEY_PERIOD_US:
		return snprintf(buf, len, "%llu", div_u64(c->period_ns, 1000));
	case SRT_KEY_MODE:
		return snprintf(buf, len, "%s", srt_wait_mode_names[c->mode]);
	case SRT_KEY_BUDGET_NS:
		return snprintf(buf, len, "%llu", l->budget_ns);
	case SRT_KEY_POLICY:
		return snprintf(buf, len, "%s", srt_policy_names[l->policy]);
	case SRT_KEY_SAFE_AFTER:
		return snprintf(buf, len, "%u", l->safe_after);
	case SRT_KEY_CATCHUP_MAX:
		return snprintf(buf, len, "%u", l->catchup_max);
	case SRT_KEY_HEARTBEAT_CYCLES:
		return snprintf(buf, len, "%u", l->heartbeat_cycles);
	case SRT_KEY_WORKLOAD_NS:
		return snprintf(buf, len, "%llu", l->workload_ns);
	case SRT_KEY_NOISE_NS:
		return snprintf(buf, len, "%llu", l->noise_ns);
	case SRT_KEY_SLACK_MIN_NS:
		return snprintf(buf, len, "%llu", c->slack_min_ns);
	case SRT_KEY_SLACK_MAX_NS:
		return snprintf(buf, len, "%llu", c->slack_max_ns);
	case SRT_KEY_YIELD_US:
		return snprintf(buf, len, "%llu", div_u64(l->yield_ns, 1000));
	case SRT_KEY_YIELD_EVERY_MS:
		return snprintf(buf, len, "%llu",
				div_u64(l->yield_every_ns, 1000000));
	case SRT_KEY_ALIGN:
		return snprintf(buf, len, "%d", c->align);
	case SRT_KEY_PHASE_US:
		return snprintf(buf, len, "%llu", div_u64(c->phase_ns, 1000));
	case SRT_KEY_HIST_BUCKET_NS:
		return snprintf(buf, len, "%u", c->hist_bucket_ns);
	case SRT_KEY_HIST_BUCKETS:
		return snprintf(buf, len, "%u", c->hist_buckets);
	case SRT_KEY_FORCE:
		return snprintf(buf, len, "%d", c->force);
	case SRT_KEY_FLIGHT_CYCLES:
		return snprintf(buf, len, "%u", c->flight_cycles);
	case SRT_KEY_FLIGHT_POST:
		return snprintf(buf, len, "%u", c->flight_post);
	case SRT_KEY_SECTION:
		return snprintf(buf, len, "%s", srt_section_names[c->section]);
	case SRT_KEY_LOCK:
		return snprintf(buf, len, "%s", c->lock);
	case SRT_KEY_SECTION_BUDGET_US:
		return snprintf(buf, len, "%llu",
				div_u64(l->section_budget_ns, 1000));
	case SRT_KEY_IO:
		return srt_format_io(c, buf, len);
	case SRT_KEY_TRIGGER_TIMEOUT_US:
		return snprintf(buf, len, "%llu",
				div_u64(c->trigger_timeout_ns, 1000));
	case SRT_KEY_FLIGHT_SIGNALS:
		return snprintf(buf, len, "%s", c->flight_signals);
	default:
		return snprintf(buf, len, "?");
	}
}

/*
 * Split a control line into its verb and arguments.  Every verb but
 * "create" takes exactly one loop name, checked here.
 */
int srt_control_split(char *line, enum srt_verb *verb, char **args,
		      char *err, size_t errlen)
{
	char *word, *rest;
	int v;

	line = strim(line);
	rest = line;
	word = strsep(&rest, " \t");
	if (!*word) {
		snprintf(err, errlen, "empty control line");
		return -EINVAL;
	}
	v = srt_match(srt_verb_names, SRT_NR_VERBS, word);
	if (v < 0) {
		snprintf(err, errlen, "unknown command '%s'", word);
		return -EINVAL;
	}
	rest = rest ? strim(rest) : word + strlen(word);
	*verb = v;
	*args = rest;
	if (v == SRT_VERB_CREATE)
		return 0;
	if (!srt_name_valid(rest)) {
		snprintf(err, errlen, "%s: expected one loop name, got '%s'",
			 word, rest);
		return -EINVAL;
	}
	return 0;
}
