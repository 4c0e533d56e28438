#!/usr/bin/env python3
"""score_real.py PASSPORT ROOT TSV [-v|--misses] [--max-false-alarms N]
[--min-overall P]: the checker on real sentences written by others
(tests/check/real/, each row with the address it was copied from).

Each row becomes its own block of a Markdown document, after its context:
a heading (a context without a final full stop), the previous sentence of
the same paragraph, or a table's header row -- and, in a set with a `page`
column, the page's title before it as its first heading (--no-page: not); a thematic break (***) before
each row ends what the rows before it said (their headings' subject).  The worst verdict found on
the row's own line is compared with `expected`.  Prints accuracy per class
and per language and the false alarms: rows expected confirmed or none
that were given contradicted or undisclosed.
"""
import argparse, json, os, subprocess, sys, tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__))))
RANK = {"contradicted": 4, "undisclosed": 4,
        "unsupported-generalisation": 3, "confirmed": 2, "unverifiable": 1}

def worst(vs):
    best, name = 0, "none"
    for v in vs:
        r = RANK.get(v, 0)
        if r > best:
            best, name = r, v
    return name

def is_heading(c):
    return c and not c.rstrip().endswith(tuple(".!?。！？:;…")) and len(c) < 160 and not c.startswith("|")

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("passport"); ap.add_argument("root"); ap.add_argument("tsv")
    ap.add_argument("--max-false-alarms", type=int, default=None)
    ap.add_argument("--min-overall", type=float, default=None)
    ap.add_argument("-v", action="store_true"); ap.add_argument("--misses", action="store_true")
    ap.add_argument("--no-page", action="store_true",
                    help="leave out the page titles of a set that has them")
    ap.add_argument("--dump", metavar="FILE",
                    help="also write the rendered document to FILE")
    a = ap.parse_args()
    rows = []
    with open(a.tsv, encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            if line.strip():
                rows.append(dict(zip(head, line.rstrip("\n").split("\t"))))
    doc, where = [], {}
    for r in rows:
        c, t = r.get("context", ""), r["text"]
        if doc: # each row is an excerpt of its own: a thematic break
            doc += ["***", ""]
        page = "" if a.no_page else r.get("page", "").strip()
        if page and page != c: # the title of the row's page, as it heads it
            doc += ["# " + page, ""]
        if t.startswith("|"):
            if c.startswith("|"):
                ncol = c.count("|") - 1
                doc += [c, "|" + "---|" * max(ncol, 1)]
            elif c:
                doc += ["## " + c, ""]
            where[len(doc) + 1] = r
            doc += [t, ""]
            continue
        if is_heading(c):
            doc += ["## " + c, ""]
        elif c:
            doc.append(c)
        where[len(doc) + 1] = r
        doc += [t, ""]
    env = dict(os.environ)
    tmp = tempfile.mkdtemp()
    env.update(PASSPORT_SHIPPED=os.path.join(a.root, "passports"),
               PASSPORT_REGISTRY=os.path.join(tmp, "reg"), GIT_AUTHOR_NAME="T",
               GIT_AUTHOR_EMAIL="t@x", GIT_CONFIG_NOSYSTEM="1", HOME=tmp)
    subprocess.run([a.passport, "init", "-q", env["PASSPORT_REGISTRY"]], env=env, check=True)
    path = os.path.join(tmp, "real.md")
    open(path, "w", encoding="utf-8").write("\n".join(doc))
    if a.dump:
        open(a.dump, "w", encoding="utf-8").write("\n".join(doc))
    p = subprocess.run([a.passport, "check", "--format", "json", path], capture_output=True, text=True, env=env)
    out = json.loads(p.stdout)
    found = {}
    for c in out["claims"]:
        found.setdefault(c["line"], []).append(c)
    per, lang, alarms, ok_all = {}, {}, [], 0
    for ln, r in where.items():
        got = worst([c["verdict"] for c in found.get(ln, [])])
        if got == "unverifiable":
            got = "none"
        exp = r["expected"]
        ok = got == exp
        ok_all += ok
        per.setdefault(exp, [0, 0]); per[exp][0] += ok; per[exp][1] += 1
        lang.setdefault(r["lang"], [0, 0]); lang[r["lang"]][0] += ok; lang[r["lang"]][1] += 1
        if got in ("contradicted", "undisclosed") and exp in ("confirmed", "none", "unsupported-generalisation"):
            alarms.append(r)
        if a.v or (a.misses and not ok):
            msgs = "; ".join(f'{c["verdict"]}: {c.get("message","")}' for c in found.get(ln, []))
            print(f"{'ok  ' if ok else 'MISS'} {r['id']} {r['lang']} expected {exp}, got {got}: {r['text'][:160]} || {msgs[:300]}")
    n = len(where)
    print(f"overall: {ok_all}/{n} = {ok_all/n:.1%}")
    for k in sorted(per):
        print(f"  {k}: {per[k][0]}/{per[k][1]} = {per[k][0]/per[k][1]:.1%}")
    for k in sorted(lang):
        print(f"  [{k}] {lang[k][0]}/{lang[k][1]} = {lang[k][0]/lang[k][1]:.1%}")
    print(f"false alarms: {len(alarms)}")
    for r in alarms:
        print(f"  ALARM {r['id']} expected {r['expected']}: {r['text'][:150]}")
    bad = 0
    # every claim says which rule bound it (docs/CHECK.md, "binding")
    unbound = [c for c in out["claims"]
               if not isinstance(c.get("binding"), dict)
               or c["binding"].get("run") not in RUNS
               or c["binding"].get("attribute") in (None, "", "unstated")
               or (c["binding"]["run"] == "none") != (c.get("entity") is None)]
    for c in unbound[:10]:
        print(f"  UNBOUND line {c['line']}: {c.get('attribute')} {c.get('text')!r} {c.get('binding')}")
    if unbound:
        print(f"FAIL: {len(unbound)} claims without a binding rule")
        bad = 1
    if a.max_false_alarms is not None and len(alarms) > a.max_false_alarms:
        print(f"FAIL: {len(alarms)} false alarms, more than {a.max_false_alarms}")
        bad = 1
    if a.min_overall is not None and ok_all / n * 100 < a.min_overall:
        print(f"FAIL: {ok_all / n:.1%} right, below {a.min_overall}%")
        bad = 1
    return bad

RUNS = {"named-before", "named-after", "named-nearest", "respectively",
        "attributive", "previous-sentence", "heading", "table-column",
        "bracket-after-name", "size-before-name", "size-after-name", "called",
        "table-row", "family-member", "family", "possessive", "figures",
        "contrast-subject", "name-in-brackets", "none"}

sys.exit(main())
