/* SPDX-License-Identifier: GPL-2.0 */
/*
 * userctl qualify: one verdict on this machine.  The shielding audit and
 * the seeds' experiments (benches of the bench framework) run within a
 * time budget, and one report answers "how fast and how safely can a loop
 * run here": report.md, PNG figures and report.json in one directory.
 *
 *   cmd_qualify.c        options, checks before anything changes, the run
 *   qualify_plan.c       the sections and how the budget is shared out
 *   qualify_verdict.c    the thresholds and a PASS/WARN/FAIL line per check
 *   qualify_report.c     report.md
 *   qualify_json.c       report.json
 *   qualify_figures.c    the PNG figures (plot.h)
 *
 * What a section changes is undone by the bench framework (bench_undo.c);
 * the report is written by an exit handler registered before the
 * framework's, so it runs after the cleanup, on the normal path, on an
 * error exit and on SIGINT/SIGTERM (then marked incomplete).
 */
#ifndef USERCTL_QUALIFY_H
#define USERCTL_QUALIFY_H

#include <stdbool.h>
#include <stdio.h>

#include "bench.h"
#include "report.h"

/* ---- sections ----------------------------------------------------------- */

enum qsec {
	QS_AUDIT,
	QS_LADDER,
	QS_THRESHOLD,
	QS_NOISE,
	QS_WAIT,
	QS_SECTION,
	QS_COMPARE,
	QS_NR
};

#define QUALIFY_MAX_KEYS	16

/*
 * A section: its name (--only, --skip, the JSON's keys), the bench that
 * measures it, its heading, and how the budget reaches it: a share of
 * weight_pct, of which fixed_s goes to unmeasured parts (calibration,
 * warm-ups) and the rest to its units (rungs, rows, modes), each taking
 * unit_overhead_s beside its measured time, which must be at least
 * min_unit_s.  keys: the columns report.md shows of its main table.
 */
struct qsec_def {
	const char *name;
	const char *bench;
	const char *heading;
	const char *question;
	double weight_pct;
	double fixed_s;
	double unit_overhead_s;
	double min_unit_s;
	const char *keys[QUALIFY_MAX_KEYS];
};

extern const struct qsec_def qsec_defs[QS_NR];
/* The section named @name, -1 if none. */
int qsec_find(const char *name);

/* ---- thresholds ----------------------------------------------------------- */

enum qthr {
	QT_RATE_HZ,
	QT_MAX_LATENCY_US,
	QT_MAX_LATE_PCT,
	QT_MAX_GAPS_PER_S,
	QT_MAX_HYBRID_P99,
	QT_MAX_HYBRID_CPU,
	QT_MAX_OVER_PER10K,
	QT_MAX_REF_RATIO,
	QT_NR
};

/*
 * A threshold: option --NAME (with '-' for '_'), its unit and bounds; a
 * figure passes at or below it, or with at_least at or above it.
 */
struct qthr_def {
	const char *name;
	const char *unit;
	double def, min, max;
	bool integer;
	bool at_least;
	enum qsec sec;		/* the section whose figure it judges */
	const char *help;
};

extern const struct qthr_def qthr_defs[QT_NR];
/* Threshold @i's option: "--max-latency-us" for max_latency_us. */
const char *qthr_option(unsigned int i, char *buf, size_t len);

/* ---- a run ---------------------------------------------------------------- */

enum qstate {
	QR_PLANNED,	/* not started yet */
	QR_RUNNING,
	QR_DONE,
	QR_FAILED,	/* ran, but a figure could not be taken */
	QR_SKIPPED,	/* not asked for, or nothing to run here */
	QR_INTERRUPTED,
};

/* One section's plan and what came of it. */
struct qsec_run {
	bool enabled;
	enum qstate state;
	char why[320];			/* skipped, failed or a caveat */
	unsigned int units;
	double unit_s;			/* measured seconds a unit */
	double planned_s, took_s, started;
	struct bench_args a;
	struct bench_env e;
	struct bench_result r;
	bool have_result;
};

/* Budgets of --quick, the default and --long, seconds. */
#define QUALIFY_QUICK_S		120
#define QUALIFY_DEFAULT_S	600
#define QUALIFY_LONG_S		3600

struct qcheck {
	enum verdict verdict;
	char id[48];			/* "rate.cpu1" */
	char what[160];			/* what was judged */
	double value;			/* NaN: no figure */
	double threshold;		/* NaN: none */
	bool at_least;			/* the figure must reach it */
	const char *unit;
	char resolution[160];
	char message[400];
};

struct qualify {
	/* what was asked */
	double budget_s;
	const char *budget_name;	/* "quick", "default", "long", "given" */
	double thr[QT_NR];
	bool thr_given[QT_NR];
	char *outdir;
	bool cpus_given, force;
	struct cpuset cpus;
	const char *rates, *modes, *provider;
	bool provider_given;
	/* the machine */
	struct bench_env env;		/* from the ladder's prepare */
	char host[128];
	char started[32];		/* UTC, ISO 8601 */
	char machine[160];		/* a virtual machine, if it looks like one */
	char tools[320];		/* cyclictest, timerlat, storms, provider */
	/* the run */
	double t0;
	struct qsec_run sec[QS_NR];
	struct report audit;
	char audit_cpus[256];
	enum qsec current;		/* the section running, QS_NR: none */
	bool armed;			/* the report is written at exit */
	bool finished;			/* every section ran */
	int ended_by;			/* the signal that ended it, 0 */
	struct qcheck *checks;
	unsigned int nchecks;
};

/* qualify_plan.c: share the budget out; NULL, or the reason it cannot. */
const char *qualify_plan(struct qualify *q, char *buf, size_t len);
/* The bench arguments of section @s from its plan. */
void qualify_section_args(struct qualify *q, enum qsec s);

/* qualify_verdict.c */
void qualify_judge(struct qualify *q);
enum verdict qualify_verdict(const struct qualify *q);
unsigned int qualify_count(const struct qualify *q, enum verdict v);
const char *qstate_name(enum qstate s);

/* The report: report.md, report.json and the figures in q->outdir. */
void qualify_write_md(const struct qualify *q, FILE *f,
		      const char *const *figs, unsigned int nfigs);
void qualify_write_json(const struct qualify *q, FILE *f);
/* Figures; returns how many, their file names in @figs (malloc'ed). */
unsigned int qualify_figures(const struct qualify *q, char ***figs);

#endif
