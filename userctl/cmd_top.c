// SPDX-License-Identifier: GPL-2.0
/*
 * userctl top -l LOOP: a plain-text live view of a loop's data plane,
 * refreshed every interval, from a read-only mapping.
 */
#include <getopt.h>
#include <stdio.h>

#include "dpmap.h"

static void top_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl top -l LOOP [-d SEC] [-n COUNT]\n"
		"\n"
		"Show the loop's cycle, telemetry, mailbox and command counters\n"
		"and its latest telemetry record, every SEC seconds.\n"
		"\n"
		"  -l, --loop NAME      the loop\n"
		"  -d, --delay SEC      refresh interval (default 1)\n"
		"  -n, --count COUNT    stop after COUNT screens (default: never)\n"
		"  -h, --help           this text\n");
}

static unsigned long long ull(__u64 v)
{
	return v;
}

static void top_screen(struct dpmap *d, const struct shieldrt_live *lv,
		       const struct shieldrt_stats *s,
		       const struct shieldrt_stats *p, double dt)
{
	const struct shieldrt_hdr *h = d->m.hdr;
	unsigned char buf[sizeof(struct shieldrt_tel) + 8 * SHIELDRT_MAX_SEL];
	const struct shieldrt_tel *t = (const struct shieldrt_tel *)buf;
	unsigned int i, nsel = h->tel_nsel;
	__u32 tail;
	char name[16];

	printf("loop %.*s  cycle %llu  %.0f cycles/s  period %llu ns  in %u out %u%s\n",
	       SHIELDRT_NAME_LEN, h->name, ull(lv->cycle),
	       (s->cycles - p->cycles) / dt, ull(h->period_ns), h->n_in,
	       h->n_out, dpmap_dead(d) ? "  [DEAD]" : "");
	printf("  heartbeat  %u, unchanged for %llu cycles; commit at cycle %llu\n",
	       lv->heartbeat, ull(lv->cycle - lv->heartbeat_cycle),
	       ull(lv->commit_cycle));
	printf("  telemetry  records %llu (%.0f/s)  drops %llu (%.0f/s)  corrupt %llu\n",
	       ull(s->tel_records), (s->tel_records - p->tel_records) / dt,
	       ull(s->tel_drops), (s->tel_drops - p->tel_drops) / dt,
	       ull(s->tel_corrupt));
	printf("  mailbox    updates %llu  last at cycle %llu",
	       ull(s->mbox_updates), ull(lv->mbox_cycle));
	printf("  rejected: index %llu value %llu flags %llu corrupt %llu\n",
	       ull(s->mbox_rej_index), ull(s->mbox_rej_value),
	       ull(s->mbox_rej_flags), ull(s->mbox_corrupt));
	printf("  commands   applied %llu  late %llu  underruns %llu",
	       ull(s->cmd_applied), ull(s->cmd_rej_late),
	       ull(s->cmd_underruns));
	printf("  rejected: index %llu value %llu flags %llu  resyncs %llu\n",
	       ull(s->cmd_rej_index), ull(s->cmd_rej_value),
	       ull(s->cmd_rej_flags), ull(s->cmd_corrupt));
	if (s->tel_drops != p->tel_drops)
		printf("  # telemetry records were dropped in this interval (reader too slow or absent)\n");
	/*
	 * The newest record, peeked without consuming; the kernel may be
	 * rewriting it when the ring is near full, so it is only a glance.
	 */
	tail = srt_load_acquire(d->m.tel_tailp);
	if (!tail || nsel > SHIELDRT_MAX_SEL || sizeof(*t) + 8 * nsel >
	    d->m.off.tel_stride)
		return;
	memcpy(buf, srt_at(d->m.base, d->m.off.tel_entries,
			   d->m.off.tel_stride,
			   (tail - 1) & (d->m.off.tel_size - 1)),
	       sizeof(*t) + 8 * nsel);
	printf("  last       cycle %llu  wake latency %lld ns  irq latency %lld ns",
	       ull(t->cycle), (long long)t->wake_latency_ns,
	       (long long)t->irq_latency_ns);
	printf("  compute %llu ns  missed %u  flags %#x\n", ull(t->compute_ns),
	       t->missed, t->flags);
	printf("            ");
	for (i = 0; i < nsel; i++) {
		dp_sel_name(h->tel_sel[i], name, sizeof(name));
		printf(" %s=%g", name, srt_from_bits(t->value[i]));
	}
	printf("\n\n");
	fflush(stdout);
}

int cmd_top(int argc, char **argv)
{
	static const struct option own[] = {
		{ "delay",	required_argument,	NULL, 'd' },
		{ NULL, 0, NULL, 0 }
	};
	/* count 0: never stop */
	struct cmd_opts o = { .name = "top", .usage = top_usage,
			      .shared = CMD_LOOP | CMD_COUNT, .own = own };
	struct shieldrt_stats prev, cur;
	unsigned long long shown = 0;
	struct shieldrt_live lv;
	double delay = 1.0, t0, t1;
	struct dpmap d;

	/* -d, --delay: its one option of its own */
	while (cmd_getopt(&o, argc, argv) != -1) {
		delay = dp_parse_value(optarg, "--delay");
		if (delay < 0.01)
			usage_error("--delay must be at least 0.01");
	}
	no_more_args("top", argc, argv, optind);
	dpmap_open(&d, o.loop, 0);
	dpmap_stats(&d, &prev);
	t0 = dp_now();
	while (!o.count || shown++ < o.count) {
		dp_sleep(delay);
		t1 = dp_now();
		dpmap_stats(&d, &cur);
		dpmap_live(&d, &lv);
		top_screen(&d, &lv, &cur, &prev, t1 - t0);
		prev = cur;
		t0 = t1;
	}
	dpmap_close(&d);
	return 0;
}
