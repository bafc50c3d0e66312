// SPDX-License-Identifier: GPL-2.0
/* userctl status [NAME]: the loops' state, configuration and statistics. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debugfs.h"
#include "json.h"
#include "sysfile.h"
#include "userctl.h"

/* The per-loop files status shows, in this order. */
static const char *const status_files[] = { "state", "config", "stats",
					     "io", "dataplane", "preflight",
					     "last_error" };
#define N_STATUS_FILES ARRAY_SIZE(status_files)

static void status_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl status [NAME] [-j|--json]\n"
		"\n"
		"Without NAME: one line per loop with its state.  With NAME: the\n"
		"loop's state, config, stats, io (provider bindings), dataplane,\n"
		"preflight and last_error from %s/NAME/.\n"
		"\n"
		"  -j, --json   machine-readable output\n"
		"  -h, --help   this text\n", SRT_DEBUGFS);
}

static char *loop_file(const char *loop, const char *file)
{
	char *path = srt_path(loop, file), *text;

	text = file_read_line(path);
	free(path);
	return text;
}

static void status_json_loop(struct json *j, const char *loop)
{
	char *text;
	size_t i;

	json_obj_begin(j);
	json_kv_str(j, "name", loop);
	for (i = 0; i < N_STATUS_FILES; i++) {
		text = loop_file(loop, status_files[i]);
		json_key(j, status_files[i]);
		if (text)
			srt_json_text(j, text);
		else
			json_null(j);
		free(text);
	}
	json_obj_end(j);
}

static void status_text_loop(const char *loop)
{
	char *text;
	size_t i;

	for (i = 0; i < N_STATUS_FILES; i++) {
		text = loop_file(loop, status_files[i]);
		if (!text || !*text) {
			free(text);
			continue;
		}
		printf("# %s %s\n%s\n", loop, status_files[i], text);
		free(text);
	}
}

int cmd_status(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	unsigned int n, i;
	bool json = false;
	struct json j;
	char **names, *state, *dir;
	int c;

	while ((c = getopt_long(argc, argv, "jh", opts, NULL)) != -1) {
		if (c == 'j') {
			json = true;
			continue;
		}
		status_usage(c == 'h' ? stdout : stderr);
		return c == 'h' ? 0 : 2;
	}
	srt_require();
	json_init(&j, stdout);
	if (optind < argc) {
		srt_check_name(argv[optind]);
		no_more_args("status", argc, argv, optind + 1);
		dir = srt_path(argv[optind], NULL);
		if (!file_exists(dir))
			fatal("no loop '%s' (%s not found)", argv[optind],
			      syspath(dir));
		free(dir);
		if (json)
			status_json_loop(&j, argv[optind]);
		else
			status_text_loop(argv[optind]);
		return 0;
	}
	n = srt_loops(&names);
	if (json)
		json_arr_begin(&j);
	else
		printf("# %u loop%s\n%-32s %s\n", n, n == 1 ? "" : "s",
		       "NAME", "STATE");
	for (i = 0; i < n; i++) {
		if (json) {
			status_json_loop(&j, names[i]);
		} else {
			state = loop_file(names[i], "state");
			/* first line only: the state's name */
			if (state)
				state[strcspn(state, "\n")] = '\0';
			printf("%-32s %s\n", names[i], state ? state : "?");
			free(state);
		}
		free(names[i]);
	}
	if (json)
		json_arr_end(&j);
	free(names);
	return 0;
}
