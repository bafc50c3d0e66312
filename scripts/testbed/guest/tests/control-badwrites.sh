#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Writes a hostile user found accepted (issue 17), each refused now:
# a switch file takes exactly 0 or 1, not any line that starts with a
# digit; a NUL inside a write is refused, not a silent end of the text;
# a loop name of raw bytes is refused; and a flood of bad writes leaves
# a rate-limited trace in the kernel log, while last_error keeps the
# latest reason.  Then random lines at volume (control_fuzz -w).
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))
D=$SRT_DBG/bw

# refuse DESC FILE BYTES: the write fails and last_error has a reason
refuse() {
	if printf '%b' "$3" >"$2" 2>/dev/null; then
		t_fail "$1: refused" "accepted"
	else
		t_ok "$1: refused ($(cat $SRT_DBG/last_error))"
	fi
}

srt_load || exit 1
t_check "create loop bw" ctl "create name=bw cpu=$ISO period_us=1000 mode=hrtimer"
printf 'input x\noutput y\nblock g gain in=x out=y k=2\n' >/tmp/bw.chain
t_check "load a one-gain chain" userctl chain load -l bw /tmp/bw.chain
t_check "start bw" ctl "start bw"

refuse "commit '1 nan'" $D/commit '1 nan'
refuse "commit 'tel_decimation=4 nan'" $D/commit 'tel_decimation=4 nan'
refuse "commit 'yes'" $D/commit 'yes'
refuse "commit '1<NUL>junk'" $D/commit '1\0junk'
t_eq "no commit took effect" none "$(cat $D/commit)"
refuse "fpu_empty '1 nan'" $D/fpu_empty '1 nan'
refuse "fpu_empty 'on'" $D/fpu_empty 'on'
t_eq "fpu_empty unchanged" 0 "$(cat $D/fpu_empty)"
t_check "fpu_empty '1' taken" sh -c "echo 1 >$D/fpu_empty"
t_eq "fpu_empty reads 1" 1 "$(cat $D/fpu_empty)"
t_check "fpu_empty '0' taken" sh -c "echo 0 >$D/fpu_empty"

before=$(cat $D/params)
refuse "params 'g.k=3<NUL>= bogus'" $D/params 'g.k=3\0= bogus'
t_eq "staged parameters unchanged" "$before" "$(cat $D/params)"
case $(cat $D/last_error) in
*NUL*) t_ok "last_error names the NUL" ;;
*) t_fail "last_error names the NUL" "$(cat $D/last_error)" ;;
esac
refuse "limits 'out=0 max=1<NUL>x'" $D/limits 'out=0 max=1\0x'
# The flight file as the others: a NUL is EINVAL, past 64 bytes E2BIG.
refuse "flight 'trigger<NUL>junk'" $D/flight 'trigger\0junk'
case $(head -n 1 $D/flight) in
*trigger=manual*) t_fail "flight: the NUL write triggered nothing" "$(head -n 1 $D/flight)" ;;
*) t_ok "flight: the NUL write triggered nothing" ;;
esac
refuse "flight: a 65-byte write" $D/flight "trigger$(printf '%58s' '')"
case $(cat $D/last_error) in
*"over 64 bytes"*) t_ok "flight: last_error says the text is over 64 bytes" ;;
*) t_fail "flight: last_error says the text is over 64 bytes" "$(cat $D/last_error)" ;;
esac

refuse "create a loop named x<ff><fe>" $SRT_DBG/control \
	'create name=x\377\376 cpu='"$ISO"' period_us=1000'
t_eq "no such loop directory" "" "$(ls $SRT_DBG | grep '^x' || true)"

