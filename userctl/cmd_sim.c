// SPDX-License-Identifier: GPL-2.0
/*
 * userctl sim CHAIN_FILE: run a chain on the host, with the library the
 * kernel runs (same sources, same floating-point flags), before it is
 * loaded into a loop.  Inputs come from a CSV (a column per chain input,
 * a row per cycle) or are held constant (--set); outputs go out per cycle
 * as CSV or JSON, or as a recording in `userctl record --meta` format,
 * which is what a loop running this chain from its first cycle records.
 *
 * Also the helpers `userctl replay` shares (sim.h).
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "commits.h"
#include "json.h"
#include "sim.h"
#include "../include/uapi/shieldrt.h"
#include "userctl.h"

#define SIM_ARENA	(8u << 20)	/* far above any chain the limits allow */
#define SIM_CYC_SAFE	(1u << 2)	/* SRT_CYC_SAFE: outputs held, no step */

int sim_chain_try_load(struct sim_chain *s, const char *path, u32 period_ns,
		       struct srt_err *err)
{
	char *text;
	size_t len;
	FILE *f;
	int ret;

	s->path = path;
	f = fopen(path, "rb");
	if (!f)
		usage_error("cannot read %s: %s", path, strerror(errno));
	text = xmalloc(SRT_TEXT_MAX + 1);
	len = fread(text, 1, SRT_TEXT_MAX + 1, f);
	if (ferror(f))
		usage_error("reading chain %s: %s", path, strerror(errno));
	fclose(f);
	if (len > SRT_TEXT_MAX)
		usage_error("chain %s: over %d bytes", path, SRT_TEXT_MAX);
	s->arena = aligned_alloc(SRT_ALIGN, SIM_ARENA);
	if (!s->arena)
		fatal("out of memory");
	ret = srt_chain_parse(text, len, period_ns, s->arena, SIM_ARENA,
			      &s->c, err);
	free(text);
	if (ret) {
		sim_chain_free(s);
		return ret;
	}
	s->n_in = srt_chain_n_inputs(s->c);
	s->n_out = srt_chain_n_outputs(s->c);
	return 0;
}

void sim_chain_load(struct sim_chain *s, const char *path, u32 period_ns)
{
	struct srt_err err;

	/* the message starts with "line N:" where there is one */
	if (sim_chain_try_load(s, path, period_ns, &err))
		usage_error("chain %s: %s", path, err.msg);
}

void sim_chain_free(struct sim_chain *s)
{
	free(s->arena);
	s->arena = NULL;
	s->c = NULL;
}

ssize_t sim_read_line(char **line, size_t *cap, FILE *f, const char *path,
		      unsigned long lineno)
{
	size_t len = 0;
	int ch;

	for (;;) {
		ch = getc_unlocked(f);
		if (ch == EOF) {
			if (ferror(f))
				usage_error("%s: %s", path, strerror(errno));
			if (!len)
				return -1;
			break;
		}
		if (!ch)
			usage_error("%s: line %lu: a NUL byte", path, lineno);
		/* the limit is the line's own bytes: its \n or \r\n go on top */
		if (len >= SIM_LINE_MAX && ch != '\n' &&
		    !(ch == '\r' && len == SIM_LINE_MAX))
			usage_error("%s: line %lu: longer than %d bytes", path,
				    lineno, SIM_LINE_MAX);
		if (len + 2 > *cap) {
			*cap = *cap ? 2 * *cap : 256;
			*line = xrealloc(*line, *cap);
		}
		(*line)[len++] = (char)ch;
		if (ch == '\n')
			break;
	}
	(*line)[len] = '\0';
	return (ssize_t)len;
}

unsigned int sim_csv_split(char *line, char **field, unsigned int max,
			   bool trim)
{
	unsigned int n = 0;
	char *p = line, *end;

	line[strcspn(line, "\r\n")] = '\0';
	for (;;) {
		end = strchr(p, ',');
		if (end)
			*end = '\0';
		while (trim && (*p == ' ' || *p == '\t'))
			p++;
		if (n < max)
			field[n] = p;
		n++;
		/* trailing blanks */
		for (char *q = p + strlen(p); trim && q > p && (q[-1] == ' ' ||
		     q[-1] == '\t'); q--)
			q[-1] = '\0';
		if (!end)
			break;
		p = end + 1;
	}
	return n;
}

