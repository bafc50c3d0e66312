// SPDX-License-Identifier: GPL-2.0
/*
 * The ioctl front end: the control plane of include/uapi/shieldrt.h.
 *
 * Each request: the size in the command must be at least the struct's
 * first published size and at most SHIELDRT_STRUCT_MAX; the struct is
 * read with copy_struct_from_user() (a larger struct's unknown tail must
 * be zero, a smaller one reads as zeroed new fields); reserved fields,
 * unknown flags and names are checked before anything is looked up; the
 * reply is written back cut to the caller's size, on failure too, so err
 * reaches the caller.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "admin.h"
#include "internal.h"
#include "shieldrt_quote.h"

/* Which requests take text, and how a request's value is used. */
enum srt_ioc_text { SRT_T_NONE, SRT_T_OPT, SRT_T_NEED };
/* value: must be 0, read, or written only (its input is not looked at) */
enum srt_ioc_value { SRT_V_NONE, SRT_V_IN, SRT_V_OUT };

/*
 * One request of the control plane, by its number: the struct it takes
 * (the kernel's size, the smallest it accepts), whether it changes
 * something (CAP_SYS_ADMIN), and how it runs.  A struct shieldrt_req
 * request (srt_ioc_loop_req) also says whether it needs the named loop
 * looked up, what text, flags and value it takes, and its operation.
 */
struct srt_ioc {
	u32 ksize;
	u32 ver0;
	bool change;
	long (*run)(const struct srt_ioc *ioc, void *req);
	/* struct shieldrt_req requests */
	bool loop;
	enum srt_ioc_text text;
	size_t max;			/* longest text */
	u32 flags;			/* SHIELDRT_REQ_* it takes */
	enum srt_ioc_value value;
	int (*op)(struct shieldrt_req *r, struct srt_loop *loop, char *text,
		  char *err, size_t errlen);
	/* or an operation on a loop by name (destroy, start, ...) */
	int (*by_name)(const char *name, char *err, size_t errlen);
};

/*
 * A change request refused before it ran: only its err[] is written (the
 * rest of the caller's struct stays as it was); EFAULT if it cannot be.
 */
static long srt_ioc_refuse(void __user *uarg, long ret, const char *why)
{
	char err[SHIELDRT_ERR_LEN] = "";

	strscpy(err, why, sizeof(err));
	if (copy_to_user(uarg + offsetof(struct shieldrt_req, err), err,
			 sizeof(err)))
		return -EFAULT;
	return ret;
}

/*
 * The reason leaves as last_error does: a user's bytes in it are quoted
 * where it was written, and nothing outside printable ASCII gets out.
 */
static void srt_ioc_err_escape(struct shieldrt_req *r)
{
	char err[SHIELDRT_ERR_LEN];

	r->err[sizeof(r->err) - 1] = '\0';
	srt_escape(err, sizeof(err), r->err);
	memcpy(r->err, err, sizeof(err));
}

static bool srt_zero(const void *p, size_t len)
{
	return !memchr_inv(p, 0, len);
}

/*
 * A loop name: NUL inside the field, a valid name, nothing after the
 * NUL (so a later version can tell old callers' names apart).
 */
static int srt_check_name(const u8 *name, bool may_be_empty)
{
	size_t n = strnlen(name, SHIELDRT_NAME_LEN);

	if (n == SHIELDRT_NAME_LEN || !srt_zero(name + n, SHIELDRT_NAME_LEN - n))
		return -EINVAL;
	if (!n)
		return may_be_empty ? 0 : -EINVAL;
	return srt_name_valid(name) ? 0 : -EINVAL;
}

/* The reserved word of every metric slot (stats and hist replies). */
/* The loop a request names, with a reference; -ENOENT if none. */
static struct srt_loop *srt_ioc_loop(const u8 *name, char *err,
				     size_t errlen)
{
	struct srt_loop *loop = srt_loop_find_get(name);

	if (!loop) {
		if (err)
			snprintf(err, errlen, "no loop named '%s'", name);
		return ERR_PTR(-ENOENT);
	}
	return loop;
}

