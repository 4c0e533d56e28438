# broken.sh - a passport that does not validate (committed around
# `passport put`) is left out of every source subcommand with the one
# warning all commands give, and the others are read as usual.
. "$(dirname "$0")/lib.sh"

put_toy paper.html
# toy-bad: a copy of toy-run with a number that is text, committed by git.
git clone -q "$PASSPORT_REGISTRY" "$WORK/clone" || fail "git clone"
sed -e 's/"id": "toy-run"/"id": "toy-bad"/' -e 's/"value": 3.26e10/"value": "many"/' \
    "$WORK/toy-run.json" > "$WORK/clone/passports/toy-bad.json"
git -C "$WORK/clone" add passports/toy-bad.json || fail "git add"
GIT_COMMITTER_NAME=T GIT_COMMITTER_EMAIL=t@example.org \
    git -C "$WORK/clone" commit -q -m "a broken passport" || fail "git commit"
git -C "$WORK/clone" push -q origin HEAD 2>/dev/null || fail "git push"
left_out="warning: 'toy-bad' is left out: it does not validate (see 'passport validate')"

run "$P" source list --format json
expect_rc 0
expect_eq "passport source list: $left_out" "$ERR" "list warns"
[ "$(json 'j.sources.map(s => s.id + ":" + s.passports.join(",")).join(" ")')" = \
  "toy-notes:toy-run toy-report:toy-run" ] || fail "list: $OUT"

run "$P" source check
expect_rc 0
expect_eq "passport source check: $left_out" "$ERR" "check warns"
expect_contains "$OUT" "5 quotes: 0 found, 0 missing, 5 unchecked" "only toy-run's quotes"

run "$P" source show toy-report
expect_rc 0
expect_eq "passport source show: $left_out" "$ERR" "show warns"
expect_contains "$OUT" "cited by:     toy-run" "cited by the valid passport"
echo ok
