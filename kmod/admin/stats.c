// SPDX-License-Identifier: GPL-2.0
/*
 * A loop's statistics as numbers: the SHIELDRT_IOC_STATS reply, which the
 * "stats" text view also renders, so both say the same thing.
 */
#include <linux/math64.h>
#include <linux/string.h>
#include "internal.h"

/* The ABI's count of metrics is its list's, and fits the structs' room. */
static_assert(SRT_NR_METRICS == SHIELDRT_NR_METRICS);
static_assert(SRT_NR_METRICS <= SHIELDRT_MAX_METRICS);
static_assert(SRT_NR_MEM == SHIELDRT_NR_MEM);
/* The published sizes are the first version's, for good. */
static_assert(sizeof(struct shieldrt_req) == SHIELDRT_REQ_SIZE_VER0);
static_assert(sizeof(struct shieldrt_stats_req) == SHIELDRT_STATS_SIZE_VER0);
static_assert(sizeof(struct shieldrt_hist_req) == SHIELDRT_HIST_SIZE_VER0);
static_assert(sizeof(struct shieldrt_list_req) == SHIELDRT_LIST_SIZE_VER0);
static_assert(offsetof(struct shieldrt_flight_req, nsel) ==
	      SHIELDRT_FLIGHT_SIZE_VER0);
static_assert(sizeof(struct shieldrt_flight_req) == SHIELDRT_FLIGHT_SIZE_VER1);
static_assert(sizeof(struct shieldrt_flight_vrec) == 88);
static_assert(sizeof(struct shieldrt_view_req) == SHIELDRT_VIEW_SIZE_VER0);
static_assert(sizeof(struct shieldrt_metric) == 64);
static_assert(sizeof(struct shieldrt_loop_info) == 72);
static_assert(sizeof(struct shieldrt_flight_rec) == 216);

void srt_metric_fill(const struct srt_hist *h, struct shieldrt_metric *m)
{
	bool past;

	memset(m, 0, sizeof(*m));
	m->count = h->count;
	m->min = srt_hist_min(h);
	m->avg = srt_hist_avg(h);
	m->max = h->max;
	m->std = srt_hist_std(h);
	m->p99 = srt_hist_percentile(h, 9900, &past);
	if (past)
		m->flags |= SHIELDRT_METRIC_P99_PAST;
	m->p999 = srt_hist_percentile(h, 9990, &past);
	if (past)
		m->flags |= SHIELDRT_METRIC_P999_PAST;
	m->over = h->over;
	if (!srt_hist_kept(h))
		m->flags |= SHIELDRT_METRIC_NOT_KEPT;
	if (srt_hist_short(h))
		m->flags |= SHIELDRT_METRIC_BUCKETS_SHORT;
}

/*
 * Fills everything but the name; takes srt_lock (a config write may swap
 * the histogram buckets).
 */
void srt_stats_fill(struct srt_loop *loop, struct shieldrt_stats_req *st)
{
	struct srt_counters c;
	u64 period;
	int i;

	mutex_lock(&srt_lock);
	srt_loop_read_stats(loop, &c);
	period = loop->cfg.period_ns;
	st->nr_metrics = SRT_NR_METRICS;
	st->state = READ_ONCE(loop->state);
	st->mode = loop->cfg.mode;
	st->cpu = loop->cfg.cpu;
	st->section = loop->cfg.section;
	strscpy(st->lock, loop->cfg.lock[0] ? loop->cfg.lock :
		srt_section_locks(loop->cfg.section) ? "own" : "",
		sizeof(st->lock));
	st->safe_reason = c.safe_entries ? c.safe_reason : SHIELDRT_SAFE_NEVER;
	st->io_bindings = loop->io.n;
	st->hist_bucket_ns = 1U << loop->hist[0].unit_shift;
	st->hist_sub_bits = SRT_HIST_SUB_BITS;
	st->hist_range_ns = loop->hist[0].range_ns;
	st->period_ns = period;
	st->duration_ns = srt_run_duration(&c);
	if (c.cycles && c.now_ns >= c.first_deadline_ns)
		st->periods_elapsed =
			div64_u64(c.now_ns - c.first_deadline_ns, period) + 1;
	st->first_deadline_ns = c.first_deadline_ns;
	st->last_cycle = c.last_cycle;
	st->cycles = c.cycles;
	st->missed = c.missed;
	st->behind = c.behind;
	st->overruns = c.overruns;
	st->deadline_overruns = c.deadline_overruns;
	st->budget_overruns = c.budget_overruns;
	st->catchup_cycles = c.catchup_cycles;
	st->safe_entries = c.safe_entries;
	st->noise_events = c.noise_events;
	st->noise_ns = c.noise_ns;
	st->clock_errors = c.clock_errors;
	st->yields = c.yields;
	st->rcu_yields = c.rcu_yields;
	st->yields_forced = c.yields_forced;
	st->sleep_ns = c.sleep_ns;
	st->spin_ns = c.spin_ns;
	st->spin_reads = c.spin_reads;
	st->post_ns = c.post_ns;
	st->task_runtime_ns = c.runtime_ns;
	st->slack_target_ns = c.slack_target_ns;
	st->chain_sections = c.chain_sections;
	st->chain_ns_min = c.chain_ns_min;
	st->chain_ns_avg = c.chain_sections ?
			   div64_u64(c.chain_ns_sum, c.chain_sections) : 0;
	st->chain_ns_max = c.chain_ns_max;
	st->chain_steps = c.chain_steps;
	st->chain_nonfinite = c.chain_nonfinite;
	st->chain_bad_inputs = c.chain_bad_inputs;
	st->chain_commits = c.chain_commits;
	st->commit_cycle = c.commit_cycle;
	st->section_overruns = c.section_overruns;
	st->io_read_errors = c.io_read_errors;
	st->io_write_errors = c.io_write_errors;
	st->triggers = c.triggers;
	st->triggers_coalesced = c.triggers_coalesced;
	st->trigger_timeouts = c.trigger_timeouts;
	st->triggers_rejected = atomic_long_read(&loop->io.rejected);
	for (i = 0; i < SRT_NR_METRICS; i++)
		srt_metric_fill(srt_loop_hist(loop, i), &st->metric[i]);
	srt_loop_mem(loop, st->mem);
	for (i = 0; i < SRT_NR_MEM; i++)
		st->mem_bytes += st->mem[i];
	mutex_unlock(&srt_lock);
	srt_error_get(loop, st->last_error, sizeof(st->last_error));
}
