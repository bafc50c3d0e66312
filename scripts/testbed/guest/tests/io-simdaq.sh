#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The simulated DAQ provider (shieldrt_simdaq.ko, kmod/io/simdaq.c):
#   - bad module parameters and bad bindings are refused with a reason,
#     and leave nothing behind;
#   - an external loop triggered by the card's conversions (in=0-1, out=0)
#     closes a position loop around the simulated DC motor (a PD chain:
#     in0 speed, in1 pos, in2 target from user space, out0 voltage);
#   - an hrtimer loop samples the card (in=0-1) at its own pace;
#   - a card depositing without the I/O lock (torn_test) is caught torn;
#   - every cycle read one whole conversion (torn == 0), triggers ~ cycles,
#     the provider's and the loop's counts agree;
#   - rmmod of the provider while bound puts both loops in safe state
#     (reason io), and a resume is refused (ENODEV); the hrtimer loop
#     keeps cycling; then destroy and unload.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
if [ "${SRT_NCPUS:-1}" -lt 2 ] || [ ! -d /sys/devices/system/cpu/cpu$ISO ]; then
	t_skip "io-simdaq" "needs 2 CPUs with cpu ${ISO:-?} isolated; the guest has ${SRT_NCPUS:-?} CPU(s)"
	exit 0
fi
HK=0
DAQ=/lib/shieldrt/shieldrt_simdaq.ko
DQ=/sys/kernel/debug/shieldrt_simdaq
RATE=/sys/module/shieldrt_simdaq/parameters/rate_hz

dq() { awk -v k="$2:" '$1 == k { print $2 }' $DQ/$1; }
metric() {
	grep "^$2_ns:" $SRT_DBG/$1/stats | tr ' ' '\n' | sed -n "s/^$3=//p"
}
absdiff() { d=$(($1 - $2)); [ $d -lt 0 ] && d=$((-d)); echo $d; }
# refused DESC REASON-PATTERN LINE: a create that must fail, with a reason
refused() {
	if ctl "$3" 2>/dev/null; then
		t_fail "refused: $1" "create accepted"
		ctl "destroy ${3#create name=}" 2>/dev/null
	elif grep -q "$2" $SRT_DBG/last_error; then
		t_ok "refused: $1 ($(cat $SRT_DBG/last_error))"
	else
		t_fail "refused: $1" "last_error '$(cat $SRT_DBG/last_error)' lacks '$2'"
	fi
}

srt_load || exit 1
# the kernel log from here on (another test may have provoked a report
# on purpose: io-iio-sleep)
log0=$(dmesg | wc -l)

# ---- bad module parameters: no module, the reason in the log ----
t_check "insmod refuses rate_hz=50" sh -c "! insmod $DAQ rate_hz=50 2>/dev/null"
t_check "the reason is in the kernel log" \
	sh -c "dmesg | grep -q 'shieldrt_simdaq: rate_hz=50 is not in 100..100000'"
t_check "insmod refuses rate_hz=200000" sh -c "! insmod $DAQ rate_hz=200000 2>/dev/null"
t_check "insmod refuses a plant that does not compile" \
	sh -c "! insmod $DAQ 'plant=\"input u;output y;block p nosuch in=u out=y\"' 2>/dev/null"
t_check "its reason (line 3) is in the kernel log" \
	sh -c "dmesg | grep -q \"shieldrt_simdaq: plant .* does not compile: line 3\""
t_check "nothing loaded" sh -c "! test -d /sys/module/shieldrt_simdaq && ! test -d $DQ"

t_check "insmod shieldrt_simdaq" insmod $DAQ
t_check "its debugfs directory exists" test -d $DQ
t_check "rmmod shieldrt is refused while a provider is registered" \
	sh -c "! rmmod shieldrt 2>/dev/null"
t_check "shieldrt is still live" grep -qx live /sys/module/shieldrt/initstate
t_check "the provider is listed" grep -q '^simdaq ' $SRT_DBG/providers
t_eq "rate_hz defaults to 1000" 1000 "$(cat $RATE)"

# ---- bad bindings: refused at create, nothing left ----
# (the core refuses this one before bind; simdaq's own check is a spare)
refused "a binding with neither in= nor out=" "binds no signals" \
	"create name=bad cpu=$HK period_us=1000 mode=hrtimer io=simdaq"
echo 99 >$RATE
refused "rate_hz=99 at bind" "rate_hz=99 is not in 100..100000" \
	"create name=bad cpu=$HK period_us=1000 mode=hrtimer io=simdaq:in=0-1"
