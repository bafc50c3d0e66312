#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Load/unload cycles with the region mapped: each cycle loads the module,
# creates and starts a loop, maps its region with "userctl record" (which
# keeps the mapping until stopped), tries rmmod (it must be refused and
# the module stay), releases the mapping, destroys the loop and unloads.
# Slab and module figures are printed at the start and the end; kmemleak
# (where the kernel has it: x86_64-debug-fault) must report nothing.
# SRT_LOAD_CYCLES cycles (default 5; make check-reliability: 200); on a
# kernel without kmemleak it runs only when SRT_LOAD_CYCLES is set
# (dataplane-lifetime.sh already checks one refused rmmod there).
. /srt/lib.sh

if [ ! -e /sys/kernel/debug/kmemleak ] && [ -z "${SRT_LOAD_CYCLES:-}" ]; then
	t_skip "load cycles" "no kmemleak in $SRT_KERNEL and SRT_LOAD_CYCLES unset (x86_64-debug-fault runs them)"
	exit 0
fi

N=${SRT_LOAD_CYCLES:-5}
KL=/sys/kernel/debug/kmemleak
ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))
mem() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }
figures() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	echo "Slab=$(mem Slab)kB SUnreclaim=$(mem SUnreclaim)kB"
}

[ -w $KL ] && echo clear >$KL
start=$(figures)
i=0 bad="" modsize=""
while [ $i -lt $N ]; do
	i=$((i + 1))
	insmod $SRT_MOD || { bad="cycle $i: insmod failed"; break; }
	[ -n "$modsize" ] || modsize=$(awk '$1 == "shieldrt" { print $2 }' /proc/modules)
	ctl "create name=lc cpu=$ISO period_us=1000 mode=hrtimer" &&
		ctl "start lc" || { bad="cycle $i: create/start: $(cat $SRT_DBG/last_error)"; break; }
	userctl record -l lc -d 100000 -o /dev/null >/dev/null 2>&1 &
	rec=$!
	k=0
	until grep -q shieldrt /proc/$rec/maps 2>/dev/null; do
		k=$((k + 1))
		[ $k -lt 100 ] || break
		sleep 0.1
	done
	grep -q shieldrt /proc/$rec/maps 2>/dev/null ||
		{ bad="cycle $i: the recorder never mapped the region"; kill $rec; break; }
	if rmmod shieldrt 2>/tmp/lc.err; then
		bad="cycle $i: rmmod accepted while mapped"
		break
	fi
	grep -q '^shieldrt ' /proc/modules || { bad="cycle $i: module gone"; break; }
	kill $rec
	wait $rec
	ctl "stop lc" && ctl "destroy lc" || { bad="cycle $i: destroy: $(cat $SRT_DBG/last_error)"; break; }
	rmmod shieldrt || { bad="cycle $i: rmmod after the release failed"; break; }
done
end=$(figures)
note "load-cycles $i of $N; start $start; end $end; module size ${modsize:-?} bytes"
t_eq "$N load/unload cycles, rmmod refused while mapped each time" "" "$bad"
t_check "module unloaded at the end" sh -c "! grep -q '^shieldrt ' /proc/modules"
if [ -w $KL ]; then
	echo scan >$KL
	sleep 6
	echo scan >$KL
	leaks=$(grep -c '^unreferenced object' $KL)
	[ "$leaks" = 0 ] || head -n 60 $KL | sed 's/^/# /'
	t_eq "kmemleak: no unreferenced object after $i cycles" 0 "$leaks"
else
	t_skip "kmemleak" "no kmemleak in $SRT_KERNEL"
fi
