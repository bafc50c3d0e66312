# SPDX-License-Identifier: GPL-2.0
#
# The user's entry point.  Kbuild (next to this file) is for kbuild only.
#
#   make                      module + userctl for this machine's kernel
#   make KERNEL=arm64-6.12    ... for one kernel of the test matrix
#   make ARCH=arm64|arm       ... for that arch's newest matrix kernel
#   make modules-all          every matrix kernel, W=1, warnings are errors
#   make check                host tests, KUnit, VM suite on the quick matrix
#   make check-full           the same on every kernel and arch
#   make demo                 closed-loop demo in a VM
#   make style                checkpatch on the project's files
#   make clean
#
# Building for a matrix kernel needs scripts/setup first (it prepares the
# kernel trees); building for the running kernel needs its headers only.

SCRIPTS := $(CURDIR)/scripts

ifeq ($(KERNEL),)
  ifeq ($(ARCH),arm64)
    KERNEL := arm64-6.12
  else ifeq ($(ARCH),arm)
    KERNEL := armhf-6.12
  else ifneq ($(wildcard /lib/modules/$(shell uname -r)/build),)
    KERNEL := host
  else
    KERNEL := x86_64-6.12
  endif
endif

all: module userctl

module userctl:
	@$(SCRIPTS)/build --kernel $(KERNEL) --only $@

modules-all:
	@$(SCRIPTS)/build --all

check:
	@$(SCRIPTS)/check

check-full:
	@$(SCRIPTS)/check --full

demo:
	@$(SCRIPTS)/demo

style:
	@$(SCRIPTS)/style

clean:
	rm -rf build
	$(MAKE) -C userctl clean 2>/dev/null || true
	$(MAKE) -C algorithms clean 2>/dev/null || true

.PHONY: all module userctl modules-all check check-full demo style clean
