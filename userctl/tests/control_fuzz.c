// SPDX-License-Identifier: GPL-2.0
/*
 * control_fuzz: bad input for every control plane ioctl on /dev/shieldrt,
 * written from include/uapi/shieldrt.h ("Control plane": the structs, the
 * size rules, the errno table) and issue 12 ("Bad input").  A guest
 * program: scripts/testbed/guest/tests/control-ioctl.sh runs it as root
 * with the module loaded and no loop present.  TAP on stdout.
 *
 *   control_fuzz -c CPU [-r ROUNDS] [-t THREADS] [-l LEAK_ROUNDS] [-d DEV]
 *
 * CPU is where its loops run (hrtimer loops, 1 ms).  Each request that
 * must fail is checked for its errno and for "nothing changed": a snapshot
 * of every loop (the list, the views, the counters of stopped loops, the
 * flight recorder's settings), taken through the ioctls before and after,
 * must be the same.  Requests that must succeed are checked for their
 * effect.  Then: EPERM for every changing request after CAP_SYS_ADMIN is
 * dropped (reads still work), create and destroy of one name racing from
 * several threads, and memory and threads over many rounds.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/capability.h>
#include "uapi/shieldrt.h"
#include "tap.h"

_Static_assert(sizeof(struct shieldrt_req) == SHIELDRT_REQ_SIZE_VER0, "req");
_Static_assert(sizeof(struct shieldrt_stats_req) == SHIELDRT_STATS_SIZE_VER0,
	       "stats");
_Static_assert(sizeof(struct shieldrt_hist_req) == SHIELDRT_HIST_SIZE_VER0,
	       "hist");
_Static_assert(sizeof(struct shieldrt_list_req) == SHIELDRT_LIST_SIZE_VER0,
	       "list");
_Static_assert(sizeof(struct shieldrt_flight_req) == SHIELDRT_FLIGHT_SIZE_VER1,
	       "flight");
_Static_assert(sizeof(struct shieldrt_view_req) == SHIELDRT_VIEW_SIZE_VER0,
	       "view");

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define MAX_LOOPS	64
#define VIEW_MAX	(1 << 20)
#define TEXT_TOO_LONG	((1 << 20) + 1)

/* The fixture: loops that exist while the cases run. */
#define FX		"fz"		/* stopped, chain CHAIN_G, has run */
#define FX2		"fz2"		/* stopped, no chain */
#define FXA		"aaaaaaaaaaaaaaa"	/* 15 bytes: a truncated name's victim */
#define FXN		"fzn"		/* created and destroyed by cases */

static const char CHAIN_G[] = "input x\noutput y\nblock g gain in=x out=y k=2\n";
static const char CHAIN_H[] = "input x\noutput y\nblock h gain in=x out=y k=3\n";

static const char *dev = SHIELDRT_DEVICE;
static int fd = -1;
static int cpu = -1;
static long pg;
/* [RW x 4 pages][PROT_NONE][read-only]: where structs and buffers go */
static unsigned char *area, *guard, *ro;
static char create_text[160];

static const char *ename(int e)
{
	static __thread char buf[24];

	switch (e) {
	case 0: return "success";
	case ENOTTY: return "ENOTTY";
	case EINVAL: return "EINVAL";
	case E2BIG: return "E2BIG";
	case EFAULT: return "EFAULT";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EEXIST: return "EEXIST";
	case EBUSY: return "EBUSY";
	case ENOSPC: return "ENOSPC";
	case ENOMEM: return "ENOMEM";
	case ENODEV: return "ENODEV";
	case EBADFD: return "EBADFD";
	case ETIMEDOUT: return "ETIMEDOUT";
	case ESPIPE: return "ESPIPE";
	case EIDRM: return "EIDRM";
	}
	snprintf(buf, sizeof(buf), "errno %d", e);
	return buf;
}

static __attribute__((format(printf, 1, 2))) void diag(const char *fmt, ...)
{
	char buf[2048], *p;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fputs("# ", stdout);
	for (p = buf; *p; p++)
		if (*p == '\n')
			fputs("\\n", stdout);
		else
			putchar(*p);
	putchar('\n');
}

static int xioctl(int f, unsigned long cmd, void *arg)
{
	return ioctl(f, cmd, arg) ? errno : 0;
}

/* The same request number with another size, direction or type. */
static unsigned long ioc_size(unsigned long cmd, unsigned int size)
{
	return _IOC(_IOC_DIR(cmd), _IOC_TYPE(cmd), _IOC_NR(cmd), size);
}

static unsigned long ioc_dir(unsigned long cmd, unsigned int dir)
{
	return _IOC(dir, _IOC_TYPE(cmd), _IOC_NR(cmd), _IOC_SIZE(cmd));
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A C string into a name field, cut to the field, NUL-padded. */
static void set_name(__u8 *dst, const char *name)
{
	size_t n = strlen(name);

	memset(dst, 0, SHIELDRT_NAME_LEN);
	memcpy(dst, name, n < SHIELDRT_NAME_LEN ? n : SHIELDRT_NAME_LEN);
}

static void req_fill(void *b, const char *name, const char *text, __u32 flags,
		     __u64 value)
{
	struct shieldrt_req *r = b;

	memset(r, 0, sizeof(*r));
	set_name(r->name, name);
	if (text) {
		r->text = (uintptr_t)text;
		r->text_len = strlen(text);
	}
	r->flags = flags;
	r->value = value;
}

/* One struct shieldrt_req request on @f; @value in and out, @err out. */
static int rq_fd(int f, unsigned long cmd, const char *name, const char *text,
		 __u32 flags, __u64 *value, char *err)
{
	struct shieldrt_req r;
	int e;

	req_fill(&r, name, text, flags, value ? *value : 0);
	e = xioctl(f, cmd, &r);
	if (value)
		*value = r.value;
	if (err) {
		memcpy(err, r.err, SHIELDRT_ERR_LEN);
		err[SHIELDRT_ERR_LEN - 1] = '\0';
	}
	return e;
}

static int rq(unsigned long cmd, const char *name, const char *text,
	      __u32 flags, __u64 value)
{
	return rq_fd(fd, cmd, name, text, flags, &value, NULL);
}

/* A setup step that must work for the cases after it to mean anything. */
static bool setup(int e, const char *what)
{
	if (e)
		tap_ok(0, "prepare: %s: %s", what, ename(e));
	return !e;
}

static int stats_get(const char *name, struct shieldrt_stats_req *s)
{
	memset(s, 0, sizeof(*s));
	set_name(s->name, name);
	return xioctl(fd, SHIELDRT_IOC_STATS, s);
}

static int flight_get(const char *name, struct shieldrt_flight_req *f)
{
	memset(f, 0, sizeof(*f));
	set_name(f->name, name);
	return xioctl(fd, SHIELDRT_IOC_FLIGHT, f);
}

/* The loop's state, or -errno. */
static long loop_state(const char *name)
{
	struct shieldrt_stats_req s;
	int e = stats_get(name, &s);

	return e ? -e : (long)s.state;
}

static bool wait_state(const char *name, __u32 state, int ms)
{
	double end = now_s() + ms / 1000.0;

	do {
		if (loop_state(name) == (long)state)
			return true;
		sleep_ms(2);
	} while (now_s() < end);
	return false;
}

static bool wait_flight(const char *name, __u32 state, int ms)
{
	struct shieldrt_flight_req f;
	double end = now_s() + ms / 1000.0;

	do {
		if (!flight_get(name, &f) && f.state == state)
			return true;
		sleep_ms(2);
	} while (now_s() < end);
	return false;
}

/* A view's text, NUL-terminated, in a malloc'd buffer; NULL and *e if not. */
static char *view_get(const char *name, const char *view, int *e)
{
	struct shieldrt_view_req v;
	size_t len = 4096;
	char *buf;

	for (;;) {
		buf = malloc(len);
		if (!buf) {
			*e = ENOMEM;
			return NULL;
		}
		memset(&v, 0, sizeof(v));
		set_name(v.name, name);
		set_name(v.view, view);
		v.buf = (uintptr_t)buf;
		v.buf_len = len;
		*e = xioctl(fd, SHIELDRT_IOC_VIEW, &v);
		if (*e == ENOSPC && v.len >= len && len < VIEW_MAX) {
			free(buf);
			len = v.len + 64 < VIEW_MAX ? v.len + 64 : VIEW_MAX;
			continue;
		}
		if (*e) {
			free(buf);
			return NULL;
		}
		buf[v.len < len ? v.len : len - 1] = '\0';
		return buf;
	}
}

/* Does a line of the view hold @needle? */
static bool view_has(const char *name, const char *view, const char *needle)
{
	char *t;
	bool has;
	int e;

	t = view_get(name, view, &e);
	has = t && strstr(t, needle);
	free(t);
	return has;
}

static int list_get(struct shieldrt_loop_info *li, unsigned int max,
		    unsigned int *nr)
{
	struct shieldrt_list_req l;
	int e;

	memset(&l, 0, sizeof(l));
	l.loops = (uintptr_t)li;
	l.loops_len = max;
	e = xioctl(fd, SHIELDRT_IOC_LIST, &l);
	*nr = l.nr_loops;
	return e;
}

static bool loop_exists(const char *name)
{
	struct shieldrt_loop_info li[MAX_LOOPS];
	unsigned int nr, i;

	if (list_get(li, MAX_LOOPS, &nr))
		return false;
	for (i = 0; i < nr && i < MAX_LOOPS; i++)
		if (!strncmp((char *)li[i].name, name, SHIELDRT_NAME_LEN))
			return true;
	return false;
}

static int loop_create(const char *name, const char *extra, __u32 flags)
{
	char text[256];

	snprintf(text, sizeof(text), "%s%s%s", create_text,
		 extra ? " " : "", extra ? extra : "");
	return rq(SHIELDRT_IOC_CREATE, name, text, flags, 0);
}

/* ---- the snapshot: everything a failed request must leave alone ---- */

struct sbuf {
	char *s;
	size_t n, cap;
};

static __attribute__((format(printf, 2, 3)))
void sb_add(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int k;

	for (;;) {
		va_start(ap, fmt);
		k = vsnprintf(sb->s + sb->n, sb->cap - sb->n, fmt, ap);
		va_end(ap);
		if (k >= 0 && (size_t)k < sb->cap - sb->n) {
			sb->n += k;
			return;
		}
		sb->cap = sb->cap * 2 + k + 1;
		sb->s = realloc(sb->s, sb->cap);
		if (!sb->s) {
			perror("realloc");
			exit(2);
		}
	}
}

static const char * const loop_views[] = {
	"config", "blocks", "params", "limits", "commit", "fpu_empty", "io",
	"state",
};

static const char * const module_views[] = { "loops", "locks", "providers" };

/*
 * @running: the loop takes committed parameters and limits at a cycle of
 * its own, so the "# generation ..." lines saying whether it has are left
 * out; the rest of the view must stay as it was.
 */
static void snap_view(struct sbuf *sb, const char *name, const char *view,
		      bool running)
{
	char *t, *line, *next;
	int e;

	t = view_get(name, view, &e);
	sb_add(sb, "view %s/%s: %s\n", name, view, ename(e));
	for (line = t; line && *line; line = next) {
		next = strchr(line, '\n');
		next = next ? next + 1 : line + strlen(line);
		if (running && !strncmp(line, "# generation ", 13))
			continue;
		sb_add(sb, "%.*s", (int)(next - line), line);
	}
	sb_add(sb, "\n");
	free(t);
}

static char *snapshot(void)
{
	struct shieldrt_loop_info li[MAX_LOOPS];
	struct shieldrt_stats_req s;
	struct shieldrt_flight_req f;
	struct sbuf sb = { malloc(8192), 0, 8192 };
	unsigned int nr, i, k;
	char name[SHIELDRT_NAME_LEN + 1];
	bool still;
	int e;

	e = list_get(li, MAX_LOOPS, &nr);
	sb_add(&sb, "list: %s nr=%u\n", ename(e), nr);
	for (k = 0; k < ARRAY_SIZE(module_views); k++)
		snap_view(&sb, "", module_views[k], false);
	for (i = 0; !e && i < nr && i < MAX_LOOPS; i++) {
		memcpy(name, li[i].name, SHIELDRT_NAME_LEN);
		name[SHIELDRT_NAME_LEN] = '\0';
		sb_add(&sb, "loop %s state=%u mode=%u cpu=%d period=%llu\n",
		       name, li[i].state, li[i].mode, li[i].cpu,
		       (unsigned long long)li[i].period_ns);
		still = li[i].state == SHIELDRT_STATE_CONFIGURED ||
			li[i].state == SHIELDRT_STATE_STOPPED;
		for (k = 0; k < ARRAY_SIZE(loop_views); k++)
			snap_view(&sb, name, loop_views[k], !still);
		e = stats_get(name, &s);
		sb_add(&sb, "stats %s: %s state=%u mode=%u cpu=%d period=%llu safe_reason=%u lock=%.32s\n",
		       name, ename(e), s.state, s.mode, s.cpu,
		       (unsigned long long)s.period_ns, s.safe_reason,
		       (char *)s.lock);
		if (still)
			sb_add(&sb, "  cycles=%llu safe_entries=%llu chain_commits=%llu commit_cycle=%llu overruns=%llu\n",
			       (unsigned long long)s.cycles,
			       (unsigned long long)s.safe_entries,
			       (unsigned long long)s.chain_commits,
			       (unsigned long long)s.commit_cycle,
			       (unsigned long long)s.overruns);
		e = flight_get(name, &f);
		sb_add(&sb, "flight %s: %s triggers=%#x size=%u post=%u\n",
		       name, ename(e), f.triggers, f.size, f.post);
		if (still)
			sb_add(&sb, "  state=%u nr_recs=%u trigger_cycle=%llu\n",
			       f.state, f.nr_recs,
			       (unsigned long long)f.trigger_cycle);
		e = 0;
	}
	return sb.s;
}

/* The first line where two snapshots differ, as a diagnostic. */
static void snap_diff(const char *a, const char *b)
{
	size_t la, lb;

	while (*a && *b) {
		la = strcspn(a, "\n");
		lb = strcspn(b, "\n");
		if (la != lb || memcmp(a, b, la)) {
			diag("before: %.*s", (int)(la > 200 ? 200 : la), a);
			diag("after:  %.*s", (int)(lb > 200 ? 200 : lb), b);
			return;
		}
		a += la + (a[la] == '\n');
		b += lb + (b[lb] == '\n');
	}
	diag("before: %.200s", a);
	diag("after:  %.200s", b);
}

/* ---- one ioctl: what makes a valid request, and what it must do ---- */

enum kind { K_REQ, K_LIST, K_STATS, K_HIST, K_FLIGHT, K_VIEW };

struct ioc {
	const char *name;
	unsigned long cmd;
	unsigned int size;		/* the struct as this header has it */
	enum kind kind;
	bool changes;			/* needs CAP_SYS_ADMIN */
	bool text;			/* takes text */
	__u32 flags;			/* the flags it defines */
	void (*prep)(void *b);		/* a request that succeeds now */
	bool (*effect)(void *b);	/* after success: did it do its work */
	void (*undo)(void);		/* back to the fixture, whatever happened */
	unsigned int ver0;		/* its _SIZE_VER0, if below size */
};

/* A reserved field: where it is in the struct and how wide. */
struct resv {
	const char *name;
	size_t off, len;
};

#define RESV(type, field)	{ #field, offsetof(type, field), \
				  sizeof(((type *)0)->field) }

static const struct resv resv_req[] = {
	RESV(struct shieldrt_req, resv[0]), RESV(struct shieldrt_req, resv[1]),
	RESV(struct shieldrt_req, resv[2]), RESV(struct shieldrt_req, resv[3]),
};
static const struct resv resv_list[] = {
	RESV(struct shieldrt_list_req, resv0),
	RESV(struct shieldrt_list_req, resv[0]),
	RESV(struct shieldrt_list_req, resv[3]),
};
static const struct resv resv_stats[] = {
	RESV(struct shieldrt_stats_req, resv[0]),
	RESV(struct shieldrt_stats_req, resv[4]),
};
static const struct resv resv_hist[] = {
	RESV(struct shieldrt_hist_req, resv[0]),
	RESV(struct shieldrt_hist_req, resv[4]),
};
static const struct resv resv_flight[] = {
	RESV(struct shieldrt_flight_req, resv0),
	RESV(struct shieldrt_flight_req, resv[0]),
	RESV(struct shieldrt_flight_req, resv[5]),
};
static const struct resv resv_view[] = {
	RESV(struct shieldrt_view_req, resv[0]),
	RESV(struct shieldrt_view_req, resv[3]),
};

