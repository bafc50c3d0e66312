#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# shieldrt_pcibar, the PCI BAR I/O provider.  On ivshmem-plain (BAR 2 is
# shared RAM) an echo loop (no chain: out = in) bound with
# io=pcibar:in=0-1:out=0-1 copies the doubles at 0x0/0x8 to 0x100/0x108:
# device -> kernel loop -> device, no process in between.  On edu, 32-bit
# registers that trap into QEMU: it runs, the counters advance, the
# liveness register saw the loop's writes.  rmmod while bound: the loop
# goes safe (reason io) and keeps running.  Safe state with the module
# loaded: the device gets the safe values.  Bad parameters: insmod fails
# with only its error in the log.
#
# Debian's kernels have CONFIG_IO_STRICT_DEVMEM: once the module holds the
# BAR, /dev/mem refuses it (and revokes existing mappings), so the test
# writes the inputs before insmod and reads the outputs after rmmod; the
# check that follows a value changed while the loop runs needs
# iomem=relaxed on the kernel command line and is skipped without it.
. /srt/lib.sh

PB=/lib/shieldrt/shieldrt_pcibar.ko
PDBG=/sys/kernel/debug/shieldrt_pcibar
ISO=$(first_cpu "$SRT_ISOLATED")
PI=0x400921FB54442D18	# 3.141592653589793
E=0x4005BF0A8B145769	# 2.718281828459045
ZERO=0x0000000000000000

# bstat LOOP KEY: a counter of LOOP's binding in the status file
bstat() {
	sed -n "s/^binding: loop=$1 .* $2=\([0-9]*\).*/\1/p" $PDBG/status 2>/dev/null
}
# The device's address: from /srt/env, else the first with that ID.
find_dev() {
	local want=$1 id=$2 d
	if [ -n "$want" ]; then
		[ -d "/sys/bus/pci/devices/$want" ] && echo "$want"
		return
	fi
	for d in /sys/bus/pci/devices/*; do
		[ "$(cat "$d/vendor"):$(cat "$d/device")" = "0x${id%:*}:0x${id#*:}" ] &&
			{ echo "${d##*/}"; return; }
	done
}
# phys BASE OFF: BASE + OFF as hex for devmem
phys() { printf '0x%x' $(($1 + $2)); }

srt_load || exit 1
IVS=$(find_dev "${SRT_PCI_IVSHMEM:-}" 1af4:1110)
EDU=$(find_dev "${SRT_PCI_EDU:-}" 1234:11e8)
TDEV=$(find_dev "${SRT_PCI_TESTDEV:-}" 1b36:0005)

# Bad parameters: refused, the module not loaded, and the log holds only
# its error (nothing touched the device: no "enabling device" line).
# bad DESC EXPECTED-LOG-TEXT PARAMS...
bad() { insmod_refused $PB shieldrt_pcibar 1 "$@"; }

if [ -z "$IVS" ]; then
	t_skip "ivshmem-plain" "no ivshmem-plain device in this VM"
