#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/bench/bench-report --from: the goal table recomputed from the JSON a
# run left, here a wait bench of one kernel (plot-fixtures) and two
# data-plane results written below.  A met goal shows "-" where a missed
# one says what meeting it would need; a figure with no run is "not
# measured"; the counts in the head line match the rows; a note is
# written once below the table however many missed rows cite it;
# --no-results leaves docs/results.md alone.  TAP on stdout.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
. "$top/userctl/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The fixture: hybrid p99 14680000, poll 8910000, hrtimer 6470000 ns;
# CPU 31.9 % against 100 %.
cp "$here/plot-fixtures/bench-wait.json" "$tmp/wait-x86_64-6.12.json"
# dataplane FILE MEAN PUBLISHING: one scenario, "all"
dataplane() {
	printf '{"scenarios": {"idle": {"mean": 100.0, "publishing_cycle": 120.0}, "all": {"mean": %s, "publishing_cycle": %s}}}\n' \
		"$2" "$3" >"$tmp/$1"
}
dataplane dataplane-4x4.json 190.5 199.0
dataplane dataplane-32x32.json 630.0 641.5
# bench-lines: the reader row's own work, 57 code lines (met: half of
# 114) and 48 data lines (missed: half of 94 is 47)
printf '{"median": {"own": {"insns": 1100, "code": 57, "data": 48}}}\n' \
	>"$tmp/lines-x86_64-6.12.json"

# overhead: only the bare row, a default loop of 200,000 bytes (met)
printf '{"rows": [{"case": "bare", "mem_bytes": 200000, "mem_loop": 16384, "mem_region": 79872, "mem_hist": 65536, "mem_flight": 38208, "mem_chain": 0}]}\n' \
	>"$tmp/overhead-x86_64-6.12.json"

doc_before=$(md5sum <"$top/docs/results.md")
out=$("$top/scripts/bench/bench-report" --quick --from "$tmp" --no-results 2>"$tmp/err")
rc=$?
t_eq "exit status 0" 0 "$rc"
t_check "report.md written" test -s "$tmp/report.md"
t_eq "docs/results.md left alone" "$doc_before" "$(md5sum <"$top/docs/results.md")"

# col ROW-PREFIX N: field N of the table row whose metric starts so
col() {
	awk -F' [|] ' -v p="| $1" -v n="$2" 'index($0, p) == 1 { print $n; exit }' <<<"$out"
}
t_eq "every row has 7 columns" "" \
	"$(grep '^|' <<<"$out" | awk -F'|' 'NF != 9 { print }')"
dp4='data-plane instructions per cycle, the worst of a mailbox update, a command entry and both at once, with the record, 4/4'
dp32=${dp4%4/4}32/32
t_eq "4/4 idle at 100.0: met (<= 110)" met \
	"$(col 'data-plane instructions per cycle, nothing new, 4/4' 4)"
t_eq "4/4 data plane at 199.0: met" met "$(col "$dp4" 4)"
t_eq "a met goal needs nothing: -" "- |" "$(col "$dp4" 7)"
t_eq "32/32 at 641.5: missed (<= 640)" "**missed**" "$(col "$dp32" 4)"
t_eq "32/32: the worst column of the worst scenario" 641.5 \
	"$(col "$dp32" 3)"
t_eq "a missed goal cites its note" "note 1 |" "$(col "$dp32" 7)"
t_check "note 1 below the table says what it would need" \
	grep -q '^1\. at 32/32 a mailbox set' <<<"$out"
t_eq "32/32 idle: a figure without a goal, not counted" "- 100 -" \
	"$(col 'data-plane instructions per cycle, nothing new, 32/32' 2) $(col 'data-plane instructions per cycle, nothing new, 32/32' 3) $(col 'data-plane instructions per cycle, nothing new, 32/32' 4)"
t_eq "code lines 57 against half of 114: met" "57 met" \
	"$(col 'code lines per cycle' 3) $(col 'code lines per cycle' 4)"
t_eq "data lines 48 against half of 94: missed" "<= 47 (half) 48 **missed**" \
	"$(col 'data lines per cycle' 2) $(col 'data lines per cycle' 3) $(col 'data lines per cycle' 4)"
t_eq "hybrid/poll p99 = 1.648: met" "1.648 met" \
	"$(col 'hybrid p99 lateness / poll p99' 3) $(col 'hybrid p99 lateness / poll p99' 4)"
t_eq "hybrid/hrtimer p99 = 2.269: missed" "2.269 **missed**" \
	"$(col 'hybrid p99 lateness / hrtimer' 3) $(col 'hybrid p99 lateness / hrtimer' 4)"
t_eq "its need gives each kernel's figure, '-' where none ran, then note 2" \
	"per kernel: x86_64-6.12 2.269; x86_64-debug -; arm64-6.12 -; note 2 |" \
	"$(col 'hybrid p99 lateness / hrtimer' 7)"
t_eq "two notes, each once" "1 1" \
	"$(grep -c '^1\. ' <<<"$out") $(grep -c '^2\. ' <<<"$out")"
t_check "where: the kernels not measured" \
	grep -q 'not measured on x86_64-debug, arm64-6.12' \
	<<<"$(col 'hybrid p99 lateness / hrtimer' 5)"
t_eq "per-loop memory 200,000 against 262,144: met" "200,000 met" \
	"$(col 'per-loop memory' 3) $(col 'per-loop memory' 4)"
t_check "its metric names the parts now and before" grep -q \
	'; now loop 16,384, region 79,872, hist 65,536, flight 38,208, chain 0)$' \
	<<<"$(col 'per-loop memory' 1)"
t_eq "a stable-clock goal is not judged from TCG" "- needs real hardware or KVM" \
	"$(col 'shieldrt best mode max' 3) $(col 'shieldrt best mode max' 4)"
t_check "it names the on-target bench" \
	grep -q '^judged on the target: `userctl bench compare`' <<<"$(col 'shieldrt best mode max' 7)"
t_eq "no p99 run: not measured, needs -" "- not measured - |" \
	"$(col 'shieldrt hrtimer thread p99' 3) $(col 'shieldrt hrtimer thread p99' 4) $(col 'shieldrt hrtimer thread p99' 7)"
t_check "the head line counts 5 met, 4 missed, 5 not measured, 5 on the target" \
	grep -q '5 goals met, 4 missed, 5 not measured, 5 shown but judged on real hardware' <<<"$out"
t_eq "the counts are the rows'" "5 4 5 5" \
	"$(grep -c ' | met | ' <<<"$out") $(grep -c ' | \*\*missed\*\* | ' <<<"$out") $(grep -c ' | not measured | ' <<<"$out") $(grep -c ' | needs real hardware or KVM | ' <<<"$out")"

# Both data-plane rows missed: one note, cited twice, written once.
dataplane dataplane-4x4.json 250.0 260.0
out=$("$top/scripts/bench/bench-report" --quick --from "$tmp" --no-results 2>/dev/null)
t_eq "4/4 at 260.0 and 32/32 cite the same note" "note 1 | note 1 |" \
	"$(col "$dp4" 7) $(col "$dp32" 7)"
t_eq "its text once" 1 "$(grep -c 'at 32/32 a mailbox set' <<<"$out")"

# Nothing to read: no table, status 1.
mkdir "$tmp/empty"
"$top/scripts/bench/bench-report" --quick --from "$tmp/empty" --no-results >/dev/null 2>&1
t_eq "no result at all: status 1" 1 "$?"

t_done
