// SPDX-License-Identifier: GPL-2.0
/*
 * The views: every text the debugfs files show, rendered here and nowhere
 * else; SHIELDRT_IOC_VIEW returns the same text.  Formats are stable where
 * the README and scripts rely on them ("key: value" lines, rtla-shaped
 * histograms).
 */
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/sched/isolation.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tick.h>
#include "internal.h"
#include "../preflight.h"
#include "../region.h"

static const struct srt_metric_names srt_metric_names[SRT_NR_METRICS] = {
	SHIELDRT_M_LIST(SRT_METRIC_NAMES_AT)
};

/* A view that could not get its scratch memory says so in its text. */
static void srt_show_nomem(struct seq_file *m)
{
	seq_puts(m, "# out of memory\n");
}

/* ---- the module ---- */

static void srt_loops_show(struct seq_file *m, struct srt_loop *unused)
{
	struct srt_loop *loop;

	seq_puts(m, "# name cpu mode period_us state\n");
	mutex_lock(&srt_lock);
	list_for_each_entry(loop, &srt_loops, node)
		seq_printf(m, "%s %d %s %llu %s\n", loop->name, loop->cfg.cpu,
			   srt_wait_mode_names[loop->cfg.mode],
			   div_u64(loop->cfg.period_ns, 1000),
			   srt_state_name(READ_ONCE(loop->state)));
	mutex_unlock(&srt_lock);
}

static void srt_providers_show(struct seq_file *m, struct srt_loop *unused)
{
	struct srt_io_provider *p;

	seq_puts(m, "# name bindings read write output\n");
	mutex_lock(&srt_lock);
	list_for_each_entry(p, &srt_io_providers, node)
		seq_printf(m, "%s %u %d %d %d\n", p->name, p->bindings,
			   !!p->read, !!p->write, !!p->output);
	mutex_unlock(&srt_lock);
}

static void srt_locks_show(struct seq_file *m, struct srt_loop *unused)
{
	struct srt_sec_lock *l;

	seq_puts(m, "# name section users\n");
	mutex_lock(&srt_lock);
	list_for_each_entry(l, &srt_sec_locks, node)
		seq_printf(m, "%s %s %u\n", l->name,
			   srt_section_names[l->kind], l->users);
	mutex_unlock(&srt_lock);
}

/* Module-wide with no loop, else the loop's. */
static void srt_last_error_show(struct seq_file *m, struct srt_loop *loop)
{
	char buf[SRT_ERR_LEN];

	srt_error_get(loop, buf, sizeof(buf));
	if (buf[0])
		seq_printf(m, "%s\n", buf);
}

static int srt_control_store(struct srt_loop *unused, char *text, size_t len,
			     char *err, size_t errlen)
{
	return srt_req_control_lines(text);
}

/* ---- a loop ---- */

static void srt_config_show(struct seq_file *m, struct srt_loop *loop)
{
	char *val;
	int key;

	val = kmalloc(SRT_KEY_TEXT_MAX, GFP_KERNEL);
	if (!val) {
		srt_show_nomem(m);
		return;
	}
	mutex_lock(&srt_lock);
	for (key = 0; key < SRT_NR_KEYS; key++) {
		srt_config_format_key(&loop->cfg, key, val, SRT_KEY_TEXT_MAX);
		seq_printf(m, "%s=%s\n", srt_keys[key].name, val);
	}
	mutex_unlock(&srt_lock);
	kfree(val);
}

static int srt_config_store(struct srt_loop *loop, char *text, size_t len,
			    char *err, size_t errlen)
{
	return srt_req_configure(loop, text, err, errlen);
}

static void srt_state_show(struct seq_file *m, struct srt_loop *loop)
{
	seq_printf(m, "%s\n", srt_state_name(READ_ONCE(loop->state)));
}

/* Parts per thousand of @part in @whole, printed as a percentage. */
static void srt_show_pct(struct seq_file *m, const char *key, u64 part,
			 u64 whole)
{
	u64 pm = whole ? div64_u64(part * 1000, whole) : 0;
	u32 rem;
	u64 q = div_u64_rem(pm, 10, &rem);

	seq_printf(m, "%s: %llu.%u\n", key, q, rem);
}

