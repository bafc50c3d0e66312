#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host tests of the CLI frame and of what the commands (control plane and
# data plane) check before they ask the module (TAP).  The module's answers
# need the module: scripts/testbed/guest/tests/userctl-ioctl.sh.  Here the
# device is either absent (a rejected input must exit 2 before it is even
# opened) or a regular file, where every ioctl fails with ENOTTY (an
# accepted input reaches the kernel, and a refusal is reported with the
# errno's name).
# Usage: cli.sh USERCTL
set -u
U=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"

T=$(mktemp -d /tmp/userctl-cli.XXXXXX)
trap 'rm -rf "$T"' EXIT
R=$T/root
NODEV=$T/nowhere/shieldrt
FILE=$T/regular-file
OUT=$T/out
: > "$FILE"

# uc: no device at all; ucf: the regular file as the device
uc() { SHIELDRT_DEV=$NODEV USERCTL_ROOT=$R "$U" "$@" > "$OUT" 2>&1; }
ucf() { SHIELDRT_DEV=$FILE USERCTL_ROOT=$R "$U" "$@" > "$OUT" 2>&1; }
has() { grep -q -- "$1" "$OUT"; }
# reached CMD...: the input passed userctl's checks and went to the kernel
reached() { ucf "$@"; [ $? -eq 1 ] && has "(ENOTTY)"; }
# rejected CMD...: a usage error (exit 2), and no request was sent
rejected() { ucf "$@"; [ $? -eq 2 ] && ! has "(ENOTTY)"; }

# --- frame -------------------------------------------------------------
uc --help; t_eq "--help exits 0" 0 $?
uc --version; t_eq "--version exits 0" 0 $?
t_check "--version prints the version" has "^userctl [0-9]"
for c in loop status hist shield flight chain limits setpoint; do
	uc --help
	t_check "--help lists $c" has "^  $c "
	uc $c --help; t_eq "$c --help exits 0" 0 $?
	t_check "$c --help prints usage" has "^usage: userctl $c"
	uc help $c; t_eq "help $c exits 0" 0 $?
	t_check "help $c prints the same usage" has "^usage: userctl $c"
done
uc help nosuch; t_eq "help for an unknown command: exit 2" 2 $?
uc; t_eq "no command: exit 2" 2 $?
uc frobnicate; t_eq "unknown command: exit 2" 2 $?
t_check "unknown command: plain fatal message" has \
	"^userctl: unknown command 'frobnicate'"
uc status --bogus; t_eq "unknown option: exit 2" 2 $?
uc --root "$T/nowhere" status; t_eq "--root without module: exit 1" 1 $?
t_check "missing device is explained" has "shieldrt loaded"
t_check "the device path comes from SHIELDRT_DEV" has "cannot open $NODEV"
ucf status; t_eq "an ioctl the device refuses: exit 1" 1 $?
t_check "the refusal names the errno" has "^userctl: list: .*(ENOTTY)"

# --- loop --------------------------------------------------------------
t_check "loop create with settings reaches the kernel" \
	reached loop create -l a cpu=1 period_us=100 mode=hybrid
t_check "the create request is named in the refusal" has "^userctl: create a: "
for v in start stop resume reset destroy; do
	t_check "loop $v reaches the kernel" reached loop $v -l a
	t_check "loop $v: the request is named" has "^userctl: $v a: "
done
t_check "loop create --start reaches the kernel" reached loop create -l a cpu=1 --start
t_check "loop create: -l and --start anywhere" reached loop create cpu=1 --start -l a
t_check "loop set reaches the kernel" reached loop set -l a period_us=200
for bad in "cpu" "=1" "cpu=" "CPU=1" "cpu=1 2" "cpu=1
start b" "name=b"; do
	shown=$(printf %s "$bad" | tr '\n' '|')
	t_check "loop create rejects '$shown', nothing sent" \
		rejected loop create -l a "$bad"
	t_check "loop set rejects '$shown', nothing sent" \
		rejected loop set -l a "$bad"
done
t_check "loop set without settings: exit 2, nothing sent" rejected loop set -l a
t_check "loop set --start: exit 2, nothing sent" rejected loop set -l a x=1 --start
t_check "loop start --start: exit 2, nothing sent" rejected loop start -l a --start
t_check "loop name with a space: exit 2, nothing sent" rejected loop create -l "bad name"
t_check "16-char loop name: exit 2, nothing sent" rejected loop create -l "$(printf 'x%.0s' $(seq 1 16))"
t_check "15-char loop name: accepted" \
	reached loop create -l "$(printf 'x%.0s' $(seq 1 15))"
