#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# include/shieldrt_ring.h is the header user programs include for the
# data plane (README, "Interfaces"): a tiny program that includes it
# (alone, and after include/uapi/shieldrt.h) and calls its helpers must
# build, link and run as plain user code under the strict ISO modes
# (-pedantic, no feature-test macro), the gnu mode the project uses, with
# POSIX asked for, and as C++ (TAP).  C++ is not -pedantic: the ABI's
# flexible array members are not ISO C++.  $CC and $CXX choose the
# compilers; without a C++ compiler those lines are skipped.
# The same programs build against the headers as "make install" lays
# them out (scripts/dist/install, part dev): <shieldrt/shieldrt_ring.h>
# and <shieldrt/shieldrt.h> side by side, found through shieldrt.pc.
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
. "$top/userctl/tests/tap.sh"
cc=${CC:-cc}
cxx=${CXX:-c++}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Every helper a user program may call, on a zeroed region: no seqcount
# writer is active, so the readers return at once.  With -DSTUCK a reader
# then waits out a writer that never leaves its section (20000 pauses:
# yields in the strict modes, about a second of sleeps where POSIX is).
cat >"$tmp/body.h" <<'EOF'
static unsigned long long mem[8192];

int main(void)
{
	struct shieldrt_offsets off;
	struct shieldrt_stats st;
	struct shieldrt_live lv;
	struct srt_map m;
	void *base = mem;
	int r = 0;

	memset(&off, 0, sizeof(off));
	r |= srt_stats_read((const struct shieldrt_stats *)base, &st);
	r |= srt_live_read((const struct shieldrt_live *)base, &lv);
	if (srt_map_init(&m, base, &off) != -1)	/* sizes 0: refused */
		r |= 1;
	if (r || srt_region_map(-1, &off, 0))
		return 1;
#ifdef STUCK
	/* A writer stuck in its section: the reader pauses, then gives up. */
	((struct shieldrt_live *)base)->seq = 1;
	if (srt_live_read((const struct shieldrt_live *)base, &lv) != -1)
		return 1;
#endif
	(void)srt_mbox_write;
	(void)srt_mbox_pending;
	(void)srt_cmd_space;
	(void)srt_cmd_slot;
	(void)srt_cmd_commit;
	(void)srt_tel_avail;
	(void)srt_tel_record;
	(void)srt_tel_release;
	(void)srt_tel_resync;
	return 0;
}
EOF
printf '#include <string.h>\n#include "shieldrt_ring.h"\n#include "body.h"\n' \
	>"$tmp/ring.c"
printf '#include <string.h>\n#include "uapi/shieldrt.h"\n#include "shieldrt_ring.h"\n#include "body.h"\n' \
	>"$tmp/uapi-first.c"
# the same against the installed pair
printf '#include <string.h>\n#include <shieldrt/shieldrt_ring.h>\n#include "body.h"\n' \
	>"$tmp/inst-ring.c"
printf '#include <string.h>\n#include <shieldrt/shieldrt.h>\n#include <shieldrt/shieldrt_ring.h>\n#include "body.h"\n' \
	>"$tmp/inst-uapi-first.c"
if make -s -C "$top" install-dev DESTDIR="$tmp/root" PREFIX=/opt/srt MANIFEST= \
	>"$tmp/install.log" 2>&1; then
	t_ok "make install-dev into a DESTDIR"
else
	t_fail "make install-dev into a DESTDIR" "$(tail -n 5 "$tmp/install.log")"
fi
inst=$(PKG_CONFIG_PATH=$tmp/root/opt/srt/share/pkgconfig \
	PKG_CONFIG_SYSROOT_DIR=$tmp/root pkg-config --cflags shieldrt 2>&1)
inst=${inst% }		# pkg-config ends its flags with a blank
t_eq "pkg-config --cflags shieldrt names the installed include directory" \
	"-I$tmp/root/opt/srt/include" "$inst"

# build NAME COMPILER SOURCE FLAGS...: compile, link and run one program
# (against the tree's include/; INC=... for other include flags).
build() {
	local name=$1 comp=$2 src=$3
	shift 3
	# shellcheck disable=SC2086 # INC is split into flags on purpose
	if "$comp" "$@" -Wall -Wextra -Werror ${INC:--I"$top/include"} -I"$tmp" \
		-o "$tmp/prog" "$src" >"$tmp/log" 2>&1 &&
	   "$tmp/prog" >"$tmp/log" 2>&1; then
		t_ok "$name"
	else
		[ -s "$tmp/log" ] || echo "the program failed" >"$tmp/log"
		t_fail "$name" "$comp $* ${src##*/}:
$(grep -m 6 -E 'error|undefined' "$tmp/log" || head -n 6 "$tmp/log")"
	fi
}

for i in "" inst-; do
	[ -z "$i" ] || INC=$inst
	what=${i:+installed }
	for std in c99 c11 c17 gnu11; do
		build "C $std -pedantic, ${what}ring header" "$cc" \
			"$tmp/${i}ring.c" -std=$std -pedantic -DSTUCK
	done
	build "C c11 -pedantic, ${what}ring header after the ABI header" "$cc" \
		"$tmp/${i}uapi-first.c" -std=c11 -pedantic
	build "C c99 -pedantic -D_POSIX_C_SOURCE=200809L, ${what}ring header" \
		"$cc" "$tmp/${i}ring.c" -std=c99 -pedantic -D_POSIX_C_SOURCE=200809L
	build "C c11 -pedantic -D_XOPEN_SOURCE=700, ${what}ring header" "$cc" \
		"$tmp/${i}ring.c" -std=c11 -pedantic -D_XOPEN_SOURCE=700
	cp "$tmp/${i}ring.c" "$tmp/${i}ring.cc"
	cp "$tmp/${i}uapi-first.c" "$tmp/${i}uapi-first.cc"
	for std in c++11 c++17; do
		if command -v "$cxx" >/dev/null; then
			build "C++ $std, ${what}ring header" "$cxx" \
				"$tmp/${i}ring.cc" -std=$std
			build "C++ $std, ${what}ring header after the ABI header" \
				"$cxx" "$tmp/${i}uapi-first.cc" -std=$std
		else
			t_ok "C++ $std, ${what}ring header # SKIP no $cxx"
		fi
	done
done
t_done