static const char * const srt_mem_names[SRT_NR_MEM] = {
	SHIELDRT_MEM_LIST(SRT_NAME_AT)
};

static void srt_stats_show(struct seq_file *m, struct srt_loop *loop)
{
	struct shieldrt_stats_req *st;
	u64 wall;
	int i;

	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!st) {
		srt_show_nomem(m);
		return;
	}
	srt_stats_fill(loop, st);
	wall = st->duration_ns;
	seq_printf(m, "loop: %s\n", loop->name);
	seq_printf(m, "state: %s\n", srt_state_name(st->state));
	seq_printf(m, "mode: %s\n", srt_wait_mode_names[st->mode]);
	seq_printf(m, "cpu: %d\n", st->cpu);
	seq_printf(m, "period_ns: %llu\n", st->period_ns);
	seq_printf(m, "duration_ns: %llu\n", wall);
	seq_printf(m, "cycles: %llu\n", st->cycles);
	seq_printf(m, "missed: %llu\n", st->missed);
	seq_printf(m, "behind: %llu\n", st->behind);
	seq_printf(m, "periods_elapsed: %llu\n", st->periods_elapsed);
	seq_printf(m, "first_deadline_ns: %llu\n", st->first_deadline_ns);
	seq_printf(m, "overruns: %llu\n", st->overruns);
	seq_printf(m, "deadline_overruns: %llu\n", st->deadline_overruns);
	seq_printf(m, "budget_overruns: %llu\n", st->budget_overruns);
	seq_printf(m, "catchup_cycles: %llu\n", st->catchup_cycles);
	seq_printf(m, "safe_entries: %llu\n", st->safe_entries);
	seq_printf(m, "safe_reason: %s\n",
		   st->safe_reason == SHIELDRT_SAFE_NEVER ? "none" :
		   srt_safe_reason_name(st->safe_reason));
	seq_printf(m, "noise_events: %llu\n", st->noise_events);
	seq_printf(m, "noise_ns: %llu\n", st->noise_ns);
	seq_printf(m, "clock_errors: %llu\n", st->clock_errors);
	seq_printf(m, "yields: %llu\n", st->yields);
	seq_printf(m, "rcu_yields: %llu\n", st->rcu_yields);
	seq_printf(m, "yields_forced: %llu\n", st->yields_forced);
	seq_printf(m, "sleep_ns: %llu\n", st->sleep_ns);
	seq_printf(m, "spin_ns: %llu\n", st->spin_ns);
	seq_printf(m, "spin_reads: %llu\n", st->spin_reads);
	seq_printf(m, "post_ns: %llu\n", st->post_ns);
	seq_printf(m, "task_runtime_ns: %llu\n", st->task_runtime_ns);
	srt_show_pct(m, "cpu_pct", wall - min(wall, st->sleep_ns), wall);
	srt_show_pct(m, "spin_pct", st->spin_ns, wall);
	srt_show_pct(m, "task_cpu_pct", st->task_runtime_ns, wall);
	seq_printf(m, "slack_target_ns: %llu\n", st->slack_target_ns);
	seq_printf(m, "last_cycle: %llu\n", st->last_cycle);
	seq_printf(m, "chain_ns: count=%llu min=%llu avg=%llu max=%llu\n",
		   st->chain_sections, st->chain_ns_min, st->chain_ns_avg,
		   st->chain_ns_max);
	seq_printf(m, "chain_steps: %llu\n", st->chain_steps);
	seq_printf(m, "chain_nonfinite: %llu\n", st->chain_nonfinite);
	seq_printf(m, "chain_bad_inputs: %llu\n", st->chain_bad_inputs);
	seq_printf(m, "chain_commits: %llu\n", st->chain_commits);
	seq_printf(m, "commit_cycle: %llu\n", st->commit_cycle);
	seq_printf(m, "section: %s\n", srt_section_names[st->section]);
	seq_printf(m, "lock: %s\n", st->lock[0] ? (char *)st->lock : "none");
	seq_printf(m, "section_overruns: %llu\n", st->section_overruns);
	seq_printf(m, "io_bindings: %u\n", st->io_bindings);
	seq_printf(m, "io_read_errors: %llu\n", st->io_read_errors);
	seq_printf(m, "io_write_errors: %llu\n", st->io_write_errors);
	seq_printf(m, "triggers: %llu\n", st->triggers);
	seq_printf(m, "triggers_coalesced: %llu\n", st->triggers_coalesced);
	seq_printf(m, "trigger_timeouts: %llu\n", st->trigger_timeouts);
	seq_printf(m, "triggers_rejected: %llu\n", st->triggers_rejected);
	seq_printf(m, "mem_bytes: %llu\n", st->mem_bytes);
	for (i = 0; i < SRT_NR_MEM; i++)
		seq_printf(m, "mem_%s: %llu\n", srt_mem_names[i], st->mem[i]);
	if (st->clock_errors)
		seq_puts(m, "# warning: the clock went backwards; some times are invalid\n");
	for (i = 0; i < SRT_NR_METRICS; i++) {
		const struct shieldrt_metric *mt = &st->metric[i];

		seq_printf(m, "%s_ns: count=%llu min=%llu avg=%llu max=%llu p99=%s%llu p999=%s%llu std=%u%s%s\n",
			   srt_metric_names[i].key, mt->count, mt->min, mt->avg,
			   mt->max,
			   mt->flags & SHIELDRT_METRIC_P99_PAST ? ">" : "",
			   mt->p99,
			   mt->flags & SHIELDRT_METRIC_P999_PAST ? ">" : "",
			   mt->p999, mt->std,
			   mt->flags & SHIELDRT_METRIC_NOT_KEPT ? " kept=0" : "",
			   mt->flags & SHIELDRT_METRIC_BUCKETS_SHORT ?
			   " buckets_short=1" : "");
	}
	kfree(st);
}

