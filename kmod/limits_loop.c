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
#include "limits_loop.h"
#include "loop_list.h"
#include "trace.h"

void srt_limits_loop_init(struct srt_loop_limits *ll)
{
	seqcount_init(&ll->seq);
	seqcount_init(&ll->trip_seq);
}

/* Loop thread: take the published table (generation @gen). */
static void srt_limits_take(struct srt_loop_limits *ll, unsigned long gen,
			    u64 cycle)
{
	unsigned int seq;

	/*
	 * In the cycle section: the raw_ accessors, which lockdep does not
	 * see.  It would otherwise chain the section's raw lock (taken in
	 * hard IRQs by providers) to trip_seq (read with IRQs on elsewhere)
	 * and call it a deadlock, but no interrupt handler reads trip_seq
	 * and the loop thread is its only writer while it runs.
	 */
	do {
		seq = raw_read_seqcount_begin(&ll->seq);
		ll->cur = ll->pub;
	} while (read_seqcount_retry(&ll->seq, seq));
	ll->cur_gen = gen;
	preempt_disable();
	raw_write_seqcount_begin(&ll->trip_seq);
	ll->applied_gen = gen;
	ll->applied_cycle = cycle;
	raw_write_seqcount_end(&ll->trip_seq);
	preempt_enable();
}

/*
 * Check outputs: the caller asks for safe state (reason limit) when one
 * is past its limits, before this cycle publishes anything; the first
 * offender is recorded and traced.
 */
int srt_limits_check(struct srt_loop_limits *ll, const char *name,
		     u64 cycle, const u64 *out, u32 n_out)
{
	/* Pairs with the smp_store_release() in srt_limits_publish(). */
	unsigned long gen = smp_load_acquire(&ll->gen);
	int bad;

	if (unlikely(gen != ll->cur_gen))
		srt_limits_take(ll, gen, cycle);
	if (!ll->cur.on)
		return -1;
	bad = srt_limits_first_bad(&ll->cur, out, n_out);
	if (likely(bad < 0))
		return -1;
	preempt_disable();
	raw_write_seqcount_begin(&ll->trip_seq);
	ll->trips++;
	ll->trip_cycle = cycle;
	ll->trip_out = bad;
	ll->trip_value = out[bad];
	raw_write_seqcount_end(&ll->trip_seq);
	preempt_enable();
	trace_limit_trip(name, cycle, bad, out[bad], ll->cur.min[bad],
			 ll->cur.max[bad]);
	return bad;
}

/* Under srt_lock: make @l the table in force from the loop's next check. */
static void srt_limits_publish(struct srt_loop_limits *ll,
			       const struct srt_limits *l)
{
	lockdep_assert_held(&srt_lock);
	preempt_disable();
	write_seqcount_begin(&ll->seq);
	ll->pub = *l;
	write_seqcount_end(&ll->seq);
	preempt_enable();
	/* Pairs with the loads in srt_limits_cycle() and srt_limits_check(). */
	smp_store_release(&ll->gen, ll->gen + 1);
}

int srt_limits_set(struct srt_loop_limits *ll, char *text, u32 n_out,
		   char *err, size_t errlen)
{
	struct srt_limits *l;
	int ret;

	lockdep_assert_held(&srt_lock);
	l = kmalloc(sizeof(*l), GFP_KERNEL);
	if (!l)
		return -ENOMEM;
	*l = ll->pub;
	ret = srt_limits_parse(l, text, n_out, err, errlen);
	if (!ret)
		srt_limits_publish(ll, l);
	kfree(l);
	return ret;
}

/* A consistent copy of the trip record and the hand-over state. */
void srt_limits_trip_read(struct srt_loop_limits *ll,
			  struct srt_limits_trip *t)
{
	unsigned int seq;

	do {
		seq = read_seqcount_begin(&ll->trip_seq);
		t->trips = ll->trips;
		t->cycle = ll->trip_cycle;
		t->out = ll->trip_out;
		t->value = ll->trip_value;
		t->applied_gen = ll->applied_gen;
		t->applied_cycle = ll->applied_cycle;
	} while (read_seqcount_retry(&ll->trip_seq, seq));
	t->gen = READ_ONCE(ll->gen);
}
