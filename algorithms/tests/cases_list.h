/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The case lists, for the two runners only (tests/test_cases.c and
 * kunit/algo_test.c): static arrays, so each runner sees their sizes
 * (KUNIT_ARRAY_PARAM needs them).  Every case is named once, here.
 */
#ifndef SRT_CASES_LIST_H
#define SRT_CASES_LIST_H

#include "cases.h"

static const struct sc_case sc_filter_cases[] = {
	{ "lowpass: step response k(1 - exp(-t/tau))", sc_lowpass_step, 0 },
	{ "lowpass fc=10: DC gain 1", sc_lowpass_dc, 0 },
	{ "biquad_lp: gain at fc = q (q=0.707)", sc_biquad, 0 },
	{ "biquad_lp: q=2, gain 2 at fc", sc_biquad, 1 },
	{ "biquad_lp: passband 1 Hz, gain 1", sc_biquad, 2 },
	{ "biquad_lp: stopband 200 Hz as designed", sc_biquad, 3 },
	{ "biquad_hp: gain at fc = q", sc_biquad, 4 },
	{ "biquad_hp: stopband 2 Hz as designed", sc_biquad, 5 },
	{ "notch: depth at fc ~ 0", sc_biquad, 6 },
	{ "notch: passes 5 Hz", sc_biquad, 7 },
	{ "biquad: fc above Nyquist rejected", sc_biquad_nyquist, 0 },
	{ "leadlag: first sample and DC gain", sc_leadlag_step, 0 },
	{ "leadlag: gain at Nyquist k tz/tp", sc_leadlag_nyquist, 0 },
};

static const struct sc_case sc_nonlin_cases[] = {
	{ "saturation: above hi", sc_static, 0 },
	{ "saturation: below lo", sc_static, 1 },
	{ "saturation: at hi", sc_static, 2 },
	{ "saturation: at lo", sc_static, 3 },
	{ "saturation: inside", sc_static, 4 },
	{ "deadband: inside, below hi", sc_static, 5 },
	{ "deadband: at hi", sc_static, 6 },
	{ "deadband: at lo", sc_static, 7 },
	{ "deadband: above hi, shifted", sc_static, 8 },
	{ "deadband: below lo, shifted", sc_static, 9 },
	{ "deadband shift=0: above hi", sc_static, 10 },
	{ "deadband shift=0: below lo", sc_static, 11 },
	{ "gain: negative k", sc_static, 12 },
	{ "ratelimit: rise and fall rates", sc_ratelimit, 0 },
	{ "sum: signs", sc_sum, 0 },
	{ "select: index and committed index", sc_select, 0 },
	{ "mux: rounding and clamping of sel", sc_mux, 0 },
	{ "delay1 and const", sc_delay1_const, 0 },
};

static const struct sc_case sc_pid_cases[] = {
	{ "PI: u = kp e + ki sum(e dt)", sc_pid_pi, 0 },
	{ "D on error, unfiltered", sc_pid_d_error, 0 },
	{ "D on measurement: no kick", sc_pid_d_meas, 0 },
	{ "filtered D: first sample and decay", sc_pid_d_filter, 0 },
	{ "umin > umax rejected", sc_pid_reject, 0 },
	{ "aw=2 without kaw and kp=0 rejected", sc_pid_reject, 1 },
	{ "anti-windup: none, clamping, back-calculation", sc_pid_windup, 0 },
	{ "bumpless transfer on a gain change", sc_pid_bumpless, 0 },
	{ "retune, aw=0: bumpless past the limits", sc_pid_retune_limits, 0 },
	{ "retune, aw=1: bumpless within the limits",
	  sc_pid_retune_limits, 1 },
	{ "retune, aw=1: integrator clamped, u moves as documented",
	  sc_pid_retune_limits, 2 },
	{ "retune, aw=2: bumpless past the limits", sc_pid_retune_limits, 3 },
};

static const struct sc_case sc_profile_cases[] = {
	{ "trapezoid 0 -> 10: limits, exact, time-optimal", sc_trapezoid, 0 },
	{ "triangle 0 -> -0.3: limits, exact, time-optimal", sc_trapezoid, 1 },
	{ "trapezoid: target changed mid-move twice", sc_trapezoid, 2 },
	{ "trapezoid: vmax lowered mid-move", sc_trapezoid_retune, 0 },
	{ "scurve 0 -> 10: v, a, jerk limits, exact", sc_scurve, 0 },
	{ "scurve 0 -> -0.3: v, a, jerk limits, exact", sc_scurve, 1 },
	{ "scurve: target changed mid-move twice", sc_scurve, 2 },
	{ "scurve: window over 1024 samples rejected", sc_scurve_reject, 0 },
	{ "profiles: another block's commit changes no bit",
	  sc_profile_commit_other, 0 },
	{ "profiles: same limits, new p0 committed changes no bit",
	  sc_profile_commit_other, 1 },
	{ "scurve: lower jmax committed mid-move", sc_scurve_commit_limits, 0 },
	{ "scurve: lower amax, jmax committed mid-move",
	  sc_scurve_commit_limits, 1 },
	{ "scurve: lower amax committed mid-move", sc_scurve_commit_limits, 2 },
	{ "scurve: higher amax, jmax committed mid-move",
	  sc_scurve_commit_limits, 3 },
	{ "scurve: lower vmax committed mid-move", sc_scurve_commit_limits, 4 },
};

