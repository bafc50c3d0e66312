// SPDX-License-Identifier: GPL-2.0
/*
 * userctl replay CHAIN_FILE RECORDING: feed a recorded run's inputs
 * through the chain on the host and compare every recorded output bit for
 * bit with what the library computes here.
 *
 * The recording is `userctl record` CSV (values in %.17g, which reads
 * back exactly; %a works too).  Column inK is the loop's input K, which is
 * the chain's K-th `input`; outK its K-th `output`.  A replay starts from
 * the chain's reset state, so the recording must start at the loop's
 * first cycle (cycle 0: start `record` before the loop), or the caller
 * says the state was reset there (--from-reset).  With `record --meta`
 * the file also carries every parameter commit since the chain was loaded
 * (commits.h): those in force before the first record are applied, then
 * the chain is reset as the loop's start was; each later one is applied
 * before the step of the cycle it took effect in, as the loop did.  An
 * older recording that has only the commit cycles is refused if a commit
 * took effect during it, since it does not carry the values.
 *
 * The recording is read strictly, as record writes it: header words,
 * seq, cycle, flags and the other fixed columns are plain digits (the
 * two latencies may have a minus), column names exact and each once, a
 * commit's params= its assignment count, the commits of the recording at
 * non-decreasing cycles, no NUL byte and no line over SIM_LINE_MAX.  Its
 * period_ns, n_in and n_out must be the chain's (period_ns is the period
 * when neither the chain nor -p gives one).  CRLF line ends are read as
 * LF.  Anything else is bad input, with the reason, never a guess.
 *
 * Exit status: 0 identical, 1 an output differs, 2 bad input.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "commits.h"
#include "sim.h"
#include "userctl.h"

#define RP_SAFE_FLAG	(1u << 2)	/* SRT_CYC_SAFE: outputs held, no step */

/*
 * The record's other fixed columns: replay does not use them, but checks
 * them as record writes them (unsigned, or signed with a minus), so a
 * recording that was edited or damaged there is refused, not half read.
 */
static const struct rp_time {
	const char *name;
	bool sign;
	unsigned long long max;
} rp_time[] = {
	{ "deadline_ns", false, ULLONG_MAX },
	{ "wake_ns", false, ULLONG_MAX },
	{ "end_ns", false, ULLONG_MAX },
	{ "irq_latency_ns", true, LLONG_MAX },
	{ "wake_latency_ns", true, LLONG_MAX },
	{ "compute_ns", false, ULLONG_MAX },
	{ "missed", false, UINT32_MAX },
};
#define RP_N_TIME	ARRAY_SIZE(rp_time)

struct rp_file {
	const char *path;
	FILE *f;
	char *line;
	size_t cap;
	unsigned long lineno;
	unsigned int ncol;
	int c_seq, c_cycle, c_flags;
	int c_time[RP_N_TIME];		/* the columns of rp_time[] */
	int c_in[SRT_MAX_IO], c_out[SRT_MAX_IO];
	/* from "# shieldrt-record" and "# end" lines, -1 if absent */
	long long decimation, commit_start, commit_end, commits_before;
	long long period_ns, n_in, n_out;
	bool meta, end;
	bool prepass;			/* reading the '#' lines first */
	struct commit_log commits;
};

static void replay_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl replay CHAIN_FILE RECORDING [--from-reset] [-p US] [-q]\n"
		"\n"
		"Re-run the inputs of a recording (userctl record, CSV) through\n"
		"CHAIN_FILE with the kernel's algorithms and compare every recorded\n"
		"output bit for bit.  Reports the first cycle that differs.\n"
		"\n"
		"  --from-reset         the first record is not cycle 0, but the chain\n"
		"                       was reset there (e.g. a resume)\n"
		"  -p, --period-us US   the loop period, 10..1000000 us, if the chain\n"
		"                       has no period_us\n"
		"                       (default: the recording's period_ns)\n"
		"  -q, --quiet          only the exit status and errors\n"
		"  -h, --help           this text\n"
		"\n"
		"Record every cycle from the loop's first (start 'userctl record\n"
		"--meta' before 'userctl loop start'; decimation 1; no drops).  The\n"
		"chain's inputs are the loop's in0.., its outputs out0.. in order.\n"
		"The recording's period_ns, n_in and n_out must be the chain's.  The\n"
		"comparison ends at the first record in safe state (flag 4): the\n"
		"chain did not step there.\n"
		"Exit status: 0 identical, 1 an output differs, 2 bad input (a\n"
		"recording that is malformed or not of this chain, with the reason).\n");
}

