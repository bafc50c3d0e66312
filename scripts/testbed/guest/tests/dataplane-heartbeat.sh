#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The heartbeat watchdog: a loop with heartbeat_cycles=N goes to safe
# state (traced, reason heartbeat) when nobody bumps the region's
# heartbeat for N cycles; it stays running while a feeder bumps it through
# the mapping or SHIELDRT_IOC_HEARTBEAT, and trips again when the feeder
# stops.  heartbeat_cycles is a live key; bad values are refused.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
TR=/sys/kernel/tracing
st() { awk -v k="$1:" '$1 == k { print $2 }' $SRT_DBG/hb/stats; }
dpf() { awk -v k="$1:" '$1 == k { print $2 }' $SRT_DBG/hb/dataplane; }

srt_load || exit 1
echo 1 >$TR/events/shieldrt/safe_state/enable 2>/dev/null
echo >$TR/trace 2>/dev/null

# 200 cycles at 1 ms: the feeder below bumps every 5 ms, 40 times as often.
t_check "create loop hb, heartbeat_cycles=200" \
	ctl "create name=hb cpu=$ISO period_us=1000 mode=hrtimer heartbeat_cycles=200"
t_eq "config shows heartbeat_cycles" 200 \
	"$(awk -F= '$1 == "heartbeat_cycles" { print $2 }' $SRT_DBG/hb/config)"
t_check "start hb (no feeder)" ctl "start hb"
if wait_state hb safe 20; then t_ok "no feeder: safe state"; else
	t_fail "no feeder: safe state" "state $(cat $SRT_DBG/hb/state)"; fi
t_eq "no feeder: reason heartbeat" heartbeat "$(st safe_reason)"
t_ge "no feeder: tripped after at least 200 cycles" "$(st cycles)" 200
t_check "trace: safe_state enter reason=heartbeat" \
	grep -q "loop=hb .* enter reason=heartbeat" $TR/trace

# A feeder through the mapping keeps it running.
userctl heartbeat -l hb -e 0.005 -d 6 >/tmp/hb.map 2>&1 &
feeder=$!
sleep 0.5
t_check "resume while fed" ctl "resume hb"
sleep 2
t_eq "fed through the mapping: still running" running "$(cat $SRT_DBG/hb/state)"
t_eq "fed: no new safe entry" 1 "$(st safe_entries)"
wait $feeder
t_check "feeder reported its bumps: $(cat /tmp/hb.map)" \
	grep -q "^bumps [1-9][0-9]* heartbeat [1-9]" /tmp/hb.map
if wait_state hb safe 20; then t_ok "feeder gone: safe state again"; else
	t_fail "feeder gone: safe state again" "state $(cat $SRT_DBG/hb/state)"; fi
t_eq "feeder gone: second entry" 2 "$(st safe_entries)"

# The same through the ioctl, for processes without a mapping.
hb0=$(dpf heartbeat)
userctl heartbeat -l hb --ioctl -e 0.005 -d 4 >/tmp/hb.ioctl 2>&1 &
feeder=$!
sleep 0.5
t_check "resume while fed by ioctl" ctl "resume hb"
sleep 2
t_eq "fed through SHIELDRT_IOC_HEARTBEAT: still running" running \
	"$(cat $SRT_DBG/hb/state)"
wait $feeder
t_ge "the kernel read the ioctl's bumps ($hb0 -> $(dpf heartbeat))" \
	"$(dpf heartbeat)" $((hb0 + 10))
if wait_state hb safe 20; then t_ok "ioctl feeder gone: safe state"; else
	t_fail "ioctl feeder gone: safe state" "state $(cat $SRT_DBG/hb/state)"; fi

# Live key: 0 disarms the watchdog; bad values leave the loop as it was.
t_check "heartbeat_cycles=abc refused" \
	sh -c "! echo heartbeat_cycles=abc >$SRT_DBG/hb/config"
t_check "heartbeat_cycles=-1 refused" \
	sh -c "! echo heartbeat_cycles=-1 >$SRT_DBG/hb/config"
t_check "heartbeat_cycles=99999999999 refused" \
	sh -c "! echo heartbeat_cycles=99999999999 >$SRT_DBG/hb/config"
t_eq "still safe after the refusals" safe "$(cat $SRT_DBG/hb/state)"
t_check "heartbeat_cycles=0 (live) disarms" \
	sh -c "echo heartbeat_cycles=0 >$SRT_DBG/hb/config"
t_check "resume without a feeder" ctl "resume hb"
c0=$(st cycles)
t_wait_ge "disarmed: runs 400 cycles without a feeder" $((c0 + 400)) 60 st cycles
t_eq "disarmed: still running" running "$(cat $SRT_DBG/hb/state)"
t_check "stop hb" ctl "stop hb"
t_check "destroy hb" ctl "destroy hb"
echo 0 >$TR/events/shieldrt/safe_state/enable 2>/dev/null
srt_unload
