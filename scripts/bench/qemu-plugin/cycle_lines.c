// SPDX-License-Identifier: GPL-2.0
/*
 * A QEMU TCG plugin for scripts/bench/bench-lines: per cycle of the loop's
 * vCPU, the distinct 64-byte lines of code it executed and of data it read
 * and wrote, and its instructions, split by phase of the cycle.
 *
 *   qemu-system-... -plugin cycle_lines.so,vcpu=N,ranges=FILE,out=FILE
 *                          [,detail=FILE,detail_cycle=K]
 *
 * ranges names the phase of the module's code: lines "START END PHASE"
 * (hex addresses, END exclusive, PHASE 1..SRT_PHASES-1), written by
 * scripts/bench/bench-lines from the guest's /proc/kallsyms and the module's
 * debug information.  Code outside every range (the kernel's: the timer,
 * the scheduler, memcpy, the clock) belongs to the phase that ran last,
 * so what a phase calls counts as its own.  Phase 1 is the wait: a cycle
 * ends where the vCPU enters it from another phase.
 *
 * At exit, out gets one line per complete cycle: for each phase, then
 * for the cycle without its wait ("own") and for all of it, seven
 * numbers: instructions, code lines, data lines, lines read, lines
 * written (a line both read and written counts in both, once in data),
 * and the distinct bytes of those code lines executed and of those data
 * lines read or written: the fewest 64-byte lines the same instructions
 * and data could take, packed, is bytes / 64 rounded up.  A block left
 * early (an exception inside it) counts its instructions, code lines and
 * code bytes whole.  With detail, cycle K's lines are listed there
 * as they are first touched: "PHASE KIND LINE PC" (KIND code, read or
 * write; a line read and written is listed twice), so that what a cycle
 * touches can be traced to the code that touched it, and when it ends,
 * what of each line its own work used: "bytes LINE CODE DATA".  The
 * plugin API's declarations: qemu_plugin_api.h.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "plugin_args.h"
#include "qemu_plugin_api.h"

__attribute__((visibility("default"))) int qemu_plugin_version = SRT_QEMU_PLUGIN_VERSION;

#define SRT_PHASES	8	/* 0: none yet; 1: the wait; up to 7 named */
#define SRT_SETS	(SRT_PHASES + 2)	/* + own, + all */
#define SET_OWN		SRT_PHASES
#define SET_ALL		(SRT_PHASES + 1)
#define LINE_SHIFT	6
#define TABLE_BITS	14	/* lines a set holds: 16384, far above a cycle's */

enum { F_READ = 1, F_WRITE = 2, F_CODE = 4 };

/*
 * One set of lines, emptied by a new generation instead of a clear; a
 * line's bytes touched as a mask, one bit a byte, code's and data's.
 */
struct slot {
	uint64_t line;
	uint32_t gen;
	uint32_t flags;
	uint64_t bytes[2];	/* [0]: executed, [1]: read or written */
};

struct set {
	struct slot *slot;
	uint64_t insns, code, data, read, written, code_bytes, data_bytes;
};

/* A line and the bytes of it that something covers. */
struct span {
	uint64_t line;
	uint64_t bytes;
};

/* A run of instructions of one phase inside a translated block. */
struct run {
	int phase;		/* 0: the phase that ran last */
	uint64_t pc;		/* its first instruction */
	uint32_t insns;
	uint32_t nlines;
	struct span line[];	/* the code lines its instructions span */
};

struct range {
	uint64_t start, end;
	int phase;
};

static struct range *ranges;
static size_t nr_ranges;
static struct set sets[SRT_SETS];
static uint32_t gen = 1;
static int cur_phase;
static unsigned int vcpu_wanted = 1;
static const char *out_path, *ranges_path, *detail_path;
static FILE *out, *detail;
static uint64_t detail_cycle;
static uint64_t cycles;
static int overflowed;
static uint32_t full_gen;	/* a set filled up in this generation */

static int phase_of(uint64_t addr)
{
	size_t lo = 0, hi = nr_ranges;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (addr < ranges[mid].start)
			hi = mid;
		else if (addr >= ranges[mid].end)
			lo = mid + 1;
		else
			return ranges[mid].phase;
	}
	return 0;
}

/*
 * Mark a line in a set; count it the first time each flag is seen, and
 * the bytes of it not touched before.  Nonzero if the flag was new.  A
 * set that fills up is no cycle of the loop (a vCPU that never enters
 * the wait gathers everything it runs in one): said once, and nothing
 * more is counted in it, rather than probing a full table for ever.
 */
