#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Installation on the host (TAP), what a user of a Debian machine does:
#   - one version: include/shieldrt_version.h, debian/changelog, userctl
#     --version, dkms.conf and modinfo agree; the ABI version is the UAPI
#     header's, in modinfo and userctl --version;
#   - make install DESTDIR=... KVER=... lays out exactly the expected
#     files (modules signed with a throwaway key), make uninstall removes
#     every one of them and every directory it created;
#   - every man page opens with man -l, lints clean, and says what
#     --help says; shieldrt(4) names every ioctl and tracepoint;
#   - the developer files: the ABI header and the ring helpers as
#     <shieldrt/...>, shieldrt.pc with the version, and the example client,
#     which builds as C and as C++ with pkg-config's flags alone;
#   - make install-dkms gives a source tree DKMS builds against the
#     installed Debian headers (scratch DKMS trees: /var/lib/dkms and
#     /lib/modules are not touched), signing with its own throwaway key.
# The Debian packages are scripts/dev/tests/debian.sh (make check-full), as is
# this test against the oldest headers.
#
# SHIELDRT_TEST_KVER picks the kernel: a release, or "newest" (the
# default) or "oldest" of the non-RT releases with headers in /lib/modules.  Needs root (dkms) and scripts/setup's
# packages (dkms, mandoc, man-db, openssl).
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$top" || exit 1
. "$top/userctl/tests/tap.sh"

T=$(mktemp -d /tmp/shieldrt-install.XXXXXX)
trap 'rm -rf "$T"' EXIT

