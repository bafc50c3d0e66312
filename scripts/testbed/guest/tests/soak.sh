#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The soak (issue 17): two loops on two shielded CPUs, one mode=hybrid and
# one mode=poll, run SRT_SOAK_SECS seconds (default 20; the reliability
# campaign's soak stage runs 600 with 4 CPUs) under everything at once: a
# streamer feeding loop sa's command ring, a recorder draining each loop's
# telemetry, a process changing gains (params + commit) and limits every
# 100 ms, the interference storms on the other CPUs, and a CPU that is
# neither loop's going offline and back, again and again.  The assertions
# are accounting, not timing (a loaded host only moves the figures):
#   cycles + missed + behind = periods_elapsed (+-1)  every period is a
#                                                     cycle or a counted miss
#   cycles - slack samples = deadline overruns        no overrun uncounted
#                                                     (hybrid: the others
#                                                     keep no slack)
#   tel_records + tel_drops = data plane cycles       (kernel) and records +
#                                                     gaps = span (reader)
#   applied + late + rejected = points streamed       every command accounted
# and no safe entry (the limits stay far from the outputs), nothing in the
# kernel log (the host checks).  Runs on x86_64-debug in make check; other
# kernels only when SRT_SOAK_SECS is set (the soak stage).
. /srt/lib.sh

SECS=${SRT_SOAK_SECS:-20}
NC=${SRT_NCPUS:-2}
case $SRT_KERNEL:${SRT_SOAK_SECS:-} in
x86_64-debug:* | *:?*) ;;
*)
	t_skip "soak" "make check runs the short soak on x86_64-debug only"
	exit 0 ;;
esac

