// SPDX-License-Identifier: GPL-2.0
/*
 * What a bench changed, undone: a list of actions, each registered the
 * moment its change exists (a loop created, a storm forked, a shield
 * applied), run in reverse order by the normal path one by one, and at
 * exit (atexit) for whatever is left: an error exit, a refusal by the
 * module, SIGINT or SIGTERM.  The actions never exit themselves (an
 * atexit handler must not): a failure is printed and counted.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "ctl.h"
#include "userctl.h"

enum undo_kind { UNDO_LOOP, UNDO_CHILD, UNDO_FN };

struct bench_undo {
	enum undo_kind kind;
	char loop[SHIELDRT_NAME_LEN];
	pid_t pid;
	void (*fn)(void *arg);
	void *arg;
	struct bench_undo *prev;
};

static struct bench_undo *undo_top;
static unsigned int undo_failed;
static bool undo_registered;

static void undo_at_exit(void)
{
	bench_undo_all();
}

static struct bench_undo *undo_push(enum undo_kind kind)
{
	struct bench_undo *u = xmalloc(sizeof(*u));

	if (!undo_registered) {
		atexit(undo_at_exit);
		undo_registered = true;
	}
	memset(u, 0, sizeof(*u));
	u->kind = kind;
	u->prev = undo_top;
	undo_top = u;
	return u;
}

struct bench_undo *bench_undo_loop(const char *name)
{
	struct bench_undo *u = undo_push(UNDO_LOOP);

	snprintf(u->loop, sizeof(u->loop), "%s", name);
	return u;
}

struct bench_undo *bench_undo_child(pid_t pid)
{
	struct bench_undo *u = undo_push(UNDO_CHILD);

	u->pid = pid;
	return u;
}

struct bench_undo *bench_undo_fn(void (*fn)(void *), void *arg)
{
	struct bench_undo *u = undo_push(UNDO_FN);

	u->fn = fn;
	u->arg = arg;
	return u;
}

static void undo_loop(const char *loop)
{
	char err[SHIELDRT_ERR_LEN];
	int ret;

	/* a loop that is not running says EBUSY or so: destroy decides */
	ctl_stop_try(loop, err, sizeof(err));
	ret = ctl_destroy_try(loop, err, sizeof(err));
	if (ret && ret != -ENOENT) {
		warnx_("cleanup: destroy %s: %s (%s); destroy it with 'userctl loop destroy -l %s'",
		       loop, *err ? err : strerror(-ret),
		       ctl_errno_name(-ret), loop);
		undo_failed++;
	}
}

static void undo_child(pid_t pid)
{
	int i;

	if (kill(pid, SIGTERM) && errno != ESRCH)
		return;
	/* a storm ends within a call; give it a second, then kill it */
	for (i = 0; i < 100; i++) {
		if (waitpid(pid, NULL, WNOHANG) != 0)
			return;
		nanosleep(&(struct timespec){ .tv_nsec = 10000000 }, NULL);
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

static void undo_run(struct bench_undo *u)
{
	switch (u->kind) {
	case UNDO_LOOP:
		undo_loop(u->loop);
		break;
	case UNDO_CHILD:
		undo_child(u->pid);
		break;
	case UNDO_FN:
		u->fn(u->arg);
		break;
	}
}

/* Take @u off the list; false if it is not there. */
static bool undo_unlink(struct bench_undo *u)
{
	struct bench_undo **pp;

	for (pp = &undo_top; *pp && *pp != u; pp = &(*pp)->prev)
		;
	if (!*pp)
		return false;
	*pp = u->prev;
	return true;
}

void bench_undo_now(struct bench_undo *u)
{
	if (!u || !undo_unlink(u))
		return;
	undo_run(u);
	free(u);
}

void bench_undo_forget(struct bench_undo *u)
{
	if (u && undo_unlink(u))
		free(u);
}

void bench_undo_all(void)
{
	struct bench_undo *u;

	while ((u = undo_top)) {
		undo_top = u->prev;
		undo_run(u);
		free(u);
	}
}

unsigned int bench_undo_failures(void)
{
	return undo_failed;
}

double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void bench_check_interrupt(void)
{
	int sig = interrupted();

	if (!sig)
		return;
	fflush(stdout);
	fprintf(stderr, "userctl: bench: %s: cleaning up\n",
		sig == SIGINT ? "interrupted (SIGINT)" : "terminated (SIGTERM)");
	exit(128 + sig);	/* the undo list runs at exit */
}

void bench_sleep(double s)
{
	double end = bench_now() + s, left;
	struct timespec ts;

	for (;;) {
		bench_check_interrupt();
		left = end - bench_now();
		if (left <= 0)
			return;
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - ts.tv_sec) * 1e9);
		nanosleep(&ts, NULL);	/* a signal ends it early */
	}
}
