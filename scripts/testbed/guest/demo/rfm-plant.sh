#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The two-node demo, node A (0): the DC motor (demo-motor-plant.chain) as
# a 1 kHz loop, its drive voltage u read from node B's block, its
# position and speed published in its own (reflective memory: the
# ivshmem-plain memory both VMs share).  When node B's loop stops, node
# A's data goes stale and its loop must enter safe state, reason remote,
# at exactly RFM_STALE_LIMIT cycles (the rfm_stale event says how old).
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))
TR=/sys/kernel/tracing
say() { echo "# $*"; }
run() { say "\$ $*"; "$@" 2>&1 | sed 's/^/#   /'; }

rfm_up 0 1:0 || exit 1
run userctl loop create -l plant cpu=$ISO period_us=1000 mode=hrtimer prio=80 \
	io=rfm:in=0-0:out=0-1
run userctl chain load -l plant /srt/chains/demo-motor-plant.chain
run userctl loop start -l plant
rfm_wait_peer 1 plant || exit 1

# Node B runs its profile, then stops its loop: wait for that.
i=0
until [ "$(cat $SRT_DBG/plant/state)" = safe ]; do
	i=$((i + 1))
	[ $i -lt 3000 ] || break
	sleep 0.1
done
t_eq "plant: safe state once node B stopped" safe "$(cat $SRT_DBG/plant/state)"
t_eq "plant: safe_reason remote" remote \
	"$(awk '$1 == "safe_reason:" { print $2 }' $SRT_DBG/plant/stats)"
line=$(grep 'rfm_stale:' $TR/trace | tail -n 1)
say "${line#*rfm_stale: }"
case $line in
*"no fresh block for $RFM_STALE_LIMIT cycles (limit $RFM_STALE_LIMIT)"*)
	t_ok "staleness detected at the limit, $RFM_STALE_LIMIT cycles" ;;
*) t_fail "staleness detected at the limit" "rfm_stale: '$line'" ;;
esac
# torn: the newer copy still being written on every try (the writer
# finished a record and began the next in it during the read): with two
# copies written in turn, never in a sound run; corrupt: a whole-looking
# block whose check word is wrong (a torn read the sequence pair let
# through): must never happen
t_eq "node A: torn reads 0" 0 "$(rfm_rst 1 torn)"
t_eq "node A: no torn block taken (corrupt 0)" 0 "$(rfm_rst 1 corrupt)"
say "(node A's figures include the cycles since node B stopped)"
rfm_summary 1 plant
userctl hist -l plant --json >/tmp/hist.json && userctl status -l plant --json >/tmp/status.json ||
	t_fail "hist and status --json"
grep -e ^own: -e ^remote: $RFM_DBG/status >/tmp/rfm-status.txt
for f in /tmp/hist.json /tmp/status.json /tmp/rfm-status.txt; do
	srt_export "$f"
done
# Node B comes back claiming this node's id (rfm-ctl.sh): this node's
# writer, still writing its safe values, must see the other writer.
echo 1 >$TR/events/shieldrt_rfm/rfm_reject/enable
t_wait_ge "node A: another writer in its block, node B claiming id 0 (duplicates)" \
	1 180 rfm_own duplicates
t_check "node A: traced rfm_reject ... duplicate" \
	grep -q 'rfm_reject: node=0 remote=0 duplicate' $TR/trace
run userctl loop stop -l plant
run userctl loop destroy -l plant
rmmod shieldrt_rfm && rmmod shieldrt && t_ok "node A ran" || t_fail "rmmod"
