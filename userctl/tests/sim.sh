#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host tests of 'userctl sim' and 'userctl replay' (TAP): the demo chain
# closed on its motor, recordings replayed bit-exactly, a flipped bit found
# at its cycle, and malformed chains and recordings refused.
# Usage: sim.sh USERCTL CHAIN_DIR
set -u
U=$1
CH=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"

T=$(mktemp -d /tmp/userctl-sim.XXXXXX)
trap 'rm -rf "$T"' EXIT
OUT=$T/out
DEMO=$CH/demo-motor.chain

uc() { "$U" "$@" > "$OUT" 2>&1; }
has() { grep -q -- "$1" "$OUT"; }
not() { ! "$@"; }

# --- sim: the demo's closed loop, as algorithms/tests/test_closedloop.c
# states it: |ref - pos| <= 0.01 rad while moving, |target - pos| <= 1e-3
# rad 0.5 s after a move, |u| <= 24 V
awk 'BEGIN { print "target"; for (n = 0; n < 4000; n++)
	print (n < 2000 ? 10 : -5) }' > "$T/steps.csv"
"$U" sim "$DEMO" --input "$T/steps.csv" > "$T/sim.csv" 2> "$OUT"
t_eq "sim demo: exit 0" 0 $?
t_eq "sim demo: header is cycle, the chain's outputs, status" \
	"cycle,u,speed,pos,err,status" "$(head -1 "$T/sim.csv")"
t_eq "sim demo: one row per input row" 4001 "$(wc -l < "$T/sim.csv")"
res=$(awk -F, 'NR > 1 {
	e = $5 < 0 ? -$5 : $5; if (e > emax) emax = e
	u = $2 < 0 ? -$2 : $2; if (u > umax) umax = u
	if ($1 == 800) s1 = $4 - 10; if ($1 == 3999) s2 = $4 + 5
	if ($6 != 0) bad++ }
	END { s1 = s1 < 0 ? -s1 : s1; s2 = s2 < 0 ? -s2 : s2
	print (emax <= 0.01 && emax > 0 && umax <= 24 && s1 <= 1e-3 &&
	       s2 <= 1e-3 && !bad) ? "ok" : "emax " emax " umax " umax \
	       " settle " s1 " " s2 " bad " bad }' "$T/sim.csv")
t_eq "sim demo: tracks within 0.01 rad, settles within 1e-3 rad, |u| <= 24 V" \
	ok "$res"
"$U" sim "$DEMO" --set target=10 -n 4000 --hex > "$T/hex.csv"
t_eq "sim --set and --hex: exit 0" 0 $?
python3 - "$T/sim.csv" "$T/hex.csv" > "$OUT" 2>&1 <<'PY'
import sys
a = [l.split(',') for l in open(sys.argv[1]).read().split()[1:2001]]
b = [l.split(',') for l in open(sys.argv[2]).read().split()[1:2001]]
assert len(a) == len(b) == 2000
for x, y in zip(a, b):
	for s, h in zip(x[1:5], y[1:5]):
		assert float(s) == float.fromhex(h), (x, y)
PY
t_eq "sim: %.17g and %a print the same bits (first 2000 cycles)" 0 $?
"$U" sim "$DEMO" --set target=3 -n 3 --json > "$OUT"
python3 -c "import json; d=json.load(open('$OUT')); \
assert d['columns'] == ['cycle','u','speed','pos','err','status'], d; \
assert len(d['rows']) == 3 and d['summary']['cycles'] == 3, d" 2>/dev/null
t_eq "sim --json: columns, rows, summary" 0 $?

uc sim "$DEMO" -n 5
t_eq "sim: an input with no column and no --set: exit 2" 2 $?
t_check "sim: ... names the input" has "input 'target' of .* has no CSV column"
printf 'target,speed\n1,2\n' > "$T/bad.csv"
uc sim "$DEMO" --input "$T/bad.csv"
t_eq "sim: a column that is no input: exit 2" 2 $?
t_check "sim: ... names the column" has "column 'speed' is not an input"
printf 'target\n1\nabc\n' > "$T/bad.csv"
uc sim "$DEMO" --input "$T/bad.csv"
t_eq "sim: a non-number: exit 2" 2 $?
t_check "sim: ... with its line" has "line 3: 'abc' is not a number"
printf 'period_us 1000\ninput x\noutput y\nblock a gain in=x out=q\n' \
	> "$T/bad.chain"