int sim_parse_value(const char *s, u64 *bits)
{
	char *end;
	double v;

	if (!*s || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	/* ERANGE on a subnormal is fine: strtod still returned its bits */
	if (end == s || *end)
		return -1;
	*bits = srt_to_bits(v);
	return 0;
}

void sim_print_value(FILE *f, u64 bits, int hex)
{
	fprintf(f, hex ? "%a" : "%.17g", srt_from_bits(bits));
}

/* ---- the sim command ---- */

struct sim_opts {
	const char *input, *out;
	unsigned long long cycles;
	u32 period_ns;
	int json, hex, record;
	char **sets;
	unsigned int nsets;
	struct commit_log commits;	/* --commit, in cycle order */
};

struct sim_input {
	FILE *f;
	char *line;
	size_t cap;
	unsigned long lineno;
	unsigned int ncol;
	int col_of[SIM_MAX_FIELDS];	/* CSV column -> chain input, -1 */
	bool eof;
};

static void sim_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl sim CHAIN_FILE [-i CSV] [-s NAME=VALUE]... [-n N]\n"
		"                  [-o FILE] [-j | -r] [-x] [-p US]\n"
		"\n"
		"Run a chain on the host with the kernel's algorithms and print its\n"
		"outputs per cycle (CSV: cycle, every output, step status).\n"
		"\n"
		"  -i, --input CSV      a column per chain input (header: names), a row\n"
		"                       per cycle; '-' reads stdin\n"
		"  -s, --set NAME=VAL   hold input NAME at VAL (repeatable)\n"
		"  -n, --cycles N       cycles to run (default: the CSV's rows, else\n"
		"                       1000); past the CSV's end its last row holds\n"
		"  -o, --out FILE       write to FILE instead of stdout\n"
		"  -j, --json           JSON instead of CSV\n"
		"  -r, --record         write what 'userctl record --meta' records from\n"
		"                       a loop running this chain from its first cycle:\n"
		"                       after a non-finite output (status 2) the loop\n"
		"                       is in safe state, so the chain steps no more and\n"
		"                       later records have flags 4 (safe) and outputs\n"
		"                       held at 0, the loop's default safe values\n"
		"  -c, --commit CYCLE:ASSIGNMENTS\n"
		"                       commit parameters before CYCLE's step, as\n"
		"                       'userctl params' + 'commit' do on a loop\n"
		"                       (e.g. 'pid.kp=2'; repeatable, cycles rising;\n"
		"                       each is checked against the chain, and with -n\n"
		"                       to be before the last cycle, before any row)\n"
		"  -x, --hex            values as %%a (exact hex floats)\n"
		"  -p, --period-us US   the loop period, 10..1000000 us, if the chain\n"
		"                       has no period_us\n"
		"  -h, --help           this text\n"
		"\n"
		"Every chain input needs a CSV column or a --set.  Status: 0 clean,\n"
		"1 a non-finite input (previous value kept), 2 a non-finite output\n"
		"(all outputs held; the kernel loop would enter its safe state).\n"
		"Exit status 2 on a bad chain or input file.\n");
}

static int sim_input_find(const struct sim_chain *s, const char *name)
{
	u32 i;

	for (i = 0; i < s->n_in; i++)
		if (!strcmp(srt_chain_input_name(s->c, i), name))
			return (int)i;
	return -1;
}

static void sim_input_open(struct sim_input *in, const struct sim_chain *s,
			   const char *path, bool *covered)
{
	char *field[SIM_MAX_FIELDS];
	unsigned int i;

	in->f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	if (!in->f)
		usage_error("cannot read %s: %s", path, strerror(errno));
	do {
		if (sim_read_line(&in->line, &in->cap, in->f, path,
				  in->lineno + 1) < 0)
			usage_error("%s: no header line", path);
		in->lineno++;
	} while (in->line[0] == '#' || in->line[strspn(in->line, " \t\r\n")] == '\0');
	in->ncol = sim_csv_split(in->line, field, SIM_MAX_FIELDS, true);
	if (in->ncol > SIM_MAX_FIELDS)
		usage_error("%s: more than %d columns", path, SIM_MAX_FIELDS);
	for (i = 0; i < in->ncol; i++) {
		int k = sim_input_find(s, field[i]);

		if (k < 0 && strcmp(field[i], "cycle"))
			usage_error("%s: column '%s' is not an input of %s", path,
				    field[i], s->path);
		if (k >= 0 && covered[k])
			usage_error("%s: input '%s' given twice", path, field[i]);
		if (k >= 0)
			covered[k] = true;
		in->col_of[i] = k;
	}
}

