// SPDX-License-Identifier: GPL-2.0
/*
 * Parameter commits in recordings (see commits.h for the format).  Both
 * the kernel's view and a recording are parsed strictly: a field out of
 * place, a number that is not plain digits, or a set line too many or
 * too few is an error naming what is wrong, never a guess.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "commits.h"
#include "sim.h"
#include "userctl.h"

/* Bounds a hostile recording cannot push us past. */
#define COMMIT_MAX_ENTRIES	100000
#define COMMIT_MAX_LINES	16384
#define COMMIT_MAX_TEXT		(64 * 1024)

void commit_log_init(struct commit_log *l)
{
	memset(l, 0, sizeof(*l));
	l->total = -1;
}

void commit_log_free(struct commit_log *l)
{
	unsigned int i;

	for (i = 0; i < l->n; i++)
		free(l->rec[i].text);
	free(l->rec);
	commit_log_init(l);
}

/* "KEY=DIGITS" at *p, then a blank or the end; advances *p. */
static int take_num(const char **p, const char *key, unsigned long long max,
		    unsigned long long *v)
{
	size_t k = strlen(key);
	const char *s = *p;
	unsigned long long n = 0;

	if (strncmp(s, key, k))
		return -1;
	s += k;
	if (*s < '0' || *s > '9')
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		unsigned long long d = (unsigned long long)(*s - '0');

		/* d > max first: max - d must not wrap (running=2, max 1) */
		if (d > max || n > (max - d) / 10)
			return -1;
		n = n * 10 + d;
	}
	if (*s == ' ')
		s++;
	else if (*s && *s != '\n')
		return -1;
	*v = n;
	*p = s;
	return 0;
}

/* The fields after "commit ": gen cycle running params lines, in order. */
static int parse_entry(const char *p, struct commit_rec *c)
{
	unsigned long long running, params, lines;

	memset(c, 0, sizeof(*c));
	if (take_num(&p, "gen=", ~0ULL, &c->gen) ||
	    take_num(&p, "cycle=", ~0ULL, &c->cycle) ||
	    take_num(&p, "running=", 1, &running) ||
	    take_num(&p, "params=", ~0U, &params) ||
	    take_num(&p, "lines=", COMMIT_MAX_LINES, &lines) ||
	    (*p && *p != '\n'))
		return -1;
	c->running = (int)running;
	c->params = (unsigned int)params;
	c->lines = (unsigned int)lines;
	return 0;
}

static struct commit_rec *find_gen(struct commit_log *l,
				   unsigned long long gen)
{
	unsigned int i;

	for (i = 0; i < l->n; i++)
		if (l->rec[i].gen == gen)
			return &l->rec[i];
	return NULL;
}

/* Insert in gen order; the caller checked the gen is new. */
static struct commit_rec *insert(struct commit_log *l,
				 const struct commit_rec *c)
{
	unsigned int i;

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->rec = xrealloc(l->rec, l->cap * sizeof(*l->rec));
	}
	for (i = l->n; i > 0 && l->rec[i - 1].gen > c->gen; i--)
		l->rec[i] = l->rec[i - 1];
	l->rec[i] = *c;
	l->n++;
	return &l->rec[i];
}

/* Append one set line (without its "set " prefix) to an entry. */
static int append_text(struct commit_rec *c, const char *s)
{
	size_t n = strcspn(s, "\n");

	if (c->len + n + 1 > COMMIT_MAX_TEXT)
		return -1;
	c->text = xrealloc(c->text, c->len + n + 2);
	memcpy(c->text + c->len, s, n);
	c->text[c->len + n] = '\n';
	c->len += n + 1;
	c->text[c->len] = '\0';
	return 0;
}

int commit_log_merge_view(struct commit_log *l, const char *text,
			  const char **why)
{
	unsigned long long total, kept;
	struct commit_rec c, *cur = NULL;
	unsigned int want = 0;
	const char *p = text;

	if (take_num(&p, "commits ", ~0ULL, &total) ||
	    take_num(&p, "kept ", ~0ULL, &kept)) {
		*why = "the commits view does not start with 'commits N kept N'";
		return -1;
	}
	for (p = strchr(text, '\n'); p && p[1]; p = strchr(p, '\n')) {
		p++;
		if (want) {
			if (strncmp(p, "set ", 4)) {
				*why = "a commit in the view lacks its set lines";
				return -1;
			}
			if (cur && append_text(cur, p + 4)) {
				*why = "a commit's text is too long";
				return -1;
			}
			want--;
			continue;
		}
		if (strncmp(p, "commit ", 7) || parse_entry(p + 7, &c)) {
			*why = "a line of the commits view is not 'commit gen=...'";
			return -1;
		}
		want = c.lines;
		/* held already (an earlier look at the view): skip its lines */
		cur = find_gen(l, c.gen) ? NULL : insert(l, &c);
	}
	if (want) {
		*why = "the commits view ends inside a commit";
		return -1;
	}
	l->total = (long long)total;
	return 0;
}

