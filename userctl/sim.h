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
