#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# One boot, one CPU, one period: shieldrt's loop against the kernel's
# timerlat tracer (same definitions: IRQ latency is timer expiry to its
# handler, thread latency expiry to the thread running) and cyclictest
# (user space, clock_nanosleep).  p99 and max of each, and their ratios.
# The three take turns in SRT_B_ROUNDS segments, so a change in the host's
# load (TCG shares its CPUs) falls on all of them alike.
#   SRT_B_PERIOD_US (2000)  SRT_B_SECONDS per row (20)  SRT_B_ROUNDS (4)
#   SRT_B_MODES (hrtimer): shieldrt wait modes, comma-separated
#   SRT_B_WARMUP (2): seconds of an unmeasured first run
. /srt/bench/_common.sh

period=${SRT_B_PERIOD_US:-2000}
secs=${SRT_B_SECONDS:-20}
rounds=${SRT_B_ROUNDS:-4}
modes=$(echo "${SRT_B_MODES:-hrtimer}" | tr , " ")
TR=/sys/kernel/tracing
seg=$((secs / rounds))
[ $seg -ge 1 ] || seg=1

# p99 and max of a column of integers on stdin: "p99 max count"
pct() {
	sort -n | awk '{ v[NR] = $1 } END {
		if (!NR) { print "- - 0"; exit }
		i = int(NR * 0.99 + 0.999); if (i < 1) i = 1; if (i > NR) i = NR
		print v[i], v[NR], NR }'
}

note "compare: kernel $SRT_KERNEL ($(uname -r)), $SRT_ARCH, cpu $B_ISO (isolated: ${SRT_ISOLATED:-none}), period $period us, $secs s per row in $rounds turns"
fmt='%-16s %10s %10s %10s %10s %8s'
note "$(printf "$fmt" who irq_p99_ns irq_max_ns thr_p99_ns thr_max_ns samples)"

row() {
	note "$(printf "$fmt" "$1" "$2" "$3" "$4" "$5" "$6")"
	b_json bench=compare kernel="$SRT_KERNEL" arch="$SRT_ARCH" cpu="$B_ISO" \
		period_us="$period" who="$1" irq_p99_ns="$2" irq_max_ns="$3" \
		thread_p99_ns="$4" thread_max_ns="$5" samples="$6"
}

have_tl=0
grep -qw timerlat $TR/available_tracers 2>/dev/null && have_tl=1
have_ct=0
command -v cyclictest >/dev/null && have_ct=1

# One timerlat segment; samples are appended to /tmp/tl_irq, /tmp/tl_thr.
# Tracing stops before the trace is read: switching the tracer (even to
# nop) clears the buffer, which is why an earlier attempt read nothing.
timerlat_segment() {
	echo 0 >$TR/tracing_on
	echo nop >$TR/current_tracer
	echo 8192 >$TR/buffer_size_kb
	echo "$B_ISO" >$TR/osnoise/cpus
	echo "$period" >$TR/osnoise/timerlat_period_us
	echo >$TR/trace
	echo timerlat >$TR/current_tracer
	echo 1 >$TR/tracing_on
	sleep "$seg"
	echo 0 >$TR/tracing_on
	grep -E 'context +irq timer_latency' $TR/trace |
		sed 's/.*timer_latency *\([0-9]*\) ns.*/\1/' >>/tmp/tl_irq
	grep -E 'context +thread timer_latency' $TR/trace |
		sed 's/.*timer_latency *\([0-9]*\) ns.*/\1/' >>/tmp/tl_thr
	tl_lost=$((tl_lost + $(grep -c 'LOST' $TR/trace)))
	echo nop >$TR/current_tracer
	echo 1 >$TR/tracing_on
}

cyclictest_segment() {
	cyclictest --quiet --mlockall --threads=1 --affinity="$B_ISO" \
		--priority=95 --interval="$period" \
		--loops=$((seg * 1000000 / period)) \
		--histogram=40000 >/tmp/ct.$1 2>&1
}

