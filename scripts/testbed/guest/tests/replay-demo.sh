#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The demo chain in a kernel loop, recorded from its first cycle with
# exact values, replayed by userctl on this machine: every output must be
# bit-identical to what the kernel computed (same sources, same flags).
# Parameters are committed while the loop is stopped and twice while it
# runs and records; a second run is recorded with all three in force.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
CHAIN=/srt/chains/demo-motor.chain
N=3000

srt_load || exit 1
if ! ctl "create name=rp cpu=$ISO period_us=1000 mode=hrtimer"; then
	t_fail "create loop rp" "$(cat $SRT_DBG/last_error 2>/dev/null)"
	srt_unload
	exit 0
fi
if [ ! -e $SRT_DBG/rp/blocks ]; then
	t_skip "replay of the demo chain" "this shieldrt.ko loads no chains ($SRT_DBG/rp/blocks missing)"
	ctl "destroy rp"
	srt_unload
	exit 0
fi
t_check "load $CHAIN into rp" userctl chain load -l rp $CHAIN
t_check "stage a parameter while stopped" userctl chain stage -l rp ctl.kd=0.4
t_check "commit it while stopped" userctl chain commit -l rp
# record first, then start: the recording holds cycle 0 onwards
userctl record -l rp --meta -n $N -o /tmp/rp.csv >/tmp/rp.out 2>&1 &
rec=$!
sleep 1
ctl "start rp" || t_fail "start rp" "$(cat $SRT_DBG/last_error)"
sleep 1
# a new target mid-run: the recording carries the input change
userctl setpoint -l rp 0=4 >/dev/null 2>&1 ||
	note "setpoint failed: the loop's input stays 0"
# two commits while it runs: new gains, then a new feed-forward
t_check "stage new gains while running" \
	userctl chain stage -l rp ctl.kp=20 ctl.ki=50
t_check "commit them while running and recording" userctl chain commit -l rp
sleep 0.3
t_check "stage a feed-forward gain" userctl chain stage -l rp ffv.k=0.06
t_check "commit it while running and recording" userctl chain commit -l rp
wait $rec
t_eq "record --meta of $N cycles: exit 0" 0 $?
note "$(cat /tmp/rp.out)"
ctl "stop rp"
t_eq "recording starts at cycle 0" 0 \
	"$(grep -v '^#' /tmp/rp.csv | sed -n '2s/^[0-9]*,\([0-9]*\),.*/\1/p')"
moved=$(grep -v '^#' /tmp/rp.csv | awk -F, 'NR > 1 && $11 != 0 { n++ } END { print n + 0 }')
t_ge "the input changed during the recording" "$moved" 1
userctl replay $CHAIN /tmp/rp.csv >/tmp/rp.replay 2>&1
rc=$?
note "$(cat /tmp/rp.replay)"
t_eq "replay on $SRT_ARCH: kernel and userctl outputs bit-identical" 0 $rc
t_check "the recording carries three commits, two taken during it" \
	grep -q "3 parameter commits in the recording, 2 applied during it" \
	/tmp/rp.replay
note "$(cat $SRT_DBG/rp/commits)"
t_eq "the commits view lists the three" "commits 3 kept 3" \
	"$(head -n 1 $SRT_DBG/rp/commits)"

# A second run: all three commits are in force from its first cycle.
userctl record -l rp --meta -n 2000 -o /tmp/rp2.csv >/tmp/rp2.out 2>&1 &
rec=$!
sleep 1
ctl "start rp" || t_fail "start rp again" "$(cat $SRT_DBG/last_error)"
wait $rec
t_eq "record --meta of the second run: exit 0" 0 $?
ctl "stop rp"
userctl replay $CHAIN /tmp/rp2.csv >/tmp/rp2.replay 2>&1
rc=$?
note "$(cat /tmp/rp2.replay)"
t_eq "replay of the second run, the commits in force from cycle 0: bit-identical" 0 $rc
# Without its commit lines the second recording must not pass.
grep -v '^# commit\|^# set' /tmp/rp2.csv >/tmp/rp3.csv
t_check "the same recording without its commit lines does not replay as identical" \
	sh -c "! userctl replay $CHAIN /tmp/rp3.csv >/tmp/rp3.replay 2>&1"
note "$(cat /tmp/rp3.replay)"
ctl "destroy rp"
srt_unload
