// SPDX-License-Identifier: GPL-2.0
/*
 * The debugfs front end: /sys/kernel/debug/shieldrt, for people and
 * scripts (no ABI; the control plane is the ioctls).  Every file is a view
 * from views.c behind one generic pair of handlers; each file's i_private
 * is a struct srt_vref naming its loop and view.  A loop outlives its
 * files: destroy removes them (debugfs waits for running handlers) before
 * dropping its reference.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "internal.h"

struct srt_vref {
	struct srt_loop *loop;		/* NULL: a module-wide file */
	const struct srt_view *view;
};

/* A loop's directory and the i_private of each of its files. */
struct srt_loop_dir {
	struct dentry *dir;
	struct srt_vref ref[];
};

static struct dentry *srt_dir;
static struct srt_vref *srt_top_refs;

static int srt_view_show(struct seq_file *m, void *unused)
{
	const struct srt_vref *r = m->private;

	r->view->show(m, r->loop);
	return 0;
}

static int srt_view_open(struct inode *inode, struct file *file)
{
	return single_open(file, srt_view_show, inode->i_private);
}

/*
 * A write is one request.  Texts that must be whole (a chain) come in
 * one write() at offset 0, and a second write on the same fd is refused.
 */
static ssize_t srt_view_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	const struct srt_vref *r = file_inode(file)->i_private;
	const struct srt_view *v = r->view;
	char err[SRT_ERR_LEN] = "";
	char *buf;
	int ret;

	if (!v->store)
		return -EINVAL;	/* as a file without a write handler */
	if (v->whole && *ppos) {
		srt_req_failed(r->loop, "write the whole text in one write() (userctl chain does)");
		return -EINVAL;
	}
	if (count > v->max) {
		snprintf(err, sizeof(err), "%s: text over %zu bytes", v->name,
			 v->max);
		srt_req_failed(r->loop, err);
		return v->too_long ? v->too_long : -E2BIG;
	}
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	/* A parser would stop at a NUL and silently drop what follows. */
	if (memchr(buf, 0, count)) {
		snprintf(err, sizeof(err), "%s: the text has a NUL byte",
			 v->name);
		srt_req_failed(r->loop, err);
		kfree(buf);
		return -EINVAL;
	}
	ret = v->store(r->loop, buf, count, err, sizeof(err));
	kfree(buf);
	if (ret)
		return ret;
	if (v->whole)
		*ppos += count;
	return count;
}

static const struct file_operations srt_view_fops = {
	.owner = THIS_MODULE,
	.open = srt_view_open,
	.read = seq_read,
	.write = srt_view_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/* A file with nothing to show ("control"): write only. */
static const struct file_operations srt_wview_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = srt_view_write,
	.llseek = noop_llseek,
};

static void srt_add_views(struct dentry *dir, struct srt_loop *loop,
			  const struct srt_view *views, unsigned int n,
			  struct srt_vref *refs)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		refs[i].loop = loop;
		refs[i].view = &views[i];
		debugfs_create_file(views[i].name, views[i].mode, dir, &refs[i],
				    views[i].show ? &srt_view_fops :
						    &srt_wview_fops);
	}
}

/* Under the admin mutex (requests.c). */
static int srt_debugfs_add_loop(struct srt_loop *loop)
{
	struct srt_loop_dir *ld;
	struct dentry *d;

	if (!srt_dir)
		return 0;	/* no debugfs: said once, at load */
	ld = kzalloc(struct_size(ld, ref, srt_nr_loop_views), GFP_KERNEL);
	if (!ld)
		return -ENOMEM;
	d = debugfs_create_dir(loop->name, srt_dir);
	if (IS_ERR(d)) {
		kfree(ld);
		return PTR_ERR(d);
	}
	ld->dir = d;
	srt_add_views(d, loop, srt_loop_views, srt_nr_loop_views, ld->ref);
	debugfs_create_file("flight", 0600, d, loop, &srt_flight_fops);
	loop->view = ld;
	return 0;
}

/* Under the admin mutex, not under srt_lock: handlers take srt_lock. */
static void srt_debugfs_remove_loop(struct srt_loop *loop)
{
	struct srt_loop_dir *ld = loop->view;

	if (!ld)
		return;
	debugfs_remove_recursive(ld->dir);
	loop->view = NULL;
	kfree(ld);
}

static const struct srt_view_hooks srt_debugfs_hooks = {
	.add = srt_debugfs_add_loop,
	.remove = srt_debugfs_remove_loop,
};

int srt_debugfs_init(void)
{
	struct dentry *d;
	unsigned int i;

	/*
	 * A loop's directory sits beside these files: a top-level file
	 * whose name loops may take would hide that loop's views.
	 */
	for (i = 0; i < srt_nr_top_views; i++)
		if (WARN(!srt_name_reserved(srt_top_views[i].name),
			 "%s is not in SHIELDRT_RESERVED_NAMES\n",
			 srt_top_views[i].name))
			return -EINVAL;

	d = debugfs_create_dir("shieldrt", NULL);
	if (IS_ERR(d)) {
		/* The control plane does not need it. */
		pr_warn("no debugfs view (%ld): the ioctls still work\n",
			PTR_ERR(d));
		return 0;
	}
	srt_top_refs = kcalloc(srt_nr_top_views, sizeof(*srt_top_refs),
			       GFP_KERNEL);
	if (!srt_top_refs) {
		debugfs_remove_recursive(d);
		return -ENOMEM;
	}
	srt_dir = d;
	srt_add_views(d, NULL, srt_top_views, srt_nr_top_views, srt_top_refs);
	srt_req_set_view_hooks(&srt_debugfs_hooks);
	return 0;
}

void srt_debugfs_exit(void)
{
	srt_req_set_view_hooks(NULL);
	debugfs_remove_recursive(srt_dir);
	srt_dir = NULL;
	kfree(srt_top_refs);
	srt_top_refs = NULL;
}
