// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_iiosim: a simulated ADC/DAC as an IIO device, so that a loop
 * closes through real IIO calls (the provider shieldrt_iio.ko,
 * kmod/io/iio.c) on a stock kernel without hardware.  It is an ordinary
 * IIO driver: a platform device "shieldrt-iiosim" with
 *
 *   ADC channels  adc0..adc4, sampled in a triggered buffer (industrialio-
 *                 triggered-buffer: its trigger's handler runs in an IRQ
 *                 thread and pushes one scan), each with its own sample
 *                 format and scale/offset (iiosim_chans[]: offset binary,
 *                 two's complement big-endian, 24 bits left-justified in
 *                 32, 12 bits with a fractional offset; adc4 has no scale,
 *                 for the provider to refuse);
 *   DAC channels  dac0, dac1: raw writes that sleep (a mutex and
 *                 write_us of usleep_range(), as a transfer on SPI or I2C
 *                 would), so a consumer must write them from process
 *                 context;
 *   a trigger     "shieldrt-iiosim-drdy": a hard-interrupt hrtimer at the
 *                 device's sampling frequency calls iio_trigger_poll(), as
 *                 a data-ready interrupt would; the device's default
 *                 trigger, replaceable by any other (an hrtimer software
 *                 trigger) through trigger/current_trigger;
 *   an iio_map    from the parameter map= ("CONSUMER_CHANNEL=CHANNEL,..."),
 *                 naming consumer channels of the device "shieldrt-iio"
 *                 (SRT_IIO_CONSUMER), the provider's;
 *   a plant       (as shieldrt_simdaq: plant=dcmotor, msd, lag or a chain
 *                 text) stepped at rate_hz in a kthread, driven by the
 *                 DACs and read by the ADCs.  Both converters work in
 *                 volts at their pins: IIO's unit for a voltage is the
 *                 millivolt, so a plant output of 1 (rad, say) reads as
 *                 1000 mV, and a DAC written with 1000 mV drives the
 *                 plant's input with 1.
 *
 * unbuffered=1 makes a device with direct reads only (no buffer, no
 * trigger), stall=1 stops the trigger's polls (a data-ready line that
 * stopped) without stopping the device.  Where the kernel has the
 * callback buffer (CONFIG_IIO_BUFFER_CB: the debug kernels, not Debian's)
 * debugfs "cb" attaches it to this device as a second consumer, so
 * IIO's core demultiplexes every scan for two buffers.  Unbinding the device
 * (/sys/bus/platform/drivers/shieldrt-iiosim/unbind) removes it while a
 * consumer holds its channels, which is how a test takes a device away
 * from under a loop: while a consumer's buffer is enabled the trigger
 * holds the module (IIO's core takes a reference in
 * iio_trigger_attach_poll_func()), so rmmod is refused, EBUSY.
 *
 * Counters: /sys/kernel/debug/shieldrt_iiosim/status.
 */
#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/iio/buffer.h>
#include <linux/iio/consumer.h>
#include <linux/iio/driver.h>
#include <linux/iio/iio.h>
#include <linux/iio/machine.h>
#include <linux/iio/trigger.h>
#include <linux/iio/trigger_consumer.h>
#include <linux/iio/triggered_buffer.h>
#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "shieldrt_blocks.h"
#include "shieldrt_iio.h"
#include "shieldrt_quote.h"
#include "latch.h"
#include "plants.h"

#define IIOSIM_NAME		"shieldrt-iiosim"
#define IIOSIM_RATE_MIN		100
#define IIOSIM_RATE_MAX		100000
#define IIOSIM_MAP_MAX		(2 * SRT_LATCH_N)
/* the callback buffer's consumer channels, of this device itself */
#define IIOSIM_CB_CHANNELS	2
/* volts at the converters' pins: IIO's millivolts / 1000 */
#define IIOSIM_MV_PER_V		1000

static unsigned int rate_hz = 1000;
module_param(rate_hz, uint, 0444);
MODULE_PARM_DESC(rate_hz,
		 "plant steps per second and the data-ready trigger's initial sampling frequency, 100..100000");

static char *plant = "dcmotor";
module_param(plant, charp, 0444);
MODULE_PARM_DESC(plant,
		 "plant model: dcmotor, msd, lag, or a chain text with ';' between lines (in double quotes)");

static char *map = "";
module_param(map, charp, 0444);
MODULE_PARM_DESC(map,
		 "iio_map for the consumer device shieldrt-iio: CONSUMER_CHANNEL=CHANNEL,... e.g. ctl.in0=adc1,ctl.out0=dac0");

static bool unbuffered;
module_param(unbuffered, bool, 0444);
MODULE_PARM_DESC(unbuffered, "a device without buffer or trigger: direct reads only");

static bool stall;
module_param(stall, bool, 0644);
MODULE_PARM_DESC(stall, "test only: the data-ready trigger stops polling (a stuck line)");

static unsigned int write_us = 50;
module_param(write_us, uint, 0644);
MODULE_PARM_DESC(write_us,
		 "a DAC write sleeps this long, as a bus transfer would (0: not at all)");

/*
 * The channels: their IIO description and the numbers behind their scale
 * and offset (IIO_VAL_* type and values; off_type 0: no offset).  An ADC
 * reads plant output k (k its index among the ADCs), a DAC drives plant
 * input k; both at their pins in volts (IIOSIM_MV_PER_V).
 */
static const struct iiosim_chan {
	const char *name;
	bool output;
	bool scale_attr;		/* the channel advertises its scale */
	char sign;
	u8 realbits, storagebits, shift, endianness;
	int scale_type, scale_val, scale_val2;
	int off_type, off_val, off_val2;
} iiosim_chans[] = {
	/* +-10 V, 16-bit offset binary */
	{ "adc0", false, true, 'u', 16, 16, 0, IIO_CPU,
	  IIO_VAL_FRACTIONAL_LOG2, 20000, 16, IIO_VAL_INT, -32768, 0 },
	/* +-10 V, 16-bit two's complement, big-endian */
	{ "adc1", false, true, 's', 16, 16, 0, IIO_BE,
	  IIO_VAL_INT_PLUS_NANO, 0, 305175781, 0, 0, 0 },
	/* +-10 V, 24 bits left-justified in 32, little-endian */
	{ "adc2", false, true, 's', 24, 32, 8, IIO_LE,
	  IIO_VAL_FRACTIONAL, 10000, 8388608, 0, 0, 0 },
	/* +-2.5 V, 12 bits in the top of 16, a half-code offset */
	{ "adc3", false, true, 'u', 12, 16, 4, IIO_CPU,
	  IIO_VAL_INT_PLUS_MICRO, 1, 220703, IIO_VAL_INT_PLUS_MICRO, -2047, -500000 },
	/* like adc0, but without a scale attribute: no unit for a consumer */
	{ "adc4", false, false, 'u', 16, 16, 0, IIO_CPU,
	  IIO_VAL_FRACTIONAL_LOG2, 20000, 16, IIO_VAL_INT, -32768, 0 },
	/* +-10 V, 16-bit offset binary */
	{ "dac0", true, true, 'u', 16, 16, 0, IIO_CPU,
	  IIO_VAL_FRACTIONAL_LOG2, 20000, 16, IIO_VAL_INT, -32768, 0 },
	/* 0..5 V, 12 bits */
	{ "dac1", true, true, 'u', 12, 16, 0, IIO_CPU,
	  IIO_VAL_INT_PLUS_MICRO, 1, 220703, 0, 0, 0 },
};

#define IIOSIM_NCH	ARRAY_SIZE(iiosim_chans)
/* the ADCs come first; their index is their scan_index */
#define IIOSIM_NADC	5
#define IIOSIM_NDAC	(IIOSIM_NCH - IIOSIM_NADC)

struct iiosim {
	struct device *dev;
	struct iio_dev *indio_dev;
	struct iio_trigger *trig;
	struct hrtimer timer;
	u64 period_ns;			/* the trigger's; WRITE_ONCE */
	struct srt_iio_conv conv[IIOSIM_NCH];	/* code <-> volts at the pin */
	struct srt_iio_fmt fmt[IIOSIM_NCH];	/* offsets filled per scan */

	/* plant thread */
	struct task_struct *task;
	struct srt_kchain *kc;
	u32 n_pin, n_pout;
	u64 cmd[SRT_LATCH_N], pin[SRT_LATCH_N], pout[SRT_LATCH_N];
	u64 adc_next[SRT_LATCH_N];
	struct srt_latch cmd_latch;	/* DAC writes -> plant thread */
	struct srt_latch adc_latch;	/* plant thread -> conversions */

	struct mutex bus;		/* a DAC transfer; guards dac_* */
	s64 dac_code[IIOSIM_NDAC];
	u64 dac_volts[IIOSIM_NDAC];

	/* the trigger's handler (one at a time: IRQF_ONESHOT) */
	u64 scan[IIOSIM_NCH + 1] __aligned(8);

	atomic64_t polls, stalled, scans, direct_reads, held;
	atomic64_t dac_writes, dac_rejects;
	atomic64_t plant_steps, plant_flags, plant_late;
	struct dentry *file, *cb_file;

	/* the callback buffer: cb_mutex guards attaching it */
	struct mutex cb_mutex;
	struct iio_cb_buffer *cb;
	struct srt_iio_fmt cb_fmt;	/* adc1 in its scans */
	atomic64_t cb_scans;
	s64 cb_code;			/* adc1's last, WRITE_ONCE */
};

/* What the parameters asked for, checked at load. */
static struct {
	char *plant_text;
	char *map_text;			/* map's copy, cut up into maps[] */
	struct iio_map maps[IIOSIM_MAP_MAX + IIOSIM_CB_CHANNELS + 1];
	int probe_ret;
} iiosim_cfg;

static struct platform_device *iiosim_pdev;
static struct dentry *iiosim_dir;

static int iiosim_chan_index(const char *name)
{
	unsigned int i;

	for (i = 0; i < IIOSIM_NCH; i++)
		if (!strcmp(iiosim_chans[i].name, name))
			return i;
	return -1;
}

/* ---- plant thread ---- */

static void iiosim_plant_step(struct iiosim *s)
{
	u32 i;

	srt_latch_get(&s->cmd_latch, s->cmd, IIOSIM_NDAC);
	for (i = 0; i < s->n_pin; i++)
		s->pin[i] = i < IIOSIM_NDAC ? s->cmd[i] : 0;
	if (srt_blocks_chain_step(s->kc, s->pin, s->pout))
		atomic64_inc(&s->plant_flags);
	for (i = 0; i < IIOSIM_NADC; i++)
		s->adc_next[i] = i < s->n_pout ? s->pout[i] : 0;
	srt_latch_put(&s->adc_latch, s->adc_next, IIOSIM_NADC);
	atomic64_inc(&s->plant_steps);
}

static int iiosim_plant_thread(void *arg)
{
	u64 period = div_u64(NSEC_PER_SEC, rate_hz);
	struct iiosim *s = arg;
	ktime_t next = ktime_get();

	do {
		iiosim_plant_step(s);
	} while (srt_plant_wait(&next, period, &s->plant_late));
	return 0;
}

/* ---- conversions ---- */

/* ADC @i's code for the plant's present output (volts at the pin). */
static s64 iiosim_adc_code(struct iiosim *s, const u64 *volts, u32 i)
{
	bool held;
	s64 code = srt_iio_from_bits(&s->conv[i], volts[i], &held);

	if (held)
		atomic64_inc(&s->held);
	return code;
}

/* Hard interrupt: the data-ready line, as a converter would raise it. */
static enum hrtimer_restart iiosim_drdy(struct hrtimer *t)
{
	struct iiosim *s = container_of(t, struct iiosim, timer);

	atomic64_inc(&s->polls);
	if (READ_ONCE(stall))
		atomic64_inc(&s->stalled);
	else
		iio_trigger_poll(s->trig);
	hrtimer_forward_now(t, ns_to_ktime(READ_ONCE(s->period_ns)));
	return HRTIMER_RESTART;
}

/*
 * The trigger's handler, in its IRQ thread: one scan of the enabled ADCs
 * in the layout IIO's core expects (scan_index order, each sample
 * aligned to its size, the timestamp last), pushed to every buffer.
 */
static irqreturn_t iiosim_scan(int irq, void *p)
{
	struct iio_poll_func *pf = p;
	struct iio_dev *indio_dev = pf->indio_dev;
	struct iiosim *s = iio_priv(indio_dev);
	u64 volts[IIOSIM_NADC];
	struct srt_iio_fmt f;
	u32 end = 0;
	int bit;

	srt_latch_get(&s->adc_latch, volts, IIOSIM_NADC);
	memset(s->scan, 0, sizeof(s->scan));
	for_each_set_bit(bit, indio_dev->active_scan_mask,
			 iio_get_masklength(indio_dev)) {
		if (bit >= IIOSIM_NADC)
			continue;	/* the timestamp: the core places it */
		f = s->fmt[bit];
		f.offset = srt_iio_scan_place(&end, f.bytes);
		srt_iio_put_code((u8 *)s->scan, &f,
				 iiosim_adc_code(s, volts, bit));
	}
	iio_push_to_buffers_with_timestamp(indio_dev, s->scan, pf->timestamp);
	atomic64_inc(&s->scans);
	iio_trigger_notify_done(indio_dev->trig);
	return IRQ_HANDLED;
}

static int iiosim_trigger_state(struct iio_trigger *trig, bool on)
{
	struct iiosim *s = iio_trigger_get_drvdata(trig);

	if (on)
		hrtimer_start(&s->timer,
			      ns_to_ktime(READ_ONCE(s->period_ns)),
			      HRTIMER_MODE_REL_HARD);
	else
		hrtimer_cancel(&s->timer);
	return 0;
}

static const struct iio_trigger_ops iiosim_trigger_ops = {
	.set_trigger_state = iiosim_trigger_state,
};

/* ---- the IIO device ---- */

static int iiosim_read_raw(struct iio_dev *indio_dev,
			   struct iio_chan_spec const *chan, int *val,
			   int *val2, long mask)
{
	const struct iiosim_chan *c = &iiosim_chans[chan->address];
	struct iiosim *s = iio_priv(indio_dev);
	u64 volts[IIOSIM_NADC];
	int ret;

	switch (mask) {
	case IIO_CHAN_INFO_RAW:
		if (c->output) {
			mutex_lock(&s->bus);
			*val = s->dac_code[chan->address - IIOSIM_NADC];
			mutex_unlock(&s->bus);
			return IIO_VAL_INT;
		}
		/* A direct conversion, which a running buffer excludes. */
		ret = iio_device_claim_direct_mode(indio_dev);
		if (ret)
			return ret;
		srt_latch_get(&s->adc_latch, volts, IIOSIM_NADC);
		*val = iiosim_adc_code(s, volts, chan->address);
		atomic64_inc(&s->direct_reads);
		iio_device_release_direct_mode(indio_dev);
		return IIO_VAL_INT;
	case IIO_CHAN_INFO_SCALE:
		*val = c->scale_val;
		*val2 = c->scale_val2;
		return c->scale_type;
	case IIO_CHAN_INFO_OFFSET:
		*val = c->off_val;
		*val2 = c->off_val2;
		return c->off_type;
	case IIO_CHAN_INFO_SAMP_FREQ:
		*val = div64_u64(NSEC_PER_SEC, READ_ONCE(s->period_ns));
		return IIO_VAL_INT;
	default:
		return -EINVAL;
	}
}

/* A DAC code: checked, then a transfer that sleeps, then the plant sees it. */
static int iiosim_dac_write(struct iiosim *s, u32 k, int code)
{
	u32 i = IIOSIM_NADC + k, us = READ_ONCE(write_us);

	if (code < s->conv[i].code_min || code > s->conv[i].code_max) {
		atomic64_inc(&s->dac_rejects);
		return -EINVAL;
	}
	mutex_lock(&s->bus);
	if (us)
		usleep_range(us, us + us / 4 + 1);
	s->dac_code[k] = code;
	s->dac_volts[k] = srt_iio_to_bits(&s->conv[i], code);
	/* the bus mutex makes this the latch's only writer */
	srt_latch_put(&s->cmd_latch, s->dac_volts, IIOSIM_NDAC);
	mutex_unlock(&s->bus);
	atomic64_inc(&s->dac_writes);
	return 0;
}

static int iiosim_write_raw(struct iio_dev *indio_dev,
			    struct iio_chan_spec const *chan, int val,
			    int val2, long mask)
{
	struct iiosim *s = iio_priv(indio_dev);

	switch (mask) {
	case IIO_CHAN_INFO_RAW:
		if (!chan->output)
			return -EINVAL;
		return iiosim_dac_write(s, chan->address - IIOSIM_NADC, val);
	case IIO_CHAN_INFO_SAMP_FREQ:
		if (val < IIOSIM_RATE_MIN || val > IIOSIM_RATE_MAX)
			return -EINVAL;
		WRITE_ONCE(s->period_ns, div_u64(NSEC_PER_SEC, val));
		return 0;
	default:
		return -EINVAL;
	}
}

static const struct iio_info iiosim_info = {
	.read_raw = iiosim_read_raw,
	.write_raw = iiosim_write_raw,
};

/* The IIO channels from iiosim_chans[], and the timestamp if buffered. */
static struct iio_chan_spec *iiosim_channels(struct device *dev, int *n)
{
	struct iio_chan_spec *cs;
	unsigned int i, adc = 0, dac = 0;

	cs = devm_kcalloc(dev, IIOSIM_NCH + 1, sizeof(*cs), GFP_KERNEL);
	if (!cs)
		return NULL;
	for (i = 0; i < IIOSIM_NCH; i++) {
		const struct iiosim_chan *c = &iiosim_chans[i];
		struct iio_chan_spec *s = &cs[i];

		s->type = IIO_VOLTAGE;
		s->indexed = 1;
		s->output = c->output;
		s->channel = c->output ? dac++ : adc++;
		s->address = i;
		s->datasheet_name = c->name;
		s->info_mask_separate = BIT(IIO_CHAN_INFO_RAW) |
			(c->scale_attr ? BIT(IIO_CHAN_INFO_SCALE) : 0) |
			(c->off_type ? BIT(IIO_CHAN_INFO_OFFSET) : 0);
		s->scan_index = c->output || unbuffered ? -1 : i;
		s->scan_type.sign = c->sign;
		s->scan_type.realbits = c->realbits;
		s->scan_type.storagebits = c->storagebits;
		s->scan_type.shift = c->shift;
		s->scan_type.endianness = c->endianness;
		if (!c->output && !unbuffered)
			s->info_mask_shared_by_all = BIT(IIO_CHAN_INFO_SAMP_FREQ);
	}
	*n = IIOSIM_NCH;
	if (!unbuffered) {
		cs[i].type = IIO_TIMESTAMP;
		cs[i].channel = -1;
		cs[i].scan_index = IIOSIM_NADC;
		cs[i].scan_type.sign = 's';
		cs[i].scan_type.realbits = 64;
		cs[i].scan_type.storagebits = 64;
		*n = IIOSIM_NCH + 1;
	}
	return cs;
}

/* Each channel's conversion between codes and volts at its pin. */
static int iiosim_convs(struct iiosim *s)
{
	unsigned int i;
	int ret;

	for (i = 0; i < IIOSIM_NCH; i++) {
		const struct iiosim_chan *c = &iiosim_chans[i];
		struct srt_iio_ratio sc, off = { 0, 1 };
		struct srt_iio_chan_desc d = {
			.storagebits = c->storagebits, .realbits = c->realbits,
			.shift = c->shift, .sign = c->sign,
			.endianness = c->endianness,
		};
		s64 lo, hi;

		ret = srt_iio_ratio(c->scale_type, c->scale_val,
				    c->scale_val2, &sc);
		if (!ret && c->off_type)
			ret = srt_iio_ratio(c->off_type, c->off_val,
					    c->off_val2, &off);
		srt_iio_code_range(c->realbits, c->sign == 's', &lo, &hi);
		if (!ret)
			ret = srt_iio_conv_init(&s->conv[i], &sc, &off,
						IIOSIM_MV_PER_V, lo, hi);
		if (ret)
			return ret;
		srt_iio_fmt_from(&s->fmt[i], &d, 0);
	}
	return 0;
}

static int iiosim_show(struct seq_file *m, void *unused)
{
	struct iiosim *s = m->private;
	unsigned int k;

	seq_printf(m, "device: %s\n", dev_name(&s->indio_dev->dev));
	seq_printf(m, "buffered: %d\n", !unbuffered);
	seq_printf(m, "rate_hz: %u\n", rate_hz);
	seq_printf(m, "sampling_frequency: %llu\n",
		   div64_u64(NSEC_PER_SEC, READ_ONCE(s->period_ns)));
	seq_printf(m, "stall: %d\n", READ_ONCE(stall));
	seq_printf(m, "plant_inputs: %u\n", s->n_pin);
	seq_printf(m, "plant_outputs: %u\n", s->n_pout);
	seq_printf(m, "plant_steps: %lld\n", atomic64_read(&s->plant_steps));
	seq_printf(m, "plant_flags: %lld\n", atomic64_read(&s->plant_flags));
	seq_printf(m, "plant_late: %lld\n", atomic64_read(&s->plant_late));
	seq_printf(m, "polls: %lld\n", atomic64_read(&s->polls));
	seq_printf(m, "stalled: %lld\n", atomic64_read(&s->stalled));
	seq_printf(m, "scans: %lld\n", atomic64_read(&s->scans));
	seq_printf(m, "direct_reads: %lld\n", atomic64_read(&s->direct_reads));
	seq_printf(m, "adc_held: %lld\n", atomic64_read(&s->held));
	seq_printf(m, "dac_writes: %lld\n", atomic64_read(&s->dac_writes));
	seq_printf(m, "dac_rejects: %lld\n", atomic64_read(&s->dac_rejects));
	mutex_lock(&s->bus);
	for (k = 0; k < IIOSIM_NDAC; k++)
		seq_printf(m, "%s_code: %lld\n", iiosim_chans[IIOSIM_NADC + k].name,
			   s->dac_code[k]);
	mutex_unlock(&s->bus);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(iiosim);

/* ---- the kernel's callback buffer as a second consumer ---- */

#if IS_REACHABLE(CONFIG_IIO_BUFFER_CB)
/* Every scan, from the trigger's IRQ thread: count it, keep adc1's code. */
static int iiosim_cb_scan(const void *data, void *priv)
{
	struct iiosim *s = priv;

	WRITE_ONCE(s->cb_code, srt_iio_code(data, &s->cb_fmt));
	atomic64_inc(&s->cb_scans);
	return 0;
}

static void iiosim_cb_detach(struct iiosim *s)
{
	mutex_lock(&s->cb_mutex);
	if (s->cb) {
		iio_channel_stop_all_cb(s->cb);
		iio_channel_release_all_cb(s->cb);
		s->cb = NULL;
	}
	mutex_unlock(&s->cb_mutex);
}

/* cb0 and cb1: adc0 and adc1, so the callback buffer's scan holds both. */
static int iiosim_cb_attach(struct iiosim *s)
{
	struct iio_cb_buffer *cb;
	struct srt_iio_fmt f;
	u32 end = 0;
	int ret = 0;

	mutex_lock(&s->cb_mutex);
	if (s->cb)
		goto out_unlock;
	f = s->fmt[0];
	srt_iio_scan_place(&end, f.bytes);
	s->cb_fmt = s->fmt[1];
	s->cb_fmt.offset = srt_iio_scan_place(&end, s->cb_fmt.bytes);
	cb = iio_channel_get_all_cb(s->dev, iiosim_cb_scan, s);
	if (IS_ERR(cb)) {
		ret = PTR_ERR(cb);
		goto out_unlock;
	}
	ret = iio_channel_start_all_cb(cb);
	if (ret)
		iio_channel_release_all_cb(cb);
	else
		s->cb = cb;
out_unlock:
	mutex_unlock(&s->cb_mutex);
	return ret;
}

static ssize_t iiosim_cb_write(struct file *file, const char __user *ubuf,
			       size_t len, loff_t *ppos)
{
	struct iiosim *s = file_inode(file)->i_private;
	bool on;
	int ret;

	ret = kstrtobool_from_user(ubuf, len, &on);
	if (ret)
		return ret;
	if (on)
		ret = iiosim_cb_attach(s);
	else
		iiosim_cb_detach(s);
	return ret ?: len;
}

static int iiosim_cb_show(struct seq_file *m, void *unused)
{
	struct iiosim *s = m->private;

	seq_printf(m, "attached: %d\n", !!READ_ONCE(s->cb));
	seq_printf(m, "scans: %lld\n", atomic64_read(&s->cb_scans));
	seq_printf(m, "adc1_code: %lld\n", READ_ONCE(s->cb_code));
	return 0;
}

static int iiosim_cb_open(struct inode *inode, struct file *file)
{
	return single_open(file, iiosim_cb_show, inode->i_private);
}

static const struct file_operations iiosim_cb_fops = {
	.owner = THIS_MODULE,
	.open = iiosim_cb_open,
	.read = seq_read,
	.write = iiosim_cb_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/* Gone before the device: the callback buffer holds its channels. */
static void iiosim_cb_remove(void *arg)
{
	struct iiosim *s = arg;

	debugfs_remove(s->cb_file);
	iiosim_cb_detach(s);
}

static int iiosim_cb_setup(struct device *dev, struct iiosim *s)
{
	mutex_init(&s->cb_mutex);
	s->cb_file = debugfs_create_file("cb", 0644, iiosim_dir, s,
					 &iiosim_cb_fops);
	return devm_add_action_or_reset(dev, iiosim_cb_remove, s);
}

/* Its map entries, after map='s: this device is their consumer. */
static void iiosim_cb_map(unsigned int n)
{
	static const char * const chans[IIOSIM_CB_CHANNELS][2] = {
		{ "cb0", "adc0" }, { "cb1", "adc1" },
	};
	unsigned int i;

	for (i = 0; i < IIOSIM_CB_CHANNELS; i++) {
		iiosim_cfg.maps[n + i].consumer_dev_name = IIOSIM_NAME;
		iiosim_cfg.maps[n + i].consumer_channel = chans[i][0];
		iiosim_cfg.maps[n + i].adc_channel_label = chans[i][1];
	}
}
#else
static int iiosim_cb_setup(struct device *dev, struct iiosim *s)
{
	return 0;
}

static void iiosim_cb_map(unsigned int n)
{
}
#endif

static void iiosim_stop_plant(void *arg)
{
	struct iiosim *s = arg;

	kthread_stop(s->task);
	srt_blocks_chain_free(s->kc);
}

static void iiosim_remove_file(void *arg)
{
	debugfs_remove(arg);
}

/* The plant, its thread, and the DACs at the code nearest 0 V. */
static int iiosim_start_plant(struct device *dev, struct iiosim *s)
{
	char err[SRT_PLANT_ERR_LEN] = "";
	unsigned int k;
	bool held;

	for (k = 0; k < IIOSIM_NDAC; k++) {
		u32 i = IIOSIM_NADC + k;

		s->dac_code[k] = srt_iio_from_bits(&s->conv[i], 0, &held);
		s->dac_volts[k] = srt_iio_to_bits(&s->conv[i], s->dac_code[k]);
	}
	srt_latch_put(&s->cmd_latch, s->dac_volts, IIOSIM_NDAC);

	s->kc = srt_blocks_chain_compile(iiosim_cfg.plant_text,
					 strlen(iiosim_cfg.plant_text),
					 div_u64(NSEC_PER_SEC, rate_hz), err,
					 sizeof(err));
	if (IS_ERR(s->kc)) {
		dev_err(dev, "plant: %s\n", err[0] ? err : "failed");
		return PTR_ERR(s->kc);
	}
	s->n_pin = srt_blocks_chain_inputs(s->kc);
	s->n_pout = srt_blocks_chain_outputs(s->kc);
	s->task = kthread_create(iiosim_plant_thread, s, "iiosim-plant");
	if (IS_ERR(s->task)) {
		srt_blocks_chain_free(s->kc);
		return PTR_ERR(s->task);
	}
	sched_set_fifo_low(s->task);
	wake_up_process(s->task);
	return devm_add_action_or_reset(dev, iiosim_stop_plant, s);
}

/* The data-ready trigger and the triggered buffer. */
static int iiosim_setup_buffer(struct device *dev, struct iiosim *s)
{
	struct iio_dev *indio_dev = s->indio_dev;
	int ret;

	hrtimer_setup(&s->timer, iiosim_drdy, CLOCK_MONOTONIC,
		      HRTIMER_MODE_REL_HARD);
	/*
	 * No owner: iio_trigger_get() below takes a reference on the
	 * owner's module for as long as the device keeps the trigger, and
	 * that module is this one, whose exit is what removes the device:
	 * rmmod would never get that far.  The trigger lives and dies with
	 * the device (devm); a consumer's buffer still holds this module
	 * while it is enabled (iio_trigger_attach_poll_func()).
	 */
	s->trig = __devm_iio_trigger_alloc(dev, NULL, "%s-drdy", IIOSIM_NAME);
	if (!s->trig)
		return -ENOMEM;
	s->trig->ops = &iiosim_trigger_ops;
	iio_trigger_set_drvdata(s->trig, s);
	ret = devm_iio_trigger_register(dev, s->trig);
	if (ret)
		return ret;
	indio_dev->trig = iio_trigger_get(s->trig);
	return devm_iio_triggered_buffer_setup(dev, indio_dev,
					       iio_pollfunc_store_time,
					       iiosim_scan, NULL);
}

static int iiosim_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct iio_dev *indio_dev;
	struct iiosim *s;
	int ret, n;

	indio_dev = devm_iio_device_alloc(dev, sizeof(*s));
	if (!indio_dev)
		return -ENOMEM;
	s = iio_priv(indio_dev);
	s->dev = dev;
	s->indio_dev = indio_dev;
	s->period_ns = div_u64(NSEC_PER_SEC, rate_hz);
	mutex_init(&s->bus);
	srt_latch_init(&s->cmd_latch);
	srt_latch_init(&s->adc_latch);
	ret = iiosim_convs(s);
	if (ret)
		return dev_err_probe(dev, ret, "a channel's scale or offset\n");

	indio_dev->name = IIOSIM_NAME;
	indio_dev->info = &iiosim_info;
	indio_dev->modes = INDIO_DIRECT_MODE;
	indio_dev->channels = iiosim_channels(dev, &n);
	if (!indio_dev->channels)
		return -ENOMEM;
	indio_dev->num_channels = n;

	ret = iiosim_start_plant(dev, s);
	if (ret)
		return ret;
	if (!unbuffered) {
		ret = iiosim_setup_buffer(dev, s);
		if (ret)
			return dev_err_probe(dev, ret, "trigger or buffer\n");
	}
	ret = devm_iio_device_register(dev, indio_dev);
	if (ret)
		return ret;
	/* Registered last, so it goes first: no lookup finds a dying device. */
	if (iiosim_cfg.maps[0].consumer_channel) {
		ret = devm_iio_map_array_register(dev, indio_dev,
						  iiosim_cfg.maps);
		if (ret)
			return dev_err_probe(dev, ret, "iio_map\n");
	}
	if (!unbuffered) {
		ret = iiosim_cb_setup(dev, s);
		if (ret)
			return ret;
	}
	s->file = debugfs_create_file("status", 0444, iiosim_dir, s,
				      &iiosim_fops);
	return devm_add_action_or_reset(dev, iiosim_remove_file, s->file);
}

static int iiosim_probe_once(struct platform_device *pdev)
{
	iiosim_cfg.probe_ret = iiosim_probe(pdev);
	return iiosim_cfg.probe_ret;
}

static struct platform_driver iiosim_driver = {
	.probe = iiosim_probe_once,
	.driver = {
		.name = IIOSIM_NAME,
	},
};

/*
 * map= as iio_map entries: "CONSUMER=CHANNEL" pairs between commas, each
 * consumer channel once, each CHANNEL one of the device's.  The reason
 * for a refusal goes to the log.
 */
static int __init iiosim_parse_map(void)
{
	char *rest, *pair, *eq, q[SRT_QUOTE_LEN], q2[SRT_QUOTE_LEN];
	unsigned int n = 0, i;

	iiosim_cfg.map_text = kstrdup(map, GFP_KERNEL);
	if (!iiosim_cfg.map_text)
		return -ENOMEM;
	rest = iiosim_cfg.map_text;
	while ((pair = strsep(&rest, ","))) {
		if (!*pair)
			continue;
		eq = strchr(pair, '=');
		if (!eq || eq == pair || !eq[1]) {
			pr_err("map: %s is not CONSUMER_CHANNEL=CHANNEL\n",
			       srt_quote_str(q, sizeof(q), pair));
			return -EINVAL;
		}
		*eq = '\0';
		if (iiosim_chan_index(eq + 1) < 0) {
			pr_err("map: %s: no channel named %s\n",
			       srt_quote_str(q, sizeof(q), pair),
			       srt_quote_str(q2, sizeof(q2), eq + 1));
			return -EINVAL;
		}
		for (i = 0; i < n; i++) {
			if (!strcmp(iiosim_cfg.maps[i].consumer_channel, pair)) {
				pr_err("map: consumer channel %s given twice\n",
				       srt_quote_str(q, sizeof(q), pair));
				return -EINVAL;
			}
		}
		if (n == IIOSIM_MAP_MAX) {
			pr_err("map: more than %u entries\n", IIOSIM_MAP_MAX);
			return -EINVAL;
		}
		iiosim_cfg.maps[n].consumer_dev_name = SRT_IIO_CONSUMER;
		iiosim_cfg.maps[n].consumer_channel = pair;
		iiosim_cfg.maps[n].adc_channel_label = eq + 1;
		n++;
	}
	if (!unbuffered)
		iiosim_cb_map(n);
	return 0;
}

static int __init iiosim_init(void)
{
	int ret;

	if (rate_hz < IIOSIM_RATE_MIN || rate_hz > IIOSIM_RATE_MAX) {
		pr_err("rate_hz=%u is not in %u..%u\n", rate_hz,
		       IIOSIM_RATE_MIN, IIOSIM_RATE_MAX);
		return -EINVAL;
	}
	ret = iiosim_parse_map();
	if (ret)
		goto err_free_map;
	iiosim_cfg.plant_text = srt_plant_load(plant,
					       div_u64(NSEC_PER_SEC, rate_hz));
	if (IS_ERR(iiosim_cfg.plant_text)) {
		ret = PTR_ERR(iiosim_cfg.plant_text);
		goto err_free_map;
	}
	iiosim_dir = debugfs_create_dir("shieldrt_iiosim", NULL);
	ret = platform_driver_register(&iiosim_driver);
	if (ret)
		goto err_remove_dir;
	/* Probed here, synchronously: a failed probe refuses the module. */
	iiosim_pdev = platform_device_register_simple(IIOSIM_NAME,
						      PLATFORM_DEVID_NONE,
						      NULL, 0);
	if (IS_ERR(iiosim_pdev)) {
		ret = PTR_ERR(iiosim_pdev);
		goto err_unregister_driver;
	}
	if (iiosim_cfg.probe_ret) {
		ret = iiosim_cfg.probe_ret;
		goto err_unregister_device;
	}
	return 0;

err_unregister_device:
	platform_device_unregister(iiosim_pdev);
err_unregister_driver:
	platform_driver_unregister(&iiosim_driver);
err_remove_dir:
	debugfs_remove_recursive(iiosim_dir);
	kfree(iiosim_cfg.plant_text);
err_free_map:
	kfree(iiosim_cfg.map_text);
	return ret;
}

static void __exit iiosim_exit(void)
{
	platform_device_unregister(iiosim_pdev);
	platform_driver_unregister(&iiosim_driver);
	debugfs_remove_recursive(iiosim_dir);
	kfree(iiosim_cfg.plant_text);
	kfree(iiosim_cfg.map_text);
}

module_init(iiosim_init);
module_exit(iiosim_exit);
MODULE_DESCRIPTION("shieldrt simulated ADC/DAC: an IIO device with a triggered buffer and a plant model");
MODULE_LICENSE("GPL");
