#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The control plane's ioctls under bad input: control_fuzz
# (userctl/tests/control_fuzz.c) gives every request wrong sizes,
# directions, reserved fields, flags, names, text and pointers, checks
# that each failure changed nothing, then EPERM without CAP_SYS_ADMIN,
# create and destroy of one name racing, and memory over many rounds.
# Then random, edge and hostile requests at a counted volume while a loop
# runs: SRT_FUZZ_IOCTLS ioctls and SRT_FUZZ_LINES lines over every
# writable debugfs file (a few thousand here; the reliability campaign's
# fuzz-vm stage runs 100,000 of each).  Afterwards the module unloads,
# and no loop thread is left.
# (control-lockdown runs the same under kernel lockdown.)
. /srt/lib.sh

srt_load || exit 1
srt_control_fuzz
srt_control_fuzz -n "${SRT_FUZZ_IOCTLS:-3000}" -w "${SRT_FUZZ_LINES:-3000}"
srt_unload
t_check "the module is gone" sh -c "! grep -q '^shieldrt ' /proc/modules"
t_check "/dev/shieldrt is gone" test ! -e /dev/shieldrt
t_check "no loop thread left" sh -c "! grep -qs '^shieldrt/' /proc/[0-9]*/comm"
