#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/dev/reliability-report on the fixture campaign in
# reliability-fixtures/ (small logs in the shape scripts/testbed/vm-run
# and the stages write them; the soak on x86_64-debug-rt fails one
# check): each stage's summary line as check-reliability states it
# (worked out by hand from the fixtures), the exit status a failing stage
# gives, the docs' generated blocks rewritten from it and nothing else,
# and bad input (a missing log, a campaign without its closing line, a
# document without its markers) refused with status 2 and nothing
# written.  TAP on stdout.
# Markdown's backquotes inside single quotes are meant literally.
# shellcheck disable=SC2016
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
report=$top/scripts/dev/reliability-report
fx=$here/reliability-fixtures
. "$top/userctl/tests/tap.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# outside FILE: FILE without what is between the generated markers
outside() {
	awk '/^<!-- reliability:[a-z-]+ end -->$/ { inside = 0 }
	     !inside { print }
	     /^<!-- reliability:[a-z-]+ begin -->$/ { inside = 1 }' "$1"
}

t_eq "--stages: the stages in order" \
	"fuzz-host trace-switch fuzz-vm soak faults load-cycles" \
	"$("$report" --stages)"
t_eq "--runs soak: kernel and file of each run" \
	"x86_64-debug soak-x86_64-debug.vm
x86_64-debug-rt soak-x86_64-debug-rt.vm" "$("$report" --runs soak)"
"$report" --runs nosuch >/dev/null 2>"$tmp/err"
t_eq "--runs of an unknown stage: status 2" 2 "$?"
t_check "--runs of an unknown stage: names the stages" \
	grep -q "no stage 'nosuch' (stages: fuzz-host " "$tmp/err"

# The summaries: the same words the grep/sed of check-reliability gave
# before the report existed (fuzz-vm: the volume summary, the scribble's
# bytes, commands + mailbox + heads; load-cycles: each kernel's
# SUnreclaim note).
"$report" --dir "$fx" >"$tmp/sum"
t_eq "summaries: status 1 (the RT soak failed a check)" 1 "$?"
t_eq "summary: fuzz-host" "fuzz: 2 targets, 2000 executions, 0 crashes" \
	"$(sed -n 1p "$tmp/sum")"
t_eq "summary: trace-switch" "trace-switch: 20 switches on 3 kernels, clean" \
	"$(sed -n 2p "$tmp/sum")"
t_eq "summary: fuzz-vm" "fuzz-vm: x86_64-debug: ioctls 3000 (rejected 2807), lines 3000 (rejected 2645), failures 0, seed 1795850701, 1.3 s; scribble 16782336 bytes over 86016 writable (kernel rejections 290 + 112 + 900); clean" \
	"$(sed -n 3p "$tmp/sum")"
t_eq "summary: soak, both kernels' summaries" "soak: x86_64-debug: 0.9 min, cycles sa 21885 sb 11751, missed 29709/37169, overruns 6296/5549, rcu_yields 0/0, records 11592, drops 0, unplugs 3, streamed 2000, changes 11: PASS; x86_64-debug-rt: 0.9 min, cycles sa 20001 sb 10002, missed 30000/38000, overruns 7000/6000, rcu_yields 12/40, records 11000, drops 0, unplugs 2, streamed 2000, changes 11: FAIL" \
	"$(sed -n 4p "$tmp/sum")"
t_eq "summary: faults" "faults: fault points failed per path: create 10, open 3, clean" \
	"$(sed -n 5p "$tmp/sum")"
t_eq "summary: load-cycles" "load-cycles: x86_64-debug-fault: after the warm-up 40272 kB, at the end 53336 kB: 65.32 kB a cycle over 200 cycles (bound 4 kB a cycle on stock kernels); x86_64-6.12: after the warm-up 7588 kB, at the end 7572 kB: -0.40 kB a cycle over 40 cycles (bound 4 kB a cycle on stock kernels); arm64-6.12: after the warm-up 9076 kB, at the end 9024 kB: -1.73 kB a cycle over 30 cycles (bound 4 kB a cycle on stock kernels), clean" \
	"$(sed -n 6p "$tmp/sum")"
t_eq "summaries: one line a stage" 6 "$(wc -l <"$tmp/sum")"

# --stage: what check-reliability appends to a stage's log; the summary last
"$report" --dir "$fx" --stage soak >"$tmp/soak"
t_eq "--stage soak: status 1" 1 "$?"
t_eq "--stage soak: the summary last" "$(sed -n 4p "$tmp/sum")" \
	"$(tail -n 1 "$tmp/soak")"
