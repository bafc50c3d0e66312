#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A 10,000-point trajectory streamed through the command ring at the
# loop's rate is applied point for point: the telemetry shows point k at
# start + k, no point lost or repeated, and userctl reports no underrun
# (or, if the VM was too slow, the underruns it reports are counted).
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
N=10000

srt_load || exit 1
t_check "create loop st" ctl "create name=st cpu=$ISO period_us=1000 mode=hrtimer"
t_check "start st" ctl "start st"
awk -v n=$N 'BEGIN { print "in0"; for (i = 1; i <= n; i++) print i }' >/tmp/traj.csv
userctl record -l st -d 16 -o /tmp/st.csv >/tmp/st.rec 2>&1 &
rec=$!
sleep 1
userctl stream -l st --per-cycle -f /tmp/traj.csv >/tmp/st.out 2>&1
rc=$?
note "$(cat /tmp/st.out)"
wait $rec
note "$(cat /tmp/st.rec)"
under=$(sed -n 's/.*underruns \([0-9]*\).*/\1/p' /tmp/st.out)
if [ $rc = 0 ]; then
	t_ok "stream: all $N points applied at their cycles"
else
	t_ge "stream failed but reported its underruns/late points" \
		"$(grep -c 'underruns' /tmp/st.out)" 1
fi
# in telemetry: every cycle from the first point on carries in0 = k
awk -F, -v n=$N '
	NR > 1 && $11 >= 1 && !start { start = $2 - ($11 - 1) }
	NR > 1 && start && $2 < start + n {
		seen++
		if ($11 != $2 - start + 1) bad++
		if ($2 == last) dup++
		last = $2
	}
	END { printf "%d %d %d\n", seen, bad + 0, dup + 0 }' /tmp/st.csv >/tmp/st.chk
read seen bad dup </tmp/st.chk
drops=$(sed -n 's/.*drops \([0-9]*\),.*/\1/p' /tmp/st.rec)
note "telemetry: $seen points seen, $bad wrong, $dup duplicated, $drops records dropped"
late=$(sed -n 's/.*late \([0-9]*\),.*/\1/p' /tmp/st.out)
skipped=$(awk -F, 'NR > 2 && $2 != p + 1 { s += $2 - p - 1 } { p = $2 } END { print s + 0 }' /tmp/st.csv)
note "loop skipped $skipped periods during the recording; stream says $late late"
if [ $rc = 0 ]; then
	t_eq "no point applied at the wrong cycle" 0 "$bad"
else
	# points of skipped periods arrive late and are rejected, counted
	t_ge "late points were reported" "${late:-0}" 1
	t_le "cycles showing a stale point <= late points" "$bad" "${late:-0}"
fi
t_eq "no point duplicated" 0 "$dup"
if [ $rc = 0 ]; then
	t_eq "points seen + records dropped = $N" $N $((seen + drops))
fi

# A lead longer than an hour at the loop's period, or an offset past the
# last cycle: refused with exit 2 and the reason (before any point is
# sent: userctl checks both before it writes the ring).
# refused_stream DESC WANT ARGS...
refused_stream() {
	local desc=$1 want=$2 rc
	shift 2
	userctl stream -l st "$@" >/tmp/st.bad 2>&1
	rc=$?
	if [ $rc = 2 ] && grep -q "$want" /tmp/st.bad; then
		t_ok "$desc: exit 2 ($(tail -n 1 /tmp/st.bad))"
	else
		t_fail "$desc" "exit $rc: $(cat /tmp/st.bad)"
	fi
}
printf '0,1\n1,2\n' >/tmp/short.csv
refused_stream "stream --lead of more than an hour (3,600,001 cycles at 1 ms)" \
	"at most 3600 s" -f /tmp/short.csv -L 3600001
refused_stream "stream --lead 2^64-1" "at most 3600 s" \
	-f /tmp/short.csv -L 18446744073709551615
printf '0,1\n18446744073709551615,2\n' >/tmp/far.csv
refused_stream "stream of an offset past the last cycle" \
	"is past the last cycle" -f /tmp/far.csv
t_check "st still running" test "$(cat $SRT_DBG/st/state)" = running

t_check "stop st" ctl "stop st"
t_check "destroy st" ctl "destroy st"
srt_unload
