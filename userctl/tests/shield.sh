#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host tests of "userctl shield" against fake /proc + /sys trees (TAP).
# Usage: shield.sh USERCTL
set -u
U=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/faketree.sh"
. "$here/tap.sh"

T=$(mktemp -d /tmp/userctl-shield.XXXXXX)
trap 'rm -rf "$T"' EXIT
R=$T/root
SNAP=$T/snap
OUT=$T/out
STATE=$R/run/shieldrt/shield.state

uc() { USERCTL_ROOT=$R "$U" "$@" > "$OUT" 2>&1; }
has() { grep -q -- "$1" "$OUT"; }
# line CHECK VERDICT: the audit line for CHECK says VERDICT
line() { grep -q "^$2  $1 " "$OUT"; }
snap() { rm -rf "$SNAP"; cp -a "$R" "$SNAP"; }
same() { diff -r -x run "$SNAP" "$R" > /dev/null; }
val() { cat "$R$1"; }

# --- audit on an unshielded boot -------------------------------------
fake_tree "$R"
uc shield audit --cpus 2-3; rc=$?
t_eq "audit exits 1 when something FAILs" 1 $rc
for c in cmdline.isolcpus cmdline.nohz_full cmdline.rcu_nocbs \
	 kernel.isolated sysctl.sched_rt_runtime_us sysctl.watchdog_cpumask \
	 workqueue.cpumask workqueue.writeback irq.24 tasks.kthreads; do
	t_check "unshielded: $c FAIL" line $c FAIL
done
for c in cmdline.irqaffinity irq.default_affinity sysctl.timer_migration \
	 sched.fair_server.cpu2 cpufreq.cpu3 cpuidle.cpu2 kernel.preempt_rt \
	 clocksource irq.25 tasks.user irqbalance; do
	t_check "unshielded: $c WARN" line $c WARN
done
t_check "kernel.nohz_full '(null)' means none: FAIL" line kernel.nohz_full FAIL
t_check "IRQ outside the shield not listed" sh -c "! grep -q 'irq.26 ' $OUT"
t_check "IRQ without handler counted as unused" line irq.unused INFO
t_check "per-CPU kthread is INFO, not FAIL" sh -c \
	"grep '^INFO  tasks.percpu ' $OUT | grep -q 'ksoftirqd/2\[20\]'"
t_check "kthread on a kernel without Kthread: found via PPid 2" sh -c \
	"grep '^FAIL  tasks.kthreads ' $OUT | grep -q 'kworker/u8:1\[21\]'"
t_check "kthread on housekeeping CPUs only is not listed" sh -c \
	"! grep -q 'rcu_preempt' $OUT"
t_check "task pinned inside the shield is INFO" line tasks.pinned INFO
t_check "workqueue rescuer is INFO, not an unbound kthread FAIL" sh -c \
	"grep '^INFO  tasks.rescuers ' $OUT | grep -q 'kworker/R-rcu_gp\[23\]' && ! grep '^FAIL  tasks.kthreads' $OUT | grep -q rcu_gp"
t_check "remedy prints the exact command line" has \
	"fix: add to the kernel command line and reboot: isolcpus=domain,managed_irq,2-3 nohz_full=2-3 rcu_nocbs=2-3 irqaffinity=0-1"
t_check "IRQ remedy names the housekeeping CPUs" has \
	"fix: echo 0-1 > /proc/irq/24/smp_affinity_list"
t_check "workqueue remedy is a hex mask" has \
	"fix: echo 3 > /sys/devices/virtual/workqueue/cpumask"
t_check "deep idle state named with its disable file" has \
	"echo 1 > /sys/devices/system/cpu/cpu2/cpuidle/state2/disable"
t_check "x86 clocksource remedy" has \
	"fix: echo tsc > /sys/devices/system/clocksource/clocksource0/current_clocksource"

