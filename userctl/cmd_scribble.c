// SPDX-License-Identifier: GPL-2.0
/*
 * userctl scribble -l LOOP: a hostile writer for tests.  Overwrites the
 * writable part of the region with random bytes for a while (the kernel
 * must only count rejections), or with --abi checks the device's
 * refusals: wrong mmap size or offset, a writable, executable or private
 * mapping of the kernel-written part, stores into it, pages dropped with
 * MADV_DONTNEED, unknown ioctl, attach flags, double attach.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <sys/wait.h>

#include "ctl.h"
#include "dpmap.h"

static void scribble_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl scribble -l LOOP [-d SEC | -n BYTES] [-s SEED] [--abi]\n"
		"\n"
		"Testing only: write random bytes over the writable part of the\n"
		"loop's region for SEC seconds (default 1) or until BYTES bytes\n"
		"are written (sweeping every writable byte in turn as well as at\n"
		"random places), from SEED (default: the time; printed, so a run\n"
		"can be replayed), or (--abi) check that the device refuses bad\n"
		"mmap/ioctl requests and keeps what the kernel writes read-only.\n"
		"Prints what it did.\n");
}

static int expect_errno(const char *what, int ret, int want)
{
	if (ret == -1 && errno == want) {
		printf("ok: %s refused (%s)\n", what, strerror(want));
		return 0;
	}
	printf("FAIL: %s: ret %d errno %s, wanted %s\n", what, ret,
	       ret == -1 ? strerror(errno) : "none", strerror(want));
	return 1;
}

static int expect_ok(const char *what, int ok)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	return !ok;
}

/* mmap and return 0 or -1 with errno; what did map is unmapped again. */
static int try_map(size_t len, int prot, int flags, int fd, off_t off)
{
	void *p = mmap(NULL, len, prot, flags, fd, off);

	if (p == MAP_FAILED)
		return -1;
	munmap(p, len);
	return 0;
}

/* A length of whole pages below size that is neither allowed length. */
static size_t odd_length(const struct shieldrt_offsets *off)
{
	size_t len;

	for (len = 4096; len < off->region_size; len += 4096)
		if (len != off->writable)
			return len;
	return off->region_size + 4096;
}

/*
 * Run fn in a child and return the signal that ended it (0 if it exited):
 * a store into a read-only page must be SIGSEGV, a dropped page must not
 * be SIGBUS.
 */
static int child_signal(void (*fn)(struct dpmap *), struct dpmap *d)
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		fatal("fork: %s", strerror(errno));
	if (!pid) {
		fn(d);
		_exit(0);
	}
	if (waitpid(pid, &st, 0) < 0)
		fatal("waitpid: %s", strerror(errno));
	return WIFSIGNALED(st) ? WTERMSIG(st) : 0;
}

static void store_magic(struct dpmap *d)
{
	srt_write_once(d->m.hdr->magic, 0xdeadbeef);
}

static void store_stats(struct dpmap *d)
{
	srt_write_once(d->m.stats->cycles, 0);
}

static void store_tel_tail(struct dpmap *d)
{
	srt_write_once(*d->m.tel_tailp, 7);
}