static int set_mark(struct set *s, uint64_t line, uint32_t flag,
		    uint64_t bytes)
{
	int code = flag == F_CODE;
	uint64_t added;
	uint64_t mask = (1u << TABLE_BITS) - 1;
	uint64_t h = (line * 0x9e3779b97f4a7c15ULL) >> (64 - TABLE_BITS);
	uint64_t probes;
	struct slot *e;

	if (full_gen == gen)
		return 0;
	for (probes = 0;; h = (h + 1) & mask) {
		e = &s->slot[h];
		if (e->gen != gen) {
			e->gen = gen;
			e->line = line;
			e->flags = 0;
			e->bytes[0] = e->bytes[1] = 0;
			break;
		}
		if (e->line == line)
			break;
		if (++probes > mask) {
			full_gen = gen;
			if (!overflowed++)
				fprintf(stderr, "cycle_lines: vCPU %u touched more than %u lines without entering the wait: not the loop's vCPU?\n",
					vcpu_wanted, 1u << TABLE_BITS);
			return 0;
		}
	}
	added = bytes & ~e->bytes[!code];
	if (added) {
		e->bytes[!code] |= added;
		if (code)
			s->code_bytes += __builtin_popcountll(added);
		else
			s->data_bytes += __builtin_popcountll(added);
	}
	if (e->flags & flag)
		return 0;
	if (code) {
		s->code++;
	} else {
		if (!(e->flags & (F_READ | F_WRITE)))
			s->data++;
		if (flag == F_READ)
			s->read++;
		else
			s->written++;
	}
	e->flags |= flag;
	return 1;
}

static void mark(uint64_t line, uint32_t flag, uint64_t bytes, uint64_t pc)
{
	int first = set_mark(&sets[cur_phase], line, flag, bytes);

	if (cur_phase != 1)
		set_mark(&sets[SET_OWN], line, flag, bytes);
	set_mark(&sets[SET_ALL], line, flag, bytes);
	if (first && detail && cycles == detail_cycle)
		fprintf(detail, "%d %s %llx %llx\n", cur_phase,
			flag == F_CODE ? "code" : flag == F_READ ? "read" :
			"write", (unsigned long long)line << LINE_SHIFT,
			(unsigned long long)pc);
}

/* The wait begins: the cycle that ends here is written, the sets emptied. */
static void cycle_end(void)
{
	int i;

	if (detail && cycles == detail_cycle) {
		const struct set *own = &sets[SET_OWN];

		for (i = 0; i < 1 << TABLE_BITS; i++)
			if (own->slot[i].gen == gen && full_gen != gen)
				fprintf(detail, "bytes %llx %d %d\n",
					(unsigned long long)own->slot[i].line
					<< LINE_SHIFT,
					__builtin_popcountll(own->slot[i].bytes[0]),
					__builtin_popcountll(own->slot[i].bytes[1]));
	}
	if (cycles++) {	/* the first one began before anything was seen */
		for (i = 1; i < SRT_SETS; i++)
			fprintf(out, "%s%llu %llu %llu %llu %llu %llu %llu",
				i > 1 ? " " : "",
				(unsigned long long)sets[i].insns,
				(unsigned long long)sets[i].code,
				(unsigned long long)sets[i].data,
				(unsigned long long)sets[i].read,
				(unsigned long long)sets[i].written,
				(unsigned long long)sets[i].code_bytes,
				(unsigned long long)sets[i].data_bytes);
		fputc('\n', out);
	}
	for (i = 0; i < SRT_SETS; i++)
		sets[i].insns = sets[i].code = sets[i].data = sets[i].read =
			sets[i].written = sets[i].code_bytes =
			sets[i].data_bytes = 0;
	gen++;
}

static void run_exec(unsigned int vcpu, void *udata)
{
	const struct run *r = udata;
	uint32_t i;

	if (vcpu != vcpu_wanted)
		return;
	if (r->phase) {
		if (r->phase == 1 && cur_phase != 1 && cur_phase)
			cycle_end();
		cur_phase = r->phase;
	}
	if (!cur_phase)
		return;
	sets[cur_phase].insns += r->insns;
	if (cur_phase != 1)
		sets[SET_OWN].insns += r->insns;
	sets[SET_ALL].insns += r->insns;
	for (i = 0; i < r->nlines; i++)
		mark(r->line[i].line, F_CODE, r->line[i].bytes, r->pc);
}

/* The bytes [addr, addr + n) of line (n >= 1): a mask, bit k for byte k. */
static uint64_t line_bytes(uint64_t line, uint64_t addr, uint64_t n)
{
	uint64_t lo = line << LINE_SHIFT, hi = lo + (1u << LINE_SHIFT);
	uint64_t a = addr > lo ? addr : lo;
	uint64_t e = addr + n < hi ? addr + n : hi;
	uint64_t len = e - a;

	return (len >= 64 ? ~0ULL : ((1ULL << len) - 1)) << (a - lo);
}

static void mem_access(unsigned int vcpu, qemu_plugin_meminfo_t info,
		       uint64_t vaddr, void *udata)
{
	uint64_t n = 1u << qemu_plugin_mem_size_shift(info);
	uint64_t last = vaddr + n - 1;
	uint32_t flag = qemu_plugin_mem_is_store(info) ? F_WRITE : F_READ;
	uint64_t pc = (uint64_t)(uintptr_t)udata;

	if (vcpu != vcpu_wanted || !cur_phase)
		return;
	mark(vaddr >> LINE_SHIFT, flag,
	     line_bytes(vaddr >> LINE_SHIFT, vaddr, n), pc);
	if (last >> LINE_SHIFT != vaddr >> LINE_SHIFT)
		mark(last >> LINE_SHIFT, flag,
		     line_bytes(last >> LINE_SHIFT, vaddr, n), pc);
}

