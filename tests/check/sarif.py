#!/usr/bin/env python3
"""`passport check --format sarif`: the constraints of SARIF 2.1.0 that the
schema cannot say (the spec's kind/level rule, every ruleId described once,
1-based regions) checked here, and with --validator, every log also
validated against the published SARIF 2.1.0 JSON Schema by an independent
implementation (tests/ajv/sarif.js: ajv with the schemastore schema shipped
in @microsoft/jest-sarif).  The logs validated: a small claim document, the
two seeds, the claim corpus, an empty file and one without any claim.

Usage: sarif.py PASSPORT ROOT [--validator NODE SARIF_JS]"""
import glob
import json
import os
import subprocess
import sys
import tempfile

from sandbox import sandbox

DOC = """# Claims

Kimi K2 has 32.6B active parameters out of 1.04T total.
DeepSeek-V3 was pretrained on 18T tokens.

Kimi K3 saw 20T tokens during pretraining.

DeepSeek-V3 shows that FP8 pretraining never diverges.

Kimi K2 keeps its optimizer moments in BF16.
"""

errors = []


def need(cond, what):
    if not cond:
        errors.append(what)


def main():
    passport, root = sys.argv[1], sys.argv[2]
    env, tmp = sandbox(passport, root)
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
        f.write(DOC)
    p = subprocess.run([passport, "check", "--format", "sarif", f.name],
                       capture_output=True, text=True, env=env)
    need(p.returncode == 1, f"exit status {p.returncode}, want 1")
    log = json.loads(p.stdout)
    need(log.get("version") == "2.1.0", "version is not 2.1.0")
    need(isinstance(log.get("$schema"), str), "$schema missing")
    runs = log.get("runs")
    need(isinstance(runs, list) and len(runs) == 1, "runs is not one run")
    run = runs[0]
    need(isinstance(run["tool"]["driver"]["name"], str), "tool.driver.name")
    described = set()
    for d in run["tool"]["driver"].get("rules", []):
        need(isinstance(d.get("id"), str) and d["id"], "a rule without id")
        need(isinstance(d.get("shortDescription", {}).get("text"), str),
             f"rule {d.get('id')} without shortDescription.text")
        need(d["id"] not in described, f"rule {d.get('id')} described twice")
        described.add(d["id"])
    results = run.get("results")
    need(isinstance(results, list) and results, "no results")
    kinds = set()
    for r in results:
        need(isinstance(r["message"]["text"], str) and r["message"]["text"],
             "result without message.text")
        need(r.get("level") in ("none", "note", "warning", "error"),
             f"bad level {r.get('level')}")
        need(r.get("kind") in ("notApplicable", "pass", "fail", "review",
                               "open", "informational"),
             f"bad kind {r.get('kind')}")
        if r.get("kind") != "fail":
            need(r.get("level") == "none", "a non-failure with a level")
        kinds.add(r["kind"])
        need(isinstance(r.get("ruleId"), str), "ruleId")
        need(r.get("ruleId") in described,
             f"ruleId {r.get('ruleId')} is not in tool.driver.rules")
        for loc in r["locations"]:
            pl = loc["physicalLocation"]
            need(isinstance(pl["artifactLocation"]["uri"], str), "uri")
            reg = pl["region"]
            need(isinstance(reg["startLine"], int) and reg["startLine"] >= 1,
                 "startLine")
            need(isinstance(reg["startColumn"], int)
                 and reg["startColumn"] >= 1, "startColumn")
        need(isinstance(r.get("properties"), dict), "properties")
        need(r["properties"].get("verdict") in (
            "confirmed", "contradicted", "undisclosed",
            "unsupported-generalisation", "unverifiable"), "verdict")
    need({"pass", "fail"} <= kinds, f"kinds seen: {sorted(kinds)}")
    if len(sys.argv) == 6 and sys.argv[3] == "--validator":
        schema_check(passport, root, env, tmp.name, f.name, sys.argv[4:6])
    tmp.cleanup()
    for e in errors:
        print("FAIL", e)
    print(f"{len(results)} results, {len(errors)} problem(s)")
    return 1 if errors else 0


def schema_check(passport, root, env, tmpdir, doc, validator):
    """Write the SARIF log of several documents; validate them all."""
    inputs = [doc] + sorted(glob.glob(os.path.join(root, "tests", "check",
                                                   "seeds", "*.txt")))
    corpus = os.path.join(tmpdir, "corpus.md")
    with open(os.path.join(root, "tests", "check", "public.tsv"),
              encoding="utf-8") as t, open(corpus, "w",
                                           encoding="utf-8") as out:
        col = t.readline().rstrip("\n").split("\t").index("text")
        for line in t:
            if line.strip():
                out.write(line.rstrip("\n").split("\t")[col] + "\n\n")
    empty = os.path.join(tmpdir, "empty.md")
    open(empty, "w").close()
    plain = os.path.join(tmpdir, "plain.md")
    with open(plain, "w") as out:
        out.write("# Notes\n\nNothing here names a run or a figure.\n")
    inputs += [corpus, empty, plain]
    logs = []
    for i, path in enumerate(inputs):
        p = subprocess.run([passport, "check", "--format", "sarif", path],
                           capture_output=True, text=True, env=env)
        need(p.returncode in (0, 1),
             f"{path}: exit status {p.returncode}: {p.stderr.strip()}")
        log = os.path.join(tmpdir, f"log{i}.sarif")
        with open(log, "w", encoding="utf-8") as out:
            out.write(p.stdout)
        logs.append(log)
    v = subprocess.run(validator + logs, capture_output=True, text=True)
    sys.stdout.write(v.stdout)
    sys.stdout.write(v.stderr)
    need(v.returncode == 0,
         f"the published SARIF schema rejects a log (status {v.returncode})")
    need(v.stdout.count("valid SARIF 2.1.0") == len(logs),
         "not every log was validated")


if __name__ == "__main__":
    sys.exit(main())
