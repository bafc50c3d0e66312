/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shieldrt's in-kernel I/O provider API (GPL symbols of shieldrt.ko).
 *
 * A provider is a module that moves a loop's inputs in from a device and
 * its outputs out to one, inside the loop's cycle, with no process in the
 * middle: a DAQ card, a fieldbus master, a reflective-memory window.  It
 * registers by name; a loop binds it to ranges of its signals when the
 * loop is created, with the key
 *
 *	io=NAME[:in=F[-L]][:out=F[-L]][:trigger][,NAME...]
 *
 * (inclusive signal indices; "trigger": this binding starts the cycles of
 * a mode=external loop).  Device details (which card, which offsets) are
 * the provider's own business: its module parameters, say.
 *
 * When each callback runs:
 *   bind/unbind  process context, may sleep, when the loop is created or
 *                destroyed (and unbind when the provider goes away).  The
 *                loop's lifecycle lock is held: call nothing of shieldrt's
 *                but srt_io_lock/unlock and srt_io_trigger from them.
 *   read         in the loop's cycle, inside its section, with the
 *                binding's I/O lock held (IRQs off): fill in[0..n_in) with
 *                IEEE-754 double bit patterns.  Atomic: no sleeping, no
 *                allocation, no FPU (the values are bit patterns).
 *   write        in the loop's cycle, after the outputs were checked
 *                (finite, within limits); in safe state it receives the
 *                safe values with @safe set.  Same rules as read, but
 *                without the I/O lock.
 *   output       the output stage, for devices whose writes sleep (a DAC
 *                on SPI or I2C, through a subsystem that takes mutexes):
 *                in the loop's thread after the section is closed and
 *                before the wait, in process context with preemption and
 *                interrupts on; it may sleep.  It receives what write
 *                does, the checked outputs or the safe values with @safe
 *                set.  Its time counts in the cycle's compute time: a
 *                loop with an output stage ends its cycle (end_ns, the
 *                overrun and budget checks) after it.
 *   show         optional; process context, may sleep, the loop's
 *                lifecycle lock held (as for bind): the binding's own
 *                figures as text lines, each "word: ..." (a word ending
 *                in a colon), for the loop's "io" view, which shows them
 *                under the binding's line (so user space reads them
 *                through /dev/shieldrt, VIEW "io", debugfs or not).
 *   reset        optional; the same context: clear those figures (the
 *                loop's reset request, RESET, calls it).
 * A negative return from read, write or output is counted and traced as
 * an I/O error (a write error for write and output); the cycle goes on
 * (a failed read leaves that cycle's inputs as they were).
 *
 * The I/O lock is the loop's raw spinlock (its own, or the one it shares
 * by lock=NAME): a provider that deposits samples from its interrupt
 * handler takes it with srt_io_lock(), so the cycle always reads one
 * consistent set.
 *
 * Unregistering a provider that is bound puts each such loop in safe state
 * (reason "io"), waits until no cycle is inside its callbacks, and calls
 * its write() (preemption off) and output() (may sleep) once more with the
 * safe values so the device is left safe, then unbind(); after
 * srt_io_unregister() returns, none of them is called again and no
 * binding of it exists.  shieldrt holds no reference on the provider's
 * module, so a bound provider can be unloaded: its module exit must call
 * srt_io_unregister() (and stop its own timers in unbind).
 */
#ifndef SHIELDRT_IO_H
#define SHIELDRT_IO_H

#include <linux/list.h>
#include <linux/types.h>

struct module;
struct seq_file;
struct srt_io_binding;

struct srt_io_provider {
	const char *name;	/* 1..15 of [A-Za-z0-9_-] */
	struct module *owner;	/* THIS_MODULE */
	int (*bind)(struct srt_io_binding *b, char *err, size_t errlen);
	void (*unbind)(struct srt_io_binding *b);
	int (*read)(struct srt_io_binding *b, u64 *in);
	int (*write)(struct srt_io_binding *b, const u64 *out, bool safe);
	int (*output)(struct srt_io_binding *b, const u64 *out, bool safe);
	void (*show)(struct srt_io_binding *b, struct seq_file *m);
	void (*reset)(struct srt_io_binding *b);

	/* shieldrt's, under its registry lock */
	struct list_head node;
	unsigned int bindings;
};

/* What a provider sees of one binding; read-only but for priv. */
struct srt_io_binding {
	const struct srt_io_provider *provider;
	const char *loop;	/* the loop's name */
	int cpu;		/* the loop's CPU */
	u64 period_ns;		/* the loop's (expected trigger) period */
	u32 in_first, n_in;	/* inputs this binding fills */
	u32 out_first, n_out;	/* outputs it receives */
	bool trigger;		/* it starts the cycles (mode=external) */
	void *priv;		/* the provider's, set in bind */
};

/*
 * 0; -EINVAL for a bad name or none of read, write and output (any two
 * may be NULL), -EEXIST if the name is taken.  A binding with outputs
 * needs write or output (both, if the provider has both, are called).
 */
int srt_io_register(struct srt_io_provider *p);
void srt_io_unregister(struct srt_io_provider *p);

/*
 * Start one cycle of the bound mode=external loop, now.  Any context,
 * hard interrupts included.  A trigger from a binding that is not the
 * loop's trigger binding, or for a loop that is not running, is counted
 * and traced as rejected and does nothing else.
 */
void srt_io_trigger(struct srt_io_binding *b);

/*
 * From read() or write() only (the loop's cycle): the data this binding
 * reads from elsewhere (another node's block in a reflective memory, say)
 * is no longer fresh enough to control with, or what it writes is not
 * safe to go on writing (another writer in the same place).  The loop
 * enters safe state, reason "remote", before the outputs are published:
 * this cycle's, from read(); the next cycle's, from write(), whether or
 * not the binding reads.  It stays there until it is resumed; a loop
 * already in safe state is unchanged.
 */
void srt_io_remote_fault(struct srt_io_binding *b);

/*
 * The device behind this binding went away (unplugged, its driver
 * unbound): the loop enters safe state, reason "io", at its next cycle or
 * trigger wait, and its start and resume are refused (ENODEV) until it is
 * destroyed and created again, as when a provider goes away.  The
 * provider's callbacks are still called (write and output with the safe
 * values), so a binding's other devices are held safe.  Any context.
 */
void srt_io_lost(struct srt_io_binding *b);

/* The binding's I/O lock (a raw spinlock, IRQs saved); any context. */
unsigned long srt_io_lock(struct srt_io_binding *b);
void srt_io_unlock(struct srt_io_binding *b, unsigned long flags);

#endif /* SHIELDRT_IO_H */
