// SPDX-License-Identifier: GPL-2.0
/*
 * nocap [-u UID] PROG [ARG...]: run PROG without CAP_SYS_ADMIN, for the
 * guest tests of what userctl refuses to a user who lacks it (the
 * guest's busybox setpriv cannot drop it).  CAP_SYS_ADMIN leaves the
 * bounding set (so an exec as root cannot regain it) and the effective,
 * permitted and inheritable sets; no_new_privs is set.  With -u the
 * process also becomes UID (and GID UID, no supplementary groups): an
 * ordinary user, every capability gone.  No setuid bit is involved: it
 * is started by root and only gives up.
 */
#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static void die(const char *what)
{
	fprintf(stderr, "nocap: %s: %s\n", what, strerror(errno));
	exit(125);
}

static void drop_sys_admin(void)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3];
	unsigned int w = CAP_SYS_ADMIN / 32;
	__u32 bit = 1U << (CAP_SYS_ADMIN % 32);

	if (prctl(PR_CAPBSET_DROP, CAP_SYS_ADMIN, 0, 0, 0))
		die("PR_CAPBSET_DROP");
	if (syscall(SYS_capget, &h, d))
		die("capget");
	d[w].effective &= ~bit;
	d[w].permitted &= ~bit;
	d[w].inheritable &= ~bit;
	if (syscall(SYS_capset, &h, d))
		die("capset");
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		die("PR_SET_NO_NEW_PRIVS");
}

int main(int argc, char **argv)
{
	char *end;
	long uid = -1;
	int i = 1;

	if (argc > 2 && !strcmp(argv[1], "-u")) {
		uid = strtol(argv[2], &end, 10);
		if (*end || uid <= 0 || uid > 65535) {
			fprintf(stderr, "nocap: -u %s: a UID from 1 to 65535\n",
				argv[2]);
			return 125;
		}
		i = 3;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: nocap [-u UID] PROG [ARG...]\n");
		return 125;
	}
	drop_sys_admin();
	if (uid > 0) {
		if (setgroups(0, NULL))
			die("setgroups");
		if (setresgid(uid, uid, uid))
			die("setresgid");
		/* leaving UID 0 clears every capability */
		if (setresuid(uid, uid, uid))
			die("setresuid");
	}
	execvp(argv[i], argv + i);
	die(argv[i]);
	return 125;
}
