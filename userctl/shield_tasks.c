// SPDX-License-Identifier: GPL-2.0
/*
 * shield audit, what may run on the shielded CPUs: every IRQ whose
 * affinity includes one, kernel threads and user tasks allowed there, and
 * irqbalance, which would move IRQs back.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shield.h"
#include "sysfile.h"
#include "userctl.h"

/* How many task names a finding lists before "(+N more)". */
#define LIST_SHOWN	8

static int cmp_uint(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

unsigned int numeric_entries(const char *dir, unsigned int **out)
{
	unsigned int n = 0, cap = 0, *v = NULL;
	struct dirent *de;
	char *end;
	DIR *d;

	d = opendir(dir);
	if (!d) {
		*out = NULL;
		return 0;
	}
	while ((de = readdir(d))) {
		unsigned long x;

		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		x = strtoul(de->d_name, &end, 10);
		if (*end)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			v = xrealloc(v, cap * sizeof(*v));
		}
		v[n++] = x;
	}
	closedir(d);
	qsort(v, n, sizeof(*v), cmp_uint);
	*out = v;
	return n;
}

unsigned int irq_list(unsigned int **irqs)
{
	char *dir = rootpath("/proc/irq");
	unsigned int n = numeric_entries(dir, irqs);

	free(dir);
	return n;
}

char *irq_name(unsigned int irq)
{
	char *path = rootpath("/proc/interrupts"), *text, *line, *save;
	char *name = NULL, *p, *q;
	int ncpu = -1, i;

	if (file_read(path, &text, NULL)) {
		free(path);
		return NULL;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (ncpu < 0) {		/* header: one column per CPU */
			for (ncpu = 0, p = line; (p = strstr(p, "CPU")); p++)
				ncpu++;
			continue;
		}
		p = line + strspn(line, " ");
		if (strtoul(p, &q, 10) != irq || q == p || *q != ':')
			continue;
		p = q + 1;
		for (i = 0; i < ncpu; i++) {	/* skip the counts */
			p += strspn(p, " ");
			p += strspn(p, "0123456789");
		}
		p += strspn(p, " ");
		/* collapse the column padding */
		name = xmalloc(strlen(p) + 1);
		for (q = name; *p; p++)
			if (*p != ' ' || (q > name && q[-1] != ' '))
				*q++ = *p;
		while (q > name && q[-1] == ' ')
			q--;
		*q = '\0';
		break;
	}
	free(text);
	free(path);
	return name;
}

bool irq_is_percpu(unsigned int irq)
{
	char *path = rootpath("/sys/kernel/irq/%u/chip_name", irq);
	char *chip = file_read_line(path), *hw;
	bool percpu = false;

	free(path);
	/* GIC SGIs (0-15) and PPIs (16-31) are banked per CPU. */
	if (chip && !strncmp(chip, "GIC", 3)) {
		path = rootpath("/sys/kernel/irq/%u/hwirq", irq);
		hw = file_read_line(path);
		percpu = hw && atoi(hw) < 32;
		free(hw);
		free(path);
	}
	free(chip);
	return percpu;
}

/* Read /proc/irq/N/<file> as a CPU list; false if absent or malformed. */
static bool irq_cpus(unsigned int irq, const char *file, struct cpuset *set)
{
	char *path = rootpath("/proc/irq/%u/%s", irq, file), *text;
	char err[128];
	bool ok;

	text = file_read_line(path);
	ok = text && !cpulist_parse(text, set, CPULIST_ALLOW_EMPTY, err,
				    sizeof(err));
	free(text);
	free(path);
	return ok;
}