/* Per kind of struct: where its flags are, and its reserved fields. */
static const struct {
	size_t flags;
	const struct resv *resv;
	size_t nresv;
} kinds[] = {
	[K_REQ] = { offsetof(struct shieldrt_req, flags),
		    resv_req, ARRAY_SIZE(resv_req) },
	[K_LIST] = { offsetof(struct shieldrt_list_req, flags),
		     resv_list, ARRAY_SIZE(resv_list) },
	[K_STATS] = { offsetof(struct shieldrt_stats_req, flags),
		      resv_stats, ARRAY_SIZE(resv_stats) },
	[K_HIST] = { offsetof(struct shieldrt_hist_req, flags),
		     resv_hist, ARRAY_SIZE(resv_hist) },
	[K_FLIGHT] = { offsetof(struct shieldrt_flight_req, flags),
		       resv_flight, ARRAY_SIZE(resv_flight) },
	[K_VIEW] = { offsetof(struct shieldrt_view_req, flags),
		     resv_view, ARRAY_SIZE(resv_view) },
};

static struct shieldrt_loop_info list_buf[MAX_LOOPS];
static char view_buf[65536];

/* Give the fixture loop some cycles, for the reset and the counters. */
static void fx_run_briefly(void)
{
	struct shieldrt_stats_req s;
	double end;

	if (rq(SHIELDRT_IOC_START, FX, NULL, 0, 0))
		return;
	end = now_s() + 5;
	while (!stats_get(FX, &s) && s.cycles < 3 && now_s() < end)
		sleep_ms(2);
	rq(SHIELDRT_IOC_STOP, FX, NULL, 0, 0);
}

/* Running, in safe state (the heartbeat went stale), heartbeat check off. */
static bool make_safe(const char *name)
{
	if (loop_state(name) != SHIELDRT_STATE_RUNNING &&
	    loop_state(name) != SHIELDRT_STATE_SAFE &&
	    !setup(rq(SHIELDRT_IOC_START, name, NULL, 0, 0), "start for safe"))
		return false;
	if (!setup(rq(SHIELDRT_IOC_CONFIGURE, name, "heartbeat_cycles=3", 0, 0),
		   "heartbeat_cycles=3"))
		return false;
	if (!wait_state(name, SHIELDRT_STATE_SAFE, 10000)) {
		setup(ETIMEDOUT, "loop enters safe state by its heartbeat");
		return false;
	}
	return setup(rq(SHIELDRT_IOC_CONFIGURE, name, "heartbeat_cycles=0", 0, 0),
		     "heartbeat_cycles=0");
}

static void stop_fx(void)
{
	rq(SHIELDRT_IOC_STOP, FX, NULL, 0, 0);
}

static void p_create(void *b)
{
	req_fill(b, FXN, create_text, 0, 0);
}

static bool e_create(void *b)
{
	struct shieldrt_req *r = b;

	return loop_exists(FXN) && r->err[0] == '\0' &&
	       loop_state(FXN) == SHIELDRT_STATE_CONFIGURED;
}

static void u_destroy_fxn(void)
{
	rq(SHIELDRT_IOC_DESTROY, FXN, NULL, 0, 0);
}

static void p_destroy(void *b)
{
	if (!loop_exists(FXN))
		setup(loop_create(FXN, NULL, 0), "create " FXN);
	req_fill(b, FXN, NULL, 0, 0);
}

static bool e_destroy(void *b)
{
	(void)b;
	return !loop_exists(FXN) && loop_state(FXN) == -ENOENT;
}

static void p_start(void *b)
{
	req_fill(b, FX, NULL, 0, 0);
}

static bool e_start(void *b)
{
	(void)b;
	return loop_state(FX) == SHIELDRT_STATE_RUNNING;
}

static void p_stop(void *b)
{
	if (loop_state(FX) != SHIELDRT_STATE_RUNNING)
		setup(rq(SHIELDRT_IOC_START, FX, NULL, 0, 0), "start " FX);
	req_fill(b, FX, NULL, 0, 0);
}

static bool e_stop(void *b)
{
	(void)b;
	return loop_state(FX) == SHIELDRT_STATE_STOPPED;
}

static void p_reset(void *b)
{
	struct shieldrt_stats_req s;

	if (stats_get(FX, &s) || !s.cycles)
		fx_run_briefly();
	req_fill(b, FX, NULL, 0, 0);
}

static bool e_reset(void *b)
{
	struct shieldrt_stats_req s;

	(void)b;
	return !stats_get(FX, &s) && s.cycles == 0;
}

static void p_resume(void *b)
{
	make_safe(FX);
	req_fill(b, FX, NULL, 0, 0);
}

static bool e_resume(void *b)
{
	(void)b;
	return wait_state(FX, SHIELDRT_STATE_RUNNING, 5000);
}

static void p_configure(void *b)
{
	req_fill(b, FX, "noise_ns=1234", 0, 0);
}

static bool e_configure(void *b)
{
	(void)b;
	return view_has(FX, "config", "noise_ns=1234\n");
}

static void u_configure(void)
{
	rq(SHIELDRT_IOC_CONFIGURE, FX, "noise_ns=1000", 0, 0);
}

static void p_chain(void *b)
{
	req_fill(b, FX, CHAIN_H, 0, 0);
}

static bool e_chain(void *b)
{
	(void)b;
	return rq(SHIELDRT_IOC_PARAMS, FX, "h.k=3", 0, 0) == 0 &&
	       rq(SHIELDRT_IOC_COMMIT, FX, NULL, 0, 0) == 0;
}

static void u_chain(void)
{
	rq(SHIELDRT_IOC_CHAIN, FX, CHAIN_G, 0, 0);
}

static void p_params(void *b)
{
	req_fill(b, FX, "g.k=5", 0, 0);
}

static bool e_params(void *b)
{
	(void)b;
	return view_has(FX, "params", "g.k=5");
}

static void u_params(void)
{
	rq(SHIELDRT_IOC_COMMIT, FX, NULL, 0, 0);
}

static void p_commit(void *b)
{
	setup(rq(SHIELDRT_IOC_PARAMS, FX, "g.k=4", 0, 0), "stage g.k=4");
	req_fill(b, FX, NULL, 0, 0);
}

/* A stopped loop's commit is counted when the loop takes it, at start. */
static bool e_commit(void *b)
{
	(void)b;
	return view_has(FX, "params", "staged: nothing");
}

static void p_limits(void *b)
{
	req_fill(b, FX, "out=0 min=-100 max=100", 0, 0);
}

static bool e_limits(void *b)
{
	(void)b;
	return view_has(FX, "limits", "100");
}

static void u_limits(void)
{
	rq(SHIELDRT_IOC_LIMITS, FX, "clear", 0, 0);
}

#define TRIG(t)		(1U << SHIELDRT_FLTRIG_##t)

static void p_flight_ctl(void *b)
{
	req_fill(b, FX, NULL, SHIELDRT_REQ_FLIGHT_TRIGGERS, TRIG(OVERRUN));
}

static bool e_flight_ctl(void *b)
{
	struct shieldrt_flight_req f;

	(void)b;
	return !flight_get(FX, &f) && (f.triggers & TRIG(OVERRUN)) &&
	       !(f.triggers & TRIG(SAFE));
}

static void u_flight_ctl(void)
{
	rq(SHIELDRT_IOC_FLIGHT_CTL, FX, NULL, SHIELDRT_REQ_FLIGHT_TRIGGERS,
	   TRIG(OVERRUN) | TRIG(SAFE));
}

static void p_fpu_empty(void *b)
{
	req_fill(b, FX, NULL, 0, 1);
}

static bool e_fpu_empty(void *b)
{
	(void)b;
	return view_has(FX, "fpu_empty", "1");
}

static void u_fpu_empty(void)
{
	rq(SHIELDRT_IOC_FPU_EMPTY, FX, NULL, 0, 0);
}

static void p_list(void *b)
{
	struct shieldrt_list_req *l = b;

	memset(l, 0, sizeof(*l));
	memset(list_buf, 0, sizeof(list_buf));
	l->loops = (uintptr_t)list_buf;
	l->loops_len = MAX_LOOPS;
}

static bool e_list(void *b)
{
	struct shieldrt_list_req *l = b;
	unsigned int i, seen = 0;

	if (l->nr_loops < 3 || l->nr_loops > MAX_LOOPS)
		return false;
	for (i = 0; i < l->nr_loops; i++) {
		if (!memchr(list_buf[i].name, 0, SHIELDRT_NAME_LEN))
			return false;
		seen |= !strcmp((char *)list_buf[i].name, FX) << 0;
		seen |= !strcmp((char *)list_buf[i].name, FX2) << 1;
		seen |= !strcmp((char *)list_buf[i].name, FXA) << 2;
	}
	return seen == 7;
}

static void p_stats(void *b)
{
	struct shieldrt_stats_req *s = b;

	memset(s, 0, sizeof(*s));
	set_name(s->name, FX);
}

static bool e_stats(void *b)
{
	struct shieldrt_stats_req *s = b;

	return s->nr_metrics == SHIELDRT_NR_METRICS &&
	       s->period_ns == 1000000 && s->cpu == cpu &&
	       s->mode == SHIELDRT_MODE_HRTIMER &&
	       s->state == SHIELDRT_STATE_STOPPED && s->cycles > 0;
}

static void p_hist(void *b)
{
	struct shieldrt_hist_req *h = b;

	memset(h, 0, sizeof(*h));
	set_name(h->name, FX);
}

static bool e_hist(void *b)
{
	struct shieldrt_hist_req *h = b;

	return h->nr_metrics == SHIELDRT_NR_METRICS && h->nr_buckets > 0 &&
	       h->bucket_ns > 0 && h->period_ns == 1000000 && h->cpu == cpu;
}

static void p_flight(void *b)
{
	struct shieldrt_flight_req *f = b;

	memset(f, 0, sizeof(*f));
	set_name(f->name, FX);
}

static bool e_flight(void *b)
{
	struct shieldrt_flight_req *f = b;

	return f->state <= SHIELDRT_FLIGHT_FROZEN && f->post == 8 &&
	       f->size >= 64 && (f->triggers & TRIG(OVERRUN)) &&
	       (f->triggers & TRIG(SAFE));
}

static void p_view(void *b)
{
	struct shieldrt_view_req *v = b;

	memset(v, 0, sizeof(*v));
	set_name(v->view, "loops");
	memset(view_buf, 0, sizeof(view_buf));
	v->buf = (uintptr_t)view_buf;
	v->buf_len = sizeof(view_buf);
}

static bool e_view(void *b)
{
	struct shieldrt_view_req *v = b;

	return v->len > 0 && v->len < sizeof(view_buf) &&
	       strlen(view_buf) == v->len && strstr(view_buf, FXA);
}

#define REQ(n, ch, tx, fl, p, e, u) { #n, SHIELDRT_IOC_##n, \
	SHIELDRT_REQ_SIZE_VER0, K_REQ, ch, tx, fl, p, e, u, 0 }

static const struct ioc iocs[] = {
	REQ(CREATE, true, true, SHIELDRT_REQ_START, p_create, e_create,
	    u_destroy_fxn),
	REQ(DESTROY, true, false, 0, p_destroy, e_destroy, u_destroy_fxn),
	REQ(START, true, false, 0, p_start, e_start, stop_fx),
	REQ(STOP, true, false, 0, p_stop, e_stop, stop_fx),
	REQ(RESET, true, false, 0, p_reset, e_reset, NULL),
	REQ(RESUME, true, false, 0, p_resume, e_resume, stop_fx),
	REQ(CONFIGURE, true, true, 0, p_configure, e_configure, u_configure),
	REQ(CHAIN, true, true, 0, p_chain, e_chain, u_chain),
	REQ(PARAMS, true, true, 0, p_params, e_params, u_params),
	REQ(COMMIT, true, false, 0, p_commit, e_commit, NULL),
	REQ(LIMITS, true, true, 0, p_limits, e_limits, u_limits),
	REQ(FLIGHT_CTL, true, false, SHIELDRT_REQ_FLIGHT_TRIGGER |
	    SHIELDRT_REQ_FLIGHT_REARM | SHIELDRT_REQ_FLIGHT_TRIGGERS,
	    p_flight_ctl, e_flight_ctl, u_flight_ctl),
	REQ(FPU_EMPTY, true, false, 0, p_fpu_empty, e_fpu_empty, u_fpu_empty),
	{ "LIST", SHIELDRT_IOC_LIST, SHIELDRT_LIST_SIZE_VER0, K_LIST, false,
	  false, 0, p_list, e_list, NULL, 0 },
	{ "STATS", SHIELDRT_IOC_STATS, SHIELDRT_STATS_SIZE_VER0, K_STATS, false,
	  false, 0, p_stats, e_stats, NULL, 0 },
	{ "HIST", SHIELDRT_IOC_HIST, SHIELDRT_HIST_SIZE_VER0, K_HIST, false,
	  false, 0, p_hist, e_hist, NULL, 0 },
	{ "FLIGHT", SHIELDRT_IOC_FLIGHT, SHIELDRT_FLIGHT_SIZE_VER1, K_FLIGHT,
	  false, false, SHIELDRT_FLIGHT_F_VALUES, p_flight, e_flight, NULL,
	  SHIELDRT_FLIGHT_SIZE_VER0 },
	{ "VIEW", SHIELDRT_IOC_VIEW, SHIELDRT_VIEW_SIZE_VER0, K_VIEW, false,
	  false, 0, p_view, e_view, NULL, 0 },
};

/* ---- running one case ---- */

/* Where the request struct goes. */
enum place {
	P_NORMAL,	/* ordinary memory */
	P_NULL,		/* address 0 */
	P_NONE,		/* a PROT_NONE page */
	P_TOP,		/* the last page of the address space */
	P_STRADDLE,	/* its first half readable, the rest PROT_NONE */
	P_TAIL,		/* the known struct readable, the tail PROT_NONE */
	P_RO,		/* a read-only page: the reply cannot be written */
};

struct call {
	unsigned long cmd;	/* as sent */
	size_t len;		/* bytes laid out (the _IOC_SIZE) */
	enum place where;
};

static void *place(const unsigned char *b, size_t len, size_t known,
		   enum place where)
{
	unsigned char *p;

	switch (where) {
	case P_NORMAL:
		memcpy(area, b, len);
		return area;
	case P_NULL:
		return NULL;
	case P_NONE:
		return guard;
	case P_TOP:
		return (void *)(uintptr_t)-pg;
	case P_STRADDLE:
		p = guard - len / 2;
		memcpy(p, b, len / 2);
		return p;
	case P_TAIL:
		p = guard - known;
		memcpy(p, b, known);
		return p;
	case P_RO:
		mprotect(ro, pg, PROT_READ | PROT_WRITE);
		memcpy(ro, b, len);
		mprotect(ro, pg, PROT_READ);
		return ro;
	}
	return NULL;
}

typedef void (*edit_fn)(const struct ioc *c, unsigned char *b, void *ctx);

/*
 * The ioctl's valid request, changed by @edit, sent as @k.  ok iff the
 * answer is @want and: a failure changed nothing; a success of a reading
 * request changed nothing and of a changing one changed something, and
 * the ioctl's own check of its effect holds.
 */
static void run_case(const struct ioc *c, const char *desc, int want,
		     struct call k, edit_fn edit, void *ctx)
{
	static unsigned char b[4 * 4096 + 64] __attribute__((aligned(8)));
	char *before, *after;
	bool ok, changed;
	void *arg;
	int got;