void commit_log_write(const struct commit_log *l, FILE *f)
{
	const struct commit_rec *c;
	const char *p, *nl;
	unsigned int i;

	fprintf(f, "# commits total=%lld\n", l->total < 0 ? 0 : l->total);
	for (i = 0; i < l->n; i++) {
		c = &l->rec[i];
		fprintf(f, "# commit gen=%llu cycle=%llu running=%d params=%u lines=%u\n",
			c->gen, c->cycle, c->running, c->params, c->lines);
		for (p = c->text; p && *p; p = nl + 1) {
			nl = strchr(p, '\n');
			fprintf(f, "# set %.*s\n", (int)(nl - p), p);
		}
	}
}

int commit_log_parse_line(struct commit_log *l, const char *line,
			  const char **why)
{
	unsigned long long total;
	struct commit_rec c;
	const char *p;

	if (l->want_lines) {
		if (strncmp(line, "# set ", 6)) {
			*why = "a commit has fewer set lines than its lines= says";
			return -1;
		}
		if (append_text(&l->rec[l->n - 1], line + 6)) {
			*why = "a commit's text is over 64 KiB";
			return -1;
		}
		l->want_lines--;
		return 1;
	}
	if (!strncmp(line, "# set ", 6)) {
		*why = "a set line outside a commit (more set lines than lines= says?)";
		return -1;
	}
	if (!strncmp(line, "# commits ", 10)) {
		p = line + 10;
		if (take_num(&p, "total=", COMMIT_MAX_ENTRIES, &total) ||
		    (*p && *p != '\n')) {
			*why = "malformed 'commits total=' line";
			return -1;
		}
		if (l->total >= 0) {
			*why = "two 'commits total=' lines";
			return -1;
		}
		l->total = (long long)total;
		return 1;
	}
	if (strncmp(line, "# commit ", 9))
		return 0;
	if (parse_entry(line + 9, &c)) {
		*why = "malformed commit line (want gen= cycle= running=0|1 params= lines=)";
		return -1;
	}
	if (l->n && c.gen <= l->rec[l->n - 1].gen) {
		*why = "commit gens out of order";
		return -1;
	}
	if (l->n >= COMMIT_MAX_ENTRIES) {
		*why = "more than 100000 commits";
		return -1;
	}
	insert(l, &c);
	l->want_lines = c.lines;
	return 1;
}

int commit_log_check(const struct commit_log *l, const char **why)
{
	static char msg[160];
	unsigned int i, n;

	if (l->want_lines) {
		*why = "the last commit lacks set lines";
		return -1;
	}
	if (l->total < 0) {
		if (l->n) {
			*why = "commit lines without a 'commits total=' line";
			return -1;
		}
		return 0;
	}
	if ((long long)l->n != l->total) {
		*why = "the recording does not hold every commit since the chain was loaded (the loop keeps its last 16; were there more, or was the chain reloaded?)";
		return -1;
	}
	for (i = 1; i < l->n; i++) {
		if (l->rec[i].gen != l->rec[i - 1].gen + 1) {
			*why = "a commit generation is missing";
			return -1;
		}
	}
	for (i = 0; i < l->n; i++) {
		if (!l->rec[i].text && l->rec[i].lines) {
			*why = "a commit without its text";
			return -1;
		}
		n = srt_stage_count_assignments(l->rec[i].text,
						l->rec[i].len);
		if (n != l->rec[i].params) {
			snprintf(msg, sizeof(msg),
				 "commit gen=%llu says params=%u, its set lines hold %u assignments",
				 l->rec[i].gen, l->rec[i].params, n);
			*why = msg;
			return -1;
		}
	}
	return 0;
}

int commit_apply(struct sim_chain *s, const struct commit_rec *c,
		 void **setbuf, char *err, size_t errlen)
{
	size_t size = srt_pset_size(s->c);
	struct srt_pset *ps, *old;
	struct srt_err e;
	void *buf;

	buf = aligned_alloc(SRT_ALIGN, size);
	if (!buf)
		fatal("out of memory");
	ps = srt_pset_init(s->c, buf, size);
	if (!ps) {
		snprintf(err, errlen, "internal: no room for a parameter set");
		goto err_free;
	}
	if (srt_pset_stage(s->c, ps, c->text ? c->text : "",
			   c->text ? c->len : 0, &e)) {
		snprintf(err, errlen, "%s", e.msg);
		goto err_free;
	}
	if (srt_chain_commit(s->c, ps, &old)) {
		snprintf(err, errlen, "the chain refused the set");
		goto err_free;
	}
	/* the set replaced is ours again (unless it is the arena's own) */
	free(*setbuf);
	*setbuf = buf;
	return 0;

err_free:
	free(buf);
	return -1;
}
