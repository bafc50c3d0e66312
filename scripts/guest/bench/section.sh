#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The i.MX6Q study's M1-M5 table: the mctest motion step (about 6 us,
# deadline 10 us, period 100 us) on the shielded CPU under each locking
# method, while the other CPUs run the interference storms:
#   M1 section=spinlock       spin_lock_irqsave, lock shared with a peer
#   M2 section=none           no lock
#   M3 section=raw_spinlock   raw_spin_lock_irqsave, lock shared with a peer
#   M4 section=irqsave        local_irq_save
#   M5 section=none, no MMIO  no peripheral access at all
# Each method runs with MMIO (shieldrt_pcibar on QEMU's edu device, width
# 32: the id register read into input 0, output 0 written to the liveness
# register, every cycle; both trap into QEMU) and without.  The study's
# M1-M4 accessed GPIO, so its numbers stand beside the MMIO rows, and M5
# beside "none" without MMIO.  The peer of M1 and M3 is a second loop on a
# housekeeping CPU, same section kind, lock=L, a small workload and a
# period that drifts against ours, so the two meet on the lock now and then.
#
# Times: the study's step is about 6 us, its thresholds 1/10/20/50 us,
# its period 100 us.  A calibration run (no storms, no lock, no MMIO)
# measures the step here first, and the default scale is that step / 6
# us, rounded: period and thresholds are the study's times that scale, so
# the step keeps the study's share of the period and of the deadline.
# Plain TCG runs the step some 30 times slower than the i.MX6Q; under
# --icount (SRT_B_ICOUNT=1: 1 ns = 1 instruction) the step is some 47,000
# instructions, 8 times the study's 6 us, so the study's own thresholds
# (SRT_B_TSCALE=1) would put every cycle over all of them.
# Over-threshold counts come from every cycle's exact compute time (the
# shieldrt:cycle trace event), not from histogram buckets; avg and max
# are exact counters.
#   SRT_B_TSCALE (calibrated)  SRT_B_PERIOD_US (100 x scale)
#   SRT_B_CYCLES (10000)  SRT_B_METHODS (spinlock,none,raw_spinlock,irqsave)
#   SRT_B_STORMS (fork,exec,open,read,write)  SRT_B_MODE (hrtimer)
#   SRT_B_PEER_PERIOD_US (period*7/10+1)  SRT_B_PEER_WORK_NS (2000 x scale)
#   SRT_B_MMIO (1: with and without; 0: without only)
. /srt/bench/_common.sh

ncyc=${SRT_B_CYCLES:-10000}
methods=$(echo "${SRT_B_METHODS:-spinlock,none,raw_spinlock,irqsave}" | tr , " ")
storms=$(echo "${SRT_B_STORMS:-fork,exec,open,read,write}" | tr , " ")
mode=${SRT_B_MODE:-hrtimer}
chain=/srt/chains/mctest6.chain
PB=/lib/shieldrt/shieldrt_pcibar.ko
PST=/sys/kernel/debug/shieldrt_pcibar/status
TR=/sys/kernel/tracing

# The housekeeping CPUs of a shielded boot; without shielding, all but ours.
[ -n "${SRT_ISOLATED:-}" ] || SRT_ISOLATED=$B_ISO
hk=0
[ "$B_ISO" != 0 ] || hk=1

# The study: runs over 10 us of 10,000, and the longest run, in us.
study() {
	case $1 in
	M1) echo "41 12.67" ;;
	M2) echo "7 11" ;;
	M3) echo "19 11.67" ;;
	M4) echo "6 12.67" ;;
	M5) echo "1 10.33" ;;
	*) echo "- -" ;;
	esac
}
# label METHOD MMIO: the study's name for this row, or "-"
label() {
	case $1:$2 in
	spinlock:1) echo M1 ;;
	none:1) echo M2 ;;
	raw_spinlock:1) echo M3 ;;
	irqsave:1) echo M4 ;;
	none:0) echo M5 ;;
	*) echo - ;;
	esac
}
# us NS: nanoseconds as microseconds with two decimals
us() { awk -v n="$1" 'BEGIN { if (n ~ /^[0-9]+$/) printf "%.2f\n", n / 1000; else print "-" }'; }

