#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The flight recorder keeps the signals the loop chose: 32 of a chain's 16
# inputs and 16 outputs, by name and in the order given, with the memory
# they cost shown; a name the chain does not have, or one named twice,
# refuses the start and leaves the frozen window as it was.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
L=$SRT_DBG/fs
CH=/tmp/fs16.chain
OUT=/tmp/fs.out
uc() { userctl "$@" >$OUT 2>&1; }
has() { grep -q -- "$1" $OUT; }
st() { awk -v k="$1:" '$1 == k { print $2 }' $L/stats; }

# 16 inputs x0..x15, each doubled into output y0..y15
{
	echo "period_us 1000"
	printf 'input'; for k in $(seq 0 15); do printf ' x%s' $k; done; echo
	printf 'output'; for k in $(seq 0 15); do printf ' y%s' $k; done; echo
	for k in $(seq 0 15); do echo "block g$k gain in=x$k out=y$k k=2"; done
} >$CH
# outputs first, then inputs: the records keep this order
sigs=$( (for k in $(seq 0 15); do echo y$k; done
	 for k in $(seq 0 15); do echo x$k; done) | paste -sd, -)

srt_load || exit 1
t_check "create fs with flight_signals of 32 names" userctl loop create -l fs \
	cpu=$ISO period_us=1000 flight_cycles=64 flight_post=8 \
	flight_signals=$sigs
t_check "config shows the choice" grep -qx "flight_signals=$sigs" $L/config
# manual triggers only: TCG overruns would freeze the ring on their own
t_check "automatic triggers off" userctl flight -l fs -T none
t_check "load the 16-in, 16-out chain" userctl chain load -l fs $CH
t_check "start fs" userctl loop start -l fs
t_check "x3=1.5 and x15=-4" userctl setpoint -l fs x3=1.5 x15=-4
c0=$(st cycles)
t_wait_ge "runs 20 cycles" $((c0 + 20)) 60 st cycles
uc flight -l fs -t --wait 20
t_eq "userctl flight -t --wait: exit 0" 0 $?
note "$(head -n 4 $OUT)"
t_check "the memory cost: 32 signals, 344-byte records, 22016 bytes" \
	has "signals=32 record_bytes=344 ring_bytes=22016"
t_eq "the columns are the 32 names, in the order chosen" \
	"$(echo $sigs | tr , ' ')" \
	"$(sed -n 3p $OUT | awk '{ for (i = 9; i <= NF; i++) printf "%s%s", $i, i < NF ? " " : "" }')"
# the last row: y3 (column 9 + 3), y15, x3 (9 + 16 + 3), x15
t_eq "the last record: y3=3 y15=-8 x3=1.5 x15=-4" "3 -8 1.5 -4" \
	"$(tail -n 1 $OUT | sed 's/^[* ]//' | awk '{ print $(8 + 4), $(8 + 16), $(8 + 20), $(8 + 32) }')"
t_eq "every record holds 40 fields (8 + 32 values)" "" \
	"$(sed -n '4,$p' $OUT | sed 's/^[* ]//' | awk 'NF != 40 { print NR": "NF }' | head -n 3)"
uc flight -l fs -j
t_check "flight --json names the 32 signals" sh -c \
	"grep -o '\"signals\": *\[[^]]*\]' $OUT | grep -o '\"[xy][0-9]*\"' | wc -l | grep -qx 32"
t_check "flight --json gives the record and ring bytes" \
	has '"record_bytes": *344, *"ring_bytes": *22016'
t_check "the debugfs file shows the cost" \
	grep -q "signals=32 record_bytes=344 ring_bytes=22016" $L/flight
t_check "... and the chain's names as columns" \
	grep -q "safe_why y0 y1 .* x14 x15 (signals" $L/flight
t_eq "... and 32 values a record" 43 \
	"$(grep -v '^#' $L/flight | tail -n 1 | wc -w)"
frozen_at=$(sed -n 's/^# flight .* trigger_cycle=\([0-9]*\).*/\1/p' $L/flight)

# bad choices: the start is refused, the frozen window stays
t_check "stop fs" userctl loop stop -l fs
t_check "flight_signals=y0,nosuch is taken while stopped (checked at start)" \
	userctl loop set -l fs flight_signals=y0,nosuch
uc loop start -l fs
t_eq "start with a name the chain lacks: exit 1" 1 $?
t_check "... says which" has "has no signal 'nosuch'"
t_eq "... the loop did not start" stopped "$(cat $L/state)"
t_eq "... the frozen window is still there" "$frozen_at" \
	"$(sed -n 's/^# flight .* trigger_cycle=\([0-9]*\).*/\1/p' $L/flight)"
t_check "flight_signals=x1,in1 (the same input twice)" \
	userctl loop set -l fs flight_signals=x1,in1
uc loop start -l fs
t_check "start refused: named twice" has "in1 named twice"
t_check "flight_signals=out16 (the chain has 16 outputs)" \
	userctl loop set -l fs flight_signals=out16
uc loop start -l fs
t_check "start refused: no out16" has "has no signal 'out16'"
uc loop set -l fs flight_signals=a,,b
t_eq "an empty name: exit 1" 1 $?
t_check "... says which" has "name 2 is empty"
uc loop set -l fs "flight_signals=33"
t_check "a count over 32 refused" has "33 is over 32"

# all: every input and every output, here 16 + 16
t_check "flight_signals=all" userctl loop set -l fs flight_signals=all
t_check "start fs with all" userctl loop start -l fs
uc flight -l fs
t_check "all: 32 signals, a new ring" has "signals=32 record_bytes=344"
t_check "stop fs" userctl loop stop -l fs
t_check "flight_signals=2: the first 2 inputs and outputs" \
	userctl loop set -l fs flight_signals=2
t_check "start fs with 2" userctl loop start -l fs
t_check "2: x0 x1 y0 y1 in the file's columns" sh -c \
	"userctl flight -l fs -t --wait 20 >/dev/null && grep -q 'safe_why x0 x1 y0 y1 (signals' $L/flight"
t_check "destroy fs" userctl loop destroy -l fs
srt_unload
