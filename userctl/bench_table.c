// SPDX-License-Identifier: GPL-2.0
/*
 * A bench's result: typed tables (columns with unit and resolution, rows
 * of cells that may be missing with a reason), run information, notes and
 * warnings; printed as a text table in rtla's manner ('#' header lines,
 * column heads over their units and resolutions) or as one JSON document
 * ({"bench", "params", "info", "columns", "rows", "notes", ...}; rows of
 * a table other than the main one carry "row": its name).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "userctl.h"

struct bench_table *bench_table_add(struct bench_result *r, const char *name,
				    const struct bench_col *cols,
				    unsigned int ncols)
{
	struct bench_table *t;

	if (r->ntables == BENCH_MAX_TABLES)
		fatal("bench: more than %d tables", BENCH_MAX_TABLES);
	t = &r->t[r->ntables++];
	memset(t, 0, sizeof(*t));
	t->name = name;
	t->cols = cols;
	t->ncols = ncols;
	return t;
}

unsigned int bench_row_add(struct bench_table *t)
{
	if (t->nrows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 8;
		t->v = xrealloc(t->v, (size_t)t->cap * t->ncols * sizeof(*t->v));
		t->why = xrealloc(t->why, t->cap * sizeof(*t->why));
	}
	memset(&t->v[(size_t)t->nrows * t->ncols], 0,
	       t->ncols * sizeof(*t->v));
	t->why[t->nrows] = NULL;
	return t->nrows++;
}

static int col_index(const struct bench_table *t, const char *key)
{
	unsigned int c;

	for (c = 0; c < t->ncols; c++)
		if (!strcmp(t->cols[c].key, key))
			return c;
	return -1;
}

/* The cell to set: a column the bench does not have is its bug. */
static struct bench_val *cell(struct bench_table *t, unsigned int row,
			      const char *key)
{
	int c = col_index(t, key);
	struct bench_val *v;

	if (c < 0 || row >= t->nrows)
		fatal("bench: table %s has no column %s or no row %u", t->name,
		      key, row);
	v = &t->v[(size_t)row * t->ncols + c];
	free(v->text);
	memset(v, 0, sizeof(*v));
	return v;
}

void bench_set_u(struct bench_table *t, unsigned int row, const char *key,
		 unsigned long long v)
{
	struct bench_val *c = cell(t, row, key);

	c->kind = BV_UINT;
	c->u = v;
}

void bench_set_i(struct bench_table *t, unsigned int row, const char *key,
		 long long v)
{
	struct bench_val *c = cell(t, row, key);

	c->kind = BV_INT;
	c->i = v;
}

void bench_set_d(struct bench_table *t, unsigned int row, const char *key,
		 double v)
{
	struct bench_val *c = cell(t, row, key);

	/* NaN or infinity: no figure (JSON has neither) */
	if (!isfinite(v))
		return;
	c->kind = BV_REAL;
	c->d = v;
}

void bench_set_text(struct bench_table *t, unsigned int row, const char *key,
		    const char *fmt, ...)
{
	struct bench_val *c = cell(t, row, key);
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&c->text, fmt, ap) < 0)
		fatal("out of memory");
	va_end(ap);
	c->kind = BV_TEXT;
}

void bench_set_q(struct bench_table *t, unsigned int row, const char *key,
		 unsigned long long v, bool past)
{
	struct bench_val *c = cell(t, row, key);

	c->kind = past ? BV_ABOVE : BV_UINT;
	c->u = v;
}

void bench_row_why(struct bench_table *t, unsigned int row,
		   const char *fmt, ...)
{
	va_list ap;

	if (row >= t->nrows)
		return;
	free(t->why[row]);
	va_start(ap, fmt);
	if (vasprintf(&t->why[row], fmt, ap) < 0)
		fatal("out of memory");
	va_end(ap);
}

static void info_add(struct bench_result *r, const char *key,
		     const char *unit, struct bench_val v)
{
	if (r->ninfo == BENCH_MAX_INFO)
		fatal("bench: more than %d info entries", BENCH_MAX_INFO);
	r->info[r->ninfo].key = key;
	r->info[r->ninfo].unit = unit;
	r->info[r->ninfo].v = v;
	r->ninfo++;
}

