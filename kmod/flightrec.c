// SPDX-License-Identifier: GPL-2.0
/*
 * The flight recorder (protocol in flightrec.h): the loop thread's part
 * (one record per cycle, triggers, freezing), and the operations the
 * admin layer offers: trigger, rearm, choose triggers, read the window.
 */
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "alloc_size.h"
#include "flightrec.h"
#include "blocks_api.h"
#include "config.h"
#include "loop_list.h"
#include "shieldrt_cacheline.h"

static_assert(sizeof(struct srt_flight_rec) % sizeof(u64) == 0);

const char * const srt_fr_trigger_names[SRT_NR_FR_TRIGGERS] = {
	SHIELDRT_FLTRIG_LIST(SRT_NAME_AT)
};

const char * const srt_flight_state_names[SRT_NR_FLIGHT_STATES] = {
	SHIELDRT_FLIGHT_STATE_LIST(SRT_NAME_AT)
};

void srt_flight_init(struct srt_flight *fr)
{
	mutex_init(&fr->lock);
	fr->triggers = SRT_FR_AUTO;
	atomic_set(&fr->ignored, 0);
}

void srt_flight_free(struct srt_flight *fr)
{
	kvfree(fr->ring);
	mutex_destroy(&fr->lock);
}

u64 srt_flight_mem_bytes(struct srt_flight *fr)
{
	u64 bytes;

	mutex_lock(&fr->lock);
	bytes = srt_alloc_size(fr->ring, (size_t)fr->nr * fr->stride);
	mutex_unlock(&fr->lock);
	return bytes;
}

/* Under fr->lock, nobody writing: forget the window, record afresh. */
static void srt_flight_reset(struct srt_flight *fr)
{
	fr->written = 0;
	fr->pos = 0;
	fr->left = 0;
	fr->triggered = false;
	fr->cut_short = false;
	fr->why = SHIELDRT_FLTRIG_NONE;
	fr->trigger_cycle = 0;
	fr->trigger_index = 0;
	atomic_set(&fr->ignored, 0);
	clear_bit(0, &fr->manual);
	fr->epoch++;
}

/* Record @i of the ring (slot, not window order). */
static struct srt_flight_rec *srt_fr_slot(const struct srt_flight *fr, u32 i)
{
	return (struct srt_flight_rec *)((u8 *)fr->ring + (size_t)i * fr->stride);
}

/*
 * What a selection is resolved against: the loop's signal counts and its
 * chain (NULL: none), whose names the signals have.
 */
struct srt_fr_signals {
	u32 n_in, n_out;
	struct srt_kchain *kc;
	const char *loop;		/* the loop's name, for a reason */
};

/* Signal @i of kind @out of the loop, by its chain name or inK/outK. */
static void srt_fr_signal_name(const struct srt_fr_signals *sg, bool out,
			       u32 i, char *buf)
{
	if (sg->kc)
		srt_kchain_signal_name(sg->kc, out, i, buf, SRT_FR_NAME_LEN);
	else
		snprintf(buf, SRT_FR_NAME_LEN, "%s%u", out ? "out" : "in", i);
}

static int srt_fr_add(const struct srt_fr_signals *sg,
		      struct srt_flight_sigs *o, bool out, u32 i, char *err,
		      size_t errlen)
{
	u16 sel = (out ? SHIELDRT_SEL_OUT : 0) | i;
	u32 k;

	for (k = 0; k < o->nsel; k++) {
		if (o->sel[k] == sel) {
			snprintf(err, errlen,
				 "flight_signals: %s%u named twice", out ? "out" : "in", i);
			return -EINVAL;
		}
	}
	o->sel[o->nsel] = sel;
	srt_fr_signal_name(sg, out, i, o->names[o->nsel]);
	o->nsel++;
	return 0;
}

/* "inK" or "outK" with K below @n: K, else -1. */
static int srt_fr_index_name(const char *name, const char *kind, u32 n)
{
	size_t k = strlen(kind);
	unsigned int i;

	if (strncmp(name, kind, k) || !isdigit(name[k]) ||
	    (name[k] == '0' && name[k + 1]) || kstrtouint(name + k, 10, &i) ||
	    i >= n)
		return -1;
	return i;
}

