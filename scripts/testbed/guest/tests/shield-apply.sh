#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# "userctl shield apply" then "restore" on the real guest kernel: dry run
# writes nothing, apply changes what it lists, restore leaves every
# touched file byte-identical and removes the state file.
. /srt/lib.sh

last=$((SRT_NCPUS - 1))
cpus=${SRT_ISOLATED:-$last}
state=/run/shieldrt/shield.state
snap=/tmp/shield-snap
out=/tmp/shield-apply.out

# The files a dry run says apply would touch.
userctl shield apply --cpus "$cpus" --dry-run > $out 2>&1
t_eq "dry run exits 0" 0 $?
sed 's/^/# /' $out
files=$(sed -n 's/^\(\/[^:]*\): .* -> .*/\1/p' $out)
t_check "dry run lists files to change" test -n "$files"
t_check "dry run left no state file" test ! -e $state

# snapshot FILE...: copy each file's bytes into $snap
snapshot() {
	rm -rf $snap
	mkdir -p $snap
	for f in $files; do
		cat "$f" > "$snap/$(echo "$f" | tr / _)"
	done
}
# unchanged: every snapshotted file still holds the same bytes
unchanged() {
	for f in $files; do
		cat "$f" > /tmp/shield-now
		cmp -s /tmp/shield-now "$snap/$(echo "$f" | tr / _)" ||
			{ echo "$f differs"; return 1; }
	done
}
snapshot
userctl shield apply --cpus "$cpus" --dry-run > /dev/null 2>&1
t_check "a second dry run changed nothing" unchanged

userctl shield apply --cpus "$cpus" > $out 2>&1
rc=$?
sed 's/^/# /' $out
t_eq "apply exits 0" 0 $rc
t_check "state file written" test -s $state
t_eq "RT throttling off" -1 "$(cat /proc/sys/kernel/sched_rt_runtime_us)"
t_eq "timer_migration 0" 0 "$(cat /proc/sys/kernel/timer_migration)"
nset=$(grep -c '^set ' $out)
t_eq "one state line per change" "$nset" "$(grep -vc '^#' $state)"
warns=$(grep -c '^WARN ' $out)
note "$nset changed, $warns unmovable IRQs (EPERM/EIO) left as they were"
for irq in $(sed -n 's/^WARN  \/proc\/irq\/\([0-9]*\)\/.*/\1/p' $out); do
	note "unmovable: IRQ $irq $(grep "^ *$irq:" /proc/interrupts | tr -s ' ' | cut -c1-60)"
done

userctl shield audit --cpus "$cpus" > $out.audit 2>&1
for c in sysctl.sched_rt_runtime_us sysctl.timer_migration \
	 workqueue.cpumask workqueue.writeback sysctl.watchdog_cpumask; do
	v=$(grep "^[A-Z]*  $c " $out.audit | cut -c1-4)
	case $v in
	SKIP|PASS) t_ok "after apply: $c $v" ;;
	*) t_fail "after apply: $c" "got '$v'" ;;
	esac
done
# IRQs still FAILing after apply must be ones apply could not move.
movable=""
for i in $(sed -n 's/^FAIL  irq\.\([0-9]*\) .*/\1/p' $out.audit); do
	grep -q "^WARN  /proc/irq/$i/" $out || movable="$movable $i"
done
t_eq "after apply only unmovable IRQs still FAIL" "" "$movable"

userctl shield apply --cpus "$cpus" > $out.again 2>&1
t_eq "apply while applied is refused" 1 $?

userctl shield restore > $out 2>&1
t_eq "restore exits 0" 0 $?
t_check "every touched file byte-identical after restore" unchanged
t_check "restore removed the state file" test ! -e $state
userctl shield restore > /dev/null 2>&1
t_eq "restore without a state file fails" 1 $?
