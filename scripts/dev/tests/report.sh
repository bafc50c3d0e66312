#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/bench/report (the demo's figures and report.md) on the fixtures in
# plot-fixtures/: the three PNGs come out, report.md embeds them and
# states the numbers of the fixtures (worked out by hand from hist.json
# and status.json, see the comments), and bad input fails with status 2
# and nothing written.  TAP on stdout.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
report=$here/../../bench/report
chain=$here/../../../algorithms/chains/demo-motor.chain
fx=$here/plot-fixtures
. "$here/../../../userctl/tests/tap.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

png_size() { file -b "$1" | sed -n 's/^PNG image data, \([0-9]*\) x \([0-9]*\),.*/\1x\2/p'; }

d=$tmp/run
mkdir "$d"
cp "$fx/hist.json" "$fx/record.csv" "$fx/status.json" "$d/"
rc=0
"$report" "$d" -c "$chain" >"$tmp/out" 2>"$tmp/err" || rc=$?
t_eq "report: exit status 0" 0 "$rc"
t_eq "report: prints the report's path" "$d/report.md" "$(cat "$tmp/out")"
t_eq "report: time series, setpoint/position and command panels" 1000x660 \
	"$(png_size "$d/timeseries.png")"
t_eq "report: wake latency histogram" 1000x430 "$(png_size "$d/wake-latency.png")"
t_eq "report: compute time histogram" 1000x430 "$(png_size "$d/compute-time.png")"
for f in timeseries wake-latency compute-time; do
	t_check "report.md embeds $f.png" grep -q "^!\[.*\]($f.png)$" "$d/report.md"
done
# status.json: 3405 cycles, 117 overruns, 305 missed periods
t_check "report.md: cycles, overruns, missed periods" \
	grep -q '3405 cycles, 117 overruns, 305 missed periods' "$d/report.md"
# hist.json, Thr: 660 samples in 20 us buckets; cumulative 3, 192, 312,
# 367 at 100-120 us (>= 330: p50); 653 at 420-440, 657 at 440-460 us
# (>= 653.4: p99); max 1211345 ns
t_check "report.md: wake latency p50, p99, max, bucket width" \
	grep -q '^| wake latency .* | 660 | 100–120 µs | 440–460 µs | 1211.345 µs | 20 µs |$' "$d/report.md"
# Compute: 644 of 660 in 0-20 us (p50), 657 by 20-40 us (p99)
t_check "report.md: compute p50, p99, max, bucket width" \
	grep -q '^| compute time .* | 660 | 0–20 µs | 20–40 µs | 765.7 µs | 20 µs |$' "$d/report.md"
t_check "report.md: the bucket width beside each histogram" \
	sh -c "grep -q '^## Wake latency (bucket width 20 µs)' '$d/report.md' &&
	       grep -q '^## Compute time (bucket width 20 µs)' '$d/report.md'"
# the legends use the chain's names
t_check "the time series' legends use the chain's names" \
	sh -c "SRT_PLOT_SCRIPT='$tmp/ts.gp' '$here/../../bench/plot' record '$d/record.csv' \
		--signals-only -c '$chain' -s target,pos -s u -o '$tmp/ts.png' >/dev/null &&
	       grep -q 'title \"target (in0)\"' '$tmp/ts.gp' &&
	       grep -q 'title \"pos (out2)\"' '$tmp/ts.gp' &&
	       grep -q 'title \"u (out0)\"' '$tmp/ts.gp'"

# percentiles among the over: samples: one bucket, the rest past it
cat >"$d/hist.json" <<'JSON'
{"name":"x","bucket_ns":1000,"nr_buckets":4,"columns":["Thr","Compute"],
 "buckets":[[0,10,100],[3000,0,1]],"over":[90,0],"count":[100,101],
 "min":[1,1],"avg":[1,1],"max":[9000,3500]}
JSON
rc=0
"$report" "$d" >/dev/null 2>"$tmp/err" || rc=$?
t_eq "report: a histogram with over: samples" 0 "$rc"
t_check "report.md: p50 past the last bucket says over:" \
	grep -q '^| wake latency .* | 100 | >= 4 µs (over:) | >= 4 µs (over:) | 9 µs | - |$' "$d/report.md"
t_check "report.md: p99 of 101 samples falls in the last bucket" \
	grep -q '^| compute time .* | 101 | 0–1 µs | 0–1 µs | 3.5 µs | 1 µs |$' "$d/report.md"

# the module's log-linear layout: rows carry both edges, widths grow
cat >"$d/hist.json" <<'JSON'
{"name":"x","bucket_ns":1,"sub_bits":7,"nr_buckets":3328,
 "range_ns":4294967295,"columns":["Thr","Compute"],
 "buckets":[[100,101,0,101],[1000,1004,50,0],[2000,2008,49,0],
 [49920,50176,1,0]],"over":[0,0],"count":[100,101],
 "min":[1000,100],"avg":[1960,100],"max":[50000,100]}
JSON
rc=0
"$report" "$d" >/dev/null 2>"$tmp/err" || rc=$?
t_eq "report: a log-linear histogram" 0 "$rc"
t_check "report.md: log-linear p50, p99 and the p99 bucket's width" \
	grep -q '^| wake latency .* | 100 | 1–1.004 µs | 2–2.008 µs | 50 µs | 0.008 µs |$' "$d/report.md"
t_check "report.md: log-linear compute in its 1 ns bucket" \
	grep -q '^| compute time .* | 101 | 0.1–0.101 µs | 0.1–0.101 µs | 0.1 µs | 0.001 µs |$' "$d/report.md"
t_check "report.md: the layout and its bound beside each histogram" \
	grep -q '^## Wake latency (buckets 0.001 µs wide up to 0.256 µs, then 128 per power of two: at most 1/128 (0.79 %) of their value)$' "$d/report.md"

# bad input: status 2, one message, no report
bad_report() {
	local desc=$1 rc=0
	shift
	rm -f "$d"/*.png "$d/report.md"
	"$report" "$d" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	if [ $rc != 2 ]; then
		t_fail "$desc" "exit $rc, expected 2: $(head -c 300 "$tmp/err")"
	elif [ -e "$d/report.md" ]; then
		t_fail "$desc" "report.md was written"
	else
		t_ok "$desc ($(head -n 1 "$tmp/err" | cut -c1-70))"
	fi
}
cp "$fx/hist.json" "$d/hist.json"
mv "$d/status.json" "$tmp/status.json"
bad_report "no status.json"
echo '[1, 2]' >"$d/status.json"
bad_report "status.json that is not userctl status -l LOOP --json"
cp "$tmp/status.json" "$d/status.json"
sed 's/"Thr"/"Thread"/' "$fx/hist.json" >"$d/hist.json"
bad_report "a histogram without a Thr column"
head -c 300 "$fx/hist.json" >"$d/hist.json"
bad_report "a truncated histogram"
cp "$fx/hist.json" "$d/hist.json"
rm "$d/record.csv"
bad_report "no recording"

t_done
