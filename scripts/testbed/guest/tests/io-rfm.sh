#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# shieldrt_rfm, reflective memory between nodes, in one VM: this VM is
# node 0 of the layout in ivshmem-plain's BAR 2 (at 0x1000), and the
# other nodes' blocks are written by this script with memword, well
# formed or hostile (into copy 0 of the two; copy 1 stays never
# finished, tail 0, so the reader takes copy 0).  An echo loop (no chain: out = in) bound with
# io=rfm:in=0-1:out=0-1 takes node 1's signals 0 and 1 and publishes them
# in its own block.
#
#   A  every kind of remote block at once, written before insmod: fresh
#      then stale, badid (another node's id), torn (head != tail),
#      badcount, gone (never written), corrupt (check word); counted and
#      traced, the inputs
#      taken from the good block only, node 0's block well formed with
#      the echoed values; binds the provider cannot serve are refused.
#   B  stale_limit=20 and a remote that never writes again: safe state,
#      reason remote, traced at exactly 20 cycles; the safe values go out.
#   C  (needs /dev/mem on the held BAR: the debug kernels, or iomem=
#      relaxed) live: a new block is taken, a sequence going backwards and
#      a torn block are refused, a second writer in node 0's own block
#      (two nodes with one id) puts the loop in safe state, reason remote;
#      with the newer copy torn, the reader takes the older whole one.
#   F  (as C) a loop that only writes (io=rfm:out=0-1): a second writer
#      in node 0's block still puts it in safe state, reason remote.
#   E  verify=0: a block with a wrong check word is taken (only verify=1
#      reads the whole block and can tell).
#   D  :trigger: the provider starts the cycles on the clock's grid;
#      rmmod while bound: safe state, reason io.
#   and bad parameters, among them a window smaller than the layout.
. /srt/lib.sh

RF=/lib/shieldrt/shieldrt_rfm.ko
TR=/sys/kernel/tracing
ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))
BASE=0x1000	# the layout's offset in BAR 2
MAGIC=0x52460000
# signals=2; a copy is 64 bytes with 2 nodes (echoes at 0x30, the check
# word at 0x38, the tail at 0x3c), 128 with 7 (check 0x4c, tail 0x50); a
# node's block is two copies
NODES=2 STRIDE=128 COPY=64 TAIL=0x3c
PI_LO=0x54442D18 PI_HI=0x400921FB	# 3.141592653589793
E_LO=0x8B145769 E_HI=0x4005BF0A		# 2.718281828459045

