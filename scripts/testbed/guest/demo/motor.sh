#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The README's demo: a 1 kHz loop on a shielded CPU closes the position
# loop of a simulated DC motor (algorithms/chains/demo-motor.chain), is fed
# a step and then a trajectory from user space, and shows what it did.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))
D=$SRT_DBG/demo
say() { echo "# $*"; }
run() { say "\$ $*"; "$@" 2>&1 | sed 's/^/#   /'; }

insmod $SRT_MOD || { t_fail "insmod"; exit 1; }
say "shieldrt on $(uname -r) ($SRT_ARCH), loop on shielded CPU $ISO"
run userctl loop create -l demo cpu=$ISO period_us=1000 mode=hrtimer prio=80
run userctl chain load -l demo /srt/chains/demo-motor.chain
run userctl loop start -l demo

# A trapezoidal trajectory, one target per cycle: 1 -> 3 rad, hold, -> 2 rad
awk 'BEGIN {
	for (i = 1; i <= 400; i++) print 1 + 2 * i / 400
	for (i = 0; i < 300; i++) print 3
	for (i = 1; i <= 200; i++) print 3 - i / 200
}' >/tmp/trajectory.csv

userctl record -l demo -d 3.5 -m -o /tmp/demo.csv >/tmp/record.out 2>&1 &
rec=$!
sleep 0.3
run userctl setpoint -l demo target=1
sleep 1.2
run userctl stream -l demo -c -f /tmp/trajectory.csv
wait $rec
say "$(cat /tmp/record.out)"

say ""
say "every 100th telemetry record (target and position in rad, u in V):"
awk -F, '
	/^#/ || /^seq/ { next }
	{ n++ }
	n % 100 == 1 {
		printf "#   %6d  target %7.4f  pos %8.5f  u %8.4f  err %9.2e\n",
			n, $(NF - 4), $(NF - 1), $(NF - 3), $NF
	}' /tmp/demo.csv
say ""
run userctl status -l demo
say "\$ userctl hist -l demo   (summary rows)"
userctl hist -l demo | grep -E '^(#|  *(over|count|min|avg|max):)' | sed 's/^/#   /'
# what scripts/testbed/demo draws and reports: the recording, the loop's
# histograms and counters (scripts/testbed/vm-run --export)
userctl hist -l demo --json >/tmp/hist.json && userctl status -l demo --json >/tmp/status.json ||
	t_fail "hist and status --json"
for f in /tmp/demo.csv /tmp/hist.json /tmp/status.json; do
	srt_export "$f"
done
run userctl loop stop -l demo
run userctl loop destroy -l demo
rmmod shieldrt && t_ok "demo ran" || t_fail "rmmod"
