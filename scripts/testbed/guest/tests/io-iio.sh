#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The IIO provider (shieldrt_iio.ko, kmod/io/iio.c) on the simulated IIO
# ADC/DAC (shieldrt_iiosim.ko, kmod/io/iiosim.c), through the kernel's own
# IIO modules (Debian's, loaded from /lib/iio; built in on the debug
# kernels):
#   - bad parameters of the device, and bad bindings (a channel that does
#     not exist, more channels than the binding's range, a channel without
#     scale, an output channel bound as input and the reverse) are refused
#     with a reason and leave nothing behind;
#   - three channels of three sample formats read at rest as 0;
#   - under every section kind, an external loop paced by the device's
#     data-ready trigger closes a position loop around the simulated motor
#     through IIO: the ADC's scans in (the provider's buffer), the DAC out
#     in the output stage (a write that sleeps, after the section); the
#     motor reaches each target within 0.01 rad, every cycle read one
#     whole scan (torn 0), every cycle wrote the DAC, the output stage's
#     cost is in the loop's io file and inside its compute time; under
#     raw_spinlock, on the debug kernels, the kernel's callback buffer
#     takes the same scans with other channels meanwhile (IIO
#     demultiplexes for each);
#   - a DAC whose writes sleep 200 us: every output stage and so every
#     cycle's compute time is at least that long;
#   - where the kernel has an hrtimer software trigger (6.12, the debug
#     kernels), the same loop paced by one, and on the debug kernels the
#     kernel's dummy driver sampling on the same trigger meanwhile;
#   - the trigger stalls: counted and traced timeouts, and with
#     policy=safe the loop goes safe (io) with the DAC at the safe code;
#   - the device's driver while its buffer is bound: rmmod is refused
#     (EBUSY) and the loop runs on; the device unbound: the loop goes safe
#     (io), resume is refused (ENODEV);
#   - the provider unloaded while bound: safe (io), DAC at the safe code;
#   - values worked by hand through a plant that wires the DAC to two
#     ADCs: the DAC's code, and the ADCs' read-back in mV;
#   - a device without a buffer: inputs refused, an output-only loop
#     writes the DAC the code of its value; its driver unloaded under the
#     loop: safe (io), no write errors after.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
if [ "${SRT_NCPUS:-1}" -lt 2 ] || [ ! -d /sys/devices/system/cpu/cpu$ISO ]; then
	t_skip "io-iio" "needs 2 CPUs with cpu ${ISO:-?} isolated; the guest has ${SRT_NCPUS:-?} CPU(s)"
	exit 0
fi
HK=0
IIO=/lib/shieldrt/shieldrt_iio.ko
SIM=/lib/shieldrt/shieldrt_iiosim.ko
if [ ! -f $IIO ] || [ ! -f $SIM ]; then
	t_skip "io-iio" "no shieldrt_iio.ko or shieldrt_iiosim.ko: this kernel has no IIO buffers"
	exit 0
fi
# Built for this kernel, so it has IIO: built in (the debug kernels) or
# Debian's modules, which scripts/setup keeps and scripts/testbed/vm-run carries
# to /lib/iio.
if [ ! -d /sys/bus/iio ] && [ ! -f /lib/iio/order ]; then
	t_fail "the kernel's IIO modules are in the guest" "no /lib/iio/order (run scripts/setup)"
	exit 1
fi
t_check "the kernel's IIO modules load ($(cat /lib/iio/order 2>/dev/null | tr '\n' ' '))" srt_iio_load

