#!/usr/bin/env python3
"""Score `passport check` on a claim corpus (TSV: id, lang, expected, text).

Each claim becomes its own paragraph of a Markdown document; the checker
runs in JSON mode; the worst verdict on each claim's line is compared
with the expected one.  Prints per-class accuracy and fails when overall
accuracy is below --min-overall or any class below --min-class.
Usage: score.py PASSPORT ROOT TSV [--min-overall 0.9] [--min-class 0.75] [-v]
"""
import argparse
import json
import subprocess
import sys
import tempfile

from sandbox import sandbox

RANK = {"contradicted": 4, "undisclosed": 4,
        "unsupported-generalisation": 3, "confirmed": 2, "unverifiable": 1}


def worst(verdicts):
    best, name = 0, "none"
    for v in verdicts:
        r = RANK.get(v, 0)
        # contradicted and undisclosed share a rank: the first one found wins
        if r > best:
            best, name = r, v
    return name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("passport")
    ap.add_argument("root")
    ap.add_argument("tsv")
    ap.add_argument("--min-overall", type=float, default=0.9)
    ap.add_argument("--min-class", type=float, default=0.75)
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    env, tmp = sandbox(a.passport, a.root)
    rows = []
    with open(a.tsv, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            if line.strip():
                rows.append(dict(zip(header, line.rstrip("\n").split("\t"))))
    doc, lines = [], {}
    for r in rows:
        lines[len(doc) + 1] = r
        doc += [r["text"], ""]
    with tempfile.NamedTemporaryFile("w", suffix=".md", encoding="utf-8",
                                     delete=False) as t:
        t.write("\n".join(doc))
        path = t.name
    p = subprocess.run([a.passport, "check", "--format", "json", path],
                       capture_output=True, text=True, env=env)
    if p.returncode not in (0, 1):
        sys.stderr.write(p.stderr)
        print(f"checker exited {p.returncode}")
        return 1
    out = json.loads(p.stdout)
    found = {}
    for c in out["claims"]:
        found.setdefault(c["line"], []).append(c["verdict"])
    per = {}
    ok_all = 0
    for ln, r in lines.items():
        got = worst(found.get(ln, []))
        if got == "unverifiable":
            got = "none"
        exp = r["expected"]
        ok = got == exp
        ok_all += ok
        c = per.setdefault(exp, [0, 0])
        c[0] += ok
        c[1] += 1
        if a.v or not ok:
            print(f"{'ok  ' if ok else 'MISS'} {r['id']} expected {exp}, "
                  f"got {got}: {r['text']}")
    total = len(lines)
    print(f"overall: {ok_all}/{total} = {ok_all / total:.1%}")
    fail = ok_all / total < a.min_overall
    for k in sorted(per):
        ok, n = per[k]
        print(f"  {k}: {ok}/{n} = {ok / n:.1%}")
        fail |= ok / n < a.min_class
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
