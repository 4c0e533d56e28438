# Time travel: change K2's training.tokens in a commit; get --at the
# earlier commit and the earlier date returns the old value; blame names
# the new commit; diff shows exactly that fact.
. "$(dirname "$0")/lib.sh"
export PASSPORT_REGISTRY="$WORK/reg"
run "$P" init -q "$PASSPORT_REGISTRY"; expect_rc 0
run "$P" get k2 training.tokens --format json; expect_rc 0
expect_eq 15500000000000 "$(json j.value)" "seeded value"
run git --git-dir="$PASSPORT_REGISTRY" rev-parse main; first=$OUT

at "2026-08-15T09:30:00Z"
export GIT_AUTHOR_NAME="Bob Reviewer" GIT_AUTHOR_EMAIL="bob@example.org"
edit_fact kimi-k2 training.tokens 1.6e13 > kimi-k2.json
run "$P" put -m "K2: tokens per the revised report" kimi-k2.json; expect_rc 0
expect_contains "$OUT" "committed" "put output"
run git --git-dir="$PASSPORT_REGISTRY" rev-parse main; second=$OUT
[ "$first" != "$second" ] || fail "no new commit"

run "$P" get k2 training.tokens --format json; expect_rc 0
expect_eq 16000000000000 "$(json j.value)" "value at the tip"
run "$P" get k2 training.tokens --format json --at "$first"; expect_rc 0
expect_eq 15500000000000 "$(json j.value)" "value at the first commit"
run "$P" get k2 training.tokens --format json --at main~1; expect_rc 0
expect_eq 15500000000000 "$(json j.value)" "value at main~1"
run "$P" get k2 training.tokens --format json --at 2026-07-29; expect_rc 0
expect_eq 15500000000000 "$(json j.value)" "value at the ledger cutoff date"
run "$P" get k2 training.tokens --format json --at 2026-08-15; expect_rc 0
expect_eq 16000000000000 "$(json j.value)" "value on the day of the change"
run "$P" list --format json --at 2026-07-29; expect_rc 0
expect_eq 15500000000000 "$(json 'j.find(p => p.id === "kimi-k2").facts["training.tokens"]')" "list --at a date"
run "$P" show kimi-k2 --format json --at "$first"; expect_rc 0
expect_eq 15500000000000 "$(json 'j.facts["training.tokens"].value')" "show --at"

run "$P" blame k2 training.tokens --format json; expect_rc 0
expect_eq "$second" "$(json 'j[0].commit')" "blame commit"
expect_eq "Bob Reviewer" "$(json 'j[0].author')" "blame author"
expect_eq "2026-08-15T09:30:00Z" "$(json 'j[0].date')" "blame date"
expect_eq "K2: tokens per the revised report" "$(json 'j[0].message')" "blame message"
run "$P" blame k2 params.total --format json; expect_rc 0
expect_eq "$first" "$(json 'j[0].commit')" "an untouched fact keeps its first commit"

run "$P" diff --format json; expect_rc 0
expect_eq 1 "$(json 'j.changes.length')" "diff has exactly one change"
expect_eq "kimi-k2 facts/training.tokens changed" \
    "$(json 'j.changes[0].passport + " " + j.changes[0].field + " " + j.changes[0].change')" "diff change"
expect_eq 15500000000000 "$(json 'j.changes[0].old.value')" "diff old"
expect_eq 16000000000000 "$(json 'j.changes[0].new.value')" "diff new"
run "$P" diff "$first" "$second" kimi-k2 --format json; expect_rc 0
expect_eq 1 "$(json 'j.changes.length')" "diff REV1 REV2 ID"
run "$P" diff "$first" "$second" kimi-k3 --format json; expect_rc 0
expect_eq 0 "$(json 'j.changes.length')" "diff of an untouched passport"
run "$P" diff; expect_rc 0
expect_contains "$OUT" "kimi-k2 facts/training.tokens: changed" "diff text"
expect_contains "$OUT" "- 15.5T tokens" "diff text old"
expect_contains "$OUT" "+ 16.0T tokens" "diff text new"

run "$P" log k2 --format json; expect_rc 0
expect_eq 2 "$(json 'j.length')" "log of K2"
expect_eq "$second" "$(json 'j[0].commit')" "log newest first"
run "$P" log kimi-k3 --format json; expect_rc 0
expect_eq 1 "$(json 'j.length')" "log of K3"
echo "ok: time travel"