	memset(b, 0, sizeof(b));
	c->prep(b);
	if (edit)
		edit(c, b, ctx);
	before = snapshot();
	arg = place(b, k.len, c->size, k.where);
	got = xioctl(fd, k.cmd, arg);
	if (k.where == P_NORMAL)
		memcpy(b, area, k.len);
	ok = got == want;
	/* the effect first: some take a cycle (resume) */
	if (ok && !want && k.where == P_NORMAL && c->effect && !c->effect(b)) {
		ok = false;
		diag("%s: %s: succeeded without its effect", c->name, desc);
	}
	if (c->changes)
		sleep_ms(3);	/* a few cycles: a stray change shows */
	after = snapshot();
	changed = strcmp(before, after) != 0;
	if (ok && (want || !c->changes) && changed) {
		ok = false;
		diag("%s: %s: the request changed something", c->name, desc);
		snap_diff(before, after);
	}
	if (ok && !want && c->changes && !changed) {
		ok = false;
		diag("%s: %s: succeeded but changed nothing", c->name, desc);
	}
	if (got && c->kind == K_REQ && k.where == P_NORMAL && got != EFAULT)
		diag("%s: %s: err '%.*s'", c->name, desc, SHIELDRT_ERR_LEN,
		     ((struct shieldrt_req *)b)->err);
	/*
	 * The UAPI: a refused struct shieldrt_req has its reason in err[],
	 * unless the struct itself was not taken (its size, another
	 * request number, an address the kernel cannot use).
	 */
	if (ok && want && c->kind == K_REQ && k.where == P_NORMAL &&
	    want != EFAULT && want != ENOTTY &&
	    ioc_size(k.cmd, 0) == ioc_size(c->cmd, 0) &&
	    _IOC_SIZE(k.cmd) >= (c->ver0 ? c->ver0 : c->size) &&
	    _IOC_SIZE(k.cmd) <= SHIELDRT_STRUCT_MAX &&
	    !((struct shieldrt_req *)b)->err[0]) {
		ok = false;
		diag("%s: %s: refused with an empty err", c->name, desc);
	}
	tap_ok(ok, "%s: %s: %s%s", c->name, desc, ename(want),
	       want ? ", nothing changed" : "");
	if (got != want)
		diag("%s: %s: expected %s, got %s", c->name, desc, ename(want),
		     ename(got));
	free(before);
	free(after);
	if (c->undo)
		c->undo();
}

static struct call normal(const struct ioc *c)
{
	return (struct call){ c->cmd, c->size, P_NORMAL };
}

static void ed_byte(const struct ioc *c, unsigned char *b, void *ctx)
{
	(void)c;
	b[(uintptr_t)ctx] = 0x5a;
}

static void ed_flags(const struct ioc *c, unsigned char *b, void *ctx)
{
	__u32 f;

	memcpy(&f, b + kinds[c->kind].flags, 4);
	f |= (__u32)(uintptr_t)ctx;
	memcpy(b + kinds[c->kind].flags, &f, 4);
}

static void ed_resv(const struct ioc *c, unsigned char *b, void *ctx)
{
	const struct resv *r = ctx;

	(void)c;
	b[r->off + r->len - 1] = 1;
}

/* The name field: raw bytes, exactly SHIELDRT_NAME_LEN of them. */
static void ed_name(const struct ioc *c, unsigned char *b, void *ctx)
{
	(void)c;
	memcpy(b, ctx, SHIELDRT_NAME_LEN);
}

static void ed_text(const struct ioc *c, unsigned char *b, void *ctx)
{
	struct shieldrt_req *r = (void *)b;
	const char *t = ctx;

	(void)c;
	r->text = (uintptr_t)t;
	r->text_len = t ? strlen(t) : 0;
}

/* "a\0b": a NUL inside text_len, which a parser would stop at. */
static void ed_text_nul(const struct ioc *c, unsigned char *b, void *ctx)
{
	static const char t[] = "a\0= bogus";
	struct shieldrt_req *r = (void *)b;

	(void)c;
	(void)ctx;
	r->text = (uintptr_t)t;
	r->text_len = sizeof(t) - 1;
}

static void ed_text_at(const struct ioc *c, unsigned char *b, void *ctx)
{
	struct shieldrt_req *r = (void *)b;

	(void)c;
	r->text = (uintptr_t)ctx;
}

static void ed_text_len(const struct ioc *c, unsigned char *b, void *ctx)
{
	struct shieldrt_req *r = (void *)b;

	(void)c;
	r->text = (uintptr_t)ctx;
	r->text_len = TEXT_TOO_LONG;
}

static void ed_text_straddle(const struct ioc *c, unsigned char *b, void *ctx)
{
	struct shieldrt_req *r = (void *)b;
	const char *t = (const char *)(uintptr_t)r->text;
	size_t n = r->text_len, half = n / 2;

	(void)c;
	(void)ctx;
	memcpy(guard - half, t, half);
	r->text = (uintptr_t)(guard - half);
}

static const char * const bad_names[] = {
	"fz ", " fz", "fz\n", "f z", "fz/", "f.z", "../fz", "fz\xc3\xa9",
	"\xff", "fz\t", "fz*",
};

static void name_bytes(unsigned char *out, const char *s)
{
	set_name(out, s);
}

static void print_name(char *out, size_t len, const char *s)
{
	size_t o = 0;

	for (; *s && o + 5 < len; s++)
		if (*s > ' ' && (unsigned char)*s < 0x7f)
			out[o++] = *s;
		else
			o += snprintf(out + o, len - o, "\\x%02x",
				      (unsigned char)*s);
	out[o] = '\0';
}

/* What every ioctl of the control plane gets. */
static void generic_cases(const struct ioc *c)
{
	unsigned char nb[SHIELDRT_NAME_LEN];
	const struct resv *rv;
	char desc[160], pn[80];
	unsigned int ver0 = c->ver0 ? c->ver0 : c->size, known = c->size, i;
	__u32 undefined;
	char *big;

	run_case(c, "the valid request", 0, normal(c), NULL, NULL);

	/* sizes */
	run_case(c, "size 0", EINVAL,
		 (struct call){ ioc_size(c->cmd, 0), ver0, P_NORMAL }, NULL, NULL);
	snprintf(desc, sizeof(desc), "size %u (one below _SIZE_VER0)", ver0 - 1);
	run_case(c, desc, EINVAL,
		 (struct call){ ioc_size(c->cmd, ver0 - 1), ver0, P_NORMAL },
		 NULL, NULL);
	snprintf(desc, sizeof(desc), "size %u, zero tail", known + 8);
	run_case(c, desc, 0,
		 (struct call){ ioc_size(c->cmd, known + 8), known + 8, P_NORMAL },
		 NULL, NULL);
	snprintf(desc, sizeof(desc), "size %u, first tail byte set", known + 8);
	run_case(c, desc, E2BIG,
		 (struct call){ ioc_size(c->cmd, known + 8), known + 8, P_NORMAL },
		 ed_byte, (void *)(uintptr_t)known);
	snprintf(desc, sizeof(desc), "size %u, last tail byte set", known + 8);
	run_case(c, desc, E2BIG,
		 (struct call){ ioc_size(c->cmd, known + 8), known + 8, P_NORMAL },
		 ed_byte, (void *)(uintptr_t)(known + 7));
	run_case(c, "size 4096 (STRUCT_MAX), zero tail", 0,
		 (struct call){ ioc_size(c->cmd, SHIELDRT_STRUCT_MAX),
				SHIELDRT_STRUCT_MAX, P_NORMAL }, NULL, NULL);
	run_case(c, "size 4096, byte 4095 set", E2BIG,
		 (struct call){ ioc_size(c->cmd, SHIELDRT_STRUCT_MAX),
				SHIELDRT_STRUCT_MAX, P_NORMAL },
		 ed_byte, (void *)(uintptr_t)(SHIELDRT_STRUCT_MAX - 1));
	run_case(c, "size 4097 (over STRUCT_MAX), zero tail", E2BIG,
		 (struct call){ ioc_size(c->cmd, SHIELDRT_STRUCT_MAX + 1),
				SHIELDRT_STRUCT_MAX + 1, P_NORMAL }, NULL, NULL);
	run_case(c, "size 16383 (largest _IOC_SIZE), zero tail", E2BIG,
		 (struct call){ ioc_size(c->cmd, 16383), 16383, P_NORMAL },
		 NULL, NULL);

	/* direction and type: another request number altogether */
	run_case(c, "direction _IOC_NONE", ENOTTY,
		 (struct call){ ioc_dir(c->cmd, _IOC_NONE), known, P_NORMAL },
		 NULL, NULL);
	run_case(c, "direction _IOC_READ only", ENOTTY,
		 (struct call){ ioc_dir(c->cmd, _IOC_READ), known, P_NORMAL },
		 NULL, NULL);
	run_case(c, "direction _IOC_WRITE only", ENOTTY,
		 (struct call){ ioc_dir(c->cmd, _IOC_WRITE), known, P_NORMAL },
		 NULL, NULL);
	run_case(c, "type 0xB6 instead of 0xB5", ENOTTY,
		 (struct call){ _IOC(_IOC_DIR(c->cmd), SHIELDRT_IOC_MAGIC + 1,
				     _IOC_NR(c->cmd), known), known, P_NORMAL },
		 NULL, NULL);

	/* the struct itself in nowhere */
	run_case(c, "struct at NULL", EFAULT,
		 (struct call){ c->cmd, known, P_NULL }, NULL, NULL);
	run_case(c, "struct in a PROT_NONE page", EFAULT,
		 (struct call){ c->cmd, known, P_NONE }, NULL, NULL);
	run_case(c, "struct at the top of the address space", EFAULT,
		 (struct call){ c->cmd, known, P_TOP }, NULL, NULL);
	run_case(c, "struct half in a PROT_NONE page", EFAULT,
		 (struct call){ c->cmd, known, P_STRADDLE }, NULL, NULL);
	snprintf(desc, sizeof(desc),
		 "size %u, struct readable, tail in a PROT_NONE page", known + 8);
	run_case(c, desc, EFAULT,
		 (struct call){ ioc_size(c->cmd, known + 8), known + 8, P_TAIL },
		 NULL, NULL);
	run_case(c, "struct in a read-only page (no room for the reply)",
		 EFAULT, (struct call){ c->cmd, known, P_RO }, NULL, NULL);

	/* flags and reserved fields */
	undefined = ~c->flags & -~c->flags;	/* lowest undefined bit */
	snprintf(desc, sizeof(desc), "undefined flag %#x", undefined);
	run_case(c, desc, EINVAL, normal(c), ed_flags,
		 (void *)(uintptr_t)undefined);
	run_case(c, "undefined flag 0x80000000", EINVAL, normal(c), ed_flags,
		 (void *)(uintptr_t)0x80000000u);
	rv = kinds[c->kind].resv;
	for (i = 0; i < kinds[c->kind].nresv; i++) {
		snprintf(desc, sizeof(desc), "reserved %s set", rv[i].name);
		run_case(c, desc, EINVAL, normal(c), ed_resv, (void *)&rv[i]);
	}

	/* names */
	if (c->kind != K_LIST) {
		memset(nb, 'a', sizeof(nb));
		run_case(c, "name of 32 'a' without a NUL", EINVAL, normal(c),
			 ed_name, nb);
		for (i = 0; i < ARRAY_SIZE(bad_names); i++) {
			name_bytes(nb, bad_names[i]);
			print_name(pn, sizeof(pn), bad_names[i]);
			snprintf(desc, sizeof(desc), "name '%s'", pn);
			run_case(c, desc, EINVAL, normal(c), ed_name, nb);
		}
	}
	if (c->kind != K_LIST && c->kind != K_VIEW &&
	    c->cmd != SHIELDRT_IOC_CREATE) {
		name_bytes(nb, "nosuch");
		run_case(c, "no loop 'nosuch'", ENOENT, normal(c), ed_name, nb);
	}

	/* text */
	if (c->kind != K_REQ)
		return;
	if (!c->text) {
		run_case(c, "text given to a request that takes none", EINVAL,
			 normal(c), ed_text, "x");
		return;
	}
	run_case(c, "text with a NUL inside text_len", EINVAL, normal(c),
		 ed_text_nul, NULL);
	run_case(c, "text in a PROT_NONE page", EFAULT, normal(c),
		 ed_text_at, guard);
	run_case(c, "text at the top of the address space", EFAULT,
		 normal(c), ed_text_at, (void *)(uintptr_t)-pg);
	run_case(c, "text running into a PROT_NONE page", EFAULT, normal(c),
		 ed_text_straddle, NULL);
	big = malloc(TEXT_TOO_LONG);
	if (!big)
		return;
	memset(big, ' ', TEXT_TOO_LONG);
	snprintf(desc, sizeof(desc), "text of %d bytes", TEXT_TOO_LONG);
	run_case(c, desc, E2BIG, normal(c), ed_text_len, big);
	free(big);
}

/* Unknown request numbers around and between the defined ones. */
static void unknown_cases(void)
{
	static const unsigned int nrs[] = {
		0x00, 0x05, 0x0f, 0x1d, 0x1f, 0x25, 0x30, 0x7f, 0xff,
	};
	unsigned char b[SHIELDRT_REQ_SIZE_VER0] = { 0 };
	unsigned int i;
	int e;

	for (i = 0; i < ARRAY_SIZE(nrs); i++) {
		e = xioctl(fd, _IOWR(SHIELDRT_IOC_MAGIC, nrs[i],
				     struct shieldrt_req), b);
		tap_ok(e == ENOTTY, "unknown request nr %#x: ENOTTY (got %s)",
		       nrs[i], ename(e));
	}
	e = xioctl(fd, _IO(SHIELDRT_IOC_MAGIC, 0x10), NULL);
	tap_ok(e == ENOTTY, "CREATE's nr with _IO and no size: ENOTTY (got %s)",
	       ename(e));
	e = xioctl(fd, TCGETS, b);
	tap_ok(e == ENOTTY, "TCGETS on /dev/shieldrt: ENOTTY (got %s)",
	       ename(e));
}

/* ---- what a single request must (not) do, ioctl by ioctl ---- */

/* A failing request: the errno, err[] filled, nothing changed. */
static void expect_fail(const char *desc, int want, unsigned long cmd,
			const char *name, const char *text, __u32 flags,
			__u64 value)
{
	char err[SHIELDRT_ERR_LEN], *before, *after;
	bool same;
	int got;

	before = snapshot();
	got = rq_fd(fd, cmd, name, text, flags, &value, err);
	after = snapshot();
	same = !strcmp(before, after);
	tap_ok(got == want && same && err[0],
	       "%s: %s, err says why, nothing changed", desc, ename(want));
	if (got != want)
		diag("%s: expected %s, got %s (err '%s')", desc, ename(want),
		     ename(got), err);
	else if (!err[0])
		diag("%s: err[] is empty", desc);
	else
		diag("%s: err '%s'", desc, err);
	if (!same)
		snap_diff(before, after);
	free(before);
	free(after);
}

static void expect_ok(const char *desc, unsigned long cmd, const char *name,
		      const char *text, __u32 flags, __u64 *value)
{
	char err[SHIELDRT_ERR_LEN];
	__u64 v = value ? *value : 0;
	int got;

	got = rq_fd(fd, cmd, name, text, flags, &v, err);
	tap_ok(!got && !err[0], "%s: success, err empty", desc);
	if (got)
		diag("%s: got %s, err '%s'", desc, ename(got), err);
	else if (err[0])
		diag("%s: err not empty on success: '%s'", desc, err);
	if (value)
		*value = v;
}

