#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl bench noise, briefly, debugfs unmounted: a row as booted (and,
# on a shielded boot, one after shield apply, with every setting back
# afterwards), its figures present; nothing left behind.  The figures
# themselves are not judged: TCG's time is the host's.
. /srt/lib.sh

bench_setup || exit 1
rt=$(cat /proc/sys/kernel/sched_rt_runtime_us)
if [ -n "${SRT_ISOLATED:-}" ]; then
	bench_json "noise --compare-shield" /tmp/noise.json noise --duration 1 --compare-shield
	t_eq "a row as booted" 1 "$(bench_row /tmp/noise.json setup='"cmdline"' | wc -l)"
	t_eq "a row after shield apply" 1 "$(bench_row /tmp/noise.json setup='"cmdline+apply"' | wc -l)"
	t_eq "shield restored (sched_rt_runtime_us)" "$rt" "$(cat /proc/sys/kernel/sched_rt_runtime_us)"
	t_check "no shield state left" sh -c "! ls /run/shieldrt/*.state"
else
	# shellcheck disable=SC2086
	bench_json "noise" /tmp/noise.json noise --duration 1 $BENCH_CPUS
	t_eq "a row as booted" 1 "$(bench_row /tmp/noise.json setup='"default-boot"' | wc -l)"
fi
row=$(bench_row /tmp/noise.json | head -n 1)
for k in events events_per_s lost_ppm cycles duration_ns d_1_10us d_ge_10ms; do
	t_check "noise: $k is a number" test -n "$(bench_num "$row" $k)"
done
userctl bench noise --duration 1 $BENCH_CPUS >/tmp/noise.txt 2>&1
t_check "the text table: units and resolutions under the heads" \
	sh -c "grep -q '^setup *events' /tmp/noise.txt && grep -q '^ *1/s' /tmp/noise.txt && grep -q 'exact' /tmp/noise.txt"
srt_unload
