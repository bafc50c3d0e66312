#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The i.MX6Q study's system call table: a motion workload runs every period
# on the shielded CPU while the housekeeping CPUs run a storm of one kind
# of system call (/bin/shieldrt-storm, one tight loop per CPU); per kind, with and
# without peripheral access (MMIO: shieldrt_pcibar on QEMU's edu device,
# one trapping read and write per cycle, as scripts/bench section), how
# many cycles started late or computed longer than the threshold (10 us on
# hardware; x SRT_B_TSCALE under TCG) and the maxima.  The workload is the
# mctest chain (/srt/chains/mctest6.chain) when the module takes chains,
# else workload_ns of busy work.
# The study's per-kind figures are not available to us (only its M1-M5
# totals, in section.sh): its columns print "-", never a guess.
#   SRT_B_PERIOD_US (1000)  SRT_B_SECONDS per row (10)  SRT_B_MODE (hrtimer)
#   SRT_B_TSCALE (50)  SRT_B_WORK_NS (6000)  SRT_B_MMIO (1: with and
#   without; 0: without only)  SRT_B_KINDS (none and the 14 kinds:
#   fstat,getppid,gettimeofday,open,read,stat,write,fifo,pipe,sem,
#   sigaction,sigcatch,fork,exec)
. /srt/bench/_common.sh

period=${SRT_B_PERIOD_US:-1000}
secs=${SRT_B_SECONDS:-10}
mode=${SRT_B_MODE:-hrtimer}
scale=${SRT_B_TSCALE:-50}
work=${SRT_B_WORK_NS:-6000}
kinds=$(echo "${SRT_B_KINDS:-none,fstat,getppid,gettimeofday,open,read,stat,write,fifo,pipe,sem,sigaction,sigcatch,fork,exec}" | tr , " ")
thr=$((10000 * scale))
chain=/srt/chains/mctest6.chain
PB=/lib/shieldrt/shieldrt_pcibar.ko
PST=/sys/kernel/debug/shieldrt_pcibar/status

# The housekeeping CPUs of a shielded boot; without shielding, all but ours.
[ -n "${SRT_ISOLATED:-}" ] || SRT_ISOLATED=$B_ISO

# The study's overruns over 10 us and max (us) for KIND: not available.
study() { echo "- -"; }

b_load || { t_fail "interference: insmod"; exit 1; }

# MMIO as in section.sh: the pcibar provider on the edu device.
b_mmio_probe

# mkloop MMIO(1/0): create loop mc; prints what it runs
mkloop() {
	local io=""
	[ "$1" = 1 ] && io="io=pcibar:in=0-0:out=0-0"
	b_ctl "create name=mc cpu=$B_ISO period_us=$period mode=$mode prio=95 $io force=1" || return 1
	if [ -f $chain ] && [ -e $SRT_DBG/mc/blocks ] &&
	   sed "s/^period_us .*/period_us $period/" $chain >$SRT_DBG/mc/blocks 2>/dev/null; then
		echo "chain $(basename $chain)"
		return 0
	fi
	b_ctl "destroy mc"
	b_ctl "create name=mc cpu=$B_ISO period_us=$period mode=$mode prio=95 $io force=1 workload_ns=$work" || return 1
	echo "workload_ns=$work"
}

what=$(mkloop 0) || { t_fail "interference: create loop"; exit 1; }
b_ctl "destroy mc"
note "interference: kernel $SRT_KERNEL ($(uname -r)), $SRT_ARCH, cpu $B_ISO (isolated: ${SRT_ISOLATED}), $mode, period $period us, $what, threshold $((thr / 1000)) us (10 us x $scale), $secs s per row"
[ -x /bin/shieldrt-storm ] || note "no /bin/shieldrt-storm: shell loops stand in for fork, exec, open, read, write; other kinds run nothing"
if [ -z "$mmio_why" ]; then
	note "MMIO: shieldrt_pcibar on edu $edu BAR 0, width=32, in=0x0 (id) out=0x4 (liveness), io=pcibar:in=0-0:out=0-0"
else
	note "MMIO rows skipped: $mmio_why"
fi
note "study columns: the i.MX6Q study's per-kind figures are not available to us (only its M1-M5 totals, see scripts/bench section): '-'"
fmt='%-12s %-4s %7s %6s %8s %8s %9s %9s %11s %7s %7s'
note "$(printf "$fmt" storm mmio cycles missed late_gt comp_gt late_max comp_max calls/s study study)"
note "$(printf "$fmt" "" "" "" "" ">thr" ">thr" us us "" ">10us" max_us)"

# row KIND MMIO(1/0)
row() {
	local kind=$1 mm=$2 cyc miss late comp max cmax calls rate st
	mkloop "$mm" >/dev/null || return 1
	rm -f /tmp/storm.out.*
	[ "$kind" = none ] || b_storm "$kind"
	b_run mc "$secs"
	b_storm_stop
	cyc=$(b_st mc cycles)
	miss=$(b_st mc missed)
	# cycles over the threshold, by histogram bucket (0.79 % wide):
	# lateness (plus missed cycles) and compute time
	set -- $(awk -v t="$thr" '
		/^Index/ { for (i = 1; i <= NF; i++) { if ($i == "Late") l = i; if ($i == "Compute") c = i }; next }
		/^#/ || !l { next }
		$1 ~ /^[0-9]+$/ { if ($1 >= t) { lo += $l; co += $c }; next }
		$1 == "over:" { lo += $l; co += $c }
		END { print lo + 0, co + 0 }' $SRT_DBG/mc/hist)
	late=$(($1 + miss))
	comp=$2
	max=$(($(b_metric mc lateness max) / 1000))
	cmax=$(($(b_metric mc compute max) / 1000))
	calls=-
	rate=-
	if [ "$kind" != none ]; then
		calls=$(b_storm_calls "$kind")
		[ "$calls" = - ] || rate=$((calls / secs))
	fi
	st=$(study "$kind")
	note "$(printf "$fmt" "$kind" "$([ "$mm" = 1 ] && echo yes || echo no)" "$cyc" "$miss" "$late" "$comp" "$max" "$cmax" "$rate" $st)"
	b_json bench=interference kernel="$SRT_KERNEL" arch="$SRT_ARCH" \
		mode="$mode" period_us="$period" workload="$what" storm="$kind" \
		mmio="$mm" threshold_us=$((thr / 1000)) cycles="$cyc" \
		missed="$miss" late_over_thr="$late" compute_over_thr="$comp" \
		late_max_us="$max" compute_max_us="$cmax" storm_calls="$calls" \
		storm_calls_per_s="$rate" study_over10="${st% *}" \
		study_max_us="${st#* }"
	b_ctl "destroy mc"
}

for kind in $kinds; do
	for mm in $mmio_rows; do
		row "$kind" "$mm" || note "$kind mmio=$mm: row failed"
	done
done
note "columns: late_gt = cycles that started later than the threshold, plus missed ones; comp_gt = cycles whose compute time (wake to end of outputs, MMIO included) exceeded it; a histogram bucket's lower edge against the threshold, buckets 0.79 % of it wide; maxima exact; calls/s = the storm's calls (round trips for fifo, pipe, sem) per second, summed over the housekeeping CPUs"
[ -n "$mmio_why" ] || rmmod shieldrt_pcibar
b_unload
t_ok "interference: ran"