static void create_cases(void)
{
	char big[256];

	expect_fail("CREATE an existing name", EEXIST, SHIELDRT_IOC_CREATE, FX,
		    create_text, 0, 0);
	expect_fail("CREATE name ''", EINVAL, SHIELDRT_IOC_CREATE, "",
		    create_text, 0, 0);
	expect_fail("CREATE a 16-byte name (NAME_MAX is 15)", EINVAL,
		    SHIELDRT_IOC_CREATE, FXA "b", create_text, 0, 0);
	expect_fail("CREATE unknown setting bogus=1", EINVAL,
		    SHIELDRT_IOC_CREATE, FXN, "bogus=1 cpu=0", 0, 0);
	expect_fail("CREATE period_us=1", EINVAL, SHIELDRT_IOC_CREATE, FXN,
		    "cpu=0 period_us=1", 0, 0);
	expect_fail("CREATE cpu=4095 (not present)", EINVAL,
		    SHIELDRT_IOC_CREATE, FXN, "cpu=4095 period_us=1000", 0, 0);
	expect_fail("CREATE mode=nosuch", EINVAL, SHIELDRT_IOC_CREATE, FXN,
		    "cpu=0 mode=nosuch", 0, 0);
	snprintf(big, sizeof(big), "%s name=other", create_text);
	expect_fail("CREATE with another name= in its settings", EINVAL,
		    SHIELDRT_IOC_CREATE, FXN, big, 0, 0);

	expect_ok("CREATE a 15-byte name", SHIELDRT_IOC_CREATE,
		  "abcdefghijklmno", create_text, 0, NULL);
	tap_ok(loop_exists("abcdefghijklmno"), "CREATE: the 15-byte name is listed");
	expect_ok("DESTROY the 15-byte name", SHIELDRT_IOC_DESTROY,
		  "abcdefghijklmno", NULL, 0, NULL);

	expect_ok("CREATE with REQ_START", SHIELDRT_IOC_CREATE, FXN,
		  create_text, SHIELDRT_REQ_START, NULL);
	tap_ok(loop_state(FXN) == SHIELDRT_STATE_RUNNING,
	       "CREATE with REQ_START: the loop runs (state %ld)",
	       loop_state(FXN));
	expect_ok("DESTROY a running loop", SHIELDRT_IOC_DESTROY, FXN, NULL, 0,
		  NULL);
	tap_ok(!loop_exists(FXN) && loop_state(FXN) == -ENOENT,
	       "DESTROY: gone from the list, STATS says ENOENT");
}

/*
 * REQ_START whose start fails: a poll loop holds the CPU alone, so an
 * hrtimer loop cannot start beside it.  The created loop must not be left.
 */
static void create_start_fails(void)
{
	char text[160];
	int e;

	snprintf(text, sizeof(text), "cpu=%d period_us=1000 mode=poll force=1",
		 cpu);
	e = rq(SHIELDRT_IOC_CREATE, "fzpoll", text, SHIELDRT_REQ_START, 0);
	if (!setup(e, "create a poll loop on the test CPU"))
		goto out;
	expect_fail("CREATE with REQ_START beside a poll loop", EBUSY,
		    SHIELDRT_IOC_CREATE, FXN, create_text, SHIELDRT_REQ_START,
		    0);
	tap_ok(!loop_exists(FXN), "CREATE with REQ_START that fails: no loop left");
	expect_fail("START beside a poll loop", EBUSY, SHIELDRT_IOC_START, FX,
		    NULL, 0, 0);
out:
	rq(SHIELDRT_IOC_DESTROY, "fzpoll", NULL, 0, 0);
	rq(SHIELDRT_IOC_DESTROY, FXN, NULL, 0, 0);
}

static void state_cases(void)
{
	struct shieldrt_stats_req s1, s2;
	__u64 v;

	expect_fail("STOP a stopped loop", EBUSY, SHIELDRT_IOC_STOP, FX, NULL,
		    0, 0);
	expect_fail("RESUME a stopped loop", EBUSY, SHIELDRT_IOC_RESUME, FX,
		    NULL, 0, 0);
	expect_fail("FLIGHT_CTL trigger on a stopped loop", EBUSY,
		    SHIELDRT_IOC_FLIGHT_CTL, FX, NULL,
		    SHIELDRT_REQ_FLIGHT_TRIGGER, 0);
	if (!setup(rq(SHIELDRT_IOC_START, FX, NULL, 0, 0), "start " FX))
		return;
	expect_fail("START a running loop", EBUSY, SHIELDRT_IOC_START, FX,
		    NULL, 0, 0);
	expect_fail("RESUME a running loop not in safe state", EBUSY,
		    SHIELDRT_IOC_RESUME, FX, NULL, 0, 0);
	expect_fail("CHAIN on a running loop", EBUSY, SHIELDRT_IOC_CHAIN, FX,
		    CHAIN_H, 0, 0);
	expect_fail("CONFIGURE period_us on a running loop", EBUSY,
		    SHIELDRT_IOC_CONFIGURE, FX, "period_us=2000", 0, 0);
	expect_ok("CONFIGURE a live key on a running loop",
		  SHIELDRT_IOC_CONFIGURE, FX, "noise_ns=1500", 0, NULL);
	tap_ok(view_has(FX, "config", "noise_ns=1500\n"),
	       "CONFIGURE on a running loop: the config view shows it");
	rq(SHIELDRT_IOC_CONFIGURE, FX, "noise_ns=1000", 0, 0);

	stats_get(FX, &s1);
	sleep_ms(50);
	stats_get(FX, &s2);
	tap_ok(s1.state == SHIELDRT_STATE_RUNNING && s2.cycles > s1.cycles,
	       "STATS on a running loop: RUNNING, cycles grow (%llu -> %llu)",
	       (unsigned long long)s1.cycles, (unsigned long long)s2.cycles);

	/* a commit on the running loop takes effect at a cycle it names */
	setup(rq(SHIELDRT_IOC_PARAMS, FX, "g.k=6", 0, 0), "stage g.k=6");
	v = 0;
	expect_ok("COMMIT on a running loop", SHIELDRT_IOC_COMMIT, FX, NULL, 0,
		  &v);
	stats_get(FX, &s1);
	tap_ok(v > 0 && s1.commit_cycle == v,
	       "COMMIT: value %llu is the cycle in stats.commit_cycle (%llu)",
	       (unsigned long long)v, (unsigned long long)s1.commit_cycle);
	/* value is output only: a struct reused with the last reply works */
	setup(rq(SHIELDRT_IOC_PARAMS, FX, "g.k=7", 0, 0), "stage g.k=7");
	expect_ok("COMMIT with the previous commit's cycle still in value",
		  SHIELDRT_IOC_COMMIT, FX, NULL, 0, &v);
	stats_get(FX, &s1);
	tap_ok(v > 0 && s1.commit_cycle == v,
	       "COMMIT again: value %llu is the new cycle (%llu)",
	       (unsigned long long)v, (unsigned long long)s1.commit_cycle);

	/* safe state and resume */
	if (make_safe(FX)) {
		stats_get(FX, &s1);
		tap_ok(s1.safe_reason == SHIELDRT_SAFE_HEARTBEAT,
		       "a stale heartbeat: safe_reason HEARTBEAT (%u)",
		       s1.safe_reason);
		expect_ok("RESUME a loop in safe state", SHIELDRT_IOC_RESUME,
			  FX, NULL, 0, NULL);
		tap_ok(wait_state(FX, SHIELDRT_STATE_RUNNING, 5000),
		       "RESUME: the loop runs again");
	}
	expect_ok("STOP a running loop", SHIELDRT_IOC_STOP, FX, NULL, 0, NULL);
	tap_ok(loop_state(FX) == SHIELDRT_STATE_STOPPED, "STOP: state STOPPED");

	stats_get(FX, &s1);
	expect_ok("RESET a stopped loop", SHIELDRT_IOC_RESET, FX, NULL, 0, NULL);
	stats_get(FX, &s2);
	tap_ok(s1.cycles > 0 && s2.cycles == 0,
	       "RESET: cycles %llu -> %llu", (unsigned long long)s1.cycles,
	       (unsigned long long)s2.cycles);
}

static void text_cases(void)
{
	expect_fail("CONFIGURE unknown key", EINVAL, SHIELDRT_IOC_CONFIGURE,
		    FX, "bogus=1", 0, 0);
	expect_fail("CONFIGURE period_us=1", EINVAL, SHIELDRT_IOC_CONFIGURE,
		    FX, "period_us=1", 0, 0);
	expect_fail("CONFIGURE a good key and a bad one", EINVAL,
		    SHIELDRT_IOC_CONFIGURE, FX, "noise_ns=1777 bogus=1", 0, 0);
	expect_fail("CONFIGURE name=other (rename)", EINVAL,
		    SHIELDRT_IOC_CONFIGURE, FX, "name=other", 0, 0);
	expect_fail("CONFIGURE section (fixed at create)", EINVAL,
		    SHIELDRT_IOC_CONFIGURE, FX, "section=irqsave", 0, 0);
	expect_fail("CHAIN that does not parse", EINVAL, SHIELDRT_IOC_CHAIN, FX,
		    "input x\nblock q nosuchblock in=x out=y\n", 0, 0);
	expect_fail("CHAIN with an unwired signal", EINVAL, SHIELDRT_IOC_CHAIN,
		    FX, "input x\noutput y\nblock g gain in=z out=y k=1\n", 0, 0);
	expect_fail("PARAMS on a block that does not exist", EINVAL,
		    SHIELDRT_IOC_PARAMS, FX, "nosuch.k=1", 0, 0);
	expect_fail("PARAMS without a value", EINVAL, SHIELDRT_IOC_PARAMS, FX,
		    "g.k=", 0, 0);
	expect_fail("PARAMS a good and a bad assignment", EINVAL,
		    SHIELDRT_IOC_PARAMS, FX, "g.k=9 nosuch.k=1", 0, 0);
	expect_fail("LIMITS min above max", EINVAL, SHIELDRT_IOC_LIMITS, FX,
		    "out=0 min=2 max=1", 0, 0);
	expect_fail("LIMITS on an output the chain lacks", EINVAL,
		    SHIELDRT_IOC_LIMITS, FX, "out=7 min=0", 0, 0);
	expect_fail("LIMITS min=nan", EINVAL, SHIELDRT_IOC_LIMITS, FX,
		    "out=0 min=nan", 0, 0);
	expect_fail("FLIGHT_CTL without a flag", EINVAL,
		    SHIELDRT_IOC_FLIGHT_CTL, FX, NULL, 0, 0);
	expect_fail("FLIGHT_CTL trigger and rearm at once", EINVAL,
		    SHIELDRT_IOC_FLIGHT_CTL, FX, NULL,
		    SHIELDRT_REQ_FLIGHT_TRIGGER | SHIELDRT_REQ_FLIGHT_REARM, 0);
	expect_fail("FLIGHT_CTL rearm and triggers at once", EINVAL,
		    SHIELDRT_IOC_FLIGHT_CTL, FX, NULL,
		    SHIELDRT_REQ_FLIGHT_REARM | SHIELDRT_REQ_FLIGHT_TRIGGERS,
		    TRIG(OVERRUN));
	expect_fail("FLIGHT_CTL triggers with an unknown trigger bit", EINVAL,
		    SHIELDRT_IOC_FLIGHT_CTL, FX, NULL,
		    SHIELDRT_REQ_FLIGHT_TRIGGERS, 1U << 9);
	expect_fail("FLIGHT_CTL rearm with a value", EINVAL,
		    SHIELDRT_IOC_FLIGHT_CTL, FX, NULL,
		    SHIELDRT_REQ_FLIGHT_REARM, 99);
	expect_fail("FLIGHT_CTL trigger with a value", EINVAL,
		    SHIELDRT_IOC_FLIGHT_CTL, FX, NULL,
		    SHIELDRT_REQ_FLIGHT_TRIGGER, 1);
	expect_fail("FPU_EMPTY value 2", EINVAL, SHIELDRT_IOC_FPU_EMPTY, FX,
		    NULL, 0, 2);
	expect_fail("FPU_EMPTY value 1 << 32", EINVAL, SHIELDRT_IOC_FPU_EMPTY,
		    FX, NULL, 0, 1ULL << 32);
	expect_ok("CHAIN with empty text (no chain)", SHIELDRT_IOC_CHAIN, FX2,
		  "", 0, NULL);
	expect_ok("LIMITS clear", SHIELDRT_IOC_LIMITS, FX, "clear", 0, NULL);
}

static void list_cases(void)
{
	struct shieldrt_loop_info li[MAX_LOOPS];
	struct shieldrt_list_req l;
	unsigned int nr, i;
	int e;

	e = list_get(li, MAX_LOOPS, &nr);
	tap_ok(!e && nr == 3 && !strcmp((char *)li[0].name, FX) &&
	       !strcmp((char *)li[1].name, FX2) &&
	       !strcmp((char *)li[2].name, FXA),
	       "LIST: the fixture's 3 loops, in creation order (%s, nr %u)",
	       ename(e), nr);
	tap_ok(!e && li[0].state == SHIELDRT_STATE_STOPPED &&
	       li[1].state == SHIELDRT_STATE_CONFIGURED && li[0].cpu == cpu &&
	       li[0].period_ns == 1000000 &&
	       li[0].mode == SHIELDRT_MODE_HRTIMER,
	       "LIST: state, cpu, period and mode of the entries");

	memset(li, 0, sizeof(li));
	memset(&l, 0, sizeof(l));
	l.loops = (uintptr_t)li;
	l.loops_len = 1;
	e = xioctl(fd, SHIELDRT_IOC_LIST, &l);
	tap_ok(e == ENOSPC && l.nr_loops == 3,
	       "LIST with room for 1 of 3: ENOSPC, nr_loops 3 (%s, %u)",
	       ename(e), l.nr_loops);
	memset(&l, 0, sizeof(l));
	e = xioctl(fd, SHIELDRT_IOC_LIST, &l);
	tap_ok((e == ENOSPC || !e) && l.nr_loops == 3,
	       "LIST with loops 0: nr_loops 3 (%s, %u)", ename(e), l.nr_loops);

	memset(&l, 0, sizeof(l));
	l.loops = (uintptr_t)guard;
	l.loops_len = MAX_LOOPS;
	e = xioctl(fd, SHIELDRT_IOC_LIST, &l);
	tap_ok(e == EFAULT, "LIST into a PROT_NONE page: EFAULT (%s)", ename(e));
	l.loops = (uintptr_t)ro;
	e = xioctl(fd, SHIELDRT_IOC_LIST, &l);
	tap_ok(e == EFAULT, "LIST into a read-only page: EFAULT (%s)", ename(e));
	l.loops = (uintptr_t)(guard - sizeof(li[0]));
	e = xioctl(fd, SHIELDRT_IOC_LIST, &l);
	tap_ok(e == EFAULT,
	       "LIST with room for 1 entry before a PROT_NONE page: EFAULT (%s)",
	       ename(e));
	l.loops = (uintptr_t)-pg;
	e = xioctl(fd, SHIELDRT_IOC_LIST, &l);
	tap_ok(e == EFAULT, "LIST to the top of the address space: EFAULT (%s)",
	       ename(e));

	/* garbage in the reply's fields is overwritten, not refused */
	memset(&l, 0, sizeof(l));
	l.loops = (uintptr_t)li;
	l.loops_len = MAX_LOOPS;
	l.nr_loops = 0xdeadbeef;
	e = xioctl(fd, SHIELDRT_IOC_LIST, &l);
	tap_ok(!e && l.nr_loops == 3,
	       "LIST with garbage in nr_loops: success, nr_loops 3 (%s, %u)",
	       ename(e), l.nr_loops);
	for (i = 0; i < nr && i < MAX_LOOPS; i++)
		if (!memchr(li[i].name, 0, SHIELDRT_NAME_LEN))
			break;
	tap_ok(i == nr, "LIST: every name NUL-terminated");
}

