// SPDX-License-Identifier: GPL-2.0
/*
 * I/O providers: the registry, a loop's bindings, the per-cycle reads and
 * writes with their cost, and external triggers.  Locking and lifetime
 * rules are in io.h; the provider's side is include/shieldrt_io.h.
 */
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/srcu.h>
#include <linux/timekeeping.h>
#include "io.h"
#include "loop_list.h"
#include "trace.h"

/* Registered providers, under srt_lock (the admin layer lists them). */
LIST_HEAD(srt_io_providers);
/* The bindings of every loop bound or being bound, under srt_lock. */
static LIST_HEAD(srt_io_loops);

void srt_io_init(struct srt_loop_io *io)
{
	INIT_LIST_HEAD(&io->node);
}

/* Output stages run inside it: they may sleep, an RCU reader may not. */
DEFINE_STATIC_SRCU(srt_io_srcu);

static struct srt_io_provider *srt_io_find(const char *name)
{
	struct srt_io_provider *p;

	lockdep_assert_held(&srt_lock);
	list_for_each_entry(p, &srt_io_providers, node)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}

int srt_io_register(struct srt_io_provider *p)
{
	int ret = 0;

	if (!p || !p->name || !srt_name_valid(p->name) ||
	    (!p->read && !p->write && !p->output))
		return -EINVAL;
	mutex_lock(&srt_lock);
	if (srt_io_find(p->name)) {
		ret = -EEXIST;
	} else {
		p->bindings = 0;
		list_add_tail(&p->node, &srt_io_providers);
	}
	mutex_unlock(&srt_lock);
	if (!ret)
		pr_info("I/O provider %s registered\n", p->name);
	return ret;
}
EXPORT_SYMBOL_GPL(srt_io_register);

/*
 * The device behind a provider that leaves a loop keeps the safe values,
 * not the last running ones.  No cycle calls the provider any more (a
 * grace period passed), so this is its only caller; like a cycle, it
 * calls write() with preemption off and output() with it on.
 */
static void srt_io_last_safe_write(struct srt_io_bind *b)
{
	const struct srt_io_provider *p = b->pub.provider;
	const u64 *safe = b->io->safe_out + b->pub.out_first;

	if (!b->pub.n_out)
		return;
	if (p->write) {
		preempt_disable();
		p->write(&b->pub, safe, true);
		preempt_enable();
	}
	if (p->output)
		p->output(&b->pub, safe, true);
}

/*
 * Every binding of @p loses it: its loop is told (it goes to safe state,
 * reason io, at its next cycle or trigger wait), a grace period lets any
 * cycle inside a callback finish, the device gets the safe values, then
 * the provider unbinds.
 */
void srt_io_unregister(struct srt_io_provider *p)
{
	struct srt_loop_io *io;
	struct task_struct *task;
	bool any = false;
	u32 i;

	mutex_lock(&srt_lock);
	if (WARN_ON_ONCE(!p->name || srt_io_find(p->name) != p)) {
		mutex_unlock(&srt_lock);
		return;		/* never registered: nothing to undo */
	}
	list_del(&p->node);
	list_for_each_entry(io, &srt_io_loops, node) {
		for (i = 0; i < io->n; i++) {
			if (io->b[i].prov != p)
				continue;
			WRITE_ONCE(io->b[i].prov, NULL);
			WRITE_ONCE(io->gone, true);
			any = true;
		}
		/* An external loop waiting for a trigger learns it now. */
		rcu_read_lock();
		task = READ_ONCE(io->task);
		if (task && READ_ONCE(io->gone))
			wake_up_process(task);
		rcu_read_unlock();
	}
	if (any) {
		synchronize_rcu();
		synchronize_srcu(&srt_io_srcu);
	}
	list_for_each_entry(io, &srt_io_loops, node) {
		for (i = 0; i < io->n; i++) {
			struct srt_io_bind *b = &io->b[i];

			if (b->pub.provider != p || !b->bound)
				continue;
			srt_io_last_safe_write(b);
			if (p->unbind)
				p->unbind(&b->pub);
			b->bound = false;
		}
	}
	mutex_unlock(&srt_lock);
	pr_info("I/O provider %s unregistered\n", p->name);
}
EXPORT_SYMBOL_GPL(srt_io_unregister);

