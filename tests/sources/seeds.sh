# seeds.sh - every quote of the shipped passports is found, offline, in the
# text it cites: the two seeds (which have no URL of their own) and, for the
# runs read from public reports and model cards, the copy of each page kept
# in tests/sources/fixtures/runs/SOURCE.txt, whose first line is the page's
# address.  Each is fetched through file://.  The passports pin each of
# those texts (its SHA-256 and the day it was kept): every pin is true.
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
# Every pin of a shipped passport is the SHA-256 of the text kept here,
# computed without passport; every source with a kept text is pinned.
pins=0
for f in "$ROOT"/passports/*.json; do
    while IFS=' ' read -r sid sha; do
        case "$sid" in
        course-m9) kept="$seeds/000_2f66aa186f1c20b3.txt" ;;
        ledger-numerics) kept="$seeds/002_593e7ddfd81949b6.txt" ;;
        *) kept="$runs/$sid.txt" ;;
        esac
        [ "$sha" != - ] || fail "$(basename "$f"): source $sid has a kept text but no pin"
        [ -f "$kept" ] || fail "$(basename "$f"): source $sid is pinned, but no text of it is kept"
        [ "$sha" = "$(sha256sum "$kept" | cut -d' ' -f1)" ] \
            || fail "$(basename "$f"): the pin of $sid is not the SHA-256 of $kept"
        pins=$((pins + 1))
    done < <(node -e '
        const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
        const kept = new Set(process.argv.slice(2));
        for (const s of d.sources)
            if (s.pin || kept.has(s.id)) console.log(s.id, s.pin ? s.pin.sha256 : "-");
    ' "$f" $expected)
done
[ "$pins" -ge 30 ] || fail "only $pins shipped pins"
run "$P" source check --format json
expect_rc 0
# ... and passport finds every pinned body in its cache unchanged.
[ "$(json 'j.summary.pins_unchanged')" = "$pins" ] || fail "pins unchanged: $OUT"
[ "$(json 'j.summary.changed')" = 0 ] || fail "pins changed: $OUT"
[ "$(json 'j.summary.pins_unchecked')" = 0 ] || fail "pins unchecked: $OUT"
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