b_load || { t_fail "compare: insmod"; exit 1; }
rm -f /tmp/cmp.* /tmp/tl_irq /tmp/tl_thr /tmp/ct.*
: >/tmp/tl_irq
: >/tmp/tl_thr
tl_lost=0
for mode in $modes; do
	b_ctl "create name=cmp_$mode cpu=$B_ISO period_us=$period mode=$mode prio=95 force=1" || exit 1
done
# Boot-time work (such as the switch from tsc-early to tsc) falls in an
# unmeasured warm-up, not in the first turn of the first row.
first=${modes%% *}
b_run "cmp_$first" "${SRT_B_WARMUP:-2}"
r=0
while [ $r -lt "$rounds" ]; do
	for mode in $modes; do
		b_run "cmp_$mode" "$seg"
		cat $SRT_DBG/cmp_$mode/hist >/tmp/cmp.$mode.$r
	done
	[ $have_tl = 0 ] || timerlat_segment
	[ $have_ct = 0 ] || cyclictest_segment $r
	r=$((r + 1))
done
for mode in $modes; do
	b_ctl "destroy cmp_$mode"
	set -- $(b_hist_merge IRQ /tmp/cmp.$mode.*)
	ip=$3 im=$4
	set -- $(b_hist_merge Thr /tmp/cmp.$mode.*)
	tp=$3
	row "shieldrt-$mode" "$ip" "$im" "$3" "$4" "$5"
	eval "s_ip_$mode=\$ip s_tp_$mode=\$tp"
done
b_unload

t_ip="" t_tp=""
if [ $have_tl = 1 ]; then
	set -- $(pct </tmp/tl_irq)
	t_ip=$1 im=$2
	set -- $(pct </tmp/tl_thr)
	t_tp=$1
	row timerlat "$t_ip" "$im" "$1" "$2" "$3"
	[ "$tl_lost" = 0 ] || note "timerlat: the trace reports lost events ($tl_lost lines)"
	if [ "$3" -gt 0 ]; then t_ok "compare: timerlat measured"; else
		t_fail "compare: timerlat measured" "no timerlat samples in the trace"; fi
else
	note "timerlat: not in this kernel ($SRT_KERNEL)"
fi

# cyclictest's histograms (1 us buckets) merged, p99 like the others.
c_tp=""
if [ $have_ct = 1 ]; then
	# busybox awk reads "000089" as (bad) octal: strip leading zeros.
	set -- $(awk '
		function dec(x) { sub(/^0+/, "", x); return x + 0 }
		/^[0-9]+[ \t]+[0-9]+/ { v = dec($2); n += v; h[dec($1)] += v; next }
		/^# Histogram Overflows/ { over += dec($4) }
		/^# Max Latenc/ { m = dec($4); if (m > max) max = m }
		END {
			if (!n) { print "- - 0"; exit }
			n += over; want = n * 0.99; c = 0
			for (i = 0; i < 40000 && c < want; i++) c += h[i]
			if (c < want) p = ">40000"; else p = (i - 1) * 1000
			print p, max * 1000, n }' /tmp/ct.*)
	c_tp=$1
	note "cyclictest (last turn): $(grep '^# [A-Z]' /tmp/ct.$((rounds - 1)) | grep -v '^# Histogram$' | tr '\n' ' ')"
	row cyclictest - - "$1" "$2" "$3"
else
	note "cyclictest: not in the $SRT_ARCH guest"
fi

note "ratios (shieldrt / reference, p99; < 1 is better):"
for mode in $modes; do
	eval "ip=\${s_ip_$mode:-} tp=\${s_tp_$mode:-}"
	ri=$(b_ratio "$ip" "$t_ip")
	rt=$(b_ratio "$tp" "$t_tp")
	rc=$(b_ratio "$tp" "$c_tp")
	note "  shieldrt-$mode: irq/timerlat-irq $ri, thread/timerlat-thread $rt, thread/cyclictest $rc"
	b_json bench=compare kernel="$SRT_KERNEL" row=ratios mode="$mode" \
		irq_vs_timerlat="$ri" thread_vs_timerlat="$rt" \
		thread_vs_cyclictest="$rc"
done
t_ok "compare: ran"
