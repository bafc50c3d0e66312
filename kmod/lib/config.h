/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A loop's configuration and the parser of "key=value ..." lines (module
 * parameter, debugfs control and config files).  Pure: no time, no CPU
 * state, so KUnit can drive it with tables.  CPU presence is checked by
 * the caller, which owns the hardware view.
 */
#ifndef SHIELDRT_CONFIG_H
#define SHIELDRT_CONFIG_H

#include <linux/build_bug.h>
#include <linux/types.h>
#include "uapi/shieldrt.h"
#include "name_list.h"

/*
 * Loop, lock and provider names: at most SHIELDRT_NAME_MAX characters
 * (the ABI's limit), kept with their NUL; the ABI's name fields
 * (SHIELDRT_NAME_LEN) leave room to grow.  Reasons for a refusal are
 * copied to the ABI's err fields whole.
 */
#define SRT_NAME_LEN		(SHIELDRT_NAME_MAX + 1)
static_assert(SRT_NAME_LEN <= SHIELDRT_NAME_LEN);
#define SRT_ERR_LEN		SHIELDRT_ERR_LEN

#define SRT_PERIOD_MIN_NS	10000ULL	/* 10 us */
#define SRT_PERIOD_MAX_NS	1000000000ULL	/* 1 s */
#define SRT_HIST_MAX_BUCKETS	4096
/* 3328 log-linear buckets of 1 ns units reach 2^32 ns (4.29 s). */
#define SRT_HIST_DEF_BUCKETS	3328
#define SRT_HIST_MAX_UNIT_NS	1048576
#define SRT_FLIGHT_MAX_CYCLES	65536
/* flight_signals=: its text, and one name in it (a chain's signal name) */
#define SRT_FLIGHT_SPEC_LEN	1024
#define SRT_FLIGHT_NAME_LEN	32

/*
 * mode= is one of SHIELDRT_MODE_*, section= one of SHIELDRT_SECTION_*
 * (what a cycle runs under, from reading inputs to publishing outputs,
 * the wait outside: the i.MX6Q study's methods, kmod/section.h), policy=
 * one of SHIELDRT_POLICY_*; their names and counts come from the UAPI
 * header's lists (name_list.h).
 */

/* Does this section kind take a lock (its own, or lock=NAME)? */
static inline bool srt_section_locks(u32 kind)
{
	return kind == SHIELDRT_SECTION_RAW_SPINLOCK ||
	       kind == SHIELDRT_SECTION_SPINLOCK;
}

/* I/O provider bindings a loop may have (key io=). */
#define SRT_IO_MAX_BINDINGS	4

/* One binding as configured: provider name and signal ranges. */
struct srt_io_spec {
	char name[SRT_NAME_LEN];
	u32 in_first, n_in;
	u32 out_first, n_out;
	bool trigger;
};

/* One entry per key; the order is the order "config" prints them in. */
enum srt_key {
	SRT_KEY_NAME,
	SRT_KEY_CPU,
	SRT_KEY_PRIO,
	SRT_KEY_PERIOD_US,
	SRT_KEY_MODE,
	SRT_KEY_BUDGET_NS,
	SRT_KEY_POLICY,
	SRT_KEY_SAFE_AFTER,
	SRT_KEY_CATCHUP_MAX,
	SRT_KEY_HEARTBEAT_CYCLES,
	SRT_KEY_WORKLOAD_NS,
	SRT_KEY_NOISE_NS,
	SRT_KEY_SLACK_MIN_NS,
	SRT_KEY_SLACK_MAX_NS,
	SRT_KEY_YIELD_US,
	SRT_KEY_YIELD_EVERY_MS,
	SRT_KEY_ALIGN,
	SRT_KEY_PHASE_US,
	SRT_KEY_HIST_BUCKET_NS,
	SRT_KEY_HIST_BUCKETS,
	SRT_KEY_FORCE,
	SRT_KEY_FLIGHT_CYCLES,
	SRT_KEY_FLIGHT_POST,
	SRT_KEY_SECTION,
	SRT_KEY_LOCK,
	SRT_KEY_SECTION_BUDGET_US,
	SRT_KEY_IO,
	SRT_KEY_TRIGGER_TIMEOUT_US,
	SRT_KEY_FLIGHT_SIGNALS,
	SRT_NR_KEYS
};