/* Plain decimal digits, at most max: 0, or -1 if s is anything else. */
static int rp_digits(const char *s, size_t len, unsigned long long max,
		     unsigned long long *v)
{
	unsigned long long n = 0;
	size_t i;

	if (!len)
		return -1;
	for (i = 0; i < len; i++) {
		unsigned long long d = (unsigned long long)(s[i] - '0');

		if (s[i] < '0' || s[i] > '9' || d > max || n > (max - d) / 10)
			return -1;
		n = n * 10 + d;
	}
	*v = n;
	return 0;
}

struct rp_key {
	const char *name;
	long long *v;
	unsigned long long min, max;
};

/*
 * The KEY=VALUE words of a "# shieldrt-record" or "# end" line: each key
 * of keys[] at most once, its value plain digits in [min, max].  Other
 * words (loop=NAME, keys of later versions) are skipped.
 */
static void rp_meta_words(struct rp_file *r, const char *p,
			  const struct rp_key *keys, unsigned int nkeys)
{
	unsigned int seen = 0, i;

	while (*p) {
		size_t len = strcspn(p, " "), klen = strcspn(p, "=");
		unsigned long long v;

		for (i = 0; klen < len && i < nkeys; i++) {
			if (strlen(keys[i].name) != klen ||
			    strncmp(p, keys[i].name, klen))
				continue;
			if (seen & (1u << i))
				usage_error("%s: line %lu: '%s=' twice",
					    r->path, r->lineno, keys[i].name);
			seen |= 1u << i;
			if (rp_digits(p + klen + 1, len - klen - 1,
				      keys[i].max, &v) || v < keys[i].min)
				usage_error("%s: line %lu: malformed '%.*s': want %s=N, N from %llu to %llu",
					    r->path, r->lineno, (int)len, p,
					    keys[i].name, keys[i].min,
					    keys[i].max);
			*keys[i].v = (long long)v;
		}
		p += len;
		p += strspn(p, " ");
	}
}

static void rp_comment(struct rp_file *r, const char *line)
{
	const struct rp_key head[] = {
		/* a loop's period: whole us, SRT_CHAIN_PERIOD_US_MIN..MAX */
		{ "period_ns", &r->period_ns, SRT_CHAIN_PERIOD_US_MIN * 1000LL,
		  SRT_CHAIN_PERIOD_US_MAX * 1000LL },
		{ "decimation", &r->decimation, 1, UINT32_MAX },
		{ "n_in", &r->n_in, 0, UINT32_MAX },
		{ "n_out", &r->n_out, 0, UINT32_MAX },
		{ "commit_cycle", &r->commit_start, 0, LLONG_MAX },
		{ "commits", &r->commits_before, 0, LLONG_MAX },
	};
	const struct rp_key end[] = {
		{ "commit_cycle", &r->commit_end, 0, LLONG_MAX },
	};
	const char *why;

	if (!r->prepass)
		return;
	switch (commit_log_parse_line(&r->commits, line, &why)) {
	case 1:
		return;
	case -1:
		usage_error("%s: line %lu: %s", r->path, r->lineno, why);
	}
	if (!strncmp(line, "# shieldrt-record ", 18)) {
		if (r->meta)
			usage_error("%s: line %lu: a second '# shieldrt-record' line",
				    r->path, r->lineno);
		r->meta = true;
		rp_meta_words(r, line + 18, head, ARRAY_SIZE(head));
		if (r->period_ns > 0 && r->period_ns % 1000)
			usage_error("%s: line %lu: period_ns=%lld is not a whole microsecond, as a loop's period is",
				    r->path, r->lineno, r->period_ns);
	} else if (!strncmp(line, "# end ", 6)) {
		if (r->end)
			usage_error("%s: line %lu: a second '# end' line",
				    r->path, r->lineno);
		r->end = true;
		rp_meta_words(r, line + 6, end, ARRAY_SIZE(end));
	}
}

