# lib.sh - setup of the source tests: the registry test helpers, a loopback
# HTTP server (server.py) on a free port, and an empty registry.
# Each scenario runs as: bash SCRIPT PASSPORT ROOT.
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$HERE/../registry/lib.sh"
trap 'kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null; rm -rf "$WORK"' EXIT
# Loopback only: no proxy may get in the way of 127.0.0.1.
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY
export PASSPORT_REGISTRY="$WORK/reg"
CACHE="$PASSPORT_REGISTRY/passport-sources"

# SERVE_COPY=1: serve a copy of the fixtures ($SERVED), which a test may edit.
SERVED="$HERE/fixtures"
if [ "${SERVE_COPY:-}" = 1 ]; then
    SERVED="$WORK/served"
    cp -R "$HERE/fixtures" "$SERVED"
fi
python3 "$HERE/server.py" "$WORK/port" "$SERVED" &
SERVER=$!
for _ in $(seq 1 100); do
    [ -s "$WORK/port" ] && break
    sleep 0.05
done
[ -s "$WORK/port" ] || fail "the test server did not start"
PORT=$(cat "$WORK/port")
BASE="http://127.0.0.1:$PORT"
"$P" init -q --empty "$PASSPORT_REGISTRY" || fail "init failed"

# put_toy PAGE: put the toy passport whose report is /f/PAGE.
put_toy() {
    sed -e "s/@PORT@/$PORT/g" -e "s/@PAGE@/$1/g" \
        "$HERE/fixtures/toy-run.json.in" > "$WORK/toy-run.json"
    run "$P" put "$WORK/toy-run.json" -m "toy run, report at $1"
    expect_rc 0
}

# hits NAME: how many times the server was asked for /f/NAME.
hits() {
    python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())' "$BASE/hits/$1"
}

# count DIR: number of files in DIR.
count() {
    find "$1" -type f | wc -l
}
