#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The demo chain (algorithms/chains/demo-motor.chain: trapezoidal profile,
# PID + feed-forward, simulated DC motor) in a 1 kHz hrtimer loop on an
# isolated CPU.  A 1 rad step through the setpoint mailbox, then a
# trapezoidal target (ramp 1 -> 3 rad in 0.4 s, hold 0.3 s, ramp to 2 rad
# in 0.2 s) through the command ring, its end value once more through the
# mailbox; telemetry recorded every cycle.
#
# Tolerances (the host tests' for fixed-target moves; looser ones while
# the target itself moves, since the profile replans every cycle then and
# TCG applies some stream points late, i.e. as small target jumps):
#   - |ref - pos| (the chain's err output) <= 0.01 rad while the target
#     is fixed (step), <= 0.05 rad while it moves (ramps)
#   - 1 rad step: |pos - 1| <= 1e-3 rad once the stream starts (>= 0.9 s)
#   - end: |pos - 2| <= 1e-3 rad after the last ramp has held >= 0.6 s
#   - during the ramps |target - pos| <= 0.25 rad; a larger lag is a
#     skip, not a failure, when more than 10 % of the stream's points
#     came late (TCG skipped that many cycles)
#   - |u| <= 24 V in every record; no non-finite step, no safe state
# Time is counted in records (chain steps), not wall clock: a cycle TCG
# skips is not a step, so the simulated motor stays self-consistent.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))
D=$SRT_DBG/demo

srt_load || exit 1
ctl "create name=demo cpu=$ISO period_us=1000 mode=hrtimer" ||
	{ t_fail "create loop" "$(cat $SRT_DBG/last_error)"; srt_unload; exit 0; }
t_check "load demo-motor.chain" userctl chain load -l demo /srt/chains/demo-motor.chain
t_check "blocks reads back the demo chain" grep -q "block m dc_motor" $D/blocks
t_check "start" ctl "start demo"

# trapezoidal target, one row per cycle
awk 'BEGIN {
	for (i = 1; i <= 400; i++) print 1 + 2 * i / 400
	for (i = 0; i < 300; i++) print 3
	for (i = 1; i <= 200; i++) print 3 - i / 200
}' >/tmp/trap.csv

# Recorded until the final target has held for 1000 chain steps (a
# fixed 8 s left it 391 records on a loaded host); 120 s is the bound.
userctl record -l demo -d 120 -o /tmp/demo.csv >/tmp/demo.out 2>&1 &
rec=$!
sleep 0.3
t_check "1 rad step through the mailbox" userctl setpoint -l demo 0=1
# Hold the step for 1000 chain steps, however slowly TCG runs them today
# (a fixed sleep held it for 719 steps on a loaded host).
steps() { awk '$1 == "chain_steps:" { print $2 }' $D/stats; }
s0=$(steps)
t_wait_ge "the step held for 1000 chain steps" $((s0 + 1000)) 60 steps
userctl stream -l demo -c -f /tmp/trap.csv >/tmp/stream.out 2>&1
note "stream: $(tr '\n' ' ' </tmp/stream.out)"
# TCG drops some stream points as late (counted); the last one may be
# among them, so the final value also goes through the mailbox.
t_check "final target 2 rad through the mailbox" userctl setpoint -l demo 0=2
s1=$(steps)
t_wait_ge "the final target held for 1000 chain steps" $((s1 + 1000)) 60 steps
# SIGINT ends the recording; userctl finishes the file (exit 130)
kill -INT $rec
wait $rec
t_eq "record ended by SIGINT, its file finished" 130 "$?"
note "record: $(tr '\n' ' ' </tmp/demo.out)"
t_eq "loop still running (no safe state)" running "$(cat $D/state)"
t_eq "no non-finite chain step" 0 "$(awk '$1 == "chain_nonfinite:" { print $2 }' $D/stats)"
note "$(grep -E '^(chain_ns|chain_steps|cycles|missed)' $D/stats | tr '\n' ' ')"

# columns: ...,flags,in0=target,out0=u,out1=speed,out2=pos,out3=err
res=$(awk -F, '
	function abs(x) { return x < 0 ? -x : x }
	/^#/ || /^seq/ { next }
	{
		n++; tgt = $(NF - 4) + 0; u = $(NF - 3) + 0
		pos = $(NF - 1) + 0; err = $NF + 0
		if (abs(u) > umax) umax = abs(u)
		if (tgt == 1 || tgt == 0) {
			if (abs(err) > emax) emax = abs(err)
		} else if (abs(err) > eramp) eramp = abs(err)
		if (tgt == 1) { step1 = abs(pos - 1); nstep++ }
		if (tgt != 1 && tgt != 0) {
			ramp++
			if (abs(tgt - pos) > lag) lag = abs(tgt - pos)
		}
		if (tgt == 2) hold2++
		last = abs(pos - tgt); lt = tgt
	}
	END { printf "%d %.6g %.6g %.6g %d %.6g %d %.6g %d %g %.6g\n", n, emax,
		umax, step1, nstep, lag, ramp, last, hold2, lt, eramp }' /tmp/demo.csv)
note "rows emax_fixed umax step_err step_rows ramp_lag ramp_rows end_err hold_rows last_target emax_moving: $res"
set -- $res
t_ge "records (chain steps) >= 2500" "$1" 2500
le() { awk -v a="$2" -v b="$3" 'BEGIN { exit !(a <= b) }' && t_ok "$1 ($2 <= $3)" || t_fail "$1" "$2 > $3"; }
le "tracking |ref - pos| within 0.01 rad, fixed target" "$2" 0.01
le "tracking |ref - pos| within 0.05 rad, moving target" "${11}" 0.05
le "drive voltage within 24 V" "$3" 24
t_ge "step held >= 900 records before the stream" "$5" 900
le "1 rad step settled: |pos - 1| within 1e-3 rad" "$4" 0.001
t_ge "ramps ran >= 800 records" "$7" 800
# A skipped cycle is no chain step but moves the stream on: with many
# skipped, the ramp counted in steps is steeper than the profile may
# follow, and the lag says how loaded the host was, not how the chain
# follows.  The stream's late points count them (1-3 % on an idle host).
late=$(sed -n 's/.* late \([0-9]*\),.*/\1/p' /tmp/stream.out)
if awk -v a="$6" 'BEGIN { exit !(a > 0.25) }' &&
	[ -n "$late" ] && [ "$late" -gt 90 ]; then
	t_skip "ramps followed: |target - pos| within 0.25 rad" \
		"lag $6, but $late of 900 stream points late: TCG skipped too many cycles"
else
	le "ramps followed: |target - pos| within 0.25 rad" "$6" 0.25
fi
t_eq "the last target is 2 rad" 2 "${10}"
t_ge "final hold >= 600 records" "$9" 600
le "end settled: |pos - 2| within 1e-3 rad" "$8" 0.001

ctl "stop demo"
t_check "destroy" ctl "destroy demo"
srt_unload
