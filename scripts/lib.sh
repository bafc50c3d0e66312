# SPDX-License-Identifier: GPL-2.0
# Shared by scripts/setup and the scripts one directory down (testbed/,
# bench/, dev/, which source "$(dirname "$0")/../lib.sh"): where the cache
# lives and which kernels make up the test matrix.  Source it; it defines
# no side effects beyond variables and functions.

SRT_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRT_CACHE=${SHIELDRT_CACHE:-/var/cache/shieldrt}
SRT_KCACHE=$SRT_CACHE/kernels

# name  debian-arch  qemu-arch  image-metapackage  suite
# "suite" is "default" (apt's candidate: bookworm / bookworm-security) or
# "backports" (bookworm-backports, where Debian ships 6.12 for bookworm).
# "x86_64-debug" is not from a package: scripts/testbed/build-debug-kernel
# makes it.
SRT_MATRIX="
x86_64-6.1	amd64	x86_64	linux-image-amd64	default
x86_64-6.1-rt	amd64	x86_64	linux-image-rt-amd64	default
x86_64-6.12	amd64	x86_64	linux-image-amd64	backports
x86_64-6.12-rt	amd64	x86_64	linux-image-rt-amd64	backports
arm64-6.1	arm64	aarch64	linux-image-arm64	default
arm64-6.12	arm64	aarch64	linux-image-arm64	backports
armhf-6.1	armhf	arm	linux-image-armmp	default
armhf-6.12	armhf	arm	linux-image-armmp	backports
"

# The kernel "make demo" boots, the one "scripts/setup" without --all
# prepares.
SRT_DEMO_KERNEL=x86_64-6.12

# The kernels "make check" boots; "make check-full" boots all of them.
# x86_64-debug-rt: the PREEMPT_RT debug kernel (sleeping spinlocks,
# threaded interrupts, lockdep); x86_64-6.1 gets the load/unload run in
# "make check" and its full suite in "make check-full".
SRT_QUICK="x86_64-debug x86_64-debug-rt arm64-6.12"
# What "make check" leaves out on x86_64-debug, whose suite is otherwise
# every test, to keep CI within its time (KASAN makes each test some
# twice as long as on a stock kernel).  Patterns, as in --tests.
#   io-simdaq: on x86_64-debug-rt (lockdep, PREEMPT_RT) and arm64-6.12;
#     io-pcibar and io-rfm: on arm64-6.12 (io-rfm also in the two-node
#     demo)
#   control-ioctl: its 900 cases run on x86_64-debug all the same, in the
#     locked-down boot's control-lockdown with its 1500 random ioctls,
#     and its 3000 random debugfs lines in control-badwrites
#   control-nodebugfs: in every other kernel's load stage
#   io-iio (some 300 s here, 200 s on x86_64-debug-rt): on arm64-6.12
#     with Debian's IIO modules, and on both debug kernels in make
#     check-full; io-iio-sleep, its negative control: on
#     x86_64-debug-rt
#   the user's tools (user space alone, the module's paths covered by the
#     rest): the SRT_QUICK_USER_TESTS boot; bench-* and runtime-compare:
#     userctl qualify there and on arm64-6.12 runs their studies through
#     the same code, bench-storms runs on arm64-6.12, check-full all of
#     them
SRT_QUICK_DEBUG_SKIP="io-pcibar io-simdaq io-rfm io-iio io-iio-sleep control-ioctl control-nodebugfs bench-* runtime-compare dataplane-interrupt dataplane-example python-reader replay-demo qualify-*"
# What "make check" runs on x86_64-debug-rt: what PREEMPT_RT changes
# (sections, providers, waits, overruns, commits, KUnit, the control
# plane's writes) and io-iio-sleep (24 s: the IIO provider's read() in
# the section, caught by the atomic-sleep check), to keep CI within its
# time; "make check-full" runs
# everything there too.  Left to check-full here: io-rfm and io-pcibar
# (make check runs them on arm64-6.12; io-simdaq takes the I/O lock here
# as io-pcibar would), control-ioctl and control-nodebugfs (the stock RT
# kernels' load stages run the latter).
SRT_QUICK_RT_TESTS="boot-module kunit runtime-section runtime-irqsoff runtime-modes runtime-overrun io-simdaq io-hotplug io-iio-sleep chain-commit safety-limits dataplane-setpoint control-badwrites"
# The kernel the shield audit is also checked on without shielding; with
# no nohz_full CPU, it also lets a loop's CPU go offline under lockdep.
SRT_NOSHIELD="x86_64-debug"
# The kernel "make check" boots locked down (lockdown=integrity
# module.sig_enforce=1, as Secure Boot machines are), the modules signed
# with the key its build made (vm-run --signed): unsigned modules are
# refused, signed ones load, and at integrity debugfs refuses writes
# while the ioctl control plane must not (boot-locked, control-lockdown).
SRT_LOCKED="x86_64-debug"
# What "make check" runs on arm64-6.12: what the arch changes (NEON in
# sections, weak memory order in the data plane and reflective memory,
# the arch timer under the waits and overruns, PCI BARs, IIO,
# tracepoints, the storms on a board's arch) and userctl qualify --quick
# on a shielded arm64 boot, its report checked on the host
# (scripts/testbed/qualify-check); "make check-full" runs everything there.
SRT_QUICK_ARM_TESTS="boot-module runtime-section runtime-irqsoff runtime-modes runtime-overrun dataplane-heartbeat dataplane-hostile dataplane-lifetime dataplane-record dataplane-setpoint dataplane-stream io-* chain-commit safety-limits trace-overrun bench-storms qualify-run"
# The stock kernel a user runs, booted once in "make check" for the
# user's tools: its load stage (boot-module, control-nodebugfs), userctl's
# SIGINT handling, the example reader programs, the replay demo, and
# userctl qualify: what it refuses, its exit codes and Ctrl-C, then
# --quick under kernel lockdown at integrity with debugfs unmounted
# (qualify-run raises the lockdown, so it comes last: it stays up).
SRT_QUICK_USER_KERNEL="x86_64-6.12"
SRT_QUICK_USER_TESTS="boot-module control-nodebugfs dataplane-interrupt dataplane-example python-reader replay-demo qualify-refused qualify-exit qualify-run"
SRT_FULL="x86_64-debug x86_64-debug-rt x86_64-6.1 x86_64-6.1-rt x86_64-6.12 x86_64-6.12-rt arm64-6.1 arm64-6.12 armhf-6.1 armhf-6.12"

