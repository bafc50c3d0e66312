// SPDX-License-Identifier: GPL-2.0
/*
 * userctl record -l LOOP: drain the loop's telemetry ring to CSV or JSON
 * for a time or a number of cycles, and account for every cycle: records
 * written plus records dropped (gaps in seq) must equal the record
 * opportunities the window spanned.  SIGINT or SIGTERM ends the recording
 * early, as the end of the window would: the output is finished (JSON
 * closed, summary written) and the exit status is 128 + the signal.
 */
#include <getopt.h>
#include <stdio.h>
#include <sys/stat.h>

#include "commits.h"
#include "ctl.h"
#include "dpmap.h"
#include "json.h"

struct rec_state {
	FILE *out;
	struct json j;
	int json;
	int meta;
	unsigned int nsel;
	__u16 sel[SHIELDRT_MAX_SEL];
	unsigned long long records, gaps, first, last;
	unsigned long long last_cycle;	/* of the newest record */
	/* --meta: the loop's parameter commits, for replay */
	const char *loop;
	struct commit_log commits;
	bool have_commits;		/* the module has the commits view */
	unsigned long long seen_commit_cycle;
};

static void record_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl record -l LOOP [-d SEC | -n CYCLES] [options]\n"
		"\n"
		"Write the loop's telemetry records (one per cycle, or per Nth\n"
		"cycle) from now on, then report records, drops and whether\n"
		"records + drops = cycles.  Exit status 1 if they do not add up;\n"
		"130 if interrupted (SIGINT: the output is finished all the same).\n"
		"\n"
		"  -l, --loop NAME      the loop\n"
		"  -d, --duration SEC   record for SEC seconds (default 1)\n"
		"  -n, --cycles N       stop after N record opportunities\n"
		"  -o, --output FILE    records to FILE (default: stdout)\n"
		"  -j, --json           JSON instead of CSV\n"
		"  -m, --meta           CSV with '#' lines: geometry, and every\n"
		"                       parameter commit (cycle and assignments), so\n"
		"                       'userctl replay' applies them where they\n"
		"                       took effect\n"
		"  -h, --help           this text\n");
}

/* The columns every record has, before the selected signals. */
static const char *const rec_fixed[] = {
	"seq", "cycle", "deadline_ns", "wake_ns", "end_ns", "irq_latency_ns",
	"wake_latency_ns", "compute_ns", "missed", "flags",
};

/*
 * --meta: copy the commits the loop has kept that we do not hold yet.  The
 * loop keeps its last 16, and it is looked at whenever the live block's
 * commit cycle moves, so none is lost unless 16 commits land between two
 * looks; replay then refuses the recording rather than guess.
 */
static void record_commits(struct rec_state *r)
{
	const char *why;
	char *text;
	int ret;

	if (!r->meta)
		return;
	ret = ctl_view_try(r->loop, "commits", &text);
	if (ret == -ENOENT && !r->commits.n) {
		r->have_commits = false;	/* a module without the view */
		return;
	}
	if (ret)
		ctl_die("view commits of", r->loop, ret, NULL);
	if (commit_log_merge_view(&r->commits, text, &why))
		fatal("loop '%s': %s", r->loop, why);
	r->have_commits = true;
	free(text);
}