SD=/sys/kernel/debug/shieldrt_iiosim/status
PD=/sys/kernel/debug/shieldrt_iio
STALL=/sys/module/shieldrt_iiosim/parameters/stall
WRITE_US=/sys/module/shieldrt_iiosim/parameters/write_us
UNBIND=/sys/bus/platform/drivers/shieldrt-iiosim/unbind
CB=/sys/kernel/debug/shieldrt_iiosim/cb
sd() { awk -v k="$1:" '$1 == k { print $2 }' $SD; }
pd() { awk -v k="$2:" '$1 == k { print $2 }' $PD/$1; }
# io LOOP KEY: KEY=N of the iio binding's line in LOOP's io file
io() { sed -n "s/^iio .* $2=\([0-9]*\).*/\1/p" $SRT_DBG/$1/io; }
metric() {
	grep "^$2_ns:" $SRT_DBG/$1/stats | tr ' ' '\n' | sed -n "s/^$3=//p"
}
# refused DESC REASON LINE: a create that must fail with REASON in
# last_error, leaving no loop, no binding file and no binding
refused() {
	if ctl "$3" 2>/dev/null; then
		t_fail "refused: $1" "create accepted"
		ctl "destroy ${3#create name=}" 2>/dev/null
		return
	fi
	n=${3#create name=}
	n=${n%% *}
	if ! grep -q "$2" $SRT_DBG/last_error; then
		t_fail "refused: $1" "last_error '$(cat $SRT_DBG/last_error)' lacks '$2'"
	elif [ -e $SRT_DBG/$n ] || [ -e $PD/$n ] || ! grep -q '^iio 0 ' $SRT_DBG/providers; then
		t_fail "refused: $1" "something was left: $(ls $SRT_DBG/$n $PD/$n 2>&1 | tr '\n' ' ') $(grep '^iio ' $SRT_DBG/providers)"
	else
		t_ok "refused: $1 ($(cat $SRT_DBG/last_error))"
	fi
}
# near A B TOL: |A - B| <= TOL (decimals)
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a != "" && d <= t) }'; }
# last CSV COLUMN: the last record's value of COLUMN (by the header)
last() {
	awk -F, -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i }
		END { if (k) print $k }' "$1"
}

srt_load || exit 1

# ---- the device's parameters ----
insmod_refused $SIM shieldrt_iiosim 0 "a map entry without '='" \
	"map: 'ex.in0' is not CONSUMER_CHANNEL=CHANNEL" map=ex.in0
insmod_refused $SIM shieldrt_iiosim 0 "a map entry naming no channel of the device" \
	"map: 'ex.in0': no channel named 'adc9'" map=ex.in0=adc9
insmod_refused $SIM shieldrt_iiosim 0 "a consumer channel mapped twice" \
	"consumer channel 'ex.in0' given twice" map=ex.in0=adc1,ex.in0=adc2
insmod_refused $SIM shieldrt_iiosim 0 "rate_hz=50" "rate_hz=50 is not in 100..100000" rate_hz=50
insmod_refused $SIM shieldrt_iiosim 0 "a plant that does not compile" \
	"plant .* does not compile" 'plant="input u;output y;block p nosuch in=u out=y"'
t_check "no device left" sh -c "! iio_dev shieldrt-iiosim"

# Consumer channels of the device "shieldrt-iio": loop ex (position on
# adc1, the drive on dac0), two (three formats), and the bad ones
MAP=ex.in0=adc1,ex.out0=dac0,two.in0=adc1,two.in1=adc0,two.in2=adc3
MAP=$MAP,ns.in0=adc4,oi.in0=dac1,ox.out0=adc2,sl.in0=adc1,sl.out0=dac0
MAP=$MAP,hr.in0=adc1,hr.out0=dac0,wr.out0=dac1
t_check "insmod shieldrt_iiosim with its map" insmod $SIM map=$MAP
DEV=$(iio_dev shieldrt-iiosim)
t_check "the IIO device is there ($DEV)" test -n "$DEV"
note "$DEV: $(ls $DEV | tr '\n' ' ')"
t_eq "its default trigger is its data-ready one" shieldrt-iiosim-drdy \
	"$(cat $DEV/trigger/current_trigger)"
t_check "a direct read of adc0 (no buffer running)" test -n "$(cat $DEV/in_voltage0_raw)"
t_check "insmod shieldrt_iio" insmod $IIO
t_check "the provider is listed with an output stage" \
	grep -q '^iio 0 1 0 1$' $SRT_DBG/providers
t_check "rmmod shieldrt is refused while it is registered" sh -c "! rmmod shieldrt 2>/dev/null"