static void srt_hist_row(struct seq_file *m, const char *label,
			 struct srt_loop *loop,
			 u64 (*get)(const struct srt_hist *h))
{
	int i;

	seq_printf(m, "%-8s", label);
	for (i = 0; i < SRT_NR_METRICS; i++)
		seq_printf(m, " %12llu", get(srt_loop_hist(loop, i)));
	seq_putc(m, '\n');
}

static u64 srt_get_over(const struct srt_hist *h) { return h->over; }
static u64 srt_get_count(const struct srt_hist *h) { return h->count; }
static u64 srt_get_max(const struct srt_hist *h) { return h->max; }
static u64 srt_get_std(const struct srt_hist *h) { return srt_hist_std(h); }

/* rtla's shape: header, one row per non-empty bucket, summary rows. */
static void srt_hist_show(struct seq_file *m, struct srt_loop *loop)
{
	struct srt_counters c;
	u32 nr, b, i, unit;
	u64 secs, wall;
	u32 s;

	mutex_lock(&srt_lock);
	srt_loop_read_stats(loop, &c);
	nr = loop->hist[0].nr;
	wall = srt_run_duration(&c);
	secs = div_u64(wall, NSEC_PER_SEC);
	s = do_div(secs, 86400);
	seq_printf(m, "# shieldrt histogram: loop %s, %s, cpu %d, period %llu ns\n",
		   loop->name, srt_wait_mode_names[loop->cfg.mode],
		   loop->cfg.cpu, loop->cfg.period_ns);
	unit = 1U << loop->hist[0].unit_shift;
	/* With fewer buckets than the linear part, every bucket is a unit. */
	if (loop->hist[0].range_ns < (u64)unit << (SRT_HIST_SUB_BITS + 1))
		seq_printf(m, "# Time unit is nanoseconds (ns), bucket size %u ns up to %llu ns\n",
			   unit, loop->hist[0].range_ns);
	else
		seq_printf(m, "# Time unit is nanoseconds (ns), bucket size %u ns up to %u ns, then %u per power of two up to %llu ns\n",
			   unit, unit << (SRT_HIST_SUB_BITS + 1),
			   1U << SRT_HIST_SUB_BITS, loop->hist[0].range_ns);
	seq_printf(m, "# Duration: %4llu %02u:%02u:%02u\n", secs, s / 3600,
		   (s / 60) % 60, s % 60);
	seq_printf(m, "%-8s", "Index");
	for (i = 0; i < SRT_NR_METRICS; i++)
		seq_printf(m, " %12s", srt_metric_names[i].col);
	seq_putc(m, '\n');
	for (b = 0; b < nr; b++) {
		u64 any = 0;

		for (i = 0; i < SRT_NR_METRICS; i++)
			any |= srt_hist_bucket(srt_loop_hist(loop, i), b);
		if (!any)
			continue;
		seq_printf(m, "%-8llu", srt_hist_bucket_lo(b) << loop->hist[0].unit_shift);
		for (i = 0; i < SRT_NR_METRICS; i++)
			seq_printf(m, " %12llu",
				   srt_hist_bucket(srt_loop_hist(loop, i), b));
		seq_putc(m, '\n');
	}
	srt_hist_row(m, "over:", loop, srt_get_over);
	srt_hist_row(m, "count:", loop, srt_get_count);
	srt_hist_row(m, "min:", loop, srt_hist_min);
	srt_hist_row(m, "avg:", loop, srt_hist_avg);
	srt_hist_row(m, "std:", loop, srt_get_std);
	srt_hist_row(m, "max:", loop, srt_get_max);
	mutex_unlock(&srt_lock);
}

