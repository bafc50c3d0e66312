# SPDX-License-Identifier: GPL-2.0
# Helpers for guest tests (busybox sh).  Each helper prints one TAP line;
# the host numbers them, counts them and fails the run on any "not ok".
# Sourced by every test as /srt/lib.sh.

SRT_MOD=/lib/shieldrt/shieldrt.ko
SRT_TESTMOD=/lib/shieldrt/shieldrt_test.ko
SRT_DBG=/sys/kernel/debug/shieldrt

note() { echo "# $*"; }
t_ok() { echo "ok - $1"; }
t_fail() { echo "not ok - $1${2:+ # $2}"; }
t_skip() { echo "ok - $1 # SKIP ${2:-}"; }

# t_check DESC CMD...: ok iff CMD exits 0 (its output goes to the log)
t_check() {
	local desc=$1 out
	shift
	if out=$("$@" 2>&1); then
		t_ok "$desc"
	else
		# the whole output, as TAP comments: the failure may not be last
		echo "$out" | tail -n 40 | sed 's/^/# /'
		t_fail "$desc" "'$*' failed: $(echo "$out" | tail -n 1)"
	fi
}

# t_eq DESC EXPECTED ACTUAL
t_eq() {
	if [ "$2" = "$3" ]; then t_ok "$1"; else t_fail "$1" "expected '$2', got '$3'"; fi
}

_is_int() { case $1 in ''|*[!0-9-]*) return 1 ;; esac; }

# t_ge DESC A B: ok iff integers A >= B
t_ge() {
	if _is_int "$2" && _is_int "$3" && [ "$2" -ge "$3" ]; then
		t_ok "$1"
	else
		t_fail "$1" "expected $2 >= $3"
	fi
}

# t_le DESC A B: ok iff integers A <= B
t_le() {
	if _is_int "$2" && _is_int "$3" && [ "$2" -le "$3" ]; then
		t_ok "$1"
	else
		t_fail "$1" "expected $2 <= $3"
	fi
}

# t_wait_ge DESC N TIMEOUT CMD...: ok once CMD prints an integer >= N,
# polled for up to TIMEOUT seconds.  For progress ("the loop ran 100
# cycles"), never for a rate: how fast TCG runs follows the host's load.
t_wait_ge() {
	local desc=$1 n=$2 limit=$3 v="" end
	shift 3
	end=$(($(date +%s) + limit))
	while :; do
		v=$("$@" 2>/dev/null)
		if _is_int "$v" && [ "$v" -ge "$n" ]; then
			t_ok "$desc"
			return 0
		fi
		[ "$(date +%s)" -lt "$end" ] || break
		sleep 0.2
	done
	t_fail "$desc" "expected >= $n within ${limit}s, last '$v'"
}

# ctl LINE: one line to the control file (its exit status is the write's)
ctl() { echo "$*" >$SRT_DBG/control; }

# st LOOP KEY: KEY's value in LOOP's stats, empty if it has none
st() { awk -v k="$2:" '$1 == k { print $2 }' "$SRT_DBG/$1/stats"; }

