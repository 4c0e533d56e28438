#!/usr/bin/env python3
"""`passport check -j N` gives the same report whatever N.

A document of several megabytes (so it is read in several chunks) is
checked on 1, 2 and 3 threads, as JSON and as text: the standard output and
the exit status must be the same, byte for byte, and the warnings the
same lines.  The document holds what crosses a chunk's border: sections
begun by headings (checked on different threads), a section longer than
two chunks (cut at a blank line, so its next chunk keeps the section's
context), a suppression block opened in one chunk and closed in a later
one by an enable that finds no block of its own, worked examples, tables,
a line too long to read and a NUL byte.  The claims the blocks hide and
show are also checked, so a report that is the same but wrong fails too.
Usage: threads.py PASSPORT ROOT"""
import csv
import json
import os
import subprocess
import sys

from sandbox import sandbox

CHUNK = 1 << 20
OUTER = 5  # claims under a title one chunk back
PART1 = 0  # the line of the section they are in (build)


def real_sentences(root):
    """The real sentences of the scorer's sets, with their headings."""
    out = []
    folder = os.path.join(root, "tests", "check", "real")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".tsv"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t",
                                      quoting=csv.QUOTE_NONE):
                text = row["text"].replace("\\n", "\n")
                ctx = row.get("context") or ""
                if ctx.startswith("#"):
                    out.append(ctx + "\n\n" + text)
                else:
                    out.append(text)
    return out


def seeds(root):
    folder = os.path.join(root, "tests", "check", "seeds")
    return [open(os.path.join(folder, n), encoding="utf-8").read()
            for n in sorted(os.listdir(folder))]


def build(path, root):
    real = real_sentences(root)
    seed = seeds(root)
    parts = []
    size = 0

    def put(text):
        nonlocal size
        parts.append(text)
        size += len(text.encode("utf-8"))

    # sections begun by headings, about a chunk each
    k = 0
    while size < 1.5 * CHUNK:
        put(f"# Section {k}\n\n")
        for i in range(len(real)):
            put(real[(i + k) % len(real)] + "\n\n")
        k += 1
    # a block opened here and closed two chunks later
    put("<!-- passport-disable fact.contradicted -->\n\n"
        "Kimi K2 has 2T total parameters.\n\n")
    # one long section with no heading: cut at a blank line past two
    # chunks, its next chunk on the same thread
    # whose sentences that name no run are the heading's run's
    start = size
    put("# Kimi K2\n\n")
    while size - start < 2.5 * CHUNK:
        for text in real:
            para = text.split("\n\n")[-1]  # without its heading
            if para.lstrip().startswith(("#", "-", "*", "|")) or \
               "\n" in para:
                continue
            put(para + "\n\n")
            put("It was trained on 15.5T tokens.\n\n")
    put("DeepSeek-V3 has 900B total parameters.\n\n"
        "<!-- passport-enable -->\n\n"
        "Kimi K2 has 3T total parameters.\n\n")
    # a title over sections cut into chunks of their own: the section
    # after the cut still knows the title above it
    put("# Kimi K2: notes\n\n## Part 0\n\n")
    start = size
    while size - start < 1.05 * CHUNK:
        put("Our notes on this part follow the order of the report.\n\n")
    global PART1
    PART1 = sum(t.count("\n") for t in parts) + 1
    put("## Part 1\n\n### Data\n\n")
    for _ in range(OUTER):
        put("It was trained on 15.5T tokens.\n\n")
    put("x" * (CHUNK + 10) + "\n\n")          # too long to read
    put("binary \0 line 14.8T tokens\n\n")     # a NUL byte
    # the seeds as they are (their own headings), twice
    for text in seed + seed:
        put(text + "\n\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(parts))
    return size


def run(passport, env, args):
    p = subprocess.run([passport, "check"] + args, capture_output=True,
                       env=env)
    return p.returncode, p.stdout, sorted(p.stderr.splitlines())


def main():
    passport, root = sys.argv[1], sys.argv[2]
    env, tmp = sandbox(passport, root)
    doc = os.path.join(tmp.name, "long.md")
    size = build(doc, root)
    errors = []
    # SARIF is written from the same claims, in the same order, as JSON:
    # json and text cover the threads' work (and keep the run short under
    # the sanitizers)
    for fmt in ("json", "text"):
        base = run(passport, env, ["-j", "1", "--format", fmt, doc])
        for j in ("2", "3") if fmt == "json" else ("2",):
            got = run(passport, env, ["-j", j, "--format", fmt, doc])
            for what, a, b in zip(("exit status", "output", "warnings"),
                                  base, got):
                if a != b:
                    errors.append(f"--format {fmt} -j {j}: {what} differs "
                                  f"from -j 1")
        if fmt == "json":
            out = json.loads(base[1])
            texts = [c["text"] for c in out["claims"]
                     if c["verdict"] == "contradicted"]
            if "2T total parameters" in texts or \
               "900B total parameters" in texts:
                errors.append("a claim inside the block was reported")
            if "3T total parameters" not in texts:
                errors.append("the claim after the block's end was not "
                              "reported")
            if out["summary"]["suppressed"] < 2:
                errors.append(f"suppressed {out['summary']['suppressed']},"
                              " want at least 2")
            carried = [c for c in out["claims"]
                       if c["text"].startswith("15.5T")
                       and c["verdict"] == "confirmed"]
            if len(carried) < 1000:
                errors.append(f"{len(carried)} claims carried from the "
                              "long section's heading, want 1000 or more")
            outer = [c for c in out["claims"]
                     if c.get("subject") == "an outer heading"
                     and c["verdict"] == "confirmed"
                     and PART1 < c["line"] <= PART1 + 4 + 2 * OUTER]
            if len(outer) != OUTER:
                errors.append(f"{len(outer)} claims carried from a title "
                              f"in an earlier chunk, want {OUTER}")
            if len(out["claims"]) < 1000:
                errors.append(f"only {len(out['claims'])} claims")
            warnings = b"\n".join(base[2])
            for w in (b"line longer than", b"NUL byte"):
                if w not in warnings:
                    errors.append(f"no warning '{w.decode()}'")
            print(f"{size / CHUNK:.1f} MiB, {len(out['claims'])} claims, "
                  f"{out['summary']['suppressed']} suppressed")
    tmp.cleanup()
    for e in errors:
        print("FAIL", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
