// SPDX-License-Identifier: GPL-2.0
/*
 * userctl chain load|unload|show|stage|commit: a loop's algorithm chain
 * through the control plane (SHIELDRT_IOC_CHAIN, _PARAMS, _COMMIT, and the
 * "blocks", "params" and "commit" views).  The module compiles and
 * validates everything; on a rejection this prints its one-line reason
 * and exits 1.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "debugfs.h"
#include "json.h"
#include "sysfile.h"
#include "userctl.h"

static void chain_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl chain load -l LOOP FILE\n"
		"       userctl chain unload -l LOOP\n"
		"       userctl chain show -l LOOP [-p] [-j]\n"
		"       userctl chain stage -l LOOP BLOCK.PARAM=VALUE...\n"
		"       userctl chain commit -l LOOP [-j]\n"
		"\n"
		"load compiles FILE (chain text, see algorithms/README.md) into a\n"
		"stopped loop; unload goes back to the echo workload.  show prints\n"
		"the running chain with every parameter's value (-p: the staged\n"
		"assignments too).  stage adds assignments to the staged set;\n"
		"commit makes it active at one cycle boundary of the running loop\n"
		"and prints that cycle.  All but show need CAP_SYS_ADMIN.\n"
		"\n"
		"  -l, --loop NAME   the loop\n"
		"  -p, --params      show: staged and running parameters\n"
		"  -j, --json        show, commit: JSON\n"
		"  -h, --help        this text\n");
}

static int chain_show(const char *loop, bool params, bool json)
{
	const char *view = params ? "params" : "blocks";
	char *text = ctl_view(loop, view);
	struct json j;

	if (json) {
		json_init(&j, stdout);
		json_obj_begin(&j);
		json_kv_str(&j, "loop", loop);
		json_kv_str(&j, params ? "params" : "chain", text);
		json_obj_end(&j);
	} else {
		fputs(text, stdout);
	}
	free(text);
	return 0;
}

static int chain_load(const char *loop, const char *file)
{
	char *text;
	size_t len;
	int err;

	err = file_read(file, &text, &len);
	if (err)
		usage_error("cannot read %s: %s", file, strerror(-err));
	/* an empty text would unload the chain: say so instead */
	if (!len)
		usage_error("%s is empty (to go back to the echo workload: userctl chain unload -l %s)",
		      file, loop);
	ctl_chain(loop, text, len);
	free(text);
	printf("loaded %s into %s\n", file, loop);
	return 0;
}

static int chain_stage(const char *loop, int n, char **kv)
{
	size_t len = 0;
	char *text, *p;
	int i;

	if (n < 1)
		usage_error("chain stage: give BLOCK.PARAM=VALUE assignments");
	for (i = 0; i < n; i++) {
		if (!strchr(kv[i], '=') || !strchr(kv[i], '.'))
			usage_error("chain stage: '%s' is not BLOCK.PARAM=VALUE",
				    kv[i]);
		len += strlen(kv[i]) + 1;
	}
	text = xmalloc(len + 1);
	for (p = text, i = 0; i < n; i++)
		p += sprintf(p, "%s\n", kv[i]);
	ctl_params(loop, text, len);
	free(text);
	printf("staged %d assignment%s on %s\n", n, n == 1 ? "" : "s", loop);
	return 0;
}

static int chain_commit(const char *loop, bool json)
{
	unsigned long long gen, cycle, seen;
	struct json j;
	bool known;
	char *line;

	cycle = ctl_commit(loop);
	/* the generation: the commit view, unless another commit came since */
	line = ctl_view(loop, "commit");
	known = sscanf(line, "generation %llu cycle %llu", &gen, &seen) == 2 &&
		seen == cycle;
	if (!known)
		warnx_("commit: the generation is unknown (the loop now reports '%.*s')",
		       (int)strcspn(line, "\n"), line);
	free(line);
	if (json) {
		json_init(&j, stdout);
		json_obj_begin(&j);
		json_kv_str(&j, "loop", loop);
		json_key(&j, "generation");
		if (known)
			json_u64(&j, gen);
		else
			json_null(&j);
		json_kv_u64(&j, "cycle", cycle);
		json_obj_end(&j);
	} else if (known) {
		printf("committed generation %llu at cycle %llu\n", gen, cycle);
	} else {
		printf("committed at cycle %llu\n", cycle);
	}
	return 0;
}

int cmd_chain(int argc, char **argv)
{
	static const struct option own[] = {
		{ "params",	no_argument,		NULL, 'p' },
		{ NULL, 0, NULL, 0 }
	};
	struct cmd_opts o = { .usage = chain_usage, .own = own,
			      .shared = CMD_LOOP | CMD_JSON };
	const char *loop, *mode;
	bool params = false;
	int rest;

	if (argc < 2) {
		chain_usage(stderr);
		return 2;
	}
	mode = argv[1];
	if (!strcmp(mode, "-h") || !strcmp(mode, "--help")) {
		chain_usage(stdout);
		return 0;
	}
	argc--;
	argv++;
	o.name = xasprintf("chain %s", mode);
	while (cmd_getopt(&o, argc, argv) != -1)
		params = true;		/* -p: its one option of its own */
	loop = cmd_need_loop(&o);
	rest = argc - optind;
	if (o.json && strcmp(mode, "show") && strcmp(mode, "commit"))
		usage_error("chain %s: --json is for show and commit", mode);

	if (!strcmp(mode, "load")) {
		if (rest != 1)
			usage_error("chain load: give one FILE");
		return chain_load(loop, argv[optind]);
	}
	if (!strcmp(mode, "unload")) {
		no_more_args("chain unload", argc, argv, optind);
		ctl_chain(loop, NULL, 0);
		printf("%s: no chain, echo workload\n", loop);
		return 0;
	}
	if (!strcmp(mode, "show")) {
		no_more_args("chain show", argc, argv, optind);
		return chain_show(loop, params, o.json);
	}
	if (!strcmp(mode, "stage"))
		return chain_stage(loop, rest, argv + optind);
	if (!strcmp(mode, "commit")) {
		no_more_args("chain commit", argc, argv, optind);
		return chain_commit(loop, o.json);
	}
	usage_error("chain: unknown mode '%s' (load, unload, show, stage, commit)",
		    mode);
}
