#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write shieldrt/_uapi.py, the Python reader's copy of what
include/uapi/shieldrt.h declares: its integer and string constants (the
SHIELDRT_ prefix dropped), its ioctl numbers, its name lists and the
layout of its structs.

    mkuapi.py [HEADER] > shieldrt/_uapi.py     write the module
    mkuapi.py --layout [HEADER]                 one line per struct field:
                                                struct field offset size

The module is checked in (the reader is copied as it is, into guests and
installations) and userctl/tests/python_uapi.sh fails when it is not what
this script makes of the header, or when a layout computed here differs
from the C compiler's offsetof.  The layout follows the header's own
rule: every field is naturally aligned (__u64 on 8 bytes), so the
x86_64, arm64 and 32-bit ARM ABIs agree.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(HERE, "..", "..", "include", "uapi", "shieldrt.h")

# the header's scalar types: size and the struct module's code
SCALARS = {"__u8": (1, "B"), "__u16": (2, "H"), "__u32": (4, "I"),
           "__u64": (8, "Q"), "__s32": (4, "i"), "__s64": (8, "q"),
           "char": (1, "B")}
# the generic ioctl encoding (x86, arm, arm64): dir, size, type, nr
IOC_DIRS = {"_IO": 0, "_IOW": 1, "_IOR": 2, "_IOWR": 3}


class HeaderError(Exception):
    pass


def strip_comments(text):
    return re.sub(r"/\*.*?\*/", " ", text, flags=re.S)


def defines(text):
    """#define NAME BODY, continuation lines joined, in order."""
    out = []
    for m in re.finditer(r"^#define[ \t]+(\w+)(\([^)]*\))?[ \t]*"
                         r"((?:[^\n]*\\\n)*[^\n]*)", text, flags=re.M):
        body = m.group(3).replace("\\\n", " ").strip()
        out.append((m.group(1), m.group(2), body))
    return out


def evaluate(expr, consts):
    """An integer constant expression of the header: literals (with
    U/L suffixes), names already known, + - * << >> | & ~ and parens."""
    def name(m):
        if m.group(0) not in consts:
            raise HeaderError("unknown name %s in %r" % (m.group(0), expr))
        return "(%d)" % consts[m.group(0)]
    e = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\b", r"\1", expr)
    e = re.sub(r"\b[A-Za-z_]\w*\b", name, e)
    if not re.fullmatch(r"[0-9a-fA-FxX()+\-*<>|&~ \t]*", e):
        raise HeaderError("not an integer expression: %r" % expr)
    return int(eval(e, {"__builtins__": {}}))	# only digits and operators


def structs(text):
    """struct shieldrt_NAME { fields }: NAME -> [(type, field, dims)],
    dims an expression, "" for a flexible array, None for a scalar."""
    out = {}
    for m in re.finditer(r"struct\s+(shieldrt_\w+)\s*\{(.*?)\n\};",
                         text, flags=re.S):
        fields = []
        for decl in m.group(2).split(";"):
            decl = " ".join(decl.split())
            if not decl:
                continue
            f = re.fullmatch(r"(struct \w+|\w+) (\w+)(?:\[([^\]]*)\])?",
                             decl)
            if not f:
                raise HeaderError("struct %s: cannot read '%s'" %
                                  (m.group(1), decl))
            fields.append((f.group(1), f.group(2), f.group(3)))
        out[m.group(1)] = fields
    return out


def layouts(fields_of, consts):
    """Every struct's size and its fields: (name, offset, code, count,
    size), code a struct module code or a nested struct's name."""
    done = {}

    def lay(sname):
        if sname in done:
            return done[sname]
        off, align, rows = 0, 1, []
        for ftype, fname, dims in fields_of[sname]:
            if ftype.startswith("struct "):
                inner = ftype.split()[1]
                if inner not in fields_of:
                    raise HeaderError("%s.%s: unknown %s" %
                                      (sname, fname, ftype))
                isize, ialign, _ = lay(inner)
                esize, ealign, code = isize, ialign, inner
            elif ftype in SCALARS:
                esize, code = SCALARS[ftype]
                ealign = esize
            else:
                raise HeaderError("%s.%s: unknown type %s" %
                                  (sname, fname, ftype))
            count = 1 if dims is None else \
                0 if dims == "" else evaluate(dims, consts)
            off = (off + ealign - 1) // ealign * ealign
            rows.append((fname, off, code, count, esize * count))
            off += esize * count
            align = max(align, ealign)
        size = (off + align - 1) // align * align
        done[sname] = (size, align, rows)
        return done[sname]

    return {s: lay(s) for s in fields_of}


