# Concurrency: two processes running 'put' at the same time both land, or
# one fails clearly; git fsck is clean after; the index agrees with git.
. "$(dirname "$0")/lib.sh"
export PASSPORT_REGISTRY="$WORK/reg"
run "$P" init -q "$PASSPORT_REGISTRY"; expect_rc 0
mkdir -p w1 w2 same1 same2
edit_fact kimi-k2 training.tokens 1.6e13 > w1/kimi-k2.json
edit_fact kimi-k3 params.total 2.79e12 > w2/kimi-k3.json

# Different passports: both must land, whatever the interleaving.
for round in 1 2 3 4 5 6 7 8; do
    v1="1.${round}e13"; v2="2.${round}e12"
    edit_fact kimi-k2 training.tokens "$v1" > w1/kimi-k2.json
    edit_fact kimi-k3 params.total "$v2" > w2/kimi-k3.json
    "$P" put -m "writer 1, round $round" w1/kimi-k2.json >o1 2>e1 & p1=$!
    "$P" put -m "writer 2, round $round" w2/kimi-k3.json >o2 2>e2 & p2=$!
    wait $p1; r1=$?
    wait $p2; r2=$?
    [ "$r1" = 0 ] || fail "round $round: writer 1 failed: $(cat e1)"
    [ "$r2" = 0 ] || fail "round $round: writer 2 failed: $(cat e2)"
    run "$P" get k2 training.tokens --format json
    expect_eq "$(node -e "console.log(Number('$v1'))")" "$(json j.value)" "round $round writer 1 landed"
    run "$P" get k3 params.total --format json
    expect_eq "$(node -e "console.log(Number('$v2'))")" "$(json j.value)" "round $round writer 2 landed"
done
run git --git-dir="$PASSPORT_REGISTRY" rev-list --count main
expect_eq 17 "$OUT" "every put is a commit"

# The same passport: one lands; the other lands on top or fails clearly.
for round in 1 2 3 4; do
    edit_fact kimi-k2 params.active "3.${round}1e10" > same1/kimi-k2.json
    edit_fact kimi-k2 params.active "3.${round}2e10" > same2/kimi-k2.json
    "$P" put same1/kimi-k2.json >o1 2>e1 & p1=$!
    "$P" put same2/kimi-k2.json >o2 2>e2 & p2=$!
    wait $p1; r1=$?
    wait $p2; r2=$?
    for i in 1 2; do
        eval "r=\$r$i"
        if [ "$r" != 0 ]; then
            [ "$r" = 1 ] || fail "round $round: writer $i: exit $r: $(cat e$i)"
            grep -q "changed by another writer meanwhile" "e$i" ||
                fail "round $round: writer $i failed unclearly: $(cat e$i)"
        fi
    done
    [ "$r1" = 0 ] || [ "$r2" = 0 ] || fail "round $round: neither landed"
done

# Forced races: writer 1 stops between writing its commit and moving the
# branch while writer 2 commits.  Different passports: writer 1 redoes
# its commit on top.  The same passport: writer 1 fails clearly and
# writer 2's commit stands.
edit_fact kimi-k2 training.tokens 1.75e13 > w1/kimi-k2.json
edit_fact kimi-k3 params.total 2.75e12 > w2/kimi-k3.json
PASSPORT_TEST_PAUSE_AT=put-after-commit "$P" put -m slow w1/kimi-k2.json >o1 2>e1 & p1=$!
sleep 0.3
"$P" put -m fast w2/kimi-k3.json >o2 2>e2 || fail "fast writer: $(cat e2)"
wait $p1 || fail "slow writer on another passport: $(cat e1)"
run git --git-dir="$PASSPORT_REGISTRY" log --format=%s -2 main
expect_eq "slow
fast" "$OUT" "the slow writer's commit is on top of the fast one"
run "$P" get k3 params.total --format json
expect_eq 2750000000000 "$(json j.value)" "the fast writer's change kept"

edit_fact kimi-k2 params.active 3.01e10 > same1/kimi-k2.json
edit_fact kimi-k2 params.active 3.02e10 > same2/kimi-k2.json
PASSPORT_TEST_PAUSE_AT=put-after-commit "$P" put -m slow same1/kimi-k2.json >o1 2>e1 & p1=$!
sleep 0.3
"$P" put -m fast same2/kimi-k2.json >o2 2>e2 || fail "fast writer: $(cat e2)"
wait $p1; r1=$?
expect_eq 1 "$r1" "the slow writer on the same passport fails"
grep -q "changed by another writer meanwhile" e1 || fail "unclear failure: $(cat e1)"
grep -q "nothing was committed" e1 || fail "unclear failure: $(cat e1)"
run "$P" get k2 params.active --format json
expect_eq 30200000000 "$(json j.value)" "the fast writer's change stands"
fsck_clean "$PASSPORT_REGISTRY"

# The index the writers maintained answers as a rebuilt one does.
run "$P" sql "SELECT passport, key, value, from_seq, to_seq FROM facts ORDER BY 1, 2, 4"
before=$OUT
run "$P" reindex; expect_rc 0
run "$P" sql "SELECT passport, key, value, from_seq, to_seq FROM facts ORDER BY 1, 2, 4"
expect_eq "$before" "$OUT" "incremental index equals a rebuilt one"
echo "ok: concurrency"