/* RT throttling lives in a sysctl the kernel does not export. */
static int srt_read_sysctl(const char *path, long *val)
{
	char buf[24];
	struct file *f;
	loff_t pos = 0;
	ssize_t n;

	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	n = kernel_read(f, buf, sizeof(buf) - 1, &pos);
	filp_close(f, NULL);
	if (n < 0)
		return n;
	buf[n] = '\0';
	return kstrtol(strim(buf), 10, val);
}

/*
 * Is the loop's CPU fit for a real-time loop?  What a module can see:
 * isolcpus domain isolation, nohz_full, the preemption model, RT
 * throttling.
 */
static void srt_preflight_show(struct seq_file *m, struct srt_loop *loop)
{
	int cpu = READ_ONCE(loop->cfg.cpu);
	bool online = cpu >= 0 && cpu < nr_cpu_ids && cpu_online(cpu);
	bool isolated = online && srt_cpu_isolated(cpu);
	bool nohz = online && tick_nohz_full_cpu(cpu);
	long runtime = 0, period = 0;
	int r1, r2;

	r1 = srt_read_sysctl("/proc/sys/kernel/sched_rt_runtime_us", &runtime);
	r2 = srt_read_sysctl("/proc/sys/kernel/sched_rt_period_us", &period);

	seq_printf(m, "cpu: %d\n", cpu);
	seq_printf(m, "online: %d\n", online);
	seq_printf(m, "isolated: %d\n", isolated);
	seq_printf(m, "nohz_full: %d\n", nohz);
	seq_printf(m, "preempt_rt: %d\n", IS_ENABLED(CONFIG_PREEMPT_RT));
	seq_printf(m, "preempt_rcu: %d\n", IS_ENABLED(CONFIG_PREEMPT_RCU));
	if (r1 || r2) {
		seq_printf(m, "rt_throttling: unknown (sysctl unreadable: %d)\n",
			   r1 ? r1 : r2);
	} else {
		seq_printf(m, "rt_throttling: %d\n", runtime >= 0);
		seq_printf(m, "rt_runtime_us: %ld\n", runtime);
		seq_printf(m, "rt_period_us: %ld\n", period);
	}
	seq_puts(m, "# not visible to a module: cpuset isolated partitions, the 6.12 fair server\n");
	if (!online)
		seq_puts(m, "verdict: cpu offline: no loop can start here\n");
	else if (!isolated)
		seq_puts(m, "verdict: not isolated: hrtimer loops only (poll/hybrid need force=1)\n");
	else if (!nohz)
		seq_puts(m, "verdict: isolated, but the tick still runs here\n");
	else
		seq_puts(m, "verdict: isolated and nohz_full\n");
}

