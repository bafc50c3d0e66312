/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small streaming JSON writer: the caller opens and closes objects and
 * arrays, the writer places commas and escapes strings.
 */
#ifndef USERCTL_JSON_H
#define USERCTL_JSON_H

#include <stdbool.h>
#include <stdio.h>

#define JSON_MAX_DEPTH	16

struct json {
	FILE *f;
	int depth;
	bool first[JSON_MAX_DEPTH];	/* no member written yet at a level */
	bool after_key;			/* a key was written, value follows */
};

void json_init(struct json *j, FILE *f);
void json_obj_begin(struct json *j);
void json_obj_end(struct json *j);
void json_arr_begin(struct json *j);
void json_arr_end(struct json *j);
void json_key(struct json *j, const char *key);
void json_str(struct json *j, const char *s);
/* The first @n bytes of @s. */
void json_str_n(struct json *j, const char *s, size_t n);
void json_int(struct json *j, long long v);
void json_u64(struct json *j, unsigned long long v);
void json_bool(struct json *j, bool v);
void json_null(struct json *j);
/* A number or other raw token the caller has checked. */
void json_raw(struct json *j, const char *token);

/* key + value shorthands for objects */
void json_kv_str(struct json *j, const char *key, const char *s);
void json_kv_int(struct json *j, const char *key, long long v);
void json_kv_u64(struct json *j, const char *key, unsigned long long v);
void json_kv_bool(struct json *j, const char *key, bool v);

/* Write @s as a JSON string literal (with quotes) to @f. */
void json_quote(FILE *f, const char *s);

#endif
