#!/usr/bin/env bash
# claims.sh PASSPORT ROOT - every number a shipped claim's text writes is
# one of its quantities: each shipped passport validates, and for every
# shipped claim whose text writes a figure, a copy of its passport without
# that claim's quantities is refused with an error naming the passport,
# the claim and the number.
set -u
bin=$1 root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PASSPORT_REGISTRY="$work/registry" HOME="$work" NO_COLOR=1
fail=0
for f in "$root"/passports/*.json; do
    "$bin" validate "$f" >/dev/null 2>"$work/err" ||
        { echo "FAIL: $(basename "$f") does not validate:"; cat "$work/err"; fail=1; }
done
# One copy per claim with quantities, that claim's quantities removed.
python3 - "$root" "$work" <<'PY' || exit 1
import glob, json, os, re, sys
root, work = sys.argv[1], sys.argv[2]
with open(f"{work}/cases", "w") as cases:
    for path in sorted(glob.glob(f"{root}/passports/*.json")):
        doc = json.load(open(path, encoding="utf-8"))
        for i, claim in enumerate(doc.get("claims", [])):
            # figures written in words ("eight months") are not scanned
            if "quantities" not in claim or not re.search(r"(?<![A-Za-z0-9])[0-9]", claim["text"]):
                continue
            copy = json.loads(json.dumps(doc))
            del copy["claims"][i]["quantities"]
            name = f"{doc['id']}.json"
            os.makedirs(f"{work}/{doc['id']}-{i}", exist_ok=True)
            with open(f"{work}/{doc['id']}-{i}/{name}", "w", encoding="utf-8") as out:
                json.dump(copy, out, ensure_ascii=False, indent=2)
            cases.write(f"{doc['id']}-{i}/{name}\t{doc['id']}\t{claim['id']}\n")
PY
n=0
while IFS=$'\t' read -r file id claim; do
    n=$((n + 1))
    if "$bin" validate "$work/$file" >/dev/null 2>"$work/err"; then
        echo "FAIL: $id claim '$claim' without its quantities still validates"
        fail=1
    elif ! grep -q "passport $id, claim '$claim': the number '" "$work/err"; then
        echo "FAIL: $id claim '$claim': the error does not name it:"
        cat "$work/err"
        fail=1
    fi
done <"$work/cases"
[ "$n" -ge 19 ] || { echo "FAIL: only $n claims with quantities"; fail=1; }
[ "$fail" = 0 ] && echo "ok: $n shipped claims with figures, each refused without its quantities"
exit "$fail"
