#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The include and use graph of the module's sources (kmod/, algorithms/,
include/), read as text, and the rules docs/design.md draws on it.

A unit is a file without its extension: kmod/loop.c and kmod/loop.h are
one unit, kmod/loop.  Unit A points at unit B when a file of A includes a
header of B, or uses a name B defines: a function or variable a .c file
of B defines (not static), or a macro, type, enumerator, trace event or
inline function a header of B defines.  A prototype or an extern
declaration is not a use.  A name defined by two units draws no arrow
(it is listed with --verbose).

    layers.py [--root DIR] circles    every circle, and the names on it
    layers.py [--root DIR] up         every arrow that points up a layer
    layers.py [--root DIR] arrows     every arrow, with its names
    layers.py [--root DIR] includers HEADER
                                      the files that include HEADER

circles and up exit 1 when they find any.  The layers, from the bottom:
the ABI (include/uapi/), the shared headers (include/), the pure code
(kmod/lib/, algorithms/), the loop core (kmod/), the admin layer
(kmod/admin/) and the provider modules (kmod/io/), and the module's
entry points (kmod/main.c, kmod/chardev.c).  Tests (kunit/, tests/
folders) and userctl are not in the graph.
"""
import os
import re
import sys

KEYWORDS = set("""auto break case char const continue default do double else
enum extern float for goto if inline int long register restrict return short
signed sizeof static struct switch typedef union unsigned void volatile while
bool true false NULL typeof __typeof__ asm __asm__ __attribute__""".split())
# The kernel's own names for the basic types (algorithms/srt_types.h spells
# them for host builds): not the project's.
BASIC = set("u8 u16 u32 u64 s8 s16 s32 s64".split())
# Annotations whose parenthesised arguments are not part of a declaration.
ATTRIBUTES = ("__attribute__", "__printf", "__scanf", "__aligned")

# Where a quoted include is looked for after the including file's folder:
# the top Kbuild's -I options (include/, kmod/lib/, and kmod/ for the
# trace header, kmod/io/ for the provider's).
INCLUDE_DIRS = ["include", "kmod/lib", "kmod", "kmod/io"]


def layer_of(path):
    """(rank, room) of a file: an arrow may only point to a lower rank."""
    if path.startswith("include/uapi/"):
        return 0, "ABI"
    if path.startswith("include/"):
        return 1, "shared headers"
    if path.startswith(("kmod/lib/", "algorithms/")):
        return 2, "pure code"
    if path.startswith("kmod/admin/"):
        return 4, "admin layer"
    if path.startswith("kmod/io/"):
        return 4, "provider modules"
    if path in ("kmod/main.c", "kmod/chardev.c"):
        return 5, "entry points"
    return 3, "loop core"


def sources(root):
    out = []
    for top in ("kmod", "algorithms", "include"):
        for d, dirs, files in os.walk(os.path.join(root, top)):
            rel = os.path.relpath(d, root)
            dirs[:] = sorted(x for x in dirs
                             if x not in ("tests", "bench", "copy"))
            for f in sorted(files):
                if f.endswith((".c", ".h")):
                    out.append(os.path.normpath(os.path.join(rel, f)))
    return out


def strip(text):
    """The text without comments, string and character literals (each
    replaced by a blank, newlines kept, so line numbers hold)."""
    return re.sub(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'
                  r"'(?:\\.|[^'\\\n])*'",
                  lambda m: re.sub(r"[^\n]", " ", m.group(0))
                  if m.group(0).startswith("/*") else
                  ('""' if m.group(0)[0] == '"' else "' '")
                  if not m.group(0).startswith("//") else "",
                  text, flags=re.S)


def unit(path):
    return os.path.splitext(path)[0]


class Source:
    def __init__(self, root, path):
        self.path = path
        raw = open(os.path.join(root, path), errors="replace").read()
        self.includes = re.findall(r'^\s*#\s*include\s+"([^"]+)"', raw,
                                   flags=re.M)
        text = strip(raw)
        # the preprocessor lines: definitions of macros, then gone
        self.macros = re.findall(r'^\s*#\s*define\s+(\w+)', text, flags=re.M)
        body = re.sub(r'^\s*#.*?(?<!\\)$', "", text,
                      flags=re.M | re.S)
        macro_bodies = re.findall(r'^\s*#\s*define\s+\w+(.*?)(?<!\\)$',
                                  text, flags=re.M | re.S)
        self.defined = set()
        self.declared = set()
        self.top_level(body)
        is_header = path.endswith(".h")
        if is_header:
            self.defined |= set(self.macros)
        self.uses = set(re.findall(r'\b[A-Za-z_]\w*\b',
                                   body + "\n".join(macro_bodies)))
        self.uses -= KEYWORDS

    def top_level(self, body):
        """Names this file defines at file scope (functions, variables;
        in a header also types, enumerators, trace events) and the ones
        it only declares."""
        header = self.path.endswith(".h")
        depth = 0
        stmt = []
        i = 0
        toks = self.tokens(body)
        enum_body = False
        while i < len(toks):
            t = toks[i]
            if t == "{":
                if depth == 0:
                    self.opened(stmt, header)
                    enum_body = "enum" in stmt and "(" not in stmt
                depth += 1
                stmt.append(t)
            elif t == "}":
                depth -= 1
                stmt.append(t)
                if depth == 0:
                    enum_body = False
                    # a function body ends the statement
                    if self.is_function(stmt):
                        stmt = []
            elif t == ";" and depth == 0:
                self.statement(stmt, header)
                stmt = []
            else:
                if enum_body and depth == 1 and re.match(r'[A-Za-z_]', t) \
                   and stmt and stmt[-1] in ("{", ","):
                    if header:
                        self.defined.add(t)
                stmt.append(t)
            i += 1

    @staticmethod
    def tokens(body):
        """The tokens of @body, annotations and their arguments left out."""
        raw = re.findall(r'[A-Za-z_]\w*|[{}();=\[\],]|[^\sA-Za-z_{}();=\[\],]+',
                         body)
        out = []
        i = 0
        while i < len(raw):
            if raw[i] in ATTRIBUTES and i + 1 < len(raw) and raw[i + 1] == "(":
                depth = 0
                i += 1
                while i < len(raw):
                    depth += raw[i] == "("
                    depth -= raw[i] == ")"
                    i += 1
                    if depth == 0:
                        break
                continue
            out.append(raw[i])
            i += 1
        return out

    @staticmethod
    def is_function(stmt):
        head = stmt[:stmt.index("{")] if "{" in stmt else stmt
        return bool(head) and head[-1] == ")" and "=" not in head

    def opened(self, stmt, header):
        """A brace at file scope: a function body, an aggregate or enum
        definition, or an initializer."""
        if not stmt:
            return
        static = "static" in stmt
        if stmt[-1] == ")" and "=" not in stmt:
            name = self.func_name(stmt)
            if name and (header or not static):
                self.defined.add(name)
            return
        for kw in ("struct", "union", "enum"):
            if len(stmt) >= 2 and stmt[-2] == kw and header:
                self.defined.add(stmt[-1])
        if "=" in stmt and not static and not header:
            name = self.var_name(stmt[:stmt.index("=")])
            if name:
                self.defined.add(name)

    @staticmethod
    def func_name(stmt):
        # NAME ( args ) with the outermost parentheses last
        depth = 0
        for k in range(len(stmt) - 1, -1, -1):
            if stmt[k] == ")":
                depth += 1
            elif stmt[k] == "(":
                depth -= 1
                if depth == 0:
                    return stmt[k - 1] if k and \
                        re.match(r'[A-Za-z_]', stmt[k - 1]) else None
        return None

    @staticmethod
    def var_name(head):
        while head and head[-1] in ("]",):
            head = head[:head.index("[")] if "[" in head else []
        return head[-1] if head and re.match(r'[A-Za-z_]', head[-1]) \
            and head[-1] not in KEYWORDS else None

    def statement(self, stmt, header):
        """A declaration or definition ending in ';' at file scope."""
        if not stmt:
            return
        if stmt[0] == "typedef":
            name = self.var_name([t for t in stmt if t not in "()"])
            if name:
                self.defined.add(name)
            return
        # trace events: TRACE_EVENT(name, ...), DEFINE_EVENT(cls, name, ...)
        if stmt[0] in ("TRACE_EVENT", "DECLARE_EVENT_CLASS") and header:
            self.defined.add("trace_" + stmt[2])
            return
        if stmt[0] in ("DEFINE_EVENT", "DEFINE_EVENT_PRINT") and header:
            self.defined.add("trace_" + stmt[4])
            return
        if stmt[0] in ("DEFINE_MUTEX", "LIST_HEAD", "DEFINE_SPINLOCK",
                       "DEFINE_RAW_SPINLOCK", "DEFINE_IDA", "DEFINE_XARRAY"):
            if not header:
                self.defined.add(stmt[2])
            return
        if "{" in stmt:		# struct ... { } name; or an initializer
            return
        if len(stmt) == 2 and stmt[0] in ("struct", "union", "enum"):
            self.declared.add(stmt[1])	# opaque: uses no definition
            return
        if stmt[-1] == ")" and "=" not in stmt:
            name = self.func_name(stmt)
            if name:
                self.declared.add(name)
            return
        head = stmt[:stmt.index("=")] if "=" in stmt else stmt
        name = self.var_name(head)
        if not name:
            return
        if "extern" in stmt:
            self.declared.add(name)
        elif "static" not in stmt and not header:
            self.defined.add(name)


def resolve(root, src, inc):
    here = os.path.dirname(src)
    for d in [here] + INCLUDE_DIRS:
        p = os.path.normpath(os.path.join(d, inc))
        if os.path.isfile(os.path.join(root, p)):
            return p
    return None


def graph(root):
    files = {p: Source(root, p) for p in sources(root)}
    owner = {}
    for p, s in files.items():
        for n in s.defined - BASIC:
            owner.setdefault(n, set()).add(unit(p))
    arrows = {}		# (from unit, to unit) -> set of names / includes

    def add(a, b, why):
        if a != b:
            arrows.setdefault((a, b), set()).add(why)

    for p, s in files.items():
        for inc in s.includes:
            r = resolve(root, p, inc)
            if r in files:
                add(unit(p), unit(r), "#include \"%s\"" % inc)
        for n in s.uses - s.declared:
            units = owner.get(n, ())
            if len(units) == 1:
                add(unit(p), next(iter(units)), n)
    return files, arrows, {n: u for n, u in owner.items() if len(u) > 1}


def circles(arrows):
    """Strongly connected components of more than one unit (Tarjan)."""
    succ = {}
    for a, b in arrows:
        succ.setdefault(a, []).append(b)
        succ.setdefault(b, [])
    index, low, on, stack, out = {}, {}, set(), [], []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(succ):
        if v not in index:
            visit(v)
    return sorted(out)


def unit_layer(files, u):
    ranks = [layer_of(p) for p in files if unit(p) == u]
    return max(ranks)


def names(why):
    return ", ".join(sorted(why))


def main(argv):
    root = "."
    if argv[:1] == ["--root"]:
        root, argv = argv[1], argv[2:]
    verbose = "--verbose" in argv
    argv = [a for a in argv if a != "--verbose"]
    if not argv or argv[0] not in ("circles", "up", "arrows", "includers"):
        sys.stderr.write(__doc__)
        return 2
    files, arrows, ambiguous = graph(root)
    if verbose:
        for n in sorted(ambiguous):
            print("# %s: defined by %s" % (n, ", ".join(sorted(ambiguous[n]))))
    what = argv[0]
    if what == "arrows":
        for (a, b), why in sorted(arrows.items()):
            print("%s -> %s: %s" % (a, b, names(why)))
        return 0
    if what == "includers":
        target = os.path.normpath(argv[1])
        for p, s in sorted(files.items()):
            if any(resolve(root, p, i) == target for i in s.includes):
                print(p)
        return 0
    if what == "circles":
        found = circles(arrows)
        for comp in found:
            print("circle: " + " <-> ".join(comp))
            for a in comp:
                for b in comp:
                    if (a, b) in arrows:
                        print("  %s -> %s: %s" % (a, b, names(arrows[a, b])))
        return 1 if found else 0
    bad = 0
    for (a, b), why in sorted(arrows.items()):
        ra, rooma = unit_layer(files, a)
        rb, roomb = unit_layer(files, b)
        if rb > ra or (rb == ra and rooma != roomb):
            print("up: %s (%s) -> %s (%s): %s" % (a, rooma, b, roomb,
                                                 names(why)))
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
