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
	static const struct option opts[] = {
		{ "loop",	required_argument,	NULL, 'l' },
		{ "every",	required_argument,	NULL, 'e' },
		{ "duration",	required_argument,	NULL, 'd' },
		{ "count",	required_argument,	NULL, 'n' },
		{ "ioctl",	no_argument,		NULL, 'i' },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	double every = 0.001, duration = 1.0, t_end;
	unsigned long long count = 0, bumps = 0;
	const char *loop = NULL;
	struct shieldrt_live lv;
	struct dpmap d;
	int c, use_ioctl = 0;

	while ((c = getopt_long(argc, argv, "l:e:d:n:ih", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			loop = optarg;
			break;
		case 'e':
			every = dp_parse_value(optarg, "--every");
			if (every <= 0 || every > 60)
				usage_error("--every must be above 0 and at most 60 s");
			break;
		case 'd':
			duration = dp_parse_value(optarg, "--duration");
			if (duration <= 0)
				usage_error("--duration must be positive");
			break;
		case 'n':
			count = parse_uint_arg(optarg, "--count", 1,
					       ULLONG_MAX);
			break;
		case 'i':
			use_ioctl = 1;
			break;
		case 'h':
			heartbeat_usage(stdout);
			return 0;
		default:
			heartbeat_usage(stderr);
			return 2;
		}
	}
	no_more_args("heartbeat", argc, argv, optind);
	dpmap_open(&d, loop, 1);
	dpmap_live_or_die(&d, loop);
	t_end = dp_now() + duration;
	while (count ? bumps < count : dp_now() < t_end) {
		if (use_ioctl) {
			__u32 one = 1;

			if (ioctl(d.fd, SHIELDRT_IOC_HEARTBEAT, &one) < 0) {
				if (errno == EIDRM)
					dpmap_live_or_die(&d, loop);
				ctl_die("heartbeat", loop, -errno, NULL);
			}
		} else {
			srt_write_once(d.m.user->heartbeat,
				       srt_read_once(d.m.user->heartbeat) + 1);
		}
		bumps++;
		dpmap_live_or_die(&d, loop);
		dp_sleep(every);
	}
	dpmap_live(&d, &lv);
	printf("bumps %llu heartbeat %u changed_at_cycle %llu cycle %llu\n",
	       bumps, lv.heartbeat, (unsigned long long)lv.heartbeat_cycle,
	       (unsigned long long)lv.cycle);
	dpmap_close(&d);
	return 0;
}
