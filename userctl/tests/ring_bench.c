// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's per-cycle data plane work (include/shieldrt_dataplane.h) in
 * a loop, for scripts/bench/bench-dataplane to count instructions with
 * callgrind.  Only dp_cycle() is measured (--toggle-collect); the user
 * side's writes happen outside it.
 * Usage: ring_bench SCENARIO CYCLES N_IN N_OUT [PERIOD_NS]
 * (the period sets how often the live block and stats are republished:
 * 100000, the default, every 8th cycle; 1000000 every cycle)
 *   idle   nothing to take, one telemetry record
 *   mbox   a new mailbox set every cycle, one record
 *   cmd    one command entry due every cycle, one record
 *   all    mailbox + command entry + record
 */
#include "ring_common.h"

noinline void dp_cycle(struct srt_dp *dp, u64 cycle, struct srt_signals *sig,
		       struct srt_cycle_sample *s)
{
	srt_dp_cycle_in(dp, cycle, sig);
	/* the chain would run here */
	srt_dp_cycle_out(dp, s, sig);
}

int main(int argc, char **argv)
{
	struct srt_signals sig = { 0 };
	struct srt_cycle_sample s = { 0 };
	struct shieldrt_offsets off;
	struct srt_dp_geom g;
	struct srt_map m;
	struct srt_dp dp;
	unsigned long n, i;
	int mbox, cmd;
	u64 v[SHIELDRT_MAX_SIGNALS];
	u32 j, n_in, n_out, all;
	void *mem;

	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: ring_bench idle|mbox|cmd|all CYCLES N_IN N_OUT [PERIOD_NS]\n");
		return 2;
	}
	mbox = !strcmp(argv[1], "mbox") || !strcmp(argv[1], "all");
	cmd = !strcmp(argv[1], "cmd") || !strcmp(argv[1], "all");
	n = strtoul(argv[2], NULL, 0);
	n_in = strtoul(argv[3], NULL, 0);
	n_out = strtoul(argv[4], NULL, 0);
	default_geom(&g, n_in, n_out, 1024, 4096);
	mem = fake_region_period(&dp, &g, &off,
				 argc == 6 ? strtoull(argv[5], NULL, 0) : 100000);
	if (srt_map_init(&m, mem, &off))
		return 2;
	sig.n_in = n_in;
	sig.n_out = n_out;
	/* every input (a shift by 32 would be undefined) */
	all = n_in >= 32 ? ~0U : (1U << n_in) - 1;
	for (i = 0; i < n; i++) {
		/* finite doubles, built without the FPU (kernel flags) */
		for (j = 0; j < n_in; j++)
			v[j] = 0x4000000000000000ULL + ((u64)(i + j) << 20);
		if (mbox)
			srt_mbox_write(&m, all, v);
		if (cmd) {
			struct shieldrt_slot *e = srt_cmd_slot(&m, 0);

			e->key = i;
			e->mask = all;
			e->flags = SHIELDRT_CMD_MORE;
			memcpy(e->value, v, n_in * sizeof(u64));
			srt_cmd_commit(&m, 1);
		}
		s.cycle = i;
		s.deadline_ns = i * 100000;
		s.wake_ns = s.deadline_ns + 1000;
		s.end_ns = s.wake_ns + 2000;
		dp_cycle(&dp, i, &sig, &s);
		srt_tel_release(&m, srt_tel_avail(&m));	/* a keeping-up reader */
	}
	if (dp.st.tel_records != n || (mbox && dp.st.mbox_updates != n) ||
	    (cmd && dp.st.cmd_applied != n)) {
		fprintf(stderr, "ring_bench: the work did not happen\n");
		return 1;
	}
	free(mem);
	return 0;
}
