// SPDX-License-Identifier: GPL-2.0
/*
 * Data plane regions: allocation, lifetime, the name registry that
 * /dev/shieldrt attaches through, and the loop's per-cycle entry points.
 * The protocol itself (and all validation) is in shieldrt_dataplane.h.
 */
#include <linux/build_bug.h>
#include <linux/err.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include "shieldrt_dataplane.h"
#include "alloc_size.h"
#include "config.h"
#include "region.h"

struct srt_region {
	struct kref ref;
	struct list_head node;		/* srt_regions, under srt_region_lock */
	bool listed;
	char name[SHIELDRT_NAME_LEN];
	void *mem;			/* vmalloc_user, mapped by user space */
	struct srt_dp dp;		/* private protocol state */
};

static DEFINE_MUTEX(srt_region_lock);
static LIST_HEAD(srt_regions);

/* The ABI's sizes are part of the ABI. */
static_assert(sizeof(struct shieldrt_offsets) == 112);
static_assert(sizeof(struct shieldrt_live) == 64);
static_assert(sizeof(struct shieldrt_user) == 64);
static_assert(offsetof(struct shieldrt_hdr, live) == 512);
static_assert(sizeof(struct shieldrt_hdr) == 1024);
static_assert(sizeof(struct shieldrt_mbox) == 64);
static_assert(sizeof(struct shieldrt_slot) == 16);
static_assert(sizeof(struct shieldrt_ring_idx) == 64);
static_assert(sizeof(struct shieldrt_tel) == 72);
static_assert(sizeof(struct shieldrt_stats) == 256);
static_assert(sizeof(struct shieldrt_attach) == 160);

static void srt_geom_fill(const struct srt_region_geom *in,
			  struct srt_dp_geom *g)
{
	u32 i;

	memset(g, 0, sizeof(*g));
	g->n_in = in->n_in;
	g->n_out = in->n_out;
	g->cmd_size = in->cmd_size;
	g->tel_size = in->tel_size;
	g->tel_decimation = in->tel_decimation ?: 1;
	if (in->tel_nsel) {
		g->tel_nsel = min_t(u32, in->tel_nsel, SHIELDRT_MAX_SEL + 1);
		memcpy(g->tel_sel, in->tel_sel,
		       sizeof(u16) * min_t(u32, in->tel_nsel,
					   SHIELDRT_MAX_SEL));
		return;
	}
	for (i = 0; i < in->n_in && i < SHIELDRT_MAX_SIGNALS; i++)
		g->tel_sel[g->tel_nsel++] = i;
	for (i = 0; i < in->n_out && i < SHIELDRT_MAX_SIGNALS; i++)
		g->tel_sel[g->tel_nsel++] = SHIELDRT_SEL_OUT | i;
}

static struct srt_region *srt_region_lookup(const char *name)
{
	struct srt_region *r;

	lockdep_assert_held(&srt_region_lock);
	list_for_each_entry(r, &srt_regions, node)
		if (!strcmp(r->name, name))
			return r;
	return NULL;
}

struct srt_region *srt_region_create(const struct srt_region_geom *geom)
{
	struct shieldrt_offsets off;
	struct srt_dp_geom g;
	struct srt_region *r;
	int err;

	if (!geom->name || !geom->name[0] ||
	    strnlen(geom->name, SHIELDRT_NAME_LEN) >= SHIELDRT_NAME_LEN)
		return ERR_PTR(-EINVAL);
	srt_geom_fill(geom, &g);
	if (!srt_dp_layout(&g, &off, PAGE_SIZE))
		return ERR_PTR(-EINVAL);

	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return ERR_PTR(-ENOMEM);
	kref_init(&r->ref);
	INIT_LIST_HEAD(&r->node);
	strscpy(r->name, geom->name, sizeof(r->name));
	r->mem = vmalloc_user(off.region_size);
	if (!r->mem) {
		err = -ENOMEM;
		goto err_free_region;
	}
	srt_dp_init(&r->dp, r->mem, &off, &g, r->name, geom->period_ns);

	mutex_lock(&srt_region_lock);
	if (srt_region_lookup(r->name)) {
		mutex_unlock(&srt_region_lock);
		err = -EEXIST;
		goto err_free_mem;
	}
	list_add_tail(&r->node, &srt_regions);
	r->listed = true;
	mutex_unlock(&srt_region_lock);
	return r;

err_free_mem:
	vfree(r->mem);
err_free_region:
	kfree(r);
	return ERR_PTR(err);
}

void srt_region_get(struct srt_region *r)
{
	kref_get(&r->ref);
}