void srt_io_lost(struct srt_io_binding *pub)
{
	struct srt_io_bind *b = container_of(pub, struct srt_io_bind, pub);
	struct task_struct *task;

	WRITE_ONCE(b->lost, true);
	WRITE_ONCE(b->io->gone, true);
	/* An external loop waiting for a trigger learns it now. */
	rcu_read_lock();
	task = READ_ONCE(b->io->task);
	if (task)
		wake_up_process(task);
	rcu_read_unlock();
}
EXPORT_SYMBOL_GPL(srt_io_lost);

void srt_io_remote_fault(struct srt_io_binding *pub)
{
	struct srt_io_bind *b = container_of(pub, struct srt_io_bind, pub);

	b->remote_fault = true;
}
EXPORT_SYMBOL_GPL(srt_io_remote_fault);

static void srt_io_reject(struct srt_io_bind *b, const char *why)
{
	atomic_long_inc(&b->io->rejected);
	trace_io_trigger_reject(b->pub.loop, why);
}

void srt_io_trigger(struct srt_io_binding *pub)
{
	struct srt_io_bind *b = container_of(pub, struct srt_io_bind, pub);
	struct srt_loop_io *io = b->io;
	struct task_struct *task;

	if (!pub->trigger) {
		srt_io_reject(b, "not the trigger binding");
		return;
	}
	if (!READ_ONCE(b->prov)) {
		srt_io_reject(b, "provider unbound");
		return;
	}
	rcu_read_lock();
	task = READ_ONCE(io->task);
	if (task) {
		WRITE_ONCE(io->trig_ns, ktime_get_ns());
		/* Pairs with the acquire in srt_io_trigger_seen(). */
		atomic_long_inc_return_release(&io->trig_seq);
		wake_up_process(task);
	}
	rcu_read_unlock();
	if (!task)
		srt_io_reject(b, "loop not running");
}
EXPORT_SYMBOL_GPL(srt_io_trigger);

unsigned long srt_io_lock(struct srt_io_binding *pub)
{
	struct srt_io_bind *b = container_of(pub, struct srt_io_bind, pub);
	unsigned long flags;

	raw_spin_lock_irqsave(b->io->lock, flags);
	return flags;
}
EXPORT_SYMBOL_GPL(srt_io_lock);

void srt_io_unlock(struct srt_io_binding *pub, unsigned long flags)
{
	struct srt_io_bind *b = container_of(pub, struct srt_io_bind, pub);

	raw_spin_unlock_irqrestore(b->io->lock, flags);
}
EXPORT_SYMBOL_GPL(srt_io_unlock);

/* ---- binding (srt_lock held) ---- */

/* The provider a binding names, if it is there and can do what is asked. */
static struct srt_io_provider *srt_io_spec_provider(const struct srt_io_spec *sp,
						    char *err, size_t errlen)
{
	struct srt_io_provider *p = srt_io_find(sp->name);

	if (!p) {
		snprintf(err, errlen, "io: no provider named '%s'", sp->name);
		return ERR_PTR(-ENOENT);
	}
	if ((sp->n_in && !p->read) ||
	    (sp->n_out && !p->write && !p->output)) {
		snprintf(err, errlen, "io: provider %s cannot %s", sp->name,
			 sp->n_in ? "read inputs" : "write outputs");
		return ERR_PTR(-EINVAL);
	}
	return p;
}

int srt_io_check_specs(const struct srt_config *cfg, char *err,
		       size_t errlen)
{
	struct srt_io_provider *p;
	u32 i;

	lockdep_assert_held(&srt_lock);
	for (i = 0; i < cfg->n_io; i++) {
		p = srt_io_spec_provider(&cfg->io[i], err, errlen);
		if (IS_ERR(p))
			return PTR_ERR(p);
	}
	return 0;
}

