/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * How many assignments a staged parameter text holds: the count a commit
 * reports as params= (the module's commits view) and userctl checks in a
 * recording's commit lines and writes for sim --commit.  One definition,
 * so both always count alike.  Integer code only.
 */
#ifndef SHIELDRT_STAGE_TEXT_H
#define SHIELDRT_STAGE_TEXT_H

#include <linux/types.h>
#ifndef __KERNEL__
#include <stdbool.h>
#include <stddef.h>
#endif

/* Words holding a '=', outside '#' comments (which end at a newline). */
static inline __u32 srt_stage_count_assignments(const char *text, size_t len)
{
	bool comment = false, in_word = false, eq = false;
	__u32 n = 0;
	size_t i;

	for (i = 0; i <= len; i++) {
		char ch = i < len ? text[i] : '\n';
		bool blank = ch == ' ' || ch == '\t' || ch == '\r' ||
			     ch == '\n' || ch == '#';

		if (blank || comment) {
			if (in_word && eq)
				n++;
			in_word = false;
			eq = false;
			if (ch == '#')
				comment = true;
			if (ch == '\n')
				comment = false;
			continue;
		}
		in_word = true;
		eq |= ch == '=';
	}
	return n;
}

#endif /* SHIELDRT_STAGE_TEXT_H */
