#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The module loads and unloads cleanly on this kernel, and userctl runs.
. /srt/lib.sh

note "kernel $(uname -r) on $SRT_ARCH, $SRT_NCPUS CPUs, isolated ${SRT_ISOLATED:-none}"
srt_load || exit 1
t_check "module is live" grep -qx live /sys/module/shieldrt/initstate
t_check "debugfs directory exists" test -d $SRT_DBG
t_check "userctl runs on this arch" userctl --version
srt_unload
t_check "module is gone after rmmod" sh -c '! test -d /sys/module/shieldrt'