/*
 * The request's text, NUL-terminated; NULL with no text.  A NUL inside
 * text_len is refused: a parser would stop there and silently drop the rest.
 */
static char *srt_ioc_text(const struct shieldrt_req *r, size_t max)
{
	char *text;

	if (!r->text)
		return r->text_len ? ERR_PTR(-EINVAL) : NULL;
	if (r->text_len > max)
		return ERR_PTR(-E2BIG);
	text = memdup_user_nul(u64_to_user_ptr(r->text), r->text_len);
	if (!IS_ERR(text) && memchr(text, 0, r->text_len)) {
		kfree(text);
		return ERR_PTR(-EILSEQ);
	}
	return text;
}

/* The operations of the struct shieldrt_req requests. */
static int srt_op_create(struct shieldrt_req *r, struct srt_loop *unused,
			 char *text, char *err, size_t errlen)
{
	return srt_req_create(r->name, text, r->flags & SHIELDRT_REQ_START,
			      err, errlen);
}

static int srt_op_configure(struct shieldrt_req *r, struct srt_loop *loop,
			    char *text, char *err, size_t errlen)
{
	return srt_req_configure(loop, text, err, errlen);
}

/* No text (text 0 and text_len 0): no chain. */
static int srt_op_chain(struct shieldrt_req *r, struct srt_loop *loop,
			char *text, char *err, size_t errlen)
{
	return srt_req_chain(loop, text, r->text ? r->text_len : 0, err,
			     errlen);
}

static int srt_op_params(struct shieldrt_req *r, struct srt_loop *loop,
			 char *text, char *err, size_t errlen)
{
	return srt_req_params(loop, text, r->text_len, err, errlen);
}

static int srt_op_commit(struct shieldrt_req *r, struct srt_loop *loop,
			 char *text, char *err, size_t errlen)
{
	return srt_req_commit(loop, &r->value, err, errlen);
}

static int srt_op_limits(struct shieldrt_req *r, struct srt_loop *loop,
			 char *text, char *err, size_t errlen)
{
	return srt_req_limits(loop, text, err, errlen);
}

/* Exactly one of trigger, rearm and triggers (with its mask in value). */
static int srt_op_flight(struct shieldrt_req *r, struct srt_loop *loop,
			 char *text, char *err, size_t errlen)
{
	if (hweight32(r->flags) != 1) {
		snprintf(err, errlen, "flight: one of trigger, rearm, triggers");
		return -EINVAL;
	}
	if (r->value && !(r->flags & SHIELDRT_REQ_FLIGHT_TRIGGERS)) {
		snprintf(err, errlen, "flight: a value is for triggers only");
		return -EINVAL;
	}
	if (r->flags & SHIELDRT_REQ_FLIGHT_TRIGGERS)
		/* The bits above 31 are unknown triggers too. */
		return srt_req_flight(loop, SRT_FLIGHT_OP_SET_TRIGGERS,
				      r->value > U32_MAX ? ~0U : (u32)r->value,
				      err, errlen);
	return srt_req_flight(loop, r->flags & SHIELDRT_REQ_FLIGHT_TRIGGER ?
			      SRT_FLIGHT_OP_TRIGGER : SRT_FLIGHT_OP_REARM, 0,
			      err, errlen);
}

static int srt_op_fpu_empty(struct shieldrt_req *r, struct srt_loop *loop,
			    char *text, char *err, size_t errlen)
{
	if (r->value > 1) {
		snprintf(err, errlen, "fpu_empty: 0 or 1");
		return -EINVAL;
	}
	srt_req_fpu_empty(loop, r->value);
	return 0;
}

/*
 * A struct shieldrt_req request, as its row says: everything the row
 * does not allow must be zero, the text is copied in, the loop looked
 * up, then the operation runs.
 */
