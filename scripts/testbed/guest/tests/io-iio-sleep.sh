#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The negative control of "nothing sleeps inside the section": with the
# IIO provider's test-only parameter sleep_test=1, read() calls
# might_sleep() (the check every sleeping kernel function makes on entry)
# inside the loop's section, and a kernel with DEBUG_ATOMIC_SLEEP must
# report it: "BUG: sleeping function called from invalid context" at
# kmod/io/iio.c.  read() runs under the loop's I/O lock (a raw spinlock,
# interrupts off), so even section=none is atomic there; both none and
# raw_spinlock are tried.  The reports are declared expected
# (expect_splat_begin/_end, scripts/testbed/guest/lib.sh):
# scripts/testbed/vm-run does not count them as a failure, and fails the
# run if they did not come.
# io-iio runs the same provider without the flag and requires a clean log.
. /srt/lib.sh

case $SRT_KERNEL in
x86_64-debug*) ;;
*)
	t_skip "io-iio-sleep" "needs CONFIG_DEBUG_ATOMIC_SLEEP (the debug kernels); $SRT_KERNEL has none"
	exit 0 ;;
esac
IIO=/lib/shieldrt/shieldrt_iio.ko
SIM=/lib/shieldrt/shieldrt_iiosim.ko
if [ ! -f $IIO ] || [ ! -f $SIM ]; then
	t_skip "io-iio-sleep" "no shieldrt_iio.ko or shieldrt_iiosim.ko on this kernel"
	exit 0
fi
CPU=$(first_cpu "$SRT_ISOLATED")
[ -n "$CPU" ] || CPU=0
REPORT='BUG: sleeping function called from invalid context at .*kmod/io/iio.c'
pd() { awk -v k="$2:" '$1 == k { print $2 }' /sys/kernel/debug/shieldrt_iio/$1; }

t_check "the kernel's IIO modules load" srt_iio_load
srt_load || exit 1
t_check "insmod shieldrt_iiosim" insmod $SIM map=sn.in0=adc1,sr.in0=adc1
t_check "insmod shieldrt_iio sleep_test=1" insmod $IIO sleep_test=1
for sec in none raw_spinlock; do
	l=s${sec%"${sec#?}"}
	t_check "$l: create (section=$sec, in=0)" \
		ctl "create name=$l cpu=$CPU period_us=1000 mode=hrtimer section=$sec io=iio:in=0"
	t_check "$l: the binding says it calls might_sleep()" \
		grep -q '^# sleep_test' /sys/kernel/debug/shieldrt_iio/$l
	n=$(dmesg | wc -l)
	expect_splat_begin "$REPORT"
	t_check "$l: start" ctl "start $l"
	t_wait_ge "$l: 200 reads" 200 60 pd $l reads
	t_check "$l: stop" ctl "stop $l"
	expect_splat_end
	if new_log "$n" | grep -q "$REPORT"; then
		t_ok "$l: the kernel reported the sleeping call inside the section"
	else
		t_fail "$l: the kernel reported the sleeping call inside the section" \
			"no '$REPORT' in the log"
	fi
	# the report's context lines: its first line (and the marker before
	# it) in a note would read as a report outside the window to vm-run
	note "$l: $(new_log "$n" | grep -A3 'BUG: sleeping' | grep -v -e 'BUG:' -e 'shieldrt-test:' | head -n 3 | tr '\n' '|')"
	t_check "$l: destroy" ctl "destroy $l"
	# might_sleep() reports at most once a second
	sleep 1.1
done
t_check "rmmod shieldrt_iio" rmmod shieldrt_iio
t_check "rmmod shieldrt_iiosim" rmmod shieldrt_iiosim
srt_unload
