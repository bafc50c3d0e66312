// SPDX-License-Identifier: GPL-2.0
/*
 * A loop's chain: loading (stopped loops only), staging and committing
 * parameter sets, and the per-cycle FPU section.  The locking and the
 * hand-off are described in chain.h.
 *
 * Why a new chain needs a stopped loop: a structure change changes the
 * loop's signal counts and so the data plane region's layout, which user
 * space has mapped; recreating it under a running loop would change the
 * meaning of a mapped region mid-run.  Stopping makes that explicit.
 */
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include "alloc_size.h"
#include "chain.h"
#include "config.h"
#include "loop_list.h"
#include "region.h"
#include "trace.h"
#include "shieldrt_stage_text.h"

/* How long a commit waits for the loop to reach a cycle boundary. */
#define SRT_COMMIT_WAIT_MS	5000

/* Drop staged and committed sets (srt_lock; the loop does not step kc). */
static void srt_chain_drop_sets(struct srt_loop_chain *ch)
{
	kvfree(ch->staged_buf);
	ch->staged_buf = NULL;
	kfree(ch->staged_text);
	ch->staged_text = NULL;
	ch->staged_len = 0;
	ch->staged_params = 0;
	kvfree(ch->active_buf);
	ch->active_buf = NULL;
}

/* Forget the commits of a chain that is replaced or released. */
static void srt_chain_drop_log(struct srt_loop_chain *ch)
{
	unsigned int i;

	for (i = 0; i < SRT_COMMIT_LOG; i++)
		kfree(ch->log[i].text);
	memset(ch->log, 0, sizeof(ch->log));
	ch->log_total = 0;
}

/*
 * A commit took effect: the staged text moves into the log, replacing
 * the oldest entry once the log is full.
 */
static void srt_chain_log_commit(struct srt_loop_chain *ch, bool running)
{
	struct srt_commit_rec *rec = &ch->log[ch->log_total % SRT_COMMIT_LOG];

	kfree(rec->text);
	rec->gen = ch->gen;
	rec->cycle = ch->commit_cycle;
	rec->running = running;
	rec->params = ch->staged_params;
	rec->len = ch->staged_len;
	rec->text = ch->staged_text;
	ch->staged_text = NULL;
	ch->log_total++;
}

void srt_chain_init(struct srt_loop_chain *ch, const char *name)
{
	ch->name = name;
}

u64 srt_chain_mem_bytes(const struct srt_loop_chain *ch)
{
	u64 bytes;
	unsigned int i;

	lockdep_assert_held(&srt_lock);
	if (!ch->kc)
		return 0;
	bytes = srt_kchain_mem_bytes(ch->kc, NULL) +
		srt_alloc_size(ch->staged_text, ch->staged_len + 1);
	if (ch->staged_buf)
		bytes += srt_kchain_mem_bytes(ch->kc, ch->staged_buf);
	if (ch->active_buf)
		bytes += srt_kchain_mem_bytes(ch->kc, ch->active_buf);
	for (i = 0; i < SRT_COMMIT_LOG; i++)
		bytes += srt_alloc_size(ch->log[i].text, ch->log[i].len + 1);
	return bytes;
}

int srt_chain_compile(const char *text, size_t len, u64 period_ns,
		      struct srt_kchain **kcp, char *err, size_t errlen)
{
	struct srt_kchain *kc;

	lockdep_assert_held(&srt_lock);
	*kcp = NULL;
	if (srt_text_blank(text, len))
		return 0;
	kc = srt_kchain_compile_locked(text, len, period_ns, err, errlen);
	if (IS_ERR(kc))
		return PTR_ERR(kc);
	if (kc->n_in > SRT_MAX_SIGNALS || kc->n_out > SRT_MAX_SIGNALS) {
		snprintf(err, errlen,
			 "the chain has %u inputs and %u outputs; a loop carries at most %u of each",
			 kc->n_in, kc->n_out, SRT_MAX_SIGNALS);
		srt_kchain_free_locked(kc);
		return -EINVAL;
	}
	*kcp = kc;
	return 0;
}