static void audit_one_irq(const struct shield_ctx *c, struct report *r,
			  unsigned int irq, unsigned int *unused)
{
	struct cpuset aff, eff, want;
	char check[32], list[1024], elist[1024], *name, *fix;
	bool has_eff;

	if (!irq_cpus(irq, "smp_affinity_list", &aff) ||
	    !cpuset_intersects(&aff, &c->shield))
		return;
	name = irq_name(irq);
	if (!name) {		/* no handler: nothing fires (yet) */
		(*unused)++;
		return;
	}
	snprintf(check, sizeof(check), "irq.%u", irq);
	cpulist_format(&aff, list, sizeof(list));
	if (irq_is_percpu(irq)) {
		report_add(r, V_INFO, check, NULL,
			   "%s: per-CPU interrupt, runs on every CPU (expected)",
			   name);
		goto out;
	}
	shield_narrow(c, &aff, &want);
	fix = xasprintf("echo %s > /proc/irq/%u/smp_affinity_list (or: userctl shield apply)",
			cpulist_format(&want, elist, sizeof(elist)), irq);
	has_eff = irq_cpus(irq, "effective_affinity_list", &eff);
	if (has_eff && !cpuset_intersects(&eff, &c->shield))
		report_add(r, V_WARN, check, fix,
			   "%s: allowed on %s, delivered to %s",
			   name, list, cpulist_format(&eff, elist,
						      sizeof(elist)));
	else
		report_add(r, V_FAIL, check, fix, "%s: affinity %s%s%s", name,
			   list, has_eff ? ", delivered to " : "",
			   has_eff ? cpulist_format(&eff, elist,
						    sizeof(elist)) : "");
	free(fix);
out:
	free(name);
}

void shield_audit_irqs(const struct shield_ctx *c, struct report *r)
{
	unsigned int *irqs, n, i, unused = 0;
	size_t before = r->n;

	n = irq_list(&irqs);
	if (!n) {
		report_add(r, V_SKIP, "irq", NULL, "no IRQs under /proc/irq");
		return;
	}
	for (i = 0; i < n; i++)
		audit_one_irq(c, r, irqs[i], &unused);
	if (unused)
		report_add(r, V_INFO, "irq.unused", NULL,
			   "%u IRQs without a handler allow CPU %s (shield apply moves them too)",
			   unused, c->shield_list);
	if (r->n == before)
		report_add(r, V_PASS, "irq", NULL,
			   "no IRQ may run on CPU %s (%u checked)",
			   c->shield_list, n);
	free(irqs);
}

/* Task names for one finding: "name[pid], ..." with an overflow count. */
struct task_list {
	unsigned int n;
	char text[1024];
	size_t len;
};

static void task_list_add(struct task_list *l, const char *name,
			  unsigned int pid)
{
	if (l->n++ < LIST_SHOWN && l->len < sizeof(l->text))
		l->len += snprintf(l->text + l->len, sizeof(l->text) - l->len,
				   "%s%s[%u]", l->len ? ", " : "", name, pid);
}

static const char *task_list_str(struct task_list *l)
{
	if (l->n > LIST_SHOWN && l->len < sizeof(l->text))
		snprintf(l->text + l->len, sizeof(l->text) - l->len,
			 " (+%u more)", l->n - LIST_SHOWN);
	return l->text;
}

bool task_status_read(const char *path, struct task_status *t)
{
	char *text, *line, *save, err[128];
	bool have_cpus = false;

	memset(t, 0, sizeof(*t));
	t->kthread = -1;
	if (file_read(path, &text, NULL))
		return false;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "Name:", 5))
			snprintf(t->name, sizeof(t->name), "%s",
				 line + 5 + strspn(line + 5, " \t"));
		else if (!strncmp(line, "PPid:", 5))
			t->ppid = strtoul(line + 5, NULL, 10);
		else if (!strncmp(line, "Kthread:", 8))
			t->kthread = strtol(line + 8, NULL, 10);
		else if (!strncmp(line, "Cpus_allowed_list:", 18))
			have_cpus = !cpulist_parse(line + 18 +
						   strspn(line + 18, " \t"),
						   &t->allowed,
						   CPULIST_ALLOW_EMPTY, err,
						   sizeof(err));
	}
	free(text);
	return have_cpus;
}

static bool task_read(unsigned int pid, struct task_status *t)
{
	char *path = rootpath("/proc/%u/status", pid);
	bool ok = task_status_read(path, t);	/* false: exited meanwhile */

	free(path);
	return ok;
}

