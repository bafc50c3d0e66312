/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A loop's operations, for the admin layer and the module's entry: find
 * a loop, create it from a validated configuration, start, stop, change
 * and destroy it, and hand its parts (chain, limits, flight recorder)
 * their requests.  Callers hold no lock; these take srt_lock.  Each
 * fails whole, with the reason in @err.
 */
#ifndef SHIELDRT_LIFECYCLE_H
#define SHIELDRT_LIFECYCLE_H

#include <linux/types.h>
#include "loop.h"

/* Module load and unload: the queue of the histograms' work. */
int srt_lifecycle_init(void);
void srt_lifecycle_exit(void);

struct srt_loop *srt_loop_find_get(const char *name);
void srt_loop_put(struct srt_loop *loop);

struct srt_loop *srt_loop_create(const struct srt_config *cfg, bool start,
				 char *err, size_t errlen);
int srt_loop_check_machine(const struct srt_config *cfg, char *err,
			   size_t errlen);
struct srt_loop *srt_loop_unlink(const char *name, char *err, size_t errlen);
struct srt_loop *srt_loop_unlink_first(void);
int srt_loop_start(const char *name, char *err, size_t errlen);
int srt_loop_stop(const char *name, char *err, size_t errlen);
int srt_loop_reset(const char *name, char *err, size_t errlen);
int srt_loop_resume(const char *name, char *err, size_t errlen);
int srt_loop_config_get(struct srt_loop *loop, struct srt_config *cfg,
			u64 *gen, char *err, size_t errlen);
int srt_loop_reconfigure(struct srt_loop *loop, const struct srt_config *cfg,
			 u32 seen, u64 gen, char *err, size_t errlen);
int srt_loop_chain_load(struct srt_loop *loop, const char *text, size_t len,
			char *err, size_t errlen);
int srt_loop_chain_stage(struct srt_loop *loop, const char *text,
			 size_t len, char *err, size_t errlen);
int srt_loop_chain_commit(struct srt_loop *loop, u64 *cycle, char *err,
			  size_t errlen);
int srt_loop_limits_set(struct srt_loop *loop, char *text, char *err,
			size_t errlen);
int srt_loop_flight(struct srt_loop *loop, enum srt_flight_op op, u32 on,
		    char *err, size_t errlen);
/* CPU hotplug: stop @cpu's loops before it goes. */
void srt_loop_cpu_down(unsigned int cpu);

void srt_error_set(struct srt_loop *loop, const char *msg);
void srt_error_get(struct srt_loop *loop, char *buf, size_t len);
void srt_loop_read_stats(struct srt_loop *loop, struct srt_counters *cnt);
/* SRT_NR_MEM bytes, SHIELDRT_MEM_* order: the STATS mem[]; srt_lock held. */
void srt_loop_mem(struct srt_loop *loop, u64 *mem);
const char *srt_state_name(u32 state);
const char *srt_safe_reason_name(u32 why);

#endif /* SHIELDRT_LIFECYCLE_H */
