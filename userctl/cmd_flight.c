// SPDX-License-Identifier: GPL-2.0
/*
 * userctl flight -l LOOP: dump a loop's flight recorder, the cycles
 * around its last trigger (overrun, safe state, manual), frozen by the
 * module until someone re-arms it.  SHIELDRT_IOC_FLIGHT gives the state
 * and the window in one snapshot, signals as f64 bit patterns (no floats
 * in the kernel); this turns them into numbers, marks the trigger cycle,
 * and checks the window's cycle numbers.  SHIELDRT_IOC_FLIGHT_CTL
 * triggers, re-arms and chooses the automatic triggers.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../include/shieldrt_f64.h"
#include "ctl.h"
#include "debugfs.h"
#include "json.h"
#include "userctl.h"

struct fr_dump {
	const char *loop;
	struct shieldrt_flight_req f;
	unsigned char *recs;	/* f.nr_recs, f.rec_size apart */
	bool never_started;	/* the ring is allocated at the first start */
	/* each value's signal: the chain's name, or inK/outK */
	char names[SHIELDRT_FLIGHT_MAX_SEL][40];
};

static const struct shieldrt_flight_vrec *fr_rec(const struct fr_dump *d,
						  size_t i)
{
	return (const void *)(d->recs + i * d->f.rec_size);
}

/* include/shieldrt_cycle.h enum srt_cycle_flags, in bit order */
static const char * const fr_flag_names[] = {
	"overrun", "budget", "safe", "catchup", "noise", "clock",
};

/* The triggers --triggers may name; manual is always on. */
static const __u32 fr_auto[] = { SHIELDRT_FLTRIG_OVERRUN,
				 SHIELDRT_FLTRIG_SAFE };

static void flight_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl flight -l LOOP [options]\n"
		"\n"
		"Print the loop's flight recorder: the cycles around its last\n"
		"trigger once frozen, else its state.  Signals are those the loop\n"
		"keeps (create ... flight_signals=N|all|NAME,...; default the first\n"
		"8 inputs and outputs), named as the chain names them; '*' marks the\n"
		"trigger cycle.  Triggering, re-arming and --triggers need\n"
		"CAP_SYS_ADMIN.\n"
		"\n"
		"  -l, --loop NAME        the loop\n"
		"  -j, --json             the window as JSON\n"
		"  -t, --trigger          trigger it now (manual), before the dump\n"
		"  -w, --wait S           wait up to S seconds for the window to freeze\n"
		"  -T, --triggers LIST    automatic triggers: overrun,safe or none\n"
		"  -r, --rearm            after the dump, record afresh (a window\n"
		"                         not frozen is left as it is, with a warning)\n"
		"  -h, --help             this text\n");
}

