// SPDX-License-Identifier: GPL-2.0
#include <linux/bitops.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/string.h>
#include "slack.h"

/* The bucket of a latency: octave, then the next SUB_BITS bits below. */
unsigned int srt_slack_bucket(u64 ns)
{
	unsigned int top, sub;

	if (ns < (1ULL << SRT_SLACK_MIN_SHIFT))
		return 0;
	top = fls64(ns) - 1;
	if (top >= SRT_SLACK_MAX_SHIFT)
		return SRT_SLACK_BUCKETS - 1;
	sub = (ns >> (top - SRT_SLACK_SUB_BITS)) &
	      ((1U << SRT_SLACK_SUB_BITS) - 1);
	return ((top - SRT_SLACK_MIN_SHIFT) << SRT_SLACK_SUB_BITS) + sub + 1;
}

/* The smallest latency above every value of bucket @b. */
u64 srt_slack_bucket_top(unsigned int b)
{
	unsigned int top, sub;

	if (!b)
		return 1ULL << SRT_SLACK_MIN_SHIFT;
	if (b >= SRT_SLACK_BUCKETS - 1)
		return 1ULL << SRT_SLACK_MAX_SHIFT;
	b--;
	top = (b >> SRT_SLACK_SUB_BITS) + SRT_SLACK_MIN_SHIFT;
	sub = b & ((1U << SRT_SLACK_SUB_BITS) - 1);
	return ((1ULL << SRT_SLACK_SUB_BITS) + sub + 1) <<
	       (top - SRT_SLACK_SUB_BITS);
}

/*
 * The quantile's bucket, walking down from the top until more than
 * (1 - q) of the weight lies above; its upper edge is the estimate, so a
 * latency in the same bucket is still covered.
 */
static u64 srt_slack_quantile(const struct srt_slack *s)
{
	u64 tail = div_u64((u64)s->total * (10000 - s->q_per10k), 10000);
	u64 above = 0;
	int b;

	for (b = SRT_SLACK_BUCKETS - 1; b > 0; b--) {
		above += s->count[b];
		if (above > tail)
			break;
	}
	return srt_slack_bucket_top(b);
}

/*
 * An eighth of margin above the bucket edge.  The lead rises at once but
 * comes down by at most half a wake: on x86_64-debug under TCG the first
 * sleep after a drop from the ceiling straight to a few us woke some
 * 15 us late at every first start (the delay fell inside the timer
 * interrupt, before our handler; its cause is not known).  Coming down
 * by halves, no cycle among a start's first 20 was late by 5 us.
 */
static void srt_slack_apply(struct srt_slack *s)
{
	u64 want = s->est_ns + (s->est_ns >> 3);

	want = clamp(want, s->min_ns, s->max_ns);
	s->slack_ns = max(want, s->slack_ns >> 1);
}

/* Start at the ceiling: a new loop wakes too early rather than late. */
void srt_slack_init(struct srt_slack *s, u64 min_ns, u64 max_ns)
{
	memset(s, 0, sizeof(*s));
	s->min_ns = min_ns;
	s->max_ns = max_ns;
	s->q_per10k = SRT_SLACK_QUANTILE;
	s->est_ns = max_ns;
	s->slack_ns = max_ns;
}

static void srt_slack_decay(struct srt_slack *s)
{
	int b;

	s->total = 0;
	for (b = 0; b < SRT_SLACK_BUCKETS; b++) {
		s->count[b] >>= 1;
		s->total += s->count[b];
	}
	s->since_decay = 0;
}

/*
 * Until the first window is full the quantile of the few wakes seen is
 * close to their maximum; a first wake later than the ceiling keeps the
 * lead at the ceiling, which is as early as the loop may wake.
 */
void srt_slack_update(struct srt_slack *s, u64 lat)
{
	s->count[srt_slack_bucket(lat)] += SRT_SLACK_UNIT;
	s->total += SRT_SLACK_UNIT;
	if (++s->since_decay >= SRT_SLACK_WINDOW)
		srt_slack_decay(s);
	s->est_ns = srt_slack_quantile(s);
	srt_slack_apply(s);
}
