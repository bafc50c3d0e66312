// SPDX-License-Identifier: GPL-2.0
/*
 * shield audit, system-wide items: the kernel command line, what the
 * kernel isolated, sysctls, workqueue/watchdog masks and per-CPU power
 * settings.  Missing files mean a feature this kernel lacks: SKIP.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "../include/uapi/shieldrt.h"
#include "modload.h"
#include "shield.h"
#include "shield_move.h"
#include "sysfile.h"
#include "userctl.h"

/* Exit latency above which an enabled idle state is reported (us). */
#define IDLE_LATENCY_MAX_US	10

/* Isolation set at boot is fixed by the command line only. */
static char *cmdline_fix(const struct shield_ctx *c)
{
	char *line = shield_cmdline(c), *fix;

	fix = xasprintf("add to the kernel command line and reboot: %s", line);
	free(line);
	return fix;
}

/* Value of the last "key=..." on @cmdline (malloc'ed); "" for bare "key". */
static char *cmdline_param(const char *cmdline, const char *key)
{
	size_t klen = strlen(key);
	const char *p = cmdline, *end;
	char *val = NULL;

	while (*p) {
		while (*p == ' ' || *p == '\n' || *p == '\t')
			p++;
		end = p + strcspn(p, " \t\n");
		if (!strncmp(p, key, klen) &&
		    (p[klen] == '=' || p + klen == end)) {
			free(val);
			val = p + klen == end ? xstrdup("") :
			      strndup(p + klen + 1, end - p - klen - 1);
			if (!val)
				fatal("out of memory");
		}
		p = end;
	}
	return val;
}

/* Split isolcpus' leading "flag," words from its CPU list. */
static const char *isolcpus_split(const char *val, bool *domain,
				  bool *managed)
{
	const char *p = val;
	bool any = false;

	*domain = *managed = false;
	while ((*p >= 'a' && *p <= 'z') || *p == '_') {
		size_t n = strcspn(p, ",");

		if (!strncmp(p, "domain", n) && n == 6)
			*domain = true;
		else if (!strncmp(p, "managed_irq", n) && n == 11)
			*managed = true;
		any = true;
		p += n;
		if (*p == ',')
			p++;
	}
	if (!any)		/* a bare list isolates from the scheduler */
		*domain = true;
	return p;
}

/* A cmdline CPU list; "all" means every online CPU. */
static int cmdline_cpus(const struct shield_ctx *c, const char *val,
			struct cpuset *set, char *err, size_t errlen)
{
	if (!strcmp(val, "all")) {
		*set = c->online;
		return 0;
	}
	return cpulist_parse(val, set, 0, err, errlen);
}

/* Does the cmdline list @val of @key cover the shielded set?  Reports. */
static bool audit_cmdline_list(const struct shield_ctx *c, struct report *r,
			       const char *check, const char *key,
			       const char *val, const char *fix)
{
	struct cpuset set, miss;
	char err[128], list[1024];

	if (!val) {
		report_add(r, V_FAIL, check, fix,
			   "%s= is not on the kernel command line", key);
		return false;
	}
	if (cmdline_cpus(c, val, &set, err, sizeof(err))) {
		report_add(r, V_FAIL, check, fix, "%s=%s: %s", key, val, err);
		return false;
	}
	cpuset_andnot(&miss, &c->shield, &set);
	if (!cpuset_empty(&miss)) {
		report_add(r, V_FAIL, check, fix,
			   "%s=%s does not cover CPU %s", key, val,
			   cpulist_format(&miss, list, sizeof(list)));
		return false;
	}
	return true;
}