# w OFF VAL...: 32-bit words of the layout from OFF on, in order; r OFF:
# one; rn OFF N: N of them, a line each.  memword (userctl/tests) does a
# whole block in one process: devmem's process a word cost over a minute
# of this test on the debug kernel.
addr() { printf '0x%x' $((B + BASE + $1)); }
w() {
	local o=$1
	shift
	memword "$(addr "$o")" "$@"
}
r() { memword "$(addr "$1")"; }
rn() { memword -r "$2" "$(addr "$1")"; }
# check SEQ WORD...: include/shieldrt_rfm.h's srt_rfm_check()
check() {
	local h=$(($1))
	shift
	for x in "$@"; do
		h=$(((((h << 5) | (h >> 27)) & 0xffffffff) ^ x))
		h=$(((h * 16777619) & 0xffffffff))
	done
	echo $h
}
# blk K SEQ NODEWORD COUNT [TAIL] [SIG0_LO SIG0_HI] [CHECK_XOR]: node K's
# block (copy 0, or with OFF=$COPY copy 1) in a layout of NODES, stamped
# with the clock now, signals pi (or the one given) and e, an echo of
# node 0's sequence ECHO0 (default none), its check word (XOR CHECK_XOR:
# a corrupt block)
blk() {
	local o=$(($1 * STRIDE + ${OFF:-0})) ns words c i=0
	ns=$(($(date +%s) * 1000000000))
	words="$3 $2 0 $((ns & 0xffffffff)) $((ns >> 32)) $4 0 ${6:-$PI_LO} ${7:-$PI_HI} $E_LO $E_HI"
	words="$words $((${ECHO0:-0}))"
	while [ $i -lt $((NODES - 1)) ]; do
		words="$words 0"
		i=$((i + 1))
	done
	c=$(check "$2" $words)
	# shellcheck disable=SC2086 # one word each
	w $o "$2" $words $((c ^ ${8:-0})) "${5:-$2}"
}
# newest K: the offset of node K's copy with the newer tail (the one a
# reader takes; node 0's own writes alternate between the two)
newest() {
	local o=$(($1 * STRIDE)) t0 t1 d
	t0=$(($(r $((o + TAIL)))))
	t1=$(($(r $((o + COPY + TAIL)))))
	d=$(((t1 - t0) & 0xffffffff))	# newer modulo 2^32: 0 < d < 2^31
	if [ "$t1" -ne 0 ] && { [ "$t0" -eq 0 ] || { [ $d -gt 0 ] && [ $d -lt $((0x80000000)) ]; }; }; then
		echo $((o + COPY))
	else
		echo $o
	fi
}
# ro OFF: a word of the copy at $O
ro() { r $((O + $1)); }
zero_blocks() {
	local o=0 z=""
	while [ $o -lt $(($1 * STRIDE)) ]; do
		z="$z 0"
		o=$((o + 4))
	done
	# shellcheck disable=SC2086 # one word each
	w 0 $z
}
trace_has() { grep -q "$1" $TR/trace; }
# rfm_load PARAMS...: insmod on BAR 2 at BASE, 2 signals a block
rfm_load() {
	local n
	n=$(dmesg | wc -l)
	if insmod $RF addr="$IVS" bar=2 base=$BASE signals=2 "$@"; then
		t_ok "insmod shieldrt_rfm $*"
		note "$(new_log "$n" | grep shieldrt_rfm)"
		# the module's events exist while it is loaded
		echo 1 >$TR/events/shieldrt_rfm/rfm_reject/enable
		echo 1 >$TR/events/shieldrt_rfm/rfm_stale/enable
	else
		t_fail "insmod shieldrt_rfm $*" "$(new_log "$n" | tail -n 2)"
		return 1
	fi
}

# second_writer LOOP WORD: another writer in node 0's block (two nodes
# claiming id 0) writes WORD into its head, until node 0 counts a
# duplicate; LOOP goes to safe state, reason remote, and it is traced
second_writer() {
	local word=$2
	# called by t_wait_ge, where $2 is not this function's
	scribble() { w 0 "$word"; rfm_own duplicates; }
	t_wait_ge "another writer in node 0's block: duplicates" 1 30 scribble
	if wait_state "$1" safe 30; then t_ok "$1: safe state"; else
		t_fail "$1: safe state" "state $(cat "$SRT_DBG/$1/state")"; fi
	t_eq "$1: safe_reason remote" remote "$(st "$1" safe_reason)"
	t_check "traced: duplicate" trace_has "node=0 remote=0 duplicate: $2"
}

# bad DESC EXPECTED-LOG-TEXT PARAMS...: refused, not loaded, its reason
bad() { insmod_refused $RF shieldrt_rfm 0 "$@"; }

srt_load || exit 1
IVS=${SRT_PCI_IVSHMEM:-}
if [ -z "$IVS" ] || [ ! -d "/sys/bus/pci/devices/$IVS" ]; then
	t_skip "io-rfm" "no ivshmem-plain device in this VM"
	srt_unload
	exit 0
fi
B=$(bar_phys "$IVS" 2)
note "ivshmem-plain at $IVS, BAR 2 at $B, layout at +$BASE"
# The layouts are written before the module enables the device: it must
# decode memory already, or the words would go nowhere (pci_mem_enable)
EN=$(pci_mem_enable "$IVS")
t_check "ivshmem decodes memory" pci_mem_on "$IVS"

