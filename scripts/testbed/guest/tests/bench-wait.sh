#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl bench wait, briefly, debugfs unmounted: a row per mode with
# its figures, the ratios row; nothing left behind.  The figures are
# not judged: TCG's time is the host's.
. /srt/lib.sh

bench_setup || exit 1
# shellcheck disable=SC2086
bench_json "wait" /tmp/wait.json wait $BENCH_CPUS --duration 2 --rounds 2 \
	--warmup 0 --period-us 2000
for m in hrtimer poll hybrid; do
	row=$(bench_row /tmp/wait.json mode="\"$m\"")
	t_check "wait: a row for $m" test -n "$row"
	for k in late_avg_ns late_p99_ns late_max_ns cpu_pct cycles; do
		t_check "wait: $m: $k is a number" test -n "$(bench_num "$row" $k)"
	done
done
t_check "wait: the ratios row" test -n "$(bench_row /tmp/wait.json row='"ratios"')"
t_check "wait: hybrid's slack" test -n "$(bench_num "$(bench_row /tmp/wait.json mode='"hybrid"')" slack_ns)"
srt_unload
