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

#include "../include/shieldrt_version.h"
#include "ctl.h"
#include "sysfile.h"
#include "userctl.h"

int cmd_help(int argc, char **argv);

/*
 * Declare the handlers.  The expansion is a single declaration, "int
 * cmd_loop(int argc, char **argv), cmd_status(...), ..., cmd_help(...);",
 * so the lines of commands.h need no semicolon.
 */
#define USERCTL_CMD(name, ...) cmd_##name(int argc, char **argv),
#define USERCTL_TEST_CMD USERCTL_CMD
int
#include "commands.h"
	cmd_help(int argc, char **argv);
#undef USERCTL_TEST_CMD
#undef USERCTL_CMD

struct command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv);
	bool test_only;		/* not listed: a tool of the test suites */
};

static const struct command commands[] = {
#define USERCTL_CMD(name, summary) { #name, summary, cmd_##name, false },
#define USERCTL_TEST_CMD(name, summary) { #name, summary, cmd_##name, true },
#include "commands.h"
#undef USERCTL_TEST_CMD
#undef USERCTL_CMD
	{ "help", "show the help of a command", cmd_help, false },
};

#define N_COMMANDS ARRAY_SIZE(commands)

static void print_usage(FILE *f)
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
		if (!commands[i].test_only)
			fprintf(f, "  %-10s %s\n", commands[i].name,
				commands[i].summary);
	fprintf(f,
		"\n"
		"The module is asked through %s (ioctls; $SHIELDRT_DEV\n"
		"names another node); debugfs need not be mounted.  Every\n"
		"/proc, /sys and /run path is read below $USERCTL_ROOT (or\n"
		"--root DIR) when set: the host tests use a fake tree.\n"
		"\n"
		"Exit status: 0 success; 1 the module refused (its reason and\n"
		"the errno's name are printed) or the system failed; 2 a usage\n"
		"error (unknown option, bad value, a file that cannot be read),\n"
		"found before anything is sent.  Commands that check something\n"
		"(shield audit, record, replay, stream) also exit 1 when the\n"
		"check fails.\n",
		SHIELDRT_DEVICE);
}

static const struct command *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < N_COMMANDS; i++)
		if (strcmp(name, commands[i].name) == 0)
			return &commands[i];
	return NULL;
}

/* userctl help [COMMAND]: the same as "userctl COMMAND --help". */
int cmd_help(int argc, char **argv)
{
	const struct command *cmd;
	char *args[3];

	if (argc < 2) {
		print_usage(stdout);
		return 0;
	}
	cmd = find_command(argv[1]);
	if (!cmd || cmd->run == cmd_help)
		usage_error("help: unknown command '%s' (see 'userctl --help')",
			    argv[1]);
	args[0] = argv[1];
	args[1] = (char *)"--help";	/* getopt moves pointers only */
	args[2] = NULL;
	getopt_reset();
	return cmd->run(2, args);
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
	const struct command *cmd;
	int c;

	if (env)
		sysfile_set_root(env);
	/* '+': stop at the command name, the rest belongs to it. */
	while ((c = getopt_long(argc, argv, "+hV", opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			print_usage(stdout);
			return 0;
		case 'V':
			printf("userctl %s (ABI %d)\n", SHIELDRT_VERSION,
			       SHIELDRT_ABI_VERSION);
			return 0;
		case 'R':
			sysfile_set_root(optarg);
			break;
		default:
			print_usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		print_usage(stderr);
		return 2;
	}
	cmd = find_command(argv[optind]);
	if (cmd) {
		argc -= optind;
		argv += optind;
		getopt_reset();
		return cmd->run(argc, argv);
	}
	usage_error("unknown command '%s' (see 'userctl --help')",
		    argv[optind]);
}
