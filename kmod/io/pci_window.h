/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A memory window of one PCI BAR, claimed the way the PCI providers
 * (shieldrt_pcibar, shieldrt_rfm) claim it: the device named by address
 * or ID, with a reference; memory decoding enabled; the BAR's region
 * requested (so a BAR another driver holds is refused, not taken); only
 * [off, off + len) mapped.  Static functions, included by each provider
 * (one .c each): an object linked into two modules would be both.
 */
#ifndef SHIELDRT_PCI_WINDOW_H
#define SHIELDRT_PCI_WINDOW_H

#include <linux/err.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include "shieldrt_quote.h"

struct srt_pci_window {
	struct pci_dev *pdev;
	unsigned int bar;
	void __iomem *base;		/* mapped from off */
};

/* Exactly @digits hex digits, then @end; advances *s past @end. */
static int srt_pci_hex(const char **s, unsigned int digits, char end,
		       unsigned int *v)
{
	unsigned int i, n = 0;
	int d;

	for (i = 0; i < digits; i++) {
		d = hex_to_bin((*s)[i]);
		if (d < 0)
			return -EINVAL;
		n = n << 4 | d;
	}
	if ((*s)[digits] != end)
		return -EINVAL;
	*s += digits + 1;
	*v = n;
	return 0;
}

/*
 * The device at @addr (DDDD:BB:SS.F) or, without one, the first with @id
 * (VVVV:DDDD), with a reference; NULL if there is none, ERR_PTR(-EINVAL)
 * (and a message) if the text is neither, or if both are NULL.
 */
static struct pci_dev *srt_pci_find(const char *addr, const char *id)
{
	unsigned int dom, bus, slot, fn, ven, dev;
	char q[SRT_QUOTE_LEN];
	const char *s;

	if (!addr && !id)
		return ERR_PTR(-EINVAL);
	if (addr) {
		s = addr;
		if (srt_pci_hex(&s, 4, ':', &dom) ||
		    srt_pci_hex(&s, 2, ':', &bus) ||
		    srt_pci_hex(&s, 2, '.', &slot) ||
		    srt_pci_hex(&s, 1, '\0', &fn) || slot > 0x1f || fn > 7) {
			pr_err("addr=%s: not a PCI address DDDD:BB:SS.F\n",
			       srt_quote_str(q, sizeof(q), addr));
			return ERR_PTR(-EINVAL);
		}
		return pci_get_domain_bus_and_slot(dom, bus,
						   PCI_DEVFN(slot, fn));
	}
	s = id;
	if (srt_pci_hex(&s, 4, ':', &ven) || srt_pci_hex(&s, 4, '\0', &dev)) {
		pr_err("id=%s: not a PCI ID VVVV:DDDD\n",
		       srt_quote_str(q, sizeof(q), id));
		return ERR_PTR(-EINVAL);
	}
	return pci_get_device(ven, dev, NULL);
}

/* @bar must be a memory BAR; its length in *len. */
static int srt_pci_mem_bar(struct pci_dev *pdev, unsigned int bar,
			   resource_size_t *len)
{
	*len = pci_resource_len(pdev, bar);
	if (!*len) {
		pr_err("%s: BAR %u is not a memory BAR: not implemented (or the upper half of a 64-bit BAR)\n",
		       pci_name(pdev), bar);
		return -EINVAL;
	}
	if (!(pci_resource_flags(pdev, bar) & IORESOURCE_MEM)) {
		pr_err("%s: BAR %u is not a memory BAR: %pR\n",
		       pci_name(pdev), bar, &pdev->resource[bar]);
		return -EINVAL;
	}
	return 0;
}

/*
 * Enable memory decoding (never I/O ports), request the BAR and map
 * [off, off + len).  On success @w owns the reference to @pdev; on
 * failure the caller still does.
 */
static int srt_pci_window_open(struct srt_pci_window *w,
			       struct pci_dev *pdev, unsigned int bar,
			       resource_size_t off, resource_size_t len)
{
	int ret;

	ret = pci_enable_device_mem(pdev);
	if (ret) {
		pr_err("%s: cannot enable the device: %d\n", pci_name(pdev), ret);
		return ret;
	}
	ret = pci_request_region(pdev, bar, KBUILD_MODNAME);
	if (ret) {
		pr_err("%s: BAR %u is in use (by its driver?): %d\n",
		       pci_name(pdev), bar, ret);
		goto disable_dev;
	}
	w->base = pci_iomap_range(pdev, bar, off, len);
	if (!w->base) {
		pr_err("%s: cannot map BAR %u\n", pci_name(pdev), bar);
		ret = -ENOMEM;
		goto release_region;
	}
	w->pdev = pdev;
	w->bar = bar;
	return 0;

release_region:
	pci_release_region(pdev, bar);
disable_dev:
	pci_disable_device(pdev);
	return ret;
}

/* Undo srt_pci_window_open(), the device reference included. */
static void srt_pci_window_close(struct srt_pci_window *w)
{
	pci_iounmap(w->pdev, w->base);
	pci_release_region(w->pdev, w->bar);
	pci_disable_device(w->pdev);
	pci_dev_put(w->pdev);
}

#endif /* SHIELDRT_PCI_WINDOW_H */
