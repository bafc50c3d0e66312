#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Load the KUnit test module and turn each shieldrt_* case's result into a
# TAP line.  Only kernels with CONFIG_KUNIT build the test module; on the
# debug kernel it must be there.
. /srt/lib.sh

if [ ! -f "$SRT_TESTMOD" ]; then
	case $SRT_KERNEL in
	*debug*) t_fail "KUnit test module present" "not built for $SRT_KERNEL" ;;
	*) t_skip "KUnit" "$SRT_KERNEL has no CONFIG_KUNIT" ;;
	esac
	exit 0
fi

loaded_core=0
if ! grep -q '^shieldrt ' /proc/modules; then
	insmod "$SRT_MOD" || { t_fail "insmod shieldrt for KUnit"; exit 0; }
	loaded_core=1
fi
# Suites run synchronously while the module loads.
if ! insmod "$SRT_TESTMOD"; then
	t_fail "insmod shieldrt_test"
fi

cases=0
for d in /sys/kernel/debug/kunit/shieldrt_*; do
	[ -f "$d/results" ] || continue
	suite=${d##*/}
	# Depth-1 lines ("    ok N name") are the cases; deeper ones are the
	# rows of parameterised cases, summarised by their case line.
	while IFS= read -r line; do
		case $line in
		"    ok "*|"    not ok "*)
			cases=$((cases + 1))
			res=${line#    }
			status=${res%% [0-9]*}
			name=$(echo "$res" | sed 's/^\(not \)\{0,1\}ok [0-9]* //')
			if [ "$status" = ok ]; then
				t_ok "kunit $suite: $name"
			else
				t_fail "kunit $suite: $name"
			fi ;;
		esac
	done <"$d/results"
done
t_ge "KUnit ran shieldrt cases" "$cases" 1
note "KTAP follows"
dmesg | sed -n '/KTAP version/,$p' | grep -E 'Subtest|ok [0-9]|# ' | sed 's/^/# /' | head -n 400

rmmod shieldrt_test 2>/dev/null
[ "$loaded_core" = 0 ] || rmmod shieldrt
exit 0
