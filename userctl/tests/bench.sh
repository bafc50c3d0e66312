#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host tests of "userctl bench": its options and what it refuses before it
# changes anything (TAP).  The device is absent, or a regular file on
# which every ioctl fails with ENOTTY: an input that passes every check
# reaches the module (exit 1, "(ENOTTY)"), a refused one exits 2 and sends
# nothing.  The machine is the fake /proc and /sys tree of faketree.sh
# (4 CPUs), with its isolated CPUs, nohz_full or shield partition set per
# case.  What the benches measure needs the module:
# scripts/testbed/guest/tests/bench-*.sh.  Usage: bench.sh USERCTL
set -u
U=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
. "$here/faketree.sh"

T=$(mktemp -d /tmp/userctl-bench.XXXXXX)
trap 'rm -rf "$T"' EXIT
R=$T/root
FILE=$T/regular-file
OUT=$T/out
: > "$FILE"
CPU=$R/sys/devices/system/cpu

# b ARGS: bench with the regular file as the device, on the fake tree
b() { SHIELDRT_DEV=$FILE USERCTL_ROOT=$R "$U" bench "$@" > "$OUT" 2>&1; }
has() { grep -q -- "$1" "$OUT"; }
# reached ARGS: every check passed, the module was asked
reached() { b "$@"; [ $? -eq 1 ] && has "(ENOTTY)"; }
# refused WHY ARGS: exit 2, WHY in the message, nothing sent
refused() {
	_why=$1
	shift
	b "$@"
	_rc=$?
	[ $_rc -eq 2 ] && has "$_why" && ! has "(ENOTTY)" && return 0
	sed 's/^/#   /' "$OUT"
	echo "#   (exit $_rc)"
	return 1
}

fake_tree "$R"

# --- the list and the help ---------------------------------------------
b --help; t_eq "bench --help: exit 0" 0 $?
names=$(sed -n '/^benches:/,/^$/p' "$OUT" | awk 'NF > 1 { print $1 }')
t_check "bench --help lists noise and wait" sh -c "echo '$names' | grep -qx noise && echo '$names' | grep -qx wait"
for n in $names; do
	b "$n" --help; t_eq "bench $n --help: exit 0" 0 $?
	t_check "bench $n --help: its usage" has "^usage: userctl bench $n"
	t_check "bench $n --help: what --duration means" has "^  --duration S "
done
"$U" help bench > "$OUT" 2>&1; t_eq "help bench: exit 0" 0 $?
b; t_eq "bench without a name: exit 2" 2 $?
t_check "no bench: plain refusal" refused "no bench 'frob'" frob
t_check "an unknown option: exit 2, nothing sent" refused "unrecognized option '--frob'" wait --frob
t_check "and the bench's usage" has "^usage: userctl bench wait"
t_check "a stray argument: exit 2, nothing sent" refused "unexpected argument" wait extra

# --- values --------------------------------------------------------------
echo 2-3 > "$CPU/isolated"
t_check "period below 10 us" refused "period-us: '5' is not an integer from 10 to 1000000" wait --period-us 5
t_check "period above 1 s" refused "from 10 to 1000000" wait --period-us 1000001
t_check "period not a number" refused "'1e3' is not an integer" wait --period-us 1e3
t_check "an unknown wait mode" refused "'spin' is not one of hrtimer,poll,hybrid" wait --modes hrtimer,spin
t_check "a mode twice" refused "'poll' given twice" wait --modes poll,poll
t_check "an empty list" refused "not a comma list" wait --modes hrtimer,
for d in 0 -1; do
	t_check "--duration $d" refused "--duration must be positive" wait --duration "$d"
done
for d in abc nan inf 1e999; do
	t_check "--duration $d" refused "--duration: '$d' is not a finite number" wait --duration "$d"
