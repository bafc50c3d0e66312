#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What "shield apply" does beyond files: a busy user task pinned to every
# CPU is off the shielded CPUs after apply and back on them after restore;
# idle states, pm_qos_resume_latency_us and nmi_watchdog come back byte
# for byte; a task that exits in between is reported, not an error; with
# cgroup v2 and the cpuset controller, an isolated partition keeps a new
# task off the shield until restore.
. /srt/lib.sh

last=$((SRT_NCPUS - 1))
cpus=${SRT_ISOLATED:-$last}
all=0-$last
out=/tmp/shield-tasks.out
snap=/tmp/shield-tasks-snap

allowed() { sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$1/status"; }

# An NMI watchdog that is off already would make its restore check
# trivial: turn it on first where the kernel lets us, off again at the end.
nmi_was=""
if [ "$(cat /proc/sys/kernel/nmi_watchdog 2>/dev/null)" = 0 ]; then
	if (echo 1 > /proc/sys/kernel/nmi_watchdog) 2>/dev/null; then
		nmi_was=0
	else
		note "nmi_watchdog is 0 and cannot be turned on (no hard lockup detector here)"
	fi
fi
# The idle, pm_qos and nmi_watchdog files this kernel has.
files=""
for c in $(seq 1 $last); do
	for f in /sys/devices/system/cpu/cpu$c/cpuidle/state*/disable \
		 /sys/devices/system/cpu/cpu$c/power/pm_qos_resume_latency_us; do
		[ -e "$f" ] && files="$files $f"
	done
done
[ -e /proc/sys/kernel/nmi_watchdog ] && files="$files /proc/sys/kernel/nmi_watchdog"
ls -d /sys/devices/system/cpu/cpu$last/cpuidle/state* > /dev/null 2>&1 ||
	note "this kernel has no cpuidle states on cpu$last: idle-state step not exercised"
[ -e /sys/devices/system/cpu/cpu$last/power/pm_qos_resume_latency_us ] ||
	note "no pm_qos_resume_latency_us (kernel without CONFIG_PM)"
[ -e /proc/sys/kernel/nmi_watchdog ] ||
	note "no /proc/sys/kernel/nmi_watchdog: NMI watchdog step not exercised"
note "checked exactly:${files:- (none)}"
rm -rf $snap
mkdir -p $snap
for f in $files; do
	cat "$f" > "$snap/$(echo "$f" | tr / _)"
done
same_files() {
	for f in $files; do
		cat "$f" > /tmp/shield-tasks-now
		cmp -s /tmp/shield-tasks-now "$snap/$(echo "$f" | tr / _)" ||
			{ echo "$f differs: $(cat "$f")"; return 1; }
	done
}

# cgroup v2 with cpuset for children, where the kernel has them.
cg=""
if grep -q cgroup2 /proc/filesystems; then
	mkdir -p /sys/fs/cgroup
	if mount -t cgroup2 none /sys/fs/cgroup 2>/dev/null; then
		cg=mounted
		echo +cpuset > /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null ||
			cg=nocpuset
	fi
fi
[ "$cg" = mounted ] ||
	note "no cgroup v2 with cpuset here (${cg:-no cgroup2 file system}): partition step not exercised"

# Busy tasks on every CPU: one stays, one exits before restore.
sh -c 'while :; do :; done' &
busy=$!
sh -c 'while :; do :; done' &
quitter=$!
taskset -pc $all $busy > /dev/null
taskset -pc $all $quitter > /dev/null
t_eq "busy task allowed on every CPU before apply" $all "$(allowed $busy)"

userctl shield apply --cpus "$cpus" --nmi-watchdog off > $out 2>&1
rc=$?
sed 's/^/# /' $out
t_eq "apply exits 0" 0 $rc
t_check "apply lists the busy task it moved" \
	grep -q "^set   task sh\[$busy\]: $all -> " $out
house=$(sed -n 's/^# shield apply: .* housekeeping CPU //p' $out)
t_eq "busy task only on the housekeeping CPUs after apply" "$house" \
	"$(allowed $busy)"
t_check "kernel threads that cannot move are listed by name" \
	grep -q "^skip  [0-9]* kernel threads not moved (PF_NO_SETAFFINITY" $out
if [ -e /proc/sys/kernel/nmi_watchdog ]; then
	t_eq "nmi_watchdog 0 after apply" 0 "$(cat /proc/sys/kernel/nmi_watchdog)"
	[ "$(cat $snap/_proc_sys_kernel_nmi_watchdog)" = 0 ] ||
		t_check "apply lists the NMI watchdog" \
			grep -q "^set   /proc/sys/kernel/nmi_watchdog: 1 -> 0" $out
fi
f=/sys/devices/system/cpu/cpu$last/cpuidle/state1/disable
if [ -e $f ]; then
	t_eq "cpu$last idle state1 disabled" 1 "$(cat $f)"
fi
f=/sys/devices/system/cpu/cpu$last/power/pm_qos_resume_latency_us
if [ -e $f ]; then
	t_eq "cpu$last pm_qos_resume_latency_us n/a" n/a "$(cat $f)"
fi
p=/sys/fs/cgroup/shieldrt
if [ "$cg" = mounted ] && grep -q "^WARN  $p: " $out; then
	# 6.12 refuses an isolated partition of boot-time isolcpus CPUs
	# ("conflicts with housekeeping setup"): apply must undo its mkdir.
	note "the kernel refused the partition: $(grep "^WARN  $p: " $out)"
	t_check "refused partition: its cgroup is gone again" test ! -e $p
	t_check "refused partition: not in the state file" sh -c \
		"! grep -q '^partition:' /run/shieldrt/shield.state"
elif [ "$cg" = mounted ]; then
	t_check "apply made the partition" grep -q "^set   $p: isolated" $out
	t_eq "partition is isolated" isolated "$(cat $p/cpuset.cpus.partition)"
	# a new task asking for every CPU gets the housekeeping ones
	taskset -c $all sleep 30 &
	new=$!
	sleep 0.2
	t_eq "a task started on every CPU after apply gets housekeeping only" \
		"$house" "$(allowed $new)"
	kill $new
	userctl shield audit --cpus "$cpus" > $out.audit 2>&1
	t_check "audit: partition PASS" grep -q "^PASS  cgroup.partition " $out.audit
fi
userctl shield audit --cpus "$cpus" > $out.audit 2>&1
t_check "audit: no user task on the shield" grep -q "^PASS  tasks.user " $out.audit

kill $quitter
wait $quitter 2>/dev/null
userctl shield restore > $out 2>&1
rc=$?
sed 's/^/# /' $out
t_eq "restore exits 0 with a task gone" 0 $rc
t_check "the exited task is reported" grep -q "^gone     task sh\[$quitter\]" $out
t_eq "busy task back on every CPU after restore" $all "$(allowed $busy)"
t_check "idle, pm_qos and nmi_watchdog files byte-identical" same_files
t_check "partition removed" test ! -e /sys/fs/cgroup/shieldrt
kill $busy
wait $busy 2>/dev/null

if [ -n "$cg" ]; then
	# give cpuset back, so that a v1 hierarchy may take it
	echo -cpuset > /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null
	umount /sys/fs/cgroup
fi
# cgroup v1 cpuset: a clear message, the rest applied and restored
if grep -q "cgroup$" /proc/filesystems && mkdir -p /tmp/cpuset &&
	mount -t cgroup -o cpuset none /tmp/cpuset 2>/dev/null; then
	userctl shield apply --cpus "$cpus" > $out 2>&1
	t_eq "cgroup v1: apply exits 0" 0 $?
	t_check "cgroup v1: says why there is no partition" \
		grep -q "^skip  new tasks .*cgroup v1 hierarchy (/tmp/cpuset)" $out
	userctl shield restore > $out 2>&1
	t_eq "cgroup v1: restore exits 0" 0 $?
	t_check "cgroup v1: files byte-identical" same_files
	umount /tmp/cpuset
else
	note "no cgroup v1 cpuset here: v1 message not exercised"
fi
[ -z "$nmi_was" ] || echo "$nmi_was" > /proc/sys/kernel/nmi_watchdog
