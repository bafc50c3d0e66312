/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Internal layout of chains and parameter sets (chain_parse.c,
 * chain_run.c), and what both use of chain_params.c.
 */
#ifndef SRT_CHAIN_IMPL_H
#define SRT_CHAIN_IMPL_H

#include "srt_chain.h"
#include "srt_blocks.h"
#include "../include/shieldrt_quote.h"

#define SRT_CHAIN_MAGIC	0x73727463	/* "srtc" */
#define SRT_PSET_MAGIC	0x73727470	/* "srtp" */

enum srt_pset_state {
	SRT_PSET_DRAFT,		/* values being edited, cfg stale */
	SRT_PSET_READY,		/* validated and prepared, may be committed */
	SRT_PSET_ACTIVE,	/* the set steps read */
	SRT_PSET_BAD,		/* a stage failed: unusable until re-init */
};

struct srt_pset {
	u32 magic;
	u32 state;
	const struct srt_chain *chain;
	double *vals;		/* every instance's values, see srt_inst */
	u16 *cnt;		/* elements given, per instance parameter */
	u8 *cfg;		/* every instance's prepared configuration */
};

struct srt_inst {
	const struct srt_block_type *type;
	char name[SRT_IDENT_LEN];
	void *state;
	u32 val_off;		/* into srt_pset.vals */
	u32 cnt_off;		/* into srt_pset.cnt */
	u32 cfg_off;		/* into srt_pset.cfg */
	u16 n_in, n_out;
	u16 out_sig;		/* outputs are signals out_sig.. out_sig+n_out-1 */
	u16 line;
	bool ft;
	u16 in_sig[SRT_MAX_PORTS];
};

/*
 * One block of the step order, compiled for srt_chain_step(): a gain is
 * stepped by the runner itself (no call, no gather); any other block is
 * called through its type, with its inputs in place when they are
 * adjacent signals of a feedthrough block (which cannot be fed by its
 * own outputs), else gathered first.
 */
enum srt_step_op {
	SRT_OP_GAIN,		/* sig[out] = k * sig[in0], k the prepared cfg */
	SRT_OP_CALL,		/* type->step(state, cfg, &sig[in0], &sig[out]) */
	SRT_OP_GATHER,		/* the same with the inputs gathered into buf */
};

struct srt_step {
	u8 op;			/* enum srt_step_op */
	u16 blk;		/* index into srt_chain.blk */
	u16 in0;		/* first input signal */
	u16 out;		/* first output signal */
	u32 cfg_off;		/* into srt_pset.cfg */
};

/*
 * What srt_chain_step() reads and writes comes first: the counts, the
 * pointers and the step count in the first 64-byte line, the outputs'
 * signals in the next, then the compiled order, whose first blocks share
 * a line; the statistics a step rarely changes, and what compiling,
 * introspection and the rare paths use, follow.
 */
struct srt_chain {
	u32 n_blk, n_sig, n_in, n_out;
	u32 n_upd;
	double *sig;		/* the step's work buffer */
	double *good;		/* the last clean step's; swapped (chain_run.c) */
	const u8 *cfg;		/* active->cfg, so a step reads no set header */
	struct srt_inst *blk;
	u64 n_steps;		/* st.steps, counted here (srt_chain_get_stats()) */
	u16 out_sig[SRT_MAX_IO];
	struct srt_step steps[SRT_MAX_BLOCKS];	/* the order, compiled */
	struct srt_pset *active;
	struct srt_chain_stats st;	/* but steps: n_steps */
	u16 upd[SRT_MAX_BLOCKS];	/* blocks that take update() */
	double buf[SRT_MAX_PORTS];	/* gathered inputs of one block */
	u32 magic;
	u32 period_ns;
	double dt;
	u32 n_vals, n_cnt, cfg_bytes;
	size_t bytes;
	char (*sig_name)[SRT_IDENT_LEN];
	s16 *sig_driver;	/* block index, -1 for chain inputs */
	u16 order[SRT_MAX_BLOCKS];	/* step order */
	u16 in_sig[SRT_MAX_IO];
};

static inline void srt_pview_of(const struct srt_chain *c,
				const struct srt_pset *ps,
				const struct srt_inst *b, struct srt_pview *pv)
{
	pv->v = ps->vals + b->val_off;
	pv->count = ps->cnt + b->cnt_off;
	pv->dt = c->dt;
}

void srt_err_set(struct srt_err *err, u32 line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool srt_signal_name_ok(const char *s, size_t len, bool dots);
/* parse one value list "v[,v...]" for parameter idx of type t */
int srt_param_parse(const struct srt_block_type *t, u32 idx, const char *s,
		    size_t len, double *vals, u16 *cnt, const char **why);
/* validate a whole instance's values against schema and check() */
/*
 * Bytes of the text echoed in a message: quoted and escaped into @q, a
 * char[SRT_QUOTE_LEN] of the caller's (include/shieldrt_quote.h), cut
 * short so the reason after it still fits.
 */
#define SRT_ERR_QUOTE(q, s, len)	srt_quote((q), sizeof(q), (s), (len))

/* One element of a parameter against its schema; "line N: " if @line. */
int srt_param_value_check(const struct srt_inst *b,
			  const struct srt_param_desc *d, double v,
			  struct srt_err *err, u32 line);
int srt_inst_validate(const struct srt_chain *c, const struct srt_inst *b,
		      const struct srt_pset *ps, struct srt_err *err, u32 line);

#endif /* SRT_CHAIN_IMPL_H */
