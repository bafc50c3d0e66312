/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Figures as PNG files, drawn by userctl itself: qualify and the benches
 * write them on the machine they measure, which may have no gnuplot, no
 * Python and no fonts.  No library beyond libc.
 *
 * Three kinds:
 *   plot_hist()  histograms of buckets [lo, hi) in ns (shieldrt's
 *                log-linear ones, cyclictest's, timerlat's), several
 *                overlaid, log count axis, each series' "over" count;
 *   plot_bars()  grouped bars: a table's rows (categories) by its numeric
 *                columns (series), missing values drawn as "n/a";
 *   plot_xy()    lines, steps or points against x: a recording's time
 *                series, a rate ladder (rate vs worst latency).
 *
 * Every figure has a title, axis labels, a legend (below the plot, so it
 * never hides data) and a caption line stating the figure's resolution.
 * The caption is required: a figure without one is refused (-EINVAL).
 *
 * Each call writes one complete PNG at fig->path or nothing (it writes
 * PATH.tmp and renames it).  It returns 0 or -errno and never exits,
 * aborts or prints: -EINVAL for malformed input, -ERANGE for values no
 * axis can show (an infinity, a range wider than a double holds), -EDOM
 * for a value <= 0 on a log axis, -E2BIG for more bars than the width
 * holds, -ENOMEM, or the errno of a failed write.  plot_error() says which field was wrong.  Input with nothing to
 * draw (no series, no buckets, every count zero, every value missing) is
 * not an error: the figure is written and its plot area says "no data".
 *
 * Text uses a built-in 5x7 bitmap font: printable ASCII and µ, –, ≤, ≥
 * (UTF-8); any other character is drawn as '?'.  Text that does not fit
 * is cut and ends in ".."; the caption wraps onto up to three lines.
 */
#ifndef USERCTL_PLOT_H
#define USERCTL_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PLOT_WIDTH		800	/* default size, pixels */
#define PLOT_HEIGHT		480
#define PLOT_MIN_WIDTH		320	/* smallest and largest accepted */
#define PLOT_MIN_HEIGHT		200
#define PLOT_MAX_SIDE		4096
#define PLOT_MAX_SERIES		8	/* overlaid series, bars per group */
#define PLOT_MAX_MARKERS	8
#define PLOT_MAX_CATS		64	/* bar groups */

enum plot_axis { PLOT_AXIS_X, PLOT_AXIS_Y };

/* A labelled reference line across the plot: a threshold, a deadline. */
struct plot_marker {
	enum plot_axis axis;	/* PLOT_AXIS_X: a vertical line at x = at */
	double at;		/* data unit of that axis (ns in plot_hist) */
	const char *label;	/* drawn beside the line; NULL: none */
};

/* What every figure has; strings are UTF-8, NULL or "" when absent. */
struct plot_fig {
	const char *path;	/* the PNG to write */
	const char *title;
	const char *xlabel;	/* with its unit ("rate (Hz)"); plot_hist adds it */
	const char *ylabel;	/* NULL: the kind's default, where it has one */
	const char *caption;	/* the resolution, e.g. "buckets within 0.79 %" */
	unsigned int width;	/* 0: PLOT_WIDTH */
	unsigned int height;	/* 0: PLOT_HEIGHT */
	const struct plot_marker *markers;	/* the axes widen to show them */
	size_t nr_markers;	/* 0..PLOT_MAX_MARKERS */
};

/* Samples v with lo_ns <= v < hi_ns: @count of them. */
struct plot_bucket {
	uint64_t lo_ns;
	uint64_t hi_ns;
	uint64_t count;
};

struct plot_hist_series {
	const char *label;		/* legend; required */
	const struct plot_bucket *b;	/* ascending, not overlapping */
	size_t n;			/* empty buckets may be left out */
	uint64_t over;			/* samples past the last bucket */
};

/*
 * The y axis: samples in a bucket, their share of the series' samples
 * (buckets and over), or that share per unit of the value axis, which
 * compares series whose bucket widths differ (1 ns vs cyclictest's 1 us).
 */
enum plot_hist_y {
	PLOT_HIST_COUNT,
	PLOT_HIST_SHARE,
	PLOT_HIST_DENSITY,
};

struct plot_hist {
	const struct plot_hist_series *series;
	size_t nr_series;	/* 0..PLOT_MAX_SERIES */
	bool log_x;		/* value axis logarithmic, else linear */
	enum plot_hist_y y;	/* the y axis is logarithmic in every case */
};

/*
 * Each series as a step outline, one step per bucket.  A linear value
 * axis is in ns, µs, ms or s, whichever fits the range, its unit appended
 * to fig->xlabel ("wake-up latency" -> "wake-up latency (µs)"); on a log
 * axis each tick names its own ("100ns", "1µs").  The y axis starts below
 * the smallest count, so a count of 1 stands above it; a zero count drops
 * to the bottom.  The legend gives each series' samples and its over
 * count.  Markers on X are in ns.  fig->ylabel NULL: what y is ("samples
 * per bucket", ...).
 */
int plot_hist(const struct plot_fig *fig, const struct plot_hist *h);

/*
 * The non-empty buckets of one metric of a shieldrt log-linear histogram
 * (SHIELDRT_IOC_HIST: @counts holds nr_buckets counts of one metric,
 * @sub_bits and @bucket_ns as it returned them) into @out, which has room
 * for nr_buckets.  Returns how many it wrote.
 */
size_t plot_buckets_loglin(const uint64_t *counts, uint32_t nr_buckets,
			   uint32_t sub_bits, uint32_t bucket_ns,
			   struct plot_bucket *out);

struct plot_bars {
	const char *const *cats;	/* group names along x: the rows */
	size_t nr_cats;			/* 0..PLOT_MAX_CATS */
	const char *const *series;	/* a bar per series in each group */
	size_t nr_series;		/* 1..PLOT_MAX_SERIES */
	const double *v;	/* v[cat * nr_series + series]; NaN: missing */
	bool log_y;		/* present values must then be > 0 */
	bool values;		/* print each value above its bar */
};

/*
 * Grouped bars from 0 (linear) or from the axis' bottom (log).  A missing
 * value leaves its slot empty with "n/a" in it, never a zero bar.  Group
 * names that do not fit side by side are written vertically.
 */
int plot_bars(const struct plot_fig *fig, const struct plot_bars *b);

enum plot_style {
	PLOT_LINES,		/* points joined by straight lines */
	PLOT_STEPS,		/* y holds until the next x */
	PLOT_POINTS,		/* a small square per point */
	PLOT_LINESPOINTS,	/* both */
};

struct plot_xy_series {
	const char *label;	/* legend; required */
	const double *x;	/* ascending for lines and steps */
	const double *y;	/* NaN: no value here, the line breaks */
	size_t n;
	enum plot_style style;
};

struct plot_xy {
	const struct plot_xy_series *series;
	size_t nr_series;	/* 0..PLOT_MAX_SERIES */
	bool log_x;
	bool log_y;
};

/* Lines against x; x must be finite, y finite or NaN. */
int plot_xy(const struct plot_fig *fig, const struct plot_xy *p);

/* Why the last plot_*() call failed, or "" after a success. */
const char *plot_error(void);

#endif
