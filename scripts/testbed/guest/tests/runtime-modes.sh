#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Loops in each wait mode on two CPUs: they run, stop, and their stats and
# histograms are non-empty and add up.  TCG time is slow and noisy, so the
# cycle count is only held to a generous band around duration / period.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")

# Two CPUs are needed (one isolated); a guest with one has nothing to test.
if [ "${SRT_NCPUS:-1}" -lt 2 ] || [ ! -d /sys/devices/system/cpu/cpu$ISO ]; then
	t_skip "runtime-modes" "needs 2 CPUs with cpu ${ISO:-?} isolated; the guest has ${SRT_NCPUS:-?} CPU(s)"
	exit 0
fi
HK=0
PERIOD_US=1000
RUN_S=3

# metric LOOP NAME FIELD: e.g. metric a lateness count
metric() {
	grep "^$2_ns:" $SRT_DBG/$1/stats | tr ' ' '\n' | sed -n "s/^$3=//p"
}
# hist_col LOOP ROW COLUMN-INDEX (1 = first metric column)
hist_col() {
	awk -v r="$2" -v c="$3" '$1 == r { print $(c + 1) }' $SRT_DBG/$1/hist
}
absdiff() { d=$(($1 - $2)); [ $d -lt 0 ] && d=$((-d)); echo $d; }

# check_loop NAME MODE: the stopped loop's numbers are consistent
check_loop() {
	n=$1 mode=$2
	t_eq "$n ($mode): stopped" stopped "$(cat $SRT_DBG/$n/state)"
	cyc=$(st $n cycles)
	dur=$(st $n duration_ns)
	per=$(st $n period_ns)
	missed=$(st $n missed)
	behind=$(st $n behind)
	elapsed=$(st $n periods_elapsed)
	ideal=$((dur / per))
	note "$n ($mode): cycles=$cyc missed=$missed elapsed=$elapsed ideal=$ideal cpu_pct=$(st $n cpu_pct) spin_pct=$(st $n spin_pct) noise=$(st $n noise_events)"
	# How many periods TCG lets run depends on the host's load (28..90%
	# of ideal seen): a rate is no pass/fail criterion here.  That the
	# loop ran, and the accounting identity below, are.
	t_ge "$n ($mode): the loop ran (>= 10 cycles)" "$cyc" 10
	t_le "$n ($mode): cycles <= 110% of duration/period + 2" \
		$((cyc * 10)) $((ideal * 11 + 20))
	t_le "$n ($mode): cycles + missed + behind == elapsed periods (+-3)" \
		"$(absdiff $((cyc + missed + behind)) "$elapsed")" 3
	t_eq "$n ($mode): lateness sampled every cycle" "$cyc" \
		"$(metric $n lateness count)"
	case $mode in
	hrtimer|poll)
		# the wait's target is the deadline: the same values, one histogram
		t_eq "$n ($mode): lateness is the thread latency" \
			"$(grep '^thread_latency_ns:' $SRT_DBG/$n/stats | cut -d' ' -f2-)" \
			"$(grep '^lateness_ns:' $SRT_DBG/$n/stats | cut -d' ' -f2-)"
		;;
	esac
	t_eq "$n ($mode): compute sampled every cycle" "$cyc" \
		"$(metric $n compute count)"
	t_eq "$n ($mode): histogram count row (Late) = cycles" "$cyc" \
		"$(hist_col $n count: 3)"
	rows=$(grep -c '^[0-9]' $SRT_DBG/$n/hist)
	t_ge "$n ($mode): histogram has bucket rows" "$rows" 1
	t_check "$n ($mode): histogram header has unit and duration" \
		sh -c "grep -q '^# Time unit is nanoseconds' $SRT_DBG/$n/hist && grep -q '^# Duration:' $SRT_DBG/$n/hist"
	t_le "$n ($mode): lateness min <= avg <= max" \
		"$(metric $n lateness min)" "$(metric $n lateness avg)"
	t_le "$n ($mode): lateness p99 <= max" \
		"$(metric $n lateness p99)" "$(metric $n lateness max)"
	t_le "$n ($mode): overruns <= cycles" "$(st $n overruns)" "$cyc"
}

srt_load || exit 1

# Round 1: hrtimer on a housekeeping CPU, poll on the isolated one.
t_check "create hrtimer loop on cpu $HK" \
	ctl "create name=ht cpu=$HK period_us=$PERIOD_US mode=hrtimer prio=80"
t_check "create poll loop on cpu $ISO" \
	ctl "create name=pl cpu=$ISO period_us=$PERIOD_US mode=poll prio=80"
