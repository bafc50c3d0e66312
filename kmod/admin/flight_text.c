// SPDX-License-Identifier: GPL-2.0
/*
 * The debugfs "flight" file: a frozen window as text, one line per
 * record, read through a seq_file iterator (a window of 65536 records is
 * megabytes); writes take "trigger", "rearm" and "triggers=LIST".
 */
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "internal.h"
#include "shieldrt_quote.h"

struct srt_fr_iter {
	struct srt_loop *loop;
	struct srt_flight_status st;	/* as of the first read() */
	bool stale;			/* rearmed between two read() calls */
	u64 idx;			/* 0: header, then records oldest first */
};

/* Under the recorder's lock, from start() to stop(). */
static void *srt_fr_at(struct seq_file *m, loff_t pos)
{
	struct srt_fr_iter *it = m->private;
	struct srt_flight_status now;

	srt_flight_status(&it->loop->flight, &it->loop->cfg, &now);
	if (pos && now.epoch != it->st.epoch) {
		if (it->stale)
			return NULL;
		it->stale = true;
		return it;
	}
	if (!pos)
		it->st = now;
	if (pos > (now.state == SHIELDRT_FLIGHT_FROZEN ? now.n : 0))
		return NULL;
	it->idx = pos;
	return it;
}

static void *srt_fr_start(struct seq_file *m, loff_t *pos)
{
	struct srt_fr_iter *it = m->private;

	srt_flight_lock(&it->loop->flight);
	if (!*pos)
		it->stale = false;
	return srt_fr_at(m, *pos);
}

static void *srt_fr_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return srt_fr_at(m, *pos);
}

static void srt_fr_stop(struct seq_file *m, void *v)
{
	struct srt_fr_iter *it = m->private;

	srt_flight_unlock(&it->loop->flight);
}

static void srt_fr_show_triggers(struct seq_file *m, u32 on)
{
	int i;

	for (i = SHIELDRT_FLTRIG_OVERRUN; i < SRT_NR_FR_TRIGGERS; i++)
		if ((on & BIT(i)) || i == SHIELDRT_FLTRIG_MANUAL)
			seq_printf(m, "%s%s", srt_fr_trigger_names[i],
				   i == SHIELDRT_FLTRIG_MANUAL ? "" : ",");
}

/* What the recorder keeps and what that costs, once the ring exists. */
static void srt_fr_show_cost(struct seq_file *m,
			     const struct srt_flight_status *st)
{
	if (!st->allocated)
		return;
	seq_printf(m, " signals=%u record_bytes=%u ring_bytes=%llu",
		   st->sigs->nsel, st->stride, (u64)st->stride * st->allocated);
}

static void srt_fr_show_header(struct seq_file *m, struct srt_loop *loop,
			       const struct srt_flight_status *st)
{
	u32 i;

	switch (st->state) {
	case SHIELDRT_FLIGHT_OFF:
		seq_printf(m, "# flight loop=%s state=%s (flight_cycles=0)\n",
			   loop->name, srt_flight_state_names[st->state]);
		return;
	case SHIELDRT_FLIGHT_TRIGGERED:
		seq_printf(m, "# flight loop=%s state=%s trigger=%s left=%u size=%u post=%u\n",
			   loop->name, srt_flight_state_names[st->state],
			   srt_fr_trigger_names[st->why], st->left,
			   st->allocated, st->post);
		return;
	case SHIELDRT_FLIGHT_ARMED:
		seq_printf(m, "# flight loop=%s state=%s size=%u post=%u%s triggers=",
			   loop->name, srt_flight_state_names[st->state],
			   st->size, st->post,
			   st->allocated ? "" : " (ring allocated at start)");
		srt_fr_show_triggers(m, st->triggers);
		srt_fr_show_cost(m, st);
		seq_putc(m, '\n');
		return;
	}
	seq_printf(m, "# flight loop=%s state=%s trigger=%s trigger_cycle=%llu records=%u size=%u before=%llu after=%llu lost=%llu ignored_triggers=%u short=%d",
		   loop->name, srt_flight_state_names[st->state],
		   srt_fr_trigger_names[st->why], st->trigger_cycle,
		   st->n, st->size, st->before, st->after, st->lost,
		   st->ignored, st->cut_short);
	srt_fr_show_cost(m, st);
	seq_putc(m, '\n');
	seq_puts(m, "# cycle deadline_ns wake_ns irq_latency_ns thread_latency_ns compute_ns end_ns missed flags note safe_why");
	for (i = 0; i < st->sigs->nsel; i++)
		seq_printf(m, " %s", st->sigs->names[i]);
	seq_puts(m, " (signals: f64 bit patterns)\n");
}

