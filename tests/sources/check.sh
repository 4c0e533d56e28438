# check.sh - quotes of facts against a fetched page: found, changed,
# unchecked; a re-fetch of unchanged content adds no blob.
. "$(dirname "$0")/lib.sh"

put_toy paper.html
# Nothing fetched yet: every quote is unchecked, never passing.
run "$P" source check
expect_rc 0
expect_contains "$OUT" "5 quotes: 0 found, 0 missing, 5 unchecked" "unchecked before fetch"
expect_contains "$OUT" "toy-report: warning: 4 quotes unchecked: not cached" "grouped by source"
run "$P" source check --strict
expect_rc 1

run "$P" source fetch toy-report
expect_rc 0
expect_contains "$OUT" "toy-report: fetched $BASE/f/paper.html (HTTP 200, text/html; charset=utf-8" "fetch line"
[ "$(count "$CACHE/blobs")" = 1 ] || fail "one blob expected"
[ "$(count "$CACHE/tmp")" = 0 ] || fail "no temporary file may remain"

# The page holds the four quotes of toy-report (white space, case, number
# spacing, an entity, Russian); toy-notes is still unchecked.
run "$P" source check --format json
expect_rc 0
[ "$(json 'j.summary.found')" = 4 ] || fail "4 found expected: $OUT"
[ "$(json 'j.summary.unchecked')" = 1 ] || fail "1 unchecked expected: $OUT"
[ "$(json 'j.quotes.filter(q => q.status == "found").map(q => q.pointer).join(" ")')" = \
  "/facts/params.active/evidence/0 /facts/params.total/evidence/0 /facts/training.tokens/evidence/0 /facts/training.tokens/evidence/0/via" ] \
  || fail "found quotes: $OUT"
[ "$(json 'j.quotes.find(q => q.source == "toy-notes").reason')" = "not cached" ] || fail "reason: $OUT"

# show: metadata and where the text is.
run "$P" source show toy-report --format json
expect_rc 0
[ "$(json 'j.cache.status')" = 200 ] || fail "status: $OUT"
[ "$(json 'j.cache.final_url')" = "$BASE/f/paper.html" ] || fail "final url: $OUT"
sha=$(json 'j.cache.sha256')
[ "$sha" = "$(sha256sum "$HERE/fixtures/paper.html" | cut -d' ' -f1)" ] || fail "sha256: $sha"
[ "$(json 'j.cache.text_kind')" = html ] || fail "kind: $OUT"
text=$(cat "$(json 'j.cache.text_path')")
expect_contains "$text" "Toy Run has 1.04 trillion total parameters" "extracted text"
expect_not_contains "$text" "99T" "script content is dropped"
expect_not_contains "$text" "77T" "comments are dropped"
expect_contains "$text" "τ" "character references are decoded"
run "$P" source show toy-report
expect_rc 0
expect_contains "$OUT" "  sha256:     $sha" "show text"
expect_contains "$OUT" "  text:       $CACHE/text/$sha.txt (from html)" "show text path"

# Already cached: kept without --force (one request so far).
run "$P" source fetch toy-report
expect_rc 0
expect_contains "$OUT" "toy-report: cached" "cached"
[ "$(hits paper.html)" = 1 ] || fail "fetched again without --force"
# --force on unchanged content: same hash, no new blob.
run "$P" source fetch toy-report --force
expect_rc 0
expect_contains "$OUT" "sha256 ${sha:0:12}, searchable) unchanged" "unchanged"
[ "$(count "$CACHE/blobs")" = 1 ] || fail "a re-fetch of the same content added a blob"
[ "$(hits paper.html)" = 2 ] || fail "--force did not fetch"

# A number changed on the page: the check fails naming the fact.
put_toy changed.html
run "$P" source fetch toy-report
expect_rc 0
expect_contains "$OUT" "fetched $BASE/f/changed.html" "new URL fetched without --force"
[ "$(count "$CACHE/blobs")" = 2 ] || fail "changed content is a new blob"
run "$P" source check toy-run
expect_rc 1
expect_contains "$OUT" "toy-run:/facts/training.tokens/evidence/0: error: quote not found in the cached text of source 'toy-report' (§2): \"We PRE-TRAIN on 15.5 T tokens with the MuonClip optimizer & QK-Clip\" [quote-missing]" "missing quote named"
expect_contains "$OUT" "5 quotes: 3 found, 1 missing, 1 unchecked" "summary"

run "$P" source list toy-run --format json
expect_rc 0
[ "$(json 'j.sources.map(s => s.id + ":" + (s.cache ? "cached" : "not")).join(" ")')" = \
  "toy-notes:not toy-report:cached" ] || fail "list: $OUT"
echo ok
