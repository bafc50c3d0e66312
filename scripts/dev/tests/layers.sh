#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The module's layering, as docs/design.md draws it (TAP):
#   - no circle among the files of kmod/, algorithms/ and include/, and
#     no arrow up a layer (layers.py: a file points at another when it
#     includes it or uses a name it defines);
#   - the loop core (kmod/*.c, kmod/*.h) includes no debugfs, seq_file or
#     admin header and calls no debugfs function: files are the admin
#     layer's business (kmod/admin/);
#   - a loop's parts get their own state: none of them names struct
#     srt_loop or includes loop.h, which only the loop's own files and
#     the admin layer include;
#   - the pure code the KUnit suites compile includes no loop state;
#   - nothing below the admin layer calls up into it.
# layers.py is checked too: it finds a circle and an arrow up that are
# there (a made-up tree), so a clean result means something.
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$top" || exit 1
. "$top/userctl/tests/tap.sh"
check_none() {
	local what=$1 hits
	shift
	hits=$("$@" 2>/dev/null)
	if [ -z "$hits" ]; then t_ok "$what"; else t_fail "$what" "$hits"; fi
}
graph="python3 $top/scripts/dev/tests/layers.py"

# --- the checker finds what is there ---------------------------------------
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/kmod/lib" "$tmp/include"
printf '#include "b.h"\nint a_fn(void) { return b_fn(); }\n' >"$tmp/kmod/a.c"
printf 'int a_fn(void);\n' >"$tmp/kmod/a.h"
printf '#include "a.h"\nint b_fn(void) { return a_fn(); }\n' >"$tmp/kmod/b.c"
printf 'int b_fn(void);\n' >"$tmp/kmod/b.h"
printf '#include "../a.h"\nint l_fn(void) { return a_fn(); }\n' >"$tmp/kmod/lib/l.c"
out=$($graph --root "$tmp" circles)
if [ $? = 1 ] && echo "$out" | grep -q 'circle: kmod/a <-> kmod/b'; then
	t_ok "layers.py finds a circle that is there"
else
	t_fail "layers.py finds a circle that is there" "$out"
fi
out=$($graph --root "$tmp" up)
if [ $? = 1 ] && echo "$out" | grep -q 'up: kmod/lib/l (pure code) -> kmod/a (loop core)'; then
	t_ok "layers.py finds an arrow up that is there"
else
	t_fail "layers.py finds an arrow up that is there" "$out"
fi

# --- the tree ----------------------------------------------------------------
check_none "no circle among the files of kmod/, algorithms/ and include/" \
	$graph circles
check_none "no arrow up a layer (core to admin, pure code to the module, include/ to algorithms/)" \
	$graph up

core=$(find kmod -maxdepth 1 -name '*.[ch]' | sort | tr '\n' ' ')
# shellcheck disable=SC2086
check_none "the loop core includes no debugfs or seq_file header" \
	grep -nE '#include <linux/(debugfs|seq_file)\.h>' $core
# shellcheck disable=SC2086
check_none "the loop core calls no debugfs or seq_file function" \
	grep -nE '\b(debugfs_[a-z_]+|seq_(printf|puts|putc|write|read|open|lseek))\(' $core
# shellcheck disable=SC2086
check_none "the loop core includes nothing from kmod/admin/ but the entry points" \
	sh -c "grep -nE '#include \"admin/' $core | grep -vE 'kmod/(main|chardev)\.c:'"
admin_calls=$(grep -ohE '\bsrt_(req|view|admin|debugfs)_[a-z_]+\(' kmod/admin/*.h | sort -u | tr -d '(' | paste -sd'|')
# shellcheck disable=SC2086
check_none "no core file calls into the admin layer (but main.c, chardev.c)" \
	sh -c "grep -nE '\\b($admin_calls)\\(' $core | grep -vE 'kmod/(main|chardev)\.c:'"

# The loop's parts: what loop.h embeds, each given its own member.
parts="io chain limits_loop flightrec section region blocks_api preflight trace loop_list"
files=$(for p in $parts; do ls kmod/$p.[ch] 2>/dev/null; done | tr '\n' ' ')
# shellcheck disable=SC2086
check_none "no part of a loop ($parts) names struct srt_loop (comments aside)" \
	sh -c "grep -nw 'struct srt_loop' $files | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(/?\*)'"
check_none "loop.h is included by the loop's own headers and the admin layer only" \
	sh -c "$graph includers kmod/loop.h | grep -vxE 'kmod/(lifecycle|cycle|wait)\.h|kmod/admin/internal\.h'"

lib=$(ls kmod/lib/*.[ch] 2>/dev/null)
if [ -n "$lib" ]; then
	# shellcheck disable=SC2086
	check_none "pure code (kmod/lib/) includes no loop state" \
		grep -nE '#include "(\.\./)?(loop|cycle|chain|region|io|section|flightrec|lifecycle|loop_list)\.h"' $lib
fi
t_done