t_eq "new loop is configured" configured "$(cat $SRT_DBG/ht/state)"
t_check "start ht" ctl "start ht"
t_check "start pl" ctl "start pl"
t_eq "ht running" running "$(cat $SRT_DBG/ht/state)"
t_eq "pl running" running "$(cat $SRT_DBG/pl/state)"
t_check "loops file lists both" sh -c "grep -q '^ht ' $SRT_DBG/loops && grep -q '^pl ' $SRT_DBG/loops"
sleep $RUN_S
c1=$(st ht cycles)
sleep 1
t_ge "ht cycles grow while running" "$(st ht cycles)" $((c1 + 1))
t_check "stop ht" ctl "stop ht"
t_check "stop pl" ctl "stop pl"
check_loop ht hrtimer
check_loop pl poll
t_ge "hrtimer loop: IRQ latency measured" "$(metric ht irq_latency count)" 1
t_eq "poll loop: no timer, no IRQ latency" 0 "$(metric pl irq_latency count)"
t_ge "poll loop: its spins' clock readings counted" "$(st pl spin_reads)" "$(st pl cycles)"
t_eq "hrtimer loop: no spin, no readings" 0 "$(st ht spin_reads)"
note "poll loop: $(st pl spin_reads) clock readings in $(st pl spin_ns) ns of spinning"
# A poll loop sleeps only to lend its CPU to a preempted RCU reader (its
# rcu_yields; on PREEMPT_RT the CPU's own kthreads are such readers).
if [ "$(st pl rcu_yields)" = 0 ]; then
	t_eq "poll loop never sleeps (cpu_pct)" 100.0 "$(st pl cpu_pct)"
else
	note "poll loop lent its CPU $(st pl rcu_yields) times to RCU (cpu_pct $(st pl cpu_pct))"
	t_ge "poll loop still spins nearly all the time (cpu_pct >= 80)" \
		"$(st pl cpu_pct | cut -d. -f1)" 80
fi
ht_cpu=$(st ht cpu_pct)
t_le "hrtimer loop uses less CPU than poll" "${ht_cpu%.*}" 99
t_check "preflight reports isolation of cpu $ISO" \
	grep -qx "isolated: 1" $SRT_DBG/pl/preflight
t_check "preflight reports cpu $HK not isolated" \
	grep -qx "isolated: 0" $SRT_DBG/ht/preflight
t_check "preflight reports PREEMPT_RT and RT throttling" \
	sh -c "grep -q '^preempt_rt: [01]' $SRT_DBG/ht/preflight && grep -q '^rt_throttling: ' $SRT_DBG/ht/preflight"
t_check "destroy ht" ctl "destroy ht"
t_check "destroy pl" ctl "destroy pl"
t_check "destroyed loops leave debugfs" sh -c "! test -e $SRT_DBG/ht && ! test -e $SRT_DBG/pl"

# Housekeeping yields land in the gap before the deadline: a 10 ms
# period leaves 9.7 ms once yield_us (100) and the planned wake latency
# (slack, at most 200 us here) are set aside.  With a 99 us guard on a
# 100 us period no gap is ever wide enough: every yield then waits one
# more yield_every_ms (an RCU yield: another 100 ms) and is taken anyway,
# counted as forced and traced.
TR=/sys/kernel/tracing
ev=$TR/events/shieldrt/yield_forced
[ -d $ev ] && { echo >$TR/trace; echo 1 >$ev/enable; }
t_check "create poll loop with yields in the gap" \
	ctl "create name=yg cpu=$ISO period_us=10000 mode=poll yield_us=100 yield_every_ms=20"
t_check "start yg" ctl "start yg"
sleep 2
t_check "stop yg" ctl "stop yg"
t_ge "yg: yields taken" "$(st yg yields)" 10
note "yg: yields $(st yg yields), rcu_yields $(st yg rcu_yields), forced $(st yg yields_forced), overruns $(st yg overruns)"
[ -d $ev ] && grep 'yield_forced: loop=yg' $TR/trace | sed 's/^/# /'
t_eq "yg: none forced (a 9.7 ms gap every cycle)" 0 "$(st yg yields_forced)"
t_check "destroy yg" ctl "destroy yg"
t_check "create poll loop without a gap" \
	ctl "create name=yn cpu=$ISO period_us=100 mode=poll yield_us=50 yield_every_ms=10 slack_min_ns=99000 slack_max_ns=99000"
t_check "start yn" ctl "start yn"
sleep 2
t_check "stop yn" ctl "stop yn"
t_ge "yn: yields taken anyway" "$(st yn yields)" 10
# RCU yields (PREEMPT_RCU, another task runnable) find no gap either.
t_eq "yn: every one forced (yields + rcu_yields)" \
	$(($(st yn yields) + $(st yn rcu_yields))) "$(st yn yields_forced)"
