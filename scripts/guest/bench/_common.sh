#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Helpers the guest benchmarks source (busybox sh).  Run on its own it
# defines functions and prints nothing.  A benchmark prints its table as
# "# " lines and one "# JSON {...}" line per row; scripts/bench on the host
# turns the JSON lines into one document.  Parameters come from the kernel
# command line (scripts/bench passes SRT_B_*=... there; the kernel hands
# unknown name=value words to /init's environment).
. /srt/lib.sh

B_ISO=$(first_cpu "${SRT_ISOLATED:-}")
# Without shielding (vm-run --no-shield) the loop still runs on CPU 1.
[ -n "$B_ISO" ] || B_ISO=$((${SRT_NCPUS:-2} - 1))
# A guest with fewer CPUs than the boot line isolates: use its last CPU.
if [ ! -d /sys/devices/system/cpu/cpu$B_ISO ]; then
	B_ISO=$((${SRT_NCPUS:-1} - 1))
	note "cpu list '$SRT_ISOLATED' names a CPU this ${SRT_NCPUS:-1}-CPU guest lacks: using cpu $B_ISO"
fi

b_ctl() {
	echo "$*" >$SRT_DBG/control || { note "control '$*' failed: $(cat $SRT_DBG/last_error 2>/dev/null)"; return 1; }
}
# b_run LOOP SECONDS: start the loop, let it run, stop it
b_run() {
	b_ctl "start $1"
	sleep "$2"
	b_ctl "stop $1"
}
# b_st LOOP KEY: one "key: value" line of the stats file
b_st() { awk -v k="$2:" '$1 == k { print $2 }' $SRT_DBG/$1/stats; }
# b_metric LOOP METRIC FIELD: e.g. b_metric w lateness p99
b_metric() {
	grep "^$2_ns:" $SRT_DBG/$1/stats | tr ' ' '\n' | sed -n "s/^$3=//p"
}

# The module's histograms are log-linear: 1 ns buckets below 256 ns, then
# 128 per power of two (a bucket is at most 0.79 % of its lower edge
# wide); the "# Time unit" line states unit, linear part and range.
# B_HIST_AWK: awk functions over that line: hist_layout() reads it,
# hist_hi(LO) is the upper edge (exclusive) of the bucket at LO.
B_HIST_AWK='
function hist_layout(   i) {
	for (i = 1; i <= NF; i++) {
		if ($i == "size") hu = $(i + 1)
		if ($i == "then") hk = $(i + 1)
	}
}
function hist_hi(lo,   u, e, p) {
	u = lo / hu
	if (!hk || u < 2 * hk) return lo + hu
	e = 1; p = 2
	while (p * 2 <= u) { p *= 2; e++ }
	return lo + hu * p / hk
}'

# b_res_ns V: the width in ns of the bucket that holds V ns
b_res_ns() {
	awk -v v="$1" "$B_HIST_AWK"'
	BEGIN { hu = 1; hk = 128; print hist_hi(v - v % 1) - v }'
}

# b_hist_moments LOOP COLUMN: "mean std n" of a histogram column (Late,
# Thr, Noise, ...): the module's exact sums (avg:, std:, count: rows).
b_hist_moments() {
	awk -v col="$2" '
	/^Index/ { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
	/^#/ || !c { next }
	$1 == "count:" { n = $c } $1 == "avg:" { m = $c } $1 == "std:" { sd = $c }
	END { if (!n) print "- - 0"; else printf "%d %d %d\n", m, sd, n }' $SRT_DBG/$1/hist
}

# b_hist_merge COLUMN FILE...: "mean std p99 max count" of one column over
# saved copies of hist files of one loop (runs of it).  Mean and std
# combine each run's exact sums; p99 is the largest value of the merged
# bucket the rank falls in (at most the max, within the bucket's 0.79 %);
# a rank past the last bucket prints as ">RANGE".
b_hist_merge() {
	local col=$1
	shift
	awk -v col="$col" "$B_HIST_AWK"'
	FNR == 1 { c = 0 }
	/^# Time unit/ { hist_layout(); for (i = 1; i <= NF; i++) if ($i == "to" && $(i + 2) == "ns") r = $(i + 1); next }
	/^Index/ { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
	/^#/ || !c { next }
	$1 ~ /^[0-9]+$/ { h[$1 + 0] += $c; next }
	$1 == "over:" { over += $c; next }
	$1 == "count:" { cn = $c; n += cn; next }
	$1 == "avg:" { ca = $c; s += cn * ca; next }
	$1 == "std:" { q += cn * ($c * $c + ca * ca); next }
	$1 == "max:" { if ($c > mx) mx = $c }
	END {
		if (!n) { print "- - - - 0"; exit }
		m = s / n; v = q / n - m * m; if (v < 0) v = 0
		sd = v; if (sd > 0) for (i = 0; i < 60; i++) sd = (sd + v / sd) / 2
		nk = 0; for (k in h) ks[++nk] = k + 0
		for (i = 2; i <= nk; i++) { x = ks[i]; for (j = i - 1; j >= 1 && ks[j] > x; j--) ks[j + 1] = ks[j]; ks[j + 1] = x }
		want = n * 0.99; cum = 0; p = ">" r
		for (i = 1; i <= nk; i++) { cum += h[ks[i]]; if (cum >= want) { p = hist_hi(ks[i]) - 1; if (p > mx) p = mx; break } }
		printf "%d %d %s %d %d\n", m, sd, p, mx, n
	}' "$@"
}

# b_json KEY=VALUE...: one JSON row; values that are numbers stay numbers
b_json() {
	local out="" kv k v
	for kv in "$@"; do
		k=${kv%%=*}
		v=${kv#*=}
		case $v in
		''|-) v=null ;;
		*[!0-9.-]*|*.*.*|?*-*) v="\"$v\"" ;;
		esac
		out="$out${out:+,}\"$k\":$v"
	done
	echo "# JSON {$out}"
}

# b_ratio A B: A/B with two decimals, "-" if either is missing or B is 0
b_ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/ || b + 0 == 0) print "-"
		else printf "%.3f\n", a / b }'
}

