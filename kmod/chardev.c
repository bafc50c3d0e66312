// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/shieldrt: attach an fd to a loop's region by name, mmap it.
 *
 * Mode 0660, owner root; to let an unprivileged control process feed
 * setpoints, give the node a group with a udev rule, e.g.
 *   KERNEL=="shieldrt", GROUP="shieldrt", MODE="0660"
 * The same node carries the control plane (requests 0x10 and up, handled
 * by kmod/admin/): creating loops and changing chains there needs
 * CAP_SYS_ADMIN, reading statistics only the open fd.
 *
 * The region has a kernel-written part and a user-written part, each on
 * its own pages (include/uapi/shieldrt.h): the first can only be mapped
 * read-only, so one buggy or hostile feeder cannot corrupt the header,
 * the telemetry or the stats every other reader of the loop sees.  The
 * kernel trusts neither part (shieldrt_dataplane.h); the split protects
 * readers from each other.  No mapping is executable or private.
 *
 * Lifetime: the fd holds a region reference from attach to release, each
 * VMA one more (vm_ops open/close, so forks and splits count too); the
 * file pins the module (fops.owner), so rmmod is refused (-EBUSY) until
 * the last fd and mapping are gone.  A loop destroyed under a mapping
 * leaves valid memory whose header says SHIELDRT_RF_DEAD.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include "config.h"
#include "region.h"
#include "admin/admin.h"

/*
 * No lock: an fd's region is published once, by the attach that wins the
 * cmpxchg from NULL, and then stays until release (which runs only when
 * no ioctl or mmap can still be in progress on the file).  Readers load it
 * with acquire.  A mutex here would be taken by mmap under mmap_lock while
 * ioctl paths copy to and from user memory (which may fault and take
 * mmap_lock) -- an inversion lockdep rightly reports.
 */
struct srt_dev_file {
	struct srt_region *region;	/* NULL until attached, then fixed */
};

static struct srt_region *srt_dev_region(struct srt_dev_file *df)
{
	/* Pairs with attach's cmpxchg: a seen region is a set-up region. */
	return smp_load_acquire(&df->region);
}

static int srt_dev_open(struct inode *inode, struct file *file)
{
	struct srt_dev_file *df;

	df = kzalloc(sizeof(*df), GFP_KERNEL);
	if (!df)
		return -ENOMEM;
	file->private_data = df;
	return 0;
}

static int srt_dev_release(struct inode *inode, struct file *file)
{
	struct srt_dev_file *df = file->private_data;

	srt_region_put(df->region);
	kfree(df);
	return 0;
}

/*
 * The reply is copied out before the region is published, so a fault
 * leaves the fd unattached, as if the call never happened.  Of two
 * attaches racing on one fd, the loser may have filled its buffer before
 * it learns -EBUSY; that buffer describes a real region and is harmless.
 */
static long srt_dev_attach(struct srt_dev_file *df, void __user *uarg)
{
	struct shieldrt_attach a;
	struct srt_region *r;
	size_t n;
	long ret;
	int i;

	if (copy_from_user(&a, uarg, sizeof(a)))
		return -EFAULT;
	if (a.flags)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(a.resv); i++)
		if (a.resv[i])
			return -EINVAL;
	/* As the control plane takes names: NUL-padded, [A-Za-z0-9_-] */
	n = strnlen(a.name, sizeof(a.name));
	if (!n || n == sizeof(a.name) ||
	    memchr_inv(a.name + n, 0, sizeof(a.name) - n) ||
	    !srt_name_valid((const char *)a.name))
		return -EINVAL;

	if (srt_dev_region(df))
		return -EBUSY;
	r = srt_region_find_get(a.name);
	if (!r)
		return -ENOENT;
	srt_region_offsets(r, &a.off);
	if (copy_to_user(uarg, &a, sizeof(a))) {
		ret = -EFAULT;
		goto out_put;
	}
	/* Fully ordered: the region's setup is visible before the pointer. */
	if (cmpxchg(&df->region, NULL, r)) {
		ret = -EBUSY;
		goto out_put;
	}
	return 0;

out_put:
	srt_region_put(r);
	return ret;
}

