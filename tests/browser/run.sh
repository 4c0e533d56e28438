# run.sh PASSPORT ROOT ARTIFACTS - the report and the plots in headless
# Chromium (report.test.js), and the SVGs through an XML parser.
# Needs Debian's chromium and playwright-core in tests/browser/node_modules
# (both installed by .ci/setup).
. "$(dirname "$0")/../registry/lib.sh"
HERE="$ROOT/tests/browser"
ARTIFACTS=$3
mkdir -p "$ARTIFACTS"
command -v "${CHROMIUM:-chromium}" >/dev/null || [ -x "${CHROMIUM:-/usr/bin/chromium}" ] ||
    fail "Chromium is missing: apt-get install chromium (or bash .ci/setup)"
[ -d "$HERE/node_modules/playwright-core" ] ||
    fail "playwright-core is missing: (cd tests/browser && npm ci), or bash .ci/setup"
export PASSPORT_REGISTRY="$WORK/reg"
"$P" init -q "$PASSPORT_REGISTRY" || fail "init failed"
out="$WORK/out"
mkdir -p "$out"
run "$P" report -o "$out/report.html"
expect_rc 0
for kind in isoflop breakeven datawall passports; do
    run "$P" plot "$kind" -o "$out/$kind.svg"
    expect_rc 0
    expect_eq "" "$ERR" "plot $kind stderr"
done
# Every SVG is well-formed XML with an <svg> root in the SVG namespace.
python3 - "$out" <<'PY' || fail "an SVG is not well-formed XML"
import sys, xml.etree.ElementTree as ET
for k in ["isoflop", "breakeven", "datawall", "passports"]:
    root = ET.parse(f"{sys.argv[1]}/{k}.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg", (k, root.tag)
    assert root.find("{http://www.w3.org/2000/svg}title").text, k
PY
"$P" list --format json | python3 -c 'import json, sys; print(json.dumps([p["id"] for p in json.load(sys.stdin)]))' > "$WORK/ids.json" ||
    fail "cannot list the passports"
cp "$out"/* "$ARTIFACTS"/
NODE_PATH="$HERE/node_modules" node "$HERE/report.test.js" "$out" "$WORK/ids.json" "$ARTIFACTS" ||
    fail "the browser checks failed (screenshots in $ARTIFACTS)"
