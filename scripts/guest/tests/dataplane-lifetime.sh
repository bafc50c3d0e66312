#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Lifetime: destroying a loop under an open mapping leaves the mapping
# valid (header flagged dead); rmmod with /dev/shieldrt open is refused
# until the last user is gone.
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

t_check "create loop l2" ctl "create name=l2 cpu=$ISO period_us=1000 mode=hrtimer"
userctl top -l l2 -d 1 -n 3 >/dev/null 2>&1 &
top=$!
sleep 1
t_check "rmmod refused while an fd is open" sh -c "! rmmod shieldrt 2>/dev/null"
wait $top
t_check "destroy l2" ctl "destroy l2"
srt_unload