uc shield audit --cpus 2-3 --json; rc=$?
t_eq "audit --json exits 1 too" 1 $rc
t_check "audit --json is valid JSON" python3 -c \
	"import json,sys; d=json.load(open('$OUT')); assert d['result']=='FAIL' and d['shielded']=='2-3' and d['housekeeping']=='0-1'; assert any(c['check']=='irq.24' and c['result']=='FAIL' for c in d['checks']); assert d['summary']['FAIL']>0"

# --- command line variants -------------------------------------------
fake_tree "$R" "ro isolcpus=2-3 nohz_full=2-3 rcu_nocbs=2 irqaffinity=0-2"
uc shield audit --cpus 2-3
t_check "bare isolcpus list implies domain, lacks managed_irq: WARN" \
	line cmdline.isolcpus WARN
t_check "rcu_nocbs that misses CPU 3: FAIL" sh -c \
	"grep '^FAIL  cmdline.rcu_nocbs ' $OUT | grep -q 'does not cover CPU 3'"
t_check "irqaffinity naming a shielded CPU: FAIL" line cmdline.irqaffinity FAIL
fake_tree "$R" "isolcpus=nohz,managed_irq,2-3 nohz_full=1-3"
uc shield audit --cpus 2-3
t_check "isolcpus flags without domain: FAIL" line cmdline.isolcpus FAIL
t_check "nohz_full superset passes" line cmdline.nohz_full PASS
t_check "rcu_nocbs implied by nohz_full" sh -c \
	"grep '^PASS  cmdline.rcu_nocbs ' $OUT | grep -q implied"

# --- missing features are SKIP, not FAIL -----------------------------
fake_tree "$R"
rm -rf "$R/sys/kernel/debug" "$R/sys/devices/system/cpu/cpu2/cpufreq" \
	"$R/sys/devices/system/cpu/nohz_full" "$R/proc/sys/kernel/watchdog_cpumask" \
	"$R/proc/sys/kernel/watchdog" "$R/sys/devices/system/cpu/cpu3/cpuidle"
uc shield audit --cpus 2-3
for c in sched.fair_server cpufreq.cpu2 kernel.nohz_full \
	 sysctl.watchdog_cpumask cpuidle.cpu3; do
	t_check "absent feature: $c SKIP" line $c SKIP
done

# --- debugfs is root's only: a user is told so, not "not present" -----
# Needs root to become another user (setpriv); the fake debugfs gets the
# real one's mode, 0700.
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
	fake_tree "$R"
	chmod 755 "$T"
	chmod -R a+rX "$R"
	chmod 700 "$R/sys/kernel/debug"
	USERCTL_ROOT=$R setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$U" shield audit --cpus 2-3 > "$OUT" 2>&1
	t_check "non-root: fair_server SKIP says permission, not absence" sh -c \
		"grep '^SKIP  sched.fair_server ' $OUT | grep -q 'Permission denied (debugfs is readable by root only)'"
	t_check "non-root: the remedy is to run as root" has "fix: run the audit as root"
	chmod 700 "$T"
else
	t_ok "# SKIP non-root debugfs message: needs root and setpriv"
fi

# --- kernel lockdown ---------------------------------------------------
fake_tree "$R"
uc shield audit --cpus 2-3
t_check "no securityfs: lockdown unknown, SKIP" sh -c \
	"grep '^SKIP  kernel.lockdown ' $OUT | grep -q unknown"
t_check "no securityfs: the remedy mounts it" has \
	"fix: mount -t securityfs none /sys/kernel/security"
put "$R/sys/kernel/security/lsm" "capability"
uc shield audit --cpus 2-3
t_check "securityfs without lockdown LSM: PASS" line kernel.lockdown PASS
put "$R/sys/kernel/security/lockdown" "[none] integrity confidentiality"
uc shield audit --cpus 2-3
t_check "lockdown none: PASS" sh -c \
	"grep '^PASS  kernel.lockdown ' $OUT | grep -q 'none: debugfs is not restricted'"