uc sim "$T/bad.chain" --set x=1
t_eq "sim: a bad chain: exit 2" 2 $?
t_check "sim: ... with the parser's line and reason" has \
	"bad.chain: line 3: signal 'y' is not driven"

# --- replay --------------------------------------------------------------
"$U" sim "$DEMO" --input "$T/steps.csv" --record -o "$T/rec.csv"
t_eq "sim --record writes a recording" 0 $?
uc replay "$DEMO" "$T/rec.csv"
t_eq "replay of a simulated recording: exit 0" 0 $?
t_check "replay: reports identical, 4000 cycles" has \
	"identical: 4000 cycles (0..3999)"

# flip the lowest mantissa bit of out2 (pos) at cycle 1234
python3 - "$T/rec.csv" "$T/flip.csv" <<'PY'
import struct, sys
lines = open(sys.argv[1]).read().split('\n')
hdr = next(l for l in lines if l and not l.startswith('#')).split(',')
col = hdr.index('out2')
for i, l in enumerate(lines):
	f = l.split(',')
	if l and not l.startswith('#') and f[1] == '1234':
		b = struct.unpack('<Q', struct.pack('<d', float(f[col])))[0] ^ 1
		f[col] = repr(struct.unpack('<d', struct.pack('<Q', b))[0])
		lines[i] = ','.join(f)
open(sys.argv[2], 'w').write('\n'.join(lines))
PY
uc replay "$DEMO" "$T/flip.csv"
t_eq "replay with one flipped bit: exit 1" 1 $?
t_check "replay: the difference is at cycle 1234, output 2 'pos'" has \
	"DIFFERENT at cycle 1234 (record 1234): output 2 'pos'"

grep -v '^#' "$T/rec.csv" > "$T/nometa.csv"
uc replay "$DEMO" "$T/nometa.csv"
t_eq "replay without --meta lines: exit 0" 0 $?
t_check "replay: ... says commits were not checked" has "commits not checked"

expect_bad() {	# DESC FILE PATTERN [replay options]
	_d=$1 _f=$2 _p=$3
	shift 3
	uc replay "$DEMO" "$_f" "$@"
	t_eq "replay refuses $_d: exit 2" 2 $?
	t_check "replay: $_d: clear message" has "$_p"
}
sed '/^5,5,/,$!d' "$T/rec.csv" | sed '1i seq,cycle,deadline_ns,wake_ns,end_ns,irq_latency_ns,wake_latency_ns,compute_ns,missed,flags,in0,out0,out1,out2,out3' > "$T/late.csv"
expect_bad "a recording not from cycle 0" "$T/late.csv" \
	"starts at cycle 5, not 0"
uc replay "$DEMO" "$T/late.csv" --from-reset
t_eq "replay --from-reset of a mid-run recording: the state differs, exit 1" \
	1 $?
sed '/^100,100,/d' "$T/rec.csv" > "$T/drop.csv"
expect_bad "a dropped record" "$T/drop.csv" "seq 101 follows 99"
# an older recording: the commit cycles, but no commit lines
grep -v '^# commit' "$T/rec.csv" |
	sed '$ s/commit_cycle=0/commit_cycle=1500/' > "$T/commit.csv"
expect_bad "a commit during the recording" "$T/commit.csv" \
	"committed at cycle 1500 during the recording"
sed '1 s/decimation=1/decimation=4/' "$T/rec.csv" > "$T/dec.csv"
expect_bad "a decimated recording" "$T/dec.csv" "every 4 cycles"
sed 's/,in0,/,in7,/' "$T/rec.csv" > "$T/noin.csv"
expect_bad "a recording without the chain's input" "$T/noin.csv" \
	"no column in0 for chain input 'target'"
