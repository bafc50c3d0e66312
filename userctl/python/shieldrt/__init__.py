# SPDX-License-Identifier: GPL-2.0
"""Read a shieldrt loop's data plane from Python: attach to a loop through
/dev/shieldrt, map its region, read telemetry records into numpy arrays,
read the kernel's counters, and send setpoints.

    import shieldrt
    with shieldrt.Loop("ctl", chain="demo-motor.chain") as loop:
        loop.setpoint(target=1.5)
        t = loop.record(seconds=2.0)      # dict of numpy arrays
        print(t["wake_latency_ns"].max(), t["pos"][-1])

The layout is include/uapi/shieldrt.h's, through _uapi.py, which
userctl/python/mkuapi.py makes from that header; the region's offsets
come from the kernel's attach reply, as userctl's do.

Ordering: the rings' protocol wants acquire loads and release stores
(uapi/shieldrt.h, [C2] [D1] [A1] [B2]), which Python cannot spell.  On
x86-64 every load is an acquire and every store a release, so plain
accesses follow the protocol there; on arm64 and 32-bit ARM they do not,
and a record could be read before its contents are visible.  The reader
therefore checks what it can (sequence numbers that only go up, counters
under their seqcount) and says when something does not add up, but use it
on x86-64 for data you rely on, or userctl elsewhere.

Setpoints go through the command ring with SHIELDRT_CMD_NOW (applied at
the loop's next cycle): the mailbox needs an atomic exchange, which Python
does not have.  One producer per ring: do not stream with userctl at the
same time.
"""
import fcntl
import mmap
import os
import struct
import time

import numpy as np

from . import _uapi as U

DEVICE = U.DEVICE
MAGIC = U.MAGIC
# Not a copy of the header's: the ABI this code is written for, which a
# region must speak; scripts/dev/tests/install.sh fails when the header's
# (U.ABI_VERSION) moves on without it.
ABI_VERSION = 2
NAME_LEN = U.NAME_LEN
MAX_SIGNALS = U.MAX_SIGNALS
SEL_OUT = U.SEL_OUT
RF_DEAD = U.RF_DEAD
RF_REPLACED = U.RF_REPLACED
CMD_NOW = U.CMD_NOW
HDR_SIZE = U.STRUCTS["shieldrt_hdr"][0]


def _layout(name, upto=None):
    """A struct of the ABI header as a struct.Struct of its fields up to
    (not including) field upto, padded as the C layout is, and the names
    of its fields but the reserved ones, in order."""
    size, fields = U.STRUCTS[name]
    fmt, at, names = "<", 0, []
    for fname, off, code, count, fsize in fields:
        if fname == upto:
            break
        if not fsize:
            continue	# a flexible array: what follows the struct
        if off > at:
            fmt += "%dx" % (off - at)
        if code in U.STRUCTS or code == "B" and count > 1:
            fmt += "%ds" % fsize	# nested struct or byte array: bytes
        else:
            fmt += ("%d" % count if count > 1 else "") + code
        at = off + fsize
        if not fname.startswith("resv"):
            names.append(fname)
    if upto is None and at < size:
        fmt += "%dx" % (size - at)
    return struct.Struct(fmt), tuple(names)


def _offset(name, field):
    return next(f[1] for f in U.STRUCTS[name][1] if f[0] == field)


_OFFSETS, _OFF_NAMES = _layout("shieldrt_offsets")
_ATTACH, _ = _layout("shieldrt_attach")
_IOC_ATTACH = U.IOC_ATTACH
_IOC_FLAGS = U.IOC_FLAGS
# struct shieldrt_hdr, up to its resv0; the live block and the stats: a
# seq, then counters (the names after it)
_HDR, _HDR_NAMES = _layout("shieldrt_hdr", "resv0")
_LIVE_OFF = _offset("shieldrt_hdr", "live")
_LIVE, _LIVE_NAMES = _layout("shieldrt_live", "resv")
_LIVE_NAMES = _LIVE_NAMES[1:]
_STATS, STATS_NAMES = _layout("shieldrt_stats", "resv")
STATS_NAMES = STATS_NAMES[1:]
# struct shieldrt_slot: key, mask, flags, then values
_SLOT, _ = _layout("shieldrt_slot")
# struct shieldrt_tel, before its values
_TEL_SIZE = U.STRUCTS["shieldrt_tel"][0]
_NP = {"Q": "<u8", "q": "<i8", "I": "<u4", "i": "<i4"}
TEL_FIELDS = tuple((f[0], _NP[f[2]]) for f in U.STRUCTS["shieldrt_tel"][1]
                   if f[4])
