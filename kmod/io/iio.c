// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_iio: IIO channels of any IIO device as a loop's inputs and
 * outputs (an I/O provider, include/shieldrt_io.h):
 *
 *	io=iio:in=F-L[:out=F-L][:trigger]
 *
 * Channels are found the kernel's way, as consumer channels of the
 * device "shieldrt-iio" (SRT_IIO_CONSUMER): loop LOOP's input K is the
 * channel named "LOOP.inK", its output K "LOOP.outK", given by an
 * iio_map (a board file, or a driver's map: shieldrt_iiosim's map=) or by
 * firmware (a device-tree node compatible with "shieldrt,iio" with
 * io-channels and io-channel-names; docs/interfaces.md has an overlay).
 * iio_channel_get() looks in firmware first, then in the maps; nothing
 * here walks IIO's bus.
 *
 * What sleeps in IIO, and where it runs here (read in Debian's 6.1.192
 * and 6.12.117 sources, drivers/iio/):
 *   - iio_channel_get() (inkern.c: iio_map_list_lock, kzalloc),
 *     iio_read_channel_scale/_offset() and iio_write_channel_raw()
 *     (inkern.c: iio_dev_opaque->info_exist_lock, then the driver's
 *     read_raw/write_raw, usually a bus transfer), iio_update_buffers()
 *     (industrialio-buffer.c: info_exist_lock and mlock, the driver's
 *     preenable/postenable, request_threaded_irq() and free_irq() of the
 *     trigger's consumer IRQ): all take mutexes.  Lookups and the buffer
 *     run in bind/unbind (process context), DAC writes in the loop's
 *     output stage (process context, after the section).
 *   - What does not sleep: a buffer's store_to(), called by
 *     iio_push_to_buffers() for every scan in the context the driver
 *     pushes from: for a triggered buffer (industrialio-triggered-
 *     buffer.c) the trigger's consumer IRQ thread, requested IRQF_ONESHOT
 *     (industrialio-trigger.c: iio_trigger_attach_poll_func()), so it is
 *     an IRQ thread on PREEMPT_RT too (kernel/irq/manage.c:
 *     irq_setup_forced_threading() leaves ONESHOT handlers alone); some
 *     drivers push from their hard interrupt handler.  So store_to here
 *     converts the scan and deposits it under the loop's I/O lock (a raw
 *     spinlock, any context), and a :trigger binding starts the cycle.
 *
 * Inputs: the provider attaches a buffer of its own to the inputs' device
 * (one device per binding) with iio_buffer_init() and
 * iio_update_buffers(), as the kernel's callback buffer does
 * (buffer/industrialio-buffer-cb.c, CONFIG_IIO_BUFFER_CB, which Debian
 * does not build); its scan mask holds the bound channels, and IIO's core
 * demultiplexes every scan into it (iio_buffer_update_demux()).  Each
 * value is (raw + offset) * scale from the channel's IIO_CHAN_INFO_SCALE
 * and _OFFSET, as a double formed with integers (include/shieldrt_iio.h).
 * read(), inside the section, copies the last deposited set.
 *
 * Outputs: iio_write_channel_raw() of the nearest code to value / scale -
 * offset, in the output stage: after the section, before the wait, in
 * the loop's thread; checked values, or the safe values in safe state
 * and once more when this module is unloaded while bound.
 *
 * A device that goes away while bound (its driver unbound or unloaded:
 * the bus notifier sees it leave) makes the binding lost: the loop enters
 * safe state, reason io (srt_io_lost()).  The test-only parameter
 * sleep_test makes read() call might_sleep(), the check every sleeping
 * function makes on entry, so that a debug kernel shows what calling one
 * inside the section would do.
 *
 * Counters per binding: /sys/kernel/debug/shieldrt_iio/<loop>.
 */