V="addr=$IVS bar=2"
bad "no addr=" "give the device" nodes=2
bad "nodes=1" "nodes=1: must be 2-16" $V nodes=1
bad "nodes=17" "nodes=17: must be 2-16" $V nodes=17
bad "node=3 of nodes=3" "node=3: must be below nodes=3" $V nodes=3 node=3
bad "signals=0" "signals=0: must be 1-32" $V signals=0
bad "signals=33" "signals=33: must be 1-32" $V signals=33
bad "base=0x20" "must be a multiple of 64" $V base=0x20
bad "clock=utc" "clock='utc': must be tai or realtime" $V clock=utc
bad "in= from this node itself" "must be another of the" $V node=0 in=0:0
bad "in= from a node past the layout" "must be another of the" $V nodes=2 in=2:0
bad "in= a signal past the block" "the signal below 8" $V in=1:8
bad "in=1 (no signal)" "is not NODE:SIGNAL" $V in=1
bad "in=1:x" "is not NODE:SIGNAL" $V in=1:x
bad "in=1:-1" "is not NODE:SIGNAL" $V in=1:-1
bad "bar=6" "must be 0-5" addr="$IVS" bar=6
bad "bar=3 (upper half of the 64-bit BAR 2)" "not a memory BAR" addr="$IVS" bar=3
bad "no such device" "no PCI device" addr=0000:00:1f.7
bad "addr=00:04.0 (no domain)" "not a PCI address" addr=00:04.0
# 1 MiB BAR: 16 nodes x 768 bytes from 0xfff00 end at 0x102f00
bad "a window smaller than the layout" "smaller than the layout" \
	$V base=0xfff00 nodes=16 signals=32
bad "a layout past 4 GiB" "smaller than the layout" $V base=0xffffffc0
t_check "/proc/iomem: nothing left held" sh -c "! grep -q shieldrt_rfm /proc/iomem"

echo 1 >$TR/events/shieldrt/safe_state/enable 2>/dev/null
echo >$TR/trace 2>/dev/null

# --- A: every kind of block at once --------------------------------------
NODES=7 STRIDE=256 COPY=128 TAIL=0x50
zero_blocks 7
blk 1 10 $((MAGIC | 1)) 2
blk 2 5 $((MAGIC | 3)) 2		# claims node 3's id
blk 3 7 $((MAGIC | 3)) 2 6		# head 7, tail 6
blk 4 4 $((MAGIC | 4)) 3		# three signals, the layout says 2
# node 5: never written
blk 6 8 $((MAGIC | 6)) 2 8 $PI_LO $PI_HI 0x100	# one bit of the check off
rfm_load nodes=7 node=0 in=1:0,1:1 || { srt_unload; exit 1; }
t_check "status: the layout" grep -qx "layout: nodes=7 signals=2 copy=128 stride=256 end=0x1700 window=1048576" $RFM_DBG/status
t_check "status: the inputs" grep -qx "in: 1:0 1:1" $RFM_DBG/status
t_check "/proc/iomem: the BAR is ours" grep -q shieldrt_rfm /proc/iomem
if ctl "create name=rx cpu=$ISO period_us=5000 mode=hrtimer io=rfm:in=0-2" 2>/dev/null; then
	t_fail "bind: 3 inputs on 2 in= pairs refused" "create succeeded"
	ctl "destroy rx"
else
	t_ok "bind: 3 inputs on 2 in= pairs refused ($(cat $SRT_DBG/last_error))"
fi
if ctl "create name=rx cpu=$ISO period_us=5000 mode=hrtimer io=rfm:out=0-2" 2>/dev/null; then
	t_fail "bind: 3 outputs on 2 signals a block refused" "create succeeded"
	ctl "destroy rx"
else
	t_ok "bind: 3 outputs on 2 signals a block refused ($(cat $SRT_DBG/last_error))"
