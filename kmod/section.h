/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cycle section: what a loop's cycle runs under, from reading its
 * inputs to publishing its outputs (section=, kmod/lib/config.h), and the
 * locks behind it.
 *
 * Every loop has a section lock: its own, or one shared by name with loops
 * on other CPUs (lock=NAME, same section kind for all of them).  A lock
 * holds a raw spinlock and a spinlock_t; the cycle takes the one its kind
 * names.  The raw one is also the loop's I/O lock (include/shieldrt_io.h):
 * providers deposit samples under it, and the cycle reads them under it.
 *
 * Nesting with the FPU section (one per cycle, around the chain), decided
 * from each architecture's rules on the matrix kernels (6.1 and 6.12):
 *   - arm64: kernel_neon_begin() BUG()s unless may_use_simd(), which is
 *     false with interrupts off (both versions).
 *   - arm: 6.12's kernel_neon_begin() disables bottom halves, and the
 *     local_bh_enable() of kernel_neon_end() must not run with interrupts
 *     off; 6.1's disables preemption and only refuses interrupt context.
 *   - x86: kernel_fpu_begin() disables preemption (6.1 and Debian's
 *     6.12) and is usable in task context with interrupts off.
 *     So every atomic section kind nests INSIDE the FPU section, the one
 *     order all of them allow: fpu_begin, section enter ... section
 *     leave, fpu_end.
 *   - PREEMPT_RT: spinlock_t is a sleeping lock, and the FPU section is
 *     atomic (preempt_disable on x86 and arm64), so section=spinlock takes
 *     its lock OUTSIDE the FPU section: lock, fpu_begin ... fpu_end,
 *     unlock.  Without a chain the section is then preemptible: that is
 *     what spin_lock_irqsave() means on PREEMPT_RT.
 * Without an FPU section (no chain), the section is entered alone.  With
 * section=none the chain opens its own FPU section, as it always did.
 */
#ifndef SHIELDRT_SECTION_H
#define SHIELDRT_SECTION_H

#include <linux/list.h>
#include <linux/spinlock.h>
#include "config.h"

struct srt_sec_lock {
	struct list_head node;		/* named locks, under srt_lock */
	char name[SRT_NAME_LEN];	/* "" for a loop's own lock */
	u32 kind;			/* SHIELDRT_SECTION_* of its users */
	unsigned int users;		/* loops using it, under srt_lock */
	raw_spinlock_t raw;
	spinlock_t spin;
};

/* Does this kind's lock sleep, so that it goes outside the FPU section? */
static inline bool srt_section_sleeps(u32 kind)
{
	return IS_ENABLED(CONFIG_PREEMPT_RT) && kind == SHIELDRT_SECTION_SPINLOCK;
}

/* Enter the part of the section that is not a sleeping lock. */
static __always_inline unsigned long
srt_section_enter(u32 kind, struct srt_sec_lock *l)
{
	unsigned long flags = 0;

	switch (kind) {
	case SHIELDRT_SECTION_PREEMPT:
		preempt_disable();
		break;
	case SHIELDRT_SECTION_IRQSAVE:
		local_irq_save(flags);
		break;
	case SHIELDRT_SECTION_RAW_SPINLOCK:
		raw_spin_lock_irqsave(&l->raw, flags);
		break;
	case SHIELDRT_SECTION_SPINLOCK:
		spin_lock_irqsave(&l->spin, flags);
		break;
	default:
		break;
	}
	return flags;
}

static __always_inline void
srt_section_leave(u32 kind, struct srt_sec_lock *l, unsigned long flags)
{
	switch (kind) {
	case SHIELDRT_SECTION_PREEMPT:
		preempt_enable();
		break;
	case SHIELDRT_SECTION_IRQSAVE:
		local_irq_restore(flags);
		break;
	case SHIELDRT_SECTION_RAW_SPINLOCK:
		raw_spin_unlock_irqrestore(&l->raw, flags);
		break;
	case SHIELDRT_SECTION_SPINLOCK:
		spin_unlock_irqrestore(&l->spin, flags);
		break;
	default:
		break;
	}
}

/*
 * The lock a new loop uses (srt_lock held): its own @own, initialised
 * here, or the named one, made on first use.  -EINVAL with a reason when
 * the named lock's users run another section kind, -ENOMEM.
 */
struct srt_sec_lock *srt_sec_lock_get(const struct srt_config *cfg,
				      struct srt_sec_lock *own, char *err,
				      size_t errlen);
/* srt_lock held; the loop's thread is stopped and its bindings gone. */
void srt_sec_lock_put(struct srt_sec_lock *l);
/* debugfs: the named locks and their users. */
/* The named locks (struct srt_sec_lock), under srt_lock. */
extern struct list_head srt_sec_locks;

#endif /* SHIELDRT_SECTION_H */
