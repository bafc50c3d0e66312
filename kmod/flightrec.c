// SPDX-License-Identifier: GPL-2.0
/*
 * The flight recorder (protocol in flightrec.h): the loop thread's part
 * (one record per cycle, triggers, freezing) and the debugfs file
 * "flight" that dumps a frozen window and takes trigger, rearm and
 * triggers= commands.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "loop.h"

static const char * const srt_fr_trigger_names[SRT_NR_FR_TRIGGERS] = {
	[SRT_FR_NONE] = "none",
	[SRT_FR_OVERRUN] = "overrun",
	[SRT_FR_SAFE] = "safe",
	[SRT_FR_MANUAL] = "manual",
};

#define SRT_FR_AUTO	(BIT(SRT_FR_OVERRUN) | BIT(SRT_FR_SAFE))

void srt_flight_init(struct srt_loop *loop)
{
	struct srt_flight *fr = &loop->flight;

	mutex_init(&fr->lock);
	fr->triggers = SRT_FR_AUTO;
	atomic_set(&fr->ignored, 0);
}

void srt_flight_free(struct srt_loop *loop)
{
	kvfree(loop->flight.ring);
	mutex_destroy(&loop->flight.lock);
}

/* Under fr->lock, nobody writing: forget the window, record afresh. */
static void srt_flight_reset(struct srt_flight *fr)
{
	fr->written = 0;
	fr->pos = 0;
	fr->left = 0;
	fr->triggered = false;
	fr->cut_short = false;
	fr->why = SRT_FR_NONE;
	fr->trigger_cycle = 0;
	fr->trigger_index = 0;
	atomic_set(&fr->ignored, 0);
	clear_bit(0, &fr->manual);
	fr->epoch++;
}

/*
 * Before a start (srt_lock held, no loop thread): size the ring as the
 * configuration says.  A new size drops what the old ring held.
 */
int srt_flight_prepare(struct srt_loop *loop, char *err, size_t errlen)
{
	struct srt_flight *fr = &loop->flight;
	struct srt_flight_rec *ring = NULL, *old = NULL;
	u32 nr = loop->cfg.flight_cycles;

	lockdep_assert_held(&srt_lock);
	if (nr != fr->nr && nr) {
		ring = kvcalloc(nr, sizeof(*ring), GFP_KERNEL);
		if (!ring) {
			snprintf(err, errlen,
				 "out of memory for %u flight recorder records",
				 nr);
			return -ENOMEM;
		}
	}
	mutex_lock(&fr->lock);
	fr->post = loop->cfg.flight_post;
	if (nr != fr->nr) {
		old = fr->ring;
		fr->ring = ring;
		fr->nr = nr;
		srt_flight_reset(fr);
		/* Nobody reads or writes: no pairing needed here. */
		WRITE_ONCE(fr->frozen, 0);
	}
	mutex_unlock(&fr->lock);
	kvfree(old);
	return 0;
}

/* Loop thread, before its first cycle: a window never spans two runs. */
void srt_flight_run_begin(struct srt_loop *loop)
{
	struct srt_flight *fr = &loop->flight;

	/* (A): a window kept from the last run stays as it is. */
	if (!fr->nr || smp_load_acquire(&fr->frozen))
		return;
	fr->written = 0;
	fr->pos = 0;
	fr->left = 0;
	fr->triggered = false;
	fr->cut_short = false;
}

static void srt_flight_freeze(struct srt_flight *fr)
{
	/* (B): publishes every record and field; pairs with the reader. */
	smp_store_release(&fr->frozen, 1);
}

/* The automatic trigger this cycle fires, if enabled. */
static u32 srt_flight_auto(const struct srt_flight *fr,
			   const struct srt_cycle_ctx *c)
{
	u32 on = READ_ONCE(fr->triggers);

	if ((on & BIT(SRT_FR_SAFE)) && c->want_safe && !c->safe)
		return SRT_FR_SAFE;
	if ((on & BIT(SRT_FR_OVERRUN)) &&
	    (c->s.flags & (SRT_CYC_OVERRUN | SRT_CYC_BUDGET)))
		return SRT_FR_OVERRUN;
	return SRT_FR_NONE;
}

