#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# scripts/bench rfm, one node of N (SRT_B_NODE of SRT_B_NODES; the host
# boots N VMs on one ivshmem memory): at each rate an echo loop (no
# chain: out = in) bound to shieldrt_rfm reads signal 0 of every other
# node and publishes its own.  Once every other node's block is fresh,
# the counters are reset and the loop runs SECONDS; then one row per
# other node: how old the data in use was (reader cycles since that
# node's last fresh block) and the round trip through it (this node's
# sequence echoed back: its cycles and ns of its own clock, so no common
# clock is needed).  One-way ages in ns need the nodes' clocks in step
# (ptp4l/phc2sys on hardware): before the first rate every node aligns
# its clock to node 0's (rfm_clocksync through the same memory, within
# half its best round trip, printed), and after the last it measures the
# offset again (the drift over the run): the resolution of the ns ages.
# With 2 nodes, then the same controller closed across the nodes and on
# one: at each rate node 0 runs the DC motor (demo-motor-plant.chain),
# node 1 the controller (demo-motor-ctl.chain) through reflective memory,
# fed a 1 rad step; then node 1 runs that controller with the motor in
# its own chain (demo-motor-1node.chain), fed the same step.  A row per
# rate and way: the largest |error| after the step, how far the position
# is from 1 rad over the last quarter of the recording, the cycles and
# missed periods, and (two nodes) the data age in cycles.
# Keys (--set): RATES (Hz, default 1000,10000,20000),
# SECONDS (default 5), LINGER (s the loop keeps running after its
# measurement so the others' windows end first, default 4), CONTROL
# (1: the controller comparison, with 2 nodes; default 1), STEP_S (s
# recorded after the step, default 2).
. /srt/bench/_common.sh

NODE=${SRT_B_NODE:-0}
NODES=${SRT_B_NODES:-2}
RATES=$(echo "${SRT_B_RATES:-1000,10000,20000}" | tr , ' ')
SECS=${SRT_B_SECONDS:-5}
LINGER=${SRT_B_LINGER:-4}
RF=/lib/shieldrt/shieldrt_rfm.ko
RDBG=/sys/kernel/debug/shieldrt_rfm
rst() { sed -n "s/^remote: node=$1 .* $2=\([0-9-]*\).*/\1/p" /tmp/rfm.snap; }

rfm_clock_sync "$NODE" "$NODES" 1 set || exit 1
b_load || { t_fail "insmod shieldrt"; exit 1; }
note "node $NODE of $NODES, loop on CPU $B_ISO, rates $RATES Hz, $SECS s each"
inputs="" k=0
while [ $k -lt "$NODES" ]; do
	[ $k = "$NODE" ] || inputs="$inputs${inputs:+,}$k:0"
	k=$((k + 1))