t_check "--stage soak: the failed check shown" grep -qx \
	'not ok - \[x86_64-debug-rt\] soak: sa: cycles + missed + behind = periods_elapsed +-1 (3 <= 1)' \
	"$tmp/soak"
"$report" --dir "$fx" --stage faults >"$tmp/faults"
t_eq "--stage faults: status 0" 0 "$?"
t_check "--stage faults: the per-path counts shown" grep -qx '# faults open 3' \
	"$tmp/faults"

# A stage whose VM run failed in the middle (a lost guest: no count line)
d=$tmp/lost
cp -r "$fx" "$d"
sed -i '$d' "$d/faults.vm"
out=$("$report" --dir "$d" --stage faults)
t_eq "a run without vm-run's count line: status 1" 1 "$?"
t_eq "a run without vm-run's count line: FAILED" \
	"faults: fault points failed per path: create 10, open 3, FAILED" \
	"$(echo "$out" | tail -n 1)"
t_check "a run without vm-run's count line: its last lines shown" grep -qx \
	'# faults.vm: no count line from vm-run; its last lines:' <<<"$out"

# A kernel whose trace-switch was stopped before its switches (killed at
# the test's timeout): the others' count, and which of the three got there
d=$tmp/stopped
cp -r "$fx" "$d"
sed -i -e '/\[x86_64-debug\] trace-switch: 20 on\/off/d' \
	-e 's/^# x86_64-debug: 5 passed, 0 failed$/# x86_64-debug: 4 passed, 1 failed/' \
	-e '/\[x86_64-debug\] trace-switch: tw0/a not ok - [x86_64-debug] trace-switch: exited with status 143' \
	"$d/trace-switch.log"
out=$("$report" --dir "$d" --stage trace-switch)
t_eq "trace-switch stopped on one kernel: status 1" 1 "$?"
t_eq "trace-switch stopped on one kernel: 2 of 3 kernels, FAILED" \
	"trace-switch: 20 switches on 2 of 3 kernels, FAILED" \
	"$(echo "$out" | tail -n 1)"
t_check "trace-switch stopped on one kernel: the failed check shown" grep -qx \
	'not ok - \[x86_64-debug\] trace-switch: exited with status 143' <<<"$out"

# --docs on a copy of the tree's document: its blocks rewritten, the rest
# as it was
doc=$tmp/testing.md
cp "$top/docs/testing.md" "$doc"
"$report" --dir "$fx" --docs "$doc" >"$tmp/docs-out"
t_eq "--docs: status 1 (it wrote, and says a stage failed)" 1 "$?"
t_eq "--docs: prints the summaries" "$(cat "$tmp/sum")" "$(cat "$tmp/docs-out")"
t_eq "--docs: the hand-written text unchanged" \
	"$(outside "$top/docs/testing.md")" "$(outside "$doc")"
t_eq "--docs: every block names the run" 6 "$(grep -A3 -- '-- reliability:[a-z-]* begin' "$doc" |
	tr '\n' ' ' | grep -o 'campaign: shieldrt 0123abc, started 2026-11-20 08:00 UTC, host 6.1.0-28-amd64, 2 CPUs' | wc -l)"
t_check "--docs: the result lines, the failing one included" grep -qx \
	'not ok - soak: .*: FAIL (240 s, exit 1, log: build/reliability/soak.log)' "$doc"
t_check "--docs: the soak's failing row says what failed" grep -qF \
	'| 1 min (`make check-reliability`, 4 CPUs) | x86_64-debug-rt | 0.9 | 20,001 / 10,002 | 30,000 / 38,000 | 7,000 / 6,000 | 12 / 40 | 11,000, 0 | 2 | **not accounted**, **1 failed**: soak: sa: cycles + missed + behind = periods_elapsed +-1 (3 <= 1) |' "$doc"
t_check "--docs: the soak's passing row" grep -qF \
	'| x86_64-debug | 0.9 | 21,885 / 11,751 | 29,709 / 37,169 | 6,296 / 5,549 | 0 / 0 | 11,592, 0 | 3 | all accounted, log clean |' "$doc"
# 3000 ioctls in 0.4 s; 3000 lines by 1.0 s, so 0.6 s of their own
t_check "--docs: the ioctls' row, errnos largest first" grep -qF \
	'| ioctls | 3,000 in 0.4 s | 2,807 (EINVAL 1,838, ENOTTY 380, EBADFD 185, E2BIG 142, ENOENT 137, EFAULT 96, EBUSY 15, ENOSPC 14) | 0 |' "$doc"
t_check "--docs: the lines' row, their own time" grep -qF \
	'| debugfs lines over the 8 writable files | 3,000 in 0.6 s | 2,645 (' "$doc"
