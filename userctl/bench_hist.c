// SPDX-License-Identifier: GPL-2.0
/*
 * A loop's histograms as a bench uses them: snapshots (HIST ioctl) merged
 * over runs, quantiles and counts above a threshold from the buckets, the
 * bucket width at a value (the figure's resolution there), and mean and
 * std over runs from each run's exact sums.  The bucket layout is the
 * UAPI's (shieldrt_hist_bucket_lo), quantiles as the module's own: the
 * largest value of the bucket the rank falls in, at most the max.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "ctl.h"
#include "userctl.h"

void bench_hist_take(const char *loop, struct bench_hist *h)
{
	struct shieldrt_hist_req r;
	__u64 *b;

	ctl_hist(loop, &r, &b);
	memset(h, 0, sizeof(*h));
	h->nr_metrics = r.nr_metrics;
	h->nr_buckets = r.nr_buckets;
	h->sub_bits = r.sub_bits;
	h->unit_ns = r.bucket_ns;
	h->range_ns = r.range_ns;
	h->b = b;
	memcpy(h->m, r.metric, sizeof(h->m));
	h->runs = 1;
}

void bench_hist_free(struct bench_hist *h)
{
	free(h->b);
	h->b = NULL;
}

/* avg and std of the merge kept as sums: count * avg, count * E[v^2]. */
static void metric_add(struct shieldrt_metric *d, double *sum, double *sq,
		       const struct shieldrt_metric *s)
{
	double n = s->count;

	if (!s->count)
		return;
	*sum += n * s->avg;
	*sq += n * ((double)s->std * s->std + (double)s->avg * s->avg);
	if (!d->count || s->min < d->min)
		d->min = s->min;
	if (s->max > d->max)
		d->max = s->max;
	d->count += s->count;
	d->over += s->over;
}

void bench_hist_merge(struct bench_hist *dst, const struct bench_hist *src)
{
	size_t n = (size_t)src->nr_metrics * src->nr_buckets, i;
	unsigned int m;

	if (!dst->runs) {
		*dst = *src;
		dst->b = xmalloc(n * sizeof(*dst->b));
		memcpy(dst->b, src->b, n * sizeof(*dst->b));
		return;
	}
	if (dst->nr_metrics != src->nr_metrics ||
	    dst->nr_buckets != src->nr_buckets ||
	    dst->sub_bits != src->sub_bits || dst->unit_ns != src->unit_ns)
		fatal("bench: histograms of different layouts cannot be merged");
	for (i = 0; i < n; i++)
		dst->b[i] += src->b[i];
	for (m = 0; m < dst->nr_metrics; m++) {
		struct shieldrt_metric *d = &dst->m[m];
		double sum = (double)d->count * d->avg, sq, var;

		sq = (double)d->count * ((double)d->std * d->std +
					 (double)d->avg * d->avg);
		metric_add(d, &sum, &sq, &src->m[m]);
		if (!d->count)
			continue;
		d->avg = llround(sum / d->count);
		var = sq / d->count - (sum / d->count) * (sum / d->count);
		d->std = var > 0 ? (__u32)fmin(sqrt(var), 4294967295.0) : 0;
		/* the merged quantiles come from the buckets */
		d->p99 = d->p999 = 0;
		d->flags = 0;
	}
	dst->runs += src->runs;
}

static unsigned long long edge_ns(const struct bench_hist *h, unsigned int b)
{
	return shieldrt_hist_bucket_lo(b, h->sub_bits) * h->unit_ns;
}

int bench_hist_quantile(const struct bench_hist *h, unsigned int m, double q,
			unsigned long long *v, bool *past)
{
	const struct shieldrt_metric *mt = &h->m[m];
	const unsigned long long *b;
	unsigned long long want, cum = 0, hi;
	unsigned int i;

	*past = false;
	if (m >= h->nr_metrics || !mt->count)
		return -1;
	b = h->b + (size_t)m * h->nr_buckets;
	want = (unsigned long long)ceil(q * mt->count);
	if (!want)
		want = 1;
	for (i = 0; i < h->nr_buckets; i++) {
		cum += b[i];
		if (cum >= want) {
			hi = edge_ns(h, i + 1) - 1;
			*v = hi < mt->max ? hi : mt->max;
			return 0;
		}
	}
	*v = h->range_ns;
	*past = true;
	return 0;
}

unsigned long long bench_hist_count_from(const struct bench_hist *h,
					 unsigned int m,
					 unsigned long long ns)
{
	const unsigned long long *b;
	unsigned long long n;
	unsigned int i;

	if (m >= h->nr_metrics)
		return 0;
	b = h->b + (size_t)m * h->nr_buckets;
	n = h->m[m].over;
	for (i = 0; i < h->nr_buckets; i++)
		if (edge_ns(h, i) >= ns)
			n += b[i];
	return n;
}

unsigned long long bench_hist_width(const struct bench_hist *h,
				    unsigned long long ns)
{
	unsigned int i;

	for (i = 0; i < h->nr_buckets; i++)
		if (edge_ns(h, i + 1) > ns)
			return edge_ns(h, i + 1) - edge_ns(h, i);
	return 0;	/* past the range: only "over" */
}

void bench_hist_moments(const struct bench_hist *h, unsigned int m,
			double *mean, double *std, unsigned long long *n)
{
	const struct shieldrt_metric *mt = &h->m[m];

	*n = m < h->nr_metrics ? mt->count : 0;
	*mean = *n ? mt->avg : 0;
	*std = *n ? mt->std : 0;
}
