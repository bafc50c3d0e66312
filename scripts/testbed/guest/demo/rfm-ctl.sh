#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The two-node demo, node B (1): the controller (demo-motor-ctl.chain:
# profile, PID, feed-forward) as a 1 kHz loop, the motor's position read
# from node A's block, u published in its own.  Fed a step and the
# one-node demo's trajectory; the loop closed across the two nodes must
# bring the motor to the last target, 2 rad.  Then its loop stops, which
# node A must notice (rfm-plant.sh), and the same controller runs closed
# on this node alone (demo-motor-1node.chain: the motor in its chain), fed
# the same profile, for comparison.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))
TR=/sys/kernel/tracing
say() { echo "# $*"; }
run() { say "\$ $*"; "$@" 2>&1 | sed 's/^/#   /'; }

rfm_up 1 0:0 || exit 1
run userctl loop create -l ctl cpu=$ISO period_us=1000 mode=hrtimer prio=80 \
	io=rfm:in=1-1:out=0-0
run userctl chain load -l ctl /srt/chains/demo-motor-ctl.chain
run userctl loop start -l ctl
rfm_wait_peer 0 ctl || exit 1

awk 'BEGIN {
	for (i = 1; i <= 400; i++) print 1 + 2 * i / 400
	for (i = 0; i < 300; i++) print 3
	for (i = 1; i <= 200; i++) print 3 - i / 200
}' >/tmp/trajectory.csv

# profile LOOP CSV POS ERR WHERE: the step and the trajectory, recorded
# into CSV; POS and ERR name the columns; the loop must have closed:
# pos within 0.05 rad of 2 over the last 200 records.  Sets n, dev
# (that distance) and emax (the largest |err| of the recording).
profile() {
	userctl record -l "$1" -d 4 -m -o "$2" >/tmp/record.out 2>&1 &
	rec=$!
	sleep 0.3
	run userctl setpoint -l "$1" target=1
	sleep 1.2
	run userctl stream -l "$1" -c -f /tmp/trajectory.csv
	wait $rec
	say "$(cat /tmp/record.out)"
	t_eq "$1: running throughout" running "$(cat "$SRT_DBG/$1/state")"
	awk -F, -v pc="$3" -v ec="$4" '
		/^#/ { next }
		!h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
		{ n++; t[n] = $(c["in0"]); p[n] = $(c[pc]); e[n] = $(c[ec])
		  a = e[n] < 0 ? -e[n] : e[n]; if (a > em) em = a }
		n % 500 == 1 { printf "#   %5d  target %7.4f  pos %8.5f  err %9.2e\n", n, t[n], p[n], e[n] }
		END {
			for (i = n - 199; i <= n; i++) {
				d = p[i] - 2; d = d < 0 ? -d : d; if (d > m) m = d
			}
			printf "%d %.6f %.4f %.6f\n", n, m, p[n], em > "/tmp/closed.txt"
		}' "$2"
	read -r n dev last emax </tmp/closed.txt
	say "records $n; last 200: |pos - 2| <= $dev rad; largest |err| $emax rad"
	if [ "$n" -gt 1000 ] && awk -v d="$dev" 'BEGIN { exit !(d < 0.05) }'; then
		t_ok "the loop closed $5: pos within 0.05 rad of 2 over the last 200 records ($dev)"
	else
		t_fail "the loop closed $5" "records $n, last 200 |pos - 2| up to $dev, last pos $last"
	fi
}

# in0 target, in1 pos (node A's), out1 err
profile ctl /tmp/demo.csv in1 out1 "across two nodes"
dev2=$dev emax2=$emax
# torn: the newer copy still being written on every try (the writer
# finished a record and began the next in it during the read): with two
# copies written in turn, never in a sound run; corrupt: a whole-looking
# block whose check word is wrong (a torn read the sequence pair let
# through): must never happen
t_eq "node B: torn reads 0" 0 "$(rfm_rst 0 torn)"
t_eq "node B: no torn block taken (corrupt 0)" 0 "$(rfm_rst 0 corrupt)"
rfm_summary 0 ctl
userctl hist -l ctl --json >/tmp/hist.json && userctl status -l ctl --json >/tmp/status.json ||
	t_fail "hist and status --json"
grep -e ^own: -e ^remote: $RFM_DBG/status >/tmp/rfm-status.txt
for f in /tmp/demo.csv /tmp/hist.json /tmp/status.json /tmp/rfm-status.txt; do
	srt_export "$f"
done
# Stop: node A sees this node's block go stale.
run userctl loop stop -l ctl
run userctl loop destroy -l ctl
rmmod shieldrt_rfm || t_fail "rmmod shieldrt_rfm"

# The same controller, closed on this node alone: in0 target, out2 pos,
# out3 err
run userctl loop create -l one cpu=$ISO period_us=1000 mode=hrtimer prio=80
run userctl chain load -l one /srt/chains/demo-motor-1node.chain
run userctl loop start -l one
profile one /tmp/one.csv out2 out3 "on one node"
say "the same controller and profile, largest |err| / last 200 |pos - 2|, rad:"
say "  two nodes (reflective memory): $emax2 / $dev2"
say "  one node (one chain):          $emax / $dev"
run userctl loop stop -l one
run userctl loop destroy -l one

# Two nodes claiming one id: this node comes back as node 0, the id node
# A holds, and writes into node A's block while node A (in safe state)
# still writes it too.  Each writer finds the copy it wrote last
# overwritten: counted, traced, and with a stale limit safe state,
# reason remote (node A checks its side, rfm-plant.sh).
if insmod $RFM_KO addr="$SRT_PCI_IVSHMEM" bar=2 nodes=2 node=0 \
	signals=2 in=1:0 stale_limit=$RFM_STALE_LIMIT; then
	echo 1 >$TR/events/shieldrt_rfm/rfm_reject/enable
	run userctl loop create -l dup cpu=$ISO period_us=1000 mode=hrtimer \
		prio=80 io=rfm:in=0-0:out=0-0
	run userctl loop start -l dup
	t_wait_ge "node B as node 0 (node A's id): another writer seen (duplicates)" \
		1 60 rfm_own duplicates
	t_check "node B as node 0: traced rfm_reject ... duplicate" \
		grep -q 'rfm_reject: node=0 remote=0 duplicate' $TR/trace
	wait_state dup safe 10
	t_eq "node B as node 0: safe state" safe "$(cat "$SRT_DBG/dup/state")"
	t_eq "node B as node 0: safe_reason remote" remote \
		"$(awk '$1 == "safe_reason:" { print $2 }' "$SRT_DBG/dup/stats")"
	# long enough for node A, which waits for this, to see it too
	sleep 2
	run userctl loop stop -l dup
	run userctl loop destroy -l dup
	rmmod shieldrt_rfm || t_fail "rmmod shieldrt_rfm (node 0)"
else
	t_fail "insmod shieldrt_rfm node=0 on node B"
fi
rmmod shieldrt && t_ok "node B ran" || t_fail "rmmod"
