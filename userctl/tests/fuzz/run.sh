#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the fuzz targets (the Makefile's check and long targets):
#   run.sh check BUILD_DIR SECONDS TARGET...
#       per target: replay corpus/TARGET and crashes/TARGET (every file
#       once), then fuzz SECONDS; TAP lines
#   run.sh long BUILD_DIR RUNS TARGET...
#       per target: fuzz RUNS executions; a table
# Both end with "fuzz: N targets, M executions, K crashes" and exit
# non-zero on any crash (or, in long, a target short of RUNS).  A crash's
# input is left in BUILD_DIR/artifacts/TARGET/; logs in BUILD_DIR/logs/.

set -uo pipefail
mode=$1 b=$2 amount=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
cd "$here" || exit 2
mkdir -p "$b/logs"

total_targets=0 total_execs=0 total_crashes=0 failed=0

# The executions libFuzzer reports in its final stats (or its progress).
executions() {
	awk '/^stat::number_of_executed_units:/ { n = $2; done = 1 }
	     !done && /^Done [0-9]+ runs/ { n = $2 }
	     !done && /^#[0-9]+/ { sub(/^#/, "", $1); n = $1 }
	     END { print n + 0 }' "$1"
}

# replay TARGET: every kept input once; prints the count, fails on a crash
replay() {
	local t=$1 log=$b/logs/$1-replay.log files
	mapfile -t files < <(find "corpus/$t" "crashes/$t" -type f \
				  2>/dev/null | sort)
	if [ "${#files[@]}" -eq 0 ]; then
		echo 0
		return 0
	fi
	echo "${#files[@]}"
	"$b/fuzz_$t" "${files[@]}" >"$log" 2>&1
}

# fuzz TARGET ARGS...: one libFuzzer run from the kept inputs; sets
# execs, crashes, secs
fuzz() {
	local t=$1 log=$b/logs/$1-$mode.log art=$b/artifacts/$1 work=$b/work/$1
	local start rc=0 dirs=("corpus/$t")
	shift
	[ -d "crashes/$t" ] && dirs+=("crashes/$t")
	rm -rf "$art" "$work"
	mkdir -p "$art" "$work"
	start=$(date +%s)
	"$b/fuzz_$t" "$@" -print_final_stats=1 -timeout=10 \
		-rss_limit_mb=2048 -artifact_prefix="$art/" \
		"$work" "${dirs[@]}" >"$log" 2>&1 || rc=$?
	secs=$(($(date +%s) - start))
	execs=$(executions "$log")
	crashes=$(find "$art" -type f | wc -l)
	if [ "$rc" -ne 0 ] && [ "$crashes" -eq 0 ]; then
		crashes=1	# died without leaving an input
	fi
}

case $mode in
check)
	for t in "$@"; do
		total_targets=$((total_targets + 1))
		if n=$(replay "$t"); then
			echo "ok - fuzz_$t: $n kept inputs replayed (corpus, crashes)"
		else
			echo "not ok - fuzz_$t: a kept input fails (log: ${b#"$here"/}/logs/$t-replay.log)"
			grep -aE 'ERROR|property failed|runtime error' \
				"$b/logs/$t-replay.log" | head -n 3 | sed 's/^/# /'
			total_crashes=$((total_crashes + 1))
			failed=1
		fi
		fuzz "$t" -max_total_time="$amount"
		total_execs=$((total_execs + execs))
		total_crashes=$((total_crashes + crashes))
		if [ "$crashes" -eq 0 ]; then
			echo "ok - fuzz_$t: $execs executions in ${secs} s, no crash"
		else
			echo "not ok - fuzz_$t: crashed after $execs executions (input in $b/artifacts/$t/)"
			grep -aE 'ERROR|property failed|runtime error' \
				"$b/logs/$t-check.log" | head -n 3 | sed 's/^/# /'
			failed=1
		fi
	done
	;;
long)
	printf '%-10s %12s %8s %8s %8s\n' target executions seconds exec/s crashes
	for t in "$@"; do
		total_targets=$((total_targets + 1))
		fuzz "$t" -runs="$amount"
		total_execs=$((total_execs + execs))
		total_crashes=$((total_crashes + crashes))
		printf '%-10s %12d %8d %8d %8d\n' "$t" "$execs" "$secs" \
			$((execs / (secs > 0 ? secs : 1))) "$crashes"
		if [ "$crashes" -ne 0 ]; then
			grep -aE 'ERROR|property failed|runtime error' \
				"$b/logs/$t-long.log" | head -n 3 | sed 's/^/# /'
			echo "# input in $b/artifacts/$t/"
			failed=1
		elif [ "$execs" -lt "$amount" ]; then
			echo "# $t: $execs of $amount executions"
			failed=1
		fi
	done
	;;
*)
	echo "usage: run.sh check|long BUILD_DIR SECONDS|RUNS TARGET..." >&2
	exit 2
	;;
esac
echo "fuzz: $total_targets targets, $total_execs executions, $total_crashes crashes"
exit $failed