#include <linux/atomic.h>
#include <linux/bitmap.h>
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/iio/buffer.h>
#include <linux/iio/buffer_impl.h>
#include <linux/iio/consumer.h>
#include <linux/iio/iio.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include "shieldrt_io.h"
#include "shieldrt_iio.h"
#include "tagged.h"
#include "uapi/shieldrt.h"

#define SRT_IIO_NCH	SHIELDRT_MAX_SIGNALS

static bool sleep_test;
module_param(sleep_test, bool, 0644);
MODULE_PARM_DESC(sleep_test,
		 "test only: read() calls might_sleep() inside the loop's section (a debug kernel must report it); read at bind");

struct srt_iio_input {
	struct iio_channel *chan;
	struct srt_iio_fmt fmt;
	struct srt_iio_conv conv;
	struct srt_iio_ratio scale, offset;
};

struct srt_iio_output {
	struct iio_channel *chan;
	struct srt_iio_conv conv;
	struct srt_iio_ratio scale, offset;
	bool gone;			/* its device went away */
};

/* One binding.  The buffer is refcounted: its release frees all this. */
struct srt_iio {
	struct iio_buffer buf;
	struct srt_io_binding *b;
	char loop[SHIELDRT_NAME_LEN];
	struct list_head node;		/* srt_iio_binds, srt_iio_mutex */
	struct iio_dev *in_dev;		/* the inputs' device; NULL: none */
	bool buf_on;			/* attached to in_dev */
	bool sleep_test;
	u32 scan_bytes;
	struct srt_iio_input in[SRT_IIO_NCH];
	struct srt_iio_output out[SRT_IIO_NCH];

	/* the deposited set: under the binding's I/O lock */
	u64 seq;			/* 0: no scan yet */
	u32 tag[SRT_IIO_NCH];		/* low 32 bits of seq, per value */
	u64 val[SRT_IIO_NCH];
	struct srt_tagged_reads rd;	/* read()'s counts */

	bool lost;			/* a device went away; srt_iio_mutex */
	bool last_safe;
	atomic64_t scans;
	atomic64_t outputs, outputs_safe, write_errors, held;
	struct dentry *file;
};

static struct device *srt_iio_dev;	/* the consumer; srt_iio_mutex */
static struct platform_device *srt_iio_pdev;	/* made if firmware did not */
static LIST_HEAD(srt_iio_binds);
static DEFINE_MUTEX(srt_iio_mutex);
static struct dentry *srt_iio_dir;

/* ---- the input path: store_to() and read() ---- */

static struct srt_iio *srt_iio_of(struct iio_buffer *buf)
{
	return container_of(buf, struct srt_iio, buf);
}

/*
 * Every scan, in the context the driver pushes from (its trigger's IRQ
 * thread, or a hard interrupt): converted outside the lock, deposited
 * under it channel by channel, each value after a tag holding the set's
 * number, so read() can tell a mix of two scans (never, under the lock:
 * "torn" stays 0).
 */
static int srt_iio_store_to(struct iio_buffer *buf, const void *data)
{
	struct srt_iio *d = srt_iio_of(buf);
	struct srt_io_binding *b = d->b;
	u64 v[SRT_IIO_NCH], seq;
	unsigned long flags;
	u32 k;

	for (k = 0; k < b->n_in; k++)
		v[k] = srt_iio_to_bits(&d->in[k].conv,
				       srt_iio_code(data, &d->in[k].fmt));
	flags = srt_io_lock(b);
	seq = ++d->seq;
	for (k = 0; k < b->n_in; k++) {
		WRITE_ONCE(d->tag[k], (u32)seq);
		WRITE_ONCE(d->val[k], v[k]);
	}
	srt_io_unlock(b, flags);
	atomic64_inc(&d->scans);
	if (b->trigger)
		srt_io_trigger(b);
	return 0;
}

/* The last reference went (unbind's, after IIO's core let go). */
static void srt_iio_release(struct iio_buffer *buf)
{
	struct srt_iio *d = srt_iio_of(buf);

	bitmap_free(d->buf.scan_mask);
	kfree(d);
}

