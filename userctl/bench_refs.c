// SPDX-License-Identifier: GPL-2.0
/*
 * The references the compare bench sets shieldrt against, on the same CPU
 * and period: cyclictest (rt-tests) and the kernel's timerlat tracer,
 * through rtla when it is installed, else through tracefs directly.
 * Each run is a child process (registered for cleanup) or, for tracefs,
 * settings that are put back at cleanup; each fills a struct bench_ref:
 * 1 us buckets (cyclictest, rtla) or every sample (tracefs).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "sysfile.h"
#include "userctl.h"

/* 40 ms of 1 us buckets: above it, "over" (as cyclictest's --histogram). */
#define REF_BUCKETS	40000

void bench_ref_free(struct bench_ref *r)
{
	free(r->us);
	free(r->samples);
	memset(r, 0, sizeof(*r));
}

static void ref_bucket(struct bench_ref *r, unsigned long long us,
		       unsigned long long n)
{
	if (!r->us)
		r->us = calloc(REF_BUCKETS, sizeof(*r->us));
	if (!r->us)
		fatal("out of memory");
	if (us < REF_BUCKETS)
		r->us[us] += n;
	else
		r->over += n;
	r->count += n;
}

static void ref_sample(struct bench_ref *r, unsigned long long ns)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 4096;
		r->samples = xrealloc(r->samples,
				      r->cap * sizeof(*r->samples));
	}
	r->samples[r->n++] = ns;
	r->count++;
	if (ns > r->max_ns)
		r->max_ns = ns;
}

static int cmp_u64(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

int bench_ref_quantile(struct bench_ref *r, double q, unsigned long long *v,
		       bool *past)
{
	unsigned long long want, cum = 0, hi;
	unsigned int i;

	*past = false;
	if (!r->count)
		return -1;
	want = (unsigned long long)(q * r->count + 0.999999);
	if (!want)
		want = 1;
	if (r->samples) {
		qsort(r->samples, r->n, sizeof(*r->samples), cmp_u64);
		*v = r->samples[want - 1];
		return 0;
	}
	for (i = 0; r->us && i < REF_BUCKETS; i++) {
		cum += r->us[i];
		if (cum >= want) {
			/* the bucket's largest value, at most the max */
			hi = (i + 1) * 1000ULL - 1;
			*v = hi < r->max_ns ? hi : r->max_ns;
			return 0;
		}
	}
	*v = REF_BUCKETS * 1000ULL;
	*past = true;
	return 0;
}

/*
 * Run @argv (a reference tool) to its end, its stdout into a malloc'ed
 * text; registered for cleanup while it runs.  -1 if it failed.
 */
static int ref_spawn(char *const argv[], char **text)
{
	struct bench_undo *u;
	size_t len = 0, cap = 0;
	int fd[2], status;
	ssize_t n;
	pid_t pid;

	*text = NULL;
	if (pipe2(fd, O_CLOEXEC))
		fatal("pipe: %s", strerror(errno));
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		fatal("fork: %s", strerror(errno));
	if (!pid) {
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		dup2(fd[1], STDOUT_FILENO);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	u = bench_undo_child(pid);
	for (;;) {
		if (len + 4096 > cap) {
			cap = cap ? 2 * cap : 65536;
			*text = xrealloc(*text, cap);
		}
		n = read(fd[0], *text + len, cap - len - 1);
		if (n > 0) {
			len += n;
			continue;
		}
		if (n < 0 && errno == EINTR) {
			bench_check_interrupt();
			continue;
		}
		break;
	}
	close(fd[0]);
	(*text)[len] = '\0';
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		bench_check_interrupt();
	bench_undo_forget(u);
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -1;
}

int bench_cyclictest(const char *tool, int cpu, unsigned long long prio,
		     unsigned long long period_us, double seconds,
		     struct bench_ref *thr, char *why, size_t whylen)
{
	char a_cpu[32], a_prio[32], a_int[32], a_loops[32], a_hist[32];
	char *argv[10], *text, *line, *save = NULL;
	unsigned long long idx, n;
	int ret, k = 0;

	argv[k++] = (char *)tool;
	argv[k++] = "--quiet";
	argv[k++] = "--mlockall";
	argv[k++] = "--threads=1";
	argv[k++] = a_cpu;
	argv[k++] = a_prio;
	argv[k++] = a_int;
	argv[k++] = a_loops;
	argv[k++] = a_hist;
	argv[k] = NULL;
	snprintf(a_cpu, sizeof(a_cpu), "--affinity=%d", cpu);
	snprintf(a_prio, sizeof(a_prio), "--priority=%llu", prio);
	snprintf(a_int, sizeof(a_int), "--interval=%llu", period_us);
	snprintf(a_loops, sizeof(a_loops), "--loops=%llu",
		 (unsigned long long)(seconds * 1e6 / period_us) + 1);
	snprintf(a_hist, sizeof(a_hist), "--histogram=%d", REF_BUCKETS);
	ret = ref_spawn(argv, &text);
	if (ret) {
		snprintf(why, whylen, "%s failed (its output: %.60s)", tool,
			 text ? text : "");
		free(text);
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "%llu %llu", &idx, &n) == 2)
			ref_bucket(thr, idx, n);
		else if (sscanf(line, "# Max Latencies: %llu", &n) == 1 &&
			 n * 1000 > thr->max_ns)
			thr->max_ns = n * 1000;
		else if (sscanf(line, "# Histogram Overflows: %llu", &n) == 1)
			ref_bucket(thr, REF_BUCKETS, n);
	}
	free(text);
	return 0;
}

