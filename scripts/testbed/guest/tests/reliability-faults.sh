#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Fault injection on every allocation and registration site of the
# paths create, start, start with the flight recorder armed, chain load,
# stage, commit, provider bind (simdaq, through fail_function on
# simdaq_bind too) and opening /dev/shieldrt.  For N = 1, 2, ... the Nth
# fault-injection point the writing task hits fails (per-task fail-nth:
# failslab, fail_page_alloc with order 0 and sleeping allocations
# included, fail_function), until the operation succeeds.  Every failure
# must give an error and leave nothing behind (no loop directory or
# listing, no loop thread, the previous chain or state intact); at the
# end rmmod is clean and kmemleak reports nothing.
# The request is written to an fd opened before fail-nth is armed, so the
# points counted are those of the write() (or open()) itself, VFS ones
# included.  What a kthread does for the request (kthreadd creating the
# loop thread, the simdaq worker compiling its plant) is not attributed
# to the writer and so is not failed here.
# SRT_FAULT_PATHS narrows the paths (make check: a few); SRT_FAULT_MAX
# caps N per path (default 400).  Needs x86_64-debug-fault.
. /srt/lib.sh

F=/sys/kernel/debug
if [ ! -d $F/failslab ] || [ ! -d $F/fail_function ]; then
	t_skip "fault injection" "no failslab/fail_function in $SRT_KERNEL (use x86_64-debug-fault)"
	exit 0
fi
DAQ=/lib/shieldrt/shieldrt_simdaq.ko
PATHS=${SRT_FAULT_PATHS:-"create start flight chain stage commit bind open"}
MAX=${SRT_FAULT_MAX:-400}
ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((${SRT_NCPUS:-2} - 1))

# Only fail-nth fails anything: probability 0, every gfp, order 0 too.
for a in failslab fail_page_alloc fail_function; do
	echo 0 >$F/$a/probability
	echo 0 >$F/$a/verbose
	echo -1 >$F/$a/times
done
echo N >$F/failslab/ignore-gfp-wait
echo N >$F/fail_page_alloc/ignore-gfp-wait
echo N >$F/fail_page_alloc/ignore-gfp-highmem
echo 0 >$F/fail_page_alloc/min-order
[ -w $F/kmemleak ] && echo clear >$F/kmemleak

# inject N FILE TEXT: write TEXT to FILE in one write() with the Nth
# fault point of the writing task failed; prints "STATUS LEFT" (LEFT: the
# fail-nth count not used up, 0 once the fault was injected).  FILE "-"
# opens /dev/shieldrt instead (TEXT unused).
inject() {
	sh -c '
	t=/proc/self/task/$$/fail-nth
	exec 4>$t 5<$t
	if [ "$2" = - ]; then
		# a failed redirection of "exec" would end this shell
		echo "$1" >&4
		true 3<>/dev/shieldrt
		rc=$?
	else
		exec 3>"$2" || exit 99
		echo "$1" >&4
		echo "$3" >&3
		rc=$?
	fi
	read -r left <&5
	echo 0 >&4
	echo "$rc $left"' _ "$@" 2>/dev/null
}

threads() { ps | grep -c '[[]shieldrt/' ; }
listed() { userctl status 2>/dev/null | awk '$1 == "fa"' | grep -c . ; }

cat >/tmp/f.chain <<'CH'
input x
output y
block g1 gain in=x out=m k=2
block g2 gain in=m out=y k=3
CH

