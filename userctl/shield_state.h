/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shield state file: the exact bytes each file held before "shield
 * apply" changed it, one "path<TAB>escaped content" line per file, in the
 * order they were changed.  Escapes: \\ \t \n and \xHH for other bytes
 * outside printable ASCII, so any content round-trips byte for byte.
 */
#ifndef USERCTL_SHIELD_STATE_H
#define USERCTL_SHIELD_STATE_H

#include <stddef.h>
#include <sys/types.h>

#define STATE_MAGIC	"# userctl shield state 1"

struct state_entry {
	char *path;	/* the system path, without any root prefix */
	char *data;	/* the old content, exactly as read */
	size_t len;
};

char *state_escape(const char *data, size_t len);
/* Returns 0, or -1 on a malformed escape. */
int state_unescape(const char *s, char **data, size_t *len);

/*
 * An open state file: its whole text in @buf.  Every change rewrites it
 * atomically (temp file, fsync, rename), so after a crash the file holds
 * every entry recorded so far and nothing torn.
 */
struct state_file {
	int fd;		/* -1 once closed or if creation failed */
	char *path;
	char *buf;
	size_t len, cap;
};

/* Create @path exclusively (it must not exist). Returns 0 or -errno. */
int state_create(struct state_file *sf, const char *path, const char *cpus);
/*
 * Append one entry and commit the file to disk, so the old value is safe
 * before the caller changes anything.  *undo is where the entry starts.
 */
int state_append(struct state_file *sf, const struct state_entry *e,
		 off_t *undo);
/* Forget entries from @undo on (a change that did not happen). */
int state_truncate(struct state_file *sf, off_t undo);
void state_close(struct state_file *sf);

/* Returns 0 or -1 with a reason in @err. */
int state_load(const char *path, struct state_entry **entries, size_t *n,
	       char *err, size_t errlen);
/* Replace @path by a state file holding just @entries. Returns 0 or -errno. */
int state_rewrite(const char *path, const struct state_entry *entries,
		  size_t n);
void state_entries_free(struct state_entry *entries, size_t n);

#endif
