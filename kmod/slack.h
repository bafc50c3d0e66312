/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hybrid wait: how early to wake before the deadline.  The estimate
 * follows the wake latencies the loop measures: it jumps up to a spike at
 * once (a late wake is a late cycle) and decays slowly (each wake that was
 * early enough wastes spin time).  Pure.
 */
#ifndef SHIELDRT_SLACK_H
#define SHIELDRT_SLACK_H

#include <linux/types.h>

/* Decay: the estimate moves 1/64 of the way down per wake. */
#define SRT_SLACK_DECAY_SHIFT	6

struct srt_slack {
	u64 est_ns;		/* tracked wake latency */
	u64 slack_ns;		/* current wake-up lead, within [min, max] */
	u64 min_ns;
	u64 max_ns;
};

void srt_slack_init(struct srt_slack *s, u64 min_ns, u64 max_ns);
void srt_slack_update(struct srt_slack *s, u64 wake_latency_ns);

#endif /* SHIELDRT_SLACK_H */