die() { echo "${0##*/}: $*" >&2; exit 1; }

# script_help: print the calling script's header comment (the lines after
# the SPDX line up to the first line that is not a comment), unindented;
# a script's --help is its header, so the two cannot disagree.
script_help() {
	awk 'NR <= 2 { next } !/^#/ { exit }
		{ sub(/^# ?/, "") } $0 != "" || text { text = 1; print }' "$0"
}
log() { echo "${0##*/}: $*" >&2; }

# matrix_field NAME FIELD(1..5)
matrix_field() {
	printf '%s\n' "$SRT_MATRIX" | awk -F'\t' -v n="$1" -v f="$2" \
		'$1 == n { print $f; found = 1 } END { exit !found }'
}

# The Debian arch and the cross prefix of a kernel name.
kernel_arch() {
	case $1 in
	x86_64-*) echo amd64 ;;
	arm64-*) echo arm64 ;;
	armhf-*) echo armhf ;;
	*) die "unknown kernel '$1'" ;;
	esac
}

kernel_kbuild_arch() {
	case $(kernel_arch "$1") in
	amd64) echo x86 ;;
	arm64) echo arm64 ;;
	armhf) echo arm ;;
	esac
}

kernel_cross() {
	case $(kernel_arch "$1") in
	amd64) echo "" ;;
	arm64) echo aarch64-linux-gnu- ;;
	armhf) echo arm-linux-gnueabihf- ;;
	esac
}

# Each prepared kernel directory holds: vmlinuz, config, kver, build (a
# kbuild tree usable with "make -C build M=...").
kernel_dir() { echo "$SRT_KCACHE/$1"; }

# sign_modules KTREE KEY CERT KO...: sign each module in place with the
# kbuild tree's scripts/sign-file and its CONFIG_MODULE_SIG_HASH (a PEM
# key, a PEM or DER certificate), as the kernel checks them
sign_modules() {
	local kdir=$1 key=$2 cert=$3 tool=$1/scripts/sign-file hash ko
	shift 3
	[ -x "$tool" ] || { log "no $tool: cannot sign"; return 1; }
	hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"/\1/p' "$kdir/.config" 2>/dev/null)
	for ko in "$@"; do
		"$tool" "${hash:-sha256}" "$key" "$cert" "$ko" || {
			log "signing $ko failed"
			return 1
		}
	done
}