/* One name of a flight_signals list: a chain signal's, or inK/outK. */
static int srt_fr_resolve_name(const struct srt_fr_signals *sg,
			       struct srt_flight_sigs *o, const char *name,
			       char *err, size_t errlen)
{
	u32 n_in = sg->n_in, n_out = sg->n_out, i;
	char buf[SRT_FR_NAME_LEN];
	int k;

	k = srt_fr_index_name(name, "in", n_in);
	if (k >= 0)
		return srt_fr_add(sg, o, false, k, err, errlen);
	k = srt_fr_index_name(name, "out", n_out);
	if (k >= 0)
		return srt_fr_add(sg, o, true, k, err, errlen);
	for (i = 0; sg->kc && i < n_in + n_out; i++) {
		srt_fr_signal_name(sg, i >= n_in, i >= n_in ? i - n_in : i,
				   buf);
		if (!strcmp(buf, name))
			return srt_fr_add(sg, o, i >= n_in,
					  i >= n_in ? i - n_in : i, err,
					  errlen);
	}
	snprintf(err, errlen,
		 "flight_signals: loop '%s' has no signal '%s' (%u inputs, %u outputs%s)",
		 sg->loop, name, n_in, n_out,
		 sg->kc ? "; see userctl chain show" : ", no chain: in0.., out0..");
	return -EINVAL;
}

/* The loop's flight_signals @spec, resolved against its signals and chain. */
static int srt_fr_resolve(const struct srt_fr_signals *sg, const char *spec,
			  struct srt_flight_sigs *o, char *err, size_t errlen)
{
	char name[SRT_FR_NAME_LEN];
	u32 n, i, k;
	int ret;

	o->nsel = 0;
	if (!strcmp(spec, "all") || !kstrtou32(spec, 10, &n)) {
		n = spec[0] == 'a' ? SRT_MAX_SIGNALS : n;
		for (i = 0; i < min(n, sg->n_in); i++)
			srt_fr_add(sg, o, false, i, err, errlen);
		for (i = 0; i < min(n, sg->n_out); i++)
			srt_fr_add(sg, o, true, i, err, errlen);
		return 0;
	}
	/* config.c checked the shape: names of 1..31 characters */
	while (*spec) {
		k = strcspn(spec, ",");
		if (k >= sizeof(name)) {
			snprintf(err, errlen, "flight_signals: a name over %zu characters",
				 sizeof(name) - 1);
			return -EINVAL;
		}
		memcpy(name, spec, k);
		name[k] = '\0';
		ret = srt_fr_resolve_name(sg, o, name, err, errlen);
		if (ret)
			return ret;
		spec += k + !!spec[k];
	}
	return 0;
}

/* The leading runs of @fr->sigs, as struct srt_flight says. */
static void srt_fr_runs(struct srt_flight *fr)
{
	const struct srt_flight_sigs *o = &fr->sigs;
	u32 k = 0, n_in;

	while (k < o->nsel && o->sel[k] == k)
		k++;
	n_in = k;
	while (k < o->nsel && o->sel[k] == (SHIELDRT_SEL_OUT | (k - n_in)))
		k++;
	fr->in_run = n_in;
	fr->out_run = k - n_in;
}

/*
 * Before a start (srt_lock held, no loop thread): size the ring as the
 * configuration says, for the signals it names.  A new size or a new
 * choice of signals drops what the old ring held; a bad name refuses the
 * start and leaves the recorder as it was.
 */
int srt_flight_prepare(struct srt_flight *fr, const struct srt_config *cfg,
		       u32 n_in, u32 n_out, struct srt_kchain *kc,
		       const char *name, char *err, size_t errlen)
{
	const struct srt_fr_signals sg = {
		.n_in = n_in, .n_out = n_out, .kc = kc, .loop = name,
	};
	struct srt_flight_sigs *sigs;
	void *ring = NULL, *old = NULL;
	u32 nr = cfg->flight_cycles, stride;
	bool change;
	int ret;

	lockdep_assert_held(&srt_lock);
	sigs = kzalloc(sizeof(*sigs), GFP_KERNEL);
	if (!sigs) {
		snprintf(err, errlen, "out of memory for the flight recorder");
		return -ENOMEM;
	}
	ret = srt_fr_resolve(&sg, cfg->flight_signals, sigs, err, errlen);
	if (ret)
		goto out_free;
	stride = sizeof(struct srt_flight_rec) + sizeof(u64) * sigs->nsel;
	change = nr != fr->nr || stride != fr->stride ||
		 memcmp(sigs->sel, fr->sigs.sel, sizeof(sigs->sel));
	if (change && nr) {
		ring = kvcalloc(nr, stride, GFP_KERNEL);
		if (!ring) {
			snprintf(err, errlen,
				 "out of memory for %u flight recorder records of %u bytes",
				 nr, stride);
			ret = -ENOMEM;
			goto out_free;
		}
	}
	mutex_lock(&fr->lock);
	fr->post = cfg->flight_post;
	/* the names may change with a new chain of the same shape */
	fr->sigs = *sigs;
	srt_fr_runs(fr);
	if (change) {
		old = fr->ring;
		fr->ring = ring;
		fr->nr = nr;
		fr->stride = stride;
		srt_flight_reset(fr);
		/* Nobody reads or writes: no pairing needed here. */
		WRITE_ONCE(fr->frozen, 0);
	}
	mutex_unlock(&fr->lock);
	kvfree(old);
out_free:
	kfree(sigs);
	return ret;
}

