// SPDX-License-Identifier: GPL-2.0
/*
 * qualify's figures, drawn with plot.h into the report's directory: the
 * ladder as the worst wake-up latency against the rate, a line per CPU
 * and wait mode, the thresholds as markers; every other section's tables
 * as the bench framework draws them (bench_plot_result: grouped bars per
 * unit, NAME-UNIT.png).  A figure that cannot be drawn is a warning; the
 * report names the ones that exist.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "qualify.h"
#include "userctl.h"

#define LADDER_FIG	"ladder.png"

/* The rows of one CPU and mode, in the table's (ascending) order. */
static size_t ladder_points(const struct bench_table *t, double cpu,
			    const char *mode, double *x, double *y)
{
	const struct bench_val *m;
	unsigned int row;
	size_t n = 0;
	double c, v;

	for (row = 0; row < t->nrows; row++) {
		m = bench_get(t, row, "mode");
		if (!bench_val_num(bench_get(t, row, "cpu"), &c) || c != cpu ||
		    !m || m->kind != BV_TEXT || strcmp(m->text, mode) ||
		    !bench_val_num(bench_get(t, row, "rate_hz"), &x[n]))
			continue;
		/* a rung not run, or a zero a log axis cannot show: a gap */
		y[n] = bench_val_num(bench_get(t, row, "late_max_ns"), &v) &&
		       v > 0 ? v / 1e3 : NAN;
		n++;
	}
	return n;
}

static int ladder_figure(const struct qualify *q, char *why, size_t len)
{
	const struct qsec_run *r = &q->sec[QS_LADDER];
	const struct bench_table *t = bench_table(&r->r, "rows");
	const struct bench_table *bt = bench_table(&r->r, "best");
	struct plot_xy_series ser[PLOT_MAX_SERIES];
	char *labels[PLOT_MAX_SERIES], *path, caption[400];
	double *x[PLOT_MAX_SERIES], *y[PLOT_MAX_SERIES], cpu;
	struct plot_marker mk[2];
	struct plot_fig fig;
	struct plot_xy p;
	unsigned int row, n = 0, i;
	int ret;

	if (!t || !bt || !t->nrows)
		return 1;
	for (row = 0; row < bt->nrows && n < PLOT_MAX_SERIES; row++) {
		const struct bench_val *m = bench_get(bt, row, "mode");

		if (!bench_val_num(bench_get(bt, row, "cpu"), &cpu) || !m ||
		    m->kind != BV_TEXT)
			continue;
		x[n] = xmalloc(t->nrows * sizeof(double));
		y[n] = xmalloc(t->nrows * sizeof(double));
		labels[n] = xasprintf("CPU %.0f %s", cpu, m->text);
		ser[n] = (struct plot_xy_series){
			.label = labels[n], .x = x[n], .y = y[n],
			.n = ladder_points(t, cpu, m->text, x[n], y[n]),
			.style = PLOT_LINESPOINTS,
		};
		n++;
	}
	mk[0] = (struct plot_marker){ PLOT_AXIS_X, q->thr[QT_RATE_HZ],
				      "--rate-hz" };
	mk[1] = (struct plot_marker){ PLOT_AXIS_Y, q->thr[QT_MAX_LATENCY_US],
				      "--max-latency-us" };
	snprintf(caption, sizeof(caption),
		 "each rung: the worst wake-up latency (deadline to the work's start, exact max) over %.1f s measured; rungs with overruns are drawn too (the table says which passed); rungs not run are gaps",
		 r->unit_s);
	memset(&fig, 0, sizeof(fig));
	path = xasprintf("%s/%s", q->outdir, LADDER_FIG);
	fig.path = path;
	fig.title = "qualify: worst wake-up latency per rung";
	fig.xlabel = "loop rate (Hz)";
	fig.ylabel = "worst wake-up latency (us)";
	fig.caption = caption;
	/* a zero latency threshold has no place on a log axis */
	fig.markers = mk;
	fig.nr_markers = q->thr[QT_MAX_LATENCY_US] > 0 ? 2 : 1;
	memset(&p, 0, sizeof(p));
	p.series = ser;
	p.nr_series = n;
	p.log_x = true;
	p.log_y = true;
	ret = plot_xy(&fig, &p);
	if (ret)
		snprintf(why, len, "%s: %s (%s)", path, strerror(-ret),
			 plot_error());
	for (i = 0; i < n; i++) {
		free(x[i]);
		free(y[i]);
		free(labels[i]);
	}
	free(path);
	return ret ? -1 : 0;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The PNGs in the directory whose names start with @prefix, sorted. */
static void figures_named(const char *dir, const char *prefix, char ***figs,
			  unsigned int *n)
{
	size_t pl = strlen(prefix), first = *n;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);

		if (strncmp(de->d_name, prefix, pl) || l < 4 ||
		    strcmp(de->d_name + l - 4, ".png"))
			continue;
		*figs = xrealloc(*figs, (*n + 1) * sizeof(**figs));
		(*figs)[(*n)++] = xstrdup(de->d_name);
	}
	closedir(d);
	qsort(*figs + first, *n - first, sizeof(**figs), name_cmp);
}

unsigned int qualify_figures(const struct qualify *q, char ***figs)
{
	char why[512], prefix[64];
	unsigned int s, n = 0;

	*figs = NULL;
	for (s = QS_AUDIT + 1; s < QS_NR; s++) {
		const struct qsec_run *r = &q->sec[s];

		if (!r->have_result || !r->r.def)
			continue;
		if (s == QS_LADDER) {
			if (ladder_figure(q, why, sizeof(why)) < 0)
				warnx_("qualify: figure: %s", why);
			figures_named(q->outdir, LADDER_FIG, figs, &n);
			continue;
		}
		if (bench_plot_result(&r->r, q->outdir, why, sizeof(why)))
			warnx_("qualify: figures of %s: %s", qsec_defs[s].name,
			       why);
		snprintf(prefix, sizeof(prefix), "%s-", r->r.def->name);
		figures_named(q->outdir, prefix, figs, &n);
	}
	return n;
}
