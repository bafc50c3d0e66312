// SPDX-License-Identifier: GPL-2.0
/*
 * Two-thread stress of the data plane protocol: the user helpers of
 * include/shieldrt_ring.h against the kernel side,
 * include/shieldrt_dataplane.h, on one region.  Checks order, loss,
 * counted drops and torn data.  Built plain (-O2) and with
 * -fsanitize=thread.  Usage: ring_stress [N]
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

#include "ring_common.h"

#define NSIG 4

static unsigned long n_items = 2000000;

struct ctx {
	struct srt_dp dp;
	struct srt_map m;
	struct srt_dp_geom g;
	struct shieldrt_offsets off;
	void *mem;
	atomic_int done;
	int throttle;		/* producer/consumer keeps the other whole */
	unsigned long errors;
	unsigned long got, gaps, torn, order;
	unsigned long snap_bad, snaps;
	unsigned long last_written;
	atomic_ulong applied;		/* mailbox updates the reader took */
	pthread_barrier_t go;
};

static void ctx_init(struct ctx *c, u32 cmd_size, u32 tel_size)
{
	memset(c, 0, sizeof(*c));
	default_geom(&c->g, NSIG, NSIG, cmd_size, tel_size);
	c->mem = fake_region(&c->dp, &c->g, &c->off);
	if (srt_map_init(&c->m, c->mem, &c->off)) {
		fprintf(stderr, "srt_map_init rejected a good layout\n");
		exit(2);
	}
}

static int all_equal(const u64 *v, u64 want)
{
	int i;

	for (i = 0; i < NSIG; i++)
		if (v[i] != want)
			return 0;
	return 1;
}

/* ---- command ring: user produces, kernel consumes ---- */

static void *cmd_producer(void *arg)
{
	struct ctx *c = arg;
	unsigned long k;

	for (k = 0; k < n_items; k++) {
		struct shieldrt_slot *e;
		long space;
		int i;

		while ((space = srt_cmd_space(&c->m)) == 0)
			sched_yield();
		if (space < 0) {
			c->errors++;
			break;
		}
		e = srt_cmd_slot(&c->m, 0);
		e->key = k;
		e->mask = (1U << NSIG) - 1;
		e->flags = k + 1 < n_items ? SHIELDRT_CMD_MORE : 0;
		for (i = 0; i < NSIG; i++)
			e->value[i] = dbits((double)k);
		srt_cmd_commit(&c->m, 1);
	}
	atomic_store(&c->done, 1);
	return NULL;
}

/* The kernel side runs one cycle per due entry (keeps up) or free. */
static void *cmd_consumer(void *arg)
{
	struct ctx *c = arg;
	struct srt_signals sig = { .n_in = NSIG, .n_out = NSIG };
	u64 cyc = 0, applied = 0;

	for (;;) {
		if (c->throttle) {
			if (cyc >= n_items)
				break;
			while (srt_load_acquire(c->dp.cmd_tailp) ==
			       srt_dp_cmd_head(&c->dp))
				sched_yield();
		} else if (atomic_load(&c->done) &&
			   srt_load_acquire(c->dp.cmd_tailp) ==
			   srt_dp_cmd_head(&c->dp)) {
			break;
		}
		srt_dp_cycle_in(&c->dp, cyc, &sig);
		if (c->dp.st.cmd_applied != applied) {
			applied = c->dp.st.cmd_applied;
			if (!all_equal(sig.in, dbits((double)cyc)))
				c->torn++;
		}
		cyc++;
	}
	return NULL;
}

