#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host tests of "userctl qualify": its help and what it refuses before it
# changes anything (TAP).  The device is absent, or a regular file on
# which every ioctl fails with ENOTTY: input that passes every check
# before the module is asked reaches it (exit 1, "(ENOTTY)"), refused
# input exits 2, sends nothing and makes no report directory.  The
# machine is faketree.sh's (4 CPUs, 2-3 isolated).  What qualify
# measures needs the module: scripts/testbed/guest/tests/qualify-*.sh.
# Usage: qualify.sh USERCTL
set -u
U=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
. "$here/faketree.sh"

T=$(mktemp -d /tmp/userctl-qualify.XXXXXX)
trap 'rm -rf "$T"' EXIT
R=$T/root
FILE=$T/regular-file
OUT=$T/out
: > "$FILE"

qq() { SHIELDRT_DEV=$FILE USERCTL_ROOT=$R "$U" qualify -o "$T/report" "$@" > "$OUT" 2>&1; }
has() { grep -q -- "$1" "$OUT"; }
reached() { qq "$@"; [ $? -eq 1 ] && has "(ENOTTY)" && [ ! -e "$T/report" ]; }
refused() {
	_why=$1
	shift
	qq "$@"
	_rc=$?
	[ $_rc -eq 2 ] && has "$_why" && ! has "(ENOTTY)" && [ ! -e "$T/report" ] &&
		return 0
	sed 's/^/#   /' "$OUT"
	echo "#   (exit $_rc)"
	return 1
}

fake_tree "$R"
echo 2-3 > "$R/sys/devices/system/cpu/isolated"

qq --help; t_eq "qualify --help: exit 0" 0 $?
for s in audit ladder threshold noise wait section compare; do
	t_check "--help names section $s" has "^  $s  "
done
for o in rate-hz max-latency-us max-late-pct max-gaps-per-s max-hybrid-p99 \
	 max-hybrid-cpu max-over-per10k max-ref-ratio quick long budget only \
	 skip rates modes provider output cpus force; do
	t_check "--help explains --$o" has "--$o"
done
t_check "--help: the exit statuses" has "^Exit status: 0 every check PASS or WARN; 1 a check FAILs"
"$U" help qualify > "$OUT" 2>&1; t_eq "help qualify: exit 0" 0 $?

t_check "an unknown option" refused "see 'userctl qualify --help'" --frob
t_check "a stray argument" refused "unexpected argument" extra
t_check "two budgets" refused "one of them" --quick --budget 30
for b in 0 -5 x inf nan 1e9; do
	t_check "--budget $b" refused "--budget '$b': not a number of seconds" --budget "$b"
done
t_check "an unknown section" refused "no section 'frob'" --only ladder,frob
t_check "an empty section list" refused "not a comma list" --skip ladder,
t_check "--only and --skip together" refused "one of them, once" --only ladder --skip noise
t_check "a rate above what period_us allows" refused "--rate-hz 200000: above 100000 Hz" --rate-hz 200000
t_check "a rate with a fraction of a us" refused "333.33 us, is not a whole number" --rate-hz 3000
t_check "a rate that is no integer" refused "--rate-hz '1.5': not an integer" --rate-hz 1.5
t_check "a rung above 100 kHz" refused "from 1 to 100000 Hz" --rates 1000,200000
t_check "a rung twice is fine, a word is not" refused "not an integer" --rates 1000,fast
t_check "an unknown wait mode" refused "'spin' is not one of hrtimer,poll,hybrid" --modes hrtimer,spin
t_check "a negative threshold" refused "--max-late-pct '-1': not a number" --max-late-pct -1
t_check "a threshold that is not finite" refused "--max-ref-ratio 'inf'" --max-ref-ratio inf
mkdir -p "$T/full"
echo '{}' > "$T/full/report.json"
SHIELDRT_DEV=$FILE USERCTL_ROOT=$R "$U" qualify -o "$T/full" > "$OUT" 2>&1
t_eq "a directory with a report: exit 2" 2 $?
t_check "and says so, asking nothing" sh -c "grep -q 'holds a report already' '$OUT' && ! grep -q ENOTTY '$OUT'"
t_check "and leaves it alone" grep -qx '{}' "$T/full/report.json"
SHIELDRT_DEV=$T/none USERCTL_ROOT=$R "$U" qualify -o "$T/report" > "$OUT" 2>&1
t_eq "no device: exit 2" 2 $?
t_check "no device: says to load the module" has "load the module"
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
	SHIELDRT_DEV=$FILE USERCTL_ROOT=$R setpriv --reuid=65534 --regid=65534 \
		--clear-groups "$U" qualify -o "$T/none/report" > "$OUT" 2>&1
	t_eq "without CAP_SYS_ADMIN: exit 2" 2 $?
	t_check "without CAP_SYS_ADMIN: names what needs it" has "qualify needs CAP_SYS_ADMIN: it creates, starts and destroys loops"
	t_check "without CAP_SYS_ADMIN: nothing sent" sh -c "! grep -q ENOTTY '$OUT'"
else
	t_ok "# SKIP not root, or no setpriv: the refusal without CAP_SYS_ADMIN"
fi
t_check "a CPU that is not online" refused "CPU 7 is not online" --cpus 7
t_check "a CPU that is not shielded" refused "CPU 1 is not shielded (shielded: 2-3)" --cpus 1
t_check "--force goes on with it" reached --cpus 1 --force
t_check "the shielded CPUs by default" reached --quick
echo > "$R/sys/devices/system/cpu/isolated"
t_check "nothing shielded, no --cpus" refused "no shielded CPU found" --quick

# The verdict and the writers on made-up results (test_qualify), and
# the report they write as the host checks a guest's
mkdir -p "$T/synth"
"$(dirname "$U")/test_qualify" "$T/synth" > "$OUT" 2>&1
rc=$?
grep '^not ok' "$OUT" | sed 's/^/# /'
t_eq "test_qualify: its $(grep -c '^ok' "$OUT") cases pass" 0 "$rc"
if command -v python3 > /dev/null; then
	python3 "$here/../../scripts/testbed/qualify-check" "$T/synth" > "$OUT" 2>&1
	rc=$?
	grep '^not ok' "$OUT" | sed 's/^/# /'
	t_eq "the written report passes scripts/testbed/qualify-check ($(grep -c '^ok' "$OUT") lines)" 0 "$rc"
else
	t_ok "# SKIP no python3: the report's structure"
fi

t_done