static void record_header(struct rec_state *r, struct dpmap *d)
{
	char name[16];
	unsigned int i;

	if (r->json) {
		json_init(&r->j, r->out);
		json_obj_begin(&r->j);
		json_kv_str(&r->j, "loop", (const char *)d->m.hdr->name);
		json_kv_int(&r->j, "period_ns", d->m.hdr->period_ns);
		json_kv_int(&r->j, "decimation", d->m.hdr->tel_decimation);
		json_key(&r->j, "columns");
		json_arr_begin(&r->j);
	} else if (r->meta) {
		struct shieldrt_live l;

		dpmap_live(d, &l);
		r->seen_commit_cycle = l.commit_cycle;
		record_commits(r);
		fprintf(r->out, "# shieldrt-record loop=%.*s period_ns=%llu ",
			SHIELDRT_NAME_LEN, (const char *)d->m.hdr->name,
			(unsigned long long)d->m.hdr->period_ns);
		fprintf(r->out, "decimation=%u n_in=%u n_out=%u commit_cycle=%llu",
			d->m.hdr->tel_decimation, d->m.hdr->n_in,
			d->m.hdr->n_out, (unsigned long long)l.commit_cycle);
		if (r->have_commits)
			fprintf(r->out, " commits=%lld", r->commits.total);
		fputc('\n', r->out);
	}
	for (i = 0; i < ARRAY_SIZE(rec_fixed); i++) {
		if (r->json)
			json_str(&r->j, rec_fixed[i]);
		else
			fprintf(r->out, "%s%s", i ? "," : "", rec_fixed[i]);
	}
	for (i = 0; i < r->nsel; i++) {
		dp_sel_name(r->sel[i], name, sizeof(name));
		if (r->json)
			json_str(&r->j, name);
		else
			fprintf(r->out, ",%s", name);
	}
	if (r->json) {
		json_arr_end(&r->j);
		json_key(&r->j, "records");
		json_arr_begin(&r->j);
	} else {
		fputc('\n', r->out);
	}
}

static void rec_u64(struct rec_state *r, unsigned long long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", v);
	json_raw(&r->j, buf);
}

static void rec_s64(struct rec_state *r, long long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", v);
	json_raw(&r->j, buf);
}

static void record_one(struct rec_state *r, const struct shieldrt_tel *t)
{
	char buf[64];
	unsigned int i;

	if (r->json) {
		json_arr_begin(&r->j);
		rec_u64(r, t->seq);
		rec_u64(r, t->cycle);
		rec_u64(r, t->deadline_ns);
		rec_u64(r, t->wake_ns);
		rec_u64(r, t->end_ns);
		rec_s64(r, t->irq_latency_ns);
		rec_s64(r, t->wake_latency_ns);
		rec_u64(r, t->compute_ns);
		rec_u64(r, t->missed);
		rec_u64(r, t->flags);
		for (i = 0; i < r->nsel; i++) {
			double v = srt_from_bits(t->value[i]);

			if (isfinite(v)) {
				snprintf(buf, sizeof(buf), "%.17g", v);
				json_raw(&r->j, buf);
			} else {
				json_null(&r->j);
			}
		}
		json_arr_end(&r->j);
		return;
	}
	fprintf(r->out, "%llu,%llu,%llu,%llu,%llu,%lld,%lld,%llu,%u,%u",
		(unsigned long long)t->seq, (unsigned long long)t->cycle,
		(unsigned long long)t->deadline_ns,
		(unsigned long long)t->wake_ns, (unsigned long long)t->end_ns,
		(long long)t->irq_latency_ns, (long long)t->wake_latency_ns,
		(unsigned long long)t->compute_ns, t->missed, t->flags);
	for (i = 0; i < r->nsel; i++)
		fprintf(r->out, ",%.17g", srt_from_bits(t->value[i]));
	fputc('\n', r->out);
}

/* Copy the record out first: the ring slot is shared memory. */
static int record_take(struct rec_state *r, struct dpmap *d, long k)
{
	unsigned char buf[sizeof(struct shieldrt_tel) +
			  8 * SHIELDRT_MAX_SEL];
	struct shieldrt_tel *t = (struct shieldrt_tel *)buf;

	memcpy(buf, srt_tel_record(&d->m, k),
	       sizeof(*t) + 8 * (size_t)r->nsel);
	if (r->records && t->seq <= r->last)
		fatal("telemetry went backwards (seq %llu after %llu): another reader?",
		      (unsigned long long)t->seq, r->last);
	if (!r->records)
		r->first = t->seq;
	else
		r->gaps += t->seq - r->last - 1;
	r->last = t->seq;
	r->last_cycle = t->cycle;
	r->records++;
	record_one(r, t);
	return 0;
}

