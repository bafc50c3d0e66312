#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl bench compare, briefly, debugfs unmounted: the shieldrt rows
# with figures, each reference with figures where it is there (cyclictest
# in PATH; timerlat through rtla, else the kernel's tracer through
# tracefs) or a row saying why not, and the tracer's settings put back;
# a reference asked for by name that is not there: exit 2.  The figures
# are not judged: TCG's time is the host's.
. /srt/lib.sh

bench_setup || exit 1
TR=/sys/kernel/tracing
tracer() { cat $TR/current_tracer $TR/tracing_on 2>/dev/null; }
before=$(tracer)
# shellcheck disable=SC2086 # BENCH_CPUS is a list of options
bench_json "compare" /tmp/cmp.json compare $BENCH_CPUS --modes hrtimer,poll \
	--duration 2 --rounds 2 --warmup 0 --period-us 2000
for m in hrtimer poll; do
	row=$(bench_row /tmp/cmp.json who="\"shieldrt-$m\"")
	t_check "compare: shieldrt-$m: thread latency p99" test -n "$(bench_num "$row" thread_p99_ns)"
done
t_check "compare: shieldrt-hrtimer: IRQ latency p99" \
	test -n "$(bench_num "$(bench_row /tmp/cmp.json who='"shieldrt-hrtimer"')" irq_p99_ns)"
for who in timerlat cyclictest; do
	row=$(bench_row /tmp/cmp.json who="\"$who\"")
	if [ -n "$(bench_num "$row" thread_p99_ns)" ]; then
		t_ok "compare: $who measured ($(echo "$row" | sed -n 's/.*"via":"\([^"]*\)".*/\1/p'))"
	else
		t_check "compare: $who: no figures, and why" bench_has "$row" '"why":'
		note "$who: $(echo "$row" | sed -n 's/.*"why":"\([^"]*\)".*/\1/p')"
	fi
done
t_eq "compare: the tracer's settings are back" "$before" "$(tracer)"
t_check "compare: a ratios row a mode" test -n "$(bench_row /tmp/cmp.json row='"ratios"' mode='"poll"')"
if ! command -v rtla >/dev/null && ! grep -qw timerlat $TR/available_tracers 2>/dev/null; then
	# shellcheck disable=SC2086
	bench_refused "timerlat asked for, not there" "timerlat" compare $BENCH_CPUS --tools timerlat
fi
if ! command -v cyclictest >/dev/null; then
	# shellcheck disable=SC2086
	bench_refused "cyclictest asked for, not there" "cyclictest" compare $BENCH_CPUS --tools cyclictest
fi
srt_unload
