#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Booted with lockdown=integrity (scripts/check does it once, on the debug
# kernel): lockdown is really on, debugfs refuses the control file's
# write with EPERM, and the ioctl control plane works all the same.
# Booted without it, there is nothing to test here.
. /srt/lib.sh

case " $(cat /proc/cmdline) " in
*" lockdown=integrity "*) ;;
*)
	t_skip "lockdown" "booted without lockdown=integrity"
	exit 0
	;;
esac
ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((SRT_NCPUS - 1))
SEC=/sys/kernel/security
[ -e $SEC/lockdown ] || mount -t securityfs securityfs $SEC
t_eq "lockdown is integrity" "[integrity]" \
	"$(grep -o '\[[a-z]*\]' $SEC/lockdown 2>/dev/null)"

srt_load || exit 1
t_check "debugfs is mounted" grep -q ' /sys/kernel/debug debugfs ' /proc/mounts
t_check "the control file exists" test -e $SRT_DBG/control
out=$(sh -c "echo 'create name=ld cpu=$ISO period_us=1000' >$SRT_DBG/control" 2>&1)
rc=$?
note "write to $SRT_DBG/control: exit $rc: $out"
if [ $rc -ne 0 ] && echo "$out" | grep -q 'Operation not permitted'; then
	t_ok "a write to debugfs control is refused with EPERM"
else
	t_fail "a write to debugfs control is refused with EPERM" "exit $rc: $out"
fi
t_check "the kernel log says lockdown refused it" \
	sh -c "dmesg | grep -q 'debugfs access is restricted'"
t_check "no loop came of the refused write" \
	sh -c "! userctl status 2>/dev/null | grep -qw ld"

# The ioctls work under lockdown.
t_check "loop create (ioctl)" userctl loop create ld cpu=$ISO period_us=1000
t_check "loop start (ioctl)" userctl loop start ld
t_check "status --json shows the loop" sh -c "userctl status --json | grep -q '\"ld\"'"
t_check "loop stop (ioctl)" userctl loop stop ld
t_check "loop destroy (ioctl)" userctl loop destroy ld
t_check "the loop is gone" sh -c "! userctl status 2>/dev/null | grep -qw ld"
srt_unload
