// SPDX-License-Identifier: GPL-2.0
/*
 * A bench's arguments from its parameter rows: defaults, parsing one
 * value, and the shared checks (a period a loop can have, a duration long
 * enough for the figures).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "userctl.h"

void bench_param_option(const struct bench_param *p, char *buf, size_t len)
{
	size_t i;

	snprintf(buf, len, "--%s", p->name);
	for (i = 0; buf[i]; i++)
		if (buf[i] == '_')
			buf[i] = '-';
}

int bench_param_index(const struct bench_def *d, const char *name)
{
	unsigned int i;

	for (i = 0; i < d->nparams; i++)
		if (!strcmp(d->params[i].name, name))
			return i;
	return -1;
}

static int words_parse(const struct bench_param *p, const char *text,
		       unsigned char *w, unsigned int *nw, char *err,
		       size_t errlen)
{
	char *copy = xstrdup(text), *tok, *save = NULL, opt[64];
	unsigned int n = 0, k, j;

	bench_param_option(p, opt, sizeof(opt));
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		for (k = 0; p->choices[k] && strcmp(p->choices[k], tok); k++)
			;
		if (!p->choices[k]) {
			char list[512] = "";

			for (j = 0; p->choices[j]; j++)
				snprintf(list + strlen(list),
					 sizeof(list) - strlen(list), "%s%s",
					 j ? "," : "", p->choices[j]);
			snprintf(err, errlen, "%s: '%s' is not one of %s",
				 opt, tok, list);
			goto bad;
		}
		for (j = 0; j < n; j++)
			if (w[j] == k) {
				snprintf(err, errlen, "%s: '%s' given twice",
					 opt, tok);
				goto bad;
			}
		if (n == BENCH_MAX_WORDS) {
			snprintf(err, errlen, "%s: more than %d words", opt,
				 BENCH_MAX_WORDS);
			goto bad;
		}
		w[n++] = k;
	}
	if (!n || text[0] == ',' || text[strlen(text) - 1] == ',' ||
	    strstr(text, ",,")) {
		snprintf(err, errlen, "%s: '%s' is not a comma list of words",
			 opt, text);
		goto bad;
	}
	*nw = n;
	free(copy);
	return 0;
bad:
	free(copy);
	return -1;
}

static int uint_parse(const struct bench_param *p, const char *text,
		      unsigned long long *v, char *err, size_t errlen)
{
	unsigned long long x;
	char *end, opt[64];

	errno = 0;
	x = strtoull(text, &end, 10);
	if (!isdigit((unsigned char)*text) || *end || errno || x < p->min ||
	    x > p->max) {
		bench_param_option(p, opt, sizeof(opt));
		snprintf(err, errlen, "%s: '%s' is not an integer from %llu to %llu%s%s",
			 opt, text, p->min, p->max, *p->unit ? " " : "",
			 p->unit);
		return -1;
	}
	*v = x;
	return 0;
}

/* A comma list of integers, each within the row's bounds. */
static int uints_parse(const struct bench_param *p, const char *text,
		       unsigned long long *l, unsigned int *nl, char *err,
		       size_t errlen)
{
	char *copy = xstrdup(text), *tok, *save = NULL, opt[64];
	unsigned int n = 0;

	bench_param_option(p, opt, sizeof(opt));
	if (!*text || text[0] == ',' || text[strlen(text) - 1] == ',' ||
	    strstr(text, ",,")) {
		snprintf(err, errlen, "%s: '%s' is not a comma list of integers",
			 opt, text);
		goto bad;
	}
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (n == BENCH_MAX_WORDS) {
			snprintf(err, errlen, "%s: more than %d numbers", opt,
				 BENCH_MAX_WORDS);
			goto bad;
		}
		if (uint_parse(p, tok, &l[n], err, errlen))
			goto bad;
		n++;
	}
	*nl = n;
	free(copy);
	return 0;
bad:
	free(copy);
	return -1;
}

/* A name as the module takes it: [A-Za-z0-9_-], 1..15 (0.. if min 0). */
static int name_parse(const struct bench_param *p, const char *text,
		      char *out, char *err, size_t errlen)
{
	size_t len = strlen(text), i;
	char opt[64];

	bench_param_option(p, opt, sizeof(opt));
	for (i = 0; i < len; i++)
		if (!isalnum((unsigned char)text[i]) && text[i] != '_' &&
		    text[i] != '-')
			break;
	if (i < len || len > SHIELDRT_NAME_MAX || len < p->min) {
		snprintf(err, errlen, "%s: '%s' is not a name of %llu to %d letters, digits, '_' or '-'",
			 opt, text, p->min, SHIELDRT_NAME_MAX);
		return -1;
	}
	memcpy(out, text, len + 1);
	return 0;
}