fi
t_check "create ra (echo) bound with io=rfm:in=0-1:out=0-1" \
	ctl "create name=ra cpu=$ISO period_us=5000 mode=hrtimer io=rfm:in=0-1:out=0-1"
if ctl "create name=rx cpu=$ISO period_us=5000 mode=hrtimer io=rfm:in=0-1" 2>/dev/null; then
	t_fail "bind: a second loop on this node refused" "create succeeded"
	ctl "destroy rx"
else
	t_ok "bind: a second loop on this node refused ($(cat $SRT_DBG/last_error))"
fi
t_check "start ra" ctl "start ra"
t_wait_ge "node 1: stale cycles after its one block" 50 60 rfm_rst 1 stale
t_wait_ge "node 5: gone" 50 60 rfm_rst 5 gone
grep -e ^own: -e ^remote: $RFM_DBG/status | sed 's/^/# /'
t_eq "node 1: fresh once (sequence 10)" 1 "$(rfm_rst 1 fresh)"
t_eq "node 1: never torn" 0 "$(rfm_rst 1 torn)"
t_eq "node 1: age_cycles_p50 > 0 (it stopped writing)" 1 \
	"$([ "$(rfm_rst 1 age_cycles_p50)" -gt 0 ] && echo 1)"
t_ge "node 2 (claims node 3's id): badid" "$(rfm_rst 2 badid)" 50
t_eq "node 2: nothing taken" 0 "$(rfm_rst 2 fresh)"
t_ge "node 3 (head 7, tail 6): torn" "$(rfm_rst 3 torn)" 50
t_eq "node 3: nothing taken" 0 "$(rfm_rst 3 fresh)"
t_ge "node 4 (3 signals): badcount" "$(rfm_rst 4 badcount)" 50
t_eq "node 5: nothing taken" 0 "$(rfm_rst 5 fresh)"
t_ge "node 6 (check word off by one bit): corrupt" "$(rfm_rst 6 corrupt)" 50
t_eq "node 6: nothing taken" 0 "$(rfm_rst 6 fresh)"
t_eq "node 1 (well formed): not corrupt" 0 "$(rfm_rst 1 corrupt)"
t_eq "no node used by no input trips anything" 0 "$(rfm_rst 1 trips)"
t_check "traced: badid" trace_has "node=0 remote=2 badid: 0x52460003, expected 0x52460002"
t_check "traced: badcount" trace_has "node=0 remote=4 badcount: 0x3, expected 0x2"
t_eq "ra: still running (no stale_limit)" running "$(cat $SRT_DBG/ra/state)"
t_ge "node 0: writes" "$(rfm_own writes)" 50
t_eq "node 0: no other writer in its block" 0 "$(rfm_own duplicates)"
t_check "stop and destroy ra" ctl "stop ra
destroy ra"
t_check "rmmod shieldrt_rfm (unbound)" rmmod shieldrt_rfm
t_check "/proc/iomem: the BAR released" sh -c "! grep -q shieldrt_rfm /proc/iomem"
O=$(newest 0)
h=$(ro 0)
t_eq "node 0's block, newer copy: head = tail" "$h" "$(ro 0x50)"
t_eq "node 0's block: its echo of node 1 (sequence 10)" 0x0000000A "$(ro 0x34)"
t_eq "node 0's block: no echo of nodes that never wrote a whole block" \
	"0x00000000 0x00000000 0x00000000 0x00000000 0x00000000" \
	"$(rn $((O + 0x38)) 5 | tr '\n' ' ' | sed 's/ $//')"
t_eq "node 0's block: its check word" \
	"$(printf '0x%08X' "$(check "$h" $(rn $((O + 4)) 18))")" "$(ro 0x4c)"
