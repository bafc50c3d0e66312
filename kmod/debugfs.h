/* SPDX-License-Identifier: GPL-2.0 */
/* /sys/kernel/debug/shieldrt: for people, not an ABI. */
#ifndef SHIELDRT_DEBUGFS_H
#define SHIELDRT_DEBUGFS_H

struct srt_loop;

int srt_debugfs_init(void);
void srt_debugfs_exit(void);
int srt_debugfs_add_loop(struct srt_loop *loop);
void srt_debugfs_remove_loop(struct srt_loop *loop);

/* control.c */
int srt_control_write(char *buf);
int srt_control_modparam(const char *spec);

#endif /* SHIELDRT_DEBUGFS_H */
