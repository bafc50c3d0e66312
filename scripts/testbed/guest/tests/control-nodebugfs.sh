#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The user's workflow with debugfs not mounted (issue 12): userctl reaches
# the module through the ioctls of /dev/shieldrt only.  loop create, chain
# load, setpoint, status --json, hist --json, flight and loop destroy must
# all work.  debugfs is mounted again at the end: tracefs users and the
# tests after this one need it.
. /srt/lib.sh

DBG=/sys/kernel/debug
remount() {
	grep -q " $DBG debugfs " /proc/mounts || mount -t debugfs debugfs $DBG
}
trap remount EXIT

srt_load || exit 1
t_check "unmount debugfs" umount $DBG
t_check "debugfs is not mounted" sh -c "! grep -q ' $DBG ' /proc/mounts"
t_check "no $SRT_DBG to fall back on" test ! -e "$SRT_DBG/control"
srt_user_workflow nd
srt_unload

remount
t_check "debugfs mounted again" grep -q " $DBG debugfs " /proc/mounts