# releases with headers, oldest first, RT kernels left out
kvers=$(ls -d /lib/modules/*/build 2>/dev/null |
	sed 's|^/lib/modules/||; s|/build$||' | grep -v -- '-rt-' | sort -V)
case ${SHIELDRT_TEST_KVER:-newest} in
newest) kver=$(echo "$kvers" | tail -n1) ;;
oldest) kver=$(echo "$kvers" | head -n1) ;;
*) kver=$SHIELDRT_TEST_KVER ;;
esac
if [ -z "$kver" ]; then
	t_fail "kernel headers installed in /lib/modules/*/build (scripts/setup)"
	t_done
	exit 1
fi
echo "# kernel: $kver"

# --- one version ---------------------------------------------------------
version=$(sed -n 's/^#define SHIELDRT_VERSION "\(.*\)"$/\1/p' include/shieldrt_version.h)
abi=$(sed -n 's/^#define SHIELDRT_ABI_VERSION[[:space:]]*\([0-9]*\).*/\1/p' include/uapi/shieldrt.h)
t_check "include/shieldrt_version.h defines the version" [ -n "$version" ]
t_check "the UAPI header defines the ABI version" [ -n "$abi" ]
t_eq "debian/changelog's version is the header's" "$version" \
	"$(dpkg-parsechangelog -l debian/changelog -S Version 2>/dev/null)"
# a header bumped without the changelog: the package build refuses
mkdir -p "$T/bump/include"
cp -r debian "$T/bump/"
sed 's/^\(#define SHIELDRT_VERSION "\).*"$/\1'"$version"'.1"/' \
	include/shieldrt_version.h >"$T/bump/include/shieldrt_version.h"
rc=0
(cd "$T/bump" && make -f debian/rules -n clean >"$T/bump.log" 2>&1) || rc=$?
t_eq "debian/rules refuses a changelog behind the header's version" "2 1" \
	"$rc $(grep -c "include/shieldrt_version.h at $version.1" "$T/bump.log")"
t_check "debian/rules takes the changelog at the header's version" \
	sh -c 'make -s -f debian/rules -n clean >/dev/null'
t_eq "the Python reader speaks the header's ABI" "$abi" \
	"$(sed -n 's/^ABI_VERSION = \([0-9]*\).*/\1/p' userctl/python/shieldrt/__init__.py)"
make -s -C userctl >/dev/null 2>&1
t_eq "userctl --version prints the version and the ABI" \
	"userctl $version (ABI $abi)" "$(userctl/userctl --version)"

# --- make install into a DESTDIR, with signing ---------------------------
openssl req -new -x509 -nodes -days 1 -subj "/CN=shieldrt install test" \
	-newkey rsa:2048 -keyout "$T/key.pem" -outform DER -out "$T/cert.der" \
	>/dev/null 2>&1
D=$T/root
if make -s -j2 install DESTDIR="$D" KVER="$kver" SIGN_KEY="$T/key.pem" \
	SIGN_CERT="$T/cert.der" >"$T/install.log" 2>&1; then
	t_ok "make -j2 install DESTDIR=... KVER=$kver"
else
	t_fail "make -j2 install DESTDIR=... KVER=$kver" "$(tail -n 20 "$T/install.log")"
fi

# the modules an installation for $kver holds: the IIO ones where its
# kernel has IIO buffers (Kbuild)
mods="shieldrt shieldrt_pcibar shieldrt_simdaq shieldrt_rfm"
kconfig=/lib/modules/$kver/build/.config
grep -qs '^CONFIG_IIO_BUFFER=y' "$kconfig" && mods="$mods shieldrt_iio"
grep -qs '^CONFIG_IIO_TRIGGERED_BUFFER=[ym]' "$kconfig" && mods="$mods shieldrt_iiosim"
echo "# modules: $mods"

man1=$(userctl/userctl --help | awk '/^commands:/ { on = 1; next }
	on && /^  [a-z]/ && $1 != "help" { print "usr/local/share/man/man1/userctl-" $1 ".1" }
	on && /^$/ { exit }')
{
	for m in $mods; do
		echo "lib/modules/$kver/updates/$m.ko"
	done
	echo lib/udev/rules.d/60-shieldrt.rules
	echo usr/local/bin/userctl
	echo usr/local/bin/shieldrt-storm
	echo usr/local/share/bash-completion/completions/userctl
	echo usr/local/share/doc/shieldrt/examples/modprobe.d/shieldrt.conf
	echo usr/local/share/doc/shieldrt/examples/feed.c
	for h in shieldrt.h shieldrt_ring.h shieldrt_f64.h; do
		echo "usr/local/include/shieldrt/$h"
	done
	echo usr/local/share/pkgconfig/shieldrt.pc
	echo "$man1"
	echo usr/local/share/man/man1/userctl.1
	echo usr/local/share/man/man4/shieldrt.4
	echo usr/local/share/shieldrt/install.manifest
} | sort >"$T/want"
(cd "$D" 2>/dev/null && find . -type f -o -type l) | sed 's|^\./||' | sort >"$T/got"
if diff -u "$T/want" "$T/got" >"$T/diff"; then
	t_ok "the installed files are exactly the expected ones ($(wc -l <"$T/want"))"
else
	t_fail "the installed files are exactly the expected ones" "$(cat "$T/diff")"
fi
t_check "no man page for the test tool scribble" \
	[ ! -e "$D/usr/local/share/man/man1/userctl-scribble.1" ]
t_check "with DESTDIR, depmod did not write into it" \
	[ ! -e "$D/lib/modules/$kver/modules.dep" ]
ko=$D/lib/modules/$kver/updates/shieldrt.ko
t_eq "the installed module's vermagic is $kver's" "$kver" \
	"$(modinfo -F vermagic "$ko" 2>/dev/null | awk '{ print $1 }')"
t_eq "modinfo: version" "$version" "$(modinfo -F version "$ko" 2>/dev/null)"
t_eq "modinfo: abi" "$abi" "$(modinfo -F abi "$ko" 2>/dev/null)"
for m in $mods; do
	t_eq "$m.ko is signed by the key given to make" "shieldrt install test" \
		"$(modinfo -F signer "$D/lib/modules/$kver/updates/$m.ko" 2>/dev/null)"
done
t_check "the signature trailer is there" \
	grep -q '~Module signature appended~' "$ko"
t_check "userctl is executable and runs" \
	sh -c "'$D/usr/local/bin/userctl' --version | grep -q '^userctl $version '"
t_check "shieldrt-storm is installed beside it and runs" \
	sh -c "'$D/usr/local/bin/shieldrt-storm' getppid -n 10 | grep -qx 'getppid 10'"
t_check "the udev rule gives /dev/shieldrt to the shieldrt group" \
	grep -q 'KERNEL=="shieldrt".*GROUP="shieldrt", MODE="0660"' \
	"$D/lib/udev/rules.d/60-shieldrt.rules"
t_check "the modprobe.d example sets loops=" \
	grep -q '^#options shieldrt loops="name=' \
	"$D/usr/local/share/doc/shieldrt/examples/modprobe.d/shieldrt.conf"
t_check "the bash completion registers for userctl" \
	bash -c ". '$D/usr/local/share/bash-completion/completions/userctl' && complete -p userctl | grep -q _userctl"
t_check "the completion offers the commands userctl lists" bash -c "
	. '$D/usr/local/share/bash-completion/completions/userctl'
	PATH='$D/usr/local/bin':\$PATH
	COMP_WORDS=(userctl ''); COMP_CWORD=1; _userctl userctl
	w=\" \${COMPREPLY[*]} \"
	[[ \$w == *' loop '* && \$w == *' limits '* && \$w != *' scribble '* ]]"
t_check "the completion offers loop's modes" bash -c "
	. '$D/usr/local/share/bash-completion/completions/userctl'
	PATH='$D/usr/local/bin':\$PATH
	COMP_WORDS=(userctl loop ''); COMP_CWORD=2; _userctl userctl
	[ \"\${COMPREPLY[*]}\" = 'create destroy reset resume set start stop' ]"
# loop names come from "userctl status": a stub in front of the
# installed userctl lists two loops
mkdir -p "$T/stub"
cat >"$T/stub/userctl" <<EOF
#!/bin/sh
if [ "\$*" = status ]; then
	printf '# 2 loops\nNAME STATE\nctl running\nplant configured\n'
	exit 0
fi
exec '$D/usr/local/bin/userctl' "\$@"
EOF
chmod +x "$T/stub/userctl"
t_check "the completion offers the loops after -l and --loop" bash -c "
	. '$D/usr/local/share/bash-completion/completions/userctl'
	PATH='$T/stub':\$PATH
	for w in 'hist -l' 'status --loop' 'loop start -l' 'loop create -l' 'record -l'; do
		read -ra COMP_WORDS <<<\"userctl \$w\"
		COMP_WORDS+=(''); COMP_CWORD=\$((\${#COMP_WORDS[@]} - 1))
		_userctl userctl
		[ \"\${COMPREPLY[*]}\" = 'ctl plant' ] || exit 1
	done"
t_check "... and no loop as hist's, status' or loop's first argument" bash -c "
	. '$D/usr/local/share/bash-completion/completions/userctl'
	PATH='$T/stub':\$PATH
	for w in hist status 'loop stop'; do
		read -ra COMP_WORDS <<<\"userctl \$w\"
		COMP_WORDS+=(''); COMP_CWORD=\$((\${#COMP_WORDS[@]} - 1))
		_userctl userctl
		r=\" \${COMPREPLY[*]} \"
		[[ \$r == *' --loop '* && \$r != *' ctl '* ]] || exit 1
	done"

# --- developer files ------------------------------------------------------
inc=$D/usr/local/include/shieldrt
t_check "<shieldrt/shieldrt.h> is the UAPI header as it is" \
	cmp -s include/uapi/shieldrt.h "$inc/shieldrt.h"
t_check "<shieldrt/shieldrt_f64.h> is include/shieldrt_f64.h as it is" \
	cmp -s include/shieldrt_f64.h "$inc/shieldrt_f64.h"
t_eq "<shieldrt/shieldrt_ring.h> differs from the tree's in its ABI include only" \
	'< #include "uapi/shieldrt.h"|---|> #include "shieldrt.h"' \
	"$(diff include/shieldrt_ring.h "$inc/shieldrt_ring.h" | sed 1d | tr '\n' '|' | sed 's/|$//')"
pc() { PKG_CONFIG_PATH=$D/usr/local/share/pkgconfig PKG_CONFIG_SYSROOT_DIR=$D pkg-config "$@"; }
t_eq "pkg-config: shieldrt's version is the header's" "$version" \
	"$(pc --modversion shieldrt 2>&1)"
cflags=$(pc --cflags shieldrt 2>&1)
t_eq "pkg-config --cflags shieldrt: the installed include directory" \
	"-I$D/usr/local/include" "${cflags% }"
feed=$D/usr/local/share/doc/shieldrt/examples/feed.c
# shellcheck disable=SC2086 # $cflags is split into flags on purpose
if cc -std=c11 -pedantic -Wall -Wextra -Werror $cflags -o "$T/feed" "$feed" \
	>"$T/feed.log" 2>&1; then
	t_ok "the example client builds as C11 with pkg-config's flags"
else
	t_fail "the example client builds as C11 with pkg-config's flags" "$(head -n 10 "$T/feed.log")"
fi
# shellcheck disable=SC2086
if c++ -std=c++17 -Wall -Wextra -Werror -x c++ $cflags -o "$T/feed++" "$feed" \
	>"$T/feed.log" 2>&1; then
	t_ok "the example client builds as C++17 with pkg-config's flags"
else
	t_fail "the example client builds as C++17 with pkg-config's flags" "$(head -n 10 "$T/feed.log")"
fi
rc=0; "$T/feed" a >"$T/feed.out" 2>&1 || rc=$?
t_eq "feed without a VALUE: usage, exit 2" "2 1" "$rc $(grep -c '^usage: feed' "$T/feed.out")"
rc=0; "$T/feed" a nan >"$T/feed.out" 2>&1 || rc=$?
t_eq "feed refuses a NaN before it attaches: exit 2" "2 1" "$rc $(grep -c 'not a finite' "$T/feed.out")"
: >"$T/not-a-device"
for prog in feed feed++; do
	rc=0
	SHIELDRT_DEV=$T/not-a-device "$T/$prog" a 1 >"$T/feed.out" 2>&1 || rc=$?
	t_eq "$prog: the attach refused (a regular file): exit 1, said" "1 1" \
		"$rc $(grep -c '^attach: ' "$T/feed.out")"
done

# a header the installed ones would include but which is not installed
# with them: the install refuses, and installs none of them
X=$T/xtree
mkdir -p "$X/scripts" "$X/userctl"
cp -r include "$X/"
cp -r scripts/dist "$X/scripts/"
cp -r userctl/examples "$X/userctl/"
sed -i 's|^#include "shieldrt_f64.h".*|&\n#include "shieldrt_cycle.h"|' "$X/include/shieldrt_ring.h"
rc=0
DESTDIR=$T/xroot PREFIX=/usr/local INCLUDEDIR=/usr/local/include \
	PKGCONFIGDIR=/usr/local/share/pkgconfig DOCDIR=/usr/local/share/doc/shieldrt \
	MANIFEST= "$X/scripts/dist/install" install dev >"$T/x.log" 2>&1 || rc=$?
t_eq "a ring header that includes a header not installed: refused, named" \
	"1 1" "$rc $(grep -c 'shieldrt_ring.h includes "shieldrt_cycle.h"' "$T/x.log")"
t_check "... and no header installed" [ ! -e "$T/xroot/usr/local/include" ]

# --- man pages -------------------------------------------------------------
pages=$(find "$D/usr/local/share/man" -type f -name '*.[14]' | sort)
np=0
for p in $pages; do
	np=$((np + 1))
	name=${p##*/}
	if MANWIDTH=80 man -l "$p" >"$T/man.out" 2>"$T/man.err" &&
	   [ ! -s "$T/man.err" ] && grep -q '^NAME' "$T/man.out"; then
		t_ok "man -l $name renders, no warnings"
	else
		t_fail "man -l $name renders, no warnings" "$(head -n 5 "$T/man.err")"
	fi
	if mandoc -T lint -W warning "$p" >"$T/lint" 2>&1; then
		t_ok "mandoc -T lint: $name clean"
	else
		t_fail "mandoc -T lint: $name clean" "$(head -n 5 "$T/lint")"
	fi
done
t_check "man pages: userctl, one per command, shieldrt(4) ($np)" \
	[ "$np" -eq "$(($(echo "$man1" | wc -l) + 2))" ]
# Each command's page says what its --help says: every long option, and
# its usage lines as the synopsis.
for p in $pages; do
	name=${p##*/}
	case $name in userctl-*.1) ;; *) continue ;; esac
	cmd=${name#userctl-}
	cmd=${cmd%.1}
	MANWIDTH=200 man -l "$p" 2>/dev/null >"$T/page"
	missing=""
	for o in $(userctl/userctl "$cmd" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
		grep -qF -- "$o" "$T/page" || missing="$missing $o"
	done
	first=$(userctl/userctl "$cmd" --help | sed -n '1s/^usage: *//p')
	if [ -z "$missing" ] && grep -qF -- "$first" "$T/page"; then
		t_ok "userctl-$cmd(1) has --help's options and usage"
	else
		t_fail "userctl-$cmd(1) has --help's options and usage" \
			"missing:$missing; usage: $first"
	fi
done
MANWIDTH=200 man -l "$D/usr/local/share/man/man1/userctl.1" 2>/dev/null >"$T/page"
t_check "userctl(1) states the exit status convention of --help" \
	grep -q 'Exit status: 0 success; 1 the module refused' "$T/page"
MANWIDTH=200 man -l "$D/usr/local/share/man/man4/shieldrt.4" 2>/dev/null >"$T/page4"
missing=""
for i in $(grep -oE 'SHIELDRT_IOC_[A-Z_]+' include/uapi/shieldrt.h | sort -u | grep -vx SHIELDRT_IOC_MAGIC); do
	grep -qw -- "$i" "$T/page4" || missing="$missing $i"
done
if [ -z "$missing" ]; then t_ok "shieldrt(4) names every ioctl of the UAPI header"
else t_fail "shieldrt(4) names every ioctl of the UAPI header" "missing:$missing"; fi
missing=""
for e in $(sed -nE 's/^(TRACE_EVENT|DEFINE_EVENT)\(([a-z_]+, )?([a-z_]+),.*/\3/p' kmod/trace.h); do
	grep -qw -- "$e" "$T/page4" || missing="$missing $e"
done
if [ -z "$missing" ]; then t_ok "shieldrt(4) names every tracepoint of kmod/trace.h"
else t_fail "shieldrt(4) names every tracepoint of kmod/trace.h" "missing:$missing"; fi
missing=""
for k in $(sed -nE 's/^[[:space:]]*X\([A-Z_]+, "([a-z_]+)",.*/\1/p' kmod/lib/config.h); do
	grep -q -- "^ *$k=" "$T/page4" || missing="$missing $k"
done
if [ -z "$missing" ]; then t_ok "shieldrt(4) lists every key of kmod/lib/config.h's table"
else t_fail "shieldrt(4) lists every key of kmod/lib/config.h's table" "missing:$missing"; fi

# --- make uninstall --------------------------------------------------------
if make -s uninstall DESTDIR="$D" KVER="$kver" >"$T/uninstall.log" 2>&1; then
	t_ok "make uninstall"
else
	t_fail "make uninstall" "$(tail -n 10 "$T/uninstall.log")"
fi
left=$(cd "$D" && find . -mindepth 1 | head -n 10)
t_check "make uninstall left nothing behind (files and the directories it made)" \
	[ -z "$left" ]
mkdir -p "$D/usr/local/share/man/man1"
make -s install-utils DESTDIR="$D" >/dev/null 2>&1 &&
	make -s uninstall DESTDIR="$D" >/dev/null 2>&1
t_check "uninstall keeps a directory that existed before install" \
	[ -d "$D/usr/local/share/man/man1" ]

# a PREFIX with a space: the directories it made go, and only those
P=$T/space
mkdir -p "$P/opt/my"
make -s install-utils DESTDIR="$P" PREFIX="/opt/my x" >/dev/null 2>&1 &&
	make -s uninstall DESTDIR="$P" PREFIX="/opt/my x" >/dev/null 2>&1
t_eq "PREFIX with a space: uninstall removes what it made, keeps /opt/my" \
	"./opt ./opt/my" "$(cd "$P" && find . -mindepth 1 | sort | tr '\n' ' ' | sed 's/ $//')"

# a corrupt manifest is refused whole: nothing is removed
M=$T/corrupt/usr/local/share/shieldrt/install.manifest
make -s install-utils DESTDIR="$T/corrupt" >/dev/null 2>&1
cp "$M" "$T/manifest.orig"
touch "$T/victim"
for bad in "f /../victim" "f " "x /usr/local/bin/userctl" "d lib"; do
	cp "$T/manifest.orig" "$M"
	printf '%s\n' "$bad" >>"$M"
	rc=0
	make -s uninstall DESTDIR="$T/corrupt" >"$T/corrupt.log" 2>&1 || rc=$?
	said=$(grep -c "manifest line $(wc -l <"$M"): " "$T/corrupt.log")
	t_eq "manifest line '$bad': uninstall refuses, says which line" \
		"2 1" "$rc $said"
done
t_check "... and removed nothing" [ -e "$T/victim" -a -x "$T/corrupt/usr/local/bin/userctl" ]
cp "$T/manifest.orig" "$M"
t_check "the intact manifest uninstalls" make -s uninstall DESTDIR="$T/corrupt"

# an install that fails halfway records what it wrote
F=$T/fail
mkdir -p "$F/lib/udev"
touch "$F/lib/udev/rules.d"		# a file where a directory goes
rc=0
make -s install-utils DESTDIR="$F" >/dev/null 2>&1 || rc=$?
t_check "an install that cannot create a directory fails" [ $rc != 0 ]
rm "$F/lib/udev/rules.d"
make -s uninstall DESTDIR="$F" >/dev/null 2>&1
t_eq "... and uninstall removes what it had written" "./lib ./lib/udev" \
	"$(cd "$F" && find . -mindepth 1 | sort | tr '\n' ' ' | sed 's/ $//')"

# --- DKMS against the installed headers -------------------------------------
S=$T/src
if make -s install-dkms DESTDIR="$S" MANIFEST= >"$T/dkms-src.log" 2>&1; then
	t_ok "make install-dkms"
else
	t_fail "make install-dkms" "$(tail -n 10 "$T/dkms-src.log")"
fi
tree=$S/usr/src/shieldrt-$version
t_eq "dkms.conf carries the header's version" "PACKAGE_VERSION=\"$version\"" \
	"$(grep '^PACKAGE_VERSION=' "$tree/dkms.conf" 2>/dev/null)"
t_check "dkms.conf has AUTOINSTALL" grep -qx 'AUTOINSTALL="yes"' "$tree/dkms.conf"
t_check "the DKMS tree holds no tests, KUnit suites or scripts" \
	bash -c "! (cd '$tree' && find . -path ./kunit -o -path '*/tests' -o -path ./scripts -o -name '*.sh' -o -name Makefile | grep -q .)"
# ... and nothing the build does not read: every file but the build
# descriptions is in the dependency files kbuild wrote for make install's
# build of the same sources above.
kb=$top/build/kver-$kver
[ "$kver" = "$(uname -r)" ] && kb=$top/build/host
find "$kb/src/kmod" "$kb/src/algorithms" -name '.*.o.cmd' -exec cat {} + 2>/dev/null |
	tr ' \\' '\n\n' | grep -F "$kb/src/" | sed "s|^.*$kb/src/||; s|[:)]*\$||" |
	sort -u >"$T/used"
unused=$(cd "$tree" 2>/dev/null && find . -type f ! -name Kbuild ! -name dkms.conf \
	! -name '*.kbuild' ! -name '*.mk' | sed 's|^\./||' | sort | comm -23 - "$T/used")
if [ -s "$T/used" ] && [ -z "$unused" ]; then
	t_ok "every file of the DKMS tree is read by the module build"
else
	t_fail "every file of the DKMS tree is read by the module build" \
		"$( [ -s "$T/used" ] || echo "no dependency files in $kb"; echo "$unused")"
fi

if [ "$(id -u)" != 0 ]; then
	t_ok "# SKIP dkms build: needs root"
elif ! command -v dkms >/dev/null; then
	t_fail "dkms is installed (scripts/setup)"
else
	dk=(--sourcetree "$S/usr/src" --dkmstree "$T/dkms" --installtree "$T/modules")
	mkdir -p "$T/dkms" "$T/modules"
	# dkms signs with the framework's key unless told: a throwaway one
	export mok_signing_key=$T/key.pem mok_certificate=$T/cert.der
	t_check "dkms add" sh -c 'dkms add "$@" >"$0" 2>&1' "$T/dkms-add.log" \
		-m shieldrt -v "$version" "${dk[@]}"
	start=$(date +%s)
	if dkms build -m shieldrt -v "$version" -k "$kver" "${dk[@]}" \
		>"$T/dkms.log" 2>&1; then
		t_ok "dkms build -k $kver ($(($(date +%s) - start)) s)"
	else
		t_fail "dkms build -k $kver" "$(tail -n 30 "$T/dkms.log"; \
			cat "$T/dkms/shieldrt/$version/build/make.log" 2>/dev/null | tail -n 20)"
	fi
	built=$(find "$T/dkms/shieldrt/$version/$kver" -name 'shieldrt.ko*' 2>/dev/null | head -n1)
	t_eq "DKMS's module: version" "$version" "$(modinfo -F version "$built" 2>/dev/null)"
	t_eq "DKMS's module: abi" "$abi" "$(modinfo -F abi "$built" 2>/dev/null)"
	t_eq "DKMS's module: signed with the key DKMS was given" \
		"shieldrt install test" "$(modinfo -F signer "$built" 2>/dev/null)"
	nmod=$(find "$T/dkms/shieldrt/$version/$kver" -name '*.ko*' | wc -l)
	t_eq "DKMS built the runtime and its providers ($mods)" \
		"$(echo $mods | wc -w)" "$nmod"
	t_check "the real DKMS tree was not touched" [ ! -e /var/lib/dkms/shieldrt ]
fi

t_done