static void audit_cmdline(const struct shield_ctx *c, struct report *r)
{
	char *path = rootpath("/proc/cmdline"), *cmd, *val, *fix;
	char *nohz = NULL;
	struct cpuset set;
	bool domain, managed;
	char err[128];

	cmd = file_read_line(path);
	if (!cmd) {
		report_add(r, V_SKIP, "cmdline", NULL, "cannot read %s: %s",
			   syspath(path), strerror(errno));
		free(path);
		return;
	}
	fix = cmdline_fix(c);

	val = cmdline_param(cmd, "isolcpus");
	if (val) {
		const char *list = isolcpus_split(val, &domain, &managed);

		if (audit_cmdline_list(c, r, "cmdline.isolcpus", "isolcpus",
				       list, fix)) {
			if (!domain)
				report_add(r, V_FAIL, "cmdline.isolcpus", fix,
					   "isolcpus=%s lacks 'domain': the scheduler still balances tasks onto CPU %s",
					   val, c->shield_list);
			else if (!managed)
				report_add(r, V_WARN, "cmdline.isolcpus", fix,
					   "isolcpus=%s lacks 'managed_irq': multiqueue device IRQs may still land on CPU %s",
					   val, c->shield_list);
			else
				report_add(r, V_PASS, "cmdline.isolcpus", NULL,
					   "isolcpus=%s", val);
		}
	} else {
		audit_cmdline_list(c, r, "cmdline.isolcpus", "isolcpus",
				   NULL, fix);
	}
	free(val);

	nohz = cmdline_param(cmd, "nohz_full");
	if (audit_cmdline_list(c, r, "cmdline.nohz_full", "nohz_full", nohz,
			       fix))
		report_add(r, V_PASS, "cmdline.nohz_full", NULL,
			   "nohz_full=%s", nohz);

	/* nohz_full CPUs get their RCU callbacks offloaded as well. */
	val = cmdline_param(cmd, "rcu_nocbs");
	if (!val && nohz && !cmdline_cpus(c, nohz, &set, err, sizeof(err)) &&
	    cpuset_subset(&c->shield, &set))
		report_add(r, V_PASS, "cmdline.rcu_nocbs", NULL,
			   "implied by nohz_full=%s", nohz);
	else if (audit_cmdline_list(c, r, "cmdline.rcu_nocbs", "rcu_nocbs",
				    val, fix))
		report_add(r, V_PASS, "cmdline.rcu_nocbs", NULL,
			   "rcu_nocbs=%s", val);
	free(val);
	free(nohz);

	val = cmdline_param(cmd, "irqaffinity");
	if (!val)
		report_add(r, V_WARN, "cmdline.irqaffinity", fix,
			   "irqaffinity= is not on the kernel command line: IRQs start on every CPU until moved");
	else if (cpulist_parse(val, &set, 0, err, sizeof(err)))
		report_add(r, V_FAIL, "cmdline.irqaffinity", fix,
			   "irqaffinity=%s: %s", val, err);
	else if (cpuset_intersects(&set, &c->shield))
		report_add(r, V_FAIL, "cmdline.irqaffinity", fix,
			   "irqaffinity=%s includes shielded CPUs", val);
	else
		report_add(r, V_PASS, "cmdline.irqaffinity", NULL,
			   "irqaffinity=%s", val);
	free(val);
	free(fix);
	free(cmd);
	free(path);
}

/* What the running kernel isolated, whatever the command line says. */
static void audit_sysfs_list(const struct shield_ctx *c, struct report *r,
			     const char *file, const char *missing_why)
{
	char *path = rootpath("/sys/devices/system/cpu/%s", file);
	char *check = xasprintf("kernel.%s", file), *text, *fix;
	struct cpuset set, miss;
	char err[128], list[1024];

	text = file_read_line(path);
	if (!text) {
		report_add(r, V_SKIP, check, NULL, "%s: %s (%s)",
			   syspath(path), strerror(errno), missing_why);
		goto out;
	}
	fix = cmdline_fix(c);
	/* An unset cpumask pointer prints as "(null)". */
	if (!strcmp(text, "(null)"))
		text[0] = '\0';
	if (cpulist_parse(text, &set, CPULIST_ALLOW_EMPTY, err, sizeof(err))) {
		report_add(r, V_FAIL, check, NULL, "%s: cannot parse '%s': %s",
			   syspath(path), text, err);
		goto out_free;
	}
	cpuset_andnot(&miss, &c->shield, &set);
	if (!cpuset_empty(&miss))
		report_add(r, V_FAIL, check, fix,
			   "the kernel did not apply %s to CPU %s (%s: '%s')",
			   file, cpulist_format(&miss, list, sizeof(list)),
			   syspath(path), text);
	else
		report_add(r, V_PASS, check, NULL, "%s: %s", syspath(path),
			   text);
out_free:
	free(fix);
	free(text);
out:
	free(check);
	free(path);
}

