#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Bad control and config lines are refused with a reason in last_error,
# and a running loop is left exactly as it was.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")

# Two CPUs are needed (one isolated); a guest with one has nothing to test.
if [ "${SRT_NCPUS:-1}" -lt 2 ] || [ ! -d /sys/devices/system/cpu/cpu$ISO ]; then
	t_skip "runtime-input" "needs 2 CPUs with cpu ${ISO:-?} isolated; the guest has ${SRT_NCPUS:-?} CPU(s)"
	exit 0
fi

# refuse DESC LINE REASON: the control line fails and last_error has REASON
refuse() {
	if echo "$2" >$SRT_DBG/control 2>/dev/null; then
		t_fail "refused: $1" "'$2' was accepted"
		return
	fi
	if grep -q -- "$3" $SRT_DBG/last_error; then
		t_ok "refused: $1"
	else
		t_fail "refused: $1" "last_error: $(cat $SRT_DBG/last_error)"
	fi
}

# refuse_cfg DESC LOOP LINE REASON: same for a loop's config file
refuse_cfg() {
	if echo "$3" >$SRT_DBG/$2/config 2>/dev/null; then
		t_fail "config refused: $1" "'$3' was accepted"
		return
	fi
	if grep -q -- "$4" $SRT_DBG/$2/last_error; then
		t_ok "config refused: $1"
	else
		t_fail "config refused: $1" "last_error: $(cat $SRT_DBG/$2/last_error)"
	fi
}

srt_load || exit 1
t_check "create running loop" ctl "create name=good cpu=0 period_us=1000 budget_ns=900000"
t_check "start it" ctl "start good"
cat $SRT_DBG/good/config >/tmp/cfg.before

refuse "unknown key" "create name=x cpu=0 bogus=1" "unknown key 'bogus'"
refuse "period below 10 us" "create name=x cpu=0 period_us=5" "out of range"
refuse "period above 1 s" "create name=x cpu=0 period_us=2000000" "out of range"
refuse "cpu not present" "create name=x cpu=4096" "not present"
refuse "priority 0" "create name=x cpu=0 prio=0" "prio=0 out of range"
refuse "priority 100" "create name=x cpu=0 prio=100" "out of range"
refuse "name exists" "create name=good cpu=0" "exists"
refuse "malformed token" "create name=x cpu" "not key=value"
refuse "bad mode" "create name=x cpu=0 mode=sleepy" "unknown value"
refuse "unknown command" "frob good" "unknown command"
refuse "stop unknown loop" "stop nosuch" "no loop named"
refuse "start running loop" "start good" "already running"
refuse "resume a loop not in safe state" "resume good" "not in safe state"
refuse "poll on a non-isolated CPU" "create name=p cpu=0 mode=poll" "not isolated"
refuse "hybrid on a non-isolated CPU" "create name=p cpu=0 mode=hybrid" "not isolated"
# The log takes the first 10 failures per 5 s (the rest are counted as
# suppressed, control-badwrites checks that): the first refusal is there.
t_check "bad input is logged" sh -c "dmesg | grep -q \"shieldrt: unknown key 'bogus'\""
t_check "no loop was created by refused lines" sh -c "! test -e $SRT_DBG/x && ! test -e $SRT_DBG/p"

refuse_cfg "fixed key on a running loop" good "period_us=500" "cannot change while the loop runs"
refuse_cfg "mixed live and fixed keys" good "budget_ns=1 mode=poll" "cannot change"
refuse_cfg "bad number" good "budget_ns=abc" "expected a decimal"
refuse_cfg "unknown key" good "colour=red" "unknown key"
refuse_cfg "rename" good "name=other" "renamed"
cat $SRT_DBG/good/config >/tmp/cfg.after
t_check "config unchanged by refused writes" cmp /tmp/cfg.before /tmp/cfg.after
t_eq "loop still running" running "$(cat $SRT_DBG/good/state)"
c1=$(st good cycles)
sleep 1
t_wait_ge "loop still cycling" $((c1 + 10)) 30 st good cycles

t_check "live key accepted while running" sh -c "echo 'budget_ns=123456 policy=catchup' >$SRT_DBG/good/config"
t_check "config shows the live change" sh -c "grep -qx budget_ns=123456 $SRT_DBG/good/config && grep -qx policy=catchup $SRT_DBG/good/config"
t_check "stop" ctl "stop good"
t_check "fixed key accepted when stopped" sh -c "echo 'period_us=500 mode=hrtimer hist_buckets=64' >$SRT_DBG/good/config"
t_check "config shows it" grep -qx period_us=500 $SRT_DBG/good/config
t_check "restart with the new period" ctl "start good"
sleep 1
t_check "stop again" ctl "stop good"
t_eq "stats use the new period" 500000 "$(st good period_ns)"
# 64 buckets of 1 ns are all linear: the hist header has no log part
t_eq "hist header: 64 buckets of 1 ns" \
	"# Time unit is nanoseconds (ns), bucket size 1 ns up to 63 ns" \
	"$(grep '^# Time unit' $SRT_DBG/good/hist)"

t_check "poll on non-isolated CPU allowed with force=1 (created, not started)" \
	ctl "create name=pf cpu=0 mode=poll force=1"
t_check "poll on the isolated CPU is fine" ctl "create name=pi cpu=$ISO mode=poll"
t_check "start pi" ctl "start pi"
refuse "second loop on a poll loop's CPU" "start pf2" "no loop named"
t_check "create hrtimer loop on the poll CPU" ctl "create name=h cpu=$ISO"
refuse "start it while the poll loop owns the CPU" "start h" "busy with loop 'pi'"
t_check "stop pi" ctl "stop pi"
t_check "multi-line write applies each line" sh -c "printf 'destroy pf\ndestroy pi\ndestroy h\n' >$SRT_DBG/control"
t_check "all three gone" sh -c "! test -e $SRT_DBG/pf && ! test -e $SRT_DBG/pi && ! test -e $SRT_DBG/h"
srt_unload
