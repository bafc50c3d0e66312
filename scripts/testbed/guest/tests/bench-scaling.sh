#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl bench scaling, briefly, debugfs unmounted: a step per shielded
# CPU (up to 3), a row per loop of each step, the steps' ratios against
# one loop (1 for the first); nothing left behind.  The figures are not
# judged: TCG's time is the host's.
. /srt/lib.sh

bench_setup || exit 1
# shellcheck disable=SC2086 # BENCH_CPUS is a list of options
bench_json "scaling" /tmp/sc.json scaling $BENCH_CPUS --duration 1 \
	--period-us 2000
n=$(grep -o '"cpus":\[[0-9,]*\]' /tmp/sc.json | tr -cd ',' | wc -c)
n=$((n + 1))
note "scaling over $n CPU(s)"
k=1
while [ $k -le $n ]; do
	t_eq "scaling: $k loop(s): a row per loop" "$k" \
		"$(bench_row /tmp/sc.json loops=$k | grep -vc '"row":"steps"')"
	t_check "scaling: $k loop(s): a step row" \
		test -n "$(bench_row /tmp/sc.json row='"steps"' loops=$k)"
	k=$((k + 1))
done
t_eq "scaling: one loop against itself" 1 \
	"$(bench_num "$(bench_row /tmp/sc.json row='"steps"' loops=1)" compute_ratio)"
srt_unload
