// SPDX-License-Identifier: GPL-2.0
#include "policy.h"

void srt_policy_resume(struct srt_policy_state *st)
{
	st->safe = false;
	st->consecutive = 0;
}
