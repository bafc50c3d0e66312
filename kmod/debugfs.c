// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs files.  Per-loop files reach their loop through i_private; the
 * loop outlives them because destroy removes them (and debugfs waits for
 * running handlers) before dropping the list's reference.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/math64.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "loop.h"
#include "chain.h"
#include "debugfs.h"
#include "region.h"

#define SRT_WRITE_MAX	4096

static struct dentry *srt_dir;

static const char * const srt_metric_cols[SRT_NR_METRICS] = {
	[SRT_M_IRQ] = "IRQ",
	[SRT_M_THREAD] = "Thr",
	[SRT_M_LATENESS] = "Late",
	[SRT_M_COMPUTE] = "Compute",
	[SRT_M_SLACK] = "Slack",
	[SRT_M_NOISE] = "Noise",
	[SRT_M_SECTION] = "Section",
	[SRT_M_LOCKWAIT] = "LockWait",
};

static const char * const srt_metric_keys[SRT_NR_METRICS] = {
	[SRT_M_IRQ] = "irq_latency",
	[SRT_M_THREAD] = "thread_latency",
	[SRT_M_LATENESS] = "lateness",
	[SRT_M_COMPUTE] = "compute",
	[SRT_M_SLACK] = "slack",
	[SRT_M_NOISE] = "noise",
	[SRT_M_SECTION] = "section",
	[SRT_M_LOCKWAIT] = "lock_wait",
};

static char *srt_copy_line(const char __user *ubuf, size_t count)
{
	if (count > SRT_WRITE_MAX)
		return ERR_PTR(-E2BIG);
	return memdup_user_nul(ubuf, count);
}

/* ---- top level ---- */

static ssize_t srt_control_fwrite(struct file *file, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	char *buf = srt_copy_line(ubuf, count);
	int ret;

	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = srt_control_write(buf);
	kfree(buf);
	return ret ? ret : count;
}

static const struct file_operations srt_control_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = srt_control_fwrite,
	.llseek = noop_llseek,
};