sed '300 s/,10,/,1x0,/' "$T/rec.csv" > "$T/nan.csv"
expect_bad "a malformed value" "$T/nan.csv" "line 300: input '1x0'"
sed '400 s/,[^,]*$//' "$T/rec.csv" > "$T/short.csv"
expect_bad "a short line" "$T/short.csv" "line 400: 14 fields, the header has 15"
echo '{"loop": "x"}' > "$T/json.csv"
expect_bad "a JSON recording" "$T/json.csv" "JSON recording"
: > "$T/empty.csv"
expect_bad "an empty file" "$T/empty.csv" "empty recording"

# --- replay across parameter commits -------------------------------------
"$U" sim "$DEMO" --input "$T/steps.csv" --record -o "$T/rc.csv" \
	-c '1000:ctl.kp=20 ctl.ki=50' -c 2100:ffv.k=0.06
t_eq "sim --record with two --commit: exit 0" 0 $?
t_check "sim --record: the commits are in the recording" grep -qx \
	"# commit gen=2 cycle=2100 running=1 params=1 lines=1" "$T/rc.csv"
grep -v '^#' "$T/rec.csv" > "$T/a.data"
grep -v '^#' "$T/rc.csv" > "$T/b.data"
# the header and cycles 0..999 are the same, cycle 1000 is not
head -n 1001 "$T/a.data" > "$T/a.1001"
head -n 1001 "$T/b.data" > "$T/b.1001"
head -n 1002 "$T/a.data" > "$T/a.1002"
head -n 1002 "$T/b.data" > "$T/b.1002"
t_check "the commits leave cycles before 1000 as they were" \
	cmp -s "$T/a.1001" "$T/b.1001"
t_check "... and change the outputs from cycle 1000 on" \
	not cmp -s "$T/a.1002" "$T/b.1002"
uc replay "$DEMO" "$T/rc.csv"
t_eq "replay of a recording with two commits: exit 0" 0 $?
t_check "replay: identical, both commits applied" has \
	"2 parameter commits in the recording, 2 applied during it"
sed '/^# commit gen=2/,/^# set ffv/d' "$T/rc.csv" > "$T/c1.csv"
expect_bad "a recording missing a commit" "$T/c1.csv" \
	"does not hold every commit"
sed 's/^# set ffv.k=0.06$/# set ffv.k=0.07/' "$T/rc.csv" > "$T/c2.csv"
uc replay "$DEMO" "$T/c2.csv"
t_eq "replay with a commit's value changed: exit 1" 1 $?
t_check "replay: ... the difference is at the commit's cycle" has \
	"DIFFERENT at cycle 2100"
sed 's/^# commit gen=2 cycle=2100/# commit gen=2 cycle=30x0/' "$T/rc.csv" > "$T/c3.csv"
expect_bad "a malformed commit line" "$T/c3.csv" "malformed commit line"
sed 's/lines=1$/lines=2/' "$T/rc.csv" > "$T/c4.csv"
expect_bad "a commit with a set line too few" "$T/c4.csv" \
	"fewer set lines than its lines= says"
sed 's/^# set ctl.kp=20 ctl.ki=50$/&\n# set ctl.kd=1/' "$T/rc.csv" > "$T/c5.csv"
expect_bad "a set line too many" "$T/c5.csv" "a set line outside a commit"
sed 's/^# set ffv.k=0.06$/# set ffv.nosuch=1/' "$T/rc.csv" > "$T/c6.csv"
expect_bad "a commit the chain refuses" "$T/c6.csv" "commit gen=2 (cycle 2100)"
sed 's/^# commits total=2$/# commits total=3/' "$T/rc.csv" > "$T/c7.csv"
expect_bad "a total that does not match" "$T/c7.csv" "does not hold every commit"
sed 's/^# commit gen=2 /# commit gen=1 /' "$T/rc.csv" > "$T/c8.csv"
expect_bad "gens out of order" "$T/c8.csv" "commit gens out of order"
sed 's/^# commit gen=2 cycle=2100/# commit gen=2 cycle=99999/' "$T/rc.csv" > "$T/c9.csv"
uc replay "$DEMO" "$T/c9.csv"
t_eq "a commit after the last record is not applied: outputs differ, exit 1" 1 $?
sed '1 s/commits=0/commits=5/' "$T/rc.csv" > "$T/c10.csv"
expect_bad "more commits before than in the recording" "$T/c10.csv" \
	"says 5 commits before the recording"
