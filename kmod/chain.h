/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Algorithm chains inside loops: a compiled chain (kchain) per loop, the
 * staging of parameter sets and their hand-off to the loop thread.
 *
 * Who does what:
 *   - srt_lock (the config mutex) serialises every writer-side call here:
 *     loading a chain, staging, committing, describing, and the block type
 *     registry (blocks_api.c).
 *   - The loop thread calls srt_chain_cycle() once per cycle; it takes no
 *     lock.  It finds a requested commit in loop->chain.pending (xchg) and
 *     answers through done_gen (store-release); the writer, still holding
 *     srt_lock, polls for that answer and frees what was retired.
 *   - A new chain (a structure change) is loaded only into a loop that is
 *     not running, so the loop thread never sees the chain pointer change.
 *
 * Every call into algorithms/ sits inside srt_fpu_begin()/srt_fpu_end()
 * (kmod/compat.h): parsing, staging and describing too, since they compute
 * with doubles.  Memory is allocated before a section is entered.
 */
#ifndef SHIELDRT_CHAIN_H
#define SHIELDRT_CHAIN_H

#include <linux/mutex.h>
#include <linux/types.h>
#include "uapi/shieldrt.h"
#include "loop_list.h"

struct srt_chain;
struct srt_pset;
struct srt_loop;
struct srt_cycle_ctx;

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

/* A compiled chain and the memory it lives in. */
struct srt_kchain {
	void *arena;
	size_t arena_size;
	struct srt_chain *c;
	u32 n_in, n_out;
	u32 period_ns;
	u32 n_blocks;
	u64 types_used;		/* bits: blocks_api.c extra type slots */
};

/* Per loop; see the top of this file for who touches what. */
struct srt_loop_chain {
	struct srt_kchain *kc;		/* srt_lock; fixed while running */
	bool fpu_empty;			/* no chain: run an empty section */

	/* Staging: srt_lock. */
	void *staged_buf;		/* a READY set of kc, or NULL */
	char *staged_text;		/* assignments it holds */
	size_t staged_len;
	u32 staged_params;
	void *active_buf;		/* set the loop steps; NULL: arena's */
	u64 gen;			/* commits requested so far */

	/* Hand-off to the loop thread. */
	struct srt_pset *pending;	/* xchg */
	/* native words: acquire/release need them on 32-bit ARM */
	unsigned long pending_gen;	/* written before pending is */
	unsigned long done_gen;		/* loop: store-release */
	u64 commit_cycle;		/* loop: the cycle it took effect */
	u32 nr_params;			/* of the pending set, for the trace */
	bool tainted;			/* loop: a non-finite step since reset */
	bool want_reset;		/* loop: reset the chain next cycle */
	bool committed;			/* srt_lock: a commit happened */

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
	u64 section_ns;			/* clock before begin to after end */
};

/* Writer side (process context, take srt_lock themselves). */
int srt_chain_load(struct srt_loop *loop, const char *text, size_t len,
		   char *err, size_t errlen);
int srt_chain_stage(struct srt_loop *loop, const char *text, size_t len,
		    char *err, size_t errlen);
int srt_chain_commit_request(struct srt_loop *loop, u64 *cycle,
			     char *err, size_t errlen);
int srt_chain_set_fpu_empty(struct srt_loop *loop, bool on);

/* With srt_lock held. */
int srt_chain_check_start(struct srt_loop *loop, char *err, size_t errlen);
void srt_chain_loop_release(struct srt_loop *loop);

/* Loop thread. */
void srt_chain_cycle(struct srt_loop *loop, struct srt_cycle_ctx *c,
		     bool step);
bool srt_chain_wants_fpu(struct srt_loop *loop);
void srt_chain_request_reset(struct srt_loop *loop);

/*
 * blocks_api.c: the only kmod file that includes the library's headers
 * (their SRT_MAX_CHAIN_SIGNALS counts a chain's wires, SRT_MAX_SIGNALS
 * a loop's inputs or outputs).
 * Each call is one FPU section.  *_locked: srt_lock held.
 */

struct srt_kchain *srt_kchain_compile_locked(const char *text, size_t len,
					     u32 period_ns, char *err,
					     size_t errlen);
void srt_kchain_free_locked(struct srt_kchain *kc);
/*
 * A new READY set in a fresh buffer (*bufp, kvfree it): the active values,
 * then the assignments of @prev (already accepted once), then @text's.
 * -EINVAL with "line N: reason" (lines of @text), -ENOMEM.
 */
int srt_kchain_stage(struct srt_kchain *kc, const char *prev, size_t plen,
		     const char *text, size_t len, void **bufp, char *err,
		     size_t errlen);
/* A staged set's handle for the hand-off. */
struct srt_pset *srt_kchain_set(void *buf);
/* Commit outside a run (the loop is stopped); 0 or -EINVAL. */
int srt_kchain_commit_now(struct srt_kchain *kc, struct srt_pset *ps);
/* Back to initial conditions (the loop is stopped). */
void srt_kchain_reset_now(struct srt_kchain *kc);
/* The chain in the text format, kvmalloc'ed; NULL when out of memory. */
char *srt_kchain_describe(struct srt_kchain *kc, size_t *len);
/*
 * The name of the chain's input (@out false) or output @i, copied into
 * @buf (the library's names live in its arena).
 */
void srt_kchain_signal_name(struct srt_kchain *kc, bool out, u32 i,
			    char *buf, size_t size);

/* One cycle's section: a reset, a commit, a step, each if asked for. */
struct srt_kchain_run {
	bool fpu_held;			/* the caller's FPU section is open */
	bool reset;
	struct srt_pset *commit;	/* in: the set to make active */
	bool step;
	const u64 *in;
	u64 *out;
	bool committed;			/* out */
	bool nonfinite;
	bool bad_input;
	s32 bad_signal;
	s32 bad_block;
};

void srt_kchain_run(struct srt_kchain *kc, struct srt_kchain_run *r);

#endif /* SHIELDRT_CHAIN_H */
