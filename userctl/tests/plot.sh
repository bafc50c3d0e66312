#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The plotting library's host tests: test_plot, then its ASan/UBSan build,
# each writing its figures into a directory of its own, and png_check.py
# decoding every figure they wrote.  TAP.
# Usage: plot.sh OUTDIR (where test_plot and test_plot_san are)
out=$1
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/userctl-plot.XXXXXX)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/plain" "$dir/san"
rc=0
"$out/test_plot" "$dir/plain" || rc=1
"$out/test_plot_san" "$dir/san" || rc=1
if command -v python3 >/dev/null; then
	python3 "$here/png_check.py" "$dir/plain" || rc=1
else
	echo "not ok 1 - png_check.py: python3 is not installed"
	rc=1
fi
exit $rc
