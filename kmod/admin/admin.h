/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The admin layer: the only code that parses requests and renders
 * replies.  Two front ends share it: the ioctls on /dev/shieldrt (the
 * control plane, include/uapi/shieldrt.h) and the text files under
 * /sys/kernel/debug/shieldrt (a view for people and scripts).  Below it,
 * the loop core offers operations and snapshots and knows no files.
 */
#ifndef SHIELDRT_ADMIN_H
#define SHIELDRT_ADMIN_H

struct file;

/* Module load: the debugfs view, then the loops= parameter's loops. */
int srt_admin_init(const char *loops_param);
/* Module unload: every loop and view goes. */
void srt_admin_exit(void);

/* /dev/shieldrt: a control request (any SHIELDRT_IOC_* from 0x10). */
long srt_admin_ioctl(struct file *file, unsigned int cmd, unsigned long arg);
bool srt_admin_ioctl_is_control(unsigned int cmd);

#endif /* SHIELDRT_ADMIN_H */
