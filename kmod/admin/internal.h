/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the admin layer: the requests both front ends call (requests.c),
 * and the views both render (views.c).
 */
#ifndef SHIELDRT_ADMIN_INTERNAL_H
#define SHIELDRT_ADMIN_INTERNAL_H

#include <linux/types.h>
#include "../lifecycle.h"
#include "../loop.h"
#include "../loop_list.h"
#include "../../include/uapi/shieldrt.h"

struct seq_file;

/*
 * Requests.  Each validates its input, changes everything or nothing, and
 * on failure leaves its reason in @err, in the module's last_error and,
 * where the loop exists, in the loop's.
 */
int srt_req_create(const char *name, char *settings, bool start, char *err,
		   size_t errlen);
int srt_req_destroy(const char *name, char *err, size_t errlen);
int srt_req_start(const char *name, char *err, size_t errlen);
int srt_req_stop(const char *name, char *err, size_t errlen);
int srt_req_reset(const char *name, char *err, size_t errlen);
int srt_req_resume(const char *name, char *err, size_t errlen);
int srt_req_configure(struct srt_loop *loop, char *settings, char *err,
		      size_t errlen);
int srt_req_chain(struct srt_loop *loop, char *text, size_t len, char *err,
		  size_t errlen);
int srt_req_params(struct srt_loop *loop, char *text, size_t len, char *err,
		   size_t errlen);
int srt_req_commit(struct srt_loop *loop, u64 *cycle, char *err,
		   size_t errlen);
int srt_req_limits(struct srt_loop *loop, char *text, char *err,
		   size_t errlen);
int srt_req_flight(struct srt_loop *loop, enum srt_flight_op op, u32 on,
		   char *err, size_t errlen);
void srt_req_fpu_empty(struct srt_loop *loop, bool on);
/* Record a failure: module last_error, and the loop's if @loop. */
void srt_req_failed(struct srt_loop *loop, const char *err);
/* Control lines ("create name=a ...", "start a"), one or more. */
int srt_req_control_lines(char *buf);
/* The loops= parameter: "SETTINGS;SETTINGS...", each created, started. */
int srt_req_create_loops(const char *spec);
/* All loops go (module exit). */
void srt_req_destroy_all(void);

/*
 * A front end that keeps a view of each loop (debugfs: its directory)
 * registers these; create publishes the view, destroy removes it before
 * the loop's last reference goes, both under the admin mutex.  add()
 * may fail: the loop stays, reachable through the ioctls.  NULL: none.
 */
struct srt_view_hooks {
	int (*add)(struct srt_loop *loop);
	void (*remove)(struct srt_loop *loop);
};
void srt_req_set_view_hooks(const struct srt_view_hooks *hooks);

/* The longest settings or control text one request or write carries. */
#define SRT_WRITE_MAX	4096

/*
 * A view: one debugfs file's text, also readable with SHIELDRT_IOC_VIEW;
 * with store, also writable (the debugfs front end).
 */
struct srt_view {
	const char *name;
	umode_t mode;
	void (*show)(struct seq_file *m, struct srt_loop *loop);
	int (*store)(struct srt_loop *loop, char *text, size_t len,
		     char *err, size_t errlen);
	size_t max;		/* longest text a write may carry */
	bool whole;		/* the text must come in one write() */
	int too_long;		/* errno for a longer write */
};

extern const struct srt_view srt_top_views[];
extern const unsigned int srt_nr_top_views;
extern const struct srt_view srt_loop_views[];
extern const unsigned int srt_nr_loop_views;

const struct srt_view *srt_view_find(bool top, const char *name);
/* Render a view into a kvmalloc'ed buffer (kvfree it); -EFBIG if huge. */
int srt_view_render(const struct srt_view *v, struct srt_loop *loop,
		    char **text, size_t *len);

/* Start of the run to the loop's last accounting; 0 before it ran. */
static inline u64 srt_run_duration(const struct srt_counters *c)
{
	return c->now_ns > c->start_ns ? c->now_ns - c->start_ns : 0;
}

/* stats.c: the stats file's numbers, under srt_lock; views.c renders. */
struct shieldrt_stats_req;
struct shieldrt_metric;
void srt_stats_fill(struct srt_loop *loop, struct shieldrt_stats_req *st);
void srt_metric_fill(const struct srt_hist *h, struct shieldrt_metric *m);

/* flight_text.c: the debugfs "flight" file (a seq_file iterator). */
extern const struct file_operations srt_flight_fops;
int srt_flight_command(struct srt_loop *loop, char *line, char *err,
		       size_t errlen);

/* debugfs.c: the front end's files, and its hooks registered. */
int srt_debugfs_init(void);
void srt_debugfs_exit(void);

#endif /* SHIELDRT_ADMIN_INTERNAL_H */
