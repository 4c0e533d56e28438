# Format versions (schema/README.md): a passport of format 1, whose claims
# write figures that are no quantities, is read wherever history holds it --
# at the tip, with --at, by validate -- and never written: edit and put
# refuse it and commit nothing.
. "$(dirname "$0")/lib.sh"
export PASSPORT_REGISTRY="$WORK/reg"
run "$P" init -q "$PASSPORT_REGISTRY"; expect_rc 0
old="$ROOT/tests/cli/0529-put-format-1-refused/kimi-k2.json"

# A commit made before format 2, as an older passport wrote it.
git clone -q "$PASSPORT_REGISTRY" wt
cp "$old" wt/passports/kimi-k2.json
git -C wt -c user.name=Old -c user.email=old@example.org commit -qam "format 1"
git -C wt push -q origin HEAD:main
tip=$(git --git-dir="$PASSPORT_REGISTRY" rev-parse main)

run "$P" get kimi-k2 params.total; expect_rc 0
expect_contains "$OUT" "kimi-k2 params.total" "a format-1 passport at the tip is read"
run "$P" get --at main~1 kimi-k2 params.total; expect_rc 0
run "$P" validate; expect_rc 0
expect_contains "$OUT" "20 passports valid" "validate reads it by the rules of its format"
run "$P" list; expect_rc 0
expect_contains "$OUT" "kimi-k2" "listed, not left out"

# Written only in the current format.
cat > ed.sh <<'E'
sed -i '0,/"value": 1.55e13/s//"value": 1.6e13/' "$1"
E
EDITOR="sh $WORK/ed.sh" run "$P" edit kimi-k2 <<<n; expect_rc 1
expect_contains "$ERR" "passport kimi-k2 is format 1; the registry writes format 2" "edit refuses format 1"
run "$P" put "$old"; expect_rc 1
expect_contains "$ERR" "is format 1" "put refuses format 1"
expect_eq "$tip" "$(git --git-dir="$PASSPORT_REGISTRY" rev-parse main)" "nothing committed"
echo "ok: format"