# wait_state LOOP STATE SECONDS: 0 once LOOP's state file says STATE,
# polled every 0.1 s; 1 if it did not within SECONDS.
wait_state() {
	local i=0
	while [ $i -lt $(($3 * 10)) ]; do
		[ "$(cat "$SRT_DBG/$1/state" 2>/dev/null)" = "$2" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

srt_load() {
	if insmod "$SRT_MOD" "$@"; then
		t_ok "insmod shieldrt $*"
	else
		t_fail "insmod shieldrt $*"
		return 1
	fi
}

srt_unload() {
	if rmmod shieldrt; then
		t_ok "rmmod shieldrt"
	else
		t_fail "rmmod shieldrt"
		return 1
	fi
}

# The first CPU of a list like "1", "2-3" or "1,3"
first_cpu() { echo "${1%%[,-]*}"; }

# offlinable_cpu [FIRST]: a CPU that may go offline here (tried: offline,
# then online again), FIRST preferred; nothing when none may.  x86 keeps
# its boot CPU, and a nohz_full kernel the CPU doing the tick duty.
offlinable_cpu() {
	local c f
	for c in $1 $(seq 1 $((SRT_NCPUS - 1))); do
		f=/sys/devices/system/cpu/cpu$c/online
		[ -w "$f" ] || continue
		if echo 0 >"$f" 2>/dev/null; then
			echo 1 >"$f"
			echo "$c"
			return 0
		fi
	done
}

# srt_control_fuzz [ARGS]: control_fuzz (userctl/tests/control_fuzz.c)
# on the loaded module with no loop present, ARGS added (-n/-w: counted
# random requests, seeded with SRT_FUZZ_SEED when it is set, to replay a
# run); its TAP relayed ("ok N - " becomes "ok - "), and a run that stops
# early or fails without saying fails too.
srt_control_fuzz() {
	local cpu rc n
	cpu=$(first_cpu "$SRT_ISOLATED")
	[ -n "$cpu" ] || cpu=$((SRT_NCPUS - 1))
	control_fuzz -c "$cpu" ${SRT_FUZZ_SEED:+-s "$SRT_FUZZ_SEED"} "$@" \
		>/tmp/cf.out 2>/tmp/cf.err
	rc=$?
	sed -e 's/^ok [0-9]* - /ok - /' -e 's/^not ok [0-9]* - /not ok - /' \
		-e '/^1\.\.[0-9]*$/d' /tmp/cf.out
	sed 's/^/# stderr: /' /tmp/cf.err
	n=$(grep -c '^\(not \)\{0,1\}ok ' /tmp/cf.out)
	if grep -q '^1\.\.[0-9]*$' /tmp/cf.out; then
		t_ok "control_fuzz ran to its end: $n cases, exit status $rc"
	else
		t_fail "control_fuzz ran to its end" "exit status $rc after $n cases"
	fi
	if [ "$rc" -ne 0 ] && ! grep -q '^not ok ' /tmp/cf.out; then
		t_fail "control_fuzz exit status" "$rc without a failing case"
	fi
}

# json_ok FILE: one JSON value: starts with { or [, ends with } or ], and
# its brackets balance outside strings.
json_ok() {
	awk '
	{ text = text $0 "\n" }
	END {
		gsub(/\\\\/, "", text); gsub(/\\"/, "", text)
		gsub(/"[^"]*"/, "\"\"", text)
		if (text !~ /^[ \t\n]*[{[]/ || text !~ /[]}][ \t\n]*$/) exit 1
		d = 0
		for (i = 1; i <= length(text); i++) {
			c = substr(text, i, 1)
			if (c == "{" || c == "[") d++
			if (c == "}" || c == "]") d--
			if (d < 0) exit 1
		}
		exit d != 0
	}' "$1"
}

# t_run DESC FILE CMD...: ok iff CMD exits 0; its output is kept in FILE.
t_run() {
	local desc=$1 file=$2
	shift 2
	if "$@" >"$file" 2>&1; then
		t_ok "$desc"
	else
		t_fail "$desc" "'$*': $(tail -n 1 "$file")"
	fi
}

# srt_user_workflow LOOP: issue 12's user workflow with userctl (loop
# create, chain load, start, setpoint, status --json, hist --json, flight,
# stop, destroy) on the loaded module, one TAP line per step.
srt_user_workflow() {
	local l=$1 cpu
	cpu=$(first_cpu "$SRT_ISOLATED")
	[ -n "$cpu" ] || cpu=$((SRT_NCPUS - 1))
	t_run "$l: loop create" /tmp/wf.out \
		userctl loop create -l "$l" cpu="$cpu" period_us=1000 mode=hrtimer
	t_run "$l: chain load" /tmp/wf.out \
		userctl chain load -l "$l" /srt/chains/demo-motor.chain
	t_run "$l: loop start" /tmp/wf.out userctl loop start -l "$l"
	t_run "$l: setpoint by input name" /tmp/wf.out \
		userctl setpoint -l "$l" target=1.5
	t_run "$l: setpoint by index" /tmp/wf.out userctl setpoint -l "$l" 0=1.5
	sleep 1

	t_run "$l: status --json" /tmp/wf.status userctl status --json
	t_check "$l: status --json is JSON" json_ok /tmp/wf.status
	t_check "$l: status --json lists the loop" grep -q "\"$l\"" /tmp/wf.status
	t_run "$l: status -l $l --json" /tmp/wf.st userctl status -l "$l" --json
	t_check "$l: status -l $l --json is JSON" json_ok /tmp/wf.st
	t_check "$l: status -l $l --json: the loop runs" grep -q '"running"' /tmp/wf.st
	t_check "$l: status -l $l --json: cycles is an integer" \
		grep -Eq '"cycles": *[0-9]+ *[,}]?' /tmp/wf.st
	note "status -l $l --json: $(head -c 600 /tmp/wf.st | tr '\n' ' ')"

	t_run "$l: hist -l $l --json" /tmp/wf.hist userctl hist -l "$l" --json
	t_check "$l: hist --json is JSON" json_ok /tmp/wf.hist
	t_check "$l: hist --json: the bucket size in ns as a number" \
		grep -Eq '"bucket_ns": *[0-9]+' /tmp/wf.hist
	note "hist -l $l --json: $(head -c 400 /tmp/wf.hist | tr '\n' ' ')"

	# an overrun at the start (TCG) may have frozen the recorder already:
	# only the manual trigger from here on, and a fresh window
	t_run "$l: flight --triggers none --rearm" /tmp/wf.out \
		userctl flight -l "$l" --triggers none --rearm
	# an overrun just before may still be recording its post cycles
	# (state=triggered; a trigger then is refused): let it freeze, rearm
	if grep -q 'state=triggered' /tmp/wf.out; then
		t_run "$l: flight: the overrun's window freezes, --rearm" \
			/tmp/wf.out userctl flight -l "$l" --wait 10 --rearm
	fi
	t_run "$l: flight --trigger --wait 10" /tmp/wf.fl \
		userctl flight -l "$l" --trigger --wait 10
	t_check "$l: flight: the window marks the trigger cycle" grep -q '\*' /tmp/wf.fl
	t_run "$l: flight --json" /tmp/wf.flj userctl flight -l "$l" --json
	t_check "$l: flight --json is JSON" json_ok /tmp/wf.flj
	t_run "$l: flight --rearm" /tmp/wf.out userctl flight -l "$l" --rearm

	t_run "$l: loop stop" /tmp/wf.out userctl loop stop -l "$l"
	t_run "$l: loop destroy" /tmp/wf.out userctl loop destroy -l "$l"
	userctl status --json >/tmp/wf.status 2>&1
	t_check "$l: the loop is gone" sh -c "! grep -q '\"$l\"' /tmp/wf.status"
	if userctl loop destroy -l "$l" >/tmp/wf.out 2>&1; then
		t_fail "$l: a second destroy fails"
	else
		t_ok "$l: a second destroy fails"
	fi
	t_check "$l: and says why" grep -q . /tmp/wf.out
}

# srt_export FILE [NAME]: FILE's text on the console between markers, with
# its line count; scripts/testbed/vm-run --export DIR writes it back as
# DIR/NAME.
# Straight to the console: it stays out of the TAP results.
srt_export() {
	local name=${2:-${1##*/}}
	{
		echo "SRT-FILE-BEGIN $name $(wc -l <"$1")"
		cat "$1"
		echo "SRT-FILE-END $name"
	} >/dev/console
}

# ---- the two-node demo (scripts/testbed/demo --nodes 2: demo/rfm-*.sh)

RFM_KO=/lib/shieldrt/shieldrt_rfm.ko
RFM_DBG=/sys/kernel/debug/shieldrt_rfm
# 250 cycles (250 ms at 1 kHz): under TCG, with two VMs on two host cores,
# a vCPU descheduled for tens of ms is ordinary; on hardware a few cycles.
RFM_STALE_LIMIT=250
# rfm_rst NODE KEY: a value of remote NODE in the provider's status (or
# in the copy RFM_SNAP names)
rfm_rst() {
	sed -n "s/^remote: node=$1 .* $2=\([0-9-]*\).*/\1/p" "${RFM_SNAP:-$RFM_DBG/status}" 2>/dev/null
}

# rfm_own KEY: a value of this node's own line in the provider's status
rfm_own() {
	sed -n "s/^own:.* $1=\([0-9-]*\).*/\1/p" "$RFM_DBG/status" 2>/dev/null
}

# The area of the shared memory rfm_clocksync uses: past every layout the
# demo and the bench put in it (at 0, and 64 KiB apart per rate).
RFM_SYNC_AREA=0xf0000

# rfm_clock_sync NODE NODES ROUND set|check: the nodes' CLOCK_REALTIME
# (and TAI) aligned to node 0's through the shared memory, or only
# measured; before shieldrt_rfm holds the BAR.  RFM_SYNC_NS: the
# residual error bound it printed (half the best round trip).
rfm_clock_sync() {
	local out=/tmp/clocksync.out
	if rfm_clocksync "/sys/bus/pci/devices/$SRT_PCI_IVSHMEM/resource2" \
		$RFM_SYNC_AREA "$@" >$out 2>&1; then
		note "$(cat $out)"
		RFM_SYNC_NS=$(sed -n 's/.* within \([0-9]*\) ns .*/\1/p' $out)
	else
		t_fail "rfm_clocksync $*" "$(cat $out)"
		return 1
	fi
}

# rfm_up NODE IN: shieldrt and shieldrt_rfm as NODE of 2, inputs IN, the
# clocks aligned to node 0's first
rfm_up() {
	rfm_clock_sync "$1" 2 1 set || return 1
	insmod $SRT_MOD || { t_fail "insmod shieldrt"; return 1; }
	if ! insmod $RFM_KO addr="$SRT_PCI_IVSHMEM" bar=2 nodes=2 node="$1" \
		signals=2 in="$2" stale_limit=$RFM_STALE_LIMIT; then
		t_fail "insmod shieldrt_rfm node=$1"
		return 1
	fi
	echo 1 >/sys/kernel/tracing/events/shieldrt_rfm/rfm_stale/enable
	echo 1 >/sys/kernel/tracing/events/shieldrt/safe_state/enable
	note "node $1 on $(uname -r) ($SRT_ARCH); $(grep ^layout: $RFM_DBG/status)"
}

# rfm_wait_peer NODE LOOP: until NODE's block changed twice (a writer is
# alive, not a leftover block), then out of the safe state its absence
# put LOOP in.
rfm_wait_peer() {
	local i=0 f
	while f=$(rfm_rst "$1" fresh); [ "${f:-0}" -lt 2 ]; do
		i=$((i + 1))
		if [ $i -gt 3000 ]; then
			t_fail "node $1 came up" "no fresh block in 300 s"
			return 1
		fi
		sleep 0.1
	done
	t_ok "node $1 came up (its block is fresh)"
	if [ "$(cat "$SRT_DBG/$2/state")" = safe ]; then
		note "$2 went safe ($(awk '$1 == "safe_reason:" { print $2 }' "$SRT_DBG/$2/stats")) while node $1 was away: resume"
		userctl loop resume -l "$2" || { t_fail "resume $2"; return 1; }
	fi
	# the figures from here on: not the wait for the other node
	echo 1 >$RFM_DBG/reset
}

# rfm_summary NODE LOOP: cycles, the peer's fresh/stale/torn, data age,
# round trip; from one copy of the status
rfm_summary() {
	local RFM_SNAP=/tmp/rfm-summary.txt
	cat $RFM_DBG/status >$RFM_SNAP
	note "$2: cycles $(awk '$1 == "cycles:" { print $2 }' "$SRT_DBG/$2/stats"), node $1's block:" \
		"fresh $(rfm_rst "$1" fresh) stale $(rfm_rst "$1" stale) torn $(rfm_rst "$1" torn)" \
		"(retried whole: $(rfm_rst "$1" retries)) corrupt $(rfm_rst "$1" corrupt) gone $(rfm_rst "$1" gone)" \
		"badid $(rfm_rst "$1" badid) backwards $(rfm_rst "$1" backwards)"
	note "  data age, cycles: p50 $(rfm_rst "$1" age_cycles_p50) p99 $(rfm_rst "$1" age_cycles_p99) max $(rfm_rst "$1" age_cycles_max)"
	note "  round trip through node $1 (echoes: $(rfm_rst "$1" rtt_cycles_n)), cycles: p50 $(rfm_rst "$1" rtt_cycles_p50) p99 $(rfm_rst "$1" rtt_cycles_p99) max $(rfm_rst "$1" rtt_cycles_max);" \
		"us (this node's clock): p50 $(($(rfm_rst "$1" rtt_ns_p50) / 1000)) p99 $(($(rfm_rst "$1" rtt_ns_p99) / 1000)) max $(($(rfm_rst "$1" rtt_ns_max) / 1000))"
	note "  data age, us:     p50 $(($(rfm_rst "$1" age_ns_p50) / 1000)) p99 $(($(rfm_rst "$1" age_ns_p99) / 1000)) max $(($(rfm_rst "$1" age_ns_max) / 1000))" \
		"(the clocks aligned by rfm_clocksync within ${RFM_SYNC_NS:-the other node's bound} ns at the start; $(rfm_rst "$1" future) fresh blocks stamped ahead of this clock)"
	note "  $(grep ^own: $RFM_SNAP | sed 's/ phase_abs_ns_p50.*//')"
}

# bar_phys BDF N: the physical start address of BAR N, from sysfs ("" if
# the device has no such line; 0x0... if the BAR is not assigned)
bar_phys() {
	sed -n "$(($2 + 1))p" "/sys/bus/pci/devices/$1/resource" | awk '{ print $1 }'
}
# pci_mem_on BDF: the device decodes memory (its command register's
# Memory Space bit, config byte 4, bit 1)
pci_mem_on() {
	local b
	b=$(od -An -tu1 -j4 -N1 "/sys/bus/pci/devices/$1/config" 2>/dev/null | tr -d ' ')
	[ -n "$b" ] && [ $((b & 2)) -ne 0 ]
}
# pci_mem_enable BDF: make the device decode memory for a test that
# reads or writes its BARs through /dev/mem without a driver; prints 1 if
# it enabled the device (pci_mem_restore undoes that), 0 if it already
# decoded.  Where the kernel and not firmware assigned the BARs (armhf's
# virt board on 6.1) decoding is off until a driver or this enables the
# device.  Where firmware did (x86) it is on, and the enable is skipped:
# on the x86 debug kernels enabling a device with an interrupt pin
# evaluates ACPI's _PRT, 30-60 s under TCG.
pci_mem_enable() {
	if pci_mem_on "$1"; then
		echo 0
	else
		echo 1 >"/sys/bus/pci/devices/$1/enable" && echo 1
	fi
}
# pci_mem_restore BDF WHAT: WHAT is what pci_mem_enable printed
pci_mem_restore() {
	[ "$2" != 1 ] || echo 0 >"/sys/bus/pci/devices/$1/enable"
}
# new_log N: the kernel log after its first N lines, timestamps removed
new_log() { dmesg | tail -n +$(($1 + 1)) | sed 's/^\[[^]]*\] //'; }

# insmod_refused KO MODULE STRICT DESC EXPECTED-LOG-TEXT PARAMS...: insmod
# KO PARAMS must fail, leave MODULE unloaded and log EXPECTED-LOG-TEXT;
# with STRICT 1 the log must hold nothing but MODULE's lines and that
# text (nothing touched the device).
insmod_refused() {
	local ko=$1 mod=$2 strict=$3 desc=$4 want=$5 n log
	shift 5
	n=$(dmesg | wc -l)
	if insmod "$ko" "$@" 2>/dev/null; then
		t_fail "refused: $desc" "insmod $* succeeded"
		rmmod "$mod"
		return
	fi
	log=$(new_log "$n")
	if [ -d "/sys/module/$mod" ]; then
		t_fail "refused: $desc" "module left loaded"
	elif ! echo "$log" | grep -q "$want"; then
		t_fail "refused: $desc" "log lacks '$want': $(echo "$log" | head -n 3)"
	elif [ "$strict" = 1 ] &&
	     echo "$log" | grep -v -e "$mod" -e "$want" | grep -q .; then
		t_fail "refused: $desc" "other lines in the log: $(echo "$log" | grep -v "$mod" | head -n 2)"
	else
		t_ok "refused: $desc ($(echo "$log" | grep "$want" | tail -n 1))"
	fi
}

# storm_start KIND...: on every CPU outside SRT_ISOLATED, one
# shieldrt-storm per KIND (a tight loop of that system call, the i.MX6Q
# study's interference); their PIDs in storm_pids.  storm_stop ends them.
storm_pids=""
storm_start() {
	local cpu=0 kind
	while [ $cpu -lt "$SRT_NCPUS" ]; do
		case ",$SRT_ISOLATED," in *",$cpu,"*) cpu=$((cpu + 1)); continue ;; esac
		for kind in "$@"; do
			taskset -c $cpu shieldrt-storm "$kind" >/dev/null 2>&1 &
			storm_pids="$storm_pids $!"
		done
		cpu=$((cpu + 1))
	done
}
storm_stop() {
	[ -n "$storm_pids" ] && kill $storm_pids 2>/dev/null
	wait 2>/dev/null
	storm_pids=""
}

# ---- the benches' guest tests (scripts/testbed/guest/tests/bench-*.sh)

# bench_setup: debugfs unmounted (the benches must not need it) until the
# test exits, the module loaded; BENCH_CPUS: "--cpus N --force" on a boot without
# shielding, else empty (the bench finds the shielded CPUs itself)
bench_setup() {
	# the next test finds debugfs where /init mounted it
	trap 'mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null' EXIT
	umount /sys/kernel/debug 2>/dev/null
	t_check "debugfs is not mounted" sh -c "! grep -q ' /sys/kernel/debug ' /proc/mounts"
	srt_load || return 1
	BENCH_CPUS=""
	[ -n "${SRT_ISOLATED:-}" ] || BENCH_CPUS="--cpus $((SRT_NCPUS - 1)) --force"
}

# bench_loops: the loops a bench leaves (b_...), one name a line
bench_loops() { userctl status 2>/dev/null | awk 'NR > 2 && $1 ~ /^b_/ { print $1 }'; }

# bench_json DESC FILE NAME ARGS...: userctl bench NAME ARGS --json into
# FILE (stderr into FILE.err): exit 0, one JSON document, its bench's
# name, no loop of its own left; its text shown as notes
bench_json() {
	local desc=$1 file=$2 rc
	shift 2
	userctl bench "$@" --json >"$file" 2>"$file.err"
	rc=$?
	t_eq "$desc: exit 0" 0 "$rc"
	[ "$rc" = 0 ] || sed 's/^/# stderr: /' "$file.err" | tail -n 20
	t_check "$desc: one JSON document" json_ok "$file"
	t_check "$desc: names its bench" grep -q "^{\"bench\":\"$1\"" "$file"
	t_eq "$desc: no loop of the bench left" "" "$(bench_loops)"
	bench_row "$file" | head -n 20 | sed 's/^/# row: /'
}

# bench_row FILE KEY=VALUE...: the row lines of FILE with all of them
# ("key":value, strings quoted by the caller: 'mode="poll"'); the first
# line is the document's head, each row one line after it
bench_row() {
	local file=$1 kv k v
	shift
	sed 1d "$file" | grep '^,\{0,1\}{"bench"' | while read -r line; do
		for kv in "$@"; do
			k=${kv%%=*} v=${kv#*=}
			case $line in *"\"$k\":$v"[,}]*) ;; *) continue 2 ;; esac
		done
		echo "$line"
	done
}

# bench_has LINE PATTERN: the row line matches the grep PATTERN
bench_has() { printf '%s\n' "$1" | grep -q -- "$2"; }

# bench_num LINE KEY: the number KEY has in a row line ("" if null)
bench_num() {
	echo "$1" | sed -n "s/.*\"$2\":\(-\{0,1\}[0-9][0-9.e+-]*\)[,}].*/\1/p"
}

# bench_refused DESC WHY NAME ARGS...: exit 2 with WHY in the message,
# and the loops as they were
bench_refused() {
	local desc=$1 why=$2 rc before
	shift 2
	before=$(userctl status 2>&1)
	userctl bench "$@" >/tmp/bench.refused 2>&1
	rc=$?
	if [ $rc = 2 ] && grep -q -- "$why" /tmp/bench.refused; then
		t_ok "$desc: exit 2 ($(tail -n 1 /tmp/bench.refused))"
	else
		t_fail "$desc" "exit $rc: $(tail -n 2 /tmp/bench.refused | tr '\n' ' ')"
	fi
	t_eq "$desc: the loops as they were" "$before" "$(userctl status 2>&1)"
}

# bench_signal DESC SIG WAIT-CMD NAME ARGS...: start the bench, wait
# until WAIT-CMD succeeds (the bench got that far; 120 s at most), send
# SIG; it must exit 128 + SIG's number and leave no loop
bench_signal() {
	local desc=$1 sig=$2 cond=$3 pid i=0 rc want
	shift 3
	userctl bench "$@" >/tmp/bench.sig 2>&1 &
	pid=$!
	while ! sh -c "$cond" 2>/dev/null && [ $i -lt 1200 ] &&
		kill -0 $pid 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	t_check "$desc: the bench got to the point" sh -c "$cond"
	kill -"$sig" $pid
	wait $pid
	rc=$?
	case $sig in INT) want=130 ;; TERM) want=143 ;; esac
	t_eq "$desc: exit $want after SIG$sig" "$want" "$rc"
	grep -i 'clean' /tmp/bench.sig | sed 's/^/# /'
	t_eq "$desc: no loop left" "" "$(bench_loops)"
}

