// SPDX-License-Identifier: GPL-2.0
/*
 * memword: 32-bit words of physical memory through /dev/mem, many in one
 * process, for the guest tests that lay out a device's window by hand
 * (scripts/testbed/guest/tests/io-rfm.sh).  busybox devmem takes one word a
 * process; a layout is hundreds of words, and on the debug kernel under
 * TCG each process costs some 0.1 s.
 *
 *   memword ADDR              print the word at ADDR
 *   memword -r N ADDR         print N words from ADDR, one a line
 *   memword ADDR VAL...       write the VALs to ADDR, ADDR + 4, ... in
 *                             that order, one 32-bit store each
 *
 * Words print as devmem prints them (0x%08X).  ADDR must be 4-byte
 * aligned; numbers are C literals (decimal, 0x hex, 0 octal) and a VAL
 * must fit 32 bits.  Any error (a bad number, /dev/mem refusing the
 * range, as it does for a region a driver holds under IO_STRICT_DEVMEM)
 * prints why on stderr and exits 1 before any word is written.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void bad_usage(void)
{
	fprintf(stderr, "usage: memword ADDR [VAL...] | memword -r N ADDR\n");
	exit(1);
}

/* a whole C literal up to max, or exit */
static unsigned long long parse_num(const char *s, unsigned long long max,
				    const char *what)
{
	unsigned long long v;
	char *end;

	errno = 0;
	if (*s == '-' || *s == '+' || *s == ' ' || *s == '\0')
		goto bad;
	v = strtoull(s, &end, 0);
	if (errno || *end || v > max)
		goto bad;
	return v;
bad:
	fprintf(stderr, "memword: %s '%s': not a number up to %#llx\n",
		what, s, max);
	exit(1);
}

int main(int argc, char **argv)
{
	unsigned long long addr, n, i, page, off, len;
	uint32_t *w;
	uint32_t *vals = NULL;
	int nvals = 0, fd, a = 1;
	void *map;

	if (argc < 2)
		bad_usage();
	if (!strcmp(argv[1], "-r")) {
		if (argc != 4)
			bad_usage();
		n = parse_num(argv[2], 1 << 20, "count");
		if (!n)
			bad_usage();
		a = 3;
	} else {
		n = argc - 2 ? (unsigned long long)(argc - 2) : 1;
		nvals = argc - 2;
	}
	addr = parse_num(argv[a], UINT64_MAX - 4 * n, "address");
	if (addr & 3) {
		fprintf(stderr, "memword: address %#llx: not 4-byte aligned\n",
			addr);
		return 1;
	}
	if (nvals) {
		vals = calloc(nvals, sizeof(*vals));
		if (!vals)
			return 1;
		for (i = 0; i < (unsigned long long)nvals; i++)
			vals[i] = parse_num(argv[2 + i], UINT32_MAX, "value");
	}

	page = (unsigned long long)sysconf(_SC_PAGESIZE);
	off = addr & (page - 1);
	len = off + 4 * n;
	fd = open("/dev/mem", (nvals ? O_RDWR : O_RDONLY) | O_SYNC);
	if (fd < 0) {
		fprintf(stderr, "memword: /dev/mem: %s\n", strerror(errno));
		return 1;
	}
	map = mmap(NULL, len, nvals ? PROT_READ | PROT_WRITE : PROT_READ,
		   MAP_SHARED, fd, (off_t)(addr - off));
	if (map == MAP_FAILED) {
		fprintf(stderr, "memword: /dev/mem at %#llx: %s\n", addr,
			strerror(errno));
		return 1;
	}
	w = (uint32_t *)((char *)map + off);
	/*
	 * One 32-bit access each, in order: atomics, which the compiler
	 * neither merges, splits nor reorders (a release store keeps every
	 * earlier one before it), on a mapping /dev/mem makes uncached.
	 */
	for (i = 0; i < n; i++) {
		if (nvals)
			__atomic_store_n(&w[i], vals[i], __ATOMIC_RELEASE);
		else
			printf("0x%08X\n",
			       __atomic_load_n(&w[i], __ATOMIC_ACQUIRE));
	}
	munmap(map, len);
	close(fd);
	free(vals);
	return fflush(stdout) ? 1 : 0;
}
