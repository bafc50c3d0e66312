// SPDX-License-Identifier: GPL-2.0
#include <linux/minmax.h>
#include "slack.h"

static void srt_slack_apply(struct srt_slack *s)
{
	/* A quarter of margin above the tracked latency. */
	u64 want = s->est_ns + (s->est_ns >> 2);

	s->slack_ns = clamp(want, s->min_ns, s->max_ns);
}

/* Start at the ceiling: a new loop wakes too early rather than late. */
void srt_slack_init(struct srt_slack *s, u64 min_ns, u64 max_ns)
{
	s->min_ns = min_ns;
	s->max_ns = max_ns;
	s->est_ns = max_ns;
	srt_slack_apply(s);
}

void srt_slack_update(struct srt_slack *s, u64 lat)
{
	if (lat >= s->est_ns)
		s->est_ns = lat;
	else
		s->est_ns -= (s->est_ns - lat) >> SRT_SLACK_DECAY_SHIFT;
	srt_slack_apply(s);
}