/* The loop is stopped: swap the chain, nothing of the old one stays. */
void srt_chain_swap(struct srt_loop_chain *ch, struct srt_kchain *kc)
{
	struct srt_kchain *old = ch->kc;

	lockdep_assert_held(&srt_lock);
	srt_chain_drop_sets(ch);
	srt_chain_drop_log(ch);
	ch->kc = kc;
	ch->c = kc ? srt_kchain_chain(kc) : NULL;
	ch->committed = false;
	ch->tainted = false;
	ch->want_reset = false;
	WRITE_ONCE(ch->pending, NULL);
	srt_kchain_free_locked(old);
}

/*
 * Staging and committing need a chain; a destroyed loop has none (its
 * chain was released), which is said the same way.
 */
static int srt_chain_need(const struct srt_loop_chain *ch, char *err,
			  size_t errlen)
{
	if (ch->kc)
		return 0;
	snprintf(err, errlen, "no chain loaded: write one to blocks");
	return -EINVAL;
}

int srt_chain_stage(struct srt_loop_chain *ch, const char *text, size_t len,
		    char *err, size_t errlen)
{
	void *buf = NULL;
	char *all;
	int ret;

	lockdep_assert_held(&srt_lock);
	ret = srt_chain_need(ch, err, errlen);
	if (ret)
		return ret;
	if (ch->staged_len + len + 1 > SRT_STAGE_TEXT_MAX) {
		snprintf(err, errlen,
			 "staged text over %u bytes: commit first",
			 SRT_STAGE_TEXT_MAX);
		return -EINVAL;
	}
	all = kmalloc(ch->staged_len + len + 2, GFP_KERNEL);
	if (!all) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	/* What is staged already, then this write on top. */
	ret = srt_kchain_stage(ch->kc, ch->staged_text, ch->staged_len, text,
			       len, &buf, err, errlen);
	if (ret) {
		kfree(all);
		return ret;
	}
	memcpy(all, ch->staged_text, ch->staged_len);
	memcpy(all + ch->staged_len, text, len);
	all[ch->staged_len + len] = '\n';
	all[ch->staged_len + len + 1] = '\0';
	kvfree(ch->staged_buf);
	kfree(ch->staged_text);
	ch->staged_buf = buf;
	ch->staged_text = all;
	ch->staged_len += len + 1;
	ch->staged_params += srt_stage_count_assignments(text, len);
	return 0;
}

/*
 * Hand the staged set to the running loop and wait until it has taken it
 * at a cycle boundary.  srt_lock is held throughout, so the loop cannot be
 * stopped meanwhile; the loop side is srt_chain_cycle().
 */
static int srt_commit_running(struct srt_loop_chain *ch, struct srt_pset *ps,
			      u64 period_ns, char *err, size_t errlen)
{
	unsigned long until, gen;

	ch->gen++;
	gen = (unsigned long)ch->gen;

	until = jiffies + msecs_to_jiffies(SRT_COMMIT_WAIT_MS +
		4 * div_u64(period_ns, NSEC_PER_MSEC));
	ch->nr_params = ch->staged_params;
	ch->pending_gen = gen;
	/* Pairs with the loop's xchg(): it sees nr_params and pending_gen. */
	smp_store_release(&ch->pending, ps);
	/* Pairs with the loop's store-release of done_gen. */
	while (smp_load_acquire(&ch->done_gen) != gen) {
		if (time_after(jiffies, until) &&
		    xchg(&ch->pending, NULL) == ps) {
			ch->gen--;	/* never taken: no generation used */
			snprintf(err, errlen,
				 "the loop reached no cycle boundary in %u ms; nothing committed, the set stays staged",
				 SRT_COMMIT_WAIT_MS);
			return -ETIMEDOUT;
		}
		usleep_range(50, 200);
	}
	if (ch->commit_cycle == U64_MAX) {
		snprintf(err, errlen, "internal: the loop refused the set");
		return -EINVAL;
	}
	return 0;
}

