#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# "userctl shield audit" on the real guest kernel: it runs, and its
# isolation items agree with how the VM booted (/proc/cmdline).
. /srt/lib.sh

last=$((SRT_NCPUS - 1))
cpus=${SRT_ISOLATED:-$last}
out=/tmp/shield-audit.out
note "audit --cpus $cpus; cmdline: $(cat /proc/cmdline)"

userctl shield audit --cpus "$cpus" > $out 2>&1
rc=$?
sed 's/^/# /' $out | grep -v '^#       ' | head -60
t_check "audit exits 0 or 1 (no usage error, no crash), got $rc" \
	test $rc -eq 0 -o $rc -eq 1
t_check "audit prints its summary line" grep -q '^# PASS [0-9]*, INFO' $out

# line CHECK VERDICT
verdict() { grep "^[A-Z]*  $1 " $out | head -n 1 | cut -c1-4; }

if [ -n "$SRT_ISOLATED" ]; then
	for c in cmdline.isolcpus cmdline.nohz_full cmdline.rcu_nocbs \
		 cmdline.irqaffinity kernel.isolated kernel.nohz_full; do
		t_eq "booted with isolcpus=$SRT_ISOLATED: $c" PASS "$(verdict $c)"
	done
	t_eq "kernel's isolated file names the shielded CPUs" "$SRT_ISOLATED" \
		"$(cat /sys/devices/system/cpu/isolated)"
else
	for c in cmdline.isolcpus cmdline.nohz_full cmdline.rcu_nocbs \
		 kernel.isolated; do
		t_eq "booted without shielding: $c" FAIL "$(verdict $c)"
	done
	t_eq "booted without shielding: audit exits 1" 1 $rc
	t_check "the remedy is the full command line" grep -q \
		"fix: add to the kernel command line and reboot: isolcpus=domain,managed_irq,$cpus nohz_full=$cpus rcu_nocbs=$cpus irqaffinity=0" $out
fi

# "2-3,5" -> "2 3 4 5"
expand() {
	for r in $(echo "$1" | tr ',' ' '); do
		seq "${r%-*}" "${r#*-}"
	done
}

# Every IRQ audit FAILs must really be delivered to a shielded CPU.
n=0 bad=""
for irq in $(sed -n 's/^FAIL  irq\.\([0-9]*\) .*/\1/p' $out); do
	f=/proc/irq/$irq/effective_affinity_list
	[ -f $f ] || f=/proc/irq/$irq/smp_affinity_list
	hit=0
	for c in $(expand "$(cat $f)"); do
		for s in $(expand "$cpus"); do
			[ "$c" != "$s" ] || hit=1
		done
	done
	n=$((n + 1))
	[ $hit = 1 ] || bad="$bad $irq"
done
note "$n IRQs FAILed"
t_eq "each FAILed IRQ is delivered to a shielded CPU" "" "$bad"

case $SRT_KERNEL in
*-rt) t_eq "PREEMPT_RT kernel recognised" PASS "$(verdict kernel.preempt_rt)" ;;
*) t_eq "non-RT kernel reported" WARN "$(verdict kernel.preempt_rt)" ;;
esac
if [ -d /sys/kernel/debug/sched/fair_server ]; then
	t_check "fair server checked on CPU $(first_cpu $cpus)" grep -q \
		"^[A-Z]*  sched.fair_server.cpu$(first_cpu $cpus) " $out
else
	t_eq "no fair server on this kernel: SKIP" SKIP \
		"$(verdict sched.fair_server)"
fi
t_check "clocksource checked" grep -q '^[A-Z]*  clocksource ' $out
t_check "per-CPU kthreads are not failures" sh -c \
	"! grep '^FAIL  tasks' $out | grep -q 'ksoftirqd/$(first_cpu $cpus)\['"

userctl shield audit --cpus "$cpus" --json > $out.json 2>&1
t_check "audit --json is one JSON object with a result" sh -c \
	"head -c 1 $out.json | grep -q '{' && grep -q '\"result\":\"\\(PASS\\|FAIL\\)\"' $out.json"
