// SPDX-License-Identifier: GPL-2.0
/*
 * userctl bench NAME [options]: one of the seed experiments on this
 * machine (bench_list.h names them).  Options: the common ones below and
 * the bench's own, made from its parameter rows (--period-us for
 * period_us); every one is checked before anything is asked of the
 * module.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"
#include "sysfile.h"
#include "userctl.h"

static const struct {
	const struct bench_def *def;
} bench_entries[] = {
#define BENCH(name) { &bench_##name },
#include "bench_list.h"
#undef BENCH
};

const struct bench_def *bench_nth(unsigned int i)
{
	return i < ARRAY_SIZE(bench_entries) ? bench_entries[i].def : NULL;
}

const struct bench_def *bench_find(const char *name)
{
	const struct bench_def *d;
	unsigned int i;

	for (i = 0; (d = bench_nth(i)); i++)
		if (!strcmp(d->name, name))
			return d;
	return NULL;
}

/*
 * Options of every bench beyond the shared -j/--json, -d/--duration and
 * -h (options.c); a bench's own parameters get the values from 256 up.
 */
enum {
	OPT_CPUS = 'c',
	OPT_FORCE = 'f',
	OPT_PLOT = 'p',
	OPT_ROOT = 'R' + 512,	/* no short form */
	OPT_PARAM = 256,
};

static const struct option common_opts[] = {
	{ "cpus",	required_argument,	NULL, OPT_CPUS },
	{ "force",	no_argument,		NULL, OPT_FORCE },
	{ "plot",	required_argument,	NULL, OPT_PLOT },
	/* hidden: the host tests' fake /proc and /sys */
	{ "root",	required_argument,	NULL, OPT_ROOT },
};

static void bench_list_usage(FILE *f)
{
	const struct bench_def *d;
	unsigned int i;

	fprintf(f,
		"usage: userctl bench NAME [--cpus LIST] [--duration S] [--force]\n"
		"                          [--json] [--plot DIR] [bench options]\n"
		"       userctl bench NAME --help\n"
		"\n"
		"Run one of the studies shieldrt was built on, on this machine,\n"
		"through %s (debugfs is not needed), and print its\n"
		"table: '#' lines with what ran and what the columns mean, the\n"
		"column heads over their units and resolutions.  It creates its\n"
		"own loops (named b_...), and destroys them, and undoes whatever\n"
		"else it changed, when it ends, fails or is interrupted (exit\n"
		"130 on SIGINT, 143 on SIGTERM).\n"
		"\n"
		"benches:\n", "/dev/shieldrt");
	for (i = 0; (d = bench_nth(i)); i++)
		fprintf(f, "  %-13s %s\n", d->name, d->title);
	fprintf(f,
		"\n"
		"  -c, --cpus LIST     the CPUs to run on (default: the shielded\n"
		"                      ones: isolcpus, nohz_full, the cpuset\n"
		"                      partition of 'userctl shield apply')\n"
		"  -d, --duration S    seconds (what they cover: each bench's help)\n"
		"  -f, --force         run on CPUs that are not shielded\n"
		"  -j, --json          one JSON document instead of the table\n"
		"  -p, --plot DIR      also write DIR/NAME.json and the tables as\n"
		"                      PNG figures, DIR/NAME-UNIT.png\n"
		"  -h, --help          this text; with NAME, the bench's own\n"
		"\n"
		"Exit status: 0 done; 1 a figure could not be taken or the module\n"
		"refused (its reason printed); 2 bad input or a machine the bench\n"
		"cannot run on (not root, no module, a CPU offline or not\n"
		"shielded without --force, ...), before anything was changed;\n"
		"130/143 interrupted, after everything was undone.\n");
}

static void bench_usage(const struct bench_def *d, FILE *f)
{
	char name[64], arg[128], def[128];
	unsigned int i, k;

	fprintf(f, "usage: userctl bench %s [--cpus LIST] [--duration S] [--force] [--json]\n"
		"       [--plot DIR] [options]\n\n%s: %s\n\n%s\n\n",
		d->name, d->name, d->title, d->help);
	if (d->def_duration_s > 0)
		fprintf(f, "  --duration S        %s (default %g)\n",
			d->duration_is, d->def_duration_s);
	else
		fprintf(f, "  --duration S        %s\n", d->duration_is);
	for (i = 0; i < d->nparams; i++) {
		const struct bench_param *p = &d->params[i];

		bench_param_option(p, name, sizeof(name));
		switch (p->type) {
		case BP_UINT:
			snprintf(arg, sizeof(arg), "%s N", name);
			snprintf(def, sizeof(def), "%llu..%llu%s%s, default %llu",
				 p->min, p->max, *p->unit ? " " : "", p->unit,
				 p->def);
			break;
		case BP_FLAG:
			snprintf(arg, sizeof(arg), "%s[=0|1]", name);
			snprintf(def, sizeof(def), "default %llu", p->def);
			break;
		case BP_WORDS:
			snprintf(arg, sizeof(arg), "%s LIST", name);
			snprintf(def, sizeof(def), "default %s", p->def_words);
			break;
		case BP_UINTS:
			snprintf(arg, sizeof(arg), "%s N,...", name);
			snprintf(def, sizeof(def), "each %llu..%llu%s%s, default %s",
				 p->min, p->max, *p->unit ? " " : "", p->unit,
				 p->def_words);
			break;
		case BP_NAME:
			snprintf(arg, sizeof(arg), "%s NAME", name);
			snprintf(def, sizeof(def), "default %s",
				 *p->def_words ? p->def_words : "none");
			break;
		}
		fprintf(f, "  %-19s %s (%s)\n", arg, p->help, def);
		if (p->type == BP_WORDS) {
			fprintf(f, "  %-19s one or more of:", "");
			for (k = 0; p->choices[k]; k++)
				fprintf(f, "%s%s", k ? "," : " ", p->choices[k]);
			fputc('\n', f);
		}
	}
	fprintf(f, "\nCommon options: 'userctl bench --help'.\n");
}