put "$R/sys/kernel/security/lockdown" "none [integrity] confidentiality"
uc shield audit --cpus 2-3
t_check "lockdown integrity: WARN naming debugfs writes and writable reads" \
	sh -c "grep '^WARN  kernel.lockdown ' $OUT | grep -q '^WARN  kernel.lockdown  *integrity: debugfs refuses writes, and reads of files that can be written'"
t_check "lockdown integrity: the remedy is userctl or a boot without it" has \
	"fix: userctl needs no debugfs (it uses ioctls on /dev/shieldrt).*or boot without lockdown"
t_check "lockdown integrity: tracefs still open" sh -c \
	"! grep '^WARN  kernel.lockdown ' $OUT | grep -q tracefs"
put "$R/sys/kernel/security/lockdown" "none integrity [confidentiality]"
uc shield audit --cpus 2-3
t_check "lockdown confidentiality: WARN, tracefs closed too" sh -c \
	"grep '^WARN  kernel.lockdown  *confidentiality: ' $OUT | grep -q 'tracefs is closed'"
uc shield audit --cpus 2-3 --json
t_check "lockdown in --json: WARN with its fix" python3 -c \
	"import json; d=json.load(open('$OUT')); c=[c for c in d['checks'] if c['check']=='kernel.lockdown']; assert len(c)==1 and c[0]['result']=='WARN' and 'userctl' in c[0]['fix'], c"
put "$R/sys/kernel/security/lockdown" "integrity"
uc shield audit --cpus 2-3
t_check "a lockdown file without a [mode]: SKIP, not a guess" sh -c \
	"grep '^SKIP  kernel.lockdown ' $OUT | grep -q 'cannot parse'"

# --- module signatures: lockdown and module.sig_enforce ------------------
fake_tree "$R"
uc shield audit --cpus 2-3
t_check "no sig_enforce parameter: no signatures checked, PASS" sh -c \
	"grep '^PASS  module.signing ' $OUT | grep -q 'checks no module signatures'"
put "$R/sys/module/module/parameters/sig_enforce" "N"
put "$R/sys/kernel/security/lockdown" "[none] integrity confidentiality"
uc shield audit --cpus 2-3
t_check "not locked down, not loaded: it would load unsigned, PASS" sh -c \
	"grep '^PASS  module.signing ' $OUT | grep -q 'loads it unsigned too'"
put "$R/sys/kernel/security/lockdown" "none [integrity] confidentiality"
uc shield audit --cpus 2-3
t_check "locked down, not loaded: WARN, signed modules only" sh -c \
	"grep '^WARN  module.signing ' $OUT | grep -q 'signed modules only (lockdown integrity, module.sig_enforce=0)'"
t_check "... and the remedy is to sign it" has \
	"fix: sign shieldrt.ko .*SIGN_KEY=.*mok.key"
put "$R/sys/kernel/security/lockdown" "[none] integrity confidentiality"
put "$R/sys/module/module/parameters/sig_enforce" "Y"
uc shield audit --cpus 2-3
t_check "module.sig_enforce=1 alone: WARN too" sh -c \
	"grep '^WARN  module.signing ' $OUT | grep -q 'module.sig_enforce=1'"
put "$R/sys/module/shieldrt/taint" "O"
uc shield audit --cpus 2-3
t_check "loaded, no taint E, enforced: PASS, signed" sh -c \
	"grep '^PASS  module.signing ' $OUT | grep -q 'with a signature the kernel trusts'"
put "$R/sys/module/module/parameters/sig_enforce" "N"
put "$R/sys/module/shieldrt/taint" "OE"
uc shield audit --cpus 2-3
t_check "loaded unsigned (taint E), not locked down: WARN" sh -c \
	"grep '^WARN  module.signing ' $OUT | grep -q 'loaded unsigned (taint E; '"
put "$R/sys/kernel/security/lockdown" "none [integrity] confidentiality"
uc shield audit --cpus 2-3
t_check "loaded unsigned, locked down since: WARN, refused after a reboot" sh -c \
	"grep '^WARN  module.signing ' $OUT | grep -q 'before the kernel locked down'"
