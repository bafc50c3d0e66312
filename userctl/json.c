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

/*
 * Bytes in a well-formed UTF-8 sequence at p (1..4), or 0: no overlong
 * forms, no surrogates, nothing above U+10FFFF.  p is NUL-terminated, and
 * NUL is never a continuation byte, so this stops at the end.
 */
static size_t utf8_seq(const unsigned char *p)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return 0;
	if (p[0] == 0xe0)
		lo = 0xa0;
	else if (p[0] == 0xed)
		hi = 0x9f;
	else if (p[0] == 0xf0)
		lo = 0x90;
	else if (p[0] == 0xf4)
		hi = 0x8f;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

/*
 * A JSON string of s.  The output is always valid UTF-8: a byte that is
 * not part of a well-formed sequence is written as the escape of the
 * Latin-1 character of that value (\u00ff for 0xff), so nothing is lost
 * and no parser chokes.
 */
void json_quote(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	fputc('"', f);
	while (*p) {
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
			if (*p < 0x20 || *p == 0x7f) {
				fprintf(f, "\\u%04x", *p);
				break;
			}
			n = utf8_seq(p);
			if (!n) {
				fprintf(f, "\\u%04x", *p);
				break;
			}
			fwrite(p, 1, n, f);
			p += n;
			continue;
		}
		p++;
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
