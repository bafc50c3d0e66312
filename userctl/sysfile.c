// SPDX-License-Identifier: GPL-2.0
/* Whole-file reads and single-write stores below the root prefix. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sysfile.h"
#include "userctl.h"

/* Files we read are small; this bounds a runaway (e.g. /dev/zero). */
#define FILE_READ_MAX	(4 << 20)

static const char *root = "";

void sysfile_set_root(const char *r)
{
	size_t len = strlen(r);

	/* "/" and "" both mean the real system. */
	while (len && r[len - 1] == '/')
		len--;
	root = len ? strndup(r, len) : "";
	if (!root)
		fatal("out of memory");
}

const char *sysfile_root(void)
{
	return root;
}

char *rootpath(const char *fmt, ...)
{
	char *tail, *path;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&tail, fmt, ap) < 0)
		fatal("out of memory");
	va_end(ap);
	path = xasprintf("%s%s", root, tail);
	free(tail);
	return path;
}

const char *syspath(const char *path)
{
	size_t len = strlen(root);

	if (len && strncmp(path, root, len) == 0 && path[len] == '/')
		return path + len;
	return path;
}

int file_read(const char *path, char **data, size_t *len)
{
	size_t cap = 256, n = 0;
	char *buf;
	ssize_t r;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	buf = xmalloc(cap);
	for (;;) {
		if (n + 1 >= cap) {
			if (cap >= FILE_READ_MAX) {
				err = -EFBIG;
				goto err_free;
			}
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		r = read(fd, buf + n, cap - n - 1);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			goto err_free;
		}
		if (r == 0)
			break;
		n += r;
	}
	close(fd);
	buf[n] = '\0';
	*data = buf;
	if (len)
		*len = n;
	return 0;

err_free:
	free(buf);
	close(fd);
	errno = -err;	/* callers may report it with %m */
	return err;
}

char *file_read_line(const char *path)
{
	char *data;
	size_t len;

	if (file_read(path, &data, &len))
		return NULL;
	while (len && (data[len - 1] == '\n' || data[len - 1] == ' ' ||
		       data[len - 1] == '\t'))
		data[--len] = '\0';
	return data;
}

int file_write(const char *path, const void *data, size_t len)
{
	ssize_t r;
	int fd, err = 0;

	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	do {
		r = write(fd, data, len);
	} while (r < 0 && errno == EINTR);
	if (r < 0)
		err = -errno;
	else if ((size_t)r != len)
		err = -EIO;
	if (close(fd) && !err)
		err = -errno;
	return err;
}

int file_write_str(const char *path, const char *s)
{
	return file_write(path, s, strlen(s));
}

bool file_exists(const char *path)
{
	return access(path, F_OK) == 0;
}

int make_parent_dirs(const char *path)
{
	char *dir = xstrdup(path), *p;
	int err = 0;

	for (p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0755) && errno != EEXIST) {
			err = -errno;
			break;
		}
		*p = '/';
	}
	free(dir);
	return err;
}
