# pin.sh - the version of a source a passport's quotes were checked
# against, pinned in the passport (`source pin`) and committed with it;
# `source check` reports a served page that changed since it was pinned,
# `get --at` shows the pin a fact rested on then, and a source whose
# quotes are not all found is never pinned.
SERVE_COPY=1
. "$(dirname "$0")/lib.sh"

put_toy paper.html
page="$SERVED/paper.html"
sha_of() { sha256sum "$1" | cut -d' ' -f1; }
commits() { "$P" log --format json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).length))'; }

# Nothing cached: a named source is refused, nothing else is pinned.
run "$P" source pin toy-run toy-report
expect_rc 3
expect_contains "$ERR" "source 'toy-report' is not cached; fetch it with 'passport source fetch toy-report'; nothing was pinned" "not cached"
run "$P" source pin toy-run
expect_rc 0
expect_contains "$OUT" "toy-report: not cached, not pinned" "every source: none cached"
expect_contains "$OUT" "nothing to commit" "no pin, no commit"
run "$P" source pin toy-run no-such-source
expect_rc 3
expect_contains "$ERR" "toy-run cites no source 'no-such-source'" "unknown source"

# Fetched, its four quotes found: pinned to the body's SHA-256, in one commit.
run "$P" source fetch toy-report
expect_rc 0
sha1=$(sha_of "$page")
day=$(date -u +%Y-%m-%d)
n0=$(commits)
run "$P" source pin toy-run toy-report
expect_rc 0
expect_contains "$OUT" "toy-report: pinned sha256 ${sha1:0:12} on $day (toy-run)" "pinned"
expect_contains "$OUT" "committed " "pin committed"
[ "$(commits)" = $((n0 + 1)) ] || fail "a pin is one commit"
run "$P" show toy-run --format json
expect_rc 0
[ "$(json 'j.sources.find(s => s.id == "toy-report").pin.sha256')" = "$sha1" ] || fail "pin sha256: $OUT"
[ "$(json 'j.sources.find(s => s.id == "toy-report").pin.date')" = "$day" ] || fail "pin date: $OUT"
[ "$(json 'j.sources.find(s => s.id == "toy-notes").pin')" = undefined ] || fail "toy-notes is not pinned: $OUT"
# The same again: nothing to commit.
run "$P" source pin toy-run toy-report
expect_rc 0
expect_contains "$OUT" "toy-report: already pinned sha256 ${sha1:0:12} on $day" "already pinned"
expect_contains "$OUT" "nothing to commit" "same pin, no commit"

# Unchanged: the check passes and counts the pin.
run "$P" source check toy-run
expect_rc 0
expect_contains "$OUT" "1 pin: 1 unchanged, 0 changed, 0 unchecked" "unchanged pin"
expect_not_contains "$OUT" "source-changed" "no change reported"

# The served page changes (its quotes still there): fetched again, the
# check reports the change and fails.
sed -i 's|</body>|<p>Errata: a later edition.</p></body>|' "$page"
sha2=$(sha_of "$page")
[ "$sha1" != "$sha2" ] || fail "the page did not change"
run "$P" source fetch --force toy-report
expect_rc 0
run "$P" source check
expect_rc 1
expect_contains "$OUT" "toy-run: error: source 'toy-report' changed since pinned on $day: pinned sha256 ${sha1:0:12}, now ${sha2:0:12} [source-changed]" "changed"
expect_contains "$OUT" "[source-changed]" "tag"
expect_contains "$OUT" "1 pin: 0 unchanged, 1 changed, 0 unchecked" "count"
run "$P" source check --format json
expect_rc 1
[ "$(json 'j.summary.changed')" = 1 ] || fail "summary.changed: $OUT"
[ "$(json 'j.pins[0].status')" = changed ] || fail "pin status: $OUT"
[ "$(json 'j.pins[0].pinned')" = "$sha1" ] || fail "pinned: $OUT"
[ "$(json 'j.pins[0].now')" = "$sha2" ] || fail "now: $OUT"

# Pinned again to the new version; `get --at` the first pin's commit
# still says which version backed the fact then.
run "$P" source pin toy-run
expect_rc 0
expect_contains "$OUT" "toy-report: pinned sha256 ${sha2:0:12}" "re-pinned"
expect_contains "$OUT" "toy-notes: not cached, not pinned" "toy-notes not cached"
run "$P" source check
expect_rc 0
run "$P" get toy-run params.total
expect_rc 0
expect_contains "$OUT" "  source: toy-report, pinned sha256 ${sha2:0:12} on $day" "get: the pin now"
run "$P" get --at main~1 toy-run params.total
expect_rc 0
expect_contains "$OUT" "  source: toy-report, pinned sha256 ${sha1:0:12} on $day" "get --at: the pin then"
run "$P" get --at main~2 toy-run params.total
expect_rc 0
expect_not_contains "$OUT" "pinned" "get --at: before any pin"
run "$P" get --at main~1 toy-run params.total --format json
expect_rc 0
[ "$(json 'j.pins["toy-report"].sha256')" = "$sha1" ] || fail "get json pins: $OUT"

# A page that lost a quote is never pinned; nothing is committed.
sed -i 's|1.04</b>&nbsp;trillion|1.05</b>\&nbsp;trillion|' "$page"
run "$P" source fetch --force toy-report
expect_rc 0
n1=$(commits)
run "$P" source pin toy-run toy-report
expect_rc 1
expect_contains "$ERR" "cannot pin source 'toy-report' of toy-run: 1 of its quotes is not found in its cached text (missing at /facts/params.total/evidence/0: \"1.04 trillion total parameters\"); nothing was pinned" "refused"
[ "$(commits)" = "$n1" ] || fail "a refused pin committed"
# ... and the check says both: the missing quote and the changed source.
run "$P" source check
expect_rc 1
expect_contains "$OUT" "[quote-missing]" "missing"
expect_contains "$OUT" "pinned sha256 ${sha2:0:12}, now " "changed again"

# Not cached at all: the pin is unchecked (and --strict fails on it).
rm -rf "$CACHE"
run "$P" source check toy-run
expect_rc 0
expect_contains "$OUT" "1 pin: 0 unchanged, 0 changed, 1 unchecked" "unchecked pin"
run "$P" source check toy-run --strict
expect_rc 1
echo ok
