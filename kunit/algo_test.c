// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_algo_<area>: the control library's shared cases
 * (algorithms/tests/cases.h) inside the kernel, one parameterised KUnit
 * case per row of the host runner's lists.
 *
 * A case runs inside one FPU section, like the loop's chain; its arenas
 * are allocated before the section is entered.  Check results and notes
 * are queued while the section is held (KUnit's logging allocates) and
 * handed to KUnit after it ends.  Long cases yield every few thousand
 * steps: the section ends, the scheduler may run, a new one begins.
 */
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "../algorithms/tests/cases_list.h"

#define SRT_ALGO_QUEUE	16

struct srt_algo_line {
	bool fail;		/* a failed check; else a note */
	char msg[SC_MSG];
};

struct srt_algo_run {
	struct srt_algo_line q[SRT_ALGO_QUEUE];
	unsigned int n;
	unsigned int lost;	/* lines past the queue, counted */
};

static void srt_algo_queue(struct sc *s, bool fail, const char *msg)
{
	struct srt_algo_run *run = s->priv;

	if (run->n == SRT_ALGO_QUEUE) {
		run->lost++;
		return;
	}
	run->q[run->n].fail = fail;
	strscpy(run->q[run->n].msg, msg, SC_MSG);
	run->n++;
}

static void srt_algo_report(struct sc *s, bool ok, const char *msg)
{
	if (!ok)
		srt_algo_queue(s, true, msg);
}

static void srt_algo_note(struct sc *s, const char *msg)
{
	srt_algo_queue(s, false, msg);
}

static void srt_algo_yield(struct sc *s)
{
	srt_fpu_end();
	cond_resched();
	srt_fpu_begin();
}

static void srt_algo_free(struct sc *s)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(s->arena); i++)
		kvfree(s->arena[i]);
	for (i = 0; i < ARRAY_SIZE(s->psbuf); i++)
		kvfree(s->psbuf[i]);
	kfree(s->priv);
	kfree(s);
}

/* vmalloc'ed areas are page-aligned, more than SRT_ALIGN */
static struct sc *srt_algo_alloc(void)
{
	struct sc *s = kzalloc(sizeof(*s), GFP_KERNEL);
	unsigned int i;
	bool ok;

	if (!s)
		return NULL;
	s->priv = kzalloc(sizeof(struct srt_algo_run), GFP_KERNEL);
	ok = s->priv;
	for (i = 0; i < ARRAY_SIZE(s->arena); i++) {
		s->arena[i] = kvmalloc(SC_ARENA, GFP_KERNEL);
		ok = ok && s->arena[i];
	}
	for (i = 0; i < ARRAY_SIZE(s->psbuf); i++) {
		s->psbuf[i] = kvmalloc(SC_PSET, GFP_KERNEL);
		ok = ok && s->psbuf[i];
	}
	if (!ok) {
		srt_algo_free(s);
		return NULL;
	}
	s->report = srt_algo_report;
	s->note = srt_algo_note;
	s->yield = srt_algo_yield;
	return s;
}

/* Hand the queued lines to KUnit, outside the FPU section. */
static void srt_algo_flush(struct kunit *test, struct sc *s)
{
	struct srt_algo_run *run = s->priv;
	unsigned int i;

	for (i = 0; i < run->n; i++) {
		if (run->q[i].fail)
			KUNIT_FAIL(test, "%s", run->q[i].msg);
		else
			kunit_info(test, "%s", run->q[i].msg);
	}
	KUNIT_EXPECT_EQ_MSG(test, run->lost, 0U,
			    "more than %d failures and notes", SRT_ALGO_QUEUE);
	KUNIT_EXPECT_GT_MSG(test, s->checks, 0U, "the case checked nothing");
}

static void srt_algo_run_case(struct kunit *test, const struct sc_case *c,
			      const struct sc_reject *rej)
{
	struct sc *s = srt_algo_alloc();

	KUNIT_ASSERT_NOT_NULL(test, s);
	srt_fpu_begin();
	if (c)
		c->run(s, c->row);
	else
		sc_chain_reject(s, rej);
	srt_fpu_end();
	srt_algo_flush(test, s);
	srt_algo_free(s);
}

static void srt_algo_case_desc(const struct sc_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

static void srt_algo_test(struct kunit *test)
{
	srt_algo_run_case(test, test->param_value, NULL);
}

#define SRT_ALGO_SUITE(area)						\
KUNIT_ARRAY_PARAM(srt_algo_##area, sc_##area##_cases, srt_algo_case_desc); \
static struct kunit_case srt_algo_##area##_test_cases[] = {		\
	KUNIT_CASE_PARAM(srt_algo_test, srt_algo_##area##_gen_params),	\
	{}								\
};									\
static struct kunit_suite srt_algo_##area##_suite = {			\
	.name = "shieldrt_algo_" #area,					\
	.test_cases = srt_algo_##area##_test_cases,			\
}

SRT_ALGO_SUITE(filter);
SRT_ALGO_SUITE(nonlin);
SRT_ALGO_SUITE(pid);
SRT_ALGO_SUITE(profile);
SRT_ALGO_SUITE(plant);

/* shieldrt_algo_chain: the parser's rejection table */
static void srt_algo_reject_desc(const struct sc_reject *r, char *desc)
{
	strscpy(desc, r->reason, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(srt_algo_reject, sc_rejects, srt_algo_reject_desc);

static void srt_algo_reject_test(struct kunit *test)
{
	srt_algo_run_case(test, NULL, test->param_value);
}

static struct kunit_case srt_algo_chain_test_cases[] = {
	KUNIT_CASE_PARAM(srt_algo_reject_test, srt_algo_reject_gen_params),
	{}
};

static struct kunit_suite srt_algo_chain_suite = {
	.name = "shieldrt_algo_chain",
	.test_cases = srt_algo_chain_test_cases,
};

kunit_test_suites(&srt_algo_filter_suite, &srt_algo_nonlin_suite,
		  &srt_algo_pid_suite, &srt_algo_profile_suite,
		  &srt_algo_plant_suite, &srt_algo_chain_suite);
