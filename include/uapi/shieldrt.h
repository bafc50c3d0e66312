/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * shieldrt data plane ABI: /dev/shieldrt and the region it maps.
 *
 * A process opens /dev/shieldrt, attaches the fd to a loop by name with
 * SHIELDRT_IOC_ATTACH (the kernel fills struct shieldrt_offsets) and maps
 * the region.  It has two parts, each starting on a page:
 *
 *   kernel-written, mapped read-only, [0, off.writable):
 *     header     struct shieldrt_hdr: identity, geometry, live block
 *                (seqcount)
 *     stats      struct shieldrt_stats: kernel counters (seqcount)
 *     cmd.head   the kernel's consumer index of the command ring
 *     tel.tail   the kernel's producer index of the telemetry ring
 *     tel ring   the telemetry records
 *   user-written, mapped read-write, [off.writable, off.region_size):
 *     user       struct shieldrt_user: the heartbeat
 *     mailbox    struct shieldrt_mbox + 3 slots: latest setpoints win
 *     cmd.tail   the producer index of the command ring
 *     cmd ring   the command entries
 *     tel.head   the consumer index of the telemetry ring
 *
 * Each ring index is a __u32 alone on its 64-byte line (struct
 * shieldrt_ring_idx).  All offsets count from the start of the region.
 *
 * Mapping (MAP_SHARED only, else EINVAL; PROT_EXEC is refused, EPERM):
 *   - at offset 0, off.region_size or off.writable bytes, read-only: a
 *     PROT_WRITE mapping here is refused (EPERM) and mprotect() cannot add
 *     it later;
 *   - at offset off.writable, off.region_size - off.writable bytes,
 *     read-write (needs an fd opened O_RDWR: on an O_RDONLY fd the mm
 *     core refuses a shared PROT_WRITE mapping with EACCES);
 *   - any other offset or length: EINVAL; an fd not attached: EBADFD.
 * A writer maps the whole region read-only, then maps the writable part
 * over its tail with MAP_FIXED: one address range, base + offset for
 * everything.  Pages dropped with madvise(MADV_DONTNEED) come back on the
 * next access with their contents, as for any shared mapping.
 *
 * So no process can corrupt what the kernel tells every reader of the
 * loop.  What the kernel reads from the writable part (the tail, the head,
 * the mailbox index, entries, the heartbeat) it reads once and validates,
 * and every index and counter it relies on lives in private memory; it
 * only publishes copies.  Scribbling on the writable part can only confuse
 * the loop's own feeders, and is counted.
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
#define SHIELDRT_ABI_VERSION	2	/* 2: kernel-written part read-only */
#define SHIELDRT_NAME_LEN	32
#define SHIELDRT_MAX_SIGNALS	32	/* inputs and outputs, each */
#define SHIELDRT_MAX_SEL	64	/* telemetry signals per record */

/* Feature bits: hdr.off.features and the attach reply. */
#define SHIELDRT_FEAT_MBOX	(1ULL << 0)
#define SHIELDRT_FEAT_CMD	(1ULL << 1)
#define SHIELDRT_FEAT_TEL	(1ULL << 2)
#define SHIELDRT_FEAT_STATS	(1ULL << 3)
#define SHIELDRT_FEAT_HEARTBEAT	(1ULL << 4)

/* hdr.flags, kernel-written (also SHIELDRT_IOC_FLAGS) */
/*
 * DEAD: this region gets no more updates and its writes are not read:
 * the loop was destroyed, or, with REPLACED too, it lives on in a new
 * region (a chain with other signal counts was loaded): attach again.
 */
#define SHIELDRT_RF_DEAD	(1U << 0)
#define SHIELDRT_RF_REPLACED	(1U << 1)

/* The most entries a ring (command or telemetry) may have. */
#define SHIELDRT_RING_MAX_ENTRIES	65536

/*
 * Where the sections are, in bytes from the start of the region.  Filled by
 * the kernel in the attach reply and copied into the header.
 */