t_eq "node 0's block: its id" 0x52460000 "$(ro 4)"
t_eq "node 0's block: 2 signals" 0x00000002 "$(ro 0x18)"
t_eq "node 0's signal 0 = node 1's signal 0 (pi), echoed" "$PI_LO $PI_HI" "$(ro 0x20) $(ro 0x24)"
t_eq "node 0's signal 1 = node 1's signal 1 (e), echoed" "$E_LO $E_HI" "$(ro 0x28) $(ro 0x2c)"
O2=$(($(newest 0) ^ COPY))
t_eq "node 0's older copy: one sequence before" \
	"$(printf '0x%08X' $((h - 1)))" "$(r $((O2 + 0x50)))"
t_eq "node 0's older copy: head = tail" "$(r $((O2 + 0x50)))" "$(r $O2)"

# --- B: a remote that stops writing, stale_limit=20 ----------------------
NODES=2 STRIDE=128 COPY=64 TAIL=0x3c
zero_blocks 2
blk 1 10 $((MAGIC | 1)) 2
echo >$TR/trace
rfm_load nodes=2 node=0 in=1:0,1:1 stale_limit=20 || { srt_unload; exit 1; }
t_check "create and start rb" ctl "create name=rb cpu=$ISO period_us=5000 mode=hrtimer io=rfm:in=0-1:out=0-1
start rb"
if wait_state rb safe 30; then t_ok "rb: safe state"; else
	t_fail "rb: safe state" "state $(cat $SRT_DBG/rb/state)"; fi
t_eq "rb: safe_reason remote" remote "$(st rb safe_reason)"
t_check "traced: rfm_stale at exactly the limit" \
	trace_has "node=0 remote=1 no fresh block for 20 cycles (limit 20)"
t_check "traced: safe_state, reason remote" trace_has "remote"
t_eq "node 1: one trip" 1 "$(rfm_rst 1 trips)"
t_eq "node 1: fresh once" 1 "$(rfm_rst 1 fresh)"
c0=$(st rb cycles)
t_wait_ge "rb keeps cycling in safe state" $((c0 + 20)) 60 st rb cycles
t_ge "node 0: safe writes" "$(rfm_own writes_safe)" 20
grep -e ^own: -e ^remote: $RFM_DBG/status | sed 's/^/# /'
t_check "stop and destroy rb" ctl "stop rb
destroy rb"
t_check "rmmod shieldrt_rfm" rmmod shieldrt_rfm
O=$(newest 0)
t_eq "node 0's signal 0: the safe value (+0.0)" "0x00000000 0x00000000" "$(ro 0x20) $(ro 0x24)"