t_check "loop create without -l: exit 2, nothing sent" rejected loop create cpu=1
t_check "loop start without -l: exit 2, nothing sent" rejected loop start
t_check "loop start -l with a name after it: exit 2, nothing sent" \
	rejected loop start -l a b
t_check "unknown loop subcommand: exit 2, nothing sent" rejected loop jump -l a
t_check "loop name with a slash: exit 2, nothing sent" rejected loop start -l "a/b"
t_check "loop without a subcommand: exit 2" rejected loop -l a

# --- status ------------------------------------------------------------
t_check "status reaches the kernel (list)" reached status
t_check "status -l reaches the kernel" reached status -l a
t_check "status --json -l reaches the kernel" reached status --json -l a
t_check "status of a bad name: exit 2, nothing sent" rejected status -l "bad name"
t_check "status -l with a name after it: exit 2, nothing sent" rejected status -l a b
t_check "status with a KEY=VALUE word: exit 2, nothing sent" rejected status a=b

# --- hist --------------------------------------------------------------
t_check "hist reaches the kernel" reached hist -l a
t_check "hist: the request is named" has "^userctl: hist a: "
t_check "hist --json reaches the kernel" reached hist --json -l a
t_check "hist without -l: exit 2, nothing sent" rejected hist
t_check "hist without -l: says -l LOOP is required" has "hist: -l LOOP is required"
t_check "hist of a bad name: exit 2, nothing sent" rejected hist -l "bad name"
t_check "hist -l with a name after it: exit 2, nothing sent" rejected hist -l a b

# --- the loop as the first argument (deprecated) -----------------------
# hist NAME, status NAME and loop VERB NAME, the forms before -l LOOP:
# accepted until shieldrt 0.2 with one note on stderr, and otherwise the
# same as the -l form, refusals included.  The -l forms print no note.
note="^userctl: warning: 'userctl %s NAME' is deprecated and refused from shieldrt 0.2 on: use 'userctl %s -l NAME'\$"
# same_as OLD-WORDS -- NEW-WORDS: exit status and output of the old form
# are the new form's, plus the note (the first line) naming the command
same_as() {
	_old=""
	while [ "$1" != -- ]; do _old="$_old $1"; shift; done
	shift
	ucf "$@"; _rc_new=$?; cp "$OUT" "$T/new.out"
	# shellcheck disable=SC2086 # the old form's words, split on purpose
	ucf $_old; _rc_old=$?
	# shellcheck disable=SC2059 # $note is the format, on purpose
	[ $_rc_old -eq $_rc_new ] &&
		[ "$(grep -c 'deprecated' "$OUT")" = 1 ] &&
		grep -q "$(printf "$note" "$words" "$words")" "$OUT" &&
		[ "$(grep -v deprecated "$OUT")" = "$(cat "$T/new.out")" ] &&
		! grep -q deprecated "$T/new.out"
}
words=hist
t_check "hist NAME: the note, then as hist -l NAME" same_as hist a -- hist -l a
t_check "hist --json NAME: as hist --json -l NAME" \
	same_as hist --json a -- hist --json -l a
words=status
t_check "status NAME: the note, then as status -l NAME" \
	same_as status a -- status -l a
t_check "status NAME --json: as status -l NAME --json" \
	same_as status a --json -- status -l a --json
t_check "status of a bad name: refused alike" \
	same_as status bad/name -- status -l bad/name
for v in start stop resume reset destroy; do
	words="loop $v"
	t_check "loop $v NAME: the note, then as loop $v -l NAME" \
		same_as loop $v a -- loop $v -l a
done
words="loop create"
t_check "loop create NAME KEY=VALUE: as loop create -l NAME KEY=VALUE" \
	same_as loop create a cpu=1 period_us=100 -- loop create -l a cpu=1 period_us=100
t_check "loop create NAME --start: as loop create -l NAME --start" \
	same_as loop create a cpu=1 --start -- loop create -l a cpu=1 --start
t_check "loop create NAME with a bad setting: refused alike" \
	same_as loop create a cpu= -- loop create -l a cpu=
words="loop set"
t_check "loop set NAME KEY=VALUE: as loop set -l NAME KEY=VALUE" \
	same_as loop set a period_us=200 -- loop set -l a period_us=200
t_check "loop set NAME alone: refused alike" same_as loop set a -- loop set -l a

