/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * shieldrt data plane ABI: /dev/shieldrt and the region it maps.
 *
 * A process opens /dev/shieldrt, attaches the fd to a loop by name with
 * SHIELDRT_IOC_ATTACH (the kernel fills struct shieldrt_offsets), then
 * mmaps exactly off.region_size bytes at offset 0.  The region:
 *
 *   header     struct shieldrt_hdr: identity, geometry, live block
 *              (kernel-written, seqcount), user block (heartbeat)
 *   mailbox    struct shieldrt_mbox + 3 slots: latest setpoints win
 *   cmd ring   struct shieldrt_ring_ctl + entries: user -> kernel
 *   tel ring   struct shieldrt_ring_ctl + records: kernel -> user
 *   stats      struct shieldrt_stats: kernel counters (seqcount)
 *
 * The whole region is mapped read-write (or read-only through an O_RDONLY
 * fd, for observers).  The kernel keeps every index, counter and geometry
 * value it relies on in private memory and only publishes copies here;
 * what it reads from the region (tails, heads, the mailbox index, entries,
 * the heartbeat) it reads once and validates.  Scribbling on the region can
 * only confuse the scribbler.
 *
 * Ring indices are free-running __u32 counters; slot = index & (size - 1).
 *
 * Inputs: an applied mailbox update or command entry writes the inputs its
 * mask selects into the loop's input signals, at the start of the cycle;
 * inputs it does not select, and cycles without an update, leave the
 * loop's inputs as they are (a chain's "input" signals, in order, are
 * inputs 0, 1, ...).  The region is not re-applied every cycle, so other
 * writers of the loop's inputs inside the kernel are not overridden.
 *
 * 32-bit readers: the __u64 fields of the live block and the stats can be
 * seen half-updated by a plain read on a 32-bit CPU; read them only
 * through the seqcount (include/shieldrt_ring.h: srt_live_read(),
 * srt_stats_read()), which retries a torn copy.  Telemetry records and
 * command entries are whole once their tail is published.
 *
 * Barrier pairing (each barrier in the code carries its tag):
 *
 *   user (producer)                     kernel (consumer)
 *   cmd:  write entry                   [A2] tail = load_acquire(cmd.tail)
 *         [A1] store_release(cmd.tail)       read entries head..tail
 *         [B2] load_acquire(cmd.head)   [B1] store_release(cmd.head)
 *              before reusing a slot
 *
 *   kernel (producer)                   user (consumer)
 *   tel:  [D2] load_acquire(tel.head)   [C2] tail = load_acquire(tel.tail)
 *              before overwriting            read records head..tail
 *         write record                  [D1] store_release(tel.head)
 *         [C1] store_release(tel.tail)
 *
 *   user (writer)                       kernel (reader)
 *   mbox: write back slot               [E2] front = xchg(mbox.middle)
 *         [E1] back = xchg(mbox.middle)      read front slot
 *         (full barrier: releases the   (full barrier: acquires the new
 *          slot just written, acquires   front, releases the old one
 *          the slot handed back [F2])    to the writer [F1])
 *
 *   live block and stats: the kernel makes seq odd, [G1] write barrier,
 *   writes, [G1] write barrier, makes seq even; a reader [G2] loads seq
 *   with acquire, copies, read barrier, re-reads seq and retries if it
 *   changed or was odd.
 */
#ifndef _UAPI_SHIELDRT_H
#define _UAPI_SHIELDRT_H

#include <linux/types.h>
#include <linux/ioctl.h>

#define SHIELDRT_DEVICE		"/dev/shieldrt"
#define SHIELDRT_MAGIC		0x53524454	/* "SRDT" */
#define SHIELDRT_ABI_VERSION	1
#define SHIELDRT_NAME_LEN	32
#define SHIELDRT_MAX_SIGNALS	32	/* inputs and outputs, each */
#define SHIELDRT_MAX_SEL	64	/* telemetry signals per record */

/* Feature bits: hdr.off.features and the attach reply. */
#define SHIELDRT_FEAT_MBOX	(1ULL << 0)
#define SHIELDRT_FEAT_CMD	(1ULL << 1)
#define SHIELDRT_FEAT_TEL	(1ULL << 2)
#define SHIELDRT_FEAT_STATS	(1ULL << 3)
#define SHIELDRT_FEAT_HEARTBEAT	(1ULL << 4)

