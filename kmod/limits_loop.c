// SPDX-License-Identifier: GPL-2.0
/*
 * A loop's output limits: setting a new table, its hand-over to the
 * running loop, and the check in its cycle.
 *
 * Hand-over: a writer (under srt_lock) parses into a scratch copy, then
 * copies it into limits.pub inside limits.seq with preemption off (the
 * loop may share the writer's CPU) and bumps limits.gen with a release.
 * The loop thread checks gen once per cycle (acquire, pairing with that
 * release); only when it moved does it copy pub under the seqcount into
 * its own limits.cur.  So a cycle is checked against exactly one whole
 * table, and the common cycle pays one load and compare for the hand-over.
 */
#include <linux/slab.h>
#include "loop.h"
#include "trace.h"

void srt_limits_loop_init(struct srt_loop *loop)
{
	seqcount_init(&loop->limits.seq);
}

/* Loop thread: take the published table (generation @gen). */
static void srt_limits_take(struct srt_loop *loop, unsigned long gen,
			    u64 cycle)
{
	struct srt_loop_limits *ll = &loop->limits;
	unsigned int seq;

	/*
	 * In the cycle section: the raw_ accessors, which lockdep does not
	 * see.  It would otherwise chain the section's raw lock (taken in
	 * hard IRQs by providers) to stats_seq (written with IRQs on
	 * elsewhere) and call it a deadlock, but no interrupt handler reads
	 * stats_seq and the loop thread is its only writer while it runs.
	 */
	do {
		seq = raw_read_seqcount_begin(&ll->seq);
		ll->cur = ll->pub;
	} while (read_seqcount_retry(&ll->seq, seq));
	ll->cur_gen = gen;
	preempt_disable();
	raw_write_seqcount_begin(&loop->stats_seq);
	ll->applied_gen = gen;
	ll->applied_cycle = cycle;
	raw_write_seqcount_end(&loop->stats_seq);
	preempt_enable();
}

/*
 * Check outputs: one past its limits asks for safe state (reason limit)
 * before this cycle publishes anything; the first offender is recorded
 * and traced.
 */
void srt_limits_cycle(struct srt_loop *loop, struct srt_cycle_ctx *c)
{
	struct srt_loop_limits *ll = &loop->limits;
	/* Pairs with the smp_store_release() in srt_limits_publish(). */
	unsigned long gen = smp_load_acquire(&ll->gen);
	int bad;

	if (unlikely(gen != ll->cur_gen))
		srt_limits_take(loop, gen, c->s.cycle);
	if (!ll->cur.on)
		return;
	bad = srt_limits_first_bad(&ll->cur, c->out, c->n_out);
	if (likely(bad < 0))
		return;
	c->want_safe = true;
	c->safe_why = SRT_SAFE_LIMIT;
	preempt_disable();
	raw_write_seqcount_begin(&loop->stats_seq);
	ll->trips++;
	ll->trip_cycle = c->s.cycle;
	ll->trip_out = bad;
	ll->trip_value = c->out[bad];
	raw_write_seqcount_end(&loop->stats_seq);
	preempt_enable();
	trace_limit_trip(loop->name, c->s.cycle, bad, c->out[bad],
			 ll->cur.min[bad], ll->cur.max[bad]);
}

/* Under srt_lock: make @l the table in force from the loop's next check. */
static void srt_limits_publish(struct srt_loop *loop,
			       const struct srt_limits *l)
{
	struct srt_loop_limits *ll = &loop->limits;

	lockdep_assert_held(&srt_lock);
	preempt_disable();
	write_seqcount_begin(&ll->seq);
	ll->pub = *l;
	write_seqcount_end(&ll->seq);
	preempt_enable();
	/* Pairs with the smp_load_acquire() in srt_limits_cycle(). */
	smp_store_release(&ll->gen, ll->gen + 1);
}

/* Apply limits lines whole, or change nothing and say why in @err. */
int srt_limits_set(struct srt_loop *loop, char *text, char *err,
			  size_t errlen)
{
	struct srt_limits *l;
	int ret;

	l = kmalloc(sizeof(*l), GFP_KERNEL);
	if (!l)
		return -ENOMEM;
	mutex_lock(&srt_lock);
	if (loop->dead) {
		snprintf(err, errlen, "loop '%s' was destroyed", loop->name);
		ret = -ENOENT;
		goto out_unlock;
	}
	*l = loop->limits.pub;
	ret = srt_limits_parse(l, text, loop->sig.n_out, err, errlen);
	if (!ret)
		srt_limits_publish(loop, l);
out_unlock:
	mutex_unlock(&srt_lock);
	kfree(l);
	return ret;
}

/* A consistent copy of the trip record and the hand-over state. */
void srt_limits_trip_read(struct srt_loop *loop, struct srt_limits_trip *t)
{
	const struct srt_loop_limits *ll = &loop->limits;
	unsigned int seq;

	do {
		seq = read_seqcount_begin(&loop->stats_seq);
		t->trips = ll->trips;
		t->cycle = ll->trip_cycle;
		t->out = ll->trip_out;
		t->value = ll->trip_value;
		t->applied_gen = ll->applied_gen;
		t->applied_cycle = ll->applied_cycle;
	} while (read_seqcount_retry(&loop->stats_seq, seq));
	t->gen = READ_ONCE(ll->gen);
}
