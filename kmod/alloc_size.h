/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What an allocation takes, as the allocator hands it out: a slab
 * object's size (a kmalloc of 53 KB takes 64 KB), whole pages for
 * vmalloc memory.  For the loop's statement of its memory (the STATS
 * ioctl's mem[]); never on the cycle's path.
 */
#ifndef SHIELDRT_ALLOC_SIZE_H
#define SHIELDRT_ALLOC_SIZE_H

#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/types.h>

/* @p from kmalloc, kvmalloc or vmalloc with @asked bytes; 0 for NULL. */
static inline u64 srt_alloc_size(const void *p, size_t asked)
{
	if (!p)
		return 0;
	if (is_vmalloc_addr(p))
		return PAGE_ALIGN(asked);
	return ksize(p);
}

#endif /* SHIELDRT_ALLOC_SIZE_H */
