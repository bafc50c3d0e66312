# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The control library's sources, the one list every build of it reads:
# the module and its KUnit copy (algorithms.kbuild, the top Kbuild), the
# host tests and the benchmark driver (Makefile here), userctl
# (userctl/Makefile).  Include it by any path; the names are relative to
# this folder.

srt-algo-dir := $(dir $(lastword $(MAKEFILE_LIST)))

srt-algo-srcs := srt_math.c srt_text.c srt_registry.c srt_zoh.c srt_trap.c \
	blk_pid.c blk_filter.c blk_nonlin.c blk_basic.c blk_statespace.c \
	blk_profile.c blk_plant.c blk_mctest.c chain_params.c chain_parse.c \
	chain_run.c

# The test cases that tests/test_cases.c and the KUnit suite shieldrt_algo
# share: every tests/cases_*.c.
srt-case-srcs := $(patsubst $(srt-algo-dir)%,%,\
	$(wildcard $(srt-algo-dir)tests/cases_*.c))