# No device: userctl says why it may be missing.
rm -rf "$R/sys/module/shieldrt"
SHIELDRT_DEV=$T/no-such-node USERCTL_ROOT=$R "$U" status > "$OUT" 2>&1
t_eq "no device node: exit 1" 1 $?
t_check "no device, locked down: says signed modules only and what to do" has \
	"shieldrt is not loaded, and this kernel loads signed modules only (lockdown integrity, module.sig_enforce=0).*sign shieldrt.ko"
put "$R/sys/kernel/security/lockdown" "[none] integrity confidentiality"
SHIELDRT_DEV=$T/no-such-node USERCTL_ROOT=$R "$U" status > "$OUT" 2>&1
t_check "no device, not locked down: is shieldrt loaded?" has \
	"No such file or directory (is shieldrt loaded? modprobe shieldrt)"
put "$R/sys/module/shieldrt/taint" "O"
SHIELDRT_DEV=$T/no-such-node USERCTL_ROOT=$R "$U" status > "$OUT" 2>&1
t_check "no device, module loaded: points at /dev" has \
	"shieldrt is loaded: is devtmpfs mounted"

# --- a correct boot plus apply audits clean --------------------------
good_tree "$R"
uc shield audit --cpus 2-3; rc=$?
t_eq "good boot before apply: audit still FAILs (run-time items)" 1 $rc
for c in cmdline.isolcpus cmdline.nohz_full cmdline.irqaffinity \
	 kernel.isolated kernel.nohz_full kernel.preempt_rt clocksource \
	 tasks.kthreads irqbalance; do
	t_check "good boot: $c PASS" line $c PASS
done
uc shield apply --cpus 2-3 -f; rc=$?
t_eq "apply on the good boot exits 0" 0 $rc
uc shield audit --cpus 2-3; rc=$?
t_eq "after apply audit has no FAIL" 0 $rc
t_check "after apply: 0 FAIL in the summary" has "FAIL 0"
uc shield restore; rc=$?
t_eq "restore exits 0" 0 $rc

# --- dry run writes nothing ------------------------------------------
fake_tree "$R"
snap
uc shield apply --cpus 2-3 --dry-run; rc=$?
t_eq "dry run exits 0" 0 $rc
t_check "dry run wrote nothing" same
t_check "dry run left no state file" test ! -e "$STATE"
t_check "dry run prints path: old -> new" has \
	"^/proc/irq/24/smp_affinity_list: 0-3 -> 0-1$"
t_check "dry run narrows a mask that keeps housekeeping CPUs" has \
	"^/proc/irq/27/smp_affinity_list: 1-3 -> 1$"
t_check "dry run lists the RT throttle" has \
	"^/proc/sys/kernel/sched_rt_runtime_us: 950000 -> -1$"
t_check "dry run does not list untouched IRQ 26" sh -c \
	"! grep -q '/proc/irq/26/' $OUT"
t_check "dry run does not touch housekeeping governors" sh -c \
	"! grep -q 'cpu0/cpufreq' $OUT"

t_check "dry run leaves the fair server alone without --fair-server" sh -c \
	"! grep -q fair_server $OUT"

# --- apply, then restore byte for byte -------------------------------
uc shield apply --cpus 2-3 --fair-server; rc=$?
t_eq "apply exits 0" 0 $rc
t_check "state file written" test -s "$STATE"
t_eq "IRQ 24 moved" 0-1 "$(val /proc/irq/24/smp_affinity_list)"
t_eq "IRQ 28 (shield only) moved to housekeeping" 0-1 \
	"$(val /proc/irq/28/smp_affinity_list)"
t_eq "IRQ 26 untouched" 0-1 "$(val /proc/irq/26/smp_affinity_list)"
t_eq "default_smp_affinity" 3 "$(val /proc/irq/default_smp_affinity)"
t_eq "workqueue cpumask" 3 "$(val /sys/devices/virtual/workqueue/cpumask)"
t_eq "writeback cpumask" 3 \
	"$(val /sys/bus/workqueue/devices/writeback/cpumask)"
