#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host tests of shieldrt-storm (storm.c): every kind runs exactly N
# iterations and exits 0; SIGTERM ends an endless run with its count;
# bad input is a usage error.  Usage: storm.sh SHIELDRT-STORM
set -u
S=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"

T=$(mktemp -d /tmp/storm-test.XXXXXX)
trap 'rm -rf "$T"' EXIT
OUT=$T/out

kinds=$(sed -n 's/^STORM_KIND(\(.*\))$/\1/p' "$here/../storm_kinds.h")
t_eq "14 kinds, the study's" 14 "$(echo $kinds | wc -w)"
for kind in $kinds; do
	"$S" $kind -n 300 > "$OUT" 2>&1
	rc=$?
	t_eq "$kind: 300 iterations exit 0" 0 $rc
	t_eq "$kind: reports its count" "$kind 300" "$(cat "$OUT")"
done

"$S" pipe > "$OUT" 2>&1 &
pid=$!
sleep 0.3
kill -TERM $pid
wait $pid
t_eq "endless pipe storm: SIGTERM ends it with exit 0" 0 $?
t_check "and it prints a count" grep -q "^pipe [1-9][0-9]*$" "$OUT"
t_check "no child left behind" sh -c "! ps -o ppid= -e | grep -qw $pid"

"$S" frob -n 1 > "$OUT" 2>&1
t_eq "unknown kind: exit 2" 2 $?
t_check "unknown kind: says so" grep -q "unknown kind 'frob'" "$OUT"
t_check "and names the kinds" grep -q "KIND: fstat getppid .* fork exec$" "$OUT"
"$S" fstat -n x > "$OUT" 2>&1
t_eq "bad -n: exit 2" 2 $?
"$S" stat -n 1 -f "$T/missing" > "$OUT" 2>&1
t_eq "stat of a missing file: exit 1" 1 $?
t_check "and says why" grep -q "shieldrt-storm: stat: No such file" "$OUT"
"$S" > "$OUT" 2>&1
t_eq "no kind: exit 2" 2 $?

t_done
