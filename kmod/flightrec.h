/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The flight recorder: a per-loop ring of the last N cycles, written by
 * the loop thread every cycle, frozen M cycles after a trigger (overrun,
 * entering safe state, manual) so the cycles around the event survive
 * until someone dumps them and re-arms it.
 *
 * What a record keeps: the cycle's timing sample (why it was late), the
 * signals the loop chose (config flight_signals: by default the first 8
 * inputs, what it computed with, and outputs, what it computed or held in
 * safe state), and whether this cycle asked for safe state and why.  That
 * answers "what happened around the trip" without a trace running.  A
 * record is 88 bytes plus 8 per signal: 216 with the default 16, 600 with
 * all 64 (1024 records: 216 KiB or 600 KiB per loop).
 *
 * Protocol (freeze-then-read, no lock on the loop's side):
 *
 *   loop thread                         reader / rearm (under fr->lock)
 *   if acquire(frozen): skip     (A)    if !acquire(frozen): nothing to read (B)
 *   write record, bookkeeping           read records and bookkeeping
 *   on freeze: release(frozen = 1) (B)  rearm: reset bookkeeping,
 *                                             release(frozen = 0)  (A)
 *
 * While frozen the loop thread touches nothing but the atomic count of
 * ignored triggers, so a 32-bit reader cannot see a torn u64; while armed
 * nobody but the loop thread reads the records.  fr->lock keeps a rearm
 * (or a resize at start) from pulling the ring out from under a reader.
 */
#ifndef SHIELDRT_FLIGHTREC_H
#define SHIELDRT_FLIGHTREC_H

#include <linux/atomic.h>
#include <linux/mutex.h>
#include <linux/types.h>
#include "shieldrt_cycle.h"
#include "uapi/shieldrt.h"
#include "config.h"
#include "name_list.h"

#define SRT_FR_SIGNALS	SHIELDRT_FLIGHT_SIGNALS	/* of each, first layout */
#define SRT_FR_MAX_SEL	SHIELDRT_FLIGHT_MAX_SEL
#define SRT_FR_NAME_LEN	SRT_FLIGHT_NAME_LEN	/* a chain's signal name */

/*
 * A record's note is SHIELDRT_FLIGHT_HELD (outputs not published: safe)
 * and SHIELDRT_FLIGHT_TRIP (the cycle asked for safe state); its trigger
 * one of SHIELDRT_FLTRIG_* (names and count: name_list.h), the
 * recorder's state one of SHIELDRT_FLIGHT_OFF.._FROZEN.
 */
struct srt_flight_rec {
	struct srt_cycle_sample s;
	u32 note;
	u32 safe_why;			/* SHIELDRT_SAFE_* if TRIP */
	u64 v[];			/* nsel values, f64 bit patterns */
};

/* The signals a record keeps, in order, and their names. */
struct srt_flight_sigs {
	u32 nsel;
	u16 sel[SRT_FR_MAX_SEL];	/* SHIELDRT_SEL_OUT | index */
	char names[SRT_FR_MAX_SEL][SRT_FR_NAME_LEN];
};

struct srt_flight {
	/*
	 * What every cycle reads and writes comes first, in 64 bytes with
	 * the selection's count (sigs.nsel): the rest only when triggered.
	 */
	void *ring;			/* nr records; changed only stopped */
	u32 nr;
	u32 stride;			/* bytes from one record to the next */
	/*
	 * The selection's leading runs, set with sigs: sel[0..in_run) are
	 * inputs 0, 1, ... and the next out_run are outputs 0, 1, ...  (the
	 * default choice is both): copied without decoding each selector.
	 */
	u32 in_run;
	u32 out_run;
	u32 triggers;			/* BIT(SHIELDRT_FLTRIG_*), READ_ONCE */
	int frozen;			/* see the protocol above */
	unsigned long manual;		/* bit 0: manual trigger pending */
	/* Loop thread while armed; stable while frozen. */
	u64 written;			/* records since armed */
	u32 pos;			/* slot of the next record */
	bool triggered;
	bool cut_short;			/* stopped before post cycles passed */
	struct srt_flight_sigs sigs;	/* what each record keeps */

	u32 post;			/* cycles recorded after the trigger */
	u32 left;			/* cycles still to record, triggered */
	u32 why;			/* SHIELDRT_FLTRIG_* */
	u64 trigger_cycle;
	u64 trigger_index;		/* record number of the trigger cycle */
	atomic_t ignored;		/* triggers while triggered or frozen */
	u32 epoch;			/* bumped on every rearm, under lock */
	struct mutex lock;		/* readers vs rearm and resize */
};

/* srt_fr_advance() with a trigger @why or inside a window. */
static inline bool srt_fr_trigger(struct srt_flight *fr, u32 why, u64 cycle)
{
	if (!fr->triggered) {
		fr->triggered = true;
		fr->why = why;
		fr->trigger_cycle = cycle;
		fr->trigger_index = fr->written;
		fr->left = fr->post;
	} else {
		if (why)
			atomic_inc(&fr->ignored);
		fr->left--;
	}
	fr->written++;
	return !fr->left;
}

/*
 * The ring's bookkeeping, pure (KUnit suite shieldrt_flight): after the
 * record of cycle @cycle went into slot fr->pos, move on and act on the
 * trigger @why (SHIELDRT_FLTRIG_NONE: none).  Returns true when the window is
 * complete and the ring must freeze.  The usual cycle, neither triggering
 * nor inside a window, goes straight through.
 */
static inline bool srt_fr_advance(struct srt_flight *fr, u32 why, u64 cycle)
{
	fr->pos = fr->pos + 1 == fr->nr ? 0 : fr->pos + 1;
	if (likely(!(why | fr->triggered))) {
		fr->written++;
		return false;
	}
	return srt_fr_trigger(fr, why, cycle);
}

/*
 * A frozen window: how many records it holds, the record number of the
 * oldest (@first) and its slot (@slot); record i of the window is in slot
 * (@slot + i) % nr.
 */
static inline u32 srt_fr_window(const struct srt_flight *fr, u64 *first,
				u32 *slot)
{
	u32 n = fr->written < fr->nr ? fr->written : fr->nr;

	*first = fr->written - n;
	*slot = fr->written > fr->nr ? fr->pos : 0;
	return n;
}

/* Automatic triggers; manual is always on. */
#define SRT_FR_AUTO	(BIT(SHIELDRT_FLTRIG_OVERRUN) | BIT(SHIELDRT_FLTRIG_SAFE))

extern const char * const srt_fr_trigger_names[SRT_NR_FR_TRIGGERS];
extern const char * const srt_flight_state_names[SRT_NR_FLIGHT_STATES];

/* srt_flight_status(): a view of the recorder under its lock. */
struct srt_flight_status {
	u32 state;			/* SHIELDRT_FLIGHT_OFF.._FROZEN */
	u32 epoch;			/* changes with every rearm */
	u32 triggers;			/* BIT(SHIELDRT_FLTRIG_*) on */
	u32 size, post;
	u32 allocated;			/* 0: the ring comes at start */
	u32 stride;			/* bytes a record takes in the ring */
	const struct srt_flight_sigs *sigs;	/* valid under fr->lock */
	bool triggered;
	u32 why;			/* SHIELDRT_FLTRIG_* */
	u32 left;
	u32 ignored;
	/* frozen */
	u32 n;				/* records in the window */
	u64 trigger_cycle;
	u64 before, after, lost;
	bool cut_short;
};

enum srt_flight_op {
	SRT_FLIGHT_OP_TRIGGER,
	SRT_FLIGHT_OP_REARM,
	SRT_FLIGHT_OP_SET_TRIGGERS,
};

struct srt_kchain;

/*
 * The loop hands this part its struct srt_flight and, per call, what
 * the recorder needs of the loop: its configuration (flight_cycles,
 * flight_post, flight_signals), its signal counts and chain (the names
 * flight_signals may use) when a run is prepared, the cycle's sample
 * and values when one is recorded.
 */
void srt_flight_init(struct srt_flight *fr);
void srt_flight_free(struct srt_flight *fr);
/* Bytes its ring takes (alloc_size.h); 0 before the first start. */
u64 srt_flight_mem_bytes(struct srt_flight *fr);
int srt_flight_prepare(struct srt_flight *fr, const struct srt_config *cfg,
		       u32 n_in, u32 n_out, struct srt_kchain *kc,
		       const char *name, char *err, size_t errlen);
void srt_flight_run_begin(struct srt_flight *fr);
/*
 * One cycle's record: its sample, SHIELDRT_FLIGHT_HELD and SHIELDRT_FLIGHT_TRIP in @note,
 * the safe reason it asked for, the inputs it computed with and the
 * outputs it published (or held).
 */
void srt_flight_cycle(struct srt_flight *fr, const struct srt_cycle_sample *s,
		      u32 note, u32 safe_why, const u64 *in, const u64 *out);
void srt_flight_run_end(struct srt_flight *fr);

/*
 * The admin layer's operations.  Control: srt_lock held, @running says
 * whether the loop's thread runs, @name is the loop's for the reason.
 */
int srt_flight_control(struct srt_flight *fr, const struct srt_config *cfg,
		       bool running, const char *name, enum srt_flight_op op,
		       u32 on, char *err, size_t errlen);
void srt_flight_lock(struct srt_flight *fr);
void srt_flight_unlock(struct srt_flight *fr);
void srt_flight_status(struct srt_flight *fr, const struct srt_config *cfg,
		       struct srt_flight_status *st);
const struct srt_flight_rec *srt_flight_record(struct srt_flight *fr, u32 i);

#endif /* SHIELDRT_FLIGHTREC_H */