/* hdr.flags, kernel-written (authoritative: SHIELDRT_IOC_FLAGS) */
#define SHIELDRT_RF_DEAD	(1U << 0)	/* loop destroyed: no more updates */

/*
 * Where the sections are, in bytes from the start of the region.  Filled by
 * the kernel in the attach reply and copied into the header.
 */
struct shieldrt_offsets {
	__u64 region_size;	/* bytes to mmap, a page multiple */
	__u64 features;		/* SHIELDRT_FEAT_* */
	__u32 hdr;		/* struct shieldrt_hdr */
	__u32 mbox;		/* struct shieldrt_mbox */
	__u32 mbox_slots;	/* first of 3 struct shieldrt_slot */
	__u32 mbox_stride;	/* bytes from one slot to the next */
	__u32 cmd;		/* struct shieldrt_ring_ctl */
	__u32 cmd_entries;	/* first struct shieldrt_slot */
	__u32 cmd_size;		/* entries, a power of two */
	__u32 cmd_stride;
	__u32 tel;		/* struct shieldrt_ring_ctl */
	__u32 tel_entries;	/* first struct shieldrt_tel */
	__u32 tel_size;		/* records, a power of two */
	__u32 tel_stride;
	__u32 stats;		/* struct shieldrt_stats */
	__u32 resv[11];
};

/* Telemetry signal selector: an input index, or an output index | OUT. */
#define SHIELDRT_SEL_OUT	0x100

/*
 * Kernel-written under live.seq.  The live block and the stats are views
 * for observers: republished every 2^k cycles, as many as fit in 1 ms
 * (every cycle at 1 kHz and slower), at once after a rejection, a
 * corruption or a parameter commit, and when the loop stops.  What must
 * be exact per cycle is in the telemetry records.
 */
struct shieldrt_live {
	__u32 seq;		/* odd while the kernel writes */
	__u32 heartbeat;	/* the last heartbeat value the kernel read */
	__u64 cycle;		/* last cycle the data plane ran */
	__u64 commit_cycle;	/* cycle the last parameter set took effect */
	__u64 heartbeat_cycle;	/* cycle at which the heartbeat last changed */
	__u64 mbox_seq;		/* seq of the last applied mailbox update */
	__u64 mbox_cycle;	/* the cycle it took effect */
	__u64 resv[2];
};

/* User-written; the kernel reads it once per cycle and trusts nothing. */
struct shieldrt_user {
	__u32 heartbeat;	/* bump it; staleness = cycle - heartbeat_cycle */
	__u32 resv[15];
};

struct shieldrt_hdr {
	__u32 magic;		/* SHIELDRT_MAGIC */
	__u32 abi_version;	/* SHIELDRT_ABI_VERSION */
	__u32 hdr_size;		/* sizeof(struct shieldrt_hdr) */
	__u32 flags;		/* SHIELDRT_RF_* */
	struct shieldrt_offsets off;
	__u8 name[SHIELDRT_NAME_LEN];	/* the loop's name, NUL-padded */
	__u64 period_ns;
	__u32 n_in;		/* inputs the mailbox and commands may set */
	__u32 n_out;
	__u32 tel_decimation;	/* one record every N cycles */
	__u32 tel_nsel;		/* values per telemetry record */
	__u16 tel_sel[SHIELDRT_MAX_SEL];	/* SHIELDRT_SEL_OUT | index */
	__u32 pub_cycles;	/* live and stats lag by at most this many */
	__u8 resv0[196];
	struct shieldrt_live live;		/* offset 512 */
	struct shieldrt_user user;		/* offset 576, own cache line */
	__u8 resv1[384];
};

/* Mailbox: a triple buffer indexed by middle. */
#define SHIELDRT_MBOX_FRESH	0x4U	/* middle holds an unread update */
#define SHIELDRT_MBOX_IDX	0x3U	/* slot number, 0..2 */

struct shieldrt_mbox {
	__u32 middle;		/* slot | FRESH, swapped by both sides */
	__u32 writer_back;	/* user-owned: the slot the writer holds */
	__u32 resv[14];
};

