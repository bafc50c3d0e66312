// SPDX-License-Identifier: GPL-2.0
/*
 * The processes a bench runs beside its loops, each pinned to a
 * housekeeping CPU and registered for cleanup: a dummy load (KSTAR's:
 * a busy loop, or a copy from /dev/zero to /dev/null) and the system
 * call storms of shieldrt-storm (the i.MX6Q study's interference), whose
 * counts come back when they stop.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "userctl.h"

/*
 * In the child: on @cpu, gone with its parent, signals as a new process
 * has them (ours set a flag and carry on).  Nothing here may exit through
 * our atexit handlers: _exit only.
 */
static void child_setup(int cpu)
{
	cpu_set_t set;

	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		_exit(126);
}

struct bench_undo *bench_hog(int cpu, bool copy)
{
	static char buf[4096];
	int in, out;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		fatal("fork: %s", strerror(errno));
	if (pid)
		return bench_undo_child(pid);
	child_setup(cpu);
	if (!copy)
		for (;;)
			__asm__ __volatile__("" ::: "memory");
	in = open("/dev/zero", O_RDONLY);
	out = open("/dev/null", O_WRONLY);
	if (in < 0 || out < 0)
		_exit(1);
	for (;;)
		if (read(in, buf, sizeof(buf)) < 0 ||
		    write(out, buf, sizeof(buf)) < 0)
			_exit(1);
}

static const char *storm_path;

const char *bench_storm_tool(void)
{
	if (!storm_path)
		storm_path = bench_find_tool("shieldrt-storm");
	return storm_path;
}

void bench_storms_start(struct bench_storms *s, const struct cpuset *cpus,
			const char *const *kinds, unsigned int nkinds)
{
	const char *tool = bench_storm_tool();
	unsigned int k;
	int cpu, fd[2];
	pid_t pid;

	memset(s, 0, sizeof(*s));
	if (!tool)
		fatal("shieldrt-storm is not installed (PATH, or beside userctl)");
	for (cpu = cpuset_next(cpus, -1); cpu >= 0;
	     cpu = cpuset_next(cpus, cpu)) {
		for (k = 0; k < nkinds; k++) {
			if (s->n == BENCH_MAX_STORMS)
				fatal("bench: more than %d storms",
				      BENCH_MAX_STORMS);
			if (pipe2(fd, O_CLOEXEC))
				fatal("pipe: %s", strerror(errno));
			fflush(NULL);
			pid = fork();
			if (pid < 0)
				fatal("fork: %s", strerror(errno));
			if (!pid) {
				child_setup(cpu);
				dup2(fd[1], STDOUT_FILENO);
				execl(tool, tool, kinds[k], (char *)NULL);
				_exit(127);
			}
			close(fd[1]);
			s->pid[s->n] = pid;
			s->fd[s->n] = fd[0];
			s->kind[s->n] = kinds[k];
			s->undo[s->n] = bench_undo_child(pid);
			s->n++;
		}
	}
}

/* The storm's "KIND N" line, once it stopped; -1 if it gave none. */
static long long storm_count(int fd, const char *kind)
{
	char buf[128], *sp;
	ssize_t n, len = 0;

	while (len < (ssize_t)sizeof(buf) - 1 &&
	       (n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	buf[len > 0 ? len : 0] = '\0';
	sp = strchr(buf, ' ');
	if (!sp || strncmp(buf, kind, sp - buf))
		return -1;
	return strtoll(sp + 1, NULL, 10);
}

long long bench_storms_stop(struct bench_storms *s, const char *kind)
{
	long long total = 0, c;
	unsigned int i;
	bool all = true;

	for (i = 0; i < s->n; i++)
		kill(s->pid[i], SIGTERM);
	for (i = 0; i < s->n; i++) {
		c = storm_count(s->fd[i], s->kind[i]);
		close(s->fd[i]);
		waitpid(s->pid[i], NULL, 0);
		bench_undo_forget(s->undo[i]);
		if (kind && !strcmp(kind, s->kind[i])) {
			if (c < 0)
				all = false;
			else
				total += c;
		}
	}
	s->n = 0;
	return all ? total : -1;
}
