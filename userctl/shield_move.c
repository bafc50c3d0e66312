// SPDX-License-Identifier: GPL-2.0
/*
 * shield apply: user tasks off the shielded CPUs and a cgroup v2 isolated
 * partition for the tasks still to come; see shield_move.h.
 *
 * Under the hidden --root of the host tests there are no real tasks: a
 * task's affinity is then the Cpus_allowed_list line of its fake status
 * file, which task_set_affinity() rewrites the way the kernel would.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shield_move.h"
#include "sysfile.h"
#include "userctl.h"

/* include/linux/sched.h; /proc/PID/stat field 9 shows them */
#define PF_KTHREAD		0x00200000
#define PF_NO_SETAFFINITY	0x04000000

/* Threads not moved, by reason, for one line each. */
struct name_list {
	const char *why;
	unsigned int n;
	char *text;
	size_t len;
};

static void name_list_add(struct name_list *l, const char *comm, pid_t tid)
{
	char *item = xasprintf("%s%s[%d]", l->n ? ", " : "", comm, (int)tid);
	size_t n = strlen(item);

	l->text = xrealloc(l->text, l->len + n + 1);
	memcpy(l->text + l->len, item, n + 1);
	l->len += n;
	l->n++;
	free(item);
}

static void name_list_print(struct name_list *l)
{
	if (l->n)
		printf("skip  %u %s: %s\n", l->n, l->why, l->text);
	free(l->text);
}

/*
 * /proc/TID/stat: flags (field 9) and starttime (field 22).  The command
 * name in field 2 may hold spaces and ')', so count from the last ')'.
 */
static bool stat_read(const char *path, unsigned long *flags,
		      unsigned long long *start)
{
	char *text, *p, *save, *tok;
	int field = 3;
	bool ok = false;

	if (file_read(path, &text, NULL))
		return false;
	p = strrchr(text, ')');
	for (tok = p ? strtok_r(p + 1, " ", &save) : NULL; tok;
	     tok = strtok_r(NULL, " ", &save), field++) {
		if (field == 9)
			*flags = strtoul(tok, NULL, 10);
		if (field == 22) {
			*start = strtoull(tok, NULL, 10);
			ok = true;
			break;
		}
	}
	free(text);
	return ok;
}

/* The status file of a thread: per-thread if the tree has one. */
static char *thread_file(pid_t pid, pid_t tid, const char *name)
{
	char *p = rootpath("/proc/%d/task/%d/%s", (int)pid, (int)tid, name);

	if (file_exists(p))
		return p;
	free(p);
	return rootpath("/proc/%d/%s", (int)tid, name);
}

struct plan_lists {
	struct name_list noaff, kthread, pinned;
};

static void plan_thread(const struct shield_ctx *c, struct task_moves *m,
			struct plan_lists *l, pid_t pid, pid_t tid)
{
	unsigned long flags = 0;
	unsigned long long start = 0;
	struct task_status t;
	struct task_move *mv;
	bool have_stat, kthread;
	char *path;

	path = thread_file(pid, tid, "status");
	if (!task_status_read(path, &t)) {	/* exited meanwhile */
		free(path);
		return;
	}
	free(path);
	if (!cpuset_intersects(&t.allowed, &c->shield))
		return;
	path = thread_file(pid, tid, "stat");
	have_stat = stat_read(path, &flags, &start);
	free(path);
	if (have_stat)
		kthread = flags & PF_KTHREAD;
	else
		kthread = task_status_kthread(&t, pid);
	if (kthread) {
		name_list_add(have_stat && (flags & PF_NO_SETAFFINITY) ?
			      &l->noaff : &l->kthread, t.name, tid);
		return;
	}
	if (cpuset_subset(&t.allowed, &c->shield)) {
		name_list_add(&l->pinned, t.name, tid);
		m->n_pinned++;
		return;
	}
	m->v = xrealloc(m->v, (m->n + 1) * sizeof(*m->v));
	mv = &m->v[m->n++];
	mv->tid = tid;
	mv->start = start;
	snprintf(mv->comm, sizeof(mv->comm), "%s", t.name);
	mv->old = t.allowed;
	cpuset_andnot(&mv->new, &t.allowed, &c->shield);
}

