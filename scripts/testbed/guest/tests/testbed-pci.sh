#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The testbed's PCI devices (scripts/testbed/vm-run puts them in every VM)
# are at the addresses /srt/env names, with their IDs, and have their BARs.
. /srt/lib.sh

# bar_size BDF N: the size of BAR N in bytes, 0 if it has none
bar_size() {
	# shellcheck disable=SC2046 # the line's three fields
	set -- $(sed -n "$(($2 + 1))p" "/sys/bus/pci/devices/$1/resource")
	if [ "$(($1))" = 0 ]; then echo 0; else echo $(($2 - $1 + 1)); fi
}

# check_dev NAME BDF ID BAR SIZE: present with ID, BAR assigned, SIZE long
check_dev() {
	local d=/sys/bus/pci/devices/$2 v
	if [ -z "$2" ] || [ ! -d "$d" ]; then
		t_fail "$1 at $2" "no $d"
		return
	fi
	t_ok "$1 at $2"
	v=$(cat "$d/vendor"):$(cat "$d/device")
	t_eq "$1 has ID $3" "$3" "$(echo "$v" | sed 's/0x//g')"
	t_eq "$1 BAR$4 assigned, $5 bytes" "$5" "$(bar_size "$2" "$4")"
}

if [ ! -d /sys/bus/pci/devices ]; then
	t_fail "the kernel has PCI" "no /sys/bus/pci/devices"
	exit 0
fi
check_dev ivshmem "$SRT_PCI_IVSHMEM" "$SRT_PCI_IVSHMEM_ID" 2 1048576
check_dev edu "$SRT_PCI_EDU" "$SRT_PCI_EDU_ID" 0 1048576
check_dev pci-testdev "$SRT_PCI_TESTDEV" "$SRT_PCI_TESTDEV_ID" 0 4096

# The edu device answers through its registers: ID 0x010000ed, and the
# complement of what was written to its liveness register.
edu=$(bar_phys "$SRT_PCI_EDU" 0)
if [ ! -c /dev/mem ] || ! command -v devmem >/dev/null; then
	t_skip "edu registers answer" "no /dev/mem or devmem"
elif [ -z "$edu" ] || [ "$((edu))" = 0 ]; then
	t_fail "edu registers answer" "BAR0 not assigned"
else
	en=$(pci_mem_enable "$SRT_PCI_EDU")
	t_check "edu decodes memory" pci_mem_on "$SRT_PCI_EDU"
	t_eq "edu identification register" 0x010000ED "$(devmem "$edu" 32)"
	devmem $((edu + 4)) 32 0x12345678
	t_eq "edu liveness register inverts" 0xEDCBA987 "$(devmem $((edu + 4)) 32)"
	pci_mem_restore "$SRT_PCI_EDU" "$en"
fi