done
fmt='%-5s %6s  %4s <- %-4s %8s %6s %5s %6s %7s   %4s %4s %5s   %6s %6s %7s   %4s %4s %5s   %7s %7s %8s'
i=0
for rate in $RATES; do
	pus=$((1000000 / rate))
	# each rate its own layout, so a node still at the last rate is
	# not mistaken for one at this rate
	if ! insmod $RF addr="$SRT_PCI_IVSHMEM" bar=2 base=$((i * 0x10000)) \
		nodes="$NODES" node="$NODE" signals=2 in="$inputs"; then
		t_fail "insmod shieldrt_rfm at $rate Hz"
		break
	fi
	b_ctl "create name=rf cpu=$B_ISO period_us=$pus mode=hrtimer prio=80 io=rfm:in=0-$((NODES - 2)):out=0-0"
	b_ctl "start rf"
	up=0 t=0
	while [ $up = 0 ] && [ $t -lt 1200 ]; do
		cat $RDBG/status >/tmp/rfm.snap
		up=1 k=0
		while [ $k -lt "$NODES" ]; do
			[ $k = "$NODE" ] || [ "$(rst $k fresh)" -ge 2 ] 2>/dev/null || up=0
			k=$((k + 1))
		done
		sleep 0.1
		t=$((t + 1))
	done
	if [ $up = 0 ]; then
		t_fail "$rate Hz: every other node's block fresh within 120 s"
	else
		echo 1 >$RDBG/reset
		c0=$(b_st rf cycles)
		m0=$(b_st rf missed)
		sleep "$SECS"
		cat $RDBG/status >/tmp/rfm.snap
		cyc=$(($(b_st rf cycles) - c0))
		miss=$(($(b_st rf missed) - m0))
		[ "$NODE$i" != 00 ] ||
		note "$(printf "$fmt" \
			nodes rate node from cycles missed torn corrupt fresh% \
			agec50 agec99 agecmx agus50 agus99 agusmx \
			rttc50 rttc99 rttcmx rttus50 rttus99 rttusmx)"
		k=0
		while [ $k -lt "$NODES" ]; do
			if [ $k != "$NODE" ]; then
				fr=$(rst $k fresh)
				pct=$(awk -v f="$fr" -v c="$cyc" 'BEGIN { if (c > 0) printf "%.1f", 100 * f / c; else print "-" }')
				note "$(printf "$fmt" \
					"$NODES" "$rate" "$NODE" "$k" "$cyc" "$miss" "$(rst $k torn)" "$(rst $k corrupt)" "$pct" \
					"$(rst $k age_cycles_p50)" "$(rst $k age_cycles_p99)" "$(rst $k age_cycles_max)" \
					"$(($(rst $k age_ns_p50) / 1000))" "$(($(rst $k age_ns_p99) / 1000))" "$(($(rst $k age_ns_max) / 1000))" \
					"$(rst $k rtt_cycles_p50)" "$(rst $k rtt_cycles_p99)" "$(rst $k rtt_cycles_max)" \
					"$(($(rst $k rtt_ns_p50) / 1000))" "$(($(rst $k rtt_ns_p99) / 1000))" "$(($(rst $k rtt_ns_max) / 1000))")"
				b_json bench=rfm kernel="$SRT_KERNEL" arch="$SRT_ARCH" \
					nodes="$NODES" rate_hz="$rate" node="$NODE" from="$k" \
					cycles="$cyc" missed="$miss" fresh="$fr" \
					torn="$(rst $k torn)" corrupt="$(rst $k corrupt)" \
					age_cycles_p50="$(rst $k age_cycles_p50)" \
					age_cycles_p99="$(rst $k age_cycles_p99)" \
					age_cycles_max="$(rst $k age_cycles_max)" \
					age_ns_p50="$(rst $k age_ns_p50)" \
					age_ns_p99="$(rst $k age_ns_p99)" \
					age_ns_max="$(rst $k age_ns_max)" \
					future="$(rst $k future)" \
					clock_sync_ns="${RFM_SYNC_NS:-0}" \
					rtt_cycles_p50="$(rst $k rtt_cycles_p50)" \
					rtt_cycles_p99="$(rst $k rtt_cycles_p99)" \
					rtt_cycles_max="$(rst $k rtt_cycles_max)" \
					rtt_ns_p50="$(rst $k rtt_ns_p50)" \
					rtt_ns_p99="$(rst $k rtt_ns_p99)" \
					rtt_ns_max="$(rst $k rtt_ns_max)"
			fi
			k=$((k + 1))
		done
		sleep "$LINGER"
	fi
	b_ctl "stop rf"
	b_ctl "destroy rf"
	rmmod shieldrt_rfm
	i=$((i + 1))
done

