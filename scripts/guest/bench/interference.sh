#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The i.MX6Q mctest experiment: a motion workload runs every period on the
# shielded CPU while the housekeeping CPUs run a storm of one kind of
# system call; per kind, how many cycles started late or computed longer
# than the threshold (10 us on hardware; x SRT_B_TSCALE under TCG).  The
# workload is the mctest chain (/srt/chains/mctest6.chain) when the module
# takes chains, else workload_ns of busy work.
#   SRT_B_PERIOD_US (1000)  SRT_B_SECONDS per kind (10)  SRT_B_MODE (hrtimer)
#   SRT_B_TSCALE (50)  SRT_B_WORK_NS (6000)  SRT_B_KINDS (none,fork,exec,open,read,write)
. /srt/bench/_common.sh

period=${SRT_B_PERIOD_US:-1000}
secs=${SRT_B_SECONDS:-10}
mode=${SRT_B_MODE:-hrtimer}
scale=${SRT_B_TSCALE:-50}
work=${SRT_B_WORK_NS:-6000}
kinds=$(echo "${SRT_B_KINDS:-none,fork,exec,open,read,write}" | tr , " ")
thr=$((10000 * scale))
chain=/srt/chains/mctest6.chain

# The housekeeping CPUs of a shielded boot; without shielding, all but ours.
[ -n "${SRT_ISOLATED:-}" ] || SRT_ISOLATED=$B_ISO

b_load || { t_fail "interference: insmod"; exit 1; }
b_ctl "create name=mc cpu=$B_ISO period_us=$period mode=$mode prio=95 hist_bucket_ns=1000 hist_buckets=4096 force=1" || exit 1
what="workload_ns=$work"
if [ -f $chain ] && [ -e $SRT_DBG/mc/blocks ] && cat $chain >$SRT_DBG/mc/blocks 2>/dev/null; then
	what="chain $(basename $chain)"
else
	b_ctl "destroy mc"
	b_ctl "create name=mc cpu=$B_ISO period_us=$period mode=$mode prio=95 hist_bucket_ns=1000 hist_buckets=4096 force=1 workload_ns=$work" || exit 1
fi
note "interference: kernel $SRT_KERNEL ($(uname -r)), $SRT_ARCH, cpu $B_ISO (isolated: ${SRT_ISOLATED}), $mode, period $period us, $what, threshold $((thr / 1000)) us (10 us x $scale), $secs s per kind"
fmt='%-6s %7s %7s %8s %9s %9s %9s %9s %10s'
note "$(printf "$fmt" storm cycles missed late_gt over_pct late_p99 late_max comp_max ctxsw)"
note "$(printf "$fmt" "" "" "" ">thr" "%" us us us "")"

for kind in $kinds; do
	b_ctl "reset mc" 2>/dev/null
	ctxt0=$(awk '/^ctxt/ { print $2 }' /proc/stat)
	[ $kind = none ] || b_storm $kind
	b_run mc "$secs"
	# How hard the storm ran: context switches during the run.
	ops=$(($(awk '/^ctxt/ { print $2 }' /proc/stat) - ctxt0))
	b_storm_stop
	cyc=$(b_st mc cycles)
	miss=$(b_st mc missed)
	late=$(awk -v t="$thr" '
		/^Index/ { for (i = 1; i <= NF; i++) if ($i == "Late") c = i; next }
		/^#/ || !c { next }
		$1 ~ /^[0-9]+$/ { if ($1 >= t) o += $c; next }
		$1 == "over:" { o += $c }
		END { print o + 0 }' $SRT_DBG/mc/hist)
	late=$((late + miss))
	pct=$(awk -v o="$late" -v n="$((cyc + miss))" 'BEGIN { printf "%.2f", n ? 100 * o / n : 0 }')
	p99=$(($(b_metric mc lateness p99) / 1000))
	max=$(($(b_metric mc lateness max) / 1000))
	cmax=$(($(b_metric mc compute max) / 1000))
	note "$(printf "$fmt" $kind "$cyc" "$miss" "$late" "$pct" "$p99" "$max" "$cmax" "${ops:-}")"
	b_json bench=interference kernel="$SRT_KERNEL" arch="$SRT_ARCH" \
		mode="$mode" period_us="$period" workload="$what" storm=$kind \
		threshold_us=$((thr / 1000)) cycles="$cyc" missed="$miss" \
		late_over_thr="$late" over_pct="$pct" late_p99_us="$p99" \
		late_max_us="$max" compute_max_us="$cmax" ctxsw="$ops"
done
b_ctl "destroy mc"
b_unload
t_ok "interference: ran"