/* Next data row into vals; false at the end of the file. */
static bool sim_input_row(struct sim_input *in, const char *path, u64 *vals)
{
	char *field[SIM_MAX_FIELDS];
	unsigned int i, n;
	u64 b;

	for (;;) {
		if (sim_read_line(&in->line, &in->cap, in->f, path,
				  in->lineno + 1) < 0)
			return false;
		in->lineno++;
		if (in->line[0] != '#' &&
		    in->line[strspn(in->line, " \t\r\n")] != '\0')
			break;
	}
	n = sim_csv_split(in->line, field, SIM_MAX_FIELDS, true);
	if (n != in->ncol)
		usage_error("%s: line %lu: %u fields, the header has %u", path,
			    in->lineno, n, in->ncol);
	for (i = 0; i < n; i++) {
		if (in->col_of[i] < 0)
			continue;
		if (sim_parse_value(field[i], &b))
			usage_error("%s: line %lu: '%s' is not a number", path,
				    in->lineno, field[i]);
		vals[in->col_of[i]] = b;
	}
	return true;
}

static void sim_parse_sets(const struct sim_opts *o, const struct sim_chain *s,
			   u64 *vals, bool *covered)
{
	unsigned int i;

	for (i = 0; i < o->nsets; i++) {
		char *eq = strchr(o->sets[i], '=');
		int k;

		if (!eq)
			usage_error("--set %s: expected NAME=VALUE", o->sets[i]);
		*eq = '\0';
		k = sim_input_find(s, o->sets[i]);
		if (k < 0)
			usage_error("--set: '%s' is not an input of %s",
				    o->sets[i], s->path);
		if (covered[k])
			usage_error("--set: input '%s' given twice", o->sets[i]);
		if (sim_parse_value(eq + 1, &vals[k]))
			usage_error("--set %s: '%s' is not a number", o->sets[i],
				    eq + 1);
		covered[k] = true;
	}
}

static void sim_header(FILE *f, struct json *j, const struct sim_opts *o,
		       const struct sim_chain *s)
{
	u32 i;

	if (o->json) {
		json_init(j, f);
		json_obj_begin(j);
		json_kv_str(j, "chain", s->path);
		json_kv_int(j, "period_ns", srt_chain_period_ns(s->c));
		json_key(j, "inputs");
		json_arr_begin(j);
		for (i = 0; i < s->n_in; i++)
			json_str(j, srt_chain_input_name(s->c, i));
		json_arr_end(j);
		json_key(j, "columns");
		json_arr_begin(j);
		json_str(j, "cycle");
		for (i = 0; i < s->n_out; i++)
			json_str(j, srt_chain_output_name(s->c, i));
		json_str(j, "status");
		json_arr_end(j);
		json_key(j, "rows");
		json_arr_begin(j);
		return;
	}
	if (o->record) {
		/* the layout a loop with this chain has: inputs, then outputs */
		fprintf(f, "# shieldrt-record loop=sim period_ns=%u decimation=1 n_in=%u n_out=%u commit_cycle=0 commits=0\n",
			srt_chain_period_ns(s->c), s->n_in, s->n_out);
		fputs("seq,cycle,deadline_ns,wake_ns,end_ns,irq_latency_ns,wake_latency_ns,compute_ns,missed,flags", f);
		for (i = 0; i < s->n_in; i++)
			fprintf(f, ",in%u", i);
		for (i = 0; i < s->n_out; i++)
			fprintf(f, ",out%u", i);
		fputc('\n', f);
		return;
	}
	fputs("cycle", f);
	for (i = 0; i < s->n_out; i++)
		fprintf(f, ",%s", srt_chain_output_name(s->c, i));
	fputs(",status\n", f);
}

static void sim_row(FILE *f, struct json *j, const struct sim_opts *o,
		    const struct sim_chain *s, unsigned long long n,
		    const u64 *in, const u64 *out, int status, u32 flags)
{
	unsigned long long t = n * srt_chain_period_ns(s->c);
	char buf[64];
	u32 i;

	if (o->json) {
		json_arr_begin(j);
		json_int(j, (long long)n);
		for (i = 0; i < s->n_out; i++) {
			double v = srt_from_bits(out[i]);

			if (!isfinite(v)) {
				json_null(j);
				continue;
			}
			snprintf(buf, sizeof(buf), o->hex ? "\"%a\"" : "%.17g", v);
			json_raw(j, buf);
		}
		json_int(j, status);
		json_arr_end(j);
		return;
	}
	if (o->record)
		fprintf(f, "%llu,%llu,%llu,%llu,%llu,0,0,0,0,%u", n, n, t, t, t,
			flags);
	else
		fprintf(f, "%llu", n);
	for (i = 0; o->record && i < s->n_in; i++) {
		fputc(',', f);
		sim_print_value(f, in[i], o->hex);
	}
	for (i = 0; i < s->n_out; i++) {
		fputc(',', f);
		sim_print_value(f, out[i], o->hex);
	}
	if (!o->record)
		fprintf(f, ",%d", status);
	fputc('\n', f);
}