# ---- bad bindings ----
C="cpu=$HK period_us=1000 mode=hrtimer"
refused "a channel that does not exist" "no channel named nx.in0" \
	"create name=nx $C io=iio:in=0"
refused "more channels than the binding's range" \
	"channel two.in2 is given, but the binding's inputs are 0-1" \
	"create name=two $C io=iio:in=0-1"
refused "a channel without scale" "ns.in0 .* has no scale" \
	"create name=ns $C io=iio:in=0"
refused "an output channel bound as input" \
	"oi.in0 .* is an output channel, bound as an input" \
	"create name=oi $C io=iio:in=0"
refused "an input channel bound as output" \
	"ox.out0 .* is an input channel, bound as an output" \
	"create name=ox $C io=iio:out=0"
refused "a mapped input the binding does not take" \
	"channel ex.in0 is given, but the binding has no in=" \
	"create name=ex $C io=iio:out=0"
s0=$(sd scans)
sleep 0.2
t_eq "no buffer was left on the device (no scans)" "$s0" "$(sd scans)"

# ---- three formats at rest ----
t_check "create two: three inputs of three formats" ctl "create name=two $C io=iio:in=0-2"
t_check "start two" ctl "start two"
t_wait_ge "two reads scans" 100 30 pd two reads
userctl record -l two -d 0.3 -o /tmp/two.csv >/dev/null 2>&1
note "two: $(grep ^channel: $PD/two | tr '\n' ';')"
note "two: last record: $(tail -n 1 /tmp/two.csv)"
t_check "two: the motor's position (s16 big-endian) at rest, mV" near "$(last /tmp/two.csv in0)" 0 1
t_check "two: its speed (u16 offset binary) at rest, exactly 0 mV" near "$(last /tmp/two.csv in1)" 0 0
t_check "two: its current (12 bits, half-code offset) within a code of 0 mV" \
	near "$(last /tmp/two.csv in2)" 0 1.3
t_check "stop two" ctl "stop two"
t_eq "two: torn sets 0" 0 "$(pd two torn)"
t_check "destroy two" ctl "destroy two"

# ---- a DAC write that sleeps: the output stage's time is compute time ----
echo 200 >$WRITE_US
t_check "wr: create (hrtimer, 10 ms, out=0 on dac1, whose writes sleep 200 us)" \
	ctl "create name=wr cpu=$ISO period_us=10000 mode=hrtimer section=raw_spinlock io=iio:out=0"
t_check "wr: start" ctl "start wr"
t_wait_ge "wr: 100 cycles" 100 60 st wr cycles
t_check "wr: stop" ctl "stop wr"
note "wr: $(grep '^iio ' $SRT_DBG/wr/io)"
note "wr: compute_ns $(grep '^compute_ns:' $SRT_DBG/wr/stats | cut -d' ' -f2-)"
t_eq "wr: one output stage per cycle" "$(st wr cycles)" "$(io wr output_calls)"
t_ge "wr: an output stage takes the DAC's 200 us at least (avg ns)" \
	"$(io wr output_ns_avg)" 200000
t_ge "wr: so does every cycle's compute time (min ns)" "$(metric wr compute min)" 200000
t_ge "wr: compute time (avg) holds the output stage (avg)" \
	"$(metric wr compute avg)" "$(io wr output_ns_avg)"
t_check "wr: destroy" ctl "destroy wr"

# ---- the position loop through IIO, every section kind ----
# (DAC writes that take the bus lock but do not sleep: under TCG a 50 us
# sleep costs milliseconds, which a 1 kHz position loop cannot absorb)
echo 0 >$WRITE_US
printf '%s\n' \
	'input pos_mv target' \
	'output u_mv pos' \
	'block s gain in=pos_mv out=pos k=0.001' \
	'block c pid in=target,pos out=u kp=5 ki=0 kd=0.3 tf=0.002 umin=-10 umax=10' \
	'block o gain in=u out=u_mv k=1000' >/tmp/pos.chain
