#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/testbed/console-results on the consoles of console-fixtures/
# (see its README): for each, what it prints, its exit status, and the
# results.tap, dmesg.txt and exported files it writes are the fixture's,
# byte for byte.  TAP on stdout.
set -u
here=$(cd "$(dirname "$0")" && pwd)
prog=$here/../../testbed/console-results
fx=$here/console-fixtures
. "$here/tap.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for d in "$fx"/*/; do
	c=$(basename "$d")
	mkdir -p "$tmp/$c/run" "$tmp/$c/export"
	cp "$d/console.txt" "$tmp/$c/run/"
	# relative paths, as the fixtures name them ("see run/console.log")
	(cd "$tmp/$c" && "$prog" --kernel k-1 --qemu-exit 7 --export export run \
		>stdout 2>stderr; echo $? >status)
	t "$c: prints the fixture's lines" cmp -s "$d/stdout" "$tmp/$c/stdout"
	t "$c: exit status $(cat "$d/status")" cmp -s "$d/status" "$tmp/$c/status"
	t "$c: nothing on stderr" [ ! -s "$tmp/$c/stderr" ]
	t "$c: results.tap" cmp -s "$d/results.tap" "$tmp/$c/run/results.tap"
	t "$c: dmesg.txt" cmp -s "$d/dmesg.txt" "$tmp/$c/run/dmesg.txt"
	mkdir -p "$tmp/$c/want"
	[ ! -d "$d/export" ] || cp "$d/export"/* "$tmp/$c/want/"
	t "$c: the exported files" diff -r "$tmp/$c/want" "$tmp/$c/export"
done

# without --export: no export lines, nothing written where they would go
mkdir -p "$tmp/noexp/run"
cp "$fx/exports/console.txt" "$tmp/noexp/run/"
(cd "$tmp/noexp" && "$prog" --kernel k-1 --qemu-exit 0 run >stdout 2>&1)
t "without --export, no export line" bash -c "! grep -q export: '$tmp/noexp/stdout'"
t "without --export, no file written" \
	bash -c "[ \"\$(ls '$tmp/noexp')\" = \"\$(printf 'run\nstdout')\" ]"

# --booted: did the guest reach /init?  --first-boot: a dead boot's reports
mkdir -p "$tmp/boot"
printf 'Linux version 6.12\nSRT-BOOTED k-1 6.12 cpus=2 isolated=1\n' \
	>"$tmp/boot/console.txt"
"$prog" --booted "$tmp/boot"
t "--booted: /init's first line is a boot" [ $? -eq 0 ]
printf 'Linux version 6.12\n# test: control-basic\n' >"$tmp/boot/console.txt"
"$prog" --booted "$tmp/boot"
t "--booted: a test's line is a boot" [ $? -eq 0 ]
{
	printf 'Linux version 6.12\nOops: int3: 0000 [#1] SMP\n'
	printf 'CPU: 0 UID: 0 PID: 1\nRIP: 0010:text_poke_bp+0x1\n'
	printf 'x SRT-BOOTED-not at the start is no marker either\n' | tr -d ' '
	for i in 1 2 3 4; do printf 'BUG: report %s\n' "$i"; done
} >"$tmp/boot/console.txt"
"$prog" --booted "$tmp/boot"
t "--booted: a guest that died in the kernel did not boot" [ $? -eq 1 ]
"$prog" --kernel k-1 --first-boot "$tmp/boot" >"$tmp/boot/out" 2>&1
t "--first-boot exits 0" [ $? -eq 0 ]
printf '# k-1: first boot: %s\n' 'Oops: int3: 0000 [#1] SMP' \
	'RIP: 0010:text_poke_bp+0x1' 'BUG: report 1' 'BUG: report 2' \
	'BUG: report 3' >"$tmp/boot/want"
t "--first-boot prints the first five reports and RIP: lines" \
	cmp -s "$tmp/boot/want" "$tmp/boot/out"
"$prog" --booted "$tmp/none" 2>/dev/null
t "--booted: a missing console is no boot" [ $? -eq 1 ]
"$prog" --first-boot "$tmp/boot" >/dev/null 2>&1
t "--first-boot without --kernel is refused" [ $? -eq 2 ]
"$prog" --kernel k-1 "$tmp/boot" >/dev/null 2>&1
t "the verdict without --qemu-exit is refused" [ $? -eq 2 ]

"$prog" --help >"$tmp/help" 2>&1
t "--help exits 0" [ $? -eq 0 ]
t "--help names the files it writes" grep -q 'results.tap' "$tmp/help"
"$prog" --kernel k-1 --qemu-exit 0 "$tmp/none" >"$tmp/out" 2>&1
t "a missing console fails" [ $? -ne 0 ]
t "and says which file" grep -q "$tmp/none/console.txt" "$tmp/out"
tap_end