static void srt_blocks_show(struct seq_file *m, struct srt_loop *loop)
{
	struct srt_kchain *kc;
	size_t len;
	char *buf;

	mutex_lock(&srt_lock);
	kc = loop->chain.kc;
	if (!kc) {
		seq_puts(m, "# no chain: the loop echoes inputs to outputs\n");
		goto out_unlock;
	}
	buf = srt_kchain_describe(kc, &len);
	if (!buf) {
		seq_puts(m, "# out of memory\n");
		goto out_unlock;
	}
	seq_write(m, buf, len);
	kvfree(buf);
out_unlock:
	mutex_unlock(&srt_lock);
}

static int srt_blocks_store(struct srt_loop *loop, char *text, size_t len,
			    char *err, size_t errlen)
{
	return srt_req_chain(loop, text, len, err, errlen);
}

static void srt_params_show(struct seq_file *m, struct srt_loop *loop)
{
	struct srt_loop_chain *ch = &loop->chain;
	size_t len;
	char *buf;

	mutex_lock(&srt_lock);
	if (!ch->kc) {
		seq_puts(m, "# no chain loaded\n");
		goto out_unlock;
	}
	if (ch->staged_buf)
		seq_printf(m, "# staged (%u assignments, not running yet):\n%s",
			   ch->staged_params, ch->staged_text);
	else
		seq_puts(m, "# staged: nothing\n");
	seq_printf(m, "# running (generation %llu):\n", ch->gen);
	buf = srt_kchain_describe(ch->kc, &len);
	if (buf) {
		seq_write(m, buf, len);
		kvfree(buf);
	}
out_unlock:
	mutex_unlock(&srt_lock);
}

static int srt_params_store(struct srt_loop *loop, char *text, size_t len,
			    char *err, size_t errlen)
{
	return srt_req_params(loop, text, len, err, errlen);
}

static void srt_commit_show(struct seq_file *m, struct srt_loop *loop)
{
	struct srt_loop_chain *ch = &loop->chain;

	mutex_lock(&srt_lock);
	if (ch->committed)
		seq_printf(m, "generation %llu cycle %llu\n", ch->gen,
			   ch->commit_cycle);
	else
		seq_puts(m, "none\n");
	mutex_unlock(&srt_lock);
}

/*
 * The commits since the chain was loaded, oldest first, each with the
 * assignments it applied: one "set" line per non-blank staged line, so a
 * reader replays them without guessing where an entry ends.
 */
static void srt_commits_show(struct seq_file *m, struct srt_loop *loop)
{
	struct srt_loop_chain *ch = &loop->chain;
	const struct srt_commit_rec *rec;
	const char *p, *end, *nl;
	unsigned int lines;
	u64 n;

	mutex_lock(&srt_lock);
	n = ch->log_total > SRT_COMMIT_LOG ? ch->log_total - SRT_COMMIT_LOG : 0;
	seq_printf(m, "commits %llu kept %llu\n", ch->log_total,
		   ch->log_total - n);
	for (; n < ch->log_total; n++) {
		rec = &ch->log[n % SRT_COMMIT_LOG];
		end = rec->text + rec->len;
		lines = 0;
		for (p = rec->text; p < end; p = nl + 1) {
			nl = memchr(p, '\n', end - p) ?: end;
			lines += !srt_text_blank(p, nl - p);
		}
		seq_printf(m, "commit gen=%llu cycle=%llu running=%d params=%u lines=%u\n",
			   rec->gen, rec->cycle, rec->running, rec->params,
			   lines);
		for (p = rec->text; p < end; p = nl + 1) {
			nl = memchr(p, '\n', end - p) ?: end;
			if (!srt_text_blank(p, nl - p))
				seq_printf(m, "set %.*s\n", (int)(nl - p), p);
		}
	}
	mutex_unlock(&srt_lock);
}