target=1
for sec in none preempt irqsave raw_spinlock spinlock; do
	t_check "ex/$sec: create (external, in=0 out=0 trigger)" \
		ctl "create name=ex cpu=$ISO period_us=1000 mode=external section=$sec io=iio:in=0:out=0:trigger"
	t_check "ex/$sec: load the position chain" userctl chain load -l ex /tmp/pos.chain
	w0=$(sd dac_writes)
	t_check "ex/$sec: start" ctl "start ex"
	t_check "ex/$sec: target $target rad" userctl setpoint -l ex target=$target
	if [ $sec = raw_spinlock ] && [ -e $CB ]; then
		# A second consumer on the device meanwhile, with other
		# channels: IIO's core demultiplexes each scan for every
		# buffer, so the loop's adc1 sits elsewhere in the device's
		# scans.  The callback buffer takes each scan as it comes, so
		# it never fills ahead of the loop's.
		t_check "ex/$sec: the kernel's callback buffer (adc0, adc1) beside the loop's" \
			sh -c "echo 1 >$CB"
	fi
	t_wait_ge "ex/$sec: 2000 cycles" 2000 120 st ex cycles
	userctl record -l ex -d 0.3 -o /tmp/ex.csv >/dev/null 2>&1
	pos=$(last /tmp/ex.csv out1)
	note "ex/$sec: pos $pos rad (ADC $(last /tmp/ex.csv in0) mV), target $target, drive $(last /tmp/ex.csv out0) mV"
	t_check "ex/$sec: the motor reached $target rad within 0.01 rad through IIO" \
		near "$pos" $target 0.01
	if [ $sec = raw_spinlock ] && [ -e $CB ]; then
		note "ex/$sec: callback buffer: $(tr '\n' ' ' <$CB)"
		t_ge "ex/$sec: the callback buffer got the scans too" \
			"$(awk '$1 == "scans:" { print $2 }' $CB)" 1000
		echo 0 >$CB
	fi
	t_check "ex/$sec: stop" ctl "stop ex"
	cyc=$(st ex cycles)
	note "ex/$sec: $(grep '^iio ' $SRT_DBG/ex/io)"
	note "ex/$sec: compute_ns $(grep '^compute_ns:' $SRT_DBG/ex/stats | cut -d' ' -f2-)"
	note "ex/$sec: section_ns $(grep '^section_ns:' $SRT_DBG/ex/stats | cut -d' ' -f2-)"
	t_eq "ex/$sec: torn sets 0" 0 "$(pd ex torn)"
	t_eq "ex/$sec: one read per cycle" "$cyc" "$(pd ex reads)"
	t_eq "ex/$sec: the loop counted them" "$cyc" "$(io ex read_calls)"
	t_eq "ex/$sec: one output stage per cycle" "$cyc" "$(io ex output_calls)"
	t_eq "ex/$sec: none through the in-section write" 0 "$(io ex write_calls)"
	t_eq "ex/$sec: the provider wrote each cycle" "$cyc" "$(pd ex outputs)"
	t_ge "ex/$sec: the DAC took them" $(($(sd dac_writes) - w0)) "$cyc"
	t_eq "ex/$sec: no DAC write refused" 0 "$(sd dac_rejects)"
	t_eq "ex/$sec: no I/O errors" "0 0" "$(st ex io_read_errors) $(st ex io_write_errors)"
	t_eq "ex/$sec: never in safe state" 0 "$(st ex safe_entries)"
	t_ge "ex/$sec: compute time (avg) holds the output stage (avg)" \
		"$(metric ex compute avg)" "$(io ex output_ns_avg)"
	t_check "ex/$sec: destroy" ctl "destroy ex"
	t_check "ex/$sec: its binding file is gone" sh -c "! test -e $PD/ex"
	target=$((-target))
done