# --- C: live, while the module holds the BAR -----------------------------
blk 1 10 $((MAGIC | 1)) 2
echo >$TR/trace
rfm_load nodes=2 node=0 in=1:0,1:1 stale_limit=1000000 || { srt_unload; exit 1; }
# 20 ms: the echo below is of a sequence read before a block is written
# (a process or two, slow on a debug kernel under TCG); the round trip
# is measured only while that write is still in node 0's log of its
# last 256 writes (5 s at this period)
t_check "create and start rc" ctl "create name=rc cpu=$ISO period_us=20000 mode=hrtimer io=rfm:in=0-1:out=0-1
start rc"
t_wait_ge "node 1: fresh (sequence 10)" 1 60 rfm_rst 1 fresh
if r 0x80 >/dev/null 2>&1; then
	blk 1 11 $((MAGIC | 1)) 2 11 0x00000000 0x3FF00000	# signal 0 = 1.0
	t_wait_ge "node 1: fresh again (sequence 11)" 2 30 rfm_rst 1 fresh
	t_wait_ge "live: node 0 echoes 1.0" 1 30 sh -c \
		"[ \"\$(memword $(addr 0x24))\" = 0x3FF00000 ] && echo 1"
	blk 1 9 $((MAGIC | 1)) 2
	t_wait_ge "sequence 9 after 11: backwards" 1 30 rfm_rst 1 backwards
	t_check "traced: backwards" trace_has "remote=1 backwards: 0x9, expected 0xb"
	w 0x80 12		# head 12, tail still 9
	t_wait_ge "head 12, tail 9: torn" 1 30 rfm_rst 1 torn
	w 0xbc 12		# tail 12, the check still sequence 9's
	t_wait_ge "head = tail = 12, check of 9: corrupt" 1 30 rfm_rst 1 corrupt
	blk 1 12 $((MAGIC | 1)) 2
	t_wait_ge "block 12 whole: fresh" 3 30 rfm_rst 1 fresh
	# a writer stopped in the middle of a record: 13 whole in copy 1,
	# then 14 begun in copy 0 (its head out, its tail still 12's); the
	# reader takes copy 1, whole
	f=$(rfm_rst 1 fresh)
	tn=$(rfm_rst 1 torn)
	bw=$(rfm_rst 1 backwards)
	OFF=$COPY
	blk 1 13 $((MAGIC | 1)) 2
	OFF=0
	t_wait_ge "block 13 in copy 1: fresh" $((f + 1)) 30 rfm_rst 1 fresh
	w 0x80 14
	c0=$(rfm_rst 1 stale)
	t_wait_ge "14 half-written in copy 0: copy 1 (13) read, stale" $((c0 + 5)) 30 rfm_rst 1 stale
	t_eq "14 half-written: nothing torn" "$tn" "$(rfm_rst 1 torn)"
	t_eq "14 half-written: nothing backwards" "$bw" "$(rfm_rst 1 backwards)"
	t_eq "14 half-written: nothing more taken" $((f + 1)) "$(rfm_rst 1 fresh)"
	blk 1 14 $((MAGIC | 1)) 2	# the writer goes on: 14 whole in copy 0
	t_wait_ge "block 14 in copy 0: fresh" $((f + 2)) 30 rfm_rst 1 fresh
	OFF=$COPY
	blk 1 15 $((MAGIC | 1)) 2
	OFF=0
	t_wait_ge "block 15 in copy 1: fresh" $((f + 3)) 30 rfm_rst 1 fresh
	# node 1 echoes node 0's sequence s: node 0's round trip, from the
	# cycle it wrote s to the cycle it takes the echo
	c0=$(rfm_own cycles)
	ECHO0=$(r 0)
	blk 1 16 $((MAGIC | 1)) 2
	ECHO0=
	t_wait_ge "an echo of node 0's sequence: one round trip" 1 30 rfm_rst 1 rtt_cycles_n
	rtt=$(rfm_rst 1 rtt_cycles_max)
	c1=$(rfm_own cycles)
	t_ge "round trip: at least one cycle ($rtt)" "$rtt" 1
	t_le "round trip: no longer than the cycles since the echoed write ($c0..$c1)" "$rtt" $((c1 - c0 + 1))
	t_eq "rc: running through all of it" running "$(cat $SRT_DBG/rc/state)"
	second_writer rc 0x7777
	t_eq "node 1: never went stale past the limit" 0 "$(rfm_rst 1 trips)"
else
	t_skip "live: new blocks, backwards, torn, a second writer" "the BAR is closed to /dev/mem while held (IO_STRICT_DEVMEM; iomem=relaxed opens it)"
fi
grep -e ^own: -e ^remote: $RFM_DBG/status | sed 's/^/# /'
t_check "stop and destroy rc" ctl "stop rc
destroy rc"
t_check "rmmod shieldrt_rfm" rmmod shieldrt_rfm

# --- F: a second writer, seen by a loop that only writes ----------------
# No input to read: the duplicate, found while node 0 writes its next
# block, must still put the loop in safe state (before its next outputs).
echo >$TR/trace
rfm_load nodes=2 node=0 stale_limit=1000000 || { srt_unload; exit 1; }
t_check "create and start rw (io=rfm:out=0-1, no input)" ctl "create name=rw cpu=$ISO period_us=20000 mode=hrtimer io=rfm:out=0-1
start rw"
t_wait_ge "rw: node 0 writes its block" 3 30 rfm_own writes
if r 0x80 >/dev/null 2>&1; then
	t_eq "rw: running, no other writer yet" "running 0" \
		"$(cat $SRT_DBG/rw/state) $(rfm_own duplicates)"
	second_writer rw 0x6666
