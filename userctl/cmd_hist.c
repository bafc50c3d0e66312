// SPDX-License-Identifier: GPL-2.0
/*
 * userctl hist -l LOOP: the loop's histograms, from SHIELDRT_IOC_HIST.  Text
 * mode prints them in rtla's shape, byte for byte what the module's
 * debugfs hist file prints ("#" header, Index row, one row per non-empty
 * bucket, labelled by its lower edge in ns, over:/count:/min:/avg:/std:/max:
 * rows); --json gives the same table typed (the layout its own fields,
 * each row's lower and upper edge, counts as integers) and the
 * percentiles, with a flag when one lies past the last bucket, and which
 * metrics the loop keeps (one that does not apply to it has count 0).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "debugfs.h"
#include "json.h"
#include "userctl.h"

#define NS_PER_SEC	1000000000ULL

struct hist {
	const char *loop;
	struct shieldrt_hist_req h;
	__u64 *b;			/* nr_metrics * nr_buckets */
};

static void hist_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl hist -l LOOP [-j|--json]\n"
		"\n"
		"Print the loop's latency histograms (read through %s)\n"
		"as its debugfs hist file shows them.\n"
		"\n"
		"  -l, --loop NAME   the loop\n"
		"  -j, --json        layout, columns, buckets and summary rows as JSON\n"
		"  -h, --help        this text\n", SHIELDRT_DEVICE);
}

static __u64 hist_count(const struct hist *hs, unsigned int m, __u32 b)
{
	return hs->b[(size_t)m * hs->h.nr_buckets + b];
}

static bool hist_row_empty(const struct hist *hs, __u32 b)
{
	unsigned int m;

	for (m = 0; m < hs->h.nr_metrics; m++)
		if (hist_count(hs, m, b))
			return false;
	return true;
}

/* The three "#" lines, without "# " and newline, into @line. */
static void hist_header(const struct hist *hs, char line[3][160])
{
	__u32 unit = hs->h.bucket_ns;

	unsigned long long secs = hs->h.duration_ns / NS_PER_SEC;
	unsigned int s = secs % 86400;

	snprintf(line[0], sizeof(line[0]),
		 "shieldrt histogram: loop %s, %s, cpu %d, period %llu ns",
		 hs->loop, ctl_mode_name(hs->h.mode), hs->h.cpu,
		 (unsigned long long)hs->h.period_ns);
	/* With fewer buckets than the linear part, every bucket is a unit. */
	if (hs->h.range_ns < (__u64)unit << (hs->h.sub_bits + 1))
		snprintf(line[1], sizeof(line[1]),
			 "Time unit is nanoseconds (ns), bucket size %u ns up to %llu ns",
			 unit, (unsigned long long)hs->h.range_ns);
	else
		snprintf(line[1], sizeof(line[1]),
			 "Time unit is nanoseconds (ns), bucket size %u ns up to %u ns, then %u per power of two up to %llu ns",
			 unit, unit << (hs->h.sub_bits + 1),
			 1U << hs->h.sub_bits,
			 (unsigned long long)hs->h.range_ns);
	snprintf(line[2], sizeof(line[2]), "Duration: %4llu %02u:%02u:%02u",
		 secs / 86400, s / 3600, (s / 60) % 60, s % 60);
}

/* The summary rows, in the text's order. */
static const char *const hist_rows[] = { "over", "count", "min", "avg",
					 "std", "max", "p99", "p999" };
#define HIST_TEXT_ROWS	6	/* the text stops at max */

static __u64 hist_summary(const struct shieldrt_metric *m, size_t row)
{
	const __u64 v[] = { m->over, m->count, m->min, m->avg, m->std,
			    m->max, m->p99, m->p999 };

	return v[row];
}

/* Bucket b's lower edge in ns; b == nr_buckets gives range_ns + 1. */
static unsigned long long hist_edge(const struct hist *hs, __u32 b)
{
	return shieldrt_hist_bucket_lo(b, hs->h.sub_bits) * hs->h.bucket_ns;
}

static void hist_text(const struct hist *hs)
{
	char line[3][160], buf[16];
	unsigned int m;
	size_t r;
	__u32 b;

	hist_header(hs, line);
	for (r = 0; r < 3; r++)
		printf("# %s\n", line[r]);
	printf("%-8s", "Index");
	for (m = 0; m < hs->h.nr_metrics; m++)
		printf(" %12s", ctl_metric_col(m, buf, sizeof(buf)));
	putchar('\n');
	for (b = 0; b < hs->h.nr_buckets; b++) {
		if (hist_row_empty(hs, b))
			continue;
		printf("%-8llu", hist_edge(hs, b));
		for (m = 0; m < hs->h.nr_metrics; m++)
			printf(" %12llu",
			       (unsigned long long)hist_count(hs, m, b));
		putchar('\n');
	}
	for (r = 0; r < HIST_TEXT_ROWS; r++) {
		snprintf(line[0], sizeof(line[0]), "%s:", hist_rows[r]);
		printf("%-8s", line[0]);
		for (m = 0; m < hs->h.nr_metrics; m++)
			printf(" %12llu", (unsigned long long)
			       hist_summary(&hs->h.metric[m], r));
		putchar('\n');
	}
}

