/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The release version of shieldrt.  The module's MODULE_VERSION,
 * "userctl --version", the DKMS source tree's name and dkms.conf take it
 * from this line; debian/changelog must repeat it (dpkg reads the
 * version there), and debian/rules refuses to build while it does not.
 * The ABI that user programs build against has its own number,
 * SHIELDRT_ABI_VERSION in uapi/shieldrt.h, which changes only with it.
 */
#ifndef _SHIELDRT_VERSION_H
#define _SHIELDRT_VERSION_H

#define SHIELDRT_VERSION "0.1"

#endif
