# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# TAP for the host tests of scripts/ that source it (bash): ok DESC,
# nok DESC, t DESC COMMAND... (ok if COMMAND succeeds), tap_end (the plan
# line; exits 1 if any case failed).
n=0
fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); fail=1; echo "not ok $n - $1"; }
t() { local d=$1; shift; if "$@"; then ok "$d"; else nok "$d"; fi; }
tap_end() { echo "1..$n"; exit $fail; }
