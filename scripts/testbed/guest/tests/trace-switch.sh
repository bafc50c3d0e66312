#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Switching the shieldrt events on and off while loops run, one at 50 us:
# each switch patches kernel text (static keys) under running hrtimer
# callbacks.  Nothing may oops or splat (the host checks the log), every
# loop keeps cycling, and the events record while on.  SRT_TRACE_SWITCHES
# on/off pairs (default 40; the reliability campaign runs 200).
#
# Debian's stock x86_64 6.12 kernel dies here under TCG ("Oops: int3" in
# ttwu_do_activate, from an hrtimer wake-up), on QEMU 7.2 and 10.0 alike,
# and just as well with shieldrt not loaded at all: cyclictest -t 4 -i 50
# plus 200 switches of the stock timer:hrtimer_cancel event did it in each
# of 3 runs (docs/design.md, "Testbed").  The debug kernels (6.12.117,
# same QEMU) and the arm64 and armhf kernels pass.  So this test skips the
# stock x86_64 kernels unless SRT_TRACE_SWITCH_FORCE=1.
. /srt/lib.sh

T=/sys/kernel/tracing
N=${SRT_TRACE_SWITCHES:-40}
NC=${SRT_NCPUS:-2}
ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((NC - 1))

case $SRT_ARCH:$SRT_KERNEL:${SRT_TRACE_SWITCH_FORCE:-0} in
x86_64:x86_64-debug*:* | *:1 | arm*) ;;
*)
	t_skip "trace-switch" "stock x86_64 kernel: its text patching oopses under TCG without shieldrt too"
	exit 0 ;;
esac
srt_load || exit 1
if [ ! -d $T/events/shieldrt ]; then
	t_skip "trace-switch" "no tracefs events in this kernel"
	srt_unload
	exit 0
fi
# 50 us on the isolated CPU, the others spread over every CPU
t_check "create tw0 (50 us, cpu $ISO)" \
	ctl "create name=tw0 cpu=$ISO period_us=50 mode=hrtimer"
i=1
for p in 200 500 1000; do
	cpu=$(( (ISO + i) % NC ))
	t_check "create tw$i ($p us, cpu $cpu)" \
		ctl "create name=tw$i cpu=$cpu period_us=$p mode=hrtimer"
	i=$((i + 1))
done
for i in 0 1 2 3; do t_check "start tw$i" ctl "start tw$i"; done
for i in 0 1 2 3; do eval c$i=$(st tw$i cycles); done

echo 0 >$T/tracing_on
echo >$T/trace
echo 1 >$T/tracing_on
k=0 bad=0
while [ $k -lt "$N" ]; do
	echo 1 >$T/events/shieldrt/enable || bad=$((bad + 1))
	echo 0 >$T/events/shieldrt/enable || bad=$((bad + 1))
	k=$((k + 1))
done
t_eq "$N on/off switches of events/shieldrt, every write taken" 0 $bad
# the last window on, long enough for the 1 ms loop to record
echo 1 >$T/events/shieldrt/cycle/enable
sleep 1
echo 0 >$T/events/shieldrt/cycle/enable
t_ge "cycle events recorded while on" \
	"$(grep -c 'shieldrt_cycle\|cycle:' $T/trace)" 1
echo >$T/trace	# on, and empty, as the other tests expect it
for i in 0 1 2 3; do
	eval c=\$c$i
	t_eq "tw$i still running" running "$(cat $SRT_DBG/tw$i/state)"
	t_wait_ge "tw$i kept cycling" $((c + 10)) 30 st tw$i cycles
done
for i in 0 1 2 3; do ctl "stop tw$i"; ctl "destroy tw$i"; done
t_eq "every loop gone" "" "$(cat $SRT_DBG/loops | grep '^tw' || true)"
srt_unload
