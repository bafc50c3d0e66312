// SPDX-License-Identifier: GPL-2.0
/*
 * userctl qualify: the shielding audit and the seeds' experiments within
 * a time budget, and one report (qualify.h).  Everything is checked
 * before anything changes: a refusal is one line and exit 2.  Then the
 * report's directory is made, and from there on the report is written
 * whatever happens: at the end, or by the exit handler after the bench
 * framework undid what the running section changed (an error, SIGINT,
 * SIGTERM), marked incomplete.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../include/shieldrt_version.h"
#include "ctl.h"
#include "qualify.h"
#include "shield.h"
#include "sysfile.h"
#include "userctl.h"

const struct qthr_def qthr_defs[QT_NR] = {
	[QT_RATE_HZ] = { "rate_hz", "Hz", 1000, 1,
		1000000 / BENCH_PERIOD_MIN_US, true, true, QS_LADDER,
		"the rate a loop must reach with no overrun and no missed period (FAIL below); its rung always runs" },
	[QT_MAX_LATENCY_US] = { "max_latency_us", "us", 50, 0, 1e6, false,
		false, QS_LADDER,
		"the worst wake-up latency allowed at --rate-hz, the best mode's (FAIL above)" },
	[QT_MAX_LATE_PCT] = { "max_late_pct", "%", 0.1, 0, 100, false, false,
		QS_THRESHOLD,
		"KSTAR: the share of cycles more than 50 us late under the dummy load (WARN above)" },
	[QT_MAX_GAPS_PER_S] = { "max_gaps_per_s", "1/s", 100, 0, 1e9, false,
		false, QS_NOISE,
		"EAST: gaps of 1 us or more per second on the shielded CPU (WARN above)" },
	[QT_MAX_HYBRID_P99] = { "max_hybrid_p99", "", 0.1, 0, 1e6, false,
		false, QS_WAIT,
		"HighPerTimer: hybrid's p99 lateness over hrtimer's (WARN above)" },
	[QT_MAX_HYBRID_CPU] = { "max_hybrid_cpu", "", 0.05, 0, 1e6, false,
		false, QS_WAIT,
		"HighPerTimer: hybrid's CPU share over poll's (WARN above)" },
	[QT_MAX_OVER_PER10K] = { "max_over_per10k", "/10k", 41, 0, 10000,
		false, false, QS_SECTION,
		"M1-M5: cycles over 10 us x scale per 10,000, the worst row (WARN above; the study's worst, M1: 41)" },
	[QT_MAX_REF_RATIO] = { "max_ref_ratio", "", 1.0, 0, 1e6, false,
		false, QS_COMPARE,
		"shieldrt's hrtimer thread p99 over timerlat's and cyclictest's (WARN above)" },
};

/* One run a process; the exit handler reaches it here. */
static struct qualify qualify_run;

const char *qthr_option(unsigned int i, char *buf, size_t len)
{
	size_t k;

	snprintf(buf, len, "--%s", qthr_defs[i].name);
	for (k = 0; buf[k]; k++)
		if (buf[k] == '_')
			buf[k] = '-';
	return buf;
}

/*
 * A definition: "  TAG" and @text from column @indent (a line of its own
 * for the tag when it reaches that far), in lines up to @width columns.
 */
