#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/testbed/vm-run --help prints the script's header (its usage) and exits
# 0 without booting anything; an unknown option fails and points there
# (TAP).
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
. "$top/scripts/dev/tests/tap.sh"

out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$top/scripts/testbed/vm-run" --help >"$out" 2>&1
t "vm-run --help exits 0" [ $? -eq 0 ]
t "vm-run --help prints the usage line" \
	grep -q '^  scripts/testbed/vm-run --kernel NAME \[--tests GLOB' "$out"
t "vm-run --help explains the PCI devices" grep -q 'ivshmem-plain' "$out"
t "vm-run --help starts with text, not a blank line" \
	grep -q . <(head -n1 "$out")
t "vm-run --help stops at the header (no script code)" \
	bash -c "! grep -q 'set -euo' '$out'"
"$top/scripts/testbed/vm-run" -h >/dev/null 2>&1
t "vm-run -h exits 0" [ $? -eq 0 ]
"$top/scripts/testbed/vm-run" --no-such-option >"$out" 2>&1
t "an unknown option fails" [ $? -ne 0 ]
t "an unknown option points at --help" grep -q 'vm-run --help' "$out"
tap_end
