/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Parameter commits in a recording: `userctl record --meta` copies them
 * from the loop's "commits" view, `userctl sim --commit` writes its own,
 * and `userctl replay` applies each at the cycle it took effect.
 *
 * In the recording, after the data:
 *   # commits total=T
 *   # commit gen=G cycle=C running=0|1 params=P lines=L
 *   # set ASSIGNMENTS          (L lines: the staged text, as written)
 * T counts the commits since the chain was loaded; a recording that holds
 * fewer entries than T lost some and cannot be replayed.  The header's
 * "commits=T0" says how many of them were in force before the first
 * record: those are applied before the first step, and the chain is then
 * reset, as the loop's start (or resume) did.
 */
#ifndef USERCTL_COMMITS_H
#define USERCTL_COMMITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "../include/shieldrt_stage_text.h"

struct sim_chain;

struct commit_rec {
	unsigned long long gen, cycle;
	int running;
	unsigned int params, lines;
	char *text;		/* the "set" lines, newline-terminated */
	size_t len;
};

struct commit_log {
	struct commit_rec *rec;		/* sorted by gen */
	unsigned int n, cap;
	long long total;		/* -1: no "commits total=" line */
	unsigned int want_lines;	/* set lines the last entry still needs */
};

void commit_log_init(struct commit_log *l);
void commit_log_free(struct commit_log *l);

/*
 * Merge the kernel's "commits" view text: entries not yet held are added;
 * the view's total replaces ours.  0, or -1 with *why set if the text is
 * not what the module writes.
 */
int commit_log_merge_view(struct commit_log *l, const char *text,
			  const char **why);

/* Write "# commits total=..." and every entry. */
void commit_log_write(const struct commit_log *l, FILE *f);

/*
 * One '#' line of a recording: 1 if it belonged to the commit lines, 0 if
 * not, -1 (with *why) if it is a malformed commit line.
 */
int commit_log_parse_line(struct commit_log *l, const char *line,
			  const char **why);

/*
 * After the last line: the entries must be complete and in order, the
 * gens contiguous and as many as total, each entry's params= the
 * number of assignments in its set lines.  0, or -1 with *why.
 */
int commit_log_check(const struct commit_log *l, const char **why);

/* Apply one entry to a host chain as the loop did: stage then commit. */
int commit_apply(struct sim_chain *s, const struct commit_rec *c,
		 void **setbuf, char *err, size_t errlen);

#endif