static void help_wrap(FILE *f, const char *tag, const char *text,
		      int indent, int width)
{
	const char *p = text, *sp;
	int col;
	size_t n;

	col = fprintf(f, "  %s", tag);
	if (col > indent - 2) {
		fputc('\n', f);
		col = 0;
	}
	fprintf(f, "%*s", indent - col, "");
	col = indent;
	while (*p) {
		sp = p + strcspn(p, " ");
		n = sp - p;
		if (col > indent && col + 1 + (int)n > width) {
			fprintf(f, "\n%*s", indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', f);
			col++;
		}
		fwrite(p, 1, n, f);
		col += n;
		p = *sp ? sp + 1 : sp;
	}
	fputc('\n', f);
}

static void qualify_usage(FILE *f)
{
	char opt[64], arg[96], text[512];
	unsigned int i;

	fprintf(f,
		"usage: userctl qualify [-o DIR] [--cpus LIST] [--force]\n"
		"                       [--quick | --long | --budget S]\n"
		"                       [--only LIST | --skip LIST] [--rates LIST] [--modes LIST]\n"
		"                       [--provider NAME] [thresholds]\n"
		"\n"
		"How fast and how safely can a loop run on this machine?  Runs the\n"
		"shielding audit and the seeds' experiments here, through %s\n"
		"only (debugfs need not be mounted; lockdown may be on), within a\n"
		"time budget, and writes one report: DIR/report.md, its figures\n"
		"(DIR/*.png) and DIR/report.json.  Sections, in order:\n"
		"\n", SHIELDRT_DEVICE);
	for (i = 0; i < QS_NR; i++)
		fprintf(f, "  %-10s %s\n", qsec_defs[i].name,
			qsec_defs[i].heading);
	fprintf(f,
		"\n"
		"The ladder runs on every CPU of --cpus (default: the shielded ones:\n"
		"isolcpus, nohz_full, the partition of 'userctl shield apply'), the\n"
		"other studies on the first; EAST's gaps also on a housekeeping CPU\n"
		"and, when no shield is applied, on the first CPU after 'userctl\n"
		"shield apply' of it (restored at once).  Rungs climb per CPU and wait\n"
		"mode and stop at the first one with an overrun or a missed period;\n"
		"the --rate-hz rung runs always.  The budget is shared out by weight\n"
		"(ladder %g %%; the rest by their own) and reported with what each\n"
		"section took; a budget too short for a section's figures is refused.\n"
		"Every figure states its resolution; nothing is extrapolated.\n"
		"Loops it creates are destroyed, a shield it applies is restored and\n"
		"its storms and loads are killed when it ends, fails or is\n"
		"interrupted; an interrupted run still writes its report, marked\n"
		"incomplete.\n"
		"\n"
		"  -o, --output DIR    the report's directory, new or empty (default\n"
		"                      ./shieldrt-qualify-HOST-YYYYmmdd-HHMMSS)\n"
		"  -c, --cpus LIST     the CPUs to qualify (default: the shielded ones)\n"
		"  -f, --force         go on with CPUs that are not shielded\n"
		"  -q, --quick         a budget of about %d s\n"
		"  -L, --long          a budget of about %d s (default: %d s)\n"
		"  -b, --budget S      a budget of S seconds\n"
		"  --only LIST         only these sections (names above)\n"
		"  --skip LIST         all but these sections\n"
		"  --rates LIST        the ladder's rungs in Hz (default\n"
		"                      1000,2000,5000,10000,20000,50000,100000; at most\n"
		"                      100000, each with a period of whole us)\n"
		"  --modes LIST        the ladder's wait modes (default hrtimer,poll,hybrid)\n"
		"  --provider NAME     the I/O provider of M1-M4's MMIO rows (default\n"
		"                      pcibar, where registered; given, it must be)\n"
		"  -h, --help          this text\n"
		"\n"
		"Thresholds (PASS/WARN/FAIL lines; FAIL makes the exit status 1):\n",
		qsec_defs[QS_LADDER].weight_pct, QUALIFY_QUICK_S,
		QUALIFY_LONG_S, QUALIFY_DEFAULT_S);
	for (i = 0; i < QT_NR; i++) {
		qthr_option(i, opt, sizeof(opt));
		snprintf(arg, sizeof(arg), "%s %s", opt,
			 qthr_defs[i].integer ? "N" : "X");
		snprintf(text, sizeof(text), "%s (default %g%s%s)",
			 qthr_defs[i].help, qthr_defs[i].def,
			 *qthr_defs[i].unit ? " " : "", qthr_defs[i].unit);
		help_wrap(f, arg, text, 24, 78);
	}
	fprintf(f,
		"\n"
		"It needs CAP_SYS_ADMIN: it creates, starts and destroys loops, and\n"
		"applies and restores a shield for EAST's row.  Without it, it\n"
		"refuses before anything runs ('userctl shield audit' needs less).\n"
		"\n"
		"Exit status: 0 every check PASS or WARN; 1 a check FAILs, a figure\n"
		"could not be taken, or the module refused a request; 2 bad input or\n"
		"a machine it cannot run on (unknown option, a CPU offline or not\n"
		"shielded without --force, a budget too short, a rate above what\n"
		"period_us allows, no module or one of another ABI, no\n"
		"CAP_SYS_ADMIN), before anything changed; 130 interrupted (SIGINT),\n"
		"143 terminated (SIGTERM), after everything was undone and the\n"
		"partial report written.\n");
}

/* ---- options ---------------------------------------------------------- */


enum {
	OPT_ONLY = 256,
	OPT_SKIP,
	OPT_RATES,
	OPT_MODES,
	OPT_PROVIDER,
	OPT_THR,		/* + the threshold's index */
};

static void thr_parse(struct qualify *q, unsigned int i, const char *text)
{
	const struct qthr_def *t = &qthr_defs[i];
	char *end, opt[48];
	double v;

	errno = 0;
	v = strtod(text, &end);
	if (i == QT_RATE_HZ && end != text && !*end && isfinite(v) &&
	    v > t->max)
		usage_error("qualify: --rate-hz %s: above %g Hz, the fastest a loop runs (its period_us is at least %d)",
			    text, t->max, BENCH_PERIOD_MIN_US);
	if (end == text || *end || errno || !isfinite(v) || v < t->min ||
	    v > t->max || (t->integer && v != floor(v)))
		usage_error("qualify: %s '%s': not %s from %g to %g%s%s",
			    qthr_option(i, opt, sizeof(opt)), text, t->integer ? "an integer" :
			    "a number", t->min, t->max, *t->unit ? " " : "",
			    t->unit);
	q->thr[i] = v;
	q->thr_given[i] = true;
}

/* --only / --skip: a comma list of section names. */
static void sections_parse(struct qualify *q, const char *opt,
			   const char *text, bool only)
{
	char *copy = xstrdup(text), *tok, *save = NULL;
	bool named[QS_NR] = { false };
	int s;

	if (!*text || text[0] == ',' || text[strlen(text) - 1] == ',' ||
	    strstr(text, ",,"))
		usage_error("qualify: %s '%s': not a comma list of sections",
			    opt, text);
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		s = qsec_find(tok);
		if (s < 0)
			usage_error("qualify: %s: no section '%s' (audit, ladder, threshold, noise, wait, section, compare)",
				    opt, tok);
		named[s] = true;
	}
	free(copy);
	for (s = 0; s < QS_NR; s++)
		q->sec[s].enabled = only ? named[s] : !named[s];
}

