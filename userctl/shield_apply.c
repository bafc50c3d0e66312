// SPDX-License-Identifier: GPL-2.0
/*
 * shield apply / restore: the run-time half of shielding.  apply plans
 * every change first (reading each file once), saves each old value to
 * the state file before writing the new one, and rolls everything back if
 * a write fails for a reason other than an IRQ that cannot move.  Files
 * come first, then user task affinities, then the cgroup v2 partition.
 * restore writes the saved bytes and masks back, newest first.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shield.h"
#include "shield_move.h"
#include "shield_state.h"
#include "sysfile.h"
#include "userctl.h"

struct change {
	char *path;		/* with the root prefix; a task's state key */
	char *old;		/* exact bytes read; a task's CPU list */
	size_t oldlen;
	char *new;
	bool irq;		/* IRQ affinity: EPERM/EIO mean "cannot move" */
	const struct task_move *task;	/* a thread's affinity, not a file */
};

struct plan {
	struct change *v;
	size_t n, cap;
};

/* Content with trailing white space dropped, for comparing and showing. */
static char *trimmed(const char *data, size_t len)
{
	while (len && (data[len - 1] == '\n' || data[len - 1] == ' '))
		len--;
	return state_escape(data, len);
}

/*
 * Read a file the plan may change: NULL if it does not exist (a feature
 * this kernel lacks); any other error stops before anything is written.
 */
static char *plan_read(const char *path, size_t *len)
{
	char *data;
	int err;

	err = file_read(path, &data, len);
	if (err == -ENOENT)
		return NULL;
	if (err)
		fatal("cannot read %s: %s; nothing was changed",
		      syspath(path), strerror(-err));
	return data;
}

/* Takes @path, @old and @new; drops the change if nothing would change. */
static void plan_add(struct plan *p, char *path, char *old, size_t oldlen,
		     char *new, bool irq)
{
	char *cur = trimmed(old, oldlen);
	struct change *c;

	if (!strcmp(cur, new)) {
		free(path);
		free(old);
		free(new);
		free(cur);
		return;
	}
	free(cur);
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 32;
		p->v = xrealloc(p->v, p->cap * sizeof(*p->v));
	}
	c = &p->v[p->n++];
	c->path = path;
	c->old = old;
	c->oldlen = oldlen;
	c->new = new;
	c->irq = irq;
	c->task = NULL;
}

/* A list or hex cpumask file: narrow it to the housekeeping CPUs. */
static void plan_mask(const struct shield_ctx *ctx, struct plan *p,
		      char *path, bool hex, bool irq)
{
	struct cpuset set, want;
	char err[128], text[1024];
	size_t len;
	char *old;
	int ret;

	old = plan_read(path, &len);
	if (!old) {
		free(path);
		return;
	}
	ret = hex ? cpumask_parse_hex(old, &set, err, sizeof(err)) :
		    cpulist_parse(old, &set, CPULIST_ALLOW_EMPTY, err,
				  sizeof(err));
	if (ret)
		fatal("%s: cannot parse '%s': %s; nothing was changed",
		      syspath(path), old, err);
	if (!cpuset_intersects(&set, &ctx->shield)) {
		free(old);
		free(path);
		return;
	}
	shield_narrow(ctx, &set, &want);
	if (hex)
		cpumask_format_hex(&want, text, sizeof(text));
	else
		cpulist_format(&want, text, sizeof(text));
	plan_add(p, path, old, len, xstrdup(text), irq);
}

static void plan_value(struct plan *p, char *path, const char *value)
{
	size_t len;
	char *old = plan_read(path, &len);

	if (!old) {
		free(path);
		return;
	}
	plan_add(p, path, old, len, xstrdup(value), false);
}

static void plan_governor(struct plan *p, int cpu)
{
	char *dir = rootpath("/sys/devices/system/cpu/cpu%d/cpufreq", cpu);
	char *avail_path = xasprintf("%s/scaling_available_governors", dir);
	char *avail = file_read_line(avail_path), *tok, *save;
	bool found = false;

	for (tok = avail ? strtok_r(avail, " ", &save) : NULL; tok;
	     tok = strtok_r(NULL, " ", &save))
		found |= !strcmp(tok, "performance");
	if (found)
		plan_value(p, xasprintf("%s/scaling_governor", dir),
			   "performance");
	else if (avail)
		warnx_("cpu%d: no 'performance' cpufreq governor, left as is",
		       cpu);
	free(avail);
	free(avail_path);
	free(dir);
}

