#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/dev/docs-check on the tree's documents (README.md, docs/*.md: every
# link, command and table), then on copies of them in a temporary
# directory with one fault injected at a time: a dead link, a heading
# that is not there, a blank line inside a table, a row short of a cell,
# a cell too long, a README too long, a script that does not exist or does not answer
# --help.  Each must be reported at its line, and the clean copy must
# pass.  TAP on stdout.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
. "$top/userctl/tests/tap.sh"
check=$top/scripts/dev/docs-check
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# userctl CMD --help needs userctl/userctl; the userctl suite built it
# before this one in make check, this makes sure when run alone.
make -s -C "$top/userctl" userctl >/dev/null 2>&1
out=$("$check" 2>&1)
t_eq "the tree's README.md and docs/ pass" "0 " "$? $out"

# The copy: the documents and every file they link to (the tree but
# build/ and .git), checked without running --help (the tree's run did).
tree=$tmp/tree
mkdir "$tree"
tar -C "$top" --exclude=./build --exclude=./.git -cf - . | tar -C "$tree" -xf -
copy() { cp "$top/$1" "$tree/$1"; }
run() { "$check" --root "$tree" --no-run "$tree/$1" 2>&1; }
out=$(run README.md)
t_eq "the clean copy passes" "0 " "$? $out"

# inject FILE LINE TEXT: TEXT becomes line LINE of FILE's copy, whose
# last line goes, so that the README stays within its length
inject() {
	copy "$1"
	sed -i "$2i\\
$3" "$tree/$1"
	sed -i '$d' "$tree/$1"
}

inject README.md 3 'See [the guide](docs/no-such-guide.md).'
out=$(run README.md)
t_eq "a dead link: status 1" 1 "$?"
t_eq "a dead link: named at its line" \
	"README.md:3: dead link: docs/no-such-guide.md" "$out"

inject README.md 3 'See [the numbers](#no-such-heading).'
out=$(run README.md)
t_eq "an anchor with no heading" \
	"README.md:3: no heading for #no-such-heading" "$out"

inject README.md 3 'See [testing](docs/testing.md#no-such-part).'
out=$(run README.md)
t_eq "an anchor missing in another document" \
	"README.md:3: no heading for #no-such-part in docs/testing.md" "$out"

# The first table of the README: header, |---|, rows.  A blank line
# after its first row leaves the rest outside the table.
first=$(grep -n '^|' "$top/README.md" | head -n1 | cut -d: -f1)
inject README.md $((first + 3)) ''
out=$(run README.md)
t_eq "a blank line inside a table: status 1" 1 "$?"
t_eq "a blank line inside a table: the stray rows named" \
	"README.md:$((first + 4)): a table row outside a table (no header and |---| line above it: a blank line inside a table?)" \
	"$out"

inject README.md $((first + 2)) '| only one cell |'
out=$(run README.md)
t_eq "a row short of a cell" \
	"README.md:$((first + 2)): 1 cells, the header (line $first) has 2" "$out"

# the README's copy, grown by blank lines to 350 lines, then to 351
copy README.md
while [ "$(wc -l <"$tree/README.md")" -lt 350 ]; do echo >>"$tree/README.md"; done
out=$(run README.md)
t_eq "a README of 350 lines passes" "0 " "$? $out"
echo >>"$tree/README.md"
out=$(run README.md)
t_eq "a README of 351 lines" "README.md:351: 351 lines, a README of at most 350" "$out"

long=$(printf 'x%.0s' $(seq 301))
inject README.md $((first + 2)) "| a | $long |"
out=$(run README.md)
t_eq "a cell of 301 characters" \
	"README.md:$((first + 2)): a cell of 301 characters (at most 300)" "$out"

# Commands: a fixture root of its own, with scripts that answer --help,
# fail it, never mention it, or are the documented exception.
fx=$tmp/fx
mkdir -p "$fx/scripts/testbed"
# shellcheck disable=SC2016  # the fixtures' own $1 and $0
printf '#!/bin/sh\n[ "$1" = --help ] && exit 0\nexit 1\n' >"$fx/scripts/good"
printf '#!/bin/sh\n# --help: refused\nexit 2\n' >"$fx/scripts/bad"
# shellcheck disable=SC2016
printf '#!/bin/sh\ntouch "$(dirname "$0")/ran"\n' >"$fx/scripts/silent"
printf '#!/bin/sh\nexit 2\n' >"$fx/scripts/testbed/build-debug-kernel"
chmod +x "$fx"/scripts/* "$fx"/scripts/testbed/*
cat >"$fx/README.md" <<'EOF'
Run `scripts/good --all`, then `scripts/testbed/build-debug-kernel --rt`.
Not `scripts/bad`, nor `scripts/missing`,
nor `scripts/silent`.
EOF
out=$("$check" --root "$fx" "$fx/README.md" 2>&1)
t_eq "commands: status 1" 1 "$?"
t_eq "commands: each fault named, the exception and the good one not" \
	"README.md:2: scripts/bad --help fails
README.md:2: no such file: scripts/missing
README.md:3: scripts/silent does not answer --help (its text never mentions it)" \
	"$out"
t_check "a script that never mentions --help is not run" test ! -e "$fx/scripts/ran"

t_done
