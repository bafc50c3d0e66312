// SPDX-License-Identifier: GPL-2.0
/* Talking to the module through the control plane's ioctls. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "ctl.h"
#include "modload.h"
#include "userctl.h"

/* A reply that keeps growing between two calls is given up after this. */
#define CTL_TRIES	8
/* Far above any text or table the module produces. */
#define CTL_BUF_MAX	(64u << 20)

static int ctl_fd = -1;

const char *ctl_device(void)
{
	const char *dev = getenv("SHIELDRT_DEV");

	return dev && *dev ? dev : SHIELDRT_DEVICE;
}

static const struct {
	int err;
	const char *name;
} ctl_errnos[] = {
	{ ENOTTY, "ENOTTY" }, { EINVAL, "EINVAL" }, { E2BIG, "E2BIG" },
	{ EFAULT, "EFAULT" }, { EPERM, "EPERM" }, { ENOENT, "ENOENT" },
	{ EEXIST, "EEXIST" }, { EBUSY, "EBUSY" }, { ENOSPC, "ENOSPC" },
	{ ENOMEM, "ENOMEM" }, { EACCES, "EACCES" }, { ENODEV, "ENODEV" },
	{ ENXIO, "ENXIO" }, { EIO, "EIO" }, { EAGAIN, "EAGAIN" },
	{ ERANGE, "ERANGE" }, { EOPNOTSUPP, "EOPNOTSUPP" },
	{ EBADF, "EBADF" }, { EFBIG, "EFBIG" }, { EBADFD, "EBADFD" },
};

const char *ctl_errno_name(int err)
{
	static char buf[24];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ctl_errnos); i++)
		if (ctl_errnos[i].err == err)
			return ctl_errnos[i].name;
	snprintf(buf, sizeof(buf), "errno %d", err);
	return buf;
}

/*
 * One fd for the process.  Read-write when we may: the kernel decides by
 * capability what a request may change, the node's mode who gets an fd
 * at all; a node only readable to us still serves the reads.
 */
static int ctl_open(void)
{
	const char *dev;

	if (ctl_fd >= 0)
		return ctl_fd;
	dev = ctl_device();
	ctl_fd = open(dev, O_RDWR | O_CLOEXEC);
	if (ctl_fd < 0 && errno == EACCES)
		ctl_fd = open(dev, O_RDONLY | O_CLOEXEC);
	if (ctl_fd < 0)
		ctl_open_failed(dev, errno);
	return ctl_fd;
}

/*
 * No device: say whether the module is loaded and, if not, whether this
 * kernel would load it unsigned (a locked-down kernel refuses insmod of
 * an unsigned module, and the user may not have read why).
 */
void ctl_open_failed(const char *dev, int err)
{
	struct modload m;
	char why[96];

	if (err != ENOENT)
		fatal("cannot open %s: %s", dev, strerror(err));
	modload_read(&m);
	if (m.loaded)
		fatal("cannot open %s: %s; shieldrt is loaded: is devtmpfs mounted at /dev (or udev running)?",
		      dev, strerror(err));
	if (modload_signed_only(&m))
		fatal("cannot open %s: %s: shieldrt is not loaded, and this kernel loads signed modules only (%s): if insmod said \"Key was rejected by service\" or \"Operation not permitted\", %s",
		      dev, strerror(err), modload_why(&m, why, sizeof(why)),
		      modload_remedy);
	fatal("cannot open %s: %s (is shieldrt loaded? modprobe shieldrt)",
	      dev, strerror(err));
}

static int ctl_ioctl(unsigned long cmd, void *arg)
{
	int fd = ctl_open();

	for (;;) {
		if (!ioctl(fd, cmd, arg))
			return 0;
		if (errno != EINTR)
			return -errno;
	}
}

/*
 * Exit 1 with what was asked, why the kernel refused (its own words when
 * it gave some) and the errno, plus what to do about the usual causes.
 */
void ctl_die(const char *what, const char *loop, int ret, const char *why)
{
	char reason[SHIELDRT_ERR_LEN + 64];
	const char *hint = "";

	if (why && *why)
		snprintf(reason, sizeof(reason), "%s", why);
	else if (ret == -ENOENT && loop)
		snprintf(reason, sizeof(reason), "no such loop '%s'", loop);
	else
		snprintf(reason, sizeof(reason), "%s", strerror(-ret));
	if (ret == -EPERM)
		hint = "; changes need CAP_SYS_ADMIN (run as root)";
	else if (ret == -ENOTTY)
		hint = "; not the shieldrt device, or a module without the control plane";
	fatal("%s%s%s: %s (%s)%s", what, loop ? " " : "", loop ? loop : "",
	      reason, ctl_errno_name(-ret), hint);
}