/* "overrun,safe" or "none" as a mask of (1 << SHIELDRT_FLTRIG_*). */
static __u64 fr_parse_triggers(const char *list)
{
	char *copy = xstrdup(list), *name, *save;
	__u64 mask = 0;
	size_t i;

	if (!strcmp(list, "none")) {
		free(copy);
		return 0;
	}
	for (name = strtok_r(copy, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < ARRAY_SIZE(fr_auto); i++)
			if (!strcmp(name, ctl_fltrig_name(fr_auto[i])))
				break;
		if (i == ARRAY_SIZE(fr_auto))
			usage_error("--triggers: '%s' is not overrun or safe (or the list 'none'; manual is always on)",
				    name);
		mask |= 1ULL << fr_auto[i];
	}
	free(copy);
	if (!mask)
		usage_error("--triggers: give overrun, safe or none");
	return mask;
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

/*
 * The names of the chain's inputs and outputs, from the "input" and
 * "output" lines of its description; inK/outK where there is none.
 */
static void fr_names(struct fr_dump *d)
{
	char *text = NULL, *line, *save, *tok, *tsave;
	char chain[2][SHIELDRT_MAX_SIGNALS][40];
	unsigned int n[2] = { 0, 0 }, k, out, idx;

	memset(chain, 0, sizeof(chain));
	if (!ctl_view_try(d->loop, "blocks", &text)) {
		for (line = strtok_r(text, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			tok = strtok_r(line, " \t", &tsave);
			if (!tok || (strcmp(tok, "input") && strcmp(tok, "output")))
				continue;
			out = tok[0] == 'o';
			while ((tok = strtok_r(NULL, " \t", &tsave)) &&
			       tok[0] != '#' && n[out] < SHIELDRT_MAX_SIGNALS)
				snprintf(chain[out][n[out]++], 40, "%s", tok);
		}
	}
	free(text);
	for (k = 0; k < d->f.nsel && k < SHIELDRT_FLIGHT_MAX_SEL; k++) {
		out = !!(d->f.sel[k] & SHIELDRT_SEL_OUT);
		idx = d->f.sel[k] & ~SHIELDRT_SEL_OUT;
		if (idx < n[out])
			snprintf(d->names[k], sizeof(d->names[k]), "%s",
				 chain[out][idx]);
		else
			snprintf(d->names[k], sizeof(d->names[k]), "%s%u",
				 out ? "out" : "in", idx);
	}
}

static void fr_read(const char *loop, struct fr_dump *d)
{
	struct shieldrt_stats_req st;

	d->loop = loop;
	ctl_flight(loop, &d->f, &d->recs);
	fr_names(d);
	d->never_started = false;
	if (d->f.state == SHIELDRT_FLIGHT_ARMED) {
		ctl_stats(loop, &st);
		d->never_started = st.state == SHIELDRT_STATE_CONFIGURED;
	}
}

static bool fr_frozen(const struct fr_dump *d)
{
	return d->f.state == SHIELDRT_FLIGHT_FROZEN;
}

static void fr_free(struct fr_dump *d)
{
	free(d->recs);
	d->recs = NULL;
}

/* The triggers that are on, "overrun,safe,manual" as the module says. */
static void fr_triggers_text(char *buf, size_t len, __u32 on)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(fr_auto); i++)
		if (on & (1U << fr_auto[i]))
			n += snprintf(buf + n, len - n, "%s,",
				      ctl_fltrig_name(fr_auto[i]));
	snprintf(buf + n, len - n, "%s",
		 ctl_fltrig_name(SHIELDRT_FLTRIG_MANUAL));
}

/* The module's "# flight" header line, after "# flight ". */
static void fr_header(char *buf, size_t len, const struct fr_dump *d)
{
	const struct shieldrt_flight_req *f = &d->f;
	char trig[64];

	switch (f->state) {
	case SHIELDRT_FLIGHT_OFF:
		snprintf(buf, len, "loop=%s state=off (flight_cycles=0)",
			 d->loop);
		break;
	case SHIELDRT_FLIGHT_TRIGGERED:
		snprintf(buf, len,
			 "loop=%s state=triggered trigger=%s left=%u size=%u post=%u",
			 d->loop, ctl_fltrig_name(f->trigger), f->left,
			 f->size, f->post);
		break;
	case SHIELDRT_FLIGHT_FROZEN:
		snprintf(buf, len,
			 "loop=%s state=frozen trigger=%s trigger_cycle=%llu records=%u size=%u before=%llu after=%llu lost=%llu ignored_triggers=%u short=%u",
			 d->loop, ctl_fltrig_name(f->trigger),
			 (unsigned long long)f->trigger_cycle, f->nr_recs,
			 f->size, (unsigned long long)f->before,
			 (unsigned long long)f->after,
			 (unsigned long long)f->lost, f->ignored_triggers,
			 f->cut_short);
		break;
	default:
		fr_triggers_text(trig, sizeof(trig), f->triggers);
		snprintf(buf, len, "loop=%s state=%s size=%u post=%u%s triggers=%s",
			 d->loop, ctl_flight_state_name(f->state), f->size,
			 f->post, d->never_started ?
			 " (ring allocated at start)" : "", trig);
	}
	/* what the recorder keeps and costs, as the module's file says it */
	if (f->rec_size && f->state != SHIELDRT_FLIGHT_TRIGGERED &&
	    strlen(buf) + 1 < len)
		snprintf(buf + strlen(buf), len - strlen(buf),
			 " signals=%u record_bytes=%u ring_bytes=%llu", f->nsel,
			 f->rec_size, (unsigned long long)f->rec_size * f->size);
}

/* Cycle numbers that do not follow the one before (skipped periods). */
static size_t fr_gaps(const struct fr_dump *d)
{
	size_t i, gaps = 0;

	for (i = 1; i < d->f.nr_recs; i++)
		gaps += fr_rec(d, i)->cycle != fr_rec(d, i - 1)->cycle + 1;
	return gaps;
}

