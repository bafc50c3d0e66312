/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compiled chains (blocks_api.c): the only kmod file that includes the
 * control library's headers (their SRT_MAX_CHAIN_SIGNALS counts a
 * chain's wires, SRT_MAX_SIGNALS a loop's inputs or outputs).  A loop's
 * chain (chain.c) and other modules (include/shieldrt_blocks.h) use a
 * struct srt_kchain through these calls.
 */
#ifndef SHIELDRT_BLOCKS_API_H
#define SHIELDRT_BLOCKS_API_H

#include <linux/types.h>

struct srt_chain;
struct srt_pset;

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

/* Each call is one FPU section.  *_locked: srt_lock held. */
struct srt_kchain *srt_kchain_compile_locked(const char *text, size_t len,
					     u32 period_ns, char *err,
					     size_t errlen);
void srt_kchain_free_locked(struct srt_kchain *kc);
/*
 * Bytes it takes (alloc_size.h): @set NULL, the chain and its arena;
 * else @set, a buffer srt_kchain_stage() gave.
 */
u64 srt_kchain_mem_bytes(struct srt_kchain *kc, const void *set);
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

/*
 * The chain a loop's cycle steps, kc's: fixed while kc lives, so the
 * loop keeps it beside kc and its cycle reads nothing of struct
 * srt_kchain.
 */
struct srt_chain *srt_kchain_chain(const struct srt_kchain *kc);
void srt_kchain_run(struct srt_chain *c, struct srt_kchain_run *r);

#endif /* SHIELDRT_BLOCKS_API_H */