# A refused name or value is quoted escaped wherever the reason goes
# (include/shieldrt_quote.h): last_error, the kernel log, the ioctl's err
# and userctl's message carry '\xff' for the byte, never the byte.
# raw_free FILE: no byte outside printable ASCII and newline in FILE
raw_free() { [ "$(tr -d '\n -~' <"$1" | wc -c)" = 0 ]; }
# escaped DESC TEXT WANT: TEXT holds WANT (a fixed string) and no raw byte
escaped() {
	printf '%s\n' "$2" >/tmp/esc.txt
	if grep -qF -- "$3" /tmp/esc.txt && raw_free /tmp/esc.txt; then
		t_ok "$1 ($3)"
	else
		t_fail "$1" "want '$3', got: $(od -c /tmp/esc.txt | head -n 3 | tr '\n' ' ')"
	fi
}
escaped "debugfs create x<ff><fe>: last_error" "$(cat $SRT_DBG/last_error)" \
	"name: 'x\\xff\\xfe' is not"
# the log's rate limit (10 per 5 s) has room again after this
sleep 6
n0=$(dmesg | wc -l)
refuse "a key of an escape sequence" $SRT_DBG/control \
	'create name=esc cpu='"$ISO"' \033[2J=1'
escaped "debugfs: unknown key ESC[2J: last_error" "$(cat $SRT_DBG/last_error)" \
	"unknown key '\\x1b[2J'"
refuse "config: a mode of a quote, a backslash and <fe>" $D/config \
	"mode=a'b\\\\\376"
escaped "debugfs config: last_error of the loop" "$(cat $D/last_error)" \
	"mode: unknown value 'a\\'b\\\\\\xfe'"
escaped "the kernel log quotes them too" "$(new_log "$n0")" \
	"unknown key '\\x1b[2J'"
dmesg | tail -n +$((n0 + 1)) >/tmp/esc.log
t_check "the kernel log has no raw byte since" raw_free /tmp/esc.log
# Through the ioctls (userctl): the module's err and userctl's words.
userctl limits -l bw "$(printf 'out=\377\376 max=1')" >/tmp/esc.out 2>&1
t_eq "ioctl: limits out=<ff><fe>: exit 1" 1 $?
escaped "ioctl: userctl prints the module's reason" "$(cat /tmp/esc.out)" \
	"out: '\\xff\\xfe' is not an output index"
escaped "ioctl: the loop's last_error" "$(cat $D/last_error)" \
	"out: '\\xff\\xfe' is not an output index"
userctl chain stage -l bw "$(printf 'g.k=\033]0;pwned\007')" >/tmp/esc.out 2>&1
t_eq "ioctl: params g.k=ESC]0;...BEL: exit 1" 1 $?
# staging refuses a control byte by its value, echoing no byte of it
escaped "ioctl: the chain's reason through userctl" "$(cat /tmp/esc.out)" \
	"line 1: unexpected byte 0x1b"
userctl loop stop -l "$(printf 'x\377\376')" >/tmp/esc.out 2>&1
t_eq "userctl loop stop x<ff><fe>: a usage error, exit 2" 2 $?
escaped "userctl echoes the name escaped" "$(cat /tmp/esc.out)" \
	"loop name 'x\\xff\\xfe'"
userctl status --json >/tmp/bw.json 2>&1
if json_ok /tmp/bw.json && ! LC_ALL=C grep -q "$(printf '[\200-\377]')" /tmp/bw.json; then
	t_ok "status --json is JSON with no raw high bytes"
else
	t_fail "status --json is JSON with no raw high bytes" "$(head -c 200 /tmp/bw.json)"
fi

# A control write of several lines is checked whole before any runs.
refuse "control: a create, then an unknown verb" $SRT_DBG/control \
	"create name=m1 cpu=0 period_us=1000\nfrobnicate\n"
t_eq "last_error names line 2 and says nothing ran" \
	"line 2: unknown command 'frobnicate'; no line of this write was run" \
	"$(cat $SRT_DBG/last_error)"
