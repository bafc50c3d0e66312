// SPDX-License-Identifier: GPL-2.0
/*
 * The loop configuration's line parser (kmod/lib/config.c): the text of
 * a create line, a "loop set" or a control-file write.  Properties: the
 * reason is always a string of printable ASCII within its buffer (a
 * user's bytes in it quoted); a line that parses prints back
 * (srt_config_format_key) to a line that parses to the same
 * configuration; a configuration that validates is inside the documented
 * ranges; the control line splitter returns a known verb and, for every
 * verb but create, one valid loop name.
 */
#include "config.h"
#include "shieldrt_cycle.h"
#include "fuzz.h"

/* A key's value as text: flight_signals, the longest, takes up to 1023 */
#define KEY_TEXT	SRT_FLIGHT_SPEC_LEN

/* Every key of @c as "key=value ...", in the order config prints them. */
static void format_all(const struct srt_config *c, u32 keys, char *buf,
		       size_t len)
{
	char val[KEY_TEXT];
	size_t n = 0;
	int k, w;

	buf[0] = '\0';
	for (k = 0; k < SRT_NR_KEYS; k++) {
		if (!(keys & BIT(k)))
			continue;
		w = srt_config_format_key(c, k, val, sizeof(val));
		fuzz_check(w >= 0 && (size_t)w < sizeof(val),
			   "key %s formats to %d bytes", srt_keys[k].name, w);
		w = snprintf(buf + n, len - n, "%s%s=%s", n ? " " : "",
			     srt_keys[k].name, val);
		fuzz_check(w > 0 && (size_t)w < len - n, "line too long");
		n += w;
	}
}

static void check_err(const char *err, size_t len)
{
	fuzz_check(fuzz_reason_ok(err, len),
		   "reason not terminated or not printable: '%.*s'", (int)len, err);
}

/* Print, parse again: the same configuration, key for key. */
static void check_round_trip(const struct srt_config *c, u32 seen)
{
	static char line[SRT_NR_KEYS * (KEY_TEXT + 32)];
	static char a[sizeof(line)], b[sizeof(line)];
	char err[SRT_ERR_LEN] = "";
	struct srt_config again;
	u32 seen2;
	int ret;

	format_all(c, seen, line, sizeof(line));
	srt_config_defaults(&again);
	ret = srt_config_parse(&again, line, &seen2, err, sizeof(err));
	fuzz_check(!ret && seen2 == seen, "'%s' does not parse back: %s",
		   line, err);
	format_all(c, ~0U >> (32 - SRT_NR_KEYS), a, sizeof(a));
	format_all(&again, ~0U >> (32 - SRT_NR_KEYS), b, sizeof(b));
	fuzz_check(!strcmp(a, b), "parsed back differently:\n%s\n%s", a, b);
}

/* What srt_config_validate() promises of a configuration it accepts. */
static void check_valid(const struct srt_config *c)
{
	const struct srt_io_spec *t = srt_config_trigger(c);
	u32 i;

	fuzz_check(c->name[0] && srt_name_valid(c->name) && c->cpu >= 0 &&
		   c->prio >= 1 && c->prio <= 99 &&
		   c->period_ns >= SRT_PERIOD_MIN_NS &&
		   c->period_ns <= SRT_PERIOD_MAX_NS &&
		   c->phase_ns < c->period_ns &&
		   c->slack_max_ns < c->period_ns &&
		   c->hist_buckets >= 1 &&
		   c->hist_buckets <= SRT_HIST_MAX_BUCKETS &&
		   c->flight_cycles <= SRT_FLIGHT_MAX_CYCLES &&
		   (!c->flight_cycles || c->flight_post < c->flight_cycles) &&
		   c->mode < SRT_NR_WAIT_MODES &&
		   c->section < SRT_NR_SECTIONS &&
		   c->live.policy < SRT_NR_POLICIES,
		   "validated configuration out of range");
	fuzz_check((c->mode == SHIELDRT_MODE_EXTERNAL) == !!t,
		   "external mode without a trigger, or the other way");
	fuzz_check(c->n_io <= SRT_IO_MAX_BINDINGS, "%u bindings", c->n_io);
	for (i = 0; i < c->n_io; i++)
		fuzz_check((c->io[i].n_in || c->io[i].n_out) &&
			   c->io[i].in_first + c->io[i].n_in <= SRT_MAX_SIGNALS &&
			   c->io[i].out_first + c->io[i].n_out <=
			   SRT_MAX_SIGNALS && srt_name_valid(c->io[i].name),
			   "binding %u out of range", i);
}

static void fuzz_line(const uint8_t *data, size_t size)
{
	char err[SRT_ERR_LEN] = "";
	struct srt_config c;
	char *line = fuzz_text(data, size);
	u32 seen = 0;
	int ret;

	srt_config_defaults(&c);
	ret = srt_config_parse(&c, line, &seen, err, sizeof(err));
	check_err(err, sizeof(err));
	fuzz_check(ret == 0 || ret == -EINVAL, "returned %d", ret);
	if (!ret) {
		fuzz_check(seen && !(seen >> SRT_NR_KEYS), "seen %#x", seen);
		check_round_trip(&c, seen);
		if (!srt_config_validate(&c, err, sizeof(err)))
			check_valid(&c);
		check_err(err, sizeof(err));
	}
	free(line);
}

static void fuzz_control(const uint8_t *data, size_t size)
{
	char err[SRT_ERR_LEN] = "";
	char *line = fuzz_text(data, size), *args = NULL;
	enum srt_verb verb;
	int ret;

	ret = srt_control_split(line, &verb, &args, err, sizeof(err));
	check_err(err, sizeof(err));
	if (!ret) {
		fuzz_check(verb < SRT_NR_VERBS, "verb %d", verb);
		fuzz_check(args >= line && args <= line + size,
			   "arguments outside the line");
		fuzz_check(verb == SRT_VERB_CREATE || srt_name_valid(args),
			   "'%s' is not one loop name", args);
	}
	free(line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_line(data, size);
	fuzz_control(data, size);
	return 0;
}
