# passport edit: a valid change is committed; an invalid one is shown with
# its errors and re-offered, never committed; no change commits nothing.
. "$(dirname "$0")/lib.sh"
export PASSPORT_REGISTRY="$WORK/reg"
run "$P" init -q "$PASSPORT_REGISTRY"; expect_rc 0
tip=$(git --git-dir="$PASSPORT_REGISTRY" rev-parse main)

# An editor that changes K2's tokens.
cat > ed-good.sh <<'X'
sed -i '0,/"value": 1.55e13/s//"value": 1.6e13/' "$1"
X
EDITOR="sh $WORK/ed-good.sh" run "$P" edit k2 -m "edit tokens"; expect_rc 0
expect_contains "$OUT" "committed" "edit commits"
run "$P" get k2 training.tokens --format json
expect_eq 16000000000000 "$(json j.value)" "edited value"

# An editor that breaks the file the first time and fixes it the second.
cat > ed-twice.sh <<'X'
if [ -f "$WORK/.broke" ]; then
    sed -i 's/"qualifier": "~"/"qualifier": "="/' "$1"
else
    touch "$WORK/.broke"
    sed -i '0,/"qualifier": "="/s//"qualifier": "~"/' "$1"
fi
X
export WORK
tip=$(git --git-dir="$PASSPORT_REGISTRY" rev-parse main)
EDITOR="sh $WORK/ed-twice.sh" run "$P" edit kimi-k3 <<<y; expect_rc 0
expect_contains "$ERR" "expected one of '=', '≈', '>', '<', '≥', '≤'; got '~'" "errors shown"
expect_contains "$ERR" "Edit it again?" "re-offered"
expect_contains "$OUT" "no change" "fixed back to the original: nothing to commit"
expect_eq "$tip" "$(git --git-dir="$PASSPORT_REGISTRY" rev-parse main)" "nothing committed"

# Invalid and the curator gives up: nothing committed.
cat > ed-bad.sh <<'X'
sed -i 's/"format": 2/"format": 3/' "$1"
X
EDITOR="sh $WORK/ed-bad.sh" run "$P" edit kimi-k3 <<<n; expect_rc 1
expect_contains "$ERR" "/format: expected one of 1, 2; got 3" "error shown"
expect_contains "$ERR" "nothing committed" "gave up"
# No standard input at all: the same.
EDITOR="sh $WORK/ed-bad.sh" run "$P" edit kimi-k3 </dev/null; expect_rc 1
expect_eq "$tip" "$(git --git-dir="$PASSPORT_REGISTRY" rev-parse main)" "nothing committed"

# Renaming the id in the editor is refused like any invalid change.
cat > ed-rename.sh <<'X'
sed -i 's/"id": "kimi-k3"/"id": "kimi-k4"/' "$1"
X
EDITOR="sh $WORK/ed-rename.sh" run "$P" edit kimi-k3 </dev/null; expect_rc 1
expect_contains "$ERR" "does not match the file name" "rename refused"
# A failing editor.
EDITOR=false run "$P" edit kimi-k3; expect_rc 3
expect_contains "$ERR" "the editor 'false' failed" "editor failure"
expect_eq "$tip" "$(git --git-dir="$PASSPORT_REGISTRY" rev-parse main)" "nothing committed"
echo "ok: edit"
