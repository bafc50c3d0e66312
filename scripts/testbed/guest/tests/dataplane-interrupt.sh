#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl record and stream cut short by SIGINT finish their output: the
# JSON recording is closed and has its summary, the CSV recording's last
# row is whole and its summary line printed, the stream is closed so the
# loop counts no underrun, and both exit 130.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((SRT_NCPUS - 1))

# interrupt SECONDS CMD...: CMD in the background, SIGINT after SECONDS
# (and, with READY set, once the command READY names succeeds: a job in
# the background starts with SIGINT ignored until the program catches
# it, so a signal sent before that is lost); its exit status in $rc
interrupt() {
	local s=$1 pid i=0
	shift
	"$@" &
	pid=$!
	if [ -n "${READY:-}" ]; then
		until $READY || [ $i -ge 600 ]; do
			i=$((i + 1))
			sleep 0.1
		done
	fi
	sleep "$s"
	kill -INT "$pid"
	wait "$pid"
	rc=$?
}
applied() { awk '$1 == "cmd_applied:" { print $2 }' $SRT_DBG/intr/dataplane; }

srt_load || exit 1
t_run "loop create" /tmp/int.out \
	userctl loop create -l intr cpu="$ISO" period_us=1000 mode=hrtimer
t_run "chain load" /tmp/int.out \
	userctl chain load -l intr /srt/chains/demo-motor.chain
t_run "loop start" /tmp/int.out userctl loop start -l intr

interrupt 1.5 sh -c 'exec userctl record -l intr -d 60 -j -o /tmp/int.json >/tmp/int.sum 2>/tmp/int.err'
t_eq "record --json: SIGINT exits 130" 130 "$rc"
t_check "record --json: the document is whole" json_ok /tmp/int.json
t_check "record --json: it ends with the summary, every cycle accounted" \
	grep -q '"summary": *{.*"accounted": *true *} *} *$' /tmp/int.json
t_check "record --json: at least one record" grep -q '"records": *\[ *\[' /tmp/int.json
t_check "record: says it was interrupted" grep -q 'interrupted' /tmp/int.err

interrupt 1.5 sh -c 'exec userctl record -l intr -d 60 -o /tmp/int.csv >/tmp/int.sum 2>&1'
t_eq "record CSV: SIGINT exits 130" 130 "$rc"
t_check "record CSV: the summary line" \
	grep -q '^records [0-9]*, drops [0-9]*, .*records + drops = cycles' /tmp/int.sum
hdr=$(head -n 1 /tmp/int.csv | awk -F, '{ print NF }')
t_eq "record CSV: every row is whole" "$hdr" \
	"$(awk -F, 'NR > 1 { print NF }' /tmp/int.csv | sort -u | tr '\n' ' ' | sed 's/ $//')"
t_eq "record CSV: rows = records in the summary" \
	"$(sed -n 's/^records \([0-9]*\),.*/\1/p' /tmp/int.sum)" \
	$(($(wc -l </tmp/int.csv) - 1))

# 60 s of points at 1 kHz: cut about 1 s after the first is applied
awk 'BEGIN { for (i = 0; i < 60000; i++) print i / 60000 }' >/tmp/int.traj
# ready once its first points are applied: it is streaming
a0=$(applied)
stream_began() { [ "$(applied)" -gt "$a0" ]; }
READY=stream_began interrupt 1 sh -c 'exec userctl stream -l intr -c -f /tmp/int.traj >/tmp/int.str 2>&1'
sed 's/^/# /' /tmp/int.str
t_eq "stream: SIGINT exits 130" 130 "$rc"
sent=$(sed -n 's/^interrupted: streamed \([0-9]*\) of 60000 points.*/\1/p' /tmp/int.str)
applied=$(sed -n 's/^applied \([0-9]*\), late.*/\1/p' /tmp/int.str)
late=$(sed -n 's/.*, late \([0-9]*\), rejected.*/\1/p' /tmp/int.str)
t_check "stream: says how many points it sent" test -n "$sent"
t_ge "stream: sent some, not all" "$sent" 1
t_eq "stream: each point sent, and the closing entry, applied or late" \
	"$((${sent:-0} + 1))" "$((${applied:-0} + ${late:-0}))"
t_check "stream: closed, so no underrun" grep -q ' underruns 0,' /tmp/int.str

t_run "loop stop" /tmp/int.out userctl loop stop -l intr
t_run "loop destroy" /tmp/int.out userctl loop destroy -l intr
srt_unload