t_check "loop m1 was not created" test ! -e $SRT_DBG/m1
# A bad create on line 3: its settings, and what they ask of the machine
# (a CPU that is there, an isolated one for a poll loop without force=1,
# a provider that is).
for bad in "cpu=0 period_us=5|period_us" \
	"cpu=0 period_us=1000 mode=poll|cpu 0 is not isolated" \
	"cpu=4096 period_us=1000|cpu 4096 is not present" \
	"cpu=$ISO period_us=1000 io=nosuchprov:in=0|no provider named 'nosuchprov'"; do
	refuse "control: create m1, then create m2 ${bad%%|*}" $SRT_DBG/control \
		"create name=m1 cpu=$ISO period_us=1000\n\ncreate name=m2 ${bad%%|*}\n"
	case $(cat $SRT_DBG/last_error) in
	"line 3: "*"${bad#*|}"*"; no line of this write was run") t_ok "last_error names line 3: ${bad#*|}" ;;
	*) t_fail "last_error names line 3: ${bad#*|}" "$(cat $SRT_DBG/last_error)" ;;
	esac
	t_check "neither m1 nor m2 exists" sh -c "! ls $SRT_DBG | grep -q '^m[12]\$'"
done
refuse "control: stop bw, then 'start' with two names" $SRT_DBG/control \
	"stop bw\nstart bw bw\n"
t_eq "bw still runs" running "$(cat $D/state)"
# Lines that pass the check run in order; one that fails then (a second
# loop of one name) stops the rest, and the lines before it took effect.
refuse "control: create m1, create m1 again, start m1" $SRT_DBG/control \
	"create name=m1 cpu=0 period_us=1000\ncreate name=m1 cpu=0 period_us=1000\nstart m1\n"
t_check "m1 exists (the first line ran)" test -d $SRT_DBG/m1
t_eq "m1 was not started" configured "$(cat $SRT_DBG/m1/state)"
t_check "destroy m1" ctl "destroy m1"
# A loop that a start names but no line creates is found missing when
# the start runs: the lines before it took effect (README).
refuse "control: create m1, start nosuch" $SRT_DBG/control \
	"create name=m1 cpu=$ISO period_us=1000\nstart nosuch\n"
t_check "m1 exists (the first line ran)" test -d $SRT_DBG/m1
t_check "destroy m1" ctl "destroy m1"

# A flood of bad control lines: a bounded trace in the log.
n0=$(dmesg | grep -c 'shieldrt: ')
t0=$(cut -d. -f1 /proc/uptime)
i=0
while [ $i -lt 400 ]; do
	echo "frobnicate $i" >$SRT_DBG/control 2>/dev/null
	i=$((i + 1))
done
t1=$(cut -d. -f1 /proc/uptime)
# one more after the interval, so the ratelimit reports what it dropped
sleep 6
echo "frobnicate last" >$SRT_DBG/control 2>/dev/null
n1=$(dmesg | grep -c 'shieldrt: ')
# 10 per 5 s, plus the suppression reports
bound=$(( (t1 - t0 + 6) / 5 * 10 + 20 + 2 * ((t1 - t0 + 6) / 5 + 1) ))
t_le "400 bad lines in $((t1 - t0)) s left $((n1 - n0)) log lines" $((n1 - n0)) $bound
if dmesg | grep -q 'srt_error_set: [0-9]* callbacks suppressed'; then
	t_ok "the log says how many it suppressed"
else
	t_fail "the log says how many it suppressed" "$(dmesg | tail -n 3)"
fi
t_eq "last_error has the latest reason" "unknown command 'frobnicate'" \
	"$(cat $SRT_DBG/last_error)"

t_check "stop bw" ctl "stop bw"
t_check "destroy bw" ctl "destroy bw"

# 3000 random lines over every writable debugfs file beside a running
# loop (control-ioctl's volume run of lines; "make check" runs its ioctls
# in control-lockdown, where debugfs refuses writes)
srt_control_fuzz -n 0 -w "${SRT_FUZZ_LINES:-3000}"
srt_unload