# --- flight, chain, limits ---------------------------------------------
t_check "flight reaches the kernel" reached flight -l a
for bad in "late" "overrun,late" "manual" "" ","; do
	t_check "flight --triggers '$bad': exit 2, nothing sent" rejected flight -l a -T "$bad"
done
t_check "flight --triggers overrun,safe reaches the kernel" \
	reached flight -l a -T overrun,safe
t_check "flight --triggers none reaches the kernel" reached flight -l a -T none
t_check "flight without -l: exit 2, nothing sent" rejected flight
t_check "flight --wait 0: exit 2, nothing sent" rejected flight -l a --wait 0
t_check "flight of a bad name: exit 2, nothing sent" rejected flight -l "bad name"
printf 'input x\noutput y\nblock g gain in=x out=y k=2\n' > "$T/g.chain"
t_check "chain load reaches the kernel" reached chain load -l a "$T/g.chain"
: > "$T/empty.chain"
ucf chain load -l a "$T/empty.chain"; rc=$?
t_eq "chain load of an empty file: exit 2" 2 $rc
t_check "an empty file is not sent (it would unload the chain)" \
	sh -c "grep -q 'is empty' '$OUT' && ! grep -q ENOTTY '$OUT'"
for m in unload show commit; do
	t_check "chain $m reaches the kernel" reached chain $m -l a
done
t_check "chain show -p reaches the kernel" reached chain show -l a -p
t_check "chain stage reaches the kernel" reached chain stage -l a g.k=3
t_check "chain stage without BLOCK.: exit 2, nothing sent" rejected chain stage -l a gk=3
t_check "chain stage without assignments: exit 2, nothing sent" rejected chain stage -l a
t_check "chain load without FILE: exit 2, nothing sent" rejected chain load -l a
t_check "chain show without -l: exit 2, nothing sent" rejected chain show
t_check "chain load --json: exit 2, nothing sent" rejected chain load -l a --json "$T/g.chain"
t_check "unknown chain mode: exit 2, nothing sent" rejected chain frob -l a
t_check "limits reaches the kernel" reached limits -l a
t_check "limits LINE reaches the kernel" reached limits -l a "out=0 max=1" clear
t_check "limits: a LINE with a newline: exit 2, nothing sent" \
	rejected limits -l a "out=0
clear"
t_check "limits --json with LINEs: exit 2, nothing sent" rejected limits -l a -j clear
t_check "limits without -l: exit 2, nothing sent" rejected limits

# --- data plane commands ----------------------------------------------
# setpoint, record, heartbeat, top and stream attach to the loop's region
# (SHIELDRT_IOC_ATTACH): a refusal is reported as the control plane's
# are, with the errno's name, and exits 1.
printf '0,1\n1,2\n' > "$T/traj.csv"
# shellcheck disable=SC2086 # $cmd is split into words on purpose
for cmd in "setpoint -l a 0=1" "record -l a -n 1" "heartbeat -l a -n 1" \
	   "top -l a -n 1 -d 0.01" "stream -l a -f $T/traj.csv"; do
	name=${cmd%% *}
	t_check "$name: a refused attach names the errno, exit 1" reached $cmd
	t_check "$name: the attach and the loop are named" has "^userctl: attach a: "
done

# What can be checked is checked before the module is asked: setpoint's
# words and values before anything, its input names through the chain (a
# read) before the attach; record's --output before the attach, leaving
# an existing file as it was and no new one behind when the attach fails.
# shellcheck disable=SC2086 # "0=1 1=nan" is two words on purpose
for bad in "0=abc" "0=" "=1" "0" "0=1 1=nan" "0=1e999"; do
	t_check "setpoint '$bad': exit 2, nothing sent" rejected setpoint -l a $bad
done
t_check "setpoint of a bad loop name: exit 2, nothing sent" \
	rejected setpoint -l "bad name" 0=1
t_check "setpoint without -l: exit 2, nothing sent" rejected setpoint 0=1
t_check "setpoint by name asks for the chain (a read)" reached setpoint -l a target=1
t_check "setpoint by name: the chain is read before the attach" \
	sh -c "grep -q 'needs the chain of a: ' '$OUT' && ! grep -q 'attach a' '$OUT'"
ucf record -l a -n 1 -o "$T/nowhere/rec.csv"; rc=$?
t_eq "record -o into a missing directory: exit 2" 2 $rc
t_check "record -o: says so, nothing sent" \
	sh -c "grep -q 'cannot write $T/nowhere/rec.csv' '$OUT' && ! grep -q ENOTTY '$OUT'"
