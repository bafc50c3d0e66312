#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The Debian packages (TAP): dpkg-buildpackage -us -uc -b in a copy of
# the tree (nothing lands in the repository), then lintian, which must
# report no error, and a look inside the three packages.  About two minutes:
# "make check-full" runs it (scripts/dev/tests/Makefile check-long).  The
# build skips dh_auto_test (DEB_BUILD_OPTIONS=nocheck): those are
# userctl's host tests, which "make check" runs anyway.
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$top" || exit 1
. "$top/userctl/tests/tap.sh"

T=$(mktemp -d /tmp/shieldrt-deb.XXXXXX)
trap 'rm -rf "$T"' EXIT
version=$(sed -n 's/^#define SHIELDRT_VERSION "\(.*\)"$/\1/p' include/shieldrt_version.h)
arch=$(dpkg --print-architecture)

# the tree as it would be checked out: tracked and new files, no outputs
before=$(git status --porcelain --ignored 2>/dev/null)
if git rev-parse --git-dir >/dev/null 2>&1; then
	git ls-files -co --exclude-standard | rsync -a --files-from=- ./ "$T/shieldrt/"
else
	rsync -a --exclude=/build/ --exclude='*.o' --exclude='*.ko' ./ "$T/shieldrt/"
fi
start=$(date +%s)
if (cd "$T/shieldrt" && DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -us -uc -b) \
	>"$T/build.log" 2>&1; then
	t_ok "dpkg-buildpackage -us -uc -b ($(($(date +%s) - start)) s)"
else
	t_fail "dpkg-buildpackage -us -uc -b" "$(tail -n 30 "$T/build.log")"
fi
dkms_deb=$T/shieldrt-dkms_${version}_all.deb
utils_deb=$T/shieldrt-utils_${version}_$arch.deb
dev_deb=$T/shieldrt-dev_${version}_all.deb
t_check "shieldrt-dkms_${version}_all.deb built" [ -f "$dkms_deb" ]
t_check "shieldrt-utils_${version}_$arch.deb built" [ -f "$utils_deb" ]
t_check "shieldrt-dev_${version}_all.deb built" [ -f "$dev_deb" ]

lintian --tag-display-limit 0 -I --pedantic "$T/shieldrt_${version}_$arch.changes" \
	>"$T/lintian" 2>&1
grep -vE 'running with root privileges' "$T/lintian" >"$T/tags"
echo "# lintian: $(grep -c '^E:' "$T/tags") errors, $(grep -c '^W:' "$T/tags") warnings, $(grep -c '^[IP]:' "$T/tags") info/pedantic"
sed 's/^/#   /' "$T/tags"
t_check "lintian: no errors" bash -c "! grep -q '^E:' '$T/tags'"

dpkg-deb -x "$dkms_deb" "$T/dkms" 2>/dev/null
dpkg-deb -x "$utils_deb" "$T/utils" 2>/dev/null
dpkg-deb -e "$dkms_deb" "$T/dkms-ctl" 2>/dev/null
src=$T/dkms/usr/src/shieldrt-$version
t_eq "shieldrt-dkms: dkms.conf has the version" "PACKAGE_VERSION=\"$version\"" \
	"$(grep '^PACKAGE_VERSION=' "$src/dkms.conf" 2>/dev/null)"
make -s install-dkms DESTDIR="$T/plain" MANIFEST= >/dev/null 2>&1
t_check "shieldrt-dkms: the same tree as make install-dkms" \
	diff -r "$T/plain/usr/src/shieldrt-$version" "$src"
t_check "shieldrt-dkms: postinst hands the module to DKMS" \
	grep -q 'common.postinst' "$T/dkms-ctl/postinst"
# The postinst's Secure Boot report, without DKMS's own part: a fake
# root (DPKG_ROOT) with a lockdown state and DKMS's files, a mokutil
# that says what the case needs.
sed '/^# Automatically added by dh_dkms/,/^# End automatically added section/d' \
	"$T/dkms-ctl/postinst" >"$T/mok-postinst"
M=$T/mokroot
mkdir -p "$M/bin" "$M/sys/kernel/security" "$M/var/lib/dkms" "$M/etc/dkms"
printf '#!/bin/sh\ncat "%s/enrolled" 2>/dev/null || echo "$2 is not enrolled"\n' "$M" >"$M/bin/mokutil"
chmod +x "$M/bin/mokutil"
mok() { DPKG_ROOT=$M PATH=$M/bin:$PATH sh "$T/mok-postinst" configure 2>&1; }
out=$(mok)
t_check "postinst: no DKMS certificate: says the modules are not signed" \
	sh -c "echo '$out' | grep -q 'no DKMS signing certificate at /var/lib/dkms/mok.pub'"
: >"$M/var/lib/dkms/mok.pub"
echo "[none] integrity confidentiality" >"$M/sys/kernel/security/lockdown"
out=$(mok)
t_check "postinst: names the key that signed, nothing more without lockdown" \
	sh -c "echo '$out' | grep -q 'signed the modules with the key of /var/lib/dkms/mok.pub' && ! echo '$out' | grep -q enrol"
