// SPDX-License-Identifier: GPL-2.0
/*
 * Section locks: each loop's own, and the named ones loops on different
 * CPUs share (lock=NAME) to contend on one lock, as the mctest study's
 * M1 and M3 methods did.  The registry is guarded by srt_lock.
 */
#include <linux/mutex.h>
#include <linux/slab.h>
#include "loop_list.h"
#include "section.h"

/* The named locks, under srt_lock (the admin layer lists them). */
LIST_HEAD(srt_sec_locks);

static void srt_sec_lock_init(struct srt_sec_lock *l, const char *name,
			      u32 kind)
{
	INIT_LIST_HEAD(&l->node);
	strscpy(l->name, name, sizeof(l->name));
	l->kind = kind;
	l->users = 1;
	raw_spin_lock_init(&l->raw);
	spin_lock_init(&l->spin);
}

struct srt_sec_lock *srt_sec_lock_get(const struct srt_config *cfg,
				      struct srt_sec_lock *own, char *err,
				      size_t errlen)
{
	struct srt_sec_lock *l;

	lockdep_assert_held(&srt_lock);
	if (!cfg->lock[0]) {
		srt_sec_lock_init(own, "", cfg->section);
		return own;
	}
	list_for_each_entry(l, &srt_sec_locks, node) {
		if (strcmp(l->name, cfg->lock))
			continue;
		if (l->kind != cfg->section) {
			snprintf(err, errlen,
				 "lock %s is held with section=%s by its other loops, not %s",
				 l->name, srt_section_names[l->kind],
				 srt_section_names[cfg->section]);
			return ERR_PTR(-EINVAL);
		}
		l->users++;
		return l;
	}
	l = kzalloc(sizeof(*l), GFP_KERNEL);
	if (!l) {
		snprintf(err, errlen, "out of memory");
		return ERR_PTR(-ENOMEM);
	}
	srt_sec_lock_init(l, cfg->lock, cfg->section);
	list_add_tail(&l->node, &srt_sec_locks);
	return l;
}

void srt_sec_lock_put(struct srt_sec_lock *l)
{
	lockdep_assert_held(&srt_lock);
	if (!l || !l->name[0] || --l->users)
		return;
	list_del(&l->node);
	kfree(l);
}