# ---- an hrtimer software trigger paces the device instead ----
mkdir -p /sys/kernel/config
mount -t configfs none /sys/kernel/config 2>/dev/null
HT=/sys/kernel/config/iio/triggers/hrtimer
if [ -d $HT ] && mkdir $HT/srt-hrt; then
	TRIG=$(iio_dev srt-hrt)
	echo 1000 >$TRIG/sampling_frequency
	t_check "the device takes trigger srt-hrt" sh -c "echo srt-hrt >$DEV/trigger/current_trigger"
	t_check "hr: create (external, raw_spinlock)" \
		ctl "create name=hr cpu=$ISO period_us=1000 mode=external section=raw_spinlock io=iio:in=0:out=0:trigger"
	t_check "hr: load the position chain" userctl chain load -l hr /tmp/pos.chain
	t_check "hr: start" ctl "start hr"
	t_check "hr: target 0.5 rad" userctl setpoint -l hr target=0.5
	DUMMY=/sys/kernel/config/iio/devices/dummy
	if [ -d $DUMMY ] && mkdir $DUMMY/srt-dummy; then
		DD=$(iio_dev srt-dummy)
		echo srt-hrt >$DD/trigger/current_trigger
		echo 1 >$DD/scan_elements/in_voltage0_en
		t_check "the kernel's dummy driver samples on the same trigger" \
			sh -c "echo 1 >$DD/buffer/enable"
	fi
	p0=$(sd polls)
	t_wait_ge "hr: 2000 cycles" 2000 120 st hr cycles
	userctl record -l hr -d 0.3 -o /tmp/hr.csv >/dev/null 2>&1
	t_check "hr: the motor reached 0.5 rad within 0.01 rad" near "$(last /tmp/hr.csv out1)" 0.5 0.01
	t_eq "hr: the device's own trigger did not fire" "$p0" "$(sd polls)"
	if [ -n "${DD:-}" ]; then
		t_ge "the dummy's buffer filled beside the loop" "$(cat $DD/buffer/data_available)" 1
		echo 0 >$DD/buffer/enable
		echo >$DD/trigger/current_trigger
		rmdir $DUMMY/srt-dummy
	else
		note "no IIO dummy driver on this kernel (Debian builds none): the loop ran alone on the trigger"
	fi
	t_check "hr: stop" ctl "stop hr"
	t_eq "hr: torn sets 0" 0 "$(pd hr torn)"
	t_eq "hr: one output stage per cycle" "$(st hr cycles)" "$(io hr output_calls)"
	t_check "hr: destroy" ctl "destroy hr"
	t_check "the device takes its own trigger back" \
		sh -c "echo shieldrt-iiosim-drdy >$DEV/trigger/current_trigger"
	# The trigger stays: in Debian's 6.12.117 its rmdir is a
	# use-after-free (industrialio-sw-trigger.c, trigger_drop_group():
	# the hrtimer trigger's remove frees the item, then
	# config_item_put() writes to it), which KASAN reports on the debug
	# kernel.  Nothing of the loop's holds it any more.
	note "the hrtimer trigger srt-hrt is left in configfs: its rmdir is a use-after-free in this kernel"
else
	note "no hrtimer software trigger on this kernel (Debian's 6.1 builds none): the device's own data-ready trigger paced the loops above"
fi

# ---- the trigger stalls ----
T=/sys/kernel/tracing
echo 1 >$T/events/shieldrt/trigger_timeout/enable
echo >$T/trace
# (safe_after: TCG's late cycles must not trip the overrun policy first)
t_check "sl: create (policy=safe, trigger_timeout_us=20000)" \
	ctl "create name=sl cpu=$ISO period_us=1000 mode=external section=raw_spinlock policy=safe safe_after=1000000 trigger_timeout_us=20000 io=iio:in=0:out=0:trigger"
t_check "sl: load the position chain" userctl chain load -l sl /tmp/pos.chain
t_check "sl: start" ctl "start sl"
t_check "sl: target 0.25 rad (a drive away from 0 V)" userctl setpoint -l sl target=0.25
t_wait_ge "sl: 300 cycles" 300 60 st sl cycles
echo 1 >$STALL
if wait_state sl safe 10; then t_ok "sl: safe state once the trigger stalls"; else
	t_fail "sl: safe state once the trigger stalls" "state $(cat $SRT_DBG/sl/state)"; fi