/* A NUL-terminated name into a request's name array. */
static void ctl_name(__u8 *dst, const char *name)
{
	size_t len = strlen(name);

	if (len >= SHIELDRT_NAME_LEN)
		usage_error("name '%s' is longer than %d characters", name,
			    SHIELDRT_NAME_LEN - 1);
	memcpy(dst, name, len + 1);
}

/* One struct shieldrt_req; *value in and out when given. */
static int ctl_req_try(unsigned long cmd, const char *loop, const char *text,
		       size_t len, __u32 flags, __u64 *value, char *err,
		       size_t errlen)
{
	struct shieldrt_req r;
	int ret;

	memset(&r, 0, sizeof(r));
	ctl_name(r.name, loop);
	if (len > UINT32_MAX)
		return -E2BIG;
	r.flags = flags;
	r.text_len = len;
	r.text = len ? (uintptr_t)text : 0;
	r.value = value ? *value : 0;
	ret = ctl_ioctl(cmd, &r);
	r.err[sizeof(r.err) - 1] = '\0';
	snprintf(err, errlen, "%s", r.err);
	if (!ret && value)
		*value = r.value;
	return ret;
}

static __u64 ctl_req(const char *what, unsigned long cmd, const char *loop,
		     const char *text, size_t len, __u32 flags, __u64 value)
{
	char err[SHIELDRT_ERR_LEN];
	int ret;

	ret = ctl_req_try(cmd, loop, text, len, flags, &value, err,
			  sizeof(err));
	if (ret)
		ctl_die(what, loop, ret, err);
	return value;
}

void ctl_create(const char *loop, const char *settings, bool start)
{
	ctl_req("create", SHIELDRT_IOC_CREATE, loop, settings,
		strlen(settings), start ? SHIELDRT_REQ_START : 0, 0);
}

void ctl_destroy(const char *loop)
{
	ctl_req("destroy", SHIELDRT_IOC_DESTROY, loop, NULL, 0, 0, 0);
}

void ctl_start(const char *loop)
{
	ctl_req("start", SHIELDRT_IOC_START, loop, NULL, 0, 0, 0);
}

void ctl_stop(const char *loop)
{
	ctl_req("stop", SHIELDRT_IOC_STOP, loop, NULL, 0, 0, 0);
}

void ctl_reset(const char *loop)
{
	ctl_req("reset", SHIELDRT_IOC_RESET, loop, NULL, 0, 0, 0);
}

void ctl_resume(const char *loop)
{
	ctl_req("resume", SHIELDRT_IOC_RESUME, loop, NULL, 0, 0, 0);
}

void ctl_configure(const char *loop, const char *settings)
{
	ctl_req("set", SHIELDRT_IOC_CONFIGURE, loop, settings,
		strlen(settings), 0, 0);
}

void ctl_chain(const char *loop, const char *text, size_t len)
{
	ctl_req(len ? "chain load" : "chain unload", SHIELDRT_IOC_CHAIN, loop,
		text, len, 0, 0);
}

void ctl_params(const char *loop, const char *text, size_t len)
{
	ctl_req("chain stage", SHIELDRT_IOC_PARAMS, loop, text, len, 0, 0);
}

__u64 ctl_commit(const char *loop)
{
	return ctl_req("chain commit", SHIELDRT_IOC_COMMIT, loop, NULL, 0, 0,
		       0);
}

void ctl_limits(const char *loop, const char *text, size_t len)
{
	ctl_req("limits", SHIELDRT_IOC_LIMITS, loop, text, len, 0, 0);
}

void ctl_fpu_empty(const char *loop, bool on)
{
	ctl_req("fpu_empty", SHIELDRT_IOC_FPU_EMPTY, loop, NULL, 0, 0, on);
}

int ctl_create_try(const char *loop, const char *settings, bool start,
		   char *err, size_t errlen)
{
	return ctl_req_try(SHIELDRT_IOC_CREATE, loop, settings,
			   strlen(settings), start ? SHIELDRT_REQ_START : 0,
			   NULL, err, errlen);
}

int ctl_stop_try(const char *loop, char *err, size_t errlen)
{
	return ctl_req_try(SHIELDRT_IOC_STOP, loop, NULL, 0, 0, NULL, err,
			   errlen);
}

int ctl_destroy_try(const char *loop, char *err, size_t errlen)
{
	return ctl_req_try(SHIELDRT_IOC_DESTROY, loop, NULL, 0, 0, NULL, err,
			   errlen);
}