static void stats_cases(void)
{
	struct shieldrt_stats_req a, b;
	unsigned int i;
	int e;

	stats_get(FX, &a);
	memset(&b, 0xa5, sizeof(b));
	set_name(b.name, FX);
	b.flags = 0;
	memset(b.resv, 0, sizeof(b.resv));
	e = xioctl(fd, SHIELDRT_IOC_STATS, &b);
	tap_ok(!e && b.nr_metrics == a.nr_metrics && b.cycles == a.cycles &&
	       b.period_ns == a.period_ns && b.state == a.state &&
	       b.metric[0].count == a.metric[0].count &&
	       memchr(b.last_error, 0, sizeof(b.last_error)),
	       "STATS with garbage in the reply's fields: the same answer (%s)",
	       ename(e));
	for (i = 0; i < SHIELDRT_MAX_METRICS; i++)
		if (b.metric[i].flags & ~SHIELDRT_METRIC_FLAGS)
			break;
	tap_ok(i == SHIELDRT_MAX_METRICS,
	       "STATS: no metric flag the header does not define");
	tap_ok(a.nr_metrics == SHIELDRT_NR_METRICS && a.hist_bucket_ns > 0 &&
	       a.hist_sub_bits == 7 && a.hist_range_ns > a.hist_bucket_ns &&
	       (a.safe_reason <= SHIELDRT_SAFE_REMOTE ||
		a.safe_reason == SHIELDRT_SAFE_NEVER),
	       "STATS: nr_metrics %u, hist_bucket_ns %u, sub_bits %u, range %llu, safe_reason %#x",
	       a.nr_metrics, a.hist_bucket_ns, a.hist_sub_bits,
	       (unsigned long long)a.hist_range_ns, a.safe_reason);
	stats_get(FX2, &a);
	tap_ok(a.state == SHIELDRT_STATE_CONFIGURED &&
	       a.safe_reason == SHIELDRT_SAFE_NEVER && a.cycles == 0,
	       "STATS of a loop that never ran: CONFIGURED, no safe entry, 0 cycles");
}

static void hist_cases(void)
{
	struct shieldrt_hist_req h;
	unsigned int need, m, b;
	unsigned long long sum;
	bool sums_ok = true;
	__u64 *buckets;
	int e;

	/* A request that fails changes nothing: not even the caller's struct */
	memset(&h, 0, sizeof(h));
	set_name(h.name, "nosuch");
	memset(h.metric, 0xaa, sizeof(h.metric));
	e = xioctl(fd, SHIELDRT_IOC_HIST, &h);
	tap_ok(e == ENOENT && h.metric[0].count == 0xaaaaaaaaaaaaaaaaULL &&
	       h.metric[SHIELDRT_NR_METRICS - 1].max == 0xaaaaaaaaaaaaaaaaULL,
	       "HIST of no loop: ENOENT, the reply's metrics left as they were (%s)",
	       ename(e));

	fx_run_briefly();
	memset(&h, 0, sizeof(h));
	set_name(h.name, FX);
	e = xioctl(fd, SHIELDRT_IOC_HIST, &h);
	need = h.nr_metrics * h.nr_buckets;
	tap_ok(!e && need > 0, "HIST with buckets 0: the summary (%s, %u x %u)",
	       ename(e), h.nr_metrics, h.nr_buckets);
	if (e || !need)
		return;
	buckets = calloc(need + 1, sizeof(*buckets));
	if (!buckets)
		return;

	memset(&h, 0, sizeof(h));
	set_name(h.name, FX);
	h.buckets = (uintptr_t)buckets;
	h.buckets_len = need - 1;
	e = xioctl(fd, SHIELDRT_IOC_HIST, &h);
	tap_ok(e == ENOSPC && h.nr_metrics * h.nr_buckets == need &&
	       h.bucket_ns > 0 && h.metric[SHIELDRT_M_THREAD].count > 0,
	       "HIST with room for one bucket too few: ENOSPC, summary filled (%s)",
	       ename(e));

	memset(&h, 0, sizeof(h));
	set_name(h.name, FX);
	h.buckets = (uintptr_t)buckets;
	h.buckets_len = need;
	e = xioctl(fd, SHIELDRT_IOC_HIST, &h);
	tap_ok(!e, "HIST with room for every bucket: success (%s)", ename(e));
	for (m = 0; !e && m < h.nr_metrics; m++) {
		for (sum = 0, b = 0; b < h.nr_buckets; b++)
			sum += buckets[m * h.nr_buckets + b];
		if (sum + h.metric[m].over != h.metric[m].count) {
			diag("HIST metric %u: buckets %llu + over %llu != count %llu",
			     m, sum, (unsigned long long)h.metric[m].over,
			     (unsigned long long)h.metric[m].count);
			sums_ok = false;
		}
	}
	tap_ok(!e && sums_ok,
	       "HIST of a stopped loop: each metric's buckets + over = count");

	memset(&h, 0, sizeof(h));
	set_name(h.name, FX);
	h.buckets = (uintptr_t)guard;
	h.buckets_len = need;
	e = xioctl(fd, SHIELDRT_IOC_HIST, &h);
	tap_ok(e == EFAULT, "HIST into a PROT_NONE page: EFAULT (%s)", ename(e));
	/* room enough as far as buckets_len says: the first write faults */
	h.buckets = (uintptr_t)ro;
	h.buckets_len = need;
	e = xioctl(fd, SHIELDRT_IOC_HIST, &h);
	tap_ok(e == EFAULT, "HIST into a read-only page: EFAULT (%s)", ename(e));
	h.buckets = (uintptr_t)(guard - 8 * sizeof(__u64));
	h.buckets_len = need;
	e = xioctl(fd, SHIELDRT_IOC_HIST, &h);
	tap_ok(e == EFAULT, "HIST with 8 buckets before a PROT_NONE page: EFAULT (%s)",
	       ename(e));
	free(buckets);
}

static void flight_window(void)
{
	struct shieldrt_flight_rec *recs;
	struct shieldrt_flight_req f;
	unsigned int i, n;
	bool order = true, found = false;
	int e;

	/* only the manual trigger: an overrun under TCG would freeze it too */
	setup(rq(SHIELDRT_IOC_FLIGHT_CTL, FX, NULL,
		 SHIELDRT_REQ_FLIGHT_TRIGGERS, 0), "flight triggers none");
	rq(SHIELDRT_IOC_FLIGHT_CTL, FX, NULL, SHIELDRT_REQ_FLIGHT_REARM, 0);
	if (!setup(rq(SHIELDRT_IOC_START, FX, NULL, 0, 0), "start " FX))
		return;
	sleep_ms(100);
	expect_ok("FLIGHT_CTL trigger", SHIELDRT_IOC_FLIGHT_CTL, FX, NULL,
		  SHIELDRT_REQ_FLIGHT_TRIGGER, NULL);
	tap_ok(wait_flight(FX, SHIELDRT_FLIGHT_FROZEN, 10000),
	       "FLIGHT: frozen after the trigger");
	expect_fail("FLIGHT_CTL trigger while frozen", EBUSY,
		    SHIELDRT_IOC_FLIGHT_CTL, FX, NULL,
		    SHIELDRT_REQ_FLIGHT_TRIGGER, 0);
	stop_fx();

	memset(&f, 0, sizeof(f));
	set_name(f.name, FX);
	e = xioctl(fd, SHIELDRT_IOC_FLIGHT, &f);
	n = f.nr_recs;
	tap_ok((e == ENOSPC || !e) && n > 1 && f.state == SHIELDRT_FLIGHT_FROZEN,
	       "FLIGHT with recs 0: state FROZEN, nr_recs %u (%s)", n, ename(e));
	if (n < 2)
		return;
	recs = calloc(n, sizeof(*recs));
	if (!recs)
		return;
	memset(&f, 0, sizeof(f));
	set_name(f.name, FX);
	f.recs = (uintptr_t)recs;
	f.recs_len = 1;
	e = xioctl(fd, SHIELDRT_IOC_FLIGHT, &f);
	tap_ok(e == ENOSPC && f.nr_recs == n &&
	       f.state == SHIELDRT_FLIGHT_FROZEN &&
	       f.trigger == SHIELDRT_FLTRIG_MANUAL && f.post == 8,
	       "FLIGHT with room for 1 record: ENOSPC, nr_recs, state, trigger, post set (%s)",
	       ename(e));

	memset(&f, 0, sizeof(f));
	set_name(f.name, FX);
	f.recs = (uintptr_t)recs;
	f.recs_len = n;
	e = xioctl(fd, SHIELDRT_IOC_FLIGHT, &f);
	tap_ok(!e && f.nr_recs == n, "FLIGHT with room for the window: success (%s)",
	       ename(e));
	for (i = 0; i < n; i++) {
		if (i && recs[i].cycle <= recs[i - 1].cycle)
			order = false;
		if (recs[i].cycle == f.trigger_cycle)
			found = true;
	}
	tap_ok(!e && order && found && f.before + f.after + 1 == n,
	       "FLIGHT: cycles rise, the trigger's is there, before + 1 + after = nr_recs (%llu + 1 + %llu, %u)",
	       (unsigned long long)f.before, (unsigned long long)f.after, n);

	memset(&f, 0, sizeof(f));
	set_name(f.name, FX);
	f.recs = (uintptr_t)guard;
	f.recs_len = n;
	e = xioctl(fd, SHIELDRT_IOC_FLIGHT, &f);
	tap_ok(e == EFAULT, "FLIGHT into a PROT_NONE page: EFAULT (%s)", ename(e));
	f.recs = (uintptr_t)ro;
	f.recs_len = n;
	e = xioctl(fd, SHIELDRT_IOC_FLIGHT, &f);
	tap_ok(e == EFAULT, "FLIGHT into a read-only page: EFAULT (%s)",
	       ename(e));
	f.recs = (uintptr_t)(guard - sizeof(*recs));
	f.recs_len = n;
	e = xioctl(fd, SHIELDRT_IOC_FLIGHT, &f);
	tap_ok(e == EFAULT,
	       "FLIGHT with room for 1 record before a PROT_NONE page: EFAULT (%s)",
	       ename(e));
	free(recs);

	expect_ok("FLIGHT_CTL rearm", SHIELDRT_IOC_FLIGHT_CTL, FX, NULL,
		  SHIELDRT_REQ_FLIGHT_REARM, NULL);
	flight_get(FX, &f);
	tap_ok(f.state == SHIELDRT_FLIGHT_ARMED && f.nr_recs == 0,
	       "FLIGHT after rearm: ARMED, no window (state %u)", f.state);
}

static void flight_cases(void)
{
	flight_window();
	stop_fx();
	u_flight_ctl();
}

static void view_cases(void)
{
	static const char * const lv[] = {
		"config", "stats", "hist", "blocks", "params", "limits", "io",
		"dataplane", "preflight", "state", "last_error", "commit",
		"fpu_empty",
	};
	static const char * const mv[] = {
		"loops", "providers", "locks", "last_error",
	};
	struct shieldrt_view_req v;
	char *full, small[8];
	unsigned int i;
	size_t flen;
	int e;

	for (i = 0; i < ARRAY_SIZE(lv); i++) {
		full = view_get(FX, lv[i], &e);
		tap_ok(!e && full, "VIEW %s/%s: success (%s)", FX, lv[i],
		       ename(e));
		free(full);
	}
	for (i = 0; i < ARRAY_SIZE(mv); i++) {
		full = view_get("", mv[i], &e);
		tap_ok(!e && full, "VIEW module %s: success (%s)", mv[i],
		       ename(e));
		free(full);
	}
	full = view_get(FX, "nosuch", &e);
	tap_ok(e == ENOENT, "VIEW %s/nosuch: ENOENT (%s)", FX, ename(e));
	free(full);
	full = view_get(FX, "st@ts", &e);
	tap_ok(e == EINVAL, "VIEW %s/st@ts (a character outside the name set): EINVAL (%s)",
	       FX, ename(e));
	free(full);
	full = view_get(FX, "", &e);
	tap_ok(e == EINVAL, "VIEW %s with an empty view name: EINVAL (%s)", FX,
	       ename(e));
	free(full);
	full = view_get("", "config", &e);
	tap_ok(e == ENOENT, "VIEW a loop's view with name '': ENOENT (%s)",
	       ename(e));
	free(full);
	full = view_get(FX, "loops", &e);
	tap_ok(e == ENOENT, "VIEW a module view with a loop's name: ENOENT (%s)",
	       ename(e));
	free(full);
	full = view_get("nosuch", "config", &e);
	tap_ok(e == ENOENT, "VIEW of a loop that does not exist: ENOENT (%s)",
	       ename(e));
	free(full);
	full = view_get(FX, "../loops", &e);
	tap_ok(e == ENOENT || e == EINVAL, "VIEW '../loops': refused (%s)",
	       ename(e));
	free(full);

	memset(&v, 0, sizeof(v));
	memset(v.view, 'c', sizeof(v.view));
	set_name(v.name, FX);
	v.buf = (uintptr_t)view_buf;
	v.buf_len = sizeof(view_buf);
	e = xioctl(fd, SHIELDRT_IOC_VIEW, &v);
	tap_ok(e == EINVAL, "VIEW with a view name without its NUL: EINVAL (%s)",
	       ename(e));

	/* cut at buf_len - 1, NUL-terminated, ENOSPC, len the whole */
	full = view_get(FX, "config", &e);
	if (!full)
		return;
	flen = strlen(full);
	memset(&v, 0, sizeof(v));
	set_name(v.name, FX);
	set_name(v.view, "config");
	memset(small, 'X', sizeof(small));
	v.buf = (uintptr_t)small;
	v.buf_len = sizeof(small);
	e = xioctl(fd, SHIELDRT_IOC_VIEW, &v);
	tap_ok(e == ENOSPC && v.len == flen && small[7] == '\0' &&
	       !strncmp(small, full, 7),
	       "VIEW into 8 bytes: ENOSPC, len %zu, 7 bytes and a NUL (%s, len %llu)",
	       flen, ename(e), (unsigned long long)v.len);
	v.buf = (uintptr_t)view_buf;
	v.buf_len = flen;
	e = xioctl(fd, SHIELDRT_IOC_VIEW, &v);
	tap_ok(e == ENOSPC && v.len == flen,
	       "VIEW into exactly len bytes (no room for the NUL): ENOSPC (%s)",
	       ename(e));
	v.buf_len = flen + 1;
	e = xioctl(fd, SHIELDRT_IOC_VIEW, &v);
	tap_ok(!e && v.len == flen && !strcmp(view_buf, full),
	       "VIEW into len + 1 bytes: success, the whole text (%s)",
	       ename(e));
	v.buf = (uintptr_t)guard;
	v.buf_len = 4096;
	e = xioctl(fd, SHIELDRT_IOC_VIEW, &v);
	tap_ok(e == EFAULT, "VIEW into a PROT_NONE page: EFAULT (%s)", ename(e));
	v.buf = (uintptr_t)ro;
	e = xioctl(fd, SHIELDRT_IOC_VIEW, &v);
	tap_ok(e == EFAULT, "VIEW into a read-only page: EFAULT (%s)", ename(e));
	v.buf = (uintptr_t)(guard - 4);
	e = xioctl(fd, SHIELDRT_IOC_VIEW, &v);
	tap_ok(e == EFAULT, "VIEW into 4 bytes before a PROT_NONE page: EFAULT (%s)",
	       ename(e));
	free(full);
}

/*
 * An fd opened O_RDONLY attaches and maps the read-only part, but may
 * not feed the watchdog: HEARTBEAT is EACCES there, as the writable
 * part's mapping is, and the heartbeat the kernel reads stays put.
 */
static void ro_heartbeat_cases(void)
{
	struct shieldrt_attach a;
	struct shieldrt_user *u;
	__u32 hb = 1, before, after;
	void *map;
	int f, e;

	f = open(dev, O_RDONLY);
	if (!setup(f < 0 ? errno : 0, "open an O_RDONLY fd"))
		return;
	memset(&a, 0, sizeof(a));
	set_name(a.name, FX);
	e = xioctl(f, SHIELDRT_IOC_ATTACH, &a);
	tap_ok(!e, "ATTACH on an O_RDONLY fd: success (%s)", ename(e));
	map = e ? MAP_FAILED : mmap(NULL, a.off.region_size, PROT_READ,
				    MAP_SHARED, f, 0);
	if (!setup(map == MAP_FAILED ? errno : 0,
		   "map the region read-only through the O_RDONLY fd")) {
		close(f);
		return;
	}
	/* the word in the region, which only a writable fd may bump */
	u = (struct shieldrt_user *)((char *)map + a.off.user);
	before = __atomic_load_n(&u->heartbeat, __ATOMIC_RELAXED);
	e = xioctl(f, SHIELDRT_IOC_HEARTBEAT, &hb);
	tap_ok(e == EACCES, "HEARTBEAT on an O_RDONLY fd: EACCES (%s)",
	       ename(e));
	after = __atomic_load_n(&u->heartbeat, __ATOMIC_RELAXED);
	tap_ok(after == before, "... and the heartbeat word stays %u (%u)",
	       before, after);
	hb = 0;
	e = xioctl(f, SHIELDRT_IOC_HEARTBEAT, &hb);
	tap_ok(e == EACCES, "HEARTBEAT by 0 on an O_RDONLY fd: EACCES first (%s)",
	       ename(e));
	munmap(map, a.off.region_size);
	close(f);
	f = open(dev, O_RDONLY);
	hb = 1;
	e = f < 0 ? errno : xioctl(f, SHIELDRT_IOC_HEARTBEAT, &hb);
	tap_ok(e == EACCES, "HEARTBEAT on an O_RDONLY fd not attached: EACCES (%s)",
	       ename(e));
	if (f >= 0)
		close(f);
}

