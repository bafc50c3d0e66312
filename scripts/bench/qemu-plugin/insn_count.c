// SPDX-License-Identifier: GPL-2.0
/*
 * A QEMU TCG plugin for scripts/bench/bench-profile: how many guest
 * instructions one vCPU executed at each guest address, for the whole run.
 *
 *   qemu-system-... -plugin insn_count.so,vcpu=N,out=FILE
 *
 * Every translated block is given an exec callback that counts its runs
 * on vCPU N; at exit FILE gets one "ADDRESS COUNT" line (address in 16
 * hex digits) per instruction of every block that ran there.  A block
 * left early (an exception or interrupt inside it) is counted whole: the
 * error is one block per interruption, not per cycle.
 * The plugin API's declarations: qemu_plugin_api.h.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "plugin_args.h"
#include "qemu_plugin_api.h"

__attribute__((visibility("default"))) int qemu_plugin_version = SRT_QEMU_PLUGIN_VERSION;

/* One translation of a block: its instructions' addresses, its runs. */
struct block {
	uint64_t runs;
	size_t n;
	uint64_t addr[];
};

static struct block **blocks;
static size_t nr_blocks, cap_blocks;
static pthread_mutex_t blocks_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned int vcpu_wanted = 1;
static const char *out_path;

static void block_ran(unsigned int vcpu, void *udata)
{
	struct block *b = udata;

	/* a block may be shared by vCPUs: only the wanted one counts */
	if (vcpu == vcpu_wanted)
		__atomic_fetch_add(&b->runs, 1, __ATOMIC_RELAXED);
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;
	struct block *b;

	b = calloc(1, sizeof(*b) + n * sizeof(b->addr[0]));
	if (!b)
		return;		/* uncounted; QEMU offers no error path */
	b->n = n;
	for (i = 0; i < n; i++)
		b->addr[i] = qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, i));
	pthread_mutex_lock(&blocks_lock);
	if (nr_blocks == cap_blocks) {
		size_t cap = cap_blocks ? 2 * cap_blocks : 65536;
		struct block **nb = realloc(blocks, cap * sizeof(*nb));

		if (!nb) {
			pthread_mutex_unlock(&blocks_lock);
			free(b);
			return;
		}
		blocks = nb;
		cap_blocks = cap;
	}
	blocks[nr_blocks++] = b;
	pthread_mutex_unlock(&blocks_lock);
	qemu_plugin_register_vcpu_tb_exec_cb(tb, block_ran,
					     QEMU_PLUGIN_CB_NO_REGS, b);
}

static void write_counts(qemu_plugin_id_t id, void *udata)
{
	FILE *f = fopen(out_path, "w");
	size_t i, j;

	if (!f) {
		perror(out_path);
		return;
	}
	for (i = 0; i < nr_blocks; i++) {
		const struct block *b = blocks[i];

		for (j = 0; b->runs && j < b->n; j++)
			fprintf(f, "%016llx %llu\n",
				(unsigned long long)b->addr[j],
				(unsigned long long)b->runs);
	}
	if (fclose(f))
		perror(out_path);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
			int argc, char **argv)
{
	struct plugin_arg args[] = {
		{ "vcpu", PLUGIN_ARG_UINT, &vcpu_wanted, 0 },
		{ "out", PLUGIN_ARG_STR, &out_path, 1 },
	};

	if (plugin_args("insn_count", argc, argv, args,
			ARRAY_SIZE(args)))
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
	qemu_plugin_register_atexit_cb(id, write_counts, NULL);
	return 0;
}
