#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Bad CPU lists are refused with a usage error (exit 2) and nothing is
# written: no state file, every file apply would touch unchanged.
. /srt/lib.sh

last=$((SRT_NCPUS - 1))
cpus=${SRT_ISOLATED:-$last}
state=/run/shieldrt/shield.state
snap=/tmp/bad-snap
files=$(userctl shield apply --cpus "$cpus" --dry-run 2>/dev/null |
	sed -n 's/^\(\/[^:]*\): .* -> .*/\1/p')
rm -rf $snap
mkdir -p $snap
for f in $files; do
	cat "$f" > "$snap/$(echo "$f" | tr / _)"
done

for bad in "0" "0-$last" "$SRT_NCPUS" "1-" "3-1" "a" "1,,2" "" "1-2-3" \
	   "2-7:2"; do
	for sub in audit apply; do
		userctl shield $sub --cpus "$bad" > /tmp/bad.out 2>&1
		rc=$?
		t_eq "$sub --cpus '$bad' is a usage error" 2 $rc
		t_check "$sub --cpus '$bad' says why" \
			grep -q "^userctl: " /tmp/bad.out
	done
done

# An offline CPU (only where a housekeeping CPU other than 0 exists).
off=""
for c in $(seq 1 $((last - 1))); do
	# below the first shielded CPU: neither shielded nor the only
	# housekeeping CPU
	[ "$c" -lt "$(first_cpu $cpus)" ] || continue
	[ -w /sys/devices/system/cpu/cpu$c/online ] && off=$c && break
done
if [ -n "$off" ] && echo 0 > /sys/devices/system/cpu/cpu$off/online; then
	userctl shield apply --cpus "$off" > /tmp/bad.out 2>&1
	rc=$?
	echo 1 > /sys/devices/system/cpu/cpu$off/online
	t_eq "an offline CPU is a usage error" 2 $rc
	t_check "it says offline" grep -q "offline" /tmp/bad.out
else
	t_skip "offline CPU" "no CPU that can go offline here"
fi

t_check "no state file after bad input" test ! -e $state
changed=""
for f in $files; do
	cat "$f" > /tmp/bad-now
	cmp -s /tmp/bad-now "$snap/$(echo "$f" | tr / _)" || changed="$changed $f"
done
t_eq "no file apply would touch was changed" "" "$changed"
