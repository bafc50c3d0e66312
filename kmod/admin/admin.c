// SPDX-License-Identifier: GPL-2.0
/*
 * The admin layer's entry (admin.h): its debugfs front end up first, so
 * the loops= parameter's loops get their views; everything down again,
 * loops first, at unload.  The ioctl front end needs no setting up.
 */
#include "admin.h"
#include "internal.h"

int srt_admin_init(const char *loops_param)
{
	int ret;

	ret = srt_debugfs_init();
	if (ret)
		return ret;
	if (loops_param) {
		ret = srt_req_create_loops(loops_param);
		if (ret) {
			srt_req_destroy_all();
			srt_debugfs_exit();
			return ret;
		}
	}
	return 0;
}

void srt_admin_exit(void)
{
	srt_req_destroy_all();
	srt_debugfs_exit();
}
