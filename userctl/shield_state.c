// SPDX-License-Identifier: GPL-2.0
/* Writing and reading the shield state file; see shield_state.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shield_move.h"
#include "shield_state.h"
#include "sysfile.h"
#include "userctl.h"

char *state_escape(const char *data, size_t len)
{
	char *out = xmalloc(4 * len + 1), *o = out;
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char b = data[i];

		if (b == '\\') {
			*o++ = '\\';
			*o++ = '\\';
		} else if (b == '\t') {
			*o++ = '\\';
			*o++ = 't';
		} else if (b == '\n') {
			*o++ = '\\';
			*o++ = 'n';
		} else if (b < 0x20 || b >= 0x7f) {
			o += sprintf(o, "\\x%02x", b);
		} else {
			*o++ = b;
		}
	}
	*o = '\0';
	return out;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int state_unescape(const char *s, char **data, size_t *len)
{
	char *out = xmalloc(strlen(s) + 1), *o = out;
	int hi, lo;

	for (; *s; s++) {
		if (*s != '\\') {
			if ((unsigned char)*s < 0x20)
				goto err_free;
			*o++ = *s;
			continue;
		}
		switch (*++s) {
		case '\\':
			*o++ = '\\';
			break;
		case 't':
			*o++ = '\t';
			break;
		case 'n':
			*o++ = '\n';
			break;
		case 'x':
			hi = hexval(s[1]);
			lo = hi < 0 ? -1 : hexval(s[2]);
			if (lo < 0)
				goto err_free;
			*o++ = hi << 4 | lo;
			s += 2;
			break;
		default:
			goto err_free;
		}
	}
	*o = '\0';
	*data = out;
	*len = o - out;
	return 0;

err_free:
	free(out);
	return -1;
}

static int write_all(int fd, const char *buf, size_t len)
{
	ssize_t r;

	while (len) {
		r = write(fd, buf, len);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		buf += r;
		len -= r;
	}
	return 0;
}

/*
 * Replace sf->path by the whole buffer: write "<path>.tmp", fsync it,
 * rename it over the state file and fsync the directory.  A crash at any
 * point leaves either the previous complete file or the new one, never a
 * torn line.
 */
static int state_commit(struct state_file *sf)
{
	char *tmp = xasprintf("%s.tmp", sf->path);
	char *dir = xstrdup(sf->path), *slash = strrchr(dir, '/');
	int fd, err = 0;

	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		err = -errno;
		goto out;
	}
	err = write_all(fd, sf->buf, sf->len);
	if (!err && fsync(fd))
		err = -errno;
	close(fd);
	if (!err && rename(tmp, sf->path))
		err = -errno;
	if (err) {
		unlink(tmp);
		goto out;
	}
	if (slash) {
		*(slash == dir ? slash + 1 : slash) = '\0';
		fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd >= 0) {
			if (fsync(fd))
				err = -errno;
			close(fd);
		}
	}
out:
	free(dir);
	free(tmp);
	return err;
}

static void state_buf_add(struct state_file *sf, const char *s)
{
	size_t n = strlen(s);

	if (sf->len + n + 1 > sf->cap) {
		sf->cap = 2 * (sf->len + n + 1);
		sf->buf = xrealloc(sf->buf, sf->cap);
	}
	memcpy(sf->buf + sf->len, s, n + 1);
	sf->len += n;
}

int state_create(struct state_file *sf, const char *path, const char *cpus)
{
	char *head;
	int fd, err;

	memset(sf, 0, sizeof(*sf));
	sf->fd = -1;
	err = make_parent_dirs(path);
	if (err)
		return err;
	/* O_EXCL: two applies at once cannot both own the state file. */
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	close(fd);
	sf->fd = 0;
	sf->path = xstrdup(path);
	head = xasprintf("%s\n# cpus %s\n", STATE_MAGIC, cpus);
	state_buf_add(sf, head);
	free(head);
	return state_commit(sf);
}

int state_append(struct state_file *sf, const struct state_entry *e,
		 off_t *undo)
{
	char *esc_path = state_escape(e->path, strlen(e->path));
	char *esc_data = state_escape(e->data, e->len);
	char *line = xasprintf("%s\t%s\n", esc_path, esc_data);
	int err;

	*undo = sf->len;
	state_buf_add(sf, line);
	err = state_commit(sf);
	if (err)
		sf->len = *undo;
	free(line);
	free(esc_data);
	free(esc_path);
	return err;
}

int state_truncate(struct state_file *sf, off_t undo)
{
	sf->len = undo;
	return state_commit(sf);
}

void state_close(struct state_file *sf)
{
	free(sf->buf);
	free(sf->path);
	memset(sf, 0, sizeof(*sf));
	sf->fd = -1;
}

void state_entries_free(struct state_entry *entries, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(entries[i].path);
		free(entries[i].data);
	}
	free(entries);
}

int state_load(const char *path, struct state_entry **entries, size_t *n,
	       char *err, size_t errlen)
{
	struct state_entry *v = NULL, *e;
	char *text, *line, *save, *tab;
	size_t cap = 0, lineno = 0, dummy;
	int ret;

	*n = 0;
	ret = file_read(path, &text, NULL);
	if (ret) {
		snprintf(err, errlen, "cannot read %s: %s", path,
			 strerror(-ret));
		return -1;
	}
	if (strncmp(text, STATE_MAGIC "\n", strlen(STATE_MAGIC) + 1)) {
		snprintf(err, errlen, "%s is not a userctl shield state file",
			 path);
		goto err_free;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (line[0] == '#')
			continue;
		tab = strchr(line, '\t');
		if (!tab)
			goto err_line;
		*tab = '\0';
		if (*n == cap) {
			cap = cap ? 2 * cap : 32;
			v = xrealloc(v, cap * sizeof(*v));
		}
		e = &v[*n];
		if (state_unescape(line, &e->path, &dummy))
			goto err_line;
		if (state_unescape(tab + 1, &e->data, &e->len)) {
			free(e->path);
			goto err_line;
		}
		if (e->path[0] != '/' &&
		    strncmp(e->path, TASK_KEY, strlen(TASK_KEY)) &&
		    strncmp(e->path, PARTITION_KEY "/",
			    strlen(PARTITION_KEY) + 1)) {
			free(e->path);
			free(e->data);
			goto err_line;
		}
		(*n)++;
	}
	free(text);
	*entries = v;
	return 0;

err_line:
	snprintf(err, errlen, "%s: line %zu is malformed", path, lineno);
err_free:
	state_entries_free(v, *n);
	*n = 0;
	free(text);
	return -1;
}

int state_rewrite(const char *path, const struct state_entry *entries,
		  size_t n)
{
	struct state_file sf = { .fd = 0 };
	char *head, *p, *d, *line;
	size_t i;
	int err;

	sf.path = xstrdup(path);
	head = xasprintf("%s\n# cpus (partly restored)\n", STATE_MAGIC);
	state_buf_add(&sf, head);
	free(head);
	for (i = 0; i < n; i++) {
		p = state_escape(entries[i].path, strlen(entries[i].path));
		d = state_escape(entries[i].data, entries[i].len);
		line = xasprintf("%s\t%s\n", p, d);
		state_buf_add(&sf, line);
		free(line);
		free(d);
		free(p);
	}
	err = state_commit(&sf);
	state_close(&sf);
	return err;
}