static long srt_ioc_loop_req(const struct srt_ioc *ioc, void *req)
{
	struct shieldrt_req *r = req;
	char *err = r->err, *text = NULL, empty[1] = "";
	size_t errlen = sizeof(r->err);
	struct srt_loop *loop = NULL;
	long ret;

	memset(r->err, 0, sizeof(r->err));
	if (!srt_zero(r->resv, sizeof(r->resv)) || (r->flags & ~ioc->flags) ||
	    (ioc->value == SRT_V_NONE && r->value) ||
	    srt_check_name(r->name, false)) {
		snprintf(err, errlen, "malformed request (reserved field, flag, value or name)");
		return -EINVAL;
	}
	if (ioc->text == SRT_T_NONE && (r->text || r->text_len)) {
		snprintf(err, errlen, "this request takes no text");
		return -EINVAL;
	}
	if (ioc->text == SRT_T_NEED && !r->text) {
		snprintf(err, errlen, "this request needs text");
		return -EINVAL;
	}
	if (ioc->text != SRT_T_NONE) {
		text = srt_ioc_text(r, ioc->max);
		if (IS_ERR(text)) {
			ret = PTR_ERR(text);
			if (ret == -EILSEQ) {
				snprintf(err, errlen, "text has a NUL byte inside text_len");
				return -EINVAL;
			}
			snprintf(err, errlen, ret == -E2BIG ?
				 "text over %zu bytes" : "text unreadable",
				 ioc->max);
			return ret;
		}
	}
	if (ioc->loop) {
		loop = srt_ioc_loop(r->name, err, errlen);
		ret = PTR_ERR_OR_ZERO(loop);
		if (ret) {
			kfree(text);
			return ret;
		}
	}
	/* The parsers cut their text up: never hand them a literal. */
	if (ioc->by_name)
		ret = ioc->by_name(r->name, err, errlen);
	else
		ret = ioc->op(r, loop, text ? text : empty, err, errlen);
	if (loop)
		srt_loop_put(loop);
	kfree(text);
	/* the operation's reason may echo the user's bytes */
	srt_ioc_err_escape(r);
	return ret;
}

static long srt_ioc_list(const struct srt_ioc *ioc, void *req)
{
	struct shieldrt_list_req *r = req;
	struct shieldrt_loop_info *info = NULL;
	struct srt_loop *loop;
	u32 n = 0, cap;
	long ret = 0;

	if (r->flags || r->resv0 || !srt_zero(r->resv, sizeof(r->resv)))
		return -EINVAL;
	cap = r->loops ? min_t(u32, r->loops_len, 4096) : 0;
	if (cap) {
		info = kvcalloc(cap, sizeof(*info), GFP_KERNEL);
		if (!info)
			return -ENOMEM;
	}
	mutex_lock(&srt_lock);
	list_for_each_entry(loop, &srt_loops, node) {
		if (n < cap) {
			strscpy(info[n].name, loop->name, sizeof(info[n].name));
			info[n].state = READ_ONCE(loop->state);
			info[n].mode = loop->cfg.mode;
			info[n].cpu = loop->cfg.cpu;
			info[n].period_ns = loop->cfg.period_ns;
		}
		n++;
	}
	mutex_unlock(&srt_lock);
	r->nr_loops = n;
	if (r->loops && n > r->loops_len)
		ret = -ENOSPC;
	if (cap && copy_to_user(u64_to_user_ptr(r->loops), info,
				min(n, cap) * sizeof(*info)))
		ret = -EFAULT;
	kvfree(info);
	return ret;
}

static long srt_ioc_stats(const struct srt_ioc *ioc, void *req)
{
	struct shieldrt_stats_req *r = req;
	struct srt_loop *loop;

	/* Out fields are ignored on the way in: a struct can be reused. */
	if (r->flags || !srt_zero(r->resv, sizeof(r->resv)) ||
	    srt_check_name(r->name, false))
		return -EINVAL;
	loop = srt_ioc_loop(r->name, NULL, 0);
	if (IS_ERR(loop))
		return PTR_ERR(loop);
	memset(r->metric, 0, sizeof(r->metric));
	srt_stats_fill(loop, r);
	srt_loop_put(loop);
	return 0;
}

