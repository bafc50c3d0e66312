// SPDX-License-Identifier: GPL-2.0
/*
 * userctl hist NAME: the loop's histograms.  The module already prints
 * them in rtla's shape ("#" header, index rows, over:/count:/min:/avg:/
 * max: rows); text mode passes them through, --json turns that shape
 * into arrays.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debugfs.h"
#include "json.h"
#include "sysfile.h"
#include "userctl.h"

static void hist_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl hist NAME [-j|--json]\n"
		"\n"
		"Print %s/NAME/hist.\n"
		"\n"
		"  -j, --json   columns, buckets and summary rows as JSON\n"
		"  -h, --help   this text\n", SRT_DEBUGFS);
}

/* The white-space separated fields of @p as a JSON array. */
static void json_fields(struct json *j, char *p)
{
	char *tok, *save, *end;

	json_arr_begin(j);
	for (tok = strtok_r(p, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		strtod(tok, &end);
		if (!*end && isdigit((unsigned char)tok[strspn(tok, "-")]))
			json_raw(j, tok);
		else
			json_str(j, tok);
	}
	json_arr_end(j);
}

static void hist_json(struct json *j, const char *loop, char *text)
{
	char *line, *save, *colon;
	bool buckets = false;

	json_obj_begin(j);
	json_kv_str(j, "name", loop);
	json_key(j, "header");
	json_arr_begin(j);
	for (line = text; line; line = strchr(line, '\n')) {
		line += *line == '\n';
		if (*line == '#')
			json_str_n(j, line + 1 + strspn(line + 1, " "),
				   strcspn(line + 1 + strspn(line + 1, " "),
					   "\n"));
	}
	json_arr_end(j);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (*line == '#')
			continue;
		line += strspn(line, " \t");
		if (isdigit((unsigned char)*line)) {
			if (!buckets) {
				json_key(j, "buckets");
				json_arr_begin(j);
				buckets = true;
			}
			json_fields(j, line);
			continue;
		}
		if (buckets) {
			json_arr_end(j);
			buckets = false;
		}
		colon = strchr(line, ':');
		if (!strncmp(line, "Index", 5)) {
			json_key(j, "columns");
			line += 5;
		} else if (!colon) {
			json_key(j, "columns");
		} else {
			*colon = '\0';
			json_key(j, line);
			line = colon + 1;
		}
		json_fields(j, line);
	}
	if (buckets)
		json_arr_end(j);
	json_obj_end(j);
}

int cmd_hist(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	bool json = false;
	char *path, *text;
	struct json j;
	int c, err;

	while ((c = getopt_long(argc, argv, "jh", opts, NULL)) != -1) {
		if (c == 'j') {
			json = true;
			continue;
		}
		hist_usage(c == 'h' ? stdout : stderr);
		return c == 'h' ? 0 : 2;
	}
	if (optind >= argc) {
		hist_usage(stderr);
		return 2;
	}
	srt_check_name(argv[optind]);
	no_more_args("hist", argc, argv, optind + 1);
	srt_require();
	path = srt_path(argv[optind], "hist");
	err = file_read(path, &text, NULL);
	if (err)
		fatal("%s: %s", syspath(path), strerror(-err));
	if (json) {
		json_init(&j, stdout);
		hist_json(&j, argv[optind], text);
	} else {
		fputs(text, stdout);
	}
	free(text);
	free(path);
	return 0;
}