void bench_info_u(struct bench_result *r, const char *key, const char *unit,
		  unsigned long long v)
{
	info_add(r, key, unit, (struct bench_val){ .kind = BV_UINT, .u = v });
}

void bench_info_d(struct bench_result *r, const char *key, const char *unit,
		  double v)
{
	info_add(r, key, unit, (struct bench_val){ .kind = BV_REAL, .d = v });
}

void bench_info_text(struct bench_result *r, const char *key,
		     const char *fmt, ...)
{
	struct bench_val v = { .kind = BV_TEXT };
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&v.text, fmt, ap) < 0)
		fatal("out of memory");
	va_end(ap);
	info_add(r, key, "", v);
}

static void text_list_add(char ***list, unsigned int *n, const char *fmt,
			  va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) < 0)
		fatal("out of memory");
	*list = xrealloc(*list, (*n + 1) * sizeof(**list));
	(*list)[(*n)++] = s;
}

void bench_note(struct bench_result *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	text_list_add(&r->notes, &r->nnotes, fmt, ap);
	va_end(ap);
}

void bench_warn(struct bench_result *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	text_list_add(&r->warnings, &r->nwarnings, fmt, ap);
	va_end(ap);
}

const struct bench_val *bench_get(const struct bench_table *t,
				  unsigned int row, const char *key)
{
	int c = col_index(t, key);

	if (c < 0 || row >= t->nrows)
		return NULL;
	return &t->v[(size_t)row * t->ncols + c];
}

int bench_find_row(const struct bench_table *t, const char *key,
		   const char *text)
{
	const struct bench_val *v;
	unsigned int r;

	for (r = 0; r < t->nrows; r++) {
		v = bench_get(t, r, key);
		if (v && v->kind == BV_TEXT && !strcmp(v->text, text))
			return r;
	}
	return -1;
}

const struct bench_table *bench_table(const struct bench_result *r,
				      const char *name)
{
	unsigned int i;

	for (i = 0; i < r->ntables; i++)
		if (!strcmp(r->t[i].name, name))
			return &r->t[i];
	return NULL;
}

bool bench_val_num(const struct bench_val *v, double *d)
{
	if (!v)
		return false;
	switch (v->kind) {
	case BV_UINT:
		*d = v->u;
		return true;
	case BV_INT:
		*d = v->i;
		return true;
	case BV_REAL:
		*d = v->d;
		return true;
	default:
		return false;
	}
}

/* ---- text ---- */

void bench_val_text(const struct bench_val *v, int prec, char *buf,
		    size_t len)
{
	switch (v ? v->kind : BV_NONE) {
	case BV_NONE:
		snprintf(buf, len, "-");
		break;
	case BV_UINT:
		snprintf(buf, len, "%llu", v->u);
		break;
	case BV_INT:
		snprintf(buf, len, "%lld", v->i);
		break;
	case BV_REAL:
		snprintf(buf, len, "%.*f", prec, v->d);
		break;
	case BV_TEXT:
		snprintf(buf, len, "%s", v->text);
		break;
	case BV_ABOVE:
		snprintf(buf, len, ">%llu", v->u);
		break;
	}
}

enum head_line { HEAD, UNIT, RES };

static const char *head_text(const struct bench_col *c, enum head_line l)
{
	return l == HEAD ? c->head : l == UNIT ? c->unit : c->res;
}

/* One line of the columns' heads, units or resolutions; none if blank. */
static void head_line(const struct bench_table *t, const unsigned int *w,
		      enum head_line l, FILE *f)
{
	unsigned int c;
	bool any = false;

	for (c = 0; c < t->ncols; c++)
		any |= *head_text(&t->cols[c], l) != '\0';
	if (!any)
		return;
	for (c = 0; c < t->ncols; c++)
		fprintf(f, "%s%-*s", c ? "  " : "", w[c],
			head_text(&t->cols[c], l));
	fputc('\n', f);
}