/* What this cycle triggers: a pending manual request first. */
static u32 srt_flight_why(struct srt_flight *fr, const struct srt_cycle_ctx *c)
{
	if (test_bit(0, &fr->manual) && test_and_clear_bit(0, &fr->manual))
		return SRT_FR_MANUAL;
	return srt_flight_auto(fr, c);
}

/* Loop thread, end of every cycle: record it, then act on triggers. */
void srt_flight_cycle(struct srt_loop *loop, const struct srt_cycle_ctx *c)
{
	struct srt_flight *fr = &loop->flight;
	struct srt_flight_rec *r;
	u32 why;

	if (!fr->nr)
		return;
	/* (A): pairs with the release in srt_flight_rearm(). */
	if (smp_load_acquire(&fr->frozen)) {
		if (srt_flight_auto(fr, c))
			atomic_inc(&fr->ignored);
		return;
	}
	r = &fr->ring[fr->pos];
	r->s = c->s;
	r->note = (c->safe || c->want_safe ? SRT_FR_HELD : 0) |
		  (c->want_safe && !c->safe ? SRT_FR_TRIP : 0);
	r->safe_why = c->want_safe ? c->safe_why : 0;
	memcpy(r->in, c->in, sizeof(r->in));
	memcpy(r->out, c->safe ? loop->sig.out : c->out, sizeof(r->out));
	why = srt_flight_why(fr, c);
	if (srt_fr_advance(fr, why, c->s.cycle))
		srt_flight_freeze(fr);
}

/* Loop thread, after its last cycle: a window in progress is kept. */
void srt_flight_run_end(struct srt_loop *loop)
{
	struct srt_flight *fr = &loop->flight;

	/* (A): pairs with the release in srt_flight_rearm(). */
	if (!fr->nr || smp_load_acquire(&fr->frozen) || !fr->triggered)
		return;
	fr->cut_short = true;
	srt_flight_freeze(fr);
}

/* ---- debugfs: dump ---- */

struct srt_fr_iter {
	struct srt_loop *loop;
	u32 epoch;
	bool stale;		/* rearmed between two read() calls */
	u64 idx;		/* 0: header, then records oldest first */
};

static void *srt_fr_at(struct seq_file *m, loff_t pos)
{
	struct srt_fr_iter *it = m->private;
	struct srt_flight *fr = &it->loop->flight;
	u64 first;
	u32 n = 0, slot;

	if (pos && it->epoch != fr->epoch) {
		if (it->stale)
			return NULL;
		it->stale = true;
		return it;
	}
	if (smp_load_acquire(&fr->frozen))	/* (B) */
		n = srt_fr_window(fr, &first, &slot);
	if (pos > n)
		return NULL;
	it->idx = pos;
	return it;
}

static void *srt_fr_start(struct seq_file *m, loff_t *pos)
{
	struct srt_fr_iter *it = m->private;

	mutex_lock(&it->loop->flight.lock);
	if (!*pos) {
		it->epoch = it->loop->flight.epoch;
		it->stale = false;
	}
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

	mutex_unlock(&it->loop->flight.lock);
}

static void srt_fr_show_triggers(struct seq_file *m, u32 on)
{
	int i;

	for (i = SRT_FR_OVERRUN; i < SRT_NR_FR_TRIGGERS; i++)
		if ((on & BIT(i)) || i == SRT_FR_MANUAL)
			seq_printf(m, "%s%s", srt_fr_trigger_names[i],
				   i == SRT_FR_MANUAL ? "" : ",");
}