/* --plot DIR: the JSON and the figures. */
static int bench_plot(const struct bench_result *r, const struct bench_env *e,
		      const struct bench_args *a, const char *dir)
{
	char *path = xasprintf("%s/%s.json", dir, r->def->name), why[512];
	FILE *f;

	f = fopen(path, "w");
	if (!f) {
		warnx_("--plot: cannot write %s: %s", path, strerror(errno));
		free(path);
		return 1;
	}
	bench_print_json(r, e, a, f);
	if (fclose(f)) {
		warnx_("--plot: writing %s: %s", path, strerror(errno));
		free(path);
		return 1;
	}
	fprintf(stderr, "userctl: bench: wrote %s\n", path);
	free(path);
	if (bench_plot_result(r, dir, why, sizeof(why))) {
		warnx_("--plot: %s", why);
		return 1;
	}
	return 0;
}

int bench_run(const struct bench_def *d, const struct bench_args *a,
	      struct bench_env *e, struct bench_result *r)
{
	int ret;

	bench_prepare(d, a, e);
	memset(r, 0, sizeof(*r));
	r->def = d;
	ret = d->run(d, a, e, r);
	bench_undo_all();
	if (bench_undo_failures())
		ret = ret ? ret : 1;
	return ret;
}

/* Its own options: the common ones and one per parameter, then a zero. */
static struct option *bench_options(const struct bench_def *d,
				    char names[][64])
{
	size_t nc = ARRAY_SIZE(common_opts), i;
	struct option *o = xmalloc((nc + d->nparams + 1) * sizeof(*o));

	memcpy(o, common_opts, sizeof(common_opts));
	for (i = 0; i < d->nparams; i++) {
		bench_param_option(&d->params[i], names[i], 64);
		o[nc + i] = (struct option){
			names[i] + 2,
			d->params[i].type == BP_FLAG ? optional_argument :
						       required_argument,
			NULL, OPT_PARAM + (int)i };
	}
	memset(&o[nc + d->nparams], 0, sizeof(*o));
	return o;
}

/* The bench whose help -h prints (cmd_getopt's usage takes no argument). */
static const struct bench_def *usage_def;

static void bench_cmd_usage(FILE *f)
{
	bench_usage(usage_def, f);
}

int cmd_bench(int argc, char **argv)
{
	char names[BENCH_MAX_PARAMS][64], err[512];
	struct cmd_opts o = { .name = "bench", .usage = bench_cmd_usage,
			      .shared = CMD_JSON | CMD_DURATION };
	const char *plot = NULL;
	const struct bench_def *d;
	struct bench_result r;
	struct bench_args a;
	struct bench_env e;
	struct stat st;
	int c, ret;

	if (argc < 2 || argv[1][0] == '-') {
		bool help = argc >= 2 && (!strcmp(argv[1], "-h") ||
					  !strcmp(argv[1], "--help"));

		bench_list_usage(help ? stdout : stderr);
		return help ? 0 : 2;
	}
	d = bench_find(argv[1]);
	if (!d)
		usage_error("bench: no bench '%s' (see 'userctl bench --help')",
			    argv[1]);
	usage_def = d;
	bench_args_init(d, &a);
	o.own = bench_options(d, names);
	argc--;
	argv++;
	while ((c = cmd_getopt(&o, argc, argv)) != -1) {
		switch (c) {
		case OPT_CPUS:
			if (cpulist_parse(optarg, &a.cpus, 0, err, sizeof(err)))
				usage_error("bench %s: --cpus '%s': %s", d->name,
					    optarg, err);
			a.cpus_given = true;
			break;
		case OPT_FORCE:
			a.force = true;
			break;
		case OPT_PLOT:
			plot = optarg;
			break;
		case OPT_ROOT:
			sysfile_set_root(optarg);
			break;
		default:
			if (bench_args_set(d, &a, d->params[c - OPT_PARAM].name,
					   optarg ? optarg : "1", err,
					   sizeof(err)))
				usage_error("bench %s: %s", d->name, err);
		}
	}
	free((void *)o.own);
	no_more_args("bench", argc, argv, optind);
	if (o.duration > 0) {
		a.duration_s = o.duration;
		a.duration_given = true;
	}
	if (plot && (stat(plot, &st) || !S_ISDIR(st.st_mode)))
		usage_error("bench %s: --plot %s: not a directory", d->name,
			    plot);
	ret = bench_run(d, &a, &e, &r);
	if (o.json)
		bench_print_json(&r, &e, &a, stdout);
	else
		bench_print_text(&r, &e, stdout);
	if (plot && bench_plot(&r, &e, &a, plot))
		ret = ret ? ret : 1;
	bench_result_free(&r);
	return ret;
}