"$U" sim "$DEMO" -n 5 -c 3:ctl.kp=1 -c 2:ctl.kp=2 > /dev/null 2> "$OUT"
t_eq "sim: --commit cycles not rising: exit 2" 2 $?
t_check "sim: ... says so" has "cycle 2 is not after 3"
"$U" sim "$DEMO" -n 5 --set target=1 -c 3:ctl.nosuch=1 > /dev/null 2> "$OUT"
t_eq "sim: --commit the chain refuses: exit 2" 2 $?
t_check "sim: ... names the cycle" has "--commit at cycle 3"
# a loop stages at most 16383 bytes a commit (SHIELDRT_PARAMS_TEXT_MAX)
a16=$(awk 'BEGIN { s = "ctl.kp=2"; while (length(s) < 16374) s = s " ctl.kp=2"
	while (length(s) < 16383) s = s " "; printf "%s", s }')
"$U" sim "$DEMO" -n 5 --set target=1 -c "3:$a16" > /dev/null 2> "$OUT"
t_eq "sim: a --commit of 16383 bytes: exit 0" 0 $?
"$U" sim "$DEMO" -n 5 --set target=1 -c "3:$a16 " > /dev/null 2> "$OUT"
t_eq "sim: a --commit of 16384 bytes: exit 2" 2 $?
t_check "sim: ... says what a loop stages" has "a loop stages at most 16383"
"$U" sim "$DEMO" -n 5 --set target=1 -c 3:ctl.kp=1e300 > /dev/null 2> "$OUT"
t_eq "sim: --commit outside a parameter's schema: exit 2" 2 $?
t_check "sim: ... names the line of the staged text" has \
	"--commit at cycle 3: line 1: ctl.kp=1e+300 is above its maximum"

# long messages keep their reason: a 30-block algebraic loop is cut short
# before its closing block and hint, a long value before its reason, all
# within the 128 bytes of the UAPI's err
awk 'BEGIN { print "period_us 1000\ninput x\noutput s0"
	print "block b0 sum in=x,s29 out=s0 n=2"
	for (i = 1; i < 30; i++) printf "block b%d gain in=s%d out=s%d k=1\n", i, i - 1, i }' \
	> "$T/loop30.chain"
uc sim "$T/loop30.chain" -s x=1 -n 1
t_eq "sim: a 30-block algebraic loop: exit 2" 2 $?
t_check "sim: ... names its first blocks, how many more, and the hint" has \
	"line 4: algebraic loop: b0 -> b1 -> .* -> \.\.\. [0-9]* more -> b0 (all feedthrough: add delay1 or a plant)$"
msg=$(sed 's/^userctl: chain [^:]*: //' "$OUT")
t_check "sim: ... in at most 127 bytes" test ${#msg} -le 127
awk 'BEGIN { printf "period_us 1000\ninput u\noutput y\nblock s statespace in=u out=y nx=9 A="
	for (i = 0; i < 81; i++) printf "%s0.5", i ? "," : ""; print "" }' > "$T/ss81.chain"
uc sim "$T/ss81.chain" -s u=1 -n 1
t_eq "sim: a parameter with 81 values: exit 2" 2 $?
t_check "sim: ... the value cut short, the reason kept" has \
	"line 4: s.A='0.5,0.5,.*'\.\.\.: too many values$"

