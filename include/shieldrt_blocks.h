/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shieldrt's in-kernel API for other modules (GPL symbols of shieldrt.ko).
 *
 * Block types: a module (a site's own algorithm, a DAQ driver's filter)
 * describes its type with struct srt_block_type (shieldrt_block_type.h)
 * and registers it; chains loaded afterwards may use it by name.  The
 * type's ops run inside shieldrt's FPU section, so the module builds the
 * file holding them with FPU flags (see algorithms/algorithms.kbuild) and
 * everything else without.  The description and the ops must stay alive
 * until srt_blocks_unregister() succeeds: it refuses (-EBUSY) while any
 * compiled chain, in a loop or in another module, uses the type.
 *
 * Chains: a module may compile a chain text of its own and step it from
 * its own context, one thread at a time (steps are not locked).  Steps run
 * inside an FPU section taken by srt_blocks_chain_step(); call it from a
 * context that may use the FPU (not from a hard interrupt on ARM).
 * Compiling and freeing sleep.
 */
#ifndef SHIELDRT_BLOCKS_H
#define SHIELDRT_BLOCKS_H

#include <linux/types.h>
#include "shieldrt_block_type.h"

struct srt_kchain;

/*
 * 0; -EINVAL if the description is unusable (the reason goes to the
 * kernel log), -EEXIST if a type of that name exists, -ENOSPC if the
 * registry is full.
 */
int srt_blocks_register(const struct srt_block_type *t);
/* 0; -ENOENT if not registered, -EBUSY while a compiled chain uses it. */
int srt_blocks_unregister(const struct srt_block_type *t);
/* Chains that currently use the type (0 when it is not registered). */
unsigned int srt_blocks_users(const struct srt_block_type *t);

/*
 * Compile a chain (text format: algorithms/README.md).  period_ns 0 takes
 * the text's period_us.  ERR_PTR(-EINVAL) with "line N: reason" in err,
 * ERR_PTR(-ENOMEM), or the chain.
 */
struct srt_kchain *srt_blocks_chain_compile(const char *text, size_t len,
					    u32 period_ns, char *err,
					    size_t errlen);
u32 srt_blocks_chain_inputs(const struct srt_kchain *kc);
u32 srt_blocks_chain_outputs(const struct srt_kchain *kc);
/*
 * One period: in[]/out[] hold the chain's inputs/outputs as IEEE-754
 * double bit patterns.  Returns the SRT_STEP_* bits of srt_chain.h
 * (0: a clean step).
 */
int srt_blocks_chain_step(struct srt_kchain *kc, const u64 *in, u64 *out);
void srt_blocks_chain_free(struct srt_kchain *kc);

#endif /* SHIELDRT_BLOCKS_H */
