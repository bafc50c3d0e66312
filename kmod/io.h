/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A loop's I/O provider bindings (the API is include/shieldrt_io.h).
 *
 * Who touches what:
 *   - srt_lock guards the provider registry, binding and unbinding, and
 *     the list of loops with bindings that unregister walks.
 *   - The loop thread calls the providers' read/write inside an RCU
 *     read-side section, their output stage (which may sleep) inside an
 *     SRCU one (srt_io_srcu), and only through b->prov, read once;
 *     unregister clears b->prov, waits for a grace period of both, then
 *     unbinds.  So after srt_io_unregister() no callback of that provider
 *     runs.
 *   - srt_io_trigger() may come from any context; it wakes the loop
 *     through io.task, which stop clears and waits a grace period for.
 *
 * The loop hands this part its own state (struct srt_loop_io) and, when
 * binding, what the providers need of the loop: its name, CPU and period
 * (from the configuration), its I/O lock and its safe output values.
 */
#ifndef SHIELDRT_IO_KMOD_H
#define SHIELDRT_IO_KMOD_H

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include "../include/shieldrt_io.h"
#include "config.h"

struct srt_loop_io;

/* One binding's cost and outcome, per callback kind. */
struct srt_io_cost {
	u64 calls;
	u64 errors;
	u64 ns_sum;
	u64 ns_max;
};

struct srt_io_bind {
	/*
	 * pub.provider lives in the provider's module: dereference it only
	 * while bound; its name is also in the loop's config (cfg.io[i]).
	 */
	struct srt_io_binding pub;
	struct srt_io_provider *prov;	/* NULL once the provider is gone */
	struct srt_loop_io *io;		/* the bindings it is one of */
	bool bound;			/* srt_lock: unbind still owed */
	/*
	 * Loop thread: srt_io_remote_fault() from a read or a write, taken
	 * by the next srt_io_cycle_read().
	 */
	bool remote_fault;
	bool lost;			/* srt_io_lost(): its device went away */
	/* loop thread, under stats_seq */
	struct srt_io_cost rd, wr, out;
};

struct srt_loop_io {
	/* What every cycle reads, first. */
	u32 n;
	bool staged;			/* a binding has an output stage */
	bool gone;			/* a provider or a device went away */
	raw_spinlock_t *lock;		/* the loop's I/O lock */
	const u64 *safe_out;		/* what a provider that leaves writes */
	struct list_head node;		/* srt_lock: loops unregister visits */
	struct srt_io_bind b[SRT_IO_MAX_BINDINGS];
	struct srt_io_bind *trig;	/* mode=external: the trigger */

	/* External triggers: any context writes, the loop thread reads. */
	struct task_struct *task;	/* RCU: whom a trigger wakes */
	atomic_long_t trig_seq;		/* triggers so far (release) */
	u64 trig_ns;			/* time of the newest trigger */
	unsigned long seen_seq;		/* loop thread: last one taken */
	atomic_long_t rejected;		/* triggers refused */
};

/* What one cycle's I/O did, folded into the stats by the account step. */
struct srt_io_cycle {
	u64 rd_ns[SRT_IO_MAX_BINDINGS];
	u64 wr_ns[SRT_IO_MAX_BINDINGS];
	u64 out_ns[SRT_IO_MAX_BINDINGS];
	u8 rd_err, wr_err, out_err;	/* bits per binding */
	u8 rd_done, wr_done, out_done;
	bool remote_fault;		/* a read or the last write asked for safe */
	u64 triggers;			/* external: taken by this wake */
};

void srt_io_init(struct srt_loop_io *io);

/* srt_lock held. */
/* Every binding's provider is there and can read or write as asked. */
int srt_io_check_specs(const struct srt_config *cfg, char *err,
		       size_t errlen);
/*
 * Bind what @cfg names (cfg->io): the providers get @name (the loop's,
 * which outlives the bindings), and read and write under @lock.
 */
int srt_io_bind_all(struct srt_loop_io *io, const struct srt_config *cfg,
		    const char *name, raw_spinlock_t *lock,
		    const u64 *safe_out, char *err, size_t errlen);
void srt_io_unbind_all(struct srt_loop_io *io);
/* The bound providers' own figures cleared (their optional reset). */
void srt_io_reset(struct srt_loop_io *io);
/* Every bound provider is still there (ENODEV and its name if not). */
int srt_io_check_present(const struct srt_loop_io *io,
			 const struct srt_config *cfg, char *err,
			 size_t errlen);
int srt_io_check_start(const struct srt_loop_io *io,
		       const struct srt_config *cfg, u32 n_in, u32 n_out,
		       char *err, size_t errlen);
void srt_io_run_begin(struct srt_loop_io *io, struct task_struct *task);
void srt_io_run_end(struct srt_loop_io *io);

/*
 * Loop thread.  A read pass puts each clean read into the loop's inputs
 * @in, through @buf (scratch of SRT_MAX_SIGNALS values).
 */
void srt_io_cycle_read(struct srt_loop_io *io, struct srt_io_cycle *ic,
		       u64 *in, u64 *buf, bool io_lock_held);
void srt_io_cycle_write(struct srt_loop_io *io, struct srt_io_cycle *ic,
			const u64 *out, bool safe);
/* After the section, in process context: the providers' output stages. */
void srt_io_cycle_output(struct srt_loop_io *io, struct srt_io_cycle *ic,
			 const u64 *out, bool safe);
void srt_io_account(struct srt_loop_io *io, const struct srt_io_cycle *ic);

/* A bound provider went away: the loop goes to safe state (reason io). */
static inline bool srt_io_gone(const struct srt_loop_io *io)
{
	return READ_ONCE(io->gone);
}

/*
 * mode=external, loop thread: has a trigger come since the last one
 * taken?  @seq is the count to take them up to.  Pairs with the release
 * in srt_io_trigger().
 */
static inline bool srt_io_trigger_seen(const struct srt_loop_io *io,
				       unsigned long *seq)
{
	*seq = atomic_long_read_acquire(&io->trig_seq);
	return *seq != io->seen_seq;
}

/* Take the triggers up to @seq: how many came, and the newest one's time. */
static inline u64 srt_io_trigger_take(struct srt_loop_io *io,
				      unsigned long seq, u64 *count)
{
	*count = seq - io->seen_seq;
	io->seen_seq = seq;
	return READ_ONCE(io->trig_ns);
}

/* debugfs */
/* Registered providers (struct srt_io_provider), under srt_lock. */
extern struct list_head srt_io_providers;

#endif /* SHIELDRT_IO_KMOD_H */