/* A loop that is not running takes the set now, for its next run. */
static int srt_commit_stopped(struct srt_loop_chain *ch, struct srt_pset *ps,
			      struct srt_region *region, char *err,
			      size_t errlen)
{
	if (srt_kchain_commit_now(ch->kc, ps)) {
		snprintf(err, errlen, "internal: the set was refused");
		return -EINVAL;
	}
	ch->gen++;
	ch->commit_cycle = 0;
	if (region)
		srt_region_set_commit_cycle(region, 0);
	trace_param_commit(ch->name, 0, ch->gen, ch->staged_params);
	return 0;
}

int srt_chain_commit_staged(struct srt_loop_chain *ch, bool running,
			    u64 period_ns, struct srt_region *region,
			    u64 *cycle, char *err, size_t errlen)
{
	int ret;

	lockdep_assert_held(&srt_lock);
	ret = srt_chain_need(ch, err, errlen);
	if (ret)
		return ret;
	if (!ch->staged_buf) {
		snprintf(err, errlen, "nothing staged: write params first");
		return -EINVAL;
	}
	if (running)
		ret = srt_commit_running(ch, srt_kchain_set(ch->staged_buf),
					 period_ns, err, errlen);
	else
		ret = srt_commit_stopped(ch, srt_kchain_set(ch->staged_buf),
					 region, err, errlen);
	if (ret)
		return ret;
	/* The replaced set is ours again; the arena's own is never freed. */
	kvfree(ch->active_buf);
	ch->active_buf = ch->staged_buf;
	ch->staged_buf = NULL;
	srt_chain_log_commit(ch, running);
	ch->staged_len = 0;
	ch->staged_params = 0;
	ch->committed = true;
	*cycle = ch->commit_cycle;
	return 0;
}

void srt_chain_set_fpu_empty(struct srt_loop_chain *ch, bool on)
{
	WRITE_ONCE(ch->fpu_empty, on);
}

/*
 * Before a run: the chain must have been compiled for this period, and it
 * starts from its initial conditions.
 */
int srt_chain_check_start(struct srt_loop_chain *ch, u64 period_ns,
			  char *err, size_t errlen)
{
	struct srt_kchain *kc = ch->kc;

	lockdep_assert_held(&srt_lock);
	if (!kc)
		return 0;
	if (kc->period_ns != period_ns) {
		snprintf(err, errlen,
			 "the chain was compiled for a %u ns period, the loop has %llu ns: load it again",
			 kc->period_ns, period_ns);
		return -EINVAL;
	}
	srt_kchain_reset_now(kc);
	ch->tainted = false;
	ch->want_reset = false;
	return 0;
}

void srt_chain_release(struct srt_loop_chain *ch)
{
	lockdep_assert_held(&srt_lock);
	srt_chain_drop_sets(ch);
	srt_chain_drop_log(ch);
	srt_kchain_free_locked(ch->kc);
	ch->kc = NULL;
	ch->c = NULL;
}

/* Loop thread: does this cycle need an FPU section at all? */
bool srt_chain_wants_fpu(const struct srt_loop_chain *ch)
{
	return ch->kc || READ_ONCE(ch->fpu_empty);
}

/* Loop thread, on resume: a chain that went non-finite starts over. */
void srt_chain_request_reset(struct srt_loop_chain *ch)
{
	if (ch->tainted)
		ch->want_reset = true;
}

/* Out of line: srt_chain_cycle() is inlined into the cycle. */
noinline void srt_chain_ack(struct srt_loop_chain *ch, u64 cycle, bool ok,
			     struct srt_region *region)
{
	unsigned long gen = ch->pending_gen;

	ch->commit_cycle = ok ? cycle : U64_MAX;
	if (ok) {
		if (region)
			srt_region_set_commit_cycle(region, cycle);
		trace_param_commit(ch->name, cycle, gen, ch->nr_params);
	}
	/* Pairs with the writer's load-acquire in srt_commit_running(). */
	smp_store_release(&ch->done_gen, gen);
}