t_eq "watchdog_cpumask" 0-1 "$(val /proc/sys/kernel/watchdog_cpumask)"
t_eq "sched_rt_runtime_us" -1 "$(val /proc/sys/kernel/sched_rt_runtime_us)"
t_eq "timer_migration" 0 "$(val /proc/sys/kernel/timer_migration)"
t_eq "fair server cpu3" 0 \
	"$(val /sys/kernel/debug/sched/fair_server/cpu3/runtime)"
t_eq "fair server cpu1 untouched" 50000000 \
	"$(val /sys/kernel/debug/sched/fair_server/cpu1/runtime)"
t_eq "governor cpu2" performance \
	"$(val /sys/devices/system/cpu/cpu2/cpufreq/scaling_governor)"
t_eq "state file holds one line per change plus 2 header lines" \
	$(($(grep -c '^set ' "$OUT") + 2)) "$(wc -l < "$STATE")"
snap2=$T/applied; rm -rf "$snap2"; cp -a "$R" "$snap2"
uc shield apply --cpus 2-3; rc=$?
t_eq "second apply refused while a state file exists" 1 $rc
t_check "second apply says why" has "already applied"
t_check "second apply changed nothing" diff -r "$snap2" "$R"
uc shield restore; rc=$?
t_eq "restore exits 0" 0 $rc
t_check "every touched file byte-identical after restore" same
t_check "restore removed the state file" test ! -e "$STATE"
uc shield restore; rc=$?
t_eq "restore without state fails" 1 $rc
t_check "restore without state says so" has "nothing to restore"

# odd bytes survive the state file (no trailing newline, tabs, backslash)
fake_tree "$R"
printf 'schedutil\t\\x\n\n' > "$R/sys/devices/system/cpu/cpu2/cpufreq/scaling_governor"
printf '950000' > "$R/proc/sys/kernel/sched_rt_runtime_us"
snap
uc shield apply --cpus 2-3 --state "$T/odd.state" && uc shield restore --state "$T/odd.state"
t_eq "apply+restore with odd bytes and --state exits 0" 0 $?
t_check "odd bytes restored exactly" same

# --- failure halfway rolls back --------------------------------------
fake_tree "$R"
# readable, but no write can succeed even as root: a read-only sysctl
ln -sf /proc/sys/kernel/osrelease "$R/proc/sys/kernel/sched_rt_runtime_us"
snap
uc shield apply --cpus 2-3; rc=$?
t_eq "apply with an unwritable target exits 1" 1 $rc
t_check "earlier changes were made before the failure" has \
	"^set   /proc/irq/24/smp_affinity_list"
t_check "failure names the file and says rolled back" sh -c \
	"grep -q 'cannot write /proc/sys/kernel/sched_rt_runtime_us: .*rolled back' $OUT"
t_check "every file back as it was after rollback" same
t_check "no state file after rollback" test ! -e "$STATE"

fake_tree "$R"
rm "$R/sys/bus/workqueue/devices/writeback/cpumask"
mkdir "$R/sys/bus/workqueue/devices/writeback/cpumask"
snap
uc shield apply --cpus 2-3; rc=$?
t_eq "a directory where a file should be: apply exits 1" 1 $rc
t_check "it says nothing was changed" has "nothing was changed"
t_check "and nothing was" same
t_check "and no state file" test ! -e "$STATE"

# restore that fails for one file keeps just that entry
fake_tree "$R"
snap
uc shield apply --cpus 2-3
rm "$R/proc/sys/kernel/timer_migration"
mkdir "$R/proc/sys/kernel/timer_migration"
uc shield restore; rc=$?
t_eq "restore with one unwritable file exits 1" 1 $rc
t_eq "the state file keeps only that entry" 1 \
	"$(grep -vc '^#' "$STATE")"