static void hist_json(const struct hist *hs)
{
	char line[3][160], buf[16];
	struct json j;
	unsigned int m;
	size_t r;
	__u32 b;

	json_init(&j, stdout);
	json_obj_begin(&j);
	json_kv_str(&j, "name", hs->loop);
	json_kv_str(&j, "mode", ctl_mode_name(hs->h.mode));
	json_kv_int(&j, "cpu", hs->h.cpu);
	json_kv_u64(&j, "period_ns", hs->h.period_ns);
	json_kv_u64(&j, "duration_ns", hs->h.duration_ns);
	json_kv_u64(&j, "bucket_ns", hs->h.bucket_ns);
	json_kv_u64(&j, "sub_bits", hs->h.sub_bits);
	json_kv_u64(&j, "nr_buckets", hs->h.nr_buckets);
	json_kv_u64(&j, "range_ns", hs->h.range_ns);
	hist_header(hs, line);
	json_key(&j, "header");
	json_arr_begin(&j);
	for (r = 0; r < 3; r++)
		json_str(&j, line[r]);
	json_arr_end(&j);
	json_key(&j, "keys");
	json_arr_begin(&j);
	for (m = 0; m < hs->h.nr_metrics; m++)
		json_str(&j, ctl_metric_key(m, buf, sizeof(buf)));
	json_arr_end(&j);
	json_key(&j, "columns");
	json_arr_begin(&j);
	for (m = 0; m < hs->h.nr_metrics; m++)
		json_str(&j, ctl_metric_col(m, buf, sizeof(buf)));
	json_arr_end(&j);
	/* [lower edge, upper edge (exclusive), count per column]: non-empty rows */
	json_key(&j, "buckets");
	json_arr_begin(&j);
	for (b = 0; b < hs->h.nr_buckets; b++) {
		if (hist_row_empty(hs, b))
			continue;
		json_arr_begin(&j);
		json_u64(&j, hist_edge(hs, b));
		json_u64(&j, hist_edge(hs, b + 1));
		for (m = 0; m < hs->h.nr_metrics; m++)
			json_u64(&j, hist_count(hs, m, b));
		json_arr_end(&j);
	}
	json_arr_end(&j);
	for (r = 0; r < ARRAY_SIZE(hist_rows); r++) {
		json_key(&j, hist_rows[r]);
		json_arr_begin(&j);
		for (m = 0; m < hs->h.nr_metrics; m++)
			json_u64(&j, hist_summary(&hs->h.metric[m], r));
		json_arr_end(&j);
	}
	json_key(&j, "p99_past");
	json_arr_begin(&j);
	for (m = 0; m < hs->h.nr_metrics; m++)
		json_bool(&j, hs->h.metric[m].flags & SHIELDRT_METRIC_P99_PAST);
	json_arr_end(&j);
	json_key(&j, "p999_past");
	json_arr_begin(&j);
	for (m = 0; m < hs->h.nr_metrics; m++)
		json_bool(&j, hs->h.metric[m].flags & SHIELDRT_METRIC_P999_PAST);
	json_arr_end(&j);
	/* false: the metric does not apply to the loop, not kept (count 0) */
	json_key(&j, "kept");
	json_arr_begin(&j);
	for (m = 0; m < hs->h.nr_metrics; m++)
		json_bool(&j, !(hs->h.metric[m].flags &
				SHIELDRT_METRIC_NOT_KEPT));
	json_arr_end(&j);
	json_obj_end(&j);
}

int cmd_hist(int argc, char **argv)
{
	struct cmd_opts o = { .name = "hist", .usage = hist_usage,
			      .shared = CMD_LOOP | CMD_JSON };
	struct hist hs;
	int next;

	cmd_getopt(&o, argc, argv);	/* no options of its own: all */
	next = optind;
	cmd_loop_positional(&o, "hist", argc, argv, &next);
	hs.loop = cmd_need_loop(&o);
	no_more_args("hist", argc, argv, next);
	ctl_hist(hs.loop, &hs.h, &hs.b);
	if (o.json)
		hist_json(&hs);
	else
		hist_text(&hs);
	free(hs.b);
	return 0;
}
