// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * feed: a small client of one shieldrt loop's data plane, the example
 * that "make install" and the shieldrt-dev package install.  It builds
 * against the installed headers alone, as C or as C++:
 *
 *   cc -o feed feed.c $(pkg-config --cflags shieldrt)
 *   ./feed LOOP VALUE [SECONDS]
 *
 * It attaches to the loop through /dev/shieldrt ($SHIELDRT_DEV names
 * another node), maps its region with srt_region_map(), writes VALUE to
 * input 0 through the setpoint mailbox and waits for the cycle that took
 * it, then prints the loop's telemetry records for SECONDS (default 1):
 * cycle, wake-up latency and the signals the loop records.  The loop must
 * be running.  Feeding needs no privilege, only an fd of the device.
 *
 * A region lasts as long as its loop and its layout.  Once the kernel
 * sets SHIELDRT_RF_DEAD in the region's header, nothing there changes
 * and nothing written there is read: with SHIELDRT_RF_REPLACED too, the
 * loop lives on in a new region (a chain with other signal counts was
 * loaded), and feed attaches again and writes its setpoint there; alone,
 * the loop was destroyed, and feed stops with exit status 1.
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <shieldrt/shieldrt_ring.h>

struct feed {
	const char *loop;
	int fd;
	void *base;
	size_t size;
	struct srt_map m;
	unsigned long long records, dropped;
	__u64 next_seq;		/* the telemetry seq expected next */
	int seen;		/* a record was seen in this region */
};

/* What feed_wait() and feed_print() found the region to be. */
enum feed_region { FEED_LIVE, FEED_REPLACED, FEED_DESTROYED };

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void nap(void)
{
	struct timespec ts = { 0, 1000 * 1000 };	/* 1 ms */

	nanosleep(&ts, NULL);
}

static enum feed_region feed_region(const struct feed *f)
{
	__u32 flags = srt_read_once(f->m.hdr->flags);

	if (!(flags & SHIELDRT_RF_DEAD))
		return FEED_LIVE;
	return flags & SHIELDRT_RF_REPLACED ? FEED_REPLACED : FEED_DESTROYED;
}

/* Attach to the loop and map its region: 0, or -1 with the reason said. */
static int feed_attach(struct feed *f, const char *dev)
{
	struct shieldrt_attach a;
	const struct shieldrt_hdr *h;
	size_t len = strlen(f->loop);

	memset(&a, 0, sizeof(a));
	if (!len || len >= sizeof(a.name)) {
		fprintf(stderr, "feed: '%s' is not a loop name\n", f->loop);
		return -1;
	}
	memcpy(a.name, f->loop, len);
	/* O_RDWR: the mailbox and the telemetry consumer index are written */
	f->fd = open(dev, O_RDWR | O_CLOEXEC);
	if (f->fd < 0) {
		perror(dev);
		return -1;
	}
	if (ioctl(f->fd, SHIELDRT_IOC_ATTACH, &a) < 0) {
		perror("attach");	/* ENOENT: no loop of that name */
		close(f->fd);
		return -1;
	}
	f->size = a.off.region_size;
	f->base = srt_region_map(f->fd, &a.off, 1);
	if (!f->base) {
		perror("map");
		close(f->fd);
		return -1;
	}
	h = (const struct shieldrt_hdr *)f->base;
	if (h->magic != SHIELDRT_MAGIC ||
	    h->abi_version != SHIELDRT_ABI_VERSION ||
	    srt_map_init(&f->m, f->base, &a.off) ||
	    h->tel_nsel > SHIELDRT_MAX_SEL ||
	    sizeof(struct shieldrt_tel) + 8 * h->tel_nsel > a.off.tel_stride) {
		fprintf(stderr, "feed: the region is not ABI %d as this program knows it\n",
			SHIELDRT_ABI_VERSION);
		munmap(f->base, f->size);
		close(f->fd);
		return -1;
	}
	/* from now on: what another reader left in the ring is not ours */
	srt_tel_resync(&f->m);
	f->seen = 0;
	return 0;
}

static void feed_detach(struct feed *f)
{
	munmap(f->base, f->size);
	close(f->fd);
}

/*
 * Write @value to input 0 through the mailbox and wait until a cycle has
 * applied it: at most a second plus three periods (the live block is
 * republished at least every millisecond of the loop's time).
 */
static int feed_setpoint(struct feed *f, double value,
			 enum feed_region *region)
{
	__u64 v[SHIELDRT_MAX_SIGNALS] = { 0 };
	double timeout = 1.0 + 3 * (f->m.hdr->period_ns / 1e9), t0 = now();
	struct shieldrt_live lv;
	__u64 seq;