t_check "record -o NEW with a refused attach reaches the kernel" \
	reached record -l a -n 1 -o "$T/new.csv"
t_check "record -o NEW: no file left behind" test ! -e "$T/new.csv"
echo keep > "$T/old.csv"
t_check "record -o OLD with a refused attach reaches the kernel" \
	reached record -l a -n 1 -o "$T/old.csv"
t_eq "record -o OLD: the file is as it was" keep "$(cat "$T/old.csv")"

# A finite subnormal (strtod's ERANGE on underflow) is a value; an
# overflow, inf and nan are not.
for v in 1e-310 -1e-310 4.9e-324 1e-400; do
	t_check "setpoint 0=$v reaches the kernel" reached setpoint -l a 0=$v
done
for v in 1e999 -1e999 inf -inf nan; do
	t_check "setpoint 0=$v: exit 2, nothing sent" rejected setpoint -l a 0=$v
done
t_check "heartbeat --every 1e-310 reaches the kernel" \
	reached heartbeat -l a -n 1 -e 1e-310
printf '0,1e-310\n1,-2.5e-320\n' > "$T/sub.csv"
t_check "stream of subnormal values reaches the kernel" \
	reached stream -l a -f "$T/sub.csv"

# stream's CSV: every comma separates two fields, an empty one is refused
# with its line and column; a header is a first line whose first field
# starts with a letter and is not a number ("info" is a name, "inf" not).
for row in "0,1,,2|3" "0,1,|3" ",1|1" "0, ,1|2"; do
	printf '%s\n' "${row%|*}" > "$T/empty.csv"
	t_check "stream row '${row%|*}': exit 2, nothing sent" \
		rejected stream -l a -f "$T/empty.csv"
	t_check "stream row '${row%|*}': names line 1 column ${row#*|}" \
		has "line 1 column ${row#*|}: empty field"
done
for h in info nanoseconds Info time " Time "; do
	printf '%s,target\n0,1\n1,2\n' "$h" > "$T/hdr.csv"
	t_check "stream header '$h,target' is skipped" \
		reached stream -l a -f "$T/hdr.csv"
done
printf 'nanoseconds,target\n1,2\n' > "$T/hdr.csv"
t_check "stream -c header 'nanoseconds,target' is skipped" \
	reached stream -c -l a -f "$T/hdr.csv"
for v in inf nan -inf; do
	printf '%s,1\n' "$v" > "$T/hdr.csv"
	t_check "stream row '$v,1': exit 2, not a header" \
		rejected stream -l a -f "$T/hdr.csv"
	t_check "stream -c row '$v,1': exit 2, not a header" \
		rejected stream -c -l a -f "$T/hdr.csv"
done
printf 'time,target\n0,1\ninfo,2\n' > "$T/hdr.csv"
t_check "stream: a name after the first row is no header, exit 2" \
	rejected stream -l a -f "$T/hdr.csv"

# An empty SHIELDRT_DEV is the default device for both planes.
devpath() { sed -n 's/^userctl: cannot open \(.*\): .*/\1/p' "$OUT"; }
if [ -e /dev/shieldrt ]; then
	t_ok "empty SHIELDRT_DEV: # SKIP /dev/shieldrt exists here"
	t_ok "empty SHIELDRT_DEV, data plane: # SKIP /dev/shieldrt exists here"
else
	SHIELDRT_DEV='' USERCTL_ROOT=$R "$U" status > "$OUT" 2>&1
	t_eq "empty SHIELDRT_DEV: status opens the default device" \
		/dev/shieldrt "$(devpath)"
	SHIELDRT_DEV='' USERCTL_ROOT=$R "$U" top -l a -n 1 > "$OUT" 2>&1
	t_eq "empty SHIELDRT_DEV: top opens the same default device" \
		/dev/shieldrt "$(devpath)"
fi

