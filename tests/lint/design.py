#!/usr/bin/env python3
"""design.py ROOT: the rules of docs/ARCHITECTURE.md that grep can keep.

Each rule prints FAIL lines naming the file and line; the exit status is 1
when any rule fails.  The rules (issue 16):
  layers     a module includes only modules below it (ARCHITECTURE.md's
             table); no include of a file of a higher layer
  cycles     no circle of files: the graph "file A calls a function defined
             in file B" has no cycle (within a module or across)
  json       cJSON_GetObjectItem* only in core/json.c (pp_json_get), no
             local GET macro; passport fact fields ("sig_digits", "facts")
             spelled only in schema/
  one-copy   one round_sig (core/num.c), one CSV quoting (core/csv.c)
  sql        sqlite3 calls and SQL only in registry/index.c, registry/query.c
  prints     no library file writes to stdout or stderr
  cli        cli/ under 15 % of the C lines; no command file over 400 lines
"""
import os
import re
import subprocess
import sys

# Layer of each module: a module may include its own layer or lower ones.
LAYERS = {
    "core": 0, "calc": 1, "schema": 2, "rules": 3, "registry": 4,
    "verify": 5, "check": 5, "sources": 5, "report": 5, "peers": 5,
    "cli": 9,
}
# Modules of one layer that may not include each other.
LIBRARY = [m for m in LAYERS if m != "cli"]

fails = []


def fail(rule, where, what):
    fails.append(f"FAIL [{rule}] {where}: {what}")


def c_files(root):
    out = subprocess.run(["git", "-C", root, "ls-files", "*.c", "*.h"],
                         capture_output=True, text=True).stdout.split()
    if not out:
        for d in LAYERS:
            for dp, _, fs in os.walk(os.path.join(root, d)):
                out += [os.path.relpath(os.path.join(dp, f), root)
                        for f in fs if f.endswith((".c", ".h"))]
    return sorted(f for f in out if f.split("/")[0] in LAYERS)


def strip_comments(text):
    """Code without comments and string contents (offsets of lines kept)."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group()),
                  text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def strings_blanked(code):
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', code)


def module(path):
    return path.split("/")[0]


def check_layers(root, files, src):
    for f in files:
        m = module(f)
        for n, line in enumerate(src[f].splitlines(), 1):
            inc = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not inc:
                continue
            target = os.path.normpath(os.path.join(os.path.dirname(f),
                                                   inc.group(1)))
            tm = target.split("/")[0]
            if tm not in LAYERS or tm == m:
                continue
            if LAYERS[tm] >= LAYERS[m]:
                fail("layers", f"{f}:{n}",
                     f"{m}/ (layer {LAYERS[m]}) includes {target} "
                     f"({tm}/, layer {LAYERS[tm]})")


DEF = re.compile(r"^(?!static\b)(?:[A-Za-z_][\w \t\*]*?)\b([a-z_][a-z0-9_]*)"
                 r"\s*\([^;{]*\)\s*(?:__attribute__\S*)?\s*\{", re.M)


def check_cycles(files, code):
    defined = {}
    for f in files:
        if not f.endswith(".c"):
            continue
        for m in DEF.finditer(code[f]):
            defined.setdefault(m.group(1), f)
    edges = {f: set() for f in files if f.endswith(".c")}
    ident = re.compile(r"\b([a-z_][a-z0-9_]*)\s*\(")
    for f in edges:
        for m in ident.finditer(strings_blanked(code[f])):
            g = defined.get(m.group(1))
            if g and g != f:
                edges[f].add(g)
    # Tarjan's strongly connected components
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
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
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    for comp in comps:
        fail("cycles", comp[0], "files call each other in a circle: " +
             " <-> ".join(comp))


def grep(rule, files, code, pattern, allowed, what, raw=None):
    rx = re.compile(pattern)
    for f in files:
        if f in allowed or any(f.startswith(a) for a in allowed
                               if a.endswith("/")):
            continue
        text = (raw or code)[f]
        for n, line in enumerate(text.splitlines(), 1):
            if rx.search(line):
                fail(rule, f"{f}:{n}", what)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    files = c_files(root)
    src = {f: open(os.path.join(root, f), encoding="utf-8").read()
           for f in files}
    code = {f: strip_comments(src[f]) for f in files}
    lib = [f for f in files if module(f) != "cli"]

    check_layers(root, files, src)
    check_cycles(files, code)
    grep("json", files, code, r"cJSON_GetObjectItem(CaseSensitive)?\s*\(",
         {"core/json.c"}, "read a member with pp_json_get (core/json.h)")
    grep("json", files, code, r"#\s*define\s+GET\b", set(),
         "a local GET macro: use pp_json_get")
    grep("json", files, code, r'"sig_digits"|"facts"', {"schema/"},
         "a passport's facts are read and built through schema/fact.h")
    grep("one-copy", files, code, r"\bround_sig\s*\(", set(),
         "rounding to significant digits is pp_num_round_sig (core/num.h)")
    grep("one-copy", files, code, r"\bcsv_(cell|quote)\s*\(", set(),
         "CSV fields are written with pp_csv_cell (core/csv.h)")
    grep("sql", files, code, r"\bsqlite3_\w+\s*\(",
         {"registry/index.c", "registry/query.c"},
         "SQL lives in registry/index.c and registry/query.c")
    grep("sql", files, code,
         r'"[^"]*\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|CREATE '
         r'(TABLE|INDEX))\b', {"registry/index.c", "registry/query.c"},
         "SQL lives in registry/index.c and registry/query.c", raw=src)
    grep("prints", lib, code,
         r"\b(printf|puts|putchar|perror|vprintf)\s*\(|"
         r"\b(fprintf|fputs|fputc|putc|fwrite|vfprintf|fflush)\s*\([^;]*"
         r"\b(stdout|stderr)\b", set(),
         "library code never prints; return text to the CLI")

    lines = {f: src[f].count("\n") for f in files}
    total = sum(lines.values())
    cli = sum(n for f, n in lines.items() if module(f) == "cli")
    share = cli / total if total else 0
    if share >= 0.15:
        fail("cli", "cli/", f"{cli} of {total} C lines ({share:.1%}); "
             "the CLI must stay under 15 %")
    for f, n in lines.items():
        if re.match(r"cli/cmd_\w+\.c$", f) and n > 400:
            fail("cli", f, f"{n} lines; a command file stays under 400")

    for line in fails:
        print(line)
    print(f"cli/: {cli} of {total} C lines ({share:.1%})")
    if fails:
        print(f"{len(fails)} design rule(s) broken (docs/ARCHITECTURE.md)")
        return 1
    print("ok: layers, no circles, one accessor, one copy, SQL in the index,"
          " a quiet library, a thin CLI")
    return 0


if __name__ == "__main__":
    sys.exit(main())