static const struct iio_buffer_access_funcs srt_iio_access = {
	.store_to = srt_iio_store_to,
	.release = srt_iio_release,
	.modes = INDIO_BUFFER_SOFTWARE | INDIO_BUFFER_TRIGGERED,
};

/* In the loop's cycle: I/O lock held, interrupts off. */
static int srt_iio_read(struct srt_io_binding *b, u64 *in)
{
	struct srt_iio *d = b->priv;

	if (d->sleep_test)
		might_sleep();
	return srt_tagged_read(&d->rd, READ_ONCE(d->seq), d->tag, d->val, in,
			       b->n_in);
}

/*
 * The output stage: after the section, in the loop's thread, process
 * context; each DAC gets the code nearest to its value (held within its
 * range).  A failed write is counted here and by the loop (io_error).
 */
static int srt_iio_output(struct srt_io_binding *b, const u64 *out, bool safe)
{
	struct srt_iio *d = b->priv;
	int ret = 0, r;
	bool held;
	s64 code;
	u32 k;

	for (k = 0; k < b->n_out; k++) {
		/* a DAC that went away: nothing to hold safe, no error */
		if (READ_ONCE(d->out[k].gone))
			continue;
		code = srt_iio_from_bits(&d->out[k].conv, out[k], &held);
		if (held)
			atomic64_inc(&d->held);
		r = iio_write_channel_raw(d->out[k].chan, code);
		if (r < 0) {
			atomic64_inc(&d->write_errors);
			ret = r;
		}
	}
	WRITE_ONCE(d->last_safe, safe);
	atomic64_inc(&d->outputs);
	if (safe)
		atomic64_inc(&d->outputs_safe);
	return ret;
}

/* ---- binding ---- */

static void srt_iio_ratio_show(struct seq_file *m, const char *what,
			       const struct srt_iio_ratio *r)
{
	seq_printf(m, " %s=%lld/%llu", what, r->num, r->den);
}

