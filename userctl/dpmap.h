/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Attach to a loop's data plane region through /dev/shieldrt and map it:
 * shared by the setpoint, stream, record and top commands.  The protocol
 * helpers are include/shieldrt_ring.h.  The device is the control
 * plane's, ctl_device(): $SHIELDRT_DEV when set and not empty.
 */
#ifndef USERCTL_DPMAP_H
#define USERCTL_DPMAP_H

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "../include/shieldrt_ring.h"
#include "ctl.h"
#include "userctl.h"

struct dpmap {
	int fd;
	void *base;
	size_t size;
	struct srt_map m;
};

static inline void dpmap_open(struct dpmap *d, const char *loop, int rw)
{
	const char *dev = ctl_device();
	struct shieldrt_attach a;
	struct shieldrt_hdr *h;

	if (!loop || !*loop)
		usage_error("no loop given (-l NAME)");
	if (strlen(loop) >= SHIELDRT_NAME_LEN)
		usage_error("loop name '%s' is longer than %d characters",
			    loop, SHIELDRT_NAME_LEN - 1);
	d->fd = open(dev, (rw ? O_RDWR : O_RDONLY) | O_CLOEXEC);
	if (d->fd < 0)
		ctl_open_failed(dev, errno);
	memset(&a, 0, sizeof(a));
	memcpy(a.name, loop, strlen(loop));
	/* A refusal as the control plane reports one: the errno's name. */
	if (ioctl(d->fd, SHIELDRT_IOC_ATTACH, &a) < 0)
		ctl_die("attach", loop, -errno, NULL);
	d->size = a.off.region_size;
	d->base = srt_region_map(d->fd, &a.off, rw);
	if (!d->base)
		ctl_die("map", loop, -errno,
			errno == ENOENT ? strerror(errno) : NULL);
	h = d->base;
	/* The header is read-only to every process: a mismatch is real. */
	if (h->magic != SHIELDRT_MAGIC ||
	    h->abi_version != SHIELDRT_ABI_VERSION)
		fatal("loop '%s': region header magic %#x ABI %u, this userctl speaks ABI %u",
		      loop, h->magic, h->abi_version, SHIELDRT_ABI_VERSION);
	if (srt_map_init(&d->m, d->base, &a.off))
		fatal("loop '%s': the kernel reported an impossible layout",
		      loop);
}

static inline void dpmap_close(struct dpmap *d)
{
	munmap(d->base, d->size);
	close(d->fd);
}

static inline int dpmap_dead(struct dpmap *d)
{
	return !!(srt_read_once(d->m.hdr->flags) & SHIELDRT_RF_DEAD);
}

/* Why the region gets no more updates, after "loop 'NAME' "; NULL: live. */
static inline const char *dpmap_gone(struct dpmap *d)
{
	unsigned int f = srt_read_once(d->m.hdr->flags);

	if (!(f & SHIELDRT_RF_DEAD))
		return NULL;
	if (f & SHIELDRT_RF_REPLACED)
		return "has a new region (a chain with other signal counts was loaded): run this again";
	return "was destroyed";
}

/* Exit (status 1) saying why, once the region gets no more updates. */
static inline void dpmap_live_or_die(struct dpmap *d, const char *loop)
{
	const char *why = dpmap_gone(d);

	if (why)
		fatal("loop '%s' %s", loop, why);
}

/* Cycles by which the live block and the stats may lag the loop. */
static inline unsigned int dpmap_pub_cycles(struct dpmap *d)
{
	return srt_read_once(d->m.hdr->pub_cycles) & 0xffff;
}

static inline void dpmap_live(struct dpmap *d, struct shieldrt_live *l)
{
	if (srt_live_read(&d->m.hdr->live, l))
		fatal("the region's live block never settled");
}

static inline void dpmap_stats(struct dpmap *d, struct shieldrt_stats *s)
{
	if (srt_stats_read(d->m.stats, s))
		fatal("the region's stats never settled");
}

static inline double dp_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline void dp_sleep(double s)
{
	struct timespec ts;

	if (s <= 0)
		return;
	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - ts.tv_sec) * 1e9);
	nanosleep(&ts, NULL);
}

/* Telemetry column name of selector @sel: in3, out0. */
static inline void dp_sel_name(__u16 sel, char *buf, size_t len)
{
	if (sel & SHIELDRT_SEL_OUT)
		snprintf(buf, len, "out%u", sel & 0xff);
	else
		snprintf(buf, len, "in%u", sel);
}

#endif