void ctl_flight_ctl(const char *loop, __u32 flags, __u64 value)
{
	const char *what = flags == SHIELDRT_REQ_FLIGHT_TRIGGER ?
			   "flight trigger" :
			   flags == SHIELDRT_REQ_FLIGHT_REARM ?
			   "flight rearm" : "flight triggers";

	ctl_req(what, SHIELDRT_IOC_FLIGHT_CTL, loop, NULL, 0, flags, value);
}

/* Room for @n elements of @size, or exit: the kernel asked for too much. */
static void *ctl_room(void *p, size_t n, size_t size, const char *what)
{
	if (n > CTL_BUF_MAX / size)
		fatal("%s: the module reports %zu entries, more than userctl takes",
		      what, n);
	return xrealloc(p, n * size);
}

unsigned int ctl_list(struct shieldrt_loop_info **loops)
{
	struct shieldrt_loop_info *l = NULL;
	struct shieldrt_list_req r;
	size_t cap = 0;
	int ret, tries;

	for (tries = 0; tries < CTL_TRIES; tries++) {
		memset(&r, 0, sizeof(r));
		r.loops = (uintptr_t)l;
		r.loops_len = cap;
		ret = ctl_ioctl(SHIELDRT_IOC_LIST, &r);
		if (ret && ret != -ENOSPC)
			ctl_die("list", NULL, ret, NULL);
		if (!ret && r.nr_loops <= cap) {
			*loops = l;
			return r.nr_loops;
		}
		/* loops may come and go until the next call */
		cap = r.nr_loops + 8;
		l = ctl_room(l, cap, sizeof(*l), "list");
	}
	fatal("list: the number of loops keeps changing");
}

int ctl_stats_try(const char *loop, struct shieldrt_stats_req *st)
{
	int ret;

	memset(st, 0, sizeof(*st));
	ctl_name(st->name, loop);
	ret = ctl_ioctl(SHIELDRT_IOC_STATS, st);
	if (st->nr_metrics > SHIELDRT_MAX_METRICS)
		st->nr_metrics = SHIELDRT_MAX_METRICS;
	st->lock[sizeof(st->lock) - 1] = '\0';
	st->last_error[sizeof(st->last_error) - 1] = '\0';
	return ret;
}

void ctl_stats(const char *loop, struct shieldrt_stats_req *st)
{
	int ret = ctl_stats_try(loop, st);

	if (ret)
		ctl_die("stats", loop, ret, NULL);
}

void ctl_hist(const char *loop, struct shieldrt_hist_req *h, __u64 **buckets)
{
	size_t cap = 0, need;
	__u64 *b = NULL;
	int ret, tries;

	for (tries = 0; tries < CTL_TRIES; tries++) {
		memset(h, 0, sizeof(*h));
		ctl_name(h->name, loop);
		h->buckets = (uintptr_t)b;
		h->buckets_len = cap;
		ret = ctl_ioctl(SHIELDRT_IOC_HIST, h);
		if (ret && ret != -ENOSPC)
			ctl_die("hist", loop, ret, NULL);
		if (h->nr_metrics > SHIELDRT_MAX_METRICS)
			fatal("hist %s: %u metrics, more than the struct holds",
			      loop, h->nr_metrics);
		need = (size_t)h->nr_metrics * h->nr_buckets;
		/* With no room the summary alone came back: ask again. */
		if (!ret && (!need || (b && need <= cap))) {
			*buckets = b;
			return;
		}
		cap = need;
		b = ctl_room(b, cap, sizeof(*b), "hist");
	}
	fatal("hist %s: the histogram keeps changing its size", loop);
}

void ctl_flight(const char *loop, struct shieldrt_flight_req *f,
		unsigned char **recs)
{
	unsigned char *r = NULL;
	size_t cap = 0, size = 0;
	int ret, tries;

	for (tries = 0; tries < CTL_TRIES; tries++) {
		memset(f, 0, sizeof(*f));
		ctl_name(f->name, loop);
		f->flags = SHIELDRT_FLIGHT_F_VALUES;
		f->recs = (uintptr_t)r;
		f->recs_len = cap;
		ret = ctl_ioctl(SHIELDRT_IOC_FLIGHT, f);
		if (ret && ret != -ENOSPC)
			ctl_die("flight", loop, ret, NULL);
		if (!ret && (f->state != SHIELDRT_FLIGHT_FROZEN ||
			     !f->nr_recs ||
			     (r && f->nr_recs <= cap && f->rec_size == size))) {
			if (f->state != SHIELDRT_FLIGHT_FROZEN)
				f->nr_recs = 0;
			*recs = r;
			return;
		}
		if (f->rec_size < sizeof(struct shieldrt_flight_vrec) ||
		    f->nsel > SHIELDRT_FLIGHT_MAX_SEL ||
		    f->rec_size != sizeof(struct shieldrt_flight_vrec) +
				   8 * f->nsel)
			fatal("flight %s: the module gave %u signals in records of %u bytes",
			      loop, f->nsel, f->rec_size);
		cap = f->nr_recs;
		size = f->rec_size;
		r = ctl_room(r, cap, size, "flight");
	}
	fatal("flight %s: the window keeps changing its size", loop);
}

