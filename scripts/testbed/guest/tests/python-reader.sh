#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The Python reader (userctl/python: python3 -m shieldrt) against the real
# module: attach to a running demo-chain loop, send a setpoint through
# the command ring, read telemetry into numpy arrays; what it reads must
# agree with the kernel (the setpoint shows up as the loop's input, the
# motor moves towards it, seq has no holes the kernel did not count).
# Only x86_64 guests carry python3 and numpy (scripts/testbed/vm-run), and only
# there do plain Python loads and stores follow the rings' ordering.
. /srt/lib.sh

if ! command -v python3 >/dev/null; then
	t_skip "python reader" "no python3 in this guest (x86_64 guests only)"
	exit 0
fi
export PYTHONPATH=/srt/python
ISO=$(first_cpu "$SRT_ISOLATED")
[ -n "$ISO" ] || ISO=$((SRT_NCPUS - 1))

srt_load || exit 1
t_run "loop create" /tmp/py.out \
	userctl loop create -l py cpu="$ISO" period_us=1000 mode=hrtimer
t_run "chain load" /tmp/py.out \
	userctl chain load -l py /srt/chains/demo-motor.chain
t_run "loop start" /tmp/py.out userctl loop start -l py

t_run "python3 -m shieldrt: setpoint, 1.5 s of telemetry" /tmp/py.sum \
	python3 -m shieldrt py -c /srt/chains/demo-motor.chain \
	-s target=0.5 -d 1.5 --npz /tmp/py.npz
sed 's/^/# /' /tmp/py.sum
t_check "the summary names the chain's signals" \
	grep -q '^target: first .* last 0.5 ' /tmp/py.sum
t_check "the kernel applied the command" \
	grep -q 'commands applied 1$' /tmp/py.sum

# The arrays, checked in Python against each other and the kernel's
# counters read through the same mapping.
python3 - >/tmp/py.chk 2>&1 <<'PY'
import numpy as np
import shieldrt

t = np.load("/tmp/py.npz")
seq, cyc = t["seq"], t["cycle"]
print("records", len(seq))
print("seq_up", int(np.all(np.diff(seq.astype(np.int64)) > 0)))
print("cycles_up", int(np.all(np.diff(cyc.astype(np.int64)) > 0)))
print("target_reached", int(t["target"][-1] == 0.5))
print("pos_moved", int(abs(t["pos"][-1]) > 0.01))
print("columns", ",".join(k for k in ("u", "speed", "pos", "err")
                          if k in t.files))
with shieldrt.Loop("py", write=False) as loop:
    s0 = loop.stats()["cycles"]
    c0 = loop.live()["cycle"]
    print("live_cycle_ok", int(c0 >= int(cyc[-1])))
    print("stats_cycles_ok", int(s0 >= len(seq)))
    print("dead", int(loop.dead()))
    try:
        loop.record(seconds=0.1)
        print("ro_record", "read")
    except shieldrt.ShieldrtError:
        print("ro_record", "refused")
# the module API: the records lost in a window are the ones the kernel
# counted as dropped in it (it counts a drop when the ring is full)
with shieldrt.Loop("py") as loop:
    loop.skip()
    k0 = loop.stats()
    w = loop.record(seconds=0.5, skip=False)
    k1 = loop.stats()
    print("window_records", len(w["seq"]))
    print("drops_counted", int(w["drops"] <= k1["tel_drops"] - k0["tel_drops"]))
try:
    shieldrt.Loop("nosuchloop")
    print("missing_loop", "attached")
except shieldrt.ShieldrtError as e:
    print("missing_loop", "no such loop" in str(e))
PY
sed 's/^/# /' /tmp/py.chk
v() { sed -n "s/^$1 //p" /tmp/py.chk; }
t_ge "at least 200 records in 1.5 s" "$(v records)" 200
t_eq "seq goes up" 1 "$(v seq_up)"
t_eq "cycle goes up" 1 "$(v cycles_up)"
t_ge "the module API read a 0.5 s window" "$(v window_records)" 50
t_eq "the window's lost records are the kernel's drops" 1 "$(v drops_counted)"
t_eq "the setpoint is the loop's input" 1 "$(v target_reached)"
t_eq "the motor moved towards it" 1 "$(v pos_moved)"
t_eq "outputs under their chain names" "u,speed,pos,err" "$(v columns)"
t_eq "live cycle is past the last record" 1 "$(v live_cycle_ok)"
t_eq "stats count at least the records" 1 "$(v stats_cycles_ok)"
t_eq "the loop is not dead" 0 "$(v dead)"
t_eq "a read-only attach does not consume telemetry" refused "$(v ro_record)"
t_eq "a missing loop is refused by name" True "$(v missing_loop)"

t_run "loop stop" /tmp/py.out userctl loop stop -l py
t_run "loop destroy" /tmp/py.out userctl loop destroy -l py
srt_unload
