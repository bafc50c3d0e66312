// SPDX-License-Identifier: GPL-2.0
/*
 * userctl flight -l LOOP: dump a loop's flight recorder, the cycles
 * around its last trigger (overrun, safe state, manual), frozen by the
 * module until someone re-arms it.  The module prints signals as f64 bit
 * patterns (no floats in the kernel); this turns them into numbers, marks
 * the trigger cycle, and checks the window's cycle numbers.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../include/shieldrt_f64.h"
#include "../include/uapi/shieldrt.h"
#include "debugfs.h"
#include "json.h"
#include "sysfile.h"
#include "userctl.h"

#define FR_SIGNALS	SHIELDRT_FLIGHT_SIGNALS
#define FR_COLS		(11 + 2 * FR_SIGNALS)

struct fr_rec {
	unsigned long long v[11];	/* cycle .. safe_why, as printed */
	double sig[2 * FR_SIGNALS];	/* in0..in7, out0..out7 */
};

struct fr_dump {
	char *header;			/* "key=value ..." after "# flight" */
	struct fr_rec *rec;
	size_t n;
};

static const char * const fr_cols[11] = {
	"cycle", "deadline_ns", "wake_ns", "irq_latency_ns",
	"thread_latency_ns", "compute_ns", "end_ns", "missed", "flags",
	"note", "safe_why",
};

/* include/shieldrt_cycle.h enum srt_cycle_flags, in bit order */
static const char * const fr_flag_names[] = {
	"overrun", "budget", "safe", "catchup", "noise", "clock",
};

/* kmod/loop.h enum srt_safe_reason */
static const char * const fr_safe_names[] = {
	"overrun", "resume", "nonfinite", "limit", "heartbeat", "manual",
};

static void flight_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl flight -l LOOP [options]\n"
		"\n"
		"Print the loop's flight recorder: the cycles around its last\n"
		"trigger once frozen, else its state.  Signals are the first %d\n"
		"inputs and outputs; '*' marks the trigger cycle.\n"
		"\n"
		"  -l, --loop NAME        the loop\n"
		"  -j, --json             the window as JSON\n"
		"  -t, --trigger          trigger it now (manual), before the dump\n"
		"  -w, --wait S           wait up to S seconds for the window to freeze\n"
		"  -T, --triggers LIST    automatic triggers: overrun,safe or none\n"
		"  -r, --rearm            after the dump, record afresh\n"
		"  -h, --help             this text\n", FR_SIGNALS);
}

/* The shortest %g text that reads back as @d. */
static void fr_fmt(char *buf, size_t len, double d)
{
	int p;

	for (p = 1; p < 17; p++) {
		snprintf(buf, len, "%.*g", p, d);
		if (strtod(buf, NULL) == d)
			return;
	}
	snprintf(buf, len, "%.17g", d);
}

static void fr_parse_row(struct fr_rec *r, char *line, size_t lineno)
{
	char *tok, *save, *end;
	int col = 0;

	for (tok = strtok_r(line, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save), col++) {
		if (col >= FR_COLS)
			fatal("flight: line %zu has more than %d columns",
			      lineno, FR_COLS);
		errno = 0;
		if (col < 11) {
			r->v[col] = strtoull(tok, &end, 0);
			if (col == 3 || col == 4)	/* signed latencies */
				r->v[col] = (unsigned long long)strtoll(tok,
									&end, 0);
		} else {
			r->sig[col - 11] =
				srt_from_bits(strtoull(tok, &end, 16));
		}
		if (errno || *end)
			fatal("flight: line %zu, column %d: '%s' is not a number",
			      lineno, col + 1, tok);
	}
	if (col != FR_COLS)
		fatal("flight: line %zu has %d columns, not %d", lineno, col,
		      FR_COLS);
}

static void fr_read(const char *loop, struct fr_dump *d)
{
	char *path = srt_path(loop, "flight"), *text, *line, *save;
	size_t lineno = 0, cap = 0;
	int err;

	err = file_read(path, &text, NULL);
	if (err)
		fatal("%s: %s", syspath(path), strerror(-err));
	memset(d, 0, sizeof(*d));
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (!strncmp(line, "# flight ", 9)) {
			d->header = xstrdup(line + 9);
			continue;
		}
		if (!strncmp(line, "# rearmed", 9))
			fatal("flight: the recorder was re-armed while being read");
		if (*line == '#')
			continue;
		if (d->n == cap) {
			cap = cap ? 2 * cap : 1024;
			d->rec = xrealloc(d->rec, cap * sizeof(*d->rec));
		}
		fr_parse_row(&d->rec[d->n++], line, lineno);
	}
	if (!d->header)
		fatal("%s: no '# flight' header line", syspath(path));
	free(text);
	free(path);
}

