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