static int srt_iio_show(struct seq_file *m, void *unused)
{
	struct srt_iio *d = m->private;
	const struct srt_io_binding *b = d->b;
	char name[SRT_IIO_NAME_LEN];
	u32 k;

	seq_printf(m, "loop: %s\n", d->loop);
	seq_printf(m, "trigger: %d\n", b->trigger);
	seq_printf(m, "n_in: %u\n", b->n_in);
	seq_printf(m, "n_out: %u\n", b->n_out);
	seq_printf(m, "scan_bytes: %u\n", d->scan_bytes);
	for (k = 0; k < b->n_in; k++) {
		const struct srt_iio_input *c = &d->in[k];

		srt_iio_chan_name(name, sizeof(name), d->loop, false,
				  b->in_first + k);
		seq_printf(m, "channel: %s %s offset_bytes=%u bytes=%u shift=%u realbits=%u %c endian=%u",
			   name, dev_name(&c->chan->indio_dev->dev),
			   c->fmt.offset, c->fmt.bytes, c->fmt.shift,
			   c->fmt.realbits, c->fmt.is_signed ? 's' : 'u',
			   c->fmt.endianness);
		srt_iio_ratio_show(m, "scale", &c->scale);
		srt_iio_ratio_show(m, "offset", &c->offset);
		seq_putc(m, '\n');
	}
	for (k = 0; k < b->n_out; k++) {
		const struct srt_iio_output *c = &d->out[k];

		srt_iio_chan_name(name, sizeof(name), d->loop, true,
				  b->out_first + k);
		seq_printf(m, "channel: %s %s codes=%lld..%lld", name,
			   dev_name(&c->chan->indio_dev->dev),
			   c->conv.code_min, c->conv.code_max);
		srt_iio_ratio_show(m, "scale", &c->scale);
		srt_iio_ratio_show(m, "offset", &c->offset);
		seq_putc(m, '\n');
	}
	if (d->sleep_test)
		seq_puts(m, "# sleep_test: read() calls might_sleep()\n");
	seq_printf(m, "lost: %d\n", READ_ONCE(d->lost));
	seq_printf(m, "scans: %lld\n", atomic64_read(&d->scans));
	srt_tagged_reads_show(m, &d->rd);
	seq_printf(m, "outputs: %lld\n", atomic64_read(&d->outputs));
	seq_printf(m, "outputs_safe: %lld\n", atomic64_read(&d->outputs_safe));
	seq_printf(m, "last_safe: %d\n", READ_ONCE(d->last_safe));
	seq_printf(m, "write_errors: %lld\n", atomic64_read(&d->write_errors));
	seq_printf(m, "held: %lld\n", atomic64_read(&d->held));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(srt_iio);

/*
 * What srt_iio_chan_judge() needs of @chan.  Its sample format as the
 * device has it now (a channel may have several, 6.10 on).
 */
static int srt_iio_describe(const struct iio_channel *chan,
			    struct srt_iio_chan_desc *desc)
{
	const struct iio_chan_spec *s = chan->channel;
	/* 6.1's scan_type is a struct without a name: its own type */
	typeof(iio_get_current_scan_type(chan->indio_dev, s)) t;

	t = iio_get_current_scan_type(chan->indio_dev, s);
	if (IS_ERR(t))
		return PTR_ERR(t);
	*desc = (struct srt_iio_chan_desc){
		.output = s->output,
		.has_scale = iio_channel_has_info(s, IIO_CHAN_INFO_SCALE),
		.has_raw = iio_channel_has_info(s, IIO_CHAN_INFO_RAW),
		.scan_index = s->scan_index,
		.storagebits = t->storagebits,
		.realbits = t->realbits,
		.shift = t->shift,
		.repeat = t->repeat,
		.sign = t->sign,
		.endianness = t->endianness,
		.dev_buffered = chan->indio_dev->modes &
				(INDIO_BUFFER_TRIGGERED | INDIO_BUFFER_SOFTWARE),
	};
	return 0;
}

/*
 * The channel named @name, judged fit for its role; its scale and offset
 * as ratios.  ERR_PTR with the reason in @err.
 */
static struct iio_channel *srt_iio_get(const char *name, bool output,
				       struct srt_iio_ratio *scale,
				       struct srt_iio_ratio *offset,
				       struct srt_iio_chan_desc *desc,
				       char *err, size_t errlen)
{
	struct iio_channel *chan;
	const char *why;
	int val, val2, type, ret;

	chan = iio_channel_get(srt_iio_dev, name);
	if (IS_ERR(chan)) {
		ret = PTR_ERR(chan);
		if (ret == -EPROBE_DEFER)
			snprintf(err, errlen,
				 "iio: the device of channel %s is not there (yet)",
				 name);
		else if (ret == -ENODEV)
			snprintf(err, errlen,
				 "iio: no channel named %s (an iio_map for %s, or io-channel-names in firmware)",
				 name, SRT_IIO_CONSUMER);
		else
			snprintf(err, errlen, "iio: channel %s: error %d",
				 name, ret);
		return chan;
	}
	if (!chan->channel) {
		snprintf(err, errlen,
			 "iio: the map entry for %s names no channel of %s (adc_channel_label)",
			 name, dev_name(&chan->indio_dev->dev));
		ret = -EINVAL;
		goto err_release;
	}
	ret = srt_iio_describe(chan, desc);
	if (ret) {
		snprintf(err, errlen, "iio: channel %s: no sample format (%d)",
			 name, ret);
		goto err_release;
	}
	why = srt_iio_chan_judge(desc, output);
	if (why) {
		snprintf(err, errlen, "iio: channel %s (%s %s) %s", name,
			 dev_name(&chan->indio_dev->dev),
			 chan->channel->datasheet_name ?: "", why);
		ret = -EINVAL;
		goto err_release;
	}
	type = iio_read_channel_scale(chan, &val, &val2);
	ret = type < 0 ? type : srt_iio_ratio(type, val, val2, scale);
	if (ret) {
		snprintf(err, errlen,
			 "iio: channel %s: its scale is not a number (type %d, %d)",
			 name, type, ret);
		goto err_release;
	}
	*offset = (struct srt_iio_ratio){ 0, 1 };
	if (iio_channel_has_info(chan->channel, IIO_CHAN_INFO_OFFSET)) {
		type = iio_read_channel_offset(chan, &val, &val2);
		ret = type < 0 ? type : srt_iio_ratio(type, val, val2, offset);
		if (ret) {
			snprintf(err, errlen,
				 "iio: channel %s: its offset is not a number (type %d, %d)",
				 name, type, ret);
			goto err_release;
		}
	}
	return chan;

err_release:
	iio_channel_release(chan);
	return ERR_PTR(ret);
}

static int srt_iio_conv_err(int ret, const char *name, char *err,
			    size_t errlen)
{
	if (ret)
		snprintf(err, errlen,
			 "iio: channel %s: scale or offset out of range (%d; include/shieldrt_iio.h)",
			 name, ret);
	return ret;
}

static int srt_iio_get_input(struct srt_iio *d, u32 k, char *err,
			     size_t errlen)
{
	struct srt_iio_input *c = &d->in[k];
	char name[SRT_IIO_NAME_LEN];
	struct srt_iio_chan_desc desc;
	s64 lo, hi;

	srt_iio_chan_name(name, sizeof(name), d->loop, false,
			  d->b->in_first + k);
	c->chan = srt_iio_get(name, false, &c->scale, &c->offset, &desc, err,
			      errlen);
	if (IS_ERR(c->chan)) {
		int ret = PTR_ERR(c->chan);

		c->chan = NULL;
		return ret;
	}
	if (d->in_dev && d->in_dev != c->chan->indio_dev) {
		snprintf(err, errlen,
			 "iio: channel %s is on %s, the binding's other inputs on %s: one device per binding",
			 name, dev_name(&c->chan->indio_dev->dev),
			 dev_name(&d->in_dev->dev));
		return -EINVAL;
	}
	d->in_dev = c->chan->indio_dev;
	srt_iio_fmt_from(&c->fmt, &desc, 0);	/* the offset: at attach */
	srt_iio_code_range(desc.realbits, desc.sign == 's', &lo, &hi);
	return srt_iio_conv_err(srt_iio_conv_init(&c->conv, &c->scale,
						  &c->offset, 1, lo, hi),
				name, err, errlen);
}

static int srt_iio_get_output(struct srt_iio *d, u32 k, char *err,
			      size_t errlen)
{
	struct srt_iio_output *c = &d->out[k];
	char name[SRT_IIO_NAME_LEN];
	struct srt_iio_chan_desc desc;
	s64 lo = S32_MIN, hi = S32_MAX;

	srt_iio_chan_name(name, sizeof(name), d->loop, true,
			  d->b->out_first + k);
	c->chan = srt_iio_get(name, true, &c->scale, &c->offset, &desc, err,
			      errlen);
	if (IS_ERR(c->chan)) {
		int ret = PTR_ERR(c->chan);

		c->chan = NULL;
		return ret;
	}
	/* A DAC's codes, where it says; else what a raw write can carry. */
	if (desc.realbits && desc.realbits <= 32 &&
	    (desc.sign == 's' || desc.sign == 'u'))
		srt_iio_code_range(desc.realbits, desc.sign == 's', &lo, &hi);
	return srt_iio_conv_err(srt_iio_conv_init(&c->conv, &c->scale,
						  &c->offset, 1, lo, hi),
				name, err, errlen);
}

/*
 * Channels of this loop outside the binding's ranges: a map or firmware
 * that gives more than the binding takes is refused rather than half
 * used.  Only the ranges the binding has a direction for are looked at.
 */
static int srt_iio_check_extra(struct srt_iio *d, bool output, char *err,
			       size_t errlen)
{
	const struct srt_io_binding *b = d->b;
	u32 first = output ? b->out_first : b->in_first;
	u32 n = output ? b->n_out : b->n_in, i;
	char name[SRT_IIO_NAME_LEN];
	struct iio_channel *chan;

	for (i = 0; i < SHIELDRT_MAX_SIGNALS; i++) {
		if (i >= first && i < first + n)
			continue;
		srt_iio_chan_name(name, sizeof(name), d->loop, output, i);
		chan = iio_channel_get(srt_iio_dev, name);
		if (IS_ERR(chan))
			continue;
		iio_channel_release(chan);
		if (n)
			snprintf(err, errlen,
				 "iio: channel %s is given, but the binding's %s are %u-%u",
				 name, output ? "outputs" : "inputs", first,
				 first + n - 1);
		else
			snprintf(err, errlen,
				 "iio: channel %s is given, but the binding has no %s",
				 name, output ? "out=" : "in=");
		return -EINVAL;
	}
	return 0;
}

/*
 * The buffer: the bound channels' scan indices, each sample's place in
 * the demultiplexed scan (scan_index order, aligned to its size, no
 * timestamp), attached to the inputs' device.
 */
static int srt_iio_attach(struct srt_iio *d, char *err, size_t errlen)
{
	struct iio_dev *dev = d->in_dev;
	unsigned int masklength = iio_get_masklength(dev);
	unsigned int bit;
	u32 k, end = 0;
	int ret;

	d->buf.scan_mask = bitmap_zalloc(masklength, GFP_KERNEL);
	if (!d->buf.scan_mask)
		return -ENOMEM;
	for (k = 0; k < d->b->n_in; k++)
		__set_bit(d->in[k].chan->channel->scan_index,
			  d->buf.scan_mask);
	for_each_set_bit(bit, d->buf.scan_mask, masklength) {
		u32 at = 0;
		bool placed = false;

		for (k = 0; k < d->b->n_in; k++) {
			if (d->in[k].chan->channel->scan_index != bit)
				continue;
			if (!placed)
				at = srt_iio_scan_place(&end,
							d->in[k].fmt.bytes);
			placed = true;
			d->in[k].fmt.offset = at;
		}
	}
	d->scan_bytes = end;
	ret = iio_update_buffers(dev, &d->buf, NULL);
	if (ret) {
		if ((dev->modes & INDIO_BUFFER_TRIGGERED) && !dev->trig &&
		    !(dev->modes & INDIO_BUFFER_SOFTWARE))
			snprintf(err, errlen,
				 "iio: %s has no trigger (write one to its trigger/current_trigger): %d",
				 dev_name(&dev->dev), ret);
		else
			snprintf(err, errlen,
				 "iio: %s refused the buffer (%d)",
				 dev_name(&dev->dev), ret);
		return ret;
	}
	d->buf_on = true;
	return 0;
}

/* Undo what srt_iio_bind() did; the buffer's release frees @d. */
static void srt_iio_teardown(struct srt_iio *d)
{
	u32 k;

	if (d->buf_on)
		iio_update_buffers(d->in_dev, NULL, &d->buf);
	for (k = 0; k < SRT_IIO_NCH; k++) {
		if (d->in[k].chan)
			iio_channel_release(d->in[k].chan);
		if (d->out[k].chan)
			iio_channel_release(d->out[k].chan);
	}
	iio_buffer_put(&d->buf);
}

static int srt_iio_bind(struct srt_io_binding *b, char *err, size_t errlen)
{
	struct srt_iio *d;
	u32 k;
	int ret;

	if (!b->n_in && !b->n_out) {
		snprintf(err, errlen,
			 "iio: nothing to bind: give in=F-L and/or out=F-L");
		return -EINVAL;
	}
	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d) {
		snprintf(err, errlen, "iio: out of memory");
		return -ENOMEM;
	}
	iio_buffer_init(&d->buf);
	d->buf.access = &srt_iio_access;
	d->b = b;
	strscpy(d->loop, b->loop, sizeof(d->loop));
	d->sleep_test = READ_ONCE(sleep_test);

	mutex_lock(&srt_iio_mutex);
	ret = -ENODEV;
	if (!srt_iio_dev) {
		snprintf(err, errlen,
			 "iio: no consumer device %s (unbound from its driver?)",
			 SRT_IIO_CONSUMER);
		goto err_unlock;
	}
	for (k = 0, ret = 0; k < b->n_in && !ret; k++)
		ret = srt_iio_get_input(d, k, err, errlen);
	for (k = 0; k < b->n_out && !ret; k++)
		ret = srt_iio_get_output(d, k, err, errlen);
	if (!ret)
		ret = srt_iio_check_extra(d, false, err, errlen) ?:
		      srt_iio_check_extra(d, true, err, errlen);
	if (!ret && b->n_in)
		ret = srt_iio_attach(d, err, errlen);
	if (ret)
		goto err_unlock;
	list_add_tail(&d->node, &srt_iio_binds);
	mutex_unlock(&srt_iio_mutex);

	b->priv = d;
	d->file = debugfs_create_file(d->loop, 0444, srt_iio_dir, d,
				      &srt_iio_fops);
	return 0;

err_unlock:
	mutex_unlock(&srt_iio_mutex);
	srt_iio_teardown(d);
	return ret;
}