static long srt_ioc_hist(const struct srt_ioc *ioc, void *req)
{
	struct shieldrt_hist_req *r = req;
	struct srt_counters c;
	struct srt_loop *loop;
	u64 *buf = NULL;
	u32 nb, i, b, need;
	long ret = 0;

	if (r->flags || !srt_zero(r->resv, sizeof(r->resv)) ||
	    srt_check_name(r->name, false))
		return -EINVAL;
	loop = srt_ioc_loop(r->name, NULL, 0);
	if (IS_ERR(loop))
		return PTR_ERR(loop);
	/* Only now: a request that fails leaves the caller's struct alone. */
	memset(r->metric, 0, sizeof(r->metric));
	/* An upper bound taken unlocked; checked again under srt_lock. */
	need = SRT_NR_METRICS * SRT_HIST_MAX_BUCKETS;
	if (r->buckets && r->buckets_len) {
		buf = kvmalloc_array(min(need, r->buckets_len), sizeof(u64),
				     GFP_KERNEL);
		if (!buf) {
			srt_loop_put(loop);
			return -ENOMEM;
		}
	}
	mutex_lock(&srt_lock);
	srt_loop_read_stats(loop, &c);
	nb = loop->hist[0].nr;
	r->nr_metrics = SRT_NR_METRICS;
	r->nr_buckets = nb;
	r->bucket_ns = 1U << loop->hist[0].unit_shift;
	r->sub_bits = SRT_HIST_SUB_BITS;
	r->range_ns = loop->hist[0].range_ns;
	r->mode = loop->cfg.mode;
	r->cpu = loop->cfg.cpu;
	r->period_ns = loop->cfg.period_ns;
	r->duration_ns = srt_run_duration(&c);
	for (i = 0; i < SRT_NR_METRICS; i++)
		srt_metric_fill(srt_loop_hist(loop, i), &r->metric[i]);
	need = SRT_NR_METRICS * nb;
	if (r->buckets && r->buckets_len < need)
		ret = -ENOSPC;
	else if (r->buckets)
		for (i = 0; i < SRT_NR_METRICS; i++)
			for (b = 0; b < nb; b++)
				buf[i * nb + b] =
					srt_hist_bucket(srt_loop_hist(loop, i), b);
	mutex_unlock(&srt_lock);
	srt_loop_put(loop);
	if (!ret && r->buckets &&
	    copy_to_user(u64_to_user_ptr(r->buckets), buf, need * sizeof(u64)))
		ret = -EFAULT;
	kvfree(buf);
	return ret;
}

/* The head both record layouts share. */
static void srt_flight_head_fill(struct shieldrt_flight_vrec *d,
				 const struct srt_flight_rec *r)
{
	d->cycle = r->s.cycle;
	d->deadline_ns = r->s.deadline_ns;
	d->wake_ns = r->s.wake_ns;
	d->irq_latency_ns = r->s.irq_latency_ns;
	d->thread_latency_ns = r->s.thread_latency_ns;
	d->compute_ns = r->s.compute_ns;
	d->end_ns = r->s.end_ns;
	d->section_ns = r->s.section_ns;
	d->lock_wait_ns = r->s.lock_wait_ns;
	d->missed = r->s.missed;
	d->flags = r->s.flags;
	d->note = r->note;
	d->safe_reason = r->safe_why;
}

/*
 * The first layout: the first 8 recorded inputs in in[], the first 8
 * recorded outputs in out[], in the order the loop keeps them.
 */
static void srt_flight_rec_fill(struct shieldrt_flight_rec *d,
				const struct srt_flight_rec *r,
				const struct srt_flight_sigs *sigs)
{
	u32 k, ni = 0, no = 0;

	memset(d, 0, sizeof(*d));
	srt_flight_head_fill((struct shieldrt_flight_vrec *)d, r);
	for (k = 0; k < sigs->nsel; k++) {
		if (!(sigs->sel[k] & SHIELDRT_SEL_OUT) && ni < SRT_FR_SIGNALS)
			d->in[ni++] = r->v[k];
		else if ((sigs->sel[k] & SHIELDRT_SEL_OUT) && no < SRT_FR_SIGNALS)
			d->out[no++] = r->v[k];
	}
}