rmdir "$R/proc/sys/kernel/timer_migration"
: > "$R/proc/sys/kernel/timer_migration"
uc shield restore; rc=$?
t_eq "restore retried exits 0" 0 $rc
t_check "tree identical after the retried restore" same

# --- user tasks, idle states, pm_qos, nmi_watchdog ---------------------
fake_tree "$R"
put "$R/proc/sys/kernel/nmi_watchdog" 1
snap
uc shield apply --cpus 2-3 --dry-run --nmi-watchdog off
t_check "dry run lists the NMI watchdog with --nmi-watchdog off" has \
	"^/proc/sys/kernel/nmi_watchdog: 1 -> 0$"
t_check "dry run lists a user task it would narrow" has \
	"^task init\[1\]: 0-3 -> 0-1$"
t_check "dry run wrote nothing (tasks included)" same
uc shield apply --cpus 2-3; rc=$?
t_eq "apply without --nmi-watchdog exits 0" 0 $rc
t_eq "nmi_watchdog left on without the option" 1 \
	"$(val /proc/sys/kernel/nmi_watchdog)"
uc shield restore
uc shield apply --cpus 2-3 --nmi-watchdog off; rc=$?
t_eq "apply --nmi-watchdog off exits 0" 0 $rc
t_eq "nmi_watchdog 0" 0 "$(val /proc/sys/kernel/nmi_watchdog)"
t_eq "cpu2 idle state0 (POLL) stays enabled" 0 \
	"$(val /sys/devices/system/cpu/cpu2/cpuidle/state0/disable)"
t_eq "cpu2 idle state1 disabled" 1 \
	"$(val /sys/devices/system/cpu/cpu2/cpuidle/state1/disable)"
t_eq "cpu3 idle state2 disabled" 1 \
	"$(val /sys/devices/system/cpu/cpu3/cpuidle/state2/disable)"
t_eq "housekeeping cpu1 idle state2 untouched" 0 \
	"$(val /sys/devices/system/cpu/cpu1/cpuidle/state2/disable)"
t_eq "cpu3 pm_qos_resume_latency_us n/a" n/a \
	"$(val /sys/devices/system/cpu/cpu3/power/pm_qos_resume_latency_us)"
t_eq "cpu0 pm_qos_resume_latency_us untouched" 0 \
	"$(val /sys/devices/system/cpu/cpu0/power/pm_qos_resume_latency_us)"
t_check "user task init narrowed to housekeeping" \
	grep -q "^Cpus_allowed_list:	0-1$" "$R/proc/1/status"
t_check "irqbalance narrowed too" \
	grep -q "^Cpus_allowed_list:	0-1$" "$R/proc/30/status"
t_check "task pinned inside the shield not moved" \
	grep -q "^Cpus_allowed_list:	2-3$" "$R/proc/40/status"
t_check "it is listed by name with why" has \
	"^skip  1 user threads not moved (pinned inside the shield): rtapp\[40\]$"
t_check "kernel threads listed by name with why" sh -c \
	"grep '^skip  4 kernel threads not moved (kthread' $OUT | grep -q 'kthreadd\[2\], ksoftirqd/2\[20\]'"
t_check "kernel thread status untouched" \
	grep -q "^Cpus_allowed_list:	0-3$" "$R/proc/2/status"
t_check "no cgroup v2: the partition step is skipped with why" has \
	"^skip  new tasks may still start on CPU 2-3: no cgroup v2 mounted at /sys/fs/cgroup"
t_check "state file records the task with its old mask" \
	grep -q "^task:1:0:init	0-3$" "$STATE"
uc shield audit --cpus 2-3
t_check "audit after apply: pm_qos PASS" line pm_qos.cpu2 PASS
t_check "audit after apply: no user task on the shield" line tasks.user PASS
t_check "audit after apply: NMI watchdog off" line sysctl.nmi_watchdog PASS
t_check "audit: no partition is INFO" line cgroup.partition INFO
rm -r "$R/proc/30"
snap_gone=$T/gone; rm -rf "$snap_gone"; cp -a "$SNAP" "$snap_gone"
rm -r "$snap_gone/proc/30"
uc shield restore; rc=$?
t_eq "restore with a task that exited meanwhile exits 0" 0 $rc
t_check "the exited task is reported" has \
	"^gone     task irqbalance\[30\]: exited since apply"
