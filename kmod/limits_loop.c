// SPDX-License-Identifier: GPL-2.0
/*
 * A loop's output limits: the debugfs file "limits", the hand-over of a
 * new table to the running loop, and the check in its cycle.
 *
 * Hand-over: a writer (under srt_lock) parses into a scratch copy, then
 * copies it into limits.pub inside limits.seq with preemption off (the
 * loop may share the writer's CPU) and bumps limits.gen with a release.
 * The loop thread checks gen once per cycle (acquire, pairing with that
 * release); only when it moved does it copy pub under the seqcount into
 * its own limits.cur.  So a cycle is checked against exactly one whole
 * table, and the common cycle pays one load and compare for the hand-over.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "loop.h"
#include "trace.h"

#define SRT_LIMITS_TEXT_MAX	4096

void srt_limits_loop_init(struct srt_loop *loop)
{
	seqcount_init(&loop->limits.seq);
}

/* Loop thread: take the published table (generation @gen). */
static void srt_limits_take(struct srt_loop *loop, unsigned long gen,
			    u64 cycle)
{
	struct srt_loop_limits *ll = &loop->limits;
	unsigned int seq;

	/* In the cycle section: raw_ accessors, as srt_publish() explains. */
	do {
		seq = raw_read_seqcount_begin(&ll->seq);
		ll->cur = ll->pub;
	} while (read_seqcount_retry(&ll->seq, seq));
	ll->cur_gen = gen;
	preempt_disable();
	raw_write_seqcount_begin(&loop->stats_seq);
	ll->applied_gen = gen;
	ll->applied_cycle = cycle;
	raw_write_seqcount_end(&loop->stats_seq);
	preempt_enable();
}

/*
 * Check outputs: one past its limits asks for safe state (reason limit)
 * before this cycle publishes anything; the first offender is recorded
 * and traced.
 */
void srt_limits_cycle(struct srt_loop *loop, struct srt_cycle_ctx *c)
{
	struct srt_loop_limits *ll = &loop->limits;
	/* Pairs with the smp_store_release() in srt_limits_publish(). */
	unsigned long gen = smp_load_acquire(&ll->gen);
	int bad;

	if (unlikely(gen != ll->cur_gen))
		srt_limits_take(loop, gen, c->s.cycle);
	if (!ll->cur.on)
		return;
	bad = srt_limits_first_bad(&ll->cur, c->out, c->n_out);
	if (likely(bad < 0))
		return;
	c->want_safe = true;
	c->safe_why = SRT_SAFE_LIMIT;
	preempt_disable();
	raw_write_seqcount_begin(&loop->stats_seq);
	ll->trips++;
	ll->trip_cycle = c->s.cycle;
	ll->trip_out = bad;
	ll->trip_value = c->out[bad];
	raw_write_seqcount_end(&loop->stats_seq);
	preempt_enable();
	trace_limit_trip(loop->name, c->s.cycle, bad, c->out[bad],
			 ll->cur.min[bad], ll->cur.max[bad]);
}

/* Under srt_lock: make @l the table in force from the loop's next check. */
static void srt_limits_publish(struct srt_loop *loop,
			       const struct srt_limits *l)
{
	struct srt_loop_limits *ll = &loop->limits;

	lockdep_assert_held(&srt_lock);
	preempt_disable();
	write_seqcount_begin(&ll->seq);
	ll->pub = *l;
	write_seqcount_end(&ll->seq);
	preempt_enable();
	/* Pairs with the smp_load_acquire() in srt_limits_cycle(). */
	smp_store_release(&ll->gen, ll->gen + 1);
}

