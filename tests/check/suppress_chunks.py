#!/usr/bin/env python3
"""A block suppression stays open across the checker's ~1 MiB chunks, is
closed by passport-enable in a later chunk, and ends with its file.
Usage: suppress_chunks.py PASSPORT ROOT"""
import json
import os
import subprocess
import sys
import tempfile

from sandbox import sandbox

FILLER = ("Filler prose about training runs without any figure in it at "
          "all, repeated to fill a chunk. ") * 10


def main():
    passport, root = sys.argv[1], sys.argv[2]
    env, tmp = sandbox(passport, root)
    first = os.path.join(tmp.name, "long.md")
    second = os.path.join(tmp.name, "next.md")
    with open(first, "w", encoding="utf-8") as f:
        f.write("# Across chunks\n\n<!-- passport-disable fact.contradicted -->"
                "\n\n")
        for _ in range(1400):  # about 1.3 MB: more than one chunk
            f.write(FILLER + "\n\n")
        f.write("Kimi K2 has 2T total parameters.\n\n"
                "<!-- passport-enable -->\n\n"
                "DeepSeek-V3 has 900B total parameters.\n\n"
                "<!-- passport-disable fact.contradicted -->\n\n"
                "Kimi K2 has 3T total parameters.\n")
    with open(second, "w", encoding="utf-8") as f:
        f.write("Kimi K2 has 5T total parameters.\n")
    p = subprocess.run([passport, "check", "--format", "json", first, second],
                       capture_output=True, text=True, env=env)
    out = json.loads(p.stdout)
    got = sorted((os.path.basename(c["file"]), c["text"])
                 for c in out["claims"])
    want = sorted([("long.md", "900B total parameters"),
                   ("next.md", "5T total parameters")])
    errors = []
    if got != want:
        errors.append(f"claims {got}, want {want}")
    if out["summary"]["suppressed"] != 2:
        errors.append(f"suppressed {out['summary']['suppressed']}, want 2")
    if p.returncode != 1:
        errors.append(f"exit status {p.returncode}, want 1")
    tmp.cleanup()
    for e in errors:
        print("FAIL", e)
    print(f"{len(out['claims'])} claims reported, "
          f"{out['summary']['suppressed']} suppressed")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