# --- counts and integers ---------------------------------------------
# An option that takes a count or an integer takes decimal digits and
# nothing else: a sign, a fraction, an exponent, blanks, hex or a number
# out of range is a usage error naming the option, exit 2, before the
# module is asked (and before sim runs: -n -1 used to run forever).
bad_int() {
	_o=$1; shift
	SHIELDRT_DEV=$FILE USERCTL_ROOT=$R timeout 20 "$U" "$@" > "$OUT" 2>&1
	[ $? -eq 2 ] && has "^userctl: $_o: " && ! has "(ENOTTY)"
}
# $SIM is split into words on purpose (below, SC2086)
SIM="sim $T/g.chain --set x=1 -p 1000 -o /dev/null"
BAD="-1 0 1.5 1e3 abc 5x +5 0x10 18446744073709551616"
# shellcheck disable=SC2086
for v in $BAD "" " 5"; do
	t_check "record -n '$v': exit 2, nothing sent" bad_int --cycles record -l a -n "$v"
	t_check "heartbeat -n '$v': exit 2, nothing sent" bad_int --count heartbeat -l a -n "$v"
	t_check "top -n '$v': exit 2, nothing sent" bad_int --count top -l a -n "$v"
	t_check "stream -L '$v': exit 2, nothing sent" bad_int --lead stream -l a -f "$T/traj.csv" -L "$v"
	t_check "scribble -n '$v': exit 2, nothing sent" bad_int --bytes scribble -l a -n "$v"
	t_check "sim -n '$v': exit 2" bad_int --cycles $SIM -n "$v"
	t_check "sim -p '$v': exit 2" bad_int --period-us $SIM -n 1 -p "$v"
	t_check "replay -p '$v': exit 2" bad_int --period-us replay -p "$v" "$T/g.chain" "$FILE"
done
for v in -1 1.5 abc "" 18446744073709551616; do
	t_check "scribble -s '$v': exit 2, nothing sent" bad_int --seed scribble -l a -n 1 -s "$v"
done
# shellcheck disable=SC2086
for v in 9 1000001 -18446744073709551615; do
	t_check "sim -p $v: exit 2" bad_int --period-us $SIM -n 1 -p "$v"
	t_check "replay -p $v: exit 2" bad_int --period-us replay -p "$v" "$T/g.chain" "$FILE"
done
# --duration is one option wherever it is taken: seconds, above 0
for cmd in record heartbeat scribble; do
	for v in 0 -1 abc inf; do
		t_check "$cmd -d '$v': exit 2, nothing sent" rejected $cmd -l a -d "$v"
	done
	t_check "$cmd -d 0.5 reaches the kernel" reached $cmd -l a -d 0.5
done
t_check "record -n 5 reaches the kernel" reached record -l a -n 5
t_check "heartbeat -n 3 reaches the kernel" reached heartbeat -l a -n 3
t_check "top -n 2 reaches the kernel" reached top -l a -n 2 -d 0.01
t_check "stream -L 10 reaches the kernel" reached stream -l a -f "$T/traj.csv" -L 10
t_check "scribble -n 100 -s 0 reaches the kernel" reached scribble -l a -n 100 -s 0
t_check "scribble -s 18446744073709551615 reaches the kernel" \
	reached scribble -l a -s 18446744073709551615
# shellcheck disable=SC2086
ucf $SIM -n 3 -p 1000000; t_eq "sim -n 3 -p 1000000: exit 0" 0 $?
# shellcheck disable=SC2086
ucf $SIM -n 3 -p 10; t_eq "sim -n 3 -p 10 (a loop's shortest period): exit 0" 0 $?

# --- files named on the command line ----------------------------------
# One rule for every command: a file that cannot be read is a usage
# error, exit 2, with "cannot read FILE", before the module is asked.
# (record's --output, written, not read: under "data plane commands".)
missing=$T/no-such-file
missing_file() {
	ucf "$@"; rc=$?
	[ $rc -eq 2 ] && has "cannot read $missing" && ! has "(ENOTTY)"
}
t_check "chain load of a missing file: exit 2" missing_file chain load -l a "$missing"
t_check "stream of a missing file: exit 2" missing_file stream -l a -f "$missing"
t_check "sim of a missing chain: exit 2" missing_file sim "$missing"
t_check "sim of a missing input CSV: exit 2" \
	missing_file sim "$T/g.chain" -p 1000 -i "$missing"
t_check "replay of a missing recording: exit 2" \
	missing_file replay "$T/g.chain" -p 1000 "$missing"

# --- setpoint's words and the command list -----------------------------
ucf setpoint -l a; t_eq "setpoint without assignments: exit 2" 2 $?
t_check "setpoint's error names INPUT=VALUE, as its help does" has "no INPUT=VALUE given"
uc setpoint --help
t_check "setpoint's help names INPUT=VALUE" has "INPUT=VALUE"
uc --help
t_check "--help does not list the test tool scribble" sh -c "! grep -q '^  scribble ' '$OUT'"
t_check "--help states the exit status convention" has "^Exit status: 0"
uc scribble --help; t_eq "scribble --help still works (the tests use it)" 0 $?
t_check "scribble --help says it is for testing" has "Testing only"

t_done
