// SPDX-License-Identifier: GPL-2.0
/*
 * userctl scribble -l LOOP: a hostile writer for tests.  Overwrites the
 * whole mapped region with random bytes for a while (the kernel must only
 * count rejections), or with --abi checks the device's refusals: wrong
 * mmap size or offset, unknown ioctl, attach flags, double attach.
 */
#include <getopt.h>
#include <stdio.h>

#include "dpmap.h"

static void scribble_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl scribble -l LOOP [-d SEC] [--abi]\n"
		"\n"
		"Testing only: write random bytes over the loop's whole region\n"
		"for SEC seconds (default 1), or (--abi) check that the device\n"
		"refuses bad mmap/ioctl requests.  Prints what it did.\n");
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

static int abi_checks(const char *loop)
{
	struct shieldrt_attach a;
	struct dpmap d;
	void *p;
	int fd, bad = 0;

	dpmap_open(&d, loop, 1);
	p = mmap(NULL, d.size + 4096, PROT_READ, MAP_SHARED, d.fd, 0);
	bad += expect_errno("mmap one page too large",
			    p == MAP_FAILED ? -1 : 0, EINVAL);
	p = mmap(NULL, d.size - 4096, PROT_READ, MAP_SHARED, d.fd, 0);
	bad += expect_errno("mmap one page too small",
			    p == MAP_FAILED ? -1 : 0, EINVAL);
	p = mmap(NULL, d.size, PROT_READ, MAP_SHARED, d.fd, 4096);
	bad += expect_errno("mmap at offset 4096",
			    p == MAP_FAILED ? -1 : 0, EINVAL);
	bad += expect_errno("unknown ioctl",
			    ioctl(d.fd, _IO(SHIELDRT_IOC_MAGIC, 99)), ENOTTY);
	memset(&a, 0, sizeof(a));
	memcpy(a.name, loop, strlen(loop));
	bad += expect_errno("second attach", ioctl(d.fd, SHIELDRT_IOC_ATTACH,
						   &a), EBUSY);
	fd = open(getenv("SHIELDRT_DEV") ?: SHIELDRT_DEVICE, O_RDWR);
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
	p = mmap(NULL, d.size, PROT_READ, MAP_SHARED, fd, 0);
	bad += expect_errno("mmap before attach", p == MAP_FAILED ? -1 : 0,
			    EBADFD);
	close(fd);
	dpmap_close(&d);
	return bad ? 1 : 0;
}

int cmd_scribble(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "loop",	required_argument,	NULL, 'l' },
		{ "duration",	required_argument,	NULL, 'd' },
		{ "abi",	no_argument,		NULL, 'a' },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *loop = NULL;
	double duration = 1.0, t_end;
	unsigned long long rounds = 0;
	unsigned int x = 12345;
	int c, abi = 0;
	struct dpmap d;

	while ((c = getopt_long(argc, argv, "l:d:ah", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			loop = optarg;
			break;
		case 'd':
			duration = dp_parse_value(optarg, "--duration");
			break;
		case 'a':
			abi = 1;
			break;
		case 'h':
			scribble_usage(stdout);
			return 0;
		default:
			scribble_usage(stderr);
			return 2;
		}
	}
	no_more_args("scribble", argc, argv, optind);
	if (abi)
		return abi_checks(loop);
	dpmap_open(&d, loop, 1);
	t_end = dp_now() + duration;
	while (dp_now() < t_end) {
		unsigned char *p = d.base;
		size_t i;

		/* random bytes everywhere, then the words the kernel reads */
		for (i = 0; i < 4096; i++) {
			x = x * 1103515245 + 12345;
			p[(x >> 4) % d.size] = x >> 24;
		}
		for (i = 0; i < 64; i++) {
			x = x * 1103515245 + 12345;
			d.m.cmd->tail = x;
			d.m.tel->head = x >> 3;
			d.m.mbox->middle = x >> 7;
			d.m.hdr->user.heartbeat = x;
		}
		rounds++;
		if (rounds % 16 == 0)
			dp_sleep(0.0005);
	}
	printf("scribbled %llu rounds over %zu bytes\n", rounds, d.size);
	dpmap_close(&d);
	return 0;
}
