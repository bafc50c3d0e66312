// SPDX-License-Identifier: GPL-2.0
/*
 * Before a bench changes anything: who we are, which module answers, which
 * CPUs are shielded and which the bench will use, whether its loop names
 * are free.  Every refusal is one line and exit status 2; only then does
 * the bench keep itself off its CPUs and catch SIGINT/SIGTERM.
 *
 * Shielded CPUs come from /sys/devices/system/cpu/isolated (isolcpus
 * domain isolation: the module's own test for a poll or hybrid loop),
 * /sys/devices/system/cpu/nohz_full and the cpuset partition "userctl
 * shield apply" makes.  A CPU shielded only by the last two is still not
 * isolated to the module: its poll and hybrid loops get force=1.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "../include/shieldrt_ring.h"
#include "../include/shieldrt_version.h"
#include "bench.h"
#include "ctl.h"
#include "shield_move.h"
#include "sysfile.h"
#include "userctl.h"

/* A CPU list file; an absent file or "(null)" (nohz_full) is no CPU. */
static void cpus_file(const char *path, struct cpuset *set)
{
	char *p = rootpath("%s", path), *text, err[128];

	cpuset_zero(set);
	text = file_read_line(p);
	if (text && strcmp(text, "(null)") &&
	    cpulist_parse(text, set, CPULIST_ALLOW_EMPTY, err, sizeof(err)))
		usage_error("%s: cannot read '%s': %s", path, text, err);
	free(text);
	free(p);
}

/* The CPUs of shield apply's partition, if it is an isolated one. */
static void cpus_partition(struct cpuset *set)
{
	char *p = rootpath("%s/cpuset.cpus.partition", PARTITION_DIR);
	char *kind = file_read_line(p);

	cpuset_zero(set);
	free(p);
	if (kind && !strncmp(kind, "isolated", 8))
		cpus_file(PARTITION_DIR "/cpuset.cpus.effective", set);
	free(kind);
}

static void env_cpusets(struct bench_env *e)
{
	struct cpuset nohz, part;
	char *from = e->shielded_from;
	size_t len = sizeof(e->shielded_from);

	cpus_file("/sys/devices/system/cpu/online", &e->online);
	if (cpuset_empty(&e->online))
		usage_error("no online CPU in /sys/devices/system/cpu/online");
	cpus_file("/sys/devices/system/cpu/isolated", &e->isolated);
	cpus_file("/sys/devices/system/cpu/nohz_full", &nohz);
	cpus_partition(&part);
	cpuset_or(&e->shielded, &e->isolated, &nohz);
	cpuset_or(&e->shielded, &e->shielded, &part);
	cpuset_and(&e->shielded, &e->shielded, &e->online);
	snprintf(from, len, "%s", "");
	if (!cpuset_empty(&e->isolated))
		snprintf(from + strlen(from), len - strlen(from), "isolated");
	if (!cpuset_empty(&nohz))
		snprintf(from + strlen(from), len - strlen(from), "%snohz_full",
			 *from ? "+" : "");
	if (!cpuset_empty(&part))
		snprintf(from + strlen(from), len - strlen(from), "%spartition",
			 *from ? "+" : "");
	if (!*from)
		snprintf(from, len, "none");
}