static void srt_fr_show_armed(struct seq_file *m, struct srt_loop *loop)
{
	struct srt_flight *fr = &loop->flight;

	/* cfg read racily: a u32 the next start may change, for display */
	if (!fr->nr && !READ_ONCE(loop->cfg.flight_cycles)) {
		seq_printf(m, "# flight loop=%s state=off (flight_cycles=0)\n",
			   loop->name);
		return;
	}
	if (READ_ONCE(fr->triggered)) {
		seq_printf(m, "# flight loop=%s state=triggered trigger=%s left=%u size=%u post=%u\n",
			   loop->name, srt_fr_trigger_names[READ_ONCE(fr->why)],
			   READ_ONCE(fr->left), fr->nr, fr->post);
		return;
	}
	seq_printf(m, "# flight loop=%s state=armed size=%u post=%u%s triggers=",
		   loop->name, fr->nr ? fr->nr : READ_ONCE(loop->cfg.flight_cycles),
		   fr->nr ? fr->post : READ_ONCE(loop->cfg.flight_post),
		   fr->nr ? "" : " (ring allocated at start)");
	srt_fr_show_triggers(m, READ_ONCE(fr->triggers));
	seq_putc(m, '\n');
}

static void srt_fr_show_header(struct seq_file *m, struct srt_loop *loop)
{
	struct srt_flight *fr = &loop->flight;
	u64 first, lost = 0;
	u32 n, i, slot;

	if (!smp_load_acquire(&fr->frozen)) {	/* (B) */
		srt_fr_show_armed(m, loop);
		return;
	}
	n = srt_fr_window(fr, &first, &slot);
	/* Periods inside the window the policy skipped: no record exists. */
	for (i = 1; i < n; i++)
		lost += fr->ring[(slot + i) % fr->nr].s.missed;
	seq_printf(m, "# flight loop=%s state=frozen trigger=%s trigger_cycle=%llu records=%u size=%u before=%llu after=%llu lost=%llu ignored_triggers=%u short=%d\n",
		   loop->name, srt_fr_trigger_names[fr->why], fr->trigger_cycle,
		   n, fr->nr, fr->trigger_index - first,
		   fr->written - 1 - fr->trigger_index, lost,
		   atomic_read(&fr->ignored), fr->cut_short);
	seq_puts(m, "# cycle deadline_ns wake_ns irq_latency_ns thread_latency_ns compute_ns end_ns missed flags note safe_why in0..in7 out0..out7 (signals: f64 bit patterns)\n");
}

static void srt_fr_show_rec(struct seq_file *m, const struct srt_flight_rec *r)
{
	const struct srt_cycle_sample *s = &r->s;
	int i;

	seq_printf(m, "%llu %llu %llu %lld %lld %llu %llu %u 0x%x 0x%x %u",
		   s->cycle, s->deadline_ns, s->wake_ns, s->irq_latency_ns,
		   s->thread_latency_ns, s->compute_ns, s->end_ns, s->missed,
		   s->flags, r->note, r->safe_why);
	for (i = 0; i < SRT_FR_SIGNALS; i++)
		seq_printf(m, " %016llx", r->in[i]);
	for (i = 0; i < SRT_FR_SIGNALS; i++)
		seq_printf(m, " %016llx", r->out[i]);
	seq_putc(m, '\n');
}