# bench_mmio_load: shieldrt_pcibar on QEMU's edu device (BAR 0, width
# 32: the id register in, the liveness register out), the provider of
# the benches' MMIO rows; 1 if it could not be loaded
PCIBAR_KO=/lib/shieldrt/shieldrt_pcibar.ko
bench_mmio_load() {
	[ -f $PCIBAR_KO ] && [ -d "/sys/bus/pci/devices/${SRT_PCI_EDU:-none}" ] &&
		insmod $PCIBAR_KO addr="$SRT_PCI_EDU" bar=0 in=0x0 out=0x4 width=32
}

# ---- IIO (scripts/testbed/guest/tests/io-iio*.sh)

# srt_iio_load: the kernel's IIO modules, in the order scripts/testbed/vm-run
# carried them (/lib/iio/order; a Debian kernel's, from scripts/setup),
# each unless it is loaded already; nothing to do where IIO is built in
# (the debug kernels).  0 when all loaded.
srt_iio_load() {
	local m
	[ -f /lib/iio/order ] || return 0
	for m in $(cat /lib/iio/order); do
		[ -d "/sys/module/$(echo "$m" | tr - _)" ] && continue
		insmod "/lib/iio/$m.ko" || { echo "insmod $m failed"; return 1; }
	done
}

# iio_dev NAME: the sysfs directory of the IIO device called NAME
iio_dev() {
	local d
	for d in /sys/bus/iio/devices/*; do
		[ "$(cat "$d/name" 2>/dev/null)" = "$1" ] && { echo "$d"; return 0; }
	done
	return 1
}

# expect_splat_begin ERE ... expect_splat_end: a negative control.  The
# kernel messages between the two that match the extended regex ERE are
# expected: scripts/testbed/vm-run does not fail the run for them, and fails it
# if none came.  Every other report there still fails it.  The markers go
# to the console (level 3), in order with what the kernel prints.
expect_splat_begin() { echo "<3>shieldrt-test: expect splat: BEGIN $1" >/dev/kmsg; }
expect_splat_end() { echo "<3>shieldrt-test: expect splat: END" >/dev/kmsg; }

# ---- qualify's guest tests (scripts/testbed/guest/tests/qualify-*.sh)

# qualify_setup [lockdown]: debugfs unmounted (qualify must not need it)
# until the test exits, the module and shieldrt_pcibar on edu (M1-M4's
# MMIO rows) loaded, then, with "lockdown" when the run asks for it
# (vm-run --lockdown integrity), kernel lockdown raised to integrity: a
# locked-down kernel loads signed modules only, so the modules come
# first, and the lockdown stays up: only the boot's last test raises it.
# QUALIFY_CPUS: "--cpus N --force" on a boot without shielding, else
# empty (qualify finds the shielded CPUs).
qualify_setup() {
	local sec=/sys/kernel/security
	# the next test finds debugfs where /init mounted it
	trap 'mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null' EXIT
	umount /sys/kernel/debug 2>/dev/null
	t_check "debugfs is not mounted" sh -c "! grep -q ' /sys/kernel/debug ' /proc/mounts"
	srt_load || return 1
	QUALIFY_PCIBAR=0
	if bench_mmio_load; then
		QUALIFY_PCIBAR=1
	else
		note "no shieldrt_pcibar on edu: the MMIO rows will say why"
	fi
	if [ "${1:-}" = lockdown ] && [ "${SRT_LOCKDOWN:-}" = integrity ]; then
		[ -e $sec/lockdown ] || mount -t securityfs securityfs $sec
		grep -q '\[integrity\]' $sec/lockdown ||
			echo integrity >$sec/lockdown
		t_eq "lockdown is integrity" "[integrity]" \
			"$(grep -o '\[[a-z]*\]' $sec/lockdown 2>/dev/null)"
	fi
	QUALIFY_CPU=$(first_cpu "${SRT_ISOLATED:-}")
	QUALIFY_CPUS=""
	if [ -z "$QUALIFY_CPU" ]; then
		QUALIFY_CPU=$((SRT_NCPUS - 1))
		QUALIFY_CPUS="--cpus $QUALIFY_CPU --force"
	fi
}

qualify_teardown() {
	[ "$QUALIFY_PCIBAR" = 0 ] || rmmod shieldrt_pcibar
	srt_unload
}

# qualify_snapshot FILE: what qualify must leave as it found it: every
# file "shield apply" of its CPUs would touch (the dry run's list) with
# its bytes' checksum, the CPU mask of every user task (shield apply
# narrows those; kernel threads it leaves), the shield's cgroup and
# state files, and the loops.
qualify_snapshot() {
	local f pid cpus
	cpus=${SRT_ISOLATED:-$QUALIFY_CPU}
	{
		userctl shield apply --cpus "$cpus" --dry-run 2>/dev/null |
			sed -n 's/^\(\/[^:]*\): .* -> .*/\1/p' | sort -u |
			while read -r f; do
				echo "file $f $(md5sum <"$f" | cut -d' ' -f1)"
			done
		for pid in $(ls /proc | grep '^[0-9][0-9]*$'); do
			f=/proc/$pid/status
			grep -q '^Kthread:[[:space:]]*1' $f 2>/dev/null && continue
			[ "$(awk '$1 == "PPid:" { print $2 }' $f 2>/dev/null)" = 2 ] && continue
			echo "task $pid $(awk '$1 == "Name:" { n = $2 }
				$1 == "Cpus_allowed_list:" { c = $2 }
				END { print n, c }' $f 2>/dev/null)"
		done
		echo "cgroup $(ls -d /sys/fs/cgroup/shieldrt 2>/dev/null)"
		echo "state $(ls /run/shieldrt 2>/dev/null | tr '\n' ' ')"
		echo "loops $(userctl status 2>/dev/null | awk 'NR > 2 { print $1 }' | tr '\n' ' ')"
	} >"$1"
}

