#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/bench/plot on the fixtures in plot-fixtures/ (real output of userctl
# and debugfs, see its README): every kind of plot comes out as a PNG of
# the expected size, and every kind of bad input fails with status 2, one
# message, and no file left where the PNG would go.  TAP on stdout.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
plot=$here/../../bench/plot
fx=$here/plot-fixtures
. "$here/../../../userctl/tests/tap.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# is_png FILE WxH: PNG signature, and `file` reports that size
is_png() {
	[ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
		file -b "$1" | grep -q "^PNG image data, ${2/x/ x }, "
}

# ok_plot DESC SIZE PNG -- PLOT-ARGS...: exit 0, prints PNG, a PNG of SIZE
ok_plot() {
	local desc=$1 size=$2 png=$3 rc=0
	shift 4
	SRT_PLOT_SCRIPT=$tmp/last.gp "$plot" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	if [ $rc != 0 ]; then
		t_fail "$desc" "exit $rc: $(head -c 300 "$tmp/err")"
	elif [ "$(cat "$tmp/out")" != "$png" ]; then
		t_fail "$desc" "printed '$(cat "$tmp/out")', expected '$png'"
	elif ! is_png "$png" "$size"; then
		t_fail "$desc" "not a $size PNG: $(file -b "$png" 2>&1)"
	else
		t_ok "$desc"
	fi
}

# no_leftovers DIR: nothing but what was there (no temporary PNGs)
no_leftovers() { [ -z "$(find "$1" -name '.*.png.*' 2>/dev/null)" ]; }

# bad_plot DESC OUT PLOT-ARGS...: exit 2, one line on stderr, OUT absent
# (or, when it existed, unchanged), no temporary file next to it
bad_plot() {
	local desc=$1 out=$2 rc=0 before=""
	shift 2
	[ ! -e "$out" ] || before=$(md5sum <"$out")
	"$plot" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	if [ $rc != 2 ]; then
		t_fail "$desc" "exit $rc, expected 2: $(head -c 300 "$tmp/err")"
	elif [ "$(wc -l <"$tmp/err")" != 1 ] || ! grep -q '^plot: ' "$tmp/err"; then
		t_fail "$desc" "stderr is not one 'plot: ' line: $(head -c 300 "$tmp/err")"
	elif [ -z "$before" ] && [ -e "$out" ]; then
		t_fail "$desc" "$out was written"
	elif [ -n "$before" ] && [ "$(md5sum <"$out")" != "$before" ]; then
		t_fail "$desc" "$out was changed"
	elif ! no_leftovers "$(dirname "$out")"; then
		t_fail "$desc" "a temporary file was left: $(find "$(dirname "$out")" -name '.*.png.*')"
	else
		t_ok "$desc ($(sed "s|$tmp/||g" "$tmp/err" | cut -c1-72))"
	fi
}

command -v gnuplot >/dev/null || {
	echo "not ok 1 - gnuplot installed (scripts/setup installs gnuplot-nox)"
	echo "1..1"
	exit 1
}

# --- histograms
cp "$fx"/* "$tmp/"
ok_plot "hist: userctl hist --json, 6 metrics in a 3x2 grid" 1680x810 \
	"$tmp/hist.png" -- hist "$tmp/hist.json"
ok_plot "hist: the debugfs text of the same loop" 1680x810 \
	"$tmp/h.png" -- hist "$tmp/hist.txt" -o "$tmp/h.png"
t_check "hist: text and JSON of one histogram draw the same image" \
	cmp -s "$tmp/hist.png" "$tmp/h.png"
t_check "hist: title has bucket width and count/min/avg/max in us" \
	grep -q 'IRQ: count 659  min 37.883  avg 87.969  max 1051.006 µs   over: 0' "$tmp/last.gp"
grep -q 'bucket width 20 µs' "$tmp/last.gp"
t_eq "hist: bucket width in the title" 0 $?
t_check "hist: the empty Noise column says so" \
	grep -q '"no samples"' "$tmp/last.gp"
ok_plot "hist: -m late,irq draws two panels" 1120x430 \
	"$tmp/two.png" -- hist "$tmp/hist.json" -m late,irq -o "$tmp/two.png"
t_eq "hist: -m keeps the order asked for" "Late IRQ" \
	"$(sed -n 's/^set title "\([A-Za-z]*\): count.*/\1/p' "$tmp/last.gp" | tr '\n' ' ' | sed 's/ $//')"
ok_plot "hist: a poll loop with samples past the last bucket" 1680x810 \
	"$tmp/wait-poll.png" -- hist "$tmp/wait-poll.json"
t_eq "hist: over: counts in the titles (IRQ..Noise)" "0 15 15 0 0 21" \
	"$(sed -n 's/^set title ".*   over: \([0-9]*\)".*/\1/p' "$tmp/last.gp" | tr '\n' ' ' | sed 's/ $//')"
t_eq "hist: over: drawn as bars where non-zero (Thr, Late, Noise)" 3 \
	"$(grep -c 'over: [0-9]* (>= last bucket' "$tmp/last.gp")"

# rtla's own shape (hand-written after rtla timerlat hist's output: no
# bucket size line, microseconds, one column per CPU, an ALL: block)
cat >"$tmp/rtla.txt" <<'RTLA'
# RTLA timerlat histogram
# Time unit is microseconds (us)
# Duration:   0 00:00:10
Index   IRQ-000   Thr-000   IRQ-001   Thr-001
2             5         0         7         0
3            40         2        31         4
4             3        38         9        30
5             0         7         0         4
7             0         1         0         0
over:         0         0         0         1
count:       48        48        47        39
min:          2         3         2         3
avg:          3         4         3         4
max:          4         7         4        96
ALL:        IRQ       Thr       Usr
count:       95        87         0
min:          2         3         -
avg:          3         4         -
max:          4        96         -
RTLA
ok_plot "hist: rtla's shape, one column per CPU" 1120x810 \
	"$tmp/rtla.png" -- hist "$tmp/rtla.txt"
t_check "hist: rtla's bucket width from the index step, in us" \
	grep -q 'bucket width 1 µs' "$tmp/last.gp"
t_check "hist: rtla's over: row shown" \
	grep -q 'Thr-001: count 39 .* over: 1' "$tmp/last.gp"

# cyclictest's --histfile: one column per thread, microseconds, overflows
ok_plot "hist: cyclictest --histfile, one panel per thread" 1120x430 \
	"$tmp/cyclictest.png" -- hist "$tmp/cyclictest.hist"
# the file's "# Total:" (buckets only) 1413 1269, overflows 316 482
t_check "hist: cyclictest's count is its total plus overflows, over: its overflows" \
	sh -c "grep -q 'T0: count 1729 .* over: 316\"' '$tmp/last.gp' &&
	       grep -q 'T1: count 1751 .* over: 482\"' '$tmp/last.gp'"
t_check "hist: cyclictest's max latencies (17763, 13626 us)" \
	sh -c "grep -q 'T0: .*max 17.763 ms' '$tmp/last.gp' && grep -q 'T1: .*max 13.626 ms' '$tmp/last.gp'"
t_check "hist: cyclictest's bucket width is 1 us (in ms here)" grep -q 'bucket width 0.001 ms;' "$tmp/last.gp"

# --- recordings
ok_plot "record: CSV, latency + compute + one signal panel" 1000x960 \
	"$tmp/record.png" -- record "$tmp/record.csv"
t_check "record: the title counts records and cycles" \
	grep -q '250 records, cycles 13..262; dropped (seq gaps): 0; missed periods: 0' "$tmp/last.gp"
ok_plot "record: --meta CSV, two signal panels (-s twice)" 1000x1260 \
	"$tmp/m.png" -- record "$tmp/record-meta.csv" -s in0,out2 -s out3 -o "$tmp/m.png"
t_check "record: the loop from the meta line, the missed period counted" \
	sh -c "grep -q 'loop demo, period 1000000 ns' '$tmp/last.gp' && grep -q 'missed periods: 1' '$tmp/last.gp'"
# a seq gap: drop two records from the middle
awk -F, 'NR < 50 || NR > 52' "$fx/record.csv" >"$tmp/gap.csv"
ok_plot "record: a recording with lost records" 1000x960 \
	"$tmp/gap.png" -- record "$tmp/gap.csv"
t_check "record: lost records counted from seq gaps" \
	grep -q 'dropped (seq gaps): 3;' "$tmp/last.gp"
# userctl record --json's shape, made from the CSV fixture's rows
awk -F, 'NR == 1 { printf "{\"loop\":\"demo\",\"period_ns\":1000000,\"decimation\":1,\"columns\":[\"%s\"", $1
		for (i = 2; i <= NF; i++) printf ",\"%s\"", $i
		printf "],\"records\":["; next }
	NR <= 41 { printf "%s[%s]", (NR > 2 ? "," : ""), $0 }
	END { print "],\"summary\":{\"records\":40,\"drops\":0,\"cycles\":40,\"kernel_drops\":0,\"accounted\":true}}" }' \
	"$fx/record.csv" >"$tmp/rec.json"