else
	note "ivshmem-plain at $IVS, BAR 2 at $(bar_phys "$IVS" 2)"
	bad "neither addr= nor id=" "exactly one of addr" in=0x0
	bad "both addr= and id=" "exactly one of addr" addr="$IVS" id=1af4:1110 bar=2 in=0x0
	bad "addr=00:04.0 (no domain)" "not a PCI address" addr=00:04.0 bar=2 in=0x0
	bad "addr with slot 0x20" "not a PCI address" addr=0000:00:20.0 bar=2 in=0x0
	bad "id=1af4" "not a PCI ID" id=1af4 bar=2 in=0x0
	bad "width=16" "must be 64 or 32" addr="$IVS" bar=2 in=0x0 width=16
	bad "bar=6" "must be 0-5" addr="$IVS" bar=6 in=0x0
	bad "no offsets" "no registers" addr="$IVS" bar=2
	bad "in=0x4 with width=64" "not aligned" addr="$IVS" bar=2 in=0x4
	bad "out=0x2 with width=32" "not aligned" addr="$IVS" bar=2 out=0x2 width=32
	bad "out=0x100 twice" "given twice" addr="$IVS" bar=2 out=0x100,0x100
	bad "in=0x100000 (past the 1 MiB BAR)" "outside BAR 2" addr="$IVS" bar=2 in=0x0,0x100000
	bad "in=0xfffffff8 (offset + width wraps 32 bits)" "outside BAR 2" addr="$IVS" bar=2 in=0xfffffff8
	bad "bar=3 (upper half of the 64-bit BAR 2)" "not a memory BAR" addr="$IVS" bar=3 in=0x0
	bad "no such device" "no PCI device" addr=0000:00:1f.7 bar=0 in=0x0
	bad "no such ID" "no PCI device" id=dead:beef bar=0 in=0x0
	bad "33 offsets" "can only take 32" addr="$IVS" bar=2 \
		in=0,8,16,24,32,40,48,56,64,72,80,88,96,104,112,120,128,136,144,152,160,168,176,184,192,200,208,216,224,232,240,248,256
	if [ -n "$TDEV" ]; then
		bad "pci-testdev BAR 1 (I/O ports)" "not a memory BAR" addr="$TDEV" bar=1 in=0x0 width=32
	fi

	B=$(bar_phys "$IVS" 2)
	# The inputs are written before insmod: the device must decode
	# memory already, or they would go nowhere (pci_mem_enable)
	EN=$(pci_mem_enable "$IVS")
	t_check "ivshmem decodes memory" pci_mem_on "$IVS"
	t_check "devmem: in0 = pi" devmem "$(phys "$B" 0)" 64 $PI
	t_check "devmem: in1 = e" devmem "$(phys "$B" 8)" 64 $E
	t_check "devmem: out0 = 0" devmem "$(phys "$B" 0x100)" 64 0
	t_check "devmem: out1 = 0" devmem "$(phys "$B" 0x108)" 64 0
	t_eq "devmem: in0 reads back" $PI "$(devmem "$(phys "$B" 0)" 64)"
	t_eq "devmem: out0 reads back" $ZERO "$(devmem "$(phys "$B" 0x100)" 64)"

	n=$(dmesg | wc -l)
	t_check "insmod shieldrt_pcibar on ivshmem BAR 2, width 64" \
		insmod $PB addr="$IVS" bar=2 in=0x0,0x8 out=0x100,0x108 width=64
	note "$(new_log "$n" | grep shieldrt_pcibar)"
	t_check "status: device" grep -q "^device: $IVS 1af4:1110$" $PDBG/status
	t_check "status: bar 2" grep -q "^bar: 2 \[mem " $PDBG/status
	t_check "status: width 64" grep -q "^width: 64" $PDBG/status
	note "$(grep ^width: $PDBG/status)"
	t_check "status: in offsets" grep -qx "in: 0x0 0x8" $PDBG/status
	t_check "status: out offsets" grep -qx "out: 0x100 0x108" $PDBG/status
	t_check "/proc/iomem: the BAR is ours" grep -q shieldrt_pcibar /proc/iomem

	# More signals than offsets: refused at create, with the reason.
	if ctl "create name=pbx cpu=$ISO period_us=1000 mode=hrtimer io=pcibar:in=0-2" 2>/dev/null; then
		t_fail "bind: 3 inputs on 2 offsets refused" "create succeeded"
		ctl "destroy pbx"
	else
		t_ok "bind: 3 inputs on 2 offsets refused ($(cat $SRT_DBG/last_error))"
	fi

	t_check "create pb (echo) bound with io=pcibar:in=0-1:out=0-1" \
		ctl "create name=pb cpu=$ISO period_us=1000 mode=hrtimer io=pcibar:in=0-1:out=0-1"
	t_check "status: the binding" grep -q "^binding: loop=pb cpu=$ISO in=2 out=2 " $PDBG/status
	t_check "start pb" ctl "start pb"
	t_wait_ge "pcibar reads advance" 200 60 bstat pb reads
	t_wait_ge "pcibar writes advance" 200 60 bstat pb writes
	t_eq "no safe writes while running" 0 "$(bstat pb writes_safe)"
	t_eq "pb running" running "$(cat $SRT_DBG/pb/state)"

	if devmem "$(phys "$B" 0x100)" 64 >/dev/null 2>&1; then
		# iomem=relaxed: a value changed now reaches the output.
		devmem "$(phys "$B" 8)" 64 0x3FF0000000000000
		t_wait_ge "live: out1 follows in1 = 1.0" 1 10 sh -c \
			"[ \"\$(devmem $(phys "$B" 0x108) 64)\" = 0x3FF0000000000000 ] && echo 1"
		devmem "$(phys "$B" 8)" 64 $E
		t_wait_ge "live: out1 back to e" 1 10 sh -c \
			"[ \"\$(devmem $(phys "$B" 0x108) 64)\" = $E ] && echo 1"
	else
		t_skip "live: out1 follows in1" "the BAR is closed to /dev/mem while held (IO_STRICT_DEVMEM; iomem=relaxed opens it)"
	fi

	t_check "stop pb" ctl "stop pb"
	t_check "destroy pb" ctl "destroy pb"
	t_check "status: no binding left" sh -c "! grep -q ^binding: $PDBG/status"
	t_check "rmmod shieldrt_pcibar (unbound)" rmmod shieldrt_pcibar
	t_check "debugfs directory removed" test ! -e $PDBG
	t_check "/proc/iomem: the BAR released" sh -c "! grep -q shieldrt_pcibar /proc/iomem"
	t_eq "out0 = in0 = pi, copied by the loop" $PI "$(devmem "$(phys "$B" 0x100)" 64)"
	t_eq "out1 = in1 = e, copied by the loop" $E "$(devmem "$(phys "$B" 0x108)" 64)"

	# rmmod while bound and running: safe state, reason io, keeps cycling.
	t_check "insmod shieldrt_pcibar again" \
		insmod $PB addr="$IVS" bar=2 in=0x0,0x8 out=0x100,0x108
	t_check "create and start pb2" ctl "create name=pb2 cpu=$ISO period_us=1000 mode=hrtimer io=pcibar:in=0-1:out=0-1