# qualify_restored BEFORE: the snapshot again, the same but for tasks
# that came or went meanwhile (ours among them)
qualify_restored() {
	qualify_snapshot "$1.after"
	awk 'NR == FNR { if ($1 == "task") pid[$2] = 1; next }
		$1 != "task" || ($2 in pid) { print }' "$1.after" "$1" >"$1.cmp"
	awk 'NR == FNR { if ($1 == "task") pid[$2] = 1; next }
		$1 != "task" || ($2 in pid) { print }' "$1" "$1.after" >"$1.after.cmp"
	if cmp -s "$1.cmp" "$1.after.cmp"; then
		t_ok "everything as it was: $(grep -c '^file' "$1") shield files byte-identical, $(grep -c '^task' "$1.cmp") tasks' CPU masks, no cgroup, state file or loop left"
	else
		diff "$1.cmp" "$1.after.cmp" | head -n 20 | sed 's/^/# /'
		t_fail "everything as it was" "the snapshots differ"
	fi
	t_eq "no loop of qualify left" "" "$(bench_loops)"
}

# qualify_lines FILE KEY: the elements of report.json's array KEY
# ("checks", "sections"), one a line
qualify_lines() {
	sed -n "/^,\{0,1\}\"$2\":\[/,/^\]/p" "$1" | grep '^,\{0,1\}{'
}