/* Apply limits lines whole, or change nothing and say why in @err. */
static int srt_limits_set(struct srt_loop *loop, char *text, char *err,
			  size_t errlen)
{
	struct srt_limits *l;
	int ret;

	l = kmalloc(sizeof(*l), GFP_KERNEL);
	if (!l)
		return -ENOMEM;
	mutex_lock(&srt_lock);
	if (loop->dead) {
		snprintf(err, errlen, "loop '%s' was destroyed", loop->name);
		ret = -ENODEV;
		goto out_unlock;
	}
	*l = loop->limits.pub;
	ret = srt_limits_parse(l, text, loop->sig.n_out, err, errlen);
	if (!ret)
		srt_limits_publish(loop, l);
out_unlock:
	mutex_unlock(&srt_lock);
	kfree(l);
	return ret;
}

static void srt_limits_show_trip(struct seq_file *m, struct srt_loop *loop)
{
	const struct srt_loop_limits *ll = &loop->limits;
	u64 trips, cycle, value, applied;
	unsigned long agen;
	char v[SRT_F64_TEXT_LEN];
	unsigned int seq;
	u32 out;

	do {
		seq = read_seqcount_begin(&loop->stats_seq);
		trips = ll->trips;
		cycle = ll->trip_cycle;
		out = ll->trip_out;
		value = ll->trip_value;
		agen = ll->applied_gen;
		applied = ll->applied_cycle;
	} while (read_seqcount_retry(&loop->stats_seq, seq));
	if (agen == ll->gen)
		seq_printf(m, "# generation %lu, in force since cycle %llu\n",
			   agen, applied);
	else
		seq_printf(m, "# generation %lu, not yet taken by the loop (it checks while running and not safe)\n",
			   ll->gen);
	if (!trips)
		return;
	if (srt_f64_format(value, v, sizeof(v)) < 0)
		strscpy(v, "?", sizeof(v));
	seq_printf(m, "# trips: %llu, last at cycle %llu: out=%u value=%s\n",
		   trips, cycle, out, v);
}

static int srt_limits_show(struct seq_file *m, void *unused)
{
	struct srt_loop *loop = m->private;
	const struct srt_limits *l = &loop->limits.pub;
	char line[96];
	u32 i, n_out;

	mutex_lock(&srt_lock);
	n_out = loop->sig.n_out;
	seq_printf(m, "# limits of loop %s (%u outputs): an output outside [min, max] puts the loop in safe state, reason limit\n",
		   loop->name, n_out);
	srt_limits_show_trip(m, loop);
	for (i = 0; i < SRT_MAX_SIGNALS; i++) {
		if (!(l->on & BIT(i)))
			continue;
		if (srt_limits_format(l, i, line, sizeof(line)) < 0)
			strscpy(line, "? (out of memory)", sizeof(line));
		if (i < n_out)
			seq_printf(m, "%s\n", line);
		else
			seq_printf(m, "# inactive, no such output now: %s\n",
				   line);
	}
	mutex_unlock(&srt_lock);
	return 0;
}

static int srt_limits_open(struct inode *inode, struct file *file)
{
	return single_open(file, srt_limits_show, inode->i_private);
}

static ssize_t srt_limits_fwrite(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct srt_loop *loop = file_inode(file)->i_private;
	char err[SRT_ERR_LEN] = "";
	char *buf;
	int ret;

	if (count > SRT_LIMITS_TEXT_MAX) {
		srt_error_set(loop, "limits: text over 4096 bytes");
		return -E2BIG;
	}
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = srt_limits_set(loop, buf, err, sizeof(err));
	if (ret)
		srt_error_set(loop, err[0] ? err : "limits: write failed");
	kfree(buf);
	return ret ? ret : count;
}

static const struct file_operations srt_limits_fops = {
	.owner = THIS_MODULE,
	.open = srt_limits_open,
	.read = seq_read,
	.write = srt_limits_fwrite,
	.llseek = seq_lseek,
	.release = single_release,
};

void srt_limits_debugfs_add(struct srt_loop *loop, struct dentry *dir)
{
	debugfs_create_file("limits", 0600, dir, loop, &srt_limits_fops);
}