static void table_text(const struct bench_table *t, FILE *f)
{
	unsigned int *w = xmalloc(t->ncols * sizeof(*w)), c, r;
	char buf[256];
	size_t n;

	for (c = 0; c < t->ncols; c++) {
		w[c] = strlen(t->cols[c].head);
		n = strlen(t->cols[c].unit);
		w[c] = n > w[c] ? n : w[c];
		n = strlen(t->cols[c].res);
		w[c] = n > w[c] ? n : w[c];
		for (r = 0; r < t->nrows; r++) {
			bench_val_text(&t->v[(size_t)r * t->ncols + c],
				       t->cols[c].prec, buf, sizeof(buf));
			n = strlen(buf);
			w[c] = n > w[c] ? n : w[c];
		}
	}
	if (strcmp(t->name, "rows"))
		fprintf(f, "# %s:\n", t->name);
	/* heads, units, resolutions: texts left, the rest right aligned */
	head_line(t, w, HEAD, f);
	head_line(t, w, UNIT, f);
	head_line(t, w, RES, f);
	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			const struct bench_val *v = &t->v[(size_t)r * t->ncols + c];

			bench_val_text(v, t->cols[c].prec, buf, sizeof(buf));
			if (v->kind == BV_TEXT)
				fprintf(f, "%s%-*s", c ? "  " : "", w[c], buf);
			else
				fprintf(f, "%s%*s", c ? "  " : "", w[c], buf);
		}
		fputc('\n', f);
	}
	for (r = 0; r < t->nrows; r++) {
		const struct bench_val *v0 = &t->v[(size_t)r * t->ncols];

		if (!t->why[r])
			continue;
		bench_val_text(v0, t->cols[0].prec, buf, sizeof(buf));
		fprintf(f, "# row %u (%s): %s\n", r + 1, buf, t->why[r]);
	}
	free(w);
}

static void info_value_text(const struct bench_val *v, char *buf, size_t len)
{
	if (v->kind == BV_REAL)
		snprintf(buf, len, "%g", v->d);
	else
		bench_val_text(v, 0, buf, len);
}

void bench_print_text(const struct bench_result *r,
		      const struct bench_env *e, FILE *f)
{
	char buf[256];
	unsigned int i;

	fprintf(f, "# shieldrt bench %s: %s\n", r->def->name, r->def->title);
	fprintf(f, "# kernel %s (%s), module %s; CPU", e->kernel, e->arch,
		e->module_version);
	for (i = 0; i < e->ncpus; i++)
		fprintf(f, "%s%d", i ? "," : " ", e->cpu[i]);
	fprintf(f, " (shielded: %s)\n", e->shielded_from);
	for (i = 0; i < r->ninfo; i++) {
		info_value_text(&r->info[i].v, buf, sizeof(buf));
		fprintf(f, "# %s: %s%s%s\n", r->info[i].key, buf,
			*r->info[i].unit ? " " : "", r->info[i].unit);
	}
	for (i = 0; i < r->ntables; i++)
		table_text(&r->t[i], f);
	for (i = 0; i < r->nnotes; i++)
		fprintf(f, "# %s\n", r->notes[i]);
	for (i = 0; i < r->nwarnings; i++)
		fprintf(f, "# WARNING: %s\n", r->warnings[i]);
}

/* ---- JSON ---- */

static void val_json(struct json *j, const struct bench_val *v)
{
	char buf[64];

	switch (v->kind) {
	case BV_NONE:
		json_null(j);
		break;
	case BV_UINT:
		json_u64(j, v->u);
		break;
	case BV_INT:
		json_int(j, v->i);
		break;
	case BV_REAL:
		snprintf(buf, sizeof(buf), "%.10g", v->d);
		json_raw(j, buf);
		break;
	case BV_TEXT:
		json_str(j, v->text);
		break;
	case BV_ABOVE:
		snprintf(buf, sizeof(buf), ">%llu", v->u);
		json_str(j, buf);
		break;
	}
}

static void columns_json(struct json *j, const struct bench_table *t)
{
	unsigned int c;

	json_arr_begin(j);
	for (c = 0; c < t->ncols; c++) {
		json_obj_begin(j);
		json_kv_str(j, "key", t->cols[c].key);
		json_kv_str(j, "unit", t->cols[c].unit);
		json_kv_str(j, "resolution", t->cols[c].res);
		json_obj_end(j);
	}
	json_arr_end(j);
}