/* --duration: seconds, a finite positive number. */
static int duration_parse(const char *text, double *v, char *err,
			  size_t errlen)
{
	char *end;
	double x;

	errno = 0;
	x = strtod(text, &end);
	if (end == text || *end || errno || !isfinite(x) || x <= 0 ||
	    x > 86400 * 365.0) {
		snprintf(err, errlen, "--duration: '%s' is not a number of seconds above 0",
			 text);
		return -1;
	}
	*v = x;
	return 0;
}

int bench_args_set(const struct bench_def *d, struct bench_args *a,
		   const char *name, const char *text, char *err,
		   size_t errlen)
{
	const struct bench_param *p;
	int i = bench_param_index(d, name);

	if (!strcmp(name, "duration")) {
		if (duration_parse(text, &a->duration_s, err, errlen))
			return -1;
		a->duration_given = true;
		return 0;
	}
	if (i < 0) {
		snprintf(err, errlen, "bench %s has no parameter '%s'",
			 d->name, name);
		return -1;
	}
	p = &d->params[i];
	switch (p->type) {
	case BP_WORDS:
		if (words_parse(p, text, a->w[i], &a->nw[i], err, errlen))
			return -1;
		break;
	case BP_UINTS:
		if (uints_parse(p, text, a->l[i], &a->nw[i], err, errlen))
			return -1;
		break;
	case BP_UINT:
	case BP_FLAG:
		if (uint_parse(p, text, &a->u[i], err, errlen))
			return -1;
		break;
	case BP_NAME:
		if (name_parse(p, text, a->s[i], err, errlen))
			return -1;
		break;
	}
	a->given[i] = true;
	return 0;
}

void bench_args_init(const struct bench_def *d, struct bench_args *a)
{
	char err[256];
	unsigned int i;

	memset(a, 0, sizeof(*a));
	a->duration_s = d->def_duration_s;
	if (d->nparams > BENCH_MAX_PARAMS)
		fatal("bench %s: %u parameters, room for %d", d->name,
		      d->nparams, BENCH_MAX_PARAMS);
	for (i = 0; i < d->nparams; i++) {
		const struct bench_param *p = &d->params[i];
		int ret = 0;

		/* a default that does not parse is a bug of the table */
		switch (p->type) {
		case BP_UINT:
		case BP_FLAG:
			a->u[i] = p->def;
			break;
		case BP_WORDS:
			ret = words_parse(p, p->def_words, a->w[i], &a->nw[i],
					  err, sizeof(err));
			break;
		case BP_UINTS:
			ret = uints_parse(p, p->def_words, a->l[i], &a->nw[i],
					  err, sizeof(err));
			break;
		case BP_NAME:
			ret = name_parse(p, p->def_words, a->s[i], err,
					 sizeof(err));
			break;
		}
		if (ret)
			fatal("bench %s: default of %s: %s", d->name, p->name,
			      err);
	}
}

const char *bench_word(const struct bench_def *d, const struct bench_args *a,
		       unsigned int p, unsigned int i)
{
	return d->params[p].choices[a->w[p][i]];
}

bool bench_has_word(const struct bench_def *d, const struct bench_args *a,
		    unsigned int p, const char *word)
{
	unsigned int i;

	for (i = 0; i < a->nw[p]; i++)
		if (!strcmp(bench_word(d, a, p, i), word))
			return true;
	return false;
}

const char *bench_check_period(unsigned long long period_us, char *buf,
			       size_t len)
{
	if (period_us >= BENCH_PERIOD_MIN_US &&
	    period_us <= BENCH_PERIOD_MAX_US)
		return NULL;
	snprintf(buf, len, "a period of %llu us: a loop's period_us is %d..%d",
		 period_us, BENCH_PERIOD_MIN_US, BENCH_PERIOD_MAX_US);
	return buf;
}

/*
 * Refuse a duration that gives fewer than @min_cycles cycles of
 * @period_us (or less than one second) per @what; @per_s: the seconds of
 * the duration one @what gets.
 */
const char *bench_check_cycles(const struct bench_args *a, double per_s,
			       unsigned long long period_us,
			       unsigned long long min_cycles, const char *what,
			       char *buf, size_t len)
{
	double need = (double)min_cycles * period_us / 1e6;
	double scale = a->duration_s / per_s;	/* duration per @what */

	if (need < 1)
		need = 1;
	if (per_s >= need)
		return NULL;
	snprintf(buf, len, "--duration %g: below the minimum of %g s (%g s per %s: %llu cycles of %llu us)",
		 a->duration_s, need * scale, need, what, min_cycles,
		 period_us);
	return buf;
}