struct shieldrt_offsets {
	__u64 region_size;	/* bytes of the region, a page multiple */
	__u64 features;		/* SHIELDRT_FEAT_* */
	__u32 hdr;		/* struct shieldrt_hdr */
	__u32 mbox;		/* struct shieldrt_mbox */
	__u32 mbox_slots;	/* first of 3 struct shieldrt_slot */
	__u32 mbox_stride;	/* bytes from one slot to the next */
	__u32 cmd_head;		/* struct shieldrt_ring_idx, kernel-written */
	__u32 cmd_entries;	/* first struct shieldrt_slot */
	__u32 cmd_size;		/* entries, a power of two, <= RING_MAX_ENTRIES */
	__u32 cmd_stride;
	__u32 tel_tail;		/* struct shieldrt_ring_idx, kernel-written */
	__u32 tel_entries;	/* first struct shieldrt_tel */
	__u32 tel_size;		/* records, a power of two, <= RING_MAX_ENTRIES */
	__u32 tel_stride;
	__u32 stats;		/* struct shieldrt_stats */
	__u32 cmd_tail;		/* struct shieldrt_ring_idx, user-written */
	__u32 tel_head;		/* struct shieldrt_ring_idx, user-written */
	__u32 user;		/* struct shieldrt_user */
	__u32 writable;		/* first byte of the writable part, a page */
	__u32 resv[7];
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

/*
 * User-written, in the writable part; the kernel reads it once per cycle
 * and trusts nothing.
 */
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
	__u8 resv1[448];
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

/* A ring index on its own cache line: one writer each. */
struct shieldrt_ring_idx {
	__u32 idx;
	__u32 resv[15];
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
	__u32 flags;		/* cycle flags (include/shieldrt_cycle.h) */
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
/*
 * OFFSETS, HEARTBEAT, FLAGS and mmap() on an fd not attached: -EBADFD.
 * The layout of the bound loop's region again.
 */
#define SHIELDRT_IOC_OFFSETS	_IOR(SHIELDRT_IOC_MAGIC, 2, struct shieldrt_offsets)
/*
 * Bump the heartbeat by the given amount without a mapping (no-mmap
 * users).  0 bumps nothing: -EINVAL.  A region flagged SHIELDRT_RF_DEAD
 * feeds no loop any more: -EIDRM (attach again).  The fd must be open
 * for writing, as a mapping of the writable part must (O_RDWR): on an
 * O_RDONLY fd -EACCES, checked first, so a process that may only
 * observe the loop cannot keep a dead feeder's watchdog fed.
 */
#define SHIELDRT_IOC_HEARTBEAT	_IOW(SHIELDRT_IOC_MAGIC, 3, __u32)
/*
 * The kernel's SHIELDRT_RF_* for the bound loop, without a mapping (the
 * same value as hdr.flags).
 */
#define SHIELDRT_IOC_FLAGS	_IOR(SHIELDRT_IOC_MAGIC, 4, __u32)


/*
 * ==== Control plane: ioctls on /dev/shieldrt ====
 *
 * Loops are created, configured, started, stopped and read through these
 * ioctls, on any fd of /dev/shieldrt, attached or not.  They work where
 * debugfs does not (not mounted, or refused by kernel lockdown); the
 * debugfs files under /sys/kernel/debug/shieldrt are a view of the same
 * state, for people.
 *
 * Privilege: requests that change something (create, destroy, start, stop,
 * reset, resume, configure, chain, params, commit, limits, flight control,
 * fpu_empty) need CAP_SYS_ADMIN.  Reading (list, stats, hist, flight dump,
 * views) needs only the open fd; the node's mode and group decide who has
 * one.  Feeding setpoints (attach, mmap, heartbeat) needs no capability.
 *
 * Sizes: a request struct may grow at its end in a later version.  The size
 * the caller was built with travels in the ioctl number (_IOC_SIZE).  The
 * kernel takes any size from the first published one (the _SIZE_VER0
 * constants) up to 4096: bytes past the struct it knows must be zero
 * (else E2BIG), fields the caller's older struct lacks read as zero, and
 * the reply is cut to the caller's size.
 *
 * Every reserved field and every flag not defined for the request must be
 * zero, and so must value where the request takes none (commit only
 * writes it: what the caller left there is not looked at); names (loop
 * and view names, attach's too) are NUL-terminated inside their array
 * and zero after the NUL.  errno:
 *   ENOTTY  not a shieldrt request
 *   EINVAL  a malformed request: reserved field, unknown flag or unused
 *           value set, a name without its NUL, with bytes after it or with
 *           characters outside [A-Za-z0-9_-], a size below _SIZE_VER0,
 *           text for a request that takes none, a NUL byte inside
 *           text_len, a setting the loop refuses (err says which)
 *   E2BIG   a size over 4096 (SHIELDRT_STRUCT_MAX), a struct larger than
 *           the kernel's with non-zero tail bytes, or text longer than the
 *           request accepts
 *   EFAULT  an address the kernel cannot read or write
 *   EPERM   the request changes something and the caller lacks
 *           CAP_SYS_ADMIN
 *   ENOENT  no loop (or view) of that name
 *   EEXIST  create: a loop of that name exists
 *   EBUSY   the loop's state does not allow it now (err says why)
 *   ENOSPC  an output buffer is too small; the reply says how much is
 *           needed and the rest of the reply is filled
 *   ENOMEM  out of memory
 *   ENODEV  start, resume: a provider the loop is bound to was unloaded
 *           (err names it; destroy and create the loop again)
 *   ETIMEDOUT  commit: the loop reached no cycle boundary in time (a
 *           mode=external loop without triggers); the set stays staged
 *   EFBIG   view: the text would be over 4 MiB
 * A request that fails changes nothing.  Requests with an err[] field
 * (struct shieldrt_req) copy the reason back, in words, also when they
 * fail, EPERM included; not when the struct itself cannot be taken (a
 * size below _SIZE_VER0 or over 4096, EFAULT).
 */
#define SHIELDRT_ERR_LEN	128
#define SHIELDRT_NAME_MAX	15	/* longest loop, lock, provider name */
/*
 * Loop names the module keeps: each loop gets a directory of its name at
 * the top of /sys/kernel/debug/shieldrt, beside the module's own files,
 * so a loop may not take the name of one of those (the first five) or of
 * one the module may add there later (the rest).  A create with one is
 * EINVAL, err naming it, by ioctl, the debugfs control file and loops=
 * alike.  Blank-separated.
 */
#define SHIELDRT_RESERVED_NAMES	\
	"control last_error loops providers locks " \
	"abi version features status stats config blocks regions io trace help"
/* Longest chain text a loop takes (CHAIN, the "blocks" file): E2BIG past */
#define SHIELDRT_CHAIN_TEXT_MAX	(64 * 1024)
/*
 * Longest staged parameter text: one PARAMS request's text past it is
 * E2BIG; the texts staged since the last commit together, a newline
 * after each, past it EINVAL ("commit first").  So no commit is longer.
 */
#define SHIELDRT_PARAMS_TEXT_MAX	(16 * 1024)
#define SHIELDRT_STRUCT_MAX	4096	/* largest _IOC_SIZE taken */

/*
 * Name lists.  Each numbered set below has its values (#defines) and a
 * list that names them: SHIELDRT_STATE_LIST(X) is X(value, "name") for
 * every value, in value order from 0 (the values are dense).  Programs
 * build their name tables from the lists: the module, its trace events,
 * userctl and the Python reader (userctl/python/shieldrt/_uapi.py, made
 * from this header) all do.  SHIELDRT_M_LIST gives a metric's key and
 * its column title: X(value, "key", "Title").  A new value is one
 * #define and one row.
 */

/* Loop states (stats, list). */
#define SHIELDRT_STATE_CONFIGURED	0
#define SHIELDRT_STATE_RUNNING		1
#define SHIELDRT_STATE_SAFE		2	/* running, outputs held */
#define SHIELDRT_STATE_STOPPED		3
#define SHIELDRT_STATE_LIST(X)						\
	X(SHIELDRT_STATE_CONFIGURED, "configured")			\
	X(SHIELDRT_STATE_RUNNING, "running")				\
	X(SHIELDRT_STATE_SAFE, "safe")					\
	X(SHIELDRT_STATE_STOPPED, "stopped")

/* Wait modes (the mode= setting). */
#define SHIELDRT_MODE_HRTIMER	0
#define SHIELDRT_MODE_POLL	1
#define SHIELDRT_MODE_HYBRID	2
#define SHIELDRT_MODE_EXTERNAL	3	/* a provider's srt_io_trigger() */
#define SHIELDRT_MODE_LIST(X)						\
	X(SHIELDRT_MODE_HRTIMER, "hrtimer")				\
	X(SHIELDRT_MODE_POLL, "poll")					\
	X(SHIELDRT_MODE_HYBRID, "hybrid")				\
	X(SHIELDRT_MODE_EXTERNAL, "external")

/* Cycle sections (the section= setting). */
#define SHIELDRT_SECTION_NONE		0	/* preemptible, interrupts on */
#define SHIELDRT_SECTION_PREEMPT	1	/* preemption off */
#define SHIELDRT_SECTION_IRQSAVE	2	/* interrupts off */
#define SHIELDRT_SECTION_RAW_SPINLOCK	3	/* a raw spinlock, own or lock= */
#define SHIELDRT_SECTION_SPINLOCK	4	/* a spinlock; sleeps on PREEMPT_RT */
#define SHIELDRT_SECTION_LIST(X)					\
	X(SHIELDRT_SECTION_NONE, "none")				\
	X(SHIELDRT_SECTION_PREEMPT, "preempt")				\
	X(SHIELDRT_SECTION_IRQSAVE, "irqsave")				\
	X(SHIELDRT_SECTION_RAW_SPINLOCK, "raw_spinlock")		\
	X(SHIELDRT_SECTION_SPINLOCK, "spinlock")

/* Overrun policies (the policy= setting). */
#define SHIELDRT_POLICY_SKIP		0	/* drop the periods missed */
#define SHIELDRT_POLICY_CATCHUP		1	/* run them late, up to catchup_max */
#define SHIELDRT_POLICY_SAFE		2	/* safe state after safe_after */
#define SHIELDRT_POLICY_LIST(X)						\
	X(SHIELDRT_POLICY_SKIP, "skip")					\
	X(SHIELDRT_POLICY_CATCHUP, "catchup")				\
	X(SHIELDRT_POLICY_SAFE, "safe")

/*
 * Why a loop last entered safe state (stats.safe_reason); RESUME is the
 * safe_state trace event's reason when a loop leaves it.
 */
#define SHIELDRT_SAFE_OVERRUN	0	/* policy safe: overruns in a row */
#define SHIELDRT_SAFE_RESUME	1	/* left safe state on a resume */
#define SHIELDRT_SAFE_NONFINITE	2	/* an output was NaN or Inf */
#define SHIELDRT_SAFE_LIMIT	3	/* an output was outside its limits */
#define SHIELDRT_SAFE_HEARTBEAT	4	/* the feeding process went quiet */
#define SHIELDRT_SAFE_MANUAL	5	/* reserved: asked for by the operator */
#define SHIELDRT_SAFE_IO	6	/* a provider went away or triggers stopped */
#define SHIELDRT_SAFE_REMOTE	7	/* an I/O provider's remote data went stale */
#define SHIELDRT_SAFE_LIST(X)						\
	X(SHIELDRT_SAFE_OVERRUN, "overrun")				\
	X(SHIELDRT_SAFE_RESUME, "resume")				\
	X(SHIELDRT_SAFE_NONFINITE, "nonfinite")				\
	X(SHIELDRT_SAFE_LIMIT, "limit")					\
	X(SHIELDRT_SAFE_HEARTBEAT, "heartbeat")				\
	X(SHIELDRT_SAFE_MANUAL, "manual")				\
	X(SHIELDRT_SAFE_IO, "io")					\
	X(SHIELDRT_SAFE_REMOTE, "remote")
#define SHIELDRT_SAFE_NEVER	0xffffffffU	/* no safe entry yet: "none" */

/* The measured times, in this order in stats.metric[] and the buckets. */
#define SHIELDRT_M_IRQ		0	/* hrtimer expiry to its handler */
#define SHIELDRT_M_THREAD	1	/* deadline to the thread running */
#define SHIELDRT_M_LATENESS	2	/* deadline to the start of the work */
#define SHIELDRT_M_COMPUTE	3	/* inputs + chain + outputs */
#define SHIELDRT_M_SLACK	4	/* work end to the next deadline */
#define SHIELDRT_M_NOISE	5	/* clock gaps seen while spinning */
#define SHIELDRT_M_SECTION	6	/* inside the cycle section */
#define SHIELDRT_M_LOCKWAIT	7	/* waiting for the section's lock */
#define SHIELDRT_M_LIST(X)						\
	X(SHIELDRT_M_IRQ, "irq_latency", "IRQ")				\
	X(SHIELDRT_M_THREAD, "thread_latency", "Thr")			\
	X(SHIELDRT_M_LATENESS, "lateness", "Late")			\
	X(SHIELDRT_M_COMPUTE, "compute", "Compute")			\
	X(SHIELDRT_M_SLACK, "slack", "Slack")				\
	X(SHIELDRT_M_NOISE, "noise", "Noise")				\
	X(SHIELDRT_M_SECTION, "section", "Section")			\
	X(SHIELDRT_M_LOCKWAIT, "lock_wait", "LockWait")
#define SHIELDRT_NR_METRICS	8	/* the entries of SHIELDRT_M_LIST */
#define SHIELDRT_MAX_METRICS	16	/* room in the structs */

/*
 * The parts of a loop's memory, in this order in stats.mem[]: bytes as
 * the allocators hand them out (a slab object's size, whole pages), what
 * each allocation the loop made takes now.
 */
#define SHIELDRT_MEM_LOOP	0	/* the loop's own structs, I/O included */
#define SHIELDRT_MEM_REGION	1	/* the mapped data plane region */
#define SHIELDRT_MEM_HIST	2	/* the histograms' buckets */
#define SHIELDRT_MEM_FLIGHT	3	/* the flight recorder's records */
#define SHIELDRT_MEM_CHAIN	4	/* the chain: blocks, parameter sets */
#define SHIELDRT_MEM_LIST(X)						\
	X(SHIELDRT_MEM_LOOP, "loop")					\
	X(SHIELDRT_MEM_REGION, "region")				\
	X(SHIELDRT_MEM_HIST, "hist")					\
	X(SHIELDRT_MEM_FLIGHT, "flight")				\
	X(SHIELDRT_MEM_CHAIN, "chain")
#define SHIELDRT_NR_MEM		5	/* the entries of SHIELDRT_MEM_LIST */

/*
 * One loop operation.  name: the loop.  text/text_len: the request's text,
 * where it takes one (the same languages as the debugfs files: settings
 * "key=value ...", a chain, parameter assignments, limits).
 */
struct shieldrt_req {
	__u8 name[SHIELDRT_NAME_LEN];	/* in: loop name, NUL-terminated */
	__u32 flags;			/* in: SHIELDRT_REQ_* of the request */
	__u32 text_len;			/* in: bytes at text, no NUL among them */
	__u64 text;			/* in: user address, or 0 */
	__u64 value;			/* in/out: as the request says */
	__u64 resv[4];			/* must be 0 */
	char err[SHIELDRT_ERR_LEN];	/* out: why it failed; "" if not */
};
#define SHIELDRT_REQ_SIZE_VER0	216

/* create: start the loop too; if that fails it is not left behind. */
#define SHIELDRT_REQ_START		(1U << 0)
/* flight: exactly one of these. */
#define SHIELDRT_REQ_FLIGHT_TRIGGER	(1U << 0)	/* freeze around now */
#define SHIELDRT_REQ_FLIGHT_REARM	(1U << 1)	/* drop the window */
/*
 * value: a mask of (1 << SHIELDRT_FLTRIG_OVERRUN), (1 << SHIELDRT_FLTRIG_SAFE);
 * with trigger or rearm, value must be 0
 */
#define SHIELDRT_REQ_FLIGHT_TRIGGERS	(1U << 2)

/* Flight recorder triggers (flight.trigger, the triggers mask). */
#define SHIELDRT_FLTRIG_NONE	0
#define SHIELDRT_FLTRIG_OVERRUN	1	/* a cycle overran deadline or budget */
#define SHIELDRT_FLTRIG_SAFE	2	/* a cycle entered safe state */
#define SHIELDRT_FLTRIG_MANUAL	3	/* asked for (always on) */
#define SHIELDRT_FLTRIG_LIST(X)						\
	X(SHIELDRT_FLTRIG_NONE, "none")					\
	X(SHIELDRT_FLTRIG_OVERRUN, "overrun")				\
	X(SHIELDRT_FLTRIG_SAFE, "safe")					\
	X(SHIELDRT_FLTRIG_MANUAL, "manual")

/*
 * Timing summary of one metric, in ns; min is 0 while count is 0.  count,
 * min, avg, max and std come from exact sums; p99 and p999 are the largest
 * value of the bucket the rank falls in (at most max), within the
 * histogram's resolution (see struct shieldrt_hist_req).  A rank past the
 * last bucket is only known to be above range_ns: the percentile then
 * reads range_ns and its SHIELDRT_METRIC_*_PAST flag is set (userctl
 * prints it as ">range_ns").
 */
struct shieldrt_metric {
	__u64 count;
	__u64 min;
	__u64 avg;
	__u64 max;
	__u64 p99;
	__u64 p999;
	__u64 over;		/* samples above range_ns */
	__u32 std;		/* population std. deviation; max 0xffffffff */
	__u32 flags;		/* SHIELDRT_METRIC_* */
};
#define SHIELDRT_METRIC_P99_PAST	(1U << 0)	/* p99 > range_ns */
#define SHIELDRT_METRIC_P999_PAST	(1U << 1)	/* p999 > range_ns */
/*
 * The metric does not apply to the loop's configuration and is not kept:
 * count 0, no buckets (section and lock wait without a section or lock,
 * slack outside mode=hybrid, noise outside mode=poll).
 */
#define SHIELDRT_METRIC_NOT_KEPT	(1U << 2)
/*
 * A bucket passed 2^32 samples before the module could allocate the
 * high words of its 32-bit counters (it asks at 2^31): the buckets, so
 * p99 and p999, miss 2^32 samples per such wrap; count, min, avg, max,
 * std and over stay exact.
 */
#define SHIELDRT_METRIC_BUCKETS_SHORT	(1U << 3)
/* Every flag above: the module sets no other. */
#define SHIELDRT_METRIC_FLAGS	(SHIELDRT_METRIC_P99_PAST | \
				 SHIELDRT_METRIC_P999_PAST | \
				 SHIELDRT_METRIC_NOT_KEPT | \
				 SHIELDRT_METRIC_BUCKETS_SHORT)

/* A loop's statistics: the debugfs "stats" file as numbers. */
struct shieldrt_stats_req {
	__u8 name[SHIELDRT_NAME_LEN];	/* in */
	__u32 flags;			/* in: 0 */
	__u32 nr_metrics;		/* out: valid entries of metric[] */
	__u32 state;			/* out: SHIELDRT_STATE_* */
	__u32 mode;			/* out: SHIELDRT_MODE_* */
	__s32 cpu;
	__u32 section;			/* SHIELDRT_SECTION_* */
	__u8 lock[SHIELDRT_NAME_LEN];	/* shared lock name, "own" or "" */
	__u32 safe_reason;		/* SHIELDRT_SAFE_* of the last entry */
	__u32 io_bindings;
	__u32 hist_bucket_ns;		/* the histograms' unit_ns */
	__u32 hist_sub_bits;		/* and sub_bits (shieldrt_hist_req) */
	__u64 period_ns;
	__u64 duration_ns;		/* start to the last accounting */
	__u64 periods_elapsed;
	__u64 first_deadline_ns;
	__u64 last_cycle;
	__u64 cycles;
	__u64 missed;
	__u64 behind;
	__u64 overruns;
	__u64 deadline_overruns;
	__u64 budget_overruns;
	__u64 catchup_cycles;
	__u64 safe_entries;
	__u64 noise_events;
	__u64 noise_ns;
	__u64 clock_errors;
	__u64 yields;
	__u64 sleep_ns;
	__u64 spin_ns;
	__u64 task_runtime_ns;
	__u64 slack_target_ns;
	__u64 chain_sections;
	__u64 chain_ns_min;
	__u64 chain_ns_avg;
	__u64 chain_ns_max;
	__u64 chain_steps;
	__u64 chain_nonfinite;
	__u64 chain_bad_inputs;
	__u64 chain_commits;
	__u64 commit_cycle;
	__u64 section_overruns;
	__u64 io_read_errors;
	__u64 io_write_errors;
	__u64 triggers;
	__u64 triggers_coalesced;
	__u64 trigger_timeouts;
	__u64 triggers_rejected;
	__u64 rcu_yields;	/* sleeps for a stuck RCU grace period */
	__u64 hist_range_ns;	/* the histograms' range_ns */
	__u64 yields_forced;	/* yields, rcu_yields with no gap left */
	__u64 spin_reads;	/* clock readings in the spin_ns */
	__u64 post_ns;		/* outputs' end to the next wait, summed */
	/* since the field was added: 0 from an older module */
	__u64 mem_bytes;	/* the loop's memory now: the sum of mem[] */
	__u64 mem[SHIELDRT_NR_MEM];	/* its parts: SHIELDRT_MEM_* */
	__u64 resv[5];
	struct shieldrt_metric metric[SHIELDRT_MAX_METRICS];
	char last_error[SHIELDRT_ERR_LEN];
};
#define SHIELDRT_STATS_SIZE_VER0	1680

/*
 * A loop's histograms.  buckets: room for buckets_len __u64, filled metric
 * by metric: bucket b of metric m is buckets[m * nr_buckets + b].  With
 * buckets 0 only the summary is filled; too little room: ENOSPC, summary
 * filled.
 *
 * The buckets are log-linear (HdrHistogram's layout), in units of unit_ns
 * (a power of two, the loop's hist_bucket_ns).  Below 2^(sub_bits + 1)
 * units each unit has a bucket; above, each power of two is cut into
 * 2^sub_bits buckets.  Bucket b holds the values v (ns) with
 *	shieldrt_hist_bucket_lo(b, sub_bits) * unit_ns <= v <
 *	shieldrt_hist_bucket_lo(b + 1, sub_bits) * unit_ns,
 * so its width is at most 2^-sub_bits of its lower edge (0.79 % with
 * sub_bits 7) and exactly unit_ns below 2^(sub_bits + 1) units.  Values
 * above range_ns (the largest the last bucket holds) count in "over".
 */
struct shieldrt_hist_req {
	__u8 name[SHIELDRT_NAME_LEN];	/* in */
	__u64 buckets;			/* in: user address, or 0 */
	__u32 buckets_len;		/* in: __u64 slots at buckets */
	__u32 flags;			/* in: 0 */
	__u32 nr_metrics;		/* out */
	__u32 nr_buckets;		/* out: per metric */
	__u32 bucket_ns;		/* out: unit_ns, the finest resolution */
	__u32 mode;			/* out: SHIELDRT_MODE_* */
	__s32 cpu;			/* out */
	__u32 sub_bits;			/* out: buckets per octave, log2 */
	__u64 period_ns;		/* out */
	__u64 duration_ns;		/* out */
	__u64 range_ns;			/* out: the last bucket's largest value */
	__u64 resv[5];
	struct shieldrt_metric metric[SHIELDRT_MAX_METRICS];	/* out */
};

/* Lower edge of log-linear bucket b, in units (see shieldrt_hist_req). */
static __inline__ __u64 shieldrt_hist_bucket_lo(__u32 b, __u32 sub_bits)
{
	__u32 g;

	if (b < (2U << sub_bits))
		return b;
	g = (b >> sub_bits) - 1;
	if (g + sub_bits >= 63)
		return ~(__u64)0;
	return (__u64)(b - (g << sub_bits)) << g;
}
#define SHIELDRT_HIST_SIZE_VER0	1160

/* One loop in a list. */
struct shieldrt_loop_info {
	__u8 name[SHIELDRT_NAME_LEN];
	__u32 state;			/* SHIELDRT_STATE_* */
	__u32 mode;			/* SHIELDRT_MODE_* */
	__s32 cpu;
	__u32 resv0;
	__u64 period_ns;
	__u64 resv[2];
};

/* Every loop, in creation order; too little room: ENOSPC, nr_loops set. */
struct shieldrt_list_req {
	__u64 loops;			/* in: user address, or 0 */
	__u32 loops_len;		/* in: entries that fit there */
	__u32 flags;			/* in: 0 */
	__u32 nr_loops;			/* out */
	__u32 resv0;
	__u64 resv[4];
};
#define SHIELDRT_LIST_SIZE_VER0	56

/*
 * One flight recorder record in the first layout: a cycle's timing, and
 * the first 8 of the recorded inputs and of the recorded outputs.
 */
#define SHIELDRT_FLIGHT_SIGNALS	8
#define SHIELDRT_FLIGHT_HELD	(1U << 0)	/* note: outputs held (safe) */
#define SHIELDRT_FLIGHT_TRIP	(1U << 1)	/* note: asked for safe state */
struct shieldrt_flight_rec {
	__u64 cycle;
	__u64 deadline_ns;
	__u64 wake_ns;
	__s64 irq_latency_ns;		/* -1: no timer interrupt */
	__s64 thread_latency_ns;
	__u64 compute_ns;
	__u64 end_ns;
	__u64 section_ns;
	__u64 lock_wait_ns;
	__u32 missed;			/* periods dropped before this cycle */
	__u32 flags;			/* cycle flags, as in the cycle event */
	__u32 note;			/* SHIELDRT_FLIGHT_HELD | _TRIP */
	__u32 safe_reason;		/* SHIELDRT_SAFE_* when TRIP */
	__u64 in[SHIELDRT_FLIGHT_SIGNALS];	/* IEEE-754 double bits */
	__u64 out[SHIELDRT_FLIGHT_SIGNALS];
};

/*
 * The loop's own choice of signals (config flight_signals=, up to every
 * input and output): with SHIELDRT_FLIGHT_F_VALUES in flight.flags, each
 * record is this head followed by nsel values, in the order of sel[], at
 * a stride of rec_size bytes; recs_len counts such records.
 */
#define SHIELDRT_FLIGHT_MAX_SEL	(2 * SHIELDRT_MAX_SIGNALS)
#define SHIELDRT_FLIGHT_F_VALUES	(1U << 0)
struct shieldrt_flight_vrec {
	__u64 cycle;
	__u64 deadline_ns;
	__u64 wake_ns;
	__s64 irq_latency_ns;
	__s64 thread_latency_ns;
	__u64 compute_ns;
	__u64 end_ns;
	__u64 section_ns;
	__u64 lock_wait_ns;
	__u32 missed;
	__u32 flags;
	__u32 note;
	__u32 safe_reason;
	__u64 value[];			/* nsel IEEE-754 double bits */
};

#define SHIELDRT_FLIGHT_OFF		0	/* flight_cycles=0 */
#define SHIELDRT_FLIGHT_ARMED		1
#define SHIELDRT_FLIGHT_TRIGGERED	2	/* recording the post cycles */
#define SHIELDRT_FLIGHT_FROZEN		3	/* a window to dump */
#define SHIELDRT_FLIGHT_STATE_LIST(X)					\
	X(SHIELDRT_FLIGHT_OFF, "off")					\
	X(SHIELDRT_FLIGHT_ARMED, "armed")				\
	X(SHIELDRT_FLIGHT_TRIGGERED, "triggered")			\
	X(SHIELDRT_FLIGHT_FROZEN, "frozen")

/*
 * The flight recorder's state and, when frozen, its window, oldest record
 * first.  Too little room at recs: ENOSPC, nr_recs and the rest set.
 */
struct shieldrt_flight_req {
	__u8 name[SHIELDRT_NAME_LEN];	/* in */
	__u64 recs;			/* in: user address, or 0 */
	__u32 recs_len;			/* in: records that fit there */
	__u32 flags;			/* in: 0 or SHIELDRT_FLIGHT_F_VALUES */
	__u32 state;			/* out: SHIELDRT_FLIGHT_* */
	__u32 trigger;			/* out: SHIELDRT_FLTRIG_* that fired */
	__u32 triggers;			/* out: (1 << SHIELDRT_FLTRIG_*) on */
	__u32 size;			/* out: records the ring holds */
	__u32 post;			/* out: cycles kept after a trigger */
	__u32 left;			/* out: triggered: cycles still to go */
	__u32 nr_recs;			/* out: frozen: records in the window */
	__u32 ignored_triggers;		/* out */
	__u64 trigger_cycle;		/* out */
	__u64 before;			/* out: records before the trigger's */
	__u64 after;			/* out: records after it */
	__u64 lost;			/* out: periods skipped in the window */
	__u32 cut_short;		/* out: the loop stopped first */
	__u32 resv0;
	__u64 resv[6];
	/* since SHIELDRT_FLIGHT_SIZE_VER1 */
	__u32 nsel;			/* out: signals a record keeps */
	__u32 rec_size;			/* out: bytes of a vrec with them */
	__u16 sel[SHIELDRT_FLIGHT_MAX_SEL];	/* out: SHIELDRT_SEL_OUT | index */
};
#define SHIELDRT_FLIGHT_SIZE_VER0	168
#define SHIELDRT_FLIGHT_SIZE_VER1	304

/*
 * The text of a debugfs file, by its name ("config", "stats", "hist",
 * "blocks", "params", "limits", "io", "dataplane", "preflight", "state",
 * "last_error", "commit", "commits", "fpu_empty"; with name "": "loops",
 * "providers", "locks", "last_error").  len is the text's length; a text
 * longer than buf_len - 1 is cut and the answer is ENOSPC.
 */
struct shieldrt_view_req {
	__u8 name[SHIELDRT_NAME_LEN];	/* in: loop, or "" for the module */
	__u8 view[SHIELDRT_NAME_LEN];	/* in: file name, NUL-terminated */
	__u64 buf;			/* in: user address */
	__u32 buf_len;			/* in: bytes there */
	__u32 flags;			/* in: 0 */
	__u64 len;			/* out */
	__u64 resv[4];			/* must be 0 */
};
#define SHIELDRT_VIEW_SIZE_VER0	120

/* Changes (CAP_SYS_ADMIN); struct shieldrt_req. */
#define SHIELDRT_IOC_CREATE	_IOWR(SHIELDRT_IOC_MAGIC, 0x10, struct shieldrt_req)	/* text: settings; flags: REQ_START */
#define SHIELDRT_IOC_DESTROY	_IOWR(SHIELDRT_IOC_MAGIC, 0x11, struct shieldrt_req)
#define SHIELDRT_IOC_START	_IOWR(SHIELDRT_IOC_MAGIC, 0x12, struct shieldrt_req)
#define SHIELDRT_IOC_STOP	_IOWR(SHIELDRT_IOC_MAGIC, 0x13, struct shieldrt_req)
#define SHIELDRT_IOC_RESET	_IOWR(SHIELDRT_IOC_MAGIC, 0x14, struct shieldrt_req)	/* zero the statistics */
#define SHIELDRT_IOC_RESUME	_IOWR(SHIELDRT_IOC_MAGIC, 0x15, struct shieldrt_req)	/* leave safe state */
#define SHIELDRT_IOC_CONFIGURE	_IOWR(SHIELDRT_IOC_MAGIC, 0x16, struct shieldrt_req)	/* text: settings */
#define SHIELDRT_IOC_CHAIN	_IOWR(SHIELDRT_IOC_MAGIC, 0x17, struct shieldrt_req)	/* text: chain; empty: none */
#define SHIELDRT_IOC_PARAMS	_IOWR(SHIELDRT_IOC_MAGIC, 0x18, struct shieldrt_req)	/* text: stage assignments */
#define SHIELDRT_IOC_COMMIT	_IOWR(SHIELDRT_IOC_MAGIC, 0x19, struct shieldrt_req)	/* value out: cycle it takes effect */
#define SHIELDRT_IOC_LIMITS	_IOWR(SHIELDRT_IOC_MAGIC, 0x1a, struct shieldrt_req)	/* text: limits */
#define SHIELDRT_IOC_FLIGHT_CTL	_IOWR(SHIELDRT_IOC_MAGIC, 0x1b, struct shieldrt_req)	/* flags: REQ_FLIGHT_* */
#define SHIELDRT_IOC_FPU_EMPTY	_IOWR(SHIELDRT_IOC_MAGIC, 0x1c, struct shieldrt_req)	/* value: 0 or 1 */
/* Reads (the open fd is enough). */
#define SHIELDRT_IOC_LIST	_IOWR(SHIELDRT_IOC_MAGIC, 0x20, struct shieldrt_list_req)
#define SHIELDRT_IOC_STATS	_IOWR(SHIELDRT_IOC_MAGIC, 0x21, struct shieldrt_stats_req)
#define SHIELDRT_IOC_HIST	_IOWR(SHIELDRT_IOC_MAGIC, 0x22, struct shieldrt_hist_req)
#define SHIELDRT_IOC_FLIGHT	_IOWR(SHIELDRT_IOC_MAGIC, 0x23, struct shieldrt_flight_req)
#define SHIELDRT_IOC_VIEW	_IOWR(SHIELDRT_IOC_MAGIC, 0x24, struct shieldrt_view_req)

#endif /* _UAPI_SHIELDRT_H */