/* The loop's own choice: the head, then every recorded value. */
static void srt_flight_vrec_fill(struct shieldrt_flight_vrec *d,
				 const struct srt_flight_rec *r, u32 nsel)
{
	memset(d, 0, sizeof(*d));
	srt_flight_head_fill(d, r);
	memcpy(d->value, r->v, nsel * sizeof(u64));
}

/* Records go out in chunks, under the recorder's lock (a mutex). */
#define SRT_FR_CHUNK	64

static long srt_ioc_flight(const struct srt_ioc *ioc, void *req)
{
	struct shieldrt_flight_req *r = req;
	bool values = r->flags & SHIELDRT_FLIGHT_F_VALUES;
	struct srt_flight_status st;
	u8 __user *dst;
	struct srt_loop *loop;
	size_t size = 0;
	u32 i, k, nsel;
	long ret = 0;
	u8 *chunk = NULL;

	if ((r->flags & ~SHIELDRT_FLIGHT_F_VALUES) || r->resv0 ||
	    !srt_zero(r->resv, sizeof(r->resv)) ||
	    srt_check_name(r->name, false))
		return -EINVAL;
	loop = srt_ioc_loop(r->name, NULL, 0);
	if (IS_ERR(loop))
		return PTR_ERR(loop);
	/* Out fields: whatever came in is replaced. */
	r->nr_recs = 0;
	r->trigger_cycle = 0;
	r->before = 0;
	r->after = 0;
	r->lost = 0;
	r->cut_short = 0;
	r->nsel = 0;
	r->rec_size = 0;
	memset(r->sel, 0, sizeof(r->sel));
	if (r->recs) {
		/* room for a chunk of the largest records either layout has */
		chunk = kmalloc_array(SRT_FR_CHUNK, sizeof(struct shieldrt_flight_vrec) +
				      SRT_FR_MAX_SEL * sizeof(u64), GFP_KERNEL);
		if (!chunk) {
			srt_loop_put(loop);
			return -ENOMEM;
		}
	}
	srt_flight_lock(&loop->flight);
	srt_flight_status(&loop->flight, &loop->cfg, &st);
	nsel = st.sigs->nsel;
	r->state = st.state;
	r->trigger = st.why;
	r->triggers = st.triggers;
	r->size = st.size;
	r->post = st.post;
	r->left = st.state == SHIELDRT_FLIGHT_TRIGGERED ? st.left : 0;
	r->ignored_triggers = st.ignored;
	if (st.allocated) {
		r->nsel = nsel;
		r->rec_size = sizeof(struct shieldrt_flight_vrec) +
			      nsel * sizeof(u64);
		memcpy(r->sel, st.sigs->sel, nsel * sizeof(u16));
	}
	if (st.state == SHIELDRT_FLIGHT_FROZEN) {
		r->nr_recs = st.n;
		r->trigger_cycle = st.trigger_cycle;
		r->before = st.before;
		r->after = st.after;
		r->lost = st.lost;
		r->cut_short = st.cut_short;
	}
	size = values ? r->rec_size : sizeof(struct shieldrt_flight_rec);
	if (r->recs && r->recs_len < r->nr_recs)
		ret = -ENOSPC;
	dst = u64_to_user_ptr(r->recs);
	for (i = 0; r->recs && !ret && i < r->nr_recs; i += k) {
		for (k = 0; k < SRT_FR_CHUNK && i + k < r->nr_recs; k++) {
			const struct srt_flight_rec *fr =
				srt_flight_record(&loop->flight, i + k);

			if (values)
				srt_flight_vrec_fill((void *)(chunk + k * size),
						     fr, nsel);
			else
				srt_flight_rec_fill((void *)(chunk + k * size),
						    fr, st.sigs);
		}
		if (copy_to_user(dst + (size_t)i * size, chunk, k * size))
			ret = -EFAULT;
	}
	srt_flight_unlock(&loop->flight);
	srt_loop_put(loop);
	kfree(chunk);
	return ret;
}