ok_plot "record: the JSON form" 1000x960 "$tmp/rec.png" -- record "$tmp/rec.json"

# --- benchmark tables (scripts/bench/bench --json)
ok_plot "bench: the wait table, a panel per metric" 1120x850 \
	"$tmp/bench-wait.png" -- bench "$tmp/bench-wait.json"
t_eq "bench: wait's metrics, in order" \
	"late_p99_ns late_max_ns thread_p99_ns cpu_pct" \
	"$(sed -n 's/^set title "\([a-z0-9_]*\)"$/\1/p' "$tmp/last.gp" | tr '\n' ' ' | sed 's/ $//')"
t_check "bench: the title names the benchmark and kernel" \
	grep -q 'bench=wait kernel=x86_64-6.12: one bar per row' "$tmp/last.gp"
# a benchmark the table does not know: the numbers that vary, rows named
# by the text that varies; the ratios row left out
cat >"$tmp/other.json" <<'JSON'
{"bench":"other","kernel":"k","rows":[
 {"bench":"other","kind":"a","n":1,"x_ns":5,"same":7},
 {"bench":"other","kind":"b","n":2,"x_ns":9,"same":7},
 {"bench":"other","row":"ratios","x_ratio":1.8}]}
JSON
ok_plot "bench: an unknown benchmark" 1120x450 "$tmp/other.png" -- bench "$tmp/other.json"
t_eq "bench: unknown benchmark: the numeric fields that vary" "n x_ns" \
	"$(sed -n 's/^set title "\([a-z0-9_]*\)"$/\1/p' "$tmp/last.gp" | tr '\n' ' ' | sed 's/ $//')"