/* The next line, without its LF or CRLF; false at the end. */
static bool rp_getline(struct rp_file *r)
{
	ssize_t len = sim_read_line(&r->line, &r->cap, r->f, r->path,
				    r->lineno + 1);

	if (len < 0)
		return false;
	r->lineno++;
	if (len && r->line[len - 1] == '\n')
		r->line[--len] = '\0';
	if (len && r->line[len - 1] == '\r')
		r->line[--len] = '\0';
	return true;
}

/* The next data line split into field[]; false at the end. */
static bool rp_next(struct rp_file *r, char **field)
{
	unsigned int n;

	for (;;) {
		if (!rp_getline(r))
			return false;
		if (r->line[0] == '#') {
			rp_comment(r, r->line);
			continue;
		}
		if (r->line[strspn(r->line, " \t")] != '\0')
			break;
	}
	/* as record writes it: no blanks around a field */
	n = sim_csv_split(r->line, field, SIM_MAX_FIELDS, false);
	if (!r->ncol)		/* the header */
		r->ncol = n;
	else if (n != r->ncol)
		usage_error("%s: line %lu: %u fields, the header has %u",
			    r->path, r->lineno, n, r->ncol);
	if (n > SIM_MAX_FIELDS)
		usage_error("%s: line %lu: more than %d fields", r->path,
			    r->lineno, SIM_MAX_FIELDS);
	return true;
}

/* K if name is prefix followed by K as record writes it (no sign, no 0s) */
static int rp_col_index(const char *name, const char *prefix)
{
	size_t n = strlen(prefix);
	unsigned long long k;

	if (strncmp(name, prefix, n))
		return -1;
	name += n;
	if ((name[0] == '0' && name[1]) ||
	    rp_digits(name, strlen(name), SRT_MAX_IO - 1, &k))
		return -1;
	return (int)k;
}

/* Column i is the one of *col; a second column of that name is refused. */
static void rp_take_col(struct rp_file *r, int *col, unsigned int i,
			char **field)
{
	if (*col >= 0)
		usage_error("%s: line %lu: column '%s' twice (columns %d and %u)",
			    r->path, r->lineno, field[i], *col + 1, i + 1);
	*col = (int)i;
}

/* The rp_time[] entry of a column name, RP_N_TIME if none. */
static unsigned int rp_time_index(const char *name)
{
	unsigned int k;

	for (k = 0; k < RP_N_TIME; k++)
		if (!strcmp(name, rp_time[k].name))
			break;
	return k;
}

static void rp_header(struct rp_file *r, const struct sim_chain *s)
{
	char *field[SIM_MAX_FIELDS];
	unsigned int i, k;
	bool any_out = false;

	r->c_seq = r->c_cycle = r->c_flags = -1;
	for (i = 0; i < RP_N_TIME; i++)
		r->c_time[i] = -1;
	for (i = 0; i < SRT_MAX_IO; i++)
		r->c_in[i] = r->c_out[i] = -1;
	if (!rp_next(r, field))
		usage_error("%s: empty recording", r->path);
	if (field[0][0] == '{' || field[0][0] == '[')
		usage_error("%s: a JSON recording; replay reads record's CSV",
			    r->path);
	/* exact names, each once: out and out+0 are not out0 */
	for (i = 0; i < r->ncol; i++) {
		const char *name = field[i];
		int ki = rp_col_index(name, "in");
		int ko = rp_col_index(name, "out");
		unsigned int kt = rp_time_index(name);

		if (!strcmp(name, "seq"))
			rp_take_col(r, &r->c_seq, i, field);
		else if (!strcmp(name, "cycle"))
			rp_take_col(r, &r->c_cycle, i, field);
		else if (!strcmp(name, "flags"))
			rp_take_col(r, &r->c_flags, i, field);
		else if (kt < RP_N_TIME)
			rp_take_col(r, &r->c_time[kt], i, field);
		else if (ki >= 0)
			rp_take_col(r, &r->c_in[ki], i, field);
		else if (ko >= 0)
			rp_take_col(r, &r->c_out[ko], i, field);
	}
	if (r->c_seq < 0 || r->c_cycle < 0 || r->c_flags < 0)
		usage_error("%s: not a userctl record CSV (no seq, cycle and flags columns)", r->path);
	for (k = 0; k < s->n_in; k++)
		if (r->c_in[k] < 0)
			usage_error("%s: no column in%u for chain input '%s': record the loop's inputs too", r->path, k,
				    srt_chain_input_name(s->c, k));
	for (k = 0; k < s->n_out; k++)
		any_out |= r->c_out[k] >= 0;
	if (!any_out)
		usage_error("%s: no output column (out0..out%u) to compare",
			    r->path, s->n_out - 1);
}

