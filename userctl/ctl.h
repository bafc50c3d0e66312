/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's control plane: ioctls on /dev/shieldrt (the environment
 * variable SHIELDRT_DEV names another node, for tests).  One wrapper per
 * request.  A refusal exits with status 1 and says why: the kernel's
 * reason (err[] where the request has one) and the errno's name.  The
 * _try forms return 0 or -errno instead, for callers that handle some
 * answers themselves.
 *
 * Names must have passed srt_check_name(); text is passed as is (the
 * module parses and validates it, and changes nothing on a refusal).
 */
#ifndef USERCTL_CTL_H
#define USERCTL_CTL_H

#include <stdbool.h>
#include <stddef.h>

#include "../include/uapi/shieldrt.h"

/*
 * The device path, for both planes: $SHIELDRT_DEV, or SHIELDRT_DEVICE
 * when it is unset or empty.
 */
const char *ctl_device(void);

/*
 * Exit 1: @dev would not open (errno @err); for ENOENT, why: shieldrt not
 * loaded, and whether this kernel takes it unsigned (lockdown).
 */
void ctl_open_failed(const char *dev, int err) __attribute__((noreturn));

/* The errno's symbolic name ("EBUSY"), or "errno N". */
const char *ctl_errno_name(int err);

/*
 * Exit 1: "@what @loop: @why (ENAME)", @why the kernel's reason or NULL
 * for the errno's text ("no such loop" for ENOENT with a loop).
 */
void ctl_die(const char *what, const char *loop, int ret, const char *why)
	__attribute__((noreturn));

/* Changes: CAP_SYS_ADMIN.  @settings: "key=value ..." as in create. */
void ctl_create(const char *loop, const char *settings, bool start);
void ctl_destroy(const char *loop);
void ctl_start(const char *loop);
void ctl_stop(const char *loop);
void ctl_reset(const char *loop);
void ctl_resume(const char *loop);
void ctl_configure(const char *loop, const char *settings);
/* A chain text; @len 0: no chain (the echo workload). */
void ctl_chain(const char *loop, const char *text, size_t len);
void ctl_params(const char *loop, const char *text, size_t len);
/* Returns the cycle the staged set takes effect. */
__u64 ctl_commit(const char *loop);
void ctl_limits(const char *loop, const char *text, size_t len);
/* @flags: one SHIELDRT_REQ_FLIGHT_*; @value: the triggers mask. */
void ctl_flight_ctl(const char *loop, __u32 flags, __u64 value);

/* 0 or 1: an empty FPU section every cycle of a loop without a chain. */
void ctl_fpu_empty(const char *loop, bool on);
/*
 * The _try forms of changes: 0 or -errno, the module's reason in @err
 * ("" when it gave none), never exiting: for refusals the caller reports
 * itself, and for cleanup paths (an atexit handler must not exit).
 */
int ctl_create_try(const char *loop, const char *settings, bool start,
		   char *err, size_t errlen);
int ctl_stop_try(const char *loop, char *err, size_t errlen);
int ctl_destroy_try(const char *loop, char *err, size_t errlen);

/* Every loop, in creation order (malloc'ed); returns the count. */
unsigned int ctl_list(struct shieldrt_loop_info **loops);
void ctl_stats(const char *loop, struct shieldrt_stats_req *st);
int ctl_stats_try(const char *loop, struct shieldrt_stats_req *st);
/*
 * Summary and buckets in one snapshot; *buckets (malloc'ed) holds
 * h->nr_metrics * h->nr_buckets counts, metric by metric.
 */
void ctl_hist(const char *loop, struct shieldrt_hist_req *h,
	      __u64 **buckets);
/*
 * State and, when frozen, the window (*recs malloc'ed, f->nr_recs of
 * struct shieldrt_flight_vrec, f->rec_size bytes apart).
 */
void ctl_flight(const char *loop, struct shieldrt_flight_req *f,
		unsigned char **recs);
/* A debugfs file's text by its name; @loop NULL for the module's own. */
char *ctl_view(const char *loop, const char *view);
int ctl_view_try(const char *loop, const char *view, char **text);

/*
 * The names the module uses in its text for the UAPI's numbers ("?" for
 * a number this userctl does not know).
 */
const char *ctl_state_name(__u32 state);		/* SHIELDRT_STATE_* */
const char *ctl_mode_name(__u32 mode);			/* SHIELDRT_MODE_* */
const char *ctl_section_name(__u32 section);		/* SHIELDRT_SECTION_* */
const char *ctl_safe_name(__u32 why);			/* SHIELDRT_SAFE_* */
const char *ctl_fltrig_name(__u32 trigger);		/* SHIELDRT_FLTRIG_* */
const char *ctl_flight_state_name(__u32 state);		/* SHIELDRT_FLIGHT_* */
const char *ctl_mem_name(__u32 part);			/* SHIELDRT_MEM_* */
/*
 * SHIELDRT_M_*: the stats key ("irq_latency"), the hist column ("IRQ");
 * a metric newer than userctl is "metricN" / "MN", written to @buf.
 */
const char *ctl_metric_key(unsigned int m, char *buf, size_t len);
const char *ctl_metric_col(unsigned int m, char *buf, size_t len);

#endif
