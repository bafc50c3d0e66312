// SPDX-License-Identifier: GPL-2.0
/*
 * userctl stream -l LOOP [-f FILE]: feed a CSV trajectory through the
 * loop's command ring, each point at its own cycle, keeping the ring
 * filled ahead of the loop, then report what the kernel did with it.
 * SIGINT or SIGTERM stops feeding: the stream is closed with one more
 * entry (the last point again, one cycle later, promising nothing more,
 * so the loop counts no underruns), the report covers the points sent,
 * and the exit status is 128 + the signal.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>

#include "dpmap.h"

struct traj {
	size_t n, cap;
	unsigned int cols;	/* values per row */
	__u64 *offset;		/* cycle offset of each row */
	__u64 *value;		/* n * cols */
};

static void stream_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl stream -l LOOP [-f FILE] [options]\n"
		"\n"
		"Stream a trajectory to the loop's inputs through the command\n"
		"ring.  Each CSV row is 'cycle_offset,v0,v1,...' (offsets from\n"
		"the start, non-decreasing) or, with --per-cycle, 'v0,v1,...'\n"
		"for consecutive cycles.  Column k goes to input k.  Lines that\n"
		"are empty or start with '#' are skipped, and so is a header: a\n"
		"line before the first row whose first field starts with a letter\n"
		"and is not a number ('time', 'info'; 'inf' and 'nan' are numbers,\n"
		"refused).  An empty field is an error.\n"
		"Exit status 1 if any point was not applied at its cycle; 130 if\n"
		"interrupted (SIGINT: the points sent so far are reported).\n"
		"\n"
		"  -l, --loop NAME      the loop\n"
		"  -f, --file FILE      the CSV (default: standard input)\n"
		"  -c, --per-cycle      rows are consecutive cycles\n"
		"  -L, --lead CYCLES    start this many cycles from now, at most\n"
		"                       an hour's (default: half the ring, at\n"
		"                       most 0.1 s)\n"
		"  -h, --help           this text\n");
}

static void traj_row(struct traj *t, char *line, unsigned long lineno,
		     int per_cycle)
{
	__u64 vals[SHIELDRT_MAX_SIGNALS + 1];
	unsigned int n = 0, i;
	char *tok, *next;
	char what[64];

	/* every comma separates two fields: an empty one is an error */
	for (tok = line; tok; tok = next) {
		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		while (*tok == ' ' || *tok == '\t')
			tok++;
		if (n == SHIELDRT_MAX_SIGNALS + 1)
			usage_error("line %lu: more than %d columns", lineno,
				    SHIELDRT_MAX_SIGNALS + 1);
		snprintf(what, sizeof(what), "line %lu column %u", lineno,
			 n + 1);
		if (!*tok)
			usage_error("%s: empty field", what);
		if (n == 0 && !per_cycle) {
			char *end;
			unsigned long long o;

			errno = 0;
			o = strtoull(tok, &end, 10);
			if (end == tok || *end || errno || *tok == '-')
				usage_error("%s: '%s' is not a cycle offset",
					    what, tok);
			vals[n++] = o;
		} else {
			vals[n++] = srt_to_bits(dp_parse_value(tok, what));
		}
	}
	i = per_cycle ? 0 : 1;
	if (n <= i)
		usage_error("line %lu: no values", lineno);
	if (!t->n)
		t->cols = n - i;
	else if (n - i != t->cols)
		usage_error("line %lu: %u values, earlier rows had %u", lineno,
			    n - i, t->cols);
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 1024;
		t->offset = xrealloc(t->offset, t->cap * sizeof(__u64));
		t->value = xrealloc(t->value, t->cap * sizeof(__u64) *
				    (SHIELDRT_MAX_SIGNALS));
	}
	t->offset[t->n] = per_cycle ? t->n : vals[0];
	if (t->n && t->offset[t->n] < t->offset[t->n - 1])
		usage_error("line %lu: cycle offset %llu goes backwards",
			    lineno, (unsigned long long)t->offset[t->n]);
	memcpy(&t->value[t->n * SHIELDRT_MAX_SIGNALS], &vals[i],
	       t->cols * sizeof(__u64));
	t->n++;
}

/*
 * A header row, before the first data row: its first field starts with a
 * letter and is not wholly a number ("info" and "nanoseconds" are names;
 * "inf" and "nan" are numbers, refused as values by traj_row()).
 */
