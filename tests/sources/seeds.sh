# seeds.sh - every quote of the shipped passports is found in the seed it
# cites, fetched through file:// (the seeds have no URL of their own).
. "$(dirname "$0")/lib.sh"
export PASSPORT_REGISTRY="$WORK/shipped"
CACHE="$PASSPORT_REGISTRY/passport-sources"
"$P" init -q "$PASSPORT_REGISTRY" || fail "init failed"
seeds="$ROOT/tests/check/seeds"
run "$P" source fetch --allow-file course-m9 --url "file://$seeds/000_2f66aa186f1c20b3.txt"
expect_rc 0
run "$P" source fetch --allow-file ledger-numerics --url "file://$seeds/002_593e7ddfd81949b6.txt"
expect_rc 0
run "$P" source check --format json
expect_rc 0
[ "$(json 'j.summary.missing')" = 0 ] || fail "missing quotes: $OUT"
[ "$(json 'j.summary.unchecked')" = 0 ] || fail "unchecked quotes: $OUT"
[ "$(json 'j.summary.found')" -ge 250 ] || fail "found: $OUT"
# Every shipped quote cites one of the two seeds.
[ "$(json '[...new Set(j.quotes.map(q => q.source))].sort().join(" ")')" = "course-m9 ledger-numerics" ] \
    || fail "sources of quotes: $OUT"
run "$P" source check --strict
expect_rc 0
expect_contains "$OUT" "found, 0 missing, 0 unchecked" "strict"
echo ok
