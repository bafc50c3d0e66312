#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A hostile writer scribbling random bytes over the writable part of the
# mapping while the loop runs: no crash, no splat (the host fails the run
# on any), the loop keeps cycling, the kernel only counts rejections, and
# what the kernel writes stays as it wrote it for every other reader.
# SRT_FUZZ_BYTES bytes (default 16 MiB; the reliability campaign's fuzz-vm
# stage writes more) at random places and sweeping every writable byte,
# SRT_FUZZ_SEED to replay a run.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
dpf() { awk -v k="$1:" '$1 == k { print $2 }' $SRT_DBG/hs/dataplane; }

srt_load || exit 1
t_check "create loop hs" ctl "create name=hs cpu=$ISO period_us=500 mode=hrtimer"
t_check "start hs" ctl "start hs"
c0=$(st hs cycles)
B=${SRT_FUZZ_BYTES:-16777216}
if userctl scribble -l hs -n "$B" ${SRT_FUZZ_SEED:+-s "$SRT_FUZZ_SEED"} >/tmp/hs.scr 2>&1; then
	note "scribble $(grep '^kernel rejections' /tmp/hs.scr)"
	t_ok "scribble: $(tail -n 1 /tmp/hs.scr)"
else
	t_fail "scribble $B bytes over the region" "$(tail -n 2 /tmp/hs.scr)"
fi
t_check "a fresh mapper finds the header intact and the kernel part read-only" \
	userctl scribble -l hs --abi
userctl top -l hs -d 0.5 -n 1 >/tmp/hs.top 2>&1
note "$(cat /tmp/hs.top)"
t_eq "loop still running" running "$(cat $SRT_DBG/hs/state)"
t_wait_ge "loop kept cycling" $((c0 + 100)) 30 st hs cycles
rej=$(awk '/resyncs/ { for (i = 1; i < NF; i++) if ($i == "resyncs") print $(i + 1) }' /tmp/hs.top)
t_ge "impossible command tails counted (resyncs)" "${rej:-0}" 1
t_ge "debugfs dataplane counts them too (cmd_resyncs)" "$(dpf cmd_resyncs)" 1
t_check "a clean writer works again afterwards" userctl setpoint -l hs 0=3
t_eq "debugfs dataplane: the loop is not dead" 0 "$(dpf dead)"
t_check "stop hs" ctl "stop hs"
t_check "destroy hs" ctl "destroy hs"
srt_unload