static int srt_commit_store(struct srt_loop *loop, char *text, size_t len,
			    char *err, size_t errlen)
{
	u64 cycle;
	bool yes;

	if (srt_flag_parse(text, len, &yes) || !yes) {
		snprintf(err, errlen, "commit: write 1");
		srt_req_failed(loop, err);
		return -EINVAL;
	}
	return srt_req_commit(loop, &cycle, err, errlen);
}

static void srt_fpu_empty_show(struct seq_file *m, struct srt_loop *loop)
{
	seq_printf(m, "%d\n", READ_ONCE(loop->chain.fpu_empty));
}

/* Benchmark baseline: without a chain, time an empty FPU section. */
static int srt_fpu_empty_store(struct srt_loop *loop, char *text, size_t len,
			       char *err, size_t errlen)
{
	bool on;

	if (srt_flag_parse(text, len, &on)) {
		snprintf(err, errlen, "fpu_empty: write 0 or 1");
		srt_req_failed(loop, err);
		return -EINVAL;
	}
	srt_req_fpu_empty(loop, on);
	return 0;
}

static void srt_io_cost_show(struct seq_file *m, const char *what,
			     const struct srt_io_cost *k)
{
	seq_printf(m, " %s_calls=%llu %s_errors=%llu %s_ns_avg=%llu %s_ns_max=%llu",
		   what, k->calls, what, k->errors, what,
		   k->calls ? div64_u64(k->ns_sum, k->calls) : 0, what,
		   k->ns_max);
}

static void srt_io_show(struct seq_file *m, struct srt_loop *loop)
{
	struct srt_io_cost rd[SRT_IO_MAX_BINDINGS], wr[SRT_IO_MAX_BINDINGS];
	struct srt_io_cost out[SRT_IO_MAX_BINDINGS];
	unsigned int seq;
	u32 i, n;

	mutex_lock(&srt_lock);
	n = loop->io.n;
	do {
		seq = read_seqcount_begin(&loop->stats_seq);
		for (i = 0; i < n; i++) {
			rd[i] = loop->io.b[i].rd;
			wr[i] = loop->io.b[i].wr;
			out[i] = loop->io.b[i].out;
		}
	} while (read_seqcount_retry(&loop->stats_seq, seq));
	seq_printf(m, "# %u binding(s); times in ns, per cycle\n", n);
	for (i = 0; i < n; i++) {
		const struct srt_io_binding *b = &loop->io.b[i].pub;

		seq_printf(m, "%s in=%u+%u out=%u+%u trigger=%d state=%s",
			   loop->cfg.io[i].name, b->in_first, b->n_in,
			   b->out_first, b->n_out, b->trigger,
			   !loop->io.b[i].prov ? "gone" :
			   READ_ONCE(loop->io.b[i].lost) ? "lost" : "bound");
		srt_io_cost_show(m, "read", &rd[i]);
		srt_io_cost_show(m, "write", &wr[i]);
		srt_io_cost_show(m, "output", &out[i]);
		seq_putc(m, '\n');
		/* the provider's own figures, under srt_lock as its bind */
		if (loop->io.b[i].bound && loop->io.b[i].prov &&
		    loop->io.b[i].prov->show)
			loop->io.b[i].prov->show(&loop->io.b[i].pub, m);
	}
	seq_printf(m, "triggers_rejected: %ld\n",
		   atomic_long_read(&loop->io.rejected));
	mutex_unlock(&srt_lock);
}

