/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixed-bucket latency histogram with count/min/avg/max and percentiles,
 * printed in rtla's shape by debugfs.c.  Pure; the buckets are given by
 * the caller so the loop never allocates while it runs.
 */
#ifndef SHIELDRT_HIST_H
#define SHIELDRT_HIST_H

#include <linux/types.h>

struct srt_hist {
	u64 *buckets;		/* nr counters of bucket_ns each */
	u32 nr;
	u32 bucket_ns;
	u64 over;		/* samples at or beyond nr * bucket_ns */
	u64 count;
	u64 sum;
	u64 min;		/* U64_MAX while empty */
	u64 max;
};

void srt_hist_init(struct srt_hist *h, u64 *buckets, u32 nr, u32 bucket_ns);
void srt_hist_reset(struct srt_hist *h);
void srt_hist_add(struct srt_hist *h, u64 v);
u64 srt_hist_avg(const struct srt_hist *h);
u64 srt_hist_min(const struct srt_hist *h);
u64 srt_hist_percentile(const struct srt_hist *h, u32 per10k);

#endif /* SHIELDRT_HIST_H */
