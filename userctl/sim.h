/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running a chain file on the host with the kernel's own library
 * (algorithms/, built with -ffp-contract=off like the module): shared by
 * `userctl sim` and `userctl replay` (both helpers live in cmd_sim.c).
 */
#ifndef USERCTL_SIM_H
#define USERCTL_SIM_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "../algorithms/srt_chain.h"
#include "../include/shieldrt_f64.h"

struct sim_chain {
	const char *path;
	struct srt_chain *c;
	void *arena;
	u32 n_in, n_out;
};

/*
 * Compile a chain file; period_ns 0 takes period_us from the text.  A
 * chain the parser refuses is a usage error; sim_chain_try_load() returns
 * it instead (with err set and nothing left to free).
 */
void sim_chain_load(struct sim_chain *s, const char *path, u32 period_ns);
int sim_chain_try_load(struct sim_chain *s, const char *path, u32 period_ns,
		       struct srt_err *err);
void sim_chain_free(struct sim_chain *s);

/*
 * The next line of a text input (a CSV, a recording), its LF kept, into
 * *line (grown as needed, like getline()), and no longer than
 * SIM_LINE_MAX bytes, its \n or \r\n not counted: an endless line,
 * /dev/zero say, is a usage error naming @path and line @lineno, not a
 * read into memory without end.  So is a NUL byte, which would end the
 * line early for every parser after.
 * Returns the length, or -1 at the end of the input.
 */
#define SIM_LINE_MAX	(1 << 20)
ssize_t sim_read_line(char **line, size_t *cap, FILE *f, const char *path,
		      unsigned long lineno);

/*
 * One CSV line split at commas in place; fields point into line.  The
 * line ends at its first CR or LF; with trim, blanks around each field
 * are dropped.
 */
#define SIM_MAX_FIELDS	256
unsigned int sim_csv_split(char *line, char **field, unsigned int max,
			   bool trim);

/*
 * A double from recorded text, exactly: %.17g and %a both read back to
 * the bits they were printed from.  0 on success, -1 if s is not a number.
 */
int sim_parse_value(const char *s, u64 *bits);

/* Bits -> text that reads back to the same bits: %.17g, or %a with hex. */
void sim_print_value(FILE *f, u64 bits, int hex);

#endif