static void env_pick_cpus(const struct bench_def *d,
			  const struct bench_args *a, struct bench_env *e)
{
	struct cpuset pick, bad;
	char l1[256], l2[256];
	int c;

	if (a->cpus_given) {
		pick = a->cpus;
		cpuset_andnot(&bad, &pick, &e->online);
		if (!cpuset_empty(&bad))
			usage_error("bench %s: CPU %s is not online (online: %s)",
				    d->name,
				    cpulist_format(&bad, l1, sizeof(l1)),
				    cpulist_format(&e->online, l2, sizeof(l2)));
	} else {
		pick = e->shielded;
		if (cpuset_empty(&pick))
			usage_error("bench %s: no shielded CPU found (isolated, nohz_full, shield apply's partition: none); give --cpus LIST, with --force for CPUs that are not shielded",
				    d->name);
	}
	if (cpuset_count(&pick) > d->max_cpus && a->cpus_given)
		usage_error("bench %s: --cpus %s: it uses at most %u CPU%s",
			    d->name, cpulist_format(&pick, l1, sizeof(l1)),
			    d->max_cpus, d->max_cpus == 1 ? "" : "s");
	e->ncpus = 0;
	c = cpuset_next(&pick, -1);
	while (c >= 0 && e->ncpus < d->max_cpus && e->ncpus < BENCH_MAX_CPUS) {
		e->cpu[e->ncpus++] = c;
		c = cpuset_next(&pick, c);
	}
	cpuset_andnot(&bad, &pick, &e->shielded);
	/* only the CPUs we use: an unused extra of the shielded set is fine */
	cpuset_zero(&pick);
	for (unsigned int i = 0; i < e->ncpus; i++)
		cpuset_add(&pick, e->cpu[i]);
	cpuset_and(&bad, &bad, &pick);
	if (!cpuset_empty(&bad)) {
		cpulist_format(&bad, l1, sizeof(l1));
		if (!a->force)
			usage_error("bench %s: CPU %s is not shielded (shielded: %s): its figures would include the housekeeping it does; --force runs there anyway",
				    d->name, l1,
				    cpuset_empty(&e->shielded) ? "none" :
				    cpulist_format(&e->shielded, l2, sizeof(l2)));
		warnx_("bench %s: CPU %s is not shielded: going on (--force)",
		       d->name, l1);
		e->forced = true;
	}
	/* housekeeping: online, not shielded, not ours; else not ours */
	cpuset_andnot(&e->house, &e->online, &e->shielded);
	cpuset_andnot(&e->house, &e->house, &pick);
	if (cpuset_empty(&e->house))
		cpuset_andnot(&e->house, &e->online, &pick);
	if (cpuset_empty(&e->house))
		usage_error("bench %s: CPU %s leaves no CPU for housekeeping (online: %s)",
			    d->name, cpulist_format(&pick, l1, sizeof(l1)),
			    cpulist_format(&e->online, l2, sizeof(l2)));
}

bool bench_cap_sys_admin(void)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct c[_LINUX_CAPABILITY_U32S_3];

	if (syscall(SYS_capget, &h, c))
		return geteuid() == 0;
	return c[CAP_SYS_ADMIN / 32].effective & (1U << (CAP_SYS_ADMIN % 32));
}

static void env_device(const struct bench_def *d)
{
	const char *dev = ctl_device();
	struct stat st;

	if (stat(dev, &st))
		usage_error("bench %s: %s: %s%s", d->name, dev, strerror(errno),
			    errno == ENOENT ?
			    " (load the module: modprobe shieldrt)" : "");
}