static void srt_fr_show_rec(struct seq_file *m, const struct srt_flight_rec *r,
			    u32 nsel)
{
	const struct srt_cycle_sample *s = &r->s;
	u32 i;

	seq_printf(m, "%llu %llu %llu %lld %lld %llu %llu %u 0x%x 0x%x %u",
		   s->cycle, s->deadline_ns, s->wake_ns, s->irq_latency_ns,
		   s->thread_latency_ns, s->compute_ns, s->end_ns, s->missed,
		   s->flags, r->note, r->safe_why);
	for (i = 0; i < nsel; i++)
		seq_printf(m, " %016llx", r->v[i]);
	seq_putc(m, '\n');
}

static int srt_fr_show(struct seq_file *m, void *v)
{
	struct srt_fr_iter *it = v;
	const struct srt_flight_rec *r;

	if (it->stale) {
		seq_puts(m, "# rearmed while this was read: the dump ends here\n");
		return 0;
	}
	if (!it->idx) {
		srt_fr_show_header(m, it->loop, &it->st);
		return 0;
	}
	r = srt_flight_record(&it->loop->flight, it->idx - 1);
	if (r)
		srt_fr_show_rec(m, r, it->st.sigs->nsel);
	return 0;
}

static const struct seq_operations srt_fr_seq_ops = {
	.start = srt_fr_start,
	.next = srt_fr_next,
	.stop = srt_fr_stop,
	.show = srt_fr_show,
};

static int srt_fr_open(struct inode *inode, struct file *file)
{
	struct srt_fr_iter *it;

	it = __seq_open_private(file, &srt_fr_seq_ops, sizeof(*it));
	if (!it)
		return -ENOMEM;
	it->loop = inode->i_private;
	return 0;
}

/* "triggers=overrun,safe" or "triggers=none"; manual always works. */
static int srt_fr_parse_triggers(char *list, u32 *on, char *err,
				 size_t errlen)
{
	char *name, q[SRT_QUOTE_LEN];
	int i;

	*on = 0;
	if (!strcmp(list, "none"))
		return 0;
	while ((name = strsep(&list, ",")) != NULL) {
		for (i = SHIELDRT_FLTRIG_OVERRUN; i < SHIELDRT_FLTRIG_MANUAL; i++)
			if (!strcmp(name, srt_fr_trigger_names[i]))
				break;
		if (i == SHIELDRT_FLTRIG_MANUAL) {
			snprintf(err, errlen,
				 "flight: trigger %s is not overrun or safe (manual is always on)",
				 srt_quote_str(q, sizeof(q), name));
			return -EINVAL;
		}
		*on |= BIT(i);
	}
	return 0;
}

int srt_flight_command(struct srt_loop *loop, char *line, char *err,
		       size_t errlen)
{
	char q[SRT_QUOTE_LEN];
	u32 on = 0;
	int ret;

	line = strim(line);
	if (!strcmp(line, "trigger"))
		return srt_req_flight(loop, SRT_FLIGHT_OP_TRIGGER, 0, err,
				      errlen);
	if (!strcmp(line, "rearm"))
		return srt_req_flight(loop, SRT_FLIGHT_OP_REARM, 0, err,
				      errlen);
	if (!strncmp(line, "triggers=", 9)) {
		ret = srt_fr_parse_triggers(line + 9, &on, err, errlen);
		if (ret) {
			srt_req_failed(loop, err);
			return ret;
		}
		return srt_req_flight(loop, SRT_FLIGHT_OP_SET_TRIGGERS, on,
				      err, errlen);
	}
	snprintf(err, errlen,
		 "flight: %s is not trigger, rearm or triggers=LIST",
		 srt_quote_str(q, sizeof(q), line));
	srt_req_failed(loop, err);
	return -EINVAL;
}

static ssize_t srt_fr_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	struct srt_loop *loop = file_inode(file)->i_private;
	char err[SRT_ERR_LEN] = "";
	char *buf;
	int ret;

	/* As the other writable files: E2BIG past the limit, EINVAL on NUL */
	if (count > 64) {
		srt_req_failed(loop, "flight: text over 64 bytes (one short command per write)");
		return -E2BIG;
	}
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	if (memchr(buf, 0, count)) {
		srt_req_failed(loop, "flight: the text has a NUL byte");
		kfree(buf);
		return -EINVAL;
	}
	ret = srt_flight_command(loop, buf, err, sizeof(err));
	kfree(buf);
	return ret ? ret : count;
}

const struct file_operations srt_flight_fops = {
	.owner = THIS_MODULE,
	.open = srt_fr_open,
	.read = seq_read,
	.write = srt_fr_write,
	.llseek = seq_lseek,
	.release = seq_release_private,
};
