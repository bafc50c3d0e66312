#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What userctl qualify refuses before it changes anything: each a
# one-line reason and exit 2, no report directory, the machine as it
# was (no loop, no shield state, every shield file byte-identical).
# Bad options, CPUs not online or not shielded, a budget too short for
# a section, rates a loop's period_us cannot have, a report directory
# that holds one already, no CAP_SYS_ADMIN (root without it, and an
# ordinary user: nocap, a guest tool), and no module.
. /srt/lib.sh

qualify_setup || exit 1
qualify_snapshot /tmp/qref.before

# refused DESC WHY ARGS...: exit 2 with WHY in the message, nothing made
refused() {
	local desc=$1 why=$2 rc
	shift 2
	rm -rf /tmp/qref
	"$@" >/tmp/qref.out 2>&1
	rc=$?
	if [ $rc = 2 ] && grep -q -- "$why" /tmp/qref.out; then
		t_ok "$desc: exit 2 ($(tail -n 1 /tmp/qref.out))"
	else
		t_fail "$desc" "exit $rc: $(tail -n 3 /tmp/qref.out | tr '\n' ' ')"
	fi
	t_check "$desc: no report directory" test ! -e /tmp/qref
}
q() { userctl qualify -o /tmp/qref "$@"; }

refused "an unknown option" "see 'userctl qualify --help'" q --frob
refused "a stray argument" "unexpected argument" q extra
refused "two budgets" "one of them" q --quick --long
refused "a budget that is no number" "--budget 'soon'" q --budget soon
refused "an unknown section" "no section 'frob'" q --only ladder,frob
refused "--only and --skip" "one of them, once" q --only ladder --skip noise
refused "a CPU that is not online" "is not online" q --cpus 99
if [ -n "${SRT_ISOLATED:-}" ]; then
	refused "a CPU that is not shielded" "CPU 0 is not shielded" q --cpus 0
fi
# shellcheck disable=SC2086
refused "a budget too short for the ladder" "too short for ladder" q --only ladder --budget 10 $QUALIFY_CPUS
# shellcheck disable=SC2086
refused "a budget too short for one study" "too short for wait" q --only wait --budget 3 $QUALIFY_CPUS
refused "a rate above what period_us allows" "above 100000 Hz" q --rate-hz 200000
refused "a rate whose period is not whole us" "not a whole number of us" q --rate-hz 3000
# shellcheck disable=SC2086
refused "a rung whose period is not whole us" "whole number of us" q --rates 1000,3000 $QUALIFY_CPUS
refused "a rung above 100 kHz" "from 1 to 100000 Hz" q --rates 1000,200000
refused "an unknown wait mode" "'spin' is not one of" q --modes hrtimer,spin
refused "a threshold that is no number" "--max-latency-us 'x'" q --max-latency-us x
refused "a negative threshold" "--max-late-pct '-1'" q --max-late-pct -1
refused "a provider that is not registered" "--provider frob: no I/O provider" q --provider frob $QUALIFY_CPUS
mkdir -p /tmp/qref.full && echo '{}' >/tmp/qref.full/report.json
userctl qualify -o /tmp/qref.full --quick $QUALIFY_CPUS >/tmp/qref.out 2>&1
t_eq "a directory that holds a report: exit 2" 2 $?
t_check "and says so" grep -q "holds a report already" /tmp/qref.out
t_eq "and it is left alone" '{}' "$(cat /tmp/qref.full/report.json)"
refused "root without CAP_SYS_ADMIN" "needs CAP_SYS_ADMIN" nocap userctl qualify -o /tmp/qref --quick
refused "an ordinary user" "needs CAP_SYS_ADMIN" nocap -u 1000 userctl qualify -o /tmp/qref --quick
qualify_restored /tmp/qref.before
qualify_teardown
refused "no module" "load the module" q --quick
