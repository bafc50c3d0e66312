// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Closed loops on the host, with the tolerances they must meet:
 *
 * demo-motor.chain (trapezoid 50 rad/s, 500 rad/s^2, PID + feed-forward,
 * DC motor at 1 kHz):
 *   - while a profile runs, |ref - pos| <= 0.01 rad
 *   - 0.5 s after a move ends, |target - pos| <= 1e-3 rad
 *   - |u| never above the 24 V drive limit
 * PID alone on the motor, 1 rad setpoint step:
 *   - overshoot <= 25 %, within 2 % of the step after 0.5 s, error
 *     <= 1e-4 rad after 2 s (integral action removes the offset)
 * mctest, 6 axes at 10 kHz: every axis reaches its target within 1e-3 rad
 * 0.5 s after its profile ends.
 * filter-msd.chain: the notched loop settles on xref within 2 %.
 */
#include "tap.h"
#include "harness.h"

static void test_demo_profile(void)
{
	char *text = tc_slurp(SRT_CHAIN_DIR "/demo-motor.chain");
	struct tc t;
	double emax = 0, umax = 0, settle1 = 1, settle2;
	int n;

	tc_open(&t, text);
	for (n = 0; n < 4000; n++) {
		tc_set(&t, 0, n < 2000 ? 10.0 : -5.0);
		tc_step(&t);
		emax = fmax(emax, fabs(tc_out(&t, 3)));
		umax = fmax(umax, fabs(tc_out(&t, 0)));
		/* 10 rad at 50 rad/s: the move takes 0.3 s, ends at 0.3 s */
		if (n == 800)
			settle1 = fabs(tc_out(&t, 2) - 10.0);
	}
	settle2 = fabs(tc_out(&t, 2) + 5.0);
	tap_ok(emax <= 0.01, "demo: tracking error during trapezoid moves %.3g <= 0.01 rad",
	       emax);
	tap_ok(settle1 <= 1e-3 && settle2 <= 1e-3,
	       "demo: 0.5 s after each move |target - pos| <= 1e-3 rad (%.2g, %.2g)",
	       settle1, settle2);
	tap_ok(umax <= 24.0, "demo: drive voltage within 24 V (peak %.3g)", umax);
	tc_close(&t);
	free(text);
}

static void test_pid_step(void)
{
	struct tc t;
	double peak = 0, at05 = 0, y = 0;
	int n;

	tc_open(&t, "period_us 1000\ninput r\noutput pos\n"
		    "block c pid in=r,pos out=u kp=20 ki=100 kd=0.5 tf=0.002 umin=-24 umax=24\n"
		    "block m dc_motor in=u out=speed,pos\n");
	for (n = 0; n < 2000; n++) {
		y = tc_step1(&t, 1.0);
		peak = fmax(peak, y);
		if (n == 500)
			at05 = y;
	}
	tap_ok(peak <= 1.25, "PID step: overshoot %.1f %% <= 25 %%", (peak - 1) * 100);
	tap_ok(fabs(at05 - 1) <= 0.02, "PID step: within 2 %% after 0.5 s (%.4g)", at05);
	tap_ok(fabs(y - 1) <= 1e-4, "PID step: offset removed after 2 s (%.2g)", y - 1);
	tc_close(&t);
}

static void test_mctest(void)
{
	char *text = tc_slurp(SRT_CHAIN_DIR "/mctest6.chain");
	static const double tgt[6] = { 1, -2, 0.5, 3, -1.5, 2.5 };
	struct tc t;
	double worst = 0;
	int n, i;

	tc_open(&t, text);
	for (i = 0; i < 6; i++)
		tc_set(&t, (unsigned int)i, tgt[i]);
	/* slowest: 3 rad at 20 rad/s, 200 rad/s^2 -> 0.25 s; run 0.75 s */
	for (n = 0; n < 7500; n++)
		tc_step(&t);
	for (i = 0; i < 6; i++)
		worst = fmax(worst, fabs(tc_out(&t, 2 + (unsigned int)i) - tgt[i]));
	tap_ok(worst <= 1e-3, "mctest: 6 axes on target within 1e-3 rad (worst %.2g)",
	       worst);
	{
		double x = 0, y = 0, th = 0;

		for (i = 0; i < 6; i++) {
			th += tc_out(&t, 2 + (unsigned int)i);
			x += cos(th);
			y += sin(th);
		}
		tap_ok(fabs(x - tc_out(&t, 0)) < 1e-12 && fabs(y - tc_out(&t, 1)) < 1e-12,
		       "mctest: tool x, y = planar forward kinematics of the axes");
	}
	tc_close(&t);
	free(text);
}

static void test_filter_msd(void)
{
	char *text = tc_slurp(SRT_CHAIN_DIR "/filter-msd.chain");
	struct tc t;
	int n;

	tc_open(&t, text);
	for (n = 0; n < 20000; n++) {
		tc_set(&t, 0, 0.1);
		tc_step(&t);
	}
	tap_ok(fabs(tc_out(&t, 2) - 0.1) <= 0.002 && t.status == 0,
	       "filter-msd: settles on xref within 2 %% (xf = %.5g)", tc_out(&t, 2));
	tc_close(&t);
	free(text);
}

int main(void)
{
	test_demo_profile();
	test_pid_step();
	test_mctest();
	test_filter_msd();
	return tap_done();
}
