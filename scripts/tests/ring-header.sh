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
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
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

# build NAME COMPILER SOURCE FLAGS...: compile, link and run one program.
build() {
	local name=$1 comp=$2 src=$3
	shift 3
	if "$comp" "$@" -Wall -Wextra -Werror -I"$top/include" -I"$tmp" \
		-o "$tmp/prog" "$src" >"$tmp/log" 2>&1 &&
	   "$tmp/prog" >"$tmp/log" 2>&1; then
		t_ok "$name"
	else
		[ -s "$tmp/log" ] || echo "the program failed" >"$tmp/log"
		t_fail "$name" "$comp $* ${src##*/}:
$(grep -m 6 -E 'error|undefined' "$tmp/log" || head -n 6 "$tmp/log")"
	fi
}

for std in c99 c11 c17 gnu11; do
	build "C $std -pedantic" "$cc" "$tmp/ring.c" -std=$std -pedantic \
		-DSTUCK
done
build "C c11 -pedantic, after uapi/shieldrt.h" "$cc" "$tmp/uapi-first.c" \
	-std=c11 -pedantic
build "C c99 -pedantic -D_POSIX_C_SOURCE=200809L" "$cc" "$tmp/ring.c" \
	-std=c99 -pedantic -D_POSIX_C_SOURCE=200809L
build "C c11 -pedantic -D_XOPEN_SOURCE=700" "$cc" "$tmp/ring.c" \
	-std=c11 -pedantic -D_XOPEN_SOURCE=700
cp "$tmp/ring.c" "$tmp/ring.cc"
cp "$tmp/uapi-first.c" "$tmp/uapi-first.cc"
for std in c++11 c++17; do
	if command -v "$cxx" >/dev/null; then
		build "C++ $std" "$cxx" "$tmp/ring.cc" -std=$std
		build "C++ $std, after uapi/shieldrt.h" "$cxx" \
			"$tmp/uapi-first.cc" -std=$std
	else
		t_ok "C++ $std # SKIP no $cxx"
	fi
done
t_done
