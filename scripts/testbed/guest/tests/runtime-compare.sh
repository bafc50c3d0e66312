#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# One boot, one CPU, the same period: shieldrt's hrtimer, hybrid and poll
# waits side by side, then the kernel's timerlat tracer and cyclictest
# where the guest has them.  A benchmark: it prints a table of numbers as
# notes and asserts only that each measurement produced numbers.  Under
# TCG the absolute values mean nothing; compare the rows.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")

# Two CPUs are needed (one isolated); a guest with one has nothing to test.
if [ "${SRT_NCPUS:-1}" -lt 2 ] || [ ! -d /sys/devices/system/cpu/cpu$ISO ]; then
	t_skip "runtime-compare" "needs 2 CPUs with cpu ${ISO:-?} isolated; the guest has ${SRT_NCPUS:-?} CPU(s)"
	exit 0
fi
PERIOD_US=${SRT_COMPARE_PERIOD_US:-500}
RUN_S=${SRT_COMPARE_SECONDS:-4}
TR=/sys/kernel/tracing

metric() {
	grep "^$2_ns:" $SRT_DBG/$1/stats | tr ' ' '\n' | sed -n "s/^$3=//p"
}
isnum() { case $1 in ''|*[!0-9.]*) return 1 ;; esac; }

# p99 and max of a column of integers on stdin: "p99 max count"
pct() {
	sort -n | awk '{ v[NR] = $1 } END {
		if (!NR) { print "- - 0"; exit }
		i = int(NR * 0.99 + 0.999); if (i < 1) i = 1; if (i > NR) i = NR
		print v[i], v[NR], NR }'
}

note "cpu $ISO, period $PERIOD_US us, $RUN_S s per row, kernel $(uname -r)"
note "$(printf '%-10s %12s %12s %12s %12s %8s %8s' mode late_p99_ns late_max_ns thr_p99_ns thr_max_ns cpu_pct cycles)"

srt_load || exit 1
for mode in hrtimer hybrid poll; do
	ctl "create name=cmp cpu=$ISO period_us=$PERIOD_US mode=$mode prio=95"
	ctl "start cmp"
	sleep "$RUN_S"
	ctl "stop cmp"
	lp=$(metric cmp lateness p99)
	lm=$(metric cmp lateness max)
	tp=$(metric cmp thread_latency p99)
	tm=$(metric cmp thread_latency max)
	cpu=$(st cmp cpu_pct)
	cyc=$(st cmp cycles)
	note "$(printf '%-10s %12s %12s %12s %12s %8s %8s' "$mode" "$lp" "$lm" "$tp" "$tm" "$cpu" "$cyc")"
	if isnum "$lp" && isnum "$lm" && isnum "$cpu" && [ "$cyc" -gt 0 ]; then
		t_ok "compare: $mode measured"
	else
		t_fail "compare: $mode measured" "lateness '$lp'/'$lm' cpu '$cpu' cycles '$cyc'"
	fi
	ctl "destroy cmp"
done
srt_unload

# The kernel's timerlat tracer on the same CPU and period.
if grep -qw timerlat $TR/available_tracers 2>/dev/null; then
	echo nop >$TR/current_tracer
	echo "$ISO" >$TR/osnoise/cpus
	echo "$PERIOD_US" >$TR/osnoise/timerlat_period_us
	echo >$TR/trace
	echo timerlat >$TR/current_tracer
	sleep "$RUN_S"
	# Stop, read, then switch: a tracer switch clears the buffer.
	echo 0 >$TR/tracing_on
	note "timerlat trace: $(grep -vc '^#' $TR/trace) lines, e.g. $(grep -v '^#' $TR/trace | head -n 1)"
	# "... context    irq timer_latency   1234 ns" / "... thread ..."
	grep -E 'context +irq timer_latency' $TR/trace |
		sed 's/.*timer_latency *\([0-9]*\) ns.*/\1/' >/tmp/tl_irq
	grep -E 'context +thread timer_latency' $TR/trace |
		sed 's/.*timer_latency *\([0-9]*\) ns.*/\1/' >/tmp/tl_thr
	echo nop >$TR/current_tracer
	echo 1 >$TR/tracing_on
	set -- $(pct </tmp/tl_irq)
	irq_p99=$1 irq_max=$2
	set -- $(pct </tmp/tl_thr)
	note "$(printf '%-10s %12s %12s %12s %12s %8s %8s' timerlat "-" "-" "$1" "$2" "-" "$3")"
	note "timerlat irq latency: p99 $irq_p99 ns, max $irq_max ns"
	if [ "$3" -gt 0 ]; then t_ok "compare: timerlat measured"; else
		t_fail "compare: timerlat measured" "no timerlat samples in the trace"; fi
	echo >$TR/trace
else
	t_skip "compare: timerlat" "tracer not in this kernel ($SRT_KERNEL)"
fi

# cyclictest, the user-space reference (every guest carries it).
if command -v cyclictest >/dev/null; then
	loops=$((RUN_S * 1000000 / PERIOD_US))
	out=$(cyclictest --quiet --mlockall --threads=1 --affinity="$ISO" --priority=95 --interval="$PERIOD_US" --loops="$loops" 2>&1 | tail -n 1)
	max=$(echo "$out" | sed -n 's/.*Max: *\([0-9]*\).*/\1/p')
	avg=$(echo "$out" | sed -n 's/.*Avg: *\([0-9]*\).*/\1/p')
	note "cyclictest (us): $out"
	note "$(printf '%-10s %12s %12s %12s %12s %8s %8s' cyclictest "-" "-" "avg:${avg}000" "${max}000" "-" "$loops")"
	if isnum "$max"; then t_ok "compare: cyclictest measured"; else
		t_fail "compare: cyclictest measured" "$out"; fi
else
	t_skip "compare: cyclictest" "not in the $SRT_ARCH guest"
fi
