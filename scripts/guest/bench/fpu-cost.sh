#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Kernel-side cost of a cycle's chain section: the same hrtimer loop, one
# boot, three ways: no chain (echo, no FPU section), an empty FPU section
# (debugfs fpu_empty=1), and the demo chain (algorithms/chains/
# demo-motor.chain).  "section" is clock-before-begin to clock-after-end
# (stats chain_ns); "compute" the cycle's whole work (stats compute_ns).
# Under TCG absolute times mean little; compare the ratios.
#   SRT_B_PERIOD_US (1000)  SRT_B_SECONDS per case (5)
. /srt/bench/_common.sh

period=${SRT_B_PERIOD_US:-1000}
secs=${SRT_B_SECONDS:-5}

note "fpu-cost: kernel $SRT_KERNEL ($(uname -r)), $SRT_ARCH, cpu $B_ISO, period $period us, $secs s per case"
fmt='%-10s %9s %9s %9s %9s %9s %9s %8s'
note "$(printf "$fmt" case sect_min sect_avg sect_max comp_avg comp_max cycles ratio)"
note "$(printf "$fmt" "" ns ns ns ns ns "" "/empty")"

b_load || { t_fail "fpu-cost: insmod"; exit 1; }
empty_avg=""
for case in none empty demo; do
	b_ctl "create name=f cpu=$B_ISO period_us=$period mode=hrtimer prio=95" || continue
	case $case in
	empty) echo 1 >$SRT_DBG/f/fpu_empty ;;
	demo) userctl chain load -l f /srt/chains/demo-motor.chain >/dev/null ||
		{ t_fail "fpu-cost: load demo chain" "$(cat $SRT_DBG/f/last_error)"; b_ctl "destroy f"; continue; } ;;
	esac
	b_run f "$secs"
	line=$(grep '^chain_ns:' $SRT_DBG/f/stats)
	smin=$(echo "$line" | tr ' ' '\n' | sed -n 's/^min=//p')
	savg=$(echo "$line" | tr ' ' '\n' | sed -n 's/^avg=//p')
	smax=$(echo "$line" | tr ' ' '\n' | sed -n 's/^max=//p')
	scount=$(echo "$line" | tr ' ' '\n' | sed -n 's/^count=//p')
	cavg=$(b_metric f compute avg)
	cmax=$(b_metric f compute max)
	cyc=$(b_st f cycles)
	if [ "$case" = none ]; then
		# no section ran: the count must say so
		[ "$scount" = 0 ] && t_ok "fpu-cost: no chain, no FPU section" ||
			t_fail "fpu-cost: no chain, no FPU section" "count=$scount"
		smin=- savg=- smax=-
	else
		t_ge "fpu-cost: $case: one section per cycle" "$scount" "$cyc"
	fi
	[ "$case" = empty ] && empty_avg=$savg
	ratio=$(b_ratio "$savg" "$empty_avg")
	note "$(printf "$fmt" $case $smin $savg $smax $cavg $cmax $cyc $ratio)"
	b_json bench=fpu-cost kernel="$SRT_KERNEL" arch="$SRT_ARCH" case=$case \
		section_min_ns=$smin section_avg_ns=$savg section_max_ns=$smax \
		compute_avg_ns=$cavg compute_max_ns=$cmax cycles=$cyc \
		ratio_to_empty=$ratio
	b_ctl "destroy f"
done
b_unload
t_ok "fpu-cost ran"