b_load || { t_fail "section: insmod"; exit 1; }

# Calibration: the step's average and max section time, quiet machine.
calp=10000
[ "${SRT_B_ICOUNT:-0}" = 1 ] && calp=1000
cal_avg=- cal_max=-
if b_ctl "create name=cal cpu=$B_ISO period_us=$calp mode=$mode prio=95 section=none force=1" &&
   sed "s/^period_us .*/period_us $calp/" $chain >$SRT_DBG/cal/blocks; then
	b_ctl "start cal"
	waited=0
	while [ "$(b_st cal cycles)" -lt 300 ] && [ $waited -lt 30 ]; do
		sleep 1
		waited=$((waited + 1))
	done
	b_ctl "stop cal"
	cal_avg=$(b_metric cal section avg)
	cal_max=$(b_metric cal section max)
fi
b_ctl "destroy cal" 2>/dev/null
if [ -n "${SRT_B_TSCALE:-}" ]; then
	scale=$SRT_B_TSCALE
elif [ "$cal_avg" = - ]; then
	scale=1
else
	scale=$(((cal_avg + 3000) / 6000))
fi
[ "$scale" -ge 1 ] || scale=1
period=${SRT_B_PERIOD_US:-$((100 * scale))}
pper=${SRT_B_PEER_PERIOD_US:-$((period * 7 / 10 + 1))}
pwork=${SRT_B_PEER_WORK_NS:-$((2000 * scale))}

# MMIO: the pcibar provider on the edu device, if both are there.
b_mmio_probe

# Exact per-cycle times: the shieldrt:cycle event of loop mc, enabled once
# (on 32-bit ARM every switch stops all CPUs), recorded per row.
exact=0
if [ -d $TR/events/shieldrt/cycle ]; then
	echo 0 >$TR/tracing_on
	echo 2048 >$TR/buffer_size_kb
	echo 'loop == "mc"' >$TR/events/shieldrt/cycle/filter 2>/dev/null
	echo 1 >$TR/events/shieldrt/cycle/enable && exact=1
fi
if [ $exact = 1 ]; then
	res="over-threshold counts: exact (every cycle's compute_ns, trace event shieldrt:cycle)"
else
	res="over-threshold counts: histogram buckets (no tracefs here), a bucket's lower edge against the threshold; at the lowest threshold ($scale us) a bucket is $(b_res_ns $((1000 * scale))) ns wide"
fi

note "section: kernel $SRT_KERNEL ($(uname -r)), $SRT_ARCH, cpu $B_ISO (isolated: $SRT_ISOLATED), $mode, period $period us, chain $(basename $chain) at that period, $ncyc cycles per row, storms on the other CPUs: $storms"
note "calibration (no storms, section=none, no MMIO, $calp us period): step avg $(us "$cal_avg") us, max $(us "$cal_max") us (study: about 6 us)"
note "scale $scale$([ -n "${SRT_B_TSCALE:-}" ] && echo ' (SRT_B_TSCALE)'): period $period us, thresholds the study's 1/10/20/50 us x $scale$([ "${SRT_B_ICOUNT:-0}" = 1 ] && echo '; icount: 1 ns = 1 instruction')"
note "peer of spinlock/raw_spinlock rows: loop pe on cpu $hk, lock=L, period $pper us, workload $pwork ns"
if [ -z "$mmio_why" ]; then
	note "MMIO: shieldrt_pcibar on edu $edu BAR 0, width=32, in=0x0 (id) out=0x4 (liveness), io=pcibar:in=0-0:out=0-0"
else
	note "MMIO rows skipped: $mmio_why; the study's M1-M4 numbers have no row to stand beside"
