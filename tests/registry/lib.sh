# lib.sh - shared setup and assertions of the registry scenario tests.
# Each scenario is a bash script run by CTest as: bash SCRIPT PASSPORT ROOT.
# It works in a fresh temporary folder, with fixed authors and dates so
# that commit ids and outputs are stable, and fails at the first broken
# expectation, printing what was expected and what came.
set -u
P=$1
ROOT=$2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1
export PASSPORT_SHIPPED="$ROOT/passports"
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/xdg" NO_COLOR=1
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME="Ann Curator" GIT_AUTHOR_EMAIL="ann@example.org"
unset GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL PASSPORT_REGISTRY
at() { # at DATE: make the next commits at this date
    export GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1"
}
at "2026-07-01T12:00:00Z"

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# run CMD...: run, keeping stdout in $OUT, stderr in $ERR, status in $RC.
run() {
    OUT=$("$@" 2>"$WORK/.err")
    RC=$?
    ERR=$(cat "$WORK/.err")
}

expect_rc() {
    [ "$RC" = "$1" ] || fail "expected exit status $1, got $RC; stdout: $OUT; stderr: $ERR"
}

expect_eq() { # expect_eq WANT GOT WHAT
    [ "$1" = "$2" ] || fail "$3: expected '$1', got '$2'"
}

expect_contains() { # expect_contains HAYSTACK NEEDLE WHAT
    case "$1" in *"$2"*) ;; *) fail "$3: '$2' not found in: $1" ;; esac
}

expect_not_contains() {
    case "$1" in *"$2"*) fail "$3: '$2' found in: $1" ;; *) ;; esac
}

# json EXPR: evaluate a node expression on $OUT parsed as JSON (tests may
# use node; the product does not).
json() {
    printf '%s' "$OUT" | node -e '
        let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
            const j = JSON.parse(s);
            const v = (function (j) { return eval(process.argv[1]); })(j);
            console.log(typeof v === "string" ? v : JSON.stringify(v));
        });' "$1"
}

# fsck_clean REPO: git fsck finds no error (dangling objects are fine).
fsck_clean() {
    local out
    out=$(git --git-dir="$1" fsck --no-dangling 2>&1) || fail "git fsck failed: $out"
    case "$out" in *error*|*missing*|*broken*|*corrupt*) fail "git fsck: $out" ;; esac
}

# edit_fact ID FACT JSONVALUE: print passport ID with facts[FACT].value set.
edit_fact() {
    "$P" show "$1" --format json | node -e '
        let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
            const j = JSON.parse(s);
            j.facts[process.argv[1]].value = JSON.parse(process.argv[2]);
            console.log(JSON.stringify(j, null, 2));
        });' "$2" "$3"
}
