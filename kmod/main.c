// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt: a kernel-space real-time control runtime.  Module entry and
 * exit, the loops= parameter and the CPU hotplug hook.
 */
#include <linux/cpuhotplug.h>
#include <linux/module.h>
#include <linux/stringify.h>
#include <linux/timekeeping.h>
#include "cycle.h"
#include "lifecycle.h"
#include "admin/admin.h"
#include "region.h"
#include "shieldrt_version.h"

static char *loops;
module_param(loops, charp, 0444);
MODULE_PARM_DESC(loops,
		 "loops to create and start at load: \"name=a cpu=1 period_us=100 mode=hybrid;name=b ...\"");

static enum cpuhp_state srt_cpuhp_state;

static int srt_cpu_offline(unsigned int cpu)
{
	srt_loop_cpu_down(cpu);
	return 0;
}

static int __init srt_init(void)
{
	int ret;

	/* The common grid of phase-aligned loops. */
	srt_epoch_ns = ktime_get_ns();

	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "shieldrt:online",
					NULL, srt_cpu_offline);
	if (ret < 0)
		return ret;
	srt_cpuhp_state = ret;
	ret = srt_lifecycle_init();
	if (ret)
		goto err_remove_cpuhp;
	/* The views and the loops= loops, before the device takes requests. */
	ret = srt_admin_init(loops);
	if (ret)
		goto err_lifecycle_exit;
	ret = srt_chardev_init();
	if (ret)
		goto err_admin_exit;
	pr_info("loaded\n");
	return 0;

err_admin_exit:
	srt_admin_exit();
err_lifecycle_exit:
	srt_lifecycle_exit();
err_remove_cpuhp:
	cpuhp_remove_state_nocalls(srt_cpuhp_state);
	return ret;
}

static void __exit srt_exit(void)
{
	/* No more requests, then no more loops and views. */
	srt_chardev_exit();
	cpuhp_remove_state_nocalls(srt_cpuhp_state);
	srt_admin_exit();
	srt_lifecycle_exit();
	pr_info("unloaded\n");
}

module_init(srt_init);
module_exit(srt_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("shieldrt: cyclic real-time control loops");
MODULE_AUTHOR("shieldrt authors");
MODULE_VERSION(SHIELDRT_VERSION);
/* The region and control plane ABI this build speaks: "modinfo -F abi". */
MODULE_INFO(abi, __stringify(SHIELDRT_ABI_VERSION));
