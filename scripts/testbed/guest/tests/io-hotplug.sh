#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A CPU going offline under a loop whose cycles a provider triggers, with
# its section under the loop's raw lock: the loop stops with the reason,
# the provider stays bound and keeps depositing (its triggers are counted
# as rejected while the loop is stopped), the loop starts again once the
# CPU is back, and the provider can still be unloaded cleanly.
. /srt/lib.sh

DAQ=/lib/shieldrt/shieldrt_simdaq.ko

if [ ! -f $DAQ ]; then
	t_skip "io hotplug" "no shieldrt_simdaq.ko for $SRT_KERNEL"
	exit 0
fi
ISO=$(first_cpu "$SRT_ISOLATED")
OFF=$(offlinable_cpu $ISO)
if [ -z "$OFF" ]; then
	t_skip "io hotplug" "this kernel lets no CPU go offline here (nohz_full tick duty / boot CPU)"
	exit 0
fi
ONL=/sys/devices/system/cpu/cpu$OFF/online

srt_load || exit 1
t_check "insmod shieldrt_simdaq" insmod $DAQ rate_hz=1000
t_check "create an external loop on cpu $OFF" \
	ctl "create name=hx cpu=$OFF period_us=1000 mode=external section=raw_spinlock io=simdaq:in=0-1:out=0:trigger"
t_check "start it" ctl "start hx"
t_wait_ge "triggered cycles run" 50 60 st hx cycles
t_check "cpu $OFF offline under the loop" sh -c "echo 0 >$ONL"
t_eq "the loop stopped" stopped "$(cat $SRT_DBG/hx/state)"
t_check "its last_error says why" grep -q "cpu $OFF went offline" $SRT_DBG/hx/last_error
t_check "the binding is still there" grep -q '^simdaq .*state=bound' $SRT_DBG/hx/io
r0=$(st hx triggers_rejected)
t_wait_ge "triggers to the stopped loop are counted as rejected" \
	$((r0 + 20)) 60 st hx triggers_rejected
t_check "cpu $OFF back online" sh -c "echo 1 >$ONL"
t_check "the loop starts again" ctl "start hx"
c0=$(st hx cycles)
t_wait_ge "and runs triggered cycles again" $((c0 + 50)) 60 st hx cycles
t_check "stop" ctl "stop hx"
t_check "rmmod the provider with the stopped loop bound" rmmod shieldrt_simdaq
t_check "the binding is gone" grep -q '^simdaq .*state=gone' $SRT_DBG/hx/io
t_check "destroy" ctl "destroy hx"
srt_unload
