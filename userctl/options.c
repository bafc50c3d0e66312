// SPDX-License-Identifier: GPL-2.0
/*
 * Option parsing shared by the commands: the options several of them
 * take (-l LOOP, --json, --duration, --count) parsed in one place, -h and
 * unknown options answered alike, the loop's old positional form, and
 * the number checks of option values.
 */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debugfs.h"
#include "userctl.h"

/*
 * The release from which a loop named by a positional argument (the
 * form before -l LOOP) is refused.
 */
#define LOOP_POSITIONAL_UNTIL	"0.2"

/* The shared options, in the order their short letters are offered. */
static const struct {
	unsigned int bit;
	struct option opt;
} shared_opts[] = {
	{ CMD_LOOP,	{ "loop",	required_argument,	NULL, 'l' } },
	{ CMD_JSON,	{ "json",	no_argument,		NULL, 'j' } },
	{ CMD_DURATION,	{ "duration",	required_argument,	NULL, 'd' } },
	{ CMD_COUNT,	{ "count",	required_argument,	NULL, 'n' } },
};

static const struct option help_opt = { "help", no_argument, NULL, 'h' };

/* Add @opt to the tables getopt_long() reads; a short form if a letter. */
static void cmd_opts_add(struct cmd_opts *o, const struct option *opt)
{
	size_t n = 0, s = strlen(o->shortopts);

	while (o->longopts[n].name)
		n++;
	/* room for this one, the terminator, and "x:" and a NUL */
	if (n + 2 > ARRAY_SIZE(o->longopts) || s + 3 > sizeof(o->shortopts))
		fatal("%s: too many options for struct cmd_opts", o->name);
	o->longopts[n] = *opt;
	if (opt->val > 0 && opt->val < 128 && isalpha(opt->val)) {
		if (strchr(o->shortopts, opt->val))
			fatal("%s: option -%c declared twice", o->name,
			      opt->val);
		o->shortopts[s++] = (char)opt->val;
		if (opt->has_arg == required_argument)
			o->shortopts[s++] = ':';
		o->shortopts[s] = '\0';
	}
}

static void cmd_opts_build(struct cmd_opts *o)
{
	const struct option *own;
	size_t i;

	memset(o->longopts, 0, sizeof(o->longopts));
	o->shortopts[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(shared_opts); i++)
		if (o->shared & shared_opts[i].bit)
			cmd_opts_add(o, &shared_opts[i].opt);
	for (own = o->own; own && own->name; own++)
		cmd_opts_add(o, own);
	cmd_opts_add(o, &help_opt);
	o->built = true;
}

/* The shared option @c, if the command takes it; false if it is its own. */
static bool cmd_opts_take(struct cmd_opts *o, int c, const char *arg)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(shared_opts); i++)
		if (shared_opts[i].opt.val == c)
			break;
	if (i == ARRAY_SIZE(shared_opts) || !(o->shared & shared_opts[i].bit))
		return false;
	switch (shared_opts[i].bit) {
	case CMD_LOOP:
		o->loop = arg;
		break;
	case CMD_JSON:
		o->json = true;
		break;
	case CMD_DURATION:
		o->duration = dp_parse_value(arg, "--duration");
		if (o->duration <= 0)
			usage_error("--duration must be positive");
		break;
	case CMD_COUNT:
		o->count = parse_uint_arg(arg, "--count", 1, ULLONG_MAX);
		break;
	}
	return true;
}

int cmd_getopt(struct cmd_opts *o, int argc, char **argv)
{
	int c;

	if (!o->built)
		cmd_opts_build(o);
	while ((c = getopt_long(argc, argv, o->shortopts, o->longopts,
				NULL)) != -1) {
		if (c == 'h') {
			o->usage(stdout);
			exit(0);
		}
		if (c == '?') {
			o->usage(stderr);
			exit(2);
		}
		if (!cmd_opts_take(o, c, optarg))
			return c;
	}
	return -1;
}

void cmd_loop_positional(struct cmd_opts *o, const char *words, int argc,
			 char **argv, int *next)
{
	if (o->loop || *next >= argc || strchr(argv[*next], '='))
		return;
	o->loop = argv[(*next)++];
	warnx_("'userctl %s NAME' is deprecated and refused from shieldrt %s on: use 'userctl %s -l NAME'",
	       words, LOOP_POSITIONAL_UNTIL, words);
}

const char *cmd_need_loop(const struct cmd_opts *o)
{
	if (!o->loop)
		usage_error("%s: -l LOOP is required", o->name);
	srt_check_name(o->loop);
	return o->loop;
}

void getopt_reset(void)
{
	/* glibc re-initialises its scanner when optind is 0. */
	optind = 0;
	opterr = 1;
}

void no_more_args(const char *cmd, int argc, char **argv, int optind_)
{
	if (optind_ < argc)
		usage_error("%s: unexpected argument '%s' (see 'userctl %s --help')",
			    cmd, argv[optind_], cmd);
}

unsigned long long parse_uint_arg(const char *s, const char *what,
				  unsigned long long min,
				  unsigned long long max)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	/* strtoull takes blanks and a sign ("-1" is ULLONG_MAX): no */
	if (isdigit((unsigned char)*s) && !*end && !errno && v >= min &&
	    v <= max)
		return v;
	if (max != ULLONG_MAX)
		usage_error("%s: '%s' is not an integer from %llu to %llu",
			    what, s, min, max);
	if (min > 1)
		usage_error("%s: '%s' is not an integer of at least %llu",
			    what, s, min);
	usage_error("%s: '%s' is not a %s integer", what, s,
		    min ? "positive" : "non-negative");
}

double dp_parse_value(const char *s, const char *what)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end || !isfinite(v) ||
	    (errno == ERANGE && fabs(v) > DBL_MIN))
		usage_error("%s: '%s' is not a finite number", what, s);
	return v;
}
