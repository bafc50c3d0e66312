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
 * Exported on every supported kernel and used as is (checked against
 * Module.symvers of 6.1 and 6.12, x86_64/arm64/armhf, generic and rt):
 * sched_setattr_nocheck (configurable SCHED_FIFO priority; sched_set_fifo
 * only offers a fixed one), kthread_create_on_cpu, housekeeping_test_cpu
 * and housekeeping_overridden (housekeeping_cpu), tick_nohz_full_mask and
 * tick_nohz_full_running (tick_nohz_full_cpu), __cpuhp_setup_state.
 * Not exported anywhere: sysctl_sched_rt_runtime, so preflight reads
 * /proc/sys/kernel/sched_rt_runtime_us instead.
 */

#endif /* SHIELDRT_COMPAT_H */
