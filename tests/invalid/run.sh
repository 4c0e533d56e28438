#!/usr/bin/env bash
# Test driver for the invalid-passport corpus (see README.md here).
#
#   run.sh c PASSPORT DIR NAME
#       'passport validate NAME.json' in DIR must exit 1 and print exactly
#       NAME.stderr on standard error (the reason the file was built for).
#   run.sh ajv AJV SCHEMA DIR NAME
#       ajv-cli must reject NAME.json with an error whose instancePath and
#       keyword are the two tab-separated fields of NAME.ajv.
#   run.sh ajv-valid AJV SCHEMA DIR NAME
#       ajv-cli must accept NAME.json: the file breaks a rule JSON Schema
#       cannot state, which only the C validator enforces.
#
# PP_UPDATE_GOLDEN=1 rewrites NAME.stderr from the actual output (review
# the diff before committing).
set -u
mode=$1
case "$mode" in
c)
    bin=$2 dir=$3 name=$4
    cd "$dir" || exit 1
    err=$(mktemp)
    trap 'rm -f "$err"' EXIT
    "$bin" validate "$name.json" >/dev/null 2>"$err"
    status=$?
    if [ "${PP_UPDATE_GOLDEN:-}" = 1 ]; then
        cp "$err" "$name.stderr"
    fi
    if [ "$status" -ne 1 ]; then
        echo "FAIL: expected exit status 1, got $status"
        cat "$err"
        exit 1
    fi
    if ! diff -u "$name.stderr" "$err"; then
        echo "FAIL: standard error differs from $name.stderr"
        exit 1
    fi
    echo "ok: $name rejected for the expected reason"
    ;;
ajv|ajv-valid)
    ajv=$2 schema=$3 dir=$4 name=$5
    if [ ! -x "$ajv" ]; then
        echo "FAIL: ajv-cli not found at '$ajv'; run 'bash .ci/setup'"
        exit 1
    fi
    out=$(mktemp)
    trap 'rm -f "$out"' EXIT
    "$ajv" validate --spec=draft2020 --strict=true --allow-union-types \
        --all-errors --errors=json -s "$schema" -d "$dir/$name.json" \
        >"$out" 2>&1
    status=$?
    if [ "$mode" = ajv-valid ]; then
        if [ "$status" -ne 0 ]; then
            echo "FAIL: ajv rejected a file only the C validator should reject"
            cat "$out"
            exit 1
        fi
        echo "ok: ajv accepts $name (a rule beyond JSON Schema)"
        exit 0
    fi
    if [ "$status" -eq 0 ]; then
        echo "FAIL: ajv accepted $name.json"
        exit 1
    fi
    # cut, not read: an empty first field (the document root) must survive.
    want_path=$(cut -f1 "$dir/$name.ajv")
    want_kw=$(cut -f2 "$dir/$name.ajv")
    node "$(dirname "$0")/../ajv/has-error.js" "$out" "$want_path" "$want_kw"
    ;;
*)
    echo "usage: run.sh c|ajv|ajv-valid ..." >&2
    exit 2
    ;;
esac
