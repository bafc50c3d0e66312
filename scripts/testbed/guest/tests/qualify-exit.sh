#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl qualify's exit status: a threshold that must fail does (a
# worst wake-up latency of at most 0 us: exit 1, the check FAILs, the
# report complete); and SIGINT in the middle of EAST's row after "shield
# apply" of its CPU: exit 130, the shield restored byte for byte and no
# loop left, and the report written all the same, marked incomplete, its
# interrupted section saying so.
. /srt/lib.sh

qualify_setup || exit 1
qualify_snapshot /tmp/qexit.before

# shellcheck disable=SC2086
userctl qualify -o /tmp/qfail --only ladder --modes hrtimer --rates 1000 \
	--budget 4 --max-latency-us 0 $QUALIFY_CPUS >/tmp/qfail.out 2>&1
rc=$?
sed 's/^/# /' /tmp/qfail.out | tail -n 12
t_eq "--max-latency-us 0: exit 1" 1 "$rc"
t_check "the latency check FAILs" qualify_has /tmp/qfail/report.json checks \
	'"check":"latency.cpu[0-9]*","result":"FAIL"'
t_check "and says so on stdout" grep -q '^FAIL  latency.cpu' /tmp/qfail.out
t_check "the sections left out say why" qualify_has /tmp/qfail/report.json \
	sections '"name":"wait"' '"state":"skipped"' 'not asked for'
qualify_report_ok /tmp/qfail 1

# SIGINT once the shield of EAST's second row is applied
userctl qualify -o /tmp/qint --only noise --budget 30 $QUALIFY_CPUS \
	>/tmp/qint.out 2>&1 &
pid=$!
i=0
while ! ls /run/shieldrt/bench-noise.*.state >/dev/null 2>&1 &&
	kill -0 $pid 2>/dev/null && [ $i -lt 1200 ]; do
	sleep 0.1
	i=$((i + 1))
done
t_check "qualify got to the shield apply of EAST's row" sh -c "ls /run/shieldrt/bench-noise.*.state"
sleep 1
kill -INT $pid
wait $pid
rc=$?
sed 's/^/# /' /tmp/qint.out | tail -n 8
t_eq "SIGINT: exit 130" 130 "$rc"
t_check "SIGINT: it cleaned up" grep -q 'cleaning up' /tmp/qint.out
t_check "SIGINT: it says where the partial report is" grep -q 'INCOMPLETE report' /tmp/qint.out
qualify_report_ok /tmp/qint 0
t_check "report.json: ended by SIGINT" grep -q '"ended":"SIGINT"' /tmp/qint/report.json
t_check "the noise section: interrupted" qualify_has /tmp/qint/report.json \
	sections '"name":"noise"' '"state":"interrupted"'
t_check "report.md: INCOMPLETE during noise" grep -q 'INCOMPLETE: interrupted (SIGINT) during `noise`' /tmp/qint/report.md
qualify_restored /tmp/qexit.before
qualify_teardown