/* Read the ABI version from the header of @loop's region: -1 if none. */
static int env_region_abi(const char *loop, unsigned int *abi)
{
	struct shieldrt_attach at;
	struct shieldrt_hdr *h;
	void *base;
	int fd, ret = -1;

	fd = open(ctl_device(), O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	memset(&at, 0, sizeof(at));
	memcpy(at.name, loop, strlen(loop));
	if (ioctl(fd, SHIELDRT_IOC_ATTACH, &at) == 0 &&
	    at.off.region_size >= sizeof(*h)) {
		base = mmap(NULL, sizeof(*h), PROT_READ, MAP_SHARED, fd, 0);
		if (base != MAP_FAILED) {
			h = base;
			*abi = h->magic == SHIELDRT_MAGIC ? h->abi_version : 0;
			munmap(base, sizeof(*h));
			ret = 0;
		}
	}
	close(fd);
	return ret;
}

/*
 * The module's ABI.  A module of our release speaks our ABI; another
 * release is asked through a region's header: an existing loop's, or a
 * loop made for the question and destroyed at once (never started).
 */
static void env_abi(const struct bench_def *d, struct bench_env *e)
{
	struct shieldrt_loop_info *loops;
	char probe[SHIELDRT_NAME_LEN], err[SHIELDRT_ERR_LEN];
	struct bench_undo *u;
	unsigned int n, abi = 0;
	char *p, *v;
	int ret;

	p = rootpath("/sys/module/shieldrt/version");
	v = file_read_line(p);
	free(p);
	snprintf(e->module_version, sizeof(e->module_version), "%s",
		 v ? v : "unknown");
	free(v);
	if (!strcmp(e->module_version, SHIELDRT_VERSION))
		return;
	n = ctl_list(&loops);
	ret = n ? env_region_abi((const char *)loops[0].name, &abi) : -1;
	free(loops);
	if (ret) {
		snprintf(probe, sizeof(probe), "%sabi%d", BENCH_LOOP_PREFIX,
			 (int)(getpid() % 100000));
		ret = bench_loop_create_try(&u, err, sizeof(err), probe,
					    "cpu=%d period_us=1000",
					    cpuset_next(&e->house, -1));
		if (ret)
			ctl_die("create", probe, ret, err);
		ret = env_region_abi(probe, &abi);
		bench_undo_now(u);
	}
	if (ret)
		fatal("bench %s: cannot read a region header to learn the module's ABI",
		      d->name);
	if (abi != SHIELDRT_ABI_VERSION)
		usage_error("bench %s: the module (version %s) speaks ABI %u, this userctl ABI %d: use the userctl of the module's release",
			    d->name, e->module_version, abi,
			    SHIELDRT_ABI_VERSION);
}

/*
 * Our names (b_...) must be free, and no running loop may share a CPU
 * with the bench: its figures would be the two loops' together.
 */
static void env_loops(const struct bench_def *d, const struct bench_env *e)
{
	struct shieldrt_loop_info *loops;
	unsigned int n, i, k;
	const char *name;

	n = ctl_list(&loops);
	for (i = 0; i < n; i++) {
		name = (const char *)loops[i].name;
		if (!strncmp(name, BENCH_LOOP_PREFIX,
			     strlen(BENCH_LOOP_PREFIX)))
			usage_error("bench %s: a loop named '%s' exists, and %s... names are the benches' own (another bench running, or one left behind): 'userctl loop destroy -l %s' if it is not running",
				    d->name, name, BENCH_LOOP_PREFIX, name);
		if (loops[i].state != SHIELDRT_STATE_RUNNING &&
		    loops[i].state != SHIELDRT_STATE_SAFE)
			continue;
		for (k = 0; k < e->ncpus; k++)
			if (loops[i].cpu == e->cpu[k])
				usage_error("bench %s: loop '%s' runs on CPU %d: the bench would measure the two together; choose other --cpus or stop it",
					    d->name, name, e->cpu[k]);
	}
	free(loops);
}

/* Ours is the housekeeping side, as every other task's. */
static void env_keep_house(const struct bench_def *d,
			   const struct bench_env *e)
{
	cpu_set_t set;
	int c;

	CPU_ZERO(&set);
	for (c = 0; c < CPU_SETSIZE; c++)
		if (cpuset_has(&e->house, c))
			CPU_SET(c, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		warnx_("bench %s: cannot keep itself on the housekeeping CPUs: %s",
		       d->name, strerror(errno));
}

void bench_prepare(const struct bench_def *d, const struct bench_args *a,
		   struct bench_env *e)
{
	char buf[512];
	const char *why;
	struct utsname u;

	memset(e, 0, sizeof(*e));
	if (!uname(&u)) {
		snprintf(e->kernel, sizeof(e->kernel), "%s", u.release);
		snprintf(e->arch, sizeof(e->arch), "%s", u.machine);
	}
	if (!bench_cap_sys_admin())
		usage_error("bench %s creates and runs loops, which needs CAP_SYS_ADMIN: run it as root",
			    d->name);
	env_device(d);
	env_cpusets(e);
	env_pick_cpus(d, a, e);
	why = d->check ? d->check(d, a, e, buf, sizeof(buf)) : NULL;
	if (why)
		usage_error("bench %s: %s", d->name, why);
	env_loops(d, e);
	env_abi(d, e);
	env_keep_house(d, e);
	catch_interrupt();
}

const char *bench_force(const struct bench_env *e, int cpu)
{
	return cpuset_has(&e->isolated, cpu) ? "" : "force=1";
}

int bench_house_cpu(const struct bench_env *e)
{
	return cpuset_next(&e->house, -1);
}

char *bench_find_tool(const char *name)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL, *p, self[4096];
	ssize_t n;

	if (path && *path) {
		copy = xstrdup(path);
		for (dir = strtok_r(copy, ":", &save); dir;
		     dir = strtok_r(NULL, ":", &save)) {
			p = xasprintf("%s/%s", *dir ? dir : ".", name);
			if (!access(p, X_OK)) {
				free(copy);
				return p;
			}
			free(p);
		}
		free(copy);
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		self[n] = '\0';
		p = strrchr(self, '/');
		if (p) {
			*p = '\0';
			p = xasprintf("%s/%s", self, name);
			if (!access(p, X_OK))
				return p;
			free(p);
		}
	}
	return NULL;
}

bool bench_provider_registered(const char *name)
{
	char *text, *line, *save = NULL;
	size_t len = strlen(name);
	bool found = false;

	if (ctl_view_try(NULL, "providers", &text))
		return false;
	for (line = strtok_r(text, "\n", &save); line && !found;
	     line = strtok_r(NULL, "\n", &save))
		found = !strncmp(line, name, len) && line[len] == ' ';
	free(text);
	return found;
}
