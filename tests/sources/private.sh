# private.sh - redirects that lead inward (issue 19): from a public
# address to a private network or to this machine, or from a private
# network to this machine, are refused unless --allow-private; outward and
# sideways they are followed.  Public and private addresses are put on the
# loopback device of a network namespace of our own (unshare -rn), which
# reaches nothing outside; where namespaces are not allowed, only the
# loopback cases run.
if [ -z "$PP_IN_NETNS" ] && unshare -rn true 2>/dev/null; then
    exec unshare -rn env PP_IN_NETNS=1 bash "$0" "$@"
fi
if [ -n "$PP_IN_NETNS" ]; then
    ip link set lo up && ip addr add 203.0.113.7/32 dev lo &&
        ip addr add 10.9.9.9/32 dev lo || { echo "FAIL: cannot set up the namespace" >&2; exit 1; }
fi
. "$(dirname "$0")/lib.sh"

nothing_cached() {
    [ "$(count "$CACHE")" = 0 ] || fail "$1: the cache is not empty: $(find "$CACHE" -type f)"
}
found() { # found URL WHAT: the quote of paper.txt is found through URL
    run "$P" source quote "$@" "15.5T tokens"
    expect_rc 0
    rm -rf "$CACHE"
}
# refused URL FROM TO IP TARGET WHAT
refused() {
    run "$P" source quote "$1" "15.5T tokens"
    expect_rc 3
    expect_eq "passport source quote: refusing a redirect from $2 to $3 ($4, '$5'); --allow-private allows it" "$ERR" "$6"
    nothing_cached "$6"
}
go() { # go BASE TARGET: a URL of BASE that redirects to TARGET
    echo "$1/go?to=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$2")"
}
paper="$BASE/f/paper.txt"
start_server() { # start_server HOST: its port on stdout
    python3 "$HERE/server.py" "$WORK/port-$1" "$HERE/fixtures" "$1" &
    echo $! >> "$WORK/servers"
    for _ in $(seq 1 100); do
        [ -s "$WORK/port-$1" ] && break
        sleep 0.05
    done
    [ -s "$WORK/port-$1" ] || fail "the server on $1 did not start"
}
trap 'kill $(cat "$WORK/servers" 2>/dev/null) "$SERVER" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT
start_server 127.0.0.2
LOOP2="http://127.0.0.2:$(cat "$WORK/port-127.0.0.2")"

# Sideways on this machine: 127.0.0.1 to 127.0.0.2 (Linux routes 127/8 to
# lo), and to localhost.
found "$(go "$BASE" "$LOOP2/f/paper.txt")"
found "$(go "$BASE" "http://localhost:$PORT/f/paper.txt")"
# --allow-private is a fetch option.
found --allow-private "$paper"

if [ -z "$PP_IN_NETNS" ]; then
    echo "skipped the public and private cases: no network namespace (unshare -rn)" >&2
    echo ok
    exit 0
fi

start_server 203.0.113.7
start_server 10.9.9.9
PUB="http://203.0.113.7:$(cat "$WORK/port-203.0.113.7")"
LAN="http://10.9.9.9:$(cat "$WORK/port-10.9.9.9")"

# A public page, and redirects on the public host: followed.
found "$PUB/f/paper.txt"
run "$P" source quote "$PUB/r/2" "1.04 trillion total parameters"
expect_rc 0
rm -rf "$CACHE"
# Outward: this machine to a private network to a public address.
found "$(go "$BASE" "$(go "$LAN" "$PUB/f/paper.txt")")"

# Inward from a public address: to this machine by number, by name (the
# address is checked when the socket is opened), to a private network, to
# IPv6 and IPv4-mapped loopback.
to="http://127.0.0.1:$PORT/f/paper.txt"
refused "$(go "$PUB" "$to")" "a public address" "this machine" 127.0.0.1 "$to" "public to 127.0.0.1"
to="http://localhost:$PORT/f/paper.txt"
run "$P" source quote "$(go "$PUB" "$to")" "x"
expect_rc 3
echo "$ERR" | grep -Eq "^passport source quote: refusing a redirect from a public address to this machine \((127\.0\.0\.1|::1), '$to'\); --allow-private allows it$" ||
    fail "public to localhost: $ERR"
nothing_cached "public to localhost"
to="$LAN/f/paper.txt"
refused "$(go "$PUB" "$to")" "a public address" "a private network" 10.9.9.9 "$to" "public to 10.9.9.9"
to="http://[::1]:$PORT/f/paper.txt"
refused "$(go "$PUB" "$to")" "a public address" "this machine" "[::1]" "$to" "public to ::1"
to="http://[::ffff:127.0.0.1]:$PORT/f/paper.txt"
run "$P" source quote "$(go "$PUB" "$to")" "x"
expect_rc 3
expect_contains "$ERR" "refusing a redirect from a public address to this machine ([::ffff:" "public to ::ffff:127.0.0.1"
# ... also after a hop back out: the lowest class so far counts.
to="http://127.0.0.1:$PORT/f/paper.txt"
refused "$(go "$LAN" "$(go "$PUB" "$to")")" "a public address" "this machine" 127.0.0.1 "$to" "private, public, then this machine"
# Inward from a private network to this machine.
refused "$(go "$LAN" "$to")" "a private network" "this machine" 127.0.0.1 "$to" "private to this machine"
# --allow-private follows them.
found --allow-private "$(go "$PUB" "$to")"
found --allow-private "$(go "$PUB" "$LAN/f/paper.txt")"
echo ok
