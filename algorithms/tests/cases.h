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
 * Case lists are X-macros: X(function, row, "description").  The runner
 * expands a list into an array of struct sc_case; the function runs row
 * @row of its table.  Each list is the single place a case is named.
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

/* ---- the lists ---- */

#define SC_FILTER_CASES(X)						\
	X(sc_lowpass_step, 0, "lowpass: step response k(1 - exp(-t/tau))") \
	X(sc_lowpass_dc, 0, "lowpass fc=10: DC gain 1")			\
	X(sc_biquad, 0, "biquad_lp: gain at fc = q (q=0.707)")		\
	X(sc_biquad, 1, "biquad_lp: q=2, gain 2 at fc")			\
	X(sc_biquad, 2, "biquad_lp: passband 1 Hz, gain 1")		\
	X(sc_biquad, 3, "biquad_lp: stopband 200 Hz as designed")	\
	X(sc_biquad, 4, "biquad_hp: gain at fc = q")			\
	X(sc_biquad, 5, "biquad_hp: stopband 2 Hz as designed")		\
	X(sc_biquad, 6, "notch: depth at fc ~ 0")			\
	X(sc_biquad, 7, "notch: passes 5 Hz")				\
	X(sc_biquad_nyquist, 0, "biquad: fc above Nyquist rejected")	\
	X(sc_leadlag_step, 0, "leadlag: first sample and DC gain")	\
	X(sc_leadlag_nyquist, 0, "leadlag: gain at Nyquist k tz/tp")

#define SC_NONLIN_CASES(X)						\
	X(sc_static, 0, "saturation: above hi")				\
	X(sc_static, 1, "saturation: below lo")				\
	X(sc_static, 2, "saturation: at hi")				\
	X(sc_static, 3, "saturation: at lo")				\
	X(sc_static, 4, "saturation: inside")				\
	X(sc_static, 5, "deadband: inside, below hi")			\
	X(sc_static, 6, "deadband: at hi")				\
	X(sc_static, 7, "deadband: at lo")				\
	X(sc_static, 8, "deadband: above hi, shifted")			\
	X(sc_static, 9, "deadband: below lo, shifted")			\
	X(sc_static, 10, "deadband shift=0: above hi")			\
	X(sc_static, 11, "deadband shift=0: below lo")			\
	X(sc_static, 12, "gain: negative k")				\
	X(sc_ratelimit, 0, "ratelimit: rise and fall rates")		\
	X(sc_sum, 0, "sum: signs")					\
	X(sc_select, 0, "select: index and committed index")		\
	X(sc_mux, 0, "mux: rounding and clamping of sel")		\
	X(sc_delay1_const, 0, "delay1 and const")

#define SC_PID_CASES(X)							\
	X(sc_pid_pi, 0, "PI: u = kp e + ki sum(e dt)")			\
	X(sc_pid_d_error, 0, "D on error, unfiltered")			\
	X(sc_pid_d_meas, 0, "D on measurement: no kick")		\
	X(sc_pid_d_filter, 0, "filtered D: first sample and decay")	\
	X(sc_pid_reject, 0, "umin > umax rejected")			\
	X(sc_pid_reject, 1, "aw=2 without kaw and kp=0 rejected")	\
	X(sc_pid_windup, 0, "anti-windup: none, clamping, back-calculation") \
	X(sc_pid_bumpless, 0, "bumpless transfer on a gain change")

#define SC_PROFILE_CASES(X)						\
	X(sc_trapezoid, 0, "trapezoid 0 -> 10: limits, exact, time-optimal") \
	X(sc_trapezoid, 1, "triangle 0 -> -0.3: limits, exact, time-optimal") \
	X(sc_trapezoid, 2, "trapezoid: target changed mid-move twice")	\
	X(sc_trapezoid_retune, 0, "trapezoid: vmax lowered mid-move")	\
	X(sc_scurve, 0, "scurve 0 -> 10: v, a, jerk limits, exact")	\
	X(sc_scurve, 1, "scurve 0 -> -0.3: v, a, jerk limits, exact")	\
	X(sc_scurve, 2, "scurve: target changed mid-move twice")	\
	X(sc_scurve_reject, 0, "scurve: window over 1024 samples rejected")

#define SC_PLANT_CASES(X)						\
	X(sc_dc_motor, 0, "dc_motor: steady state, current, position")	\
	X(sc_dc_motor_stiff, 0, "dc_motor: exact ZOH with L/R = dt/1000") \
	X(sc_msd, 0, "msd: step response = closed form")		\
	X(sc_lag_delay, 0, "lag_delay: transport delay and lag")	\
	X(sc_lag_delay_reject, 0, "lag_delay: delay over 4096 samples rejected") \
	X(sc_statespace, 0, "statespace: 2 states with D vs hand computation") \
	X(sc_statespace_reject, 0, "statespace: wrong matrix size rejected")