else
	t_skip "a second writer, output only" "the BAR is closed to /dev/mem while held (IO_STRICT_DEVMEM; iomem=relaxed opens it)"
fi
t_check "stop and destroy rw" ctl "stop rw
destroy rw"
t_check "rmmod shieldrt_rfm" rmmod shieldrt_rfm

# --- E: verify=0 reads the header and the inputs' signals only ----------
# so a block whose check word is wrong is taken: what verify=1 is for
zero_blocks 2	# node 0's signals too: what it echoes comes from node 1
blk 1 10 $((MAGIC | 1)) 2 10 $PI_LO $PI_HI 0x100
rfm_load nodes=2 node=0 in=1:0,1:1 verify=0 || { srt_unload; exit 1; }
t_check "status: verify 0" grep -q "^node: 0 clock: tai stale_limit: 0 verify: 0" $RFM_DBG/status
t_check "create and start re" ctl "create name=re cpu=$ISO period_us=5000 mode=hrtimer io=rfm:in=0-1:out=0-1
start re"
t_wait_ge "verify=0: the block with a wrong check is taken (fresh)" 1 60 rfm_rst 1 fresh
t_wait_ge "verify=0: then stale" 20 60 rfm_rst 1 stale
t_eq "verify=0: nothing counted corrupt" 0 "$(rfm_rst 1 corrupt)"
t_check "stop and destroy re" ctl "stop re
destroy re"
t_check "rmmod shieldrt_rfm" rmmod shieldrt_rfm
O=$(newest 0)
t_eq "verify=0: node 0 echoed node 1's signal 0 (pi)" "$PI_LO $PI_HI" "$(ro 0x20) $(ro 0x24)"

# --- D: the provider's clock starts the cycles; rmmod while bound --------
zero_blocks 2
blk 1 10 $((MAGIC | 1)) 2
rfm_load nodes=2 node=0 in=1:0,1:1 clock=realtime || { srt_unload; exit 1; }
echo >$TR/trace
echo 1 >$TR/events/shieldrt_rfm/rfm_phase/enable
t_check "create and start rd (mode=external, :trigger)" ctl "create name=rd cpu=$ISO period_us=5000 mode=external io=rfm:in=0-1:out=0-1:trigger
start rd"
t_check "status: trigger=1" grep -q "^binding: loop=rd .* trigger=1" $RFM_DBG/status
t_wait_ge "rd: cycles started by the provider's timer" 100 60 st rd cycles
t_wait_ge "rd: triggers counted" 100 60 st rd triggers
t_check "status: clock realtime" grep -q "^node: 0 clock: realtime" $RFM_DBG/status
echo 0 >$TR/events/shieldrt_rfm/rfm_phase/enable
# every cycle's phase offset to the grid, traced
t_ge "traced: rfm_phase, cycle by cycle" "$(grep -c 'rfm_phase: node=0 cycle=' $TR/trace)" 50
grep ^own: $RFM_DBG/status | sed 's/^/# /'
t_check "rmmod shieldrt_rfm while rd is bound" rmmod shieldrt_rfm
if wait_state rd safe 10; then t_ok "rd: safe state"; else
	t_fail "rd: safe state" "state $(cat $SRT_DBG/rd/state)"; fi
t_eq "rd: safe_reason io" io "$(st rd safe_reason)"
t_check "destroy rd" ctl "stop rd
destroy rd"

echo 0 >$TR/events/shieldrt/safe_state/enable 2>/dev/null
pci_mem_restore "$IVS" "$EN"
srt_unload
