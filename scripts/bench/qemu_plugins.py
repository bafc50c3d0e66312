# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Building the benches' QEMU TCG plugins (scripts/bench/qemu-plugin/),
for the bench scripts in this directory (import it from them)."""
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
