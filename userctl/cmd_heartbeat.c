// SPDX-License-Identifier: GPL-2.0
/*
 * userctl heartbeat -l LOOP: keep a loop's heartbeat watchdog fed
 * (heartbeat_cycles=N in the loop's configuration) for a while, through
 * the mapping or the SHIELDRT_IOC_HEARTBEAT ioctl, and report what the
 * kernel saw.  For scripts that feed a loop, and for testing the watchdog.
 */
#include <getopt.h>
#include <stdio.h>

#include "ctl.h"
#include "dpmap.h"

static void heartbeat_usage(FILE *f)
{
	fprintf(f,
		"usage: userctl heartbeat -l LOOP [options]\n"
		"\n"
		"Bump the loop's heartbeat every --every seconds for --duration\n"
		"seconds (or --count times), then print the heartbeat the kernel\n"
		"last read and the cycle it changed.\n"
		"\n"
		"  -l, --loop NAME      the loop\n"
		"  -e, --every S        seconds between bumps (default 0.001)\n"
		"  -d, --duration S     seconds to run (default 1)\n"
		"  -n, --count N        bump N times instead\n"
		"  -i, --ioctl          bump with SHIELDRT_IOC_HEARTBEAT, not the mapping\n"
		"  -h, --help           this text\n");
}

int cmd_heartbeat(int argc, char **argv)
{
	static const struct option own[] = {
		{ "every",	required_argument,	NULL, 'e' },
		{ "ioctl",	no_argument,		NULL, 'i' },
		{ NULL, 0, NULL, 0 }
	};
	struct cmd_opts o = { .name = "heartbeat", .usage = heartbeat_usage,
			      .shared = CMD_LOOP | CMD_DURATION | CMD_COUNT,
			      .own = own, .duration = 1.0 };
	unsigned long long bumps = 0;
	double every = 0.001, t_end;
	struct shieldrt_live lv;
	struct dpmap d;
	int c, use_ioctl = 0;

	while ((c = cmd_getopt(&o, argc, argv)) != -1) {
		switch (c) {
		case 'e':
			every = dp_parse_value(optarg, "--every");
			if (every <= 0 || every > 60)
				usage_error("--every must be above 0 and at most 60 s");
			break;
		case 'i':
			use_ioctl = 1;
			break;
		}
	}
	no_more_args("heartbeat", argc, argv, optind);
	dpmap_open(&d, o.loop, 1);
	dpmap_live_or_die(&d, o.loop);
	t_end = dp_now() + o.duration;
	while (o.count ? bumps < o.count : dp_now() < t_end) {
		if (use_ioctl) {
			__u32 one = 1;

			if (ioctl(d.fd, SHIELDRT_IOC_HEARTBEAT, &one) < 0) {
				if (errno == EIDRM)
					dpmap_live_or_die(&d, o.loop);
				ctl_die("heartbeat", o.loop, -errno, NULL);
			}
		} else {
			srt_write_once(d.m.user->heartbeat,
				       srt_read_once(d.m.user->heartbeat) + 1);
		}
		bumps++;
		dpmap_live_or_die(&d, o.loop);
		dp_sleep(every);
	}
	dpmap_live(&d, &lv);
	printf("bumps %llu heartbeat %u changed_at_cycle %llu cycle %llu\n",
	       bumps, lv.heartbeat, (unsigned long long)lv.heartbeat_cycle,
	       (unsigned long long)lv.cycle);
	dpmap_close(&d);
	return 0;
}