/* The value of "key=" in the header, or NULL. */
static const char *fr_get(const struct fr_dump *d, const char *key,
			  char *buf, size_t len)
{
	size_t klen = strlen(key);
	const char *p = d->header;

	while (p && *p) {
		if (!strncmp(p, key, klen) && p[klen] == '=') {
			p += klen + 1;
			snprintf(buf, len, "%.*s", (int)strcspn(p, " "), p);
			return buf;
		}
		p = strchr(p, ' ');
		p = p ? p + 1 : NULL;
	}
	return NULL;
}

static bool fr_frozen(const struct fr_dump *d)
{
	char v[32];

	return fr_get(d, "state", v, sizeof(v)) && !strcmp(v, "frozen");
}

static void fr_free(struct fr_dump *d)
{
	free(d->header);
	free(d->rec);
}

/* Cycle numbers that do not follow the one before (skipped periods). */
static size_t fr_gaps(const struct fr_dump *d)
{
	size_t i, gaps = 0;

	for (i = 1; i < d->n; i++)
		gaps += d->rec[i].v[0] != d->rec[i - 1].v[0] + 1;
	return gaps;
}

static void fr_flags_text(char *buf, size_t len, unsigned long long f)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(fr_flag_names); i++)
		if (f & (1ULL << i))
			n += snprintf(buf + n, len - n, "%s%s", n ? "|" : "",
				      fr_flag_names[i]);
	if (!n)
		snprintf(buf, len, "-");
}

static const char *fr_safe_name(unsigned long long why)
{
	return why < ARRAY_SIZE(fr_safe_names) ? fr_safe_names[why] : "?";
}

static void fr_print_text(const char *loop, const struct fr_dump *d)
{
	unsigned long long trig = 0;
	char v[48], flags[64];
	size_t i, k;

	if (!fr_frozen(d)) {
		printf("loop %s: flight recorder %s\n", loop, d->header);
		return;
	}
	if (fr_get(d, "trigger_cycle", v, sizeof(v)))
		trig = strtoull(v, NULL, 10);
	printf("# loop %s: %s\n", loop, d->header);
	printf("# %zu records, %zu gaps in the cycle numbers; times in ns, signals as numbers\n",
	       d->n, fr_gaps(d));
	printf("  %10s %10s %10s %10s %10s %7s %-16s %-5s", "cycle",
	       "irq_lat", "thr_lat", "compute", "end-dl", "missed", "flags",
	       "note");
	for (k = 0; k < FR_SIGNALS; k++)
		printf(" %10s%zu", "in", k);
	for (k = 0; k < FR_SIGNALS; k++)
		printf(" %10s%zu", "out", k);
	putchar('\n');
	for (i = 0; i < d->n; i++) {
		const struct fr_rec *r = &d->rec[i];

		fr_flags_text(flags, sizeof(flags), r->v[8]);
		printf("%c %10llu %10lld %10lld %10llu %10lld %7llu %-16s %-5s",
		       r->v[0] == trig ? '*' : ' ', r->v[0],
		       (long long)r->v[3], (long long)r->v[4], r->v[5],
		       (long long)(r->v[6] - r->v[1]), r->v[7], flags,
		       r->v[9] & 2 ? fr_safe_name(r->v[10]) :
		       r->v[9] & 1 ? "held" : "-");
		for (k = 0; k < 2 * FR_SIGNALS; k++) {
			fr_fmt(v, sizeof(v), r->sig[k]);
			printf(" %11s", v);
		}
		putchar('\n');
	}
}

static void fr_json_number(struct json *j, double x)
{
	char v[48];

	if (x != x || x - x != 0) {	/* NaN or +-inf: not JSON numbers */
		json_str(j, x != x ? "nan" : x > 0 ? "inf" : "-inf");
		return;
	}
	fr_fmt(v, sizeof(v), x);
	json_raw(j, v);
}

