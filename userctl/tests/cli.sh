#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host tests of the CLI frame and the debugfs wrappers (loop, status,
# hist) against a fake /sys/kernel/debug/shieldrt (TAP).
# Usage: cli.sh USERCTL
set -u
U=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"

T=$(mktemp -d /tmp/userctl-cli.XXXXXX)
trap 'rm -rf "$T"' EXIT
R=$T/root
D=$R/sys/kernel/debug/shieldrt
OUT=$T/out

uc() { USERCTL_ROOT=$R "$U" "$@" > "$OUT" 2>&1; }
has() { grep -q -- "$1" "$OUT"; }
json() { python3 -c "import json; d=json.load(open('$OUT')); assert $1, d"; }

# --- frame -------------------------------------------------------------
uc --help; t_eq "--help exits 0" 0 $?
uc --version; t_eq "--version exits 0" 0 $?
t_check "--version prints the version" has "^userctl [0-9]"
for c in loop status hist shield; do
	uc --help
	t_check "--help lists $c" has "^  $c "
	uc $c --help; t_eq "$c --help exits 0" 0 $?
	t_check "$c --help prints usage" has "^usage: userctl $c"
	uc help $c; t_eq "help $c exits 0" 0 $?
	t_check "help $c prints the same usage" has "^usage: userctl $c"
done
uc help nosuch; t_eq "help for an unknown command: exit 2" 2 $?
uc; t_eq "no command: exit 2" 2 $?
uc frobnicate; t_eq "unknown command: exit 2" 2 $?
t_check "unknown command: plain fatal message" has \
	"^userctl: unknown command 'frobnicate'"
uc status --bogus; t_eq "unknown option: exit 2" 2 $?
uc --root "$T/nowhere" status; t_eq "--root without module: exit 1" 1 $?
t_check "missing debugfs dir is explained" has "shieldrt loaded"

# --- loop --------------------------------------------------------------
mkdir -p "$D"
: > "$D/control"
uc loop create a cpu=1 period_us=100 mode=hybrid
t_eq "loop create exits 0" 0 $?
t_eq "loop create writes one control line" \
	"create name=a cpu=1 period_us=100 mode=hybrid" "$(cat "$D/control")"
for v in start stop resume reset destroy; do
	uc loop $v a
	t_eq "loop $v writes '$v a'" "$v a" "$(cat "$D/control")"
done
: > "$D/control"
for bad in "cpu" "=1" "cpu=" "CPU=1" "cpu=1 2" "cpu=1
start b"; do
	uc loop create a "$bad"; rc=$?
	t_eq "loop create rejects '$(printf %s "$bad" | tr '\n' '|')'" 2 $rc
done
uc loop create "bad name"; t_eq "loop name with a space: exit 2" 2 $?
uc loop create "$(printf 'x%.0s' $(seq 1 16))"; t_eq "16-char loop name: exit 2" 2 $?
uc loop create "$(printf 'x%.0s' $(seq 1 15))"; t_eq "15-char loop name: accepted" 0 $?
: > "$D/control"
uc loop start; t_eq "loop start without name: exit 2" 2 $?
uc loop start a b; t_eq "loop start with two names: exit 2" 2 $?
uc loop jump a; t_eq "unknown loop subcommand: exit 2" 2 $?
t_eq "rejected input wrote nothing" "" "$(cat "$D/control")"

# a write the module refuses: the reason comes from last_error
rm "$D/control"; mkdir "$D/control"
mkdir -p "$D/a"
printf 'period_us: 3 below minimum 10\n' > "$D/a/last_error"
printf 'control: unknown loop b\n' > "$D/last_error"
uc loop start a; rc=$?
t_eq "refused write exits 1" 1 $rc
t_check "the top-level last_error (always the latest) is the reason" has \
	"^userctl: 'start a' failed: control: unknown loop b$"
: > "$D/last_error"
uc loop start a
t_check "else the loop's own last_error" has \
	"^userctl: 'start a' failed: period_us: 3 below minimum 10$"
uc loop start b
t_check "else the errno text" has "^userctl: 'start b' failed: Is a directory$"
rmdir "$D/control"; : > "$D/control"

# --- status ------------------------------------------------------------
printf 'running\n' > "$D/a/state"
printf 'cpu=1\nperiod_us=100\nmode=hybrid\n' > "$D/a/config"
printf 'cycles: 12345\noverruns: 0\ncpu_pct: 99.5\n# warning: the clock went backwards\nirq_latency_ns: count=10 min=1 avg=2 max=9\n' > "$D/a/stats"
: > "$D/a/last_error"
mkdir -p "$D/b"
printf 'configured\n' > "$D/b/state"
uc status; t_eq "status exits 0" 0 $?
t_check "status lists loop a running" has "^a  *running$"
t_check "status lists loop b configured" has "^b  *configured$"
t_check "status header counts loops" has "^# 2 loops"
uc status a; t_eq "status a exits 0" 0 $?
t_check "status a shows stats" has "^cycles: 12345$"
uc status --json a
t_check "status --json a: config parsed to numbers" json \
	"d['config']['cpu'] == 1 and d['config']['mode'] == 'hybrid' and d['stats']['cycles'] == 12345 and d['state'] == 'running'"
t_check "status --json a: nested k=v, percentages, notes" json \
	"d['stats']['irq_latency_ns'] == {'count': 10, 'min': 1, 'avg': 2, 'max': 9} and d['stats']['cpu_pct'] == 99.5 and d['stats']['notes'] == ['warning: the clock went backwards']"
uc status -j
t_check "status -j lists both loops" json \
	"[l['name'] for l in d] == ['a', 'b'] and d[1]['config'] is None"
uc status nosuch; t_eq "status of a missing loop: exit 1" 1 $?

# --- hist --------------------------------------------------------------
cat > "$D/a/hist" <<'H'
# shieldrt hist: loop a, wake latency and compute time
# unit: us, bucket size: 1, duration: 0 00:00:10
Index   wake-001   compute-001
0       10         12
1       5          3
over:   0          1
count:  15         16
min:    0          0
avg:    0.33       0.25
max:    1          3
H
uc hist a; t_eq "hist exits 0" 0 $?
t_check "hist passes the text through" cmp "$OUT" "$D/a/hist"
uc hist --json a
t_check "hist --json: columns, buckets and summaries" json \
	"d['columns'] == ['wake-001', 'compute-001'] and d['buckets'] == [[0, 10, 12], [1, 5, 3]] and d['over'] == [0, 1] and d['avg'] == [0.33, 0.25] and d['header'][1].startswith('unit: us')"
uc hist; t_eq "hist without name: exit 2" 2 $?
uc hist nosuch; t_eq "hist of a missing loop: exit 1" 1 $?

t_done
