/* SPDX-License-Identifier: GPL-2.0 */
/*
 * userctl shield: audit, apply and restore the isolation of the CPUs that
 * run control loops.  The shielded set comes from --cpus; housekeeping is
 * every other online CPU.
 */
#ifndef USERCTL_SHIELD_H
#define USERCTL_SHIELD_H

#include <stdbool.h>

#include "cpuset.h"
#include "report.h"

#define SHIELD_STATE_DEFAULT	"/run/shieldrt/shield.state"

struct shield_ctx {
	struct cpuset shield;		/* --cpus */
	struct cpuset online;
	struct cpuset house;		/* online CPUs not shielded */
	char shield_list[1024];
	char house_list[1024];
};

/*
 * Parse @cpus and check it against the system: malformed lists, CPU 0,
 * absent or offline CPUs and a set without housekeeping CPU left are
 * usage errors (exit 2) before anything is read further or written.
 */
void shield_ctx_init(struct shield_ctx *c, const char *cpus);

/* The kernel command line that shields c->shield (malloc'ed). */
char *shield_cmdline(const struct shield_ctx *c);

/*
 * Where a file's current CPU set should go: the CPUs it already allows
 * minus the shielded ones, or all housekeeping CPUs if none would remain.
 */
void shield_narrow(const struct shield_ctx *c, const struct cpuset *old,
		   struct cpuset *new);

void shield_audit_config(const struct shield_ctx *c, struct report *r);
void shield_audit_irqs(const struct shield_ctx *c, struct report *r);
void shield_audit_tasks(const struct shield_ctx *c, struct report *r);

/* What a task's or thread's /proc status file says (shield_tasks.c). */
struct task_status {
	char name[64];
	unsigned int ppid;
	int kthread;		/* "Kthread:", -1: the kernel does not say */
	struct cpuset allowed;
};
/* false if @path cannot be read (the task exited) or lists no CPUs */
bool task_status_read(const char *path, struct task_status *t);
/* Without "Kthread:" (older kernels): kthreadd and its children. */
bool task_status_kthread(const struct task_status *t, unsigned int pid);

/* Name of IRQ @irq from /proc/interrupts (malloc'ed), NULL if unknown. */
char *irq_name(unsigned int irq);
/* Per-CPU interrupts (GIC SGIs/PPIs: arch timer, IPIs) cannot move. */
bool irq_is_percpu(unsigned int irq);
/* Numeric entries of a directory (IRQs, PIDs), sorted; the count. */
unsigned int numeric_entries(const char *dir, unsigned int **out);
/* The IRQ numbers under /proc/irq, sorted; returns the count. */
unsigned int irq_list(unsigned int **irqs);

/* Return the process exit status. */
struct shield_apply_opts {
	bool dry_run;
	bool fair_server;
	bool nmi_off;		/* --nmi-watchdog off */
};

int shield_apply(const struct shield_ctx *c, const char *state_path,
		 const struct shield_apply_opts *o);
int shield_restore(const char *state_path);

#endif
