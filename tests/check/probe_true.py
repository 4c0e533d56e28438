#!/usr/bin/env python3
"""probe_true.py PASSPORT ROOT MD...: documents of sentences that are all
true or claim nothing about the shipped passports' runs (tests/check/probes/,
each with a .tsv saying why every sentence is true).  Runs `passport check
--format json` on each and fails on any claim it calls contradicted or
undisclosed -- the worst thing the tool can say -- listing each with its
line.  Prints the count of claims and of confirmed ones per document.

A false alarm found and not yet fixed is listed in known.tsv beside the
documents (document, line, attribute, why): it is reported but does not
fail the test; one listed that no longer occurs fails it, so the list
only shrinks with the fixes.
"""
import json, os, subprocess, sys, tempfile

def main():
    if len(sys.argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    passport, root, docs = sys.argv[1], sys.argv[2], sys.argv[3:]
    tmp = tempfile.mkdtemp()
    env = dict(os.environ)
    env.update(PASSPORT_SHIPPED=os.path.join(root, "passports"),
               PASSPORT_REGISTRY=os.path.join(tmp, "reg"), GIT_AUTHOR_NAME="T",
               GIT_AUTHOR_EMAIL="t@x", GIT_CONFIG_NOSYSTEM="1", HOME=tmp)
    subprocess.run([passport, "init", "-q", env["PASSPORT_REGISTRY"]], env=env, check=True)
    bad, known, seen = 0, set(), set()
    kpath = os.path.join(os.path.dirname(docs[0]), "known.tsv") if docs else ""
    if kpath and os.path.exists(kpath):
        for row in open(kpath, encoding="utf-8").read().split("\n")[1:]:
            f = row.split("\t")
            if len(f) >= 3:
                known.add((f[0], int(f[1]), f[2]))
    for doc in docs:
        p = subprocess.run([passport, "check", "--format", "json", doc],
                           capture_output=True, text=True, env=env)
        out = json.loads(p.stdout)
        lines = open(doc, encoding="utf-8").read().split("\n")
        claims = out["claims"]
        alarms = [c for c in claims if c["verdict"] in ("contradicted", "undisclosed")]
        print(f"{os.path.basename(doc)}: {len(claims)} claims, "
              f"{sum(c['verdict'] == 'confirmed' for c in claims)} confirmed, "
              f"{len(alarms)} false alarms")
        for c in alarms:
            key = (os.path.basename(doc), c["line"], c.get("attribute"))
            if key in known:
                seen.add(key)
                print(f"  known line {c['line']}: {c.get('attribute')} [{c.get('text')}]")
                continue
            bad += 1
            print(f"  ALARM line {c['line']}: {c['verdict']} {c.get('entity')} "
                  f"{c.get('attribute')} [{c.get('text')}] {c.get('message', '')[:200]}")
            print(f"    {lines[c['line'] - 1][:200]}")
    for k in sorted(known - seen):
        bad += 1
        print(f"  FIXED {k[0]} line {k[1]} {k[2]}: listed in known.tsv, no longer an alarm; remove it")
    return 1 if bad else 0

sys.exit(main())
