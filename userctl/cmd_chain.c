// SPDX-License-Identifier: GPL-2.0
/*
 * userctl chain load|unload|show|stage|commit: a loop's algorithm chain
 * through its debugfs files "blocks", "params" and "commit".  The module
 * compiles and validates everything; on a rejection this prints its
 * one-line reason (the loop's last_error) and exits 1.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debugfs.h"
#include "sysfile.h"
#include "userctl.h"

static void chain_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl chain load -l LOOP FILE\n"
		"       userctl chain unload -l LOOP\n"
		"       userctl chain show -l LOOP [-p]\n"
		"       userctl chain stage -l LOOP BLOCK.PARAM=VALUE...\n"
		"       userctl chain commit -l LOOP\n"
		"\n"
		"load compiles FILE (chain text, see algorithms/README.md) into a\n"
		"stopped loop; unload goes back to the echo workload.  show prints\n"
		"the running chain with every parameter's value (-p: the staged\n"
		"assignments too).  stage adds assignments to the staged set;\n"
		"commit makes it active at one cycle boundary of the running loop\n"
		"and prints that cycle.\n"
		"\n"
		"  -l, --loop NAME   the loop\n"
		"  -p, --params      show: staged and running parameters\n"
		"  -h, --help        this text\n");
}

/* Write @len bytes to the loop's @file in one write(); fatal on refusal. */
static void chain_write(const char *loop, const char *file,
			const char *data, size_t len, const char *what)
{
	char *path = srt_path(loop, file), *why;
	char *err_path = srt_path(loop, "last_error");
	int err;

	err = file_write(path, data, len);
	if (err) {
		why = file_read_line(err_path);
		fatal("%s: %s", what, why && *why ? why : strerror(-err));
	}
	free(path);
	free(err_path);
}

static void chain_cat(const char *loop, const char *file)
{
	char *path = srt_path(loop, file), *data;
	size_t len;
	int err;

	err = file_read(path, &data, &len);
	if (err)
		fatal("cannot read %s: %s", path, strerror(-err));
	fwrite(data, 1, len, stdout);
	free(data);
	free(path);
}

static int chain_load(const char *loop, const char *file)
{
	char *text;
	size_t len;
	int err;

	err = file_read(file, &text, &len);
	if (err)
		fatal("cannot read %s: %s", file, strerror(-err));
	chain_write(loop, "blocks", text, len, file);
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
	chain_write(loop, "params", text, len, "stage");
	free(text);
	printf("staged %d assignment%s on %s\n", n, n == 1 ? "" : "s", loop);
	return 0;
}

static int chain_commit(const char *loop)
{
	unsigned long long gen, cycle;
	char *path, *line;

	chain_write(loop, "commit", "1\n", 2, "commit");
	path = srt_path(loop, "commit");
	line = file_read_line(path);
	if (!line || sscanf(line, "generation %llu cycle %llu", &gen,
			    &cycle) != 2)
		fatal("commit: unexpected answer '%s'", line ? line : "");
	printf("committed generation %llu at cycle %llu\n", gen, cycle);
	free(line);
	free(path);
	return 0;
}

int cmd_chain(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "loop",	required_argument,	NULL, 'l' },
		{ "params",	no_argument,		NULL, 'p' },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *loop = NULL, *mode;
	int c, params = 0, rest;

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
	while ((c = getopt_long(argc, argv, "l:ph", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			loop = optarg;
			break;
		case 'p':
			params = 1;
			break;
		case 'h':
			chain_usage(stdout);
			return 0;
		default:
			chain_usage(stderr);
			return 2;
		}
	}
	if (!loop)
		usage_error("chain %s: -l LOOP is required", mode);
	srt_check_name(loop);
	srt_require();
	rest = argc - optind;

	if (!strcmp(mode, "load")) {
		if (rest != 1)
			usage_error("chain load: give one FILE");
		return chain_load(loop, argv[optind]);
	}
	if (!strcmp(mode, "unload")) {
		no_more_args("chain unload", argc, argv, optind);
		chain_write(loop, "blocks", "# none\n", 7, "unload");
		printf("%s: no chain, echo workload\n", loop);
		return 0;
	}
	if (!strcmp(mode, "show")) {
		no_more_args("chain show", argc, argv, optind);
		chain_cat(loop, params ? "params" : "blocks");
		return 0;
	}
	if (!strcmp(mode, "stage"))
		return chain_stage(loop, rest, argv + optind);
	if (!strcmp(mode, "commit")) {
		no_more_args("chain commit", argc, argv, optind);
		return chain_commit(loop);
	}
	usage_error("chain: unknown mode '%s' (load, unload, show, stage, commit)",
		    mode);
}