start pb2"
	t_wait_ge "pb2 bound and cycling" 100 60 bstat pb2 writes
	t_check "rmmod shieldrt_pcibar while pb2 is bound" rmmod shieldrt_pcibar
	if wait_state pb2 safe 10; then t_ok "pb2: safe state"; else
		t_fail "pb2: safe state" "state $(cat $SRT_DBG/pb2/state)"; fi
	t_eq "pb2: safe_reason io" io "$(st pb2 safe_reason)"
	c0=$(st pb2 cycles)
	t_wait_ge "pb2 keeps cycling in safe state" $((c0 + 100)) 60 st pb2 cycles
	# The provider's last write, as it left, was the safe values (+0.0).
	t_eq "after rmmod while bound the device holds the safe value (out0)" \
		$ZERO "$(devmem "$(phys "$B" 0x100)" 64)"
	t_eq "after rmmod while bound the device holds the safe value (out1)" \
		$ZERO "$(devmem "$(phys "$B" 0x108)" 64)"
	t_check "destroy pb2" ctl "destroy pb2"

	# Safe state with the provider loaded: the device gets the safe
	# values (+0.0).  A limit on out0 trips it (out0 = pi > 1.5).
	t_check "insmod shieldrt_pcibar for the safe values" \
		insmod $PB addr="$IVS" bar=2 in=0x0,0x8 out=0x100,0x108
	t_check "create and start ps" ctl "create name=ps cpu=$ISO period_us=1000 mode=hrtimer io=pcibar:in=0-1:out=0-1
start ps"
	t_wait_ge "ps bound and cycling" 100 60 bstat ps writes
	t_check "limit out0 to [-1.5, 1.5]" sh -c \
		"echo 'out=0 min=-1.5 max=1.5' >$SRT_DBG/ps/limits"
	if wait_state ps safe 10; then t_ok "ps: safe state"; else
		t_fail "ps: safe state" "state $(cat $SRT_DBG/ps/state)"; fi
	t_eq "ps: safe_reason limit" limit "$(st ps safe_reason)"
	t_wait_ge "safe writes advance" 100 60 bstat ps writes_safe
	note "$(grep ^binding: $PDBG/status)"
	t_check "stop and destroy ps" ctl "stop ps
destroy ps"
	t_check "rmmod shieldrt_pcibar" rmmod shieldrt_pcibar
	t_eq "the device saw the safe value: out0 = +0.0" $ZERO "$(devmem "$(phys "$B" 0x100)" 64)"
	t_eq "the device saw the safe value: out1 = +0.0" $ZERO "$(devmem "$(phys "$B" 0x108)" 64)"
	pci_mem_restore "$IVS" "$EN"
fi

if [ -z "$EDU" ]; then
	t_skip "edu" "no edu device in this VM"
else
	# edu: 0x0 identification (0x010000ed for 1.0), 0x4 liveness (reads
	# back the inverse of what was written).  Every access traps to QEMU.
	t_check "insmod shieldrt_pcibar on edu BAR 0, width 32" \
		insmod $PB addr="$EDU" bar=0 in=0x0 out=0x4 width=32
	t_check "status: width 32" grep -qx "width: 32" $PDBG/status
	t_check "create and start pe" ctl "create name=pe cpu=$ISO period_us=1000 mode=hrtimer io=pcibar:in=0-0:out=0-0
start pe"
	t_wait_ge "edu: reads advance" 500 60 bstat pe reads
	t_wait_ge "edu: writes advance" 500 60 bstat pe writes
	note "$(grep ^binding: $PDBG/status)"
	t_check "stop and destroy pe" ctl "stop pe
destroy pe"
	t_check "rmmod shieldrt_pcibar" rmmod shieldrt_pcibar
	E0=$(bar_phys "$EDU" 0)
	id=$(devmem "$(phys "$E0" 0)" 32)
	t_eq "edu liveness = ~id: the loop wrote the id register's value" \
		"$(printf '0x%08X' $((~id & 0xffffffff)))" "$(devmem "$(phys "$E0" 4)" 32)"
fi

srt_unload
