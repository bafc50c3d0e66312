/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The release version of shieldrt: the one place it is written.  The
 * module's MODULE_VERSION, "userctl --version", the DKMS source tree's
 * name and dkms.conf, and debian/changelog (checked by
 * scripts/tests/install.sh) all take it from this line.  The ABI that
 * user programs build against has its own number, SHIELDRT_ABI_VERSION
 * in uapi/shieldrt.h, which changes only with the ABI.
 */
#ifndef _SHIELDRT_VERSION_H
#define _SHIELDRT_VERSION_H

#define SHIELDRT_VERSION "0.1"

#endif
