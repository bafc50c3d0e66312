// SPDX-License-Identifier: GPL-2.0
/*
 * userctl limits -l LOOP [LINE...]: show or set a loop's output limits
 * (SHIELDRT_IOC_LIMITS and the "limits" view).  The module parses the
 * lines, applies them whole at a cycle boundary, or refuses them whole
 * with a reason.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "debugfs.h"
#include "json.h"
#include "userctl.h"

static void limits_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl limits -l LOOP [-j|--json]\n"
		"       userctl limits -l LOOP LINE...\n"
		"\n"
		"Without LINE: print the loop's limits table, the cycle it took\n"
		"effect and the last trip.  With LINEs: apply them together, one\n"
		"argument a line: 'out=N min=A max=B' (either side may be left\n"
		"out, inf is allowed but not min=inf or max=-inf), 'out=N off' or\n"
		"'clear'.  An output outside its limits puts the loop in safe\n"
		"state, reason limit.  Setting needs CAP_SYS_ADMIN; a refusal\n"
		"changes nothing and exits 1.\n"
		"\n"
		"  -l, --loop NAME   the loop\n"
		"  -j, --json        the table as JSON\n"
		"  -h, --help        this text\n");
}

/* The table's lines as objects, or its "#" lines as notes, from @text. */
static void limits_json_lines(struct json *j, const char *text, bool notes)
{
	char *copy = xstrdup(text), *line, *save;

	json_arr_begin(j);
	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (notes && *line == '#')
			json_str(j, line + 1 + strspn(line + 1, " "));
		else if (!notes && *line != '#')
			srt_json_kv_line(j, line);
	}
	json_arr_end(j);
	free(copy);
}

static void limits_show(const char *loop, bool json)
{
	char *text = ctl_view(loop, "limits");
	struct json j;

	if (json) {
		json_init(&j, stdout);
		json_obj_begin(&j);
		json_kv_str(&j, "loop", loop);
		json_key(&j, "limits");
		limits_json_lines(&j, text, false);
		/* the header, the generation in force, trips, inactive lines */
		json_key(&j, "notes");
		limits_json_lines(&j, text, true);
		json_obj_end(&j);
	} else {
		fputs(text, stdout);
	}
	free(text);
}

int cmd_limits(int argc, char **argv)
{
	struct cmd_opts o = { .name = "limits", .usage = limits_usage,
			      .shared = CMD_LOOP | CMD_JSON };
	const char *loop;
	size_t len = 0;
	char *text, *p;
	int i;

	cmd_getopt(&o, argc, argv);	/* no options of its own: all */
	loop = cmd_need_loop(&o);
	if (optind == argc) {
		limits_show(loop, o.json);
		return 0;
	}
	if (o.json)
		usage_error("limits: --json is for showing the table");
	for (i = optind; i < argc; i++) {
		if (!argv[i][0] || strchr(argv[i], '\n'))
			usage_error("limits: '%s' is not one line", argv[i]);
		len += strlen(argv[i]) + 1;
	}
	text = xmalloc(len + 1);
	for (p = text, i = optind; i < argc; i++)
		p += sprintf(p, "%s\n", argv[i]);
	ctl_limits(loop, text, len);
	free(text);
	printf("limits of %s: %d line%s applied\n", loop, argc - optind,
	       argc - optind == 1 ? "" : "s");
	return 0;
}
