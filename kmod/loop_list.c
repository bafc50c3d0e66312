// SPDX-License-Identifier: GPL-2.0
/* The list of loops and srt_lock (loop_list.h). */
#include "loop_list.h"

DEFINE_MUTEX(srt_lock);
LIST_HEAD(srt_loops);
