#!/usr/bin/env bash
# run.sh PASSPORT DIR NAME - one deliberately wrong passport of the verify
# corpus.  NAME.expect holds "SEVERITY RULE" (or "none"): verify must
# report exactly that rule and no other warning or error, and exit 1 for an
# error, 0 otherwise.  A rule may fire at several places (three GEMMs).
set -u
bin=$1 dir=$2 name=$3
read -r sev rule <"$dir/$name.expect"
out=$("$bin" verify --format json "$dir/$name.json")
status=$?
want_status=0
[ "$sev" = error ] && want_status=1
if [ "$status" != "$want_status" ]; then
    echo "FAIL: exit status $status, expected $want_status"
    echo "$out"
    exit 1
fi
got=$(printf '%s' "$out" | node -e '
    let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
        const f = JSON.parse(s).findings.filter(x => x.severity !== "note");
        const u = [...new Set(f.map(x => x.severity + " " + x.rule))];
        console.log(u.join("\n") || "none");
    });')
want="$sev${rule:+ $rule}"
if [ "$got" != "$want" ]; then
    echo "FAIL: expected exactly '$want', got:"
    echo "$got"
    exit 1
fi
echo "ok: $name triggers $want"
