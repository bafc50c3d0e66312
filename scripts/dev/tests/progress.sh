#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The progress lines of scripts/lib.sh (scripts/dev/check, bench, setup):
# stage N/M, an estimate from the last run's times, and the times kept.
# TAP on stdout.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../userctl/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SHIELDRT_CACHE=$tmp/cache
unset SRT_PROGRESS_PREFIX
. "$here/../../lib.sh"

# run: three stages, the second taking a second
run() {
	progress_init demo a b c
	progress_stage a "first"
	progress_stage b "second"
	sleep 1
	progress_stage c "third"
	progress_done
}

out=$(SRT_PROGRESS_PREFIX="# " run)
t_eq "first run: stage lines, no estimate, the total" \
	"# stage 1/3: first (no earlier run to estimate from)
# stage 2/3: second (no earlier run to estimate from)
# stage 3/3: third (no earlier run to estimate from)
# took 1s" "$out"
t_eq "the times are kept, one line per stage" "a 0 b 1 c 0" \
	"$(tr '\n' ' ' <"$tmp/cache/timings/demo" | sed 's/ $//')"

printf 'a 30\nb 3725\nc 5\n' >"$tmp/cache/timings/demo"
out=$(SRT_PROGRESS_PREFIX="# " run | head -n 3)
t_eq "second run: the rest of the last run's times" \
	"# stage 1/3: first (about 1h 02m left)
# stage 2/3: second (about 1h 02m left)
# stage 3/3: third (about 5s left)" "$out"

printf 'a 30\nc 65\n' >"$tmp/cache/timings/demo"
out=$(SRT_PROGRESS_PREFIX="# " run | head -n 1)
t_eq "a stage never timed: a lower bound, and says so" \
	"# stage 1/3: first (at least 1m 35s left; 1 stage(s) not timed before)" "$out"

out=$(run 2>&1 >/dev/null | head -n 1)
t_check "without a prefix: on stderr, after the script's name" \
	grep -q '^progress.sh: stage 1/3: first (' <<<"$out"

t_done
