/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Algorithm chains inside loops: a compiled chain (kchain) per loop, the
 * staging of parameter sets and their hand-off to the loop thread.  The
 * loop hands this part its struct srt_loop_chain and, per call, what it
 * needs of the loop: whether its thread runs, its period, its region.
 *
 * Who does what:
 *   - srt_lock (the config mutex) serialises every writer-side call here:
 *     loading a chain, staging, committing, describing, and the block type
 *     registry (blocks_api.c).  The callers (the loop's operations in
 *     lifecycle.c) hold it.
 *   - The loop thread calls srt_chain_cycle() once per cycle; it takes no
 *     lock.  It finds a requested commit in chain.pending (xchg) and
 *     answers through done_gen (store-release); the writer, still holding
 *     srt_lock, polls for that answer and frees what was retired.
 *   - A new chain (a structure change) is loaded only into a loop that is
 *     not running, so the loop thread never sees the chain pointer change;
 *     the loop applies its signal counts (and so its region) itself.
 *
 * Every call into algorithms/ sits inside srt_fpu_begin()/srt_fpu_end()
 * (kmod/compat.h): parsing, staging and describing too, since they compute
 * with doubles.  Memory is allocated before a section is entered.
 */
#ifndef SHIELDRT_CHAIN_H
#define SHIELDRT_CHAIN_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include "uapi/shieldrt.h"
#include "blocks_api.h"

struct srt_pset;
struct srt_region;

/* The UAPI's limits: chain text, and staged text since the last commit. */
#define SRT_CHAIN_TEXT_MAX	SHIELDRT_CHAIN_TEXT_MAX
#define SRT_STAGE_TEXT_MAX	SHIELDRT_PARAMS_TEXT_MAX

/*
 * The parameter commits since the chain was loaded, the newest
 * SRT_COMMIT_LOG of them: what a recording needs to replay a run across
 * commits (the "commits" view).  srt_lock.
 */
#define SRT_COMMIT_LOG		16
struct srt_commit_rec {
	u64 gen;			/* the loop's commit generation */
	u64 cycle;			/* the cycle it took effect, 0 if stopped */
	bool running;			/* taken by the running loop */
	u32 params;			/* assignments it carried */
	size_t len;
	char *text;			/* its staged text (kmalloc'ed) */
};

/* Per loop; see the top of this file for who touches what. */
struct srt_loop_chain {
	/* What every cycle reads, first: one 64-byte line. */
	struct srt_kchain *kc;		/* srt_lock; fixed while running */
	struct srt_chain *c;		/* kc's (srt_kchain_chain()), or NULL */
	struct srt_pset *pending;	/* hand-off to the loop: xchg */
	bool fpu_empty;			/* no chain: run an empty section */
	bool want_reset;		/* loop: reset the chain next cycle */
	bool tainted;			/* loop: a non-finite step since reset */
	bool committed;			/* srt_lock: a commit happened */
	u32 nr_params;			/* of the pending set, for the trace */
	/* native words: acquire/release need them on 32-bit ARM */
	unsigned long pending_gen;	/* written before pending is */
	unsigned long done_gen;		/* loop: store-release */
	u64 commit_cycle;		/* loop: the cycle it took effect */
	const char *name;		/* the loop's, for the trace */

	/* Staging: srt_lock. */
	void *staged_buf;		/* a READY set of kc, or NULL */
	char *staged_text;		/* assignments it holds */
	size_t staged_len;
	u32 staged_params;
	void *active_buf;		/* set the loop steps; NULL: arena's */
	u64 gen;			/* commits requested so far */

	/* srt_lock; commit N (1-based since the load) in log[(N-1) % size] */
	u64 log_total;
	struct srt_commit_rec log[SRT_COMMIT_LOG];
};

/* What one cycle's chain section reports to the accounting. */
struct srt_chain_cycle {
	bool ran;			/* an FPU section was entered */
	bool stepped;
	bool nonfinite;
	bool bad_input;
	bool committed;
	s32 bad_signal;			/* nonfinite: the first bad signal */
	s32 bad_block;			/* and the block driving it */
};

