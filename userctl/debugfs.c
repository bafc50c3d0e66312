// SPDX-License-Identifier: GPL-2.0
/* The module's names and texts: name checks, texts as JSON. */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "debugfs.h"
#include "userctl.h"

void srt_check_name(const char *name)
{
	size_t i, len = strlen(name);

	if (!len || len > SRT_NAME_MAX)
		usage_error("loop name '%s': 1 to %d characters", name,
			    SRT_NAME_MAX);
	for (i = 0; i < len; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '_' &&
		    name[i] != '-')
			usage_error("loop name '%s': only letters, digits, '_' and '-'",
				    name);
}

/* Split "key: value" / "key=value"; false if the line is not one. */
static bool split_kv(char *line, char **key, char **val)
{
	static const char key_chars[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-";
	size_t n = strspn(line, key_chars);
	char *end;

	if (!n || (line[n] != ':' && line[n] != '='))
		return false;
	line[n] = '\0';
	*key = line;
	*val = line + n + 1 + strspn(line + n + 1, " \t");
	end = *val + strlen(*val);
	while (end > *val && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return true;
}

static bool is_number(const char *s)
{
	char *end;

	if (!*s || isspace((unsigned char)*s))
		return false;
	strtod(s, &end);
	/* JSON has no hex, inf or nan */
	return !*end && !strpbrk(s, "xXnNiI");
}

/* "count=3 min=1 ..." : every white-space separated token is k=v. */
static bool is_kv_list(const char *val)
{
	char *copy = xstrdup(val), *tok, *save, *k, *v;
	bool ok = strchr(val, '=') != NULL;

	for (tok = strtok_r(copy, " \t", &save); tok && ok;
	     tok = strtok_r(NULL, " \t", &save))
		ok = split_kv(tok, &k, &v) && *v;
	free(copy);
	return ok;
}

static void json_value(struct json *j, char *val)
{
	char *tok, *save, *k, *v;

	if (is_number(val)) {
		json_raw(j, val);
	} else if (is_kv_list(val)) {
		json_obj_begin(j);
		for (tok = strtok_r(val, " \t", &save); tok;
		     tok = strtok_r(NULL, " \t", &save)) {
			split_kv(tok, &k, &v);
			json_key(j, k);
			json_value(j, v);
		}
		json_obj_end(j);
	} else {
		json_str(j, val);
	}
}

void srt_json_text(struct json *j, const char *text)
{
	char *copy = xstrdup(text), *line, *save, *key, *val;
	bool kv = true, notes = false;

	for (line = strtok_r(copy, "\n", &save); line && kv;
	     line = strtok_r(NULL, "\n", &save))
		kv = line[0] == '#' || split_kv(line, &key, &val);
	free(copy);
	if (!kv) {
		json_str(j, text);
		return;
	}
	copy = xstrdup(text);
	json_obj_begin(j);
	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#') {
			notes = true;
			continue;
		}
		split_kv(line, &key, &val);
		json_key(j, key);
		json_value(j, val);
	}
	free(copy);
	/* "# warning: ..." lines say when the numbers cannot be trusted */
	if (notes) {
		copy = xstrdup(text);
		json_key(j, "notes");
		json_arr_begin(j);
		for (line = strtok_r(copy, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			if (line[0] == '#')
				json_str(j, line + 1 + strspn(line + 1, " "));
		json_arr_end(j);
		free(copy);
	}
	json_obj_end(j);
}

void srt_json_kv_line(struct json *j, const char *line)
{
	char *copy = xstrdup(line);

	json_value(j, copy);
	free(copy);
}
