#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The demo chain in a kernel loop, recorded from its first cycle with
# exact values, replayed by userctl on this machine: every output must be
# bit-identical to what the kernel computed (same sources, same flags).
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
CHAIN=/srt/chains/demo-motor.chain
N=3000
ctl() { echo "$*" >$SRT_DBG/control; }

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
# record first, then start: the recording holds cycle 0 onwards
userctl record -l rp --meta -n $N -o /tmp/rp.csv >/tmp/rp.out 2>&1 &
rec=$!
sleep 1
ctl "start rp" || t_fail "start rp" "$(cat $SRT_DBG/last_error)"
sleep 1
# a new target mid-run: the recording carries the input change
userctl setpoint -l rp 0=4 >/dev/null 2>&1 ||
	note "setpoint failed: the loop's input stays 0"
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
ctl "destroy rp"
srt_unload
