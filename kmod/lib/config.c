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
#include "shieldrt_quote.h"

const char * const srt_wait_mode_names[SRT_NR_WAIT_MODES] = {
	SHIELDRT_MODE_LIST(SRT_NAME_AT)
};

const char * const srt_section_names[SRT_NR_SECTIONS] = {
	SHIELDRT_SECTION_LIST(SRT_NAME_AT)
};

const char * const srt_policy_names[SRT_NR_POLICIES] = {
	SHIELDRT_POLICY_LIST(SRT_NAME_AT)
};

static const char * const srt_verb_names[SRT_NR_VERBS] = {
	[SRT_VERB_CREATE] = "create",
	[SRT_VERB_DESTROY] = "destroy",
	[SRT_VERB_START] = "start",
	[SRT_VERB_STOP] = "stop",
	[SRT_VERB_RESET] = "reset",
	[SRT_VERB_RESUME] = "resume",
};

/* The rows of SRT_CONFIG_KEYS (config.h), laid out. */
#define SRT_KEY_PLAIN		.names = NULL
#define SRT_KEY_NAMES(table)						\
	.names = table, .nr_names = ARRAY_SIZE(table)
#define SRT_KEY_HOOKS(parse_fn, format_fn)				\
	.parse = parse_fn, .format = format_fn
#define SRT_FIELD_IN(field, outer)					\
	(offsetof(struct srt_config, field) >=				\
	 offsetof(struct srt_config, outer) &&				\
	 offsetof(struct srt_config, field) <				\
	 offsetof(struct srt_config, outer) + sizeof_field(struct srt_config, outer))
#define SRT_KEY_ROW(id, key, field, kind_, unit_, def_, min_, max_, flags_,	\
		    how, doc_)						\
	[SRT_KEY_##id] = {						\
		.name = key,						\
		.offset = offsetof(struct srt_config, field),		\
		.size = sizeof_field(struct srt_config, field),	\
		.kind = SRT_KT_##kind_,					\
		.unit = SRT_KU_##unit_,					\
		.def = def_,						\
		.min = min_,						\
		.max = max_,						\
		.flags = flags_,					\
		.live = SRT_FIELD_IN(field, live),			\
		how,							\
		.doc = doc_,						\
	},
const struct srt_key_row srt_keys[SRT_NR_KEYS] = {
	SRT_CONFIG_KEYS(SRT_KEY_ROW)
};

/* What a written number of @unit counts, in the field's ns. */
static u64 srt_key_scale(const struct srt_key_row *k)
{
	switch (k->unit) {
	case SRT_KU_US:
		return NSEC_PER_USEC;
	case SRT_KU_MS:
		return NSEC_PER_MSEC;
	default:
		return 1;
	}
}

static void *srt_key_field(struct srt_config *c, const struct srt_key_row *k)
{
	return (u8 *)c + k->offset;
}

static const void *srt_key_cfield(const struct srt_config *c,
				  const struct srt_key_row *k)
{
	return (const u8 *)c + k->offset;
}

/* A number key's field, as the u64 it holds (INT: -1 reads as U64_MAX). */
static u64 srt_key_get(const struct srt_config *c, const struct srt_key_row *k)
{
	const void *f = srt_key_cfield(c, k);

	switch (k->size) {
	case sizeof(u64):
		return *(const u64 *)f;
	case sizeof(u32):
		return k->kind == SRT_KT_INT ? (u64)(s64)*(const int *)f :
		       *(const u32 *)f;
	default:
		return *(const bool *)f;
	}
}

static void srt_key_set(struct srt_config *c, const struct srt_key_row *k,
			u64 v)
{
	void *f = srt_key_field(c, k);

	switch (k->size) {
	case sizeof(u64):
		*(u64 *)f = v;
		break;
	case sizeof(u32):
		if (k->kind == SRT_KT_INT)
			*(int *)f = (int)v;
		else
			*(u32 *)f = v;
		break;
	default:
		*(bool *)f = v;
		break;
	}
}

