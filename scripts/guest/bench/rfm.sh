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
# (ptp4l/phc2sys on hardware); these VMs' clocks are not, so the row
# leaves them out.  Keys (--set): RATES (Hz, default 1000,10000,20000),
# SECONDS (default 5), LINGER (s the loop keeps running after its
# measurement so the others' windows end first, default 4).
. /srt/bench/_common.sh

NODE=${SRT_B_NODE:-0}
NODES=${SRT_B_NODES:-2}
RATES=$(echo "${SRT_B_RATES:-1000,10000,20000}" | tr , ' ')
SECS=${SRT_B_SECONDS:-5}
LINGER=${SRT_B_LINGER:-4}
RF=/lib/shieldrt/shieldrt_rfm.ko
RDBG=/sys/kernel/debug/shieldrt_rfm
rst() { sed -n "s/^remote: node=$1 .* $2=\([0-9-]*\).*/\1/p" /tmp/rfm.snap; }

b_load || { t_fail "insmod shieldrt"; exit 1; }
note "node $NODE of $NODES, loop on CPU $B_ISO, rates $RATES Hz, $SECS s each"
inputs="" k=0
while [ $k -lt "$NODES" ]; do
	[ $k = "$NODE" ] || inputs="$inputs${inputs:+,}$k:0"
	k=$((k + 1))
done
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
		note "$(printf '%-5s %6s  %4s <- %-4s %8s %6s %5s %6s %7s   %4s %4s %5s   %4s %4s %5s   %7s %7s %8s' \
			nodes rate node from cycles missed torn corrupt fresh% \
			agec50 agec99 agecmx rttc50 rttc99 rttcmx rttus50 rttus99 rttusmx)"
		k=0
		while [ $k -lt "$NODES" ]; do
			if [ $k != "$NODE" ]; then
				fr=$(rst $k fresh)
				pct=$(awk -v f="$fr" -v c="$cyc" 'BEGIN { if (c > 0) printf "%.1f", 100 * f / c; else print "-" }')
				note "$(printf '%-5s %6s  %4s <- %-4s %8s %6s %5s %6s %7s   %4s %4s %5s   %4s %4s %5s   %7s %7s %8s' \
					"$NODES" "$rate" "$NODE" "$k" "$cyc" "$miss" "$(rst $k torn)" "$(rst $k corrupt)" "$pct" \
					"$(rst $k age_cycles_p50)" "$(rst $k age_cycles_p99)" "$(rst $k age_cycles_max)" \
					"$(rst $k rtt_cycles_p50)" "$(rst $k rtt_cycles_p99)" "$(rst $k rtt_cycles_max)" \
					"$(($(rst $k rtt_ns_p50) / 1000))" "$(($(rst $k rtt_ns_p99) / 1000))" "$(($(rst $k rtt_ns_max) / 1000))")"
				b_json bench=rfm kernel="$SRT_KERNEL" arch="$SRT_ARCH" \
					nodes="$NODES" rate_hz="$rate" node="$NODE" from="$k" \
					cycles="$cyc" missed="$miss" fresh="$fr" \
					torn="$(rst $k torn)" corrupt="$(rst $k corrupt)" \
					age_cycles_p50="$(rst $k age_cycles_p50)" \
					age_cycles_p99="$(rst $k age_cycles_p99)" \
					age_cycles_max="$(rst $k age_cycles_max)" \
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
b_unload
t_ok "rfm bench ran on node $NODE"