t_eq "sl: safe_reason io" io "$(st sl safe_reason)"
t_ge "sl: the timeout counted" "$(st sl trigger_timeouts)" 1
t_check "sl: and traced" grep -q 'trigger_timeout:.*loop=sl ' $T/trace
t_eq "sl: the DAC holds the safe code (0 V)" 32768 "$(sd dac0_code)"
t_ge "sl: the stalled trigger was counted by the device" "$(sd stalled)" 1
echo 0 >$STALL
echo 0 >$T/events/shieldrt/trigger_timeout/enable
t_check "sl: stop" ctl "stop sl"
t_check "sl: destroy" ctl "destroy sl"

# ---- the device's driver goes, the device goes ----
t_check "ex: create again (raw_spinlock)" \
	ctl "create name=ex cpu=$ISO period_us=1000 mode=external section=raw_spinlock io=iio:in=0:out=0:trigger"
t_check "ex: load the position chain" userctl chain load -l ex /tmp/pos.chain
t_check "ex: start" ctl "start ex"
t_wait_ge "ex: 200 cycles" 200 60 st ex cycles
rmmod shieldrt_iiosim 2>/tmp/rmmod.err
t_eq "rmmod of the device's driver while its buffer is bound: refused" 1 $?
note "rmmod: $(cat /tmp/rmmod.err)"
c0=$(st ex cycles)
t_wait_ge "ex runs on" $((c0 + 100)) 30 st ex cycles
t_check "unbind the device from its driver" sh -c "echo shieldrt-iiosim >$UNBIND"
if wait_state ex safe 10; then t_ok "ex: safe state"; else
	t_fail "ex: safe state" "state $(cat $SRT_DBG/ex/state)"; fi
t_eq "ex: safe_reason io" io "$(st ex safe_reason)"
t_check "ex: the binding is lost" grep -q '^iio .*state=lost' $SRT_DBG/ex/io
t_eq "ex: the provider says so" 1 "$(pd ex lost)"
userctl loop resume ex >/tmp/rs.out 2>&1
t_eq "ex: resume with its device gone: exit 1" 1 $?
t_check "ex: ENODEV, the device named" grep -q "ENODEV.*went away\|went away.*ENODEV" /tmp/rs.out
t_check "ex: stop" ctl "stop ex"
t_check "ex: destroy" ctl "destroy ex"
t_check "rmmod shieldrt_iiosim now" rmmod shieldrt_iiosim

# ---- the provider goes ----
t_check "insmod shieldrt_iiosim again" insmod $SIM map=$MAP
t_check "ex: create again" \
	ctl "create name=ex cpu=$ISO period_us=1000 mode=external section=irqsave io=iio:in=0:out=0:trigger"
t_check "ex: load the position chain" userctl chain load -l ex /tmp/pos.chain
t_check "ex: start" ctl "start ex"
t_check "ex: target 0.3 rad" userctl setpoint -l ex target=0.3
t_wait_ge "ex: 500 cycles" 500 60 st ex cycles
note "before: dac0_code $(sd dac0_code)"
t_check "rmmod shieldrt_iio while bound" rmmod shieldrt_iio
if wait_state ex safe 10; then t_ok "ex: safe state"; else
	t_fail "ex: safe state" "state $(cat $SRT_DBG/ex/state)"; fi
t_eq "ex: safe_reason io" io "$(st ex safe_reason)"
t_eq "ex: the DAC was left at the safe code (0 V)" 32768 "$(sd dac0_code)"
t_check "ex: the binding is gone" grep -q '^iio .*state=gone' $SRT_DBG/ex/io
t_check "the provider's debugfs is gone" sh -c "! test -e $PD"
t_check "ex: stop" ctl "stop ex"
t_check "ex: destroy" ctl "destroy ex"
t_check "rmmod shieldrt_iiosim" rmmod shieldrt_iiosim

