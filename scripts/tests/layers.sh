#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The module's layering, as docs/design.md draws it (TAP):
#   - the loop core (kmod/*.c, kmod/*.h) includes no debugfs, seq_file or
#     admin header and calls no debugfs function: files are the admin
#     layer's business (kmod/admin/);
#   - the pure code the KUnit suites compile includes no loop state;
#   - nothing below the admin layer calls up into it.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
. "$top/userctl/tests/tap.sh"
check_none() {
	local what=$1 hits
	shift
	hits=$("$@" 2>/dev/null)
	if [ -z "$hits" ]; then t_ok "$what"; else t_fail "$what" "$hits"; fi
}

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
lib=$(ls kmod/lib/*.[ch] 2>/dev/null)
if [ -n "$lib" ]; then
	# shellcheck disable=SC2086
	check_none "pure code (kmod/lib/) includes no loop state" \
		grep -nE '#include "(\.\./)?(loop|cycle|chain|region|io|section|flightrec)\.h"' $lib
fi
t_done
