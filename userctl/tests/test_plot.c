// SPDX-License-Identifier: GPL-2.0
/*
 * The plotting library: CRC-32 and Adler-32 against known values, the
 * axes' tick choice (table-driven), and every plot kind fed bad and
 * degenerate input: each gives its error code and writes nothing, or
 * writes a figure (which png_check.py then decodes).  With a directory
 * argument the figures and a pattern image go there for png_check.py.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "axis.h"
#include "canvas.h"
#include "plot.h"
#include "png.h"
#include "tap.h"
#include "userctl.h"
#include "zlib.h"

static const char *dir = "/tmp";

static void test_checksums(void)
{
	const char *s = "123456789";

	tap_ok(png_crc32(0, s, 9) == 0xcbf43926,
	       "crc32(\"123456789\") = 0xcbf43926");
	tap_ok(png_crc32(png_crc32(0, s, 4), s + 4, 5) == 0xcbf43926,
	       "crc32 continues across pieces");
	tap_ok(zlib_adler32(1, (const uint8_t *)"Wikipedia", 9) == 0x11e60398,
	       "adler32(\"Wikipedia\") = 0x11e60398");
	tap_ok(zlib_adler32(1, NULL, 0) == 1, "adler32 of nothing is 1");
}

struct tick_case {
	const char *desc;
	double dmin, dmax;
	bool log;
	int max_ticks;
	int err;
	double lo, hi;
	const char *labels;	/* the tick labels, blank-separated */
};

static const struct tick_case tick_cases[] = {
	{ "0..10: steps of 2", 0, 10, false, 6, 0, 0, 10, "0 2 4 6 8 10" },
	{ "0.13..0.97: rounded out to 0..1", 0.13, 0.97, false, 6, 0, 0, 1,
	  "0.0 0.2 0.4 0.6 0.8 1.0" },
	{ "-3..7: 2 needs 7 ticks, so 5", -3, 7, false, 6, 0, -5, 10,
	  "-5 0 5 10" },
	{ "one value: a fifth of it around it", 5, 5, false, 6, 0, 4.5, 5.5,
	  "4.5 5.0 5.5" },
	{ "only zero: 0..1", 0, 0, false, 3, 0, 0, 1, "0.0 0.5 1.0" },
	{ "0..25000: thousands as k", 0, 25000, false, 6, 0, 0, 25000,
	  "0 5k 10k 15k 20k 25k" },
	{ "0..1e308: no overflow", 0, 1e308, false, 6, 0, 0, 1e308,
	  "0 2e+307 4e+307 6e+307 8e+307 1e+308" },
	{ "1e20 .. 1e20+1: below a double's resolution, widened", 1e20,
	  1e20 + 1, false, 5, 0, 9e19, 1.1e20,
	  "9e+19 9.5e+19 1e+20 1.05e+20 1.1e+20" },
	{ "log 1..1e6: decades", 1, 1e6, true, 8, 0, 1, 1e6,
	  "1 10 100 1k 10k 100k 1M" },
	{ "log 1..1e12, 5 ticks: every third decade", 1, 1e12, true, 5, 0,
	  1, 1e12, "1 1k 1M 1G 1T" },
	{ "log 3..40: 1-2-5 within the decades", 3, 40, true, 8, 0, 2, 50,
	  "2 5 10 20 50" },
	{ "log 0.5..0.5: one value, one step up", 0.5, 0.5, true, 6, 0, 0.5,
	  1, "0.5 1" },
	{ "log 0.013..0.9", 0.013, 0.9, true, 8, 0, 0.01, 1,
	  "0.01 0.02 0.05 0.1 0.2 0.5 1" },
	{ "log 1e-300..1e300: every 86th decade, top rounded out", 1e-300,
	  1e300, true, 8, 0, 1e-300, 1e302, NULL },
	{ "log 2e-5..0.02: tiny values as %g", 2e-5, 0.002, true, 8, 0,
	  2e-5, 0.002, "2e-05 5e-05 0.0001 0.0002 0.0005 0.001 0.002" },
	{ "log from 0: -EDOM", 0, 1, true, 6, -EDOM, 0, 0, NULL },
	{ "log from -1: -EDOM", -1, 1, true, 6, -EDOM, 0, 0, NULL },
	{ "NaN: -ERANGE", NAN, 1, false, 6, -ERANGE, 0, 0, NULL },
	{ "infinity: -ERANGE", 0, INFINITY, false, 6, -ERANGE, 0, 0, NULL },
	{ "-1e308..1e308: a span no double holds", -1e308, 1e308, false, 6,
	  -ERANGE, 0, 0, NULL },
	{ "min above max: -ERANGE", 2, 1, false, 6, -ERANGE, 0, 0, NULL },
};

