/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shield apply's task and cgroup half: which user tasks are allowed on
 * the shielded CPUs and can be narrowed, and the cgroup v2 cpuset
 * partition that keeps new tasks off them.
 */
#ifndef USERCTL_SHIELD_MOVE_H
#define USERCTL_SHIELD_MOVE_H

#include <stdbool.h>
#include <sys/types.h>

#include "cpuset.h"
#include "shield.h"

/* State file keys of the non-file entries. */
#define TASK_KEY	"task:"		/* task:TID:STARTTIME:COMM -> cpulist */
#define PARTITION_KEY	"partition:"	/* partition:DIR -> shielded list */

/* Where the partition goes. */
#define CGROUP_MOUNT	"/sys/fs/cgroup"
#define PARTITION_DIR	CGROUP_MOUNT "/shieldrt"

struct task_move {
	pid_t tid;
	unsigned long long start;	/* /proc/TID/stat starttime */
	char comm[64];
	struct cpuset old, new;
};

struct task_moves {
	struct task_move *v;
	size_t n;
	size_t n_pinned;	/* user tasks wholly inside the shield */
};

/*
 * List every thread allowed on a shielded CPU.  Movable user threads go
 * to @m; kernel threads and threads pinned inside the shield are printed,
 * by name and reason, as not moved.
 */
void task_moves_plan(const struct shield_ctx *c, struct task_moves *m);
void task_moves_free(struct task_moves *m);

/* "task:TID:START:COMM" for @t (malloc'ed). */
char *task_key(const struct task_move *t);
/* Parse a task key; false if malformed. */
bool task_key_parse(const char *key, pid_t *tid, unsigned long long *start,
		    const char **comm);

/*
 * The starttime of @tid: 0 and true if alive (start 0: the fake tree
 * has no stat), false if it exited.
 */
bool task_alive(pid_t tid, unsigned long long *start);
/* Set the affinity of @tid to @set.  Returns 0 or -errno. */
int task_set_affinity(pid_t tid, const struct cpuset *set);

/*
 * Whether the cgroup v2 partition can be made here; if not, @why says
 * why in one line (malloc'ed) and nothing is touched.
 */
bool partition_possible(const struct task_moves *m, char **why);
/*
 * Make PARTITION_DIR an isolated partition of @c->shield.  On failure
 * everything it did is undone and @why (malloc'ed) says what happened.
 */
int partition_create(const struct shield_ctx *c, char **why);
/* Turn the partition back into a member and remove it. 0 or -errno. */
int partition_remove(const char *dir);

#endif