static void test_cmd(int throttle)
{
	const char *mode = throttle ? "consumer keeps up" : "free running";
	struct ctx *c = malloc(sizeof(*c));
	pthread_t p, q;

	ctx_init(c, 256, 256);
	c->throttle = throttle;
	pthread_create(&q, NULL, cmd_consumer, c);
	pthread_create(&p, NULL, cmd_producer, c);
	pthread_join(p, NULL);
	pthread_join(q, NULL);
	tap_ok(!c->errors && !c->dp.st.cmd_corrupt,
	       "cmd %s: ring indices stayed sane", mode);
	tap_ok(!c->torn, "cmd %s: every applied entry whole, at its cycle (%lu bad)",
	       mode, c->torn);
	if (throttle) {
		tap_ok(c->dp.st.cmd_applied == n_items && !c->dp.st.cmd_rej_late,
		       "cmd %s: %lu of %lu applied, none late", mode,
		       (unsigned long)c->dp.st.cmd_applied, n_items);
		tap_ok(!c->dp.st.cmd_underruns, "cmd %s: no underruns", mode);
	} else {
		tap_ok(c->dp.st.cmd_applied + c->dp.st.cmd_rej_late == n_items,
		       "cmd %s: applied %llu + late %llu = %lu entries (underruns %llu)",
		       mode,
		       (unsigned long long)c->dp.st.cmd_applied,
		       (unsigned long long)c->dp.st.cmd_rej_late, n_items,
		       (unsigned long long)c->dp.st.cmd_underruns);
	}
	free(c->mem);
	free(c);
}

/* ---- telemetry ring: kernel produces, user consumes ---- */

static void *tel_producer(void *arg)
{
	struct ctx *c = arg;
	struct srt_signals sig = { .n_in = NSIG, .n_out = NSIG };
	struct srt_cycle_sample s = { 0 };
	unsigned long i;
	int j;

	for (i = 0; i < n_items; i++) {
		if (c->throttle)
			while (c->dp.tel_tail -
			       srt_load_acquire(c->dp.tel_headp) >=
			       c->off.tel_size)
				sched_yield();
		s.cycle = i;
		s.deadline_ns = i * 1000;
		s.wake_ns = s.deadline_ns + 3;
		s.end_ns = s.wake_ns + 5;
		for (j = 0; j < NSIG; j++) {
			sig.in[j] = i;
			sig.out[j] = i;
		}
		srt_dp_cycle_in(&c->dp, i, &sig);
		for (j = 0; j < NSIG; j++)
			sig.in[j] = i;
		srt_dp_cycle_out(&c->dp, &s, &sig);
	}
	atomic_store(&c->done, 1);
	return NULL;
}

static void tel_check(struct ctx *c, const struct shieldrt_tel *r,
		      u64 *next)
{
	u32 j;

	if (r->seq < *next)
		c->order++;
	else
		c->gaps += r->seq - *next;
	*next = r->seq + 1;
	if (r->cycle != r->seq || r->end_ns != r->cycle * 1000 + 8)
		c->torn++;
	for (j = 0; j < 2 * NSIG; j++)
		if (r->value[j] != r->cycle)
			c->torn++;
	c->got++;
}

static void *tel_consumer(void *arg)
{
	struct ctx *c = arg;
	u64 next = 0;

	for (;;) {
		int fin = atomic_load(&c->done);
		long n = srt_tel_avail(&c->m);
		long k;

		if (n < 0) {
			c->errors++;
			return NULL;
		}
		for (k = 0; k < n; k++)
			tel_check(c, srt_tel_record(&c->m, k), &next);
		if (n) {
			srt_tel_release(&c->m, n);
			continue;
		}
		if (fin)
			break;
		sched_yield();
	}
	c->gaps += n_items - next;	/* drops after the last record */
	return NULL;
}

/* A third thread: every stats/live snapshot must be self-consistent. */
static void *snap_reader(void *arg)
{
	struct ctx *c = arg;
	struct shieldrt_stats st;
	struct shieldrt_live lv;
	u64 last_cycle = 0;

	while (!atomic_load(&c->done)) {
		if (srt_stats_read(c->m.stats, &st) ||
		    srt_live_read(&c->m.hdr->live, &lv))
			continue;
		c->snaps++;
		if (st.tel_records + st.tel_drops != st.cycles ||
		    lv.cycle < last_cycle)
			c->snap_bad++;
		last_cycle = lv.cycle;
	}
	return NULL;
}

