/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The control library's block types: the model (struct srt_block_type,
 * include/shieldrt_block_type.h, which other modules' types use too), the
 * helpers over a type's schema, and the type registry.
 */
#ifndef SRT_BLOCK_H
#define SRT_BLOCK_H

#include "srt_types.h"
#include "../include/shieldrt_block_type.h"

/* Offset of parameter idx in a value vector: the lengths before it. */
u32 srt_param_offset(const struct srt_block_type *t, u32 idx);
u32 srt_param_nvals(const struct srt_block_type *t);
int srt_param_find(const struct srt_block_type *t, const char *name,
		   size_t len);

/*
 * Registry.  Built-in types are always there; srt_block_register() adds up
 * to SRT_MAX_EXTRA_TYPES more (another module's algorithm).  The library
 * does no locking: the caller serialises register/unregister/lookup
 * (the kernel side under its config mutex).  A type must stay registered
 * and its memory alive while any chain uses it; the caller tracks that.
 */
#define SRT_MAX_EXTRA_TYPES	32

const struct srt_block_type *srt_block_lookup(const char *name, size_t len);
/* i-th registered type (built-ins first), NULL past the end */
const struct srt_block_type *srt_block_type_at(u32 i);
/* 0, or SRT_EINVAL/SRT_EEXIST/SRT_ENOSPC with *why set */
int srt_block_register(const struct srt_block_type *t, const char **why);
int srt_block_unregister(const struct srt_block_type *t);
/* Sanity of a type description (names, sizes, required ops). */
const char *srt_block_type_invalid(const struct srt_block_type *t);

#endif /* SRT_BLOCK_H */
