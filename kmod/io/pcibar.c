// SPDX-License-Identifier: GPL-2.0
/*
 * shieldrt_pcibar: an I/O provider ("pcibar") that moves a loop's signals
 * between its cycle and registers of one PCI memory BAR, by plain MMIO.
 *
 *	insmod shieldrt_pcibar.ko addr=0000:00:04.0 bar=2 \
 *		in=0x0,0x8 out=0x100,0x108 width=64
 *	(or id=1af4:1110 instead of addr=: the first such device)
 *
 * in[k] is read from in=OFF number k, out[k] written to out=OFF number k.
 * Signals are IEEE-754 double bit patterns: width=64 moves the pattern
 * unchanged (a window holding doubles: DAQ memory, reflective memory);
 * width=32 moves its low 32 bits (raw device registers; reads give the
 * register zero-extended, which as a double is a tiny subnormal).
 *
 * 64-bit accesses on 32-bit ARM: there is no readq/writeq there, so this
 * file includes <linux/io-64-nonatomic-lo-hi.h>, which supplies them (only
 * where the architecture has none) as two 32-bit accesses, low word
 * first.  Low-then-high is the order little-endian devices that latch a
 * 64-bit register on one half expect (the high write commits, the low
 * read latches), and for memory windows the order does not matter.  Such
 * an access is not atomic: a value the device changes in between can be
 * read torn.  The status file says which kind this kernel uses.
 *
 * Why this is not a pci_driver: the device is named by module parameters,
 * not by an ID table, and it may already be bound to another driver, or
 * to none at all.  A pci_driver would only probe a device no one else
 * drives (to take one over, user space would have to unbind it first),
 * and with an ID table it would claim every matching device, not the one
 * asked for.  A reference from pci_get_*() plus the BAR region is exactly
 * what is needed: the region request fails with -EBUSY if the BAR's owner
 * (another driver) holds it, so nothing is taken from anyone, and the
 * provider's lifetime is the module's.  The price: no remove() callback,
 * so a device hot-unplugged under a loaded provider is not noticed (reads
 * then return whatever the platform returns for a missing device).
 */
#include <linux/debugfs.h>
#include <linux/error-injection.h>
#include <linux/io.h>
#include <linux/io-64-nonatomic-lo-hi.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/u64_stats_sync.h>
#include "shieldrt_io.h"
#include "pci_window.h"

#define PCIBAR_MAX_REGS	32

static char *addr;
module_param(addr, charp, 0444);
MODULE_PARM_DESC(addr, "the device, DDDD:BB:SS.F (or give id=)");

static char *id;
module_param(id, charp, 0444);
MODULE_PARM_DESC(id, "the first device with VVVV:DDDD (or give addr=)");

static unsigned int bar;
module_param(bar, uint, 0444);
MODULE_PARM_DESC(bar, "the memory BAR, 0-5 (default 0)");

static unsigned int in[PCIBAR_MAX_REGS];
static unsigned int n_in;
module_param_array(in, uint, &n_in, 0444);
MODULE_PARM_DESC(in, "byte offsets read into the bound inputs, in order");

static unsigned int out[PCIBAR_MAX_REGS];
static unsigned int n_out;
module_param_array(out, uint, &n_out, 0444);
MODULE_PARM_DESC(out, "byte offsets the bound outputs are written to, in order");

static unsigned int width = 64;
module_param(width, uint, 0444);
MODULE_PARM_DESC(width, "register width: 64 (the double's bits) or 32 (its low half)");

/* One loop's binding; counters written only from that loop's cycle. */
struct pcibar_binding {
	struct list_head node;
	struct srt_io_binding *b;
	struct u64_stats_sync syncp;
	u64_stats_t reads;
	u64_stats_t writes;		/* every write() ... */
	u64_stats_t writes_safe;	/* ... and those in safe state */
};

static struct srt_pci_window pcibar_win;
static void __iomem *pcibar_base;
static void __iomem *pcibar_in[PCIBAR_MAX_REGS];
static void __iomem *pcibar_out[PCIBAR_MAX_REGS];
static struct dentry *pcibar_dir;

/* The bindings, for the status file; bind/unbind/status only. */
static DEFINE_MUTEX(pcibar_lock);
static LIST_HEAD(pcibar_bindings);

/*
 * From the loop's thread only, so one writer per binding.  write() may run
 * preemptible (a loop with section=none, or a trigger timeout), and a
 * seqcount writer (32-bit) must not be preempted: a reader on its CPU
 * would spin until it runs again.
 */
static void pcibar_count(struct pcibar_binding *pb, bool read, bool safe)
{
	preempt_disable();
	u64_stats_update_begin(&pb->syncp);
	if (read) {
		u64_stats_inc(&pb->reads);
	} else {
		u64_stats_inc(&pb->writes);
		if (safe)
			u64_stats_inc(&pb->writes_safe);
	}
	u64_stats_update_end(&pb->syncp);
	preempt_enable();
}

