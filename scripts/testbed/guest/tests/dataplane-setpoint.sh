#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A setpoint written through /dev/shieldrt reaches the loop within one
# cycle: the loop echoes inputs to outputs, and the telemetry record of
# the cycle the mailbox update took effect already shows it at out0.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
dpf() { awk -v k="$1:" '$1 == k { print $2 }' $SRT_DBG/dp/dataplane; }

srt_load || exit 1
t_check "create loop dp" ctl "create name=dp cpu=$ISO period_us=1000 mode=hrtimer"
t_check "start dp" ctl "start dp"
t_check "/dev/shieldrt exists, mode 0660" \
	sh -c "[ \"\$(stat -c %a /dev/shieldrt)\" = 660 ]"
sleep 1
userctl record -l dp -d 3 -o /tmp/sp.csv >/tmp/sp.rec 2>&1 &
rec=$!
sleep 1
out=$(userctl setpoint -l dp 0=1.5 1=2 2>&1)
t_check "setpoint 0=1.5 1=2 taken: $out" sh -c "echo '$out' | grep -q 'took effect at cycle'"
wait $rec
t_check "record accounted for every cycle: $(cat /tmp/sp.rec)" \
	grep -q "records + drops = cycles" /tmp/sp.rec
c=$(echo "$out" | sed -n 's/.*cycle \([0-9]*\).*/\1/p')
# columns: seq,cycle,...,flags(10), in0..in7 (11-18), out0..out7 (19-26)
at=$(awk -F, -v c="$c" '$2 == c { print $11 "," $12 "," $19 "," $20 }' /tmp/sp.csv)
# the record before it (the loop may have skipped periods in between)
before=$(awk -F, -v c="$c" 'NR > 1 && $2 < c { v = $19 } END { print v }' /tmp/sp.csv)
t_eq "cycle $c: in0,in1,out0,out1 = new values" "1.5,2,1.5,2" "$at"
t_eq "record before cycle $c: out0 still the old value" 0 "$before"
t_check "rejecting an out-of-range index" sh -c "! userctl setpoint -l dp 99=1 2>/dev/null"
t_check "rejecting NaN" sh -c "! userctl setpoint -l dp 0=nan 2>/dev/null"
t_check "unknown loop is a clear error" sh -c "userctl setpoint -l nope 0=1 2>&1 | grep -q 'no such loop'"
if userctl scribble -l dp --abi >/tmp/abi.out 2>&1; then
	t_ok "ABI refusals (mmap size/offset/protection, stores into the kernel part, MADV_DONTNEED, ioctls)"
else
	t_fail "ABI refusals" "$(grep -v '^ok' /tmp/abi.out | head -n 5)"
fi
sed 's/^/# /' /tmp/abi.out
t_ge "debugfs dataplane: the update counted" "$(dpf mbox_updates)" 1
t_eq "debugfs dataplane: update seq as userctl saw it" \
	"$(echo "$out" | sed -n 's/update \([0-9]*\) took.*/\1/p')" "$(dpf mbox_seq)"

# Inputs by name: a chain's "input" signals map in order to input 0, 1...
printf 'input a b\noutput y\nblock g gain in=b out=y k=2\n' >/tmp/sp.chain
if ctl "create name=dq cpu=$ISO period_us=1000 mode=hrtimer" &&
   userctl chain load -l dq /tmp/sp.chain >/tmp/sp.chainload 2>&1; then
	t_check "start dq (chain: y = 2 b)" ctl "start dq"
	t_check "setpoint by name: b=1.5" userctl setpoint -l dq b=1.5
	userctl top -l dq -d 0.2 -n 1 >/tmp/sp.top 2>&1
	t_check "telemetry: in1 (b) = 1.5, out0 (y) = 3: $(tail -2 /tmp/sp.top | head -1)" \
		grep -q "in0=0 in1=1.5 out0=3" /tmp/sp.top
	t_check "an unknown input name is a clear error" \
		sh -c "userctl setpoint -l dq nosuch=1 2>&1 | grep -q \"no chain input 'nosuch'\""
	ctl "stop dq"
	t_check "destroy dq" ctl "destroy dq"
else
	t_fail "loop with a chain for setpoint by name" \
		"$(cat $SRT_DBG/last_error /tmp/sp.chainload 2>/dev/null)"
fi
t_check "stop dp" ctl "stop dp"
r=$(dpf tel_records) d=$(dpf tel_drops) n=$(dpf cycles)
t_eq "debugfs dataplane (stopped): records $r + drops $d = cycles" "$n" $((r + d))
t_check "destroy dp" ctl "destroy dp"
srt_unload