/* Read a /proc/sys or /sys value; reports SKIP and returns NULL if absent. */
static char *read_or_skip(struct report *r, const char *check,
			  const char *path, const char *why)
{
	char *text = file_read_line(path);

	if (!text)
		report_add(r, V_SKIP, check, NULL, "%s: %s%s%s%s",
			   syspath(path), strerror(errno), why ? " (" : "",
			   why ? why : "", why ? ")" : "");
	return text;
}

static void audit_rt_throttle(struct report *r)
{
	char *path = rootpath("/proc/sys/kernel/sched_rt_runtime_us");
	char *text = read_or_skip(r, "sysctl.sched_rt_runtime_us", path, NULL);

	if (!text)
		goto out;
	if (!strcmp(text, "-1"))
		report_add(r, V_PASS, "sysctl.sched_rt_runtime_us", NULL,
			   "-1: RT throttling off");
	else
		report_add(r, V_FAIL, "sysctl.sched_rt_runtime_us",
			   "sysctl -w kernel.sched_rt_runtime_us=-1 (or: userctl shield apply)",
			   "%s: RT tasks are throttled after %s us per period, a polled loop stalls",
			   text, text);
	free(text);
out:
	free(path);
}

/* A cpumask file in list or hex form that must avoid the shielded CPUs. */
static void audit_mask_file(const struct shield_ctx *c, struct report *r,
			    const char *check, const char *sys, bool hex,
			    enum verdict bad, const char *why)
{
	char *path = rootpath("%s", sys), *text, *fix;
	struct cpuset set, want;
	char err[128], list[1024];
	int ret;

	text = read_or_skip(r, check, path, why);
	if (!text)
		goto out;
	ret = hex ? cpumask_parse_hex(text, &set, err, sizeof(err)) :
		    cpulist_parse(text, &set, CPULIST_ALLOW_EMPTY, err,
				  sizeof(err));
	if (ret) {
		report_add(r, V_FAIL, check, NULL, "%s: cannot parse '%s': %s",
			   sys, text, err);
	} else if (cpuset_intersects(&set, &c->shield)) {
		shield_narrow(c, &set, &want);
		if (hex)
			cpumask_format_hex(&want, list, sizeof(list));
		else
			cpulist_format(&want, list, sizeof(list));
		fix = xasprintf("echo %s > %s (or: userctl shield apply)",
				list, sys);
		report_add(r, bad, check, fix, "'%s' includes shielded CPUs",
			   text);
		free(fix);
	} else {
		report_add(r, V_PASS, check, NULL, "'%s'", text);
	}
	free(text);
out:
	free(path);
}

static void audit_watchdog(const struct shield_ctx *c, struct report *r)
{
	char *path = rootpath("/proc/sys/kernel/watchdog"), *on, *nmi;

	on = file_read_line(path);
	free(path);
	if (on && !strcmp(on, "0"))
		report_add(r, V_PASS, "sysctl.watchdog_cpumask", NULL,
			   "lockup watchdogs are off (kernel.watchdog=0)");
	else
		audit_mask_file(c, r, "sysctl.watchdog_cpumask",
				"/proc/sys/kernel/watchdog_cpumask", false,
				V_FAIL, "no lockup detector");
	free(on);

	path = rootpath("/proc/sys/kernel/nmi_watchdog");
	nmi = read_or_skip(r, "sysctl.nmi_watchdog", path,
			   "no hard lockup detector");
	if (nmi && !strcmp(nmi, "0"))
		report_add(r, V_PASS, "sysctl.nmi_watchdog", NULL,
			   "0: NMI watchdog off");
	else if (nmi)
		report_add(r, V_INFO, "sysctl.nmi_watchdog",
			   NULL, "%s: NMI watchdog on, limited to watchdog_cpumask",
			   nmi);
	free(nmi);
	free(path);
}

