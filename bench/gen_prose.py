#!/usr/bin/env python3
"""gen_prose.py OUT MB ROOT - a mixed English/Russian/Chinese Markdown corpus
of about MB megabytes: the two seed documents interleaved with paragraphs of
synthetic claims (the claim corpora of tests/check with their figures
varied, so most are wrong), written to OUT."""
import glob
import os
import random
import re
import sys


def main():
    out, mb, root = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    seeds = [open(f, encoding="utf-8").read()
             for f in sorted(glob.glob(os.path.join(root, "tests/check/seeds/*")))]
    claims = []
    for tsv in ("public.tsv", "heldout.tsv"):
        with open(os.path.join(root, "tests/check", tsv), encoding="utf-8") as f:
            next(f)
            claims += [line.rstrip("\n").split("\t")[3] for line in f if line.strip()]
    rnd = random.Random(2026)

    def vary(text):
        return re.sub(r"\d+(\.\d+)?", lambda m: str(round(
            float(m.group(0)) * rnd.choice([1, 1, 1.5, 0.7]), 2)), text)

    target = mb << 20
    n = 0
    with open(out, "w", encoding="utf-8") as f:
        while n < target:
            for s in seeds:
                block = s + "\n\n"
                for _ in range(200):
                    block += vary(rnd.choice(claims)) + "\n\n"
                f.write(block)
                n += len(block.encode("utf-8"))


if __name__ == "__main__":
    main()