int srt_io_bind_all(struct srt_loop_io *io, const struct srt_config *cfg,
		    const char *name, raw_spinlock_t *lock,
		    const u64 *safe_out, char *err, size_t errlen)
{
	struct srt_io_provider *p;
	struct srt_io_bind *b;
	u32 i;
	int ret;

	lockdep_assert_held(&srt_lock);
	atomic_long_set(&io->trig_seq, 0);
	atomic_long_set(&io->rejected, 0);
	io->lock = lock;
	io->safe_out = safe_out;
	list_add_tail(&io->node, &srt_io_loops);
	for (i = 0; i < cfg->n_io; i++) {
		const struct srt_io_spec *sp = &cfg->io[i];

		p = srt_io_spec_provider(sp, err, errlen);
		if (IS_ERR(p)) {
			ret = PTR_ERR(p);
			goto err_unbind;
		}
		b = &io->b[i];
		memset(b, 0, sizeof(*b));
		b->io = io;
		b->pub = (struct srt_io_binding){
			.provider = p, .loop = name, .cpu = cfg->cpu,
			.period_ns = cfg->period_ns,
			.in_first = sp->in_first, .n_in = sp->n_in,
			.out_first = sp->out_first, .n_out = sp->n_out,
			.trigger = sp->trigger,
		};
		if (p->bind) {
			ret = p->bind(&b->pub, err, errlen);
			if (ret) {
				if (!err[0])
					snprintf(err, errlen,
						 "io: %s refused the binding (%d)",
						 sp->name, ret);
				goto err_unbind;
			}
		}
		b->prov = p;
		b->bound = true;
		p->bindings++;
		io->n = i + 1;
		if (sp->trigger)
			io->trig = b;
		if (sp->n_out && p->output)
			io->staged = true;
	}
	return 0;

err_unbind:
	srt_io_unbind_all(io);
	return ret;
}

/* Also for bindings never made or made in part: the list node is init. */
void srt_io_unbind_all(struct srt_loop_io *io)
{
	struct srt_io_bind *b;
	u32 i;

	lockdep_assert_held(&srt_lock);
	for (i = io->n; i-- > 0;) {
		b = &io->b[i];
		if (b->bound) {
			struct srt_io_provider *p = b->prov;

			if (p->unbind)
				p->unbind(&b->pub);
			p->bindings--;
			b->bound = false;
		}
		b->prov = NULL;
	}
	io->n = 0;
	io->trig = NULL;
	io->staged = false;
	list_del_init(&io->node);
}

void srt_io_reset(struct srt_loop_io *io)
{
	struct srt_io_bind *b;
	u32 i;

	lockdep_assert_held(&srt_lock);
	for (i = 0; i < io->n; i++) {
		b = &io->b[i];
		if (b->bound && b->prov && b->prov->reset)
			b->prov->reset(&b->pub);
	}
}

int srt_io_check_present(const struct srt_loop_io *io,
			 const struct srt_config *cfg, char *err,
			 size_t errlen)
{
	u32 i;

	lockdep_assert_held(&srt_lock);
	for (i = 0; i < io->n; i++) {
		if (!io->b[i].prov) {
			/* the configuration's copy: the provider is gone */
			snprintf(err, errlen,
				 "io: provider %s was unloaded; destroy and create the loop again",
				 cfg->io[i].name);
			return -ENODEV;
		}
		if (READ_ONCE(io->b[i].lost)) {
			snprintf(err, errlen,
				 "io: the device behind provider %s went away; destroy and create the loop again",
				 cfg->io[i].name);
			return -ENODEV;
		}
	}
	return 0;
}

int srt_io_check_start(const struct srt_loop_io *io,
		       const struct srt_config *cfg, u32 n_in, u32 n_out,
		       char *err, size_t errlen)
{
	return srt_io_check_present(io, cfg, err, errlen) ?:
	       srt_io_spec_check_signals(cfg, n_in, n_out, err, errlen);
}

/* A run begins: triggers may now wake @task. */
void srt_io_run_begin(struct srt_loop_io *io, struct task_struct *task)
{
	io->seen_seq = atomic_long_read(&io->trig_seq);
	if (io->trig)
		WRITE_ONCE(io->task, task);
}

/* Before the thread stops: no trigger may still be waking it. */
void srt_io_run_end(struct srt_loop_io *io)
{
	if (!READ_ONCE(io->task))
		return;
	WRITE_ONCE(io->task, NULL);
	synchronize_rcu();
}

/* ---- the cycle (loop thread) ---- */

/*
 * Every binding's read, under the I/O lock (taken here unless the
 * section holds it already), into @buf; a clean read replaces its
 * inputs in @in, a failed one leaves them as they were.
 */