static void fr_json_header(struct json *j, const struct fr_dump *d)
{
	char *copy = xstrdup(d->header), *tok, *save, *eq, *end;

	for (tok = strtok_r(copy, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		eq = strchr(tok, '=');
		if (!eq || !strcmp(tok, "loop") || !strncmp(tok, "loop=", 5))
			continue;
		*eq++ = '\0';
		strtoull(eq, &end, 10);
		json_key(j, tok);
		if (*eq && !*end)
			json_raw(j, eq);
		else
			json_str(j, eq);
	}
	free(copy);
}

static void fr_print_json(const char *loop, const struct fr_dump *d)
{
	char flags[64];
	struct json j;
	size_t i, k;

	json_init(&j, stdout);
	json_obj_begin(&j);
	json_kv_str(&j, "loop", loop);
	fr_json_header(&j, d);
	if (fr_frozen(d)) {
		json_kv_int(&j, "gaps", fr_gaps(d));
		json_key(&j, "cycles");
		json_arr_begin(&j);
		for (i = 0; i < d->n; i++) {
			const struct fr_rec *r = &d->rec[i];

			json_obj_begin(&j);
			for (k = 0; k < 8; k++)
				json_kv_int(&j, fr_cols[k], (long long)r->v[k]);
			fr_flags_text(flags, sizeof(flags), r->v[8]);
			json_kv_str(&j, "flags", flags);
			json_kv_bool(&j, "held", r->v[9] & 1);
			json_kv_str(&j, "trip", r->v[9] & 2 ?
				    fr_safe_name(r->v[10]) : "");
			json_key(&j, "in");
			json_arr_begin(&j);
			for (k = 0; k < FR_SIGNALS; k++)
				fr_json_number(&j, r->sig[k]);
			json_arr_end(&j);
			json_key(&j, "out");
			json_arr_begin(&j);
			for (k = 0; k < FR_SIGNALS; k++)
				fr_json_number(&j, r->sig[FR_SIGNALS + k]);
			json_arr_end(&j);
			json_obj_end(&j);
		}
		json_arr_end(&j);
	}
	json_obj_end(&j);
	putchar('\n');
}

/* Write one command to the loop's flight file; fatal with the reason. */
static void fr_command(const char *loop, const char *cmd)
{
	char *path = srt_path(loop, "flight"), *epath, *reason;
	int err;

	err = file_write_str(path, cmd);
	if (err) {
		epath = srt_path(loop, "last_error");
		reason = file_read_line(epath);
		fatal("flight '%s': %s", cmd,
		      reason && *reason ? reason : strerror(-err));
	}
	free(path);
}

static void fr_wait_frozen(const char *loop, double secs)
{
	struct timespec t0, t, nap = { 0, 50 * 1000 * 1000 };
	struct fr_dump d;
	bool frozen;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		fr_read(loop, &d);
		frozen = fr_frozen(&d);
		fr_free(&d);
		if (frozen)
			return;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if (t.tv_sec - t0.tv_sec + (t.tv_nsec - t0.tv_nsec) / 1e9 > secs)
			fatal("flight: not frozen after %g s", secs);
		nanosleep(&nap, NULL);
	}
}

int cmd_flight(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "loop",	required_argument,	NULL, 'l' },
		{ "json",	no_argument,		NULL, 'j' },
		{ "trigger",	no_argument,		NULL, 't' },
		{ "wait",	required_argument,	NULL, 'w' },
		{ "triggers",	required_argument,	NULL, 'T' },
		{ "rearm",	no_argument,		NULL, 'r' },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	bool json = false, trigger = false, rearm = false;
	const char *loop = NULL, *triggers = NULL;
	double wait = 0;
	struct fr_dump d;
	char *dir, *end, *cmd;
	int c;

	while ((c = getopt_long(argc, argv, "l:jtw:T:rh", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			loop = optarg;
			break;
		case 'j':
			json = true;
			break;
		case 't':
			trigger = true;
			break;
		case 'w':
			wait = strtod(optarg, &end);
			if (*end || !(wait > 0) || wait > 3600)
				usage_error("--wait: '%s' is not 0 < S <= 3600",
					    optarg);
			break;
		case 'T':
			triggers = optarg;
			break;
		case 'r':
			rearm = true;
			break;
		case 'h':
			flight_usage(stdout);
			return 0;
		default:
			flight_usage(stderr);
			return 2;
		}
	}
	no_more_args("flight", argc, argv, optind);
	if (!loop)
		usage_error("flight: -l LOOP is required");
	srt_check_name(loop);
	srt_require();
	dir = srt_path(loop, NULL);
	if (!file_exists(dir))
		fatal("no such loop '%s'", loop);
	free(dir);
	if (triggers) {
		cmd = xasprintf("triggers=%s", triggers);
		fr_command(loop, cmd);
		free(cmd);
	}
	if (trigger)
		fr_command(loop, "trigger");
	if (wait > 0)
		fr_wait_frozen(loop, wait);
	fr_read(loop, &d);
	if (json)
		fr_print_json(loop, &d);
	else
		fr_print_text(loop, &d);
	fflush(stdout);
	if (rearm && fr_frozen(&d))
		fr_command(loop, "rearm");
	fr_free(&d);
	return 0;
}
