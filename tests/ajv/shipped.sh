#!/usr/bin/env bash
# shipped.sh AJV SCHEMA DIR: every JSON file in DIR (the shipped passports,
# the rule catalogue) must be valid for ajv-cli
# (the published schema, checked by an independent implementation).
set -u
ajv=$1 schema=$2 dir=$3
if [ ! -x "$ajv" ]; then
    echo "FAIL: ajv-cli not found at '$ajv'; run 'bash .ci/setup'"
    exit 1
fi
n=0
for f in "$dir"/*.json; do
    "$ajv" validate --spec=draft2020 --strict=true --allow-union-types \
        --all-errors --errors=line -s "$schema" -d "$f" || exit 1
    n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "FAIL: no files in $dir"; exit 1; }
echo "ok: $n files valid for ajv"
