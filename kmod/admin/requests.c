// SPDX-License-Identifier: GPL-2.0
/*
 * The requests both front ends make: parse, call the loop core, record
 * failures.  srt_admin_mutex serialises create and destroy with the
 * publishing and removal of a loop's view (the debugfs front end's
 * directory, through the hooks it registers), so a view never points at
 * a loop that is gone; the view's own handlers never take it (destroy
 * waits for them while holding it).
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "internal.h"

static DEFINE_MUTEX(srt_admin_mutex);
/* A front end's view of each loop, or NULL; under srt_admin_mutex. */
static const struct srt_view_hooks *srt_view_hooks;

void srt_req_set_view_hooks(const struct srt_view_hooks *hooks)
{
	mutex_lock(&srt_admin_mutex);
	srt_view_hooks = hooks;
	mutex_unlock(&srt_admin_mutex);
}

/* Under srt_admin_mutex. */
static void srt_view_add(struct srt_loop *loop)
{
	/* No view is no reason to fail: the ioctls still reach the loop. */
	if (srt_view_hooks && srt_view_hooks->add(loop))
		pr_warn("%s: no debugfs view\n", loop->name);
}

static void srt_view_remove(struct srt_loop *loop)
{
	if (srt_view_hooks)
		srt_view_hooks->remove(loop);
}

/* One record (and one log line) per failure: the loop's sets both. */
void srt_req_failed(struct srt_loop *loop, const char *err)
{
	srt_error_set(loop, err[0] ? err : "failed");
}

/* A failed request by loop name: the loop's last_error too, if it exists. */
static int srt_req_result(const char *name, int ret, const char *err)
{
	struct srt_loop *loop;

	if (!ret)
		return 0;
	loop = name ? srt_loop_find_get(name) : NULL;
	srt_req_failed(loop, err);
	if (loop)
		srt_loop_put(loop);
	return ret;
}

/*
 * Create a loop from "key=value ..." settings.  @name, if given, is the
 * loop's name, and a name= among the settings must agree with it.
 */
int srt_req_create(const char *name, char *settings, bool start, char *err,
		   size_t errlen)
{
	struct srt_config *cfg;
	struct srt_loop *loop;
	u32 seen;
	int ret;

	cfg = kmalloc(sizeof(*cfg), GFP_KERNEL);
	if (!cfg) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
		goto out;
	}
	srt_config_defaults(cfg);
	if (name)
		strscpy(cfg->name, name, sizeof(cfg->name));
	ret = srt_config_parse(cfg, settings, &seen, err, errlen);
	if (ret)
		goto out_free;
	ret = -EINVAL;
	if (name && strcmp(cfg->name, name)) {
		snprintf(err, errlen, "name=%s differs from the loop's name %s",
			 cfg->name, name);
		goto out_free;
	}
	mutex_lock(&srt_admin_mutex);
	loop = srt_loop_create(cfg, start, err, errlen);
	ret = PTR_ERR_OR_ZERO(loop);
	if (!ret) {
		srt_view_add(loop);
		srt_loop_put(loop);
	}
	mutex_unlock(&srt_admin_mutex);
out_free:
	kfree(cfg);
out:
	/* A failed create leaves no loop: only the module's last_error. */
	return srt_req_result(NULL, ret, err);
}

int srt_req_destroy(const char *name, char *err, size_t errlen)
{
	struct srt_loop *loop;
	int ret;

	mutex_lock(&srt_admin_mutex);
	loop = srt_loop_unlink(name, err, errlen);
	ret = PTR_ERR_OR_ZERO(loop);
	if (!ret) {
		srt_view_remove(loop);
		srt_loop_put(loop);
	}
	mutex_unlock(&srt_admin_mutex);
	return srt_req_result(NULL, ret, err);
}

void srt_req_destroy_all(void)
{
	struct srt_loop *loop;

	mutex_lock(&srt_admin_mutex);
	while ((loop = srt_loop_unlink_first()) != NULL) {
		srt_view_remove(loop);
		srt_loop_put(loop);
	}
	mutex_unlock(&srt_admin_mutex);
}

int srt_req_start(const char *name, char *err, size_t errlen)
{
	return srt_req_result(name, srt_loop_start(name, err, errlen), err);
}

int srt_req_stop(const char *name, char *err, size_t errlen)
{
	return srt_req_result(name, srt_loop_stop(name, err, errlen), err);
}

int srt_req_reset(const char *name, char *err, size_t errlen)
{
	return srt_req_result(name, srt_loop_reset(name, err, errlen), err);
}

int srt_req_resume(const char *name, char *err, size_t errlen)
{
	return srt_req_result(name, srt_loop_resume(name, err, errlen), err);
}

/* Parse into a copy of the configuration; retry if it moved meanwhile. */
int srt_req_configure(struct srt_loop *loop, char *settings, char *err,
		      size_t errlen)
{
	struct srt_config *cfg;
	char *line = NULL;
	int ret, tries;
	u32 seen;
	u64 gen;

	cfg = kmalloc(sizeof(*cfg), GFP_KERNEL);
	if (!cfg) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
		goto out;
	}
	/* The parser cuts its line up: a retry needs the text again. */
	for (tries = 0; tries < 8; tries++) {
		kfree(line);
		line = kstrdup(settings, GFP_KERNEL);
		ret = -ENOMEM;
		if (!line) {
			snprintf(err, errlen, "out of memory");
			break;
		}
		ret = srt_loop_config_get(loop, cfg, &gen, err, errlen);
		if (ret)
			break;
		ret = srt_config_parse(cfg, line, &seen, err, errlen);
		if (ret)
			break;
		ret = srt_loop_reconfigure(loop, cfg, seen, gen, err, errlen);
		if (ret != -EAGAIN)
			break;
	}
	kfree(line);
	kfree(cfg);
