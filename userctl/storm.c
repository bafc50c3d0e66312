// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt-storm: one kind of system call in a tight loop, lmbench style,
 * for the interference and section benches ("userctl bench"), installed
 * beside userctl: the i.MX6Q study's 14 kinds (storm_kinds.h), one per
 * invocation.
 *
 *   shieldrt-storm KIND [-n N] [-f FILE]
 *
 * N iterations (0, the default: until SIGTERM/SIGINT), then "KIND N" on
 * stdout and exit 0.  FILE is what fstat/open/stat use (default: this
 * program).  gettimeofday is the system call, not the vDSO, so that it
 * enters the kernel like the rest.  fifo, pipe and sem are a round trip
 * between two processes, as lmbench's lat_fifo/lat_pipe/lat_sem; sem is
 * SysV (semop), or POSIX semaphores (futex) on a kernel without SysV IPC.
 */
#include <errno.h>
#include <fcntl.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sem.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

/* lock-free, so safe to set from the signal handler */
static atomic_int stop;
static unsigned long long limit;
static const char *file;
static char self[4096];

static void on_stop(int sig)
{
	(void)sig;
	atomic_store(&stop, 1);
}

static void on_usr1(int sig)
{
	(void)sig;
}

static void die(const char *what)
{
	fprintf(stderr, "shieldrt-storm: %s: %s\n", what, strerror(errno));
	exit(1);
}

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const struct {
	const char *name;
} kinds[] = {
#define STORM_KIND(k) { #k },
#include "storm_kinds.h"
#undef STORM_KIND
};

static bool storm_known(const char *kind)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		if (!strcmp(kinds[i].name, kind))
			return true;
	return false;
}

static void print_usage(void)
{
	size_t i;

	fprintf(stderr, "usage: shieldrt-storm KIND [-n N] [-f FILE]\nKIND:");
	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		fprintf(stderr, " %s", kinds[i].name);
	fprintf(stderr, "\n");
}

static int more(unsigned long long i)
{
	return !atomic_load(&stop) && (!limit || i < limit);
}

/* A round trip between two processes over a pair of fds each way. */
static unsigned long long ping_pong(int to_child[2], int to_parent[2])
{
	unsigned long long i;
	pid_t pid;
	char c = 0;

	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		signal(SIGTERM, SIG_DFL);
		while (read(to_child[0], &c, 1) == 1 &&
		       write(to_parent[1], &c, 1) == 1)
			;
		_exit(0);
	}
	for (i = 0; more(i); i++)
		if (write(to_child[1], &c, 1) != 1 ||
		    read(to_parent[0], &c, 1) != 1) {
			if (errno == EINTR && atomic_load(&stop))
				break;
			die("round trip");
		}
	/* the child holds both FIFO ends: it would never see EOF */
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	return i;
}

static unsigned long long run_fifo(void)
{
	char dir[] = "/tmp/storm.XXXXXX", a[64], b[64];
	int to_child[2], to_parent[2];
	unsigned long long n;
	pid_t pid;

	if (!mkdtemp(dir))
		die("mkdtemp");
	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(b, sizeof(b), "%s/b", dir);
	if (mkfifo(a, 0600) || mkfifo(b, 0600))
		die("mkfifo");
	/* Opening a FIFO blocks until the other end opens: open both ends. */
	to_child[0] = open(a, O_RDWR);
	to_parent[0] = open(b, O_RDWR);
	to_child[1] = open(a, O_WRONLY);
	to_parent[1] = open(b, O_WRONLY);
	if (to_child[0] < 0 || to_parent[0] < 0 || to_child[1] < 0 ||
	    to_parent[1] < 0)
		die("open fifo");
	pid = getpid();
	n = ping_pong(to_child, to_parent);
	if (getpid() == pid) {
		unlink(a);
		unlink(b);
		rmdir(dir);
	}
	return n;
}

static unsigned long long run_pipe(void)
{
	int to_child[2], to_parent[2];

	if (pipe(to_child) || pipe(to_parent))
		die("pipe");
	return ping_pong(to_child, to_parent);
}

/* P on @a, V on @b: SysV if @id >= 0, else the POSIX pair in @ps. */
static int sem_step(int id, sem_t *ps, int a, int b)
{
	struct sembuf p = { .sem_num = a, .sem_op = -1 };
	struct sembuf v = { .sem_num = b, .sem_op = 1 };

	if (id >= 0)
		return semop(id, &v, 1) || semop(id, &p, 1) ? -1 : 0;
	return sem_post(&ps[b]) || sem_wait(&ps[a]) ? -1 : 0;
}

static unsigned long long run_sem(void)
{
	unsigned long long i;
	sem_t *ps = NULL;
	int id;
	pid_t pid;

	id = semget(IPC_PRIVATE, 2, IPC_CREAT | 0600);
	if (id < 0) {
		if (errno != ENOSYS)
			die("semget");
		fprintf(stderr, "shieldrt-storm: no SysV IPC in this kernel: POSIX semaphores (futex)\n");
		ps = mmap(NULL, 2 * sizeof(*ps), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (ps == MAP_FAILED || sem_init(&ps[0], 1, 0) ||
		    sem_init(&ps[1], 1, 0))
			die("sem_init");
	}
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		signal(SIGTERM, SIG_DFL);
		/* wait on 1, post 0: the parent's mirror */
		for (;;) {
			struct sembuf p = { .sem_num = 1, .sem_op = -1 };
			struct sembuf v = { .sem_num = 0, .sem_op = 1 };

			if (id >= 0 ? semop(id, &p, 1) || semop(id, &v, 1) :
			    sem_wait(&ps[1]) || sem_post(&ps[0]))
				_exit(0);
		}
	}
	for (i = 0; more(i); i++)
		if (sem_step(id, ps, 0, 1)) {
			if (errno == EINTR && atomic_load(&stop))
				break;
			die("semop");
		}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (id >= 0)
		semctl(id, 0, IPC_RMID);
	return i;
}