_TEL_OFFSETS = [f[1] for f in U.STRUCTS["shieldrt_tel"][1] if f[4]]


class ShieldrtError(Exception):
    """The module refused, or the region does not look like one."""


def chain_signals(path):
    """(inputs, outputs): the signal names a chain file's input and output
    lines declare, in order (input k is the loop's input k)."""
    ins, outs = [], []
    with open(path) as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if words and words[0] == "input":
                ins += words[1:]
            elif words and words[0] == "output":
                outs += words[1:]
    if not ins and not outs:
        raise ShieldrtError("%s: no input or output line" % path)
    return ins, outs


class Loop:
    """One loop's region, mapped.  write=False maps it read-only (an
    observer: telemetry and counters only, and it does not consume the
    telemetry ring, so record() needs write=True)."""

    def __init__(self, name, write=True, chain=None, device=None):
        if not name or len(name.encode()) >= NAME_LEN:
            raise ShieldrtError("loop name must be 1..%d bytes" %
                                (NAME_LEN - 1))
        dev = device or os.environ.get("SHIELDRT_DEV") or DEVICE
        self.name = name
        self.writable = write
        self._fd = os.open(dev, (os.O_RDWR if write else os.O_RDONLY) |
                           os.O_CLOEXEC)
        self._map = self._wmap = None
        try:
            self._attach(name, write)
        except BaseException:
            self.close()
            raise
        self.inputs, self.outputs = [], []
        if chain:
            self.inputs, self.outputs = chain_signals(chain)
        self.columns = [self._sel_name(s) for s in self.tel_sel]
        self._dtype = np.dtype({
            "names": [n for n, _ in TEL_FIELDS] + ["value"],
            "formats": [t for _, t in TEL_FIELDS] + [("<f8", (self.nsel,))],
            "offsets": _TEL_OFFSETS + [_TEL_SIZE],
            "itemsize": self.off["tel_stride"]})

    def _attach(self, name, write):
        req = bytearray(_ATTACH.pack(name.encode(), 0, 0, 0, 0,
                                     bytes(_OFFSETS.size)))
        try:
            fcntl.ioctl(self._fd, _IOC_ATTACH, req)
        except OSError as e:
            raise ShieldrtError("cannot attach to loop '%s': %s" %
                                (name, "no such loop" if e.errno == 2
                                 else e.strerror)) from None
        vals = _OFFSETS.unpack(_ATTACH.unpack(bytes(req))[5])
        self.off = dict(zip(_OFF_NAMES, vals))
        o = self.off
        size = o["region_size"]
        for ring in ("cmd", "tel"):
            n = o[ring + "_size"]
            if not n or n & (n - 1) or n > U.RING_MAX_ENTRIES:
                raise ShieldrtError("ring size %d: not a power of two up to "
                                    "%d" % (n, U.RING_MAX_ENTRIES))
        if o["tel_stride"] < _TEL_SIZE or \
           o["tel_entries"] + o["tel_size"] * o["tel_stride"] > size or \
           o["cmd_entries"] + o["cmd_size"] * o["cmd_stride"] > size or \
           o["stats"] + _STATS.size > size or o["hdr"] + HDR_SIZE > size or \
           not 0 < o["writable"] < size or o["writable"] % mmap.PAGESIZE or \
           any(o[k] + 64 > size for k in ("cmd_head", "cmd_tail",
                                          "tel_head", "tel_tail")) or \
           any(o[k] < o["writable"] for k in ("cmd_tail", "tel_head",
                                              "cmd_entries")):
            raise ShieldrtError("the kernel reported an impossible layout")
        # What the kernel writes is read-only to everyone; what user space
        # writes is its own mapping at off.writable (ABI 2).
        self._map = mmap.mmap(self._fd, size, mmap.MAP_SHARED,
                              mmap.PROT_READ)
        self._buf = memoryview(self._map)
        if write:
            self._wmap = mmap.mmap(self._fd, size - o["writable"],
                                   mmap.MAP_SHARED,
                                   mmap.PROT_READ | mmap.PROT_WRITE,
                                   offset=o["writable"])
        h = _HDR.unpack_from(self._map, o["hdr"])
        magic, abi, hdr_size = h[0], h[1], h[2]
        if magic != MAGIC or abi != ABI_VERSION or hdr_size != HDR_SIZE:
            raise ShieldrtError("loop '%s': magic %#x ABI %d header %d "
                                "bytes: not ABI %d" %
                                (name, magic, abi, hdr_size, ABI_VERSION))
        self.period_ns, self.n_in, self.n_out = h[6], h[7], h[8]
        self.decimation, self.nsel = h[9], min(h[10], U.MAX_SEL)
        if _TEL_SIZE + 8 * self.nsel > o["tel_stride"]:
            raise ShieldrtError("impossible telemetry selection")
        self.tel_sel = list(h[11:11 + self.nsel])
        # the command ring's slot holds n_in values: from the kernel's
        # stride, not the writable header
        self._cmd_values = (o["cmd_stride"] - _SLOT.size) // 8
        self._cmd_tail = self._u32(o["cmd_tail"])
        self._tel_head = self._u32(o["tel_head"])

    def _sel_name(self, sel):
        if sel & SEL_OUT:
            i, names, col = sel & 0xff, self.outputs, "out%d"
        else:
            i, names, col = sel, self.inputs, "in%d"
        return names[i] if i < len(names) else col % i

    def _u32(self, at):
        return struct.unpack_from("<I", self._map, at)[0]

    def _w(self, at):
        """The writable mapping and the place in it of region offset at."""
        return self._wmap, at - self.off["writable"]

    def _put_u32(self, at, v):
        struct.pack_into("<I", *self._w(at), v & 0xffffffff)

    def close(self):
        if self._wmap is not None:
            self._wmap.close()
            self._wmap = None
        if self._map is not None:
            self._buf.release()
            self._map.close()
            self._map = None
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _flags(self):
        buf = bytearray(4)
        fcntl.ioctl(self._fd, _IOC_FLAGS, buf)
        return struct.unpack("<I", buf)[0]

    def dead(self):
        """No more updates: the loop was destroyed, or replaced() (the
        kernel's word, not the header's)."""
        return bool(self._flags() & RF_DEAD)

    def replaced(self):
        """The loop lives on in a new region (a chain with other signal
        counts was loaded): open it again."""
        f = self._flags()
        return bool(f & RF_DEAD and f & RF_REPLACED)

    def _seq_read(self, at, st):
        """A block under a seqcount: copies until one is not torn."""
        for _ in range(100000):
            s0 = self._u32(at)
            if s0 & 1:
                continue
            vals = st.unpack_from(self._map, at)
            if self._u32(at) == s0:
                return vals
        raise ShieldrtError("a seqcount never settled")

    def stats(self):
        """The kernel's counters (struct shieldrt_stats) as a dict."""
        v = self._seq_read(self.off["stats"], _STATS)
        return dict(zip(STATS_NAMES, v[2:]))

    def live(self):
        """The live block: the last cycle the data plane ran, and more."""
        v = self._seq_read(self.off["hdr"] + _LIVE_OFF, _LIVE)
        return dict(zip(_LIVE_NAMES, v[1:]))

    def setpoint(self, values=None, **named):
        """Set inputs at the loop's next cycle: values maps input index
        (or chain name) to a number; keywords name inputs too.  Returns
        once the entry is in the ring (stats()["cmd_applied"] counts it
        when the loop takes it)."""
        if not self.writable:
            raise ShieldrtError("setpoint: attached read-only")
        want = dict(values or {})
        want.update(named)
        if not want:
            raise ShieldrtError("setpoint: no values")
        slot_vals = [0.0] * self._cmd_values
        mask = 0
        for k, v in want.items():
            i = self.inputs.index(k) if k in self.inputs else k
            if not isinstance(i, int) or not 0 <= i < min(self.n_in,
                                                          self._cmd_values):
                raise ShieldrtError("setpoint: no input %r (inputs: %s)" %
                                    (k, self.inputs or self.n_in))
            v = float(v)
            if v != v or v in (float("inf"), float("-inf")):
                raise ShieldrtError("setpoint: %r is not finite" % v)
            slot_vals[i] = v
            mask |= 1 << i
        o = self.off
        head = self._u32(o["cmd_head"])
        used = (self._cmd_tail - head) & 0xffffffff
        if used > o["cmd_size"]:
            raise ShieldrtError("command ring head is impossible: "
                                "another writer?")
        if used == o["cmd_size"]:
            raise ShieldrtError("command ring full: is the loop running?")
        at = o["cmd_entries"] + \
            (self._cmd_tail & (o["cmd_size"] - 1)) * o["cmd_stride"]
        wmap, wat = self._w(at)
        _SLOT.pack_into(wmap, wat, 0, mask, CMD_NOW)
        struct.pack_into("<%dd" % self._cmd_values, wmap,
                         wat + _SLOT.size, *slot_vals)
        # the entry, then the tail: a release store on x86-64 ([A1])
        self._cmd_tail = (self._cmd_tail + 1) & 0xffffffff
        self._put_u32(o["cmd_tail"], self._cmd_tail)

    def _take(self):
        """Records the kernel has published since the last call, copied
        out of the ring, which is then released to the kernel."""
        if not self.writable:
            raise ShieldrtError("reading telemetry consumes it: attach "
                                "with write=True")
        o = self.off
        tail = self._u32(o["tel_tail"])
        n = (tail - self._tel_head) & 0xffffffff
        if n > o["tel_size"]:
            raise ShieldrtError("telemetry tail is impossible")
        ring = np.frombuffer(self._map, self._dtype, o["tel_size"],
                             o["tel_entries"])
        idx = (self._tel_head + np.arange(n, dtype=np.uint64)) & \
            (o["tel_size"] - 1)
        recs = ring[idx.astype(np.intp)]	# a copy
        del ring
        self._tel_head = tail
        self._put_u32(o["tel_head"], tail)	# [D1]
        return recs

    def skip(self):
        """Drop what the ring holds: record() from now on."""
        self._take()

    def record(self, seconds=None, records=None, skip=True):
        """Telemetry for `seconds` or until `records` records: a dict of
        numpy arrays, one per column (seq, cycle, ..., flags, then one per
        selected signal under its chain name or in0/out2), with "drops"
        (records lost: gaps in seq) and "columns"."""
        if seconds is None and records is None:
            seconds = 1.0
        if skip:
            self.skip()
        end = time.monotonic() + (seconds if seconds is not None else 1e9)
        nap = min(max(self.period_ns * 1e-9 * self.off["tel_size"] / 8,
                      1e-4), 0.02)
        parts, have = [], 0
        while time.monotonic() < end and (records is None or
                                          have < records):
            r = self._take()
            if len(r):
                parts.append(r)
                have += len(r)
            elif self.dead():
                break
            else:
                time.sleep(nap)
        recs = np.concatenate(parts) if parts else \
            np.zeros(0, self._dtype)
        if records is not None:
            recs = recs[:records]
        seq = recs["seq"]
        if len(seq) > 1 and np.any(np.diff(seq.astype(np.int64)) <= 0):
            raise ShieldrtError("telemetry seq went backwards: another "
                                "reader, or records read too early")
        out = {n: np.ascontiguousarray(recs[n]) for n, _ in TEL_FIELDS}
        for k, name in enumerate(self.columns):
            out[name] = np.ascontiguousarray(recs["value"][:, k])
        out["drops"] = int(seq[-1] - seq[0] + 1 - len(seq)) if len(seq) \
            else 0
        out["columns"] = [n for n, _ in TEL_FIELDS] + self.columns
        return out
