/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * A block type: one kind of algorithm a chain may use, described by its
 * parameter schema, its ports, how much memory an instance needs, and its
 * operations.  The control library's built-in types (algorithms/) and
 * other modules' types (registered through include/shieldrt_blocks.h)
 * fill the same struct.
 *
 * Memory comes from the caller: an instance owns a state area (state_size
 * bytes) and reads a configuration area (cfg_size bytes) that prepare()
 * derives from the parameter values.  Deriving happens when a chain is
 * parsed or a parameter set is staged, never in step(); committing a
 * staged set only swaps which configuration the steps read.
 *
 * This header is safe for code built without FPU flags: double appears
 * only as struct members and behind pointers.  Anything that computes with
 * the values (the ops themselves) must run inside an FPU section.  It
 * builds in the kernel and in user space (the library's host builds).
 */
#ifndef SHIELDRT_BLOCK_TYPE_H
#define SHIELDRT_BLOCK_TYPE_H

#include <linux/types.h>
#ifndef __KERNEL__
#include <stdbool.h>
#endif

/*
 * Names in chains and the type registry (types, blocks, signals,
 * parameters): at most SRT_IDENT_LEN - 1 characters, kept with their NUL.
 * Not the ABI's loop names (SHIELDRT_NAME_MAX): a different namespace.
 */
#define SRT_IDENT_LEN		32
#define SRT_MAX_PARAMS		32	/* schema entries per type */
#define SRT_MAX_PVALS		320	/* doubles per instance (vectors included) */
#define SRT_MAX_PORTS		32	/* inputs or outputs per instance */
#define SRT_MAX_STATE		65536	/* bytes of state per instance */
#define SRT_MAX_CFG		4096	/* bytes of configuration per instance */
#define SRT_ALIGN		16	/* alignment of state and cfg areas */

/* srt_param_desc.flags */
#define SRT_P_INT	0x1	/* value must be an integer */
/* fixes the block's shape (ports, sizes): cannot change in a staged set */
#define SRT_P_STRUCT	0x2

struct srt_param_desc {
	const char *name;
	double def;		/* default (every element of a vector) */
	double min;		/* inclusive limits, checked per element */
	double max;
	const char *unit;	/* "s", "Hz", "V", "" for none */
	const char *help;	/* one line */
	__u16 len;		/* elements: 1 for a scalar, N for a vector */
	__u16 flags;
};

/* srt_block_type.flags */
/*
 * Outputs depend on the same step's inputs.  A type without it computes its
 * outputs from state alone in step() and reads its inputs in update(), after
 * every block of the cycle has stepped; such blocks may close feedback loops.
 */
#define SRT_BT_FEEDTHROUGH	0x1

/*
 * What the type's ops see of a parameter set: the values (each parameter
 * at its offset, see srt_param_offset()), and per parameter how many
 * elements were given in the text (0 = defaulted; vectors may be partial).
 */
struct srt_pview {
	const double *v;
	const __u16 *count;
	double dt;		/* the chain's period in seconds */
};

struct srt_block_type {
	const char *name;
	const char *help;
	const struct srt_param_desc *params;
	__u16 n_params;
	/* fixed port counts, or the maximum when ports() is set */
	__u16 n_in;
	__u16 n_out;
	const char *const *in_names;	/* n_in (maximum) entries */
	const char *const *out_names;
	__u32 flags;
	__u32 state_size;
	__u32 cfg_size;

	/* optional: port counts that depend on SRT_P_STRUCT parameters */
	void (*ports)(const struct srt_pview *p, __u16 *n_in, __u16 *n_out);
	/* optional: overrides SRT_BT_FEEDTHROUGH from the parameters */
	bool (*feedthrough)(const struct srt_pview *p);
	/* optional: cross-parameter checks; NULL if fine, else a reason */
	const char *(*check)(const struct srt_pview *p);
	/* required: derive the configuration area from parameter values */
	void (*prepare)(void *cfg, const struct srt_pview *p);
	/* required: set the state to its initial conditions */
	void (*reset)(void *state, const void *cfg);
	/* required: one sample */
	void (*step)(void *state, const void *cfg, const double *in,
		     double *out);
	/* required iff not feedthrough: advance the state with the inputs */
	void (*update)(void *state, const void *cfg, const double *in);
	/*
	 * optional: a new configuration takes over between two steps; adjust
	 * the state so the output does not jump (bumpless transfer).
	 */
	void (*retune)(void *state, const void *old_cfg, const void *new_cfg);
};

#endif /* SHIELDRT_BLOCK_TYPE_H */
