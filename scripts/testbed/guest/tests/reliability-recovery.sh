#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Recovery: each case ends in safe state with its reason, and resume
# brings the loop back (state running, cycles advance).  What other tests
# already cover is not repeated: a stuck heartbeat and a feeder that stops
# (dataplane-heartbeat.sh), a limit trip and its resume (safety-limits.sh),
# a provider unloaded under running loops (io-simdaq.sh, io-pcibar.sh).
# New here:
#   - a heartbeat feeder killed with SIGKILL while holding the mapping;
#   - a chain whose output overflows to Inf (reason nonfinite), resumed
#     once the input is sane again;
#   - resume after the bound provider was unloaded: refused (the loop
#     stays in safe state, reason io), and so is start, each with the way
#     out (destroy and create), which brings it back once the provider is
#     loaded again.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))
DAQ=/lib/shieldrt/shieldrt_simdaq.ko
# safe_then_resume LOOP REASON: safe with REASON, then resume: running
# and cycling
safe_then_resume() {
	if wait_state $1 safe 30; then t_ok "$1: safe state"; else
		t_fail "$1: safe state" "state $(cat $SRT_DBG/$1/state)"; fi
	t_eq "$1: safe_reason $2" "$2" "$(st $1 safe_reason)"
}
resumed() {
	t_check "$1: resume" ctl "resume $1"
	if wait_state $1 running 30; then t_ok "$1: running again"; else
		t_fail "$1: running again" "state $(cat $SRT_DBG/$1/state)"; fi
	c=$(st $1 cycles)
	t_wait_ge "$1: cycles advance after resume" $((c + 50)) 60 st $1 cycles
}

# feed_kf: a heartbeat feeder for kf in the background ($feeder), back
# once it has mapped the region (it bumps right after)
feed_kf() {
	local i=0
	userctl heartbeat -l kf -e 0.005 -d 100000 >/dev/null 2>&1 &
	feeder=$!
	while [ $i -lt 100 ] && ! grep -q shieldrt /proc/$feeder/maps 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	sleep 0.2
}

srt_load || exit 1
# The feeders are stopped with SIGTERM: background jobs of a
# non-interactive shell ignore SIGINT.

# 1. A feeder killed with SIGKILL while it holds the mapping.
# The feeder starts first and the loop only once it has mapped the
# region: a debug kernel under emulation can take longer than the 200
# cycles to fork and exec it.
t_check "create kf, heartbeat_cycles=200" \
	ctl "create name=kf cpu=$ISO period_us=1000 mode=hrtimer heartbeat_cycles=200"
feed_kf
t_check "the feeder maps the region" grep -q shieldrt /proc/$feeder/maps
t_check "start kf" ctl "start kf"
sleep 2
t_eq "kf: running while fed" running "$(cat $SRT_DBG/kf/state)"
t_check "setpoints while fed" userctl setpoint -l kf 0=1.5
kill -9 $feeder
wait $feeder 2>/dev/null
safe_then_resume kf heartbeat
feed_kf
resumed kf
kill $feeder
wait $feeder 2>/dev/null
t_check "stop and destroy kf" sh -c "echo 'stop kf' >$SRT_DBG/control && echo 'destroy kf' >$SRT_DBG/control"

# 2. A chain producing a non-finite value: 1e300 * 1e12 = Inf (k <= 1e12).
cat >/tmp/nf.chain <<'CH'
input x
output y
block g gain in=x out=y k=1e12
CH
t_check "create nf" ctl "create name=nf cpu=$ISO period_us=1000 mode=hrtimer"
t_check "nf: load the gain chain" userctl chain load -l nf /tmp/nf.chain
t_check "start nf" ctl "start nf"
t_check "x = 1e300" userctl setpoint -l nf 0=1e300
safe_then_resume nf nonfinite
t_ge "nf: the non-finite step is counted" "$(st nf chain_nonfinite)" 1
t_check "x = 1 again" userctl setpoint -l nf 0=1
resumed nf
t_check "stop and destroy nf" sh -c "echo 'stop nf' >$SRT_DBG/control && echo 'destroy nf' >$SRT_DBG/control"

# 3. Resume after the provider went away.
if [ -f $DAQ ]; then
	t_check "insmod shieldrt_simdaq" insmod $DAQ rate_hz=1000
	t_check "create pv bound to simdaq" \
		ctl "create name=pv cpu=$ISO period_us=1000 mode=hrtimer io=simdaq:in=0-1:out=0"
	t_check "start pv" ctl "start pv"
	t_wait_ge "pv cycles" 50 60 st pv cycles
	t_check "rmmod shieldrt_simdaq while pv runs bound" rmmod shieldrt_simdaq
	safe_then_resume pv io
	e=$(st pv safe_entries)
	t_check "pv: resume refused while its provider is gone" sh -c "! echo 'resume pv' >$SRT_DBG/control"
	t_check "pv: the reason says destroy and create" grep -q "destroy and create" $SRT_DBG/last_error
	sleep 0.2
	t_eq "pv: still in safe state, reason io, not entered again" "safe io $e" \
		"$(cat $SRT_DBG/pv/state) $(st pv safe_reason) $(st pv safe_entries)"
	ctl "stop pv"
	t_check "pv: start refused while its provider is gone" sh -c "! echo 'start pv' >$SRT_DBG/control"
	t_check "pv: the reason says destroy and create" grep -q "destroy and create" $SRT_DBG/last_error
	t_check "insmod shieldrt_simdaq again" insmod $DAQ rate_hz=1000
	t_check "destroy and create pv" sh -c "echo 'destroy pv' >$SRT_DBG/control && echo 'create name=pv cpu=$ISO period_us=1000 mode=hrtimer io=simdaq:in=0-1:out=0' >$SRT_DBG/control"
	t_check "start pv" ctl "start pv"
	t_wait_ge "pv cycles again" 50 60 st pv cycles
	t_eq "pv: running" running "$(cat $SRT_DBG/pv/state)"
	ctl "stop pv"
	t_check "destroy pv" ctl "destroy pv"
	t_check "rmmod shieldrt_simdaq" rmmod shieldrt_simdaq
else
	t_skip "provider unloaded while bound" "no shieldrt_simdaq.ko for $SRT_KERNEL"
fi
srt_unload