static void srt_iio_unbind(struct srt_io_binding *b)
{
	struct srt_iio *d = b->priv;

	/* Waits for open readers of the file. */
	debugfs_remove(d->file);
	mutex_lock(&srt_iio_mutex);
	list_del(&d->node);
	mutex_unlock(&srt_iio_mutex);
	/* After this no store_to() runs: IIO's core freed its IRQ. */
	srt_iio_teardown(d);
	b->priv = NULL;
}

static struct srt_io_provider srt_iio_provider = {
	.name = "iio",
	.owner = THIS_MODULE,
	.bind = srt_iio_bind,
	.unbind = srt_iio_unbind,
	.read = srt_iio_read,
	.output = srt_iio_output,
};

/* ---- devices going away ---- */

/* Does @d use @dev?  Its outputs there are marked gone. */
static bool srt_iio_uses(struct srt_iio *d, const struct device *dev)
{
	bool used = d->in_dev && &d->in_dev->dev == dev;
	u32 k;

	for (k = 0; k < d->b->n_out; k++) {
		if (&d->out[k].chan->indio_dev->dev != dev)
			continue;
		WRITE_ONCE(d->out[k].gone, true);
		used = true;
	}
	return used;
}

/*
 * An IIO device leaves (its driver unbound or unloaded): every binding
 * that uses it is lost, and its loop goes to safe state, reason io, with
 * the binding's other DACs at the safe values.  IIO's core then disables
 * the buffers, so no scan comes any more, and makes every consumer call
 * on it fail (-ENODEV): the output stage writes no more to it.
 */
