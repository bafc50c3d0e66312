/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Test cases shared by the host runner (tests/test_cases.c, TAP) and the
 * KUnit suites (kunit/algo_*_test.c, inside the debug kernel): the same
 * case functions, the same tables, the same tolerances.
 *
 * A case is a function compiled with the library (FPU flags in the
 * kernel) that gets a struct sc from its runner: preallocated chain
 * arenas (a case never allocates, so the kernel runner can hold an FPU
 * section around it), and callbacks for checks, notes and yielding.
 * Messages are formatted by the library's own srt_snprintf (%g is 6
 * digits), since the kernel's printf has no floating point.
 *
 * This header has no double in a prototype or struct, so the KUnit suite
 * files (built without FPU flags) can include it.
 *
 * A case list is an array of struct sc_case (description, function,
 * row); the function runs row @row of its own table.
 */
#ifndef SRT_CASES_H
#define SRT_CASES_H

#include "../srt_chain.h"

#define SC_ARENA	(1 << 20)	/* bytes per chain arena */
#define SC_PSET		(64 << 10)	/* bytes per staging buffer */
#define SC_MSG		256

struct sc;

/* One compiled chain of a case, with its I/O vectors (bit patterns). */
struct sc_chain {
	struct sc *s;
	struct srt_chain *c;
	void *arena;
	void *psbuf[2];
	struct srt_err err;
	int ret;
	int status;
	u64 in[SRT_MAX_IO];
	u64 out[SRT_MAX_IO];
};

struct sc {
	/* filled by the runner before the case runs */
	void *arena[2];			/* SC_ARENA bytes, SRT_ALIGN-aligned */
	void *psbuf[4];			/* SC_PSET bytes, SRT_ALIGN-aligned */
	void (*report)(struct sc *s, bool ok, const char *msg);
	void (*note)(struct sc *s, const char *msg);
	/*
	 * Called every SC_YIELD_EVERY steps: the kernel runner ends its FPU
	 * section there and lets the scheduler in.  It is an out-of-line call,
	 * so no double stays in a register across it.
	 */
	void (*yield)(struct sc *s);
	void *priv;
	/* the case's own */
	unsigned int ticks;
	unsigned int checks;
	unsigned int failed;
	struct sc_chain ch[2];
	char text[1024];
	char msg[SC_MSG];
};

#define SC_YIELD_EVERY	2048

struct sc_case {
	const char *desc;
	void (*run)(struct sc *s, unsigned int row);
	unsigned int row;
};

/* checks: a line per call, with the formatted text as its description */
void sc_ok(struct sc *s, bool cond, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void sc_note(struct sc *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* needle occurs in hay */
bool sc_contains(const char *hay, const char *needle);
/* count a step; yields to the runner every SC_YIELD_EVERY */
void sc_tick(struct sc *s);

/* Compile text into chain slot @slot (0 or 1); returns srt_chain_parse()'s code. */
struct sc_chain *sc_open(struct sc *s, unsigned int slot, const char *text);
int sc_step(struct sc_chain *t);
/* stage and commit assignments; 0 or the error (noted) */
int sc_commit(struct sc_chain *t, const char *assignments);
/* a staging buffer that is not the active set, laid out as a copy of it */
struct srt_pset *sc_pset(struct sc_chain *t);

/* ---- the lists (each case is named once, here) ---- */

struct sc_reject {
	const char *text;
	const char *reason;	/* a substring of the message */
	u32 line;
};

/* parse r->text; expect SRT_EINVAL with r->reason on r->line */
void sc_chain_reject(struct sc *s, const struct sc_reject *r);

void sc_lowpass_step(struct sc *s, unsigned int r);
void sc_lowpass_dc(struct sc *s, unsigned int r);
void sc_biquad(struct sc *s, unsigned int r);
void sc_biquad_nyquist(struct sc *s, unsigned int r);
void sc_leadlag_step(struct sc *s, unsigned int r);
void sc_leadlag_nyquist(struct sc *s, unsigned int r);
void sc_static(struct sc *s, unsigned int r);
void sc_ratelimit(struct sc *s, unsigned int r);
void sc_sum(struct sc *s, unsigned int r);
void sc_select(struct sc *s, unsigned int r);
void sc_mux(struct sc *s, unsigned int r);
void sc_delay1_const(struct sc *s, unsigned int r);
void sc_pid_pi(struct sc *s, unsigned int r);
void sc_pid_d_error(struct sc *s, unsigned int r);
void sc_pid_d_meas(struct sc *s, unsigned int r);
void sc_pid_d_filter(struct sc *s, unsigned int r);
void sc_pid_reject(struct sc *s, unsigned int r);
void sc_pid_windup(struct sc *s, unsigned int r);
void sc_pid_bumpless(struct sc *s, unsigned int r);
void sc_pid_retune_limits(struct sc *s, unsigned int r);
void sc_trapezoid(struct sc *s, unsigned int r);
void sc_trapezoid_retune(struct sc *s, unsigned int r);
void sc_scurve(struct sc *s, unsigned int r);
void sc_scurve_reject(struct sc *s, unsigned int r);
void sc_profile_commit_other(struct sc *s, unsigned int r);
void sc_scurve_commit_limits(struct sc *s, unsigned int r);
void sc_dc_motor(struct sc *s, unsigned int r);
void sc_dc_motor_stiff(struct sc *s, unsigned int r);
void sc_msd(struct sc *s, unsigned int r);
void sc_lag_delay(struct sc *s, unsigned int r);
void sc_msd_overdamped(struct sc *s, unsigned int r);
void sc_lag_delay_retune(struct sc *s, unsigned int r);
void sc_lag_delay_reject(struct sc *s, unsigned int r);
void sc_statespace(struct sc *s, unsigned int r);
void sc_statespace_reject(struct sc *s, unsigned int r);

#endif /* SRT_CASES_H */