/* The data plane's ATTACH, as documented in its part of the header. */
static void attach_cases(void)
{
	struct shieldrt_attach a;
	__u32 flags = 0, hb;
	int f, e;

	f = open(dev, O_RDWR);
	if (!setup(f < 0 ? errno : 0, "open a second fd"))
		return;
	memset(&a, 0, sizeof(a));
	set_name(a.name, "nosuch");
	e = xioctl(f, SHIELDRT_IOC_ATTACH, &a);
	tap_ok(e == ENOENT, "ATTACH to no loop: ENOENT (%s)", ename(e));
	memset(&a, 0, sizeof(a));
	memset(a.name, 'a', sizeof(a.name));
	e = xioctl(f, SHIELDRT_IOC_ATTACH, &a);
	tap_ok(e == EINVAL, "ATTACH with a name without its NUL: EINVAL (%s)",
	       ename(e));
	memset(&a, 0, sizeof(a));
	e = xioctl(f, SHIELDRT_IOC_ATTACH, &a);
	tap_ok(e == EINVAL, "ATTACH with name '': EINVAL (%s)", ename(e));
	set_name(a.name, FX);
	a.flags = 1;
	e = xioctl(f, SHIELDRT_IOC_ATTACH, &a);
	tap_ok(e == EINVAL, "ATTACH with flags 1: EINVAL (%s)", ename(e));
	a.flags = 0;
	a.name[sizeof(a.name) - 1] = 'q';	/* a byte past the NUL */
	e = xioctl(f, SHIELDRT_IOC_ATTACH, &a);
	tap_ok(e == EINVAL, "ATTACH with a byte after the name's NUL: EINVAL (%s)",
	       ename(e));
	memset(&a, 0, sizeof(a));
	set_name(a.name, "fx@1");
	e = xioctl(f, SHIELDRT_IOC_ATTACH, &a);
	tap_ok(e == EINVAL, "ATTACH with name 'fx@1': EINVAL (%s)", ename(e));
	set_name(a.name, FX);
	a.resv[2] = 1;
	e = xioctl(f, SHIELDRT_IOC_ATTACH, &a);
	tap_ok(e == EINVAL, "ATTACH with resv[2] set: EINVAL (%s)", ename(e));
	e = xioctl(f, SHIELDRT_IOC_ATTACH, guard);
	tap_ok(e == EFAULT, "ATTACH from a PROT_NONE page: EFAULT (%s)",
	       ename(e));
	a.resv[2] = 0;
	e = xioctl(f, SHIELDRT_IOC_ATTACH, &a);
	tap_ok(!e && a.off.region_size > 0, "ATTACH to %s: success (%s)", FX,
	       ename(e));
	e = xioctl(f, SHIELDRT_IOC_ATTACH, &a);
	tap_ok(e == EBUSY, "ATTACH again on the same fd: EBUSY (%s)", ename(e));
	hb = 0;
	e = xioctl(f, SHIELDRT_IOC_HEARTBEAT, &hb);
	tap_ok(e == EINVAL, "HEARTBEAT by 0: EINVAL (%s)", ename(e));
	hb = 1;
	e = xioctl(f, SHIELDRT_IOC_HEARTBEAT, &hb);
	tap_ok(!e, "HEARTBEAT by 1: success (%s)", ename(e));
	ro_heartbeat_cases();

	/* destroy while attached: the fd learns it, nothing leaks */
	setup(loop_create(FXN, NULL, 0), "create " FXN);
	close(f);
	f = open(dev, O_RDWR);
	memset(&a, 0, sizeof(a));
	set_name(a.name, FXN);
	e = f < 0 ? errno : xioctl(f, SHIELDRT_IOC_ATTACH, &a);
	expect_ok("DESTROY a loop with an fd attached", SHIELDRT_IOC_DESTROY,
		  FXN, NULL, 0, NULL);
	if (!e)
		e = xioctl(f, SHIELDRT_IOC_FLAGS, &flags);
	tap_ok(!e && (flags & SHIELDRT_RF_DEAD),
	       "the attached fd's FLAGS say DEAD after DESTROY (%s, %#x)",
	       ename(e), flags);
	tap_ok(!(flags & SHIELDRT_RF_REPLACED),
	       "... and not REPLACED: the loop is gone (%#x)", flags);
	hb = 1;
	e = f < 0 ? EBADF : xioctl(f, SHIELDRT_IOC_HEARTBEAT, &hb);
	tap_ok(e == EIDRM, "HEARTBEAT on the destroyed loop's fd: EIDRM (%s)",
	       ename(e));
	if (f >= 0)
		close(f);
}

/* ---- EPERM without CAP_SYS_ADMIN ---- */

static int drop_sys_admin(void)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3];
	unsigned int i = CAP_TO_INDEX(CAP_SYS_ADMIN);
	__u32 bit = CAP_TO_MASK(CAP_SYS_ADMIN);

	if (prctl(PR_CAPBSET_DROP, CAP_SYS_ADMIN, 0, 0, 0))
		return errno;
	if (syscall(SYS_capget, &h, d))
		return errno;
	d[i].effective &= ~bit;
	d[i].permitted &= ~bit;
	d[i].inheritable &= ~bit;
	if (syscall(SYS_capset, &h, d))
		return errno;
	if (syscall(SYS_capget, &h, d))
		return errno;
	return (d[i].effective | d[i].permitted) & bit ? EPERM : 0;
}

/*
 * In a child, so the rest runs with the capability: every changing
 * request (valid and possible now, so EPERM is the only reason to fail)
 * is refused, nothing changes; reads and the data plane still work.
 */
static void eperm_cases(void)
{
	unsigned char b[4096] __attribute__((aligned(8)));
	int pfd[2], st, counts[2] = { 0, 0 };
	char *before, *after;
	struct shieldrt_attach a;
	unsigned int i;
	pid_t pid;
	__u32 hb = 1;
	int e, f;

	/* each changing request's valid form must be possible: prepare */
	if (!setup(loop_create(FXN, NULL, 0), "create " FXN) ||
	    !setup(loop_create("fzr", NULL, SHIELDRT_REQ_START), "start fzr") ||
	    !make_safe("fzr") ||
	    !setup(rq(SHIELDRT_IOC_PARAMS, FX, "g.k=4", 0, 0), "stage g.k=4"))
		return;
	if (pipe(pfd))
		return;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return;
	if (pid == 0) {
		close(pfd[0]);
		tap_n = 0;
		tap_failed = 0;
		e = drop_sys_admin();
		tap_ok(!e, "CAP_SYS_ADMIN dropped (capset, fd kept) (%s)",
		       ename(e));
		for (i = 0; !e && i < ARRAY_SIZE(iocs); i++) {
			const struct ioc *c = &iocs[i];
			const char *name, *what = "";

			memset(b, 0, sizeof(b));
			if (!c->changes) {
				c->prep(b);
				e = xioctl(fd, c->cmd, b);
				tap_ok(!e && c->effect(b),
				       "without CAP_SYS_ADMIN: %s works (%s)",
				       c->name, ename(e));
				e = 0;
				continue;
			}
			/* the fixture's valid request, prepared by the parent */
			name = FX;
			if (c->cmd == SHIELDRT_IOC_CREATE)
				name = "fzx";
			if (c->cmd == SHIELDRT_IOC_DESTROY)
				name = FXN;
			if (c->cmd == SHIELDRT_IOC_STOP ||
			    c->cmd == SHIELDRT_IOC_RESUME) {
				name = "fzr";
				what = " (fzr is in safe state)";
			}
			req_fill(b, name, NULL, 0, 0);
			if (c->cmd == SHIELDRT_IOC_CREATE)
				req_fill(b, name, create_text, 0, 0);
			else if (c->text) {
				c->prep(b);
				set_name(((struct shieldrt_req *)b)->name, FX);
			} else if (c->cmd == SHIELDRT_IOC_FLIGHT_CTL ||
				   c->cmd == SHIELDRT_IOC_FPU_EMPTY) {
				c->prep(b);
			}
			before = snapshot();
			e = xioctl(fd, c->cmd, b);
			after = snapshot();
			tap_ok(e == EPERM && !strcmp(before, after),
			       "without CAP_SYS_ADMIN: %s%s: EPERM, nothing changed (%s)",
			       c->name, what, ename(e));
			/* err[] says why, as for every other refusal */
			tap_ok(strstr(((struct shieldrt_req *)b)->err,
				      "CAP_SYS_ADMIN") != NULL,
			       "without CAP_SYS_ADMIN: %s: err says why ('%.60s')",
			       c->name, ((struct shieldrt_req *)b)->err);
			if (strcmp(before, after))
				snap_diff(before, after);
			free(before);
			free(after);
			e = 0;
		}
		f = open(dev, O_RDWR);
		memset(&a, 0, sizeof(a));
		set_name(a.name, "fzr");
		e = f < 0 ? errno : xioctl(f, SHIELDRT_IOC_ATTACH, &a);
		tap_ok(!e, "without CAP_SYS_ADMIN: ATTACH works (%s)", ename(e));
		e = e ? e : xioctl(f, SHIELDRT_IOC_HEARTBEAT, &hb);
		tap_ok(!e, "without CAP_SYS_ADMIN: HEARTBEAT works (%s)",
		       ename(e));
		fflush(stdout);
		counts[0] = tap_n;
		counts[1] = tap_failed;
		if (write(pfd[1], counts, sizeof(counts)) != sizeof(counts))
			_exit(2);
		_exit(0);
	}
	close(pfd[1]);
	if (read(pfd[0], counts, sizeof(counts)) != sizeof(counts))
		counts[0] = counts[1] = 0;
	close(pfd[0]);
	waitpid(pid, &st, 0);
	tap_n += counts[0];
	tap_failed += counts[1];
	tap_ok(WIFEXITED(st) && !WEXITSTATUS(st) && counts[0] > 0,
	       "the child without CAP_SYS_ADMIN ran its %d cases", counts[0]);
	rq(SHIELDRT_IOC_DESTROY, "fzr", NULL, 0, 0);
	rq(SHIELDRT_IOC_DESTROY, FXN, NULL, 0, 0);
	rq(SHIELDRT_IOC_DESTROY, "fzx", NULL, 0, 0);
	rq(SHIELDRT_IOC_COMMIT, FX, NULL, 0, 0);
}

/* ---- create and destroy of one name from several threads ---- */

#define RACE	"race"

static struct {
	atomic_long create_ok, destroy_ok, create_exist, destroy_noent;
	atomic_long bad, seen_twice, bad_name, lists, attached;
	atomic_int stop;
	atomic_int bad_errno;
	const char *bad_op;
	int rounds;
} race;

static void race_bad(const char *op, int e)
{
	int zero = 0;

	atomic_fetch_add(&race.bad, 1);
	if (atomic_compare_exchange_strong(&race.bad_errno, &zero, e))
		race.bad_op = op;
}

static void *race_worker(void *arg)
{
	unsigned int seed = (unsigned int)(uintptr_t)arg * 7919u + 17u;
	int i, e, f;

	/* half the workers on their own fd */
	f = (uintptr_t)arg & 1 ? open(dev, O_RDWR) : fd;
	if (f < 0)
		f = fd;
	for (i = 0; i < race.rounds; i++) {
		if (rand_r(&seed) & 1) {
			__u32 fl = rand_r(&seed) % 4 ? 0 : SHIELDRT_REQ_START;

			e = rq_fd(f, SHIELDRT_IOC_CREATE, RACE, create_text,
				  fl, NULL, NULL);
			if (!e)
				atomic_fetch_add(&race.create_ok, 1);
			else if (e == EEXIST)
				atomic_fetch_add(&race.create_exist, 1);
			else
				race_bad("create", e);
		} else {
			e = rq_fd(f, SHIELDRT_IOC_DESTROY, RACE, NULL, 0, NULL,
				  NULL);
			if (!e)
				atomic_fetch_add(&race.destroy_ok, 1);
			else if (e == ENOENT)
				atomic_fetch_add(&race.destroy_noent, 1);
			else
				race_bad("destroy", e);
		}
	}
	if (f != fd)
		close(f);
	return NULL;
}

/* Lists, stats, views and attaches while the workers run. */
static void *race_reader(void *arg)
{
	struct shieldrt_loop_info li[MAX_LOOPS];
	struct shieldrt_stats_req s;
	struct shieldrt_attach a;
	unsigned int nr, i, n;
	char *t;
	void *map;
	int e, f;

	(void)arg;
	while (!atomic_load(&race.stop)) {
		e = list_get(li, MAX_LOOPS, &nr);
		if (e) {
			race_bad("list", e);
			continue;
		}
		atomic_fetch_add(&race.lists, 1);
		for (n = 0, i = 0; i < nr && i < MAX_LOOPS; i++) {
			if (!memchr(li[i].name, 0, SHIELDRT_NAME_LEN))
				atomic_fetch_add(&race.bad_name, 1);
			else if (!strcmp((char *)li[i].name, RACE))
				n++;
		}
		if (n > 1)
			atomic_fetch_add(&race.seen_twice, 1);
		e = stats_get(RACE, &s);
		if (e && e != ENOENT)
			race_bad("stats", e);
		t = view_get(RACE, "config", &e);
		if (e && e != ENOENT)
			race_bad("view", e);
		else if (!e && !strstr(t, "name=" RACE))
			race_bad("view text", EINVAL);
		free(t);

		f = open(dev, O_RDWR);
		if (f < 0)
			continue;
		memset(&a, 0, sizeof(a));
		set_name(a.name, RACE);
		e = xioctl(f, SHIELDRT_IOC_ATTACH, &a);
		if (e && e != ENOENT) {
			race_bad("attach", e);
		} else if (!e) {
			atomic_fetch_add(&race.attached, 1);
			map = mmap(NULL, a.off.region_size, PROT_READ,
				   MAP_SHARED, f, 0);
			if (map == MAP_FAILED) {
				race_bad("mmap", errno);
			} else {
				if (((struct shieldrt_hdr *)map)->magic !=
				    SHIELDRT_MAGIC)
					race_bad("region magic", EINVAL);
				munmap(map, a.off.region_size);
			}
		}
		close(f);
	}
	return NULL;
}