static int abi_checks(const char *loop)
{
	const char *dev = ctl_device();
	struct shieldrt_attach a;
	struct shieldrt_offsets off;
	struct dpmap d;
	__u32 hb;
	int fd, ret, bad = 0;

	dpmap_open(&d, loop, 1);
	off = d.m.off;
	bad += expect_ok("the writable part starts on a page inside the region",
			 off.writable && !(off.writable % 4096) &&
			 off.writable < off.region_size);
	bad += expect_errno("mmap one page too large",
			    try_map(d.size + 4096, PROT_READ, MAP_SHARED,
				    d.fd, 0), EINVAL);
	bad += expect_errno("mmap of a length that is neither part",
			    try_map(odd_length(&off), PROT_READ, MAP_SHARED,
				    d.fd, 0), EINVAL);
	bad += expect_errno("mmap past the writable part's offset",
			    try_map(d.size - off.writable - 4096 ?: 4096,
				    PROT_READ, MAP_SHARED, d.fd,
				    off.writable + 4096), EINVAL);
	bad += expect_errno("writable mapping of the kernel-written part",
			    try_map(d.size, PROT_READ | PROT_WRITE,
				    MAP_SHARED, d.fd, 0), EPERM);
	bad += expect_errno("executable mapping of the region",
			    try_map(d.size, PROT_READ | PROT_EXEC, MAP_SHARED,
				    d.fd, 0), EPERM);
	bad += expect_errno("executable mapping of the writable part",
			    try_map(d.size - off.writable,
				    PROT_READ | PROT_WRITE | PROT_EXEC,
				    MAP_SHARED, d.fd, off.writable), EPERM);
	bad += expect_errno("private mapping",
			    try_map(d.size, PROT_READ, MAP_PRIVATE, d.fd, 0),
			    EINVAL);
	bad += expect_errno("mprotect() making the header writable",
			    mprotect(d.base, 4096, PROT_READ | PROT_WRITE),
			    EACCES);
	bad += expect_errno("mprotect() making the writable part executable",
			    mprotect(d.base + off.writable, 4096,
				     PROT_READ | PROT_WRITE | PROT_EXEC),
			    EACCES);
	bad += expect_ok("a store into the header is SIGSEGV",
			 child_signal(store_magic, &d) == SIGSEGV);
	bad += expect_ok("a store into the stats is SIGSEGV",
			 child_signal(store_stats, &d) == SIGSEGV);
	bad += expect_ok("a store into the telemetry tail is SIGSEGV",
			 child_signal(store_tel_tail, &d) == SIGSEGV);
	bad += expect_ok("the header is intact",
			 d.m.hdr->magic == SHIELDRT_MAGIC &&
			 d.m.hdr->abi_version == SHIELDRT_ABI_VERSION);

	/* Dropped pages come back, with their contents. */
	hb = srt_read_once(d.m.user->heartbeat) + 12345;
	srt_write_once(d.m.user->heartbeat, hb);
	ret = madvise(d.base, d.size, MADV_DONTNEED);
	if (ret && errno == ENOSYS) {
		printf("skip: madvise() is not in this kernel (CONFIG_ADVISE_SYSCALLS)\n");
	} else {
		bad += expect_ok("madvise(MADV_DONTNEED) over the whole region",
				 !ret);
		bad += expect_ok("the header reads back after MADV_DONTNEED",
				 d.m.hdr->magic == SHIELDRT_MAGIC);
		bad += expect_ok("the heartbeat written before it reads back",
				 srt_read_once(d.m.user->heartbeat) == hb);
		srt_write_once(d.m.user->heartbeat, hb + 1);
		bad += expect_ok("and takes a new store",
				 srt_read_once(d.m.user->heartbeat) == hb + 1);
	}

	bad += expect_errno("unknown ioctl",
			    ioctl(d.fd, _IO(SHIELDRT_IOC_MAGIC, 99)), ENOTTY);
	memset(&a, 0, sizeof(a));
	memcpy(a.name, loop, strlen(loop));
	bad += expect_errno("second attach", ioctl(d.fd, SHIELDRT_IOC_ATTACH,
						   &a), EBUSY);
	fd = open(dev, O_RDWR);
	a.flags = 1;
	bad += expect_errno("attach with unknown flags",
			    ioctl(fd, SHIELDRT_IOC_ATTACH, &a), EINVAL);
	a.flags = 0;
	a.resv[1] = 1;
	bad += expect_errno("attach with reserved bits",
			    ioctl(fd, SHIELDRT_IOC_ATTACH, &a), EINVAL);
	a.resv[1] = 0;
	memcpy(a.name, "no-such-loop", 13);
	bad += expect_errno("attach to a missing loop",
			    ioctl(fd, SHIELDRT_IOC_ATTACH, &a), ENOENT);
	bad += expect_errno("mmap before attach",
			    try_map(d.size, PROT_READ, MAP_SHARED, fd, 0),
			    EBADFD);
	close(fd);

	/* Through an O_RDONLY fd only the read-only mapping exists. */
	fd = open(dev, O_RDONLY);
	memset(&a, 0, sizeof(a));
	memcpy(a.name, loop, strlen(loop));
	if (fd < 0 || ioctl(fd, SHIELDRT_IOC_ATTACH, &a) < 0)
		fatal("read-only attach: %s", strerror(errno));
	bad += expect_errno("writable part through an O_RDONLY fd",
			    try_map(d.size - off.writable,
				    PROT_READ | PROT_WRITE, MAP_SHARED, fd,
				    off.writable), EACCES);
	bad += expect_ok("the region read-only through an O_RDONLY fd",
			 !try_map(d.size, PROT_READ, MAP_SHARED, fd, 0));
	close(fd);
	dpmap_close(&d);
	return bad ? 1 : 0;
}

