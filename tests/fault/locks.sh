# locks.sh - the index locked by another process, and a disk that is full:
# a clear error (or success after the lock is released), the registry
# unchanged and consistent.  Run as: bash locks.sh PASSPORT ROOT LIBFAILALLOC
. "$(dirname "$0")/../registry/lib.sh"
export PASSPORT_REGISTRY="$WORK/reg"
"$P" init -q "$PASSPORT_REGISTRY" || fail "init"
"$P" show kimi-k2 --format json | sed 's/"summary": "/"summary": "Edited. /' > "$WORK/kimi-k2.json"
tip() { git --git-dir="$PASSPORT_REGISTRY" rev-parse refs/heads/main; }
before=$(tip)

# lock DB SECONDS: hold an exclusive SQLite lock on DB for SECONDS.
lock() {
    python3 - "$1" "$2" "$WORK/locked" <<'PY' &
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=0)
db.execute("BEGIN EXCLUSIVE")
open(sys.argv[3], "w").close()
time.sleep(float(sys.argv[2]))
db.execute("ROLLBACK")
PY
    LOCKER=$!
    for _ in $(seq 1 100); do [ -e "$WORK/locked" ] && break; sleep 0.05; done
    [ -e "$WORK/locked" ] || fail "could not take the lock"
}

# A short lock: put waits for it (busy timeout), then commits and indexes.
lock "$PASSPORT_REGISTRY/passport-index.sqlite" 2
run "$P" put "$WORK/kimi-k2.json" -m "edit while locked"
wait "$LOCKER"; rm -f "$WORK/locked"
expect_rc 0
[ "$(tip)" != "$before" ] || fail "put did not commit after the lock was released"
run "$P" get kimi-k2 params.total
expect_rc 0
fsck_clean "$PASSPORT_REGISTRY"

# A lock held past the busy timeout (10 s): a clear error and nothing
# committed (or, had the lock come free in time, the commit); never a
# rebuild of the index under the other process's feet.
before=$(tip)
sed -i 's/"summary": "Edited. /"summary": "Edited twice. /' "$WORK/kimi-k2.json"
lock "$PASSPORT_REGISTRY/passport-index.sqlite" 14
run "$P" put "$WORK/kimi-k2.json" -m "edit under a long lock"
wait "$LOCKER"; rm -f "$WORK/locked"
case $RC in
0) [ "$(tip)" != "$before" ] || fail "put said it committed but did not" ;;
3) expect_contains "$ERR" "the index is locked by another process" "a clear message about the lock"
   [ "$(tip)" = "$before" ] || fail "put failed on the lock but moved the branch" ;;
*) fail "put under a long lock: exit $RC: $ERR" ;;
esac
# whatever happened, the registry is consistent and the index catches up
fsck_clean "$PASSPORT_REGISTRY"
run "$P" validate
expect_rc 0
run "$P" log kimi-k2 --format json
expect_rc 0

# A full disk (a file-size limit stands in for it): put fails clearly and
# changes nothing.
before=$(tip)
sed -i 's/"summary": "Edited twice. /"summary": "Edited thrice. /' "$WORK/kimi-k2.json"
OUT=$( (trap '' XFSZ; ulimit -f 1; exec "$P" put "$WORK/kimi-k2.json" -m "disk full") 2>"$WORK/err")
RC=$?
ERR=$(cat "$WORK/err")
[ "$RC" = 3 ] || fail "put on a full disk: exit $RC, expected 3; stderr: $ERR"
[ -n "$ERR" ] || fail "put on a full disk: no message"
[ "$(tip)" = "$before" ] || fail "put on a full disk moved the branch"
fsck_clean "$PASSPORT_REGISTRY"
run "$P" validate
expect_rc 0
echo ok