echo "none [integrity] confidentiality" >"$M/sys/kernel/security/lockdown"
out=$(mok)
t_check "postinst: locked down, not enrolled: says how to enrol it" \
	sh -c "echo '$out' | grep -q 'refuses shieldrt until /var/lib/dkms/mok.pub is enrolled: mokutil --import /var/lib/dkms/mok.pub'"
echo "x is already enrolled" >"$M/enrolled"
out=$(mok)
t_check "postinst: locked down, enrolled: says it loads" \
	sh -c "echo '$out' | grep -q 'mok.pub is enrolled: this locked-down kernel (integrity) loads shieldrt'"
printf '%s\n' 'mok_signing_key="/root/mok.key"' 'mok_certificate="/root/mok.der"' \
	>"$M/etc/dkms/framework.conf"
mkdir -p "$M/root" && : >"$M/root/mok.der"
out=$(mok)
t_check "postinst: the certificate framework.conf names" \
	sh -c "echo '$out' | grep -q 'with the key of /root/mok.der'"
t_check "postinst: exit 0 whatever it found" sh -c \
	"DPKG_ROOT=/nonexistent sh '$T/mok-postinst' configure >/dev/null 2>&1"
t_check "shieldrt-dkms: nothing but the sources and the docs" bash -c \
	"! (cd '$T/dkms' && find . -type f | grep -vE '^\./usr/(src/shieldrt-$version|share/doc/shieldrt-dkms)/')"
for f in usr/bin/userctl usr/bin/shieldrt-storm usr/share/man/man1/userctl.1.gz \
	usr/share/man/man1/userctl-loop.1.gz usr/share/man/man4/shieldrt.4.gz \
	usr/share/bash-completion/completions/userctl \
	lib/udev/rules.d/60-shieldrt.rules \
	usr/share/doc/shieldrt-utils/examples/modprobe.d/shieldrt.conf; do
	t_check "shieldrt-utils: /$f" [ -f "$T/utils/$f" ]
done
t_check "shieldrt-utils: no module sources" [ ! -e "$T/utils/usr/src" ]
t_check "shieldrt-utils: the packaged userctl runs" \
	sh -c "'$T/utils/usr/bin/userctl' --version | grep -q '^userctl $version '"
# shieldrt-dev: exactly the developer files, as make install-dev lays
# them out for /usr, and a program builds against them
dpkg-deb -x "$dev_deb" "$T/dev" 2>/dev/null
{
	for h in shieldrt.h shieldrt_ring.h shieldrt_f64.h; do
		echo "usr/include/shieldrt/$h"
	done
	echo usr/share/pkgconfig/shieldrt.pc
	echo usr/share/doc/shieldrt-dev/examples/feed.c
	echo usr/share/doc/shieldrt-dev/copyright
	echo usr/share/doc/shieldrt-dev/changelog.gz
} | sort >"$T/dev-want"
(cd "$T/dev" 2>/dev/null && find . -type f) | sed 's|^\./||' | sort >"$T/dev-got"
if diff -u "$T/dev-want" "$T/dev-got" >"$T/dev-diff"; then
	t_ok "shieldrt-dev: the headers, shieldrt.pc, the example, the docs"
else
	t_fail "shieldrt-dev: the headers, shieldrt.pc, the example, the docs" "$(cat "$T/dev-diff")"
fi
make -s install-dev DESTDIR="$T/plain-dev" PREFIX=/usr \
	DOCDIR=/usr/share/doc/shieldrt-dev MANIFEST= >/dev/null 2>&1
t_check "shieldrt-dev: the same files as make install-dev PREFIX=/usr" \
	diff -r "$T/plain-dev/usr" "$T/dev/usr" -x copyright -x changelog.gz
t_eq "shieldrt-dev: Architecture all" all \
	"$(dpkg-deb -f "$dev_deb" Architecture 2>/dev/null)"
t_check "shieldrt-dev: depends on linux-libc-dev (<linux/types.h>)" \
	sh -c "dpkg-deb -f '$dev_deb' Depends | grep -qw linux-libc-dev"
# the package's /usr/include is a system directory to pkg-config, which
# drops it from --cflags unless told to keep it; under a sysroot it must
# become the extracted tree's
cflags=$(PKG_CONFIG_PATH=$T/dev/usr/share/pkgconfig PKG_CONFIG_SYSROOT_DIR=$T/dev \
	PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 pkg-config --cflags shieldrt 2>&1)
t_eq "shieldrt-dev: pkg-config finds shieldrt $version" "$version" \
	"$(PKG_CONFIG_PATH=$T/dev/usr/share/pkgconfig pkg-config --modversion shieldrt 2>&1)"
# shellcheck disable=SC2086 # $cflags is split into flags on purpose
t_check "shieldrt-dev: the example builds against the package's headers" \
	cc -std=c11 -pedantic -Wall -Wextra -Werror $cflags -o "$T/feed" \
	"$T/dev/usr/share/doc/shieldrt-dev/examples/feed.c"
t_eq "the package build wrote nothing into the repository" "$before" \
	"$(git status --porcelain --ignored 2>/dev/null)"

t_done
