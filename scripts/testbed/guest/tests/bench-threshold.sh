#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl bench threshold, briefly, debugfs unmounted: a row per load
# with every share a number (exact from the telemetry ring, a
# percentage), no record lost; nothing left behind, the dummy load
# stopped.  The figures are not judged: TCG's time is the host's.
. /srt/lib.sh

bench_setup || exit 1
# shellcheck disable=SC2086 # BENCH_CPUS is a list of options
bench_json "threshold" /tmp/thr.json threshold $BENCH_CPUS --cycles 300 \
	--period-us 2000
for load in none dummy; do
	row=$(bench_row /tmp/thr.json load="\"$load\"")
	t_check "threshold: a row with load $load" test -n "$row"
	for k in pct_gt_1us pct_gt_50us pct_gt_50us_scaled p99_us; do
		v=$(bench_num "$row" $k)
		t_check "threshold: $load: $k is a number" test -n "$v"
	done
	t_check "threshold: $load: a share is 0..100 %" \
		awk -v v="$(bench_num "$row" pct_gt_1us)" 'BEGIN { exit !(v >= 0 && v <= 100) }'
	t_ge "threshold: $load: 300 cycles read" "$(($(bench_num "$row" records) + $(bench_num "$row" missed)))" 300
done
t_eq "threshold: the dummy load is gone" "" \
	"$(ps -o pid,comm | awk '$2 == "userctl" { print $1 }')"
srt_unload