/*
 * Every --commit before the first row: applied in order to a copy of the
 * chain, as the run will apply them, so one the chain refuses is a usage
 * error before anything is written; with -n, one at or after the last
 * cycle too.  (Without -n the input's rows are not counted yet.)
 */
static void sim_check_commits(const struct sim_opts *o, const char *path,
			      unsigned long long cycles)
{
	const struct commit_log *l = &o->commits;
	struct sim_chain t;
	void *setbuf = NULL;
	char err[256];
	unsigned int i;

	if (!l->n)
		return;
	sim_chain_load(&t, path, o->period_ns);
	for (i = 0; i < l->n; i++) {
		if (cycles && l->rec[i].cycle >= cycles)
			usage_error("--commit at cycle %llu: after the last cycle (%llu)",
				    l->rec[i].cycle, cycles - 1);
		if (commit_apply(&t, &l->rec[i], &setbuf, err, sizeof(err)))
			usage_error("--commit at cycle %llu: %s",
				    l->rec[i].cycle, err);
	}
	free(setbuf);
	sim_chain_free(&t);
}

/* --commit CYCLE:ASSIGNMENTS, as a commit the loop took at CYCLE. */
static void sim_parse_commit(struct sim_opts *o, const char *arg)
{
	struct commit_log *l = &o->commits;
	struct commit_rec *c;
	const char *text;
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(arg, &end, 10);
	if (end == arg || *end != ':' || errno || arg[0] == '-')
		usage_error("--commit: '%s' is not CYCLE:ASSIGNMENTS", arg);
	text = end + 1;
	if (!*text || strchr(text, '\n'))
		usage_error("--commit: '%s': one line of assignments after the cycle", arg);
	/* what one commit of a loop can hold, its newline included */
	if (strlen(text) + 1 > SHIELDRT_PARAMS_TEXT_MAX)
		usage_error("--commit at cycle %llu: %zu bytes of assignments; a loop stages at most %d",
			    v, strlen(text), SHIELDRT_PARAMS_TEXT_MAX - 1);
	if (l->n && v <= l->rec[l->n - 1].cycle)
		usage_error("--commit: cycle %llu is not after %llu (one commit per cycle, in order)",
			    v, l->rec[l->n - 1].cycle);
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->rec = xrealloc(l->rec, l->cap * sizeof(*l->rec));
	}
	c = &l->rec[l->n++];
	memset(c, 0, sizeof(*c));
	c->gen = l->n;
	c->cycle = v;
	c->running = 1;
	c->lines = 1;
	c->text = xasprintf("%s\n", text);
	c->len = strlen(c->text);
	c->params = srt_stage_count_assignments(c->text, c->len);
	l->total = l->n;
}

static void sim_parse_args(int argc, char **argv, struct sim_opts *o)
{
	static const struct option own[] = {
		{ "input",	required_argument,	NULL, 'i' },
		{ "set",	required_argument,	NULL, 's' },
		{ "cycles",	required_argument,	NULL, 'n' },
		{ "out",	required_argument,	NULL, 'o' },
		{ "record",	no_argument,		NULL, 'r' },
		{ "commit",	required_argument,	NULL, 'c' },
		{ "hex",	no_argument,		NULL, 'x' },
		{ "period-us",	required_argument,	NULL, 'p' },
		{ NULL, 0, NULL, 0 }
	};
	struct cmd_opts co = { .name = "sim", .usage = sim_usage,
			       .shared = CMD_JSON, .own = own };
	int c;

	o->sets = xmalloc(sizeof(char *) * (size_t)argc);
	commit_log_init(&o->commits);
	while ((c = cmd_getopt(&co, argc, argv)) != -1) {
		switch (c) {
		case 'c':
			sim_parse_commit(o, optarg);
			break;
		case 'i':
			o->input = optarg;
			break;
		case 's':
			o->sets[o->nsets++] = optarg;
			break;
		case 'n':
			o->cycles = parse_uint_arg(optarg, "--cycles", 1,
						   ULLONG_MAX);
			break;
		case 'p':
			o->period_ns = (u32)(parse_uint_arg(optarg,
							    "--period-us",
							    SRT_CHAIN_PERIOD_US_MIN,
							    SRT_CHAIN_PERIOD_US_MAX) * 1000);
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'r':
			o->record = 1;
			break;
		case 'x':
			o->hex = 1;
			break;
		}
	}
	o->json = co.json;
	if (o->json && o->record)
		usage_error("--json and --record exclude each other");
}