static void audit_timer_migration(struct report *r)
{
	char *path = rootpath("/proc/sys/kernel/timer_migration");
	char *text = read_or_skip(r, "sysctl.timer_migration", path, NULL);

	if (text && !strcmp(text, "0"))
		report_add(r, V_PASS, "sysctl.timer_migration", NULL,
			   "0: timers stay on the CPU that armed them");
	else if (text)
		report_add(r, V_WARN, "sysctl.timer_migration",
			   "sysctl -w kernel.timer_migration=0 (or: userctl shield apply)",
			   "%s: timers of idle CPUs may move to a busy (polling) shielded CPU",
			   text);
	free(text);
	free(path);
}

/* 6.12's deadline server runs starved CFS tasks even over RT ones. */
static void audit_fair_server(const struct shield_ctx *c, struct report *r)
{
	char *dir = rootpath("/sys/kernel/debug/sched/fair_server");
	char check[64], *path, *text, *fix;
	int cpu, last = cpuset_last(&c->shield);

	if (access(dir, F_OK)) {
		/* debugfs is root's only (mode 0700): say so, not "absent" */
		if (errno == EACCES)
			report_add(r, V_SKIP, "sched.fair_server",
				   "run the audit as root",
				   "%s: %s (debugfs is readable by root only)",
				   syspath(dir), strerror(errno));
		else
			report_add(r, V_SKIP, "sched.fair_server", NULL,
				   "%s: not present (kernel before 6.12 or debugfs not mounted)",
				   syspath(dir));
		free(dir);
		return;
	}
	for (cpu = 0; cpu <= last; cpu++) {
		if (!cpuset_has(&c->shield, cpu))
			continue;
		snprintf(check, sizeof(check), "sched.fair_server.cpu%d", cpu);
		path = xasprintf("%s/cpu%d/runtime", dir, cpu);
		text = read_or_skip(r, check, path, NULL);
		if (text && !strcmp(text, "0")) {
			report_add(r, V_PASS, check, NULL, "runtime 0: off");
		} else if (text) {
			fix = xasprintf("echo 0 > %s while no fair task is queued there (or: userctl shield apply --fair-server)",
					syspath(path));
			report_add(r, V_WARN, check, fix,
				   "runtime %s ns: fair tasks on CPU %d preempt RT loops when starved",
				   text, cpu);
			free(fix);
		}
		free(text);
		free(path);
	}
	free(dir);
}

static void audit_cpufreq(const struct shield_ctx *c, struct report *r)
{
	int cpu, last = cpuset_last(&c->shield);
	char check[64], *path, *gov, *fix;

	for (cpu = 0; cpu <= last; cpu++) {
		if (!cpuset_has(&c->shield, cpu))
			continue;
		snprintf(check, sizeof(check), "cpufreq.cpu%d", cpu);
		path = rootpath("/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor",
				cpu);
		gov = read_or_skip(r, check, path, "no cpufreq driver");
		if (gov && !strcmp(gov, "performance")) {
			report_add(r, V_PASS, check, NULL,
				   "governor performance");
		} else if (gov) {
			fix = xasprintf("echo performance > %s (or: userctl shield apply)",
					syspath(path));
			report_add(r, V_WARN, check, fix,
				   "governor %s: frequency changes add latency",
				   gov);
			free(fix);
		}
		free(gov);
		free(path);
	}
}