static bool traj_header(const char *p)
{
	size_t len = strcspn(p, ",");
	char *field, *end;
	bool number;

	if (!isalpha((unsigned char)*p))
		return false;
	while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
		len--;
	field = strndup(p, len);
	if (!field)
		fatal("out of memory");
	strtod(field, &end);
	number = end != field && !*end;
	free(field);
	return !number;
}

static void traj_load(struct traj *t, const char *path, int per_cycle)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	unsigned long lineno = 0;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	if (!f)
		usage_error("cannot read %s: %s", path, strerror(errno));
	while ((len = getline(&line, &cap, f)) >= 0) {
		char *p = line;

		lineno++;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = 0;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '#')
			continue;
		if (!t->n && traj_header(p))
			continue;
		traj_row(t, p, lineno, per_cycle);
	}
	free(line);
	if (f != stdin)
		fclose(f);
	if (!t->n)
		usage_error("%s: no trajectory rows", path);
}

/*
 * After an interrupt: one more entry, row @row's values again one cycle
 * after it and without SHIELDRT_CMD_MORE, so the stream ends where it was
 * cut.  Returns its cycle.  Waits (briefly) for a free slot.
 */
static unsigned long long stream_close(struct dpmap *d, const struct traj *t,
				       unsigned long long start, size_t row,
				       double period_s)
{
	double limit = dp_now() + 2.0 + d->m.off.cmd_size * period_s;
	unsigned long long key = start + t->offset[row] + 1;
	struct shieldrt_slot *e;
	long space;

	while ((space = srt_cmd_space(&d->m)) == 0) {
		if (dp_now() > limit || dpmap_dead(d))
			fatal("the command ring never had room for the closing entry");
		dp_sleep(period_s);
	}
	if (space < 0)
		fatal("command ring head is impossible: another process writes to the loop");
	e = srt_cmd_slot(&d->m, 0);
	e->key = key;
	e->mask = t->cols >= 32 ? ~0U : (1U << t->cols) - 1;
	e->flags = 0;
	memcpy(e->value, &t->value[row * SHIELDRT_MAX_SIGNALS],
	       t->cols * sizeof(__u64));
	srt_cmd_commit(&d->m, 1);
	return key;
}