void task_moves_plan(const struct shield_ctx *c, struct task_moves *m)
{
	struct plan_lists l = {
		.noaff = { .why = "kernel threads not moved (PF_NO_SETAFFINITY: the kernel refuses)" },
		.kthread = { .why = "kernel threads not moved (kthread: not a user task; isolcpus=domain keeps them off)" },
		.pinned = { .why = "user threads not moved (pinned inside the shield)" },
	};
	unsigned int *pids, *tids, n, nt, i, k;
	pid_t self = *sysfile_root() ? 0 : getpid();
	char *dir;

	memset(m, 0, sizeof(*m));
	dir = rootpath("/proc");
	n = numeric_entries(dir, &pids);
	free(dir);
	for (i = 0; i < n; i++) {
		if ((pid_t)pids[i] == self)
			continue;
		dir = rootpath("/proc/%u/task", pids[i]);
		nt = numeric_entries(dir, &tids);
		free(dir);
		if (!nt)	/* fake tree, or exited */
			plan_thread(c, m, &l, pids[i], pids[i]);
		for (k = 0; k < nt; k++)
			plan_thread(c, m, &l, pids[i], tids[k]);
		free(tids);
	}
	free(pids);
	name_list_print(&l.noaff);
	name_list_print(&l.kthread);
	name_list_print(&l.pinned);
}

void task_moves_free(struct task_moves *m)
{
	free(m->v);
	memset(m, 0, sizeof(*m));
}

char *task_key(const struct task_move *t)
{
	return xasprintf(TASK_KEY "%d:%llu:%s", (int)t->tid, t->start,
			 t->comm);
}

bool task_key_parse(const char *key, pid_t *tid, unsigned long long *start,
		    const char **comm)
{
	char *end;
	long v;

	if (strncmp(key, TASK_KEY, strlen(TASK_KEY)))
		return false;
	key += strlen(TASK_KEY);
	v = strtol(key, &end, 10);
	if (end == key || *end != ':' || v <= 0)
		return false;
	*tid = v;
	key = end + 1;
	*start = strtoull(key, &end, 10);
	if (end == key || *end != ':')
		return false;
	*comm = end + 1;
	return true;
}

bool task_alive(pid_t tid, unsigned long long *start)
{
	char *path = rootpath("/proc/%d/stat", (int)tid);
	unsigned long flags;
	bool alive;

	*start = 0;
	alive = stat_read(path, &flags, start);
	free(path);
	if (alive || !*sysfile_root())
		return alive;
	path = rootpath("/proc/%d/status", (int)tid);
	alive = file_exists(path);
	free(path);
	return alive;
}

/* The fake tree's sched_setaffinity: rewrite Cpus_allowed_list. */
static int fake_set_affinity(pid_t tid, const struct cpuset *set)
{
	char *path = rootpath("/proc/%d/status", (int)tid), *text, *line;
	char *out, list[1024];
	size_t len;
	int err;

	err = file_read(path, &text, &len);
	if (err) {
		free(path);
		return err == -ENOENT ? -ESRCH : err;
	}
	line = strstr(text, "Cpus_allowed_list:");
	if (!line) {
		free(text);
		free(path);
		return -EINVAL;
	}
	*line = '\0';
	line = strchr(line + 1, '\n');
	out = xasprintf("%sCpus_allowed_list:\t%s%s", text,
			cpulist_format(set, list, sizeof(list)),
			line ? line : "\n");
	err = file_write_str(path, out);
	free(out);
	free(text);
	free(path);
	return err;
}

int task_set_affinity(pid_t tid, const struct cpuset *set)
{
	size_t size = CPU_ALLOC_SIZE(CPUSET_MAX);
	cpu_set_t *mask;
	int cpu, last = cpuset_last(set), err = 0;

	if (*sysfile_root())
		return fake_set_affinity(tid, set);
	mask = CPU_ALLOC(CPUSET_MAX);
	if (!mask)
		return -ENOMEM;
	CPU_ZERO_S(size, mask);
	for (cpu = 0; cpu <= last; cpu++)
		if (cpuset_has(set, cpu))
			CPU_SET_S(cpu, size, mask);
	if (sched_setaffinity(tid, size, mask))
		err = -errno;
	CPU_FREE(mask);
	return err;
}

/* Whether whitespace-separated @list holds the word @word. */
static bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;

	while ((p = strstr(p, word))) {
		if ((p == list || p[-1] == ' ') && (!p[n] || p[n] == ' ' ||
						    p[n] == '\n'))
			return true;
		p += n;
	}
	return false;
}