/* Enabled idle states deeper than IDLE_LATENCY_MAX_US on one CPU. */
static void audit_idle_cpu(struct report *r, int cpu)
{
	char *dir = rootpath("/sys/devices/system/cpu/cpu%d/cpuidle", cpu);
	char check[64], deep[512] = "", fix[2048] = "";
	size_t dl = 0, fl = 0;
	char *lat, *dis, *name, *p;
	int state, n = 0;

	snprintf(check, sizeof(check), "cpuidle.cpu%d", cpu);
	if (!file_exists(dir)) {
		report_add(r, V_SKIP, check, NULL,
			   "%s: not present (no cpuidle driver)", syspath(dir));
		free(dir);
		return;
	}
	for (state = 0; ; state++) {
		p = xasprintf("%s/state%d/latency", dir, state);
		lat = file_read_line(p);
		free(p);
		if (!lat)
			break;
		n++;
		p = xasprintf("%s/state%d/disable", dir, state);
		dis = file_read_line(p);
		free(p);
		p = xasprintf("%s/state%d/name", dir, state);
		name = file_read_line(p);
		free(p);
		if (atol(lat) > IDLE_LATENCY_MAX_US && !(dis && !strcmp(dis, "1"))) {
			if (dl < sizeof(deep))
				dl += snprintf(deep + dl, sizeof(deep) - dl,
					       "%s%s (%s us)", dl ? ", " : "",
					       name ? name : "?", lat);
			if (fl < sizeof(fix))
				fl += snprintf(fix + fl, sizeof(fix) - fl,
					       "%secho 1 > %s/state%d/disable",
					       fl ? "; " : "", syspath(dir),
					       state);
		}
		free(lat);
		free(dis);
		free(name);
	}
	if (!n)
		report_add(r, V_SKIP, check, NULL, "%s: no idle states",
			   syspath(dir));
	else if (dl)
		report_add(r, V_WARN, check, fix,
			   "deep idle states enabled: %s", deep);
	else
		report_add(r, V_PASS, check, NULL,
			   "no enabled idle state exits slower than %d us",
			   IDLE_LATENCY_MAX_US);
	free(dir);
}

/* The CPU device's resume latency limit: "n/a" is 0 us, no deep idle. */
static void audit_pm_qos(struct report *r, int cpu)
{
	char *path = rootpath("/sys/devices/system/cpu/cpu%d/power/pm_qos_resume_latency_us",
			      cpu);
	char check[64], *v, *fix;

	snprintf(check, sizeof(check), "pm_qos.cpu%d", cpu);
	v = file_read_line(path);
	if (!v)
		report_add(r, V_SKIP, check, NULL,
			   "%s: not present (kernel without CONFIG_PM)",
			   syspath(path));
	else if (!strcmp(v, "n/a"))
		report_add(r, V_PASS, check, NULL,
			   "resume latency limit n/a: no idle state deeper than state0");
	else {
		fix = xasprintf("echo n/a > %s (or: userctl shield apply)",
				syspath(path));
		report_add(r, V_INFO, check, fix,
			   "resume latency limit %s us (0: none)", v);
		free(fix);
	}
	free(v);
	free(path);
}

static void audit_idle(const struct shield_ctx *c, struct report *r)
{
	int cpu, last = cpuset_last(&c->shield);

	for (cpu = 0; cpu <= last; cpu++)
		if (cpuset_has(&c->shield, cpu)) {
			audit_idle_cpu(r, cpu);
			audit_pm_qos(r, cpu);
		}
}

/* The cgroup v2 isolated partition that keeps new tasks off the shield. */
static void audit_partition(const struct shield_ctx *c, struct report *r)
{
	char *dir = rootpath(PARTITION_DIR), *p, *part, *cpus;
	struct cpuset set;
	char err[128];

	if (!file_exists(dir)) {
		report_add(r, V_INFO, "cgroup.partition",
			   "userctl shield apply (needs cgroup v2 at " CGROUP_MOUNT " with +cpuset in cgroup.subtree_control)",
			   "no %s: new tasks may start on CPU %s until a shield moves them",
			   PARTITION_DIR, c->shield_list);
		free(dir);
		return;
	}
	p = xasprintf("%s/cpuset.cpus.partition", dir);
	part = file_read_line(p);
	free(p);
	p = xasprintf("%s/cpuset.cpus", dir);
	cpus = file_read_line(p);
	free(p);
	if (part && !strcmp(part, "isolated") && cpus &&
	    !cpulist_parse(cpus, &set, 0, err, sizeof(err)) &&
	    cpuset_equal(&set, &c->shield))
		report_add(r, V_PASS, "cgroup.partition", NULL,
			   "%s: isolated partition of CPU %s",
			   PARTITION_DIR, c->shield_list);
	else
		report_add(r, V_WARN, "cgroup.partition", NULL,
			   "%s: partition '%s' of CPU '%s', not an isolated partition of CPU %s",
			   PARTITION_DIR, part ? part : "?",
			   cpus ? cpus : "?", c->shield_list);
	free(cpus);
	free(part);
	free(dir);
}