t_check "everything else byte-identical" diff -r -x run "$snap_gone" "$R"

# a recorded TID that now names another task (other starttime) is left
fake_tree "$R"
printf '1 (init) S 0 1 1 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 77 0\n' \
	> "$R/proc/1/stat"
uc shield apply --cpus 2-3
t_check "starttime recorded from stat" grep -q "^task:1:77:init	0-3$" "$STATE"
sed -i 's/ 77 0$/ 78 0/' "$R/proc/1/stat"
uc shield restore; rc=$?
t_eq "restore with a reused TID exits 0" 0 $rc
t_check "the reused TID is reported as gone, not set" has "^gone     task init\[1\]"
t_check "and the new task's mask is left alone" \
	grep -q "^Cpus_allowed_list:	0-1$" "$R/proc/1/status"

# PF_NO_SETAFFINITY from /proc/PID/stat flags names the reason
fake_tree "$R"
printf '20 (ksoftirqd/2) S 2 0 0 0 -1 69238848 0 0 0 0 0 0 0 0 20 0 1 0 5 0\n' \
	> "$R/proc/20/stat"
uc shield apply --cpus 2-3 --dry-run
t_check "a per-CPU kthread is listed as PF_NO_SETAFFINITY" has \
	"^skip  1 kernel threads not moved (PF_NO_SETAFFINITY.*ksoftirqd/2\[20\]$"
uc shield apply --cpus 2-3 --nmi-watchdog on; rc=$?
t_eq "--nmi-watchdog with anything but off: exit 2" 2 $rc

# --- cgroup hierarchies the partition cannot use ----------------------
cg_case() {	# MOUNTS-LINE EXPECTED-MESSAGE NAME
	fake_tree "$R"
	rm -r "$R/proc/40"
	put "$R/proc/self/mounts" "$1"
	mkdir -p "$R/sys/fs/cgroup"
	snap
	uc shield apply --cpus 2-3; rc=$?
	t_eq "$3: apply exits 0" 0 $rc
	t_check "$3: says why the partition is skipped" has \
		"^skip  new tasks may still start on CPU 2-3: $2"
	t_check "$3: no cgroup made" test ! -e "$R/sys/fs/cgroup/shieldrt"
	uc shield restore; rc=$?
	t_eq "$3: restore exits 0" 0 $rc
	t_check "$3: restore exact" same
}
cg_case "cgroup /sys/fs/cgroup/cpuset cgroup rw,nosuid,cpuset 0 0" \
	"the cpuset controller is on a cgroup v1 hierarchy (/sys/fs/cgroup/cpuset)" \
	"cgroup v1"
cg_case "cgroup2 /mnt/cg cgroup2 rw 0 0" \
	"cgroup v2 is mounted at /mnt/cg, not /sys/fs/cgroup" "v2 elsewhere"
cg_case "cgroup2 /sys/fs/cgroup cgroup2 rw 0 0" \
	"no cpuset controller in cgroup v2" "no cpuset controller"
# v2 with cpuset enabled, but the fake kernel makes no partition file:
# the mkdir is undone, the rest stays applied and restores exactly.
fake_tree "$R"
put "$R/proc/self/mounts" "cgroup2 /sys/fs/cgroup cgroup2 rw 0 0"
put "$R/sys/fs/cgroup/cgroup.controllers" "cpuset cpu io memory pids"
put "$R/sys/fs/cgroup/cgroup.subtree_control" "cpu memory"
uc shield apply --cpus 2-3 --dry-run
t_check "cpuset not enabled for children: says how to enable it" has \
	"echo +cpuset > /sys/fs/cgroup/cgroup.subtree_control enables it"
