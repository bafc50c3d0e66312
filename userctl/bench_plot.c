// SPDX-License-Identifier: GPL-2.0
/*
 * --plot DIR: a bench's tables as figures (plot.h), beside its JSON.  Each
 * table's numeric columns, grouped by unit (at most PLOT_MAX_SERIES to a
 * figure), as grouped bars with a group per row, named by the row's text
 * cells; a missing value or a bound past a histogram's range is drawn as
 * "n/a", never as a number.  The caption gives each column's resolution.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "plot.h"
#include "userctl.h"

/* The row's name: its text cells, joined. */
static char *row_label(const struct bench_table *t, unsigned int row)
{
	char *s = xstrdup(""), *n;
	unsigned int c;

	for (c = 0; c < t->ncols; c++) {
		const struct bench_val *v = &t->v[(size_t)row * t->ncols + c];

		if (v->kind != BV_TEXT || !strcmp(v->text, "-"))
			continue;
		n = xasprintf("%s%s%s", s, *s ? " " : "", v->text);
		free(s);
		s = n;
	}
	return s;
}

/* Does column @c hold a number in any row? */
static bool col_numeric(const struct bench_table *t, unsigned int c)
{
	unsigned int r;
	double d;

	for (r = 0; r < t->nrows; r++)
		if (bench_val_num(&t->v[(size_t)r * t->ncols + c], &d))
			return true;
	return false;
}

/* A unit as a file name part: "ns", "pct", "count". */
static const char *unit_file(const char *u)
{
	if (!*u)
		return "count";
	if (!strcmp(u, "%"))
		return "pct";
	if (!strcmp(u, "1/s"))
		return "per_s";
	if (!strcmp(u, "/10k"))
		return "per_10k";
	return u;
}

/* One figure: columns @cols (@n of them, one unit) of table @t. */
static int plot_group(const struct bench_result *r,
		      const struct bench_table *t, const unsigned int *cols,
		      unsigned int n, unsigned int part, const char *dir,
		      char *why, size_t whylen)
{
	const char *series[PLOT_MAX_SERIES], *cats[PLOT_MAX_CATS];
	const char *unit = t->cols[cols[0]].unit;
	char *labels[PLOT_MAX_CATS], *path, *title, caption[512] = "";
	char suffix[16] = "";
	unsigned int nr = t->nrows < PLOT_MAX_CATS ? t->nrows : PLOT_MAX_CATS;
	unsigned int i, row;
	struct plot_fig fig;
	struct plot_bars b;
	double *v, d;
	int ret;

	v = xmalloc((size_t)nr * n * sizeof(*v));
	for (row = 0; row < nr; row++) {
		labels[row] = row_label(t, row);
		cats[row] = labels[row];
		for (i = 0; i < n; i++)
			v[row * n + i] = bench_val_num(bench_get(t, row,
							t->cols[cols[i]].key),
						       &d) ? d : NAN;
	}
	for (i = 0; i < n; i++) {
		series[i] = t->cols[cols[i]].key;
		snprintf(caption + strlen(caption),
			 sizeof(caption) - strlen(caption), "%s%s: %s", i ?
			 "; " : "resolution: ", t->cols[cols[i]].key,
			 *t->cols[cols[i]].res ? t->cols[cols[i]].res : "as set");
	}
	if (part)
		snprintf(suffix, sizeof(suffix), "-%u", part);
	path = xasprintf("%s/%s%s%s-%s%s.png", dir, r->def->name,
			 strcmp(t->name, "rows") ? "-" : "",
			 strcmp(t->name, "rows") ? t->name : "",
			 unit_file(unit), suffix);
	title = xasprintf("userctl bench %s%s%s", r->def->name,
			  strcmp(t->name, "rows") ? ": " : "",
			  strcmp(t->name, "rows") ? t->name : "");
	memset(&fig, 0, sizeof(fig));
	fig.path = path;
	fig.title = title;
	fig.xlabel = "row";
	fig.ylabel = *unit ? unit : "count";
	fig.caption = caption;
	memset(&b, 0, sizeof(b));
	b.cats = cats;
	b.nr_cats = nr;
	b.series = series;
	b.nr_series = n;
	b.v = v;
	ret = plot_bars(&fig, &b);
	if (ret)
		snprintf(why, whylen, "%s: %s (%s)", path, strerror(-ret),
			 plot_error());
	else
		fprintf(stderr, "userctl: bench: wrote %s\n", path);
	for (row = 0; row < nr; row++)
		free(labels[row]);
	free(v);
	free(path);
	free(title);
	return ret;
}

int bench_plot_result(const struct bench_result *r, const char *dir,
		      char *why, size_t whylen)
{
	unsigned int ti, c, k, n, i, parts, cols[BENCH_MAX_COLS];
	bool done[BENCH_MAX_COLS];
	int ret = 0;

	for (ti = 0; ti < r->ntables; ti++) {
		const struct bench_table *t = &r->t[ti];

		if (t->ncols > BENCH_MAX_COLS)
			fatal("bench %s: %u columns, plots take %d",
			      r->def->name, t->ncols, BENCH_MAX_COLS);
		memset(done, 0, sizeof(done));
		for (c = 0; c < t->ncols; c++) {
			if (done[c] || !col_numeric(t, c))
				continue;
			/* this column's unit: every numeric column of it */
			for (n = 0, k = c; k < t->ncols; k++) {
				if (done[k] || !col_numeric(t, k) ||
				    strcmp(t->cols[k].unit, t->cols[c].unit))
					continue;
				done[k] = true;
				cols[n++] = k;
			}
			/* PLOT_MAX_SERIES to a figure; numbered when more */
			parts = (n + PLOT_MAX_SERIES - 1) / PLOT_MAX_SERIES;
			for (i = 0; i < parts; i++) {
				unsigned int m = n - i * PLOT_MAX_SERIES;

				ret |= plot_group(r, t, cols + i * PLOT_MAX_SERIES,
						  m < PLOT_MAX_SERIES ? m :
						  PLOT_MAX_SERIES,
						  parts > 1 ? i + 1 : 0, dir, why,
						  whylen);
			}
		}
	}
	return ret ? -1 : 0;
}
