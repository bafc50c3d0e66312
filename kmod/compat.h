/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel-version and architecture difference shieldrt cares about,
 * force-included into each object by Kbuild.  The code is written against
 * the newest spelling; this file maps it onto older kernels.  Feature
 * probes (SRT_HAVE_*) come from Kbuild, which greps the target's headers:
 * Debian backports renames into stable kernels, so a version number
 * would lie.
 */
#ifndef SHIELDRT_COMPAT_H
#define SHIELDRT_COMPAT_H

#include <linux/version.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 1, 0)
#error "shieldrt needs Linux 6.1 or newer"
#endif

/*
 * algorithms/ objects and their KUnit copies (SRT_FPU_CODE, from Kbuild) are
 * freestanding library code built with FPU flags: they use no kernel API
 * and must not open FPU sections themselves, so none of the kernel headers
 * below (FPU/NEON section APIs among them) should reach them.
 */
#ifndef SRT_FPU_CODE

/*
 * rcu_momentary_dyntick_idle() was renamed rcu_momentary_eqs() in 6.12
 * (and the rename reached some 6.1 stable releases).  Both are exported.
 */
#ifndef SRT_HAVE_RCU_MOMENTARY_EQS
#define rcu_momentary_eqs() rcu_momentary_dyntick_idle()
#endif

/*
 * hrtimer_setup() (6.13) sets the callback together with the clock and
 * mode; before, hrtimer_init() plus an assignment did the same.
 */
#ifndef SRT_HAVE_HRTIMER_SETUP
#include <linux/hrtimer.h>
static inline void
hrtimer_setup(struct hrtimer *timer,
	      enum hrtimer_restart (*fn)(struct hrtimer *),
	      clockid_t clock_id, enum hrtimer_mode mode)
{
	hrtimer_init(timer, clock_id, mode);
	timer->function = fn;
}
#endif

/*
 * vm_flags_clear() (6.3) became the only way to change a VMA's flags;
 * before, vm_flags was a plain field.
 */
#ifndef SRT_HAVE_VM_FLAGS_CLEAR
#include <linux/mm_types.h>
static inline void vm_flags_clear(struct vm_area_struct *vma,
				  unsigned long flags)
{
	vma->vm_flags &= ~flags;
}
#endif

/*
 * iio_get_masklength() (6.11) reads what IIO made private; before, the
 * field was plain.  Macros: only code that includes <linux/iio/iio.h>
 * uses these (kmod/io/iio.c, kmod/io/iiosim.c).
 */
#ifndef SRT_HAVE_IIO_GET_MASKLENGTH
#define iio_get_masklength(indio_dev) ((indio_dev)->masklength)
#endif

/* A channel may have several scan types from 6.10 on; one before. */
#ifndef SRT_HAVE_IIO_CURRENT_SCAN_TYPE
#define iio_get_current_scan_type(indio_dev, chan) \
	((void)(indio_dev), &(chan)->scan_type)
#endif

/*
 * Exported on every supported kernel and used as is (checked against
 * Module.symvers of 6.1 and 6.12, x86_64/arm64/armhf, generic and rt):
 * sched_setattr_nocheck (configurable SCHED_FIFO priority; sched_set_fifo
 * only offers a fixed one), kthread_create_on_cpu, housekeeping_test_cpu
 * and housekeeping_overridden (housekeeping_cpu), tick_nohz_full_mask and
 * tick_nohz_full_running (tick_nohz_full_cpu), __cpuhp_setup_state,
 * start_poll_synchronize_rcu and poll_state_synchronize_rcu (GPL, same
 * signatures on 6.1 and 6.12), single_task_running.
 * Not exported anywhere: sysctl_sched_rt_runtime, so preflight reads
 * /proc/sys/kernel/sched_rt_runtime_us instead.
 */

/*
 * The FPU section around every call into algorithms/ (the only code built
 * with FPU flags; they never open a section themselves, and arm's
 * <asm/neon.h> refuses kernel_neon_begin() in NEON-compiled code).
 * Inside a section preemption (or bottom halves) are off: no sleeping,
 * no allocation.
 */
#if defined(CONFIG_X86)
#include <asm/fpu/api.h>
#define srt_fpu_begin()		kernel_fpu_begin()
#define srt_fpu_end()		kernel_fpu_end()
#define srt_fpu_usable()	true
#elif defined(CONFIG_ARM64)
#include <asm/neon.h>
#include <asm/cpufeature.h>
#define srt_fpu_begin()		kernel_neon_begin()
#define srt_fpu_end()		kernel_neon_end()
#define srt_fpu_usable()	system_supports_fpsimd()
#elif defined(CONFIG_ARM)
#ifndef CONFIG_KERNEL_MODE_NEON
#error "shieldrt on arm needs CONFIG_KERNEL_MODE_NEON (doubles in the kernel)"
#endif
#include <asm/neon.h>
#define srt_fpu_begin()		kernel_neon_begin()
#define srt_fpu_end()		kernel_neon_end()
#define srt_fpu_usable()	cpu_has_neon()
#else
#error "shieldrt: no FPU section for this architecture"
#endif

#endif /* !SRT_FPU_CODE */

#endif /* SHIELDRT_COMPAT_H */
