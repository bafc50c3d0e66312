#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The Python reader's copy of the ABI (userctl/python/shieldrt/_uapi.py)
# is what userctl/python/mkuapi.py makes of include/uapi/shieldrt.h, and
# the struct layouts it computes are the C compiler's (TAP).
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/tap.sh"
gen=$top/userctl/python/mkuapi.py
hdr=$top/include/uapi/shieldrt.h
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! command -v python3 >/dev/null; then
	t_fail "python3 to run userctl/python/mkuapi.py"
	t_done
	exit
fi

if python3 "$gen" >"$tmp/uapi.py" 2>"$tmp/err" &&
   cmp -s "$tmp/uapi.py" "$top/userctl/python/shieldrt/_uapi.py"; then
	t_ok "shieldrt/_uapi.py is mkuapi.py's output for the header"
else
	t_fail "shieldrt/_uapi.py is mkuapi.py's output for the header" \
		"$(cat "$tmp/err"; diff "$top/userctl/python/shieldrt/_uapi.py" "$tmp/uapi.py" | head -20)
run: python3 userctl/python/mkuapi.py > userctl/python/shieldrt/_uapi.py"
fi

# Every field's offset and size, and every struct's size, as C has them.
python3 "$gen" --layout >"$tmp/layout" 2>"$tmp/err"
{
	printf '#include <stddef.h>\n#include <stdio.h>\n#include "%s"\n' "$hdr"
	printf 'int main(void)\n{\n'
	while read -r s f _ size; do
		if [ "$f" = - ]; then
			printf '\tprintf("%s - 0 %%zu\\n", sizeof(struct %s));\n' \
				"$s" "$s"
		elif [ "$size" = 0 ]; then	# a flexible array member
			printf '\tprintf("%s %s %%zu 0\\n", offsetof(struct %s, %s));\n' \
				"$s" "$f" "$s" "$f"
		else
			printf '\tprintf("%s %s %%zu %%zu\\n", offsetof(struct %s, %s), sizeof(((struct %s *)0)->%s));\n' \
				"$s" "$f" "$s" "$f" "$s" "$f"
		fi
	done <"$tmp/layout"
	printf '\treturn 0;\n}\n'
} >"$tmp/layout.c"
if [ -s "$tmp/layout" ] && ${CC:-cc} -o "$tmp/layout" "$tmp/layout.c" 2>"$tmp/err"; then
	"$tmp/layout" >"$tmp/c-layout"
	python3 "$gen" --layout >"$tmp/py-layout"
	n=$(grep -c ' - 0 ' "$tmp/py-layout")
	if cmp -s "$tmp/py-layout" "$tmp/c-layout"; then
		t_ok "the layout of all $n structs is offsetof's and sizeof's"
	else
		t_fail "the layout of all $n structs is offsetof's and sizeof's" \
			"$(diff "$tmp/c-layout" "$tmp/py-layout" | head -20)"
	fi
else
	t_fail "the layout program builds" "$(head -20 "$tmp/err")"
fi

# A list out of value order is refused, not written.
sed 's/X(SHIELDRT_STATE_CONFIGURED, "configured")/X(SHIELDRT_STATE_RUNNING, "running")/' \
	"$hdr" >"$tmp/bad.h"
if ! python3 "$gen" "$tmp/bad.h" >/dev/null 2>"$tmp/err" &&
   grep -q "SHIELDRT_STATE_LIST" "$tmp/err"; then
	t_ok "a name list out of value order is refused"
else
	t_fail "a name list out of value order is refused" "$(cat "$tmp/err")"
fi

# It imports, and names what the header names (the package itself needs
# numpy, which the host tests do not).
if python3 -c '
import importlib.util, sys
spec = importlib.util.spec_from_file_location("u", sys.argv[1])
u = importlib.util.module_from_spec(spec)
spec.loader.exec_module(u)
assert u.STATE_NAMES[u.STATE_SAFE] == "safe"
assert u.M_KEYS[u.M_LOCKWAIT] == "lock_wait" and len(u.M_KEYS) == u.NR_METRICS
assert u.STRUCTS["shieldrt_hdr"][0] == 1024
' "$top/userctl/python/shieldrt/_uapi.py" 2>"$tmp/err"; then
	t_ok "the module imports; names and sizes as the header says"
else
	t_fail "the module imports; names and sizes as the header says" "$(cat "$tmp/err")"
fi
t_done