# --- replay: what a recording says is checked, never guessed -----------
printf 'input x\noutput y\nblock g gain in=x out=y k=2\n' > "$T/g.chain"
"$U" sim "$T/g.chain" --set x=1 -n 6 -p 1000 --record -c 2:g.k=3 > "$T/g.csv"
t_eq "sim --record of a chain without period_us: exit 0" 0 $?
uc replay "$T/g.chain" "$T/g.csv"
t_eq "replay takes the period from the header's period_ns: exit 0" 0 $?
t_check "replay: ... identical, 6 cycles" has "identical: 6 cycles (0..5)"
sed 's/$/\r/' "$T/g.csv" > "$T/crlf.csv"
uc replay "$T/g.chain" "$T/crlf.csv"
t_eq "replay of a CRLF recording: exit 0" 0 $?
gbad() {	# DESC SED PATTERN [replay options]: refused, exit 2
	_d=$1 _e=$2 _p=$3
	shift 3
	sed "$_e" "$T/g.csv" > "$T/gbad.csv"
	uc replay "$T/g.chain" "$T/gbad.csv" "$@"
	t_eq "replay refuses $_d: exit 2" 2 $?
	t_check "replay: $_d: says why" has "$_p"
}
gbad "running=2" 's/running=1/running=2/' "malformed commit line"
gbad "commits=-1" '1 s/commits=0/commits=-1/' "malformed 'commits=-1'"
gbad "commits=+3" '1 s/commits=0/commits=+3/' "malformed 'commits=+3'"
gbad "decimation=0" '1 s/decimation=1/decimation=0/' "malformed 'decimation=0'"
gbad "period_ns=0" '1 s/period_ns=[0-9]*/period_ns=0/' "malformed 'period_ns=0'"
gbad "a header key twice" '1 s/$/ n_in=1/' "'n_in=' twice"
gbad "two shieldrt-record lines" '1 p' "a second '# shieldrt-record' line"
gbad "params= not the assignment count" 's/params=1/params=5/' \
	"says params=5, its set lines hold 1 assignments"
gbad "n_in and n_out not the chain's" '1 s/n_in=1 n_out=1/n_in=9 n_out=7/' \
	"recorded with n_in=9, chain .* has 1 inputs"
gbad "n_out not the chain's" '1 s/n_out=1/n_out=7/' \
	"recorded with n_out=7, chain .* has 1 outputs"
gbad "a period not -p's" '1 s/period_ns=1000000/period_ns=2000000/' \
	"recorded at period_ns=2000000, --period-us says 1000000 ns" -p 1000
# a header period no loop can have: below 10 us, above 1 s, not whole us
gbad "period_ns=1500" '1 s/period_ns=[0-9]*/period_ns=1500/' \
	"malformed 'period_ns=1500': want period_ns=N, N from 10000 to 1000000000"
gbad "period_ns=4294967295" '1 s/period_ns=[0-9]*/period_ns=4294967295/' \
	"malformed 'period_ns=4294967295'"
gbad "period_ns=1000500" '1 s/period_ns=[0-9]*/period_ns=1000500/' \
	"period_ns=1000500 is not a whole microsecond"
