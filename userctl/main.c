// SPDX-License-Identifier: GPL-2.0
/*
 * userctl: the shieldrt command line.
 *
 *   userctl [--root DIR] <command> [<subcommand>] [options]
 *
 * Commands come from commands.h; each parses its own options.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sysfile.h"
#include "userctl.h"

#define USERCTL_CMD(name, summary) int cmd_##name(int argc, char **argv);
#include "commands.h"
#undef USERCTL_CMD

struct command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv);
};

static const struct command commands[] = {
#define USERCTL_CMD(name, summary) { #name, summary, cmd_##name },
#include "commands.h"
#undef USERCTL_CMD
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
	size_t i;

	fprintf(f,
		"usage: userctl [-V|--version] [-h|--help] <command> [<args>]\n"
		"\n"
		"shieldrt control: run and watch kernel control loops, shield\n"
		"their CPUs.  'userctl <command> --help' describes a command.\n"
		"\n"
		"commands:\n");
	for (i = 0; i < N_COMMANDS; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name,
			commands[i].summary);
	fprintf(f,
		"\n"
		"Every /proc, /sys and /run path is read below $USERCTL_ROOT\n"
		"(or --root DIR) when set: the host tests use a fake tree.\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help",	no_argument,		NULL, 'h' },
		{ "version",	no_argument,		NULL, 'V' },
		{ "root",	required_argument,	NULL, 'R' },
		{ NULL, 0, NULL, 0 }
	};
	const char *env = getenv("USERCTL_ROOT");
	size_t i;
	int c;

	if (env)
		sysfile_set_root(env);
	/* '+': stop at the command name, the rest belongs to it. */
	while ((c = getopt_long(argc, argv, "+hV", opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("userctl %s\n", USERCTL_VERSION);
			return 0;
		case 'R':
			sysfile_set_root(optarg);
			break;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	for (i = 0; i < N_COMMANDS; i++) {
		if (strcmp(argv[optind], commands[i].name) == 0) {
			argc -= optind;
			argv += optind;
			getopt_reset();
			return commands[i].run(argc, argv);
		}
	}
	usage_error("unknown command '%s' (see 'userctl --help')",
		    argv[optind]);
}