int ctl_view_try(const char *loop, const char *view, char **text)
{
	struct shieldrt_view_req v;
	size_t cap = 4096;
	char *buf = NULL;
	int ret = -ENOSPC, tries;

	*text = NULL;
	for (tries = 0; tries < CTL_TRIES && ret == -ENOSPC; tries++) {
		buf = xrealloc(buf, cap);
		memset(&v, 0, sizeof(v));
		if (loop)
			ctl_name(v.name, loop);
		ctl_name(v.view, view);
		v.buf = (uintptr_t)buf;
		v.buf_len = cap;
		ret = ctl_ioctl(SHIELDRT_IOC_VIEW, &v);
		if (ret == -ENOSPC) {
			if (v.len >= CTL_BUF_MAX)
				ret = -E2BIG;
			else	/* with room for it to grow meanwhile */
				cap = v.len + 1 + 1024;
		}
	}
	if (ret) {
		free(buf);
		return ret;
	}
	buf[v.len < cap ? v.len : cap - 1] = '\0';
	*text = buf;
	return 0;
}

char *ctl_view(const char *loop, const char *view)
{
	char *what = xasprintf("view %s of", view), *text, why[96];
	int ret = ctl_view_try(loop, view, &text);

	if (!ret) {
		free(what);
		return text;
	}
	if (ret == -ENOENT && loop)
		snprintf(why, sizeof(why), "no such loop '%s' (or no view '%s')",
			 loop, view);
	else if (ret == -ENOENT)
		snprintf(why, sizeof(why), "no view '%s'", view);
	ctl_die(what, loop ? loop : "the module", ret,
		 ret == -ENOENT ? why : NULL);
}

/* ---- names ---- */

#define CTL_NAME(table, i) \
	((i) < ARRAY_SIZE(table) && (table)[i] ? (table)[i] : "?")

/* Tables from the UAPI header's name lists, indexed by value. */
#define CTL_NAME_AT(value, name)					\
	[value] = name,
#define CTL_METRIC_AT(value, key, col)					\
	[value] = { key, col },

static const char *const ctl_states[] = {
	SHIELDRT_STATE_LIST(CTL_NAME_AT)
};

static const char *const ctl_modes[] = {
	SHIELDRT_MODE_LIST(CTL_NAME_AT)
};

static const char *const ctl_sections[] = {
	SHIELDRT_SECTION_LIST(CTL_NAME_AT)
};

static const char *const ctl_safe_reasons[] = {
	SHIELDRT_SAFE_LIST(CTL_NAME_AT)
};

static const char *const ctl_fltrigs[] = {
	SHIELDRT_FLTRIG_LIST(CTL_NAME_AT)
};

static const char *const ctl_flight_states[] = {
	SHIELDRT_FLIGHT_STATE_LIST(CTL_NAME_AT)
};

static const char *const ctl_mem_parts[] = {
	SHIELDRT_MEM_LIST(CTL_NAME_AT)
};

static const struct {
	const char *key;
	const char *col;
} ctl_metrics[] = {
	SHIELDRT_M_LIST(CTL_METRIC_AT)
};

const char *ctl_state_name(__u32 state)
{
	return CTL_NAME(ctl_states, state);
}

const char *ctl_mode_name(__u32 mode)
{
	return CTL_NAME(ctl_modes, mode);
}

const char *ctl_section_name(__u32 section)
{
	return CTL_NAME(ctl_sections, section);
}

const char *ctl_safe_name(__u32 why)
{
	return CTL_NAME(ctl_safe_reasons, why);
}

const char *ctl_fltrig_name(__u32 trigger)
{
	return CTL_NAME(ctl_fltrigs, trigger);
}

const char *ctl_flight_state_name(__u32 state)
{
	return CTL_NAME(ctl_flight_states, state);
}

const char *ctl_mem_name(__u32 part)
{
	return CTL_NAME(ctl_mem_parts, part);
}

const char *ctl_metric_key(unsigned int m, char *buf, size_t len)
{
	if (m < ARRAY_SIZE(ctl_metrics))
		return ctl_metrics[m].key;
	snprintf(buf, len, "metric%u", m);
	return buf;
}

const char *ctl_metric_col(unsigned int m, char *buf, size_t len)
{
	if (m < ARRAY_SIZE(ctl_metrics))
		return ctl_metrics[m].col;
	snprintf(buf, len, "M%u", m);
	return buf;
}
