// SPDX-License-Identifier: GPL-2.0
/*
 * The exact per-cycle figures of a bench: a reader of the loop's
 * telemetry ring (one record per cycle: deadline, wake, end, IRQ and wake
 * latency, compute time, missed periods).  A record lost to a full ring
 * shows as a gap in seq; the bench reports the count, so a figure built
 * from the records says how many cycles it lacks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "dpmap.h"

struct bench_tel {
	struct dpmap d;
	bench_tel_fn fn;
	void *arg;
	unsigned int nsel;
	bool have_last;
	unsigned long long last_seq, records, drops;
};

struct bench_tel *bench_tel_open(const char *loop, bench_tel_fn fn, void *arg)
{
	struct bench_tel *t = xmalloc(sizeof(*t));

	memset(t, 0, sizeof(*t));
	dpmap_open(&t->d, loop, 1);
	t->fn = fn;
	t->arg = arg;
	t->nsel = t->d.m.hdr->tel_nsel;
	if (t->nsel > SHIELDRT_MAX_SEL ||
	    sizeof(struct shieldrt_tel) + 8 * t->nsel > t->d.m.off.tel_stride)
		fatal("loop '%s': impossible telemetry selection", loop);
	srt_tel_resync(&t->d.m);	/* from now on */
	return t;
}

double bench_tel_nap(const struct bench_tel *t)
{
	double nap = t->d.m.hdr->period_ns / 1e9 * t->d.m.off.tel_size / 8;

	return nap < 50e-6 ? 50e-6 : nap > 0.02 ? 0.02 : nap;
}

void bench_tel_drain(struct bench_tel *t)
{
	unsigned char buf[sizeof(struct shieldrt_tel) + 8 * SHIELDRT_MAX_SEL];
	struct shieldrt_tel *r = (struct shieldrt_tel *)buf;
	long n, k;

	for (;;) {
		n = srt_tel_avail(&t->d.m);
		if (n < 0) {
			/* an impossible tail: count nothing, start again */
			srt_tel_resync(&t->d.m);
			t->have_last = false;
			continue;
		}
		if (!n)
			return;
		for (k = 0; k < n; k++) {
			/* the slot is shared memory: copy it out first */
			memcpy(buf, srt_tel_record(&t->d.m, k),
			       sizeof(*r) + 8 * (size_t)t->nsel);
			if (t->have_last && r->seq > t->last_seq)
				t->drops += r->seq - t->last_seq - 1;
			t->last_seq = r->seq;
			t->have_last = true;
			t->records++;
			t->fn(t->arg, r);
		}
		srt_tel_release(&t->d.m, n);
	}
}

void bench_tel_counts(const struct bench_tel *t, unsigned long long *records,
		      unsigned long long *drops)
{
	if (records)
		*records = t->records;
	if (drops)
		*drops = t->drops;
}

void bench_tel_run(struct bench_tel *t, double s)
{
	double end = bench_now() + s, nap = bench_tel_nap(t), left;

	for (;;) {
		bench_tel_drain(t);
		left = end - bench_now();
		if (left <= 0)
			return;
		bench_sleep(left < nap ? left : nap);
	}
}

int bench_tel_position(const struct bench_tel *t, const char *chain,
		       const char *name)
{
	int in = bench_chain_signal(chain, name, false);
	int out = bench_chain_signal(chain, name, true);
	unsigned int i, sel;

	for (i = 0; i < t->nsel; i++) {
		sel = t->d.m.hdr->tel_sel[i];
		if ((in >= 0 && sel == (unsigned int)in) ||
		    (out >= 0 && sel == (SHIELDRT_SEL_OUT | (unsigned int)out)))
			return i;
	}
	return -1;
}

void bench_tel_setpoint(struct bench_tel *t, int in, double v)
{
	__u64 value[SHIELDRT_MAX_SIGNALS] = { 0 };

	if (in < 0 || (unsigned int)in >= t->d.m.n_in)
		fatal("bench: no input %d to set", in);
	value[in] = srt_to_bits(v);
	srt_mbox_write(&t->d.m, 1U << in, value);
}

void bench_tel_rebase(struct bench_tel *t)
{
	t->have_last = false;
}

void bench_tel_close(struct bench_tel *t)
{
	if (!t)
		return;
	dpmap_close(&t->d);
	free(t);
}