done
t_check "a flag is 0 or 1" refused "compare-shield: '2' is not an integer from 0 to 1" noise --compare-shield=2
t_check "--cpus malformed" refused "--cpus 'x'" wait --cpus x
t_check "--plot is a directory" refused "--plot $FILE: not a directory" wait --plot "$FILE"
t_check "wait: a duration below a second per round" refused "below the minimum of 5 s" wait --duration 2
t_check "wait: below 100 cycles a mode" refused "below the minimum of 20 s (20 s per mode: 100 cycles of 200000 us)" wait --duration 10 --rounds 1 --period-us 200000
t_check "wait: slack ceiling above the period" refused "--slack-max-us 3000: above the period" wait --period-us 2000 --slack-max-us 3000
t_check "noise: below a second" refused "below the minimum of 1 s" noise --duration 0.5

# --- the machine ---------------------------------------------------------
SHIELDRT_DEV=$T/none USERCTL_ROOT=$R "$U" bench wait > "$OUT" 2>&1
t_eq "no device: exit 2" 2 $?
t_check "no device: says to load the module" has "load the module"
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
	SHIELDRT_DEV=$FILE USERCTL_ROOT=$R setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$U" bench wait > "$OUT" 2>&1
	t_eq "without CAP_SYS_ADMIN: exit 2" 2 $?
	t_check "without CAP_SYS_ADMIN: says what needs it" has "needs CAP_SYS_ADMIN"
	t_check "without CAP_SYS_ADMIN: nothing sent" sh -c "! grep -q ENOTTY '$OUT'"
else
	t_ok "# SKIP not root, or no setpriv: the refusal of a user without CAP_SYS_ADMIN"
fi
t_check "a CPU that is not online" refused "CPU 7 is not online (online: 0-3)" wait --cpus 7
t_check "a CPU that is not shielded" refused "CPU 1 is not shielded (shielded: 2-3)" wait --cpus 1
t_check "--force goes on with it" reached wait --cpus 1 --force
t_check "and warns" has "warning: bench wait: CPU 1 is not shielded"
t_check "more CPUs than the bench uses" refused "it uses at most 1 CPU" wait --cpus 2-3
t_check "the shielded CPUs by default" reached wait
t_check "a shielded CPU needs no --force" reached wait --cpus 3
t_check "and no warning" sh -c "! grep -q warning '$OUT'"
echo > "$CPU/isolated"
t_check "nothing shielded, no --cpus" refused "no shielded CPU found" wait
echo 3 > "$CPU/nohz_full"
t_check "nohz_full shields" reached wait --cpus 3
t_check "nohz_full: no warning" sh -c "! grep -q warning '$OUT'"
echo "(null)" > "$CPU/nohz_full"
mkdir -p "$R/sys/fs/cgroup/shieldrt"
echo isolated > "$R/sys/fs/cgroup/shieldrt/cpuset.cpus.partition"
echo 2 > "$R/sys/fs/cgroup/shieldrt/cpuset.cpus.effective"
t_check "shield apply's partition shields" reached wait --cpus 2
echo member > "$R/sys/fs/cgroup/shieldrt/cpuset.cpus.partition"
t_check "a partition that is not isolated does not" refused "CPU 2 is not shielded" wait --cpus 2
rm -rf "$R/sys/fs/cgroup/shieldrt"
echo 1-3 > "$CPU/isolated"
echo 1-3 > "$CPU/online"
t_check "all but CPU 0 shielded: CPU 0 keeps house" reached wait --cpus 1
echo 0-3 > "$CPU/online"
echo 2-3 > "$CPU/isolated"
t_check "CPU 0 cannot be shielded for --compare-shield" refused "CPU 0 cannot be shielded" noise --compare-shield --cpus 0 --force
mkdir -p "$R/run/shieldrt"
: > "$R/run/shieldrt/shield.state"
t_check "--compare-shield with a shield applied already" refused "a shield is applied already" noise --compare-shield
rm -f "$R/run/shieldrt/shield.state"
t_check "--compare-shield otherwise reaches the module" reached noise --compare-shield

t_done
