#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The flight recorder: a forced overrun freezes the ring with cycles
# before and after it (contiguous cycle numbers, the trigger cycle
# flagged), it stays frozen until re-armed, a manual trigger and a safe
# state entry (an output limit) freeze it too, and bad commands are
# refused with a reason.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
L=$SRT_DBG/fl
st() { awk -v k="$1:" '$1 == k { print $2 }' $L/stats; }
# hdr KEY: a key=value of the flight file's header line
hdr() { sed -n "s/^# flight .* $1=\([^ ]*\).*/\1/p" $L/flight; }
fcmd() { echo "$1" >$L/flight; }
rows() { grep -v '^#' $L/flight; }
# check_window DESC POST: the frozen window around its trigger
check_window() {
	rows >/tmp/fl.rows
	n=$(wc -l </tmp/fl.rows)
	tc=$(hdr trigger_cycle)
	t_eq "$1: header records = rows" "$(hdr records)" "$n"
	t_eq "$1: nothing lost" 0 "$(hdr lost)"
	t_check "$1: contiguous cycle numbers" awk \
		'NR > 1 && $1 != p + 1 { exit 1 } { p = $1 }' /tmp/fl.rows
	t_eq "$1: the trigger cycle $tc is in the window" 1 \
		"$(awk -v c="$tc" '$1 == c { n++ } END { print n + 0 }' /tmp/fl.rows)"
	t_eq "$1: $2 cycles after it" "$2" "$(hdr after)"
	t_eq "$1: the last row is $2 after the trigger" $((tc + $2)) \
		"$(tail -n 1 /tmp/fl.rows | cut -d' ' -f1)"
	t_ge "$1: cycles before it" "$(hdr before)" 1
	t_eq "$1: before + 1 + after = records" "$(hdr records)" \
		$(($(hdr before) + 1 + $(hdr after)))
}
wait_frozen() {
	i=0
	while [ $i -lt $(($1 * 10)) ]; do
		[ "$(hdr state)" = frozen ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

srt_load || exit 1

t_check "flight_post >= flight_cycles refused" \
	sh -c "! echo 'create name=bad cpu=$ISO flight_cycles=64 flight_post=64' >$SRT_DBG/control"
t_check "last_error says why" grep -q "flight_post=64 must be below flight_cycles=64" $SRT_DBG/last_error

# catchup with a large cap: late cycles run back to back, none is dropped,
# so the window's cycle numbers are contiguous even across the overrun.
t_check "create fl (flight_cycles=256 flight_post=64)" \
	ctl "create name=fl cpu=$ISO period_us=1000 mode=hrtimer policy=catchup catchup_max=1000000 flight_cycles=256 flight_post=64"
t_check "no automatic triggers while it fills (TCG stalls overrun too)" \
	fcmd "triggers=none"
t_check "start fl" ctl "start fl"
t_eq "armed" armed "$(hdr state)"
t_wait_ge "ran 300 cycles" 300 60 st cycles
t_check "trigger on overruns" fcmd "triggers=overrun"
t_check "force overruns: 1.5 ms of work per 1 ms, budget 0.5 ms" \
	sh -c "echo 'workload_ns=1500000 budget_ns=500000' >$L/config"
if wait_frozen 30; then t_ok "overrun: frozen"; else
	t_fail "overrun: frozen" "$(head -n 1 $L/flight)"; fi
t_check "workload off" sh -c "echo 'workload_ns=0 budget_ns=0' >$L/config"
note "$(head -n 1 $L/flight)"
t_eq "trigger=overrun" overrun "$(hdr trigger)"
t_eq "a full ring" 256 "$(hdr records)"
check_window "overrun" 64
tc=$(hdr trigger_cycle)
f=$(awk -v c="$tc" '$1 == c { print $9 }' /tmp/fl.rows)
t_ge "the trigger cycle is flagged overrun or budget (flags $f)" \
	$((${f:-0} & 3)) 1
t_ge "overruns continued after the trigger: ignored_triggers" \
	"$(hdr ignored_triggers)" 1

# Frozen stays frozen while the loop runs on.
c0=$(st cycles)
t_wait_ge "the loop runs 200 more cycles" $((c0 + 200)) 60 st cycles
t_eq "still frozen, same trigger cycle" "$tc" "$(hdr trigger_cycle)"
t_check "a manual trigger while frozen is refused" \
	sh -c "! echo trigger >$L/flight"
t_check "last_error: dump and rearm first" grep -q "dump it and rearm first" $L/last_error

# userctl: the same window, text and JSON, then rearm.
userctl flight -l fl >/tmp/fl.txt 2>&1
t_check "userctl flight marks the trigger cycle" grep -q "^\* *$tc " /tmp/fl.txt
t_check "userctl flight: no gaps" grep -q "256 records, 0 gaps" /tmp/fl.txt
userctl flight -l fl --json >/tmp/fl.json 2>&1
t_check "userctl flight --json: trigger and cycles" \
	grep -q "\"trigger\": *\"overrun\".*\"cycles\": *\[" /tmp/fl.json
t_eq "userctl flight --json: 256 cycle objects" 256 \
	"$(grep -o '"deadline_ns"' /tmp/fl.json | wc -l)"
# Automatic triggers off first: the loop is still catching up on the
# backlog of the forced overruns.
t_check "userctl flight -T none --rearm" \
	sh -c "userctl flight -l fl -T none --rearm >/dev/null"
t_eq "re-armed" armed "$(hdr state)"
t_eq "re-armed: no rows" 0 "$(rows | wc -l)"

# --rearm of a window that is not frozen leaves it, and says so.
userctl flight -l fl --rearm >/dev/null 2>/tmp/fl.err
t_eq "userctl flight --rearm while armed: exit 0" 0 $?
t_check "... warns: nothing to re-arm" grep -q "not frozen, nothing to re-arm" /tmp/fl.err
t_eq "... still armed" armed "$(hdr state)"

# Manual trigger.
c0=$(st cycles)
t_wait_ge "fills again: 300 cycles" $((c0 + 300)) 60 st cycles
t_check "userctl flight --trigger --wait 30" \
	sh -c "userctl flight -l fl --trigger --wait 30 >/tmp/fl.man 2>&1"
t_eq "trigger=manual" manual "$(hdr trigger)"
check_window "manual" 64
t_eq "manual: a full ring" 256 "$(hdr records)"
t_check "rearm" fcmd rearm

# Entering safe state (an output limit on the echoed setpoint) freezes it.
t_check "triggers=safe" fcmd "triggers=safe"
t_check "limit out=0 max=1" sh -c "echo 'out=0 max=1' >$L/limits"
c0=$(st cycles)
t_wait_ge "fills again: 300 cycles" $((c0 + 300)) 60 st cycles
t_check "setpoint 0=2" userctl setpoint -l fl 0=2
if wait_frozen 30; then t_ok "safe state: frozen"; else
	t_fail "safe state: frozen" "$(head -n 1 $L/flight)"; fi
t_eq "trigger=safe" safe "$(hdr trigger)"
t_eq "the loop is in safe state (reason limit)" limit "$(st safe_reason)"
check_window "safe" 64
tc=$(hdr trigger_cycle)
t_eq "the trip cycle recorded out0=2 (0x4000000000000000), note trip" \
	"0x3 3 4000000000000000" \
	"$(awk -v c="$tc" '$1 == c { print $10, $11, $20 }' /tmp/fl.rows)"
t_eq "the cycle after it: outputs held at 0" "0x1 0000000000000000" \
	"$(awk -v c=$((tc + 1)) '$1 == c { print $10, $20 }' /tmp/fl.rows)"

# Bad commands change nothing.
t_check "unknown command refused" sh -c "! echo frob >$L/flight"
t_check "last_error names it" grep -q "'frob' is not trigger, rearm" $L/last_error
t_check "unknown trigger refused" sh -c "! echo triggers=overrun,late >$L/flight"
t_eq "still frozen on the same trigger" "$tc" "$(hdr trigger_cycle)"
t_check "userctl flight on an unknown loop fails" \
	sh -c "userctl flight -l nope 2>&1 | grep -q \"no such loop 'nope'\""

# Stopping mid-window keeps what was recorded, marked short.
t_check "triggers=none, rearm" \
	sh -c "echo triggers=none >$L/flight && echo rearm >$L/flight"
t_check "clear limits, resume" \
	sh -c "echo clear >$L/limits && echo 'resume fl' >$SRT_DBG/control"
t_check "flight_post cannot change while running" \
	sh -c "! echo flight_post=200 >$L/config"
t_check "stop fl" ctl "stop fl"
t_check "flight_post=200 (stopped)" sh -c "echo flight_post=200 >$L/config"
t_check "start fl" ctl "start fl"
c0=$(st cycles)
t_wait_ge "runs 50 cycles" $((c0 + 50)) 60 st cycles
t_check "manual trigger" fcmd trigger
t_check "stop fl before 200 cycles pass" ctl "stop fl"
if [ "$(hdr state)" = frozen ] && [ "$(hdr after)" -lt 200 ]; then
	t_eq "stopped early: short=1" 1 "$(hdr short)"
else
	t_skip "stopped early: short=1" "TCG ran 200 cycles before the stop ($(head -n 1 $L/flight))"
fi
t_check "destroy fl" ctl "destroy fl"

t_check "create fz (flight_cycles=0)" \
	ctl "create name=fz cpu=$ISO period_us=1000 flight_cycles=0"
t_check "start fz" ctl "start fz"
t_check "flight file says off" grep -q "state=off" $SRT_DBG/fz/flight
t_check "trigger refused when off" sh -c "! echo trigger >$SRT_DBG/fz/flight"
t_check "destroy fz" ctl "destroy fz"
srt_unload