echo 1000 >$RATE
t_check "no loop and no card file left" \
	sh -c "! test -e $SRT_DBG/bad && ! test -e $DQ/bad"

# ---- the torn-set detector works: a card depositing without the lock ----
# (1100 Hz against the loop's 1000 Hz, so the read sweeps the deposit)
echo 1 >/sys/module/shieldrt_simdaq/parameters/torn_test
echo 1100 >$RATE
t_check "create hrtimer loop tn on cpu $ISO with a torn_test card" \
	ctl "create name=tn cpu=$ISO period_us=1000 mode=hrtimer io=simdaq:in=0-1"
echo 0 >/sys/module/shieldrt_simdaq/parameters/torn_test
echo 1000 >$RATE
t_check "tn: the card says it deposits without the lock" grep -q "^# torn_test" $DQ/tn
t_check "start tn" ctl "start tn"
t_wait_ge "tn: without the lock, read() sees torn sets" 1 30 dq tn torn
note "tn: $(grep -E '^(reads|torn|samples):' $DQ/tn | tr '\n' ' ')"
t_check "stop tn" ctl "stop tn"
t_check "destroy tn" ctl "destroy tn"
t_check "tn's card file is gone" sh -c "! test -e $DQ/tn"

# ---- two loops on the card ----
t_check "create external loop ex (in=0-1, out=0, trigger) on cpu $ISO" \
	ctl "create name=ex cpu=$ISO period_us=1000 mode=external io=simdaq:in=0-1:out=0:trigger"
t_check "create hrtimer loop ht (in=0-1) on cpu $HK" \
	ctl "create name=ht cpu=$HK period_us=1000 mode=hrtimer io=simdaq:in=0-1"
t_check "a card file per binding" test -f $DQ/ex -a -f $DQ/ht
t_eq "ex: trigger binding" 1 "$(dq ex trigger)"
t_eq "ex: 2 inputs" 2 "$(dq ex n_in)"
t_eq "ex: 1 output" 1 "$(dq ex n_out)"
t_eq "ht: not a trigger binding" 0 "$(dq ht trigger)"
t_wait_ge "ex: plant compiled (dc_motor: 1 in, 3 out)" 3 20 dq ex plant_outputs
t_eq "ex: plant ready" ready "$(dq ex plant)"
t_wait_ge "ex: the card converts before the loop runs" 10 20 dq ex samples
t_wait_ge "ex: the plant steps" 10 20 dq ex plant_steps

printf '%s\n' \
	'input speed pos target' \
	'output u' \
	'block e   sum        in=target,pos out=err n=2 signs=1,-1' \
	'block p   gain       in=err out=up k=2' \
	'block d   gain       in=speed out=ud k=-0.02' \
	'block s   sum        in=up,ud out=u0 n=2' \
	'block sat saturation in=u0 out=u lo=-24 hi=24' >/tmp/pd.chain
t_check "ex: load the PD chain" userctl chain load -l ex /tmp/pd.chain

t_check "start ex" ctl "start ex"
t_check "start ht" ctl "start ht"
t_check "ex: target 1 rad (in2)" userctl setpoint -l ex 2=1
t_eq "ex running" running "$(cat $SRT_DBG/ex/state)"
t_eq "ht running" running "$(cat $SRT_DBG/ht/state)"
t_wait_ge "ex runs 300 cycles" 300 60 st ex cycles
t_wait_ge "ht runs 300 cycles" 300 60 st ht cycles

# Every trigger the loop took started a cycle or was coalesced into one,
# read from one snapshot of its stats (two files read at different times
# would race with a 1 kHz card); the card sent at least as many.
c0=$(st ex cycles) g0=$(dq ex triggers)
sleep 2
snap=$(cat $SRT_DBG/ex/stats)
g1=$(dq ex triggers)
sv() { echo "$snap" | awk -v k="$1:" '$1 == k { print $2 }'; }
c1=$(sv cycles) taken=$(sv triggers) co=$(sv triggers_coalesced)
note "ex: $((c1 - c0)) cycles for $((g1 - g0)) triggers in 2 s; taken $taken, coalesced $co"
t_ge "ex: triggers advance" $((g1 - g0)) 10
t_eq "ex: cycles + coalesced triggers == triggers taken" "$taken" $((c1 + co))
t_le "ex: the loop took no more triggers than the card sent" "$taken" $((g1 + 1))

