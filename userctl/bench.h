/* SPDX-License-Identifier: GPL-2.0 */
/*
 * userctl bench: the seed experiments, run on the machine they are started
 * on, through /dev/shieldrt only (ioctls and the mapped region).
 *
 * A bench is a struct bench_def: its name, its parameters (one row each,
 * struct bench_param: parse, help and bounds follow from the row) and a
 * run function that fills a struct bench_result with typed tables.  The
 * command (cmd_bench.c) parses options into struct bench_args, checks the
 * machine with bench_prepare() (every refusal exits 2 before anything is
 * changed) and prints the result as text or JSON; "qualify" calls the
 * same functions and reads the cells with bench_get().
 *
 * Everything a bench changes (loops, storms, a shield it applies) is
 * registered with the undo list (bench_undo.c) the moment it exists, and
 * undone in reverse order on the normal path, on an error exit and on
 * SIGINT/SIGTERM (exit 130/143 after the cleanup).
 */
#ifndef USERCTL_BENCH_H
#define USERCTL_BENCH_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "../algorithms/srt_chain.h"
#include "../include/uapi/shieldrt.h"
#include "cpuset.h"
#include "json.h"

/* ---- parameters ---------------------------------------------------- */

enum bench_ptype {
	BP_UINT,	/* an integer in [min, max] */
	BP_UINTS,	/* a comma list of integers in [min, max] */
	BP_WORDS,	/* a comma list of distinct words from choices */
	BP_FLAG,	/* 0 or 1 */
	BP_NAME,	/* a loop, lock or provider name (or "" when min 0) */
};

#define BENCH_MAX_PARAMS	16
/* A loop's period range, as a chain's period_us takes it. */
#define BENCH_PERIOD_MIN_US	SRT_CHAIN_PERIOD_US_MIN
#define BENCH_PERIOD_MAX_US	SRT_CHAIN_PERIOD_US_MAX
#define BENCH_MAX_WORDS		16

/*
 * One parameter: "period_us" is the option --period-us and the key
 * period_us of the JSON's "params".  BP_WORDS keeps the order given.
 */
struct bench_param {
	const char *name;
	enum bench_ptype type;
	const char *unit;		/* "us", "ns", "" */
	unsigned long long def, min, max;	/* BP_UINT(S), BP_FLAG */
	const char *def_words;		/* BP_WORDS, BP_UINTS, BP_NAME default */
	const char *const *choices;	/* BP_WORDS: NULL-terminated */
	const char *help;
};

struct bench_args {
	double duration_s;		/* the bench's default until given */
	bool duration_given;
	bool force;			/* go on with CPUs that are not shielded */
	bool cpus_given;
	struct cpuset cpus;
	unsigned long long u[BENCH_MAX_PARAMS];	/* BP_UINT, BP_FLAG */
	/* BP_WORDS: indices into choices, in the order given */
	unsigned char w[BENCH_MAX_PARAMS][BENCH_MAX_WORDS];
	/* BP_UINTS: the numbers, in the order given */
	unsigned long long l[BENCH_MAX_PARAMS][BENCH_MAX_WORDS];
	unsigned int nw[BENCH_MAX_PARAMS];	/* BP_WORDS, BP_UINTS */
	char s[BENCH_MAX_PARAMS][SHIELDRT_NAME_LEN];	/* BP_NAME */
	bool given[BENCH_MAX_PARAMS];
};

struct bench_def;

/* Defaults of every parameter (and the duration) of @d. */
void bench_args_init(const struct bench_def *d, struct bench_args *a);
/*
 * Set parameter @name from @text: 0, or -1 with the reason in @err
 * (nothing changed).  --duration is "duration".
 */
int bench_args_set(const struct bench_def *d, struct bench_args *a,
		   const char *name, const char *text, char *err,
		   size_t errlen);
/* The option of a parameter: "--period-us" for period_us. */
void bench_param_option(const struct bench_param *p, char *buf, size_t len);
/* A parameter's index in d->params, -1 if it has none of that name. */
int bench_param_index(const struct bench_def *d, const char *name);
/* The i-th word of BP_WORDS parameter @p. */
const char *bench_word(const struct bench_def *d, const struct bench_args *a,
		       unsigned int p, unsigned int i);
