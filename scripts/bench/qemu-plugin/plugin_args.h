/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The plugins' arguments: "-plugin FILE.so,NAME=VALUE,..." reaches
 * qemu_plugin_install() as argv strings "NAME=VALUE".  Each plugin lists
 * what it takes in a table; plugin_args() fills the table's variables,
 * refuses a name it does not list, a number that is not one (or out of
 * range) and a required argument missing, each with a message naming
 * the plugin.  A string argument is copied: QEMU may free argv once the
 * plugin is installed, and the plugins name their files again at exit.
 */
#ifndef SRT_PLUGIN_ARGS_H
#define SRT_PLUGIN_ARGS_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

enum plugin_arg_kind { PLUGIN_ARG_STR, PLUGIN_ARG_UINT, PLUGIN_ARG_U64 };

struct plugin_arg {
	const char *name;
	#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

enum plugin_arg_kind kind;
	void *var;		/* const char **, unsigned int * or uint64_t * */
	int required;
};

static inline int plugin_arg_number(const char *plugin, const char *arg,
				    const char *text, uint64_t max,
				    uint64_t *val)
{
	char *end;

	errno = 0;
	*val = strtoull(text, &end, 10);
	if (!*text || *end || errno || *text == '-' || *val > max) {
		fprintf(stderr, "%s: '%s' wants a number from 0 to %llu\n",
			plugin, arg, (unsigned long long)max);
		return -1;
	}
	return 0;
}

static inline int plugin_args(const char *plugin, int argc, char **argv,
			      struct plugin_arg *args, size_t nr_args)
{
	uint64_t v, seen = 0;
	size_t j;
	int i;

	if (nr_args > 64)
		return -1;

	for (i = 0; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');
		struct plugin_arg *a = NULL;

		for (j = 0; eq && j < nr_args; j++) {
			if (strlen(args[j].name) == (size_t)(eq - argv[i]) &&
			    !strncmp(argv[i], args[j].name, eq - argv[i])) {
				a = &args[j];
				break;
			}
		}
		if (!a) {
			fprintf(stderr, "%s: unknown argument '%s'\n", plugin,
				argv[i]);
			return -1;
		}
		switch (a->kind) {
		case PLUGIN_ARG_STR:
			if (!eq[1]) {
				fprintf(stderr, "%s: '%s' is empty\n", plugin,
					argv[i]);
				return -1;
			}
			*(const char **)a->var = strdup(eq + 1);
			if (!*(const char **)a->var)
				return -1;
			break;
		case PLUGIN_ARG_UINT:
			if (plugin_arg_number(plugin, argv[i], eq + 1,
					      UINT32_MAX, &v))
				return -1;
			*(unsigned int *)a->var = (unsigned int)v;
			break;
		case PLUGIN_ARG_U64:
			if (plugin_arg_number(plugin, argv[i], eq + 1,
					      UINT64_MAX, &v))
				return -1;
			*(uint64_t *)a->var = v;
			break;
		}
		seen |= 1ull << (a - args);
	}
	for (j = 0; j < nr_args; j++) {
		if (args[j].required && !(seen & (1ull << j))) {
			fprintf(stderr, "%s: %s=... is required\n", plugin,
				args[j].name);
			return -1;
		}
	}
	return 0;
}

#endif
