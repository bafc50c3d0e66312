#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/dev/tap, the TAP lines scripts/dev/check gathers and its tally,
# on tap-fixtures/lines.txt: every form of line a stage prints, bytes
# that are no UTF-8, a NUL byte, no newline at the end.  The expected
# outputs are what check's grep and sed pipelines printed.  TAP on stdout.
set -u
here=$(cd "$(dirname "$0")" && pwd)
tapf=$here/../tap
fx=$here/tap-fixtures
. "$here/tap.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$tapf" vm "$fx/lines.txt" >"$tmp/vm" 2>"$tmp/err"
t "vm: the ok, not ok and # lines" cmp -s "$fx/vm.out" "$tmp/vm"
"$tapf" suite a/suite "$fx/lines.txt" >"$tmp/suite" 2>>"$tmp/err"
t "suite: renumbered, named after the suite" cmp -s "$fx/suite.out" "$tmp/suite"
"$tapf" node b "$fx/lines.txt" >"$tmp/node" 2>>"$tmp/err"
t "node: the kernel's name says the node" cmp -s "$fx/node.out" "$tmp/node"
"$tapf" summary "$fx/lines.txt" >"$tmp/summary" 2>>"$tmp/err"
echo $? >"$tmp/status"
t "summary: the failures, then the count" cmp -s "$fx/summary.out" "$tmp/summary"
t "summary: fails when a line failed" cmp -s "$fx/summary.status" "$tmp/status"
t "nothing on stderr" [ ! -s "$tmp/err" ]

"$tapf" failed "$fx/lines.txt"
t "failed: a not ok line" [ $? -eq 0 ]
grep -av '^not ok' "$fx/lines.txt" >"$tmp/passing"
"$tapf" failed "$tmp/passing" "$tmp/none"
t "failed: none (and a missing file has none)" [ $? -eq 1 ]
"$tapf" summary "$tmp/passing" >"$tmp/out"
t "summary: passes with no failure" [ $? -eq 0 ]
t "summary: no failures list then" \
	[ "$(cat "$tmp/out")" = "11 passed, 0 failed, 1 skipped" ]
grep -a '^#' "$fx/lines.txt" >"$tmp/comments"
"$tapf" summary "$tmp/comments" >"$tmp/out"
t "summary: fails when nothing passed" [ $? -eq 1 ]
t "summary: and counts nothing" \
	[ "$(cat "$tmp/out")" = "0 passed, 0 failed, 0 skipped" ]
"$tapf" node a "$tmp/none" >"$tmp/out" 2>&1
t "node: a missing file is no error" [ $? -eq 0 ]
t "node: and gives no lines" [ ! -s "$tmp/out" ]
"$tapf" vm "$tmp/none" >"$tmp/out" 2>&1
t "vm: a missing file is an error" [ $? -ne 0 ]
t "vm: which names the file" grep -q "$tmp/none" "$tmp/out"
"$tapf" bogus >/dev/null 2>&1
t "bad usage exits 2" [ $? -eq 2 ]
"$tapf" --help >"$tmp/out"
t "--help exits 0 and names the commands" grep -q 'tap summary FILE' "$tmp/out"
tap_end