# --- the same controller across two nodes, and on one -------------------
# chain_at SRC RATE: SRC with its period set to the rate's
chain_at() {
	sed "s/^period_us .*/period_us $((1000000 / $2))/" "/srt/chains/$1.chain" >"/tmp/$1-$2.chain"
	echo "/tmp/$1-$2.chain"
}
# step LOOP CSV POSCOL ERRCOL: record STEP_S + 0.3 s around a step of the
# target from 0 to 1 rad; sets recs, emax (largest |err|) and dev (the
# largest |pos - 1| over the last quarter)
step() {
	userctl record -l "$1" -d "$(awk -v s="$STEP_S" 'BEGIN { print s + 0.3 }')" -m -o "$2" >/tmp/record.out 2>&1 &
	rec=$!
	sleep 0.3
	userctl setpoint -l "$1" target=1 >/dev/null
	wait $rec
	set -- $(awk -F, -v pc="$3" -v ec="$4" '
		/^#/ { next }
		!h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
		{ n++; p[n] = $(c[pc]); e = $(c[ec]); e = e < 0 ? -e : e; if (e > em) em = e }
		END {
			for (i = n - int(n / 4); i <= n && i > 0; i++) {
				d = p[i] - 1; d = d < 0 ? -d : d; if (d > m) m = d
			}
			printf "%d %.6f %.6f\n", n, em, m
		}' "$2")
	recs=$1 emax=$2 dev=$3
}
ctl_row() {
	note "$(printf '%-6s %-10s %8s %6s %8s %10s %10s   %4s %4s %5s' "$@")"
}
CONTROL=${SRT_B_CONTROL:-1}
STEP_S=${SRT_B_STEP_S:-2}
if [ "$NODES" = 2 ] && [ "$CONTROL" = 1 ] && [ "$NODE" -lt 2 ]; then
	[ "$NODE" != 1 ] || note "the same controller closed across the two nodes and on one: a 1 rad step, $STEP_S s recorded; err_max: largest |err|; end_dev: largest |pos - 1| over the last quarter; agec: data age, cycles (p50 p99 max)"
	[ "$NODE" != 1 ] || ctl_row rate way records cycles missed err_max end_dev agec50 agec99 agecmx
	i=4	# layouts past the echo runs'
	for rate in $RATES; do
		pus=$((1000000 / rate))
		if [ "$NODE" = 0 ]; then
			insmod $RF addr="$SRT_PCI_IVSHMEM" bar=2 base=$((i * 0x10000)) \
				nodes=2 node=0 signals=2 in=1:0 || { t_fail "insmod shieldrt_rfm (plant) at $rate Hz"; break; }
			b_ctl "create name=pl cpu=$B_ISO period_us=$pus mode=hrtimer prio=80 io=rfm:in=0-0:out=0-1"
			userctl chain load -l pl "$(chain_at demo-motor-plant $rate)" >/dev/null ||
				t_fail "plant chain at $rate Hz"
			b_ctl "start pl"
			# until node 1 came, then stopped: its fresh count still for 2 s
			last=-1 same=0 t=0
			while [ $same -lt 20 ] && [ $t -lt 1800 ]; do
				cat $RDBG/status >/tmp/rfm.snap
				f=$(rst 1 fresh)
				if [ "${f:-0}" -ge 2 ] && [ "$f" = "$last" ]; then
					same=$((same + 1))
				else
					same=0
				fi
				last=$f
				sleep 0.1
				t=$((t + 1))
			done
			[ $same -ge 20 ] || t_fail "plant at $rate Hz: node 1 came and went within 180 s"
			b_ctl "stop pl"
			b_ctl "destroy pl"
		else
			insmod $RF addr="$SRT_PCI_IVSHMEM" bar=2 base=$((i * 0x10000)) \
				nodes=2 node=1 signals=2 in=0:0 || { t_fail "insmod shieldrt_rfm (controller) at $rate Hz"; break; }
			b_ctl "create name=ct cpu=$B_ISO period_us=$pus mode=hrtimer prio=80 io=rfm:in=1-1:out=0-0"
			userctl chain load -l ct "$(chain_at demo-motor-ctl $rate)" >/dev/null ||
				t_fail "controller chain at $rate Hz"
			b_ctl "start ct"
			t=0
			until cat $RDBG/status >/tmp/rfm.snap; [ "$(rst 0 fresh)" -ge 2 ] 2>/dev/null || [ $t -ge 1200 ]; do
				sleep 0.1
				t=$((t + 1))
			done
			echo 1 >$RDBG/reset
			c0=$(b_st ct cycles) m0=$(b_st ct missed)
			step ct /tmp/ct.csv in1 out1
			cat $RDBG/status >/tmp/rfm.snap
			ctl_row "$rate" "two-node" "$recs" $(($(b_st ct cycles) - c0)) $(($(b_st ct missed) - m0)) "$emax" "$dev" \
				"$(rst 0 age_cycles_p50)" "$(rst 0 age_cycles_p99)" "$(rst 0 age_cycles_max)"
			b_json bench=rfm-control kernel="$SRT_KERNEL" arch="$SRT_ARCH" rate_hz="$rate" way=two-node \
				records="$recs" err_max="$emax" end_dev="$dev" \
				age_cycles_p99="$(rst 0 age_cycles_p99)" age_cycles_max="$(rst 0 age_cycles_max)"
			b_ctl "stop ct"
			b_ctl "destroy ct"
			b_ctl "create name=on cpu=$B_ISO period_us=$pus mode=hrtimer prio=80"
			userctl chain load -l on "$(chain_at demo-motor-1node $rate)" >/dev/null ||
				t_fail "one-node chain at $rate Hz"
			b_ctl "start on"
			sleep 0.3
			c0=$(b_st on cycles) m0=$(b_st on missed)
			step on /tmp/on.csv out2 out3
			ctl_row "$rate" "one-node" "$recs" $(($(b_st on cycles) - c0)) $(($(b_st on missed) - m0)) "$emax" "$dev" 0 0 0
			b_json bench=rfm-control kernel="$SRT_KERNEL" arch="$SRT_ARCH" rate_hz="$rate" way=one-node \
				records="$recs" err_max="$emax" end_dev="$dev"
			b_ctl "stop on"
			b_ctl "destroy on"
		fi
		rmmod shieldrt_rfm
		i=$((i + 1))
	done
fi

b_unload
# how far the clocks drifted apart over the run (node 0: the reference)
rfm_clock_sync "$NODE" "$NODES" 2 check || exit 1
t_ok "rfm bench ran on node $NODE"
