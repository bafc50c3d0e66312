#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl bench overhead and fpu-cost, briefly, debugfs unmounted: every
# row with its figures (own = to_work + compute + post, as defined), the
# FPU cases with the no-chain case explained; nothing left behind.  The
# figures are not judged: TCG's time is the host's.
. /srt/lib.sh

bench_setup || exit 1
# shellcheck disable=SC2086 # BENCH_CPUS is a list of options
bench_json "overhead" /tmp/ov.json overhead $BENCH_CPUS --duration 1 \
	--period-us 2000
for r in bare chain reader poll; do
	row=$(bench_row /tmp/ov.json case="\"$r\"")
	t_check "overhead: a row $r" test -n "$row"
	tw=$(bench_num "$row" to_work) c=$(bench_num "$row" compute)
	p=$(bench_num "$row" post) o=$(bench_num "$row" own)
	t_eq "overhead: $r: own = to_work + compute + post" "$o" $((tw + c + p))
done
row=$(bench_row /tmp/ov.json case='"poll"')
t_check "overhead: poll: the time of a clock reading" test -n "$(bench_num "$row" read_ns)"
row=$(bench_row /tmp/ov.json case='"reader"')
t_check "overhead: reader: sched" test -n "$(bench_num "$row" sched)"

# shellcheck disable=SC2086
bench_json "fpu-cost" /tmp/fpu.json fpu-cost $BENCH_CPUS --duration 1 \
	--period-us 2000
row=$(bench_row /tmp/fpu.json case='"none"')
t_check "fpu-cost: no chain: no section, and why" \
	bench_has "$row" '"section_avg_ns":null.*"why":"no chain'
t_eq "fpu-cost: no chain: no FPU section counted" 0 "$(bench_num "$row" sections)"
for c in empty demo; do
	row=$(bench_row /tmp/fpu.json case="\"$c\"")
	t_check "fpu-cost: $c: a section time" test -n "$(bench_num "$row" section_avg_ns)"
	t_ge "fpu-cost: $c: a section every cycle" "$(bench_num "$row" sections)" "$(bench_num "$row" cycles)"
done
t_eq "fpu-cost: empty over itself" 1 "$(bench_num "$(bench_row /tmp/fpu.json case='"empty"')" ratio_to_empty)"
srt_unload