out:
	if (ret)
		srt_req_failed(loop, err);
	return ret;
}

/* A loop request's outcome: a failure is recorded, @what if no reason. */
static int srt_req_done(struct srt_loop *loop, int ret, const char *err,
			const char *what)
{
	if (ret)
		srt_req_failed(loop, err[0] ? err : what);
	return ret;
}

int srt_req_chain(struct srt_loop *loop, char *text, size_t len, char *err,
		  size_t errlen)
{
	return srt_req_done(loop, srt_loop_chain_load(loop, text, len, err,
						      errlen),
			    err, "chain load failed");
}

int srt_req_params(struct srt_loop *loop, char *text, size_t len, char *err,
		   size_t errlen)
{
	return srt_req_done(loop, srt_loop_chain_stage(loop, text, len, err,
						       errlen),
			    err, "staging failed");
}

int srt_req_commit(struct srt_loop *loop, u64 *cycle, char *err,
		   size_t errlen)
{
	return srt_req_done(loop, srt_loop_chain_commit(loop, cycle, err,
							errlen),
			    err, "commit failed");
}

int srt_req_limits(struct srt_loop *loop, char *text, char *err,
		   size_t errlen)
{
	return srt_req_done(loop, srt_loop_limits_set(loop, text, err, errlen),
			    err, "limits: write failed");
}

int srt_req_flight(struct srt_loop *loop, enum srt_flight_op op, u32 on,
		   char *err, size_t errlen)
{
	return srt_req_done(loop, srt_loop_flight(loop, op, on, err, errlen),
			    err, "flight: failed");
}

void srt_req_fpu_empty(struct srt_loop *loop, bool on)
{
	srt_chain_set_fpu_empty(&loop->chain, on);
}

/* One control line: "<verb> <args>". */
static int srt_req_control_line(char *line, char *err, size_t errlen)
{
	enum srt_verb verb;
	char *args;
	int ret;

	ret = srt_control_split(line, &verb, &args, err, errlen);
	if (ret) {
		srt_req_failed(NULL, err);
		return ret;
	}
	switch (verb) {
	case SRT_VERB_CREATE:
		return srt_req_create(NULL, args, false, err, errlen);
	case SRT_VERB_DESTROY:
		return srt_req_destroy(args, err, errlen);
	case SRT_VERB_START:
		return srt_req_start(args, err, errlen);
	case SRT_VERB_STOP:
		return srt_req_stop(args, err, errlen);
	case SRT_VERB_RESET:
		return srt_req_reset(args, err, errlen);
	case SRT_VERB_RESUME:
		return srt_req_resume(args, err, errlen);
	default:
		snprintf(err, errlen, "internal: verb %d", verb);
		srt_req_failed(NULL, err);
		return -EINVAL;
	}
}

/*
 * Check every line of a control write before any runs: its verb, its
 * loop name, and a create's settings as a create parses and validates
 * them, with what they ask of the machine (its CPU, its providers).
 * What depends on the other loops (a name taken or missing, a CPU or a
 * named lock in use) may change with the lines before it, and is checked
 * when the line runs.  On the first bad line the whole write is refused,
 * nothing run, and its number is in the reason.  @text is a copy:
 * parsing cuts it up.
 */
static int srt_req_control_check(char *text, char *err, size_t errlen)
{
	struct srt_config *cfg;
	enum srt_verb verb;
	unsigned int n = 0;
	char *line, *args;
	u32 seen;
	int ret = 0;

	cfg = kmalloc(sizeof(*cfg), GFP_KERNEL);
	if (!cfg) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	while (!ret && (line = strsep(&text, "\n")) != NULL) {
		n++;
		line = strim(line);
		if (!*line || *line == '#')
			continue;
		ret = srt_control_split(line, &verb, &args, err, errlen);
		if (!ret && verb == SRT_VERB_CREATE) {
			srt_config_defaults(cfg);
			ret = srt_config_parse(cfg, args, &seen, err, errlen) ?:
			      srt_config_validate(cfg, err, errlen) ?:
			      srt_loop_check_machine(cfg, err, errlen);
		}
	}
	kfree(cfg);
	/* Name the line when the write had others. */
	if (ret && (n > 1 || (text && *skip_spaces(text)))) {
		char why[SRT_ERR_LEN];

		strscpy(why, err, sizeof(why));
		/* a long reason loses its end, not the line number */
		scnprintf(err, errlen, "line %u: %s; no line of this write was run",
			  n, why);
	}
	return ret;
}

/*
 * One or more lines (the debugfs "control" file).  All are checked first
 * (srt_req_control_check()); then they run in order, and the first that
 * fails stops the rest: the lines before it have taken effect.
 */
int srt_req_control_lines(char *buf)
{
	char err[SRT_ERR_LEN] = "";
	char *line, *copy;
	int ret;

	copy = kstrdup(buf, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	ret = srt_req_control_check(copy, err, sizeof(err));
	kfree(copy);
	if (ret) {
		srt_req_failed(NULL, err);
		return ret;
	}
	while ((line = strsep(&buf, "\n")) != NULL) {
		line = strim(line);
		if (!*line || *line == '#')
			continue;
		err[0] = '\0';
		ret = srt_req_control_line(line, err, sizeof(err));
		if (ret)
			return ret;
	}
	return 0;
}

/* loops="name=a cpu=1 ...;name=b ...": create and start each, in order. */
int srt_req_create_loops(const char *spec)
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
		ret = srt_req_create(NULL, part, true, err, sizeof(err));
		if (ret)
			break;
	}
	kfree(dup);
	return ret;
}