/* Threads named shieldrt/N: the loops' kthreads. */
static int loop_threads(void)
{
	char path[300], comm[32];
	struct dirent *d;
	DIR *dir;
	FILE *f;
	int n = 0;

	dir = opendir("/proc");
	if (!dir)
		return -1;
	while ((d = readdir(dir))) {
		if (d->d_name[0] < '0' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", d->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f) && !strncmp(comm, "shieldrt/", 9))
			n++;
		fclose(f);
	}
	closedir(dir);
	return n;
}

static void race_cases(int threads, int rounds)
{
	pthread_t th[16], rd;
	long cok, dok, present;
	int i, n, e;

	memset(&race, 0, sizeof(race));
	race.rounds = rounds;
	if (threads > 16)
		threads = 16;
	pthread_create(&rd, NULL, race_reader, NULL);
	for (i = 0; i < threads; i++)
		pthread_create(&th[i], NULL, race_worker, (void *)(uintptr_t)i);
	for (i = 0; i < threads; i++)
		pthread_join(th[i], NULL);
	atomic_store(&race.stop, 1);
	pthread_join(rd, NULL);

	cok = atomic_load(&race.create_ok);
	dok = atomic_load(&race.destroy_ok);
	diag("race: %d threads x %d rounds: %ld created, %ld destroyed, %ld EEXIST, %ld ENOENT; %ld lists, %ld attaches",
	     threads, rounds, cok, dok, atomic_load(&race.create_exist),
	     atomic_load(&race.destroy_noent), atomic_load(&race.lists),
	     atomic_load(&race.attached));
	tap_ok(!atomic_load(&race.bad),
	       "race: every answer was success, EEXIST (create) or ENOENT (%ld others, first %s: %s)",
	       atomic_load(&race.bad), race.bad_op ? race.bad_op : "-",
	       ename(atomic_load(&race.bad_errno)));
	tap_ok(cok > 0 && dok > 0, "race: creates and destroys both succeeded");
	tap_ok(!atomic_load(&race.seen_twice) && !atomic_load(&race.bad_name),
	       "race: no list showed the name twice or a name without its NUL");
	present = loop_exists(RACE);
	tap_ok(cok - dok == present,
	       "race: created - destroyed (%ld) = present now (%ld)",
	       cok - dok, present);
	n = 0;
	{
		struct shieldrt_loop_info li[MAX_LOOPS];
		unsigned int nr, j;

		if (!list_get(li, MAX_LOOPS, &nr))
			for (j = 0; j < nr && j < MAX_LOOPS; j++)
				n += !strcmp((char *)li[j].name, RACE);
	}
	tap_ok(n == present, "race: the list holds the name %d time(s)", n);
	e = rq(SHIELDRT_IOC_DESTROY, RACE, NULL, 0, 0);
	tap_ok(present ? !e : e == ENOENT,
	       "race: a last DESTROY: %s (%s)", present ? "success" : "ENOENT",
	       ename(e));
	tap_ok(!loop_exists(RACE) && loop_state(RACE) == -ENOENT,
	       "race: afterwards the name is gone");
	n = loop_threads();
	tap_ok(n == 0, "race: no loop thread left (%d)", n);
}

/* ---- memory over many rounds ---- */

static long meminfo_kb(const char *key)
{
	char line[128];
	size_t kl = strlen(key);
	long v = -1;
	FILE *f;

	f = fopen("/proc/meminfo", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, kl) && line[kl] == ':') {
			v = atol(line + kl + 1);
			break;
		}
	fclose(f);
	return v;
}

/*
 * VmallocUsed once it has not changed for 5 s (at most 60 s): exited
 * threads' stacks are freed after an RCU grace period, in bursts.
 */
static long vmalloc_settled(void)
{
	long v = meminfo_kb("VmallocUsed"), prev;
	double t0 = now_s(), since = t0;

	while (now_s() - since < 5 && now_s() - t0 < 60) {
		sleep_ms(500);
		prev = v;
		v = meminfo_kb("VmallocUsed");
		if (v != prev)
			since = now_s();
	}
	return v;
}

/*
 * A loop's region is vmalloc memory (and so is a large flight recorder):
 * a loop that destroy does not free shows in VmallocUsed.  First show that
 * one loop does show there (else this check could not fail), then that
 * rounds of create, start, failing requests and destroy leave it where it
 * was: less than one loop's worth in all (so a loss of even 1/64 of each
 * loop's vmalloc memory per round shows).
 */
static void leak_cases(int rounds)
{
	long v0, v1, small, big, base, after, su0, su1, limit;
	char bigtext[160];
	double t0;
	int i, e, bad = 0;

	snprintf(bigtext, sizeof(bigtext),
		 "cpu=%d period_us=1000 mode=hrtimer flight_cycles=65536 hist_buckets=4096",
		 cpu);
	v0 = vmalloc_settled();
	e = loop_create("leak", NULL, 0);
	v1 = meminfo_kb("VmallocUsed");
	rq(SHIELDRT_IOC_DESTROY, "leak", NULL, 0, 0);
	small = v1 - v0;
	tap_ok(!e && v0 >= 0 && small > 0,
	       "leak check: a created loop shows in VmallocUsed (+%ld kB)",
	       small);
	v0 = meminfo_kb("VmallocUsed");
	e = rq(SHIELDRT_IOC_CREATE, "leak", bigtext, SHIELDRT_REQ_START, 0);
	v1 = meminfo_kb("VmallocUsed");
	rq(SHIELDRT_IOC_DESTROY, "leak", NULL, 0, 0);
	big = v1 - v0;
	diag("leak check: a running loop with 65536 flight records: +%ld kB (%s)",
	     big, ename(e));
	if (small <= 0)
		return;

	base = vmalloc_settled();
	su0 = meminfo_kb("SUnreclaim");
	for (i = 0; i < rounds; i++) {
		if (i & 1)
			e = rq(SHIELDRT_IOC_CREATE, "leak", bigtext,
			       i & 2 ? SHIELDRT_REQ_START : 0, 0);
		else
			e = loop_create("leak", NULL,
					i & 2 ? SHIELDRT_REQ_START : 0);
		bad += !!e;
		rq(SHIELDRT_IOC_CHAIN, "leak", CHAIN_G, 0, 0);
		rq(SHIELDRT_IOC_PARAMS, "leak", "g.k=3", 0, 0);
		rq(SHIELDRT_IOC_CHAIN, "leak", "input x\nbogus\n", 0, 0);
		rq(SHIELDRT_IOC_LIMITS, "leak", "out=0 min=-1 max=1", 0, 0);
		rq(SHIELDRT_IOC_START, "leak", NULL, 0, 0);
		rq(SHIELDRT_IOC_CREATE, "leak", create_text, 0, 0);
		bad += !!rq(SHIELDRT_IOC_DESTROY, "leak", NULL, 0, 0);
	}
	/*
	 * Exited loop threads' stacks are freed after an RCU grace period;
	 * with the loops' CPU in rcu_nocbs that took 5-15 s on arm64 under
	 * TCG.  What is lost never comes back: wait up to 60 s for it.
	 */
	limit = small > 256 ? small : 256;
	t0 = now_s();
	do {
		sleep_ms(500);
		after = meminfo_kb("VmallocUsed");
	} while (after - base >= limit && now_s() - t0 < 60);
	su1 = meminfo_kb("SUnreclaim");
	diag("leak check: %d rounds: VmallocUsed %ld -> %ld kB after %.1f s, SUnreclaim %ld -> %ld kB (KASAN's quarantine holds freed slab objects a while)",
	     rounds, base, after, now_s() - t0, su0, su1);
	tap_ok(!bad, "leak check: %d rounds of create, chain, params, limits, start, destroy (%d failed)",
	       rounds, bad);
	tap_ok(after - base < limit,
	       "leak check: VmallocUsed grew %ld kB in %d rounds (limit %ld kB; a loop is %ld kB)",
	       after - base, rounds, limit, small);
	i = loop_threads();
	tap_ok(i == 0, "leak check: no loop thread left (%d)", i);
}

/*
 * ---- volume: counted random requests (-n IOCTLS, -w LINES, -s SEED) ----
 *
 * Random, edge and hostile requests at a counted volume while a loop runs:
 * every ioctl of include/uapi/shieldrt.h (and unknown ones) with wrong
 * sizes and directions, bad and unterminated names, reserved bits, random
 * bytes, pointers the kernel cannot use; then malformed lines over every
 * writable debugfs file (kmod/admin/views.c: control and each loop's
 * config, blocks, params, commit, fpu_empty, limits, plus flight).  A
 * request may fail only with an errno of the UAPI's table.  The loop
 * VOL_KEEP is never stopped, reset or destroyed by name (the name cannot
 * come out of a mutation of the others) and must cycle on afterwards.  The
 * seed is printed; -s SEED replays the same sequence.
 */
#define VOL_KEEP	"keep_RUN9"
#define VOL_BUF		(256 << 10)
#define VOL_DBG		"/sys/kernel/debug/shieldrt"

static const char vol_views[][SHIELDRT_NAME_LEN] = {
	"stats", "hist", "config", "loops", "flight", "dataplane", "limits",
	"last_error", "control", "no_such_view", "",
};

static unsigned long long vol_x;

static unsigned int vrnd(void)
{
	vol_x ^= vol_x << 13;
	vol_x ^= vol_x >> 7;
	vol_x ^= vol_x << 17;
	return (unsigned int)(vol_x >> 11);
}

static __u64 vrnd64(void)
{
	return (__u64)vrnd() << 32 | vrnd();
}

/* Numbers a parser or a range check may get wrong. */
static __u64 vol_edge(void)
{
	static const __u64 e[] = {
		0, 1, 2, 15, 16, 17, 63, 64, 4095, 4096, 4097, 65535, 65536,
		1 << 20, (1 << 20) + 1, 0x7fffffff, 0x80000000, 0xffffffff,
		0x100000000ULL, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
		~0ULL, ~0ULL - 1,
	};

	return vrnd() % 4 ? e[vrnd() % ARRAY_SIZE(e)] : vrnd64();
}

static const char *const vol_names[] = {
	VOL_KEEP, "fv", "fv2", "x", "", "fv\xff\xfe", "fv/..", "fv x",
	"aaaaaaaaaaaaaaa", "no_such_loop",
};

/* A name: from the pool, unterminated, random bytes, or NUL-free junk. */
static void vol_name(__u8 *dst, bool lifecycle)
{
	unsigned int k = vrnd() % 16, i;

	memset(dst, 0, SHIELDRT_NAME_LEN);
	if (k < 11) {
		/* the running loop: never a stop, reset or destroy */
		i = vrnd() % ARRAY_SIZE(vol_names);
		if (lifecycle && i == 0)
			i = 1;
		memcpy(dst, vol_names[i], strnlen(vol_names[i], SHIELDRT_NAME_LEN));
	} else if (k < 13) {
		memset(dst, 'a' + vrnd() % 26, SHIELDRT_NAME_LEN);
	} else {
		for (i = 0; i < SHIELDRT_NAME_LEN; i++)
			dst[i] = vrnd();
	}
}

static const char *const vol_texts[] = {
	"cpu=%d period_us=1000 mode=hrtimer",
	"cpu=%d period_us=500 mode=hybrid flight_cycles=64",
	"period_us=2000",
	"input x\noutput y\nblock g gain in=x out=y k=2\n",
	"input x\noutput y\nblock h gain in=x out=y k=3\nblock q gain in=y out=y k=1\n",
	"g.k=3",
	"g.k=nan",
	"out=0 min=-1 max=1",
	"out=0 max=1e308 min=-inf",
	"tel_decimation=4",
	"1",
	"",
};

/* Mutations: what malformed input looks like. */
static const char *const vol_junk[] = {
	"\xff", "\x80", "\n", "\t", " ", "=", "==", "nan", "-inf", "1e999",
	"99999999999999999999999", "-0", "0x", "k=", "=1", "#", "\\", "%s",
	"cpu=-1", "period_us=0", "mode=poll", "name=", "in=in", "out=",
	"block b gain in=x out=y k=", "\n\n\n", "18446744073709551616",
};

static size_t vol_mutate(char *b, size_t n, size_t cap)
{
	unsigned int ops = 1 + vrnd() % 4;

	while (ops--) {
		size_t at = n ? vrnd() % (n + 1) : 0, k;
		const char *j;

		switch (vrnd() % 8) {
		case 0:		/* a random byte */
			if (n)
				b[vrnd() % n] = vrnd();
			break;
		case 1:		/* a high byte or a control character */
			if (n)
				b[vrnd() % n] = vrnd() % 2 ? 0x80 | vrnd() : vrnd() % 32;
			break;
		case 2:		/* cut */
			n = at;
			break;
		case 3:		/* a token inserted */
			j = vol_junk[vrnd() % ARRAY_SIZE(vol_junk)];
			k = strlen(j);
			if (n + k < cap) {
				memmove(b + at + k, b + at, n - at);
				memcpy(b + at, j, k);
				n += k;
			}
			break;
		case 4:		/* a part repeated */
			k = n - at;
			if (n + k < cap) {
				memcpy(b + n, b + at, k);
				n += k;
			}
			break;
		case 5:		/* a NUL inside */
			if (n)
				b[vrnd() % n] = 0;
			break;
		case 6:		/* all random */
			n = vrnd() % 256;
			for (k = 0; k < n; k++)
				b[k] = vrnd();
			break;
		default:	/* a long run of one character */
			k = vrnd() % 8192;
			if (n + k < cap) {
				memset(b + n, "a9=.-\n "[vrnd() % 7], k);
				n += k;
			}
			break;
		}
	}
	return n;
}

/* A request text at @b: a template, maybe mutated; returns its length. */
static size_t vol_text(char *b, size_t cap, const char *tmpl)
{
	size_t n;

	if (!tmpl)
		tmpl = vol_texts[vrnd() % ARRAY_SIZE(vol_texts)];
	n = snprintf(b, cap, tmpl, cpu);
	if (n >= cap)
		n = cap - 1;
	if (vrnd() % 4)
		n = vol_mutate(b, n, cap);
	return n;
}

/* A user address: ordinary, or one the kernel must refuse. */
static __u64 vol_ptr(void *good)
{
	switch (vrnd() % 10) {
	case 0: return 0;
	case 1: return (uintptr_t)guard;
	case 2: return (uintptr_t)guard - 1;	/* straddles into PROT_NONE */
	case 3: return (uintptr_t)ro;	/* read-only: replies cannot land */
	case 4: return vrnd64();
	case 5: return 0xffff800000000000ULL + vrnd() * 4096ULL; /* kernel */
	case 6: return (uintptr_t)good + 1;
	default: return (uintptr_t)good;
	}
}

struct vol_count {
	unsigned long long done, ok, rejected, unexpected;
	unsigned long long by_errno[140];
};

static bool vol_errno_ok(int e)
{
	switch (e) {
	case ENOTTY: case EINVAL: case E2BIG: case EFAULT: case EPERM:
	case ENOENT: case EEXIST: case EBUSY: case ENOSPC: case ENOMEM:
	case EBADFD: case ENODEV:
	/*
	 * HEARTBEAT through an fd whose loop the other thread destroyed or
	 * replaced: the region is dead (the UAPI's rule for that request)
	 */
	case EIDRM:
	/* pwrite() at an offset: debugfs files take no positioned write */
	case ESPIPE:
		return true;
	}
	return false;
}

static void vol_count(struct vol_count *c, int e, const char *what)
{
	c->done++;
	if (!e) {
		c->ok++;
		return;
	}
	c->rejected++;
	if (e > 0 && e < (int)ARRAY_SIZE(c->by_errno))
		c->by_errno[e]++;
	if (!vol_errno_ok(e)) {
		if (c->unexpected++ < 10)
			diag("unexpected %s from %s at execution %llu",
			     ename(e), what, c->done);
	}
}

static void vol_errnos(const char *what, const struct vol_count *c)
{
	char line[1024];
	size_t n = 0;
	unsigned int e;

	for (e = 0; e < ARRAY_SIZE(c->by_errno) && n < sizeof(line) - 40; e++)
		if (c->by_errno[e])
			n += snprintf(line + n, sizeof(line) - n, " %s=%llu",
				      ename(e), c->by_errno[e]);
	diag("%s rejected by errno:%s", what, n ? line : " none");
}

static const unsigned long vol_cmds[] = {
	SHIELDRT_IOC_ATTACH, SHIELDRT_IOC_OFFSETS, SHIELDRT_IOC_HEARTBEAT,
	SHIELDRT_IOC_FLAGS, SHIELDRT_IOC_CREATE, SHIELDRT_IOC_DESTROY,
	SHIELDRT_IOC_START, SHIELDRT_IOC_STOP, SHIELDRT_IOC_RESET,
	SHIELDRT_IOC_RESUME, SHIELDRT_IOC_CONFIGURE, SHIELDRT_IOC_CHAIN,
	SHIELDRT_IOC_PARAMS, SHIELDRT_IOC_COMMIT, SHIELDRT_IOC_LIMITS,
	SHIELDRT_IOC_FLIGHT_CTL, SHIELDRT_IOC_FPU_EMPTY, SHIELDRT_IOC_LIST,
	SHIELDRT_IOC_STATS, SHIELDRT_IOC_HIST, SHIELDRT_IOC_FLIGHT,
	SHIELDRT_IOC_VIEW,
};

static bool vol_lifecycle(unsigned long cmd)
{
	return cmd == SHIELDRT_IOC_DESTROY || cmd == SHIELDRT_IOC_STOP ||
	       cmd == SHIELDRT_IOC_RESET || cmd == SHIELDRT_IOC_CREATE;
}