/* From /proc/self/mounts: where cgroup2 and a v1 cpuset hierarchy are. */
static void cgroup_mounts(char **v2, char **v1cpuset, bool *v2_here)
{
	char *path = rootpath("/proc/self/mounts"), *text, *line, *save;
	char dev[256], mnt[512], type[64], opts[1024];

	*v2 = *v1cpuset = NULL;
	*v2_here = false;
	if (file_read(path, &text, NULL)) {
		free(path);
		return;
	}
	free(path);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "%255s %511s %63s %1023s", dev, mnt, type,
			   opts) != 4)
			continue;
		if (!strcmp(type, "cgroup2")) {
			if (!strcmp(mnt, CGROUP_MOUNT))
				*v2_here = true;
			else if (!*v2)
				*v2 = xstrdup(mnt);
		} else if (!strcmp(type, "cgroup") && !*v1cpuset) {
			char *o, *osave;

			for (o = strtok_r(opts, ",", &osave); o;
			     o = strtok_r(NULL, ",", &osave))
				if (!strcmp(o, "cpuset"))
					*v1cpuset = xstrdup(mnt);
		}
	}
	free(text);
}

bool partition_possible(const struct task_moves *m, char **why)
{
	char *v2, *v1, *path, *ctl = NULL, *sub = NULL;
	bool here, ok = false;

	*why = NULL;
	cgroup_mounts(&v2, &v1, &here);
	if (!here) {
		if (v1)
			*why = xasprintf("the cpuset controller is on a cgroup v1 hierarchy (%s), which has no partitions", v1);
		else if (v2)
			*why = xasprintf("cgroup v2 is mounted at %s, not %s",
					 v2, CGROUP_MOUNT);
		else
			*why = xasprintf("no cgroup v2 mounted at %s",
					 CGROUP_MOUNT);
		goto out;
	}
	path = rootpath(CGROUP_MOUNT "/cgroup.controllers");
	ctl = file_read_line(path);
	free(path);
	if (!ctl || !has_word(ctl, "cpuset")) {
		*why = xasprintf(v1 ? "the cpuset controller is bound to the cgroup v1 hierarchy at %s" :
				 "no cpuset controller in cgroup v2%s (kernel without CONFIG_CPUSETS?)",
				 v1 ? v1 : "");
		goto out;
	}
	path = rootpath(CGROUP_MOUNT "/cgroup.subtree_control");
	sub = file_read_line(path);
	free(path);
	if (!sub || !has_word(sub, "cpuset")) {
		*why = xstrdup("cpuset is not enabled for child cgroups (echo +cpuset > " CGROUP_MOUNT "/cgroup.subtree_control enables it)");
		goto out;
	}
	path = rootpath(PARTITION_DIR);
	if (file_exists(path))
		*why = xstrdup(PARTITION_DIR " exists and is not from this apply");
	free(path);
	if (*why)
		goto out;
	if (m->n_pinned) {
		*why = xasprintf("%zu user thread%s pinned inside the shield; an isolated partition would push them off it",
				 m->n_pinned, m->n_pinned == 1 ? " is" : "s are");
		goto out;
	}
	ok = true;
out:
	free(sub);
	free(ctl);
	free(v1);
	free(v2);
	return ok;
}

int partition_remove(const char *dir)
{
	char *d = rootpath("%s", dir);
	char *p = xasprintf("%s/cpuset.cpus.partition", d);
	int err = 0;

	/* rmdir alone would do; "member" first gives the CPUs back now */
	if (file_exists(p))
		file_write_str(p, "member");
	if (rmdir(d))
		err = -errno;
	free(p);
	free(d);
	return err;
}

int partition_create(const struct shield_ctx *c, char **why)
{
	char *d = rootpath(PARTITION_DIR), *p, *got = NULL;
	int err;

	*why = NULL;
	if (mkdir(d, 0755)) {
		err = -errno;
		*why = xasprintf("cannot create %s: %s", PARTITION_DIR,
				 strerror(errno));
		free(d);
		return err;
	}
	p = xasprintf("%s/cpuset.cpus.partition", d);
	if (!file_exists(p)) {
		err = -ENOENT;
		*why = xstrdup("this kernel has no cpuset.cpus.partition");
		goto err_rmdir;
	}
	free(p);
	p = xasprintf("%s/cpuset.cpus", d);
	err = file_write_str(p, c->shield_list);
	if (err) {
		*why = xasprintf("cannot write %s/cpuset.cpus: %s",
				 PARTITION_DIR, strerror(-err));
		goto err_rmdir;
	}
	free(p);
	p = xasprintf("%s/cpuset.cpus.partition", d);
	err = file_write_str(p, "isolated");
	got = file_read_line(p);
	/* "isolated invalid (reason)" when the kernel cannot honour it */
	if (!err && (!got || strcmp(got, "isolated")))
		err = -EINVAL;
	if (err) {
		*why = xasprintf("the kernel did not make it an isolated partition: %s",
				 got ? got : strerror(-err));
		goto err_rmdir;
	}
	free(got);
	free(p);
	free(d);
	return 0;

err_rmdir:
	free(got);
	free(p);
	free(d);
	partition_remove(PARTITION_DIR);
	return err;
}
