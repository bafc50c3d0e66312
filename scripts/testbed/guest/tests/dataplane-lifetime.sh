#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Lifetime: destroying a loop under an open mapping leaves the mapping
# valid (header flagged dead), as does a chain load that gives the loop a
# new region (flagged replaced too); rmmod with /dev/shieldrt open is
# refused until the last user is gone.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")

srt_load || exit 1
t_check "create loop lt" ctl "create name=lt cpu=$ISO period_us=1000 mode=hrtimer"
t_check "start lt" ctl "start lt"
userctl top -l lt -d 0.5 -n 6 >/tmp/lt.top 2>&1 &
top=$!
sleep 1
t_check "destroy lt with a mapping open" ctl "destroy lt"
t_check "rmmod refused while the mapping is open" sh -c "! rmmod shieldrt 2>/dev/null"
wait $top
rc=$?
t_eq "mapping reader kept running and exited cleanly" 0 $rc
t_check "header shows the loop dead" grep -q DEAD /tmp/lt.top
t_check "attach to the destroyed loop fails" sh -c "! userctl top -l lt -n 1 -d 0.1 2>/dev/null"

# new signal counts give the loop a new region: the old one's readers
# and writers are told it was replaced, not destroyed
t_check "create loop rp" ctl "create name=rp cpu=$ISO period_us=1000 mode=hrtimer"
t_check "start rp" ctl "start rp"
userctl record -l rp -d 60 -o /tmp/rp.csv 2>/tmp/rp.err &
rec=$!
userctl heartbeat -l rp -d 60 -e 0.01 2>/tmp/rp.hb &
hb=$!
sleep 1
t_check "stop rp" ctl "stop rp"
printf 'input a b\noutput y\nblock g gain in=a out=y k=2\n' >/tmp/rp.chain
t_check "a chain with 2 inputs and 1 output (the loop had 8 and 8)" \
	userctl chain load -l rp /tmp/rp.chain
wait $rec
wait $hb
t_check "record on the old region stops: a new region" \
	grep -q "loop 'rp' has a new region" /tmp/rp.err
t_check "heartbeat on the old region stops: a new region" \
	grep -q "loop 'rp' has a new region" /tmp/rp.hb
t_check "start rp again" ctl "start rp"
t_wait_ge "rp cycles on the new region" 20 20 st rp cycles
t_check "the new region takes a setpoint" userctl setpoint -l rp 0=1.5
t_check "the new region's record has 2 inputs and 1 output" \
	sh -c 'userctl record -l rp -n 5 -o /tmp/rp2.csv &&
		head -n 1 /tmp/rp2.csv | grep -q ",in0,in1,out0$"'
t_check "destroy rp" ctl "destroy rp"

t_check "create loop l2" ctl "create name=l2 cpu=$ISO period_us=1000 mode=hrtimer"
userctl top -l l2 -d 1 -n 3 >/dev/null 2>&1 &
top=$!
sleep 1
t_check "rmmod refused while an fd is open" sh -c "! rmmod shieldrt 2>/dev/null"
wait $top
t_check "destroy l2" ctl "destroy l2"
srt_unload