/* The column of @name ("IRQ-001") in rtla's Index line; -1 if none. */
static int rtla_column(const char *index, const char *name)
{
	char *copy = xstrdup(index), *tok, *save = NULL;
	int i = 0, at = -1;

	for (tok = strtok_r(copy, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save), i++)
		if (!strcmp(tok, name))
			at = i;
	free(copy);
	return at;
}

/* Field @k of @line (0: the first); false if it has none. */
static bool field_u64(const char *line, int k, unsigned long long *v)
{
	char *copy = xstrdup(line), *tok, *save = NULL, *end;
	int i = 0;
	bool ok = false;

	for (tok = strtok_r(copy, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save), i++) {
		if (i != k)
			continue;
		*v = strtoull(tok, &end, 10);
		ok = end != tok && !*end;
		break;
	}
	free(copy);
	return ok;
}

int bench_rtla_timerlat(const char *tool, int cpu, unsigned long long prio,
			unsigned long long period_us, double seconds,
			struct bench_ref *irq, struct bench_ref *thr,
			char *why, size_t whylen)
{
	static const char *const opts[] = { "timerlat", "hist", "-c", "-P",
					    "-p", "-d", "-E", "-b", "1" };
	char a_cpu[32], a_prio[32], a_per[32], a_dur[32], a_ent[32];
	char *argv[16], *text, *line, *save = NULL, name[32];
	int ci = -1, ct = -1, ret, k = 0;
	unsigned long long v, idx;
	bool micro = false;

	/* rtla timerlat hist -c CPU -P f:PRIO -p US -d S -E N -b 1 */
	argv[k++] = (char *)tool;
	argv[k++] = (char *)opts[0];
	argv[k++] = (char *)opts[1];
	argv[k++] = (char *)opts[2];
	argv[k++] = a_cpu;
	argv[k++] = (char *)opts[3];
	argv[k++] = a_prio;
	argv[k++] = (char *)opts[4];
	argv[k++] = a_per;
	argv[k++] = (char *)opts[5];
	argv[k++] = a_dur;
	argv[k++] = (char *)opts[6];
	argv[k++] = a_ent;
	argv[k++] = (char *)opts[7];
	argv[k++] = (char *)opts[8];
	argv[k] = NULL;

	snprintf(a_cpu, sizeof(a_cpu), "%d", cpu);
	snprintf(a_prio, sizeof(a_prio), "f:%llu", prio);
	snprintf(a_per, sizeof(a_per), "%llu", period_us);
	snprintf(a_dur, sizeof(a_dur), "%llu",
		 (unsigned long long)(seconds + 0.5) ?: 1);
	snprintf(a_ent, sizeof(a_ent), "%d", REF_BUCKETS);
	ret = ref_spawn(argv, &text);
	if (ret) {
		snprintf(why, whylen, "%s timerlat hist failed (its output: %.60s)",
			 tool, text ? text : "");
		free(text);
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strstr(line, "# Time unit is microseconds"))
			micro = true;
		if (!strncmp(line, "Index", 5)) {
			snprintf(name, sizeof(name), "IRQ-%03d", cpu);
			ci = rtla_column(line, name);
			snprintf(name, sizeof(name), "Thr-%03d", cpu);
			ct = rtla_column(line, name);
			continue;
		}
		if (ci < 0 || ct < 0)
			continue;
		if (field_u64(line, 0, &idx)) {
			if (field_u64(line, ci, &v))
				ref_bucket(irq, idx, v);
			if (field_u64(line, ct, &v))
				ref_bucket(thr, idx, v);
		} else if (!strncmp(line, "over:", 5)) {
			if (field_u64(line, ci, &v))
				ref_bucket(irq, REF_BUCKETS, v);
			if (field_u64(line, ct, &v))
				ref_bucket(thr, REF_BUCKETS, v);
		} else if (!strncmp(line, "max:", 4)) {
			if (field_u64(line, ci, &v) && v * 1000 > irq->max_ns)
				irq->max_ns = v * 1000;
			if (field_u64(line, ct, &v) && v * 1000 > thr->max_ns)
				thr->max_ns = v * 1000;
		}
	}
	free(text);
	if (!micro || ci < 0 || ct < 0) {
		snprintf(why, whylen, "%s timerlat hist: no histogram of CPU %d in microseconds in its output",
			 tool, cpu);
		return -1;
	}
	return 0;
}

