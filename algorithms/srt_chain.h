/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Chains: block instances wired by named signals, compiled from text.
 *
 * Life of a chain (the kernel side and userctl do the same):
 *
 *   1. srt_chain_parse() compiles the text into a caller-given arena: the
 *      chain object, its signals, the state of every block and its first
 *      parameter set all live there; nothing else is allocated, ever.  A
 *      text with any error is rejected whole, with a one-line reason.
 *   2. The loop calls srt_chain_step() once per period.  A new chain is
 *      swapped in by the caller between two steps (pointer exchange).
 *   3. New parameter values: srt_pset_init() + srt_pset_stage() outside
 *      the loop (validation and coefficient design happen here), then
 *      srt_chain_commit() between two steps: it swaps the set the steps
 *      read and runs the blocks' bumpless retune.  A step reads the active
 *      set once, so no step ever sees half of one set and half of another.
 *
 * Every call here computes with doubles: in the kernel, call them inside
 * kernel_fpu_begin()/kernel_neon_begin() sections.  This header itself has
 * no double in any prototype, so code built without FPU flags can include
 * it.  Nothing here locks: steps, commits and resets of one chain must come
 * from one thread (the loop) or be serialised by the caller.
 *
 * Text format: see algorithms/README.md.
 */
#ifndef SRT_CHAIN_H
#define SRT_CHAIN_H

#include "srt_block.h"

/*
 * A chain's signals are its named wires, its inputs and outputs among
 * them: not the module's loop signals (SHIELDRT_MAX_SIGNALS per side, in
 * include/uapi/shieldrt.h), which a loop's chain must fit in as well.
 */
#define SRT_MAX_BLOCKS		64
#define SRT_MAX_CHAIN_SIGNALS	256
#define SRT_MAX_IO		64	/* chain inputs, and chain outputs */
#define SRT_LINE_MAX		512
#define SRT_TEXT_MAX		(256 * 1024)
#define SRT_ERR_MAX		160
/* The shortest place a message is shown in: the UAPI's err[] (128). */
#define SRT_ERR_SHOWN		128
/* A chain's period_us: a loop's range (10 us .. 1 s, kmod/lib/config.h). */
#define SRT_CHAIN_PERIOD_US_MIN	10
#define SRT_CHAIN_PERIOD_US_MAX	1000000

/* A rejection: the line (0 if none) and one line of reason, NUL-ended. */
struct srt_err {
	u32 line;
	char msg[SRT_ERR_MAX];
};

struct srt_chain;
struct srt_pset;

/*
 * Compile text[0..len).  period_ns: the loop's period; 0 to take it from
 * the text (period_us), otherwise the text's period_us, if present, must
 * match.  Returns 0 and *out, or a negative code (SRT_EINVAL bad text,
 * SRT_ENOSPC arena too small: err says how much was needed so far) with
 * err filled.  arena must be aligned to SRT_ALIGN.
 */
int srt_chain_parse(const char *text, size_t len, u32 period_ns,
		    void *arena, size_t arena_size, struct srt_chain **out,
		    struct srt_err *err);
/* Arena bytes the chain occupies (the tail of the arena is unused). */
size_t srt_chain_bytes(const struct srt_chain *c);

u32 srt_chain_period_ns(const struct srt_chain *c);
u32 srt_chain_n_inputs(const struct srt_chain *c);
u32 srt_chain_n_outputs(const struct srt_chain *c);
u32 srt_chain_n_blocks(const struct srt_chain *c);
u32 srt_chain_n_signals(const struct srt_chain *c);
const char *srt_chain_input_name(const struct srt_chain *c, u32 i);
const char *srt_chain_output_name(const struct srt_chain *c, u32 i);
const char *srt_chain_signal_name(const struct srt_chain *c, u32 i);

/* srt_chain_step() status bits; 0 means a clean step */
#define SRT_STEP_BAD_INPUT	0x1	/* an input was NaN/Inf: previous kept */
#define SRT_STEP_NONFINITE	0x2	/* a block output NaN/Inf: all held */

/*
 * One period: in[] holds srt_chain_n_inputs() values, out[] receives
 * srt_chain_n_outputs() values, both as IEEE-754 double bit patterns.
 * A non-finite input is replaced by that input's previous value.  If any
 * block output (internal wires included) is not finite after the step,
 * every signal goes back to its value after the last clean step, out[]
 * gets those held values, and SRT_STEP_NONFINITE is returned: the caller
 * decides (the loop enters its safe state).  Block states may still hold
 * the bad values; srt_chain_reset() clears them before resuming.
 */
int srt_chain_step(struct srt_chain *c, const u64 *in, u64 *out);
/* All block states to initial conditions, all signals to zero. */
void srt_chain_reset(struct srt_chain *c);

struct srt_chain_stats {
	u64 steps;
	u64 nonfinite_steps;	/* steps that returned SRT_STEP_NONFINITE */
	u64 bad_inputs;		/* non-finite input values replaced */
	u64 commits;
	u64 commit_step;	/* steps done when the last commit took effect */
	s32 last_bad_signal;	/* first non-finite signal of the last bad step, -1 */
	s32 last_bad_block;	/* the block driving it, -1 */
};

void srt_chain_get_stats(const struct srt_chain *c, struct srt_chain_stats *st);

/*
 * Human-readable dump of the compiled chain: one `block` line per
 * instance in execution order with every parameter's active value, in the
 * chain text format.  Returns the length it needed (like snprintf).
 */
size_t srt_chain_describe(const struct srt_chain *c, char *buf, size_t size);

/* ---- parameter sets ---- */

/* Bytes for one parameter set of this chain (aligned to SRT_ALIGN). */
size_t srt_pset_size(const struct srt_chain *c);
/*
 * Lay out a set in buf (size >= srt_pset_size(), SRT_ALIGN-aligned) as a
 * copy of the chain's active values.  NULL if buf is too small.
 */
struct srt_pset *srt_pset_init(const struct srt_chain *c, void *buf,
			       size_t size);
/*
 * Apply assignments `block.param=value[,value...]`, separated by blanks
 * or newlines, `#` comments allowed; then validate the whole set against
 * the schemas and prepare it.  Structural parameters (sizes, port counts)
 * and a block's feedthrough cannot change.  On error the set is marked
 * unusable (srt_pset_init() it again) and err says why.
 */
int srt_pset_stage(const struct srt_chain *c, struct srt_pset *ps,
		   const char *text, size_t len, struct srt_err *err);
/*
 * Make a staged set active; call between two steps.  Cheap: no design
 * work, only the blocks' retune (bumpless transfer) and a pointer swap.
 * *old receives the previously active set (its memory is the caller's
 * again once this returns).  SRT_EINVAL if ps is not a staged set of c.
 */
int srt_chain_commit(struct srt_chain *c, struct srt_pset *ps,
		     struct srt_pset **old);
/* The set steps read now. */
struct srt_pset *srt_chain_active(const struct srt_chain *c);

#endif /* SRT_CHAIN_H */
