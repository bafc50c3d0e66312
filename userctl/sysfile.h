/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading and writing /proc, /sys and /run files below an optional root
 * prefix, with errno-style results the callers turn into messages.
 */
#ifndef USERCTL_SYSFILE_H
#define USERCTL_SYSFILE_H

#include <stdbool.h>
#include <stddef.h>

void sysfile_set_root(const char *root);
const char *sysfile_root(void);

/* "<root><path>", malloc'ed; @fmt gives the absolute system path. */
char *rootpath(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The system path of a rooted path (strips the prefix), for messages. */
const char *syspath(const char *path);

/*
 * Read a whole file: *data is malloc'ed and NUL-terminated, *len is the
 * byte count.  Returns 0 or -errno.
 */
int file_read(const char *path, char **data, size_t *len);

/* Read a file and strip trailing white space; NULL if unreadable. */
char *file_read_line(const char *path);

/*
 * Write @len bytes with a single write() (sysfs and procfs take one
 * write per value).  Returns 0 or -errno.
 */
int file_write(const char *path, const void *data, size_t len);
int file_write_str(const char *path, const char *s);

bool file_exists(const char *path);

/* mkdir -p of the directory that holds @path.  Returns 0 or -errno. */
int make_parent_dirs(const char *path);

#endif