/*
 * Deep idle states off: every cpuidle state but state0 (POLL on x86, WFI
 * on arm64) disabled, and a resume latency limit of 0 ("n/a") on the
 * CPU device, which lasts without an open /dev/cpu_dma_latency.
 */
static void plan_idle(struct plan *p, int cpu)
{
	char *dir = rootpath("/sys/devices/system/cpu/cpu%d", cpu), *path;
	int state;

	for (state = 1; ; state++) {
		path = xasprintf("%s/cpuidle/state%d/disable", dir, state);
		if (!file_exists(path)) {
			free(path);
			break;
		}
		plan_value(p, path, "1");
	}
	if (state == 1)
		printf("# cpu%d: no cpuidle states deeper than state0 (no cpuidle driver or a single state): nothing to disable\n",
		       cpu);
	path = xasprintf("%s/power/pm_qos_resume_latency_us", dir);
	if (file_exists(path))
		plan_value(p, path, "n/a");
	else
		free(path);
	free(dir);
}

static void plan_tasks(struct plan *p, const struct task_moves *m)
{
	char old[1024], new[1024];
	struct change *c;
	size_t i;

	for (i = 0; i < m->n; i++) {
		if (p->n == p->cap) {
			p->cap = p->cap ? 2 * p->cap : 32;
			p->v = xrealloc(p->v, p->cap * sizeof(*p->v));
		}
		c = &p->v[p->n++];
		memset(c, 0, sizeof(*c));
		c->task = &m->v[i];
		c->path = task_key(c->task);
		c->old = xstrdup(cpulist_format(&c->task->old, old,
						 sizeof(old)));
		c->oldlen = strlen(c->old);
		c->new = xstrdup(cpulist_format(&c->task->new, new,
						 sizeof(new)));
	}
}

static void plan_build(const struct shield_ctx *ctx, struct plan *p,
		       const struct shield_apply_opts *o)
{
	unsigned int *irqs, n, i;
	int cpu, last = cpuset_last(&ctx->shield);

	n = irq_list(&irqs);
	for (i = 0; i < n; i++)
		plan_mask(ctx, p, rootpath("/proc/irq/%u/smp_affinity_list",
					   irqs[i]), false, true);
	free(irqs);
	plan_mask(ctx, p, rootpath("/proc/irq/default_smp_affinity"), true,
		  false);
	plan_mask(ctx, p, rootpath("/sys/devices/virtual/workqueue/cpumask"),
		  true, false);
	plan_mask(ctx, p,
		  rootpath("/sys/bus/workqueue/devices/writeback/cpumask"),
		  true, false);
	plan_mask(ctx, p, rootpath("/proc/sys/kernel/watchdog_cpumask"),
		  false, false);
	plan_value(p, rootpath("/proc/sys/kernel/sched_rt_runtime_us"), "-1");
	plan_value(p, rootpath("/proc/sys/kernel/timer_migration"), "0");
	if (o->nmi_off) {
		char *nmi = rootpath("/proc/sys/kernel/nmi_watchdog");

		if (file_exists(nmi))
			plan_value(p, nmi, "0");
		else
			printf("# no /proc/sys/kernel/nmi_watchdog (kernel without a hard lockup detector): nothing to turn off\n");
	}
	for (cpu = 0; cpu <= last; cpu++) {
		if (!cpuset_has(&ctx->shield, cpu))
			continue;
		/*
		 * Opt-in: Debian's 6.12.95 WARNs (dl_rq->running_bw >
		 * dl_rq->this_bw) when the runtime shrinks while the server
		 * is active, i.e. fair tasks are queued on that CPU.
		 */
		if (o->fair_server)
			plan_value(p, rootpath("/sys/kernel/debug/sched/fair_server/cpu%d/runtime",
					       cpu), "0");
		plan_governor(p, cpu);
		plan_idle(p, cpu);
	}
}