cbad() {	# "COLUMN|VALUE|FIELD" WHY: row 4's field set, refused, exit 2
	fn=${1%%|*} fr=${1#*|} fv=${fr%|*} fc=${1##*|}
	awk -F, -v OFS=, -v c="$fc" -v v="$fv" 'NR == 4 { $c = v } 1' \
		"$T/g.csv" > "$T/gbad.csv"
	uc replay "$T/g.chain" "$T/gbad.csv"
	t_eq "replay refuses $fn '$fv': exit 2" 2 $?
	t_check "replay: $fn '$fv': says so" has "line 4: $fn '$fv' is not$2"
}
for f in "flags|-1|10" "seq|+1|1" "cycle| 1|2" "cycle|1 |2" "flags|4294967296|10"; do
	cbad "$f" " an integer"
done
# the columns replay does not use are checked as record writes them too
for f in "wake_ns|abc|4" "deadline_ns|-1|3" "end_ns|1e3|5" \
	"irq_latency_ns|zz|6" "wake_latency_ns|--5|7" "compute_ns| 5|8" \
	"missed|4294967296|9"; do
	cbad "$f" ""
done
awk -F, -v OFS=, 'NR == 4 { $6 = -1; $7 = -250 } 1' "$T/g.csv" > "$T/neg.csv"
uc replay "$T/g.chain" "$T/neg.csv"
t_eq "replay takes negative latencies, as record writes them: exit 0" 0 $?
awk -F, -v OFS=, 'NR == 4 { $6 = "-9223372036854775808"; $7 = $6 } 1' \
	"$T/g.csv" > "$T/min.csv"
uc replay "$T/g.chain" "$T/min.csv"
t_eq "replay takes the smallest s64 latency: exit 0" 0 $?
awk -F, -v OFS=, 'NR == 4 { $6 = "-9223372036854775809" } 1' \
	"$T/g.csv" > "$T/min.csv"
uc replay "$T/g.chain" "$T/min.csv"
t_eq "replay refuses one below it: exit 2" 2 $?
{ sed -n 1,3p "$T/g.csv"; printf '%s\0,7\n' "$(sed -n 4p "$T/g.csv")"
  sed -n '5,$p' "$T/g.csv"; } > "$T/nul.csv"
uc replay "$T/g.chain" "$T/nul.csv"
t_eq "replay refuses a row with a NUL byte: exit 2" 2 $?
t_check "replay: the NUL: names the line" has "line 4: a NUL byte"
head -c 2000000 /dev/zero | tr '\0' a > "$T/long.csv"
for f in /dev/zero "$T/long.csv"; do
	(ulimit -v 300000; "$U" replay "$T/g.chain" "$f") > "$OUT" 2>&1
	t_eq "replay of $(basename "$f") (an endless line) in 300 MB: exit 2" 2 $?
	t_check "replay: $(basename "$f"): says why" has "line 1: \(a NUL byte\|longer than 1048576 bytes\)"
	(ulimit -v 300000; "$U" sim "$T/g.chain" -p 1000 -n 2 -i "$f") > "$OUT" 2>&1
	t_eq "sim -i $(basename "$f") in 300 MB: exit 2" 2 $?
	t_check "sim -i $(basename "$f"): says why" has "line 1: \(a NUL byte\|longer than 1048576 bytes\)"
done
# 1 MiB a line, its line end not counted: LF or CRLF alike
for nl in lf crlf; do
	awk -v crlf=$([ $nl = crlf ] && echo 1 || echo 0) 'BEGIN {
		e = crlf ? "\r" : ""; printf "x%s\n", e
		s = "1"; while (length(s) < 1048576) s = "0" s
		printf "%s%s\n2%s\n", s, e, e }' > "$T/mib.csv"
	uc sim "$T/g.chain" -p 1000 -i "$T/mib.csv"
	t_eq "sim -i: a line of exactly 1 MiB ($nl): exit 0" 0 $?
	sed '2 s/^/0/' "$T/mib.csv" > "$T/mib1.csv"
	uc sim "$T/g.chain" -p 1000 -i "$T/mib1.csv"
	t_eq "sim -i: a line of 1 MiB + 1 ($nl): exit 2" 2 $?
done
gbad "a column 'out'" '2 s/,out0$/,out/' "no output column"
gbad "a column 'out+0'" '2 s/,out0$/,out+0/' "no output column"
gbad "a column twice" '2 s/,in0,/,out0,/' "column 'out0' twice (columns 11 and 12)"
printf 'period_us 2000\n' | cat - "$T/g.chain" > "$T/g2.chain"
uc replay "$T/g2.chain" "$T/g.csv"
t_eq "replay refuses a chain whose period_us is not the header's: exit 2" 2 $?
t_check "replay: ... names both periods" has \
	"recorded at period_ns=1000000, chain .* has period_us 2000"
"$U" sim "$T/g.chain" --set x=1 -n 120 -p 1000 --record -c 99:g.k=3 \
	-c 100:g.k=4 > "$T/g.csv"
