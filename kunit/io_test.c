// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_io: the I/O provider registry, through the API shieldrt.ko
 * exports (include/shieldrt_io.h), so this suite needs shieldrt.ko
 * loaded (Kbuild).  The registry's pure part, the name rule, is
 * srt_name_valid() (kmod/lib/config.c), tested without it in
 * shieldrt_section; what is left, a name taken or freed again, is the
 * list under srt_lock that binding shares, and a copy of that would test
 * the copy.  Its providers use names no real provider would, "kunit-io-" prefixed, and every one still registered when a
 * case ends is unregistered by the suite's exit, so none outlives it.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/string.h>
#include "../include/shieldrt_io.h"

static int srt_kt_read(struct srt_io_binding *b, u64 *in)
{
	return 0;
}

static int srt_kt_write(struct srt_io_binding *b, const u64 *out, bool safe)
{
	return 0;
}

#define SRT_KT_PROVIDERS	2

/* A case's providers, and whether each is registered. */
struct srt_kt_io {
	struct srt_io_provider p[SRT_KT_PROVIDERS];
	bool registered[SRT_KT_PROVIDERS];
};

static int srt_kt_io_init(struct kunit *test)
{
	struct srt_kt_io *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	int i;

	if (!t)
		return -ENOMEM;
	for (i = 0; i < SRT_KT_PROVIDERS; i++) {
		t->p[i].name = "kunit-io-a";
		t->p[i].owner = THIS_MODULE;
		t->p[i].read = srt_kt_read;
		t->p[i].write = srt_kt_write;
	}
	test->priv = t;
	return 0;
}

static void srt_kt_io_exit(struct kunit *test)
{
	struct srt_kt_io *t = test->priv;
	int i;

	for (i = 0; i < SRT_KT_PROVIDERS; i++)
		if (t->registered[i])
			srt_io_unregister(&t->p[i]);
}

static int srt_kt_register(struct kunit *test, int i)
{
	struct srt_kt_io *t = test->priv;
	int ret = srt_io_register(&t->p[i]);

	if (!ret)
		t->registered[i] = true;
	return ret;
}

static void srt_kt_unregister(struct kunit *test, int i)
{
	struct srt_kt_io *t = test->priv;

	srt_io_unregister(&t->p[i]);
	t->registered[i] = false;
}

/* ---- what one registration is told ---- */

struct srt_reg_case {
	const char *desc;
	const char *name;
	bool read, write;
	int ret;
};

static const struct srt_reg_case srt_reg_cases[] = {
	{ "read and write", "kunit-io-a", true, true, 0 },
	{ "read only", "kunit-io-a", true, false, 0 },
	{ "write only", "kunit-io-a", false, true, 0 },
	{ "name of 15 bytes", "kunit-io-abcdef", true, true, 0 },
	{ "neither read nor write", "kunit-io-a", false, false, -EINVAL },
	{ "no name", NULL, true, true, -EINVAL },
	{ "empty name", "", true, true, -EINVAL },
	{ "name of 16 bytes", "kunit-io-abcdefg", true, true, -EINVAL },
	{ "name with a dot", "kunit-io.a", true, true, -EINVAL },
	{ "name with a slash", "kunit-io/a", true, true, -EINVAL },
	{ "name with a blank", "kunit-io a", true, true, -EINVAL },
	{ "name with a colon", "kunit-io:a", true, true, -EINVAL },
	{ "name with a comma", "kunit-io,a", true, true, -EINVAL },
	{ "name with UTF-8", "kunit-io-\xc3\xa9", true, true, -EINVAL },
	{ "name with a Latin-1 letter", "kunit-io-\xe9", true, true, -EINVAL },
};

static void srt_reg_desc(const struct srt_reg_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(srt_reg, srt_reg_cases, srt_reg_desc);

static void srt_test_io_register(struct kunit *test)
{
	const struct srt_reg_case *c = test->param_value;
	struct srt_kt_io *t = test->priv;

	t->p[0].name = c->name;
	t->p[0].read = c->read ? srt_kt_read : NULL;
	t->p[0].write = c->write ? srt_kt_write : NULL;
	KUNIT_EXPECT_EQ(test, srt_kt_register(test, 0), c->ret);
	if (c->ret)
		return;
	KUNIT_EXPECT_EQ(test, t->p[0].bindings, 0U);
	srt_kt_unregister(test, 0);
}

/* A refused provider takes no name: a good one registers under it. */
static void srt_test_io_refused_leaves_no_trace(struct kunit *test)
{
	struct srt_kt_io *t = test->priv;

	t->p[0].read = NULL;
	t->p[0].write = NULL;
	KUNIT_EXPECT_EQ(test, srt_kt_register(test, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, srt_kt_register(test, 1), 0);
}

static void srt_test_io_null(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, srt_io_register(NULL), -EINVAL);
}

static void srt_test_io_duplicate(struct kunit *test)
{
	struct srt_kt_io *t = test->priv;

	KUNIT_ASSERT_EQ(test, srt_kt_register(test, 0), 0);
	/* Another provider under the name, and the same one again. */
	KUNIT_EXPECT_EQ(test, srt_kt_register(test, 1), -EEXIST);
	KUNIT_EXPECT_EQ(test, srt_io_register(&t->p[0]), -EEXIST);
	/* A different name is no duplicate. */
	t->p[1].name = "kunit-io-b";
	KUNIT_EXPECT_EQ(test, srt_kt_register(test, 1), 0);
}

static void srt_test_io_register_again(struct kunit *test)
{
	struct srt_kt_io *t = test->priv;

	KUNIT_ASSERT_EQ(test, srt_kt_register(test, 0), 0);
	srt_kt_unregister(test, 0);
	/* The same provider, then another one under its old name. */
	KUNIT_EXPECT_EQ(test, srt_kt_register(test, 0), 0);
	srt_kt_unregister(test, 0);
	KUNIT_EXPECT_EQ(test, srt_kt_register(test, 1), 0);
	KUNIT_EXPECT_EQ(test, srt_kt_register(test, 0), -EEXIST);
	srt_kt_unregister(test, 1);
	KUNIT_EXPECT_EQ(test, srt_kt_register(test, 0), 0);
	KUNIT_EXPECT_EQ(test, t->p[0].bindings, 0U);
}

static struct kunit_case srt_io_cases[] = {
	KUNIT_CASE_PARAM(srt_test_io_register, srt_reg_gen_params),
	KUNIT_CASE(srt_test_io_refused_leaves_no_trace),
	KUNIT_CASE(srt_test_io_null),
	KUNIT_CASE(srt_test_io_duplicate),
	KUNIT_CASE(srt_test_io_register_again),
	{}
};

static struct kunit_suite srt_io_suite = {
	.name = "shieldrt_io",
	.init = srt_kt_io_init,
	.exit = srt_kt_io_exit,
	.test_cases = srt_io_cases,
};

kunit_test_suites(&srt_io_suite);