static void plan_free(struct plan *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		free(p->v[i].path);
		free(p->v[i].old);
		free(p->v[i].new);
	}
	free(p->v);
}

static void print_change(const char *tag, const struct change *c,
			 const char *why)
{
	char *old = trimmed(c->old, c->oldlen);

	if (c->task)
		printf("%stask %s[%d]: %s -> %s%s%s\n", tag, c->task->comm,
		       (int)c->task->tid, old, c->new, why ? ": " : "",
		       why ? why : "");
	else
		printf("%s%s: %s -> %s%s%s\n", tag, syspath(c->path), old,
		       c->new, why ? ": " : "", why ? why : "");
	free(old);
}

/* Move one thread, unless its TID now names another task. */
static int change_task(const struct task_move *t, const struct cpuset *set)
{
	unsigned long long start;

	if (!task_alive(t->tid, &start) || start != t->start)
		return -ESRCH;
	return task_set_affinity(t->tid, set);
}

/* Put back changes [0, n) newest first; returns how many failed. */
static unsigned int undo_changes(const struct plan *p, size_t n)
{
	unsigned int failed = 0;
	int err;

	while (n--) {
		if (p->v[n].task) {
			err = change_task(p->v[n].task, &p->v[n].task->old);
			if (err == -ESRCH)	/* exited: nothing to undo */
				err = 0;
		} else {
			err = file_write(p->v[n].path, p->v[n].old,
					 p->v[n].oldlen);
		}
		if (err) {
			warnx_("rollback: cannot restore %s: %s",
			       syspath(p->v[n].path), strerror(-err));
			failed++;
		}
	}
	return failed;
}

/* A failed write: undo what was done, keep the state file only if needed. */
static void __attribute__((noreturn))
apply_abort(const struct plan *p, size_t done, struct state_file *sf,
	    const char *state_path, const char *what, int err)
{
	unsigned int failed = undo_changes(p, done);

	state_close(sf);
	if (!failed) {
		unlink(state_path);
		fatal("%s: %s; rolled back %zu change%s", what,
		      strerror(-err), done, done == 1 ? "" : "s");
	}
	fatal("%s: %s; rollback failed for %u of %zu changes, old values kept in %s ('userctl shield restore' retries)",
	      what, strerror(-err), failed, done, state_path);
}

/*
 * The partition, after everything else: recorded first, made, and on
 * failure undone and forgotten.  It is not worth undoing the rest for.
 */
static bool apply_partition(const struct shield_ctx *ctx,
			    const struct task_moves *m, struct state_file *sf,
			    const char *state_path, const struct plan *p,
			    size_t done)
{
	struct state_entry e = { .path = PARTITION_KEY PARTITION_DIR };
	char *why, *what;
	off_t undo;
	int err;

	if (!partition_possible(m, &why)) {
		printf("skip  new tasks may still start on CPU %s: %s; the rest is applied\n",
		       ctx->shield_list, why);
		free(why);
		return false;
	}
	e.data = (char *)ctx->shield_list;
	e.len = strlen(ctx->shield_list);
	err = state_append(sf, &e, &undo);
	if (err) {
		what = xasprintf("cannot save to %s", state_path);
		apply_abort(p, done, sf, state_path, what, err);
	}
	if (!partition_create(ctx, &why)) {
		printf("set   %s: isolated partition of CPU %s (new tasks start off them)\n",
		       PARTITION_DIR, ctx->shield_list);
		return true;
	}
	printf("WARN  %s: %s; removed again, new tasks may still start on CPU %s\n",
	       PARTITION_DIR, why, ctx->shield_list);
	free(why);
	err = state_truncate(sf, undo);
	if (err) {
		what = xasprintf("cannot update %s", state_path);
		apply_abort(p, done, sf, state_path, what, err);
	}
	return false;
}