# ---- values worked by hand, through both conversions ----
# The plant wires dac0 to adc0 and half of it, negated, to adc1 (volts at
# the pins).  A loop writes 1234 mV: dac0's code is 32768 + 1234 /
# (20000 / 65536) = 36811.57, so 36812, which is 1234.131 mV at the pin;
# adc0 (dac0's format) reads it back as code 36812, adc1 (s16 big-endian,
# 0.305175781 mV) -617.065 mV as code -2022.  A scale or offset misread
# on the way out fails the code, on the way in the read-back.
t_check "insmod shieldrt_iiosim with a plant that wires dac0 to adc0 and adc1" \
	insmod $SIM 'plant="input u;output a b;block p gain in=u out=a k=1;block q gain in=u out=b k=-0.5"' \
	map=lb.in0=adc0,lb.in1=adc1,lb.out0=dac0
t_check "insmod shieldrt_iio" insmod $IIO
printf '%s\n' 'input a b x' 'output u' 'block g gain in=x out=u k=1' >/tmp/wire.chain
t_check "lb: create (hrtimer, in=0-1 out=0)" ctl "create name=lb $C io=iio:in=0-1:out=0"
t_check "lb: load a chain that drives x to dac0" userctl chain load -l lb /tmp/wire.chain
t_check "lb: start" ctl "start lb"
t_check "lb: drive 1234 mV" userctl setpoint -l lb x=1234
t_wait_ge "lb: the DAC holds code 36812" 36812 30 sd dac0_code
t_eq "lb: exactly that code" 36812 "$(sd dac0_code)"
s0=$(sd scans)
t_wait_ge "lb: 100 scans since" $((s0 + 100)) 30 sd scans
userctl record -l lb -d 0.3 -o /tmp/lb.csv >/dev/null 2>&1
note "lb: last record: $(tail -n 1 /tmp/lb.csv)"
t_check "lb: adc0 reads 1234.131 mV back (within 0.1 mV)" near "$(last /tmp/lb.csv in0)" 1234.131 0.1
t_check "lb: adc1 reads -617.065 mV (within 0.1 mV)" near "$(last /tmp/lb.csv in1)" -617.065 0.1
t_check "lb: stop" ctl "stop lb"
t_eq "lb: torn sets 0" 0 "$(pd lb torn)"
t_check "lb: destroy" ctl "destroy lb"
t_check "rmmod shieldrt_iio" rmmod shieldrt_iio
t_check "rmmod shieldrt_iiosim" rmmod shieldrt_iiosim

# ---- a device without a buffer ----
t_check "insmod shieldrt_iiosim unbuffered=1" \
	insmod $SIM unbuffered=1 map=nb.in0=adc0,do.out0=dac0
t_check "insmod shieldrt_iio" insmod $IIO
refused "an input on a device without a buffer" \
	"nb.in0 .* is on a device without a triggered or software buffer" \
	"create name=nb $C io=iio:in=0"
printf '%s\n' 'input x' 'output u' 'block g gain in=x out=u k=1' >/tmp/echo.chain
t_check "do: create (hrtimer, out=0 only)" ctl "create name=do $C io=iio:out=0"
t_check "do: load an echo chain" userctl chain load -l do /tmp/echo.chain
t_check "do: start" ctl "start do"
t_check "do: drive 1234 mV" userctl setpoint -l do x=1234
# 32768 + 1234 / (20000 / 65536) = 36811.57...
t_wait_ge "do: the DAC holds code 36812" 36812 30 sd dac0_code
t_eq "do: exactly that code" 36812 "$(sd dac0_code)"
t_check "rmmod of the driver of an unbuffered device while bound" rmmod shieldrt_iiosim
if wait_state do safe 10; then t_ok "do: safe state"; else
	t_fail "do: safe state" "state $(cat $SRT_DBG/do/state)"; fi
t_eq "do: safe_reason io" io "$(st do safe_reason)"
e0=$(st do io_write_errors) c0=$(st do cycles)
t_wait_ge "do: cycles on in safe state" $((c0 + 50)) 30 st do cycles
t_eq "do: no write errors after (nothing written to a device that is gone)" \
	"$e0" "$(st do io_write_errors)"
t_check "do: stop" ctl "stop do"
t_check "do: destroy" ctl "destroy do"
t_check "rmmod shieldrt_iio" rmmod shieldrt_iio
t_check "no binding file left" sh -c "! test -e $PD"
srt_unload
