# safety.sh - what the fetcher refuses and how each failure leaves the
# cache: redirects (chain, relative, too many, to file://), body limits,
# a stalled server, HTTP errors, protocols, credentials; `source quote`.
. "$(dirname "$0")/lib.sh"

# nothing_cached: no blob, no text, no record, no temporary file.
nothing_cached() {
    [ "$(count "$CACHE")" = 0 ] || fail "$1: the cache is not empty: $(find "$CACHE" -type f)"
}

# A redirect chain of 5: followed, the final URL recorded.
run "$P" source quote "$BASE/r/4" "1.04 trillion total parameters"
expect_rc 0
expect_eq "found in $BASE/f/paper.html (line 2 of its text, sha256 $(sha256sum "$HERE/fixtures/paper.html" | cut -c1-12))" "$OUT" "redirect chain"
meta=$(ls "$CACHE"/meta/url/*.json)
OUT=$(cat $meta)
[ "$(json 'j.redirects')" = 5 ] || fail "redirects: $OUT"
[ "$(json 'j.final_url')" = "$BASE/f/paper.html" ] || fail "final url: $OUT"
[ "$(json 'j.url')" = "$BASE/r/4" ] || fail "url: $OUT"
rm -rf "$CACHE"

# A relative Location is resolved against the page.
run "$P" source quote "$BASE/rel" "32.6B activated parameters"
expect_rc 0
rm -rf "$CACHE"

# Six redirects: refused, nothing cached.
run "$P" source quote "$BASE/r/5" "anything"
expect_rc 3
expect_eq "passport source quote: '$BASE/r/5': more than 5 redirects" "$ERR" "too many redirects"
nothing_cached "too many redirects"

# A redirect to file:// is refused, even with --allow-file.
for allow in "" --allow-file; do
    run "$P" source quote $allow "$BASE/to-file" "root"
    expect_rc 3
    expect_eq "passport source quote: refusing a redirect to 'file:///etc/passwd': redirects may lead to http and https only" "$ERR" "redirect to file ($allow)"
    nothing_cached "redirect to file"
done

# Protocols: file:// only with --allow-file; nothing but http(s) otherwise.
run "$P" source quote "file://$HERE/fixtures/paper.txt" "15.5T tokens"
expect_rc 3
expect_eq "passport source quote: refusing 'file://$HERE/fixtures/paper.txt': file URLs need --allow-file" "$ERR" "file without --allow-file"
run "$P" source quote --allow-file "file://$HERE/fixtures/paper.txt" "15.5T tokens"
expect_rc 0
rm -rf "$CACHE"
run "$P" source quote "ftp://127.0.0.1:$PORT/x" "x"
expect_rc 3
expect_eq "passport source quote: refusing 'ftp://127.0.0.1:$PORT/x': only http and https URLs are fetched" "$ERR" "ftp"
nothing_cached "ftp"

# Body limits: with and without a Content-Length; nothing cached.
for route in big stream; do
    run "$P" source quote --max-size 1M "$BASE/$route?n=2000000" "x"
    expect_rc 3
    expect_eq "passport source quote: '$BASE/$route?n=2000000': the body exceeds the limit of 1048576 bytes (--max-size); nothing was kept" "$ERR" "size limit ($route)"
    nothing_cached "size limit ($route)"
done
# ... and just under the limit is fine.
run "$P" source quote --max-size 1M "$BASE/stream?n=1048576" "yyyy"
expect_rc 0
rm -rf "$CACHE"

# A server that stalls: the stall limit and the total timeout both end it.
start=$(date +%s)
run "$P" source quote --stall 1 "$BASE/stall" "partial"
expect_rc 3
echo "$ERR" | grep -Eq "^passport source quote: '$BASE/stall': stalled: received 7 bytes in [12]\.[0-9] s, fewer than 1024 \(--stall 1 s, --stall-bytes\); nothing was kept$" ||
    fail "stall: $ERR"
run "$P" source quote --timeout 1 "$BASE/stall" "partial"
expect_rc 3
expect_contains "$ERR" "passport source quote: '$BASE/stall': timed out (Operation timed out after" "total timeout"
expect_contains "$ERR" "; --timeout 1 s)" "total timeout named"
[ $(( $(date +%s) - start )) -lt 20 ] || fail "the stalled transfers took too long"
nothing_cached "stall"

# HTTP errors: reported, nothing cached.
for code in 404 500; do
    run "$P" source quote "$BASE/status/$code" "x"
    expect_rc 3
    expect_eq "passport source quote: '$BASE/status/$code': HTTP $code; nothing was kept" "$ERR" "HTTP $code"
    nothing_cached "HTTP $code"
done
# Nobody listening.
python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' > "$WORK/free"
run "$P" source quote --connect-timeout 2 "http://127.0.0.1:$(cat "$WORK/free")/" "x"
expect_rc 3
expect_contains "$ERR" "passport source quote: 'http://127.0.0.1:$(cat "$WORK/free")/': " "refused connection"
nothing_cached "refused connection"

# Credentials are never printed nor recorded.
run "$P" source quote "http://ann:s3cret@127.0.0.1:$PORT/status/404" "x"
expect_rc 3
expect_not_contains "$ERR$OUT" "s3cret" "password in a message"
expect_not_contains "$ERR$OUT" "ann@" "user in a message"
run "$P" source quote "http://ann:s3cret@127.0.0.1:$PORT/f/paper.txt" "pre-train"
expect_rc 0
expect_not_contains "$OUT" "s3cret" "password in the output"
grep -rq s3cret "$CACHE" && fail "the password reached the cache"
rm -rf "$CACHE"

# Not found, not searchable, Latin-1.
run "$P" source quote "$BASE/f/paper.html" "2.04 trillion total parameters"
expect_rc 1
expect_contains "$OUT" "not found in $BASE/f/paper.html" "not found"
run "$P" source quote "$BASE/f/report.pdf" "15.5T tokens"
expect_rc 3
expect_eq "passport source quote: $BASE/f/report.pdf: the cached content is not searchable (application/pdf)" "$ERR" "pdf"
[ "$(count "$CACHE/blobs")" = 2 ] || fail "a PDF is stored even though it is not searchable"
run "$P" source quote "$BASE/f/cafe.latin1" "CAFÉ au lait"
expect_rc 0

# An interrupted download leaves nothing behind.
rm -rf "$CACHE"
"$P" source quote --stall 30 "$BASE/stall" "partial" 2>"$WORK/int.err" &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
rc=$?
[ $rc = 3 ] || fail "interrupted: exit status $rc"
expect_contains "$(cat "$WORK/int.err")" "interrupted; nothing was kept" "interrupted"
nothing_cached "interrupted"

# A source without a URL, an unknown source, bad ids.
put_toy paper.html
run "$P" source fetch no-such-source
expect_rc 3
expect_eq "passport source fetch: no passport cites a source 'no-such-source' (see 'passport source list')" "$ERR" "unknown source"
run "$P" source show ../etc
expect_rc 3
expect_eq "passport source show: '../etc' is not a source id (lower-case letters, digits, '-' and '.')" "$ERR" "id escaping the folder"
run "$P" source fetch --all --quiet --timeout 5
expect_rc 3
expect_eq "passport source fetch: toy-notes: '$BASE/f/notes.html': HTTP 404; nothing was kept
passport source fetch: 1 of 2 fetches failed" "$ERR" "--all with one failure"
[ -f "$CACHE/meta/source/toy-report.json" ] || fail "--all did not fetch toy-report"
echo ok
