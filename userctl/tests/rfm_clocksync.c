// SPDX-License-Identifier: GPL-2.0
/*
 * rfm_clocksync: the testbed's stand-in for ptp4l + phc2sys between VMs
 * that share one ivshmem-plain memory (scripts/bench/bench rfm,
 * scripts/testbed/demo --nodes 2).  Node 0's CLOCK_REALTIME is the
 * reference; every other node measures its offset to it through the shared
 * memory and steps its own clock by it ("set"), or only reports it
 * ("check", e.g. after a run, to see how far the clocks drifted apart).
 * CLOCK_TAI moves with CLOCK_REALTIME.  TCG guests have no PTP hardware
 * clock to discipline; on real nodes use ptp4l and phc2sys (docs/rfm.md).
 *
 *	rfm_clocksync RESOURCE OFFSET NODE NODES ROUND set|check
 *
 * RESOURCE is the BAR's sysfs resource file, OFFSET a 64-byte aligned
 * area of 64 x NODES bytes in it that nothing else uses.  Run it before
 * shieldrt_rfm takes the BAR (a held BAR is closed to user mappings on
 * kernels with IO_STRICT_DEVMEM).  ROUND tells one run from an earlier
 * one in the same memory.
 *
 * Node k (k > 0) has 16 words at OFFSET + 64 k:
 *	0	req	ROUND << 16 | i: its i-th request
 *	1	resp	the request node 0 answered, written after t2
 *	2, 3	t2	node 0's clock when it saw the request (ns, low, high)
 *	4	done	ROUND, once node k is done
 * One exchange: node k reads its clock (t1) and writes req; node 0,
 * polling, reads its clock (t2) and writes t2, then resp; node k sees
 * resp and reads its clock (t3).  Node 0's clock minus node k's is
 * t2 - (t1 + t3) / 2 if both ways took equally long, and wrong by at
 * most half the round trip t3 - t1 otherwise.  Of EXCHANGES exchanges
 * the one with the shortest round trip is used.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>

#define EXCHANGES	400	/* at least */
#define MAX_EXCHANGES	20000
#define GOOD_RTT_NS	20000	/* enough exchanges once one was this short */
#define SLOT_WORDS	16
#define WAIT_NS		(300 * 1000000000LL)	/* for the other nodes */
#define REPLY_NS	(200 * 1000000LL)	/* for one answer */

enum { REQ, RESP, T2_LO, T2_HI, DONE };

/* The slots; every access an atomic 32-bit one, the memory is shared. */
static uint32_t *area;

