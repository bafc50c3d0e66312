// SPDX-License-Identifier: GPL-2.0
/*
 * The pure logic under test, compiled into the test module itself.  Why
 * not EXPORT_SYMBOL_IF_KUNIT from shieldrt.ko: nothing is exported just
 * for tests (the macro's namespace argument changed form in 6.13), and a
 * second copy of a few hundred lines of side-effect-free code costs
 * nothing and tests exactly the same source.
 *
 * One suite is not pure: shieldrt_io (kunit/io_test.c) drives the I/O
 * provider registry through the API shieldrt.ko exports for providers
 * anyway (include/shieldrt_io.h).  So shieldrt_test.ko needs shieldrt.ko
 * loaded first (insmod fails with unknown symbols otherwise; modprobe
 * loads it), as scripts/guest/tests/kunit.sh does.  The registry's pure
 * part, the name rule, is srt_name_valid() here, tested without it in
 * shieldrt_section; what is left, a name taken or freed again, is the
 * list under srt_lock that binding shares, and a copy of that would test
 * the copy.
 */
#include "../kmod/config.c"
#include "../kmod/timing.c"
#include "../kmod/policy.c"
#include "../kmod/slack.c"
#include "../kmod/hist.c"
#include "../kmod/f64text.c"
#include "../kmod/limits.c"
