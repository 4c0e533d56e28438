#!/usr/bin/env bash
# run_case.sh PASSPORT ROOT CASEDIR - one golden command test.
#
# A case is a folder holding:
#   cmd      the arguments, as shell words ("get k2 params.total")
#   status   the expected exit status
#   stdout   the expected standard output   (absent: must be empty)
#   stderr   the expected standard error    (absent: must be empty)
#   stdin    optional standard input        (absent: /dev/null)
#   setup    optional bash script run first in the sandbox (to make big or
#            binary inputs that should not live in git, or put a passport
#            into the registry with "$PASSPORT_BIN" put)
#   check    optional bash script run after the command; it must exit 0
#            (to assert what the command left on disk: a file rewritten,
#            or untouched); $PASSPORT_BIN is the binary under test
# plus any input files the command names.  The case runs in a fresh copy
# of its folder, with PASSPORT_SHIPPED pointing at ROOT/passports and a
# fresh registry seeded from it (fixed author and dates, so commit ids are
# stable) in PASSPORT_REGISTRY, unless the case has a file 'no-registry';
# HOME and XDG_DATA_HOME point into the sandbox (with 'no-registry', the
# default location there is used).  ROOT and the sandbox in the output read
# as @ROOT@ and @WORK@.  PP_UPDATE_GOLDEN=1 rewrites the expected
# files from the actual ones (review the diff before committing).
set -u
bin=$1 root=$2 case=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$case"/. "$work"/
cd "$work" || exit 1
export PASSPORT_SHIPPED="$root/passports"
export NO_COLOR=1
export HOME="$work/.home" XDG_DATA_HOME="$work/.xdg"
export GIT_AUTHOR_NAME="Test Curator" GIT_AUTHOR_EMAIL="curator@example.org"
export GIT_AUTHOR_DATE="2026-07-01T12:00:00Z"
export GIT_COMMITTER_DATE="2026-07-01T12:00:00Z"
export GIT_CONFIG_NOSYSTEM=1
unset GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
export PASSPORT_REGISTRY="$work/.registry"
# A case may bring its own rule catalogue.
if [ -d rules ]; then export PASSPORT_RULES="$work/rules"; else unset PASSPORT_RULES; fi
if [ -f no-registry ]; then
    unset PASSPORT_REGISTRY # the default location, inside the sandbox
else
    "$bin" init -q "$PASSPORT_REGISTRY" >/dev/null 2>&1 ||
        { echo "FAIL: cannot create the test registry"; exit 1; }
fi
if [ -f setup ]; then
    PASSPORT_BIN="$bin" bash setup || { echo "FAIL: setup script failed"; exit 1; }
fi
input=/dev/null
[ -f stdin ] && input=stdin
eval "set -- $(cat cmd)"
"$bin" "$@" <"$input" >actual.stdout 2>actual.stderr
status=$?
for f in actual.stdout actual.stderr; do
    sed -i "s|$root|@ROOT@|g; s|$work|@WORK@|g" "$f"
done
if [ "${PP_UPDATE_GOLDEN:-}" = 1 ]; then
    echo "$status" >"$case/status"
    for s in stdout stderr; do
        if [ -s "actual.$s" ]; then cp "actual.$s" "$case/$s"; else rm -f "$case/$s"; fi
    done
fi
fail=0
want=$(cat status)
if [ "$status" != "$want" ]; then
    echo "FAIL: exit status $status, expected $want"
    fail=1
fi
for s in stdout stderr; do
    [ -f "$s" ] || : >"$s"
    if ! diff -u "$s" "actual.$s"; then
        echo "FAIL: $s differs"
        fail=1
    fi
done
if [ -f check ] && ! PASSPORT_BIN="$bin" bash check; then
    echo "FAIL: check script failed"
    fail=1
fi
[ "$fail" = 0 ] && echo "ok: $(basename "$case")"
exit "$fail"