static void params_json(struct json *j, const struct bench_def *d,
			const struct bench_args *a)
{
	unsigned int i, k;
	char buf[32];

	json_key(j, "params");
	json_obj_begin(j);
	snprintf(buf, sizeof(buf), "%g", a->duration_s);
	json_key(j, "duration_s");
	json_raw(j, buf);
	for (i = 0; i < d->nparams; i++) {
		json_key(j, d->params[i].name);
		switch (d->params[i].type) {
		case BP_UINT:
		case BP_FLAG:
			json_u64(j, a->u[i]);
			break;
		case BP_NAME:
			json_str(j, a->s[i]);
			break;
		case BP_WORDS:
		case BP_UINTS:
			json_arr_begin(j);
			for (k = 0; k < a->nw[i]; k++) {
				if (d->params[i].type == BP_WORDS)
					json_str(j, bench_word(d, a, i, k));
				else
					json_u64(j, a->l[i][k]);
			}
			json_arr_end(j);
			break;
		}
	}
	json_obj_end(j);
}

void bench_print_json(const struct bench_result *r,
		      const struct bench_env *e, const struct bench_args *a,
		      FILE *f)
{
	unsigned int i, k, row, c;
	struct json j;

	json_init(&j, f);
	json_obj_begin(&j);
	json_kv_str(&j, "bench", r->def->name);
	json_kv_str(&j, "title", r->def->title);
	json_kv_str(&j, "kernel", e->kernel);
	json_kv_str(&j, "arch", e->arch);
	json_kv_str(&j, "module_version", e->module_version);
	json_key(&j, "cpus");
	json_arr_begin(&j);
	for (i = 0; i < e->ncpus; i++)
		json_int(&j, e->cpu[i]);
	json_arr_end(&j);
	json_kv_str(&j, "shielded_from", e->shielded_from);
	json_kv_bool(&j, "forced", e->forced);
	params_json(&j, r->def, a);
	json_key(&j, "info");
	json_obj_begin(&j);
	for (i = 0; i < r->ninfo; i++) {
		json_key(&j, r->info[i].key);
		val_json(&j, &r->info[i].v);
	}
	json_obj_end(&j);
	json_key(&j, "columns");
	json_obj_begin(&j);
	for (i = 0; i < r->ntables; i++) {
		json_key(&j, r->t[i].name);
		columns_json(&j, &r->t[i]);
	}
	json_obj_end(&j);
	/* one row a line: a reader can diff them, the console carries them */
	json_key(&j, "rows");
	json_arr_begin(&j);
	for (i = 0; i < r->ntables; i++) {
		const struct bench_table *t = &r->t[i];

		for (row = 0; row < t->nrows; row++) {
			fputc('\n', f);
			json_obj_begin(&j);
			json_kv_str(&j, "bench", r->def->name);
			if (strcmp(t->name, "rows"))
				json_kv_str(&j, "row", t->name);
			for (c = 0; c < t->ncols; c++) {
				json_key(&j, t->cols[c].key);
				val_json(&j, &t->v[(size_t)row * t->ncols + c]);
			}
			if (t->why[row])
				json_kv_str(&j, "why", t->why[row]);
			json_obj_end(&j);
		}
	}
	json_arr_end(&j);
	fputc('\n', f);
	json_key(&j, "notes");
	json_arr_begin(&j);
	for (k = 0; k < r->nnotes; k++)
		json_str(&j, r->notes[k]);
	json_arr_end(&j);
	json_key(&j, "warnings");
	json_arr_begin(&j);
	for (k = 0; k < r->nwarnings; k++)
		json_str(&j, r->warnings[k]);
	json_arr_end(&j);
	json_obj_end(&j);
}

void bench_result_free(struct bench_result *r)
{
	unsigned int i, k;
	size_t n;

	for (i = 0; i < r->ntables; i++) {
		struct bench_table *t = &r->t[i];

		n = (size_t)t->nrows * t->ncols;
		while (n--)
			free(t->v[n].text);
		for (k = 0; k < t->nrows; k++)
			free(t->why[k]);
		free(t->v);
		free(t->why);
	}
	for (i = 0; i < r->ninfo; i++)
		free(r->info[i].v.text);
	for (i = 0; i < r->nnotes; i++)
		free(r->notes[i]);
	for (i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->notes);
	free(r->warnings);
	memset(r, 0, sizeof(*r));
}