# Progress of a long script in stages: "stage N/M: WHAT (about T left)",
# T from the durations the same stages took the last time they ran,
# kept in $SRT_CACHE/timings/NAME ("key seconds" lines).
#   progress_init NAME KEY...   the stages to come, in order
#   progress_stage KEY WHAT     one starts (the one before it ends)
#   progress_done               the last one ends; the times are kept
# The line goes to stderr prefixed with the script's name, or, when
# SRT_PROGRESS_PREFIX is set, to stdout after that prefix (scripts/dev/check
# uses "# ", a TAP comment).
progress_init() {
	_pg_name=$1
	shift
	_pg_keys=("$@")
	_pg_file=$SRT_CACHE/timings/$_pg_name
	_pg_n=0 _pg_key="" _pg_t0=0 _pg_begin=$(_pg_ms)
	declare -gA _pg_last=() _pg_now=()
	if [ -r "$_pg_file" ]; then
		while read -r k s; do
			[[ $s =~ ^[0-9]+$ ]] && _pg_last[$k]=$s
		done <"$_pg_file"
	fi
}

# _pg_ms: milliseconds of the wall clock
_pg_ms() {
	local t=${EPOCHREALTIME/[.,]/}

	echo $((t / 1000))
}

# _pg_fmt SECONDS: "1h 02m", "3m 05s", "42s"
_pg_fmt() {
	local s=$1
	if [ "$s" -ge 3600 ]; then printf '%dh %02dm' $((s / 3600)) $((s % 3600 / 60))
	elif [ "$s" -ge 60 ]; then printf '%dm %02ds' $((s / 60)) $((s % 60))
	else printf '%ds' "$s"
	fi
}

_pg_end() {
	[ -z "$_pg_key" ] || _pg_now[$_pg_key]=$((($(_pg_ms) - _pg_t0 + 500) / 1000))
}

progress_stage() {
	local key=$1 what=$2 k left=0 unknown=0 seen=0 est line
	_pg_end
	_pg_key=$key _pg_t0=$(_pg_ms)
	_pg_n=$((_pg_n + 1))
	# this stage and every one after it
	for k in "${_pg_keys[@]}"; do
		[ "$k" = "$key" ] && seen=1
		[ $seen = 1 ] || continue
		if [ -n "${_pg_last[$k]:-}" ]; then
			left=$((left + _pg_last[$k]))
		else
			unknown=$((unknown + 1))
		fi
	done
	if [ $unknown = 0 ]; then
		est="about $(_pg_fmt $left) left"
	elif [ $left = 0 ]; then
		est="no earlier run to estimate from"
	else
		est="at least $(_pg_fmt $left) left; $unknown stage(s) not timed before"
	fi
	line="stage $_pg_n/${#_pg_keys[@]}: $what ($est)"
	if [ -n "${SRT_PROGRESS_PREFIX:-}" ]; then
		echo "$SRT_PROGRESS_PREFIX$line"
	else
		echo "${0##*/}: $line" >&2
	fi
}

# progress_done: keep this run's times (stages that did not run keep
# their old ones) and print the total
progress_done() {
	local k tmp line
	_pg_end
	_pg_key=""
	line="took $(_pg_fmt $((($(_pg_ms) - _pg_begin + 500) / 1000)))"
	if [ -n "${SRT_PROGRESS_PREFIX:-}" ]; then
		echo "$SRT_PROGRESS_PREFIX$line"
	else
		echo "${0##*/}: $line" >&2
	fi
	mkdir -p "${_pg_file%/*}" 2>/dev/null || return 0
	tmp=$(mktemp "$_pg_file.XXXXXX" 2>/dev/null) || return 0
	for k in "${_pg_keys[@]}"; do
		if [ -n "${_pg_now[$k]:-}" ]; then
			echo "$k ${_pg_now[$k]}"
		elif [ -n "${_pg_last[$k]:-}" ]; then
			echo "$k ${_pg_last[$k]}"
		fi
	done >"$tmp"
	mv -f "$tmp" "$_pg_file"
}