/*
 * A mailbox slot or a command entry.  Bit i of mask asks for value[i] to
 * go to input i; value[] holds n_in IEEE-754 double bit patterns.
 */
struct shieldrt_slot {
	__u64 key;		/* mailbox: update seq; command: target cycle */
	__u32 mask;
	__u32 flags;		/* SHIELDRT_CMD_* (0 in the mailbox) */
	__u64 value[];
};

#define SHIELDRT_CMD_MORE	(1U << 0)	/* the stream continues */
#define SHIELDRT_CMD_NOW	(1U << 1)	/* apply at the first cycle seen */
#define SHIELDRT_CMD_FLAGS	(SHIELDRT_CMD_MORE | SHIELDRT_CMD_NOW)

/* head and tail on their own cache lines: one writer each. */
struct shieldrt_ring_ctl {
	__u32 head;		/* consumer's index */
	__u32 resv0[15];
	__u32 tail;		/* producer's index */
	__u32 resv1[15];
};

/* One telemetry record, followed by tel_nsel values. */
struct shieldrt_tel {
	__u64 seq;		/* record opportunity: a gap is a drop */
	__u64 cycle;
	__u64 deadline_ns;	/* CLOCK_MONOTONIC */
	__u64 wake_ns;
	__u64 end_ns;
	__s64 irq_latency_ns;	/* -1: no timer interrupt this cycle */
	__s64 wake_latency_ns;	/* deadline to the thread running */
	__u64 compute_ns;
	__u32 missed;		/* periods dropped before this cycle */
	__u32 flags;		/* cycle flags (kmod/cycle.h) */
	__u64 value[];
};

/* Kernel counters, published under seq. */
struct shieldrt_stats {
	__u32 seq;		/* odd while the kernel writes */
	__u32 resv0;
	__u64 cycles;		/* cycles the data plane ran */
	__u64 tel_records;	/* records written */
	__u64 tel_drops;	/* records lost to a full ring */
	__u64 tel_corrupt;	/* impossible tel.head seen (also a drop) */
	__u64 mbox_updates;	/* updates applied */
	__u64 mbox_rej_index;	/* mask names an input >= n_in */
	__u64 mbox_rej_value;	/* NaN or infinity */
	__u64 mbox_rej_flags;	/* unknown flags */
	__u64 mbox_corrupt;	/* impossible middle index */
	__u64 cmd_applied;
	__u64 cmd_rej_index;
	__u64 cmd_rej_value;
	__u64 cmd_rej_late;	/* target cycle already past */
	__u64 cmd_rej_flags;
	__u64 cmd_corrupt;	/* impossible tail: resynchronized */
	__u64 cmd_underruns;	/* cycles with MORE promised, ring empty */
	__u64 resv[15];
};

struct shieldrt_attach {
	__u8 name[SHIELDRT_NAME_LEN];	/* in: loop name, NUL-terminated */
	__u32 flags;			/* in: none defined, must be 0 */
	__u32 resv[3];			/* in: must be 0 */
	struct shieldrt_offsets off;	/* out */
};

#define SHIELDRT_IOC_MAGIC	0xB5
/* Bind the fd to a loop; -ENOENT: no such loop, -EBUSY: already bound. */
#define SHIELDRT_IOC_ATTACH	_IOWR(SHIELDRT_IOC_MAGIC, 1, struct shieldrt_attach)
/* The layout of the bound loop's region again. */
#define SHIELDRT_IOC_OFFSETS	_IOR(SHIELDRT_IOC_MAGIC, 2, struct shieldrt_offsets)
/* Bump the heartbeat by the given amount without a mapping (no-mmap users) */
#define SHIELDRT_IOC_HEARTBEAT	_IOW(SHIELDRT_IOC_MAGIC, 3, __u32)
/*
 * The kernel's SHIELDRT_RF_* for the bound loop.  hdr.flags is a copy any
 * process with the mapping can overwrite (the kernel restores it now and
 * then); this answer cannot be forged.
 */
#define SHIELDRT_IOC_FLAGS	_IOR(SHIELDRT_IOC_MAGIC, 4, __u32)

#endif /* _UAPI_SHIELDRT_H */