# --- comparison
ok_plot "compare: hrtimer, hybrid, poll lateness in one plot" 1000x600 \
	"$tmp/cmp.png" -- compare -o "$tmp/cmp.png" "$tmp"/wait-*.json
t_eq "compare: legend names the loops and their over: counts" \
	"w_hrtimer:0 w_hybrid:1 w_poll:15" \
	"$(grep -o 'w_[a-z]*: count [0-9]* .*over: [0-9]*' "$tmp/last.gp" | sed 's/: count.*over: /:/' | tr '\n' ' ' | sed 's/ $//')"
ok_plot "compare: -m thread -l a,b,c" 1000x600 \
	"$tmp/cmp2.png" -- compare -m thread -l a,b,c -o "$tmp/cmp2.png" \
	"$tmp/wait-hrtimer.json" "$tmp/wait-poll.json" "$tmp/hist.txt"
t_check "compare: the chosen column and labels" \
	sh -c "grep -q 'Thr of 3 histograms' '$tmp/last.gp' && grep -q '\"c: count 660 ' '$tmp/last.gp'"

# --- bad input: status 2, one message, no PNG
b=$tmp/bad
mkdir "$b"
bad_plot "missing file" "$b/none.png" hist "$b/none.json"
: >"$b/empty.json"
bad_plot "empty file" "$b/empty.png" hist "$b/empty.json"
head -c 400 "$fx/hist.json" >"$b/cut.json"
bad_plot "truncated JSON" "$b/cut.png" hist "$b/cut.json"
echo '{"bench":"wait","kernel":"x86_64-6.12","rows":[]}' >"$b/bench.json"
bad_plot "scripts/bench/bench --json is not a histogram" "$b/bench.png" hist "$b/bench.json"
cp "$fx/record.csv" "$b/rec.csv"
bad_plot "a recording given as a histogram" "$b/rec.png" hist "$b/rec.csv"
awk '/^[0-9]/ { next } $1 ~ /^(over|count|min|avg|max):$/ { $0 = $1 "  0 0 0 0 0 0" } 1' \
	"$fx/hist.txt" >"$b/zero.txt"
