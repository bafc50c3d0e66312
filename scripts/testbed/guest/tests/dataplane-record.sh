#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl record at the fastest rate the VM sustains (10 kHz for 10 s,
# else 1 kHz) accounts for every cycle: records + drops = cycles, and the
# drops it saw are the ones the kernel counted.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")

try_rate() {
	per=$1
	ctl "create name=rec cpu=$ISO period_us=$per mode=hrtimer" || {
		note "create failed: $(cat $SRT_DBG/last_error 2>/dev/null)"
		return 1
	}
	ctl "start rec" || return 1
	userctl record -l rec -d 10 -o /tmp/rec.csv >/tmp/rec.out 2>&1
	rc=$?
	ctl "stop rec"
	note "period ${per} us: $(cat /tmp/rec.out)"
	cycles=$(sed -n 's/.*cycles \([0-9]*\) (.*/\1/p' /tmp/rec.out)
	return $rc
}

srt_load || exit 1
try_rate 100
rc10=$rc
t_eq "record at 10 kHz: records + drops = cycles (exit status)" 0 "$rc10"
if [ "$rc10" = 0 ] && [ "${cycles:-0}" -ge 50000 ]; then
	rate="10 kHz"
else
	note "10 kHz not sustained in this VM (cycles ${cycles:-0}); 1 kHz"
	ctl "destroy rec"
	try_rate 1000
	rate="1 kHz"
fi
t_eq "record at $rate: records + drops = cycles (exit status)" 0 "$rc"
recs=$(sed -n 's/^records \([0-9]*\),.*/\1/p' /tmp/rec.out)
drops=$(sed -n 's/.*drops \([0-9]*\), cycles.*/\1/p' /tmp/rec.out)
kdrops=$(sed -n 's/.*kernel counted \([0-9]*\) drops.*/\1/p' /tmp/rec.out)
t_eq "CSV rows = records" "$recs" $(($(wc -l </tmp/rec.csv) - 1))
t_le "drops seen <= drops the kernel counted" "$drops" "$kdrops"
t_ge "recorded at least one cycle in ten" $((recs * 10)) "$cycles"
t_check "JSON output parses as one object with a summary" sh -c \
	"ctl() { echo \"\$*\" >$SRT_DBG/control; }; ctl 'start rec' && userctl record -l rec -n 100 -j -o /tmp/rec.json 2>/dev/null && grep -q '\"accounted\": *true' /tmp/rec.json"
ctl "stop rec"
t_check "destroy rec" ctl "destroy rec"
srt_unload
