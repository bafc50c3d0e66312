#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Loop names the module keeps (issue 36): a loop's debugfs directory sits
# beside the module's own files, so a loop named like one of them would
# run without its views.  Every name at the top of the module's debugfs
# directory, and every name of SHIELDRT_RESERVED_NAMES (the UAPI header;
# scripts/testbed/vm-run passes it as SRT_RESERVED_NAMES), must be refused
# with a reason that names it, through the debugfs control file, the
# ioctl (userctl) and loops= alike, leaving no loop behind; names next to
# them are taken and get their directory with every view.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))

srt_load || exit 1
top=$(ls $SRT_DBG | tr '\n' ' ')
note "top-level names: $top"
note "SHIELDRT_RESERVED_NAMES: $SRT_RESERVED_NAMES"
t_check "the UAPI header's list reached the guest" test -n "$SRT_RESERVED_NAMES"
for n in $top; do
	case " $SRT_RESERVED_NAMES " in
	*" $n "*) t_ok "top-level '$n' is a reserved name" ;;
	*) t_fail "top-level '$n' is a reserved name" "not in SHIELDRT_RESERVED_NAMES" ;;
	esac
done

# no_loops WHEN: no loop exists and the top level is as it was
no_loops() {
	t_eq "$1: no loop listed" "" "$(grep -v '^#' $SRT_DBG/loops)"
	t_eq "$1: the top level is unchanged" "$top" "$(ls $SRT_DBG | tr '\n' ' ')"
}

# shellcheck disable=SC2086 # a list of names
for n in $(echo $top $SRT_RESERVED_NAMES | tr ' ' '\n' | sort -u); do
	if ctl "create name=$n cpu=$ISO period_us=1000" 2>/dev/null; then
		t_fail "debugfs: create '$n' refused" "accepted"
	else
		e=$(cat $SRT_DBG/last_error)
		case $e in
		*"'$n'"*reserved*|*"'$n'"*keeps*) t_ok "debugfs: create '$n' refused ($e)" ;;
		*) t_fail "debugfs: create '$n' refused with a reason naming it" "$e" ;;
		esac
	fi
	if userctl loop create -l "$n" cpu="$ISO" period_us=1000 >/tmp/rn.out 2>&1; then
		t_fail "ioctl: create '$n' refused" "accepted"
	else
		rc=$?
		if [ $rc = 1 ] && grep -q "'$n'.*RESERVED_NAMES" /tmp/rn.out; then
			t_ok "ioctl: create '$n' refused, exit 1 ($(cat /tmp/rn.out))"
		else
			t_fail "ioctl: create '$n' refused with a reason naming it" "exit $rc: $(cat /tmp/rn.out)"
		fi
	fi
done
no_loops "after the refused creates"
# One write of two creates is checked whole: the good one does not run.
if printf 'create name=rn1 cpu=%s\ncreate name=loops cpu=%s\n' "$ISO" "$ISO" \
	>$SRT_DBG/control 2>/dev/null; then
	t_fail "debugfs: two creates, the second reserved: refused" "accepted"
else
	t_ok "debugfs: two creates, the second reserved: refused ($(cat $SRT_DBG/last_error))"
fi
no_loops "after the refused write of two lines"

# Names beside the reserved ones are ordinary: each gets every view.
views="config state stats hist last_error preflight blocks params commit commits fpu_empty io limits dataplane flight"
for n in Control controls loops2 ctl_error; do
	if ! userctl loop create -l "$n" cpu="$ISO" period_us=1000 >/tmp/rn.out 2>&1; then
		t_fail "create '$n'" "$(cat /tmp/rn.out)"
		continue
	fi
	miss=""
	for v in $views; do
		[ -e "$SRT_DBG/$n/$v" ] || miss="$miss $v"
	done
	t_eq "'$n' has its directory with every view" "" "$miss"
	t_check "destroy '$n'" userctl loop destroy -l "$n"
done
srt_unload

# loops= at load: the same refusal, and the module does not stay loaded
# with half of its loops.
# shellcheck disable=SC2086
for n in $(echo $top $SRT_RESERVED_NAMES | tr ' ' '\n' | sort -u); do
	# the kernel must see the double quotes: the value has blanks
	if insmod $SRT_MOD "loops=\"name=ok cpu=$ISO;name=$n cpu=$ISO\"" 2>/dev/null; then
		t_fail "loops=: '$n' refused" "loaded"
		rmmod shieldrt
	elif dmesg | tail -n 5 | grep -q "'$n'.*RESERVED_NAMES"; then
		t_ok "loops=: '$n' refused, the kernel log names it"
	else
		t_fail "loops=: '$n' refused with a reason naming it" "$(dmesg | tail -n 3)"
	fi
done
t_check "the module is not loaded" sh -c "! grep -q '^shieldrt ' /proc/modules"
