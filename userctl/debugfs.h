/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's admin files under /sys/kernel/debug/shieldrt/: a top-level
 * "control" that takes one command per write, and one directory per loop.
 */
#ifndef USERCTL_DEBUGFS_H
#define USERCTL_DEBUGFS_H

#include "../include/uapi/shieldrt.h"

#define SRT_DEBUGFS	"/sys/kernel/debug/shieldrt"
#define SRT_NAME_MAX	SHIELDRT_NAME_MAX	/* the module's name limit */

/* "<root>/sys/kernel/debug/shieldrt[/<loop>][/<file>]", malloc'ed. */
char *srt_path(const char *loop, const char *file);

/* Exit (status 1) unless the module's debugfs directory is there. */
void srt_require(void);

/*
 * Write @line to "control"; on failure exit with the kernel's reason:
 * the loop's last_error if @loop names one, else the top-level one.
 */
void srt_control(const char *loop, const char *line);

/* A loop name as the module takes it: [A-Za-z0-9_-], 1..15 chars. */
void srt_check_name(const char *name);

#include "json.h"

/*
 * Emit a debugfs text file as a JSON value: an object when every line is
 * "key: value" or "key=value" (numbers as numbers), else the text as a
 * string.
 */
void srt_json_text(struct json *j, const char *text);

/*
 * One line of "key=value" tokens ("out=2 min=-1 max=inf") as an object,
 * numbers as numbers; anything else as a string.
 */
void srt_json_kv_line(struct json *j, const char *line);

/* Loop names: the directories under shieldrt/. Returns the count. */
unsigned int srt_loops(char ***names);

#endif
