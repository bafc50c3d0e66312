// SPDX-License-Identifier: GPL-2.0
/* The state file's escaping and load must round-trip any bytes. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shield_state.h"
#include "tap.h"
#include "userctl.h"

static int roundtrip(const char *data, size_t len)
{
	char *esc = state_escape(data, len), *back;
	size_t blen;
	int ok;

	ok = !strchr(esc, '\n') && !strchr(esc, '\t') &&
	     !state_unescape(esc, &back, &blen) && blen == len &&
	     !memcmp(back, data, len);
	if (ok)
		free(back);
	free(esc);
	return ok;
}

int main(void)
{
	static const char *const bad[] = { "\\", "\\q", "\\x4", "\\xzz",
					   "a\tb" };
	char all[256], tmpl[] = "/tmp/userctl-state-XXXXXX", *path, *d;
	struct state_entry e[3], *got;
	struct state_file sf;
	size_t i, n, len;
	char err[256];
	off_t undo;
	int ok;

	for (i = 0; i < 256; i++)
		all[i] = (char)i;
	tap_ok(roundtrip(all, 256), "escape round-trips all 256 byte values");
	tap_ok(roundtrip("0-3\n", 4), "escape round-trips a cpulist line");
	tap_ok(roundtrip("", 0), "escape round-trips empty content");
	tap_ok(roundtrip("a\\tb\\n", 6), "escape round-trips literal backslashes");
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		tap_ok(state_unescape(bad[i], &d, &len) != 0,
		       "unescape rejects malformed input %zu", i);

	if (!mkdtemp(tmpl)) {
		tap_ok(0, "mkdtemp");
		return tap_done();
	}
	path = malloc(strlen(tmpl) + 32);
	sprintf(path, "%s/sub/dir/shield.state", tmpl);
	e[0] = (struct state_entry){ "/proc/irq/5/smp_affinity_list",
				     "0-3\n", 4 };
	e[1] = (struct state_entry){ "/sys/x y/tab\there", all, 256 };
	e[2] = (struct state_entry){ "/proc/sys/kernel/x", "", 0 };
	ok = !state_create(&sf, path, "2-3");
	tap_ok(ok, "state file created with missing parent directories");
	ok = !state_append(&sf, &e[0], &undo) &&
	     !state_append(&sf, &e[1], &undo) &&
	     !state_append(&sf, &e[2], &undo) &&
	     !state_append(&sf, &e[2], &undo) &&
	     !state_truncate(&sf, undo);
	state_close(&sf);
	tap_ok(ok, "entries appended, last one dropped again");
	tap_ok(state_create(&sf, path, "2-3") != 0,
	       "a second state file is refused (O_EXCL)");
	ok = !state_load(path, &got, &n, err, sizeof(err));
	tap_ok(ok && n == 3, "state loads 3 entries (got %zu) %s", n,
	       ok ? "" : err);
	for (i = 0; ok && i < 3 && i < n; i++)
		tap_ok(!strcmp(got[i].path, e[i].path) &&
		       got[i].len == e[i].len &&
		       !memcmp(got[i].data, e[i].data, e[i].len),
		       "entry %zu identical after load", i);
	if (ok)
		state_entries_free(got, n);
	ok = !state_rewrite(path, &e[1], 1) &&
	     !state_load(path, &got, &n, err, sizeof(err));
	tap_ok(ok && n == 1 && got[0].len == 256 &&
	       !memcmp(got[0].data, all, 256),
	       "rewrite keeps exactly the given entries");
	if (ok)
		state_entries_free(got, n);
	unlink(path);
	sprintf(path, "%s/bad.state", tmpl);
	{
		FILE *f = fopen(path, "w");

		fputs(STATE_MAGIC "\nno tab here\n", f);
		fclose(f);
	}
	tap_ok(state_load(path, &got, &n, err, sizeof(err)) != 0 &&
	       strstr(err, "line 2"), "malformed line is reported: %s", err);
	unlink(path);
	sprintf(path, "%s/sub/dir", tmpl);
	rmdir(path);
	sprintf(path, "%s/sub", tmpl);
	rmdir(path);
	rmdir(tmpl);
	free(path);
	return tap_done();
}
