/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sample set a converter deposits value by value under the binding's
 * I/O lock, each value stamped with the low 32 bits of its set's number,
 * and the loop's read of the newest set, counting what it saw: no set
 * yet (empty), a value of another set (torn: only the lock keeps a
 * reader from a mix, and the simulated DAQ's torn test deposits without
 * it on purpose), the same set again (stale), and the sets deposited
 * between two reads (skipped).  The simulated DAQ (simdaq.c) and the IIO
 * provider (iio.c) read their converters' sets this way.
 */
#ifndef SHIELDRT_IO_TAGGED_H
#define SHIELDRT_IO_TAGGED_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/seq_file.h>
#include <linux/types.h>

struct srt_tagged_reads {
	atomic64_t reads, empty_reads, stale_reads, skipped, torn;
	u64 last_seq;			/* the reader's alone */
};

/*
 * The @n values of set @seq (the set's number, read once by the caller)
 * from @tag and @val into @in; -ENODATA while no set was deposited.
 */
static inline int srt_tagged_read(struct srt_tagged_reads *r, u64 seq,
				  const u32 *tag, const u64 *val, u64 *in,
				  u32 n)
{
	bool torn = false;
	u32 i;

	if (!seq) {
		atomic64_inc(&r->empty_reads);
		return -ENODATA;
	}
	for (i = 0; i < n; i++) {
		if (READ_ONCE(tag[i]) != (u32)seq)
			torn = true;
		in[i] = READ_ONCE(val[i]);
	}
	if (torn)
		atomic64_inc(&r->torn);
	if (seq == r->last_seq)
		atomic64_inc(&r->stale_reads);
	else if (r->last_seq && seq > r->last_seq + 1)
		atomic64_add(seq - r->last_seq - 1, &r->skipped);
	r->last_seq = seq;
	atomic64_inc(&r->reads);
	return 0;
}

/* The counts, a "name: value" line each, as the providers' files show. */
static inline void srt_tagged_reads_show(struct seq_file *m,
					 const struct srt_tagged_reads *r)
{
	seq_printf(m, "reads: %lld\n", atomic64_read(&r->reads));
	seq_printf(m, "empty_reads: %lld\n", atomic64_read(&r->empty_reads));
	seq_printf(m, "stale_reads: %lld\n", atomic64_read(&r->stale_reads));
	seq_printf(m, "skipped: %lld\n", atomic64_read(&r->skipped));
	seq_printf(m, "torn: %lld\n", atomic64_read(&r->torn));
}

#endif /* SHIELDRT_IO_TAGGED_H */