/* Is @word among the words given for @p? */
bool bench_has_word(const struct bench_def *d, const struct bench_args *a,
		    unsigned int p, const char *word);

/* ---- the machine ---------------------------------------------------- */

#define BENCH_MAX_CPUS	8

/* What bench_prepare() found; the CPUs a bench uses come first. */
struct bench_env {
	unsigned int ncpus;
	int cpu[BENCH_MAX_CPUS];	/* the CPUs the bench runs loops on */
	struct cpuset online;
	struct cpuset isolated;		/* isolcpus domain: the module's test */
	struct cpuset shielded;		/* isolated | nohz_full | partition */
	struct cpuset house;		/* online, not among cpu[] */
	char shielded_from[96];		/* which sources gave shielded */
	char kernel[65];		/* uname release */
	char arch[65];			/* uname machine */
	char module_version[48];	/* /sys/module/shieldrt/version */
	bool forced;			/* a CPU of cpu[] is not shielded */
};

/*
 * Check the machine for bench @d with @a (root, device, CPUs, module ABI,
 * loop names, @d's own needs): every refusal a one-line reason, exit 2,
 * nothing changed.  Then keep this process off the bench's CPUs and
 * catch SIGINT/SIGTERM.
 */
void bench_prepare(const struct bench_def *d, const struct bench_args *a,
		   struct bench_env *e);
/* Does this process have CAP_SYS_ADMIN (what creating loops needs)? */
bool bench_cap_sys_admin(void);
/* "force=1" when a poll or hybrid loop on @cpu needs it, else "". */
const char *bench_force(const struct bench_env *e, int cpu);
/* The first housekeeping CPU (for a peer loop), -1 if none. */
int bench_house_cpu(const struct bench_env *e);
/* An executable named @name: $PATH, then beside this program; NULL. */
char *bench_find_tool(const char *name);
/* Is provider @name registered (VIEW "providers")? */
bool bench_provider_registered(const char *name);
/* Our loop names: "b_" and the bench's own part. */
#define BENCH_LOOP_PREFIX	"b_"

/* ---- undo: nothing outlives the bench -------------------------------- */

struct bench_undo;

/* Stop and destroy loop @name at cleanup (its create just succeeded). */
struct bench_undo *bench_undo_loop(const char *name);
/* SIGTERM, then reap child @pid at cleanup. */
struct bench_undo *bench_undo_child(pid_t pid);
/* Call @fn(@arg) at cleanup. */
struct bench_undo *bench_undo_fn(void (*fn)(void *), void *arg);
/* Undo @u now (the normal path); NULL does nothing. */
void bench_undo_now(struct bench_undo *u);
/* Drop @u without running it: the caller undid it its own way. */
void bench_undo_forget(struct bench_undo *u);
/* Undo everything still registered, newest first. */
void bench_undo_all(void);
/* Failures of undo actions so far (each also printed). */
unsigned int bench_undo_failures(void);

/*
 * Sleep @s seconds; on SIGINT/SIGTERM clean up and exit 128 + signal.
 * bench_check_interrupt() does the latter without sleeping.
 */
void bench_sleep(double s);
void bench_check_interrupt(void);
double bench_now(void);

/* ---- loops ------------------------------------------------------------ */

/*
 * Create loop @name with the settings (printf-style), registered for
 * cleanup; on a refusal exit 1 with the module's reason.  _try returns
 * -errno with the reason in @err instead (and nothing to undo).
 */
