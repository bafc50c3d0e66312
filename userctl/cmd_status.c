// SPDX-License-Identifier: GPL-2.0
/*
 * userctl status [-l LOOP]: the loops' state, configuration and statistics.
 * Text: the module's own texts (the views of its debugfs files).  JSON:
 * state and statistics typed from SHIELDRT_IOC_STATS, the other texts
 * turned into objects where they are "key: value" lines.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "debugfs.h"
#include "json.h"
#include "userctl.h"

/* The per-loop texts status shows, in this order. */
static const char *const status_views[] = { "state", "config", "stats",
					     "io", "dataplane", "preflight",
					     "last_error" };
/* The texts --json shows as they are (the rest comes from the stats). */
static const char *const status_json_views[] = { "config", "io",
						  "dataplane", "preflight" };

static void status_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl status [-l LOOP] [-j|--json]\n"
		"\n"
		"Without -l: one line per loop with its state.  With -l: the\n"
		"loop's state, config, stats, io (provider bindings), dataplane,\n"
		"preflight and last_error, read through %s.\n"
		"\n"
		"  -l, --loop NAME   the loop\n"
		"  -j, --json        machine-readable output: statistics as numbers,\n"
		"                    state, mode, section and safe_reason as names\n"
		"  -h, --help        this text\n", SHIELDRT_DEVICE);
}

