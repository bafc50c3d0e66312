#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Output limits: an echo loop (no chain: out0 = in0) with limits on out0
# trips to safe state (reason limit, traced) when the setpoint leaves
# them, the offending value is never published, resume works once the
# setpoint is back inside, limits change live, and bad lines are refused
# with a reason and the table as it was.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
TR=/sys/kernel/tracing
L=$SRT_DBG/lm
st() { awk -v k="$1:" '$1 == k { print $2 }' $L/stats; }
table() { grep -v '^#' $L/limits; }
lim() { printf '%b' "$1" >$L/limits; }

srt_load || exit 1
echo 1 >$TR/events/shieldrt/safe_state/enable 2>/dev/null
echo 1 >$TR/events/shieldrt/limit_trip/enable 2>/dev/null
echo >$TR/trace 2>/dev/null

t_check "create loop lm (echo, 8 outputs)" \
	ctl "create name=lm cpu=$ISO period_us=1000 mode=hrtimer"
t_check "limits file exists" test -f $L/limits
t_eq "no limits at first" "" "$(table)"
t_check "out=0 min=-1.5 max=1.5 accepted" lim "out=0 min=-1.5 max=1.5"
t_eq "the table shows it" "out=0 min=-1.5 max=1.5" "$(table)"
t_check "start lm" ctl "start lm"
t_check "setpoint 0=1 (inside)" userctl setpoint -l lm 0=1
c0=$(st cycles)
t_wait_ge "runs 200 cycles with out0=1" $((c0 + 200)) 60 st cycles
t_eq "inside the limits: running" running "$(cat $L/state)"
t_check "the loop took the table" grep -q "in force since cycle" $L/limits

# Outside: safe state before the value is published.
userctl record -l lm -d 4 -o /tmp/lim.csv >/tmp/lim.rec 2>&1 &
rec=$!
sleep 1
t_check "setpoint 0=2 (above max)" userctl setpoint -l lm 0=2
if wait_state lm safe 20; then t_ok "above max: safe state"; else
	t_fail "above max: safe state" "state $(cat $L/state)"; fi
t_eq "stats: safe_reason limit" limit "$(st safe_reason)"
t_eq "stats: one safe entry" 1 "$(st safe_entries)"
t_check "limits file names the trip: $(grep trips $L/limits)" \
	grep -q "^# trips: 1, last at cycle [0-9]*: out=0 value=2$" $L/limits
wait $rec
# columns: seq,cycle,...,in0 (11)...,out0 (19)
n2=$(awk -F, 'NR > 1 && $11 == 2 { n++ } END { print n + 0 }' /tmp/lim.csv)
o2=$(awk -F, 'NR > 1 && $19 == 2 { n++ } END { print n + 0 }' /tmp/lim.csv)
note "recorded: $(cat /tmp/lim.rec); cycles with in0=2: $n2"
t_ge "telemetry saw in0=2" "$n2" 1
t_eq "telemetry: out0=2 was never published" 0 "$o2"
t_check "trace: safe_state enter reason=limit" \
	grep -q "loop=lm .* enter reason=limit" $TR/trace
t_check "trace: limit_trip out=0 value=2 min=-1.5 max=1.5, in decimals" \
	grep -q "limit_trip: loop=lm cycle=[0-9]* out=0 value=2.000000 min=-1.500000 max=1.500000$" $TR/trace
# trace-cmd (and KernelShark, through the same libtraceevent) print the
# event from its format: the decimals, and the exact bits as fields
if command -v trace-cmd >/dev/null; then
	trace-cmd extract -o /tmp/lim.dat >/tmp/lim.tc 2>&1
	trace-cmd report /tmp/lim.dat >/tmp/lim.rep 2>&1
	note "trace-cmd report: $(grep limit_trip /tmp/lim.rep | head -n 1)$(tail -n 2 /tmp/lim.tc | tr "\n" " ")"
	t_check "trace-cmd report: limit_trip in decimals" \
		grep -q "limit_trip: *loop=lm cycle=[0-9]* out=0 value=2.000000 min=-1.500000 max=1.500000" /tmp/lim.rep
