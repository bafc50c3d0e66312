/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's texts (its debugfs files, which userctl reads as views
 * through the control plane, see ctl.h) and the names it takes.
 */
#ifndef USERCTL_DEBUGFS_H
#define USERCTL_DEBUGFS_H

#include "../include/uapi/shieldrt.h"

#define SRT_NAME_MAX	SHIELDRT_NAME_MAX	/* the module's name limit */

/* A loop name as the module takes it: [A-Za-z0-9_-], 1..15 chars. */
void srt_check_name(const char *name);

#include "json.h"

/*
 * Emit a module text as a JSON value: an object when every line is
 * "key: value" or "key=value" (numbers as numbers), else the text as a
 * string.
 */
void srt_json_text(struct json *j, const char *text);

/*
 * One line of "key=value" tokens ("out=2 min=-1 max=inf") as an object,
 * numbers as numbers; anything else as a string.
 */
void srt_json_kv_line(struct json *j, const char *line);

#endif