/* Loop thread, before its first cycle: a window never spans two runs. */
void srt_flight_run_begin(struct srt_flight *fr)
{
	/* (A): a window kept from the last run stays as it is. */
	if (!fr->nr || smp_load_acquire(&fr->frozen))
		return;
	fr->written = 0;
	fr->pos = 0;
	fr->left = 0;
	fr->triggered = false;
	fr->cut_short = false;
}

static void srt_flight_freeze(struct srt_flight *fr)
{
	/* (B): publishes every record and field; pairs with the reader. */
	smp_store_release(&fr->frozen, 1);
}

/*
 * The automatic trigger a cycle with sample flags @flags and @note
 * fires, if enabled.
 */
static u32 srt_flight_auto(const struct srt_flight *fr, u32 flags, u32 note)
{
	u32 on = READ_ONCE(fr->triggers);

	if ((on & BIT(SHIELDRT_FLTRIG_SAFE)) && (note & SHIELDRT_FLIGHT_TRIP))
		return SHIELDRT_FLTRIG_SAFE;
	if ((on & BIT(SHIELDRT_FLTRIG_OVERRUN)) &&
	    (flags & (SRT_CYC_OVERRUN | SRT_CYC_BUDGET)))
		return SHIELDRT_FLTRIG_OVERRUN;
	return SHIELDRT_FLTRIG_NONE;
}

/* What this cycle triggers: a pending manual request first. */
static u32 srt_flight_why(struct srt_flight *fr, u32 flags, u32 note)
{
	if (test_bit(0, &fr->manual) && test_and_clear_bit(0, &fr->manual))
		return SHIELDRT_FLTRIG_MANUAL;
	return srt_flight_auto(fr, flags, note);
}

/* Loop thread, end of every cycle: record it, then act on triggers. */
SRT_CYCLE_FN void srt_flight_cycle(struct srt_flight *fr,
				   const struct srt_cycle_sample *s, u32 note,
				   u32 safe_why, const u64 *in, const u64 *out)
{
	struct srt_flight_rec *r;
	u32 why, k, i, n_in, n_out;
	u64 *v;

	if (!fr->nr)
		return;
	/* (A): pairs with the release in srt_flight_rearm(). */
	if (smp_load_acquire(&fr->frozen)) {
		if (srt_flight_auto(fr, s->flags, note))
			atomic_inc(&fr->ignored);
		return;
	}
	r = srt_fr_slot(fr, fr->pos);
	r->s = *s;
	r->note = note;
	r->safe_why = safe_why;
	/* locals: the stores into r->v could alias fr for the compiler */
	n_in = fr->in_run;
	n_out = fr->out_run;
	for (k = 0; k < n_in; k++)
		r->v[k] = in[k];
	v = r->v + k;
	for (i = 0; i < n_out; i++)
		v[i] = out[i];
	for (k += i; k < fr->sigs.nsel; k++) {
		u16 sel = fr->sigs.sel[k];

		r->v[k] = sel & SHIELDRT_SEL_OUT ?
			  out[sel & ~SHIELDRT_SEL_OUT] : in[sel];
	}
	why = srt_flight_why(fr, s->flags, note);
	if (srt_fr_advance(fr, why, s->cycle))
		srt_flight_freeze(fr);
}

/* Loop thread, after its last cycle: a window in progress is kept. */
void srt_flight_run_end(struct srt_flight *fr)
{
	/* (A): pairs with the release in srt_flight_rearm(). */
	if (!fr->nr || smp_load_acquire(&fr->frozen) || !fr->triggered)
		return;
	fr->cut_short = true;
	srt_flight_freeze(fr);
}

/* ---- the admin layer's operations ---- */

/*
 * What the recorder is doing, and with a frozen window its bookkeeping;
 * under fr->lock (srt_flight_lock), so a rearm cannot move the window.
 */
void srt_flight_status(struct srt_flight *fr, const struct srt_config *cfg,
		       struct srt_flight_status *st)
{
	u64 first;
	u32 i, slot;

