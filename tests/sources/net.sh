# net.sh - network oddities (issue 19): a server that drips a byte at a
# time is cut by the stall rule, which says what it measured; a gzip bomb
# is bounded by --max-size as it is decoded and its text is extracted in
# flat memory; SIGTERM stops a fetch within a second.
. "$(dirname "$0")/lib.sh"

nothing_cached() {
    [ "$(count "$CACHE")" = 0 ] || fail "$1: the cache is not empty: $(find "$CACHE" -type f)"
}
# Times from bash itself (a python3 started to measure may take a second
# on a loaded machine): microseconds.
now() { echo "${EPOCHREALTIME/./}"; }
# elapsed_below START SECONDS WHAT
elapsed_below() {
    local us=$(( $(now) - $1 ))
    [ $us -lt $(( $2 * 1000000 )) ] ||
        fail "$3: took $(( us / 1000 )) ms, not under $2 s"
}

# A byte every 0.2 s is not a live transfer: cut after the 2 s window, and
# the message says how much came in how long (before, the rule was "no
# byte for N s", and this ran until the total timeout).
start=$(now)
run "$P" source quote --stall 2 --timeout 20 "$BASE/drip" "d"
expect_rc 3
echo "$ERR" | grep -Eq "^passport source quote: '$BASE/drip': stalled: received (9|10|11|12|13|14|15) bytes in (2|3)\.[0-9] s, fewer than 1024 \(--stall 2 s, --stall-bytes\); nothing was kept$" ||
    fail "drip: $ERR"
elapsed_below "$start" 12 "drip" # --timeout 20 would end it otherwise
nothing_cached "drip"
# ... and --stall-bytes 5 lets the same drip live through a window.
run "$P" source quote --stall 1 --stall-bytes 3 --timeout 2.5 "$BASE/drip" "d"
expect_rc 3
expect_contains "$ERR" "timed out (Operation timed out after" "a drip above --stall-bytes"
run "$P" source quote --stall-bytes 0 "$BASE/drip" "d"
expect_rc 2
expect_contains "$ERR" "--stall-bytes: expected a size from 1 byte to 4G" "--stall-bytes 0"

# A gzip bomb: 200 MiB of text in about 200 KiB.  --max-size bounds the
# decoded body as it is decoded ...
bomb="$BASE/gzip?n=209715200"
run "$P" source quote --max-size 10M "$bomb" "zzz"
expect_rc 3
expect_eq "passport source quote: '$bomb': the body exceeds the limit of 10485760 bytes (--max-size); nothing was kept" "$ERR" "gzip bomb over --max-size"
nothing_cached "gzip bomb over --max-size"
# ... and under a large limit the body and its text are written piece by
# piece: peak memory stays flat (it was 427 MiB here: the body read back
# whole, and its text beside it).
put_toy paper.html
python3 -c 'import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' \
    "$P" source fetch toy-report --url "$bomb" --max-size 300M --timeout 200 > "$WORK/rss"
read rc rss < "$WORK/rss"
[ "$rc" = 0 ] || fail "gzip bomb under --max-size: exit status $rc"
[ "$rss" -lt 65536 ] || fail "gzip bomb under --max-size: peak RSS $rss KiB, not under 64 MiB"
[ "$(stat -c %s "$CACHE"/text/*.txt)" = 209715200 ] || fail "the text of the bomb is not whole"
rm -rf "$CACHE"

# SIGTERM during a download: the process ends within a second, saying so,
# and leaves nothing in the cache (not even a temporary file).
for route in stall drip; do
    rm -rf "$CACHE"
    "$P" source quote "$BASE/$route" "x" 2>"$WORK/term.err" &
    pid=$!
    sleep 0.7
    kill -TERM $pid
    start=$(now)
    wait $pid
    rc=$?
    elapsed_below "$start" 1 "SIGTERM ($route)"
    [ $rc = 3 ] || fail "SIGTERM ($route): exit status $rc"
    expect_eq "passport source quote: '$BASE/$route': interrupted; nothing was kept" "$(cat "$WORK/term.err")" "SIGTERM ($route)"
    nothing_cached "SIGTERM ($route)"
done
# ... and at any moment of a large one, while its text is made too.
for delay in 1 2 3 4; do
    rm -rf "$CACHE"
    "$P" source quote --max-size 300M "$bomb" "x" 2>"$WORK/term.err" >/dev/null &
    pid=$!
    sleep $delay
    kill -TERM $pid 2>/dev/null || break # done already: later delays too
    start=$(now)
    wait $pid
    rc=$?
    elapsed_below "$start" 1 "SIGTERM after $delay s of a large body"
    # the signal came after the work was done (the quote was looked for
    # and not found: exit 1, nothing on stderr): nothing left to interrupt
    if [ $rc = 1 ] && [ ! -s "$WORK/term.err" ]; then break; fi
    # ... or while the text was searched, once body and text were whole
    # in the cache: the signal ended the process, as it does by default
    if [ $rc = 143 ] && [ ! -s "$WORK/term.err" ]; then
        [ "$(stat -c %s "$CACHE"/text/*.txt)" = 209715200 ] ||
            fail "SIGTERM during the search: the text is not whole"
        break
    fi
    [ $rc = 3 ] || fail "SIGTERM after $delay s: exit status $rc: $(cat "$WORK/term.err")"
    expect_contains "$(cat "$WORK/term.err")" "': interrupted; nothing was kept" "SIGTERM after $delay s"
    nothing_cached "SIGTERM after $delay s"
done
# Searching a cached text writes nothing: a signal ends it at once (the
# search of these 200 MiB takes more than a second) and the cache stays.
rm -rf "$CACHE"
run "$P" source quote --max-size 300M "$bomb" "x"
expect_rc 1
find "$CACHE" -type f -exec md5sum {} + | sort > "$WORK/cache.before"
# A fast machine may finish the search before the signal lands (exit 1: the
# quote was looked for and not found, nothing on stderr): then try again with
# a shorter delay. A signal that lands ends the search at once, by default.
caught=no
for delay in 0.3 0.1 0.03 0.01; do
    "$P" source quote --max-size 300M "$bomb" "x" 2>"$WORK/term.err" >/dev/null &
    pid=$!
    sleep $delay
    kill -TERM $pid 2>/dev/null
    start=$(now)
    wait $pid
    rc=$?
    elapsed_below "$start" 1 "SIGTERM during the search of a cached text"
    [ ! -s "$WORK/term.err" ] || fail "SIGTERM during the search: $(cat "$WORK/term.err")"
    [ $rc = 1 ] && continue
    [ $rc = 143 ] || fail "SIGTERM during the search: exit status $rc"
    caught=yes
    break
done
[ $caught = yes ] || echo "note: every search ended before its SIGTERM" >&2
find "$CACHE" -type f -exec md5sum {} + | sort > "$WORK/cache.after"
cmp -s "$WORK/cache.before" "$WORK/cache.after" ||
    fail "SIGTERM during the search: the cache changed: $(diff "$WORK/cache.before" "$WORK/cache.after")"
echo ok
