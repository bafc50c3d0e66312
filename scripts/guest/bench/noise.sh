#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# EAST's noise measurement: spin on the clock on the loop's CPU for T
# seconds (a poll loop with a long period: it never sleeps) and count every
# gap between two clock readings of noise_ns or more, with a histogram in
# decades and the largest gap.  On a shielded boot it measures twice: with
# the boot's command line only, then after "userctl shield apply".
#   SRT_B_SECONDS (30)  SRT_B_NOISE_NS (1000)  SRT_B_APPLY (1: also apply)
. /srt/bench/_common.sh

secs=${SRT_B_SECONDS:-30}
thr=${SRT_B_NOISE_NS:-1000}
apply=${SRT_B_APPLY:-1}
boot=shielded
[ -n "${SRT_ISOLATED:-}" ] || boot=default

note "noise: kernel $SRT_KERNEL ($(uname -r)), $SRT_ARCH, cpu $B_ISO, boot $boot (isolated: ${SRT_ISOLATED:-none}), $secs s per row, gap >= $thr ns"
note "cmdline: $(cat /proc/cmdline)"
# Gaps of 10 us to 1 ms are the guest kernel's own work (ticks, IRQs,
# kworkers); under TCG, shorter ones are mostly translation and longer
# ones the host descheduling the vCPU, so that column is printed apart.
fmt='%-14s %9s %9s %11s %9s %9s %9s | %7s %7s %7s %7s %7s %6s'
note "$(printf "$fmt" setup events per_s lost_ppm max_us p99_us 10u-1ms '1-10u' '10-100u' '.1-1m' '1-10m' '>=10m' cycles)"

# b_decades LOOP: noise counts per decade from the histogram buckets (a
# bucket straddling a decade edge, 0.79 % wide, counts below it)
b_decades() {
	awk '
	/^Index/ { for (i = 1; i <= NF; i++) if ($i == "Noise") c = i; next }
	/^#/ || !c { next }
	$1 ~ /^[0-9]+$/ { b = $1 / 10000
		if (b < 1) d[0] += $c; else if (b < 10) d[1] += $c
		else if (b < 100) d[2] += $c; else if (b < 1000) d[3] += $c
		else d[4] += $c; next }
	$1 == "over:" { d[4] += $c }
	END { printf "%d %d %d %d %d\n", d[0], d[1], d[2], d[3], d[4] }' $SRT_DBG/$1/hist
}

measure() {
	local setup=$1 ev ns max p99 cyc dur ps ppm
	b_ctl "create name=noise cpu=$B_ISO period_us=1000000 mode=poll prio=95 noise_ns=$thr force=1" || return 1
	b_run noise "$secs"
	ev=$(b_st noise noise_events)
	ns=$(b_st noise noise_ns)
	dur=$(b_st noise duration_ns)
	cyc=$(b_st noise cycles)
	max=$(b_metric noise noise max)
	p99=$(b_metric noise noise p99)
	set -- $(b_decades noise)
	ps=$(awk -v e="$ev" -v d="$dur" 'BEGIN { printf "%.1f", d ? e * 1e9 / d : 0 }')
	ppm=$(awk -v n="$ns" -v d="$dur" 'BEGIN { printf "%d", d ? n * 1e6 / d : 0 }')
	max=$((max / 1000))
	p99=$((p99 / 1000))
	note "$(printf "$fmt" "$setup" "$ev" "$ps" "$ppm" "$max" "$p99" $(($2 + $3)) "$1" "$2" "$3" "$4" "$5" "$cyc")"
	b_json bench=noise kernel="$SRT_KERNEL" arch="$SRT_ARCH" cpu="$B_ISO" \
		boot="$boot" setup="$setup" seconds="$secs" noise_ns="$thr" \
		events="$ev" events_per_s="$ps" lost_ppm="$ppm" max_us="$max" \
		p99_us="$p99" os_10us_1ms=$(($2 + $3)) d_1_10us="$1" d_10_100us="$2" d_100us_1ms="$3" \
		d_1_10ms="$4" d_ge_10ms="$5" duration_ns="$dur"
	b_ctl "destroy noise"
}

b_load || { t_fail "noise: insmod"; exit 1; }
if [ $boot = default ]; then
	measure default-boot
else
	measure cmdline
	if [ "$apply" = 1 ]; then
		if userctl shield apply --cpus "$SRT_ISOLATED" >/tmp/apply.out 2>&1; then
			note "shield apply: $(grep -c '^set ' /tmp/apply.out) changes, $(grep -c '^WARN ' /tmp/apply.out) unmovable IRQs"
			measure cmdline+apply
			userctl shield restore >/dev/null 2>&1
		else
			note "shield apply failed: $(tail -n 1 /tmp/apply.out)"
		fi
	fi
fi
b_unload
t_ok "noise: ran"
