#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Loops from the module parameter, rmmod with loops running, destroy of a
# running loop, and a CPU going offline under a loop.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
ctl() { echo "$*" >$SRT_DBG/control; }
st() { awk -v k="$2:" '$1 == k { print $2 }' $SRT_DBG/$1/stats; }
wait_state() {
	i=0
	while [ $i -lt $(($3 * 10)) ]; do
		[ "$(cat $SRT_DBG/$1/state)" = "$2" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# Bad module parameter: the module refuses to load, nothing is left.
if insmod $SRT_MOD loops="name=z cpu=0 period_us=1" 2>/dev/null; then
	t_fail "insmod with a bad loops= line fails"
	rmmod shieldrt
else
	t_ok "insmod with a bad loops= line fails"
fi
t_check "nothing left loaded" sh -c "! grep -q '^shieldrt ' /proc/modules"

srt_load loops="name=m1 cpu=0 period_us=1000;name=m2 cpu=$ISO period_us=500 mode=poll" || exit 1
t_eq "m1 from loops= is running" running "$(cat $SRT_DBG/m1/state)"
t_eq "m2 from loops= is running" running "$(cat $SRT_DBG/m2/state)"
sleep 1
t_ge "m1 cycles" "$(st m1 cycles)" 100
t_ge "m2 cycles" "$(st m2 cycles)" 100
t_check "loop thread is SCHED_FIFO, named shieldrt/CPU" \
	sh -c "grep -l 'shieldrt/$ISO' /proc/[0-9]*/comm >/dev/null"
t_check "destroy a running loop" ctl "destroy m1"
t_check "its directory is gone" sh -c "! test -e $SRT_DBG/m1"
srt_unload
t_check "rmmod with a poll loop running: module gone" \
	sh -c "! grep -q '^shieldrt ' /proc/modules"
t_check "no loop thread left" sh -c "! grep -q '^shieldrt/' /proc/[0-9]*/comm"

# CPU offline under a running loop.
ONL=/sys/devices/system/cpu/cpu$ISO/online
if [ ! -w "$ONL" ]; then
	t_skip "cpu offline stops the loop" "cpu $ISO has no writable online file (no hotplug)"
	exit 0
fi
srt_load || exit 1
for mode in hybrid poll; do
	t_check "create $mode loop on cpu $ISO" \
		ctl "create name=off cpu=$ISO period_us=1000 mode=$mode"
	t_check "start it" ctl "start off"
	sleep 1
	if echo 0 >"$ONL"; then
		t_ok "$mode: cpu $ISO offline"
	else
		t_fail "$mode: cpu $ISO offline" "write failed"
		ctl "destroy off"
		continue
	fi
	t_eq "$mode: loop stopped by cpu offline" stopped "$(cat $SRT_DBG/off/state)"
	t_check "$mode: last_error gives the reason" \
		grep -q "cpu $ISO went offline" $SRT_DBG/off/last_error
	if echo "start off" >$SRT_DBG/control 2>/dev/null; then
		t_fail "$mode: start on an offline cpu refused"
	else
		t_ok "$mode: start on an offline cpu refused"
	fi
	t_check "$mode: reason is offline" grep -q "cpu $ISO is offline" $SRT_DBG/last_error
	t_check "$mode: cpu $ISO back online" sh -c "echo 1 >$ONL"
	t_check "$mode: loop starts again" ctl "start off"
	sleep 1
	t_check "$mode: stop" ctl "stop off"
	t_ge "$mode: cycles after restart" "$(st off cycles)" 10
	t_check "$mode: destroy" ctl "destroy off"
done
srt_unload