/* parser rejections: X(text, reason substring, line) */
#define SC_HDR "period_us 1000\ninput x\noutput y\n"
#define SC_REJECT_ROWS(X)						\
	X(SC_HDR "block a nosuch in=x out=y\n", "unknown block type 'nosuch'", 4) \
	X(SC_HDR "block a gain in=q out=y\n", "signal 'q' is not driven", 4) \
	X("period_us 1000\ninput x\noutput y z\nblock a gain in=x out=y\n", \
	  "signal 'z' is not driven", 3)				\
	X(SC_HDR "block a gain in=x out=y\nblock b gain in=x out=y\n",	\
	  "signal 'y' driven twice (also on line 4)", 5)		\
	X(SC_HDR "block a gain in=x out=x\n", "signal 'x' driven twice", 4) \
	X(SC_HDR "block a gain in=x out=y kq=1\n", "gain has no parameter 'kq'", 4) \
	X(SC_HDR "block a saturation in=x out=y lo=5 hi=1\n",		\
	  "lo must not exceed hi", 4)					\
	X(SC_HDR "block a pid in=x,x out=y kp=2e9\n",			\
	  "a.kp=2e+09 is above its maximum 1e+09", 4)			\
	X(SC_HDR "block a pid in=x,x out=y aw=1.5\n",			\
	  "a.aw=1.5 must be an integer", 4)				\
	X(SC_HDR "block a gain in=x out=y k=1.2.3\n", "a.k=1.2.3: malformed number", 4) \
	X(SC_HDR "block a gain in=x out=y k=\n", "malformed number", 4)	\
	X(SC_HDR "block a gain in=x out=y k=1e999\n", "not a finite number", 4) \
	X(SC_HDR "block a gain in=x out=y k=1,2\n", "takes one value", 4) \
	X(SC_HDR "block a gain in=x out=y k=1 k=2\n", "k given twice", 4) \
	X(SC_HDR "block a gain in=x out=y oops\n", "expected key=value, got 'oops'", 4) \
	X(SC_HDR "block a pid in=x out=y\n", "takes 2 inputs, in= gives 1", 4) \
	X(SC_HDR "block a gain in=x out=y,z\n", "has 1 output, out= names 2", 4) \
	X(SC_HDR "block a gain in=x out=y\nblock a gain in=x out=z\n",	\
	  "block 'a' defined twice", 5)					\
	X(SC_HDR "block a.b gain in=x out=y\n", "bad block name 'a.b'", 4) \
	X(SC_HDR "block a gain in=x! out=y\n", "bad signal name 'x!'", 4) \
	X(SC_HDR "frobnicate 3\n", "unknown statement 'frobnicate'", 4)	\
	X("input x\noutput y\nblock a gain in=x out=y\n",		\
	  "no period_us and no loop period given", 0)			\
	X("period_us 0\n", "period_us must be an integer 1..1000000", 1) \
	X("period_us 1000\nperiod_us 1000\n", "period_us given twice", 2) \
	X("period_us 1000\ninput x x\n", "'x' listed twice as input", 2) \
	X(SC_HDR "\n", "the chain has no blocks", 0)			\
	X(SC_HDR "block a sum in=x out=y n=17\n", "must be an integer in 1..16", 4) \
	X(SC_HDR "block a sum in=x,x out=y n=2 signs=1,1,1\n",		\
	  "signs needs one value per input", 4)				\
	X(SC_HDR "block a gain in=x out=y k=\x01\n", "unexpected byte 0x1", 4) \
	X(SC_HDR "block a gain in=x out=y\nblock b gain in=c out=d\n"	\
	  "block c gain in=d out=c\n", "algebraic loop: b -> c -> b", 5) \
	X(SC_HDR "block a sum in=x,w out=y n=2\nblock b lowpass in=y out=w tau=1\n", \
	  "algebraic loop: a -> b -> a", 4)				\
	X(SC_HDR "block a gain in=y out=y\n", "algebraic loop: a -> a", 4) \
	X("period_us 1000\ninput x\nblock a sum in=x,a.y n=2\n",	\
	  "algebraic loop: a -> a", 3)

struct sc_reject {
	const char *text;
	const char *reason;	/* a substring of the message */
	u32 line;
};

/* parse r->text; expect SRT_EINVAL with r->reason on r->line */
void sc_chain_reject(struct sc *s, const struct sc_reject *r);

#define SC_DECLARE(fn, row, desc) void fn(struct sc *s, unsigned int r);
SC_FILTER_CASES(SC_DECLARE)
SC_NONLIN_CASES(SC_DECLARE)
SC_PID_CASES(SC_DECLARE)
SC_PROFILE_CASES(SC_DECLARE)
SC_PLANT_CASES(SC_DECLARE)
#undef SC_DECLARE

#define SC_CASE(fn, row, desc) { desc, fn, row },
#define SC_REJECT(text, reason, line) { text, reason, line },

#endif /* SRT_CASES_H */
