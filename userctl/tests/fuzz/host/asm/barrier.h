/* SPDX-License-Identifier: GPL-2.0 */
/* <asm/barrier.h> for host builds of kmod/lib/: see ../srt_host.h. */
#include "../srt_host.h"