/* A run of insns [first, first + n) of tb, all of one phase. */
static void add_run(struct qemu_plugin_tb *tb, size_t first, size_t n,
		    int phase)
{
	struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, first);
	uint64_t lo = qemu_plugin_insn_vaddr(insn) >> LINE_SHIFT, hi;
	struct qemu_plugin_insn *end = qemu_plugin_tb_get_insn(tb, first + n - 1);
	struct run *r;
	uint64_t l;
	size_t i;

	hi = (qemu_plugin_insn_vaddr(end) + qemu_plugin_insn_size(end) - 1) >>
	     LINE_SHIFT;
	r = calloc(1, sizeof(*r) + (hi - lo + 1) * sizeof(r->line[0]));
	if (!r)
		return;		/* uncounted; QEMU offers no error path */
	r->phase = phase;
	r->pc = qemu_plugin_insn_vaddr(insn);
	r->insns = n;
	for (l = lo; l <= hi; l++)
		r->line[r->nlines++].line = l;
	/* each instruction's bytes, in the line or two it spans */
	for (i = first; i < first + n; i++) {
		struct qemu_plugin_insn *in = qemu_plugin_tb_get_insn(tb, i);
		uint64_t a = qemu_plugin_insn_vaddr(in);
		uint64_t sz = qemu_plugin_insn_size(in);

		for (l = a >> LINE_SHIFT; l <= (a + sz - 1) >> LINE_SHIFT; l++)
			r->line[l - lo].bytes |= line_bytes(l, a, sz);
	}
	qemu_plugin_register_vcpu_insn_exec_cb(insn, run_exec,
					       QEMU_PLUGIN_CB_NO_REGS, r);
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i, first = 0;
	int phase = 0;

	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		int p = phase_of(qemu_plugin_insn_vaddr(insn));

		if (i && p != phase) {
			add_run(tb, first, i - first, phase);
			first = i;
		}
		phase = p;
		/* the instruction's address as the callback's data */
		qemu_plugin_register_vcpu_mem_cb(insn, mem_access,
						 QEMU_PLUGIN_CB_NO_REGS,
						 QEMU_PLUGIN_MEM_RW,
						 (void *)(uintptr_t)
						 qemu_plugin_insn_vaddr(insn));
	}
	if (n)
		add_run(tb, first, n - first, phase);
}

static void finish(qemu_plugin_id_t id, void *udata)
{
	if (fclose(out))
		perror(out_path);
	if (detail && fclose(detail))
		perror(detail_path);
}

static int cmp_range(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static int read_ranges(void)
{
	FILE *f = fopen(ranges_path, "r");
	unsigned long long s, e;
	size_t cap = 0;
	int p;

	if (!f) {
		perror(ranges_path);
		return -1;
	}
	while (fscanf(f, "%llx %llx %d", &s, &e, &p) == 3) {
		if (p < 1 || p >= SRT_PHASES || e <= s) {
			fprintf(stderr, "cycle_lines: bad range %llx %llx %d\n",
				s, e, p);
			fclose(f);
			return -1;
		}
		if (nr_ranges == cap) {
			struct range *nr;

			cap = cap ? 2 * cap : 1024;
			nr = realloc(ranges, cap * sizeof(*nr));
			if (!nr) {
				fclose(f);
				return -1;
			}
			ranges = nr;
		}
		ranges[nr_ranges++] = (struct range){ s, e, p };
	}
	fclose(f);
	qsort(ranges, nr_ranges, sizeof(*ranges), cmp_range);
	return nr_ranges ? 0 : -1;
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
			int argc, char **argv)
{
	struct plugin_arg args[] = {
		{ "vcpu", PLUGIN_ARG_UINT, &vcpu_wanted, 0 },
		{ "out", PLUGIN_ARG_STR, &out_path, 1 },
		{ "ranges", PLUGIN_ARG_STR, &ranges_path, 1 },
		{ "detail", PLUGIN_ARG_STR, &detail_path, 0 },
		{ "detail_cycle", PLUGIN_ARG_U64, &detail_cycle, 0 },
	};
	int i;

	if (plugin_args("cycle_lines", argc, argv, args,
			ARRAY_SIZE(args)))
		return -1;
	if (read_ranges()) {
		fprintf(stderr, "cycle_lines: no ranges read from %s\n",
			ranges_path);
		return -1;
	}
	for (i = 0; i < SRT_SETS; i++) {
		sets[i].slot = calloc(1u << TABLE_BITS, sizeof(struct slot));
		if (!sets[i].slot)
			return -1;
	}
	out = fopen(out_path, "w");
	if (!out) {
		perror(out_path);
		return -1;
	}
	if (detail_path) {
		detail = fopen(detail_path, "w");
		if (!detail) {
			perror(detail_path);
			return -1;
		}
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
	qemu_plugin_register_atexit_cb(id, finish, NULL);
	return 0;
}
