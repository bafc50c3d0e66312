#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Bad chain texts and bad parameter values are rejected whole, with a
# one-line reason ("line N: ...") in last_error, and the chain that was
# there stays exactly as it was (blocks reads back the same text).
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))
D=$SRT_DBG/bad

srt_load || exit 1
ctl "create name=bad cpu=$ISO period_us=1000 mode=hrtimer" ||
	{ t_fail "create loop" "$(cat $SRT_DBG/last_error)"; srt_unload; exit 0; }
printf 'input x\noutput y\nblock g1 gain in=x out=m k=2\nblock g2 gain in=m out=y k=3\n' >/tmp/good.chain
t_check "load a good chain" userctl chain load -l bad /tmp/good.chain
before=$(cat $D/blocks)

# reject DESC EXPECTED-REASON-PREFIX TEXT
reject() {
	printf '%b' "$3" >/tmp/bad.chain
	if out=$(userctl chain load -l bad /tmp/bad.chain 2>&1); then
		t_fail "$1: rejected" "loaded"
		return
	fi
	reason=$(cat $D/last_error)
	case $reason in
	"$2"*) t_ok "$1: rejected, reason '$reason'" ;;
	*) t_fail "$1: reason starts with '$2'" "got '$reason'" ;;
	esac
	case $out in
	*"$reason"*) t_ok "$1: userctl prints the reason" ;;
	*) t_fail "$1: userctl prints the reason" "$out" ;;
	esac
	t_eq "$1: running chain unchanged" "$before" "$(cat $D/blocks)"
}

reject "unknown block type" "line 3:" \
	'input x\noutput y\nblock b nosuch in=x out=y\n'
reject "unknown signal" "line 3:" \
	'input x\noutput y\nblock b gain in=nowhere out=y k=1\n'
reject "parameter out of its limits" "line 3:" \
	'input x\noutput y\nblock f lowpass in=x out=y tau=-1\n'
reject "feedthrough cycle" "line " \
	'input x\noutput y\nblock p gain in=q out=y k=1\nblock q2 gain in=y out=q k=1\n'
reject "malformed number" "line 3:" \
	'input x\noutput y\nblock b gain in=x out=y k=1.2.3\n'
reject "period not the loop's" "line 1:" \
	'period_us 250\ninput x\noutput y\nblock b gain in=x out=y k=1\n'
reject "unknown parameter" "line 3:" \
	'input x\noutput y\nblock b gain in=x out=y gain=1\n'

# Parameters: a bad value rejects the whole write, nothing is staged.
stage_reject() {
	if printf '%b' "$2" >$D/params 2>/dev/null; then
		t_fail "stage $1: rejected" "accepted"
		return
	fi
	t_ok "stage $1: rejected, reason '$(cat $D/last_error)'"
	t_check "stage $1: nothing staged" grep -q "staged: nothing" $D/params
}
stage_reject "unknown block" 'g1.k=5\nnosuch.k=1\n'
stage_reject "unknown parameter" 'g1.k=5\ng2.kk=1\n'
stage_reject "malformed value" 'g1.k=5\ng2.k=1e\n'
stage_reject "out-of-limit value (k > 1e12)" 'g1.k=5\ng2.k=2e12\n'
t_eq "running chain unchanged after bad stages" "$before" "$(cat $D/blocks)"

# Structure changes need a stopped loop.
ctl "start bad"
if userctl chain load -l bad /tmp/good.chain >/dev/null 2>&1; then
	t_fail "loading into a running loop is refused"
else
	t_ok "loading into a running loop is refused: $(cat $D/last_error)"
fi
t_eq "running chain unchanged" "$before" "$(cat $D/blocks)"
ctl "stop bad"
t_check "a period change is caught at start" sh -c \
	"echo period_us=500 >$D/config && ! echo 'start bad' >$SRT_DBG/control && grep -q 'load it again' $D/last_error"
echo period_us=1000 >$D/config
t_check "unload goes back to the echo workload" userctl chain unload -l bad
t_check "blocks says there is no chain" grep -q "no chain" $D/blocks
t_check "destroy" ctl "destroy bad"
srt_unload
