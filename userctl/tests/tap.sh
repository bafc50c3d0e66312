# SPDX-License-Identifier: GPL-2.0
# TAP helpers for the host shell tests (the guest has its own lib.sh).
_n=0
_failed=0
t_ok() { _n=$((_n + 1)); echo "ok $_n - $1"; }
t_fail() {
	_n=$((_n + 1)); _failed=$((_failed + 1))
	echo "not ok $_n - $1"
	# every line of the details a TAP comment
	[ -z "${2:-}" ] || echo "$2" | sed 's/^/# /'
}
t_check() {
	_d=$1; shift
	if "$@"; then t_ok "$_d"; else t_fail "$_d" "failed: $*"; fi
}
t_eq() {
	if [ "$2" = "$3" ]; then t_ok "$1"
	else t_fail "$1" "expected '$2', got '$3'"
		[ -z "${OUT:-}" ] || [ ! -f "$OUT" ] || sed 's/^/#   /' "$OUT" | head -20
	fi
}
t_done() { echo "1..$_n"; [ $_failed -eq 0 ]; }
