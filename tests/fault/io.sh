# io.sh - I/O failure at every point of `put`, as SQLite's fault tests
# fail each write in turn.  The N-th write, fsync, rename or link of the
# process fails (tests/fault/failio.c: libgit2's and SQLite's calls too),
# for N = 1, 2, ... until a put runs with nothing left to fail; once with
# EIO, failing that one call, and once with ENOSPC from that call on (a
# disk that stays full).  After each: the exit status is 0, or 1 or 3
# with a message (never a signal); the registry holds either the old
# passport or the whole new commit; git fsck is clean, no lock file is
# left, `validate` passes, and the index (brought up to date by the next
# command) agrees with one rebuilt from history; a put whose commit
# stands while its index update failed says so once on stderr.  A
# failure is reported with the system's reason (libgit2 1.5 can fail a loose object's header
# without a message, and can report a commit written when its object was
# not: store.c catches both).
# Run as: bash io.sh PASSPORT ROOT LIBFAILALLOC LIBFAILIO
. "$(dirname "$0")/../registry/lib.sh"
SHIM=$4
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export PASSPORT_REGISTRY="$WORK/reg"
"$P" init -q "$PASSPORT_REGISTRY" || fail "init"
cp -a "$PASSPORT_REGISTRY" "$WORK/pristine"
"$P" show kimi-k2 --format json | sed 's/"summary": "/"summary": "Edited. /' > "$WORK/kimi-k2.json"
tip() { git --git-dir="$PASSPORT_REGISTRY" rev-parse refs/heads/main; }
before=$(tip)
facts() {
    "$P" --registry "$1" sql "SELECT passport, key, value, from_seq, to_seq FROM facts ORDER BY 1, 2, 4"
}

# one_run MODE N: put with the N-th call failing; check the registry.
# Sets $calls (the calls the put made) and $hit (the call that failed).
one_run() {
    local mode=$1 n=$2 rc after what="put ($1, call $2)"
    rm -rf "$PASSPORT_REGISTRY"
    cp -a "$WORK/pristine" "$PASSPORT_REGISTRY"
    if [ "$mode" = EIO ]; then
        PASSPORT_COUNT_IO="$WORK/count" PASSPORT_FAIL_IO="$n" LD_PRELOAD="$SHIM" \
            "$P" put "$WORK/kimi-k2.json" -m edit >"$WORK/out" 2>"$WORK/err"
    else
        PASSPORT_COUNT_IO="$WORK/count" PASSPORT_FAIL_IO="$n" \
            PASSPORT_FAIL_IO_ERRNO=ENOSPC PASSPORT_FAIL_IO_PERSIST=1 LD_PRELOAD="$SHIM" \
            "$P" put "$WORK/kimi-k2.json" -m edit >"$WORK/out" 2>"$WORK/err"
    fi
    rc=$?
    read -r calls hit < "$WORK/count" || fail "$what: the shim did not report (is it loaded?)"
    [ "$hit" = - ] && [ "$rc" != 0 ] &&
        fail "$what: nothing failed, yet exit $rc: $(cat "$WORK/err")"
    case $rc in
    0) ;;
    1|3)
        # the system's reason, not libgit2's silence or a knock-on error
        grep -Eq 'Input/output error|No space left on device|disk full' "$WORK/err" ||
            fail "$what: exit $rc without the reason ($hit failed): $(cat "$WORK/err")" ;;
    *) fail "$what: exit status $rc (a crash?); stderr: $(head -c 600 "$WORK/err")" ;;
    esac
    after=$(tip)
    if [ "$rc" = 0 ] && [ "$after" = "$before" ]; then
        fail "$what: success without a commit ($hit failed)"
    fi
    if [ "$mode" = ENOSPC ] && [ "$after" != "$before" ] && [ "$hit" != - ]; then
        # the disk filled after the commit: its index update failed too,
        # and put says so once, with the reason (docs/INDEX.md)
        [ "$(grep -c 'committed, but the index could not be updated' "$WORK/err")" = 1 ] &&
            grep -q 'No space left on device' "$WORK/err" ||
            fail "$what: committed with the index behind, not said once" \
                 "($hit failed): $(cat "$WORK/err")"
    fi
    if [ "$after" != "$before" ]; then
        # committed (a failure after the commit point, in the index say,
        # may be reported, but the commit stands): all of it, never half
        "$P" show kimi-k2 --format json > "$WORK/now.json" 2>/dev/null ||
            fail "$what: cannot read the committed passport ($hit failed)"
        cmp -s "$WORK/now.json" "$WORK/kimi-k2.json" ||
            fail "$what: the commit holds something else than the file put ($hit failed)"
    fi
    fsck_clean "$PASSPORT_REGISTRY"
    locks=$(find "$PASSPORT_REGISTRY" -name '*.lock')
    [ -z "$locks" ] || fail "$what: a lock was left behind ($hit failed): $locks"
    run "$P" validate
    [ "$RC" = 0 ] || fail "$what: validate after the failure of $hit: exit $RC: $ERR"
    incremental=$(facts "$PASSPORT_REGISTRY") || fail "$what: the index cannot be read"
    rm -rf "$WORK/copy"
    cp -a "$PASSPORT_REGISTRY" "$WORK/copy"
    "$P" --registry "$WORK/copy" reindex >/dev/null || fail "$what: reindex"
    [ "$incremental" = "$(facts "$WORK/copy")" ] ||
        fail "$what: the index disagrees with history after $hit failed"
    status=$rc
}

# FAULT_IO_STEP: fail every STEP-th call only (the sanitizer build, where
# each run is ten times slower); every call in the normal build.
STEP=${FAULT_IO_STEP:-1}
for mode in EIO ENOSPC; do
    n=1 failures=0 committed=0
    while :; do
        one_run "$mode" "$n"
        if [ "$hit" = - ]; then
            [ "$status" = 0 ] || fail "$mode: the put with nothing failing: exit $status"
            break
        fi
        [ "$status" = 0 ] || failures=$((failures + 1))
        [ "$(tip)" = "$before" ] || committed=$((committed + 1))
        n=$((n + STEP))
        [ "$n" -le 2000 ] || fail "$mode: more than 2000 calls"
    done
    [ "$calls" -gt 10 ] || fail "$mode: only $calls calls counted (is the shim loaded?)"
    echo "$mode: $calls calls, one in $STEP failed in turn: $failures reported, $committed committed, the registry consistent after each"
done
echo ok