static unsigned long long run(const char *kind)
{
	struct sigaction sa = { .sa_handler = on_usr1 };
	unsigned long long i;
	struct timeval tv;
	struct stat st;
	int fd = -1, status;
	char c = 0;
	pid_t pid;

	if (!strcmp(kind, "fstat") || !strcmp(kind, "read") ||
	    !strcmp(kind, "write")) {
		fd = open(!strcmp(kind, "fstat") ? file : !strcmp(kind, "read") ?
			  "/dev/zero" : "/dev/null",
			  !strcmp(kind, "write") ? O_WRONLY : O_RDONLY);
		if (fd < 0)
			die("open");
	}
	if (!strcmp(kind, "fstat")) {
		for (i = 0; more(i); i++)
			if (fstat(fd, &st))
				die("fstat");
	} else if (!strcmp(kind, "getppid")) {
		for (i = 0; more(i); i++)
			syscall(SYS_getppid);
	} else if (!strcmp(kind, "gettimeofday")) {
		for (i = 0; more(i); i++)
			if (syscall(SYS_gettimeofday, &tv, NULL))
				die("gettimeofday");
	} else if (!strcmp(kind, "open")) {
		for (i = 0; more(i); i++) {
			fd = open(file, O_RDONLY);
			if (fd < 0)
				die("open");
			close(fd);
		}
		fd = -1;
	} else if (!strcmp(kind, "read")) {
		for (i = 0; more(i); i++)
			if (read(fd, &c, 1) != 1 && !atomic_load(&stop))
				die("read");
	} else if (!strcmp(kind, "stat")) {
		for (i = 0; more(i); i++)
			if (stat(file, &st))
				die("stat");
	} else if (!strcmp(kind, "write")) {
		for (i = 0; more(i); i++)
			if (write(fd, &c, 1) != 1 && !atomic_load(&stop))
				die("write");
	} else if (!strcmp(kind, "fifo")) {
		i = run_fifo();
	} else if (!strcmp(kind, "pipe")) {
		i = run_pipe();
	} else if (!strcmp(kind, "sem")) {
		i = run_sem();
	} else if (!strcmp(kind, "sigaction")) {
		for (i = 0; more(i); i++)
			if (sigaction(SIGUSR1, &sa, NULL))
				die("sigaction");
	} else if (!strcmp(kind, "sigcatch")) {
		if (sigaction(SIGUSR1, &sa, NULL))
			die("sigaction");
		pid = getpid();
		for (i = 0; more(i); i++)
			if (kill(pid, SIGUSR1))
				die("kill");
	} else if (!strcmp(kind, "fork") || !strcmp(kind, "exec")) {
		for (i = 0; more(i); i++) {
			pid = fork();
			if (pid < 0)
				die("fork");
			if (!pid) {
				if (kind[0] == 'e')
					execl(self, self, "--exit", (char *)NULL);
				_exit(kind[0] == 'e' ? 127 : 0);
			}
			/* SIGTERM interrupts the wait, not the child */
			while (waitpid(pid, &status, 0) < 0)
				if (errno != EINTR)
					die("waitpid");
			if (!WIFEXITED(status) || WEXITSTATUS(status)) {
				fprintf(stderr, "shieldrt-storm: %s: child status %#x\n",
					kind, status);
				exit(1);
			}
		}
	} else {
		fprintf(stderr, "shieldrt-storm: kind '%s' has no loop\n", kind);
		exit(1);
	}
	if (fd >= 0)
		close(fd);
	return i;
}

int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_stop };
	unsigned long long n;
	const char *kind;
	ssize_t len;
	char *end;
	int c;

	if (argc == 2 && !strcmp(argv[1], "--exit"))	/* the exec kind */
		return 0;
	len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (len < 0)
		die("readlink /proc/self/exe");
	self[len] = '\0';
	file = self;
	while ((c = getopt(argc, argv, "n:f:")) != -1) {
		switch (c) {
		case 'n':
			errno = 0;
			limit = strtoull(optarg, &end, 10);
			if (errno || *end || optarg[0] == '-') {
				fprintf(stderr, "shieldrt-storm: -n '%s': not a count\n",
					optarg);
				return 2;
			}
			break;
		case 'f':
			file = optarg;
			break;
		default:
			print_usage();
			return 2;
		}
	}
	if (optind != argc - 1) {
		print_usage();
		return 2;
	}
	kind = argv[optind];
	if (!storm_known(kind)) {
		fprintf(stderr, "shieldrt-storm: unknown kind '%s'\n", kind);
		print_usage();
		return 2;
	}
	/* no SA_RESTART: a blocked read or semop returns and the loop ends */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	n = run(kind);
	printf("%s %llu\n", kind, n);
	return 0;
}