void srt_io_cycle_read(struct srt_loop_io *io, struct srt_io_cycle *ic,
		       u64 *in, u64 *buf, bool io_lock_held)
{
	struct srt_io_provider *p;
	unsigned long flags = 0;
	u64 t0, t1;
	u32 i, k;
	int ret;

	rcu_read_lock();
	if (!io_lock_held)
		raw_spin_lock_irqsave(io->lock, flags);
	t0 = ktime_get_ns();
	for (i = 0; i < io->n; i++) {
		struct srt_io_bind *b = &io->b[i];

		/* A fault raised by the last cycle's write counts here. */
		ic->remote_fault |= b->remote_fault;
		b->remote_fault = false;
		p = READ_ONCE(b->prov);
		if (!b->pub.n_in || !p)
			continue;
		ret = p->read(&b->pub, buf);
		ic->remote_fault |= b->remote_fault;
		b->remote_fault = false;
		t1 = ktime_get_ns();
		ic->rd_ns[i] = t1 - t0;
		ic->rd_done |= BIT(i);
		t0 = t1;
		if (ret < 0) {
			ic->rd_err |= BIT(i);
			continue;
		}
		for (k = 0; k < b->pub.n_in; k++)
			WRITE_ONCE(in[b->pub.in_first + k], buf[k]);
	}
	if (!io_lock_held)
		raw_spin_unlock_irqrestore(io->lock, flags);
	rcu_read_unlock();
}

/* Every binding's write: checked outputs, or the safe values. */
void srt_io_cycle_write(struct srt_loop_io *io, struct srt_io_cycle *ic,
			const u64 *out, bool safe)
{
	struct srt_io_provider *p;
	u64 t0, t1;
	u32 i;
	int ret;

	rcu_read_lock();
	t0 = ktime_get_ns();
	for (i = 0; i < io->n; i++) {
		struct srt_io_bind *b = &io->b[i];

		p = READ_ONCE(b->prov);
		if (!b->pub.n_out || !p || !p->write)
			continue;
		ret = p->write(&b->pub, out + b->pub.out_first, safe);
		t1 = ktime_get_ns();
		ic->wr_ns[i] = t1 - t0;
		ic->wr_done |= BIT(i);
		t0 = t1;
		if (ret < 0)
			ic->wr_err |= BIT(i);
	}
	rcu_read_unlock();
}

/*
 * Every binding's output stage: checked outputs, or the safe values.
 * Process context, after the section: a provider may sleep here.
 */
void srt_io_cycle_output(struct srt_loop_io *io, struct srt_io_cycle *ic,
			 const u64 *out, bool safe)
{
	struct srt_io_provider *p;
	u64 t0, t1;
	int idx, ret;
	u32 i;

	might_sleep();
	idx = srcu_read_lock(&srt_io_srcu);
	t0 = ktime_get_ns();
	for (i = 0; i < io->n; i++) {
		struct srt_io_bind *b = &io->b[i];

		p = READ_ONCE(b->prov);
		if (!b->pub.n_out || !p || !p->output)
			continue;
		ret = p->output(&b->pub, out + b->pub.out_first, safe);
		t1 = ktime_get_ns();
		ic->out_ns[i] = t1 - t0;
		ic->out_done |= BIT(i);
		t0 = t1;
		if (ret < 0)
			ic->out_err |= BIT(i);
	}
	srcu_read_unlock(&srt_io_srcu, idx);
}

static void srt_io_cost_add(struct srt_io_cost *k, u64 ns, bool err)
{
	k->calls++;
	k->errors += err;
	k->ns_sum += ns;
	k->ns_max = max(k->ns_max, ns);
}

/* Fold this cycle's I/O into the bindings' counters; under stats_seq. */
void srt_io_account(struct srt_loop_io *io, const struct srt_io_cycle *ic)
{
	u32 i;

	for (i = 0; i < io->n; i++) {
		if (ic->rd_done & BIT(i))
			srt_io_cost_add(&io->b[i].rd, ic->rd_ns[i],
					ic->rd_err & BIT(i));
		if (ic->wr_done & BIT(i))
			srt_io_cost_add(&io->b[i].wr, ic->wr_ns[i],
					ic->wr_err & BIT(i));
		if (ic->out_done & BIT(i))
			srt_io_cost_add(&io->b[i].out, ic->out_ns[i],
					ic->out_err & BIT(i));
	}
}
