#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run every host test of userctl as one TAP stream with a closing count.
# Usage: run.sh OUTDIR (where userctl and the test_* binaries are)
out=$1
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp /tmp/userctl-tests.XXXXXX)
trap 'rm -f "$log"' EXIT
for t in "$out/test_cpuset" "$out/test_state" "$out/test_text" "$out/test_bench" \
	 "sh $here/plot.sh $out" \
	 "sh $here/shield.sh $out/userctl" "sh $here/cli.sh $out/userctl" \
	 "sh $here/storm.sh $out/shieldrt-storm" "sh $here/bench.sh $out/userctl" \
	 "sh $here/qualify.sh $out/userctl" \
	 "sh $here/python_uapi.sh" \
	 "sh $here/sim.sh $out/userctl $here/../../algorithms/chains"; do
	name=$(printf '%s' "$t" | sed 's/ [^ ]*$//; s/.*\///')
	echo "# $name"
	$t > "$log" 2>&1
	rc=$?
	cat "$log"
	# a crash or a failing plan must not pass silently
	[ $rc -eq 0 ] || echo "not ok 0 - $name exited with status $rc"
done | awk '
	/^ok / { n++; pass++; sub(/^ok [0-9]+/, "ok " n); print; next }
	/^not ok / { n++; fail++; sub(/^not ok [0-9]+/, "not ok " n); print; next }
	/^1\.\./ { next }
	{ print }
	END { print "1.." n; print "# " pass + 0 " passed, " fail + 0 " failed"; exit fail > 0 }'