static void fr_flags_text(char *buf, size_t len, __u32 f)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(fr_flag_names); i++)
		if (f & (1U << i))
			n += snprintf(buf + n, len - n, "%s%s", n ? "|" : "",
				      fr_flag_names[i]);
	if (!n)
		snprintf(buf, len, "-");
}

static void fr_print_text(const struct fr_dump *d)
{
	char hdr[512], v[48], flags[64];
	size_t i, k;

	fr_header(hdr, sizeof(hdr), d);
	if (!fr_frozen(d)) {
		printf("loop %s: flight recorder %s\n", d->loop, hdr);
		return;
	}
	printf("# loop %s: %s\n", d->loop, hdr);
	printf("# %u records, %zu gaps in the cycle numbers; times in ns, signals as numbers\n",
	       d->f.nr_recs, fr_gaps(d));
	printf("  %10s %10s %10s %10s %10s %7s %-16s %-5s", "cycle",
	       "irq_lat", "thr_lat", "compute", "end-dl", "missed", "flags",
	       "note");
	for (k = 0; k < d->f.nsel; k++)
		printf(" %11s", d->names[k]);
	putchar('\n');
	for (i = 0; i < d->f.nr_recs; i++) {
		const struct shieldrt_flight_vrec *r = fr_rec(d, i);

		fr_flags_text(flags, sizeof(flags), r->flags);
		printf("%c %10llu %10lld %10lld %10llu %10lld %7u %-16s %-5s",
		       r->cycle == d->f.trigger_cycle ? '*' : ' ',
		       (unsigned long long)r->cycle,
		       (long long)r->irq_latency_ns,
		       (long long)r->thread_latency_ns,
		       (unsigned long long)r->compute_ns,
		       (long long)(r->end_ns - r->deadline_ns), r->missed,
		       flags, r->note & SHIELDRT_FLIGHT_TRIP ?
		       ctl_safe_name(r->safe_reason) :
		       r->note & SHIELDRT_FLIGHT_HELD ? "held" : "-");
		for (k = 0; k < d->f.nsel; k++) {
			fr_fmt(v, sizeof(v), srt_from_bits(r->value[k]));
			printf(" %11s", v);
		}
		putchar('\n');
	}
}

static void fr_json_number(struct json *j, __u64 bits)
{
	double x = srt_from_bits(bits);
	char v[48];

	if (x != x || x - x != 0) {	/* NaN or +-inf: not JSON numbers */
		json_str(j, x != x ? "nan" : x > 0 ? "inf" : "-inf");
		return;
	}
	fr_fmt(v, sizeof(v), x);
	json_raw(j, v);
}

static void fr_json_rec(struct json *j, const struct shieldrt_flight_vrec *r,
			unsigned int nsel)
{
	unsigned int k;
	char flags[64];

	json_obj_begin(j);
	json_kv_u64(j, "cycle", r->cycle);
	json_kv_u64(j, "deadline_ns", r->deadline_ns);
	json_kv_u64(j, "wake_ns", r->wake_ns);
	json_kv_int(j, "irq_latency_ns", r->irq_latency_ns);
	json_kv_int(j, "thread_latency_ns", r->thread_latency_ns);
	json_kv_u64(j, "compute_ns", r->compute_ns);
	json_kv_u64(j, "end_ns", r->end_ns);
	json_kv_u64(j, "section_ns", r->section_ns);
	json_kv_u64(j, "lock_wait_ns", r->lock_wait_ns);
	json_kv_u64(j, "missed", r->missed);
	fr_flags_text(flags, sizeof(flags), r->flags);
	json_kv_str(j, "flags", flags);
	json_kv_bool(j, "held", r->note & SHIELDRT_FLIGHT_HELD);
	json_kv_str(j, "trip", r->note & SHIELDRT_FLIGHT_TRIP ?
		    ctl_safe_name(r->safe_reason) : "");
	json_key(j, "values");
	json_arr_begin(j);
	for (k = 0; k < nsel; k++)
		fr_json_number(j, r->value[k]);
	json_arr_end(j);
	json_obj_end(j);
}

