#!/usr/bin/env python3
"""The seeds are the source: checking them finds nothing contradicted or
undisclosed, and the lecture confirms at least --min-confirmed figures.
Usage: seeds.py PASSPORT ROOT SEEDS_DIR [--lecture-min 30]"""
import argparse
import glob
import json
import os
import subprocess
import sys

from sandbox import sandbox

WORKED = ["derived.training_flops", "derived.tokens_per_param",
          "derived.optimum_params", "derived.optimum_tokens", "derived.loss",
          "derived.loss_gap", "derived.same_loss_tokens",
          "derived.arithmetic", "derived.bubble", "derived.memory_total",
          "derived.memory_per_rank"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("passport")
    ap.add_argument("root")
    ap.add_argument("seeds")
    ap.add_argument("--lecture-min", type=int, default=30)
    a = ap.parse_args()
    env, tmp = sandbox(a.passport, a.root)
    files = sorted(glob.glob(os.path.join(a.seeds, "*")))
    if len(files) < 2:
        print(f"expected the two seed documents in {a.seeds}")
        return 1
    fail = 0
    for f in files:
        p = subprocess.run([a.passport, "check", "--format", "json", f],
                           capture_output=True, text=True, env=env)
        out = json.loads(p.stdout)
        s = out["summary"]
        bad = [c for c in out["claims"]
               if c["verdict"] in ("contradicted", "undisclosed")]
        for c in bad:
            print(f"{f}:{c['line']}:{c['column']}: {c['verdict']}: "
                  f"{c['message']} -- {c['text']}")
        text = open(f, encoding="utf-8", errors="replace").read()
        # The lecture is the Russian document; the ledger is Chinese.
        cyr = sum(1 for ch in text if "\u0400" <= ch <= "\u04ff")
        cjk = sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")
        lecture = cyr > cjk
        print(f"{os.path.basename(f)}: exit {p.returncode}, "
              f"{s['confirmed']} confirmed, {s['contradicted']} contradicted, "
              f"{s['undisclosed']} undisclosed"
              + (" (lecture)" if lecture else ""))
        if p.returncode != 0 or bad:
            fail = 1
        if lecture and s["confirmed"] < a.lecture_min:
            print(f"  the lecture confirms {s['confirmed']} figures, "
                  f"fewer than {a.lecture_min}")
            fail = 1
        if lecture:
            # the worked numbers of its examples, recomputed: 6ND and D/N,
            # the fitted law's optimum and losses, the equal-loss solution,
            # the arithmetic of the break-even and of effective epochs, the
            # pipeline bubble and the memory of the training state
            seen = {c["attribute"] for c in out["claims"]
                    if c["verdict"] == "confirmed"}
            missing = sorted(set(WORKED) - seen)
            print(f"  worked numbers confirmed: "
                  f"{len([c for c in out['claims'] if c['verdict'] == 'confirmed' and c['attribute'].startswith('derived.')])}"
                  f", kinds missing: {missing or 'none'}")
            if missing:
                fail = 1
    return fail


if __name__ == "__main__":
    sys.exit(main())