static const struct sc_case sc_plant_cases[] = {
	{ "dc_motor: steady state, current, position", sc_dc_motor, 0 },
	{ "dc_motor: exact ZOH with L/R = dt/1000", sc_dc_motor_stiff, 0 },
	{ "msd: step response = closed form", sc_msd, 0 },
	{ "msd: overdamped at 1000 rad per sample", sc_msd_overdamped, 0 },
	{ "lag_delay: transport delay and lag", sc_lag_delay, 0 },
	{ "lag_delay: delay 0 -> 5 ms keeps the output", sc_lag_delay_retune, 0 },
	{ "lag_delay: delay over 4096 samples rejected", sc_lag_delay_reject, 0 },
	{ "statespace: 2 states with D vs hand computation", sc_statespace, 0 },
	{ "statespace: wrong matrix size rejected", sc_statespace_reject, 0 },
};

#define SC_HDR "period_us 1000\ninput x\noutput y\n"

/* parser rejections: text, reason substring, line */
static const struct sc_reject sc_rejects[] = {
	{ SC_HDR "block a nosuch in=x out=y\n", "unknown block type 'nosuch'", 4 },
	{ SC_HDR "block a gain in=q out=y\n", "signal 'q' is not driven", 4 },
	{ "period_us 1000\ninput x\noutput y z\nblock a gain in=x out=y\n",
	  "signal 'z' is not driven", 3 },
	{ SC_HDR "block a gain in=x out=y\nblock b gain in=x out=y\n",
	  "signal 'y' driven twice (also on line 4)", 5 },
	{ SC_HDR "block a gain in=x out=x\n", "signal 'x' driven twice", 4 },
	{ SC_HDR "block a gain in=x out=y kq=1\n", "gain has no parameter 'kq'", 4 },
	{ SC_HDR "block a saturation in=x out=y lo=5 hi=1\n",
	  "lo must not exceed hi", 4 },
	{ SC_HDR "block a pid in=x,x out=y kp=2e9\n",
	  "a.kp=2e+09 is above its maximum 1e+09", 4 },
	{ SC_HDR "block a pid in=x,x out=y aw=1.5\n",
	  "a.aw=1.5 must be an integer", 4 },
	{ SC_HDR "block a gain in=x out=y k=1.2.3\n", "a.k='1.2.3': malformed number", 4 },
	{ SC_HDR "block a gain in=x out=y k=\n", "malformed number", 4 },
	{ SC_HDR "block a gain in=x out=y k=1e999\n", "not a finite number", 4 },
	{ SC_HDR "block a gain in=x out=y k=1,2\n", "takes one value", 4 },
	{ SC_HDR "block a gain in=x out=y k=1 k=2\n", "k given twice", 4 },
	{ SC_HDR "block a gain in=x out=y oops\n", "expected key=value, got 'oops'", 4 },
	{ SC_HDR "block a pid in=x out=y\n", "takes 2 inputs, in= gives 1", 4 },
	{ SC_HDR "block a gain in=x out=y,z\n", "has 1 output, out= names 2", 4 },
	{ SC_HDR "block a gain in=x out=y\nblock a gain in=x out=z\n",
	  "block 'a' defined twice", 5 },
	{ SC_HDR "block a.b gain in=x out=y\n", "bad block name 'a.b'", 4 },
	{ SC_HDR "block a gain in=x! out=y\n", "bad signal name 'x!'", 4 },
	{ SC_HDR "frobnicate 3\n", "unknown statement 'frobnicate'", 4 },
	{ "input x\noutput y\nblock a gain in=x out=y\n",
	  "no period_us and no loop period given", 0 },
	{ "period_us 0\n", "period_us must be an integer 10..1000000", 1 },
	{ "period_us 9\n", "integer 10..1000000, not '9'", 1 },
	{ "period_us 1000001\n", "must be an integer 10..1000000", 1 },
	{ "period_us 1000\nperiod_us 1000\n", "period_us given twice", 2 },
	{ "period_us 1000\ninput x x\n", "'x' listed twice as input", 2 },
	{ SC_HDR "\n", "the chain has no blocks", 0 },
	{ SC_HDR "block a sum in=x out=y n=17\n", "must be an integer in 1..16", 4 },
	{ SC_HDR "block a sum in=x,x out=y n=2 signs=1,1,1\n",
	  "signs needs one value per input", 4 },
	{ SC_HDR "block a gain in=x out=y k=\x01\n", "unexpected byte 0x1", 4 },
	{ SC_HDR "block a gain in=x out=y\nblock b gain in=c out=d\n"
	  "block c gain in=d out=c\n", "algebraic loop: b -> c -> b", 5 },
	{ SC_HDR "block a sum in=x,w out=y n=2\nblock b lowpass in=y out=w tau=1\n",
	  "algebraic loop: a -> b -> a", 4 },
	{ SC_HDR "block a gain in=y out=y\n", "algebraic loop: a -> a", 4 },
	{ SC_HDR "block b msd in=x out=y m=1e-12 k=1e12 c=0\n",
	  "underdamped resonance too fast for the period", 4 },
	{ SC_HDR "block b msd in=x out=y m=1e-9 k=1e12 c=0\n",
	  "underdamped resonance too fast for the period", 4 },
	{ SC_HDR "block b msd in=x out=y m=1e-12 k=1e9 c=0\n",
	  "underdamped resonance too fast for the period", 4 },
	{ SC_HDR "block b msd in=x out=y m=1e-12 c=1e9 k=1e12\n",
	  "damping too stiff for the period", 4 },
	{ "period_us 1000\ninput x\nblock a sum in=x,a.y n=2\n",
	  "algebraic loop: a -> a", 3 },
};

#endif /* SRT_CASES_LIST_H */