# the closed loop: the motor reaches the target through the card
userctl record -l ex -d 1 -o /tmp/daq.csv >/dev/null 2>&1
# col NAME: the last record's value of column NAME (by the CSV header)
col() {
	awk -F, -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i }
		END { if (k) print $k }' /tmp/daq.csv
}
pos=$(col in1)
note "ex: last recorded pos (in1) $pos rad, target (in2) $(col in2), u (out0) $(col out0) V"
t_check "ex: the motor reached 1 rad (+-0.05) through the card" \
	awk -v p="$pos" 'BEGIN { exit !(p != "" && p > 0.95 && p < 1.05) }'

t_check "stop ex" ctl "stop ex"
t_check "stop ht" ctl "stop ht"
for n in ex ht; do
	cyc=$(st $n cycles)
	note "$n: cycles=$cyc $(tr '\n' ' ' <$DQ/$n)"
	t_eq "$n: torn sets 0 (every cycle read one conversion)" 0 "$(dq $n torn)"
	t_eq "$n: one read per cycle" "$cyc" "$(dq $n reads)"
	t_eq "$n: no read before the first conversion" 0 "$(dq $n empty_reads)"
	t_eq "$n: lateness sampled every cycle" "$cyc" "$(metric $n lateness count)"
	t_eq "$n: never in safe state" 0 "$(st $n safe_entries)"
	t_eq "$n: no safe writes" 0 "$(dq $n writes_safe)"
	t_eq "$n: no I/O read errors" 0 "$(st $n io_read_errors)"
	t_eq "$n: the loop counted the card's reads" "$(dq $n reads)" \
		"$(sed -n 's/^simdaq .* read_calls=\([0-9]*\) .*/\1/p' $SRT_DBG/$n/io)"
done
t_eq "ex: one write per cycle" "$(st ex cycles)" "$(dq ex writes)"
t_eq "ex: no I/O write errors" 0 "$(st ex io_write_errors)"
t_eq "ex: the loop counted the card's writes" "$(dq ex writes)" \
	"$(sed -n 's/^simdaq .* write_calls=\([0-9]*\) .*/\1/p' $SRT_DBG/ex/io)"
t_eq "ht: no outputs bound, no writes" 0 "$(dq ht writes)"
t_le "ex: reads <= triggers" "$(dq ex reads)" "$(dq ex triggers)"
t_eq "ht: never triggers" 0 "$(dq ht triggers)"

# ---- the provider goes away while bound ----
t_check "restart ex" ctl "start ex"
t_check "restart ht" ctl "start ht"
c0=$(st ht cycles)
t_wait_ge "ht cycles again" $((c0 + 50)) 30 st ht cycles
t_check "rmmod shieldrt_simdaq while bound" rmmod shieldrt_simdaq
for n in ex ht; do
	if wait_state $n safe 10; then t_ok "$n: safe state"; else
		t_fail "$n: safe state" "state $(cat $SRT_DBG/$n/state)"; fi
	t_eq "$n: safe_reason io" io "$(st $n safe_reason)"
done
c0=$(st ht cycles)
t_wait_ge "ht keeps cycling in safe state" $((c0 + 50)) 30 st ht cycles
t_eq "ex stays in safe state (no trigger left)" safe "$(cat $SRT_DBG/ex/state)"
# A resume could only fall back to safe state at the next cycle: refused.
userctl loop resume -l ht >/tmp/rs.out 2>&1
t_eq "resume ht with its provider gone: exit 1" 1 $?
t_check "resume: ENODEV, the provider named" \
	grep -q "ENODEV.*simdaq was unloaded\|simdaq was unloaded.*ENODEV" /tmp/rs.out
t_eq "ht still in safe state, reason io" "safe io" \
	"$(cat $SRT_DBG/ht/state) $(st ht safe_reason)"
t_check "the card's debugfs is gone" sh -c "! test -e $DQ"
t_check "the module is gone" sh -c "! test -d /sys/module/shieldrt_simdaq"
if new_log "$log0" | grep -qE 'BUG:|WARNING:|Oops|circular locking|scheduling while atomic'; then
	t_fail "no splat" "$(new_log "$log0" | grep -E 'BUG:|WARNING:|Oops|circular locking|scheduling while atomic' | head -n 1)"
else
	t_ok "no splat"
fi

t_check "stop ex" ctl "stop ex"
t_check "stop ht" ctl "stop ht"
t_check "destroy ex" ctl "destroy ex"
t_check "destroy ht" ctl "destroy ht"
srt_unload
