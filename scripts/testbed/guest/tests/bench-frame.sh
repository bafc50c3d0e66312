#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl bench's frame, with debugfs unmounted: bad input exits 2 with
# nothing changed (no loop, no shield setting); its loop names are its
# own (a b_... loop of someone else's refuses it, and is left alone); a
# loop running on its CPU refuses it; SIGINT and SIGTERM mid-run exit
# 130 and 143 with every loop destroyed, and SIGINT while "noise
# --compare-shield" has the CPU shielded puts every setting back.
. /srt/lib.sh

bench_setup || exit 1
CPU=${SRT_ISOLATED:+$(first_cpu "$SRT_ISOLATED")}
CPU=${CPU:-$((SRT_NCPUS - 1))}
# the settings shield apply changes on every kernel here
settings() {
	cat /proc/sys/kernel/sched_rt_runtime_us /proc/sys/kernel/timer_migration \
		/sys/bus/workqueue/devices/writeback/cpumask \
		/sys/devices/system/cpu/cpu$CPU/power/pm_qos_resume_latency_us 2>/dev/null
}
before=$(settings)

# shellcheck disable=SC2086 # BENCH_CPUS is a list of options
{
bench_refused "unknown bench" "no bench 'frob'" frob
bench_refused "a period below 10 us" "from 10 to 1000000" wait $BENCH_CPUS --period-us 5
bench_refused "a duration below a figure's minimum" "below the minimum" wait $BENCH_CPUS --duration 1
bench_refused "a CPU that is not online" "is not online" wait --cpus 63
bench_refused "a CPU that is not shielded, no --force" "is not shielded" wait --cpus 0
bench_refused "more CPUs than the bench uses" "at most 1 CPU" wait --cpus 0-1 --force
}
t_eq "bad input changed no setting" "$before" "$(settings)"

userctl loop create -l b_mine cpu=0 period_us=1000 >/dev/null
# shellcheck disable=SC2086
bench_refused "a b_... loop exists" "a loop named 'b_mine' exists" wait $BENCH_CPUS
t_check "and the bench left it alone" sh -c "userctl status | grep -q '^b_mine '"
userctl loop destroy -l b_mine
userctl loop create -l user1 cpu="$CPU" period_us=1000 force=1 --start >/dev/null
# shellcheck disable=SC2086
bench_refused "a loop running on its CPU" "loop 'user1' runs on CPU $CPU" wait $BENCH_CPUS
t_check "and the bench left it running" sh -c "userctl status | grep -q '^user1 *running'"
userctl loop stop -l user1
userctl loop destroy -l user1

# shellcheck disable=SC2086
bench_signal "wait, SIGINT mid-run" INT "userctl status | grep -q '^b_'" \
	wait $BENCH_CPUS --duration 60 --period-us 2000 --warmup 0
# shellcheck disable=SC2086
bench_signal "wait, SIGTERM mid-run" TERM "userctl status | grep -q '^b_'" \
	wait $BENCH_CPUS --duration 60 --period-us 2000 --warmup 0
if [ -n "${SRT_ISOLATED:-}" ]; then
	bench_signal "noise --compare-shield, SIGINT while shielded" INT \
		"ls /run/shieldrt/bench-noise.*.state" \
		noise --compare-shield --duration 20
	t_eq "every setting shield apply changed is back" "$before" "$(settings)"
	t_check "its state file is gone" sh -c "! ls /run/shieldrt/bench-noise.*.state"
else
	t_skip "noise --compare-shield under SIGINT" "no shielded CPU on this boot"
fi
srt_unload
