#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Loops from the module parameter, rmmod with loops running, destroy of a
# running loop, and a CPU going offline under a loop.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
# Unshielded boot (vm-run --no-shield): the last CPU, with force=1.
[ -n "$ISO" ] || ISO=$((SRT_NCPUS - 1))

# Two CPUs are needed (one isolated); a guest with one has nothing to test.
if [ "${SRT_NCPUS:-1}" -lt 2 ] || [ ! -d /sys/devices/system/cpu/cpu$ISO ]; then
	t_skip "runtime-lifecycle" "needs 2 CPUs with cpu ${ISO:-?} isolated; the guest has ${SRT_NCPUS:-?} CPU(s)"
	exit 0
fi

# Bad module parameter: the module refuses to load, nothing is left.
# The kernel splits module parameters at blanks outside double quotes.
if insmod $SRT_MOD 'loops="name=z cpu=0 period_us=1"' 2>/dev/null; then
	t_fail "insmod with a bad loops= line fails"
	rmmod shieldrt
else
	t_ok "insmod with a bad loops= line fails"
fi
t_check "nothing left loaded" sh -c "! grep -q '^shieldrt ' /proc/modules"
t_check "the reason is in the kernel log" sh -c "dmesg | grep -q 'shieldrt: period_us=1 out of range'"

srt_load "loops=\"name=m1 cpu=0 period_us=1000;name=m2 cpu=$ISO period_us=500 mode=poll force=1\"" || exit 1
t_eq "m1 from loops= is running" running "$(cat $SRT_DBG/m1/state)"
t_eq "m2 from loops= is running" running "$(cat $SRT_DBG/m2/state)"
t_wait_ge "m1 cycles" 100 30 st m1 cycles
t_wait_ge "m2 cycles" 100 30 st m2 cycles
# The thread by name; a process may exit while the glob is read.
pid=""
for f in /proc/[0-9]*/comm; do
	[ "$(cat "$f" 2>/dev/null)" = "shieldrt/$ISO" ] || continue
	pid=${f%/comm}
	pid=${pid#/proc/}
	break
done
t_check "loop thread named shieldrt/$ISO exists (pid ${pid:-none})" test -n "$pid"
t_eq "loop thread is SCHED_FIFO (policy in /proc/PID/stat)" 1 \
	"$(awk '{ print $41 }' /proc/${pid:-0}/stat 2>/dev/null)"
t_check "destroy a running loop" ctl "destroy m1"
t_check "its directory is gone" sh -c "! test -e $SRT_DBG/m1"
srt_unload
t_check "rmmod with a poll loop running: module gone" \
	sh -c "! grep -q '^shieldrt ' /proc/modules"
t_check "no loop thread left" sh -c "! grep -q '^shieldrt/' /proc/[0-9]*/comm"

# CPU offline under a running loop.  Not every CPU may go: x86 keeps its
# boot CPU, and a nohz_full kernel keeps the CPU doing the tick duty, so
# probe for one that can (without the module) before testing with loops.
OFF=$(offlinable_cpu $ISO)
if [ -z "$OFF" ]; then
	t_skip "cpu offline stops the loop" "this kernel lets no CPU go offline here (nohz_full tick duty / boot CPU)"
	exit 0
fi
note "cpu $OFF can go offline; testing loops on it"
ONL=/sys/devices/system/cpu/cpu$OFF/online
srt_load || exit 1
for mode in hrtimer hybrid poll; do
	t_check "create $mode loop on cpu $OFF" \
		ctl "create name=off cpu=$OFF period_us=1000 mode=$mode force=1"
	t_check "start it" ctl "start off"
	sleep 1
	if echo 0 >"$ONL"; then
		t_ok "$mode: cpu $OFF offline"
	else
		t_fail "$mode: cpu $OFF offline" "write failed"
		ctl "destroy off"
		continue
	fi
	t_eq "$mode: loop stopped by cpu offline" stopped "$(cat $SRT_DBG/off/state)"
	t_check "$mode: last_error gives the reason" \
		grep -q "cpu $OFF went offline" $SRT_DBG/off/last_error
	if echo "start off" >$SRT_DBG/control 2>/dev/null; then
		t_fail "$mode: start on an offline cpu refused"
	else
		t_ok "$mode: start on an offline cpu refused"
	fi
	t_check "$mode: reason is offline" grep -q "cpu $OFF is offline" $SRT_DBG/last_error
	t_check "$mode: cpu $OFF back online" sh -c "echo 1 >$ONL"
	t_check "$mode: loop starts again" ctl "start off"
	sleep 1
	t_check "$mode: stop" ctl "stop off"
	t_ge "$mode: cycles after restart" "$(st off cycles)" 10
	t_check "$mode: destroy" ctl "destroy off"
done
srt_unload