gbad "commit cycles running backwards" 's/gen=2 cycle=100/gen=2 cycle=3/' \
	"commit gen=2 took effect at cycle 3, before gen=1 at cycle 99"
gbad "a commit before the previous one's cycle" \
	's/gen=2 cycle=100/gen=2 cycle=1/' "gen=2 took effect at cycle 1, before"
# a safe record ends the comparison: the summary counts what was compared
awk -F, -v OFS=, '/^1,1,/ { $10 = 4 } 1' "$T/g.csv" > "$T/safe.csv"
uc replay "$T/g.chain" "$T/safe.csv"
t_eq "replay up to a safe record: exit 0" 0 $?
t_check "replay: ... 1 cycle compared, 0..0" has "identical: 1 cycles (0..0)"
t_check "replay: ... safe from cycle 1" has "safe state from cycle 1 on; compared up to cycle 0"
awk -F, -v OFS=, '/^0,0,/ { $10 = 4 } 1' "$T/g.csv" > "$T/safe.csv"
uc replay "$T/g.chain" "$T/safe.csv"
t_check "replay: a first record in safe state: nothing compared" has \
	"nothing compared: the first record (cycle 0) is in safe state"

# --- sim --record after a non-finite output: the loop's safe state -------
printf 'x\n1\n1e308\n1\n2\n' > "$T/big.csv"
"$U" sim "$T/g.chain" -p 1000 -i "$T/big.csv" --record > "$T/nf.csv" 2> "$OUT"
t_eq "sim --record with a non-finite step: exit 0" 0 $?
t_eq "sim --record: the non-finite step holds, later records are safe, outputs 0" \
	"0 2|0 2|4 0|4 0|" \
	"$(awk -F, '/^[0-9]/ { printf "%s %s|", $10, $12 }' "$T/nf.csv")"
t_eq "sim --record: the inputs are still recorded" "1|1e+308|1|2|" \
	"$(awk -F, '/^[0-9]/ { printf "%s|", $11 }' "$T/nf.csv")"
uc replay "$T/g.chain" "$T/nf.csv"
t_eq "replay of sim --record with a safe state: exit 0" 0 $?
t_check "replay: ... compared up to the safe state" has \
	"identical: 2 cycles (0..1)"
"$U" sim "$T/g.chain" -p 1000 -i "$T/big.csv" > "$T/nf.csv" 2> "$OUT"
t_eq "sim without --record still steps after a non-finite step" \
	"0,2,0|1,2,2|2,2,0|3,4,0|" "$(awk 'NR > 1 { printf "%s|", $0 }' "$T/nf.csv")"

# --- sim --commit: every one checked before the first row ------------------
"$U" sim "$T/g.chain" --set x=1 -n 5 -p 1000 -c 1:g.k=3 -c 4:g.nosuch=1 \
	> "$T/c.out" 2> "$OUT"
t_eq "sim: a bad --commit at a later cycle: exit 2" 2 $?
t_check "sim: ... names its cycle" has "--commit at cycle 4: "
t_check "sim: ... before any row" test ! -s "$T/c.out"
"$U" sim "$T/g.chain" --set x=1 -n 5 -p 1000 -c 5:g.k=3 > "$T/c.out" 2> "$OUT"
t_eq "sim: a --commit at or after -n: exit 2" 2 $?
t_check "sim: ... says so, before any row" sh -c \
	"grep -q 'after the last cycle (4)' '$OUT' && test ! -s '$T/c.out'"
"$U" sim "$T/g.chain" --set x=1 -n 5 -p 1000 -c 4:g.k=3 > "$T/c.out" 2> "$OUT"
t_eq "sim: a --commit at the last cycle: exit 0" 0 $?

uc replay "$T/bad.chain" "$T/rec.csv"
t_eq "replay with a bad chain: exit 2" 2 $?
uc replay "$DEMO"
t_eq "replay with one argument: exit 2" 2 $?
t_done