static void srt_region_release(struct kref *ref)
{
	struct srt_region *r = container_of(ref, struct srt_region, ref);

	/* Unlisted by srt_region_kill(): the list never holds a reference. */
	WARN_ON_ONCE(r->listed);
	vfree(r->mem);
	kfree(r);
}

void srt_region_put(struct srt_region *r)
{
	if (r)
		kref_put(&r->ref, srt_region_release);
}

void srt_region_unlist(struct srt_region *r)
{
	mutex_lock(&srt_region_lock);
	if (r->listed) {
		list_del_init(&r->node);
		r->listed = false;
	}
	mutex_unlock(&srt_region_lock);
}

/* Only after srt_region_unlist() with no region of that name since. */
void srt_region_relist(struct srt_region *r)
{
	mutex_lock(&srt_region_lock);
	if (!r->listed && !WARN_ON_ONCE(srt_region_lookup(r->name))) {
		list_add_tail(&r->node, &srt_regions);
		r->listed = true;
	}
	mutex_unlock(&srt_region_lock);
}

void srt_region_kill(struct srt_region *r, u32 why)
{
	srt_region_unlist(r);
	srt_dp_kill(&r->dp, why);
}

struct srt_region *srt_region_find_get(const char *name)
{
	struct srt_region *r;

	mutex_lock(&srt_region_lock);
	r = srt_region_lookup(name);
	if (r)
		srt_region_get(r);
	mutex_unlock(&srt_region_lock);
	return r;
}

/* The loop thread's per-cycle work is inline in cycle.c, on this. */
struct srt_dp *srt_region_dp(struct srt_region *r)
{
	return &r->dp;
}

/* The loop thread is leaving: make the region's views current. */
void srt_region_flush(struct srt_region *r)
{
	srt_dp_flush(&r->dp);
}

void srt_region_set_commit_cycle(struct srt_region *r, u64 cycle)
{
	srt_dp_set_commit(&r->dp, cycle);
}

/*
 * A copy of the private counters taken from another CPU.  On 32-bit CPUs
 * a 64-bit counter can tear: retry until the loop thread was not inside
 * a cycle's data plane work ([K2], pairs with [K1] in shieldrt_dataplane.h).
 * Returns false if it never got a clean copy (the loop kept it busy).
 */
bool srt_region_snapshot(const struct srt_region *r,
			 struct srt_region_snap *sn)
{
	const struct srt_dp *dp = &r->dp;
	int tries;

	sn->n_in = dp->n_in;
	sn->cmd_size = dp->cmd_mask + 1;
	sn->tel_size = dp->tel_mask + 1;
	sn->tel_decimation = dp->tel_decimation;
	sn->tel_nsel = dp->tel_nsel;
	sn->dead = !!(READ_ONCE(dp->flags) & SHIELDRT_RF_DEAD);

	for (tries = 0; tries < 1000; tries++) {
		u32 s0 = SRT_DP_KSEQ ? smp_load_acquire(&dp->kseq) : 0; /* [K2] */

		if (s0 & 1) {
			cpu_relax();
			continue;
		}
		srt_stats_copy(&sn->st, &dp->st);
		sn->cycle = READ_ONCE(dp->cycle);
		sn->hb_cycle = READ_ONCE(dp->hb_cycle);
		sn->heartbeat = READ_ONCE(dp->hb_last);
		sn->mbox_seq = READ_ONCE(dp->mbox_seq);
		sn->mbox_cycle = READ_ONCE(dp->mbox_cycle);
		sn->commit_cycle = READ_ONCE(dp->commit_cycle);
		sn->cmd_head = (u32)READ_ONCE(dp->cmd_quiet);
		sn->tel_tail = READ_ONCE(dp->tel_tail);
		if (!SRT_DP_KSEQ)
			return true;
		smp_rmb();					/* [K2] */
		if (READ_ONCE(dp->kseq) == s0)
			return true;
	}
	return false;
}

u64 srt_region_size(const struct srt_region *r)
{
	return r->dp.off.region_size;
}

u64 srt_region_mem_bytes(const struct srt_region *r)
{
	return srt_alloc_size(r->mem, r->dp.off.region_size) +
	       srt_alloc_size(r, sizeof(*r));
}

/* Where the part user space may write begins: a page boundary. */
u64 srt_region_writable(const struct srt_region *r)
{
	return r->dp.off.writable;
}

void *srt_region_mem(const struct srt_region *r)
{
	return r->mem;
}

u32 srt_region_flags(const struct srt_region *r)
{
	return READ_ONCE(r->dp.flags);
}

void srt_region_offsets(const struct srt_region *r,
			struct shieldrt_offsets *off)
{
	*off = r->dp.off;
}