int cmd_sim(int argc, char **argv)
{
	struct sim_opts o = { 0 };
	struct sim_input in = { 0 };
	bool covered[SRT_MAX_IO] = { false };
	u64 vals[SRT_MAX_IO] = { 0 }, out[SRT_MAX_IO];
	struct srt_chain_stats st;
	struct sim_chain s;
	unsigned long long n;
	unsigned int nc = 0;
	void *setbuf = NULL;
	char err[256];
	struct json j;
	FILE *f = stdout;
	bool more, safe = false;
	u32 i;

	sim_parse_args(argc, argv, &o);
	if (optind >= argc)
		usage_error("sim: no chain file given");
	if (optind + 1 < argc)
		usage_error("sim: unexpected argument '%s'", argv[optind + 1]);
	sim_chain_load(&s, argv[optind], o.period_ns);
	sim_parse_sets(&o, &s, vals, covered);
	if (o.input)
		sim_input_open(&in, &s, o.input, covered);
	for (i = 0; i < s.n_in; i++)
		if (!covered[i])
			usage_error("input '%s' of %s has no CSV column and no --set",
				    srt_chain_input_name(s.c, i), s.path);
	if (!o.cycles && !o.input)
		o.cycles = 1000;
	sim_check_commits(&o, argv[optind], o.cycles);
	if (o.out)
		f = fopen(o.out, "w");
	if (!f)
		usage_error("cannot write %s: %s", o.out, strerror(errno));

	sim_header(f, &j, &o, &s);
	more = o.input != NULL;
	for (n = 0; !o.cycles || n < o.cycles; n++) {
		int status;

		if (nc < o.commits.n && o.commits.rec[nc].cycle == n) {
			if (commit_apply(&s, &o.commits.rec[nc], &setbuf, err,
					 sizeof(err)))
				usage_error("--commit at cycle %llu: %s", n, err);
			nc++;
		}
		if (more)
			more = sim_input_row(&in, o.input, vals);
		if (o.input && !more && n == 0)
			usage_error("%s: no data rows", o.input);
		if (!more && !o.cycles)
			break;
		if (safe) {
			/* the loop's safe state: no step, outputs held at 0 */
			memset(out, 0, sizeof(out));
			sim_row(f, &j, &o, &s, n, vals, out, 2, SIM_CYC_SAFE);
			continue;
		}
		status = srt_chain_step(s.c, vals, out);
		sim_row(f, &j, &o, &s, n, vals, out, status, 0);
		/* a record is what the loop records: safe from the next cycle */
		safe = o.record && status == 2;
	}
	srt_chain_get_stats(s.c, &st);
	if (o.json) {
		json_arr_end(&j);
		json_key(&j, "summary");
		json_obj_begin(&j);
		json_kv_int(&j, "cycles", (long long)n);
		json_kv_int(&j, "bad_inputs", (long long)st.bad_inputs);
		json_kv_int(&j, "nonfinite_steps", (long long)st.nonfinite_steps);
		json_obj_end(&j);
		json_obj_end(&j);
		fputc('\n', f);
	} else if (o.record) {
		commit_log_write(&o.commits, f);
		fprintf(f, "# end commit_cycle=%llu\n",
			nc ? o.commits.rec[nc - 1].cycle : 0);
	}
	if (nc < o.commits.n)
		warnx_("--commit at cycle %llu: after the last cycle, not applied",
		       o.commits.rec[nc].cycle);
	if (f != stdout && fclose(f))
		fatal("writing %s: %s", o.out, strerror(errno));
	if (st.nonfinite_steps || st.bad_inputs)
		warnx_("%llu non-finite steps, %llu non-finite inputs replaced",
		       (unsigned long long)st.nonfinite_steps,
		       (unsigned long long)st.bad_inputs);
	if (in.f && in.f != stdin)
		fclose(in.f);
	free(in.line);
	free(o.sets);
	commit_log_free(&o.commits);
	free(setbuf);
	sim_chain_free(&s);
	return 0;
}
