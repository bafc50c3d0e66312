// SPDX-License-Identifier: GPL-2.0
/* The streaming JSON writer behind every --json output. */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "userctl.h"

void json_init(struct json *j, FILE *f)
{
	j->f = f;
	j->depth = 0;
	j->first[0] = true;
	j->after_key = false;
}

/* Separator before a value or key at the current level. */
static void json_sep(struct json *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (!j->first[j->depth])
		fputc(',', j->f);
	j->first[j->depth] = false;
}

static void json_open(struct json *j, char c)
{
	json_sep(j);
	if (j->depth + 1 >= JSON_MAX_DEPTH)
		fatal("JSON nesting too deep");
	fputc(c, j->f);
	j->first[++j->depth] = true;
}

static void json_close(struct json *j, char c)
{
	j->depth--;
	fputc(c, j->f);
	if (j->depth == 0)
		fputc('\n', j->f);
}

void json_obj_begin(struct json *j)
{
	json_open(j, '{');
}

void json_obj_end(struct json *j)
{
	json_close(j, '}');
}

void json_arr_begin(struct json *j)
{
	json_open(j, '[');
}

void json_arr_end(struct json *j)
{
	json_close(j, ']');
}

void json_quote(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', f);
	for (; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		default:
			if (*p < 0x20)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

void json_key(struct json *j, const char *key)
{
	json_sep(j);
	json_quote(j->f, key);
	fputc(':', j->f);
	j->after_key = true;
}

void json_str(struct json *j, const char *s)
{
	json_sep(j);
	json_quote(j->f, s);
}

void json_str_n(struct json *j, const char *s, size_t n)
{
	char *copy = strndup(s, n);

	if (!copy)
		fatal("out of memory");
	json_str(j, copy);
	free(copy);
}

void json_int(struct json *j, long long v)
{
	json_sep(j);
	fprintf(j->f, "%lld", v);
}

void json_u64(struct json *j, unsigned long long v)
{
	json_sep(j);
	fprintf(j->f, "%llu", v);
}

void json_bool(struct json *j, bool v)
{
	json_raw(j, v ? "true" : "false");
}

void json_null(struct json *j)
{
	json_raw(j, "null");
}

void json_raw(struct json *j, const char *token)
{
	json_sep(j);
	fputs(token, j->f);
}

void json_kv_str(struct json *j, const char *key, const char *s)
{
	json_key(j, key);
	if (s)
		json_str(j, s);
	else
		json_null(j);
}

void json_kv_int(struct json *j, const char *key, long long v)
{
	json_key(j, key);
	json_int(j, v);
}

void json_kv_u64(struct json *j, const char *key, unsigned long long v)
{
	json_key(j, key);
	json_u64(j, v);
}

void json_kv_bool(struct json *j, const char *key, bool v)
{
	json_key(j, key);
	json_bool(j, v);
}
