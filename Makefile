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
#   make check-reliability    the long tests (1,000,000 executions per
#                             fuzz target, ...), one summary line
#   make demo                 closed-loop demo in a VM
#   make style                checkpatch on the project's files
#   make man                  userctl's man pages (build/man/) from its --help
#   make install              modules for KVER, userctl, man pages, udev
#                             rule, completion, and the developer files:
#                             headers, shieldrt.pc, the example client
#                             (DESTDIR, PREFIX honoured)
#   make install-dkms         the module's sources for DKMS in /usr/src
#   make uninstall            remove what the installs recorded
#   make clean
#
# SIGN_KEY=key.pem SIGN_CERT=cert.der signs every module built, with the
# kernel's scripts/sign-file (a MOK: README "On a real machine").
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

# Installation places (scripts/dist/install says what goes where).
KVER ?= $(shell uname -r)
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/shieldrt
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
INCLUDEDIR ?= $(PREFIX)/include
# shieldrt.pc names headers only: arch-independent, so share/, not lib/
PKGCONFIGDIR ?= $(PREFIX)/share/pkgconfig
UDEVRULESDIR ?= /lib/udev/rules.d
MODDIR ?= /lib/modules/$(KVER)/updates
DKMSDIR ?= /usr/src
MANIFEST ?= $(PREFIX)/share/shieldrt/install.manifest
# The running kernel's modules are build/host's; any other KVER's are
# built against /lib/modules/KVER/build.
INSTALL_KERNEL := $(if $(filter $(KVER),$(shell uname -r)),host,kver:$(KVER))
INSTALL_MODSRC := $(CURDIR)/build/$(if $(filter host,$(INSTALL_KERNEL)),host,kver-$(KVER))
SIGN_ARGS := $(if $(SIGN_KEY)$(SIGN_CERT),--sign-key "$(SIGN_KEY)" --sign-cert "$(SIGN_CERT)")
INSTALL_ENV := DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" BINDIR="$(BINDIR)" \
	MANDIR="$(MANDIR)" DOCDIR="$(DOCDIR)" COMPLETIONDIR="$(COMPLETIONDIR)" \
	INCLUDEDIR="$(INCLUDEDIR)" PKGCONFIGDIR="$(PKGCONFIGDIR)" \
	UDEVRULESDIR="$(UDEVRULESDIR)" MODDIR="$(MODDIR)" KVER="$(KVER)" \
	DKMSDIR="$(DKMSDIR)" MANIFEST="$(MANIFEST)" \
	MODSRC="$(INSTALL_MODSRC)" USERCTL="$(CURDIR)/userctl/userctl" \
	STORM="$(CURDIR)/userctl/shieldrt-storm" \
	MANPAGES="$(CURDIR)/build/man"

all: module userctl

module userctl:
	@$(SCRIPTS)/dev/build --kernel $(KERNEL) --only $@ $(SIGN_ARGS)

man: userctl-host
	@rm -rf build/man
	@$(SCRIPTS)/dist/mkman userctl/userctl build/man

# userctl for this machine (the man pages run it), whatever KERNEL says
userctl-host:
	@$(MAKE) -s -C userctl

install: install-module install-utils install-dev

install-module:
	@$(SCRIPTS)/dev/build --kernel $(INSTALL_KERNEL) --only module $(SIGN_ARGS)
	@$(INSTALL_ENV) $(SCRIPTS)/dist/install install module

install-utils: man
	@$(INSTALL_ENV) $(SCRIPTS)/dist/install install utils

install-dev:
	@$(INSTALL_ENV) $(SCRIPTS)/dist/install install dev

install-dkms:
	@$(INSTALL_ENV) $(SCRIPTS)/dist/install install dkms-src

uninstall:
	@$(INSTALL_ENV) $(SCRIPTS)/dist/install uninstall

modules-all:
	@$(SCRIPTS)/dev/build --all

check:
	@$(SCRIPTS)/dev/check

check-full:
	@$(SCRIPTS)/dev/check --full

check-reliability:
	@$(SCRIPTS)/dev/check-reliability

demo:
	@$(SCRIPTS)/testbed/demo

style:
	@$(SCRIPTS)/dev/style

clean:
	rm -rf build
	$(MAKE) -C userctl clean 2>/dev/null || true
	$(MAKE) -C algorithms clean 2>/dev/null || true

.PHONY: all module userctl modules-all check check-full check-reliability \
	demo style clean man userctl-host install install-module \
	install-utils install-dev install-dkms uninstall