/*
 * The relaxed accessors: ordered against each other (all of them go to
 * one device), and nothing here needs ordering against DMA to memory,
 * which is all the barriers of readq/writeq would add.
 */
static int pcibar_read64(struct srt_io_binding *b, u64 *v)
{
	u32 i;

	for (i = 0; i < b->n_in; i++)
		v[i] = readq_relaxed(pcibar_in[i]);
	pcibar_count(b->priv, true, false);
	return 0;
}

static int pcibar_read32(struct srt_io_binding *b, u64 *v)
{
	u32 i;

	for (i = 0; i < b->n_in; i++)
		v[i] = readl_relaxed(pcibar_in[i]);
	pcibar_count(b->priv, true, false);
	return 0;
}

static int pcibar_write64(struct srt_io_binding *b, const u64 *v, bool safe)
{
	u32 i;

	for (i = 0; i < b->n_out; i++)
		writeq_relaxed(v[i], pcibar_out[i]);
	pcibar_count(b->priv, false, safe);
	return 0;
}

static int pcibar_write32(struct srt_io_binding *b, const u64 *v, bool safe)
{
	u32 i;

	for (i = 0; i < b->n_out; i++)
		writel_relaxed(lower_32_bits(v[i]), pcibar_out[i]);
	pcibar_count(b->priv, false, safe);
	return 0;
}

static int pcibar_bind(struct srt_io_binding *b, char *err, size_t errlen)
{
	struct pcibar_binding *pb, *other;

	if (b->n_in > n_in || b->n_out > n_out) {
		scnprintf(err, errlen,
			  "pcibar: binding has %u inputs and %u outputs, the module has %u in= and %u out= offsets",
			  b->n_in, b->n_out, n_in, n_out);
		return -EINVAL;
	}
	pb = kzalloc(sizeof(*pb), GFP_KERNEL);
	if (!pb)
		return -ENOMEM;
	pb->b = b;
	u64_stats_init(&pb->syncp);

	mutex_lock(&pcibar_lock);
	/* Two loops writing the same registers: the last one wins, silently. */
	list_for_each_entry(other, &pcibar_bindings, node) {
		if (b->n_out && other->b->n_out) {
			scnprintf(err, errlen,
				  "pcibar: outputs already bound by loop %s",
				  other->b->loop);
			mutex_unlock(&pcibar_lock);
			kfree(pb);
			return -EBUSY;
		}
	}
	list_add_tail(&pb->node, &pcibar_bindings);
	mutex_unlock(&pcibar_lock);
	b->priv = pb;
	return 0;
}
/*
 * fail_function may fail it
 * (scripts/testbed/guest/tests/reliability-faults.sh)
 */
ALLOW_ERROR_INJECTION(pcibar_bind, ERRNO);

static void pcibar_unbind(struct srt_io_binding *b)
{
	struct pcibar_binding *pb = b->priv;

	mutex_lock(&pcibar_lock);
	list_del(&pb->node);
	mutex_unlock(&pcibar_lock);
	kfree(pb);
}

static struct srt_io_provider pcibar_provider = {
	.name = "pcibar",
	.owner = THIS_MODULE,
	.bind = pcibar_bind,
	.unbind = pcibar_unbind,
	/* .read and .write: by width, in pcibar_init() */
};

static void pcibar_show_offsets(struct seq_file *m, const char *key,
				const unsigned int *off, unsigned int n)
{
	unsigned int i;

	seq_printf(m, "%s:", key);
	for (i = 0; i < n; i++)
		seq_printf(m, " 0x%x", off[i]);
	seq_putc(m, '\n');
}

