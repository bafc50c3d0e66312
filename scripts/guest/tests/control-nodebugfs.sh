#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The user's workflow with debugfs not mounted (issue 12): userctl reaches
# the module through the ioctls of /dev/shieldrt only.  loop create, chain
# load, setpoint, status --json, hist --json, flight and loop destroy must
# all work.  debugfs is mounted again at the end: tracefs users and the
# tests after this one need it.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((SRT_NCPUS - 1))
DBG=/sys/kernel/debug
remount() {
	grep -q " $DBG debugfs " /proc/mounts || mount -t debugfs debugfs $DBG
}
trap remount EXIT

# json_ok FILE: one JSON value: starts with { or [, ends with } or ], and
# its brackets balance outside strings.
json_ok() {
	awk '
	{ text = text $0 "\n" }
	END {
		gsub(/\\\\/, "", text); gsub(/\\"/, "", text)
		gsub(/"[^"]*"/, "\"\"", text)
		if (text !~ /^[ \t\n]*[{[]/ || text !~ /[]}][ \t\n]*$/) exit 1
		d = 0
		for (i = 1; i <= length(text); i++) {
			c = substr(text, i, 1)
			if (c == "{" || c == "[") d++
			if (c == "}" || c == "]") d--
			if (d < 0) exit 1
		}
		exit d != 0
	}' "$1"
}

# run DESC FILE CMD...: ok iff CMD exits 0; its output is kept in FILE.
run() {
	local desc=$1 file=$2
	shift 2
	if "$@" >"$file" 2>&1; then
		t_ok "$desc"
	else
		t_fail "$desc" "'$*': $(tail -n 1 "$file")"
	fi
}

srt_load || exit 1
t_check "unmount debugfs" umount $DBG
t_check "debugfs is not mounted" sh -c "! grep -q ' $DBG ' /proc/mounts"
t_check "no $SRT_DBG to fall back on" test ! -e $SRT_DBG/control

run "loop create" /tmp/nd.out userctl loop create nd cpu=$ISO period_us=1000 mode=hrtimer
run "chain load" /tmp/nd.out userctl chain load -l nd /srt/chains/demo-motor.chain
run "loop start" /tmp/nd.out userctl loop start nd
run "setpoint by input name" /tmp/nd.out userctl setpoint -l nd target=1.5
run "setpoint by index" /tmp/nd.out userctl setpoint -l nd 0=1.5
sleep 1

run "status --json" /tmp/nd.status userctl status --json
t_check "status --json is JSON" json_ok /tmp/nd.status
t_check "status --json lists the loop" grep -q '"nd"' /tmp/nd.status
run "status nd --json" /tmp/nd.st userctl status nd --json
t_check "status nd --json is JSON" json_ok /tmp/nd.st
t_check "status nd --json: the loop runs" grep -q '"running"' /tmp/nd.st
t_check "status nd --json: cycles is an integer" \
	grep -Eq '"cycles": *[0-9]+ *[,}]?' /tmp/nd.st
note "status nd --json: $(head -c 600 /tmp/nd.st | tr '\n' ' ')"

run "hist nd --json" /tmp/nd.hist userctl hist nd --json
t_check "hist --json is JSON" json_ok /tmp/nd.hist
t_check "hist --json: the bucket size in ns as a number" \
	grep -Eq '"bucket_ns": *[0-9]+' /tmp/nd.hist
note "hist nd --json: $(head -c 400 /tmp/nd.hist | tr '\n' ' ')"

run "flight --trigger --wait 10" /tmp/nd.fl userctl flight -l nd --trigger --wait 10
t_check "flight: the window marks the trigger cycle" grep -q '\*' /tmp/nd.fl
run "flight --json" /tmp/nd.flj userctl flight -l nd --json
t_check "flight --json is JSON" json_ok /tmp/nd.flj
run "flight --rearm" /tmp/nd.out userctl flight -l nd --rearm

run "loop stop" /tmp/nd.out userctl loop stop nd
run "loop destroy" /tmp/nd.out userctl loop destroy nd
userctl status --json >/tmp/nd.status 2>&1
t_check "the loop is gone" sh -c "! grep -q '\"nd\"' /tmp/nd.status"
if userctl loop destroy nd >/tmp/nd.out 2>&1; then
	t_fail "a second destroy fails"
else
	t_ok "a second destroy fails"
fi
t_check "and says why" grep -q . /tmp/nd.out
srt_unload

remount
t_check "debugfs mounted again" grep -q " $DBG debugfs " /proc/mounts