static int64_t now_ns(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static uint32_t get(int k, int w)
{
	return __atomic_load_n(&area[k * SLOT_WORDS + w], __ATOMIC_ACQUIRE);
}

static void put(int k, int w, uint32_t v)
{
	__atomic_store_n(&area[k * SLOT_WORDS + w], v, __ATOMIC_RELEASE);
}

static int cmp_s64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* Node 0: answer every node's requests until all of them are done. */
static int serve(int nodes, uint32_t round)
{
	int64_t start = now_ns(CLOCK_MONOTONIC), idle = start, t2;
	uint32_t last[64] = { 0 }, r;
	int k, left;

	for (k = 1; k < nodes; k++)
		last[k] = get(k, RESP);
	for (;;) {
		left = 0;
		for (k = 1; k < nodes; k++) {
			if (get(k, DONE) == round)
				continue;
			left++;
			r = get(k, REQ);
			if (r >> 16 != (round & 0xffff) || r == last[k])
				continue;
			t2 = now_ns(CLOCK_REALTIME);
			put(k, T2_LO, (uint32_t)t2);
			put(k, T2_HI, (uint32_t)((uint64_t)t2 >> 32));
			put(k, RESP, r);
			last[k] = r;
			idle = now_ns(CLOCK_MONOTONIC);
		}
		if (!left)
			break;
		if (now_ns(CLOCK_MONOTONIC) - start > WAIT_NS) {
			fprintf(stderr, "rfm_clocksync: node 0: %d node(s) not done in %lld s\n",
				left, WAIT_NS / 1000000000LL);
			return 1;
		}
		/* spin while requests come, else poll every 1 ms */
		if (now_ns(CLOCK_MONOTONIC) - idle > 10 * 1000000LL)
			usleep(1000);
	}
	printf("clocksync: node 0 is the reference; %d node(s) measured against it (round %u)\n",
	       nodes - 1, round);
	return 0;
}

/* Node k: measure the offset, step the clock by it with @set. */
static int measure(int k, uint32_t round, int set)
{
	int64_t start = now_ns(CLOCK_MONOTONIC), t1, t2, t3, rtt, off;
	int64_t best_rtt = INT64_MAX, best_off = 0, rtts[MAX_EXCHANGES];
	uint32_t req;
	int i, got = 0;
	struct timex tx;

	/*
	 * A vCPU descheduled by the host stretches an exchange; if no short
	 * one came in the first EXCHANGES, go on for a while.
	 */
	for (i = 1; got < MAX_EXCHANGES &&
	     (got < EXCHANGES || best_rtt > GOOD_RTT_NS); i++) {
		req = (round & 0xffff) << 16 | (i & 0xffff);
		t1 = now_ns(CLOCK_REALTIME);
		put(k, REQ, req);
		while (get(k, RESP) != req) {
			if (now_ns(CLOCK_MONOTONIC) - start > WAIT_NS) {
				fprintf(stderr, "rfm_clocksync: node %d: no answer from node 0 in %lld s\n",
					k, WAIT_NS / 1000000000LL);
				return 1;
			}
			/* node 0 not up yet: ask again a little later */
			if (now_ns(CLOCK_REALTIME) - t1 > REPLY_NS)
				break;
		}
		t3 = now_ns(CLOCK_REALTIME);
		if (get(k, RESP) != req)
			continue;
		t2 = (int64_t)((uint64_t)get(k, T2_HI) << 32 | get(k, T2_LO));
		rtt = t3 - t1;
		off = t2 - t1 - rtt / 2;
		rtts[got++] = rtt;
		if (rtt >= 0 && rtt < best_rtt) {
			best_rtt = rtt;
			best_off = off;
		}
	}
	put(k, DONE, round);
	qsort(rtts, got, sizeof(rtts[0]), cmp_s64);
	printf("clocksync: node %d: node 0's clock - this one's = %" PRId64
	       " ns, within %" PRId64 " ns (half the shortest round trip of %d exchanges; their median %" PRId64 " ns)\n",
	       k, best_off, (best_rtt + 1) / 2, got, rtts[got / 2]);
	if (!set)
		return 0;
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_SETOFFSET | ADJ_NANO;
	tx.time.tv_sec = best_off / 1000000000LL;
	tx.time.tv_usec = best_off % 1000000000LL;	/* ns, with ADJ_NANO */
	if (tx.time.tv_usec < 0) {
		tx.time.tv_sec--;
		tx.time.tv_usec += 1000000000LL;
	}
	if (clock_adjtime(CLOCK_REALTIME, &tx) < 0) {
		fprintf(stderr, "rfm_clocksync: node %d: clock_adjtime: %s\n",
			k, strerror(errno));
		return 1;
	}
	printf("clocksync: node %d: stepped by %" PRId64 " ns\n", k, best_off);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long offset, round;
	int fd, node, nodes, set;
	size_t len;
	void *map;
	char *end;

	if (argc != 7 || (strcmp(argv[6], "set") && strcmp(argv[6], "check"))) {
		fprintf(stderr, "usage: rfm_clocksync RESOURCE OFFSET NODE NODES ROUND set|check\n");
		return 2;
	}
	offset = strtoul(argv[2], &end, 0);
	node = atoi(argv[3]);
	nodes = atoi(argv[4]);
	round = strtoul(argv[5], NULL, 0);
	set = !strcmp(argv[6], "set");
	if (*end || offset % 64 || nodes < 2 || nodes > 64 || node < 0 ||
	    node >= nodes || !round || round > 0xffff) {
		fprintf(stderr, "rfm_clocksync: OFFSET a multiple of 64, 2 <= NODES <= 64, 0 <= NODE < NODES, 1 <= ROUND <= 65535\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR | O_SYNC);
	if (fd < 0) {
		fprintf(stderr, "rfm_clocksync: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	len = offset + 64 * (size_t)nodes;
	map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED) {
		fprintf(stderr, "rfm_clocksync: mmap %s (%zu bytes): %s\n",
			argv[1], len, strerror(errno));
		close(fd);
		return 1;
	}
	area = (uint32_t *)((char *)map + offset);
	return node ? measure(node, round, set) : serve(nodes, round);
}
