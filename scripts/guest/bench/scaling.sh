#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Several loops at once: 1, then 2, then 3 loops, one per shielded vCPU,
# each running the same chain (the demo's motor and PID) at the same
# period, in one boot.  Per step: each loop's lateness p99 and compute
# average, and their worst over the loops against the single loop's.
# A runtime whose loops share nothing per cycle stays flat; under TCG the
# vCPUs share the host's cores (plain) or one instruction counter
# (--icount), so rising rows are the emulator's share as much as ours.
#   SRT_B_PERIOD_US (1000)  SRT_B_SECONDS per step (5)  SRT_B_MODE (hybrid)
. /srt/bench/_common.sh

period=${SRT_B_PERIOD_US:-1000}
secs=${SRT_B_SECONDS:-5}
mode=${SRT_B_MODE:-hybrid}
chain=/srt/chains/demo-motor.chain

# the shielded CPUs, one per loop, at most 3
cpus=$(echo "${SRT_ISOLATED:-}" | awk -F- '{ if ($2 == "") $2 = $1; for (i = $1; i <= $2 && i < $1 + 3; i++) printf "%d ", i }')
ncpu=$(echo $cpus | wc -w)
note "scaling: kernel $SRT_KERNEL ($(uname -r)), $SRT_ARCH, ${SRT_NCPUS:-?} vCPUs, shielded: ${SRT_ISOLATED:-none}, $mode, period $period us, $secs s per step, chain $(basename $chain), icount ${SRT_B_ICOUNT:-0}"
[ "$ncpu" -ge 1 ] || { t_fail "scaling: no shielded CPU"; exit 1; }
[ "$ncpu" -ge 3 ] || note "only $ncpu shielded CPUs: scaling stops at $ncpu loops"
fmt='%-6s %-5s %4s %8s %12s %12s %12s'
note "$(printf "$fmt" loops loop cpu cycles late_p99_ns compute_avg compute_p99)"

b_load || { t_fail "scaling: insmod"; exit 1; }
base_late="" base_comp=""
n=1
while [ $n -le "$ncpu" ]; do
	i=0
	for c in $cpus; do
		i=$((i + 1))
		[ $i -le $n ] || break
		b_ctl "create name=s$i cpu=$c period_us=$period mode=$mode prio=95" || break
		userctl chain load -l s$i $chain >/dev/null 2>&1 || note "chain load s$i failed"
	done
	for i in $(seq 1 $n); do b_ctl "start s$i"; done
	sleep 1
	for i in $(seq 1 $n); do b_ctl "stop s$i"; b_ctl "reset s$i"; done
	for i in $(seq 1 $n); do b_ctl "start s$i"; done
	sleep "$secs"
	for i in $(seq 1 $n); do b_ctl "stop s$i"; done
	worst_late=0 worst_comp=0
	for i in $(seq 1 $n); do
		l=$(b_metric s$i lateness p99)
		ca=$(b_metric s$i compute avg)
		cp=$(b_metric s$i compute p99)
		note "$(printf "$fmt" "$n" "s$i" "$(cat $SRT_DBG/s$i/config 2>/dev/null | tr ' ' '\n' | sed -n 's/^cpu=//p')" "$(b_st s$i cycles)" "$l" "$ca" "$cp")"
		case $l in *[!0-9]*|'') l=999999999999 ;; esac
		[ "$l" -gt "$worst_late" ] && worst_late=$l
		[ "$ca" -gt "$worst_comp" ] && worst_comp=$ca
	done
	[ -n "$base_late" ] || { base_late=$worst_late; base_comp=$worst_comp; }
	rl=$(b_ratio "$worst_late" "$base_late")
	rc=$(b_ratio "$worst_comp" "$base_comp")
	note "  $n loop(s): worst lateness p99 $worst_late ns ($rl x 1 loop), worst compute avg $worst_comp ns ($rc x 1 loop)"
	b_json bench=scaling kernel="$SRT_KERNEL" arch="$SRT_ARCH" mode="$mode" \
		icount="${SRT_B_ICOUNT:-0}" period_us="$period" loops="$n" \
		worst_late_p99_ns="$worst_late" worst_compute_avg_ns="$worst_comp" \
		late_ratio="$rl" compute_ratio="$rc"
	for i in $(seq 1 $n); do b_ctl "destroy s$i"; done
	n=$((n + 1))
done
b_unload
note "goal: per-loop p99 and compute within +-10 % from 1 to 3 loops (ratios 0.90..1.10)"
t_ok "scaling: ran"