int cmd_stream(int argc, char **argv)
{
	static const struct option own[] = {
		{ "file",	required_argument,	NULL, 'f' },
		{ "per-cycle",	no_argument,		NULL, 'c' },
		{ "lead",	required_argument,	NULL, 'L' },
		{ NULL, 0, NULL, 0 }
	};
	struct cmd_opts o = { .name = "stream", .usage = stream_usage,
			      .shared = CMD_LOOP, .own = own };
	const char *loop, *path = "-";
	struct shieldrt_stats s0, s1;
	struct shieldrt_live lv;
	struct traj t = { 0 };
	unsigned long long lead = 0, start, last, pub;
	unsigned long long applied, late, r_index, r_value, r_flags, underruns;
	double period_s, nap, deadline;
	struct dpmap d;
	size_t next = 0, sent;
	int c, per_cycle = 0, bad;

	while ((c = cmd_getopt(&o, argc, argv)) != -1) {
		switch (c) {
		case 'f':
			path = optarg;
			break;
		case 'c':
			per_cycle = 1;
			break;
		case 'L':
			lead = parse_uint_arg(optarg, "--lead", 1,
					      ULLONG_MAX);
			break;
		}
	}
	loop = o.loop;
	no_more_args("stream", argc, argv, optind);
	if (!loop)
		usage_error("stream: no loop given (-l NAME)");
	/*
	 * From here on SIGINT ends the stream cleanly, also while a long
	 * trajectory loads (a background job starts with SIGINT ignored,
	 * and a signal that comes before the handler would be lost).
	 */
	catch_interrupt();
	traj_load(&t, path, per_cycle);
	dpmap_open(&d, loop, 1);
	if (t.cols > d.m.n_in)
		usage_error("%s has %u values per row, loop '%s' has %u inputs",
			    path, t.cols, loop, d.m.n_in);
	dpmap_live_or_die(&d, loop);
	period_s = d.m.hdr->period_ns / 1e9;
	if (!lead) {
		lead = d.m.off.cmd_size / 2;
		if (lead * period_s > 0.1)
			lead = 0.1 / period_s;
		/* live.cycle may lag by pub_cycles: start beyond that */
		pub = dpmap_pub_cycles(&d);
		if (lead < 8 + pub)
			lead = 8 + pub;
	}
	/* a lead is a wait before the first point: an hour at most */
	if (lead * period_s > 3600)
		usage_error("stream: --lead %llu cycles is %.10g s at the period of loop '%s'; at most 3600 s",
			    lead, lead * period_s, loop);
	/* Sleep for about a quarter of the ring's worth of cycles. */
	nap = period_s * d.m.off.cmd_size / 4;
	nap = nap < 50e-6 ? 50e-6 : nap > 0.02 ? 0.02 : nap;
	dpmap_stats(&d, &s0);
	dpmap_live(&d, &lv);
	start = lv.cycle + lead;
	if (t.offset[t.n - 1] > ULLONG_MAX - start)
		usage_error("stream: cycle offset %llu is past the last cycle (now %llu)",
			    (unsigned long long)t.offset[t.n - 1],
			    (unsigned long long)lv.cycle);
	last = start + t.offset[t.n - 1];
	while (next < t.n && !interrupted()) {
		long space = srt_cmd_space(&d.m);
		long k;

		if (space < 0)
			fatal("command ring head is impossible: another process writes to loop '%s'",
			      loop);
		for (k = 0; k < space && next + k < t.n; k++) {
			struct shieldrt_slot *e = srt_cmd_slot(&d.m, k);
			size_t row = next + k;

			e->key = start + t.offset[row];
			e->mask = t.cols >= 32 ? ~0U : (1U << t.cols) - 1;
			e->flags = row + 1 < t.n ? SHIELDRT_CMD_MORE : 0;
			memcpy(e->value, &t.value[row * SHIELDRT_MAX_SIGNALS],
			       t.cols * sizeof(__u64));
		}
		if (k)
			srt_cmd_commit(&d.m, k);
		next += k;
		if (dpmap_dead(&d))
			fatal("loop '%s' %s (while streaming)", loop,
			      dpmap_gone(&d));
		if (next < t.n)
			dp_sleep(nap);
	}
	sent = next;
	if (interrupted() && next && next < t.n) {
		last = stream_close(&d, &t, start, next - 1, period_s);
		sent++;
	} else if (interrupted()) {
		last = lv.cycle;	/* nothing sent: nothing to wait for */
	}
	/* Let the loop pass the last point, then read its verdict. */
	deadline = dp_now() + (last + 2 - lv.cycle) * period_s + 2.0;
	do {
		dp_sleep(nap);
		dpmap_live(&d, &lv);
		if (dp_now() > deadline)
			fatal("loop '%s' did not reach cycle %llu (at %llu): is it running?",
			      loop, last + 1, (unsigned long long)lv.cycle);
	} while (lv.cycle <= last);
	dpmap_stats(&d, &s1);
	applied = s1.cmd_applied - s0.cmd_applied;
	late = s1.cmd_rej_late - s0.cmd_rej_late;
	r_index = s1.cmd_rej_index - s0.cmd_rej_index;
	r_value = s1.cmd_rej_value - s0.cmd_rej_value;
	r_flags = s1.cmd_rej_flags - s0.cmd_rej_flags;
	underruns = s1.cmd_underruns - s0.cmd_underruns;
	if (interrupted())
		printf("interrupted: streamed %zu of %zu points (and a closing entry), cycles %llu..%llu\n",
		       next, t.n, start, last);
	else
		printf("streamed %zu points, cycles %llu..%llu\n", t.n, start,
		       last);
	printf("applied %llu, late %llu, rejected %llu (index %llu, value %llu, flags %llu),",
	       applied, late, r_index + r_value + r_flags, r_index, r_value,
	       r_flags);
	printf(" underruns %llu, ring resyncs %llu\n", underruns,
	       (unsigned long long)(s1.cmd_corrupt - s0.cmd_corrupt));
	bad = applied != sent || underruns || late;
	dpmap_close(&d);
	free(t.offset);
	free(t.value);
	if (interrupted()) {
		if (bad)
			warnx_("not every point sent was applied at its cycle");
		return 128 + interrupted();
	}
	if (bad)
		fatal("not every point was applied at its cycle");
	return 0;
}