dpf() { awk -v k="$2:" '$1 == k { print $2 }' $SRT_DBG/$1/dataplane; }
slack_count() { sed -n 's/^slack_ns: count=\([0-9]*\) .*/\1/p' $SRT_DBG/$1/stats; }
absdiff() { d=$(($1 - $2)); echo ${d#-}; }
STOP=/tmp/soak.stop
rm -f $STOP /tmp/soak.*

# The two loop CPUs: the first and last shielded one (vm-run shields one
# CPU or a range).  A 2-CPU guest (make check) shields one: loop sb then
# runs on CPU 0 as mode=hrtimer (a poll or hybrid loop needs a CPU alone,
# and an unshielded one would starve its kworkers).
A=$(first_cpu "$SRT_ISOLATED")
[ -n "$A" ] || A=$((NC - 1))
B=${SRT_ISOLATED##*[,-]}
[ -n "$B" ] || B=$A
shielded() { [ "$1" -ge "$A" ] && [ "$1" -le "$B" ]; }
BCPU=$B BMODE=poll
[ "$A" != "$B" ] || BCPU=0 BMODE=hrtimer
# Housekeeping CPUs: the storms run there, and go back there after a replug
HK=""
for c in $(seq 0 $((NC - 1))); do
	shielded "$c" || HK="$HK${HK:+,}$c"
done
# The CPU to unplug: no loop's, not the boot CPU, and one that may go.
OFF=""
for c in $(seq 1 $((NC - 1))); do
	shielded "$c" && continue
	f=/sys/devices/system/cpu/cpu$c/online
	[ -w $f ] && echo 0 >$f 2>/dev/null && echo 1 >$f && OFF=$c && break
done
note "soak: ${SECS} s; sa hybrid on cpu $A, sb $BMODE on cpu $BCPU, storms on cpus $HK, unplugging cpu ${OFF:-none}"

srt_load || exit 1
printf 'input x\noutput y\nblock g gain in=x out=y k=2\n' >/tmp/soak.chain
for l in sa:$A:hybrid sb:$BCPU:$BMODE; do
	n=${l%%:*} r=${l#*:}
	t_check "create $n (cpu ${r%:*}, mode=${r#*:}, 1 ms)" \
		ctl "create name=$n cpu=${r%:*} period_us=1000 mode=${r#*:}"
	t_check "$n: load a one-gain chain" userctl chain load -l $n /tmp/soak.chain
	t_check "$n: limits out=0 within +-100" sh -c "echo 'out=0 min=-100 max=100' >$SRT_DBG/$n/limits"
	t_check "start $n" ctl "start $n"
done

# recorders: one per loop, for the whole soak
userctl record -l sa -d "$SECS" -o /dev/null >/tmp/soak.rec.sa 2>&1 &
rec_a=$!
userctl record -l sb -d "$SECS" -o /dev/null >/tmp/soak.rec.sb 2>&1 &
rec_b=$!

# streamer: 2 s trajectories into sa's inputs, one after the other
awk 'BEGIN { for (i = 0; i < 2000; i++) printf "%.3f\n", (i % 100) / 100 }' >/tmp/soak.traj
(
	while [ ! -e $STOP ]; do
		userctl stream -l sa -c -f /tmp/soak.traj >>/tmp/soak.stream 2>&1 ||
			echo "exit $?" >>/tmp/soak.stream.fail
	done
) &
streamer=$!

# gains and limits every 100 ms, on both loops; above the storms' nice
# level, or the fork storm leaves it a turn a second
(

	i=0 bad=0
	while [ ! -e $STOP ]; do
		for l in sa sb; do
			echo "g.k=$((i % 5 + 1))" >$SRT_DBG/$l/params &&
				echo 1 >$SRT_DBG/$l/commit &&
				echo "out=0 min=-$((100 + i % 50)) max=$((100 + i % 50))" >$SRT_DBG/$l/limits ||
				bad=$((bad + 1))
		done
		i=$((i + 1))
		sleep 0.1
	done
	echo "$i $bad" >/tmp/soak.changes
) &
changer=$!
renice -n -10 -p $changer >/dev/null

storm_start fork exec open read write

# unplug and replug OFF every few seconds; storms go back to HK after
(
	n=0 bad=0
	while [ -n "$OFF" ] && [ ! -e $STOP ]; do
		sleep 2
		if echo 0 >/sys/devices/system/cpu/cpu$OFF/online; then
			sleep 1
			echo 1 >/sys/devices/system/cpu/cpu$OFF/online || bad=$((bad + 1))
			n=$((n + 1))
			for p in $storm_pids; do taskset -pc "$HK" "$p" >/dev/null 2>&1; done
		else
			bad=$((bad + 1))
		fi
	done
	echo "$n $bad" >/tmp/soak.plug
) &
plugger=$!

wait $rec_a
rc_a=$?
wait $rec_b
rc_b=$?
touch $STOP
wait $streamer $changer $plugger
storm_stop
for l in sa sb; do t_check "stop $l" ctl "stop $l"; done

# every period a cycle or a counted miss; every overrun counted
verdict=PASS
fail() { t_fail "$@"; verdict=FAIL; }
check_le() { if [ "$2" -le "$3" ]; then t_ok "$1 ($2 <= $3)"; else fail "$1" "$2 > $3"; fi; }
check_eq() { if [ "$2" = "$3" ]; then t_ok "$1 ($2)"; else fail "$1" "$2 != $3"; fi; }
for l in sa sb; do
	cyc=$(st $l cycles) mis=$(st $l missed) beh=$(st $l behind)
	el=$(st $l periods_elapsed) ovr=$(st $l overruns)
	note "$l: cycles $cyc missed $mis behind $beh periods_elapsed $el duration_ns $(st $l duration_ns) overruns $ovr (deadline $(st $l deadline_overruns), budget $(st $l budget_overruns)) clock_errors $(st $l clock_errors) safe_entries $(st $l safe_entries)"
	check_le "$l: cycles + missed + behind = periods_elapsed +-1" \
		"$(absdiff $((cyc + mis + beh)) "$el")" 1
	# slack is kept by hybrid loops only (stats: kept=0 on the others)
	if grep -q '^slack_ns: .* kept=0$' $SRT_DBG/$l/stats; then
		check_eq "$l: slack not kept (mode $(st $l mode)): no sample" \
			0 "$(slack_count $l)"
	else
		check_eq "$l: deadline overruns = cycles without a slack sample" \
			"$(st $l deadline_overruns)" $((cyc - $(slack_count $l) - $(st $l clock_errors)))
	fi
	check_eq "$l: overruns = deadline + budget overruns (no budget set)" \
		"$ovr" $(($(st $l deadline_overruns) + $(st $l budget_overruns)))
	check_eq "$l: no safe entry (limits never reached)" 0 "$(st $l safe_entries)"
	check_eq "$l: kernel tel_records + tel_drops = data plane cycles" \
		$(($(dpf $l tel_records) + $(dpf $l tel_drops))) "$(dpf $l cycles)"
	# RCU yields (PREEMPT_RCU): the stats text and the ioctl agree
	ry=$(st $l rcu_yields)
	ryj=$(userctl status -l $l --json 2>&1 |
		sed -n 's/.*"rcu_yields": *\([0-9][0-9]*\).*/\1/p' | head -n 1)
	note "$l: yields $(st $l yields) rcu_yields $ry (status --json ${ryj:-none})"
	if [ -n "$ry" ] && [ -n "$ryj" ] && [ "$ryj" -ge "$ry" ]; then
		t_ok "$l: rcu_yields in stats and status --json ($ry, $ryj)"
	else
		fail "$l: rcu_yields in stats and status --json" "text '$ry', json '$ryj'"
	fi
	eval "c_$l=$cyc m_$l=$mis o_$l=$ovr d_$l=$(st $l duration_ns) r_$l=$ry"
done

# telemetry: the recorders' own accounting (records + gaps = span)
recs=0 drops=0
for l in sa sb; do
	line=$(grep '^records ' /tmp/soak.rec.$l)
	note "record $l: $line"
	eval "rc=\$rc_$(echo $l | tr -d s)"
	case $rc:$line in
	0:*"records + drops = cycles"*) t_ok "record $l: records + drops = cycles (exit $rc)" ;;
	*) fail "record $l: records + drops = cycles" "exit $rc: $(tail -n 2 /tmp/soak.rec.$l)" ;;
	esac
	set -- $line
	recs=$((recs + ${2%,})) drops=$((drops + ${4%,}))
done

# the stream: every point applied, late or rejected, and counted
sent=$(awk '/^streamed / { n += $2 } END { print n + 0 }' /tmp/soak.stream)
acc=$(awk '/^applied / { gsub(",", ""); n += $2 + $4 + $6 } END { print n + 0 }' /tmp/soak.stream)
late=$(awk '/^applied / { gsub(",", ""); n += $4 } END { print n + 0 }' /tmp/soak.stream)
runs=$(grep -c '^streamed ' /tmp/soak.stream)
# userctl stream exits 1 when a point came late or was refused: counted
fails=$(sort /tmp/soak.stream.fail 2>/dev/null | uniq -c |
	awk '{ printf "%s%d x %s %s", s, $1, $2, $3; s = ", " }')
note "stream: $runs runs, $sent points, $late late; runs that did not exit 0 (a point late or refused): ${fails:-none}"
t_ge "streamer ran" "$runs" 1
check_eq "stream: applied + late + rejected = points streamed" "$acc" "$sent"

set -- $(cat /tmp/soak.changes)
changes=$1
check_eq "gains and limits changed $changes times, none refused" 0 "$2"
t_ge "gains and limits changed" "$changes" 1
set -- $(cat /tmp/soak.plug)
plugs=$1
if [ -n "$OFF" ]; then
	check_eq "cpu $OFF unplugged and replugged $plugs times, no write refused" 0 "$2"
	t_ge "cpu $OFF unplugged at least once" "$plugs" 1
else
	t_skip "cpu unplug" "no CPU outside the loops may go offline in this guest"
fi

for l in sa sb; do t_check "destroy $l" ctl "destroy $l"; done
srt_unload
# minutes the loops ran (start to their last cycle), not the recorders'
mins=$(awk -v ns="$d_sa" 'BEGIN { printf "%.1f", ns / 6e10 }')
note "soak summary: $SRT_KERNEL: $mins min, cycles sa $c_sa sb $c_sb, missed $m_sa/$m_sb, overruns $o_sa/$o_sb, rcu_yields $r_sa/$r_sb, records $recs, drops $drops, unplugs $plugs, streamed $sent, changes $changes: $verdict"
