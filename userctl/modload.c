// SPDX-License-Identifier: GPL-2.0
/*
 * Module signatures as the kernel enforces them.  A kernel built with
 * CONFIG_MODULE_SIG (every distribution kernel; the lockdown LSM selects
 * it) loads an unsigned module, tainting itself ("E" in the module's
 * taint), unless it is locked down (lockdown=integrity or
 * confidentiality, as Secure Boot machines are) or module.sig_enforce=1:
 * then only modules signed with a key it trusts load, and insmod of any
 * other fails with EKEYREJECTED ("Key was rejected by service") or EPERM.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modload.h"
#include "sysfile.h"

const char modload_remedy[] =
	"sign shieldrt.ko (and any provider module) with a key this kernel trusts: an enrolled MOK, make SIGN_KEY=mok.key SIGN_CERT=mok.der, or DKMS with /var/lib/dkms/mok.key (README, \"Secure Boot\")";

/* The mode in brackets of /sys/kernel/security/lockdown, or "". */
static void read_lockdown(char *mode, size_t len)
{
	char *path = rootpath("/sys/kernel/security/lockdown");
	char *text = file_read_line(path), *open_, *close_;

	mode[0] = '\0';
	open_ = text ? strchr(text, '[') : NULL;
	close_ = open_ ? strchr(open_, ']') : NULL;
	if (close_ && (size_t)(close_ - open_ - 1) < len)
		snprintf(mode, len, "%.*s", (int)(close_ - open_ - 1),
			 open_ + 1);
	free(text);
	free(path);
}

void modload_read(struct modload *m)
{
	char *path, *text;

	memset(m, 0, sizeof(*m));
	read_lockdown(m->lockdown, sizeof(m->lockdown));
	path = rootpath("/sys/module/module/parameters/sig_enforce");
	text = file_read_line(path);
	m->sig_enforce = !text ? -1 : text[0] == 'Y' || text[0] == '1';
	free(text);
	free(path);
	path = rootpath("/sys/module/shieldrt");
	m->loaded = file_exists(path);
	free(path);
	m->unsigned_mod = -1;
	if (m->loaded) {
		/* "E": loaded without a signature the kernel could check */
		path = rootpath("/sys/module/shieldrt/taint");
		text = file_read_line(path);
		if (text)
			m->unsigned_mod = strchr(text, 'E') != NULL;
		free(text);
		free(path);
	}
}

bool modload_signed_only(const struct modload *m)
{
	return m->sig_enforce == 1 ||
	       (m->lockdown[0] && strcmp(m->lockdown, "none"));
}

const char *modload_why(const struct modload *m, char *buf, size_t len)
{
	snprintf(buf, len, "lockdown %s, module.sig_enforce=%s",
		 m->lockdown[0] ? m->lockdown : "unknown",
		 m->sig_enforce < 0 ? "absent" : m->sig_enforce ? "1" : "0");
	return buf;
}