static int apply_plan(const struct shield_ctx *ctx, const struct plan *p,
		      const struct task_moves *m, const char *state_path)
{
	unsigned int unmovable = 0, gone = 0;
	bool made;
	char *why;
	struct state_entry e;
	struct state_file sf;
	char *what;
	size_t i, done = 0;
	off_t undo;
	int err;

	err = state_create(&sf, state_path, ctx->shield_list);
	if (err) {
		if (sf.fd >= 0) {
			state_close(&sf);
			unlink(state_path);
		}
		fatal("cannot create state file %s: %s; nothing was changed",
		      state_path, strerror(-err));
	}
	for (i = 0; i < p->n; i++) {
		const struct change *c = &p->v[i];

		e.path = (char *)syspath(c->path);
		e.data = c->old;
		e.len = c->oldlen;
		err = state_append(&sf, &e, &undo);
		if (err) {
			what = xasprintf("cannot save to %s", state_path);
			apply_abort(p, done, &sf, state_path, what, err);
		}
		if (c->task)
			err = change_task(c->task, &c->task->new);
		else
			err = file_write_str(c->path, c->new);
		if (!err) {
			print_change("set   ", c, NULL);
			done++;
			continue;
		}
		if (c->task) {
			/*
			 * Exited since the listing (ESRCH), or the kernel
			 * refuses (EINVAL: PF_NO_SETAFFINITY or no allowed
			 * CPU left; EBUSY/EPERM: a SCHED_DEADLINE task).
			 * Nothing changed: skip it, keep the rest.
			 */
			why = err == -ESRCH ?
			      xstrdup("exited before it was moved (ESRCH)") :
			      xasprintf("cannot move (%s), left as is",
					strerrorname_np(-err) ?
					strerrorname_np(-err) : strerror(-err));
			print_change("skip  ", c, why);
			free(why);
			gone++;
			err = state_truncate(&sf, undo);
			if (!err)
				continue;
			what = xasprintf("cannot update %s", state_path);
			apply_abort(p, done, &sf, state_path, what, err);
		}
		if (c->irq && (err == -EPERM || err == -EIO)) {
			/*
			 * The kernel keeps this IRQ where it is: EPERM for
			 * per-CPU, managed and legacy timer IRQs (root is not
			 * the issue), EIO from chips that cannot retarget it.
			 * Nothing changed; expected, not a reason to undo.
			 */
			print_change("WARN  ", c, err == -EPERM ?
				     "cannot move (EPERM), left as is" :
				     "cannot move (EIO), left as is");
			unmovable++;
			err = state_truncate(&sf, undo);
			if (!err)
				continue;
			what = xasprintf("cannot update %s", state_path);
			apply_abort(p, done, &sf, state_path, what, err);
		}
		what = xasprintf("cannot write %s", syspath(c->path));
		apply_abort(p, done, &sf, state_path, what, err);
	}
	made = apply_partition(ctx, m, &sf, state_path, p, done);
	printf("# %zu changed, %u unmovable IRQ%s left, %u thread%s not moved; 'userctl shield restore --state %s' undoes it\n",
	       done, unmovable, unmovable == 1 ? "" : "s", gone,
	       gone == 1 ? "" : "s", state_path);
	if (!done && !made)
		unlink(state_path);
	state_close(&sf);
	return 0;
}

int shield_apply(const struct shield_ctx *ctx, const char *state_path,
		 const struct shield_apply_opts *o)
{
	struct task_moves m;
	struct plan p = { 0 };
	char *why;
	size_t i;
	int ret = 0;

	if (!o->dry_run && file_exists(state_path))
		fatal("%s exists: a shield is already applied; run 'userctl shield restore' first",
		      state_path);
	printf("# shield %s: CPU %s shielded, housekeeping CPU %s\n",
	       o->dry_run ? "apply --dry-run" : "apply", ctx->shield_list,
	       ctx->house_list);
	plan_build(ctx, &p, o);
	task_moves_plan(ctx, &m);
	plan_tasks(&p, &m);
	if (o->dry_run) {
		for (i = 0; i < p.n; i++)
			print_change("", &p.v[i], NULL);
		if (partition_possible(&m, &why))
			printf("%s: would become an isolated cpuset partition of CPU %s\n",
			       PARTITION_DIR, ctx->shield_list);
		else
			printf("skip  new tasks may still start on CPU %s: %s\n",
			       ctx->shield_list, why);
		free(why);
		printf("# %zu change%s planned, nothing written\n", p.n,
		       p.n == 1 ? "" : "s");
	} else {
		ret = apply_plan(ctx, &p, &m, state_path);
	}
	plan_free(&p);
	task_moves_free(&m);
	return ret;
}