bool task_status_kthread(const struct task_status *t, unsigned int pid)
{
	if (t->kthread >= 0)
		return t->kthread;
	return pid == 2 || t->ppid == 2;
}

void shield_audit_tasks(const struct shield_ctx *c, struct report *r)
{
	struct task_list percpu = { 0 }, unbound = { 0 }, user = { 0 };
	struct task_list pinned = { 0 }, balance = { 0 }, rescuer = { 0 };
	unsigned int *pids, n, i, self = 0;
	struct task_status t;
	char *dir, *fix;

	dir = rootpath("/proc");
	n = numeric_entries(dir, &pids);
	free(dir);
	if (!n) {
		report_add(r, V_SKIP, "tasks", NULL, "no processes under /proc");
		return;
	}
	if (!*sysfile_root())
		self = getpid();
	for (i = 0; i < n; i++) {
		if (pids[i] == self || !task_read(pids[i], &t))
			continue;
		if (!strcmp(t.name, "irqbalance"))
			task_list_add(&balance, t.name, pids[i]);
		if (!cpuset_intersects(&t.allowed, &c->shield))
			continue;
		/*
		 * Workqueue rescuers sleep until memory runs short and then
		 * take the CPUs of the pool they help; their mask cannot be
		 * changed from user space.
		 */
		if (task_status_kthread(&t, pids[i]) &&
		    !strncmp(t.name, "kworker/R-", 10))
			task_list_add(&rescuer, t.name, pids[i]);
		else if (task_status_kthread(&t, pids[i]))
			task_list_add(cpuset_count(&t.allowed) == 1 ?
				      &percpu : &unbound, t.name, pids[i]);
		else
			task_list_add(cpuset_subset(&t.allowed, &c->shield) ?
				      &pinned : &user, t.name, pids[i]);
	}
	free(pids);

	fix = xasprintf("isolcpus=domain,%s on the kernel command line keeps them off; at run time: taskset -pc %s PID",
			c->shield_list, c->house_list);
	if (unbound.n)
		report_add(r, V_FAIL, "tasks.kthreads", fix,
			   "%u unbound kernel threads may run on CPU %s: %s",
			   unbound.n, c->shield_list, task_list_str(&unbound));
	else
		report_add(r, V_PASS, "tasks.kthreads", NULL,
			   "no unbound kernel thread may run on CPU %s",
			   c->shield_list);
	if (percpu.n)
		report_add(r, V_INFO, "tasks.percpu", NULL,
			   "%u per-CPU kernel threads bound to CPU %s (expected): %s",
			   percpu.n, c->shield_list, task_list_str(&percpu));
	if (rescuer.n)
		report_add(r, V_INFO, "tasks.rescuers", NULL,
			   "%u idle workqueue rescuers allowed on CPU %s (they work on their pool's CPUs): %s",
			   rescuer.n, c->shield_list, task_list_str(&rescuer));
	if (user.n)
		report_add(r, V_WARN, "tasks.user", fix,
			   "%u user tasks may run on CPU %s: %s",
			   user.n, c->shield_list, task_list_str(&user));
	else
		report_add(r, V_PASS, "tasks.user", NULL,
			   "no user task outside the shield may run on CPU %s",
			   c->shield_list);
	if (pinned.n)
		report_add(r, V_INFO, "tasks.pinned", NULL,
			   "%u user tasks pinned to shielded CPUs: %s",
			   pinned.n, task_list_str(&pinned));
	free(fix);

	if (balance.n) {
		fix = xasprintf("systemctl stop irqbalance, or run it with IRQBALANCE_BANNED_CPULIST=%s",
				c->shield_list);
		report_add(r, V_WARN, "irqbalance", fix,
			   "running (%s): it moves IRQs back onto shielded CPUs",
			   task_list_str(&balance));
		free(fix);
	} else {
		report_add(r, V_PASS, "irqbalance", NULL, "not running");
	}
}
