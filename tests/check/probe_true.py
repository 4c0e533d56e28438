#!/usr/bin/env python3
"""probe_true.py PASSPORT ROOT MD...: documents of sentences that are all
true or claim nothing about the shipped passports' runs (tests/check/probes/,
each with a .tsv saying why every sentence is true).  Runs `passport check
--format json` on each and fails on any claim it calls contradicted or
undisclosed -- the worst thing the tool can say -- listing each with its
line.  Prints the count of claims and of confirmed ones per document.
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
    bad = 0
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
            print(f"  ALARM line {c['line']}: {c['verdict']} {c.get('entity')} "
                  f"{c.get('attribute')} [{c.get('text')}] {c.get('message', '')[:200]}")
            print(f"    {lines[c['line'] - 1][:200]}")
        bad += len(alarms)
    return 1 if bad else 0

sys.exit(main())