bool srt_key_is_live(enum srt_key key)
{
	return srt_keys[key].live;
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

/* @s is one of SHIELDRT_RESERVED_NAMES (the UAPI header says why). */
bool srt_name_reserved(const char *s)
{
	const char *p = SHIELDRT_RESERVED_NAMES;
	size_t n = strlen(s), len;

	for (p += strspn(p, " "); *p; p += strspn(p, " ")) {
		len = strcspn(p, " ");
		if (len == n && !strncmp(p, s, n))
			return true;
		p += len;
	}
	return false;
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

/*
 * flight_signals: "N" keeps the first N inputs and the first N outputs
 * (as many as the loop has, N <= SHIELDRT_MAX_SIGNALS), "all" every one,
 * and a comma list names them (a chain's signal names, or inK/outK), in
 * the order the records keep them.  Only the shape is checked here: the
 * names are looked up in the chain when the loop starts.
 */
int srt_flight_signals_parse(struct srt_config *c, const char *val,
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

int srt_flight_signals_format(const struct srt_config *c, char *buf,
			      size_t len)
{
	return snprintf(buf, len, "%s", c->flight_signals);
}

/* "F" or "F-L", inclusive, both below SRT_MAX_SIGNALS. */
static int srt_parse_range(const char *what, const char *s, u32 *first,
			   u32 *n, char *err, size_t errlen)
{
	char buf[8], q[SRT_QUOTE_LEN];
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
	snprintf(err, errlen, "io: %s=%s is not F or F-L", what,
		 srt_quote_str(q, sizeof(q), s));
	return -EINVAL;
}

/* One binding: NAME[:in=F[-L]][:out=F[-L]][:trigger] */
static int srt_io_spec_one(struct srt_io_spec *sp, char *text, char *err,
			   size_t errlen)
{
	char *name = strsep(&text, ":"), *opt;
	char q[SRT_QUOTE_LEN];
	int ret;

	if (!srt_name_valid(name)) {
		snprintf(err, errlen,
			 "io: provider %s is not 1..%d of [A-Za-z0-9_-]",
			 srt_quote_str(q, sizeof(q), name), SHIELDRT_NAME_MAX);
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
				 "io: %s for %s is not in=F-L, out=F-L or trigger (each once)",
				 srt_quote_str(q, sizeof(q), opt), sp->name);
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

int srt_io_spec_format(const struct srt_config *c, char *buf, size_t len)
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

static int srt_match(const char * const *tab, int n, const char *s);

static int srt_key_find(const char *name)
{
	int key;

	for (key = 0; key < SRT_NR_KEYS; key++)
		if (!strcmp(srt_keys[key].name, name))
			return key;
	return -1;
}

/* A number: decimal, scaled to the field's ns, within the field's width. */
static int srt_key_parse_number(struct srt_config *c,
				const struct srt_key_row *k, const char *val,
				char *err, size_t errlen)
{
	u64 v, scale = srt_key_scale(k);
	u64 most = k->kind == SRT_KT_U64 ? U64_MAX :
		   k->kind == SRT_KT_U32 ? U32_MAX : INT_MAX;
	char q[SRT_QUOTE_LEN];

	if (kstrtou64(val, 10, &v)) {
		snprintf(err, errlen, "%s: expected a decimal number, got %s",
			 k->name, srt_quote_str(q, sizeof(q), val));
		return -EINVAL;
	}
	/* div64_u64(): a u64 division is a libgcc call on 32-bit ARM */
	if (v > div64_u64(most, scale)) {
		snprintf(err, errlen, "%s=%s out of range", k->name, val);
		return -EINVAL;
	}
	srt_key_set(c, k, v * scale);
	return 0;
}

/* One key=value: the row's kind says how; nothing is range-checked yet. */
static int srt_key_parse(struct srt_config *c, const struct srt_key_row *k,
			 const char *val, char *err, size_t errlen)
{
	char q[SRT_QUOTE_LEN];
	int i;

	switch (k->kind) {
	case SRT_KT_U32:
	case SRT_KT_U64:
	case SRT_KT_INT:
		return srt_key_parse_number(c, k, val, err, errlen);
	case SRT_KT_BOOL:
		if (strcmp(val, "0") && strcmp(val, "1")) {
			snprintf(err, errlen, "%s: expected 0 or 1, got %s",
				 k->name, srt_quote_str(q, sizeof(q), val));
			return -EINVAL;
		}
		srt_key_set(c, k, val[0] == '1');
		return 0;
	case SRT_KT_ENUM:
		i = srt_match(k->names, k->nr_names, val);
		if (i < 0) {
			snprintf(err, errlen, "%s: unknown value %s", k->name,
				 srt_quote_str(q, sizeof(q), val));
			return -EINVAL;
		}
		srt_key_set(c, k, i);
		return 0;
	case SRT_KT_NAME:
		/* empty: none (lock= alone: the loop's own lock) */
		if ((*val || (k->flags & SRT_KF_REQUIRED)) &&
		    !srt_name_valid(val)) {
			snprintf(err, errlen,
				 "%s: %s is not 1..%d of [A-Za-z0-9_-]",
				 k->name, srt_quote_str(q, sizeof(q), val),
				 SHIELDRT_NAME_MAX);
			return -EINVAL;
		}
		strscpy(srt_key_field(c, k), val, k->size);
		return 0;
	case SRT_KT_HOOK:
		return k->parse(c, val, err, errlen);
	}
	snprintf(err, errlen, "internal: key %s has no parser", k->name);
	return -EINVAL;
}

/*
 * Every key's default, as its row writes it, parsed as a line's would
 * be; a required key has none (a number: -1 until given).
 */
void srt_config_defaults(struct srt_config *cfg)
{
	char err[SRT_ERR_LEN];
	int key;

	memset(cfg, 0, sizeof(*cfg));
	for (key = 0; key < SRT_NR_KEYS; key++) {
		const struct srt_key_row *k = &srt_keys[key];

		if (k->kind == SRT_KT_INT && !k->def)
			srt_key_set(cfg, k, -1);
		else if (k->def)
			WARN_ON_ONCE(srt_key_parse(cfg, k, k->def, err,
						   sizeof(err)));
	}
}

/*
 * Parse "key=value" tokens separated by blanks into @cfg, which the caller
 * has prepared (defaults or a copy of the current config).  @seen gets one
 * bit per key given.  @line is modified.
 */
int srt_config_parse(struct srt_config *cfg, char *line, u32 *seen,
		     char *err, size_t errlen)
{
	char *tok, *val, q[SRT_QUOTE_LEN];
	int key, ret;

	*seen = 0;
	while ((tok = strsep(&line, " \t\n")) != NULL) {
		if (!*tok)
			continue;
		val = strchr(tok, '=');
		if (!val || val == tok) {
			snprintf(err, errlen, "%s is not key=value",
				 srt_quote_str(q, sizeof(q), tok));
			return -EINVAL;
		}
		*val++ = '\0';
		key = srt_key_find(tok);
		if (key < 0) {
			snprintf(err, errlen, "unknown key %s",
				 srt_quote_str(q, sizeof(q), tok));
			return -EINVAL;
		}
		if (*seen & BIT(key)) {
			snprintf(err, errlen, "key %s given twice",
				 srt_quote_str(q, sizeof(q), tok));
			return -EINVAL;
		}
		*seen |= BIT(key);
		ret = srt_key_parse(cfg, &srt_keys[key], val, err, errlen);
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
	return 0;
}

/* A bound for a message: in seconds when whole ones, else as written. */
static void srt_key_bound(const struct srt_key_row *k, u64 v, char *buf,
			  size_t len)
{
	u64 ns = v * srt_key_scale(k), s;
	u32 rem;

	s = div_u64_rem(ns, NSEC_PER_SEC, &rem);
	if (k->unit != SRT_KU_NONE && ns && !rem)
		snprintf(buf, len, "%llu s", s);
	else
		snprintf(buf, len, "%llu", v);
}

int srt_config_check_key(const struct srt_config *c, enum srt_key key,
			 char *err, size_t errlen)
{
	const struct srt_key_row *k = &srt_keys[key];
	u64 scale = srt_key_scale(k), v, units;
	char bound[24];

	if (k->flags & SRT_KF_REQUIRED) {
		const char *text = srt_key_cfield(c, k);

		if ((k->kind == SRT_KT_INT && *(const int *)text < 0) ||
		    (k->kind == SRT_KT_NAME && !text[0])) {
			snprintf(err, errlen, "%s is required", k->name);
			return -EINVAL;
		}
	}
	if (k->kind != SRT_KT_U32 && k->kind != SRT_KT_U64)
		return 0;
	v = srt_key_get(c, k);
	units = div64_u64(v, scale);	/* the value in the key's own unit */
	if (k->min && k->max &&
	    (v < k->min * scale || v > k->max * scale)) {
		snprintf(err, errlen, "%s=%llu out of range (%llu..%llu)",
			 k->name, units, k->min, k->max);
		return -EINVAL;
	}
	if (k->max && v > k->max * scale) {
		srt_key_bound(k, k->max, bound, sizeof(bound));
		snprintf(err, errlen, "%s above %s", k->name, bound);
		return -EINVAL;
	}
	if (v < k->min * scale) {
		srt_key_bound(k, k->min, bound, sizeof(bound));
		snprintf(err, errlen, "%s below %s", k->name, bound);
		return -EINVAL;
	}
	if ((k->flags & SRT_KF_POW2) && !is_power_of_2(units)) {
		snprintf(err, errlen, "%s=%llu is not a power of two",
			 k->name, units);
		return -EINVAL;
	}
	return 0;
}

/*
 * Every key's own checks (its row: given if required, within its
 * range), then what keys ask of each other; nothing of the machine.
 */
int srt_config_validate(const struct srt_config *c, char *err, size_t errlen)
{
	const struct srt_live *l = &c->live;
	int key, ret;

	for (key = 0; key < SRT_NR_KEYS; key++) {
		ret = srt_config_check_key(c, key, err, errlen);
		if (ret)
			return ret;
	}
	if (srt_name_reserved(c->name)) {
		snprintf(err, errlen,
			 "name '%s' is one the module keeps for its own debugfs files (SHIELDRT_RESERVED_NAMES)",
			 c->name);
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
	if (l->yield_ns && l->yield_ns >= l->yield_every_ns) {
		snprintf(err, errlen,
			 "yield_us needs yield_every_ms longer than it");
		return -EINVAL;
	}
	if (c->flight_cycles && c->flight_post >= c->flight_cycles) {
		snprintf(err, errlen,
			 "flight_post=%u must be below flight_cycles=%u",
			 c->flight_post, c->flight_cycles);
		return -EINVAL;
	}
	return srt_config_validate_section(c, err, errlen);
}

int srt_config_format_key(const struct srt_config *c, enum srt_key key,
			  char *buf, size_t len)
{
	const struct srt_key_row *k = &srt_keys[key];
	u64 v;

	switch (k->kind) {
	case SRT_KT_U32:
	case SRT_KT_U64:
		return snprintf(buf, len, "%llu",
				div64_u64(srt_key_get(c, k), srt_key_scale(k)));
	case SRT_KT_INT:
		return snprintf(buf, len, "%d",
				*(const int *)srt_key_cfield(c, k));
	case SRT_KT_BOOL:
		return snprintf(buf, len, "%d", (int)srt_key_get(c, k));
	case SRT_KT_ENUM:
		v = srt_key_get(c, k);
		return snprintf(buf, len, "%s",
				v < k->nr_names ? k->names[v] : "?");
	case SRT_KT_NAME:
		return snprintf(buf, len, "%s",
				(const char *)srt_key_cfield(c, k));
	case SRT_KT_HOOK:
		return k->format(c, buf, len);
	}
	return snprintf(buf, len, "?");
}

/*
 * Split a control line into its verb and arguments.  Every verb but
 * "create" takes exactly one loop name, checked here.
 */
int srt_control_split(char *line, enum srt_verb *verb, char **args,
		      char *err, size_t errlen)
{
	char *word, *rest, q[SRT_QUOTE_LEN];
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
		snprintf(err, errlen, "unknown command %s",
			 srt_quote_str(q, sizeof(q), word));
		return -EINVAL;
	}
	rest = rest ? strim(rest) : word + strlen(word);
	*verb = v;
	*args = rest;
	if (v == SRT_VERB_CREATE)
		return 0;
	if (!srt_name_valid(rest)) {
		snprintf(err, errlen, "%s: expected one loop name, got %s",
			 word, srt_quote_str(q, sizeof(q), rest));
		return -EINVAL;
	}
	return 0;
}
