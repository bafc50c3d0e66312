// SPDX-License-Identifier: GPL-2.0
/*
 * The pure logic under test, compiled into the test module itself.  Why
 * not EXPORT_SYMBOL_IF_KUNIT from shieldrt.ko: that would make the test
 * module depend on the runtime being loaded, and the macro's namespace
 * argument changed form in 6.13; a second copy of a few hundred lines of
 * side-effect-free code costs nothing and tests exactly the same source.
 */
#include "../kmod/config.c"
#include "../kmod/timing.c"
#include "../kmod/policy.c"
#include "../kmod/slack.c"
#include "../kmod/hist.c"
#include "../kmod/f64text.c"
#include "../kmod/limits.c"
