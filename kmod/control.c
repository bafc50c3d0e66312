// SPDX-License-Identifier: GPL-2.0
/*
 * Control lines, from debugfs "control" or the "loops" module parameter:
 *
 *   create name=a cpu=1 period_us=100 mode=hybrid [key=value ...]
 *   destroy|start|stop|reset|resume <name>
 *
 * Each line succeeds whole or changes nothing; a failure leaves its
 * one-line reason in last_error and in the kernel log.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "loop.h"
#include "debugfs.h"

static int srt_control_line(char *line, char *err, size_t errlen)
{
	enum srt_verb verb;
	char *args;
	int ret;

	ret = srt_control_split(line, &verb, &args, err, errlen);
	if (ret)
		return ret;
	switch (verb) {
	case SRT_VERB_CREATE:
		return srt_loop_create_line(args, false, err, errlen);
	case SRT_VERB_DESTROY:
		return srt_loop_destroy(args, err, errlen);
	case SRT_VERB_START:
		return srt_loop_start(args, err, errlen);
	case SRT_VERB_STOP:
		return srt_loop_stop(args, err, errlen);
	case SRT_VERB_RESET:
		return srt_loop_reset(args, err, errlen);
	case SRT_VERB_RESUME:
		return srt_loop_resume(args, err, errlen);
	default:
		snprintf(err, errlen, "internal: verb %d", verb);
		return -EINVAL;
	}
}

/* Failed operations on an existing loop also show in its last_error. */
static void srt_control_fail(const char *line_copy, const char *err)
{
	char name[SRT_NAME_LEN];
	struct srt_loop *loop;
	const char *sp = strchr(line_copy, ' ');

	srt_error_set(NULL, err);
	if (!sp || strncmp(line_copy, "create", 6) == 0)
		return;
	strscpy(name, skip_spaces(sp), sizeof(name));
	loop = srt_loop_find_get(strim(name));
	if (loop) {
		srt_error_set(loop, err);
		srt_loop_put(loop);
	}
}

/* One or more lines; stops at the first that fails and returns its error. */
int srt_control_write(char *buf)
{
	char err[SRT_ERR_LEN], copy[64];
	char *line;
	int ret;

	while ((line = strsep(&buf, "\n")) != NULL) {
		line = strim(line);
		if (!*line || *line == '#')
			continue;
		strscpy(copy, line, sizeof(copy));
		err[0] = '\0';
		ret = srt_control_line(line, err, sizeof(err));
		if (ret) {
			srt_control_fail(copy, err[0] ? err : "failed");
			return ret;
		}
	}
	return 0;
}

/* loops="name=a cpu=1 ...;name=b ...": create and start each, in order. */
int srt_control_modparam(const char *spec)
{
	char err[SRT_ERR_LEN];
	char *dup, *cur, *part;
	int ret = 0;

	dup = kstrdup(spec, GFP_KERNEL);
	if (!dup)
		return -ENOMEM;
	cur = dup;
	while ((part = strsep(&cur, ";")) != NULL) {
		part = strim(part);
		if (!*part)
			continue;
		err[0] = '\0';
		ret = srt_loop_create_line(part, true, err, sizeof(err));
		if (ret) {
			srt_error_set(NULL, err[0] ? err : "failed");
			break;
		}
	}
	kfree(dup);
	return ret;
}