# b_load: insmod without a TAP line of its own (the bench prints "ran")
b_load() { insmod "$SRT_MOD" "$@"; }
b_unload() { rmmod shieldrt; }

# b_storm KIND...: on every CPU outside SRT_ISOLATED, one process per KIND
# making that kind of call in a tight loop: the i.MX6Q mctest
# interference.  /bin/shieldrt-storm (userctl/storm.c) runs the study's 14
# kinds (fstat getppid gettimeofday open read stat write fifo pipe sem
# sigaction sigcatch fork exec); without it, shell loops stand in for
# fork, exec, open, read and write.  Each storm's count goes to
# /tmp/storm.out.CPU.KIND when it stops; b_storm_calls sums them for a
# kind, b_storm_stop ends them all.
b_storm_pids=""
b_storm() {
	local cpu=0 kind
	while [ $cpu -lt "$SRT_NCPUS" ]; do
		case ",$SRT_ISOLATED," in *",$cpu,"*) cpu=$((cpu + 1)); continue ;; esac
		for kind in "$@"; do
			if [ -x /bin/shieldrt-storm ]; then
				taskset -c $cpu shieldrt-storm $kind -f /srt/env >/tmp/storm.out.$cpu.$kind 2>&1 &
				b_storm_pids="$b_storm_pids $!"
				continue
			fi
			case $kind in
			fork) taskset -c $cpu sh -c 'while :; do (:); done' & ;;
			exec) taskset -c $cpu sh -c 'while :; do /bin/true; done' & ;;
			open) taskset -c $cpu sh -c 'while :; do exec 3</srt/env; exec 3<&-; done' & ;;
			read) taskset -c $cpu dd if=/lib/shieldrt/shieldrt.ko of=/dev/null bs=512 count=2000000000 iflag=fullblock 2>/dev/null & ;;
			write) taskset -c $cpu dd if=/dev/zero of=/tmp/storm.$cpu bs=4k count=256 2>/dev/null &
			       wait $!; taskset -c $cpu sh -c "while :; do dd if=/dev/zero of=/tmp/storm.$cpu bs=4k count=256 conv=notrunc 2>/dev/null; done" & ;;
			*) note "storm: kind '$kind' needs /bin/shieldrt-storm"; continue ;;
			esac
			b_storm_pids="$b_storm_pids $!"
		done
		cpu=$((cpu + 1))
	done
}
# b_storm_calls KIND: calls (round trips for fifo/pipe/sem) all storms of
# KIND made, after b_storm_stop; "-" without /bin/shieldrt-storm or a count.
b_storm_calls() {
	cat /tmp/storm.out.*.$1 2>/dev/null |
		awk -v k="$1" '$1 == k && $2 ~ /^[0-9]+$/ { n += $2; c++ }
			END { if (c) print n; else print "-" }'
}
b_storm_stop() {
	[ -n "$b_storm_pids" ] && kill $b_storm_pids 2>/dev/null
	wait 2>/dev/null
	b_storm_pids=""
	rm -f /tmp/storm.[0-9]*
}

# b_mmio_probe: the pcibar provider (PB) on the edu device, if both are
# there.  Sets edu, mmio_rows ("1 0": with and without MMIO, or "0") and
# mmio_why (why there are no MMIO rows).  vm-run puts edu at SRT_PCI_EDU;
# else the first device with its ID.
b_mmio_probe() {
	mmio_rows="0" mmio_why="" edu=""
	if [ -n "${SRT_PCI_EDU:-}" ] && [ -d "/sys/bus/pci/devices/$SRT_PCI_EDU" ]; then
		edu=$SRT_PCI_EDU
	else
		for d in /sys/bus/pci/devices/*; do
			[ "$(cat "$d/vendor" 2>/dev/null):$(cat "$d/device" 2>/dev/null)" = 0x1234:0x11e8 ] &&
				{ edu=${d##*/}; break; }
		done
	fi
	if [ "${SRT_B_MMIO:-1}" = 0 ]; then
		mmio_why="SRT_B_MMIO=0"
	elif [ ! -f $PB ]; then
		mmio_why="no shieldrt_pcibar.ko in this build"
	elif [ -z "$edu" ]; then
		mmio_why="no edu device (1234:11e8) in this VM"
	elif ! insmod $PB addr="$edu" bar=0 in=0x0 out=0x4 width=32; then
		mmio_why="insmod shieldrt_pcibar addr=$edu failed: $(dmesg | grep shieldrt_pcibar | tail -n 1)"
	else
		mmio_rows="1 0"
	fi
}