# setup PATH / teardown PATH: the state the operation starts from / ends
setup() {
	case $1 in
	create|open) ;;
	start) ctl "create name=fa cpu=$ISO period_us=1000 mode=hrtimer flight_cycles=0" ;;
	flight) ctl "create name=fa cpu=$ISO period_us=1000 mode=hrtimer flight_cycles=4096" ;;
	chain) ctl "create name=fa cpu=$ISO period_us=1000 mode=hrtimer" ;;
	stage|commit)
		ctl "create name=fa cpu=$ISO period_us=1000 mode=hrtimer" &&
			userctl chain load -l fa /tmp/f.chain >/dev/null &&
			ctl "start fa" || return 1
		[ $1 = stage ] || echo "g1.k=5" >$SRT_DBG/fa/params ;;
	bind)
		# the provider stays loaded from one N to the next (what a
		# failed bind left in it would add up and show), and unloads
		# after the path
		if ! grep -q '^shieldrt_simdaq ' /proc/modules; then
			insmod $DAQ rate_hz=1000 || return 1
			echo simdaq_bind >$F/fail_function/inject
			echo 0xfffffffffffffff4 >$F/fail_function/simdaq_bind/retval
		fi ;;
	esac
}
# path_end PATH: undo what setup kept for the whole path
path_end() {
	if [ $1 = bind ] && grep -q '^shieldrt_simdaq ' /proc/modules; then
		echo '!simdaq_bind' >$F/fail_function/inject
		rmmod shieldrt_simdaq
	fi
}
teardown() {
	# through the ioctls: a create whose debugfs view failed still made a
	# loop (by design: "no debugfs view" is logged, the ioctls reach it)
	if [ "$(listed)" != 0 ]; then
		userctl loop stop -l fa >/dev/null 2>&1
		userctl loop destroy -l fa >/dev/null
	fi
	return 0
}
# op PATH N: the operation with the Nth point failed
op() {
	case $1 in
	create) inject $2 $SRT_DBG/control "create name=fa cpu=$ISO period_us=1000 mode=hrtimer" ;;
	start|flight) inject $2 $SRT_DBG/control "start fa" ;;
	chain) inject $2 $SRT_DBG/fa/blocks "$(cat /tmp/f.chain)" ;;
	stage) inject $2 $SRT_DBG/fa/params "g1.k=5 g2.k=7" ;;
	commit) inject $2 $SRT_DBG/fa/commit 1 ;;
	bind) inject $2 $SRT_DBG/control "create name=fa cpu=$ISO period_us=1000 mode=hrtimer io=simdaq:in=0-1:out=0" ;;
	open) inject $2 - ;;
	esac
}
# intact PATH: after a failed operation, nothing of it is left
intact() {
	case $1 in
	create|bind)
		[ ! -e $SRT_DBG/fa ] || { echo "debugfs dir left"; return 1; }
		[ "$(listed)" = 0 ] || { echo "userctl status lists it"; return 1; }
		[ ! -e /sys/kernel/debug/shieldrt_simdaq/fa ] || { echo "simdaq file left"; return 1; }
		[ "$(ps | grep -c '[[]simdaq/')" = 0 ] || { echo "a simdaq thread is left"; return 1; } ;;
	start|flight)
		s=$(cat $SRT_DBG/fa/state)
		[ "$s" != running ] || { echo "state $s"; return 1; } ;;
	chain)
		grep -q g1 $SRT_DBG/fa/blocks && { echo "chain half loaded"; return 1; } ;;
	stage)
		grep -q "staged: nothing" $SRT_DBG/fa/params ||
			{ echo "stage half taken"; return 1; } ;;
	commit)
		[ "$(cat $SRT_DBG/fa/state)" = running ] || { echo "loop stopped"; return 1; } ;;
	esac
	[ "$(threads)" = 0 ] || case $1 in stage|commit) ;; *) echo "a loop thread is left"; return 1 ;; esac
	return 0
}

srt_load || exit 1
for p in $PATHS; do
	n=1 failed=0 absorbed=0 shell=0 bad=""
	while [ $n -le $MAX ]; do
		if ! setup $p; then
			bad="setup failed at N=$n: $(cat $SRT_DBG/last_error 2>/dev/null)"
			break
		fi
		set -- $(op $p $n)
		rc=${1:-x} left=${2:-x}
		if [ "$rc" = 0 ]; then
			# succeeded: with the fault unused, N is past the last point
			[ "$left" = 0 ] || { teardown $p; break; }
			# a failed point the operation absorbed (a fallback)
			absorbed=$((absorbed + 1))
		elif [ "$rc" = x ]; then
			# the fault hit the shell itself (its malloc's brk): it
			# died before reporting; still nothing may be left
			shell=$((shell + 1))
			why=$(intact $p) || bad="$bad N=$n (shell died): $why;"
		elif [ "$left" = 0 ]; then
			failed=$((failed + 1))
			why=$(intact $p) || bad="$bad N=$n: $why;"
		else
			bad="$bad N=$n: failed ($rc) without the fault;"
		fi
		teardown $p
		n=$((n + 1))
	done
	path_end $p
	[ $n -le $MAX ] || bad="$bad no success within N=$MAX;"
	if [ -z "$bad" ]; then
		t_ok "$p: $failed fault points failed (N=1..$((n - 1)), $absorbed absorbed by a fallback, $shell in the shell), each a clean error, then success at N=$n"
	else
		t_fail "$p: $failed fault points failed" "$bad"
	fi
	note "faults $p $failed"
done
t_eq "no loop thread left" 0 "$(threads)"
t_eq "no loop directory left" "" "$(find $SRT_DBG -mindepth 1 -maxdepth 1 -type d)"
if [ -w $F/kmemleak ]; then
	echo scan >$F/kmemleak
	sleep 6
	echo scan >$F/kmemleak
	leaks=$(grep -c '^unreferenced object' $F/kmemleak)
	[ "$leaks" = 0 ] || head -n 60 $F/kmemleak | sed 's/^/# /'
	t_eq "kmemleak: no unreferenced object" 0 "$leaks"
fi
srt_unload