static void srt_limits_show(struct seq_file *m, struct srt_loop *loop)
{
	const struct srt_limits *l = &loop->limits.pub;
	char line[96], v[SRT_F64_TEXT_LEN];
	struct srt_limits_trip t;
	u32 i, n_out;

	mutex_lock(&srt_lock);
	n_out = loop->sig.n_out;
	seq_printf(m, "# limits of loop %s (%u outputs): an output outside [min, max] puts the loop in safe state, reason limit\n",
		   loop->name, n_out);
	srt_limits_trip_read(&loop->limits, &t);
	if (t.applied_gen == t.gen)
		seq_printf(m, "# generation %lu, in force since cycle %llu\n",
			   t.applied_gen, t.applied_cycle);
	else
		seq_printf(m, "# generation %lu, not yet taken by the loop (it checks while running and not safe)\n",
			   t.gen);
	if (t.trips) {
		if (srt_f64_format(t.value, v, sizeof(v)) < 0)
			strscpy(v, "?", sizeof(v));
		seq_printf(m, "# trips: %llu, last at cycle %llu: out=%u value=%s\n",
			   t.trips, t.cycle, t.out, v);
	}
	for (i = 0; i < SRT_MAX_SIGNALS; i++) {
		if (!(l->on & BIT(i)))
			continue;
		if (srt_limits_format(l, i, line, sizeof(line)) < 0)
			strscpy(line, "? (out of memory)", sizeof(line));
		if (i < n_out)
			seq_printf(m, "%s\n", line);
		else
			seq_printf(m, "# inactive, no such output now: %s\n",
				   line);
	}
	mutex_unlock(&srt_lock);
}

static int srt_limits_store(struct srt_loop *loop, char *text, size_t len,
			    char *err, size_t errlen)
{
	return srt_req_limits(loop, text, err, errlen);
}

/* LOOP/dataplane: the kernel's own counters, not the region's copies. */
static void srt_dataplane_show(struct seq_file *m, struct srt_loop *loop)
{
	struct srt_region_snap *sn;
	bool clean;

	sn = kzalloc(sizeof(*sn), GFP_KERNEL);
	if (!sn) {
		srt_show_nomem(m);
		return;
	}
	/* srt_lock: a chain load may replace the region. */
	mutex_lock(&srt_lock);
	if (!loop->region) {
		mutex_unlock(&srt_lock);
		seq_puts(m, "# no data plane region\n");
		kfree(sn);
		return;
	}
	clean = srt_region_snapshot(loop->region, sn);
	mutex_unlock(&srt_lock);
	seq_printf(m, "inputs: %u\n", sn->n_in);
	seq_printf(m, "cmd_ring_size: %u\n", sn->cmd_size);
	seq_printf(m, "tel_ring_size: %u\n", sn->tel_size);
	seq_printf(m, "tel_decimation: %u\n", sn->tel_decimation);
	seq_printf(m, "tel_values: %u\n", sn->tel_nsel);
	seq_printf(m, "cycles: %llu\n", sn->st.cycles);
	seq_printf(m, "last_cycle: %llu\n", sn->cycle);
	seq_printf(m, "tel_records: %llu\n", sn->st.tel_records);
	seq_printf(m, "tel_drops: %llu\n", sn->st.tel_drops);
	seq_printf(m, "tel_corrupt: %llu\n", sn->st.tel_corrupt);
	seq_printf(m, "mbox_updates: %llu\n", sn->st.mbox_updates);
	seq_printf(m, "mbox_seq: %llu\n", sn->mbox_seq);
	seq_printf(m, "mbox_cycle: %llu\n", sn->mbox_cycle);
	seq_printf(m, "mbox_rej_index: %llu\n", sn->st.mbox_rej_index);
	seq_printf(m, "mbox_rej_value: %llu\n", sn->st.mbox_rej_value);
	seq_printf(m, "mbox_rej_flags: %llu\n", sn->st.mbox_rej_flags);
	seq_printf(m, "mbox_corrupt: %llu\n", sn->st.mbox_corrupt);
	seq_printf(m, "cmd_applied: %llu\n", sn->st.cmd_applied);
	seq_printf(m, "cmd_rej_index: %llu\n", sn->st.cmd_rej_index);
	seq_printf(m, "cmd_rej_value: %llu\n", sn->st.cmd_rej_value);
	seq_printf(m, "cmd_rej_late: %llu\n", sn->st.cmd_rej_late);
	seq_printf(m, "cmd_rej_flags: %llu\n", sn->st.cmd_rej_flags);
	seq_printf(m, "cmd_underruns: %llu\n", sn->st.cmd_underruns);
	seq_printf(m, "cmd_resyncs: %llu\n", sn->st.cmd_corrupt);
	seq_printf(m, "heartbeat: %u\n", sn->heartbeat);
	seq_printf(m, "heartbeat_age_cycles: %llu\n",
		   sn->cycle - sn->hb_cycle);
	seq_printf(m, "commit_cycle: %llu\n", sn->commit_cycle);
	seq_printf(m, "dead: %u\n", sn->dead);
	if (!clean)
		seq_puts(m, "# warning: the loop never left its data plane work; counters may be torn\n");
	if (sn->st.tel_drops || sn->st.tel_corrupt)
		seq_puts(m, "# note: telemetry records were dropped (reader too slow or absent)\n");
	kfree(sn);
}