static int srt_error_show(struct seq_file *m, void *unused)
{
	char buf[SRT_ERR_LEN];

	srt_error_get(m->private, buf, sizeof(buf));
	if (buf[0])
		seq_printf(m, "%s\n", buf);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(srt_error);

static int srt_loops_show(struct seq_file *m, void *unused)
{
	struct srt_loop *loop;

	seq_puts(m, "# name cpu mode period_us state\n");
	mutex_lock(&srt_lock);
	list_for_each_entry(loop, &srt_loops, node)
		seq_printf(m, "%s %d %s %llu %s\n", loop->name, loop->cfg.cpu,
			   srt_wait_mode_names[loop->cfg.mode],
			   div_u64(loop->cfg.period_ns, 1000),
			   srt_state_name(READ_ONCE(loop->state)));
	mutex_unlock(&srt_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(srt_loops);

/* ---- per loop ---- */

static int srt_config_show(struct seq_file *m, void *unused)
{
	struct srt_loop *loop = m->private;
	char val[256];
	int key;

	mutex_lock(&srt_lock);
	for (key = 0; key < SRT_NR_KEYS; key++) {
		srt_config_format_key(&loop->cfg, key, val, sizeof(val));
		seq_printf(m, "%s=%s\n", srt_key_names[key], val);
	}
	mutex_unlock(&srt_lock);
	return 0;
}

static int srt_config_open(struct inode *inode, struct file *file)
{
	return single_open(file, srt_config_show, inode->i_private);
}

static ssize_t srt_config_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct srt_loop *loop = file_inode(file)->i_private;
	char err[SRT_ERR_LEN] = "";
	char *buf = srt_copy_line(ubuf, count);
	int ret;

	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = srt_loop_configure(loop, buf, err, sizeof(err));
	if (ret)
		srt_error_set(loop, err[0] ? err : "config write failed");
	kfree(buf);
	return ret ? ret : count;
}

static const struct file_operations srt_config_fops = {
	.owner = THIS_MODULE,
	.open = srt_config_open,
	.read = seq_read,
	.write = srt_config_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static int srt_state_show(struct seq_file *m, void *unused)
{
	struct srt_loop *loop = m->private;

	seq_printf(m, "%s\n", srt_state_name(READ_ONCE(loop->state)));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(srt_state);

/* Parts per thousand of @part in @whole, printed as a percentage. */
static void srt_show_pct(struct seq_file *m, const char *key, u64 part,
			 u64 whole)
{
	u64 pm = whole ? div64_u64(part * 1000, whole) : 0;
	u32 rem;
	u64 q = div_u64_rem(pm, 10, &rem);

	seq_printf(m, "%s: %llu.%u\n", key, q, rem);
}

static int srt_stats_show(struct seq_file *m, void *unused)
{
	struct srt_loop *loop = m->private;
	struct srt_counters c;
	struct srt_cycle_sample last;
	u64 period = loop->cfg.period_ns, wall, elapsed = 0;
	int i;

	/* srt_lock: a config write may swap the histogram buckets. */
	mutex_lock(&srt_lock);
	srt_loop_read_stats(loop, &c, &last);
	wall = c.now_ns > c.start_ns ? c.now_ns - c.start_ns : 0;
	if (c.cycles && c.now_ns >= c.first_deadline_ns)
		elapsed = div64_u64(c.now_ns - c.first_deadline_ns, period) + 1;

	seq_printf(m, "loop: %s\n", loop->name);
	seq_printf(m, "state: %s\n", srt_state_name(READ_ONCE(loop->state)));
	seq_printf(m, "mode: %s\n", srt_wait_mode_names[loop->cfg.mode]);
	seq_printf(m, "cpu: %d\n", loop->cfg.cpu);
	seq_printf(m, "period_ns: %llu\n", period);
	seq_printf(m, "duration_ns: %llu\n", wall);
	seq_printf(m, "cycles: %llu\n", c.cycles);
	seq_printf(m, "missed: %llu\n", c.missed);
	seq_printf(m, "behind: %llu\n", c.behind);
	seq_printf(m, "periods_elapsed: %llu\n", elapsed);
	seq_printf(m, "first_deadline_ns: %llu\n", c.first_deadline_ns);
	seq_printf(m, "overruns: %llu\n", c.overruns);
	seq_printf(m, "deadline_overruns: %llu\n", c.deadline_overruns);
	seq_printf(m, "budget_overruns: %llu\n", c.budget_overruns);
	seq_printf(m, "catchup_cycles: %llu\n", c.catchup_cycles);
	seq_printf(m, "safe_entries: %llu\n", c.safe_entries);
	seq_printf(m, "safe_reason: %s\n", c.safe_entries ?
		   srt_safe_reason_name(c.safe_reason) : "none");
	seq_printf(m, "noise_events: %llu\n", c.noise_events);
	seq_printf(m, "noise_ns: %llu\n", c.noise_ns);
	seq_printf(m, "clock_errors: %llu\n", c.clock_errors);
	seq_printf(m, "yields: %llu\n", c.yields);
	seq_printf(m, "sleep_ns: %llu\n", c.sleep_ns);
	seq_printf(m, "spin_ns: %llu\n", c.spin_ns);
	seq_printf(m, "task_runtime_ns: %llu\n", c.runtime_ns);
	srt_show_pct(m, "cpu_pct", wall - min(wall, c.sleep_ns), wall);
	srt_show_pct(m, "spin_pct", c.spin_ns, wall);
	srt_show_pct(m, "task_cpu_pct", c.runtime_ns, wall);
	seq_printf(m, "slack_target_ns: %llu\n", c.slack_target_ns);
	seq_printf(m, "last_cycle: %llu\n", last.cycle);
	seq_printf(m, "chain_ns: count=%llu min=%llu avg=%llu max=%llu\n",
		   c.chain_sections, c.chain_ns_min,
		   c.chain_sections ? div64_u64(c.chain_ns_sum,
						c.chain_sections) : 0,
		   c.chain_ns_max);
	seq_printf(m, "chain_steps: %llu\n", c.chain_steps);
	seq_printf(m, "chain_nonfinite: %llu\n", c.chain_nonfinite);
	seq_printf(m, "chain_bad_inputs: %llu\n", c.chain_bad_inputs);
	seq_printf(m, "chain_commits: %llu\n", c.chain_commits);
	seq_printf(m, "commit_cycle: %llu\n", c.commit_cycle);
	seq_printf(m, "section: %s\n", srt_section_names[loop->cfg.section]);
	seq_printf(m, "lock: %s\n", loop->cfg.lock[0] ? loop->cfg.lock :
		   srt_section_locks(loop->cfg.section) ? "own" : "none");
	seq_printf(m, "section_overruns: %llu\n", c.section_overruns);
	seq_printf(m, "io_bindings: %u\n", loop->io.n);
	seq_printf(m, "io_read_errors: %llu\n", c.io_read_errors);
	seq_printf(m, "io_write_errors: %llu\n", c.io_write_errors);
	seq_printf(m, "triggers: %llu\n", c.triggers);
	seq_printf(m, "triggers_coalesced: %llu\n", c.triggers_coalesced);
	seq_printf(m, "trigger_timeouts: %llu\n", c.trigger_timeouts);
	seq_printf(m, "triggers_rejected: %ld\n",
		   atomic_long_read(&loop->io.rejected));
	if (c.clock_errors)
		seq_puts(m, "# warning: the clock went backwards; some times are invalid\n");
	for (i = 0; i < SRT_NR_METRICS; i++) {
		const struct srt_hist *h = &loop->hist[i];

		seq_printf(m, "%s_ns: count=%llu min=%llu avg=%llu max=%llu p99=%llu p999=%llu\n",
			   srt_metric_keys[i], h->count, srt_hist_min(h),
			   srt_hist_avg(h), h->max,
			   srt_hist_percentile(h, 9900),
			   srt_hist_percentile(h, 9990));
	}
	mutex_unlock(&srt_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(srt_stats);

static void srt_hist_row(struct seq_file *m, const char *label,
			 struct srt_loop *loop,
			 u64 (*get)(const struct srt_hist *h))
{
	int i;

	seq_printf(m, "%-8s", label);
	for (i = 0; i < SRT_NR_METRICS; i++)
		seq_printf(m, " %12llu", get(&loop->hist[i]));
	seq_putc(m, '\n');
}

static u64 srt_get_over(const struct srt_hist *h) { return h->over; }
static u64 srt_get_count(const struct srt_hist *h) { return h->count; }
static u64 srt_get_max(const struct srt_hist *h) { return h->max; }

/* rtla's shape: header, one row per non-empty bucket, summary rows. */
static int srt_hist_show(struct seq_file *m, void *unused)
{
	struct srt_loop *loop = m->private;
	struct srt_counters c;
	u32 nr, b, i;
	u64 secs, wall;
	u32 s;

	mutex_lock(&srt_lock);
	srt_loop_read_stats(loop, &c, NULL);
	nr = loop->hist[0].nr;
	wall = c.now_ns > c.start_ns ? c.now_ns - c.start_ns : 0;
	secs = div_u64(wall, NSEC_PER_SEC);
	s = do_div(secs, 86400);
	seq_printf(m, "# shieldrt histogram: loop %s, %s, cpu %d, period %llu ns\n",
		   loop->name, srt_wait_mode_names[loop->cfg.mode],
		   loop->cfg.cpu, loop->cfg.period_ns);
	seq_printf(m, "# Time unit is nanoseconds (ns), bucket size %u ns\n",
		   loop->hist[0].bucket_ns);
	seq_printf(m, "# Duration: %4llu %02u:%02u:%02u\n", secs, s / 3600,
		   (s / 60) % 60, s % 60);
	seq_printf(m, "%-8s", "Index");
	for (i = 0; i < SRT_NR_METRICS; i++)
		seq_printf(m, " %12s", srt_metric_cols[i]);
	seq_putc(m, '\n');
	for (b = 0; b < nr; b++) {
		u64 any = 0;

		for (i = 0; i < SRT_NR_METRICS; i++)
			any |= loop->hist[i].buckets[b];
		if (!any)
			continue;
		seq_printf(m, "%-8llu", (u64)b * loop->hist[0].bucket_ns);
		for (i = 0; i < SRT_NR_METRICS; i++)
			seq_printf(m, " %12llu", loop->hist[i].buckets[b]);
		seq_putc(m, '\n');
	}
	srt_hist_row(m, "over:", loop, srt_get_over);
	srt_hist_row(m, "count:", loop, srt_get_count);
	srt_hist_row(m, "min:", loop, srt_hist_min);
	srt_hist_row(m, "avg:", loop, srt_hist_avg);
	srt_hist_row(m, "max:", loop, srt_get_max);
	mutex_unlock(&srt_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(srt_hist);

static int srt_preflight_file_show(struct seq_file *m, void *unused)
{
	struct srt_loop *loop = m->private;

	srt_preflight_show(m, loop->cfg.cpu);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(srt_preflight_file);

static int srt_io_file_show(struct seq_file *m, void *unused)
{
	srt_io_show(m->private, m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(srt_io_file);

static int srt_providers_show(struct seq_file *m, void *unused)
{
	srt_io_providers_show(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(srt_providers);

static int srt_locks_show(struct seq_file *m, void *unused)
{
	srt_sec_locks_show(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(srt_locks);

/* ---- chain: blocks, params, commit, fpu_empty ---- */

/*
 * A chain text arrives in one write: a partial text would be rejected (or
 * worse, accepted) on its own.  userctl chain load writes the file whole.
 */
static char *srt_copy_text(const char __user *ubuf, size_t count,
			   loff_t *ppos, size_t max, struct srt_loop *loop)
{
	char msg[SRT_ERR_LEN];

	if (*ppos) {
		srt_error_set(loop, "write the whole text in one write() (userctl chain does)");
		return ERR_PTR(-EINVAL);
	}
	if (count > max) {
		snprintf(msg, sizeof(msg), "text over %zu bytes", max);
		srt_error_set(loop, msg);
		return ERR_PTR(-E2BIG);
	}
	return memdup_user_nul(ubuf, count);
}

static int srt_blocks_show(struct seq_file *m, void *unused)
{
	srt_chain_show_blocks(m->private, m);
	return 0;
}

static int srt_blocks_open(struct inode *inode, struct file *file)
{
	return single_open(file, srt_blocks_show, inode->i_private);
}

static ssize_t srt_blocks_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct srt_loop *loop = file_inode(file)->i_private;
	char err[SRT_ERR_LEN] = "";
	char *buf;
	int ret;

	buf = srt_copy_text(ubuf, count, ppos, SRT_CHAIN_TEXT_MAX, loop);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = srt_chain_load(loop, buf, count, err, sizeof(err));
	if (ret)
		srt_error_set(loop, err[0] ? err : "chain load failed");
	else
		*ppos += count;	/* a second write on this fd is refused */
	kfree(buf);
	return ret ? ret : count;
}

static const struct file_operations srt_blocks_fops = {
	.owner = THIS_MODULE,
	.open = srt_blocks_open,
	.read = seq_read,
	.write = srt_blocks_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static int srt_params_show(struct seq_file *m, void *unused)
{
	srt_chain_show_params(m->private, m);
	return 0;
}

static int srt_params_open(struct inode *inode, struct file *file)
{
	return single_open(file, srt_params_show, inode->i_private);
}

static ssize_t srt_params_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct srt_loop *loop = file_inode(file)->i_private;
	char err[SRT_ERR_LEN] = "";
	char *buf;
	int ret;

	buf = srt_copy_text(ubuf, count, ppos, SRT_STAGE_TEXT_MAX, loop);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = srt_chain_stage(loop, buf, count, err, sizeof(err));
	if (ret)
		srt_error_set(loop, err[0] ? err : "staging failed");
	kfree(buf);
	return ret ? ret : count;
}

static const struct file_operations srt_params_fops = {
	.owner = THIS_MODULE,
	.open = srt_params_open,
	.read = seq_read,
	.write = srt_params_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static int srt_commit_show(struct seq_file *m, void *unused)
{
	srt_chain_show_commit(m->private, m);
	return 0;
}

static int srt_commit_open(struct inode *inode, struct file *file)
{
	return single_open(file, srt_commit_show, inode->i_private);
}

static ssize_t srt_commit_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct srt_loop *loop = file_inode(file)->i_private;
	char err[SRT_ERR_LEN] = "";
	u64 cycle;
	bool yes;
	int ret;

	ret = kstrtobool_from_user(ubuf, count, &yes);
	if (ret || !yes) {
		srt_error_set(loop, "commit: write 1");
		return -EINVAL;
	}
	ret = srt_chain_commit_request(loop, &cycle, err, sizeof(err));
	if (ret)
		srt_error_set(loop, err[0] ? err : "commit failed");
	return ret ? ret : count;
}

static const struct file_operations srt_commit_fops = {
	.owner = THIS_MODULE,
	.open = srt_commit_open,
	.read = seq_read,
	.write = srt_commit_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static int srt_fpu_empty_show(struct seq_file *m, void *unused)
{
	struct srt_loop *loop = m->private;

	seq_printf(m, "%d\n", READ_ONCE(loop->chain.fpu_empty));
	return 0;
}

static int srt_fpu_empty_open(struct inode *inode, struct file *file)
{
	return single_open(file, srt_fpu_empty_show, inode->i_private);
}

/* Benchmark baseline: without a chain, time an empty FPU section. */
static ssize_t srt_fpu_empty_write(struct file *file,
				   const char __user *ubuf, size_t count,
				   loff_t *ppos)
{
	struct srt_loop *loop = file_inode(file)->i_private;
	bool on;

	if (kstrtobool_from_user(ubuf, count, &on)) {
		srt_error_set(loop, "fpu_empty: write 0 or 1");
		return -EINVAL;
	}
	srt_chain_set_fpu_empty(loop, on);
	return count;
}

static const struct file_operations srt_fpu_empty_fops = {
	.owner = THIS_MODULE,
	.open = srt_fpu_empty_open,
	.read = seq_read,
	.write = srt_fpu_empty_write,
	.llseek = seq_lseek,
	.release = single_release,
};

int srt_debugfs_add_loop(struct srt_loop *loop)
{
	struct dentry *d;

	d = debugfs_create_dir(loop->name, srt_dir);
	if (IS_ERR(d))
		return PTR_ERR(d);
	debugfs_create_file("config", 0600, d, loop, &srt_config_fops);
	debugfs_create_file("state", 0400, d, loop, &srt_state_fops);
	debugfs_create_file("stats", 0400, d, loop, &srt_stats_fops);
	debugfs_create_file("hist", 0400, d, loop, &srt_hist_fops);
	debugfs_create_file("last_error", 0400, d, loop, &srt_error_fops);
	debugfs_create_file("preflight", 0400, d, loop,
			    &srt_preflight_file_fops);
	debugfs_create_file("blocks", 0600, d, loop, &srt_blocks_fops);
	debugfs_create_file("params", 0600, d, loop, &srt_params_fops);
	debugfs_create_file("commit", 0600, d, loop, &srt_commit_fops);
	debugfs_create_file("fpu_empty", 0600, d, loop, &srt_fpu_empty_fops);
	debugfs_create_file("io", 0400, d, loop, &srt_io_file_fops);
	srt_limits_debugfs_add(loop, d);
	srt_flight_debugfs_add(loop, d);
	if (loop->region)
		srt_region_debugfs_add(loop->region, d);
	loop->dir = d;
	return 0;
}

void srt_debugfs_remove_loop(struct srt_loop *loop)
{
	debugfs_remove_recursive(loop->dir);
	loop->dir = NULL;
}

int srt_debugfs_init(void)
{
	srt_dir = debugfs_create_dir("shieldrt", NULL);
	if (IS_ERR(srt_dir))
		return PTR_ERR(srt_dir);
	debugfs_create_file("control", 0200, srt_dir, NULL, &srt_control_fops);
	debugfs_create_file("last_error", 0400, srt_dir, NULL,
			    &srt_error_fops);
	debugfs_create_file("loops", 0400, srt_dir, NULL, &srt_loops_fops);
	debugfs_create_file("providers", 0400, srt_dir, NULL,
			    &srt_providers_fops);
	debugfs_create_file("locks", 0400, srt_dir, NULL, &srt_locks_fops);
	return 0;
}

void srt_debugfs_exit(void)
{
	debugfs_remove_recursive(srt_dir);
	srt_dir = NULL;
}