put "$R/sys/fs/cgroup/cgroup.subtree_control" "cpuset cpu memory"
uc shield apply --cpus 2-3 --dry-run
t_check "a task pinned inside the shield blocks the partition" has \
	"1 user thread is pinned inside the shield; an isolated partition would push them off it"
rm -r "$R/proc/40"
snap
uc shield apply --cpus 2-3; rc=$?
t_eq "partition without kernel support: apply exits 0" 0 $rc
t_check "it says the kernel has no partition file" has \
	"^WARN  /sys/fs/cgroup/shieldrt: this kernel has no cpuset.cpus.partition; removed again"
t_check "the cgroup it made is gone again" test ! -e "$R/sys/fs/cgroup/shieldrt"
t_check "and not in the state file" sh -c "! grep -q partition: $STATE"
uc shield restore
t_check "restore exact after the undone partition" same

# --- a crash halfway through apply leaves a restorable state file -----
# A FIFO stands for a file whose write never returns: apply records its
# old value, blocks writing it and is killed there.
fake_tree "$R"
f=$R/sys/devices/system/cpu/cpu3/cpuidle/state2/disable
snap
rm "$f"
mkfifo "$f"
printf '0\n' > "$f" &
USERCTL_ROOT=$R "$U" shield apply --cpus 2-3 > "$OUT" 2>&1 &
apid=$!
i=0
while ! grep -q "cpu3/cpuidle/state2/disable" "$STATE" 2>/dev/null &&
	[ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -9 $apid 2>/dev/null
wait $apid 2>/dev/null
t_check "killed apply left the entry it was writing recorded" \
	grep -q "cpu3/cpuidle/state2/disable	0" "$STATE"
t_eq "earlier changes were made" 0-1 "$(val /proc/irq/24/smp_affinity_list)"
rm "$f"
printf '0\n' > "$f"
printf 'torn' > "$STATE.tmp"
uc shield restore; rc=$?
t_eq "restore after the crash exits 0" 0 $rc
rm -f "$STATE.tmp"
t_check "restore after the crash: tree byte-identical" same

# --- bad CPU lists: usage error, nothing written ---------------------
fake_tree "$R"
put "$R/sys/devices/system/cpu/online" 0-2
snap
for bad in "1-" "3-1" "a" "1,,2" "" "0" "0-1" "1-2,0" "0-2" "7" "3" \
	   "2-7:2" " 2" "2 3"; do
	case $bad in
	3) why="offline" ;;
	7) why="does not exist" ;;
	0|0-1|1-2,0|0-2) why="CPU 0 cannot be shielded" ;;
	*) why="bad CPU list\|--cpus LIST is required" ;;
	esac
	for sub in audit apply; do
		uc shield $sub --cpus "$bad"; rc=$?
		t_eq "$sub --cpus '$bad': exit 2" 2 $rc
		t_check "$sub --cpus '$bad': message '$why'" grep -q "^userctl: .*\($why\)" "$OUT"
	done
done
t_check "bad lists wrote nothing" same
t_check "bad lists left no state file" test ! -e "$STATE"
# every online CPU shielded (CPU 0 offline, as some boards allow)
put "$R/sys/devices/system/cpu/online" 1-2
uc shield apply --cpus 1-2; rc=$?
t_eq "all online CPUs shielded: exit 2" 2 $rc
t_check "all online CPUs shielded: says why" has "leaves no housekeeping CPU"
put "$R/sys/devices/system/cpu/online" 0-2
uc shield apply; rc=$?
t_eq "apply without --cpus: exit 2" 2 $rc
uc shield audit --cpus 2 --dry-run; rc=$?
t_eq "audit --dry-run: exit 2" 2 $rc
uc shield restore --fair-server; rc=$?
t_eq "restore --fair-server: exit 2" 2 $rc
uc shield frob --cpus 2; rc=$?
t_eq "unknown subcommand: exit 2" 2 $rc
uc shield audit --cpus 2 extra; rc=$?
t_eq "stray argument: exit 2" 2 $rc
t_check "still nothing written" same

t_done