static int srt_iio_bus_event(struct notifier_block *nb, unsigned long what,
			     void *data)
{
	struct device *dev = data;
	struct srt_iio *d;

	if (what != BUS_NOTIFY_DEL_DEVICE)
		return NOTIFY_DONE;
	mutex_lock(&srt_iio_mutex);
	list_for_each_entry(d, &srt_iio_binds, node) {
		if (!srt_iio_uses(d, dev) || d->lost)
			continue;
		WRITE_ONCE(d->lost, true);
		pr_warn("%s: %s went away while bound: the loop goes to safe state\n",
			d->loop, dev_name(dev));
		srt_io_lost(d->b);
	}
	mutex_unlock(&srt_iio_mutex);
	return NOTIFY_OK;
}

static struct notifier_block srt_iio_nb = {
	.notifier_call = srt_iio_bus_event,
};

/* ---- the consumer device ---- */

/*
 * The consumer unbound from this driver: its bindings keep their channels
 * (IIO holds the devices); new ones are refused until one is back.
 */
static void srt_iio_consumer_gone(void *dev)
{
	mutex_lock(&srt_iio_mutex);
	if (srt_iio_dev == dev)
		srt_iio_dev = NULL;
	mutex_unlock(&srt_iio_mutex);
}

static int srt_iio_probe(struct platform_device *pdev)
{
	mutex_lock(&srt_iio_mutex);
	if (srt_iio_dev) {
		dev_err(&pdev->dev, "%s is the consumer already: one node compatible with %s\n",
			dev_name(srt_iio_dev), SRT_IIO_COMPATIBLE);
		mutex_unlock(&srt_iio_mutex);
		return -EBUSY;
	}
	srt_iio_dev = &pdev->dev;
	mutex_unlock(&srt_iio_mutex);
	return devm_add_action_or_reset(&pdev->dev, srt_iio_consumer_gone,
					&pdev->dev);
}

