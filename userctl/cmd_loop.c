// SPDX-License-Identifier: GPL-2.0
/*
 * userctl loop create|start|stop|resume|reset|destroy: one line each to the
 * module's debugfs "control" file.  create passes key=value settings
 * through; the module validates them and says why in last_error.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debugfs.h"
#include "userctl.h"

static void loop_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl loop create NAME [KEY=VALUE ...]\n"
		"       userctl loop start|stop|resume|reset|destroy NAME\n"
		"\n"
		"Write the command to %s/control.  create takes the\n"
		"loop's settings as KEY=VALUE, e.g.\n"
		"  userctl loop create a cpu=1 period_us=100 mode=hybrid\n"
		"resume leaves the safe state; reset clears the statistics.\n"
		"On failure the module's last_error is printed, exit status 1.\n"
		"\n"
		"  -h, --help   this text\n", SRT_DEBUGFS);
}

/* KEY=VALUE with KEY in [a-z0-9_] and no white space in VALUE. */
static void check_setting(const char *kv)
{
	const char *eq = strchr(kv, '='), *p;

	if (!eq || eq == kv || !eq[1])
		usage_error("loop create: '%s' is not KEY=VALUE", kv);
	for (p = kv; p < eq; p++)
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) &&
		    *p != '_')
			usage_error("loop create: bad key in '%s'", kv);
	for (p = eq + 1; *p; p++)
		if (isspace((unsigned char)*p) || !isprint((unsigned char)*p))
			usage_error("loop create: bad value in '%s'", kv);
}

int cmd_loop(int argc, char **argv)
{
	static const char *const verbs[] = {
		"create", "start", "stop", "resume", "reset", "destroy",
		NULL
	};
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *verb, *name;
	char *line, *prev;
	size_t i;
	int c, a;

	while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		if (c == 'h') {
			loop_usage(stdout);
			return 0;
		}
		loop_usage(stderr);
		return 2;
	}
	if (argc - optind < 2) {
		loop_usage(stderr);
		return 2;
	}
	verb = argv[optind];
	name = argv[optind + 1];
	for (i = 0; verbs[i] && strcmp(verbs[i], verb); i++)
		;
	if (!verbs[i])
		usage_error("loop: unknown subcommand '%s'", verb);
	srt_check_name(name);
	if (strcmp(verb, "create")) {
		no_more_args("loop", argc, argv, optind + 2);
		line = xasprintf("%s %s", verb, name);
	} else {
		line = xasprintf("create name=%s", name);
		for (a = optind + 2; a < argc; a++) {
			check_setting(argv[a]);
			prev = line;
			line = xasprintf("%s %s", prev, argv[a]);
			free(prev);
		}
	}
	srt_control(name, line);
	free(line);
	return 0;
}