static void test_tel(int throttle)
{
	const char *mode = throttle ? "consumer keeps up" : "free running";
	struct ctx *c = malloc(sizeof(*c));
	pthread_t p, q, r;

	ctx_init(c, 16, 256);
	c->throttle = throttle;
	pthread_create(&q, NULL, tel_consumer, c);
	pthread_create(&r, NULL, snap_reader, c);
	pthread_create(&p, NULL, tel_producer, c);
	pthread_join(p, NULL);
	pthread_join(q, NULL);
	pthread_join(r, NULL);
	tap_ok(!c->errors && !c->order && !c->dp.st.tel_corrupt,
	       "tel %s: records in order, indices sane", mode);
	tap_ok(!c->torn, "tel %s: no torn record (%lu bad)", mode, c->torn);
	tap_ok(c->got == c->dp.st.tel_records &&
	       c->gaps == c->dp.st.tel_drops &&
	       c->got + c->gaps == n_items,
	       "tel %s: received %lu + gaps %lu = %lu cycles, kernel: %llu records %llu drops",
	       mode, c->got, c->gaps,
	       n_items, (unsigned long long)c->dp.st.tel_records,
	       (unsigned long long)c->dp.st.tel_drops);
	if (throttle)
		tap_ok(!c->dp.st.tel_drops, "tel %s: no drops", mode);
	tap_ok(!c->snap_bad,
	       "tel %s: %lu stats snapshots consistent (records + drops = cycles), %lu not",
	       mode, c->snaps, c->snap_bad);
	free(c->mem);
	free(c);
}

/* ---- mailbox: user writes sets, kernel reads the latest ---- */

/*
 * At least n_items sets, and on until the reader has taken a good number
 * of them: a busy machine may otherwise run the two threads one after
 * the other and test nothing.
 */
static void *mbox_writer(void *arg)
{
	struct ctx *c = arg;
	unsigned long want = n_items / 100 < 1000 ? n_items / 100 : 1000;
	u64 v[NSIG];
	unsigned long k;
	int i;

	pthread_barrier_wait(&c->go);
	for (k = 1; k <= n_items || (atomic_load(&c->applied) < want &&
				     k < 100 * n_items); k++) {
		for (i = 0; i < NSIG; i++)
			v[i] = dbits((double)k);
		srt_mbox_write(&c->m, (1U << NSIG) - 1, v);
	}
	c->last_written = k - 1;
	atomic_store(&c->done, 1);
	return NULL;
}

static void *mbox_reader(void *arg)
{
	struct ctx *c = arg;
	struct srt_signals sig = { .n_in = NSIG, .n_out = NSIG };
	u64 cyc = 0;
	double last = 0;

	pthread_barrier_wait(&c->go);
	for (;;) {
		int fin = atomic_load(&c->done);
		double now;

		srt_dp_cycle_in(&c->dp, cyc++, &sig);
		now = bitsd(sig.in[0]);
		if (!all_equal(sig.in, sig.in[0]) ||
		    (now != 0 && c->dp.mbox_seq != (u64)now))
			c->torn++;
		if (now < last)
			c->order++;
		last = now;
		atomic_store(&c->applied, c->dp.st.mbox_updates);
		if (fin && !srt_mbox_pending(&c->m))
			break;
	}
	c->got = (unsigned long)last;
	return NULL;
}

static void test_mbox(void)
{
	struct ctx *c = malloc(sizeof(*c));
	pthread_t p, q;

	ctx_init(c, 16, 16);
	pthread_barrier_init(&c->go, NULL, 2);
	pthread_create(&q, NULL, mbox_reader, c);
	pthread_create(&p, NULL, mbox_writer, c);
	pthread_join(p, NULL);
	pthread_join(q, NULL);
	pthread_barrier_destroy(&c->go);
	tap_ok(!c->torn, "mbox: reader never saw a torn set (%lu bad)",
	       c->torn);
	tap_ok(!c->order, "mbox: values never went backwards");
	tap_ok(c->got == c->last_written,
	       "mbox: latest value wins (%lu, last written %lu)",
	       c->got, c->last_written);
	tap_ok(c->dp.st.mbox_updates >= 2 &&
	       c->dp.st.mbox_updates <= c->last_written &&
	       !c->dp.st.mbox_corrupt,
	       "mbox: %llu updates applied, no corruption counted",
	       (unsigned long long)c->dp.st.mbox_updates);
	free(c->mem);
	free(c);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		n_items = strtoul(argv[1], NULL, 0);
	if (!n_items) {
		fprintf(stderr, "usage: ring_stress [N>0]\n");
		return 2;
	}
	printf("# ring_stress: %lu items per test\n", n_items);
	test_cmd(1);
	test_cmd(0);
	test_tel(1);
	test_tel(0);
	test_mbox();
	return tap_done();
}