static void labels_of(const struct axis *a, char *buf, size_t n)
{
	char one[32];
	int i;

	buf[0] = 0;
	for (i = 0; i < a->nr_ticks; i++) {
		axis_label(a, a->tick[i], one, sizeof(one));
		snprintf(buf + strlen(buf), n - strlen(buf), "%s%s",
			 i ? " " : "", one);
	}
}

static bool close_to(double a, double b)
{
	return fabs(a - b) <= fabs(b) * 1e-9;
}

static void test_ticks(void)
{
	const struct tick_case *t;
	struct axis a;
	char got[512];
	size_t i;
	int err;

	for (i = 0; i < ARRAY_SIZE(tick_cases); i++) {
		t = &tick_cases[i];
		memset(&a, 0, sizeof(a));
		err = axis_ticks(&a, t->dmin, t->dmax, t->log, t->max_ticks);
		if (err || t->err) {
			tap_ok(err == t->err, "ticks: %s (error %d, want %d)",
			       t->desc, err, t->err);
			continue;
		}
		labels_of(&a, got, sizeof(got));
		tap_ok(close_to(a.lo, t->lo) && close_to(a.hi, t->hi) &&
		       a.nr_ticks <= t->max_ticks &&
		       (!t->labels || !strcmp(got, t->labels)),
		       "ticks: %s (got %g..%g: %s)", t->desc, a.lo, a.hi, got);
	}
}

static void test_axis_pos(void)
{
	struct axis a = { 0 };

	axis_ticks(&a, 10, 1000, true, 8);
	a.p0 = 100;
	a.p1 = 400;
	tap_ok(axis_pos(&a, 10) == 100 && axis_pos(&a, 1000) == 400 &&
	       close_to(axis_pos(&a, 100), 250),
	       "log axis: 10, 100, 1000 at 100, 250, 400 px");
	tap_ok(isnan(axis_pos(&a, 0)), "log axis: 0 has no position");
}

static char *path_of(const char *name)
{
	static char buf[4][512];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", dir, name);
	return buf[k];
}

static bool exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* The pattern png_check.py looks for: a rectangle, a line, an "A". */
static void test_pattern(void)
{
	struct canvas c;
	struct pen pen = { .col = COL_SERIES, .width = 1 };
	int err;

	err = canvas_init(&c, 40, 30);
	tap_ok(!err, "canvas 40x30");
	if (err)
		return;
	canvas_rect(&c, 2, 3, 5, 7, COL_INK);
	canvas_line(&c, 10, 20, 30, 20, &pen);
	canvas_text(&c, 20, 2, "A", COL_SERIES + 1, 1, false);
	/* clipped: nothing may land outside 0..39 x 0..29 */
	canvas_line(&c, -1e300, 25, 1e300, 25, &pen);
	canvas_line(&c, NAN, 0, 5, 5, &pen);
	err = canvas_save(&c, path_of("pattern.png"));
	canvas_free(&c);
	tap_ok(!err && exists(path_of("pattern.png")),
	       "pattern.png written (%d)", err);
}

/*
 * A plot call's outcome: the code wanted, the figure written exactly
 * when it succeeded, no PATH.tmp left, and a reason when it failed.
 */
static void expect(const char *desc, const char *path, int got, int want)
{
	char tmp[600];
	bool written = exists(path);

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	tap_ok(got == want && written == !want && !exists(tmp) &&
	       !*plot_error() == !want,
	       "%s: %d (want %d), %s, \"%s\"", desc, got, want,
	       written ? "written" : "not written", plot_error());
}

static struct plot_fig fig_at(const char *name)
{
	struct plot_fig f = {
		.path = path_of(name), .title = "a test figure",
		.xlabel = "value", .caption = "resolution: 1 ns",
	};