/* Fill the struct of @cmd at @b (its known size @sz) for one request. */
static void vol_fill(unsigned long cmd, unsigned char *b, size_t sz,
		     char *text, unsigned char *out)
{
	struct shieldrt_req *r = (void *)b;
	struct shieldrt_list_req *l = (void *)b;
	struct shieldrt_hist_req *h = (void *)b;
	struct shieldrt_flight_req *f = (void *)b;
	struct shieldrt_view_req *v = (void *)b;
	size_t i;

	memset(b, 0, sz);
	switch (cmd) {
	case SHIELDRT_IOC_LIST:
		l->loops = vol_ptr(out);
		l->loops_len = vrnd() % 2 ? vrnd() % 70 : vol_edge();
		break;
	case SHIELDRT_IOC_HIST:
		vol_name(h->name, false);
		h->buckets = vol_ptr(out);
		h->buckets_len = vrnd() % 2 ? vrnd() % 8192 : vol_edge();
		break;
	case SHIELDRT_IOC_FLIGHT:
		vol_name(f->name, false);
		f->recs = vol_ptr(out);
		f->recs_len = vrnd() % 2 ? vrnd() % 300 : vol_edge();
		break;
	case SHIELDRT_IOC_VIEW:
		vol_name(v->name, false);
		if (vrnd() % 4 == 0)
			memset(v->name, 0, sizeof(v->name));
		memcpy(v->view, vol_views[vrnd() % ARRAY_SIZE(vol_views)],
		       SHIELDRT_NAME_LEN);
		v->buf = vol_ptr(out);
		v->buf_len = vrnd() % 2 ? vrnd() % 65536 : vol_edge();
		break;
	case SHIELDRT_IOC_STATS:
	case SHIELDRT_IOC_ATTACH:
		vol_name(b, false);
		break;
	case SHIELDRT_IOC_OFFSETS:
	case SHIELDRT_IOC_HEARTBEAT:
	case SHIELDRT_IOC_FLAGS:
		for (i = 0; i < sz; i++)
			b[i] = vrnd();
		return;
	default:
		vol_name(r->name, vol_lifecycle(cmd));
		if (vrnd() % 2) {
			r->text_len = vol_text(text, VOL_BUF, NULL);
			r->text = vol_ptr(text);
			if (vrnd() % 8 == 0)
				r->text_len = vol_edge();
		}
		r->flags = vrnd() % 3 ? vrnd() % 8 : vrnd();
		r->value = vol_edge();
		break;
	}
	/* the hostile part: reserved fields, flags, or any byte at all */
	switch (vrnd() % 8) {
	case 0:
		for (i = 0; i < 4; i++)
			b[vrnd() % sz] = vrnd();
		break;
	case 1:
		for (i = 0; i < sz; i++)
			b[i] = vrnd();
		break;
	}
}

static void vol_ioctls(unsigned long long n, struct vol_count *c)
{
	unsigned char *b = area, *out = malloc(VOL_BUF);
	char *text = malloc(VOL_BUF);
	unsigned long long i;
	int dfd = open(dev, O_RDWR);

	if (!out || !text || dfd < 0) {
		tap_ok(0, "volume ioctls: setup (%s)", strerror(errno));
		return;
	}
	for (i = 0; i < n; i++) {
		unsigned long cmd = vol_cmds[vrnd() % ARRAY_SIZE(vol_cmds)];
		unsigned int sz = _IOC_SIZE(cmd), k = vrnd() % 16;
		bool dp = _IOC_NR(cmd) < 0x10;
		int e;

		vol_fill(cmd, b, sz, text, out);
		/* wrong sizes, directions, numbers */
		if (k == 0)
			cmd = ioc_size(cmd, vrnd() % (4 * pg));
		else if (k == 1)
			cmd = ioc_size(cmd, vrnd() % 2 ? sz - 1 : sz + 8);
		else if (k == 2)
			cmd = ioc_dir(cmd, vrnd() % 4);
		else if (k == 3)
			cmd = _IOC(vrnd() % 4, vrnd() % 2 ? SHIELDRT_IOC_MAGIC : vrnd() % 256,
				   vrnd() % 256, vrnd() % (4 * pg));
		/* the field has 14 bits; the buffer is 4 pages */
		if (_IOC_SIZE(cmd) >= (unsigned long)(4 * pg))
			cmd = ioc_size(cmd, 4 * pg - 1);
		if (vrnd() % 32 == 0)
			e = xioctl(dp ? dfd : fd, cmd, (void *)(uintptr_t)vol_ptr(b));
		else
			e = xioctl(dp ? dfd : fd, cmd, b);
		vol_count(c, e, "ioctl");
		/* a bound fd stays bound: a fresh one now and then */
		if (dp && vrnd() % 64 == 0) {
			close(dfd);
			dfd = open(dev, O_RDWR);
		}
	}
	close(dfd);
	free(out);
	free(text);
}

/* The writable debugfs files (kmod/admin/views.c, flight_text.c). */
static const char *const vol_files[] = {
	"control", "config", "blocks", "params", "commit", "fpu_empty",
	"limits", "flight",
};

static const char *const vol_tmpl[] = {
	/* control */
	"create name=fv cpu=%d period_us=1000 mode=hrtimer",
	/* config */
	"period_us=2000 mode=hybrid tel_decimation=2",
	/* blocks */
	"input x\noutput y\nblock g gain in=x out=y k=2\n",
	/* params */
	"g.k=3",
	/* commit */
	"1",
	/* fpu_empty */
	"0",
	/* limits */
	"out=0 min=-1 max=1",
	/* flight */
	"triggers=overrun,safe",
};

static const char *const vol_ctl_lines[] = {
	"start fv", "stop fv", "destroy fv", "reset fv", "resume fv",
	"resume " VOL_KEEP, "create name=fv2 cpu=%d period_us=1000",
	"destroy fv2", "frobnicate",
};

static void vol_lines(unsigned long long n, struct vol_count *c)
{
	char *b = malloc(VOL_BUF), path[128];
	unsigned long long i;

	if (!b) {
		tap_ok(0, "volume lines: malloc");
		return;
	}
	for (i = 0; i < n; i++) {
		unsigned int f = vrnd() % ARRAY_SIZE(vol_files), k;
		const char *tmpl = vol_tmpl[f];
		const char *loop = vrnd() % 2 ? VOL_KEEP : "fv";
		size_t len;
		ssize_t w;
		int wfd, e = 0;

		if (!f && vrnd() % 2)
			tmpl = vol_ctl_lines[vrnd() % ARRAY_SIZE(vol_ctl_lines)];
		if (f)
			snprintf(path, sizeof(path), VOL_DBG "/%s/%s",
				 loop, vol_files[f]);
		else
			snprintf(path, sizeof(path), VOL_DBG "/control");
		/* "fv" comes and goes with the lines; bring it back */
		if (i % 512 == 0 && !loop_exists("fv"))
			rq(SHIELDRT_IOC_CREATE, "fv", create_text, 0, 0);
		len = vol_text(b, VOL_BUF, tmpl);
		k = vrnd() % 32;
		if (k == 0)		/* over every file's limit */
			len = vrnd() % 2 ? 4097 : VOL_BUF;
		wfd = open(path, O_WRONLY);
		if (wfd < 0) {
			vol_count(c, errno, path);
			continue;
		}
		if (k == 1)
			w = write(wfd, (void *)(uintptr_t)vol_ptr(b), len);
		else if (k == 2)
			w = pwrite(wfd, b, len, vrnd() % 8192);
		else
			w = write(wfd, b, len);
		if (w < 0)
			e = errno;
		/* a second write on the same open file */
		if (!e && k == 3 && write(wfd, b, len) < 0)
			e = errno;
		vol_count(c, e, path);
		close(wfd);
	}
	free(b);
}

static int vol_main(unsigned long long n_ioctl, unsigned long long n_lines,
		    unsigned long long seed)
{
	struct vol_count ci = { 0 }, cl = { 0 };
	struct shieldrt_stats_req s0, s1;
	struct shieldrt_loop_info li[MAX_LOOPS];
	unsigned int nr, i;
	double t0 = now_s();
	int e;

	vol_x = seed ? seed : 1;
	diag("volume: seed %llu (control_fuzz -c %d -n %llu -w %llu -s %llu replays it)",
	     seed, cpu, n_ioctl, n_lines, seed);
	e = loop_create(VOL_KEEP, NULL, SHIELDRT_REQ_START);
	if (!setup(e, "create and start " VOL_KEEP))
		return tap_done();
	loop_create("fv", NULL, 0);
	sleep_ms(200);
	memset(&s0, 0, sizeof(s0));
	set_name(s0.name, VOL_KEEP);
	xioctl(fd, SHIELDRT_IOC_STATS, &s0);

	vol_ioctls(n_ioctl, &ci);
	diag("volume: %llu ioctls in %.1f s", ci.done, now_s() - t0);
	vol_errnos("ioctls", &ci);
	tap_ok(ci.done == n_ioctl && !ci.unexpected,
	       "volume: %llu ioctls executed (seed %llu): %llu accepted, %llu rejected, %llu failures",
	       ci.done, seed, ci.ok, ci.rejected, ci.unexpected);
	vol_lines(n_lines, &cl);
	diag("volume: %llu debugfs lines by %.1f s", cl.done, now_s() - t0);
	vol_errnos("lines", &cl);
	tap_ok(cl.done == n_lines && !cl.unexpected,
	       "volume: %llu debugfs lines executed over %zu files (seed %llu): %llu accepted, %llu rejected, %llu failures",
	       cl.done, ARRAY_SIZE(vol_files), seed, cl.ok, cl.rejected,
	       cl.unexpected);

	sleep_ms(300);
	memset(&s1, 0, sizeof(s1));
	set_name(s1.name, VOL_KEEP);
	e = xioctl(fd, SHIELDRT_IOC_STATS, &s1);
	tap_ok(!e && (s1.state == SHIELDRT_STATE_RUNNING ||
		      s1.state == SHIELDRT_STATE_SAFE),
	       "volume: " VOL_KEEP " still runs (%s, state %u)", ename(e),
	       s1.state);
	tap_ok(!e && s1.cycles > s0.cycles,
	       "volume: its cycles advanced (%llu -> %llu)",
	       (unsigned long long)s0.cycles, (unsigned long long)s1.cycles);

	/* what the fuzz left: every loop destroyed */
	e = list_get(li, MAX_LOOPS, &nr);
	for (i = 0; !e && i < nr && i < MAX_LOOPS; i++) {
		char name[SHIELDRT_NAME_LEN + 1] = "";

		memcpy(name, li[i].name, SHIELDRT_NAME_LEN);
		rq(SHIELDRT_IOC_STOP, name, NULL, 0, 0);
		if (rq(SHIELDRT_IOC_DESTROY, name, NULL, 0, 0))
			tap_ok(0, "volume: destroy '%s' afterwards", name);
	}
	e = list_get(li, MAX_LOOPS, &nr);
	tap_ok(!e && nr == 0, "volume: no loop left (%s, %u; %u were)",
	       ename(e), nr, i);
	printf("# volume summary: ioctls %llu (rejected %llu), lines %llu (rejected %llu), failures %llu, seed %llu, %.1f s\n",
	       ci.done, ci.rejected, cl.done, cl.rejected,
	       ci.unexpected + cl.unexpected, seed, now_s() - t0);
	close(fd);
	return tap_done();
}

/* ---- the fixture ---- */

static bool fixture(void)
{
	struct shieldrt_loop_info li[MAX_LOOPS];
	unsigned int nr;
	int e;

	e = list_get(li, MAX_LOOPS, &nr);
	if (!setup(e, "LIST") || !setup(nr ? EEXIST : 0, "no loop at the start"))
		return false;
	return setup(loop_create(FX, NULL, 0), "create " FX) &&
	       setup(rq(SHIELDRT_IOC_CHAIN, FX, CHAIN_G, 0, 0), "chain " FX) &&
	       setup(rq(SHIELDRT_IOC_FLIGHT_CTL, FX, NULL,
			SHIELDRT_REQ_FLIGHT_TRIGGERS,
			TRIG(OVERRUN) | TRIG(SAFE)), "flight triggers " FX) &&
	       setup(loop_create(FX2, NULL, 0), "create " FX2) &&
	       setup(loop_create(FXA, NULL, 0), "create " FXA);
}

static void die_usage(void)
{
	fprintf(stderr,
		"usage: control_fuzz -c CPU [-r ROUNDS] [-t THREADS] [-l LEAK_ROUNDS] [-d DEV]\n"
		"       control_fuzz -c CPU [-n IOCTLS] [-w LINES] [-s SEED] [-d DEV]\n"
		"Bad input for every control plane ioctl of " SHIELDRT_DEVICE
		" (TAP).\nRun as root, the module loaded, no loop present.\n"
		"With -n or -w: that many random requests (ioctls, debugfs lines)\n"
		"while a loop runs, from SEED (printed; default: the time).\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int rounds = 300, threads = 4, leak_rounds = 64, o;
	unsigned long long n_ioctl = 0, n_lines = 0, seed = 0;
	unsigned int i;
	double t0 = now_s();

	while ((o = getopt(argc, argv, "c:r:t:l:d:n:w:s:h")) != -1) {
		switch (o) {
		case 'c':
			cpu = atoi(optarg);
			break;
		case 'r':
			rounds = atoi(optarg);
			break;
		case 't':
			threads = atoi(optarg);
			break;
		case 'l':
			leak_rounds = atoi(optarg);
			break;
		case 'd':
			dev = optarg;
			break;
		case 'n':
			n_ioctl = strtoull(optarg, NULL, 0);
			break;
		case 'w':
			n_lines = strtoull(optarg, NULL, 0);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		default:
			die_usage();
		}
	}
	if (cpu < 0 || optind != argc)
		die_usage();
	setvbuf(stdout, NULL, _IOLBF, 0);
	snprintf(create_text, sizeof(create_text),
		 "cpu=%d period_us=1000 mode=hrtimer flight_cycles=64 flight_post=8",
		 cpu);
	pg = sysconf(_SC_PAGESIZE);
	area = mmap(NULL, 6 * pg, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED || 4 * pg < 16384) {
		perror("mmap");
		return 2;
	}
	guard = area + 4 * pg;
	ro = area + 5 * pg;
	mprotect(guard, pg, PROT_NONE);
	mprotect(ro, pg, PROT_READ);

	fd = open(dev, O_RDWR);
	if (fd < 0) {
		tap_ok(0, "open %s: %s", dev, strerror(errno));
		return tap_done();
	}
	if (n_ioctl || n_lines)
		return vol_main(n_ioctl, n_lines,
				seed ? seed : (unsigned long long)time(NULL));
	if (!fixture())
		return tap_done();
	fx_run_briefly();

	for (i = 0; i < ARRAY_SIZE(iocs); i++)
		generic_cases(&iocs[i]);
	diag("generic cases done at %.1f s", now_s() - t0);
	unknown_cases();
	create_cases();
	create_start_fails();
	state_cases();
	text_cases();
	list_cases();
	stats_cases();
	hist_cases();
	flight_cases();
	view_cases();
	attach_cases();
	diag("single requests done at %.1f s", now_s() - t0);
	eperm_cases();
	diag("EPERM cases done at %.1f s", now_s() - t0);

	stop_fx();
	race_cases(threads, rounds);
	diag("race done at %.1f s", now_s() - t0);
	leak_cases(leak_rounds);

	rq(SHIELDRT_IOC_DESTROY, FX, NULL, 0, 0);
	rq(SHIELDRT_IOC_DESTROY, FX2, NULL, 0, 0);
	rq(SHIELDRT_IOC_DESTROY, FXA, NULL, 0, 0);
	{
		struct shieldrt_loop_info li[MAX_LOOPS];
		unsigned int nr = 99;
		int e = list_get(li, MAX_LOOPS, &nr);

		tap_ok(!e && nr == 0, "at the end: no loop left (%s, %u)",
		       ename(e), nr);
	}
	diag("done in %.1f s", now_s() - t0);
	close(fd);
	return tap_done();
}