fi
fmt='%-3s %-12s %-4s %6s %6s | %6s %6s %6s %6s %7s | %9s | %7s %9s | %7s %9s | %5s %6s'
t1=$scale t10=$((10 * scale)) t20=$((20 * scale)) t50=$((50 * scale))
note "$(printf "$fmt" M method mmio cycles miss ">$t1" ">$t10" ">$t20" ">$t50" "sec>$t10" comp_max sec_avg sec_max lkw_avg lkw_max study study)"
note "$(printf "$fmt" "" "" "" "" "" "/10k" "/10k" "/10k" "/10k" "/10k" us us us us us ">10" max_us)"

# row METHOD MMIO(1/0)
row() {
	local m=$1 mm=$2 lock="" io="" m_ st rw pw=""
	m_=$(label "$m" "$mm")
	case $m in raw_spinlock|spinlock) lock="lock=L" ;; esac
	[ "$mm" = 1 ] && io="io=pcibar:in=0-0:out=0-0"
	b_ctl "create name=mc cpu=$B_ISO period_us=$period mode=$mode prio=95 section=$m $lock $io force=1" || return 1
	# The same blocks at our period (a chain must name the loop's period).
	if ! sed "s/^period_us .*/period_us $period/" $chain >$SRT_DBG/mc/blocks 2>/dev/null; then
		note "$m: the chain did not load: $(cat $SRT_DBG/mc/last_error 2>/dev/null)"
		b_ctl "destroy mc"
		return 1
	fi
	if [ -n "$lock" ]; then
		b_ctl "create name=pe cpu=$hk period_us=$pper mode=hrtimer prio=90 section=$m $lock workload_ns=$pwork force=1" || { b_ctl "destroy mc"; return 1; }
		b_ctl "start pe"
	fi
	b_storm $storms
	if [ $exact = 1 ]; then
		echo >$TR/trace
		echo 1 >$TR/tracing_on
	fi
	b_ctl "start mc"
	# Until N cycles ran, or three times as long as they should take.
	waited=0
	limit=$((3 * ncyc * period / 1000000 + 10))
	while [ "$(b_st mc cycles)" -lt "$ncyc" ] && [ $waited -lt $limit ]; do
		sleep 1
		waited=$((waited + 1))
	done
	b_ctl "stop mc"
	[ $exact = 1 ] && echo 0 >$TR/tracing_on
	b_storm_stop
	[ -n "$lock" ] && { b_ctl "stop pe"; pw="$(b_metric pe lock_wait max)"; b_ctl "destroy pe"; }
	cyc=$(b_st mc cycles)
	miss=$(b_st mc missed)
	# "traced over1 over10 over20 over50 sec_over10" of this row
	if [ $exact = 1 ]; then
		set -- $(awk -v a=$((1000 * t1)) -v b=$((1000 * t10)) -v c=$((1000 * t20)) -v d=$((1000 * t50)) '
			/ cycle: loop=mc / {
				for (i = 1; i <= NF; i++) {
					if ($i ~ /^compute=/) { sub(/^compute=/, "", $i); v = $i + 0 }
					if ($i ~ /^section=/) { sub(/^section=/, "", $i); s = $i + 0 }
				}
				n++; o1 += v > a; o10 += v > b; o20 += v > c; o50 += v > d; so += s > b
			}
			END { print n + 0, o1 + 0, o10 + 0, o20 + 0, o50 + 0, so + 0 }' $TR/trace)
	else
		set -- $(awk -v a=$((1000 * t1)) -v b=$((1000 * t10)) -v c=$((1000 * t20)) -v d=$((1000 * t50)) '
			/^Index/ { for (i = 1; i <= NF; i++) { if ($i == "Compute") cc = i; if ($i == "Section") sc = i }; next }
			/^#/ || !cc { next }
			$1 ~ /^[0-9]+$/ { o1 += ($1 >= a) * $cc; o10 += ($1 >= b) * $cc; o20 += ($1 >= c) * $cc; o50 += ($1 >= d) * $cc; so += ($1 >= b) * $sc; next }
			$1 == "over:" { o1 += $cc; o10 += $cc; o20 += $cc; o50 += $cc; so += $sc }
			END { print "-", o1 + 0, o10 + 0, o20 + 0, o50 + 0, so + 0 }' $SRT_DBG/mc/hist)
	fi
	traced=$1
	shift
	per10k() { awk -v o="$1" -v n="$cyc" 'BEGIN { if (n > 0) printf "%.1f\n", o * 10000 / n; else print "-" }'; }
	p1=$(per10k $1) p10=$(per10k $2) p20=$(per10k $3) p50=$(per10k $4) ps10=$(per10k $5)
	cmax=$(b_metric mc compute max)
	savg=$(b_metric mc section avg) smax=$(b_metric mc section max)
	lavg=$(b_metric mc lock_wait avg) lmax=$(b_metric mc lock_wait max)
	[ -n "$lock" ] || { lavg=- lmax=-; }
	st=$(study "$m_")
	rw=""
	[ "$mm" = 1 ] && rw=$(sed -n "s/^binding: loop=mc .* reads=\([0-9]*\) writes=\([0-9]*\).*/\1 \2/p" $PST 2>/dev/null)
	note "$(printf "$fmt" "$m_" "$m" "$([ "$mm" = 1 ] && echo yes || echo no)" "$cyc" "$miss" "$p1" "$p10" "$p20" "$p50" "$ps10" \
		"$(us "$cmax")" "$(us "$savg")" "$(us "$smax")" "$(us "$lavg")" "$(us "$lmax")" $st)"
	[ $exact = 1 ] && [ "$traced" != "$cyc" ] &&
		note "  $m_ $m: $traced of $cyc cycles traced (the trace buffer lost some): counts are over the traced ones, per 10k of all"
	[ -n "$rw" ] && [ "${rw%% *}" -lt "$cyc" ] && note "  $m_ $m: pcibar reads/writes $rw, fewer than cycles"
	b_json bench=section kernel="$SRT_KERNEL" arch="$SRT_ARCH" mode="$mode" \
		icount="${SRT_B_ICOUNT:-0}" period_us="$period" tscale="$scale" \
		calib_step_avg_ns="$cal_avg" calib_step_max_ns="$cal_max" \
		study_method="$m_" section="$m" mmio="$mm" cycles="$cyc" missed="$miss" \
		traced="$traced" exact="$exact" resolution_over="$([ $exact = 1 ] && echo 1 || b_res_ns $((1000 * t1)))" \
		thr_us="$t1,$t10,$t20,$t50" over_thr1_per10k="$p1" over_thr10_per10k="$p10" \
		over_thr20_per10k="$p20" over_thr50_per10k="$p50" \
		section_over_thr10_per10k="$ps10" compute_max_ns="$cmax" \
		section_avg_ns="$savg" section_max_ns="$smax" \
		lock_wait_avg_ns="$lavg" lock_wait_max_ns="$lmax" \
		peer_lock_wait_max_ns="${lock:+$pw}" pcibar_reads_writes="$rw" \
		study_over10_per10k="${st% *}" study_max_us="${st#* }" \
		resolution_avg_max=exact
	b_ctl "destroy mc"
}

for m in $methods; do
	for mm in $mmio_rows; do
		row "$m" "$mm" || note "$m mmio=$mm: row failed"
	done
done
note "columns: >T /10k = cycles whose compute time (wake to end of outputs: lock wait, MMIO read, chain) exceeded T us, per 10,000 cycles; sec>T = the same for the section (lock held: MMIO read, chain, MMIO write); comp_max, sec_*, lkw_* (lock wait) in us"
note "resolution: $res; comp_max, sec_avg/max, lkw_avg/max: exact (stats count/sum/max in ns, printed to 0.01 us); study = i.MX6Q, 10,000 runs, deadline 10 us"
note "study's M1-M4 touched GPIO each run: they stand beside the MMIO rows; M5 (no peripheral access) beside none without MMIO"
[ $exact = 1 ] && { echo 0 >$TR/events/shieldrt/cycle/enable; echo 0 >$TR/events/shieldrt/cycle/filter 2>/dev/null; }
[ -n "$mmio_why" ] || rmmod shieldrt_pcibar
b_unload
t_ok "section: ran"
