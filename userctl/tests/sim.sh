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
sed '$ s/commit_cycle=0/commit_cycle=1500/' "$T/rec.csv" > "$T/commit.csv"
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
uc replay "$T/bad.chain" "$T/rec.csv"
t_eq "replay with a bad chain: exit 2" 2 $?
uc replay "$DEMO"
t_eq "replay with one argument: exit 2" 2 $?
t_done