else
	t_skip "trace-cmd report: limit_trip in decimals" "no trace-cmd in the $SRT_ARCH guest"
fi

# Resume with the setpoint still outside trips again; back inside, it runs.
t_check "resume with out0 still 2" ctl "resume lm"
t_wait_ge "trips again" 2 20 st safe_entries
t_wait_ge "back in safe state" 1 20 sh -c "[ \"\$(cat $L/state)\" = safe ] && echo 1"
t_check "setpoint 0=-1.5 (the min itself)" userctl setpoint -l lm 0=-1.5
t_check "resume with out0 inside" ctl "resume lm"
if wait_state lm running 10; then t_ok "resume: running"; else
	t_fail "resume: running" "state $(cat $L/state)"; fi
c0=$(st cycles)
t_wait_ge "runs 200 more cycles" $((c0 + 200)) 60 st cycles
t_eq "stays running on the limit" running "$(cat $L/state)"
t_eq "no new entry" 2 "$(st safe_entries)"

# Bad lines: refused with a reason, table and loop untouched.
before=$(table)
bad() {
	if lim "$1" 2>/dev/null; then
		t_fail "refused: $2" "write accepted"
	elif grep -q "$3" $L/last_error; then
		t_ok "refused: $2 ($(cat $L/last_error))"
	else
		t_fail "refused: $2" "last_error '$(cat $L/last_error)' lacks '$3'"
	fi
}
bad "out=0 min=2 max=1" "min above max" "min=2 is above max=1"
bad "out=0 min=nan max=1" "NaN limit" "NaN is not a limit"
bad "out=8 max=1" "index >= n_out" "the loop has 8 outputs"
bad "out=0 max=abc" "not a number" "'abc' is not a number"
bad "out=0 max=1 frob=2" "unknown key" "is not out=N"
bad "out=0 max=0.5\nout=99 max=1" "good line then a bad one" "line 2"
t_eq "table unchanged after the refusals" "$before" "$(table)"
t_eq "loop unchanged after the refusals" running "$(cat $L/state)"

# Live change: a tighter max trips the loop at a cycle boundary.
t_check "live: out=0 min=-2 max=-1.75" lim "out=0 min=-2 max=-1.75"
if wait_state lm safe 20; then t_ok "live: tighter limits trip"; else
	t_fail "live: tighter limits trip" "state $(cat $L/state)"; fi
t_check "live: out=0 off, out=3 min=0 (several lines)" \
	lim "out=0 off\nout=3 min=0"
t_eq "table after off" "out=3 min=0 max=inf" "$(table)"
t_check "resume" ctl "resume lm"
if wait_state lm running 10; then t_ok "no limit on out0: running"; else
	t_fail "no limit on out0: running" "state $(cat $L/state)"; fi
t_check "setpoint 3=-0.25 (below min 0 of out3)" userctl setpoint -l lm 3=-0.25
if wait_state lm safe 20; then t_ok "min side: safe state"; else
	t_fail "min side: safe state" "state $(cat $L/state)"; fi
t_check "the trip names out=3" grep -q "out=3 value=-0.25$" $L/limits
t_check "clear" lim "clear"
t_eq "cleared" "" "$(table)"
t_check "resume after clear" ctl "resume lm"
if wait_state lm running 10; then t_ok "cleared: running"; else
	t_fail "cleared: running" "state $(cat $L/state)"; fi

t_check "stop lm" ctl "stop lm"
t_check "destroy lm" ctl "destroy lm"
echo 0 >$TR/events/shieldrt/safe_state/enable 2>/dev/null
echo 0 >$TR/events/shieldrt/limit_trip/enable 2>/dev/null
srt_unload