/* A view's text without trailing white space; NULL if there is none. */
static char *loop_view(const char *loop, const char *view)
{
	char *text, *end;

	if (ctl_view_try(loop, view, &text))
		return NULL;
	end = text + strlen(text);
	while (end > text && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return text;
}

/* Parts per thousand of @part in @whole as "99.5", like the stats text. */
static void json_pct(struct json *j, const char *key,
		     unsigned long long part, unsigned long long whole)
{
	unsigned long long pm = whole ? part * 1000 / whole : 0;
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu.%llu", pm / 10, pm % 10);
	json_key(j, key);
	json_raw(j, buf);
}

static void json_metric(struct json *j, const char *key,
			const struct shieldrt_metric *m)
{
	json_key(j, key);
	json_obj_begin(j);
	json_kv_u64(j, "count", m->count);
	json_kv_u64(j, "min", m->min);
	json_kv_u64(j, "avg", m->avg);
	json_kv_u64(j, "max", m->max);
	json_kv_u64(j, "p99", m->p99);
	json_kv_u64(j, "p999", m->p999);
	json_kv_bool(j, "p99_past", m->flags & SHIELDRT_METRIC_P99_PAST);
	json_kv_bool(j, "p999_past", m->flags & SHIELDRT_METRIC_P999_PAST);
	json_kv_u64(j, "std", m->std);
	json_kv_u64(j, "over", m->over);
	json_kv_bool(j, "buckets_short",
		     m->flags & SHIELDRT_METRIC_BUCKETS_SHORT);
	json_obj_end(j);
}

/* The stats file's keys, from the struct. */
static void status_json_stats(struct json *j, const char *loop,
			      const struct shieldrt_stats_req *s)
{
	unsigned long long wall = s->duration_ns;
	char key[48], buf[24];
	unsigned int i;

	json_obj_begin(j);
	json_kv_str(j, "loop", loop);
	json_kv_str(j, "state", ctl_state_name(s->state));
	json_kv_str(j, "mode", ctl_mode_name(s->mode));
	json_kv_int(j, "cpu", s->cpu);
	json_kv_u64(j, "period_ns", s->period_ns);
	json_kv_u64(j, "duration_ns", s->duration_ns);
	json_kv_u64(j, "cycles", s->cycles);
	json_kv_u64(j, "missed", s->missed);
	json_kv_u64(j, "behind", s->behind);
	json_kv_u64(j, "periods_elapsed", s->periods_elapsed);
	json_kv_u64(j, "first_deadline_ns", s->first_deadline_ns);
	json_kv_u64(j, "overruns", s->overruns);
	json_kv_u64(j, "deadline_overruns", s->deadline_overruns);
	json_kv_u64(j, "budget_overruns", s->budget_overruns);
	json_kv_u64(j, "catchup_cycles", s->catchup_cycles);
	json_kv_u64(j, "safe_entries", s->safe_entries);
	json_kv_str(j, "safe_reason",
		    !s->safe_entries || s->safe_reason == SHIELDRT_SAFE_NEVER ?
		    "none" : ctl_safe_name(s->safe_reason));
	json_kv_u64(j, "noise_events", s->noise_events);
	json_kv_u64(j, "noise_ns", s->noise_ns);
	json_kv_u64(j, "clock_errors", s->clock_errors);
	json_kv_u64(j, "yields", s->yields);
	json_kv_u64(j, "rcu_yields", s->rcu_yields);
	json_kv_u64(j, "yields_forced", s->yields_forced);
	json_kv_u64(j, "sleep_ns", s->sleep_ns);
	json_kv_u64(j, "spin_ns", s->spin_ns);
	json_kv_u64(j, "spin_reads", s->spin_reads);
	json_kv_u64(j, "post_ns", s->post_ns);
	json_kv_u64(j, "task_runtime_ns", s->task_runtime_ns);
	json_pct(j, "cpu_pct", wall - (s->sleep_ns < wall ? s->sleep_ns : wall),
		 wall);
	json_pct(j, "spin_pct", s->spin_ns, wall);
	json_pct(j, "task_cpu_pct", s->task_runtime_ns, wall);
	json_kv_u64(j, "slack_target_ns", s->slack_target_ns);
	json_kv_u64(j, "last_cycle", s->last_cycle);
	json_key(j, "chain_ns");
	json_obj_begin(j);
	json_kv_u64(j, "count", s->chain_sections);
	json_kv_u64(j, "min", s->chain_ns_min);
	json_kv_u64(j, "avg", s->chain_ns_avg);
	json_kv_u64(j, "max", s->chain_ns_max);
	json_obj_end(j);
	json_kv_u64(j, "chain_steps", s->chain_steps);
	json_kv_u64(j, "chain_nonfinite", s->chain_nonfinite);
	json_kv_u64(j, "chain_bad_inputs", s->chain_bad_inputs);
	json_kv_u64(j, "chain_commits", s->chain_commits);
	json_kv_u64(j, "commit_cycle", s->commit_cycle);
	json_kv_str(j, "section", ctl_section_name(s->section));
	json_kv_str(j, "lock", s->lock[0] ? (const char *)s->lock : "none");
	json_kv_u64(j, "section_overruns", s->section_overruns);
	json_kv_u64(j, "io_bindings", s->io_bindings);
	json_kv_u64(j, "io_read_errors", s->io_read_errors);
	json_kv_u64(j, "io_write_errors", s->io_write_errors);
	json_kv_u64(j, "triggers", s->triggers);
	json_kv_u64(j, "triggers_coalesced", s->triggers_coalesced);
	json_kv_u64(j, "trigger_timeouts", s->trigger_timeouts);
	json_kv_u64(j, "triggers_rejected", s->triggers_rejected);
	json_kv_u64(j, "hist_bucket_ns", s->hist_bucket_ns);
	json_kv_u64(j, "hist_sub_bits", s->hist_sub_bits);
	json_kv_u64(j, "hist_range_ns", s->hist_range_ns);
	/* what the loop's allocations take, whole and by part */
	json_kv_u64(j, "mem_bytes", s->mem_bytes);
	json_key(j, "mem");
	json_obj_begin(j);
	for (i = 0; i < SHIELDRT_NR_MEM; i++)
		json_kv_u64(j, ctl_mem_name(i), s->mem[i]);
	json_obj_end(j);
	for (i = 0; i < s->nr_metrics; i++) {
		snprintf(key, sizeof(key), "%s_ns",
			 ctl_metric_key(i, buf, sizeof(buf)));
		json_metric(j, key, &s->metric[i]);
	}
	/* the metrics that do not apply to the loop (count 0, no buckets) */
	json_key(j, "not_kept");
	json_arr_begin(j);
	for (i = 0; i < s->nr_metrics; i++) {
		if (!(s->metric[i].flags & SHIELDRT_METRIC_NOT_KEPT))
			continue;
		snprintf(key, sizeof(key), "%s_ns",
			 ctl_metric_key(i, buf, sizeof(buf)));
		json_str(j, key);
	}
	json_arr_end(j);
	if (s->clock_errors) {
		json_key(j, "notes");
		json_arr_begin(j);
		json_str(j, "warning: the clock went backwards; some times are invalid");
		json_arr_end(j);
	}
	json_obj_end(j);
}

static void status_json_loop(struct json *j, const char *loop,
			     const struct shieldrt_stats_req *st)
{
	char *text;
	size_t i;

	json_obj_begin(j);
	json_kv_str(j, "name", loop);
	json_kv_str(j, "state", ctl_state_name(st->state));
	for (i = 0; i < ARRAY_SIZE(status_json_views); i++) {
		text = loop_view(loop, status_json_views[i]);
		json_key(j, status_json_views[i]);
		if (text)
			srt_json_text(j, text);
		else
			json_null(j);
		free(text);
	}
	json_key(j, "stats");
	status_json_stats(j, loop, st);
	json_kv_str(j, "last_error", st->last_error);
	json_obj_end(j);
}

static void status_text_loop(const char *loop)
{
	char *text;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(status_views); i++) {
		text = loop_view(loop, status_views[i]);
		if (text && *text)
			printf("# %s %s\n%s\n", loop, status_views[i], text);
		free(text);
	}
}

