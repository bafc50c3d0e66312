/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The plant models of the simulated devices (simdaq.c, iiosim.c): a
 * module parameter names a built-in one or gives a chain text of its own
 * (algorithms/README.md, ';' between lines).  srt_plant_load() resolves
 * the parameter and compiles the text once, at module load, so that a
 * text that does not compile refuses the module with the reason instead
 * of failing later, where nobody reads it.
 */
#ifndef SHIELDRT_IO_PLANTS_H
#define SHIELDRT_IO_PLANTS_H

#include <linux/atomic.h>
#include <linux/err.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "shieldrt_blocks.h"
#include "shieldrt_quote.h"
#include "latch.h"

#define SRT_PLANT_ERR_LEN	128

/* Built-in plants; every one is a single block without feedthrough. */
static const struct {
	const char *name;
	const char *text;
} srt_plants[] = {
	{ "dcmotor",
	  "input v\n"
	  "output speed pos current\n"
	  "block m dc_motor in=v out=speed,pos,current R=1 L=0.5e-3 ke=0.05 kt=0.05 J=1e-4 b=1e-4\n" },
	{ "msd",
	  "input f\n"
	  "output pos vel\n"
	  "block p msd in=f out=pos,vel m=1 c=2 k=100\n" },
	{ "lag",
	  "input u\n"
	  "output y\n"
	  "block p lag_delay in=u out=y k=1 tau=0.05 delay=0.002\n" },
};

/*
 * The chain text @param names (a built-in plant) or is, compiled once
 * at @period_ns as a check: the text (kfree it) or an ERR_PTR, the
 * reason in the kernel log.  At most SRT_LATCH_N inputs and outputs.
 */
static inline char *srt_plant_load(const char *param, u64 period_ns)
{
	char err[SRT_PLANT_ERR_LEN] = "", q[SRT_QUOTE_LEN];
	const char *src = param;
	struct srt_kchain *kc;
	u32 n_in, n_out;
	char *text;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(srt_plants); i++)
		if (!strcmp(param, srt_plants[i].name))
			src = srt_plants[i].text;
	text = kstrdup(src, GFP_KERNEL);
	if (!text)
		return ERR_PTR(-ENOMEM);
	strreplace(text, ';', '\n');

	kc = srt_blocks_chain_compile(text, strlen(text), period_ns, err,
				      sizeof(err));
	if (IS_ERR(kc)) {
		pr_err("plant %s does not compile: %s\n",
		       srt_quote_str(q, sizeof(q), param),
		       err[0] ? err : "failed");
		goto err_free_text;
	}
	n_in = srt_blocks_chain_inputs(kc);
	n_out = srt_blocks_chain_outputs(kc);
	srt_blocks_chain_free(kc);
	if (n_in > SRT_LATCH_N || n_out > SRT_LATCH_N) {
		pr_err("plant %s has %u inputs and %u outputs; at most %u each\n",
		       srt_quote_str(q, sizeof(q), param), n_in, n_out,
		       SRT_LATCH_N);
		goto err_free_text;
	}
	return text;

err_free_text:
	kfree(text);
	return ERR_PTR(-EINVAL);
}

/*
 * The plant thread's pace: sleep until @next + @period_ns and move @next
 * there.  A thread a period behind counts it in @late and resumes on
 * time, without a burst of steps to catch up.  False when the thread is
 * to stop.
 */
static inline bool srt_plant_wait(ktime_t *next, u64 period_ns,
				  atomic64_t *late)
{
	*next = ktime_add_ns(*next, period_ns);
	if (ktime_before(*next, ktime_get())) {
		atomic64_inc(late);
		*next = ktime_add_ns(ktime_get(), period_ns);
	}
	/* The state before the check, so kthread_stop's wake counts. */
	set_current_state(TASK_INTERRUPTIBLE);
	if (kthread_should_stop()) {
		__set_current_state(TASK_RUNNING);
		return false;
	}
	schedule_hrtimeout(next, HRTIMER_MODE_ABS);
	return true;
}

#endif /* SHIELDRT_IO_PLANTS_H */
