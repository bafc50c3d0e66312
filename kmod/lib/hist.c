// SPDX-License-Identifier: GPL-2.0
#include <linux/math64.h>
#include <linux/string.h>
#include <linux/limits.h>
#include "hist.h"

void srt_hist_init(struct srt_hist *h, u64 *buckets, u32 nr, u32 bucket_ns)
{
	h->buckets = buckets;
	h->nr = nr;
	h->bucket_ns = bucket_ns;
	srt_hist_reset(h);
}

void srt_hist_reset(struct srt_hist *h)
{
	memset(h->buckets, 0, h->nr * sizeof(*h->buckets));
	h->over = 0;
	h->count = 0;
	h->sum = 0;
	h->min = U64_MAX;
	h->max = 0;
}

void srt_hist_add(struct srt_hist *h, u64 v)
{
	u64 idx = div_u64(v, h->bucket_ns);

	if (idx < h->nr)
		h->buckets[idx]++;
	else
		h->over++;
	h->count++;
	h->sum += v;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
}

u64 srt_hist_avg(const struct srt_hist *h)
{
	return h->count ? div64_u64(h->sum, h->count) : 0;
}

u64 srt_hist_min(const struct srt_hist *h)
{
	return h->count ? h->min : 0;
}

/*
 * Smallest bucket upper edge below which at least per10k/10000 of the
 * samples lie (9900: p99, 9990: p99.9); never above the observed maximum,
 * and the maximum itself when the rank falls into the over row.
 */
u64 srt_hist_percentile(const struct srt_hist *h, u32 per10k)
{
	u64 rank, seen = 0, edge;
	u32 i;

	if (!h->count)
		return 0;
	rank = div_u64(h->count * per10k + 9999, 10000);
	if (!rank)
		rank = 1;
	for (i = 0; i < h->nr; i++) {
		seen += h->buckets[i];
		if (seen >= rank) {
			edge = (u64)(i + 1) * h->bucket_ns;
			return edge < h->max ? edge : h->max;
		}
	}
	return h->max;
}