bad_plot "a histogram without samples" "$b/zero.png" hist "$b/zero.txt"
grep -v '^over:' "$fx/hist.txt" >"$b/noover.txt"
bad_plot "a histogram without its over: row" "$b/noover.png" hist "$b/noover.txt"
sed '8s/ 0$//' "$fx/hist.txt" >"$b/ragged.txt"
bad_plot "a bucket row with a missing column" "$b/ragged.png" hist "$b/ragged.txt"
bad_plot "an unknown metric" "$b/hist.png" hist "$fx/hist.json" -m jitter -o "$b/hist.png"
bad_plot "an ambiguous metric" "$b/rtla.png" hist "$tmp/rtla.txt" -m irq -o "$b/rtla.png"
cp "$fx/hist.txt" "$b/h.txt"
bad_plot "a histogram given as a recording" "$b/h.png" record "$b/h.txt"
sed '1s/wake_ns/woke_ns/' "$fx/record.csv" >"$b/hdr.csv"
bad_plot "a CSV without userctl's header" "$b/hdr.png" record "$b/hdr.csv"
head -n 1 "$fx/record.csv" >"$b/norec.csv"
bad_plot "a recording without records" "$b/norec.png" record "$b/norec.csv"
sed '20s/,[^,]*$//' "$fx/record.csv" >"$b/short.csv"
bad_plot "a record with a missing field" "$b/short.png" record "$b/short.csv"
sed -E '20s/^([0-9]+),[0-9]+,/\1,x,/' "$fx/record.csv" >"$b/nan.csv"
bad_plot "a record with a non-numeric cycle" "$b/nan.png" record "$b/nan.csv"
bad_plot "an unknown signal" "$b/rec.png" record "$b/rec.csv" -s in0,out9
bad_plot "compare without -o" "$b/cmp.png" compare "$fx/hist.json"
bad_plot "compare with a bad file among good ones" "$b/cmp.png" \
	compare -o "$b/cmp.png" "$fx/hist.json" "$b/cut.json"
bad_plot "compare with too few labels" "$b/cmp.png" \
	compare -o "$b/cmp.png" -l one "$fx/hist.json" "$fx/wait-poll.json"
bad_plot "output into a missing directory" "$b/no/dir.png" \
	hist "$fx/hist.json" -o "$b/no/dir.png"
bad_plot "output not named .png" "$b/x.jpg" hist "$fx/hist.json" -o "$b/x.jpg"
bad_plot "a histogram given as a benchmark table" "$b/hb.png" \
	bench "$fx/hist.json" -o "$b/hb.png"
echo '{"bench":"wait","kernel":"k","rows":[{"row":"ratios","r":1}]}' >"$b/ratios.json"
bad_plot "a benchmark table without result rows" "$b/ratios.png" bench "$b/ratios.json"
bad_plot "a recording given as a benchmark table" "$b/rb.png" \
	bench "$fx/record.csv" -o "$b/rb.png"
bad_plot "an unknown command" "$b/x.png" histogram "$fx/hist.json"
echo old >"$b/keep.png"
bad_plot "bad input leaves an existing PNG alone" "$b/keep.png" \
	hist "$b/cut.json" -o "$b/keep.png"

# gnuplot failing half-way: status 1, nothing left behind
mkdir "$tmp/fake"
cat >"$tmp/fake/gnuplot" <<'FAKE'
#!/bin/sh
out=$(sed -n 's/^set output "\(.*\)"$/\1/p' "$1")
printf '\211PNG\r\n\032\n' >"$out"
echo "fake gnuplot: failing after a partial write" >&2
exit 1
FAKE
chmod +x "$tmp/fake/gnuplot"
rc=0
PATH=$tmp/fake:$PATH "$plot" hist "$fx/hist.json" -o "$b/g.png" 2>"$tmp/err" || rc=$?
t_eq "gnuplot failure: status 1" 1 $rc
t_check "gnuplot failure: no PNG and no temporary file" \
	sh -c "[ ! -e '$b/g.png' ] && [ -z \"\$(find '$b' -name '.*.png.*')\" ]"

t_done