/* ---- the timerlat tracer through tracefs ---- */

#define TRACEFS	"/sys/kernel/tracing"

static const char *const tl_files[] = {
	"tracing_on", "current_tracer", "buffer_size_kb", "osnoise/cpus",
	"osnoise/timerlat_period_us",
};
#define TL_FILES	ARRAY_SIZE(tl_files)

/* What the tracer files held before the bench: put back at cleanup. */
struct tl_saved {
	char *old[TL_FILES];
};

static struct tl_saved tl_saved;
static struct bench_undo *tl_undo;

static void tl_restore(void *arg)
{
	struct tl_saved *s = arg;
	unsigned int i;
	char *p;

	/* the tracer last: tracing_on and the buffer as they were */
	for (i = TL_FILES; i--; ) {
		if (!s->old[i])
			continue;
		p = rootpath(TRACEFS "/%s", tl_files[i]);
		if (file_write_str(p, s->old[i]))
			warnx_("cleanup: cannot put back %s", syspath(p));
		free(p);
		free(s->old[i]);
		s->old[i] = NULL;
	}
	tl_undo = NULL;	/* the next bench of this process saves afresh */
}

int bench_tracefs_timerlat(void)
{
	char *p = rootpath(TRACEFS "/available_tracers"), *t;
	int ok;

	t = file_read_line(p);
	free(p);
	ok = t ? strstr(t, "timerlat") != NULL : -1;
	free(t);
	return ok;
}

static int tl_set(const char *file, const char *value)
{
	char *p = rootpath(TRACEFS "/%s", file);
	int ret = file_write_str(p, value);

	free(p);
	return ret;
}

static void tl_save(void)
{
	unsigned int i;
	char *p, *v, *b;

	if (tl_undo)
		return;
	for (i = 0; i < TL_FILES; i++) {
		p = rootpath(TRACEFS "/%s", tl_files[i]);
		v = file_read_line(p);
		free(p);
		/* "[nop] timerlat ..." on old kernels: the bracketed one */
		b = v ? strchr(v, '[') : NULL;
		if (b) {
			memmove(v, b + 1, strlen(b + 1) + 1);
			v[strcspn(v, "]")] = '\0';
		}
		tl_saved.old[i] = v;
	}
	tl_undo = bench_undo_fn(tl_restore, &tl_saved);
}

/* "... context    irq timer_latency      1234 ns" */
static void tl_line(const char *line, struct bench_ref *irq,
		    struct bench_ref *thr)
{
	const char *c = strstr(line, "context"), *l;
	unsigned long long v;
	struct bench_ref *r;

	l = c ? strstr(c, "timer_latency") : NULL;
	if (!l)
		return;
	if (strstr(c, " irq ") && strstr(c, " irq ") < l)
		r = irq;
	else if (strstr(c, " thread ") && strstr(c, " thread ") < l)
		r = thr;
	else
		return;
	if (sscanf(l, "timer_latency %llu ns", &v) == 1)
		ref_sample(r, v);
}

int bench_tracefs_run(int cpu, unsigned long long period_us, double seconds,
		      struct bench_ref *irq, struct bench_ref *thr,
		      unsigned long long *lost, char *why, size_t whylen)
{
	char buf[32], *p, *line = NULL;
	size_t cap = 0;
	FILE *f;
	int ret;

	tl_save();
	snprintf(buf, sizeof(buf), "%d", cpu);
	ret = tl_set("tracing_on", "0") ?: tl_set("current_tracer", "nop") ?:
	      tl_set("buffer_size_kb", "8192") ?: tl_set("osnoise/cpus", buf);
	snprintf(buf, sizeof(buf), "%llu", period_us);
	ret = ret ?: tl_set("osnoise/timerlat_period_us", buf) ?:
	      tl_set("trace", "") ?: tl_set("current_tracer", "timerlat") ?:
	      tl_set("tracing_on", "1");
	if (ret) {
		snprintf(why, whylen, "tracefs: cannot set up the timerlat tracer: %s",
			 strerror(-ret));
		return -1;
	}
	bench_sleep(seconds);
	/* read with tracing off: a tracer switch would clear the buffer */
	tl_set("tracing_on", "0");
	p = rootpath(TRACEFS "/trace");
	f = fopen(p, "r");
	free(p);
	if (!f) {
		snprintf(why, whylen, "tracefs: cannot read the trace: %s",
			 strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, f) > 0) {
		if (strstr(line, "LOST"))
			(*lost)++;
		tl_line(line, irq, thr);
	}
	free(line);
	fclose(f);
	tl_set("current_tracer", "nop");
	return 0;
}
