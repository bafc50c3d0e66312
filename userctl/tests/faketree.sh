# SPDX-License-Identifier: GPL-2.0
# Builds a fake /proc + /sys tree for "userctl --root": 4 CPUs, a few IRQs
# and tasks, every file shield audit/apply reads.  Source it, then call
# fake_tree DIR [CMDLINE].

# put PATH CONTENT: write CONTENT plus a newline, creating directories
put() {
	mkdir -p "$(dirname "$1")"
	printf '%s\n' "$2" > "$1"
}

# task DIR PID NAME PPID KTHREAD(0|1|-) CPUS
task() {
	mkdir -p "$1/proc/$2"
	{
		printf 'Name:\t%s\nUmask:\t0022\nState:\tS (sleeping)\n' "$3"
		printf 'Tgid:\t%s\nPid:\t%s\nPPid:\t%s\n' "$2" "$2" "$4"
		[ "$5" = - ] || printf 'Kthread:\t%s\n' "$5"
		printf 'Cpus_allowed:\tf\nCpus_allowed_list:\t%s\n' "$6"
		printf 'voluntary_ctxt_switches:\t3\n'
	} > "$1/proc/$2/status"
}

# irq DIR N AFFINITY EFFECTIVE NAME(empty: no handler)
irq() {
	put "$1/proc/irq/$2/smp_affinity_list" "$3"
	[ -z "$4" ] || put "$1/proc/irq/$2/effective_affinity_list" "$4"
	[ -z "$5" ] ||
		printf '%4s:  %8s %8s %8s %8s  IO-APIC  %s-edge      %s\n' \
			"$2" 10 0 5 0 "$2" "$5" >> "$1/proc/interrupts"
}

fake_tree() {
	r=$1
	cmdline=${2:-BOOT_IMAGE=/vmlinuz root=/dev/vda ro quiet}
	cpu=$r/sys/devices/system/cpu
	rm -rf "$r"
	mkdir -p "$r"
	put "$r/proc/cmdline" "$cmdline"
	# no cgroup2 at /sys/fs/cgroup: apply makes no partition
	put "$r/proc/self/mounts" "proc /proc proc rw,nosuid 0 0"
	put "$cpu/present" 0-3
	put "$cpu/possible" 0-3
	put "$cpu/online" 0-3
	put "$cpu/isolated" ""
	put "$cpu/nohz_full" "(null)"
	for n in 0 1 2 3; do
		put "$cpu/cpu$n/cpufreq/scaling_governor" schedutil
		put "$cpu/cpu$n/cpufreq/scaling_available_governors" \
			"performance schedutil powersave"
		put "$r/sys/kernel/debug/sched/fair_server/cpu$n/runtime" 50000000
		put "$cpu/cpu$n/power/pm_qos_resume_latency_us" 0
		s=0
		for st in "POLL 0" "C1 2" "C6 100"; do
			put "$cpu/cpu$n/cpuidle/state$s/name" "${st% *}"
			put "$cpu/cpu$n/cpuidle/state$s/latency" "${st#* }"
			put "$cpu/cpu$n/cpuidle/state$s/disable" 0
			s=$((s + 1))
		done
	done
	put "$r/sys/devices/system/clocksource/clocksource0/current_clocksource" hpet
	put "$r/sys/devices/system/clocksource/clocksource0/available_clocksource" \
		"tsc hpet acpi_pm arch_sys_counter"
	put "$r/sys/devices/virtual/workqueue/cpumask" f
	put "$r/sys/bus/workqueue/devices/writeback/cpumask" f
	k=$r/proc/sys/kernel
	put "$k/sched_rt_runtime_us" 950000
	put "$k/watchdog" 1
	put "$k/watchdog_cpumask" 0-3
	put "$k/nmi_watchdog" 0
	put "$k/timer_migration" 1
	put "$k/version" "#1 SMP PREEMPT_DYNAMIC Debian 6.12.9-1"
	put "$k/arch" x86_64
	put "$r/proc/irq/default_smp_affinity" f
	printf '           CPU0       CPU1       CPU2       CPU3\n' \
		> "$r/proc/interrupts"
	irq "$r" 0 0 0 timer
	irq "$r" 24 0-3 2 virtio0-input
	irq "$r" 25 0-3 0 virtio0-output
	irq "$r" 26 0-1 1 ttyS0
	irq "$r" 27 1-3 "" ""
	irq "$r" 28 2 2 pinned-dev
	task "$r" 1 init 0 0 0-3
	task "$r" 2 kthreadd 0 1 0-3
	task "$r" 20 ksoftirqd/2 2 1 2
	task "$r" 21 kworker/u8:1 2 - 0-3
	task "$r" 22 rcu_preempt 2 1 0-1
	task "$r" 23 kworker/R-rcu_gp 2 1 0-3
	task "$r" 30 irqbalance 1 0 0-3
	task "$r" 40 rtapp 1 0 2-3
}

# A tree a correct boot + "shield apply --cpus 2-3" would leave.
good_tree() {
	fake_tree "$1" "BOOT_IMAGE=/vmlinuz isolcpus=domain,managed_irq,2-3 nohz_full=2-3 irqaffinity=0-1"
	put "$1/sys/devices/system/cpu/isolated" 2-3
	put "$1/sys/devices/system/cpu/nohz_full" 2-3
	put "$1/sys/devices/system/clocksource/clocksource0/current_clocksource" tsc
	put "$1/proc/sys/kernel/version" "#1 SMP PREEMPT_RT Debian 6.12.9-1"
	rm -rf "$1/proc/30" "$1/proc/irq/24" "$1/proc/irq/25"
	task "$1" 1 init 0 0 0-1
	task "$1" 2 kthreadd 0 1 0-1
	task "$1" 21 kworker/u8:1 2 - 0-1
}