static long srt_ioc_view(const struct srt_ioc *ioc, void *req)
{
	struct shieldrt_view_req *r = req;
	const struct srt_view *v;
	struct srt_loop *loop = NULL;
	size_t len;
	char *text;
	long ret;

	if (r->flags || !srt_zero(r->resv, sizeof(r->resv)) ||
	    srt_check_name(r->name, true) || srt_check_name(r->view, false))
		return -EINVAL;
	v = srt_view_find(!r->name[0], r->view);
	if (!v)
		return -ENOENT;
	if (r->name[0]) {
		loop = srt_ioc_loop(r->name, NULL, 0);
		if (IS_ERR(loop))
			return PTR_ERR(loop);
	}
	ret = srt_view_render(v, loop, &text, &len);
	if (loop)
		srt_loop_put(loop);
	if (ret)
		return ret;
	r->len = len;
	/* Cut to fit with a NUL; ENOSPC says it was cut. */
	if (r->buf_len) {
		size_t n = min_t(size_t, len, r->buf_len - 1);
		char __user *dst = u64_to_user_ptr(r->buf);

		if (copy_to_user(dst, text, n) || put_user(0, dst + n))
			ret = -EFAULT;
	}
	if (!ret && len + 1 > r->buf_len)
		ret = -ENOSPC;
	kvfree(text);
	return ret;
}

/*
 * Every control request, by the UAPI's number.  A shieldrt_req request
 * lists: whether the named loop is looked up first, its text (and the
 * longest), its flags and how it uses value.
 */
#define SRT_IOC_REQ(...)						\
	.ksize = sizeof(struct shieldrt_req),				\
	.ver0 = SHIELDRT_REQ_SIZE_VER0, .change = true,			\
	.run = srt_ioc_loop_req, __VA_ARGS__
#define SRT_IOC_READ(type, fn, ver0_)					\
	.ksize = sizeof(type), .ver0 = ver0_, .run = fn

static const struct srt_ioc srt_iocs[] = {
	[_IOC_NR(SHIELDRT_IOC_CREATE)] = { SRT_IOC_REQ(.op = srt_op_create,
		.text = SRT_T_OPT, .max = SRT_WRITE_MAX,
		.flags = SHIELDRT_REQ_START) },
	[_IOC_NR(SHIELDRT_IOC_DESTROY)] = { SRT_IOC_REQ(.by_name = srt_req_destroy) },
	[_IOC_NR(SHIELDRT_IOC_START)] = { SRT_IOC_REQ(.by_name = srt_req_start) },
	[_IOC_NR(SHIELDRT_IOC_STOP)] = { SRT_IOC_REQ(.by_name = srt_req_stop) },
	[_IOC_NR(SHIELDRT_IOC_RESET)] = { SRT_IOC_REQ(.by_name = srt_req_reset) },
	[_IOC_NR(SHIELDRT_IOC_RESUME)] = { SRT_IOC_REQ(.by_name = srt_req_resume) },
	[_IOC_NR(SHIELDRT_IOC_CONFIGURE)] = { SRT_IOC_REQ(.op = srt_op_configure,
		.loop = true, .text = SRT_T_NEED, .max = SRT_WRITE_MAX) },
	[_IOC_NR(SHIELDRT_IOC_CHAIN)] = { SRT_IOC_REQ(.op = srt_op_chain,
		.loop = true, .text = SRT_T_OPT, .max = SRT_CHAIN_TEXT_MAX) },
	[_IOC_NR(SHIELDRT_IOC_PARAMS)] = { SRT_IOC_REQ(.op = srt_op_params,
		.loop = true, .text = SRT_T_NEED, .max = SRT_STAGE_TEXT_MAX) },
	[_IOC_NR(SHIELDRT_IOC_COMMIT)] = { SRT_IOC_REQ(.op = srt_op_commit,
		.loop = true, .value = SRT_V_OUT) },
	[_IOC_NR(SHIELDRT_IOC_LIMITS)] = { SRT_IOC_REQ(.op = srt_op_limits,
		.loop = true, .text = SRT_T_OPT, .max = SRT_LIMITS_TEXT_MAX) },
	[_IOC_NR(SHIELDRT_IOC_FLIGHT_CTL)] = { SRT_IOC_REQ(.op = srt_op_flight,
		.loop = true, .value = SRT_V_IN,
		.flags = SHIELDRT_REQ_FLIGHT_TRIGGER |
			 SHIELDRT_REQ_FLIGHT_REARM |
			 SHIELDRT_REQ_FLIGHT_TRIGGERS) },
	[_IOC_NR(SHIELDRT_IOC_FPU_EMPTY)] = { SRT_IOC_REQ(.op = srt_op_fpu_empty,
		.loop = true, .value = SRT_V_IN) },
	[_IOC_NR(SHIELDRT_IOC_LIST)] = { SRT_IOC_READ(struct shieldrt_list_req,
		srt_ioc_list, SHIELDRT_LIST_SIZE_VER0) },
	[_IOC_NR(SHIELDRT_IOC_STATS)] = { SRT_IOC_READ(struct shieldrt_stats_req,
		srt_ioc_stats, SHIELDRT_STATS_SIZE_VER0) },
	[_IOC_NR(SHIELDRT_IOC_HIST)] = { SRT_IOC_READ(struct shieldrt_hist_req,
		srt_ioc_hist, SHIELDRT_HIST_SIZE_VER0) },
	[_IOC_NR(SHIELDRT_IOC_FLIGHT)] = { SRT_IOC_READ(struct shieldrt_flight_req,
		srt_ioc_flight, SHIELDRT_FLIGHT_SIZE_VER0) },
	[_IOC_NR(SHIELDRT_IOC_VIEW)] = { SRT_IOC_READ(struct shieldrt_view_req,
		srt_ioc_view, SHIELDRT_VIEW_SIZE_VER0) },
};