static int srt_fr_show(struct seq_file *m, void *v)
{
	struct srt_fr_iter *it = v;
	struct srt_flight *fr = &it->loop->flight;
	u64 first;
	u32 slot;

	if (it->stale) {
		seq_puts(m, "# rearmed while this was read: the dump ends here\n");
		return 0;
	}
	if (!it->idx) {
		srt_fr_show_header(m, it->loop);
		return 0;
	}
	srt_fr_window(fr, &first, &slot);
	srt_fr_show_rec(m, &fr->ring[(slot + (u32)it->idx - 1) % fr->nr]);
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

/* ---- debugfs: commands ---- */

static int srt_flight_rearm(struct srt_loop *loop, char *err, size_t errlen)
{
	struct srt_flight *fr = &loop->flight;
	int ret = 0;

	mutex_lock(&fr->lock);
	/* (B): the loop thread has let go of everything once frozen. */
	if (smp_load_acquire(&fr->frozen)) {
		srt_flight_reset(fr);
		/* (A): the loop thread sees the reset before it records. */
		smp_store_release(&fr->frozen, 0);
	} else if (READ_ONCE(fr->triggered)) {
		snprintf(err, errlen,
			 "flight: a trigger is being recorded (%u cycles left); rearm once it froze",
			 READ_ONCE(fr->left));
		ret = -EBUSY;
	}
	mutex_unlock(&fr->lock);
	return ret;
}

static int srt_flight_trigger(struct srt_loop *loop, char *err,
			      size_t errlen)
{
	struct srt_flight *fr = &loop->flight;
	int ret = 0;

	mutex_lock(&srt_lock);
	if (!loop->task) {
		snprintf(err, errlen, "flight: loop '%s' is not running",
			 loop->name);
		ret = -EINVAL;
	} else if (smp_load_acquire(&fr->frozen)) {	/* (B): stable */
		snprintf(err, errlen,
			 "flight: frozen since cycle %llu; dump it and rearm first",
			 fr->trigger_cycle);
		ret = -EBUSY;
	} else if (READ_ONCE(fr->triggered)) {
		snprintf(err, errlen, "flight: already triggered");
		ret = -EBUSY;
	} else {
		set_bit(0, &fr->manual);
	}
	mutex_unlock(&srt_lock);
	return ret;
}

/* "triggers=overrun,safe" or "triggers=none"; manual always works. */
static int srt_flight_set_triggers(struct srt_loop *loop, char *list,
				   char *err, size_t errlen)
{
	u32 on = 0;
	char *name;
	int i;

	if (strcmp(list, "none")) {
		while ((name = strsep(&list, ",")) != NULL) {
			for (i = SRT_FR_OVERRUN; i < SRT_FR_MANUAL; i++)
				if (!strcmp(name, srt_fr_trigger_names[i]))
					break;
			if (i == SRT_FR_MANUAL) {
				snprintf(err, errlen,
					 "flight: trigger '%s' is not overrun or safe (manual is always on)",
					 name);
				return -EINVAL;
			}
			on |= BIT(i);
		}
	}
	WRITE_ONCE(loop->flight.triggers, on);
	return 0;
}

static int srt_flight_command(struct srt_loop *loop, char *line, char *err,
			      size_t errlen)
{
	bool off;

	mutex_lock(&srt_lock);
	off = !loop->cfg.flight_cycles && !loop->flight.nr;
	mutex_unlock(&srt_lock);
	line = strim(line);
	if (off) {
		snprintf(err, errlen, "flight: the recorder is off (flight_cycles=0)");
		return -EINVAL;
	}
	if (!strcmp(line, "trigger"))
		return srt_flight_trigger(loop, err, errlen);
	if (!strcmp(line, "rearm"))
		return srt_flight_rearm(loop, err, errlen);
	if (!strncmp(line, "triggers=", 9))
		return srt_flight_set_triggers(loop, line + 9, err, errlen);
	snprintf(err, errlen,
		 "flight: '%s' is not trigger, rearm or triggers=LIST", line);
	return -EINVAL;
}

static ssize_t srt_fr_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	struct srt_loop *loop = file_inode(file)->i_private;
	char err[SRT_ERR_LEN] = "";
	char *buf;
	int ret;

	if (count > 64) {
		srt_error_set(loop, "flight: one short command per write");
		return -EINVAL;
	}
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = srt_flight_command(loop, buf, err, sizeof(err));
	if (ret)
		srt_error_set(loop, err[0] ? err : "flight: failed");
	kfree(buf);
	return ret ? ret : count;
}

static const struct file_operations srt_fr_fops = {
	.owner = THIS_MODULE,
	.open = srt_fr_open,
	.read = seq_read,
	.write = srt_fr_write,
	.llseek = seq_lseek,
	.release = seq_release_private,
};

void srt_flight_debugfs_add(struct srt_loop *loop, struct dentry *dir)
{
	debugfs_create_file("flight", 0600, dir, loop, &srt_fr_fops);
}