/*
 * The stats view lags the loop by up to hdr.pub_cycles cycles: before
 * comparing its drop count with the gaps seen, wait (briefly) until it has
 * been published past the newest record.  A stopped or destroyed loop
 * has flushed it already.
 */
static void record_settle(struct rec_state *r, struct dpmap *d)
{
	double lag = 2e-9 * d->m.hdr->period_ns * dpmap_pub_cycles(d);
	double limit = dp_now() + 0.1 + (lag < 2 ? lag : 2);
	struct shieldrt_live lv;

	if (!r->records)
		return;
	for (;;) {
		dpmap_live(d, &lv);
		if (lv.cycle >= r->last_cycle || dpmap_dead(d) ||
		    dp_now() > limit)
			return;
		dp_sleep(100e-6);
	}
}

/* --output while the attach may still fail: a file we created. */
static const char *rec_created;

static void record_remove_created(void)
{
	if (rec_created)
		unlink(rec_created);
}

/*
 * Open --output before the module is asked, so that a path that cannot
 * be written is a usage error up front; but an existing file stays as it
 * was, and one created here goes again, unless the attach succeeds: then
 * record_keep() truncates or keeps it.
 */
static FILE *record_open(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	FILE *f;

	if (fd >= 0) {
		rec_created = path;
		atexit(record_remove_created);
	} else if (errno == EEXIST) {
		fd = open(path, O_WRONLY | O_CLOEXEC);
	}
	if (fd < 0)
		usage_error("cannot write %s: %s", path, strerror(errno));
	f = fdopen(fd, "w");
	if (!f)
		fatal("cannot write %s: %s", path, strerror(errno));
	return f;
}

static void record_keep(FILE *f, const char *path)
{
	struct stat st;

	if (rec_created) {
		rec_created = NULL;
		return;
	}
	/* what fopen(path, "w") would have done: O_TRUNC, files only */
	if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode) &&
	    ftruncate(fileno(f), 0))
		fatal("cannot truncate %s: %s", path, strerror(errno));
}