static void audit_preempt_rt(struct report *r)
{
	char *path = rootpath("/sys/kernel/realtime"), *rt, *ver;
	static const char fix[] =
		"boot a PREEMPT_RT kernel (Debian: linux-image-rt-<arch>)";

	rt = file_read_line(path);
	free(path);
	path = rootpath("/proc/sys/kernel/version");
	ver = file_read_line(path);
	if (rt && !strcmp(rt, "1"))
		report_add(r, V_PASS, "kernel.preempt_rt", NULL,
			   "PREEMPT_RT (/sys/kernel/realtime = 1)");
	else if (ver && strstr(ver, "PREEMPT_RT"))
		report_add(r, V_PASS, "kernel.preempt_rt", NULL,
			   "PREEMPT_RT (%s)", ver);
	else if (ver)
		report_add(r, V_WARN, "kernel.preempt_rt", fix,
			   "not a PREEMPT_RT kernel (%s)", ver);
	else
		report_add(r, V_SKIP, "kernel.preempt_rt", NULL,
			   "cannot read %s: %s", syspath(path),
			   strerror(errno));
	free(rt);
	free(ver);
	free(path);
}

/*
 * Kernel lockdown (Secure Boot machines: Debian locks down in integrity
 * mode) refuses debugfs writes, and reads of debugfs files that can be
 * written; confidentiality mode closes tracefs too.  userctl does not
 * need debugfs (it uses the ioctls on /dev/shieldrt), scripts writing
 * /sys/kernel/debug/shieldrt do.
 */
static void audit_lockdown(struct report *r)
{
	static const char fix[] =
		"userctl needs no debugfs (it uses ioctls on " SHIELDRT_DEVICE "): use it instead of the files under /sys/kernel/debug/shieldrt; or boot without lockdown (no lockdown= on the kernel command line, Secure Boot off)";
	char *path = rootpath("/sys/kernel/security/lockdown"), *text, *lsm;
	const char *open_, *close_;
	int len;

	text = file_read_line(path);
	if (!text) {
		/* securityfs lists its LSMs in "lsm": mounted, no lockdown */
		lsm = rootpath("/sys/kernel/security/lsm");
		if (file_exists(lsm))
			report_add(r, V_PASS, "kernel.lockdown", NULL,
				   "no lockdown LSM in this kernel (%s absent): debugfs is not restricted",
				   syspath(path));
		else
			report_add(r, V_SKIP, "kernel.lockdown",
				   "mount -t securityfs none /sys/kernel/security",
				   "unknown: %s absent (securityfs not mounted?)",
				   syspath(path));
		free(lsm);
		free(path);
		return;
	}
	/* "none [integrity] confidentiality": the mode in force in brackets */
	open_ = strchr(text, '[');
	close_ = open_ ? strchr(open_, ']') : NULL;
	if (!close_) {
		report_add(r, V_SKIP, "kernel.lockdown", NULL,
			   "%s: cannot parse '%s'", syspath(path), text);
	} else {
		len = close_ - open_ - 1;
		if (len == 4 && !strncmp(open_ + 1, "none", 4))
			report_add(r, V_PASS, "kernel.lockdown", NULL,
				   "none: debugfs is not restricted");
		else
			report_add(r, V_WARN, "kernel.lockdown", fix,
				   "%.*s: debugfs refuses writes, and reads of files that can be written (shieldrt's control, config, blocks, limits, flight...; the fair server's runtime, which apply --fair-server sets)%s",
				   len, open_ + 1,
				   len == 15 && !strncmp(open_ + 1, "confidentiality", 15) ?
				   "; tracefs is closed too (no shieldrt trace events)" : "");
	}
	free(text);
	free(path);
}

/*
 * Module signatures: under lockdown or module.sig_enforce=1 only signed
 * modules load, and an unsigned shieldrt.ko is refused at insmod, before
 * userctl can say anything; the audit says it beforehand.
 */
