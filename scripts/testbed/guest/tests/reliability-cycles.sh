#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Load/unload cycles with the region mapped: each cycle loads the module,
# creates and starts a loop, maps its region with "userctl record" (which
# keeps the mapping until stopped), tries rmmod (it must be refused and
# the module stay), releases the mapping, destroys the loop and unloads.
#
# Memory: on a stock kernel SRT_LOAD_WARMUP cycles first (default 3: the
# first loads fill the kernel's caches: kernfs and sysfs nodes, module
# notes, per-CPU slabs), then unreclaimable slab (SUnreclaim) is taken,
# SRT_LOAD_CYCLES more run (default 5; make check-reliability: 100 on the
# stock kernels, 200 on the fault kernel), and it is taken again; with
# at least SRT_SLAB_MIN_CYCLES (20) measured, the growth must stay within
# SRT_SLAB_BOUND_KB kB a cycle (docs/testing.md, "Reliability campaign":
# the noise measured and why the bound is what it is).  The
# debug kernels warm up no cycle and only print the figures (KASAN's
# quarantine and kmemleak's own objects are slab there); kmemleak
# (x86_64-debug-fault) must report nothing.  On a kernel without
# kmemleak it runs only when SRT_LOAD_CYCLES is set
# (dataplane-lifetime.sh already checks one refused rmmod there).
. /srt/lib.sh

if [ ! -e /sys/kernel/debug/kmemleak ] && [ -z "${SRT_LOAD_CYCLES:-}" ]; then
	t_skip "load cycles" "no kmemleak in $SRT_KERNEL and SRT_LOAD_CYCLES unset (x86_64-debug-fault runs them)"
	exit 0
fi

N=${SRT_LOAD_CYCLES:-5}
case $SRT_KERNEL in
*-debug*) W=${SRT_LOAD_WARMUP:-0} ;;
*) W=${SRT_LOAD_WARMUP:-3} ;;
esac
# 4 kB a cycle: docs/testing.md "Reliability campaign", load cycles
BOUND=${SRT_SLAB_BOUND_KB:-4}
MIN=${SRT_SLAB_MIN_CYCLES:-20}
KL=/sys/kernel/debug/kmemleak
ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))
mem() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }
# settle: what a cycle freed is counted free (RCU callbacks run, empty
# slabs on the per-CPU partial lists given back, caches dropped)
settle() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	sleep 2
	for f in /sys/kernel/slab/*/shrink; do
		echo 1 >"$f" 2>/dev/null
	done
	echo 3 >/proc/sys/vm/drop_caches
}
figures() {
	settle
	echo "Slab=$(mem Slab)kB SUnreclaim=$(mem SUnreclaim)kB SReclaimable=$(mem SReclaimable)kB VmallocUsed=$(mem VmallocUsed)kB"
}
sunreclaim() { echo "$1" | sed -n 's/.*SUnreclaim=\([0-9]*\)kB.*/\1/p'; }

bad="" modsize=""
# one_cycle I: one load cycle; on a failure sets bad and returns 1
one_cycle() {
	insmod $SRT_MOD || { bad="cycle $1: insmod failed"; return 1; }
	[ -n "$modsize" ] || modsize=$(awk '$1 == "shieldrt" { print $2 }' /proc/modules)
	ctl "create name=lc cpu=$ISO period_us=1000 mode=hrtimer" &&
		ctl "start lc" || { bad="cycle $1: create/start: $(cat $SRT_DBG/last_error)"; return 1; }
	userctl record -l lc -d 100000 -o /dev/null >/dev/null 2>&1 &
	rec=$!
	k=0
	until grep -q shieldrt /proc/$rec/maps 2>/dev/null; do
		k=$((k + 1))
		[ $k -lt 100 ] || break
		sleep 0.1
	done
	grep -q shieldrt /proc/$rec/maps 2>/dev/null ||
		{ bad="cycle $1: the recorder never mapped the region"; kill $rec; return 1; }
	if rmmod shieldrt 2>/tmp/lc.err; then
		bad="cycle $1: rmmod accepted while mapped"
		return 1
	fi
	grep -q '^shieldrt ' /proc/modules || { bad="cycle $1: module gone"; return 1; }
	kill $rec
	wait $rec
	ctl "stop lc" && ctl "destroy lc" || { bad="cycle $1: destroy: $(cat $SRT_DBG/last_error)"; return 1; }
	rmmod shieldrt || { bad="cycle $1: rmmod after the release failed"; return 1; }
}

[ -w $KL ] && echo clear >$KL
start=$(figures)
i=0
while [ $i -lt "$W" ] && [ -z "$bad" ]; do
	i=$((i + 1))
	one_cycle "warm-up $i"
done
if [ "$W" = 0 ]; then
	warm=$start
else
	warm=$(figures)
fi
i=0
while [ $i -lt "$N" ] && [ -z "$bad" ]; do
	i=$((i + 1))
	one_cycle "$i" || break
done
end=$(figures)
note "load-cycles $i of $N after $W to warm up; start $start; after the warm-up $warm; end $end; module size ${modsize:-?} bytes"
t_eq "$N load/unload cycles, rmmod refused while mapped each time" "" "$bad"
t_check "module unloaded at the end" sh -c "! grep -q '^shieldrt ' /proc/modules"

# kB of unreclaimable slab a cycle, from after the warm-up to the end
w=$(sunreclaim "$warm")
e=$(sunreclaim "$end")
per=$(awk -v w="$w" -v e="$e" -v n="$i" 'BEGIN { if (n > 0 && w != "" && e != "") printf "%.2f", (e - w) / n }')
note "SUnreclaim after the warm-up $w kB, at the end $e kB: $per kB a cycle over $i cycles (bound $BOUND kB a cycle on stock kernels)"
case $SRT_KERNEL in
*-debug*)
	t_skip "SUnreclaim per cycle within $BOUND kB" "$SRT_KERNEL: KASAN's quarantine and kmemleak hold slab; kmemleak judges here" ;;
*)
	if [ "$i" -lt "$MIN" ]; then
		t_skip "SUnreclaim per cycle within $BOUND kB" "$i cycles: under $MIN the noise of a few slab pages is more than a cycle's bound"
	elif awk -v p="$per" -v b="$BOUND" 'BEGIN { exit !(p != "" && p <= b) }'; then
		t_ok "SUnreclaim per cycle within $BOUND kB ($per kB over $i cycles)"
	else
		t_fail "SUnreclaim per cycle within $BOUND kB" "$per kB a cycle over $i cycles ($w -> $e kB)"
	fi ;;
esac
if [ -w $KL ]; then
	echo scan >$KL
	sleep 6
	echo scan >$KL
	leaks=$(grep -c '^unreferenced object' $KL)
	[ "$leaks" = 0 ] || head -n 60 $KL | sed 's/^/# /'
	t_eq "kmemleak: no unreferenced object after $((i + W)) cycles" 0 "$leaks"
else
	t_skip "kmemleak" "no kmemleak in $SRT_KERNEL"
fi
