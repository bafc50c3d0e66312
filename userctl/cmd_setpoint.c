// SPDX-License-Identifier: GPL-2.0
/*
 * userctl setpoint -l LOOP IDX=VALUE...: write inputs through the loop's
 * setpoint mailbox (latest wins) and report the cycle they took effect.
 */
#include <getopt.h>
#include <stdio.h>

#include "dpmap.h"

static void setpoint_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl setpoint -l LOOP [options] INDEX=VALUE...\n"
		"\n"
		"Set loop inputs (0-based indices) through the setpoint mailbox.\n"
		"Inputs not named keep their values.  Waits until the loop has\n"
		"taken the update and prints the cycle it took effect.\n"
		"\n"
		"  -l, --loop NAME     the loop\n"
		"  -t, --timeout SEC   wait at most SEC seconds (default 1)\n"
		"  -n, --no-wait       publish and return\n"
		"  -h, --help          this text\n");
}

int cmd_setpoint(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "loop",	required_argument,	NULL, 'l' },
		{ "timeout",	required_argument,	NULL, 't' },
		{ "no-wait",	no_argument,		NULL, 'n' },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	__u64 value[SHIELDRT_MAX_SIGNALS] = { 0 };
	const char *loop = NULL;
	double timeout = 1.0, t0;
	struct shieldrt_live lv;
	struct shieldrt_stats st0, st;
	struct dpmap d;
	__u32 mask = 0;
	int c, i, wait = 1;
	__u64 seq;

	while ((c = getopt_long(argc, argv, "l:t:nh", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			loop = optarg;
			break;
		case 't':
			timeout = dp_parse_value(optarg, "--timeout");
			if (timeout <= 0)
				usage_error("--timeout must be positive");
			break;
		case 'n':
			wait = 0;
			break;
		case 'h':
			setpoint_usage(stdout);
			return 0;
		default:
			setpoint_usage(stderr);
			return 2;
		}
	}
	if (optind >= argc)
		usage_error("setpoint: no INDEX=VALUE given");
	dpmap_open(&d, loop, 1);
	for (i = optind; i < argc; i++) {
		char *eq = strchr(argv[i], '='), *end;
		unsigned long idx;

		if (!eq || eq == argv[i])
			usage_error("setpoint: '%s' is not INDEX=VALUE",
				    argv[i]);
		errno = 0;
		idx = strtoul(argv[i], &end, 10);
		if (end != eq || errno)
			usage_error("setpoint: '%.*s' is not an input index",
				    (int)(eq - argv[i]), argv[i]);
		if (idx >= d.m.n_in)
			usage_error("setpoint: input %lu out of range: loop '%s' has %u inputs",
				    idx, loop, d.m.n_in);
		value[idx] = dp_bits(dp_parse_value(eq + 1, argv[i]));
		mask |= 1U << idx;
	}
	if (dpmap_dead(&d))
		fatal("loop '%s' has been destroyed", loop);
	dpmap_stats(&d, &st0);
	seq = srt_mbox_write(&d.m, mask, value);
	if (!wait) {
		printf("published update %llu\n", (unsigned long long)seq);
		dpmap_close(&d);
		return 0;
	}
	t0 = dp_now();
	for (;;) {
		dpmap_live(&d, &lv);
		if (lv.mbox_seq == seq)
			break;
		dpmap_stats(&d, &st);
		if (st.mbox_rej_index + st.mbox_rej_value + st.mbox_rej_flags +
		    st.mbox_corrupt != st0.mbox_rej_index +
		    st0.mbox_rej_value + st0.mbox_rej_flags + st0.mbox_corrupt)
			fatal("loop '%s' rejected the update (see 'userctl top -l %s')",
			      loop, loop);
		if (dp_now() - t0 > timeout)
			fatal("loop '%s' did not take the update within %g s (is it running?)",
			      loop, timeout);
		dp_sleep(0.0002);
	}
	printf("update %llu took effect at cycle %llu\n",
	       (unsigned long long)seq, (unsigned long long)lv.mbox_cycle);
	dpmap_close(&d);
	return 0;
}
