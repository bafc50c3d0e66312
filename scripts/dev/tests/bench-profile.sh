#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/bench/bench-profile without a VM (TAP): its QEMU plugin builds clean
# and this machine's QEMU loads it and writes its counts file; a wrong
# plugin argument, a bad number or a missing one stops QEMU, for both
# plugins; the attribution of counts to functions
# (armhf's 8-digit addresses, module symbols, a count below the first
# symbol); and its option checks.
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
. "$top/scripts/dev/tests/tap.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bp=$top/scripts/bench/bench-profile

t "the plugin builds with -Wall -Wextra -Werror" \
	gcc -shared -fPIC -O2 -Wall -Wextra -Wno-unused-parameter -Werror \
	-o "$work/ic.so" "$top/scripts/bench/qemu-plugin/insn_count.c" -lpthread
# QEMU with no machine: it loads the plugin, quits, and the plugin's
# exit handler writes its (empty) counts file
echo quit | timeout 60 qemu-system-x86_64 -M none -display none \
	-monitor stdio -plugin "$work/ic.so,vcpu=0,out=$work/counts" \
	>"$work/qemu.out" 2>&1
t "QEMU loads the plugin and quits" [ $? -eq 0 ]
t "the plugin wrote its counts file at exit" [ -f "$work/counts" ]
echo quit | timeout 60 qemu-system-x86_64 -M none -display none \
	-monitor stdio -plugin "$work/ic.so,vcpu=0,out=$work/c2,bogus=1" \
	>"$work/qemu.out" 2>&1
t "an unknown plugin argument stops QEMU" [ $? -ne 0 ]
t "... and the plugin names it" grep -q "unknown argument 'bogus=1'" "$work/qemu.out"
# plugin_argv CASE MESSAGE: QEMU stops on the insn_count arguments CASE,
# and the plugin says MESSAGE
plugin_argv() {
	echo quit | timeout 60 qemu-system-x86_64 -M none -display none \
		-monitor stdio -plugin "$work/ic.so,$1" >"$work/qemu.out" 2>&1
	t "plugin arguments '$1' stop QEMU" [ $? -ne 0 ]
	t "... saying: $2" grep -qF "$2" "$work/qemu.out"
}
plugin_argv "vcpu=abc,out=$work/c3" "'vcpu=abc' wants a number from 0 to 4294967295"
plugin_argv "vcpu=4294967296,out=$work/c3" "'vcpu=4294967296' wants a number"
plugin_argv "vcpu=1" "out=... is required"
plugin_argv "vcpu=1,out=" "'out=' is empty"
t "no counts file from a refused start" [ ! -e "$work/c3" ]
# the other plugin (scripts/bench/bench-lines) shares the argument code
t "cycle_lines builds with -Wall -Wextra -Werror" \
	gcc -shared -fPIC -O2 -Wall -Wextra -Wno-unused-parameter -Werror \
	-o "$work/cl.so" "$top/scripts/bench/qemu-plugin/cycle_lines.c"
echo quit | timeout 60 qemu-system-x86_64 -M none -display none \
	-monitor stdio -plugin "$work/cl.so,vcpu=1,out=$work/lines" \
	>"$work/qemu.out" 2>&1
t "cycle_lines without ranges= stops QEMU" [ $? -ne 0 ]
t "... saying so" grep -qF "cycle_lines: ranges=... is required" "$work/qemu.out"

# Two kernel functions, a gap, a module function; armhf-style addresses.
cat >"$work/syms" <<'SYMS'
c0100000 T start_a
c0100040 t helper_b
bf000000 t srt_step	[shieldrt]
SYMS
cat >"$work/cnt" <<'CNT'
00000000bf000000 5
00000000bf000010 7
00000000c0100000 1
00000000c010003c 2
00000000c0100040 10
00000000c0100100 3
0000000000001000 4
CNT
"$bp" --attribute "$work/syms" "$work/cnt" | sort >"$work/got"
t "--attribute exits 0" [ "${PIPESTATUS[0]}" -eq 0 ]
printf '%s\n' "(before_the_first_symbol) 4" "helper_b 13" "srt_step_[shieldrt] 12" \
	"start_a 3" >"$work/want"
t "--attribute: each count to the symbol at or below it" cmp -s "$work/got" "$work/want"
cmp -s "$work/got" "$work/want" || diff "$work/want" "$work/got" | sed 's/^/# /'
"$bp" --attribute "$work/syms" >/dev/null 2>&1
t "--attribute with one file fails" [ $? -ne 0 ]

"$bp" --help >"$work/help" 2>&1
t "--help exits 0" [ $? -eq 0 ]
t "--help shows the usage" grep -q 'scripts/bench/bench-profile \[--kernel K\]' "$work/help"
for bad in "--seconds 6,2" "--seconds 0,4" "--seconds x" "--row nosuch" "--top 0" "--vcpu 12" "--frob"; do
	# shellcheck disable=SC2086 # the option and its value are two words
	"$bp" $bad >"$work/out" 2>&1
	rc=$?
	t "'$bad' is refused before any boot" [ $rc -ne 0 ]
	t "'$bad': says why" grep -q 'bench-profile: ' "$work/out"
done

tap_end