/*
 * The part of the configuration the running loop reads every cycle.  It
 * may change while the loop runs: the loop takes a consistent copy at the
 * top of each cycle, so a change applies whole, at a cycle boundary.
 */
struct srt_live {
	u64 budget_ns;		/* 0: no compute budget */
	u64 workload_ns;	/* synthetic busy work per cycle */
	u64 noise_ns;		/* spin gap counted as noise */
	u64 yield_ns;		/* poll: sleep this long ... */
	u64 yield_every_ns;	/* ... once per this much time */
	u32 policy;		/* SHIELDRT_POLICY_* */
	u32 safe_after;		/* consecutive overruns before safe state */
	u32 catchup_max;	/* catchup: backlog beyond this is skipped */
	u32 heartbeat_cycles;	/* 0: off; else safe state when stale this long */
	u64 section_budget_ns;	/* 0: none; else a longer section is counted */
};

struct srt_config {
	char name[SRT_NAME_LEN];
	int cpu;
	u32 prio;		/* SCHED_FIFO 1..99 */
	u64 period_ns;		/* set in us: 1 us resolution */
	u32 mode;		/* SHIELDRT_MODE_* */
	u64 slack_min_ns;	/* hybrid: floor of the adaptive slack */
	u64 slack_max_ns;	/* hybrid: ceiling; 0: auto */
	bool align;		/* first deadline on the module epoch grid */
	u64 phase_ns;		/* offset from the grid, < period */
	u32 hist_bucket_ns;
	u32 hist_buckets;
	bool force;		/* allow poll/hybrid on a non-isolated CPU */
	u32 flight_cycles;	/* flight recorder records; 0: off */
	u32 flight_post;	/* cycles it records after a trigger */
	/* which signals a record keeps: "N", "all" or NAME,...; see config.c */
	char flight_signals[SRT_FLIGHT_SPEC_LEN];
	u32 section;		/* SHIELDRT_SECTION_* */
	char lock[SRT_NAME_LEN];	/* shared lock name; "": the loop's own */
	u32 n_io;
	struct srt_io_spec io[SRT_IO_MAX_BINDINGS];
	u64 trigger_timeout_ns;	/* external: no trigger this long is counted */
	struct srt_live live;
};

extern const char * const srt_wait_mode_names[SRT_NR_WAIT_MODES];
extern const char * const srt_policy_names[SRT_NR_POLICIES];
extern const char * const srt_key_names[SRT_NR_KEYS];
extern const char * const srt_section_names[SRT_NR_SECTIONS];

void srt_config_defaults(struct srt_config *cfg);
int srt_config_parse(struct srt_config *cfg, char *line, u32 *seen,
		     char *err, size_t errlen);
int srt_config_validate(const struct srt_config *cfg, char *err,
			size_t errlen);
bool srt_key_is_live(enum srt_key key);
u64 srt_config_slack_max(const struct srt_config *cfg);
int srt_config_format_key(const struct srt_config *cfg, enum srt_key key,
			  char *buf, size_t len);
bool srt_name_valid(const char *s);
int srt_flag_parse(const char *text, size_t len, bool *on);
bool srt_text_blank(const char *text, size_t len);
int srt_io_spec_parse(struct srt_config *cfg, const char *val, char *err,
		      size_t errlen);
int srt_io_spec_check_signals(const struct srt_config *cfg, u32 n_in,
			      u32 n_out, char *err, size_t errlen);
const struct srt_io_spec *srt_config_trigger(const struct srt_config *cfg);

/* Control lines: "<verb> <args>". */
enum srt_verb {
	SRT_VERB_CREATE,
	SRT_VERB_DESTROY,
	SRT_VERB_START,
	SRT_VERB_STOP,
	SRT_VERB_RESET,
	SRT_VERB_RESUME,
	SRT_NR_VERBS
};

int srt_control_split(char *line, enum srt_verb *verb, char **args,
		      char *err, size_t errlen);

#endif /* SHIELDRT_CONFIG_H */