static void audit_module_signing(struct report *r)
{
	struct modload m;
	char why[96];

	modload_read(&m);
	modload_why(&m, why, sizeof(why));
	if (m.sig_enforce < 0 && !modload_signed_only(&m)) {
		report_add(r, V_PASS, "module.signing", NULL,
			   "this kernel checks no module signatures (%s)",
			   why);
	} else if (m.loaded && m.unsigned_mod == 1) {
		if (modload_signed_only(&m))
			report_add(r, V_WARN, "module.signing", modload_remedy,
				   "shieldrt is loaded unsigned (taint E), before the kernel locked down (%s): after a reboot it will be refused",
				   why);
		else
			report_add(r, V_WARN, "module.signing", modload_remedy,
				   "shieldrt is loaded unsigned (taint E; %s): a kernel locked down, as with Secure Boot, refuses it",
				   why);
	} else if (m.loaded) {
		report_add(r, V_PASS, "module.signing", NULL,
			   "shieldrt is loaded%s (%s)",
			   m.unsigned_mod == 0 ? " with a signature the kernel trusts" : "",
			   why);
	} else if (modload_signed_only(&m)) {
		report_add(r, V_WARN, "module.signing", modload_remedy,
			   "shieldrt is not loaded, and this kernel loads signed modules only (%s): an unsigned shieldrt.ko is refused (\"Key was rejected by service\" or \"Operation not permitted\")",
			   why);
	} else {
		report_add(r, V_PASS, "module.signing", NULL,
			   "shieldrt is not loaded; this kernel loads it unsigned too (%s)",
			   why);
	}
}

/* The arch the kernel runs, which may differ from ours under a root. */
static char *kernel_arch(void)
{
	char *path = rootpath("/proc/sys/kernel/arch"), *arch;
	struct utsname u;

	arch = file_read_line(path);
	free(path);
	if (arch)
		return arch;
	if (uname(&u))
		return xstrdup("unknown");
	return xstrdup(u.machine);
}

static void audit_clocksource(struct report *r)
{
	char *base = rootpath("/sys/devices/system/clocksource/clocksource0");
	char *path = xasprintf("%s/current_clocksource", base);
	char *arch = kernel_arch(), *cur, *avail, *fix = NULL;
	const char *want = NULL;

	if (!strcmp(arch, "x86_64") || !strncmp(arch, "i686", 4))
		want = "tsc";
	else if (!strcmp(arch, "aarch64") || !strncmp(arch, "arm", 3))
		want = "arch_sys_counter";
	cur = read_or_skip(r, "clocksource", path, NULL);
	if (!cur)
		goto out;
	free(path);
	path = xasprintf("%s/available_clocksource", base);
	avail = file_read_line(path);
	if (!want) {
		report_add(r, V_INFO, "clocksource", NULL,
			   "%s (no preference known for %s)", cur, arch);
	} else if (!strcmp(cur, want)) {
		report_add(r, V_PASS, "clocksource", NULL, "%s", cur);
	} else {
		if (avail && strstr(avail, want))
			fix = xasprintf("echo %s > %s/current_clocksource",
					want, syspath(base));
		report_add(r, V_WARN, "clocksource", fix,
			   "%s, not %s%s: reading the clock costs more",
			   cur, want, fix ? "" : " (not available here)");
	}
	free(fix);
	free(avail);
	free(cur);
out:
	free(arch);
	free(path);
	free(base);
}

void shield_audit_config(const struct shield_ctx *c, struct report *r)
{
	audit_cmdline(c, r);
	audit_sysfs_list(c, r, "isolated", "kernel without CPU isolation");
	audit_sysfs_list(c, r, "nohz_full",
			 "kernel built without CONFIG_NO_HZ_FULL");
	audit_rt_throttle(r);
	audit_watchdog(c, r);
	audit_mask_file(c, r, "workqueue.cpumask",
			"/sys/devices/virtual/workqueue/cpumask", true, V_FAIL,
			NULL);
	audit_mask_file(c, r, "workqueue.writeback",
			"/sys/bus/workqueue/devices/writeback/cpumask", true,
			V_FAIL, NULL);
	audit_mask_file(c, r, "irq.default_affinity",
			"/proc/irq/default_smp_affinity", true, V_WARN, NULL);
	audit_timer_migration(r);
	audit_fair_server(c, r);
	audit_cpufreq(c, r);
	audit_idle(c, r);
	audit_partition(c, r);
	audit_preempt_rt(r);
	audit_lockdown(r);
	audit_module_signing(r);
	audit_clocksource(r);
}
