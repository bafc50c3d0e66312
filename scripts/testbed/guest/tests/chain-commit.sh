#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Parameter sets committed while the loop runs take effect whole, at one
# cycle.  Probe: y = x * g1 * g2 with both gains staged together, x = 1.
# Every telemetry record must show the product of one committed set (never
# g1 of one set times g2 of another), records before the commit cycle the
# old product and from it on the new one; the commit file, the stats and
# the region header name the same cycle.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))
D=$SRT_DBG/cm

srt_load || exit 1
ctl "create name=cm cpu=$ISO period_us=1000 mode=hrtimer" ||
	{ t_fail "create loop" "$(cat $SRT_DBG/last_error)"; srt_unload; exit 0; }
cat >/tmp/gains.chain <<'CH'
input x
output y
block g1 gain in=x out=m k=2
block g2 gain in=m out=y k=3
CH
t_check "load the two-gain chain" userctl chain load -l cm /tmp/gains.chain
t_check "start" ctl "start cm"
t_check "x = 1 through the mailbox" userctl setpoint -l cm 0=1

# Three commits while recording: products 6 -> 35 -> 6 -> 143.
userctl record -l cm -d 6 -o /tmp/cm.csv >/tmp/cm.out 2>&1 &
rec=$!
sleep 1
commit() {
	userctl chain stage -l cm g1.k=$1 g2.k=$2 >/dev/null || return 1
	userctl chain commit -l cm | sed -n 's/.* at cycle \([0-9]*\)$/\1/p'
}
c1=$(commit 5 7); sleep 1
c2=$(commit 2 3); sleep 1
c3=$(commit 11 13)
wait $rec
note "record: $(tr '\n' ' ' </tmp/cm.out)"
note "commits took effect at cycles $c1 $c2 $c3"
t_check "three commits reported a cycle" test -n "$c1" -a -n "$c2" -a -n "$c3"
t_eq "commit file names the last cycle" "generation 3 cycle $c3" "$(cat $D/commit)"
t_eq "stats commit_cycle = last commit" "$c3" \
	"$(awk '$1 == "commit_cycle:" { print $2 }' $D/stats)"
t_eq "stats chain_commits = 3" 3 \
	"$(awk '$1 == "chain_commits:" { print $2 }' $D/stats)"

# Columns: ...,flags,in0,out0 -> cycle is $2, y the last column.
bad=$(awk -F, -v c1="$c1" -v c2="$c2" -v c3="$c3" '
	/^#/ || /^seq/ { next }
	{
		cyc = $2 + 0; y = $NF + 0
		want = 6
		if (cyc >= c1) want = 35
		if (cyc >= c2) want = 6
		if (cyc >= c3) want = 143
		n++
		if (y != want) { bad++; if (bad < 4) print "cycle " cyc " y=" y " want " want > "/dev/stderr" }
	}
	END { print bad + 0, n + 0 }' /tmp/cm.csv 2>/tmp/cm.bad)
nbad=${bad% *}
nrec=${bad#* }
[ -s /tmp/cm.bad ] && note "mismatches: $(tr '\n' ';' </tmp/cm.bad)"
t_ge "records analysed" "$nrec" 1000
t_eq "every record shows one whole set's product, switching at the commit cycles" 0 "$nbad"
mixed=$(awk -F, '!/^#/ && !/^seq/ { y = $NF + 0; if (y == 14 || y == 15 || y == 26 || y == 33 || y == 65 || y == 77) m++ } END { print m + 0 }' /tmp/cm.csv)
t_eq "no record shows a mixed product (g1 of one set, g2 of another)" 0 "$mixed"
t_check "params shows nothing staged after commit" grep -q "staged: nothing" $D/params
t_check "running values are the last set" sh -c "grep -q 'block g1 gain.*k=11' $D/blocks && grep -q 'block g2 gain.*k=13' $D/blocks"

# Commit on a stopped loop applies for the next run; nothing staged fails.
ctl "stop cm"
t_check "stage while stopped" userctl chain stage -l cm g1.k=1 g2.k=1
t_check "commit while stopped" userctl chain commit -l cm
if userctl chain commit -l cm >/dev/null 2>&1; then
	t_fail "commit with nothing staged is refused"
else
	t_ok "commit with nothing staged is refused"
fi
t_check "destroy" ctl "destroy cm"
srt_unload
