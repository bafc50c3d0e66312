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

#define SRT_PERIOD_MIN_US	10
#define SRT_PERIOD_MAX_US	1000000		/* 1 s */
#define SRT_PERIOD_MIN_NS	(SRT_PERIOD_MIN_US * 1000ULL)
#define SRT_PERIOD_MAX_NS	(SRT_PERIOD_MAX_US * 1000ULL)
#define SRT_HIST_MAX_BUCKETS	4096
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

/*
 * A loop's configuration keys, one row each.  Everything about a key is
 * in its row; parsing, printing, validation, defaults, the "config"
 * view, the man page's key list (scripts/dist/mkman) and KUnit's per-key
 * cases all follow from the rows (config.c).
 *
 *   X(ID, "name", field, kind, unit, "default", min, max, flags, how,
 *     "what it is")
 *
 * ID:      SRT_KEY_<ID>, the row's index: the order "config" prints.
 * field:   the member of struct srt_config it sets.  A key whose field is
 *          in struct srt_live is live: it may change while the loop runs,
 *          taken whole at a cycle boundary.
 * kind:    U32, U64 (a number), INT (a number up to INT_MAX; -1 until
 *          given), BOOL (0 or 1), ENUM (a name of @how's list), NAME (a
 *          name, 1..SHIELDRT_NAME_MAX of [A-Za-z0-9_-]; empty: none),
 *          HOOK (@how parses and prints it).
 * unit:    NONE, NS, US, MS: what a written number counts (the field
 *          holds ns).
 * default: the value a new loop has, as written; NULL: none.
 * min/max: the range a written number must lie in; max 0: no maximum.
 * flags:   SRT_KF_REQUIRED (a create must give it), SRT_KF_CREATE (set at
 *          create only, never changed after), SRT_KF_POW2 (a power of
 *          two, as written).
 * how:     SRT_KEY_NAMES(table) for ENUM, SRT_KEY_HOOKS(parse, format)
 *          for HOOK, SRT_KEY_PLAIN otherwise.
 */