int cmd_scribble(int argc, char **argv)
{
	static const struct option own[] = {
		{ "bytes",	required_argument,	NULL, 'n' },
		{ "seed",	required_argument,	NULL, 's' },
		{ "abi",	no_argument,		NULL, 'a' },
		{ NULL, 0, NULL, 0 }
	};
	struct cmd_opts o = { .name = "scribble", .usage = scribble_usage,
			      .shared = CMD_LOOP | CMD_DURATION, .own = own,
			      .duration = 1.0 };
	unsigned long long rounds = 0, bytes = 0, want = 0, sweeps = 0;
	unsigned long long seed = (unsigned long long)time(NULL);
	const char *loop;
	double t_end;
	unsigned int x;
	int c, abi = 0;
	struct shieldrt_stats s0, s1;
	struct dpmap d;
	size_t wsize, sweep = 0;

	while ((c = cmd_getopt(&o, argc, argv)) != -1) {
		switch (c) {
		case 'n':
			want = parse_uint_arg(optarg, "--bytes", 1,
					      ULLONG_MAX);
			break;
		case 's':
			seed = parse_uint_arg(optarg, "--seed", 0,
					      ULLONG_MAX);
			break;
		case 'a':
			abi = 1;
			break;
		}
	}
	loop = o.loop;
	no_more_args("scribble", argc, argv, optind);
	if (abi)
		return abi_checks(loop);
	dpmap_open(&d, loop, 1);
	x = (unsigned int)seed;
	t_end = dp_now() + o.duration;
	wsize = d.size - d.m.off.writable;
	printf("scribble: seed %llu\n", seed);
	fflush(stdout);
	dpmap_stats(&d, &s0);
	while (want ? bytes < want : dp_now() < t_end) {
		unsigned char *p = d.base + d.m.off.writable;
		size_t i;

		/* random bytes everywhere, then the words the kernel reads */
		for (i = 0; i < 4096; i++) {
			x = x * 1103515245 + 12345;
			p[(x >> 4) % wsize] = x >> 24;
		}
		/* and every byte in turn, a stretch per round */
		for (i = 0; i < 4096; i++) {
			x = x * 1103515245 + 12345;
			p[sweep] = x >> 24;
			if (++sweep == wsize) {
				sweep = 0;
				sweeps++;
			}
		}
		for (i = 0; i < 64; i++) {
			x = x * 1103515245 + 12345;
			*d.m.cmd_tailp = x;
			*d.m.tel_headp = x >> 3;
			d.m.mbox->middle = x >> 7;
			d.m.user->heartbeat = x;
		}
		bytes += 8192 + 64 * (sizeof(*d.m.cmd_tailp) +
				      sizeof(*d.m.tel_headp) +
				      sizeof(d.m.mbox->middle) +
				      sizeof(d.m.user->heartbeat));
		rounds++;
		if (rounds % 16 == 0)
			dp_sleep(0.0005);
	}
	dp_sleep(0.05);		/* the kernel's counters lag a little */
	dpmap_stats(&d, &s1);
#define D(f) ((unsigned long long)(s1.f - s0.f))
	printf("kernel rejections: commands %llu (index %llu, value %llu, flags %llu, late %llu, ring resyncs %llu), mailbox %llu (index %llu, value %llu, flags %llu, corrupt %llu), telemetry heads %llu\n",
	       D(cmd_rej_index) + D(cmd_rej_value) + D(cmd_rej_flags) +
	       D(cmd_rej_late) + D(cmd_corrupt), D(cmd_rej_index),
	       D(cmd_rej_value), D(cmd_rej_flags), D(cmd_rej_late),
	       D(cmd_corrupt), D(mbox_rej_index) + D(mbox_rej_value) +
	       D(mbox_rej_flags) + D(mbox_corrupt), D(mbox_rej_index),
	       D(mbox_rej_value), D(mbox_rej_flags), D(mbox_corrupt),
	       D(tel_corrupt));
#undef D
	printf("scribbled %llu bytes in %llu rounds over %zu writable bytes (each byte swept %llu times), seed %llu\n",
	       bytes, rounds, wsize, sweeps, seed);
	dpmap_close(&d);
	return 0;
}
