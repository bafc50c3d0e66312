// SPDX-License-Identifier: GPL-2.0
/*
 * Is this CPU fit for a real-time loop?  Answers what a module can see:
 * isolcpus domain isolation, nohz_full, the kernel's preemption model and
 * RT throttling (read from its sysctl file: the variable is not exported).
 */
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/sched/isolation.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/tick.h>
#include "loop.h"

bool srt_cpu_isolated(int cpu)
{
	return !housekeeping_cpu(cpu, HK_TYPE_DOMAIN);
}

static int srt_read_sysctl(const char *path, long *val)
{
	char buf[24];
	struct file *f;
	loff_t pos = 0;
	ssize_t n;

	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	n = kernel_read(f, buf, sizeof(buf) - 1, &pos);
	filp_close(f, NULL);
	if (n < 0)
		return n;
	buf[n] = '\0';
	return kstrtol(strim(buf), 10, val);
}

void srt_preflight_show(struct seq_file *m, int cpu)
{
	bool online = cpu >= 0 && cpu < nr_cpu_ids && cpu_online(cpu);
	bool isolated = online && srt_cpu_isolated(cpu);
	bool nohz = online && tick_nohz_full_cpu(cpu);
	long runtime = 0, period = 0;
	int r1, r2;

	r1 = srt_read_sysctl("/proc/sys/kernel/sched_rt_runtime_us", &runtime);
	r2 = srt_read_sysctl("/proc/sys/kernel/sched_rt_period_us", &period);

	seq_printf(m, "cpu: %d\n", cpu);
	seq_printf(m, "online: %d\n", online);
	seq_printf(m, "isolated: %d\n", isolated);
	seq_printf(m, "nohz_full: %d\n", nohz);
	seq_printf(m, "preempt_rt: %d\n", IS_ENABLED(CONFIG_PREEMPT_RT));
	seq_printf(m, "preempt_rcu: %d\n", IS_ENABLED(CONFIG_PREEMPT_RCU));
	if (r1 || r2) {
		seq_printf(m, "rt_throttling: unknown (sysctl unreadable: %d)\n",
			   r1 ? r1 : r2);
	} else {
		seq_printf(m, "rt_throttling: %d\n", runtime >= 0);
		seq_printf(m, "rt_runtime_us: %ld\n", runtime);
		seq_printf(m, "rt_period_us: %ld\n", period);
	}
	seq_puts(m, "# not visible to a module: cpuset isolated partitions, the 6.12 fair server\n");
	if (!online)
		seq_puts(m, "verdict: cpu offline: no loop can start here\n");
	else if (!isolated)
		seq_puts(m, "verdict: not isolated: hrtimer loops only (poll/hybrid need force=1)\n");
	else if (!nohz)
		seq_puts(m, "verdict: isolated, but the tick still runs here\n");
	else
		seq_puts(m, "verdict: isolated and nohz_full\n");
}