const struct srt_view srt_top_views[] = {
	{ "control", 0200, NULL, srt_control_store, SRT_WRITE_MAX },
	{ "last_error", 0400, srt_last_error_show },
	{ "loops", 0400, srt_loops_show },
	{ "providers", 0400, srt_providers_show },
	{ "locks", 0400, srt_locks_show },
};
const unsigned int srt_nr_top_views = ARRAY_SIZE(srt_top_views);

/* "flight" is a file too, with its own iterator (flight_text.c). */
const struct srt_view srt_loop_views[] = {
	{ "config", 0600, srt_config_show, srt_config_store, SRT_WRITE_MAX },
	{ "state", 0400, srt_state_show },
	{ "stats", 0400, srt_stats_show },
	{ "hist", 0400, srt_hist_show },
	{ "last_error", 0400, srt_last_error_show },
	{ "preflight", 0400, srt_preflight_show },
	{ "blocks", 0600, srt_blocks_show, srt_blocks_store,
	  SRT_CHAIN_TEXT_MAX, true },
	{ "params", 0600, srt_params_show, srt_params_store,
	  SRT_STAGE_TEXT_MAX, true },
	{ "commit", 0600, srt_commit_show, srt_commit_store, 64 },
	{ "commits", 0400, srt_commits_show },
	{ "fpu_empty", 0600, srt_fpu_empty_show, srt_fpu_empty_store, 64 },
	{ "io", 0400, srt_io_show },
	{ "limits", 0600, srt_limits_show, srt_limits_store,
	  SRT_LIMITS_TEXT_MAX },
	{ "dataplane", 0400, srt_dataplane_show },
};
const unsigned int srt_nr_loop_views = ARRAY_SIZE(srt_loop_views);

const struct srt_view *srt_view_find(bool top, const char *name)
{
	const struct srt_view *v = top ? srt_top_views : srt_loop_views;
	unsigned int i, n = top ? srt_nr_top_views : srt_nr_loop_views;

	for (i = 0; i < n; i++)
		if (v[i].show && !strcmp(v[i].name, name))
			return &v[i];
	return NULL;
}

/* Largest text a view renders into memory (the hist of 4096 buckets fits). */
#define SRT_VIEW_MAX	(4 << 20)

/*
 * The views print into a seq_file; outside debugfs one on the stack does,
 * over a buffer that doubles until the text fits, as seq_read() does.
 */
int srt_view_render(const struct srt_view *v, struct srt_loop *loop,
		    char **text, size_t *len)
{
	size_t size = PAGE_SIZE;
	struct seq_file m;

	for (;;) {
		memset(&m, 0, sizeof(m));
		m.size = size;
		m.buf = kvmalloc(size, GFP_KERNEL);
		if (!m.buf)
			return -ENOMEM;
		m.private = loop;
		v->show(&m, loop);
		if (!seq_has_overflowed(&m)) {
			*text = m.buf;
			*len = m.count;
			return 0;
		}
		kvfree(m.buf);
		size <<= 1;
		if (size > SRT_VIEW_MAX)
			return -EFBIG;
	}
}