/* seq, cycle, flags: digits as record writes them, nothing else */
static unsigned long long rp_uint(struct rp_file *r, const char *s,
				  const char *what, unsigned long long max)
{
	unsigned long long v;

	if (rp_digits(s, strlen(s), max, &v))
		usage_error("%s: line %lu: %s '%s' is not an integer from 0 to %llu",
			    r->path, r->lineno, what, s, max);
	return v;
}

/* The row's rp_time[] columns, each as record writes it. */
static void rp_check_time(struct rp_file *r, char **field)
{
	unsigned int k;

	for (k = 0; k < RP_N_TIME; k++) {
		const char *v = r->c_time[k] < 0 ? NULL : field[r->c_time[k]];
		unsigned long long n, max = rp_time[k].max;

		if (!v)
			continue;
		if (rp_time[k].sign && v[0] == '-') {
			v++;
			max++;		/* an s64 goes one further down */
		}
		if (rp_digits(v, strlen(v), max, &n))
			usage_error("%s: line %lu: %s '%s' is not %s integer as record writes it",
				    r->path, r->lineno, rp_time[k].name,
				    field[r->c_time[k]],
				    rp_time[k].sign ? "an" : "an unsigned");
	}
}

static u64 rp_value(struct rp_file *r, const char *s, const char *col)
{
	u64 b;

	if (sim_parse_value(s, &b))
		usage_error("%s: line %lu: %s '%s' is not a number", r->path,
			    r->lineno, col, s);
	return b;
}

static bool rp_same(u64 a, u64 b)
{
	if (a == b)
		return true;
	/* "nan" in text keeps no sign or payload: any NaN matches it */
	return srt_bits_isnan(a) && srt_bits_isnan(b);
}

static int rp_report_diff(const struct sim_chain *s, unsigned long long rec,
			  unsigned long long cycle, u32 k, u64 want, u64 got)
{
	printf("replay: DIFFERENT at cycle %llu (record %llu): output %u '%s' recorded ", cycle, rec, k, srt_chain_output_name(s->c, k));
	sim_print_value(stdout, want, 0);
	printf(" (%#018llx), replayed ", (unsigned long long)want);
	sim_print_value(stdout, got, 0);
	printf(" (%#018llx)\n", (unsigned long long)got);
	return 1;
}

static void *rp_setbuf;

static void rp_apply(struct rp_file *r, struct sim_chain *s,
		     const struct commit_rec *c)
{
	char err[256];

	if (commit_apply(s, c, &rp_setbuf, err, sizeof(err)))
		usage_error("%s: commit gen=%llu (cycle %llu): %s", r->path,
			    c->gen, c->cycle, err);
}

/*
 * Before the first record: the commits in force then (those the loop had
 * when the recording started, those made while it was stopped, those of
 * cycles before the first record), then the reset its start did.
 * Returns the index of the first commit still to come.
 */
static unsigned int rp_commits_before(struct rp_file *r, struct sim_chain *s,
				      unsigned long long first)
{
	struct commit_log *l = &r->commits;
	unsigned int i, next = l->n;
	bool any = false;

	for (i = 0; i < l->n; i++) {
		const struct commit_rec *c = &l->rec[i];

		if ((long long)i < r->commits_before || !c->running ||
		    c->cycle < first) {
			if (next < i)
				usage_error("%s: commit gen=%llu is in force before the first record, but follows gen=%llu of cycle %llu",
					    r->path, c->gen, l->rec[next].gen,
					    l->rec[next].cycle);
			rp_apply(r, s, c);
			any = true;
		} else if (next == l->n) {
			next = i;
		}
	}
	if (any)
		srt_chain_reset(s->c);
	return next;
}

/*
 * The chain at the recording's period: -p, else the chain's period_us,
 * else the header's period_ns.  A header that disagrees with either, or
 * with the chain's signal counts, is not this chain's recording.
 */