#define SRT_CONFIG_KEYS(X)						\
	X(NAME, "name", name, NAME, NONE, NULL, 0, 0,			\
	  SRT_KF_REQUIRED, SRT_KEY_PLAIN,				\
	  "the loop's name")						\
	X(CPU, "cpu", cpu, INT, NONE, NULL, 0, 0,			\
	  SRT_KF_REQUIRED, SRT_KEY_PLAIN,				\
	  "the CPU its thread runs on")					\
	X(PRIO, "prio", prio, U32, NONE, "80", 1, 99, 0, SRT_KEY_PLAIN,	\
	  "its SCHED_FIFO priority")					\
	X(PERIOD_US, "period_us", period_ns, U64, US, "1000",		\
	  SRT_PERIOD_MIN_US, SRT_PERIOD_MAX_US, 0, SRT_KEY_PLAIN,	\
	  "the period")							\
	X(MODE, "mode", mode, ENUM, NONE, "hrtimer", 0, 0, 0,		\
	  SRT_KEY_NAMES(srt_wait_mode_names),				\
	  "how it waits for a deadline")				\
	X(BUDGET_NS, "budget_ns", live.budget_ns, U64, NS, "0", 0, 0, 0,	\
	  SRT_KEY_PLAIN,						\
	  "compute time above it is an overrun; 0: no budget")		\
	X(POLICY, "policy", live.policy, ENUM, NONE, "skip", 0, 0, 0,	\
	  SRT_KEY_NAMES(srt_policy_names),				\
	  "what an overrun does")					\
	X(SAFE_AFTER, "safe_after", live.safe_after, U32, NONE, "3", 1, 0,	\
	  0, SRT_KEY_PLAIN,						\
	  "policy=safe: overruns in a row before safe state")		\
	X(CATCHUP_MAX, "catchup_max", live.catchup_max, U32, NONE, "10", 1,	\
	  0, 0, SRT_KEY_PLAIN,						\
	  "policy=catchup: periods made up at most, the rest skipped")	\
	X(HEARTBEAT_CYCLES, "heartbeat_cycles", live.heartbeat_cycles, U32,	\
	  NONE, "0", 0, 0, 0, SRT_KEY_PLAIN,				\
	  "safe state when the feeder's heartbeat is this old; 0: off")	\
	X(WORKLOAD_NS, "workload_ns", live.workload_ns, U64, NS, "0", 0,	\
	  SRT_PERIOD_MAX_NS, 0, SRT_KEY_PLAIN,				\
	  "synthetic busy work per cycle")				\
	X(NOISE_NS, "noise_ns", live.noise_ns, U64, NS, "1000", 100, 0, 0,	\
	  SRT_KEY_PLAIN,						\
	  "a longer clock gap while spinning is noise")			\
	X(SLACK_MIN_NS, "slack_min_ns", slack_min_ns, U64, NS, "2000", 0, 0,	\
	  0, SRT_KEY_PLAIN,						\
	  "hybrid: the least it spins before a deadline")		\
	X(SLACK_MAX_NS, "slack_max_ns", slack_max_ns, U64, NS, "0", 0, 0, 0,	\
	  SRT_KEY_PLAIN,						\
	  "hybrid: the most; 0: half the period, at most 200 us")	\
	X(YIELD_US, "yield_us", live.yield_ns, U64, US, "0", 0, 0, 0,	\
	  SRT_KEY_PLAIN,						\
	  "poll: a housekeeping sleep this long ...")			\
	X(YIELD_EVERY_MS, "yield_every_ms", live.yield_every_ns, U64, MS,	\
	  "0", 0, 0, 0, SRT_KEY_PLAIN,					\
	  "... this often")						\
	X(ALIGN, "align", align, BOOL, NONE, "0", 0, 0, 0, SRT_KEY_PLAIN,	\
	  "1: the first deadline on the module's grid, loops in phase")	\
	X(PHASE_US, "phase_us", phase_ns, U64, US, "0", 0, 0, 0,		\
	  SRT_KEY_PLAIN,						\
	  "the offset from that grid, below the period")		\
	X(HIST_BUCKET_NS, "hist_bucket_ns", hist_bucket_ns, U32, NS, "1", 1,	\
	  SRT_HIST_MAX_UNIT_NS, SRT_KF_POW2, SRT_KEY_PLAIN,		\
	  "the histograms' unit, a power of two")			\
	X(HIST_BUCKETS, "hist_buckets", hist_buckets, U32, NONE, "3328", 1,	\
	  SRT_HIST_MAX_BUCKETS, 0, SRT_KEY_PLAIN,			\
	  "buckets per histogram (3328 of 1 ns reach 4.29 s)")		\
	X(FORCE, "force", force, BOOL, NONE, "0", 0, 0, 0, SRT_KEY_PLAIN,	\
	  "1: poll or hybrid on a CPU that is not isolated")		\
	X(FLIGHT_CYCLES, "flight_cycles", flight_cycles, U32, NONE, "256",	\
	  0, SRT_FLIGHT_MAX_CYCLES, 0, SRT_KEY_PLAIN,			\
	  "flight recorder records; 0: off")				\
	X(FLIGHT_POST, "flight_post", flight_post, U32, NONE, "64", 0, 0,	\
	  0, SRT_KEY_PLAIN,						\
	  "records kept after a trigger, below flight_cycles")		\
	X(SECTION, "section", section, ENUM, NONE, "none", 0, 0,		\
	  SRT_KF_CREATE, SRT_KEY_NAMES(srt_section_names),		\
	  "what a cycle runs under")					\
	X(LOCK, "lock", lock, NAME, NONE, "", 0, 0, SRT_KF_CREATE,	\
	  SRT_KEY_PLAIN,						\
	  "a section lock shared by name; empty: the loop's own")	\
	X(SECTION_BUDGET_US, "section_budget_us", live.section_budget_ns,	\
	  U64, US, "0", 0, SRT_PERIOD_MAX_US, 0, SRT_KEY_PLAIN,		\
	  "a longer cycle section is counted; 0: none")			\
	X(IO, "io", io, HOOK, NONE, "", 0, 0, SRT_KF_CREATE,		\
	  SRT_KEY_HOOKS(srt_io_spec_parse, srt_io_spec_format),		\
	  "I/O bindings: NAME[:in=F-L][:out=F-L][:trigger],...")	\
	X(TRIGGER_TIMEOUT_US, "trigger_timeout_us", trigger_timeout_ns, U64,	\
	  US, "0", 0, 10 * SRT_PERIOD_MAX_US, 0, SRT_KEY_PLAIN,		\
	  "external: a wait this long with no trigger; 0: ten periods")	\
	X(FLIGHT_SIGNALS, "flight_signals", flight_signals, HOOK, NONE, "8",	\
	  0, 0, 0,							\
	  SRT_KEY_HOOKS(srt_flight_signals_parse, srt_flight_signals_format), \
	  "what a record keeps: N inputs and outputs, all, or NAME,...")	\
	X(TEL_RING_SIZE, "tel_ring_size", tel_ring_size, U32, NONE, "256", 1,	\
	  SHIELDRT_RING_MAX_ENTRIES, SRT_KF_CREATE | SRT_KF_POW2, SRT_KEY_PLAIN, \
	  "telemetry ring records, a power of two")			\
	X(CMD_RING_SIZE, "cmd_ring_size", cmd_ring_size, U32, NONE, "256", 1,	\
	  SHIELDRT_RING_MAX_ENTRIES, SRT_KF_CREATE | SRT_KF_POW2, SRT_KEY_PLAIN, \
	  "command ring entries, a power of two")