static int cmp_info(const void *a, const void *b)
{
	const struct shieldrt_loop_info *x = a, *y = b;

	return strncmp((const char *)x->name, (const char *)y->name,
		       sizeof(x->name));
}

int cmd_status(int argc, char **argv)
{
	struct cmd_opts o = { .name = "status", .usage = status_usage,
			      .shared = CMD_LOOP | CMD_JSON };
	struct shieldrt_loop_info *loops;
	struct shieldrt_stats_req st;
	char name[SHIELDRT_NAME_LEN];
	unsigned int n, i;
	struct json j;
	int next, ret;

	cmd_getopt(&o, argc, argv);	/* no options of its own: all */
	next = optind;
	cmd_loop_positional(&o, "status", argc, argv, &next);
	json_init(&j, stdout);
	if (o.loop) {
		srt_check_name(o.loop);
		no_more_args("status", argc, argv, next);
		/* first: a missing loop is one clear error */
		ctl_stats(o.loop, &st);
		if (o.json)
			status_json_loop(&j, o.loop, &st);
		else
			status_text_loop(o.loop);
		return 0;
	}
	no_more_args("status", argc, argv, next);
	n = ctl_list(&loops);
	qsort(loops, n, sizeof(*loops), cmp_info);
	if (o.json) {
		json_arr_begin(&j);
		for (i = 0; i < n; i++) {
			snprintf(name, sizeof(name), "%.*s",
				 (int)sizeof(loops[i].name),
				 (const char *)loops[i].name);
			ret = ctl_stats_try(name, &st);
			/* destroyed since the list: not there any more */
			if (ret == -ENOENT)
				continue;
			if (ret)
				ctl_die("stats", name, ret, NULL);
			status_json_loop(&j, name, &st);
		}
		json_arr_end(&j);
		free(loops);
		return 0;
	}
	printf("# %u loop%s\n%-32s %s\n", n, n == 1 ? "" : "s", "NAME",
	       "STATE");
	for (i = 0; i < n; i++)
		printf("%-32.*s %s\n", (int)sizeof(loops[i].name),
		       (const char *)loops[i].name,
		       ctl_state_name(loops[i].state));
	free(loops);
	return 0;
}