static void rp_load_chain(struct rp_file *r, struct sim_chain *s,
			  const char *path, u32 period_ns)
{
	struct srt_err err, err0;

	if (period_ns && r->period_ns >= 0 && period_ns != r->period_ns)
		usage_error("%s: recorded at period_ns=%lld, --period-us says %u ns",
			    r->path, r->period_ns, period_ns);
	if (period_ns || r->period_ns < 0) {
		sim_chain_load(s, path, period_ns);
	} else if (sim_chain_try_load(s, path, (u32)r->period_ns, &err)) {
		/* the chain's own period_us, if that is what differs */
		if (!sim_chain_try_load(s, path, 0, &err0))
			usage_error("%s: recorded at period_ns=%lld, chain %s has period_us %u",
				    r->path, r->period_ns, path,
				    srt_chain_period_ns(s->c) / 1000);
		usage_error("chain %s: %s", path, err.msg);
	}
	if (r->n_in >= 0 && r->n_in != s->n_in)
		usage_error("%s: recorded with n_in=%lld, chain %s has %u inputs",
			    r->path, r->n_in, path, s->n_in);
	if (r->n_out >= 0 && r->n_out != s->n_out)
		usage_error("%s: recorded with n_out=%lld, chain %s has %u outputs",
			    r->path, r->n_out, path, s->n_out);
}

/*
 * The commits a running loop took after those in force before the
 * recording: in gen order, so at non-decreasing cycles.  (Those before it
 * may be of earlier runs, whose cycles started again at 0.)
 */
static void rp_commit_order(struct rp_file *r)
{
	const struct commit_log *l = &r->commits;
	const struct commit_rec *prev = NULL;
	unsigned int i;

	for (i = 0; i < l->n; i++) {
		const struct commit_rec *c = &l->rec[i];

		if ((long long)i < r->commits_before || !c->running)
			continue;
		if (prev && c->cycle < prev->cycle)
			usage_error("%s: commit gen=%llu took effect at cycle %llu, before gen=%llu at cycle %llu: a loop takes commits in gen order",
				    r->path, c->gen, c->cycle, prev->gen,
				    prev->cycle);
		prev = c;
	}
}

/* --from-reset's value: not a letter, so it has no short form */
#define REPLAY_OPT_FROM_RESET	0x100