/* @name: the loop's, which outlives its chain. */
void srt_chain_init(struct srt_loop_chain *ch, const char *name);
/* Bytes the chain, its sets and its logged texts take (srt_lock). */
u64 srt_chain_mem_bytes(const struct srt_loop_chain *ch);

/*
 * Writer side: srt_lock held.  A chain is compiled for a loop's period
 * (blank text: no chain, *kcp NULL) and, once the loop took its signal
 * counts, swapped in for the stopped loop's old one.
 */
int srt_chain_compile(const char *text, size_t len, u64 period_ns,
		      struct srt_kchain **kcp, char *err, size_t errlen);
void srt_chain_swap(struct srt_loop_chain *ch, struct srt_kchain *kc);
int srt_chain_stage(struct srt_loop_chain *ch, const char *text, size_t len,
		    char *err, size_t errlen);
/*
 * Commit the staged set: a @running loop takes it at its next cycle
 * boundary (which @cycle gets), a stopped one now (cycle 0, told to
 * @region as well).  @period_ns bounds the wait.
 */
int srt_chain_commit_staged(struct srt_loop_chain *ch, bool running,
			    u64 period_ns, struct srt_region *region,
			    u64 *cycle, char *err, size_t errlen);
int srt_chain_check_start(struct srt_loop_chain *ch, u64 period_ns,
			  char *err, size_t errlen);
/* The loop is unlinked and stopped: nothing steps the chain any more. */
void srt_chain_release(struct srt_loop_chain *ch);

/* Any context. */
void srt_chain_set_fpu_empty(struct srt_loop_chain *ch, bool on);

bool srt_chain_wants_fpu(const struct srt_loop_chain *ch);
void srt_chain_request_reset(struct srt_loop_chain *ch);
/* Loop thread: answer a commit request taken at cycle @cycle. */
void srt_chain_ack(struct srt_loop_chain *ch, u64 cycle, bool ok,
		   struct srt_region *region);

/*
 * Loop thread: the chain part of one cycle, in ONE FPU section: a pending
 * reset, a pending commit (so this cycle's step already uses the new
 * set), then the step unless run->step is false (safe state).  Without a
 * chain, and with fpu_empty set, an empty section is entered instead
 * (benchmark baseline).  The caller fills @run's fpu_held, step, in and
 * out; the outcome goes to @r, a commit's cycle to @region too.  It takes
 * no clock reading of its own: the cycle times it with its own (the
 * chain_ns counters, srt_account_chain()).  Inline, so the cycle makes
 * one call for its chain (srt_kchain_run()), whose request lives in the
 * cycle context, not on the stack, where the kernels' INIT_STACK_ALL_ZERO
 * would clear it and a stack canary guard it every cycle.
 */
static inline void srt_chain_cycle(struct srt_loop_chain *ch,
				   struct srt_kchain_run *run,
				   struct srt_chain_cycle *r, u64 cycle,
				   struct srt_region *region)
{
	struct srt_chain *c = ch->c;

	if (!c) {
		if (!READ_ONCE(ch->fpu_empty))
			return;
		if (!run->fpu_held) {
			srt_fpu_begin();
			srt_fpu_end();
		}
		r->ran = true;
		return;
	}
	run->commit = NULL;
	/* Pairs with the writer's store-release in srt_commit_running(). */
	if (READ_ONCE(ch->pending))
		run->commit = xchg(&ch->pending, NULL);
	run->reset = ch->want_reset;

	srt_kchain_run(c, run);

	if (unlikely(run->reset)) {
		ch->want_reset = false;
		ch->tainted = false;
	}
	r->ran = true;
	r->stepped = run->step;
	r->bad_input = run->bad_input;
	r->nonfinite = run->nonfinite;
	/* else they stay 0 (the context is cleared every cycle) */
	if (unlikely(run->nonfinite)) {
		r->bad_signal = run->bad_signal;
		r->bad_block = run->bad_block;
		ch->tainted = true;
	}
	if (unlikely(run->commit)) {
		r->committed = run->committed;
		srt_chain_ack(ch, cycle, run->committed, region);
	}
}

#endif /* SHIELDRT_CHAIN_H */
