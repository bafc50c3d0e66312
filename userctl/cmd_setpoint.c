// SPDX-License-Identifier: GPL-2.0
/*
 * userctl setpoint -l LOOP INPUT=VALUE...: write inputs through the loop's
 * setpoint mailbox (latest wins) and report the cycle they took effect.
 * INPUT is an index, or the name of one of the chain's "input" signals:
 * the loop maps them in order to input 0, 1, ...
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>

#include "ctl.h"
#include "debugfs.h"
#include "dpmap.h"

/*
 * The index of chain input @name (@len bytes) of @loop, from the "input"
 * lines of the loop's "blocks" view.  Exits on failure.
 */
static unsigned long setpoint_input_by_name(const char *loop,
					    const char *name, size_t len)
{
	char *text, *line, *save, *w, *ws;
	unsigned long idx = 0;
	int err = ctl_view_try(loop, "blocks", &text);

	if (err)
		ctl_die(xasprintf("'%.*s' is not an index, and a name needs the chain of",
				  (int)len, name), loop, err, NULL);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		w = strtok_r(line, " \t", &ws);
		if (!w || strcmp(w, "input"))
			continue;
		while ((w = strtok_r(NULL, " \t", &ws)) && *w != '#') {
			if (strlen(w) == len && !memcmp(w, name, len)) {
				free(text);
				return idx;
			}
			idx++;
		}
	}
	free(text);
	usage_error("setpoint: loop '%s' has no chain input '%.*s' (%lu inputs)",
		    loop, (int)len, name, idx);
	return 0;
}

static void setpoint_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl setpoint -l LOOP [options] INPUT=VALUE...\n"
		"\n"
		"Set loop inputs through the setpoint mailbox.  INPUT is a 0-based\n"
		"index or the name of a chain input (read from the loop's chain\n"
		"through the control plane).  Inputs not named keep their values.\n"
		"Waits until the loop has taken the update and prints the cycle\n"
		"it took effect.\n"
		"\n"
		"  -l, --loop NAME     the loop\n"
		"  -t, --timeout SEC   wait at most SEC seconds (default 1)\n"
		"  -n, --no-wait       publish and return\n"
		"  -h, --help          this text\n");
}

int cmd_setpoint(int argc, char **argv)
{
	static const struct option own[] = {
		{ "timeout",	required_argument,	NULL, 't' },
		{ "no-wait",	no_argument,		NULL, 'n' },
		{ NULL, 0, NULL, 0 }
	};
	struct cmd_opts o = { .name = "setpoint", .usage = setpoint_usage,
			      .shared = CMD_LOOP, .own = own };
	__u64 value[SHIELDRT_MAX_SIGNALS] = { 0 };
	double timeout = 1.0, t0;
	struct shieldrt_live lv;
	struct shieldrt_stats st0, st;
	const char *loop;
	struct dpmap d;
	__u32 mask = 0;
	int c, i, n, wait = 1;
	unsigned long *idx;
	__u64 seq, *bits;

	while ((c = cmd_getopt(&o, argc, argv)) != -1) {
		switch (c) {
		case 't':
			timeout = dp_parse_value(optarg, "--timeout");
			if (timeout <= 0)
				usage_error("--timeout must be positive");
			break;
		case 'n':
			wait = 0;
			break;
		}
	}
	loop = o.loop;
	if (optind >= argc)
		usage_error("setpoint: no INPUT=VALUE given");
	if (!loop)
		usage_error("setpoint: no loop given (-l NAME)");
	srt_check_name(loop);
	/*
	 * Before the module is asked: every word and value; then the names,
	 * through the chain (a read); then the attach, and the indices
	 * against the loop's inputs.
	 */
	n = argc - optind;
	idx = xmalloc(n * sizeof(*idx));
	bits = xmalloc(n * sizeof(*bits));
	for (i = 0; i < n; i++) {
		char *arg = argv[optind + i], *eq = strchr(arg, '='), *end;

		if (!eq || eq == arg)
			usage_error("setpoint: '%s' is not INPUT=VALUE", arg);
		bits[i] = srt_to_bits(dp_parse_value(eq + 1, arg));
		errno = 0;
		idx[i] = strtoul(arg, &end, 10);
		if (!isdigit((unsigned char)arg[0]) || end != eq || errno)
			idx[i] = ULONG_MAX;	/* a name */
	}
	for (i = 0; i < n; i++) {
		char *arg = argv[optind + i];

		if (idx[i] == ULONG_MAX)
			idx[i] = setpoint_input_by_name(loop, arg,
							strchr(arg, '=') - arg);
	}
	dpmap_open(&d, loop, 1);
	for (i = 0; i < n; i++) {
		if (idx[i] >= d.m.n_in)
			usage_error("setpoint: input %lu out of range: loop '%s' has %u inputs",
				    idx[i], loop, d.m.n_in);
		value[idx[i]] = bits[i];
		mask |= 1U << idx[i];
	}
	free(idx);
	free(bits);
	dpmap_live_or_die(&d, loop);
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
