// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_quote: a user's bytes in messages (include/shieldrt_quote.h),
 * as every message of the module writes them: srt_quote() for a value,
 * srt_escape() for a whole message on its way out.
 */
#include <kunit/test.h>
#include <linux/string.h>
#include "../include/shieldrt_quote.h"

struct srt_quote_case {
	const char *desc;
	const char *in;
	size_t len;		/* bytes of in (it may hold a NUL) */
	size_t size;		/* the buffer given */
	const char *quoted;	/* srt_quote()'s text */
	const char *escaped;	/* srt_escape()'s text of in up to its NUL */
};

#define Q(d, s, sz, q, e)	{ d, s, sizeof(s) - 1, sz, q, e }

static const struct srt_quote_case srt_quote_cases[] = {
	Q("plain text", "abc", 16, "'abc'", "abc"),
	Q("empty", "", 16, "''", ""),
	Q("the bytes of the issue", "x\xff\xfe", 16, "'x\\xff\\xfe'",
	  "x\\xff\\xfe"),
	Q("a quote and a backslash", "a'b\\c", 16, "'a\\'b\\\\c'", "a'b\\c"),
	Q("a newline and a tab", "a\nb\tc", 32, "'a\\x0ab\\x09c'",
	  "a\\x0ab\\x09c"),
	Q("an escape sequence", "\x1b[2J", 32, "'\\x1b[2J'", "\\x1b[2J"),
	Q("DEL and a C1 byte", "\x7f\x9b", 32, "'\\x7f\\x9b'", "\\x7f\\x9b"),
	Q("UTF-8 is not ASCII", "caf\xc3\xa9", 32, "'caf\\xc3\\xa9'",
	  "caf\\xc3\\xa9"),
	Q("a NUL inside", "a\0b", 16, "'a\\x00b'", "a"),
	Q("a blank and the printable ends", " ~!", 16, "' ~!'", " ~!"),
	Q("just fits", "abcdefghij", 13, "'abcdefghij'", "abcdefghij"),
	Q("one over: cut, marked", "abcdefghijk", 13, "'abcdefg'...",
	  "abcdefghijk"),
	Q("cut before an escape, not inside it", "ab\377cd", 9, "'ab'...",
	  "ab\\xffcd"),
	Q("the smallest buffer", "abcd", 6, "''...", "abcd"),
	Q("a buffer too small for anything", "abc", 5, "", "abc"),
	Q("a long hostile value", "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
	  "\xff\xff\xff\xff\xff\xff", SRT_QUOTE_LEN,
	  "'\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff'...",
	  "\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff"
	  "\\xff\\xff\\xff"),
};

static void srt_quote_desc(const struct srt_quote_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_quote, srt_quote_cases, srt_quote_desc);

/* What both must hold of any output: printable ASCII, NUL-terminated. */
static void srt_expect_printable(struct kunit *test, const char *s,
				 size_t size)
{
	size_t i, n = strnlen(s, size);

	KUNIT_EXPECT_LT(test, n, size);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_TRUE(test, srt_quote_plain(s[i]));
}

static void srt_test_quote(struct kunit *test)
{
	const struct srt_quote_case *c = test->param_value;
	char buf[80], big[128];
	size_t n;

	memset(buf, 0x5a, sizeof(buf));
	KUNIT_EXPECT_PTR_EQ(test, srt_quote(buf, c->size, c->in, c->len),
			    (const char *)buf);
	KUNIT_EXPECT_STREQ(test, buf, c->quoted);
	if (c->size)
		srt_expect_printable(test, buf, c->size);
	/* nothing written past the buffer given */
	KUNIT_EXPECT_EQ(test, buf[c->size], 0x5a);

	n = srt_escape(big, sizeof(big), c->in);
	KUNIT_EXPECT_STREQ(test, big, c->escaped);
	KUNIT_EXPECT_EQ(test, n, strlen(c->escaped));
	srt_expect_printable(test, big, sizeof(big));
}

/* srt_escape() leaves a message whose values are quoted unchanged. */
static void srt_test_quote_escape_idempotent(struct kunit *test)
{
	char q[SRT_QUOTE_LEN], msg[128], out[128];

	srt_quote(q, sizeof(q), "x\xff'\\", 4);
	snprintf(msg, sizeof(msg), "unknown key %s", q);
	srt_escape(out, sizeof(out), msg);
	KUNIT_EXPECT_STREQ(test, out, msg);
	KUNIT_EXPECT_STREQ(test, out, "unknown key 'x\\xff\\'\\\\'");
}

/* Cut at a whole escape: never a lone backslash or half of \xHH. */
static void srt_test_quote_escape_cut(struct kunit *test)
{
	char out[8];

	KUNIT_EXPECT_EQ(test, srt_escape(out, sizeof(out), "ab\xff\xff"),
			(size_t)6);
	KUNIT_EXPECT_STREQ(test, out, "ab\\xff");
	KUNIT_EXPECT_EQ(test, srt_escape(out, 1, "abc"), (size_t)0);
	KUNIT_EXPECT_STREQ(test, out, "");
}

static struct kunit_case srt_quote_test_cases[] = {
	KUNIT_CASE_PARAM(srt_test_quote, srt_quote_gen_params),
	KUNIT_CASE(srt_test_quote_escape_idempotent),
	KUNIT_CASE(srt_test_quote_escape_cut),
	{}
};

static struct kunit_suite srt_quote_suite = {
	.name = "shieldrt_quote",
	.test_cases = srt_quote_test_cases,
};

kunit_test_suites(&srt_quote_suite);