	lockdep_assert_held(&fr->lock);
	memset(st, 0, sizeof(*st));
	st->epoch = fr->epoch;
	st->triggers = READ_ONCE(fr->triggers);
	st->ignored = atomic_read(&fr->ignored);
	/* cfg read racily: a u32 the next start may change, for display */
	st->size = fr->nr ? fr->nr : READ_ONCE(cfg->flight_cycles);
	st->post = fr->nr ? fr->post : READ_ONCE(cfg->flight_post);
	st->allocated = fr->nr;
	st->stride = fr->stride;
	st->sigs = &fr->sigs;
	if (!st->size) {
		st->state = SHIELDRT_FLIGHT_OFF;
		return;
	}
	if (!smp_load_acquire(&fr->frozen)) {	/* (B) */
		st->triggered = READ_ONCE(fr->triggered);
		st->state = st->triggered ? SHIELDRT_FLIGHT_TRIGGERED :
			    SHIELDRT_FLIGHT_ARMED;
		st->why = READ_ONCE(fr->why);
		st->left = READ_ONCE(fr->left);
		return;
	}
	st->state = SHIELDRT_FLIGHT_FROZEN;
	st->why = fr->why;
	st->trigger_cycle = fr->trigger_cycle;
	st->n = srt_fr_window(fr, &first, &slot);
	st->before = fr->trigger_index - first;
	st->after = fr->written - 1 - fr->trigger_index;
	st->cut_short = fr->cut_short;
	/* Periods inside the window the policy skipped: no record exists. */
	for (i = 1; i < st->n; i++)
		st->lost += srt_fr_slot(fr, (slot + i) % fr->nr)->s.missed;
}

/* Record @i (0: the oldest) of the frozen window; under fr->lock. */
const struct srt_flight_rec *srt_flight_record(struct srt_flight *fr, u32 i)
{
	u64 first;
	u32 slot, n;

	lockdep_assert_held(&fr->lock);
	if (!smp_load_acquire(&fr->frozen))	/* (B) */
		return NULL;
	n = srt_fr_window(fr, &first, &slot);
	return i < n ? srt_fr_slot(fr, (slot + i) % fr->nr) : NULL;
}

void srt_flight_lock(struct srt_flight *fr)
{
	mutex_lock(&fr->lock);
}

void srt_flight_unlock(struct srt_flight *fr)
{
	mutex_unlock(&fr->lock);
}

static int srt_flight_rearm(struct srt_flight *fr, char *err, size_t errlen)
{
	int ret = 0;

	mutex_lock(&fr->lock);
	/* (B): the loop thread has let go of everything once frozen. */
	if (smp_load_acquire(&fr->frozen)) {
		srt_flight_reset(fr);
		/* (A): the loop thread sees the reset before it records. */
		smp_store_release(&fr->frozen, 0);
	} else if (READ_ONCE(fr->triggered)) {
		snprintf(err, errlen,
			 "flight: a trigger is being recorded (%u cycles left); rearm once it froze",
			 READ_ONCE(fr->left));
		ret = -EBUSY;
	}
	mutex_unlock(&fr->lock);
	return ret;
}

/* srt_lock held, so the loop cannot start or stop meanwhile. */
static int srt_flight_trigger(struct srt_flight *fr, bool running,
			      const char *name, char *err, size_t errlen)
{
	if (!running) {
		snprintf(err, errlen, "flight: loop '%s' is not running", name);
		return -EBUSY;
	}
	if (smp_load_acquire(&fr->frozen)) {	/* (B): stable */
		snprintf(err, errlen,
			 "flight: frozen since cycle %llu; dump it and rearm first",
			 fr->trigger_cycle);
		return -EBUSY;
	}
	if (READ_ONCE(fr->triggered)) {
		snprintf(err, errlen, "flight: already triggered");
		return -EBUSY;
	}
	set_bit(0, &fr->manual);
	return 0;
}

/* Which automatic triggers fire: BIT(SHIELDRT_FLTRIG_OVERRUN) | BIT(SHIELDRT_FLTRIG_SAFE). */
static int srt_flight_set_triggers(struct srt_flight *fr, u32 on, char *err,
				   size_t errlen)
{
	if (on & ~SRT_FR_AUTO) {
		snprintf(err, errlen,
			 "flight: triggers can be overrun and safe (manual is always on)");
		return -EINVAL;
	}
	WRITE_ONCE(fr->triggers, on);
	return 0;
}

/* One of SRT_FLIGHT_OP_*; @on is the trigger mask for SET_TRIGGERS. */
int srt_flight_control(struct srt_flight *fr, const struct srt_config *cfg,
		       bool running, const char *name, enum srt_flight_op op,
		       u32 on, char *err, size_t errlen)
{
	lockdep_assert_held(&srt_lock);
	if (!cfg->flight_cycles && !fr->nr) {
		snprintf(err, errlen, "flight: the recorder is off (flight_cycles=0)");
		return -EINVAL;
	}
	switch (op) {
	case SRT_FLIGHT_OP_TRIGGER:
		return srt_flight_trigger(fr, running, name, err, errlen);
	case SRT_FLIGHT_OP_REARM:
		return srt_flight_rearm(fr, err, errlen);
	default:
		return srt_flight_set_triggers(fr, on, err, errlen);
	}
}