	unlink(f.path);
	return f;
}

static void test_hist_input(void)
{
	static const struct plot_bucket one[] = { { 1000, 1008, 5 } };
	static const struct plot_bucket zero[] = { { 0, 1, 0 }, { 1, 2, 0 } };
	static const struct plot_bucket bad[] = { { 10, 10, 1 } };
	static const struct plot_bucket overlap[] = { { 10, 20, 1 },
						      { 15, 30, 1 } };
	static const struct plot_bucket wide[] = { { 0, 1, 3 },
						   { 1ULL << 62, 1ULL << 63, 1 } };
	static const struct plot_bucket full[] = { { 1, 2, UINT64_MAX },
						   { 2, 3, 1 } };
	struct plot_hist_series s = { .label = "s", .b = one, .n = 1 };
	struct plot_hist h = { .series = &s, .nr_series = 1 };
	struct plot_marker m = { PLOT_AXIS_X, NAN, "nan" };
	struct plot_fig f = fig_at("h-none.png");

	expect("hist: no figure", f.path, plot_hist(NULL, &h), -EINVAL);
	f.caption = NULL;
	expect("hist: no caption", f.path, plot_hist(&f, &h), -EINVAL);
	f = fig_at("h-small.png");
	f.width = 100;
	expect("hist: 100 px wide", f.path, plot_hist(&f, &h), -EINVAL);
	f = fig_at("h-9.png");
	h.nr_series = PLOT_MAX_SERIES + 1;
	expect("hist: 9 series", f.path, plot_hist(&f, &h), -EINVAL);
	h.nr_series = 1;
	s.b = bad;
	expect("hist: an empty bucket range", f.path, plot_hist(&f, &h),
	       -EINVAL);
	s.b = overlap;
	s.n = 2;
	expect("hist: overlapping buckets", f.path, plot_hist(&f, &h),
	       -EINVAL);
	s.b = full;
	expect("hist: more samples than 2^64", f.path, plot_hist(&f, &h),
	       -ERANGE);
	s.b = one;
	s.n = 1;
	f.markers = &m;
	f.nr_markers = 1;
	expect("hist: a NaN marker", f.path, plot_hist(&f, &h), -ERANGE);
	f = fig_at("h-nodir.png");
	f.path = "/nonexistent-dir/x.png";
	expect("hist: a directory that does not exist", f.path,
	       plot_hist(&f, &h), -ENOENT);

	f = fig_at("h-empty.png");
	h.nr_series = 0;
	expect("hist: no series: a 'no data' figure", f.path,
	       plot_hist(&f, &h), 0);
	h.nr_series = 1;
	f = fig_at("h-zero.png");
	s.b = zero;
	s.n = 2;
	s.over = 7;
	expect("hist: all counts zero, some over", f.path, plot_hist(&f, &h),
	       0);
	f = fig_at("h-one.png");
	s.b = one;
	s.n = 1;
	expect("hist: one bucket", f.path, plot_hist(&f, &h), 0);
	f = fig_at("h-one-log.png");
	h.log_x = true;
	h.y = PLOT_HIST_DENSITY;
	expect("hist: one bucket, log x, density", f.path, plot_hist(&f, &h),
	       0);
	f = fig_at("h-wide.png");
	s.b = wide;
	s.n = 2;
	expect("hist: 0 ns to 2^63 ns on a log axis", f.path,
	       plot_hist(&f, &h), 0);
	f = fig_at("h-wide-lin.png");
	h.log_x = false;
	h.y = PLOT_HIST_SHARE;
	expect("hist: 0 ns to 2^63 ns on a linear axis", f.path,
	       plot_hist(&f, &h), 0);
}