#define SRT_KEY_ENUM_ID(id, ...)	SRT_KEY_##id,
enum srt_key {
	SRT_CONFIG_KEYS(SRT_KEY_ENUM_ID)
	SRT_NR_KEYS
};
/* A parse records the keys it saw as bits of a u32. */
static_assert(SRT_NR_KEYS <= 32);

/* The longest text a key's value prints to (flight_signals=). */
#define SRT_KEY_TEXT_MAX	SRT_FLIGHT_SPEC_LEN

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
	/* the cycle's context copies these at the start of a run */
	u64 period_ns;		/* set in us: 1 us resolution */
	u32 mode;		/* SHIELDRT_MODE_* */
	u32 section;		/* SHIELDRT_SECTION_* */
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
	char lock[SRT_NAME_LEN];	/* shared lock name; "": the loop's own */
	u32 n_io;
	struct srt_io_spec io[SRT_IO_MAX_BINDINGS];
	u64 trigger_timeout_ns;	/* external: no trigger this long is counted */
	u32 tel_ring_size;	/* the region's rings, powers of two */
	u32 cmd_ring_size;
	struct srt_live live;
};

extern const char * const srt_wait_mode_names[SRT_NR_WAIT_MODES];
extern const char * const srt_policy_names[SRT_NR_POLICIES];
extern const char * const srt_section_names[SRT_NR_SECTIONS];

/* A row of SRT_CONFIG_KEYS, as config.c lays it out. */
enum srt_key_kind {
	SRT_KT_U32, SRT_KT_U64, SRT_KT_INT, SRT_KT_BOOL, SRT_KT_ENUM,
	SRT_KT_NAME, SRT_KT_HOOK,
};
enum srt_key_unit { SRT_KU_NONE, SRT_KU_NS, SRT_KU_US, SRT_KU_MS };
#define SRT_KF_REQUIRED		(1U << 0)
#define SRT_KF_CREATE		(1U << 1)
#define SRT_KF_POW2		(1U << 2)

struct srt_key_row {
	const char *name;
	u32 offset;			/* of the field in struct srt_config */
	u32 size;			/* of the field */
	enum srt_key_kind kind;
	enum srt_key_unit unit;
	const char *def;		/* as written; NULL: none */
	u64 min, max;			/* as written; max 0: none */
	u32 flags;			/* SRT_KF_* */
	bool live;			/* the field is in struct srt_live */
	const char * const *names;	/* ENUM: the names, by value */
	u32 nr_names;
	int (*parse)(struct srt_config *cfg, const char *val, char *err,
		     size_t errlen);	/* HOOK */
	int (*format)(const struct srt_config *cfg, char *buf, size_t len);
	const char *doc;
};

extern const struct srt_key_row srt_keys[SRT_NR_KEYS];

void srt_config_defaults(struct srt_config *cfg);
int srt_config_parse(struct srt_config *cfg, char *line, u32 *seen,
		     char *err, size_t errlen);
int srt_config_validate(const struct srt_config *cfg, char *err,
			size_t errlen);
/* One key's own checks (required, range), none that involve another. */
int srt_config_check_key(const struct srt_config *cfg, enum srt_key key,
			 char *err, size_t errlen);
bool srt_key_is_live(enum srt_key key);
u64 srt_config_slack_max(const struct srt_config *cfg);
/* The value's text, as a line would give it; snprintf's return value. */
int srt_config_format_key(const struct srt_config *cfg, enum srt_key key,
			  char *buf, size_t len);
bool srt_name_valid(const char *s);
bool srt_name_reserved(const char *s);
int srt_flag_parse(const char *text, size_t len, bool *on);
bool srt_text_blank(const char *text, size_t len);
/* io=: parsed into a copy, so @cfg keeps its bindings if @val is bad. */
int srt_io_spec_parse(struct srt_config *cfg, const char *val, char *err,
		      size_t errlen);
int srt_io_spec_format(const struct srt_config *cfg, char *buf, size_t len);
int srt_io_spec_check_signals(const struct srt_config *cfg, u32 n_in,
			      u32 n_out, char *err, size_t errlen);
const struct srt_io_spec *srt_config_trigger(const struct srt_config *cfg);
/* flight_signals=: only its shape here; names are looked up at start. */
int srt_flight_signals_parse(struct srt_config *cfg, const char *val,
			     char *err, size_t errlen);
int srt_flight_signals_format(const struct srt_config *cfg, char *buf,
			      size_t len);

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