def read(path):
    text = strip_comments(open(path).read())
    consts, strings, lists, iocs, spelled = {}, {}, {}, {}, {}
    for name, params, body in defines(text):
        if params and name.endswith("_LIST"):
            rows = re.findall(r"X\(\s*(\w+)\s*,\s*((?:\"[^\"]*\"\s*,?\s*)+)\)",
                              body)
            entries = []
            for value, names in rows:
                entries.append((value, tuple(re.findall(r'"([^"]*)"',
                                                        names))))
            lists[name] = entries
        elif params or not name.startswith("SHIELDRT_") or \
                name.startswith("_UAPI"):
            continue
        elif body.startswith('"'):
            # adjacent literals are one string, as in C
            strings[name] = "".join(re.findall(r'"([^"]*)"', body))
        elif re.match(r"_IO(W|R|WR)?\(", body):
            iocs[name] = body
        elif body:
            consts[name] = evaluate(body, consts)
            # a plain literal keeps its spelling (hex stays hex)
            m = re.fullmatch(r"\(?\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\)?",
                             body)
            spelled[name] = m.group(1) if m else str(consts[name])
    fields_of = structs(text)
    lays = layouts(fields_of, consts)
    for name, entries in lists.items():
        for i, (value, _) in enumerate(entries):
            if consts.get(value) != i:
                raise HeaderError("%s: %s is %s, not %d: a list's values "
                                  "are dense from 0, in order" %
                                  (name, value, consts.get(value), i))
    ioc_nums = {}
    for name, body in iocs.items():
        m = re.fullmatch(r"(_IO\w*)\(\s*(\w+)\s*,\s*(\w+)\s*,\s*"
                         r"(struct \w+|\w+)\s*\)", body)
        if not m:
            raise HeaderError("%s: cannot read %r" % (name, body))
        arg = m.group(4)
        size = lays[arg.split()[1]][0] if arg.startswith("struct ") \
            else SCALARS[arg][0]
        ioc_nums[name] = (IOC_DIRS[m.group(1)] << 30 | size << 16 |
                          evaluate(m.group(2), consts) << 8 |
                          evaluate(m.group(3), consts))
    return spelled, strings, lists, ioc_nums, lays


def short(name):
    return name[len("SHIELDRT_"):]


def module(path):
    consts, strings, lists, iocs, lays = read(path)
    out = ["# SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) "
           "OR MIT",
           "# Made from include/uapi/shieldrt.h by userctl/python/mkuapi.py;",
           "# do not edit (userctl/tests/python_uapi.sh checks it).",
           '"""The ABI header\'s constants (SHIELDRT_ dropped), ioctl '
           'numbers, name',
           "lists (NAMES[value]) and struct layouts: STRUCTS[name] is "
           "(size, fields),",
           "a field (name, offset, code, count, size) with a struct "
           "module code or",
           'a nested struct\'s name."""', ""]
    for name, value in strings.items():
        out.append("%s = %r" % (short(name), value))
    for name, value in consts.items():
        out.append("%s = %s" % (short(name), value))
    out.append("")
    for name, value in iocs.items():
        out.append("%s = %#x" % (short(name), value))
    out.append("")
    for name, entries in lists.items():
        base = short(name)[:-len("_LIST")]
        columns = len(entries[0][1])
        suffixes = ("NAMES",) if columns == 1 else ("KEYS", "COLS")
        for c in range(columns):
            out.append("%s_%s = (" % (base, suffixes[c]))
            out += ["    %r," % (e[1][c],) for e in entries]
            out.append(")")
    out.append("")
    out.append("STRUCTS = {")
    for sname, (size, _, rows) in lays.items():
        out.append("    %r: (%d, (" % (sname, size))
        for row in rows:
            out.append("        %r," % (row,))
        out.append("    )),")
    out.append("}")
    return "\n".join(out) + "\n"


def main(argv):
    path = HEADER
    if argv[:1] == ["--layout"]:
        path = argv[1] if len(argv) > 1 else HEADER
        for sname, (size, _, rows) in read(path)[4].items():
            print("%s - 0 %d" % (sname, size))
            for fname, off, _, _, fsize in rows:
                print("%s %s %d %d" % (sname, fname, off, fsize))
        return 0
    if argv:
        path = argv[0]
    sys.stdout.write(module(path))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except HeaderError as e:
        sys.exit("mkuapi: %s" % e)
