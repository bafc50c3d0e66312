#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The control plane's ioctls under bad input: control_fuzz
# (userctl/tests/control_fuzz.c) gives every request wrong sizes,
# directions, reserved fields, flags, names, text and pointers, checks
# that each failure changed nothing, then EPERM without CAP_SYS_ADMIN,
# create and destroy of one name racing, and memory over many rounds.
# Uses no debugfs, so it runs under lockdown=integrity too.  Afterwards the
# module unloads, and no loop thread is left.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((SRT_NCPUS - 1))

srt_load || exit 1
control_fuzz -c "$ISO" >/tmp/cf.out 2>/tmp/cf.err
rc=$?
# its TAP, renumbered by the host: "ok N - " becomes "ok - "
sed -e 's/^ok [0-9]* - /ok - /' -e 's/^not ok [0-9]* - /not ok - /' \
	-e '/^1\.\.[0-9]*$/d' /tmp/cf.out
sed 's/^/# stderr: /' /tmp/cf.err
n=$(grep -c '^\(not \)\{0,1\}ok ' /tmp/cf.out)
if grep -q '^1\.\.[0-9]*$' /tmp/cf.out; then
	t_ok "control_fuzz ran to its end: $n cases, exit status $rc"
else
	t_fail "control_fuzz ran to its end" "exit status $rc after $n cases"
fi
if [ "$rc" -ne 0 ] && ! grep -q '^not ok ' /tmp/cf.out; then
	t_fail "control_fuzz exit status" "$rc without a failing case"
fi
srt_unload
t_check "the module is gone" sh -c "! grep -q '^shieldrt ' /proc/modules"
t_check "/dev/shieldrt is gone" test ! -e /dev/shieldrt
t_check "no loop thread left" sh -c "! grep -qs '^shieldrt/' /proc/[0-9]*/comm"
