#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl bench interference and section, briefly, debugfs unmounted:
# with shieldrt_pcibar on edu the MMIO rows have figures (one device read
# and write a cycle), without it they say why they have none; every
# storm is gone afterwards, no loop left.  The figures are not judged:
# TCG's time is the host's.
. /srt/lib.sh

bench_setup || exit 1
storms() { ps -o comm | grep -c '^shieldrt-storm'; }
t_check "shieldrt_pcibar on edu" bench_mmio_load
# shellcheck disable=SC2086 # BENCH_CPUS is a list of options
bench_json "interference" /tmp/if.json interference $BENCH_CPUS \
	--kinds none,getppid,pipe,fork --duration 1 --period-us 2000
for k in none getppid pipe fork; do
	for m in yes no; do
		row=$(bench_row /tmp/if.json storm="\"$k\"" mmio="\"$m\"")
		t_check "interference: $k, mmio $m: a row with its counts" \
			test -n "$(bench_num "$row" late_over_thr)"
	done
	[ $k = none ] && continue
	t_check "interference: $k: the storm's calls a second" \
		test -n "$(bench_num "$(bench_row /tmp/if.json storm="\"$k\"" mmio='"no"')" storm_calls_per_s)"
done
t_eq "interference: no storm left" 0 "$(storms)"

# shellcheck disable=SC2086
bench_json "section" /tmp/sec.json section $BENCH_CPUS --methods spinlock,none \
	--storms fork,read --cycles 200 --calib-period-us 2000
for l in M1 M2 M5; do
	row=$(bench_row /tmp/sec.json study_method="\"$l\"")
	t_check "section: $l: a row with its counts" \
		test -n "$(bench_num "$row" over_thr10_per10k)"
	t_check "section: $l: the study's figure beside it" \
		test -n "$(bench_num "$row" study_over10_per10k)"
done
row=$(bench_row /tmp/sec.json study_method='"M1"')
t_check "section: M1: its lock waits and the peer's" \
	test -n "$(bench_num "$row" lock_wait_max_ns)$(bench_num "$row" peer_lock_wait_max_ns)"
t_ge "section: M1: a device read every cycle" "$(bench_num "$row" io_reads)" "$(bench_num "$row" cycles)"
t_eq "section: no storm left" 0 "$(storms)"

rmmod shieldrt_pcibar
# shellcheck disable=SC2086
bench_json "interference without a provider" /tmp/if2.json interference \
	$BENCH_CPUS --kinds none --duration 1 --period-us 2000
row=$(bench_row /tmp/if2.json storm='"none"' mmio='"yes"')
t_check "interference: the MMIO row says why it has no figures" \
	bench_has "$row" '"late_over_thr":null.*"why":"no I/O provider .pcibar. registered'
# shellcheck disable=SC2086
bench_refused "a named provider that is not registered" "no I/O provider 'pcibar' registered" \
	interference $BENCH_CPUS --kinds none --duration 1 --mmio-provider pcibar
srt_unload
