#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A kernel booted locked down, as Secure Boot machines are (issue 36):
# lockdown=integrity and module.sig_enforce=1 on the command line, the
# modules signed with a key the kernel trusts (scripts/testbed/vm-run --signed
# --lockdown integrity: the debug kernel's own build key).  Modules
# unsigned, or signed with a key the kernel does not know, are refused
# and leave nothing loaded; userctl says why before the module is there;
# the signed shieldrt and a signed provider load (no "E" taint), a loop
# bound to the provider runs through the ioctls, and both unload.
# control-lockdown runs the control plane's workflow and its random
# ioctls in the same boot.  Skipped unless booted so.
. /srt/lib.sh

# booted_with ARG: ARG is a word of the kernel's command line
booted_with() {
	case " $(cat /proc/cmdline) " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}
if ! booted_with lockdown=integrity || ! booted_with module.sig_enforce=1; then
	t_skip "locked-down boot" "not booted with lockdown=integrity module.sig_enforce=1 (vm-run --signed --lockdown integrity)"
	exit 0
fi
SEC=/sys/kernel/security
[ -e $SEC/lockdown ] || mount -t securityfs securityfs $SEC
SIMDAQ=/lib/shieldrt/shieldrt_simdaq.ko
ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))

t_eq "lockdown is integrity from the boot on" "[integrity]" \
	"$(grep -o '\[[a-z]*\]' $SEC/lockdown 2>/dev/null)"
t_eq "module.sig_enforce is on" Y "$(cat /sys/module/module/parameters/sig_enforce)"
t_check "the signed modules are there, and their unsigned copies" \
	test -f /lib/shieldrt/unsigned/shieldrt.ko -a -f /lib/shieldrt/untrusted/shieldrt.ko

# refused KO DESC LOG-TEXT: insmod KO fails with EKEYREJECTED, the module
# is not loaded, the kernel log says why
refused() {
	local n out
	n=$(dmesg | wc -l)
	if out=$(insmod "$1" 2>&1); then
		t_fail "refused: $2" "insmod succeeded"
		rmmod "$(basename "$1" .ko)"
		return
	fi
	case $out in
	*"Key was rejected by service"*) t_ok "refused: $2: insmod says: $out" ;;
	*) t_fail "refused: $2: EKEYREJECTED" "$out" ;;
	esac
	t_check "refused: $2: not loaded" test ! -d "/sys/module/$(basename "$1" .ko)"
	if new_log "$n" | grep -q "$3"; then
		t_ok "refused: $2: the kernel log says '$3'"
	else
		t_fail "refused: $2: the kernel log says '$3'" "$(new_log "$n" | tail -n 3)"
	fi
}
refused /lib/shieldrt/unsigned/shieldrt.ko "shieldrt unsigned" \
	"Loading of unsigned module is rejected"
refused /lib/shieldrt/untrusted/shieldrt.ko "shieldrt signed with a key the kernel does not know" \
	"Loading of module with unavailable key is rejected"

# Before the module is there, userctl says why it may be missing.
userctl status >/tmp/bl.out 2>&1
t_eq "userctl without the module: exit 1" 1 $?
note "userctl status: $(cat /tmp/bl.out)"
t_check "userctl says this kernel loads signed modules only, and what to do" \
	grep -q "signed modules only (lockdown integrity, module.sig_enforce=1).*sign shieldrt.ko" /tmp/bl.out
userctl shield audit --cpus "$ISO" >/tmp/bl.audit 2>&1
note "audit: $(grep 'module.signing' /tmp/bl.audit)"
t_check "shield audit: module.signing WARN before the load" \
	grep -q '^WARN  module.signing .*not loaded, and this kernel loads signed modules only' /tmp/bl.audit

srt_load || exit 1
t_check "shieldrt carries no E taint (its signature checked out)" \
	sh -c "! grep -q E /sys/module/shieldrt/taint"
userctl shield audit --cpus "$ISO" >/tmp/bl.audit 2>&1
note "audit: $(grep 'module.signing' /tmp/bl.audit)"
t_check "shield audit: module.signing PASS, signed" \
	grep -q '^PASS  module.signing .*with a signature the kernel trusts' /tmp/bl.audit
refused /lib/shieldrt/unsigned/shieldrt_simdaq.ko "the simdaq provider unsigned" \
	"Loading of unsigned module is rejected"
t_check "insmod the signed simdaq provider" insmod $SIMDAQ rate_hz=1000
t_check "simdaq carries no E taint" sh -c "! grep -q E /sys/module/shieldrt_simdaq/taint"

# One provider runs: a loop triggered by simdaq, through the ioctls.
t_run "loop create daq, bound to simdaq, --start" /tmp/bl.out \
	userctl loop create -l daq cpu="$ISO" period_us=1000 mode=external \
	io=simdaq:in=0-1:out=0:trigger section=raw_spinlock --start
cyc() { userctl status -l daq --json 2>/dev/null | sed -n 's/.*"cycles": *\([0-9]*\).*/\1/p' | head -n 1; }
t_wait_ge "daq: simdaq's triggers ran 200 cycles" 200 60 cyc
t_check "daq: no I/O errors" sh -c \
	"userctl status -l daq --json | grep -Eq '\"io_read_errors\": *0([^0-9]|$)'"
t_run "loop stop daq" /tmp/bl.out userctl loop stop -l daq
t_run "loop destroy daq" /tmp/bl.out userctl loop destroy -l daq
t_check "rmmod shieldrt_simdaq" rmmod shieldrt_simdaq
srt_unload
t_check "nothing of shieldrt is loaded" sh -c "! grep -q '^shieldrt' /proc/modules"
