# SPDX-License-Identifier: GPL-2.0
# Shared by the scripts in this directory: where the cache lives and which
# kernels make up the test matrix.  Source it; it defines no side effects
# beyond variables and functions.

SRT_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRT_CACHE=${SHIELDRT_CACHE:-/var/cache/shieldrt}
SRT_KCACHE=$SRT_CACHE/kernels

# name  debian-arch  qemu-arch  image-metapackage  suite
# "suite" is "default" (apt's candidate: bookworm / bookworm-security) or
# "backports" (bookworm-backports, where Debian ships 6.12 for bookworm).
# "x86_64-debug" is not from a package: scripts/build-debug-kernel makes it.
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

# The kernels "make check" boots; "make check-full" boots all of them.
# x86_64-debug-rt: the PREEMPT_RT debug kernel (sleeping spinlocks,
# threaded interrupts, lockdep); x86_64-6.1 gets the load/unload run in
# "make check" and its full suite in "make check-full".
SRT_QUICK="x86_64-debug x86_64-debug-rt arm64-6.12"
# What "make check" runs on x86_64-debug-rt: what PREEMPT_RT changes
# (sections, providers, waits, overruns, commits, KUnit, the control
# plane), to keep CI within its time; "make check-full" runs everything
# there too.
SRT_QUICK_RT_TESTS="boot-module kunit runtime-section runtime-irqsoff runtime-modes runtime-overrun io-* chain-commit safety-limits dataplane-setpoint control-*"
# The kernel the shield audit is also checked on without shielding; with
# no nohz_full CPU, it also lets a loop's CPU go offline under lockdep.
SRT_NOSHIELD="x86_64-debug"
# The kernel booted once more for kernel lockdown (it has the lockdown
# LSM): at integrity debugfs refuses writes, the ioctl control plane must
# not (scripts/guest/tests/control-lockdown.sh).
SRT_LOCKDOWN="x86_64-debug"
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