	if (f->m.n_in < 1) {
		fprintf(stderr, "feed: loop '%s' has no inputs\n", f->loop);
		return -1;
	}
	v[0] = srt_to_bits(value);
	seq = srt_mbox_write(&f->m, 1U << 0, v);
	for (;;) {
		*region = feed_region(f);
		if (*region != FEED_LIVE)
			return 0;
		if (srt_live_read(&f->m.hdr->live, &lv)) {
			fprintf(stderr, "feed: the live block never settled\n");
			return -1;
		}
		if (lv.mbox_seq >= seq)
			break;
		if (now() - t0 > timeout) {
			fprintf(stderr, "feed: loop '%s' did not take the setpoint within %.1f s: is it running?\n",
				f->loop, timeout);
			return -1;
		}
		nap();
	}
	printf("# input 0 = %g from cycle %llu\n", value,
	       (unsigned long long)lv.mbox_cycle);
	return 0;
}

static void feed_columns(const struct feed *f)
{
	const struct shieldrt_hdr *h = f->m.hdr;
	__u32 k;

	printf("# cycle wake_latency_ns");
	for (k = 0; k < h->tel_nsel; k++)
		printf(" %s%u", h->tel_sel[k] & SHIELDRT_SEL_OUT ? "out" : "in",
		       h->tel_sel[k] & ~SHIELDRT_SEL_OUT);
	printf("\n");
}

/* Print the records that come until @t_end, or until the region dies. */
static enum feed_region feed_print(struct feed *f, double t_end)
{
	__u32 k, nsel = f->m.hdr->tel_nsel;
	enum feed_region region;
	long i, n;

	while (now() < t_end) {
		region = feed_region(f);
		if (region != FEED_LIVE)
			return region;
		n = srt_tel_avail(&f->m);
		if (n < 0) {
			/* an impossible index: someone wrote ours */
			srt_tel_resync(&f->m);
			continue;
		}
		for (i = 0; i < n; i++) {
			const struct shieldrt_tel *t = srt_tel_record(&f->m, (__u32)i);

			/* a gap in seq: records the kernel dropped, ring full */
			if (f->seen && t->seq > f->next_seq)
				f->dropped += t->seq - f->next_seq;
			f->next_seq = t->seq + 1;
			f->seen = 1;
			f->records++;
			printf("%llu %lld", (unsigned long long)t->cycle,
			       (long long)t->wake_latency_ns);
			for (k = 0; k < nsel; k++)
				printf(" %.17g", srt_from_bits(t->value[k]));
			printf("\n");
		}
		srt_tel_release(&f->m, (__u32)n);
		if (!n)
			nap();
	}
	return FEED_LIVE;
}

int main(int argc, char **argv)
{
	const char *dev = getenv("SHIELDRT_DEV");
	enum feed_region region = FEED_LIVE;
	double value, secs = 1, t_end;
	struct feed f;
	char *end;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: feed LOOP VALUE [SECONDS]\n");
		return 2;
	}
	memset(&f, 0, sizeof(f));
	f.loop = argv[1];
	value = strtod(argv[2], &end);
	/* the kernel refuses NaN and infinities (mbox_rej_value) */
	if (*end || end == argv[2] || !srt_bits_finite(srt_to_bits(value))) {
		fprintf(stderr, "feed: VALUE '%s' is not a finite number\n", argv[2]);
		return 2;
	}
	if (argc == 4) {
		secs = strtod(argv[3], &end);
		if (*end || end == argv[3] || !(secs > 0 && secs <= 3600)) {
			fprintf(stderr, "feed: SECONDS '%s' is not 0 < S <= 3600\n",
				argv[3]);
			return 2;
		}
	}
	if (!dev || !*dev)
		dev = SHIELDRT_DEVICE;
	if (feed_attach(&f, dev))
		return 1;
	t_end = now() + secs;
	for (;;) {
		if (feed_setpoint(&f, value, &region)) {
			feed_detach(&f);
			return 1;
		}
		if (region == FEED_LIVE) {
			feed_columns(&f);
			region = feed_print(&f, t_end);
		}
		if (region != FEED_REPLACED)
			break;
		printf("# loop '%s' has a new region (a chain with other signal counts): attaching again\n",
		       f.loop);
		feed_detach(&f);
		if (feed_attach(&f, dev))
			return 1;
	}
	feed_detach(&f);
	printf("# %llu records, %llu dropped\n", f.records, f.dropped);
	if (region == FEED_DESTROYED) {
		fprintf(stderr, "feed: loop '%s' was destroyed\n", f.loop);
		return 1;
	}
	return 0;
}
