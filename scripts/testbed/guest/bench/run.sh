#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The guest side of scripts/bench/bench: the VM is one more target, so this only
# does what a user does on a machine before "userctl bench": load the
# module and the providers the bench uses, then run
#   userctl bench $SRT_BENCH $SRT_BENCH_ARGS --plot /tmp/bench
# with debugfs unmounted, print its table as "# " lines (what it says on
# stderr as plain lines: in the console log, not in scripts/bench/bench's
# table) and export its JSON (srt_export: vm-run --export writes it
# back as NAME.json).
#   section, interference: shieldrt_pcibar on QEMU's edu device, for the
#     MMIO rows (without it they say why they have no figures)
#   rfm: node SRT_RFM_NODE of SRT_RFM_NODES VMs on one ivshmem memory;
#     the clocks aligned to node 0's through it first (rfm_clocksync, the
#     testbed's stand-in for ptp4l and phc2sys), shieldrt_rfm loaded as
#     that node with every other node's signal 0 as an input, and the
#     clocks' drift over the run measured at the end
# SRT_BENCH_SYMS=1 also exports the kernel's and the module's text
# symbols before the module goes (scripts/bench/bench-profile).
. /srt/lib.sh

name=${SRT_BENCH:?no bench named}
# debugfs comes back when this exits, as a test's does (bench_setup):
# /init reports a run that left it unmounted.
trap 'mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null' EXIT
umount /sys/kernel/debug 2>/dev/null
provider=""
if [ "$name" = rfm ]; then
	n=${SRT_RFM_NODES:-2} k=${SRT_RFM_NODE:-0}
	rfm_clock_sync "$k" "$n" 1 set || exit 1
fi
insmod "$SRT_MOD" || { t_fail "$name: insmod shieldrt"; exit 1; }
case $name in
section|interference)
	if bench_mmio_load; then
		provider=shieldrt_pcibar
	else
		note "no shieldrt_pcibar on edu: the MMIO rows will say so"
	fi ;;
rfm)
	in="" i=0
	while [ $i -lt "$n" ]; do
		[ $i = "$k" ] || in="$in${in:+,}$i:0"
		i=$((i + 1))
	done
	insmod $RFM_KO addr="$SRT_PCI_IVSHMEM" bar=2 nodes="$n" node="$k" \
		signals=2 in="$in" || { t_fail "$name: insmod shieldrt_rfm"; exit 1; }
	provider=shieldrt_rfm
	if [ "$k" = 0 ]; then
		note "node 0 of $n on $(uname -r) ($SRT_ARCH): the other nodes align their clocks to this one's"
	else
		note "node $k of $n on $(uname -r) ($SRT_ARCH), its clock aligned to node 0's within ${RFM_SYNC_NS:-?} ns"
	fi ;;
esac
mkdir -p /tmp/bench
# shellcheck disable=SC2086 # SRT_BENCH_ARGS is a list of arguments
userctl bench "$name" ${SRT_BENCH_ARGS:-} --plot /tmp/bench \
	>/tmp/bench.out 2>/tmp/bench.err
rc=$?
sed 's/^/# /' /tmp/bench.out
cat /tmp/bench.err
if [ $rc = 0 ]; then
	t_ok "$name: userctl bench $name ${SRT_BENCH_ARGS:-}"
else
	t_fail "$name: userctl bench $name ${SRT_BENCH_ARGS:-}" \
		"exit status $rc: $(tail -n 1 /tmp/bench.err)"
fi
[ ! -f "/tmp/bench/$name.json" ] || srt_export "/tmp/bench/$name.json"
t_eq "$name: no loop of the bench left" "" "$(bench_loops)"
if [ "${SRT_BENCH_SYMS:-0}" = 1 ]; then
	# before the unload: the module's symbols go with it
	grep ' [tT] ' /proc/kallsyms >/tmp/text-symbols
	srt_export /tmp/text-symbols
fi
[ -z "$provider" ] || rmmod "$provider"
rmmod shieldrt || t_fail "$name: rmmod shieldrt"
# how far the clocks drifted apart over the run (node 0: the reference)
[ "$name" != rfm ] || rfm_clock_sync "$k" "$n" 2 check