bool srt_admin_ioctl_is_control(unsigned int cmd)
{
	return _IOC_TYPE(cmd) == SHIELDRT_IOC_MAGIC &&
	       _IOC_NR(cmd) >= _IOC_NR(SHIELDRT_IOC_CREATE);
}

long srt_admin_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	unsigned int nr = _IOC_NR(cmd), usize = _IOC_SIZE(cmd);
	const struct srt_ioc *ioc;
	void *req;
	long ret;

	if (_IOC_TYPE(cmd) != SHIELDRT_IOC_MAGIC || nr >= ARRAY_SIZE(srt_iocs) ||
	    !srt_iocs[nr].run || _IOC_DIR(cmd) != (_IOC_READ | _IOC_WRITE))
		return -ENOTTY;
	ioc = &srt_iocs[nr];
	if (usize < ioc->ver0)
		return -EINVAL;
	if (usize > SHIELDRT_STRUCT_MAX)
		return -E2BIG;
	/*
	 * The requests that change something are the ones with err[] (a
	 * struct shieldrt_req, at least _SIZE_VER0 long by now): a refusal
	 * before they run has its reason copied back too.
	 */
	if (ioc->change && !capable(CAP_SYS_ADMIN))
		return srt_ioc_refuse(uarg, -EPERM,
				      "the caller lacks CAP_SYS_ADMIN");
	req = kzalloc(ioc->ksize, GFP_KERNEL);
	if (!req)
		return -ENOMEM;
	ret = copy_struct_from_user(req, ioc->ksize, uarg, usize);
	if (ret == -E2BIG && ioc->change)
		ret = srt_ioc_refuse(uarg, ret,
				     "bytes past the kernel's struct are not zero");
	if (ret)
		goto out_free;
	/*
	 * A reply that cannot be written back must not follow a change that
	 * was made: try the write (with the caller's own bytes) first.
	 */
	if (copy_to_user(uarg, req, min_t(size_t, usize, ioc->ksize))) {
		ret = -EFAULT;
		goto out_free;
	}
	ret = ioc->run(ioc, req);
	if (copy_to_user(uarg, req, min_t(size_t, usize, ioc->ksize)))
		ret = -EFAULT;
out_free:
	kfree(req);
	return ret;
}
