#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The example client the developer files install (userctl/examples/
# feed.c), built as its users build it: against the headers as the
# install lays them out (userctl/tests/Makefile.guest).  What README
# ("Installing") says it does, against the module: the cycle that took
# its setpoint, then telemetry lines that show the value; attach again
# and go on when the loop gets a new region; say so and exit 1 when the
# loop is destroyed.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
# the column of signal $1 in feed's telemetry lines ("# cycle ..." names
# them; a line's first field is the cycle)
col() { awk -v s="$1" '$1 == "#" && $2 == "cycle" { for (i = 3; i <= NF; i++) if ($i == s) c = i - 1 } END { print c + 0 }' "$2"; }
# wait_for PATTERN FILE: until FILE has a line matching PATTERN (20 s)
wait_for() {
	i=0
	until grep -q "$1" "$2" 2>/dev/null; do
		i=$((i + 1))
		[ $i -le 200 ] || return 1
		sleep 0.1
	done
}

srt_load || exit 1
t_check "create ex (echo workload: outputs follow inputs)" \
	userctl loop create -l ex cpu="$ISO" period_us=1000 mode=hrtimer --start

# a setpoint, then the telemetry that shows it
rc=0
feed ex 1.5 1 >/tmp/ex.out 2>/tmp/ex.err || rc=$?
t_eq "feed ex 1.5 1: exit 0" 0 "$rc"
t_check "feed says the cycle that took input 0 = 1.5" \
	grep -q '^# input 0 = 1.5 from cycle [0-9][0-9]*$' /tmp/ex.out
in0=$(col in0 /tmp/ex.out)
out0=$(col out0 /tmp/ex.out)
t_check "feed names its columns, in0 and out0 among them" \
	sh -c "[ $in0 -gt 1 ] && [ $out0 -gt 1 ]"
t_ge "telemetry lines with in0 = out0 = 1.5" \
	"$(awk -v a="$in0" -v b="$out0" '$1 != "#" && $a == 1.5 && $b == 1.5' /tmp/ex.out | wc -l)" 10
t_check "feed counts its records, none dropped" \
	grep -q '^# [1-9][0-9]* records, 0 dropped$' /tmp/ex.out
sed -n '1,3s/^/# /p' /tmp/ex.out

# a chain with other signal counts: a new region, feed attaches again
printf 'input a b\noutput y\nblock g gain in=a out=y k=2\n' >/tmp/ex.chain
feed ex 2 6 >/tmp/ex.out 2>/tmp/ex.err &
fd=$!
wait_for '^# cycle' /tmp/ex.out
t_check "stop ex, load a chain of 2 inputs and 1 output, start ex" sh -c \
	'userctl loop stop -l ex && userctl chain load -l ex /tmp/ex.chain &&
	 userctl loop start -l ex'
rc=0
wait $fd || rc=$?
t_eq "feed through the replacement: exit 0" 0 "$rc"
t_check "feed says the loop has a new region and attaches again" \
	grep -q "^# loop 'ex' has a new region" /tmp/ex.out
t_eq "feed wrote its setpoint into both regions" 2 \
	"$(grep -c '^# input 0 = 2 from cycle' /tmp/ex.out)"
# the new region's columns: in0 in1 out0; the chain doubles a
sed -n '/has a new region/,$p' /tmp/ex.out >/tmp/ex.new
in0=$(col in0 /tmp/ex.new)
out0=$(col out0 /tmp/ex.new)
t_ge "new region: lines with in0 = 2 and out0 = 4 (y = 2 a)" \
	"$(awk -v a="$in0" -v b="$out0" '$1 != "#" && $a == 2 && $b == 4' /tmp/ex.new | wc -l)" 10
[ -s /tmp/ex.err ] && sed 's/^/# stderr: /' /tmp/ex.err

# the loop destroyed under it: feed says so, exit 1
feed ex 1 60 >/tmp/ex.out 2>/tmp/ex.err &
fd=$!
wait_for '^# cycle' /tmp/ex.out
t_check "stop and destroy ex under feed" sh -c \
	'userctl loop stop -l ex && userctl loop destroy -l ex'
rc=0
wait $fd || rc=$?
t_eq "feed on a destroyed loop: exit 1" 1 "$rc"
t_check "feed says the loop was destroyed" \
	grep -qx "feed: loop 'ex' was destroyed" /tmp/ex.err
rc=0
feed ex 1 >/dev/null 2>/tmp/ex.err || rc=$?
t_eq "feed of a loop that is not there: exit 1" 1 "$rc"
t_check "... the attach's reason" grep -q '^attach: No such file or directory' /tmp/ex.err
srt_unload
