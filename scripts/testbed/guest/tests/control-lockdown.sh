#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The control plane under kernel lockdown (issue 12): at integrity, as on
# Secure Boot machines, debugfs refuses the control file's write with
# EPERM, and the ioctls work all the same: control_fuzz, the userctl
# workflow and a bench (userctl bench wait) run here, with debugfs
# mounted but locked.
#
# Runs only when asked for (vm-run --lockdown integrity puts SRT_LOCKDOWN
# in /srt/env) or when booted with lockdown=integrity.  A locked-down
# kernel loads signed modules only: booted so (vm-run --signed --lockdown
# integrity, as "make check" does, boot-locked beside it) the module is
# signed with the kernel's key and loads; asked for in an ordinary boot
# (--lockdown alone), the unsigned module is loaded first and lockdown
# raised through securityfs after.  It only goes up: the rest of the
# boot stays locked down.
. /srt/lib.sh

mode=${SRT_LOCKDOWN:-}
case " $(cat /proc/cmdline) " in
*" lockdown=integrity "*) mode=integrity ;;
esac
if [ "$mode" != integrity ]; then
	t_skip "lockdown" "not asked for (vm-run --lockdown integrity)"
	exit 0
fi
SEC=/sys/kernel/security
[ -e $SEC/lockdown ] || mount -t securityfs securityfs $SEC
srt_load || exit 1
if ! grep -q '\[integrity\]' $SEC/lockdown; then
	t_check "lockdown raised to integrity through securityfs" \
		sh -c "echo integrity >$SEC/lockdown"
fi
t_eq "lockdown is integrity" "[integrity]" \
	"$(grep -o '\[[a-z]*\]' $SEC/lockdown 2>/dev/null)"

t_check "debugfs is mounted" grep -q ' /sys/kernel/debug debugfs ' /proc/mounts
t_check "the control file is there" test -e "$SRT_DBG/control"
out=$(sh -c "echo 'create name=ld cpu=0 period_us=1000' >$SRT_DBG/control" 2>&1)
rc=$?
note "write to $SRT_DBG/control: exit $rc: $out"
if [ $rc -ne 0 ] && echo "$out" | grep -q 'Operation not permitted'; then
	t_ok "a write to debugfs control is refused with EPERM"
else
	t_fail "a write to debugfs control is refused with EPERM" "exit $rc: $out"
fi
t_check "the kernel log says lockdown refused it" \
	sh -c "dmesg | grep -q 'debugfs access is restricted'"

# The ioctls under lockdown.  control_fuzz first checks that no loop
# exists: the refused write created none.  Then 3000 random ioctls
# (SRT_FUZZ_IOCTLS; make check asks 1500) beside a running loop:
# control-ioctl's volume run without its debugfs lines, which lockdown
# refuses.  "make check" leaves control-ioctl
# itself out (SRT_QUICK_DEBUG_SKIP in scripts/lib.sh) and counts on this.
srt_control_fuzz
srt_control_fuzz -n "${SRT_FUZZ_IOCTLS:-3000}" -w 0
srt_user_workflow ld
# a bench, as a user runs it on a locked-down machine: the device only
cpu=$(first_cpu "$SRT_ISOLATED")
bench_json "userctl bench wait under lockdown" /tmp/ld-wait.json wait \
	--cpus "${cpu:-$((SRT_NCPUS - 1))}" --force --duration 2 --rounds 1 \
	--warmup 0 --period-us 2000
srt_unload
t_check "the module is gone" sh -c "! grep -q '^shieldrt ' /proc/modules"
