#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The runtime's own work per cycle, broken down.  Meant for --icount,
# where the guest clock advances 1 ns per instruction, so every figure
# below is a count of guest instructions (without it they are TCG
# nanoseconds, dominated by the host).  Tracepoints stay off.  Rows:
#   bare     an hrtimer loop, no chain, nobody attached
#   chain    + a 4-in/4-out chain of four gains (the least a chain does)
#   reader   + `userctl record` attached, consuming the telemetry
#   poll     the same as reader, polling: the spin's clock reads
# Columns (averages per cycle): wake = deadline to the thread running
# (timer, IRQ, scheduler: the kernel's); to_work = thread running to the
# cycle's work (wait bookkeeping, section entry); compute = inputs, chain,
# outputs; post = the end of the outputs to the next wait (evaluation,
# the data plane's publish, accounting and histograms, the flight
# recorder, the next cycle's setup); own = to_work + compute + post, the
# runtime's own code; sched = the thread's runtime per cycle (schedstat)
# minus own: arming the timer, schedule() out and the switch back in,
# the kernel's price of sleeping (none when polling).
# For poll: read_ns = spin time per clock reading, late_reads = lateness
# p99 in clock readings (the floor of a polled start is one).
#   SRT_B_PERIOD_US (1000)  SRT_B_SECONDS per row (4)
#   SRT_B_ROWS (bare,chain,reader,poll): the rows to run, in that order
#   SRT_B_SYMS (0): 1 exports the kernel's and the module's text symbols
#     (/proc/kallsyms) at the end, for scripts/bench-profile
. /srt/bench/_common.sh

period=${SRT_B_PERIOD_US:-1000}
secs=${SRT_B_SECONDS:-4}
chain=/tmp/gain4.chain
cat >$chain <<'CHAIN'
input a b c d
output w x y z
block g0 gain in=a out=w k=1
block g1 gain in=b out=x k=1
block g2 gain in=c out=y k=1
block g3 gain in=d out=z k=1
CHAIN

note "overhead: kernel $SRT_KERNEL ($(uname -r)), $SRT_ARCH, cpu $B_ISO, period $period us, $secs s per row, icount ${SRT_B_ICOUNT:-0} (1: figures are guest instructions)"
fmt='%-7s %-8s %7s %8s %8s %8s %8s %8s %8s | %8s %10s'
note "$(printf "$fmt" row mode cycles wake to_work compute post own sched read_ns late_reads)"

# div A B: A / B rounded, "-" if B is 0 or either is missing
div() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b + 0 == 0) print "-"; else printf "%.0f\n", a / b }'; }

row() {
	local name=$1 mode=$2 withchain=$3 reader=$4 cyc wake late thr comp run tw post own sched rd lr rpid=""
	b_ctl "create name=ov cpu=$B_ISO period_us=$period mode=$mode prio=95 force=1" || return 1
	if [ "$withchain" = 1 ]; then
		userctl chain load -l ov $chain >/dev/null 2>&1 || { note "chain load failed"; b_ctl "destroy ov"; return 1; }
	fi
	b_ctl "start ov"
	sleep 1		# warm-up, then a clean count
	b_ctl "stop ov"
	b_ctl "reset ov"
	b_ctl "start ov"
	if [ "$reader" = 1 ]; then
		userctl record -l ov -d "$secs" -o /dev/null >/dev/null 2>&1 &
		rpid=$!
	fi
	sleep "$secs"
	b_ctl "stop ov"
	[ -z "$rpid" ] || wait $rpid 2>/dev/null
	cyc=$(b_st ov cycles)
	thr=$(b_metric ov thread_latency avg)
	late=$(b_metric ov lateness avg)
	comp=$(b_metric ov compute avg)
	run=$(div "$(b_st ov task_runtime_ns)" "$cyc")
	post=$(div "$(b_st ov post_ns)" "$cyc")
	wake=$thr
	tw=$((late - thr))
	own=$((tw + comp + post))
	if [ "$mode" = poll ]; then
		# a poll loop spins: its runtime is the period, not its work
		wake=- sched=-
		rd=$(div "$(b_st ov spin_ns)" "$(b_st ov spin_reads)")
		lr=$(awk -v p="$(b_metric ov lateness p99)" -v r="$rd" 'BEGIN { if (r + 0 > 0) printf "%.2f\n", p / r; else print "-" }')
	else
		sched=$((run - own))
		rd=- lr=-
	fi
	note "$(printf "$fmt" "$name" "$mode" "$cyc" "$wake" "$tw" "$comp" "$post" "$own" "$sched" "$rd" "$lr")"
	b_json bench=overhead kernel="$SRT_KERNEL" arch="$SRT_ARCH" case="$name" \
		mode="$mode" icount="${SRT_B_ICOUNT:-0}" period_us="$period" \
		cycles="$cyc" wake="$wake" to_work="$tw" compute="$comp" \
		post="$post" own="$own" sched="$sched" read_ns="$rd" \
		late_p99_reads="$lr"
	b_ctl "destroy ov"
}

rows=$(echo "${SRT_B_ROWS:-bare,chain,reader,poll}" | tr ',' ' ')
b_load || { t_fail "overhead: insmod"; exit 1; }
for r in $rows; do
	case $r in
	bare) row bare hrtimer 0 0 ;;
	chain) row chain hrtimer 1 0 ;;
	reader) row reader hrtimer 1 1 ;;
	poll) row poll poll 1 1 ;;
	*) t_fail "overhead: no row '$r' (bare, chain, reader, poll)" ;;
	esac
done
if [ "${SRT_B_SYMS:-0}" = 1 ]; then
	# before the unload: the module's symbols go with it
	grep ' [tT] ' /proc/kallsyms >/tmp/text-symbols
	srt_export /tmp/text-symbols
fi
b_unload
note "own: the runtime's own instructions per cycle with icount (goal <= 1000 with the reader attached); late_reads: poll lateness p99 over one clock reading's time (goal <= 2)"
t_ok "overhead: ran"