static const struct of_device_id srt_iio_of_match[] = {
	{ .compatible = SRT_IIO_COMPATIBLE },
	{ }
};
/*
 * The aliases file2alias would make of MODULE_DEVICE_TABLE(of, ...), so a
 * node compatible with "shieldrt,iio" loads this module; written out
 * because cross builds against Debian's headers run the build machine's
 * modpost, which sizes struct of_device_id for a 64-bit target and
 * refuses a 32-bit ARM module's table.
 */
MODULE_ALIAS("of:N*T*C" SRT_IIO_COMPATIBLE);
MODULE_ALIAS("of:N*T*C" SRT_IIO_COMPATIBLE "C*");

static struct platform_driver srt_iio_driver = {
	.probe = srt_iio_probe,
	.driver = {
		.name = SRT_IIO_CONSUMER,
		.of_match_table = srt_iio_of_match,
	},
};

static int __init srt_iio_init(void)
{
	int ret;

	srt_iio_dir = debugfs_create_dir("shieldrt_iio", NULL);
	ret = bus_register_notifier(&iio_bus_type, &srt_iio_nb);
	if (ret)
		goto err_remove_dir;
	ret = platform_driver_register(&srt_iio_driver);
	if (ret)
		goto err_unregister_notifier;
	/* No node in firmware: a device of our own, named for iio_maps. */
	if (!srt_iio_dev) {
		srt_iio_pdev = platform_device_register_simple(SRT_IIO_CONSUMER,
							       PLATFORM_DEVID_NONE,
							       NULL, 0);
		if (IS_ERR(srt_iio_pdev)) {
			ret = PTR_ERR(srt_iio_pdev);
			goto err_unregister_driver;
		}
	}
	ret = srt_io_register(&srt_iio_provider);
	if (ret) {
		pr_err("cannot register provider 'iio': %d\n", ret);
		goto err_unregister_device;
	}
	return 0;

err_unregister_device:
	platform_device_unregister(srt_iio_pdev);
err_unregister_driver:
	platform_driver_unregister(&srt_iio_driver);
err_unregister_notifier:
	bus_unregister_notifier(&iio_bus_type, &srt_iio_nb);
err_remove_dir:
	debugfs_remove_recursive(srt_iio_dir);
	return ret;
}

static void __exit srt_iio_exit(void)
{
	/*
	 * Every binding's loop goes to safe state (reason io), its DACs get
	 * the safe values once more, then it is unbound: buffers detached,
	 * channels released.
	 */
	srt_io_unregister(&srt_iio_provider);
	platform_device_unregister(srt_iio_pdev);
	platform_driver_unregister(&srt_iio_driver);
	bus_unregister_notifier(&iio_bus_type, &srt_iio_nb);
	debugfs_remove_recursive(srt_iio_dir);
}

module_init(srt_iio_init);
module_exit(srt_iio_exit);
MODULE_DESCRIPTION("shieldrt I/O provider: IIO channels as a loop's inputs and outputs");
MODULE_LICENSE("GPL");