static long srt_dev_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	struct srt_dev_file *df = file->private_data;
	void __user *uarg = (void __user *)arg;
	struct shieldrt_offsets off;
	struct shieldrt_user *u;
	struct srt_region *r;
	u32 bump;

	if (srt_admin_ioctl_is_control(cmd))
		return srt_admin_ioctl(file, cmd, arg);
	switch (cmd) {
	case SHIELDRT_IOC_ATTACH:
		return srt_dev_attach(df, uarg);
	case SHIELDRT_IOC_OFFSETS:
	case SHIELDRT_IOC_HEARTBEAT:
	case SHIELDRT_IOC_FLAGS:
		break;
	default:
		return -ENOTTY;
	}

	/*
	 * A heartbeat says "the feeder lives": it takes the access a
	 * feeder's mapping of the writable part needs, or an observer
	 * holding a read-only fd could keep a dead feeder's watchdog fed.
	 */
	if (cmd == SHIELDRT_IOC_HEARTBEAT && !(file->f_mode & FMODE_WRITE))
		return -EACCES;
	if (cmd == SHIELDRT_IOC_HEARTBEAT && get_user(bump, (u32 __user *)uarg))
		return -EFAULT;
	r = srt_dev_region(df);
	if (!r)
		return -EBADFD;
	switch (cmd) {
	case SHIELDRT_IOC_OFFSETS:
		srt_region_offsets(r, &off);
		if (copy_to_user(uarg, &off, sizeof(off)))
			return -EFAULT;
		return 0;
	case SHIELDRT_IOC_FLAGS:
		if (put_user(srt_region_flags(r), (u32 __user *)uarg))
			return -EFAULT;
		return 0;
	default:	/* SHIELDRT_IOC_HEARTBEAT */
		if (!bump)	/* would feed no watchdog */
			return -EINVAL;
		if (srt_region_flags(r) & SHIELDRT_RF_DEAD)
			return -EIDRM;
		/* Same word a mapping would bump; the cycle reads it once. */
		srt_region_offsets(r, &off);
		u = (struct shieldrt_user *)((u8 *)srt_region_mem(r) + off.user);
		WRITE_ONCE(u->heartbeat, READ_ONCE(u->heartbeat) + bump);
		return 0;
	}
}

static void srt_vm_open(struct vm_area_struct *vma)
{
	srt_region_get(vma->vm_private_data);
}

static void srt_vm_close(struct vm_area_struct *vma)
{
	srt_region_put(vma->vm_private_data);
}

/*
 * mmap inserts every page at once; this brings one back after user space
 * dropped it (madvise(MADV_DONTNEED), say).  vmf->pgoff counts from the
 * start of the region, whatever part the VMA maps.
 */
static vm_fault_t srt_vm_fault(struct vm_fault *vmf)
{
	struct srt_region *r = vmf->vma->vm_private_data;
	u64 off = (u64)vmf->pgoff << PAGE_SHIFT;
	struct page *page;

	if (off >= srt_region_size(r))
		return VM_FAULT_SIGBUS;
	page = vmalloc_to_page((u8 *)srt_region_mem(r) + off);
	if (!page)
		return VM_FAULT_SIGBUS;
	get_page(page);
	vmf->page = page;
	return 0;
}

static const struct vm_operations_struct srt_vm_ops = {
	.open	= srt_vm_open,
	.close	= srt_vm_close,
	.fault	= srt_vm_fault,
};

/*
 * Two mappings exist: the region (or only its kernel-written part) at
 * offset 0, read-only, and the user-written part at its own offset,
 * read-write where the fd allows.  Anything else is refused.
 */
static int srt_dev_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct srt_region *r = srt_dev_region(file->private_data);
	u64 start = (u64)vma->vm_pgoff << PAGE_SHIFT;
	u64 len = vma->vm_end - vma->vm_start;
	u64 size, wr;
	int ret;

	if (!r)
		return -EBADFD;
	size = srt_region_size(r);
	wr = srt_region_writable(r);
	/* A private copy would not talk to the loop. */
	if (!(vma->vm_flags & VM_MAYSHARE))
		return -EINVAL;
	if (vma->vm_flags & VM_EXEC)
		return -EPERM;
	if (!start && (len == size || len == wr)) {
		if (vma->vm_flags & VM_WRITE)
			return -EPERM;
		vm_flags_clear(vma, VM_MAYWRITE | VM_MAYEXEC);
	} else if (start == wr && len == size - wr) {
		vm_flags_clear(vma, VM_MAYEXEC);
	} else {
		return -EINVAL;
	}
	/* Sets VM_DONTEXPAND | VM_DONTDUMP: no mremap growth, no core. */
	ret = remap_vmalloc_range(vma, srt_region_mem(r), vma->vm_pgoff);
	if (ret)
		return ret;
	vma->vm_ops = &srt_vm_ops;
	vma->vm_private_data = r;
	srt_region_get(r);
	return 0;
}

static const struct file_operations srt_dev_fops = {
	.owner		= THIS_MODULE,
	.open		= srt_dev_open,
	.release	= srt_dev_release,
	.unlocked_ioctl	= srt_dev_ioctl,
	.compat_ioctl	= compat_ptr_ioctl,
	.mmap		= srt_dev_mmap,
	.llseek		= noop_llseek,
};

static struct miscdevice srt_miscdev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "shieldrt",
	.fops	= &srt_dev_fops,
	.mode	= 0660,
};

int srt_chardev_init(void)
{
	return misc_register(&srt_miscdev);
}

void srt_chardev_exit(void)
{
	misc_deregister(&srt_miscdev);
}
