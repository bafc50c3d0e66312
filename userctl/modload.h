/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether this kernel loads the module unsigned: kernel lockdown (Secure
 * Boot) and module.sig_enforce, as /sys shows them, and whether shieldrt
 * is loaded and signed.  For the shield audit and for the message when
 * /dev/shieldrt is missing.
 */
#ifndef USERCTL_MODLOAD_H
#define USERCTL_MODLOAD_H

#include <stdbool.h>
#include <stddef.h>

struct modload {
	char lockdown[16];	/* "none", "integrity", ...; "" unknown */
	int sig_enforce;	/* 1, 0, or -1: the kernel checks no signatures */
	bool loaded;		/* /sys/module/shieldrt */
	int unsigned_mod;	/* loaded without a trusted signature: 1, 0, -1 unknown */
};

void modload_read(struct modload *m);

/* Only modules signed with a key the kernel trusts load. */
bool modload_signed_only(const struct modload *m);

/* "lockdown integrity, module.sig_enforce=1": why, into @buf. */
const char *modload_why(const struct modload *m, char *buf, size_t len);

/* What to do when the kernel refuses an unsigned module, in one line. */
extern const char modload_remedy[];

#endif
