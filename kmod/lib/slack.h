/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hybrid wait: how early to wake before the deadline.  The lead follows a
 * high quantile of the wake latencies the loop measures, kept in a
 * log-scale histogram whose counts halve every SRT_SLACK_WINDOW wakes, so
 * old latencies fade.  A quantile, not the maximum: one stray spike would
 * otherwise buy a long spin on every later cycle, while a latency seen on
 * more than 1 - q of the wakes is covered.  The lead rises to a new
 * estimate at once and comes down to one by halves, a wake at a time.
 * Pure.
 */
#ifndef SHIELDRT_SLACK_H
#define SHIELDRT_SLACK_H

#include <linux/types.h>

/*
 * Four buckets per power of two from 256 ns to 2^32 ns, bucket 0 below
 * and the last one beyond.
 */
#define SRT_SLACK_SUB_BITS	2
#define SRT_SLACK_MIN_SHIFT	8
#define SRT_SLACK_MAX_SHIFT	32
#define SRT_SLACK_BUCKETS	\
	(((SRT_SLACK_MAX_SHIFT - SRT_SLACK_MIN_SHIFT) << SRT_SLACK_SUB_BITS) + 2)

/* One wake adds this much to its bucket: halving keeps fractions. */
#define SRT_SLACK_UNIT		16
/* Counts halve after this many wakes: the estimator's memory. */
#define SRT_SLACK_WINDOW	512
/* Default quantile, in 1/10000: p99.5. */
#define SRT_SLACK_QUANTILE	9950

struct srt_slack {
	u64 est_ns;		/* quantile of the tracked wake latencies */
	u64 slack_ns;		/* current wake-up lead, within [min, max] */
	u64 min_ns;
	u64 max_ns;
	u32 q_per10k;		/* quantile tracked */
	u32 since_decay;	/* wakes since the counts last halved */
	u32 total;		/* sum of count[] */
	u32 count[SRT_SLACK_BUCKETS];
};

void srt_slack_init(struct srt_slack *s, u64 min_ns, u64 max_ns);
void srt_slack_update(struct srt_slack *s, u64 wake_latency_ns);
unsigned int srt_slack_bucket(u64 ns);
u64 srt_slack_bucket_top(unsigned int b);

#endif /* SHIELDRT_SLACK_H */
