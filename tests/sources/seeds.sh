# seeds.sh - every quote of the shipped passports is found, offline, in the
# text it cites: the two seeds (which have no URL of their own) and, for the
# runs read from public reports and model cards, the copy of each page kept
# in tests/sources/fixtures/runs/SOURCE.txt, whose first line is the page's
# address.  Each is fetched through file://.
. "$(dirname "$0")/lib.sh"
export PASSPORT_REGISTRY="$WORK/shipped"
CACHE="$PASSPORT_REGISTRY/passport-sources"
"$P" init -q "$PASSPORT_REGISTRY" || fail "init failed"
seeds="$ROOT/tests/check/seeds"
runs="$ROOT/tests/sources/fixtures/runs"
run "$P" source fetch --allow-file course-m9 --url "file://$seeds/000_2f66aa186f1c20b3.txt"
expect_rc 0
run "$P" source fetch --allow-file ledger-numerics --url "file://$seeds/002_593e7ddfd81949b6.txt"
expect_rc 0
expected="course-m9 ledger-numerics"
for f in "$runs"/*.txt; do
    id=$(basename "$f" .txt)
    url=$(head -n 1 "$f" | sed 's/^# //')
    # The fixture is a copy of the page the passports cite, at that address.
    grep -q "\"url\": \"$url\"" "$ROOT"/passports/*.json \
        || fail "fixture $id: no shipped source has the address $url"
    run "$P" source fetch --allow-file "$id" --url "file://$f"
    expect_rc 0
    expected="$expected $id"
done
run "$P" source check --format json
expect_rc 0
[ "$(json 'j.summary.missing')" = 0 ] || fail "missing quotes: $OUT"
[ "$(json 'j.summary.unchecked')" = 0 ] || fail "unchecked quotes: $OUT"
[ "$(json 'j.summary.found')" -ge 400 ] || fail "found: $OUT"
# Every shipped quote cites a seed or a kept page, and every kept page is cited.
want=$(printf '%s\n' $expected | sort | tr '\n' ' ')
got=$(json '[...new Set(j.quotes.map(q => q.source))].sort().join(" ")')
[ "$got " = "$want" ] || fail "sources of quotes: got '$got', want '$want'"
run "$P" source check --strict
expect_rc 0
expect_contains "$OUT" "found, 0 missing, 0 unchecked" "strict"
echo ok
