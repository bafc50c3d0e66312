// SPDX-License-Identifier: GPL-2.0
/*
 * userctl shield audit|apply|restore: options and output framing; the
 * checks live in shield_audit.c / shield_tasks.c, the changes in
 * shield_apply.c.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "report.h"
#include "shield.h"
#include "sysfile.h"
#include "userctl.h"

static void shield_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl shield audit   -c|--cpus LIST [-j|--json]\n"
		"       userctl shield apply   -c|--cpus LIST [-n|--dry-run] [-s|--state FILE]\n"
		"                              [-f|--fair-server] [-w|--nmi-watchdog off]\n"
		"       userctl shield restore [-s|--state FILE]\n"
		"\n"
		"Shield CPUs for control loops.  LIST names the shielded CPUs\n"
		"(\"2-3\", \"1,3\"); every other online CPU does housekeeping.\n"
		"CPU 0 and all online CPUs at once cannot be shielded.\n"
		"\n"
		"  audit    one line per check: PASS, INFO, SKIP (feature absent),\n"
		"           WARN or FAIL, each problem with its exact fix.\n"
		"           Exit 0 if nothing FAILs, 1 if something does.\n"
		"  apply    move IRQs, workqueues, writeback and watchdogs to the\n"
		"           housekeeping CPUs, RT throttling off, timer_migration\n"
		"           0 and governor performance on the shielded CPUs (fair\n"
		"           server off with --fair-server); idle states deeper\n"
		"           than state0 disabled and pm_qos_resume_latency_us\n"
		"           'n/a' on the shielded CPUs; every user thread allowed\n"
		"           on them narrowed to the rest of its CPUs (kernel\n"
		"           threads and threads pinned inside the shield are\n"
		"           listed, not moved); with cgroup v2 at /sys/fs/cgroup\n"
		"           and cpuset enabled for its children, a cgroup\n"
		"           shieldrt that is an isolated cpuset partition of the\n"
		"           shielded CPUs, so new tasks start off them (else a\n"
		"           'skip' line says why).  Old values go to the state\n"
		"           file (default %s)\n"
		"           before each change; a failed write rolls everything\n"
		"           back.  IRQs the kernel will not move (EPERM/EIO) are\n"
		"           WARNs and stay as they were.\n"
		"  restore  write the saved values and task masks back (threads\n"
		"           that exited are reported), remove the partition and\n"
		"           the state file.\n"
		"\n"
		"  -c, --cpus LIST    shielded CPUs\n"
		"  -j, --json         audit: machine-readable output\n"
		"  -n, --dry-run      apply: print 'path: old -> new', write nothing\n"
		"  -s, --state FILE   state file\n"
		"  -f, --fair-server  apply: also set the 6.12 fair server runtime of\n"
		"                     the shielded CPUs to 0 (some 6.12 kernels WARN\n"
		"                     when it shrinks while fair tasks are queued)\n"
		"  -w, --nmi-watchdog off  apply: also write 0 to\n"
		"                     /proc/sys/kernel/nmi_watchdog\n"
		"  -h, --help         this text\n"
		"\n"
		"Exit status: 0 ok, 1 audit found a FAIL or an operation failed,\n"
		"2 usage error (bad CPU list, unknown option).\n",
		SHIELD_STATE_DEFAULT);
}

struct shield_opts {
	const char *cpus;
	const char *state;
	bool json;
	bool dry_run;
	bool fair_server;
	bool nmi_off;
};

/* --root's value: not a letter, so it has no short form */
#define SHIELD_OPT_ROOT	0x100

static void shield_parse(int argc, char **argv, struct shield_opts *o)
{
	static const struct option own[] = {
		{ "cpus",	required_argument,	NULL, 'c' },
		{ "dry-run",	no_argument,		NULL, 'n' },
		{ "state",	required_argument,	NULL, 's' },
		{ "fair-server", no_argument,		NULL, 'f' },
		{ "nmi-watchdog", required_argument,	NULL, 'w' },
		/* hidden: the host tests' fake /proc and /sys */
		{ "root",	required_argument,	NULL, SHIELD_OPT_ROOT },
		{ NULL, 0, NULL, 0 }
	};
	struct cmd_opts co = { .name = "shield", .usage = shield_usage,
			       .shared = CMD_JSON, .own = own };
	int c;

	memset(o, 0, sizeof(*o));
	while ((c = cmd_getopt(&co, argc, argv)) != -1) {
		switch (c) {
		case 'c':
			o->cpus = optarg;
			break;
		case 'n':
			o->dry_run = true;
			break;
		case 's':
			o->state = optarg;
			break;
		case 'f':
			o->fair_server = true;
			break;
		case 'w':
			if (strcmp(optarg, "off"))
				usage_error("shield: --nmi-watchdog takes 'off', not '%s'",
					    optarg);
			o->nmi_off = true;
			break;
		case SHIELD_OPT_ROOT:
			sysfile_set_root(optarg);
			break;
		}
	}
	o->json = co.json;
	no_more_args("shield", argc, argv, optind);
}

static int shield_audit(const struct shield_opts *o)
{
	struct report r = { 0 };
	struct shield_ctx c;
	struct json j;
	char *line;
	int fail;

	shield_ctx_init(&c, o->cpus);
	shield_audit_config(&c, &r);
	shield_audit_irqs(&c, &r);
	shield_audit_tasks(&c, &r);
	fail = report_count(&r, V_FAIL) > 0;
	line = shield_cmdline(&c);
	if (o->json) {
		json_init(&j, stdout);
		json_obj_begin(&j);
		json_kv_str(&j, "shielded", c.shield_list);
		json_kv_str(&j, "housekeeping", c.house_list);
		json_kv_str(&j, "cmdline", line);
		report_print_json(&r, &j);
		json_kv_str(&j, "result", fail ? "FAIL" : "PASS");
		json_obj_end(&j);
	} else {
		printf("# shield audit: CPU %s shielded, housekeeping CPU %s\n",
		       c.shield_list, c.house_list);
		printf("# kernel command line for this set: %s\n", line);
		report_print_text(&r, stdout);
	}
	free(line);
	report_free(&r);
	return fail;
}

int cmd_shield(int argc, char **argv)
{
	struct shield_opts o;
	const char *sub;
	char *state;
	int ret;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		shield_usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	sub = argv[1];
	shield_parse(argc - 1, argv + 1, &o);
	if (strcmp(sub, "audit") && strcmp(sub, "apply") &&
	    strcmp(sub, "restore"))
		usage_error("shield: unknown subcommand '%s' (audit, apply, restore)",
			    sub);
	if (!strcmp(sub, "audit")) {
		if (o.dry_run || o.state || o.fair_server || o.nmi_off)
			usage_error("shield audit: --dry-run, --state, --fair-server and --nmi-watchdog belong to apply/restore");
		return shield_audit(&o);
	}
	if (o.json)
		usage_error("shield %s: --json is for audit", sub);
	state = o.state ? xstrdup(o.state) : rootpath(SHIELD_STATE_DEFAULT);
	if (!strcmp(sub, "apply")) {
		struct shield_apply_opts ao = {
			.dry_run = o.dry_run,
			.fair_server = o.fair_server,
			.nmi_off = o.nmi_off,
		};
		struct shield_ctx c;

		shield_ctx_init(&c, o.cpus);
		ret = shield_apply(&c, state, &ao);
	} else {
		if (o.cpus || o.dry_run || o.fair_server || o.nmi_off)
			usage_error("shield restore: takes only --state");
		ret = shield_restore(state);
	}
	free(state);
	return ret;
}
