// SPDX-License-Identifier: GPL-2.0
/*
 * userctl loop create|set|start|stop|resume|reset|destroy -l LOOP: one
 * control plane request each.  create and set pass key=value settings through;
 * the module validates them and says why it refuses.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "debugfs.h"
#include "userctl.h"

static void loop_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl loop create -l LOOP [KEY=VALUE ...] [-s|--start]\n"
		"       userctl loop set -l LOOP KEY=VALUE ...\n"
		"       userctl loop start|stop|resume|reset|destroy -l LOOP\n"
		"\n"
		"Ask the module through %s (ioctls; debugfs is not needed).\n"
		"create takes the loop's settings as KEY=VALUE, e.g.\n"
		"  userctl loop create -l a cpu=1 period_us=100 mode=hybrid\n"
		"and with --start starts it too (or leaves nothing behind).  set\n"
		"changes settings: any but the name while stopped, the live ones\n"
		"while running.  resume leaves the safe state; reset clears the\n"
		"statistics.  Changes need CAP_SYS_ADMIN.  On a refusal the\n"
		"module's reason is printed, exit status 1.\n"
		"\n"
		"  -l, --loop NAME   the loop (create: its name)\n"
		"  -s, --start       create: start it too\n"
		"  -h, --help        this text\n", SHIELDRT_DEVICE);
}

/* KEY=VALUE with KEY in [a-z0-9_] and no white space in VALUE. */
static void check_setting(const char *verb, const char *kv)
{
	const char *eq = strchr(kv, '='), *p;

	if (!eq || eq == kv || !eq[1])
		usage_error("loop %s: '%s' is not KEY=VALUE", verb, kv);
	for (p = kv; p < eq; p++)
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) &&
		    *p != '_')
			usage_error("loop %s: bad key in '%s'", verb, kv);
	for (p = eq + 1; *p; p++)
		if (isspace((unsigned char)*p) || !isprint((unsigned char)*p))
			usage_error("loop %s: bad value in '%s'", verb, kv);
	if (eq - kv == 4 && !strncmp(kv, "name", 4))
		usage_error("loop %s: '%s': the name is given with -l",
			    verb, kv);
}

/* The settings of create or set as one "k=v k=v" text (malloc'ed). */
static char *settings_text(const char *verb, int n, char **args)
{
	char *text = xstrdup(""), *prev;
	int i;

	for (i = 0; i < n; i++) {
		check_setting(verb, args[i]);
		prev = text;
		text = xasprintf("%s%s%s", prev, *prev ? " " : "", args[i]);
		free(prev);
	}
	return text;
}

int cmd_loop(int argc, char **argv)
{
	static void (*const simple[])(const char *) = {
		ctl_start, ctl_stop, ctl_resume, ctl_reset, ctl_destroy,
	};
	static const char *const verbs[] = {
		"start", "stop", "resume", "reset", "destroy", "create", "set",
		NULL
	};
	static const struct option own[] = {
		{ "start", no_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 }
	};
	struct cmd_opts o = { .name = "loop", .usage = loop_usage,
			      .shared = CMD_LOOP, .own = own };
	const char *verb, *name;
	bool start = false;
	char *text;
	size_t i;
	int next;

	while (cmd_getopt(&o, argc, argv) != -1)
		start = true;	/* -s, --start: its one option of its own */
	if (optind >= argc) {
		loop_usage(stderr);
		return 2;
	}
	verb = argv[optind];
	for (i = 0; verbs[i] && strcmp(verbs[i], verb); i++)
		;
	if (!verbs[i])
		usage_error("loop: unknown subcommand '%s'", verb);
	o.name = xasprintf("loop %s", verb);
	next = optind + 1;
	cmd_loop_positional(&o, o.name, argc, argv, &next);
	name = cmd_need_loop(&o);
	if (start && strcmp(verb, "create"))
		usage_error("loop %s: --start is for create", verb);
	if (i < ARRAY_SIZE(simple)) {
		no_more_args("loop", argc, argv, next);
		simple[i](name);
		return 0;
	}
	argc -= next;
	argv += next;
	if (!strcmp(verb, "create")) {
		text = settings_text(verb, argc, argv);
		ctl_create(name, text, start);
	} else {
		if (!argc)
			usage_error("loop set: give KEY=VALUE settings");
		text = settings_text(verb, argc, argv);
		ctl_configure(name, text);
	}
	free(text);
	return 0;
}
