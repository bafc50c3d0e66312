#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Decode the PNGs test_plot wrote (zlib and struct only) and check them.

Usage: png_check.py DIR.  Every *.png in DIR: the signature, each chunk's
CRC, IHDR (8-bit palette, the size), PLTE, the zlib stream inflating to
exactly one filter byte and width indices a row, every index inside the
palette.  pattern.png: the rectangle, the line and the "A" test_plot
drew are where it drew them, in their colours, and nothing else is.
Prints TAP.
"""
import glob
import os
import struct
import sys
import zlib

n = 0
failed = 0


def ok(cond, desc):
    global n, failed
    n += 1
    failed += not cond
    print("%sok %d - %s" % ("" if cond else "not ", n, desc))


def decode(path):
    """(width, height, palette, rows) or raise ValueError."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("no PNG signature")
    pos, chunks = 8, []
    while pos < len(data):
        length, ctype = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc, = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(ctype + body) != crc:
            raise ValueError("chunk %s: CRC mismatch" % ctype)
        chunks.append((ctype, body))
        pos += 12 + length
    types = [c[0] for c in chunks]
    if types != [b"IHDR", b"PLTE", b"IDAT", b"IEND"]:
        raise ValueError("chunks %s" % types)
    w, h, depth, ctype, comp, filt, inter = struct.unpack(">IIBBBBB",
                                                          chunks[0][1])
    if (depth, ctype, comp, filt, inter) != (8, 3, 0, 0, 0):
        raise ValueError("IHDR %s" % ((depth, ctype, comp, filt, inter),))
    plte = chunks[1][1]
    pal = [tuple(plte[i:i + 3]) for i in range(0, len(plte), 3)]
    raw = zlib.decompress(chunks[2][1])
    if len(raw) != h * (w + 1):
        raise ValueError("%d bytes of rows, want %d" % (len(raw), h * (w + 1)))
    rows = []
    for y in range(h):
        row = raw[y * (w + 1):(y + 1) * (w + 1)]
        if row[0] != 0:
            raise ValueError("row %d: filter %d" % (y, row[0]))
        if max(row[1:]) >= len(pal):
            raise ValueError("row %d: index past the palette" % y)
        rows.append(row[1:])
    return w, h, pal, rows


def check_pattern(w, h, pal, rows):
    """What test_plot's test_pattern() drew, pixel for pixel."""
    want = {}
    for y in range(3, 8):
        for x in range(2, 6):
            want[(x, y)] = 1                    # COL_INK rectangle
    for x in range(10, 31):
        want[(x, 20)] = 4                       # COL_SERIES line
    for x in range(0, 40):
        want[(x, 25)] = 4                       # the clipped long line
    a = [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"]
    for r, bits in enumerate(a):
        for k, b in enumerate(bits):
            if b == "#":
                want[(20 + k, 2 + r)] = 5       # COL_SERIES + 1 "A"
    bad = [(x, y) for y in range(h) for x in range(w)
           if rows[y][x] != want.get((x, y), 0)]
    ok((w, h) == (40, 30) and not bad,
       "pattern.png: 40x30, rectangle, line, 'A' and nothing else "
       "(%d pixels differ%s)" % (len(bad), ", first %s" % (bad[0],) if bad else ""))
    ok(pal[0] == (255, 255, 255), "pattern.png: index 0 is white")


def main():
    d = sys.argv[1]
    files = sorted(glob.glob(os.path.join(d, "*.png")))
    ok(len(files) >= 10, "%d PNGs to check in %s" % (len(files), d))
    for path in files:
        name = os.path.basename(path)
        try:
            w, h, pal, rows = decode(path)
        except (ValueError, zlib.error, struct.error) as e:
            ok(False, "%s: %s" % (name, e))
            continue
        ok(True, "%s: a valid %dx%d palette PNG" % (name, w, h))
        if name == "pattern.png":
            check_pattern(w, h, pal, rows)
        elif name == "b-many-wide.png":
            ok((w, h) == (4096, 480), "%s: 4096x480" % name)
        else:
            ok((w, h) == (800, 480), "%s: 800x480 (the default)" % name)
    print("1..%d" % n)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
