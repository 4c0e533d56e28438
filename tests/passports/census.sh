#!/usr/bin/env bash
# census.sh PASSPORT ROOT - every figure the seeds give for the runs is
# data: each row of census.tsv (passport, path, value, sig, seed, section,
# the seed's words) must be a value of `passport show --format json` of
# its passport at that path, equal to the value at the precision the seed
# writes it with, and the seed's words must be in the seed as written.
# The list was read by hand from the seeds; it holds the figures the
# claims' prose alone used to carry (K2's 12.7% and 70k steps, the 9B/53B
# intermediate run, K3's 2.5x, Moonlight's 2x and 52%, V4's 20% overhead,
# Nemotron's 5T/10T/16T branch points and 0.4% gap, V3's 0.25% and its
# baselines) beside the facts.
set -u
bin=$1 root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PASSPORT_SHIPPED="$root/passports" PASSPORT_REGISTRY="$work/registry"
export HOME="$work" XDG_DATA_HOME="$work/.xdg" NO_COLOR=1 GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME="Test Curator" GIT_AUTHOR_EMAIL="curator@example.org"
"$bin" init -q "$PASSPORT_REGISTRY" >/dev/null 2>&1 ||
    { echo "FAIL: cannot create the test registry"; exit 1; }
for p in $(grep -v '^#' "$root/tests/passports/census.tsv" | tail -n +2 | cut -f1 | sort -u); do
    "$bin" show --format json "$p" >"$work/$p.json" ||
        { echo "FAIL: show --format json $p"; exit 1; }
done
python3 - "$root" "$work" <<'PY'
import json, math, sys
root, work = sys.argv[1], sys.argv[2]
lines = [l for l in open(f"{root}/tests/passports/census.tsv", encoding="utf-8")
         if not l.startswith("#")]
fail = 0
seeds = {}
for n, line in enumerate(lines[1:], 2):
    p, path, value, sig, seed, section, words = line.rstrip("\n").split("\t")
    value, sig = float(value), int(sig)
    if seed not in seeds:
        seeds[seed] = open(f"{root}/tests/check/seeds/{seed}", encoding="utf-8").read()
    if words not in seeds[seed]:
        print(f"FAIL: row {n}: {seed} does not write '{words}'")
        fail = 1
    node = json.load(open(f"{work}/{p}.json", encoding="utf-8"))
    for part in path.split("/"):
        if isinstance(node, list):
            hit = [x for x in node if isinstance(x, dict) and part in (x.get("id"), x.get("name"))]
            node = hit[0] if hit else (node[int(part)] if part.isdigit() and int(part) < len(node) else None)
        elif isinstance(node, dict):
            node = node.get(part)
        if node is None:
            break
    if not isinstance(node, (int, float)) or isinstance(node, bool):
        print(f"FAIL: row {n}: {p} has no number at {path} ({seed} {section}: '{words}')")
        fail = 1
        continue
    shown = node
    if node != 0:
        shown = round(node, sig - 1 - int(math.floor(math.log10(abs(node)))))
    if abs(shown - value) > 1e-9 * abs(value):
        print(f"FAIL: row {n}: {p} {path} is {node}, the seed says {value} "
              f"({seed} {section}: '{words}')")
        fail = 1
print(f"{'FAIL' if fail else 'ok'}: {len(lines) - 1} figures of the seeds checked")
sys.exit(fail)
PY