int cmd_replay(int argc, char **argv)
{
	static const struct option own[] = {
		{ "from-reset",	no_argument,		NULL, REPLAY_OPT_FROM_RESET },
		{ "period-us",	required_argument,	NULL, 'p' },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ NULL, 0, NULL, 0 }
	};
	struct cmd_opts o = { .name = "replay", .usage = replay_usage,
			      .own = own };
	struct rp_file r = { .decimation = -1, .commit_start = -1,
			     .commit_end = -1, .commits_before = 0,
			     .period_ns = -1, .n_in = -1, .n_out = -1,
			     .prepass = true };
	unsigned int next = 0;
	const char *why;
	unsigned long long rec = 0, seq = 0, cycle = 0, first = 0, applied = 0;
	unsigned long long safe_cycle = 0;
	u64 in[SRT_MAX_IO] = { 0 }, out[SRT_MAX_IO];
	char *field[SIM_MAX_FIELDS];
	int c, from_reset = 0, quiet = 0, safe = 0;
	struct sim_chain s;
	u32 period_ns = 0, k;

	while ((c = cmd_getopt(&o, argc, argv)) != -1) {
		switch (c) {
		case REPLAY_OPT_FROM_RESET:
			from_reset = 1;
			break;
		case 'p':
			period_ns = (u32)(parse_uint_arg(optarg, "--period-us",
							 SRT_CHAIN_PERIOD_US_MIN,
							 SRT_CHAIN_PERIOD_US_MAX) * 1000);
			break;
		case 'q':
			quiet = 1;
			break;
		}
	}
	if (argc - optind != 2)
		usage_error("replay needs CHAIN_FILE and RECORDING (see --help)");
	r.path = argv[optind + 1];
	r.f = fopen(r.path, "r");
	if (!r.f)
		usage_error("cannot read %s: %s", r.path, strerror(errno));
	/* the '#' lines first: the commits, or a refusal, come up front */
	commit_log_init(&r.commits);
	while (rp_getline(&r)) {
		if (r.line[0] == '#')
			rp_comment(&r, r.line);
	}
	if (commit_log_check(&r.commits, &why))
		usage_error("%s: %s", r.path, why);
	r.prepass = false;
	r.lineno = 0;
	rewind(r.f);
	rp_load_chain(&r, &s, argv[optind], period_ns);
	rp_commit_order(&r);
	if (r.commits.total < 0) {
		/* an older recording: commit cycles only, no values */
		if (r.commit_end > 0 || (r.commit_start >= 0 &&
					 r.commit_end >= 0 &&
					 r.commit_end != r.commit_start))
			usage_error("%s: parameters were committed at cycle %lld during the recording; the recording does not carry them",
				    r.path, r.commit_end);
		if (r.commit_start > 0)
			usage_error("%s: parameters were committed at cycle %lld, before this recording; its chain is not %s's", r.path,
				    r.commit_start, s.path);
	} else if (r.commits_before > r.commits.total) {
		usage_error("%s: the header says %lld commits before the recording, the recording holds %lld",
			    r.path, r.commits_before, r.commits.total);
	}
	rp_header(&r, &s);
	if (r.decimation > 1)
		usage_error("%s: recorded every %lld cycles; replay needs every cycle (decimation 1)", r.path, r.decimation);

	while (rp_next(&r, field)) {
		unsigned long long sq = rp_uint(&r, field[r.c_seq], "seq",
						ULLONG_MAX);
		unsigned long long cy = rp_uint(&r, field[r.c_cycle], "cycle",
						ULLONG_MAX);
		unsigned long long fl = rp_uint(&r, field[r.c_flags], "flags",
						UINT32_MAX);

		rp_check_time(&r, field);

		if (!rec) {
			first = cy;
			if (cy && !from_reset)
				usage_error("%s: the recording starts at cycle %llu, not 0: the chain's state there is unknown (record from before the loop starts, or --from-reset if it was reset there)",
					    r.path, cy);
			next = rp_commits_before(&r, &s, cy);
		} else if (sq != seq + 1) {
			usage_error("%s: line %lu: seq %llu follows %llu: %s; replay needs every cycle", r.path, r.lineno,
				    sq, seq, sq > seq ? "records were dropped" :
				    "out of order");
		} else if (cy <= cycle) {
			usage_error("%s: line %lu: cycle %llu follows %llu",
				    r.path, r.lineno, cy, cycle);
		}
		if (fl & RP_SAFE_FLAG) {
			/* held outputs; the chain did not step */
			safe = 1;
			safe_cycle = cy;
			break;
		}
		seq = sq;
		cycle = cy;
		/* a commit taken at this cycle boundary steps with it */
		for (; next < r.commits.n && r.commits.rec[next].cycle <= cy;
		     next++) {
			const struct commit_rec *cr = &r.commits.rec[next];

			if (cr->cycle < cy)
				usage_error("%s: commit gen=%llu took effect at cycle %llu, which the recording has no record of",
					    r.path, cr->gen, cr->cycle);
			rp_apply(&r, &s, cr);
			applied++;
		}
		for (k = 0; k < s.n_in; k++)
			in[k] = rp_value(&r, field[r.c_in[k]], "input");
		srt_chain_step(s.c, in, out);
		for (k = 0; k < s.n_out; k++) {
			u64 want;

			if (r.c_out[k] < 0)
				continue;
			want = rp_value(&r, field[r.c_out[k]], "output");
			if (!rp_same(want, out[k])) {
				rp_report_diff(&s, rec, cy, k, want, out[k]);
				fclose(r.f);
				return 1;
			}
		}
		rec++;
	}
	fclose(r.f);
	free(r.line);
	if (!rec && !safe)
		usage_error("%s: no records", r.path);
	if (!quiet) {
		/* the cycles compared: a safe record is not one of them */
		if (rec)
			printf("replay: identical: %llu cycles (%llu..%llu), every recorded output bit-exact%s\n",
			       rec, first, cycle, r.meta ? "" :
			       " (no --meta lines: parameter commits not checked)");
		else
			printf("replay: nothing compared: the first record (cycle %llu) is in safe state\n",
			       safe_cycle);
		if (r.commits.total >= 0)
			printf("replay: %u parameter commits in the recording, %llu applied during it\n",
			       r.commits.n, applied);
		if (safe && rec)
			printf("replay: the loop was in safe state from cycle %llu on; compared up to cycle %llu\n",
			       safe_cycle, cycle);
	}
	commit_log_free(&r.commits);
	free(rp_setbuf);
	rp_setbuf = NULL;
	sim_chain_free(&s);
	return 0;
}