int cmd_record(int argc, char **argv)
{
	static const struct option own[] = {
		{ "cycles",	required_argument,	NULL, 'n' },
		{ "output",	required_argument,	NULL, 'o' },
		{ "meta",	no_argument,		NULL, 'm' },
		{ NULL, 0, NULL, 0 }
	};
	struct cmd_opts o = { .name = "record", .usage = record_usage,
			      .shared = CMD_LOOP | CMD_DURATION | CMD_JSON,
			      .own = own, .duration = 1.0 };
	const char *loop, *path = NULL;
	unsigned long long want = 0, span = 0;
	struct shieldrt_stats s0, s1;
	struct rec_state r = { 0 };
	double nap, t_end;
	struct dpmap d;
	FILE *rep;
	int c, ok;

	while ((c = cmd_getopt(&o, argc, argv)) != -1) {
		switch (c) {
		case 'n':
			want = parse_uint_arg(optarg, "--cycles", 1,
					      ULLONG_MAX);
			break;
		case 'o':
			path = optarg;
			break;
		case 'm':
			r.meta = 1;
			break;
		}
	}
	loop = o.loop;
	r.json = o.json;
	no_more_args("record", argc, argv, optind);
	if (r.json && r.meta)
		usage_error("--meta is for CSV recordings");
	r.out = path ? record_open(path) : stdout;
	dpmap_open(&d, loop, 1);
	if (path)
		record_keep(r.out, path);
	r.loop = loop;
	commit_log_init(&r.commits);
	rep = path ? stdout : stderr;
	r.nsel = d.m.hdr->tel_nsel;
	if (r.nsel > SHIELDRT_MAX_SEL ||
	    sizeof(struct shieldrt_tel) + 8 * r.nsel > d.m.off.tel_stride)
		fatal("loop '%s': impossible telemetry selection", loop);
	memcpy(r.sel, d.m.hdr->tel_sel, sizeof(r.sel));
	record_header(&r, &d);

	nap = d.m.hdr->period_ns / 1e9 * d.m.off.tel_size / 8;
	nap = nap < 50e-6 ? 50e-6 : nap > 0.02 ? 0.02 : nap;
	catch_interrupt();
	srt_tel_resync(&d.m);		/* from now on */
	dpmap_stats(&d, &s0);
	t_end = dp_now() + o.duration;
	for (;;) {
		long n = srt_tel_avail(&d.m), k;

		if (n < 0) {
			warnx_("telemetry tail impossible: resynchronizing");
			srt_tel_resync(&d.m);
			continue;
		}
		for (k = 0; k < n; k++) {
			record_take(&r, &d, k);
			span = r.last - r.first + 1;
			if (want && span >= want)
				break;
		}
		srt_tel_release(&d.m, k);
		if (r.have_commits) {
			struct shieldrt_live lv;

			dpmap_live(&d, &lv);
			if (lv.commit_cycle != r.seen_commit_cycle) {
				r.seen_commit_cycle = lv.commit_cycle;
				record_commits(&r);
			}
		}
		if (want ? span >= want : dp_now() >= t_end)
			break;
		if (interrupted())
			break;
		if (dpmap_dead(&d)) {
			warnx_("loop '%s' %s", loop, dpmap_gone(&d));
			break;
		}
		if (n == 0)
			dp_sleep(nap);
		if (want && dp_now() > t_end + 10 + want *
		    (d.m.hdr->period_ns / 1e9) * d.m.hdr->tel_decimation)
			fatal("loop '%s' produced %llu of %llu records: is it running?",
			      loop, span, want);
	}
	record_settle(&r, &d);
	dpmap_stats(&d, &s1);
	span = r.records ? r.last - r.first + 1 : 0;
	ok = r.records + r.gaps == span;
	if (r.json) {
		json_arr_end(&r.j);
		json_key(&r.j, "summary");
		json_obj_begin(&r.j);
		json_kv_int(&r.j, "records", r.records);
		json_kv_int(&r.j, "drops", r.gaps);
		json_kv_int(&r.j, "cycles", span * d.m.hdr->tel_decimation);
		json_kv_int(&r.j, "kernel_drops", s1.tel_drops - s0.tel_drops);
		json_kv_bool(&r.j, "accounted", ok);
		json_obj_end(&r.j);
		json_obj_end(&r.j);
		fputc('\n', r.out);
	}
	if (r.meta) {
		struct shieldrt_live l;

		if (r.have_commits) {
			record_commits(&r);
			commit_log_write(&r.commits, r.out);
			commit_log_free(&r.commits);
		}
		dpmap_live(&d, &l);
		fprintf(r.out, "# end commit_cycle=%llu cycle=%llu\n",
			(unsigned long long)l.commit_cycle,
			(unsigned long long)l.cycle);
	}
	if (r.out != stdout && fclose(r.out))
		fatal("writing %s: %s", path, strerror(errno));
	fflush(stdout);
	fprintf(rep, "records %llu, drops %llu, cycles %llu (decimation %u): ",
		r.records, r.gaps, span * d.m.hdr->tel_decimation,
		d.m.hdr->tel_decimation);
	fprintf(rep, "records + drops %s cycles; kernel counted %llu drops, %llu corrupt heads\n",
		ok ? "=" : "!=",
		(unsigned long long)(s1.tel_drops - s0.tel_drops),
		(unsigned long long)(s1.tel_corrupt - s0.tel_corrupt));
	dpmap_close(&d);
	if (interrupted()) {
		warnx_("interrupted: the recording ends early");
		return 128 + interrupted();
	}
	if (!r.records)
		fatal("no telemetry records: is loop '%s' running?", loop);
	return ok ? 0 : 1;
}