static void fr_print_json(const struct fr_dump *d)
{
	const struct shieldrt_flight_req *f = &d->f;
	struct json j;
	size_t i;

	json_init(&j, stdout);
	json_obj_begin(&j);
	json_kv_str(&j, "loop", d->loop);
	json_kv_str(&j, "state", ctl_flight_state_name(f->state));
	json_kv_str(&j, "trigger", ctl_fltrig_name(f->trigger));
	json_key(&j, "triggers");
	json_arr_begin(&j);
	for (i = 0; i < ARRAY_SIZE(fr_auto); i++)
		if (f->triggers & (1U << fr_auto[i]))
			json_str(&j, ctl_fltrig_name(fr_auto[i]));
	json_str(&j, ctl_fltrig_name(SHIELDRT_FLTRIG_MANUAL));
	json_arr_end(&j);
	json_kv_u64(&j, "size", f->size);
	json_kv_u64(&j, "post", f->post);
	json_kv_u64(&j, "ignored_triggers", f->ignored_triggers);
	if (f->rec_size) {
		json_key(&j, "signals");
		json_arr_begin(&j);
		for (i = 0; i < f->nsel; i++)
			json_str(&j, d->names[i]);
		json_arr_end(&j);
		json_kv_u64(&j, "record_bytes", f->rec_size);
		json_kv_u64(&j, "ring_bytes", (__u64)f->rec_size * f->size);
	}
	if (f->state == SHIELDRT_FLIGHT_TRIGGERED)
		json_kv_u64(&j, "left", f->left);
	if (fr_frozen(d)) {
		json_kv_u64(&j, "trigger_cycle", f->trigger_cycle);
		json_kv_u64(&j, "records", f->nr_recs);
		json_kv_u64(&j, "before", f->before);
		json_kv_u64(&j, "after", f->after);
		json_kv_u64(&j, "lost", f->lost);
		json_kv_bool(&j, "short", f->cut_short);
		json_kv_u64(&j, "gaps", fr_gaps(d));
		json_key(&j, "cycles");
		json_arr_begin(&j);
		for (i = 0; i < f->nr_recs; i++)
			fr_json_rec(&j, fr_rec(d, i), f->nsel);
		json_arr_end(&j);
	}
	json_obj_end(&j);
}

static void fr_wait_frozen(const char *loop, double secs)
{
	struct timespec t0, t, nap = { 0, 50 * 1000 * 1000 };
	struct shieldrt_flight_req f;
	unsigned char *recs;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		ctl_flight(loop, &f, &recs);
		free(recs);
		if (f.state == SHIELDRT_FLIGHT_FROZEN)
			return;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if (t.tv_sec - t0.tv_sec + (t.tv_nsec - t0.tv_nsec) / 1e9 > secs)
			fatal("flight: not frozen after %g s", secs);
		nanosleep(&nap, NULL);
	}
}

int cmd_flight(int argc, char **argv)
{
	static const struct option own[] = {
		{ "trigger",	no_argument,		NULL, 't' },
		{ "wait",	required_argument,	NULL, 'w' },
		{ "triggers",	required_argument,	NULL, 'T' },
		{ "rearm",	no_argument,		NULL, 'r' },
		{ NULL, 0, NULL, 0 }
	};
	struct cmd_opts o = { .name = "flight", .usage = flight_usage,
			      .shared = CMD_LOOP | CMD_JSON, .own = own };
	bool trigger = false, rearm = false;
	const char *loop, *triggers = NULL;
	double wait = 0;
	struct fr_dump d;
	__u64 mask = 0;
	char *end;
	int c;

	while ((c = cmd_getopt(&o, argc, argv)) != -1) {
		switch (c) {
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
		}
	}
	no_more_args("flight", argc, argv, optind);
	loop = cmd_need_loop(&o);
	if (triggers)
		mask = fr_parse_triggers(triggers);
	if (triggers)
		ctl_flight_ctl(loop, SHIELDRT_REQ_FLIGHT_TRIGGERS, mask);
	if (trigger)
		ctl_flight_ctl(loop, SHIELDRT_REQ_FLIGHT_TRIGGER, 0);
	if (wait > 0)
		fr_wait_frozen(loop, wait);
	fr_read(loop, &d);
	if (o.json)
		fr_print_json(&d);
	else
		fr_print_text(&d);
	fflush(stdout);
	if (rearm && fr_frozen(&d))
		ctl_flight_ctl(loop, SHIELDRT_REQ_FLIGHT_REARM, 0);
	else if (rearm)
		warnx_("flight: %s: the window is not frozen, nothing to re-arm%s",
		       loop, trigger && !(wait > 0) ?
		       " (a trigger freezes it flight_post cycles later: --wait S)" :
		       "");
	fr_free(&d);
	return 0;
}
