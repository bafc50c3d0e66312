// SPDX-License-Identifier: GPL-2.0
/*
 * The control library and the shared test cases, compiled into the KUnit
 * module as one object with the library's FPU flags (Kbuild).  A copy in
 * the test module rather than symbols exported from shieldrt.ko, as with
 * kmod/lib/: the tests run the same sources without the runtime loaded.  Everything here is called inside srt_fpu_begin/end.
 */
#include "../algorithms/srt_math.c"
#include "../algorithms/srt_text.c"
#include "../algorithms/srt_registry.c"
#include "../algorithms/srt_zoh.c"
#include "../algorithms/srt_trap.c"
#include "../algorithms/blk_pid.c"
#include "../algorithms/blk_filter.c"
#include "../algorithms/blk_nonlin.c"
#include "../algorithms/blk_basic.c"
#include "../algorithms/blk_statespace.c"
#include "../algorithms/blk_profile.c"
#include "../algorithms/blk_plant.c"
#include "../algorithms/blk_mctest.c"
#include "../algorithms/chain_parse.c"
#include "../algorithms/chain_run.c"

#include "../algorithms/tests/cases_common.c"
#include "../algorithms/tests/cases_filter.c"
#include "../algorithms/tests/cases_nonlin.c"
#include "../algorithms/tests/cases_pid.c"
#include "../algorithms/tests/cases_profile.c"
#include "../algorithms/tests/cases_plant.c"