/* A thread's old mask, if the same thread still runs. */
static int restore_task(const struct state_entry *e)
{
	unsigned long long start, now;
	const char *comm;
	struct cpuset set;
	char err[128];
	pid_t tid;
	int ret;

	if (!task_key_parse(e->path, &tid, &start, &comm) ||
	    cpulist_parse(e->data, &set, 0, err, sizeof(err))) {
		warnx_("malformed task entry '%s', skipped", e->path);
		return -EINVAL;
	}
	if (!task_alive(tid, &now) || now != start)
		ret = -ESRCH;
	else
		ret = task_set_affinity(tid, &set);
	if (ret == -ESRCH) {
		printf("gone     task %s[%d]: exited since apply, nothing to restore\n",
		       comm, (int)tid);
		return 0;
	}
	if (ret) {
		warnx_("cannot restore task %s[%d] to CPU %s: %s", comm,
		       (int)tid, e->data, strerror(-ret));
		return ret;
	}
	printf("restored task %s[%d]: CPU %s\n", comm, (int)tid, e->data);
	return 0;
}

static int restore_other(const struct state_entry *e)
{
	const char *dir = e->path + strlen(PARTITION_KEY);
	int ret;

	if (!strncmp(e->path, TASK_KEY, strlen(TASK_KEY)))
		return restore_task(e);
	ret = partition_remove(dir);
	if (ret == -ENOENT) {
		printf("gone     %s: removed since apply\n", dir);
		return 0;
	}
	if (ret) {
		warnx_("cannot remove the partition %s: %s", dir,
		       strerror(-ret));
		return ret;
	}
	printf("restored %s: partition removed\n", dir);
	return 0;
}

int shield_restore(const char *state_path)
{
	struct state_entry *v;
	size_t n, n_owned, i, nfailed = 0;
	char err[512], *path;
	bool *failed;
	int ret;

	if (!file_exists(state_path))
		fatal("no shield state at %s: nothing to restore",
		      state_path);
	if (state_load(state_path, &v, &n, err, sizeof(err)))
		fatal("%s", err);
	n_owned = n;
	failed = xmalloc(n * sizeof(*failed));
	/* newest first, the reverse of apply */
	for (i = n; i--; ) {
		if (v[i].path[0] != '/') {
			ret = restore_other(&v[i]);
			failed[i] = ret != 0;
			nfailed += failed[i];
			continue;
		}
		path = rootpath("%s", v[i].path);
		ret = file_write(path, v[i].data, v[i].len);
		free(path);
		failed[i] = ret != 0;
		if (ret) {
			warnx_("cannot restore %s: %s", v[i].path,
			       strerror(-ret));
			nfailed++;
			continue;
		}
		printf("restored %s\n", v[i].path);
	}
	if (!nfailed) {
		if (unlink(state_path))
			warnx_("cannot remove %s: %s", state_path,
			       strerror(errno));
		printf("# %zu file%s restored\n", n, n == 1 ? "" : "s");
	} else {
		/* keep what failed, in apply order, for another try */
		size_t k = 0;

		for (i = 0; i < n; i++) {
			if (failed[i]) {
				v[k++] = v[i];
				continue;
			}
			free(v[i].path);
			free(v[i].data);
		}
		n_owned = k;
		ret = state_rewrite(state_path, v, nfailed);
		if (ret)
			warnx_("cannot rewrite %s: %s", state_path,
			       strerror(-ret));
		printf("# %zu of %zu files restored, the rest kept in %s\n",
		       n - nfailed, n, state_path);
	}
	free(failed);
	state_entries_free(v, n_owned);
	return nfailed ? 1 : 0;
}
