// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_simdaq: a simulated DAQ card, an I/O provider for shieldrt
 * loops (include/shieldrt_io.h), so the provider path can be exercised
 * without hardware.  A loop binds it with
 *
 *	io=simdaq:in=F-L[:out=F-L][:trigger]
 *
 * Each binding gets its own card:
 *
 *   plant thread  "simdaq/<loop>", SCHED_FIFO (low), unbound: it steps a
 *                 plant chain (a dc_motor by default, module parameter
 *                 "plant") every 1/rate_hz in process context, the only
 *                 place where its FPU code may run, driven by the last
 *                 command the loop wrote, and publishes the plant's
 *                 outputs for the converter through a latch.
 *   converter     a hard-IRQ hrtimer at rate_hz: takes the latest plant
 *                 outputs, deposits them as one numbered sample set under
 *                 the binding's I/O lock and, for a trigger binding,
 *                 starts the loop's cycle (srt_io_trigger).
 *   read, write   the loop's cycle copies the deposited set in, and hands
 *                 its outputs (or its safe values) to the plant.
 *
 * Channel mapping.  ADC channel i (the loop's input in_first + i) reads
 * plant output i; channels beyond the plant's outputs are not wired and
 * read +0.0.  Plant input j is driven by the loop's output out_first + j;
 * plant inputs beyond the binding's outputs (or before the first write)
 * get +0.0, and outputs beyond the plant's inputs go nowhere.
 *
 * Torn sets.  The converter writes the set channel by channel, each value
 * after a tag holding the set's sequence number, so a reader that did not
 * hold the I/O lock could see channels of two conversions.  read() checks
 * the tags and counts "torn" if they differ: under the lock that count
 * stays 0, which shows every cycle computed on one conversion.  The
 * parameter torn_test (a negative control) drops the lock and spreads
 * the deposit out, so a loop on another CPU does see torn sets.
 *
 * Locking.  bind and unbind run under shieldrt's lifecycle lock, which
 * compiling or freeing a chain takes too, so neither is done from them:
 * both go to an ordered workqueue (compile queued by bind, free by unbind,
 * run in that order).  The plant text is fixed at load, where it is also
 * compiled once as a check, so a bad text refuses the module instead of
 * failing later in a worker.  Until its chain is compiled a card's plant
 * outputs are 0.  The plant thread and the converter never take a lock of
 * shieldrt's but the binding's I/O lock.
 *
 * Counters per binding: /sys/kernel/debug/shieldrt_simdaq/<loop>.
 */
#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/error-injection.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>
#include "shieldrt_io.h"
#include "shieldrt_blocks.h"
#include "latch.h"
#include "plants.h"
#include "tagged.h"
#include "uapi/shieldrt.h"

#define SIMDAQ_NCH		SHIELDRT_MAX_SIGNALS
#define SIMDAQ_RATE_MIN		100
#define SIMDAQ_RATE_MAX		100000
#define SIMDAQ_ERR_LEN		128
#define SIMDAQ_TORN_DELAY_US	100

static unsigned int rate_hz = 1000;
module_param(rate_hz, uint, 0644);
MODULE_PARM_DESC(rate_hz,
		 "conversions (and plant steps) per second, 100..100000; read at bind");

static bool torn_test;
module_param(torn_test, bool, 0644);
MODULE_PARM_DESC(torn_test,
		 "test only: deposit without the I/O lock, 100 us between channels, so torn counts; read at bind");

static char *plant = "dcmotor";
module_param(plant, charp, 0444);
MODULE_PARM_DESC(plant,
		 "plant model: dcmotor, msd, lag, or a chain text with ';' between lines (in double quotes)");

/* The deposited sample set: written and read under the I/O lock only. */
struct simdaq_set {
	u64 seq;			/* 0: nothing converted yet */
	u32 tag[SIMDAQ_NCH];		/* low 32 bits of seq, per channel */
	u64 val[SIMDAQ_NCH];
};

struct simdaq {
	struct srt_io_binding *b;	/* NULL once unbound */
	char loop[SHIELDRT_NAME_LEN];	/* for the workers, which may outlive b */
	u64 period_ns;
	unsigned int rate_hz;
	bool torn_test;

	/* plant: compiled by compile_work, published with a release */
	struct srt_kchain *kc;
	u32 n_pin, n_pout;		/* set before kc is published */
	char plant_err[SIMDAQ_ERR_LEN];	/* why compile_work failed, */
	bool plant_failed;		/* ... published with a release */
	struct work_struct compile_work, free_work;
	struct task_struct *task;

	/* plant thread only */
	u64 cmd[SIMDAQ_NCH], pin[SIMDAQ_NCH], pout[SIMDAQ_NCH];
	u64 adc_next[SIMDAQ_NCH];

	struct srt_latch cmd_latch;	/* write() -> plant thread */
	struct srt_latch adc_latch;	/* plant thread -> converter */

	/* converter only */
	struct hrtimer timer;
	u64 conv[SIMDAQ_NCH];
	u64 next_seq;

	struct simdaq_set set;		/* converter -> read(), I/O lock */
	struct srt_tagged_reads rd;	/* read()'s counts, under the I/O lock */

	bool last_safe;
	atomic64_t samples, lost_samples, triggers;
	atomic64_t writes, writes_safe;
	atomic64_t plant_steps, plant_flags, plant_late;

	struct dentry *file;
};

static struct workqueue_struct *simdaq_wq;
static struct dentry *simdaq_dir;
static char *simdaq_text;		/* the plant chain, fixed at load */
static size_t simdaq_text_len;

static bool simdaq_rate_ok(unsigned int hz)
{
	return hz >= SIMDAQ_RATE_MIN && hz <= SIMDAQ_RATE_MAX;
}

/* ---- plant thread ---- */

static void simdaq_plant_step(struct simdaq *d, struct srt_kchain *kc)
{
	const struct srt_io_binding *b = d->b;
	u32 i;

	srt_latch_get(&d->cmd_latch, d->cmd, b->n_out);
	for (i = 0; i < d->n_pin; i++)
		d->pin[i] = i < b->n_out ? d->cmd[i] : 0;
	if (srt_blocks_chain_step(kc, d->pin, d->pout))
		atomic64_inc(&d->plant_flags);
	for (i = 0; i < b->n_in; i++)
		d->adc_next[i] = i < d->n_pout ? d->pout[i] : 0;
	srt_latch_put(&d->adc_latch, d->adc_next, b->n_in);
	atomic64_inc(&d->plant_steps);
}

static int simdaq_plant_thread(void *arg)
{
	struct simdaq *d = arg;
	ktime_t next = ktime_get();
	struct srt_kchain *kc;

	do {
		/* Pairs with the smp_store_release() in simdaq_compile(). */
		kc = smp_load_acquire(&d->kc);
		if (kc)
			simdaq_plant_step(d, kc);
	} while (srt_plant_wait(&next, d->period_ns, &d->plant_late));
	return 0;
}

/* ---- converter (hard interrupt) ---- */

/*
 * Channel by channel, each tag before its value, the set's number last:
 * only the I/O lock keeps a reader from seeing a mix.  The torn test
 * deposits without it and lingers between channels to show read() would
 * notice.
 */
static void simdaq_deposit(struct simdaq *d, u64 seq)
{
	u32 i;

	for (i = 0; i < d->b->n_in; i++) {
		if (d->torn_test && i)
			udelay(SIMDAQ_TORN_DELAY_US);
		WRITE_ONCE(d->set.tag[i], (u32)seq);
		WRITE_ONCE(d->set.val[i], d->conv[i]);
	}
	WRITE_ONCE(d->set.seq, seq);
}

static enum hrtimer_restart simdaq_convert(struct hrtimer *t)
{
	struct simdaq *d = container_of(t, struct simdaq, timer);
	struct srt_io_binding *b = d->b;
	unsigned long flags;
	u64 seq = ++d->next_seq, missed;

	srt_latch_get(&d->adc_latch, d->conv, b->n_in);
	if (d->torn_test) {
		simdaq_deposit(d, seq);
	} else {
		flags = srt_io_lock(b);
		simdaq_deposit(d, seq);
		srt_io_unlock(b, flags);
	}
	atomic64_inc(&d->samples);
	if (b->trigger) {
		srt_io_trigger(b);
		atomic64_inc(&d->triggers);
	}
	missed = hrtimer_forward_now(t, ns_to_ktime(d->period_ns));
	if (missed > 1)
		atomic64_add(missed - 1, &d->lost_samples);
	return HRTIMER_RESTART;
}

/* ---- provider callbacks ---- */

/* In the loop's cycle, I/O lock held, IRQs off. */
static int simdaq_read(struct srt_io_binding *b, u64 *in)
{
	struct simdaq *d = b->priv;

	if (!b->n_in)
		return 0;
	return srt_tagged_read(&d->rd, READ_ONCE(d->set.seq), d->set.tag,
			       d->set.val, in, b->n_in);
}

/* In the loop's cycle, after the outputs were checked. */
static int simdaq_write(struct srt_io_binding *b, const u64 *out, bool safe)
{
	struct simdaq *d = b->priv;

	srt_latch_put(&d->cmd_latch, out, b->n_out);
	WRITE_ONCE(d->last_safe, safe);
	atomic64_inc(&d->writes);
	if (safe)
		atomic64_inc(&d->writes_safe);
	return 0;
}

static int simdaq_show(struct seq_file *m, void *unused)
{
	struct simdaq *d = m->private;
	const struct srt_io_binding *b = d->b;
	struct srt_kchain *kc;
	bool failed;

	/* Pairs with simdaq_compile()'s release: the plant's sizes. */
	kc = smp_load_acquire(&d->kc);
	/* Pairs with simdaq_compile()'s release: the reason. */
	failed = smp_load_acquire(&d->plant_failed);
	seq_printf(m, "loop: %s\n", b->loop);
	seq_printf(m, "cpu: %d\n", b->cpu);
	seq_printf(m, "rate_hz: %u\n", d->rate_hz);
	if (d->torn_test)
		seq_puts(m, "# torn_test: deposits without the I/O lock\n");
	seq_printf(m, "trigger: %d\n", b->trigger);
	seq_printf(m, "in_first: %u\n", b->in_first);
	seq_printf(m, "n_in: %u\n", b->n_in);
	seq_printf(m, "out_first: %u\n", b->out_first);
	seq_printf(m, "n_out: %u\n", b->n_out);
	if (kc)
		seq_puts(m, "plant: ready\n");
	else if (failed)
		seq_printf(m, "plant: failed: %s\n", d->plant_err);
	else
		seq_puts(m, "plant: compiling\n");
	seq_printf(m, "plant_inputs: %u\n", kc ? d->n_pin : 0);
	seq_printf(m, "plant_outputs: %u\n", kc ? d->n_pout : 0);
	seq_printf(m, "plant_steps: %lld\n", atomic64_read(&d->plant_steps));
	seq_printf(m, "plant_flags: %lld\n", atomic64_read(&d->plant_flags));
	seq_printf(m, "plant_late: %lld\n", atomic64_read(&d->plant_late));
	seq_printf(m, "samples: %lld\n", atomic64_read(&d->samples));
	seq_printf(m, "lost_samples: %lld\n", atomic64_read(&d->lost_samples));
	seq_printf(m, "triggers: %lld\n", atomic64_read(&d->triggers));
	srt_tagged_reads_show(m, &d->rd);
	seq_printf(m, "writes: %lld\n", atomic64_read(&d->writes));
	seq_printf(m, "writes_safe: %lld\n", atomic64_read(&d->writes_safe));
	seq_printf(m, "last_safe: %d\n", READ_ONCE(d->last_safe));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(simdaq);

static void simdaq_compile(struct work_struct *w)
{
	struct simdaq *d = container_of(w, struct simdaq, compile_work);
	char err[SIMDAQ_ERR_LEN] = "";
	struct srt_kchain *kc;

	kc = srt_blocks_chain_compile(simdaq_text, simdaq_text_len,
				      d->period_ns, err, sizeof(err));
	if (IS_ERR(kc)) {
		strscpy(d->plant_err, err[0] ? err : "failed",
			sizeof(d->plant_err));
		pr_err("%s: plant chain: %s\n", d->loop, d->plant_err);
		/* The reason before the flag: pairs with simdaq_show(). */
		smp_store_release(&d->plant_failed, true);
		return;
	}
	/* Checked at load: the text has at most SIMDAQ_NCH of each. */
	d->n_pin = srt_blocks_chain_inputs(kc);
	d->n_pout = srt_blocks_chain_outputs(kc);
	/* The counts before the chain: pairs with the plant thread's acquire. */
	smp_store_release(&d->kc, kc);
}

/* Queued by unbind, after compile_work on the ordered queue. */
static void simdaq_free(struct work_struct *w)
{
	struct simdaq *d = container_of(w, struct simdaq, free_work);

	if (d->kc)
		srt_blocks_chain_free(d->kc);
	kfree(d);
}

static int simdaq_bind(struct srt_io_binding *b, char *err, size_t errlen)
{
	unsigned int hz = READ_ONCE(rate_hz);
	struct simdaq *d;

	if (!simdaq_rate_ok(hz)) {
		snprintf(err, errlen, "simdaq: rate_hz=%u is not in %u..%u",
			 hz, SIMDAQ_RATE_MIN, SIMDAQ_RATE_MAX);
		return -EINVAL;
	}
	if (!b->n_in && !b->n_out) {
		snprintf(err, errlen,
			 "simdaq: nothing to bind: give in=F-L and/or out=F-L");
		return -EINVAL;
	}
	if (b->n_in > SIMDAQ_NCH || b->n_out > SIMDAQ_NCH) {
		snprintf(err, errlen, "simdaq: at most %u channels each way",
			 SIMDAQ_NCH);
		return -EINVAL;
	}

	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d) {
		snprintf(err, errlen, "simdaq: out of memory");
		return -ENOMEM;
	}
	d->b = b;
	strscpy(d->loop, b->loop, sizeof(d->loop));
	d->rate_hz = hz;
	d->torn_test = READ_ONCE(torn_test);
	d->period_ns = div_u64(NSEC_PER_SEC, hz);
	srt_latch_init(&d->cmd_latch);
	srt_latch_init(&d->adc_latch);
	INIT_WORK(&d->compile_work, simdaq_compile);
	INIT_WORK(&d->free_work, simdaq_free);
	hrtimer_setup(&d->timer, simdaq_convert, CLOCK_MONOTONIC,
		      HRTIMER_MODE_ABS_HARD);

	/*
	 * Unbound: kthreads start on the housekeeping CPUs
	 * (HK_TYPE_KTHREAD), off the shielded ones.
	 */
	d->task = kthread_create(simdaq_plant_thread, d, "simdaq/%s", b->loop);
	if (IS_ERR(d->task)) {
		int ret = PTR_ERR(d->task);

		snprintf(err, errlen, "simdaq: no plant thread (%d)", ret);
		kfree(d);
		return ret;
	}
	sched_set_fifo_low(d->task);

	b->priv = d;
	queue_work(simdaq_wq, &d->compile_work);
	d->file = debugfs_create_file(b->loop, 0444, simdaq_dir, d,
				      &simdaq_fops);
	wake_up_process(d->task);
	hrtimer_start(&d->timer, ktime_add_ns(ktime_get(), d->period_ns),
		      HRTIMER_MODE_ABS_HARD);
	return 0;
}
/*
 * fail_function may fail it
 * (scripts/testbed/guest/tests/reliability-faults.sh)
 */
ALLOW_ERROR_INJECTION(simdaq_bind, ERRNO);

static void simdaq_unbind(struct srt_io_binding *b)
{
	struct simdaq *d = b->priv;

	/* After this no conversion, hence no trigger, is running or due. */
	hrtimer_cancel(&d->timer);
	kthread_stop(d->task);
	/* Waits for open readers of the file. */
	debugfs_remove(d->file);
	d->b = NULL;
	b->priv = NULL;
	/* The chain goes on the worker: freeing it takes shieldrt's lock. */
	queue_work(simdaq_wq, &d->free_work);
}

static struct srt_io_provider simdaq_provider = {
	.name = "simdaq",
	.owner = THIS_MODULE,
	.bind = simdaq_bind,
	.unbind = simdaq_unbind,
	.read = simdaq_read,
	.write = simdaq_write,
};

/* The plant text from the parameter, compiled once as a check. */
static int __init simdaq_plant_load(void)
{
	char *text = srt_plant_load(plant, div_u64(NSEC_PER_SEC, rate_hz));

	if (IS_ERR(text))
		return PTR_ERR(text);
	simdaq_text = text;
	simdaq_text_len = strlen(text);
	return 0;
}

static int __init simdaq_init(void)
{
	int ret;

	if (!simdaq_rate_ok(rate_hz)) {
		pr_err("rate_hz=%u is not in %u..%u\n", rate_hz,
		       SIMDAQ_RATE_MIN, SIMDAQ_RATE_MAX);
		return -EINVAL;
	}
	ret = simdaq_plant_load();
	if (ret)
		return ret;
	simdaq_wq = alloc_ordered_workqueue("shieldrt_simdaq", 0);
	if (!simdaq_wq) {
		ret = -ENOMEM;
		goto err_free_text;
	}
	simdaq_dir = debugfs_create_dir("shieldrt_simdaq", NULL);
	ret = srt_io_register(&simdaq_provider);
	if (ret) {
		pr_err("cannot register provider 'simdaq': %d\n", ret);
		goto err_remove_dir;
	}
	return 0;

err_remove_dir:
	debugfs_remove_recursive(simdaq_dir);
	destroy_workqueue(simdaq_wq);
err_free_text:
	kfree(simdaq_text);
	return ret;
}

static void __exit simdaq_exit(void)
{
	/* Unbinds every binding: their loops go to safe state (reason io). */
	srt_io_unregister(&simdaq_provider);
	/* Runs the compiles and frees unbind left, then stops the worker. */
	destroy_workqueue(simdaq_wq);
	debugfs_remove_recursive(simdaq_dir);
	kfree(simdaq_text);
}

module_init(simdaq_init);
module_exit(simdaq_exit);
MODULE_DESCRIPTION("shieldrt simulated DAQ: an I/O provider with a plant model");
MODULE_LICENSE("GPL");