t_check "--docs: the scribble's row, the kinds that counted" grep -qF \
	'| 16.0 MiB (16,782,336 bytes) | the kernel counted 290 command entries (ring resyncs 290), 112 mailbox reads (corrupt 112), 900 telemetry heads | 0 |' "$doc"
t_check "--docs: the replay command" grep -qF \
	'`control_fuzz -c 1 -n' "$doc"
t_check "--docs: the faults per path (N tried / failed)" grep -qF \
	'create 87 / 10, open 9 / 3' "$doc"
t_check "--docs: the stock kernel's slab row" grep -qF \
	'| x86_64-6.12 | 40 of 40 after 3 | 7,588 → 7,572 | -0.4 | ≤ 4 kB, asserted | none in this kernel | log clean |' "$doc"
t_check "--docs: the debug kernel's slab only printed" grep -qF \
	'| x86_64-debug-fault | 200 of 200 after 3 | 40,272 → 53,336 | +65.3 | printed only | clean | log clean |' "$doc"
t_check "--docs: the fuzz targets' table" grep -qF \
	'| `f64text` | 1,000 | 7 | 142 | 0 |' "$doc"
cp "$doc" "$tmp/once.md"
"$report" --dir "$fx" --docs "$doc" >/dev/null
t_check "--docs twice: the same document" cmp -s "$doc" "$tmp/once.md"
out=$("$top/scripts/dev/docs-check" --no-run "$doc" 2>&1 | grep -v 'dead link')
t_eq "--docs: its tables pass the docs check" "" "$out"

# Bad input: status 2, a clear message, the document untouched
d=$tmp/missing
cp -r "$fx" "$d"
rm "$d/soak-x86_64-debug-rt.vm"
cp "$doc" "$tmp/before.md"
"$report" --dir "$d" --docs "$doc" >/dev/null 2>"$tmp/err"
t_eq "a missing log: status 2" 2 "$?"
t_eq "a missing log: named" \
	"reliability-report: $d/soak-x86_64-debug-rt.vm: no such file (the soak stage's x86_64-debug-rt run; did the stage run?)" \
	"$(cat "$tmp/err")"
t_check "a missing log: the document untouched" cmp -s "$doc" "$tmp/before.md"
"$report" --dir "$d" --stage soak >/dev/null 2>&1
t_eq "a missing log, --stage: status 2" 2 "$?"

# refused DIR CASE LINE MESSAGE: the fixture copied to $tmp/DIR (left in
# $d) without its results' lines matching LINE; --docs refuses it with
# status 2, saying MESSAGE, and leaves the document untouched
refused() {
	d=$tmp/$1
	cp -r "$fx" "$d"
	sed -i "/$3/d" "$d/results"
	"$report" --dir "$d" --docs "$doc" >/dev/null 2>"$tmp/err"
	t_eq "$2: status 2" 2 "$?"
	t_check "$2: said" grep -q "$4" "$tmp/err"
	t_check "$2: the document untouched" cmp -s "$doc" "$tmp/before.md"
}
refused unended "a campaign without its closing line" '^reliability: ' \
	"no closing 'reliability: N stages, ...' line"

# The output of a campaign made before the results file: --run names it
refused older "result lines naming no run" '^# reliability run: ' \
	"no '# reliability run: ...' line naming the run"
"$report" --dir "$d" --results "$d/results" --docs "$doc" \
	--run "shieldrt 0123abc, started 2026-11-20 08:00 UTC, host 6.1.0-28-amd64, 2 CPUs" \
	>/dev/null
t_eq "--run names it: status 1, the document as from the results file" 1 "$?"
t_check "--run names it: the same document" cmp -s "$doc" "$tmp/before.md"
"$report" --dir "$fx" --docs "$doc" --run "shieldrt x" >/dev/null 2>&1
t_eq "--run where the results name the run: status 2" 2 "$?"

sed '/^<!-- reliability:soak end -->$/d' "$doc" >"$tmp/nomarker.md"
cp "$tmp/nomarker.md" "$tmp/nomarker.before"
"$report" --dir "$fx" --docs "$tmp/nomarker.md" >/dev/null 2>"$tmp/err"
t_eq "a document without an end marker: status 2" 2 "$?"
t_check "a document without an end marker: said" grep -qF \
	"one '<!-- reliability:soak begin -->' line and one '<!-- reliability:soak end -->' line" \
	"$tmp/err"
t_check "a document without an end marker: untouched" \
	cmp -s "$tmp/nomarker.md" "$tmp/nomarker.before"
t_done