static void ladder_arg(struct qualify *q, const char *name, const char *text)
{
	const struct bench_def *d = bench_find("ladder");
	char err[256];

	if (bench_args_set(d, &q->sec[QS_LADDER].a, name, text, err,
			   sizeof(err)))
		usage_error("qualify: %s", err);
}

static void qualify_parse(struct qualify *q, int argc, char **argv)
{
	static const char *const budget_names[] = { "quick", "long",
						    "budget" };
	struct option opts[32 + QT_NR] = {
		{ "output",	required_argument,	NULL, 'o' },
		{ "cpus",	required_argument,	NULL, 'c' },
		{ "force",	no_argument,		NULL, 'f' },
		{ "quick",	no_argument,		NULL, 'q' },
		{ "long",	no_argument,		NULL, 'L' },
		{ "budget",	required_argument,	NULL, 'b' },
		{ "only",	required_argument,	NULL, OPT_ONLY },
		{ "skip",	required_argument,	NULL, OPT_SKIP },
		{ "rates",	required_argument,	NULL, OPT_RATES },
		{ "modes",	required_argument,	NULL, OPT_MODES },
		{ "provider",	required_argument,	NULL, OPT_PROVIDER },
		{ "help",	no_argument,		NULL, 'h' },
		/* hidden: the host tests' fake /proc and /sys */
		{ "root",	required_argument,	NULL, 'R' },
	};
	char names[QT_NR][48], err[256];
	unsigned int nopt = 13, i, nbudget = 0;
	const char *sections_opt = NULL;
	int c;

	for (i = 0; i < QT_NR; i++) {
		qthr_option(i, names[i], sizeof(names[i]));
		opts[nopt++] = (struct option){ names[i] + 2, required_argument,
						NULL, OPT_THR + (int)i };
	}
	while ((c = getopt_long(argc, argv, "o:c:fqLb:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			free(q->outdir);
			q->outdir = xstrdup(optarg);
			break;
		case 'c':
			if (cpulist_parse(optarg, &q->cpus, 0, err, sizeof(err)))
				usage_error("qualify: --cpus '%s': %s", optarg,
					    err);
			q->cpus_given = true;
			break;
		case 'f':
			q->force = true;
			break;
		case 'q':
		case 'L':
		case 'b':
			if (nbudget++)
				usage_error("qualify: --quick, --long and --budget: one of them");
			q->budget_name = budget_names[c == 'q' ? 0 :
						      c == 'L' ? 1 : 2];
			q->budget_s = c == 'q' ? QUALIFY_QUICK_S :
				      c == 'L' ? QUALIFY_LONG_S : 0;
			if (c == 'b') {
				char *end;

				errno = 0;
				q->budget_s = strtod(optarg, &end);
				if (end == optarg || *end || errno ||
				    !isfinite(q->budget_s) ||
				    q->budget_s <= 0 || q->budget_s > 86400 * 7)
					usage_error("qualify: --budget '%s': not a number of seconds above 0 (at most a week)",
						    optarg);
			}
			break;
		case OPT_ONLY:
		case OPT_SKIP:
			if (sections_opt)
				usage_error("qualify: --only and --skip: one of them, once");
			sections_opt = c == OPT_ONLY ? "--only" : "--skip";
			sections_parse(q, sections_opt, optarg, c == OPT_ONLY);
			break;
		case OPT_RATES:
			ladder_arg(q, "rates", optarg);
			q->rates = optarg;
			break;
		case OPT_MODES:
			ladder_arg(q, "modes", optarg);
			q->modes = optarg;
			break;
		case OPT_PROVIDER:
			q->provider = optarg;
			q->provider_given = true;
			break;
		case 'R':
			sysfile_set_root(optarg);
			break;
		case 'h':
			qualify_usage(stdout);
			exit(0);
		default:
			if (c >= OPT_THR && c < OPT_THR + QT_NR) {
				thr_parse(q, c - OPT_THR, optarg);
				break;
			}
			fprintf(stderr, "userctl: qualify: see 'userctl qualify --help'\n");
			exit(2);
		}
	}
	no_more_args("qualify", argc, argv, optind);
}

/* ---- before anything changes ------------------------------------------ */

/* --rate-hz: a rate a loop can have, and a rung of the ladder. */
static void rate_check(struct qualify *q)
{
	const struct bench_def *d = bench_find("ladder");
	struct bench_args *a = &q->sec[QS_LADDER].a;
	int p = bench_param_index(d, "rates");
	unsigned long long hz = (unsigned long long)q->thr[QT_RATE_HZ];
	char list[512] = "";
	unsigned int i;

	if (1000000 % hz)
		usage_error("qualify: --rate-hz %llu: its period, %.2f us, is not a whole number of us, which a loop's period_us is",
			    hz, 1e6 / hz);
	for (i = 0; i < a->nw[p]; i++)
		if (a->l[p][i] == hz)
			return;
	if (a->nw[p] == BENCH_MAX_WORDS)
		usage_error("qualify: --rates: room for %d rungs with --rate-hz's",
			    BENCH_MAX_WORDS - 1);
	for (i = 0; i < a->nw[p]; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%llu,", a->l[p][i]);
	snprintf(list + strlen(list), sizeof(list) - strlen(list), "%llu", hz);
	ladder_arg(q, "rates", list);
}

/* The report's directory: named by the user, or by host and time. */
static void outdir_check(struct qualify *q)
{
	struct stat st;
	char stamp[32], *parent, *slash;
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	/* "out/" is "out": its parent is where it is made */
	while (q->outdir && strlen(q->outdir) > 1 &&
	       q->outdir[strlen(q->outdir) - 1] == '/')
		q->outdir[strlen(q->outdir) - 1] = '\0';
	strftime(q->started, sizeof(q->started), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (!q->outdir) {
		strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
		q->outdir = xasprintf("shieldrt-qualify-%s-%s", q->host, stamp);
	}
	if (!stat(q->outdir, &st)) {
		char *probe;
		bool empty;

		if (!S_ISDIR(st.st_mode))
			usage_error("qualify: -o %s: exists and is not a directory",
				    q->outdir);
		probe = xasprintf("%s/report.md", q->outdir);
		empty = access(probe, F_OK) != 0;
		free(probe);
		probe = xasprintf("%s/report.json", q->outdir);
		empty = empty && access(probe, F_OK) != 0;
		free(probe);
		if (!empty)
			usage_error("qualify: -o %s: holds a report already; name a new or empty directory",
				    q->outdir);
		return;
	}
	slash = strrchr(q->outdir, '/');
	if (!slash)
		parent = xstrdup(".");
	else if (slash == q->outdir)
		parent = xstrdup("/");
	else
		parent = xasprintf("%.*s", (int)(slash - q->outdir),
				   q->outdir);
	if (access(parent, W_OK | X_OK))
		usage_error("qualify: -o %s: cannot create it in %s: %s",
			    q->outdir, parent, strerror(errno));
	free(parent);
}

static bool file_has(const char *path, const char *word)
{
	char *p = rootpath("%s", path), *text;
	bool has;

	text = file_read_line(p);
	has = text && strstr(text, word);
	free(text);
	free(p);
	return has;
}

/* Does this look like a virtual machine?  Figures then mean less. */
static void machine_describe(struct qualify *q)
{
	char *p = rootpath("/sys/class/dmi/id/sys_vendor"), *vendor;
	char *cpuinfo = NULL;
	size_t len;

	vendor = file_read_line(p);
	free(p);
	p = rootpath("/proc/cpuinfo");
	if (file_read(p, &cpuinfo, &len))
		cpuinfo = NULL;
	free(p);
	if (vendor && (strstr(vendor, "QEMU") || strstr(vendor, "VMware") ||
		       strstr(vendor, "Xen") || strstr(vendor, "Microsoft") ||
		       strstr(vendor, "innotek")))
		snprintf(q->machine, sizeof(q->machine),
			 "a virtual machine (DMI vendor '%s')", vendor);
	else if (cpuinfo && strstr(cpuinfo, " hypervisor"))
		snprintf(q->machine, sizeof(q->machine),
			 "a virtual machine (the CPU flag 'hypervisor')");
	else if (file_has("/proc/device-tree/compatible", "dummy-virt"))
		snprintf(q->machine, sizeof(q->machine),
			 "a virtual machine (the device tree's 'linux,dummy-virt')");
	else
		snprintf(q->machine, sizeof(q->machine),
			 "not recognized as a virtual machine%s%s%s",
			 vendor ? " (DMI vendor '" : "", vendor ? vendor : "",
			 vendor ? "')" : "");
	free(vendor);
	free(cpuinfo);
}

static void tools_describe(struct qualify *q)
{
	char *ct = bench_find_tool("cyclictest"), *rtla = bench_find_tool("rtla");
	const char *storm = bench_storm_tool();
	int tracer = bench_tracefs_timerlat();

	snprintf(q->tools, sizeof(q->tools),
		 "cyclictest: %s; timerlat: %s%s; shieldrt-storm: %s; provider '%s': %s",
		 ct ? ct : "not installed",
		 !tracer ? "the kernel has no timerlat tracer" :
		 rtla ? "rtla " : tracer > 0 ? "tracefs" :
		 "neither rtla nor tracefs", !tracer ? "" : rtla ? rtla : "",
		 storm ? storm : "not installed", q->provider,
		 bench_provider_registered(q->provider) ? "registered" :
		 "not registered");
	free(ct);
	free(rtla);
}

/*
 * Everything a run will need, asked before it changes anything: each
 * bench's own checks (bench_prepare: exit 2 on a refusal) with the
 * arguments the plan gives it.
 */
static void qualify_prepare(struct qualify *q)
{
	const struct bench_def *ld = bench_find("ladder");
	char buf[768];
	const char *why;
	unsigned int s;

	if (!bench_cap_sys_admin())
		usage_error("qualify needs CAP_SYS_ADMIN: it creates, starts and destroys loops (SHIELDRT_IOC_CREATE, START, STOP, DESTROY) and applies a shield for EAST's row; run it as root ('userctl shield audit --cpus LIST' needs less)");
	outdir_check(q);
	rate_check(q);
	if (!q->provider)
		q->provider = "pcibar";
	q->sec[QS_LADDER].a.cpus = q->cpus;
	q->sec[QS_LADDER].a.cpus_given = q->cpus_given;
	q->sec[QS_LADDER].a.force = q->force;
	/* the device, the module's ABI, the CPUs, the loops there now */
	bench_prepare(ld, &q->sec[QS_LADDER].a, &q->env);
	if (!q->cpus_given) {
		cpuset_zero(&q->cpus);
		for (s = 0; s < q->env.ncpus; s++)
			cpuset_add(&q->cpus, q->env.cpu[s]);
	}
	if (q->sec[QS_SECTION].enabled && !bench_storm_tool()) {
		q->sec[QS_SECTION].enabled = false;
		q->sec[QS_SECTION].state = QR_SKIPPED;
		snprintf(q->sec[QS_SECTION].why, sizeof(q->sec[0].why),
			 "shieldrt-storm is not installed (PATH, or beside userctl): the study's storms cannot run");
	}
	if (q->sec[QS_SECTION].enabled && q->provider_given &&
	    !bench_provider_registered(q->provider))
		usage_error("qualify: --provider %s: no I/O provider of that name is registered",
			    q->provider);
	why = qualify_plan(q, buf, sizeof(buf));
	if (why)
		usage_error("qualify: %s", why);
	for (s = QS_AUDIT + 1; s < QS_NR; s++) {
		struct qsec_run *r = &q->sec[s];

		if (!r->enabled)
			continue;
		qualify_section_args(q, s);
		if (s == QS_SECTION)
			r->a.given[bench_param_index(bench_find("section"),
						     "mmio_provider")] =
				q->provider_given;
		bench_prepare(bench_find(qsec_defs[s].bench), &r->a, &r->e);
	}
	machine_describe(q);
	tools_describe(q);
}

/* ---- the run -------------------------------------------------------------- */

static void progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void progress(const char *fmt, ...)
{
	va_list ap;

	printf("qualify: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static void run_audit(struct qualify *q)
{
	struct qsec_run *r = &q->sec[QS_AUDIT];
	struct cpuset set;
	struct shield_ctx c;
	double t0 = bench_now();
	unsigned int i;

	cpuset_zero(&set);
	for (i = 0; i < q->env.ncpus; i++)
		if (q->env.cpu[i] != 0)
			cpuset_add(&set, q->env.cpu[i]);
	if (cpuset_empty(&set)) {
		r->state = QR_SKIPPED;
		snprintf(r->why, sizeof(r->why),
			 "CPU 0 alone was asked for, and CPU 0 cannot be shielded: nothing to audit");
		return;
	}
	cpulist_format(&set, q->audit_cpus, sizeof(q->audit_cpus));
	shield_ctx_init(&c, q->audit_cpus);
	shield_audit_config(&c, &q->audit);
	shield_audit_irqs(&c, &q->audit);
	shield_audit_tasks(&c, &q->audit);
	r->took_s = bench_now() - t0;
	r->state = QR_DONE;
}

/* Row @row of @src's main table, appended to @dst's, setup renamed. */
static void row_copy(struct bench_table *dst, const struct bench_table *src,
		     unsigned int row, const char *setup)
{
	unsigned int n = bench_row_add(dst), c;

	for (c = 0; c < src->ncols; c++) {
		const struct bench_val *v = bench_get(src, row,
						      src->cols[c].key);
		const char *key = src->cols[c].key;

		switch (v->kind) {
		case BV_UINT:
			bench_set_u(dst, n, key, v->u);
			break;
		case BV_INT:
			bench_set_i(dst, n, key, v->i);
			break;
		case BV_REAL:
			bench_set_d(dst, n, key, v->d);
			break;
		case BV_TEXT:
			bench_set_text(dst, n, key, "%s", v->text);
			break;
		case BV_ABOVE:
			bench_set_q(dst, n, key, v->u, true);
			break;
		case BV_NONE:
			break;
		}
	}
	bench_set_text(dst, n, "setup", "%s", setup);
	if (src->why[row])
		bench_row_why(dst, n, "%s", src->why[row]);
}

/* EAST's housekeeping row: the same bench on a CPU that keeps house. */
static int run_noise_house(struct qualify *q, struct qsec_run *r)
{
	const struct bench_def *d = bench_find("noise");
	struct bench_args a = r->a;
	struct bench_result hr;
	struct bench_env he;
	struct bench_table *t = (struct bench_table *)bench_table(&r->r,
								   "rows");
	const struct bench_table *ht;
	int cpu = bench_house_cpu(&q->env), ret;
	char setup[64];

	if (cpu < 0 || !t)
		return 0;
	cpuset_zero(&a.cpus);
	cpuset_add(&a.cpus, cpu);
	a.force = true;
	a.u[bench_param_index(d, "compare_shield")] = 0;
	ret = bench_run(d, &a, &he, &hr);
	ht = bench_table(&hr, "rows");
	snprintf(setup, sizeof(setup), "housekeeping (CPU %d)", cpu);
	if (ht && ht->nrows)
		row_copy(t, ht, 0, setup);
	bench_info_u(&r->r, "housekeeping_cpu", "", cpu);
	bench_result_free(&hr);
	return ret;
}

static void run_section(struct qualify *q, enum qsec s)
{
	const struct bench_def *d = bench_find(qsec_defs[s].bench);
	struct qsec_run *r = &q->sec[s];
	double t0 = bench_now();
	int ret;

	bench_check_interrupt();
	r->started = t0;
	q->current = s;
	r->state = QR_RUNNING;
	r->have_result = true;	/* bench_run fills it as it goes */
	progress("%s: %s (planned %.0f s: %u x %.1f s)", d->name,
		 qsec_defs[s].heading, r->planned_s, r->units, r->unit_s);
	ret = bench_run(d, &r->a, &r->e, &r->r);
	if (s == QS_NOISE)
		ret |= run_noise_house(q, r);
	r->took_s = bench_now() - t0;
	r->state = ret ? QR_FAILED : QR_DONE;
	if (ret)
		snprintf(r->why, sizeof(r->why),
			 "the bench could not take every figure or undo every change (its warnings and userctl's messages say which)");
	q->current = QS_NR;
	progress("%s: %s in %.1f s", d->name, ret ? "FAILED" : "done",
		 r->took_s);
}

/* ---- the report ---------------------------------------------------------- */

static int write_file(const struct qualify *q, const char *name,
		      void (*fn)(const struct qualify *q, FILE *f,
				 const char *const *figs, unsigned int n),
		      char **figs, unsigned int nfigs)
{
	char *path = xasprintf("%s/%s", q->outdir, name);
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	int ret = 0;

	if (!f) {
		warnx_("qualify: cannot write %s: %s", tmp, strerror(errno));
		ret = -1;
		goto out;
	}
	fn(q, f, (const char *const *)figs, nfigs);
	if (fclose(f) || rename(tmp, path)) {
		warnx_("qualify: writing %s: %s", path, strerror(errno));
		ret = -1;
	}
out:
	free(tmp);
	free(path);
	return ret;
}

static void json_file(const struct qualify *q, FILE *f,
		      const char *const *figs, unsigned int n)
{
	(void)figs;
	(void)n;
	qualify_write_json(q, f);
}

/* Figures, report.md, report.json; 0 or -1 (each failure printed). */
static int qualify_write(struct qualify *q)
{
	char **figs = NULL;
	unsigned int n, i;
	int ret;

	qualify_judge(q);
	n = qualify_figures(q, &figs);
	ret = write_file(q, "report.md", qualify_write_md, figs, n);
	ret |= write_file(q, "report.json", json_file, NULL, 0);
	for (i = 0; i < n; i++)
		free(figs[i]);
	free(figs);
	return ret;
}

/*
 * At exit, after the bench framework's cleanup (registered later, so run
 * earlier): a run that did not finish still gets its report.
 */
static void qualify_at_exit(void)
{
	struct qualify *q = &qualify_run;

	if (!q->armed)
		return;
	q->armed = false;
	q->ended_by = interrupted();
	if (q->current != QS_NR) {
		q->sec[q->current].state = QR_INTERRUPTED;
		q->sec[q->current].took_s = bench_now() -
					      q->sec[q->current].started;
		snprintf(q->sec[q->current].why, sizeof(q->sec[0].why),
			 "%s while it ran: its rows so far are below",
			 q->ended_by ? "interrupted" : "ended by an error");
	}
	if (qualify_write(q))
		return;
	fprintf(stderr, "userctl: qualify: INCOMPLETE report (%s) in %s/report.md\n",
		q->ended_by == 2 ? "SIGINT" : q->ended_by ? "SIGTERM" :
		"an error", q->outdir);
}

static void print_checks(const struct qualify *q)
{
	unsigned int i;

	for (i = 0; i < q->nchecks; i++)
		printf("%s  %-22s %s\n", verdict_name(q->checks[i].verdict),
		       q->checks[i].id, q->checks[i].message);
}

int cmd_qualify(int argc, char **argv)
{
	struct qualify *q = &qualify_run;
	unsigned int s;
	int ret;

	/* first: it must run after the framework's own exit handler */
	atexit(qualify_at_exit);
	memset(q, 0, sizeof(*q));
	q->current = QS_NR;
	q->budget_s = QUALIFY_DEFAULT_S;
	q->budget_name = "default";
	for (s = 0; s < QT_NR; s++)
		q->thr[s] = qthr_defs[s].def;
	for (s = 0; s < QS_NR; s++)
		q->sec[s].enabled = true;
	bench_args_init(bench_find("ladder"), &q->sec[QS_LADDER].a);
	if (gethostname(q->host, sizeof(q->host) - 1) || !*q->host)
		snprintf(q->host, sizeof(q->host), "host");
	qualify_parse(q, argc, argv);
	for (s = 0; s < QS_NR; s++)
		if (!q->sec[s].enabled && q->sec[s].state == QR_PLANNED) {
			q->sec[s].state = QR_SKIPPED;
			snprintf(q->sec[s].why, sizeof(q->sec[0].why),
				 "not asked for (--only/--skip)");
		}

	qualify_prepare(q);

	/* from here on things change, and the report is written at exit */
	if (mkdir(q->outdir, 0755) && errno != EEXIST)
		usage_error("qualify: -o %s: %s", q->outdir, strerror(errno));
	q->t0 = bench_now();
	q->armed = true;
	catch_interrupt();
	progress("%s, kernel %s (%s), module %s; budget %.0f s (%s); report in %s",
		 q->host, q->env.kernel, q->env.arch, q->env.module_version,
		 q->budget_s, q->budget_name, q->outdir);
	if (q->sec[QS_AUDIT].enabled)
		run_audit(q);
	for (s = QS_AUDIT + 1; s < QS_NR; s++)
		if (q->sec[s].enabled)
			run_section(q, s);
	bench_check_interrupt();
	q->finished = true;
	q->armed = false;
	ret = qualify_write(q);
	print_checks(q);
	printf("qualify: %s (%u PASS, %u WARN, %u FAIL) in %.0f s of a %.0f s budget; report: %s/report.md\n",
	       verdict_name(qualify_verdict(q)), qualify_count(q, V_PASS),
	       qualify_count(q, V_WARN), qualify_count(q, V_FAIL),
	       bench_now() - q->t0, q->budget_s, q->outdir);
	for (s = 0; s < QS_NR; s++)
		ret |= q->sec[s].state == QR_FAILED;
	return ret || qualify_verdict(q) == V_FAIL ? 1 : 0;
}