if [ -d $ev ]; then
	echo 0 >$ev/enable
	t_ge "yn: yield_forced traced" "$(grep -c 'yield_forced: loop=yn .*no gap before the deadline' $TR/trace)" 1
	echo >$TR/trace
else
	t_skip "yn: yield_forced traced" "no tracefs events in $SRT_KERNEL"
fi
t_check "destroy yn" ctl "destroy yn"

# Round 2: hybrid on the isolated CPU, phase-aligned with an hrtimer loop.
t_check "create hybrid loop (aligned)" \
	ctl "create name=hy cpu=$ISO period_us=$PERIOD_US mode=hybrid align=1"
t_check "create hrtimer loop (aligned, other CPU)" \
	ctl "create name=h2 cpu=$HK period_us=$PERIOD_US mode=hrtimer align=1"
t_check "start hy" ctl "start hy"
t_check "start h2" ctl "start h2"
sleep $RUN_S
t_check "stop hy" ctl "stop hy"
t_check "stop h2" ctl "stop h2"
check_loop hy hybrid
check_loop h2 hrtimer
fa=$(st hy first_deadline_ns)
fb=$(st h2 first_deadline_ns)
t_eq "aligned loops share the phase grid" 0 $(( $(absdiff "$fa" "$fb") % (PERIOD_US * 1000) ))
t_ge "hybrid loop slept (timer wakes measured)" "$(metric hy irq_latency count)" 1
# It spins from its wake-up to the deadline.  Under emulation a run whose
# every wake-up came past its deadline has nothing to spin; its thread
# latency (measured from deadline - slack) then shows it: never below the
# slack, which starts at its ceiling and stays there under such delays.
if [ "$(st hy spin_ns)" -ge 1 ] 2>/dev/null; then
	t_ok "hybrid loop spun to the deadline"
else
	t_ge "hybrid loop never spun: no wake-up came before its deadline" \
		"$(metric hy thread_latency min)" "$(st hy slack_target_ns)"
fi
note "hybrid slack target $(st hy slack_target_ns) ns, thread latency p99 $(metric hy thread_latency p99) ns"
# Its sleep lends the CPU to a preempted RCU reader and clears a due RCU
# yield; one is forced only after 100 ms due.  So when all the cycles
# without a sleep, back to back, span less than 100 ms, none can be.
hw=$(metric hy irq_latency count) hc=$(st hy cycles)
if [ $(( (hc - hw + 1) * PERIOD_US )) -lt 100000 ]; then
	t_eq "hybrid loop slept in $hw of $hc cycles: no forced yield" 0 "$(st hy yields_forced)"
else
	note "hybrid loop slept in $hw of $hc cycles; forced yields $(st hy yields_forced)"
fi
hy_cpu=$(st hy cpu_pct)
t_le "hybrid loop sleeps part of the time (cpu_pct < 100)" "${hy_cpu%.*}" 99

# Restart: a new run starts from zero.
t_check "restart hy" ctl "start hy"
sleep 1
t_check "stop hy again" ctl "stop hy"
t_le "restarted run counted afresh" "$(st hy cycles)" 1500
t_check "reset stopped loop" ctl "reset hy"
t_eq "reset zeroes cycles" 0 "$(st hy cycles)"

# A restart keeps the wake latencies hybrid learned; a changed setting
# starts it over at the ceiling.  With a 200 ms period and a 180 ms
# ceiling, a run from the ceiling spins some 180 ms in its first wait; a
# restarted one, a few learned leads (TCG's wake latencies: far below
# the 30 ms each of its three waits could take before the bound).
t_check "create hybrid loop (180 ms ceiling)" \
	ctl "create name=hl cpu=$ISO period_us=200000 mode=hybrid slack_max_ns=180000000"
hl_run() {
	ctl "start hl" && sleep "$1" && ctl "stop hl" && st hl spin_ns
}
spin1=$(hl_run 1)
spin2=$(hl_run 0.5)
note "hl: spin_ns first run $spin1 (1 s), restart $spin2 (0.5 s), lead $(st hl slack_target_ns) ns"
t_ge "hl: a first run waits from the ceiling (spins >= 90 ms)" "${spin1:-0}" 90000000
t_le "hl: a restart keeps the learned lead (spins < 90 ms)" "${spin2:-999999999}" 89999999
t_check "hl: change a setting" sh -c "echo noise_ns=2000 >$SRT_DBG/hl/config"
spin3=$(hl_run 0.5)
t_ge "hl: after a change it waits from the ceiling again (spins >= 90 ms)" "${spin3:-0}" 90000000
t_check "destroy hl" ctl "destroy hl"

srt_unload