static void test_bars_input(void)
{
	static const char *const cats[] = { "a", "b" };
	static const char *const ser[] = { "x", "y" };
	double v[4] = { NAN, NAN, NAN, NAN };
	struct plot_bars b = { .cats = cats, .nr_cats = 2, .series = ser,
			       .nr_series = 2, .v = v };
	struct plot_marker m = { PLOT_AXIS_X, 1, "x" };
	static const char *many[PLOT_MAX_CATS];
	static double mv[PLOT_MAX_CATS * PLOT_MAX_SERIES];
	static const char *const ser8[PLOT_MAX_SERIES] = {
		"1", "2", "3", "4", "5", "6", "7", "8" };
	struct plot_fig f = fig_at("b-nan.png");
	size_t i;

	expect("bars: every value missing: 'no data'", f.path,
	       plot_bars(&f, &b), 0);
	f = fig_at("b-inf.png");
	v[1] = INFINITY;
	expect("bars: an infinite value", f.path, plot_bars(&f, &b), -ERANGE);
	v[1] = 0;
	b.log_y = true;
	expect("bars: 0 on a log axis", f.path, plot_bars(&f, &b), -EDOM);
	b.log_y = false;
	f.markers = &m;
	f.nr_markers = 1;
	expect("bars: an x marker", f.path, plot_bars(&f, &b), -EINVAL);
	f = fig_at("b-zero.png");
	b.nr_series = 0;
	expect("bars: no series", f.path, plot_bars(&f, &b), -EINVAL);
	b.nr_series = 2;
	expect("bars: only a zero and NaNs", f.path, plot_bars(&f, &b), 0);
	f = fig_at("b-mixed.png");
	v[0] = -3;
	v[3] = 1e300;
	b.values = true;
	expect("bars: negative, zero, missing, 1e300", f.path,
	       plot_bars(&f, &b), 0);
	for (i = 0; i < PLOT_MAX_CATS; i++)
		many[i] = "a long category name that does not fit";
	for (i = 0; i < PLOT_MAX_CATS * PLOT_MAX_SERIES; i++)
		mv[i] = i;
	b = (struct plot_bars){ .cats = many, .nr_cats = PLOT_MAX_CATS,
				.series = ser8, .nr_series = PLOT_MAX_SERIES,
				.v = mv };
	f = fig_at("b-many.png");
	f.width = PLOT_MIN_WIDTH;
	expect("bars: 64 x 8 bars in 320 px", f.path, plot_bars(&f, &b),
	       -E2BIG);
	f = fig_at("b-many-wide.png");
	f.width = PLOT_MAX_SIDE;
	expect("bars: 64 x 8 bars in 4096 px", f.path, plot_bars(&f, &b), 0);
}

static void test_xy_input(void)
{
	double x[3] = { 1, 2, 3 }, y[3] = { NAN, NAN, NAN };
	struct plot_xy_series s = { .label = "s", .x = x, .y = y, .n = 3 };
	struct plot_xy p = { .series = &s, .nr_series = 1 };
	struct plot_fig f = fig_at("x-nan.png");

	expect("xy: every y NaN: 'no data'", f.path, plot_xy(&f, &p), 0);
	f = fig_at("x-err.png");
	y[1] = INFINITY;
	expect("xy: an infinite y", f.path, plot_xy(&f, &p), -ERANGE);
	y[1] = 1;
	x[0] = NAN;
	expect("xy: a NaN x", f.path, plot_xy(&f, &p), -ERANGE);
	x[0] = 5;
	expect("xy: x descending, lines", f.path, plot_xy(&f, &p), -EINVAL);
	f = fig_at("x-points.png");
	s.style = PLOT_POINTS;
	expect("xy: x descending, points", f.path, plot_xy(&f, &p), 0);
	f = fig_at("x-log0.png");
	y[2] = 0;
	p.log_y = true;
	expect("xy: 0 on a log y axis", f.path, plot_xy(&f, &p), -EDOM);
	s.x = NULL;
	expect("xy: points without x", f.path, plot_xy(&f, &p), -EINVAL);
	f = fig_at("x-one.png");
	s.x = x;
	s.n = 2;
	x[0] = 1;
	y[0] = NAN;
	s.style = PLOT_LINESPOINTS;
	expect("xy: one point with a value", f.path, plot_xy(&f, &p), 0);
	f = fig_at("x-huge.png");
	x[0] = 1e-300;
	x[1] = 1e300;
	y[0] = 1e-300;
	y[1] = 1e300;
	p.log_x = true;
	expect("xy: 1e-300..1e300 on log axes", f.path, plot_xy(&f, &p), 0);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		dir = argv[1];
	test_checksums();
	test_ticks();
	test_axis_pos();
	test_pattern();
	test_hist_input();
	test_bars_input();
	test_xy_input();
	return tap_done();
}
