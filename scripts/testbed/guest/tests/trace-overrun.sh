#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# scripts/bench/trace-first-overrun (in the guest's /bin): tracing stops at the
# first overrun of the loop it watches (traceoff), or keeps it in the
# snapshot buffer (--snapshot); the trace holds what led up to it, and
# the tracing settings are put back afterwards.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((SRT_NCPUS - 1))
TR=/sys/kernel/tracing
# triggers: what the trigger file lists besides its comment lines
triggers() { grep -v '^#' $TR/events/shieldrt/overrun/trigger; }

srt_load || exit 1
# a slow loop on CPU 0 shows the events before the overrun (it may
# overrun too under TCG: the filter on the loop ignores that), then a
# loop that overruns every cycle
t_check "create loop calm" ctl "create name=calm cpu=0 period_us=20000 mode=hrtimer"
t_check "start calm" ctl "start calm"

# run_watch NAME ARGS...: the script in the background, then the
# overrunning loop; $rc is its exit status, /tmp/NAME.txt its trace
run_watch() {
	local name=$1 pid
	shift
	trace-first-overrun "$@" -o /tmp/$name.txt 2>/tmp/$name.err &
	pid=$!
	# ov starts once the trigger is armed: an overrun before it would be
	# in the buffer ahead of the one the trigger stops at (a fixed sleep
	# was too short on a loaded host)
	n=0
	while [ -z "$(triggers)" ] && [ $n -lt 300 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	# the events are on once the trigger is armed: let calm make six
	# more cycles first, so at least five of its cycle events precede
	# the overrun (counted, not timed: the arm64 guest once got one)
	c0=$(st calm cycles)
	t_wait_ge "$name: calm made six cycles with the events on" \
		$((c0 + 6)) 30 st calm cycles
	ctl "create name=ov cpu=$ISO period_us=1000 workload_ns=1500000 policy=skip"
	ctl "start ov"
	wait $pid
	rc=$?
	ctl "stop ov"
	ctl "destroy ov"
	note "$name: $(cat /tmp/$name.err | tr '\n' ' ')"
}

run_watch off -l ov -t 60
t_eq "traceoff: an overrun was caught (exit 0)" 0 "$rc"
t_eq "traceoff: the trace holds exactly one overrun, of ov" 1 \
	"$(grep -c 'overrun: loop=ov ' /tmp/off.txt)"
t_ge "traceoff: the calm loop's cycles lead up to it" \
	"$(grep -c 'cycle: loop=calm ' /tmp/off.txt)" 5
t_eq "traceoff: tracing is on again" 1 "$(cat $TR/tracing_on)"
t_eq "traceoff: the trigger is gone" "" "$(triggers)"
t_eq "traceoff: the events it enabled are off again" 0 \
	"$(cat $TR/events/shieldrt/enable)"

if [ -e $TR/snapshot ]; then
	run_watch snap -l ov -t 60 --snapshot
	t_eq "snapshot: an overrun was caught (exit 0)" 0 "$rc"
	t_eq "snapshot: the snapshot holds one overrun, of ov" 1 \
		"$(grep -c 'overrun: loop=ov ' /tmp/snap.txt)"
	t_eq "snapshot: the trigger is gone" "" "$(triggers)"
else
	t_skip "snapshot" "no snapshot buffer in this kernel"
fi

rc=0
trace-first-overrun -l nosuch -t 2 -o /tmp/none.txt 2>/tmp/none.err || rc=$?
t_eq "no overrun within -t: exit 1" 1 "$rc"
t_check "and says so" grep -q "no overrun within 2s" /tmp/none.err
t_check "the buffer is written all the same" grep -q 'cycle: loop=calm ' /tmp/none.txt
rc=0
trace-first-overrun -l 'a b' 2>/dev/null || rc=$?
t_eq "a bad loop name: exit 2" 2 "$rc"

t_check "stop calm" ctl "stop calm"
t_check "destroy calm" ctl "destroy calm"
srt_unload
