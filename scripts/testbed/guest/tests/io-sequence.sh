#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The three providers one after another under one load of shieldrt, each
# bound to loops that read and write (section=none, and raw_spinlock or
# irqsave once each).  simdaq takes the loops' I/O lock in hard interrupt
# context (its converter), so from then on every lock a provider takes
# under that lock must never be taken with interrupts on: on the lockdep
# kernels any such order is a splat the host finds in the log (rfm's own
# seqcount was one, in rfm_write).  Each test of its own loads shieldrt
# afresh, and unloading the module forgets its lock classes, so only a
# sequence in one load shows this.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=1
DAQ=/lib/shieldrt/shieldrt_simdaq.ko
PB=/lib/shieldrt/shieldrt_pcibar.ko
IVS=${SRT_PCI_IVSHMEM:-}
cycles() { st "$1" cycles; }

if [ ! -f $DAQ ] || [ ! -f $PB ] || [ ! -f "$RFM_KO" ] ||
	[ -z "$IVS" ] || [ ! -d "/sys/bus/pci/devices/$IVS" ]; then
	t_skip "io-sequence" "needs the three providers and the ivshmem device"
	exit 0
fi
srt_load || exit 1

# run NAME IO [SETTINGS]: create, start, at least 200 cycles, running
# throughout, stop and destroy
run() {
	local name=$1 io=$2
	shift 2
	t_check "$name: create and start (io=$io $*)" ctl "create name=$name cpu=$ISO period_us=1000 io=$io $*
start $name"
	t_wait_ge "$name: 200 cycles" 200 60 cycles "$name"
	t_eq "$name: running throughout" "running none" \
		"$(cat $SRT_DBG/$name/state) $(st "$name" safe_reason)"
	t_check "$name: stop and destroy" ctl "stop $name
destroy $name"
}

t_check "insmod shieldrt_simdaq" insmod $DAQ rate_hz=1000
run daq simdaq:in=0-1:out=0:trigger mode=external section=raw_spinlock
run daq2 simdaq:in=0-1:out=0 mode=hrtimer section=none
t_check "rmmod shieldrt_simdaq" rmmod shieldrt_simdaq

t_check "insmod shieldrt_pcibar" insmod $PB addr="$IVS" bar=2 in=0x0,0x8 out=0x100,0x108 width=64
run pb pcibar:in=0-1:out=0-1 mode=hrtimer section=none
t_check "rmmod shieldrt_pcibar" rmmod shieldrt_pcibar

# a layout of its own, past pcibar's registers; node 1 feeds nothing,
# so no stale_limit here (its blocks stay "gone")
t_check "insmod shieldrt_rfm" insmod "$RFM_KO" addr="$IVS" bar=2 base=0x4000 nodes=2 node=0 signals=2 in=1:0
run rf rfm:in=0-0:out=0-1 mode=hrtimer section=none
run rfi rfm:in=0-0:out=0-1 mode=hrtimer section=irqsave
t_check "rmmod shieldrt_rfm" rmmod shieldrt_rfm

srt_unload
