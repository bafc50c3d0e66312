# SPDX-License-Identifier: GPL-2.0
"""python3 -m shieldrt LOOP: attach, optionally set inputs, read telemetry
for a while, print a summary (and save the arrays with --npz)."""
import argparse
import sys

import numpy as np

from . import Loop, ShieldrtError


def parse_set(text):
    key, sep, val = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError("expected NAME=VALUE or INDEX=VALUE")
    try:
        v = float(val)
    except ValueError:
        raise argparse.ArgumentTypeError("'%s' is not a number" % val)
    return (int(key) if key.isdigit() else key), v


def summary(name, t):
    n = len(t["seq"])
    print("loop %s: %d records, %d dropped, cycles %s..%s" %
          (name, n, t["drops"], t["cycle"][0] if n else "-",
           t["cycle"][-1] if n else "-"))
    if not n:
        return
    for col in ("wake_latency_ns", "compute_ns"):
        v = t[col].astype(np.float64)
        print("%s: p50 %.0f p99 %.0f max %.0f" %
              (col, np.percentile(v, 50), np.percentile(v, 99), v.max()))
    for col in t["columns"][10:]:
        v = t[col]
        print("%s: first %.6g last %.6g min %.6g max %.6g" %
              (col, v[0], v[-1], np.nanmin(v), np.nanmax(v)))


def main():
    ap = argparse.ArgumentParser(
        prog="python3 -m shieldrt",
        description="Read a shieldrt loop's telemetry into numpy arrays.")
    ap.add_argument("loop")
    ap.add_argument("-d", "--duration", type=float, default=1.0,
                    help="seconds of telemetry (default 1)")
    ap.add_argument("-n", "--records", type=int,
                    help="stop after this many records")
    ap.add_argument("-c", "--chain", help="chain file: name the signals")
    ap.add_argument("-s", "--set", type=parse_set, action="append",
                    default=[], metavar="INPUT=VALUE",
                    help="set an input first (a chain name or an index)")
    ap.add_argument("--npz", help="save the arrays to this .npz file")
    a = ap.parse_args()
    try:
        with Loop(a.loop, chain=a.chain) as loop:
            loop.skip()
            if a.set:
                loop.setpoint(dict(a.set))
            t = loop.record(seconds=None if a.records else a.duration,
                            records=a.records, skip=False)
            st = loop.stats()
    except ShieldrtError as e:
        sys.exit("python3 -m shieldrt: %s" % e)
    except OSError as e:
        sys.exit("python3 -m shieldrt: %s" % e)
    summary(a.loop, t)
    print("kernel: cycles %d, telemetry drops %d, commands applied %d" %
          (st["cycles"], st["tel_drops"], st["cmd_applied"]))
    if a.npz:
        np.savez(a.npz, **{k: v for k, v in t.items()
                           if isinstance(v, np.ndarray)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