# qualify_has FILE KEY PATTERN...: an element of report.json's array KEY
# matches every grep PATTERN
qualify_has() {
	local l p
	l=$(qualify_lines "$1" "$2")
	shift 2
	for p in "$@"; do
		l=$(printf '%s\n' "$l" | grep -- "$p")
	done
	[ -n "$l" ]
}

# qualify_report_ok DIR COMPLETE: report.md, report.json and the figures
# are there and whole; COMPLETE 1: the run finished, 0: it says it did not
qualify_report_ok() {
	local d=$1 s png missing="" bad="" n=0
	t_check "report.md written" test -s "$d/report.md"
	t_check "report.json written" test -s "$d/report.json"
	t_check "report.json is one JSON document" json_ok "$d/report.json"
	if [ "$2" = 1 ]; then
		t_check "report.json: complete" grep -q '"complete":true' "$d/report.json"
		t_check "report.md: no INCOMPLETE mark" sh -c "! grep -q INCOMPLETE '$d/report.md'"
	else
		t_check "report.json: not complete" grep -q '"complete":false' "$d/report.json"
		t_check "report.md: marked INCOMPLETE" grep -q '^\*\*INCOMPLETE' "$d/report.md"
	fi
	t_check "report.md: the verdict line" grep -q '^\*\*Verdict: \(PASS\|WARN\|FAIL\)\*\*' "$d/report.md"
	t_check "report.md: the verdict table" grep -q '^## Verdict' "$d/report.md"
	for s in audit ladder threshold noise wait section compare; do
		line=$(qualify_lines "$d/report.json" sections | grep "\"name\":\"$s\"")
		case $line in
		*'"state":"done"'*) ;;
		*'"why":"'*) ;;
		*) missing="$missing $s" ;;
		esac
	done
	t_eq "every section done, or why not" "" "$missing"
	n=$(qualify_lines "$d/report.json" checks | wc -l)
	t_ge "checks in report.json ($n)" "$n" 8
	t_eq "each check PASS, WARN, FAIL or SKIP" "$n" \
		"$(qualify_lines "$d/report.json" checks | grep -c '"result":"\(PASS\|WARN\|FAIL\|SKIP\)"')"
	t_eq "the same check lines in report.md" "$n" \
		"$(sed -n '/^## Verdict/,/^## /p' "$d/report.md" | grep -c '^| [a-z0-9.]* | \**\(PASS\|WARN\|FAIL\|SKIP\)')"
	for png in $(sed -n 's/^!\[[^]]*\](\([^)]*\))$/\1/p' "$d/report.md"); do
		[ "$(head -c 8 "$d/$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
			bad="$bad $png"
	done
	t_eq "every figure report.md shows is a PNG" "" "$bad"
	note "$(grep '^\*\*Verdict' "$d/report.md") with $(ls "$d"/*.png 2>/dev/null | wc -l) figures"
}

# qualify_export DIR: report.md, report.json and the figures (base64,
# NAME.png.b64) to the console for vm-run --export
qualify_export() {
	local f
	srt_export "$1/report.md"
	srt_export "$1/report.json"
	for f in "$1"/*.png; do
		[ -f "$f" ] || continue
		base64 "$f" >/tmp/qualify.b64
		srt_export /tmp/qualify.b64 "${f##*/}.b64"
	done
}