struct bench_undo *bench_loop_create(const char *name, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int bench_loop_create_try(struct bench_undo **u, char *err, size_t errlen,
			  const char *name, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* A chain from algorithms/chains/ (built in), at the loop's period. */
void bench_loop_chain(const char *loop, const char *chain,
		      unsigned long long period_us);
/* The text of a built-in chain (algorithms/chains/NAME.chain); NULL. */
const char *bench_chain_text(const char *name);
/*
 * Signal @name of a built-in chain: its index among the chain's inputs
 * (or outputs, @output), as the loop numbers them; -1 if it has none.
 */
int bench_chain_signal(const char *chain, const char *name, bool output);
/* A binding's read and write calls (the loop's "io" view); -1: none. */
int bench_io_calls(const char *loop, const char *provider,
		   unsigned long long *reads, unsigned long long *writes);

/* ---- processes beside the loops ---------------------------------------- */

/* A dummy load on @cpu: a busy loop, or a /dev/zero to /dev/null copy. */
struct bench_undo *bench_hog(int cpu, bool copy);

#define BENCH_MAX_STORMS	64

/* Storms of shieldrt-storm, one per kind and CPU. */
struct bench_storms {
	unsigned int n;
	pid_t pid[BENCH_MAX_STORMS];
	int fd[BENCH_MAX_STORMS];		/* its stdout: "KIND N" */
	const char *kind[BENCH_MAX_STORMS];
	struct bench_undo *undo[BENCH_MAX_STORMS];
};

/* The installed shieldrt-storm (PATH, then beside userctl), or NULL. */
const char *bench_storm_tool(void);
void bench_storms_start(struct bench_storms *s, const struct cpuset *cpus,
			const char *const *kinds, unsigned int nkinds);
/*
 * Stop them all; returns the calls (round trips for fifo, pipe, sem) the
 * storms of @kind made, summed, or -1 if one of them did not say.
 */
long long bench_storms_stop(struct bench_storms *s, const char *kind);

/* ---- references: cyclictest, timerlat ---------------------------------- */

/*
 * A reference tool's latencies of one kind: 1 us buckets (cyclictest,
 * rtla; "over" past 40 ms) or every sample in ns (tracefs).
 */
struct bench_ref {
	unsigned long long *us;		/* NULL until a bucket came */
	unsigned long long *samples;
	size_t n, cap;
	unsigned long long over, count, max_ns;
};

void bench_ref_free(struct bench_ref *r);
/* As bench_hist_quantile(): a bucket's largest value, or a sample. */
int bench_ref_quantile(struct bench_ref *r, double q, unsigned long long *v,
		       bool *past);
/* One run of each tool, its latencies added to @irq/@thr; -1 and @why. */
int bench_cyclictest(const char *tool, int cpu, unsigned long long prio,
		     unsigned long long period_us, double seconds,
		     struct bench_ref *thr, char *why, size_t whylen);
int bench_rtla_timerlat(const char *tool, int cpu, unsigned long long prio,
			unsigned long long period_us, double seconds,
			struct bench_ref *irq, struct bench_ref *thr,
			char *why, size_t whylen);
/*
 * Does the kernel offer the timerlat tracer (tracefs available_tracers)?
 * 1 yes, 0 no, -1 cannot tell (tracefs not mounted or not readable).
 */
int bench_tracefs_timerlat(void);
/* The tracer itself; its settings are put back at cleanup. */
int bench_tracefs_run(int cpu, unsigned long long period_us, double seconds,
		      struct bench_ref *irq, struct bench_ref *thr,
		      unsigned long long *lost, char *why, size_t whylen);

/* ---- figures: stats, histograms, telemetry --------------------------- */

/* Snapshot of a loop's histograms (HIST ioctl), to merge and query. */
struct bench_hist {
	unsigned int nr_metrics, nr_buckets, sub_bits;
	unsigned long long unit_ns, range_ns;
	unsigned long long *b;		/* nr_metrics * nr_buckets */
	struct shieldrt_metric m[SHIELDRT_MAX_METRICS];
	unsigned int runs;		/* snapshots merged in */
};

void bench_hist_take(const char *loop, struct bench_hist *h);
/* Add @src into @dst (same layout, or @dst empty): exit 1 otherwise. */
void bench_hist_merge(struct bench_hist *dst, const struct bench_hist *src);
void bench_hist_free(struct bench_hist *h);
/*
 * Quantile @q (0.99) of metric @m: the largest value of the bucket the
 * rank falls in, at most max; *past when the rank is in "over" (the value
 * is then range_ns, a bound).  -1 with no samples.
 */
int bench_hist_quantile(const struct bench_hist *h, unsigned int m, double q,
			unsigned long long *v, bool *past);
/* Samples of @m in buckets whose lower edge is >= @ns, "over" included. */
unsigned long long bench_hist_count_from(const struct bench_hist *h,
					 unsigned int m,
					 unsigned long long ns);
/* Width of the bucket that holds @ns: a figure's resolution there. */
unsigned long long bench_hist_width(const struct bench_hist *h,
				    unsigned long long ns);
/* Mean and std over the merged runs (exact sums; avg rounded per run). */
void bench_hist_moments(const struct bench_hist *h, unsigned int m,
			double *mean, double *std, unsigned long long *n);

/*
 * A reader of a loop's telemetry ring (the exact per-cycle values):
 * bench_tel_open() attaches, bench_tel_drain() hands every new record to
 * @fn; records lost to a full ring are counted in drops.
 */
struct bench_tel;
typedef void (*bench_tel_fn)(void *arg, const struct shieldrt_tel *t);
struct bench_tel *bench_tel_open(const char *loop, bench_tel_fn fn,
				 void *arg);
void bench_tel_drain(struct bench_tel *t);
void bench_tel_counts(const struct bench_tel *t, unsigned long long *records,
		      unsigned long long *drops);
void bench_tel_close(struct bench_tel *t);
/* The loop starts again: the next record's seq is not compared. */
void bench_tel_rebase(struct bench_tel *t);
/* Drain for @s seconds (the loop runs; it is not started or stopped). */
void bench_tel_run(struct bench_tel *t, double s);
/*
 * Where chain signal @name (an input or an output of built-in chain
 * @chain) is in a record's values; -1 if the records do not carry it.
 */
int bench_tel_position(const struct bench_tel *t, const char *chain,
		       const char *name);
/* Input @in to @v through the region's mailbox (latest value wins). */
void bench_tel_setpoint(struct bench_tel *t, int in, double v);
/* How long the reader may sleep between drains: an eighth of the ring. */
double bench_tel_nap(const struct bench_tel *t);

/*
 * Start @loop, let it run @s seconds (draining @tel if not NULL, and
 * stopping early once @cycles records came or were dropped, if @cycles),
 * stop it.
 * Returns the seconds it ran.
 */
double bench_loop_run(const char *loop, double s, struct bench_tel *tel,
		      unsigned long long cycles);

/* ---- results ---------------------------------------------------------- */

enum bench_vkind {
	BV_NONE,	/* no value (why: the row's or the table's note) */
	BV_UINT,
	BV_INT,
	BV_REAL,
	BV_TEXT,
	BV_ABOVE,	/* only a bound: above u (a percentile past range) */
};

struct bench_val {
	enum bench_vkind kind;
	unsigned long long u;
	long long i;
	double d;
	char *text;
};

/* A value as the text tables and report.md show it ("-" for none or NULL). */
void bench_val_text(const struct bench_val *v, int prec, char *buf,
		    size_t len);

/*
 * A column: key (JSON), head (text table), unit, resolution (short: the
 * bench's notes say more) and, for reals, the digits after the point.
 */
struct bench_col {
	const char *key;
	const char *head;
	const char *unit;
	const char *res;
	int prec;
};

struct bench_table {
	const char *name;		/* "rows" for the main one */
	const struct bench_col *cols;
	unsigned int ncols;
	struct bench_val *v;		/* nrows * ncols */
	char **why;			/* per row: why values are missing */
	unsigned int nrows, cap;
};

#define BENCH_MAX_TABLES	4
#define BENCH_MAX_INFO		32

struct bench_result {
	const struct bench_def *def;
	struct bench_table t[BENCH_MAX_TABLES];
	unsigned int ntables;
	struct { const char *key; const char *unit; struct bench_val v; }
		info[BENCH_MAX_INFO];
	unsigned int ninfo;
	char **notes;			/* what the columns mean, caveats */
	unsigned int nnotes;
	char **warnings;		/* where the data lies (drops, ...) */
	unsigned int nwarnings;
};

/* A table of @r: "rows" is printed first and has no "row" tag in JSON. */
struct bench_table *bench_table_add(struct bench_result *r, const char *name,
				    const struct bench_col *cols,
				    unsigned int ncols);
/* A new row, every cell BV_NONE; returns its index. */
unsigned int bench_row_add(struct bench_table *t);
void bench_set_u(struct bench_table *t, unsigned int row, const char *key,
		 unsigned long long v);
void bench_set_i(struct bench_table *t, unsigned int row, const char *key,
		 long long v);
void bench_set_d(struct bench_table *t, unsigned int row, const char *key,
		 double v);
void bench_set_text(struct bench_table *t, unsigned int row, const char *key,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A quantile: the value, or ">range" when past the last bucket. */
void bench_set_q(struct bench_table *t, unsigned int row, const char *key,
		 unsigned long long v, bool past);
/* Why this row's missing values are missing. */
void bench_row_why(struct bench_table *t, unsigned int row,
		   const char *fmt, ...) __attribute__((format(printf, 3, 4)));

void bench_info_u(struct bench_result *r, const char *key, const char *unit,
		  unsigned long long v);
void bench_info_d(struct bench_result *r, const char *key, const char *unit,
		  double v);
void bench_info_text(struct bench_result *r, const char *key,
		     const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void bench_note(struct bench_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void bench_warn(struct bench_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The cell of @key in @row, NULL if the table has no such column. */
const struct bench_val *bench_get(const struct bench_table *t,
				  unsigned int row, const char *key);
/* The first row whose @key reads @text, -1 if none. */
int bench_find_row(const struct bench_table *t, const char *key,
		   const char *text);
/* A table of @r by name, NULL if none. */
const struct bench_table *bench_table(const struct bench_result *r,
				      const char *name);
/* A cell as a double: false if missing or only a bound. */
bool bench_val_num(const struct bench_val *v, double *d);

void bench_print_text(const struct bench_result *r,
		      const struct bench_env *e, FILE *f);
void bench_print_json(const struct bench_result *r,
		      const struct bench_env *e, const struct bench_args *a,
		      FILE *f);
void bench_result_free(struct bench_result *r);
/*
 * The tables as PNG figures in @dir (plot.h): a figure per table and
 * unit, grouped bars of its numeric columns by row.  0, or -1 with the
 * reason of the last failure in @why.
 */
#define BENCH_MAX_COLS	32
int bench_plot_result(const struct bench_result *r, const char *dir,
		      char *why, size_t whylen);

/* ---- the benches ------------------------------------------------------ */

struct bench_def {
	const char *name;
	const char *title;		/* what it reproduces, one line */
	const char *help;		/* what it measures: definitions */
	const struct bench_param *params;
	unsigned int nparams;
	double def_duration_s;
	const char *duration_is;	/* "seconds per mode" */
	unsigned int max_cpus;		/* CPUs it uses: 1, or up to N */
	/*
	 * Checks of the arguments against each other and the machine
	 * (minimum durations, periods, providers, tools): NULL, or the
	 * reason to refuse (written to @buf).
	 */
	const char *(*check)(const struct bench_def *d,
			     const struct bench_args *a,
			     const struct bench_env *e, char *buf,
			     size_t len);
	int (*run)(const struct bench_def *d, const struct bench_args *a,
		   const struct bench_env *e, struct bench_result *r);
};

/*
 * Every bench: "extern const struct bench_def bench_noise, ...,
 * bench_list_end_;" from bench_list.h, one declaration (the last name
 * only ends the list; nothing defines it).
 */
#define BENCH(name) bench_##name,
extern const struct bench_def
#include "bench_list.h"
	bench_list_end_;
#undef BENCH
const struct bench_def *bench_find(const char *name);
/* The @i-th bench in the order of bench_list.h, NULL past the last. */
const struct bench_def *bench_nth(unsigned int i);

/*
 * Run @d: prepare (exits 2 on a refusal), run, undo everything.  Returns
 * the run's status (0 ok, 1 a figure could not be taken).
 */
int bench_run(const struct bench_def *d, const struct bench_args *a,
	      struct bench_env *e, struct bench_result *r);

/* Checks shared by the benches' check functions. */
const char *bench_check_period(unsigned long long period_us, char *buf,
			       size_t len);
const char *bench_check_cycles(const struct bench_args *a, double per_s,
			       unsigned long long period_us,
			       unsigned long long min_cycles, const char *what,
			       char *buf, size_t len);

#endif
