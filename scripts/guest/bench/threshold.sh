#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# KSTAR's testrtmode: run N cycles and report the share of cycles whose
# start was later than each threshold (1/10/20/50 us), with and without a
# dummy load on a housekeeping CPU.  Periods the loop dropped (policy
# skip) count as late at every threshold.  Under TCG everything exceeds
# microsecond thresholds, so the same counts are also shown at thresholds
# SRT_B_TSCALE times larger.
#   SRT_B_PERIOD_US (1000)  SRT_B_CYCLES (5000,20000)  SRT_B_MODE (poll)
#   SRT_B_TSCALE (50)
. /srt/bench/_common.sh

period=${SRT_B_PERIOD_US:-1000}
counts=$(echo "${SRT_B_CYCLES:-5000,20000}" | tr , " ")
mode=${SRT_B_MODE:-poll}
scale=${SRT_B_TSCALE:-50}
thrs="1 10 20 50"

note "threshold: kernel $SRT_KERNEL ($(uname -r)), $SRT_ARCH, cpu $B_ISO (isolated: ${SRT_ISOLATED:-none}), $mode, period $period us; thresholds in us, x$scale for TCG"
fmt='%-6s %6s %6s %7s | %7s %7s %7s %7s | %7s %7s %7s %7s'
hdr() {
	note "$(printf "$fmt" load cycles missed p99_us ">1" ">10" ">20" ">50" ">$scale" ">$((10 * scale))" ">$((20 * scale))" ">$((50 * scale))")"
}

# over_pct LOOP NS MISSED: % of cycles (and dropped periods) late by >= NS
over_pct() {
	awk -v t="$2" -v miss="$3" '
	/^Index/ { for (i = 1; i <= NF; i++) if ($i == "Late") c = i; next }
	/^#/ || !c { next }
	$1 ~ /^[0-9]+$/ { n += $c; if ($1 >= t) o += $c; next }
	$1 == "over:" { n += $c; o += $c }
	END { n += miss; o += miss; printf "%.2f\n", n ? 100 * o / n : 0 }' $SRT_DBG/$1/hist
}

load_pid=""
load_start() {
	# A shell loop and a copy loop on CPU 0: the housekeeping CPU.
	taskset 1 sh -c 'while :; do :; done' &
	load_pid="$!"
	taskset 1 dd if=/dev/zero of=/dev/null bs=4k 2>/dev/null &
	load_pid="$load_pid $!"
}
load_stop() {
	[ -n "$load_pid" ] && kill $load_pid 2>/dev/null
	wait 2>/dev/null
	load_pid=""
}

b_load || { t_fail "threshold: insmod"; exit 1; }
hdr
for load in none dummy; do
	for n in $counts; do
		[ $load = dummy ] && load_start
		b_ctl "create name=thr cpu=$B_ISO period_us=$period mode=$mode prio=95 force=1" || break
		b_ctl "start thr"
		# Until N cycles ran, or twice the time they should take.
		waited=0
		limit=$((2 * n * period / 1000000 + 5))
		while [ "$(b_st thr cycles)" -lt "$n" ] && [ $waited -lt $limit ]; do
			sleep 1
			waited=$((waited + 1))
		done
		b_ctl "stop thr"
		[ $load = dummy ] && load_stop
		cyc=$(b_st thr cycles)
		miss=$(b_st thr missed)
		p99=$(($(b_metric thr lateness p99) / 1000))
		set --
		for t in $thrs; do set -- "$@" "$(over_pct thr $((t * 1000)) "$miss")"; done
		for t in $thrs; do set -- "$@" "$(over_pct thr $((t * scale * 1000)) "$miss")"; done
		note "$(printf "$fmt" "$load" "$cyc" "$miss" "$p99" "$@")"
		b_json bench=threshold kernel="$SRT_KERNEL" arch="$SRT_ARCH" \
			mode="$mode" period_us="$period" load="$load" cycles="$cyc" \
			missed="$miss" p99_us="$p99" pct_gt_1us="$1" pct_gt_10us="$2" \
			pct_gt_20us="$3" pct_gt_50us="$4" tscale="$scale" \
			pct_gt_1us_scaled="$5" pct_gt_10us_scaled="$6" \
			pct_gt_20us_scaled="$7" pct_gt_50us_scaled="$8"
		b_ctl "destroy thr"
	done
done
b_unload
t_ok "threshold: ran"