static int pcibar_status_show(struct seq_file *m, void *unused)
{
	struct pcibar_binding *pb;
	u64 reads, writes, writes_safe;
	unsigned int start;

	seq_printf(m, "device: %s %04x:%04x\n", pci_name(pcibar_win.pdev),
		   pcibar_win.pdev->vendor, pcibar_win.pdev->device);
	seq_printf(m, "bar: %u %pR\n", bar, &pcibar_win.pdev->resource[bar]);
	seq_printf(m, "width: %u%s\n", width,
		   width == 64 && !IS_ENABLED(CONFIG_64BIT) ?
		   " (two 32-bit accesses, low word first)" : "");
	pcibar_show_offsets(m, "in", in, n_in);
	pcibar_show_offsets(m, "out", out, n_out);

	mutex_lock(&pcibar_lock);
	list_for_each_entry(pb, &pcibar_bindings, node) {
		do {
			start = u64_stats_fetch_begin(&pb->syncp);
			reads = u64_stats_read(&pb->reads);
			writes = u64_stats_read(&pb->writes);
			writes_safe = u64_stats_read(&pb->writes_safe);
		} while (u64_stats_fetch_retry(&pb->syncp, start));
		seq_printf(m, "binding: loop=%s cpu=%d in=%u out=%u reads=%llu writes=%llu writes_safe=%llu\n",
			   pb->b->loop, pb->b->cpu, pb->b->n_in, pb->b->n_out,
			   reads, writes, writes_safe);
	}
	mutex_unlock(&pcibar_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(pcibar_status);

/* The parameters that do not need the device. */
static int pcibar_check_params(void)
{
	unsigned int i, j;

	if (!addr == !id) {
		pr_err("give exactly one of addr=DDDD:BB:SS.F and id=VVVV:DDDD\n");
		return -EINVAL;
	}
	if (width != 64 && width != 32) {
		pr_err("width=%u: must be 64 or 32\n", width);
		return -EINVAL;
	}
	if (bar >= PCI_STD_NUM_BARS) {
		pr_err("bar=%u: must be 0-%d\n", bar, PCI_STD_NUM_BARS - 1);
		return -EINVAL;
	}
	if (!n_in && !n_out) {
		pr_err("no registers: give in= and/or out= offsets\n");
		return -EINVAL;
	}
	for (i = 0; i < n_in + n_out; i++) {
		unsigned int off = i < n_in ? in[i] : out[i - n_in];

		if (off % (width / 8)) {
			pr_err("%s=%#x: not aligned to the %u-bit width\n",
			       i < n_in ? "in" : "out", off, width);
			return -EINVAL;
		}
	}
	/* Two outputs to one register: one of them would never be seen. */
	for (i = 0; i < n_out; i++)
		for (j = 0; j < i; j++)
			if (out[i] == out[j]) {
				pr_err("out=%#x: given twice\n", out[i]);
				return -EINVAL;
			}
	return 0;
}

/* The BAR: a memory BAR, holding every offset.  The mapping's length. */
static int pcibar_check_bar(struct pci_dev *pdev, resource_size_t *maplen)
{
	resource_size_t len, end = 0;
	unsigned int i, off;
	int ret;

	ret = srt_pci_mem_bar(pdev, bar, &len);
	if (ret)
		return ret;
	for (i = 0; i < n_in + n_out; i++) {
		off = i < n_in ? in[i] : out[i - n_in];
		if ((u64)off + width / 8 > len) {
			pr_err("%s=%#x: outside BAR %u of %s (%llu bytes)\n",
			       i < n_in ? "in" : "out", off, bar,
			       pci_name(pdev), (u64)len);
			return -EINVAL;
		}
		end = max_t(resource_size_t, end, off + width / 8);
	}
	*maplen = end;
	return 0;
}

static int __init pcibar_init(void)
{
	resource_size_t maplen;
	struct pci_dev *pdev;
	unsigned int i;
	int ret;

	ret = pcibar_check_params();
	if (ret)
		return ret;
	pdev = srt_pci_find(addr, id);
	if (IS_ERR(pdev))
		return PTR_ERR(pdev);
	if (!pdev) {
		pr_err("no PCI device %s\n", addr ? addr : id);
		return -ENODEV;
	}
	ret = pcibar_check_bar(pdev, &maplen);
	if (ret)
		goto put_dev;
	/* Only as far as the highest register: no need to map a 1 GiB BAR. */
	ret = srt_pci_window_open(&pcibar_win, pdev, bar, 0, maplen);
	if (ret)
		goto put_dev;
	pcibar_base = pcibar_win.base;
	for (i = 0; i < n_in; i++)
		pcibar_in[i] = pcibar_base + in[i];
	for (i = 0; i < n_out; i++)
		pcibar_out[i] = pcibar_base + out[i];

	pcibar_dir = debugfs_create_dir(KBUILD_MODNAME, NULL);
	debugfs_create_file("status", 0400, pcibar_dir, NULL,
			    &pcibar_status_fops);

	pcibar_provider.read = width == 64 ? pcibar_read64 : pcibar_read32;
	pcibar_provider.write = width == 64 ? pcibar_write64 : pcibar_write32;
	ret = srt_io_register(&pcibar_provider);
	if (ret) {
		pr_err("cannot register provider pcibar: %d\n", ret);
		goto remove_debugfs;
	}
	pr_info("%s BAR %u %pR: %u in, %u out, %u-bit\n", pci_name(pdev), bar,
		&pdev->resource[bar], n_in, n_out, width);
	return 0;

remove_debugfs:
	debugfs_remove_recursive(pcibar_dir);
	srt_pci_window_close(&pcibar_win);
	return ret;
put_dev:
	pci_dev_put(pdev);
	return ret;
}

static void __exit pcibar_exit(void)
{
	/* Bound loops go to safe state; no callback runs after this. */
	srt_io_unregister(&pcibar_provider);
	debugfs_remove_recursive(pcibar_dir);
	srt_pci_window_close(&pcibar_win);
}

module_init(pcibar_init);
module_exit(pcibar_exit);
MODULE_DESCRIPTION("shieldrt I/O provider: registers of a PCI memory BAR");
MODULE_LICENSE("GPL");
