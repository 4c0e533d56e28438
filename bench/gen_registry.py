#!/usr/bin/env python3
"""gen_registry.py N_PASSPORTS N_COMMITS ROOT > stream

Write a git fast-import stream for a registry of N_PASSPORTS passports
built over N_COMMITS commits: the first commit adds them all, each later
commit changes training.tokens of ten passports.  Passports are the
shipped ones under new ids, so every file is valid and canonical (numbers
are swapped only for other canonical spellings).  Benchmark tooling only:
the product never runs Python.
"""
import os
import sys

n_pass, n_commits, root = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
templates = []
for name in sorted(os.listdir(os.path.join(root, "passports"))):
    if name.endswith(".json"):
        with open(os.path.join(root, "passports", name), encoding="utf-8") as f:
            templates.append((name[:-5], f.read()))

TOKENS = ["1.2e13", "1.3e13", "1.4e13", "1.5e13", "1.6e13", "1.7e13",
          "1.8e13", "1.9e13", "2.1e13", "2.2e13"]


def passport(i, version):
    tid, text = templates[i % len(templates)]
    pid = "%s-%05d" % (tid, i)
    text = text.replace('"id": "%s"' % tid, '"id": "%s"' % pid, 1)
    text = text.replace('"aliases": [', '"aliases": ["P%05d", ' % i, 1)
    if version and '"unit": "token",\n      "qualifier": "=",' in text:
        # A new canonical value for the first token fact (training.tokens
        # sorts after context.length, so replace the tokens fact's value).
        head, sep, tail = text.partition('"training.tokens": {\n      "value": ')
        if sep:
            old, rest = tail.split(",", 1)
            text = head + sep + TOKENS[version % len(TOKENS)] + "," + rest
    return pid, text


out = sys.stdout.buffer
t0 = 1767225600  # 2026-01-01T00:00:00Z
mark = 0


def commit(files, msg, t):
    global mark
    mark += 1
    data = msg.encode()
    out.write(b"commit refs/heads/main\n")
    out.write(b"mark :%d\n" % mark)
    out.write(b"author Bench <bench@example.org> %d +0000\n" % t)
    out.write(b"committer Bench <bench@example.org> %d +0000\n" % t)
    out.write(b"data %d\n%s\n" % (len(data), data))
    if mark > 1:
        out.write(b"from :%d\n" % (mark - 1))
    for pid, text in files:
        b = text.encode()
        out.write(b"M 100644 inline passports/%s.json\n" % pid.encode())
        out.write(b"data %d\n%s\n" % (len(b), b))


commit([passport(i, 0) for i in range(n_pass)], "seed %d passports" % n_pass, t0)
for c in range(1, n_commits):
    files = [passport((c * 10 + k) % n_pass, c) for k in range(10)]
    commit(files, "update %d" % c, t0 + c * 3600)
out.write(b"done\n")
