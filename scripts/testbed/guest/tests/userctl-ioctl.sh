#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userctl through the control plane (ioctls on /dev/shieldrt) with debugfs
# unmounted: loop, status, hist, flight, chain, setpoint and limits work,
# print the module's reasons when it refuses, and their --json is typed.
# Then, with debugfs back, userctl's texts are the debugfs files' byte for
# byte (those kernel lockdown lets us read).  What userctl checks before
# it asks the module (usage errors) is tested on the host, in
# userctl/tests/cli.sh.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((SRT_NCPUS - 1))
OUT=/tmp/uc.out
DBGMNT=/sys/kernel/debug

uc() { userctl "$@" >$OUT 2>&1; }
has() { grep -q -- "$1" $OUT; }
# state LOOP: its state as "userctl status" lists it
state() { userctl status 2>/dev/null | awk -v n="$1" '$1 == n { print $2 }'; }
# stat LOOP KEY: a number of the loop's stats, from status --json
stat() {
	userctl status --json "$1" 2>/dev/null |
		sed -n "s/.*\"stats\":{[^}]*\"$2\":\([0-9]*\)[,}].*/\1/p"
}
# uc_wait_state LOOP STATE SECONDS
uc_wait_state() {
	local i=0
	while [ $i -lt $(($3 * 10)) ]; do
		[ "$(state "$1")" = "$2" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
debugfs_mounted() { grep -q " $DBGMNT debugfs " /proc/mounts; }
remount() { debugfs_mounted || mount -t debugfs debugfs $DBGMNT; }
# Later tests need debugfs, whatever happens here.
trap remount EXIT

mount -t securityfs none /sys/kernel/security 2>/dev/null
lockdown=$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/security/lockdown 2>/dev/null)
note "kernel lockdown: ${lockdown:-unknown}"

srt_load || exit 1
umount $DBGMNT 2>/dev/null || umount -l $DBGMNT
if debugfs_mounted; then
	t_fail "debugfs unmounted" "$(grep debugfs /proc/mounts)"
else
	t_ok "debugfs unmounted"
fi
t_check "no debugfs files" test ! -e $SRT_DBG/control

# --- loop ----------------------------------------------------------------
uc loop create -l a cpu=$ISO period_us=1000 mode=hrtimer hist_bucket_ns=1024
t_eq "loop create exits 0" 0 $?
uc status
t_eq "status exits 0" 0 $?
t_check "status lists a configured" has "^a  *configured$"
t_check "status header counts 1 loop" has "^# 1 loop$"
uc status -l a
t_check "the settings reached the module (a's config)" sh -c \
	"grep -qx 'cpu=$ISO' $OUT && grep -qx 'period_us=1000' $OUT && grep -qx 'mode=hrtimer' $OUT"
uc loop start -l a
t_eq "loop start exits 0" 0 $?
t_eq "a is running" running "$(state a)"
t_wait_ge "a runs 200 cycles" 200 60 stat a cycles
uc loop stop -l a
t_eq "loop stop exits 0" 0 $?
t_eq "a is stopped" stopped "$(state a)"
uc loop set -l a period_us=2000
t_eq "loop set exits 0" 0 $?
uc status -l a
t_check "loop set reached the module" grep -qx 'period_us=2000' $OUT
uc loop reset -l a
t_eq "loop reset exits 0" 0 $?
t_eq "reset: cycles 0" 0 "$(stat a cycles)"
t_check "set it back: period_us=1000" userctl loop set -l a period_us=1000

# The module's refusals: exit 1 with its reason and the errno's name.
uc loop create -l bad cpu=$ISO period_us=3
t_eq "a setting the module refuses: exit 1" 1 $?
t_check "the module's reason is printed" has "^userctl: create bad: .*period_us"
t_check "with the errno's name" has "(EINVAL)$"
t_check "nothing was left behind" sh -c "! userctl status | grep -q '^bad '"
uc loop create -l a cpu=$ISO
t_eq "create of an existing name: exit 1" 1 $?
t_check "EEXIST" has "(EEXIST)"
uc loop start -l nosuch
t_eq "start of an unknown loop: exit 1" 1 $?
t_check "the reason names it, ENOENT" has "nosuch.*(ENOENT)"
uc loop set -l a cpu=$ISO nosuchkey=1
t_eq "an unknown key: exit 1" 1 $?
t_check "the reason names the key" has "nosuchkey"
uc loop set -l a period_us=2000x
t_eq "a bad value: exit 1" 1 $?
t_check "a bad value: config unchanged" sh -c \
	"userctl status -l a | grep -qx 'period_us=1000'"
L15=abcdefghijklmno
uc loop create -l $L15 cpu=$ISO period_us=1000
t_eq "a 15-character name is created" 0 $?

# create --start: running at once
uc loop create -l b cpu=$ISO period_us=2000 mode=hrtimer --start
t_eq "loop create --start exits 0" 0 $?
t_eq "b is running" running "$(state b)"
# a poll loop needs its CPU alone: it cannot start beside b
uc loop create -l c cpu=$ISO period_us=1000 mode=poll force=1 --start
t_eq "create --start that cannot start: exit 1" 1 $?
t_check "the reason: the CPU is busy (EBUSY)" has "busy.*(EBUSY)$"
t_check "and no loop c is left behind" sh -c "! userctl status | grep -q '^c '"
t_check "stop b" userctl loop stop -l b

# --- status --------------------------------------------------------------
t_check "start a" userctl loop start -l a
t_wait_ge "a runs 100 cycles" 100 60 stat a cycles
uc status
t_check "status lists a running" has "^a  *running$"
t_check "status lists b stopped" has "^b  *stopped$"
t_check "status header counts 3 loops" has "^# 3 loops$"
uc status -l a
t_eq "status a exits 0" 0 $?
t_check "status a shows stats" has "^cycles: [0-9][0-9]*$"
t_check "status a shows the sections" sh -c \
	"grep -qx '# a state' $OUT && grep -qx '# a config' $OUT && grep -qx '# a stats' $OUT && grep -qx '# a preflight' $OUT && grep -qx '# a dataplane' $OUT"
uc status --json -l a
t_check "status --json a: config parsed to numbers and names" sh -c \
	"grep -q '\"config\":{[^}]*\"cpu\":$ISO,' $OUT && grep -q '\"config\":{[^}]*\"mode\":\"hrtimer\"' $OUT"
t_check "status --json a: state running, stats numbers" sh -c \
	"grep -q '^{\"name\":\"a\",\"state\":\"running\",' $OUT && grep -q '\"stats\":{[^}]*\"cycles\":[0-9][0-9]*,' $OUT"
t_check "status --json a: a metric is an object of numbers" has \
	'"irq_latency_ns":{"count":[0-9]*,"min":[0-9]*,"avg":[0-9]*,"max":[0-9]*,"p99":[0-9]*,"p999":[0-9]*,"p99_past":false,"p999_past":false,"std":[0-9]*,"over":[0-9]*,"buckets_short":false}'
t_check "status --json a: percentages are numbers" has '"cpu_pct":[0-9][0-9]*\.[0-9],'
t_check "status --json a: mode, section, safe_reason as names" sh -c \
	"grep -q '\"stats\":{[^}]*\"mode\":\"hrtimer\"' $OUT && grep -q '\"section\":\"none\"' $OUT && grep -q '\"safe_reason\":\"none\"' $OUT"
t_check "status --json a: the histogram layout" \
	has '"hist_bucket_ns":1024,"hist_sub_bits":7,"hist_range_ns":4398046511103,'
uc status -j
t_eq "status -j lists the loops by name" "a $L15 b" \
	"$(grep -o '[[,]{"name":"[^"]*"' $OUT | cut -d'"' -f4 | tr '\n' ' ' | sed 's/ $//')"
uc status -l nosuch
t_eq "status of a missing loop: exit 1" 1 $?
t_check "status of a missing loop: says so" has "no such loop 'nosuch'"

# --- setpoint and limits: safe state and resume ----------------------------
uc limits -l a "out=0 max=1"
t_eq "limits out=0 max=1 exits 0" 0 $?
uc limits -l a
t_check "limits shows the table" has "^out=0 min=-inf max=1$"
uc limits -l a --json
t_check "limits --json: objects, inf as a string" has \
	'"limits":\[{"out":0,"min":"-inf","max":1}\]'
uc limits -l a "out=0 min=2 max=1"
t_eq "limits the module refuses: exit 1" 1 $?
t_check "limits: the module's reason" has "^userctl: limits a: .*(EINVAL)$"
t_check "setpoint 0=2 (above max)" userctl setpoint -l a 0=2
if uc_wait_state a safe 20; then t_ok "a trips into safe state"; else
	t_fail "a trips into safe state" "state $(state a)"; fi
uc status --json -l a
t_check "safe_reason limit, by name" has '"safe_reason":"limit"'
t_check "limits -l a clear" userctl limits -l a clear
uc loop resume -l a
t_eq "loop resume exits 0" 0 $?
if uc_wait_state a running 20; then t_ok "a runs again"; else
	t_fail "a runs again" "state $(state a)"; fi
uc loop resume -l a
t_eq "resume of a loop not in safe state: exit 1" 1 $?

# --- hist ------------------------------------------------------------------
t_check "stop a" userctl loop stop -l a
uc hist -l a
t_eq "hist exits 0" 0 $?
t_check "hist: the module's header" has \
	"^# shieldrt histogram: loop a, hrtimer, cpu $ISO, period 1000000 ns$"
t_check "hist: the layout" has "^# Time unit is nanoseconds (ns), bucket size 1024 ns up to 262144 ns, then 128 per power of two up to 4398046511103 ns$"
t_check "hist: the Index row" has \
	"^Index  *IRQ  *Thr  *Late  *Compute  *Slack  *Noise  *Section  *LockWait$"
t_check "hist: the summary rows" sh -c \
	"grep -q '^over: ' $OUT && grep -q '^count: ' $OUT && grep -q '^std: ' $OUT && grep -q '^max: ' $OUT"
cp $OUT /tmp/hist.txt
uc hist --json -l a
cp $OUT /tmp/hist.json
t_check "hist --json: columns" has \
	'"columns":\["IRQ","Thr","Late","Compute","Slack","Noise","Section","LockWait"\]'
t_check "hist --json: the layout its own numbers" \
	has '"bucket_ns":1024,"sub_bits":7,"nr_buckets":3328,"range_ns":4398046511103,'
t_check "hist --json: the header lines" has \
	'"header":\["shieldrt histogram: loop a, hrtimer, cpu '"$ISO"', period 1000000 ns","Time unit is nanoseconds (ns), bucket size 1024 ns up to 262144 ns, then 128 per power of two up to 4398046511103 ns","Duration: '
# Every bucket row: its lower and upper edge (multiples of bucket_ns, 1024
# apart below 262144 ns, at most 1/128 of the lower edge above) and 8
# counts; per column, buckets plus over: add up to count: (a stopped loop).
sums=$(awk '{
	b = $0; sub(/.*"buckets":\[\[/, "", b); sub(/\]\],"over".*/, "", b)
	o = $0; sub(/.*"over":\[/, "", o); sub(/\].*/, "", o)
	c = $0; sub(/.*"count":\[/, "", c); sub(/\].*/, "", c)
	nr = split(b, rows, /\],\[/)
	for (r = 1; r <= nr; r++) {
		n = split(rows[r], f, ",")
		w = f[2] - f[1]
		if (n != 10 || f[1] % 1024 || w <= 0 || w % 1024) bad++
		if (f[1] < 262144 ? w != 1024 : w * 128 > f[1]) bad++
		for (i = 3; i <= n; i++) s[i - 2] += f[i]
	}
	split(o, ov, ","); split(c, cn, ",")
	for (i = 1; i <= 8; i++) if (s[i] + ov[i] != cn[i]) bad++
	print nr, bad + 0, cn[1]
}' /tmp/hist.json)
note "hist --json: rows, mismatches, IRQ count: $sums"
t_eq "hist --json: rows of 10 integers, buckets + over = count" 0 \
	"$(echo "$sums" | cut -d' ' -f2)"
t_ge "hist --json: samples counted" "$(echo "$sums" | cut -d' ' -f3)" 100
t_check "hist --json: summary rows, percentiles too" sh -c \
	"grep -q '\"avg\":\[[0-9,]*\]' $OUT && grep -q '\"p999\":\[[0-9,]*\]' $OUT"
# A range of 255 ns (256 buckets of 1 ns): TCG's latencies lie past it,
# so the percentiles are only bounds, and say so.
t_check "create r (range 255 ns)" userctl loop create -l r cpu=$ISO \
	period_us=1000 mode=hrtimer hist_bucket_ns=1 hist_buckets=256
t_check "start r" userctl loop start -l r
t_wait_ge "r runs 100 cycles" 100 60 stat r cycles
t_check "stop r" userctl loop stop -l r
uc status -l r
t_check "status r: a p99 past the range prints as >255" \
	has '^thread_latency_ns: count=[0-9]* min=[0-9]* avg=[0-9]* max=[0-9]* p99=>255 p999=>255 std=[0-9]*$'
uc status --json -l r
t_check "status --json r: the bound and its flag" \
	has '"thread_latency_ns":{[^}]*"p99":255,"p999":255,"p99_past":true,"p999_past":true,'
uc hist --json -l r
t_check "hist --json r: p99_past per column" has '"p99_past":\[[a-z,]*true'
# 256 buckets are all linear: the layout line has no log part
uc hist -l r
t_check "hist r: the layout, linear only" has \
	"^# Time unit is nanoseconds (ns), bucket size 1 ns up to 255 ns$"
t_check "destroy r" userctl loop destroy -l r
t_check "create r1 (one bucket of 8 ns)" userctl loop create -l r1 cpu=$ISO \
	period_us=1000 mode=hrtimer hist_bucket_ns=8 hist_buckets=1
uc hist -l r1
t_check "hist r1: the layout, one bucket" has \
	"^# Time unit is nanoseconds (ns), bucket size 8 ns up to 7 ns$"
t_check "destroy r1" userctl loop destroy -l r1
uc hist -l nosuch
t_eq "hist of a missing loop: exit 1" 1 $?
t_check "hist of a missing loop: says so" has "no such loop 'nosuch'"

# --- flight ----------------------------------------------------------------
t_check "create f (flight_cycles=64 flight_post=16)" userctl loop create -l f \
	cpu=$ISO period_us=1000 mode=hrtimer policy=catchup \
	catchup_max=1000000 flight_cycles=64 flight_post=16
uc flight -l f
t_check "flight before the first start" has \
	"^loop f: flight recorder loop=f state=armed size=64 post=16 (ring allocated at start) triggers=overrun,safe,manual$"
t_check "flight -T none" userctl flight -l f -T none
t_check "start f" userctl loop start -l f
t_wait_ge "f runs 100 cycles" 100 60 stat f cycles
uc flight -l f
t_check "flight: armed, only manual" has \
	"^loop f: flight recorder loop=f state=armed size=64 post=16 triggers=manual signals=16 record_bytes=216 ring_bytes=13824$"
uc flight -l f --trigger --wait 30
t_eq "flight --trigger --wait 30 exits 0" 0 $?
t_check "frozen on the manual trigger" has \
	"^# loop f: loop=f state=frozen trigger=manual trigger_cycle=[0-9]* records=64 size=64 before=47 after=16 lost=0 ignored_triggers=0 short=0 signals=16 record_bytes=216 ring_bytes=13824$"
t_check "64 records, no gaps" has "^# 64 records, 0 gaps"
tc=$(sed -n 's/.* trigger_cycle=\([0-9]*\) .*/\1/p' $OUT)
t_check "the trigger cycle $tc is marked" has "^\* *$tc "
uc flight -l f --json
t_check "flight --json: names and numbers" has \
	'"state":"frozen","trigger":"manual","triggers":\["manual"\],"size":64,"post":16,'
t_eq "flight --json: 64 cycle objects" 64 "$(grep -o '"deadline_ns"' $OUT | wc -l)"
t_check "flight --json: the window's numbers" has \
	"\"trigger_cycle\":$tc,\"records\":64,\"before\":47,\"after\":16,\"lost\":0,\"short\":false,\"gaps\":0,"
uc flight -l f --trigger
t_eq "a trigger while frozen: exit 1" 1 $?
t_check "the module says why" has "rearm first"
t_check "flight --rearm" userctl flight -l f --rearm
uc flight -l f
t_check "re-armed" has "state=armed size=64 post=16 triggers=manual signals=16 record_bytes=216 ring_bytes=13824$"
uc flight -l nope
t_eq "flight of an unknown loop: exit 1" 1 $?
t_check "flight of an unknown loop: says so" has "no such loop 'nope'"
t_check "destroy f" userctl loop destroy -l f

# --- chain and setpoint by name ----------------------------------------------
printf 'input x\noutput y\nblock g gain in=x out=y k=2\n' >/tmp/g.chain
uc chain load -l b /tmp/g.chain
t_eq "chain load exits 0" 0 $?
uc chain show -l b
t_check "chain show: the chain" has "block g gain"
printf 'input x\noutput y\nblock g nosuch in=x out=y\n' >/tmp/bad.chain
uc chain load -l b /tmp/bad.chain
t_eq "a bad chain: exit 1" 1 $?
t_check "the module's reason, line 3" has "^userctl: chain load b: line 3:"
t_check "start b" userctl loop start -l b
uc setpoint -l b x=1.5
t_eq "setpoint by name (the blocks view)" 0 $?
uc setpoint -l b nosuch=1
t_check "setpoint: no such input" has "no chain input 'nosuch'"
uc chain load -l b /tmp/g.chain
t_eq "chain load into a running loop: exit 1" 1 $?
t_check "chain stage g.k=3" userctl chain stage -l b g.k=3
uc chain show -l b -p
t_check "chain show -p: staged" has "staged (1 assignments"
uc chain commit -l b
t_check "chain commit: generation and cycle" has \
	"^committed generation 1 at cycle [0-9][0-9]*$"
uc chain show -l b
t_check "the running chain has k=3" has "block g gain.*k=3"
t_check "chain stage g.k=4" userctl chain stage -l b g.k=4
uc chain commit -l b --json
t_check "chain commit --json" has '^{"loop":"b","generation":2,"cycle":[0-9][0-9]*}$'
uc chain commit -l b
t_eq "commit with nothing staged: exit 1" 1 $?
t_check "commit with nothing staged: the reason" has "nothing staged"
t_check "stop b" userctl loop stop -l b
uc chain unload -l b
t_eq "chain unload exits 0" 0 $?
uc chain show -l b --json
t_check "chain show --json: no chain" has '"chain":"# no chain'

# --- privilege: changes need CAP_SYS_ADMIN, reading the fd only -----------
if grep -q '^nobody:' /etc/passwd 2>/dev/null ||
   echo 'nobody:x:65534:65534:nobody:/:/bin/sh' >>/etc/passwd; then
	chmod 0666 /dev/shieldrt
	su -s /bin/sh nobody -c "userctl status -l a" >$OUT 2>&1
	t_eq "unprivileged status: exit 0" 0 $?
	su -s /bin/sh nobody -c "userctl loop destroy -l a" >$OUT 2>&1
	t_eq "unprivileged destroy: exit 1" 1 $?
	t_check "unprivileged destroy: EPERM and why" has "(EPERM); changes need CAP_SYS_ADMIN"
	t_eq "a is still there" stopped "$(state a)"
	chmod 0660 /dev/shieldrt
else
	t_skip "unprivileged requests" "cannot add a user"
fi

# --- debugfs back: userctl's texts are its files' --------------------------
t_check "mount debugfs again" mount -t debugfs debugfs $DBGMNT
t_check "hist a is the hist file, byte for byte" cmp /tmp/hist.txt $SRT_DBG/a/hist
userctl status -l a >/tmp/status.txt 2>&1
if [ "${lockdown:-none}" = none ]; then
	for f in state config stats io dataplane preflight last_error; do
		v=$(cat $SRT_DBG/a/$f)
		[ -z "$v" ] || printf '# a %s\n%s\n' "$f" "$v"
	done >/tmp/status.want
	t_check "status a is the loop's files" cmp /tmp/status.want /tmp/status.txt
	userctl chain show -l b >$OUT 2>&1
	t_check "chain show is the blocks file" cmp $OUT $SRT_DBG/b/blocks
	userctl limits -l a >$OUT 2>&1
	t_check "limits is the limits file" cmp $OUT $SRT_DBG/a/limits
else
	t_check "lockdown $lockdown: a debugfs write is refused" \
		sh -c "! echo 'destroy a' >$SRT_DBG/control"
	t_check "lockdown $lockdown: the stats file (read-only) is status's" \
		sh -c "awk '/^# a stats$/ { s = 1; next } /^# / { s = 0 } s' /tmp/status.txt | cmp - $SRT_DBG/a/stats"
fi

# --- shield audit: the lockdown line agrees --------------------------------
cpus=${SRT_ISOLATED:-$((SRT_NCPUS - 1))}
userctl shield audit --cpus "$cpus" >$OUT 2>&1
note "$(grep -A1 'kernel.lockdown' $OUT | tr '\n' ' ')"
case ${lockdown:-unknown} in
none) t_check "audit: lockdown none passes" has "^PASS  kernel.lockdown  *none" ;;
unknown) t_check "audit: lockdown state unknown or no LSM" \
	sh -c "grep -q '^SKIP  kernel.lockdown ' $OUT || grep -q '^PASS  kernel.lockdown  *no lockdown LSM' $OUT" ;;
*) t_check "audit: lockdown $lockdown is a WARN with its remedy" sh -c \
	"grep -q '^WARN  kernel.lockdown  *$lockdown: debugfs refuses writes' $OUT && grep -q 'fix: userctl needs no debugfs' $OUT" ;;
esac

for l in a b $L15; do
	t_check "destroy $l" userctl loop destroy -l $l
done
uc status
t_check "no loops left" has "^# 0 loops$"
srt_unload
