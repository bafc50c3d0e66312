#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl qualify --quick, as a user runs it, with debugfs unmounted (and
# under kernel lockdown at integrity when the run asks for it: vm-run
# --lockdown integrity), shieldrt_pcibar on edu for M1-M4's MMIO rows.
# Checks the report's structure (every section there or its absence
# explained, the JSON one document, the figures PNGs), that the exit
# status is what its checks say (0 without a FAIL line, 1 with one), and
# that nothing it changed outlived it: no loop left, every file "shield
# apply" would touch byte-identical, every task's CPU mask as it was, no
# shield state.  The figures themselves are not judged: TCG's time is
# the host's.  The report is exported (vm-run --export DIR): report.md,
# report.json and each figure in base64 (NAME.png.b64), for
# scripts/testbed/qualify-check on the host, which parses the JSON.
# SRT_QUALIFY_ARGS replaces --quick (scripts/testbed/qualify-vm passes it).
. /srt/lib.sh

qualify_setup lockdown || exit 1
out=/tmp/qualify
args=${SRT_QUALIFY_ARGS:---quick}
qualify_snapshot /tmp/qsnap.before
note "userctl qualify $args $QUALIFY_CPUS -o $out"
# shellcheck disable=SC2086 # lists of arguments
userctl qualify $args $QUALIFY_CPUS -o $out >/tmp/qualify.out 2>/tmp/qualify.err
rc=$?
sed 's/^/# /' /tmp/qualify.out
tail -n 30 /tmp/qualify.err | sed 's/^/# stderr: /'
case $rc in
0|1) t_ok "qualify ran to its end (exit $rc)" ;;
*) t_fail "qualify ran to its end" "exit $rc" ;;
esac
qualify_report_ok $out 1
fails=$(qualify_lines $out/report.json checks | grep -c "\"result\":\"FAIL\"")
if [ "$fails" -gt 0 ]; then want=1; else want=0; fi
t_eq "the exit status is what the checks say ($fails FAIL lines)" "$want" "$rc"
qualify_restored /tmp/qsnap.before
qualify_export $out
qualify_teardown
