# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Building the benches' QEMU TCG plugins (scripts/bench/qemu-plugin/),
and what the benches that run them ask of a boot, for the bench scripts
in this directory (import it from them)."""
import json
import os
import subprocess

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def build(name):
    """Compile scripts/bench/qemu-plugin/NAME.c into
    build/qemu-plugin/NAME.so and return its path; None when the
    compiler failed (its messages went to stderr)."""
    src = os.path.join(TOP, "scripts", "bench", "qemu-plugin", name + ".c")
    out = os.path.join(TOP, "build", "qemu-plugin", name + ".so")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = ["gcc", "-shared", "-fPIC", "-O2", "-Wall", "-o", out, src,
           "-lpthread"]
    return out if subprocess.run(cmd).returncode == 0 else None


def loop_cpu(overhead_json):
    """The CPU the overhead row's loop ran on, as the bench reports it
    (info.cpu of its overhead.json): the first shielded CPU of the
    kernel's VM, 1 on a 2-CPU guest, 2 on arm64's 4.  The vCPU a plugin
    must watch.  ValueError, saying why, when the file does not say."""
    try:
        with open(overhead_json) as f:
            return int(json.load(f)["info"]["cpu"])
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ValueError("%s: no loop CPU to read (%s)" % (overhead_json, e))


# The line the cycle_lines plugin counts in (its LINE_SHIFT).
LINE_BYTES = 64


def packed_lines(nbytes):
    """The fewest LINE_BYTES lines nbytes fit in: what a line count would
    be with those bytes packed together."""
    return -(-int(nbytes) // LINE_BYTES)
