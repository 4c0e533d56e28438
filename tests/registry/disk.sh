# disk.sh - a full disk and a read-only index (issue 19).  The index is
# left behind the branch (a commit it did not follow), then it cannot be
# written: on a small tmpfs filled to the last block, and as a file
# without write permission (run as user nobody, since root writes
# anyway).  Then `put` says the system's reason, exits 3 and commits
# nothing; the reading commands give the answers of an up-to-date index
# and say once why the index was not updated; once it can be written
# again, the next command brings it up to date.  A pull does not move
# the branch while the index cannot follow.  Needs root (mount,
# setpriv); skipped otherwise (exit 77).
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || { echo "SKIP: needs root (mount, setpriv)"; exit 77; }
tip() { git --git-dir="$R" rev-parse refs/heads/main; }
head_of_index() { # read the file as it is (python3's sqlite3, read-only)
    python3 -c 'import sqlite3, sys
db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
print(db.execute("SELECT value FROM meta WHERE key = ?", ("head",)).fetchone()[0])' \
        "$R/passport-index.sqlite"
}
notices() { printf '%s\n' "$ERR" | grep -c "the index cannot be updated"; }

# stale_registry DIR: a registry whose index file is one commit behind
# the branch (kimi-k2 edited once), with the answers of an up-to-date
# index kept in $WORK/want.*.
stale_registry() {
    R=$1
    export PASSPORT_REGISTRY=$R
    "$P" init -q "$R" || fail "init"
    "$P" show kimi-k2 --format json | sed 's/"summary": "/"summary": "Edited. /' \
        > "$WORK/kimi-k2.json"
    mkdir -p "$WORK/again"
    sed 's/Edited\. /Again. /' "$WORK/kimi-k2.json" > "$WORK/again/kimi-k2.json"
    cp "$R/passport-index.sqlite" "$WORK/old-index"
    "$P" put "$WORK/kimi-k2.json" -m edit >/dev/null || fail "put"
    "$P" list > "$WORK/want.list"
    "$P" get kimi-k2 summary.text > "$WORK/want.get" 2>&1
    "$P" show kimi-k2 > "$WORK/want.show"
    "$P" query 'params.total > 1T' > "$WORK/want.query"
    "$P" validate > "$WORK/want.validate"
    grep -q "Edited\. " "$WORK/want.show" || fail "the edit is not shown"
    cp "$WORK/old-index" "$R/passport-index.sqlite"
    before=$(tip)
    [ "$(head_of_index)" != "$before" ] || fail "the index is not behind"
}

# reads_answer HOW...: every reading command (run through HOW) gives the
# up-to-date answer and says once why the index was not updated.
reads_answer() {
    local what
    for what in list show query validate; do
        case $what in
        list) run "$@" list ;;
        show) run "$@" show kimi-k2 ;;
        query) run "$@" query 'params.total > 1T' ;;
        validate) run "$@" validate ;;
        esac
        expect_rc 0
        expect_eq "$(cat "$WORK/want.$what")" "$OUT" "$what while the index cannot be written"
        expect_eq 1 "$(notices)" "$what says once why the index was not updated ($ERR)"
    done
    run "$@" sql "SELECT value FROM meta WHERE key = 'head'"
    expect_rc 0
    expect_contains "$OUT" "$(tip)" "sql reads the history, not the stale file"
}

# --- a full disk ------------------------------------------------------------
mkdir "$WORK/small"
if ! mount -t tmpfs -o size=8m tmpfs "$WORK/small" 2>/dev/null; then
    echo "SKIP: cannot mount a tmpfs"; exit 77
fi
trap 'umount "$WORK/small" 2>/dev/null; rm -rf "$WORK"' EXIT
stale_registry "$WORK/small/reg"
dd if=/dev/zero of="$WORK/small/fill" bs=4k 2>/dev/null
run "$P" put "$WORK/again/kimi-k2.json" -m again
expect_rc 3
expect_contains "$ERR" "No space left on device" "put on a full disk says why"
expect_contains "$ERR" "nothing was committed" "put on a full disk"
expect_not_contains "$ERR" "cannot rollback" "put on a full disk"
expect_eq "$before" "$(tip)" "a put on a full disk commits nothing"
reads_answer "$P"
expect_contains "$ERR" "No space left on device" "the notice says why"
rm "$WORK/small/fill"
run "$P" list
expect_rc 0
expect_eq "" "$ERR" "no notice once the disk has room"
expect_eq "$before" "$(head_of_index)" "the index caught up once the disk has room"
run "$P" put "$WORK/again/kimi-k2.json" -m again
expect_rc 0
expect_eq "$(tip)" "$(head_of_index)" "a put follows with its index"
umount "$WORK/small" || fail "umount"
trap 'rm -rf "$WORK"' EXIT

# --- a read-only index file in a writable registry ------------------------
chmod 755 "$WORK"
stale_registry "$WORK/reg"
mkdir -p "$WORK/nobody"
printf '[safe]\n\tdirectory = %s\n\tdirectory = %s/\n' "$R" "$R" > "$WORK/nobody/.gitconfig"
cp "$P" "$WORK/nobody/passport"
mkdir -p "$WORK/nobody/again" && cp "$WORK/again/kimi-k2.json" "$WORK/nobody/again/"
chmod -R a+rX "$WORK/nobody"
chown -R nobody "$R"
chmod a-w "$R/passport-index.sqlite"
as_user() { setpriv --reuid=nobody --regid=nogroup --clear-groups \
              env HOME="$WORK/nobody" "$@"; }
UP="$WORK/nobody/passport"
run as_user "$UP" put "$WORK/nobody/again/kimi-k2.json" -m again
expect_rc 3
expect_contains "$ERR" "attempt to write a readonly database" "put says why"
expect_contains "$ERR" "nothing was committed" "put with a read-only index"
expect_eq "$before" "$(tip)" "a put with a read-only index commits nothing"
reads_answer as_user "$UP"
# the index is current but still read-only: put refuses before committing
chmod u+w "$R/passport-index.sqlite"
run as_user "$UP" list
expect_rc 0
expect_eq "" "$ERR" "no notice once the index can be written"
expect_eq "$before" "$(head_of_index)" "the index caught up once it can be written"
chmod a-w "$R/passport-index.sqlite"
run as_user "$UP" put "$WORK/nobody/again/kimi-k2.json" -m again
expect_rc 3
expect_contains "$ERR" "is read-only; nothing was committed" "put with a current read-only index"
expect_eq "$before" "$(tip)" "a put with a current read-only index commits nothing"
run as_user "$UP" show kimi-k2
expect_rc 0
expect_eq "$(cat "$WORK/want.show")" "$OUT" "show with a current read-only index"
expect_eq "" "$ERR" "a current read-only index is read as it is"

# --- a pull with a read-only index: the branch does not move -------------
git init -q --bare "$WORK/hub.git"
chown -R nobody "$WORK/hub.git" "$WORK/nobody"
run as_user "$UP" --registry "$R" remote add hub "$WORK/hub.git"; expect_rc 0
run as_user "$UP" --registry "$R" push hub; expect_rc 0
run as_user "$UP" clone "$WORK/hub.git" "$WORK/nobody/other"; expect_rc 0
run as_user "$UP" --registry "$WORK/nobody/other" put "$WORK/nobody/again/kimi-k2.json" -m other
expect_rc 0
run as_user "$UP" --registry "$WORK/nobody/other" push; expect_rc 0
run as_user "$UP" --registry "$R" pull hub
expect_rc 3
expect_contains "$ERR" "is read-only; nothing was committed" "pull with a read-only index"
expect_eq "$before" "$(tip)" "a pull with a read-only index does not move the branch"
chmod u+w "$R/passport-index.sqlite"
run as_user "$UP" --registry "$R" pull hub
expect_rc 0
expect_eq "$(git --git-dir="$WORK/hub.git" rev-parse refs/heads/main)" "$(tip)" "the pull fast-forwards"
expect_eq "$(tip)" "$(head_of_index)" "a pull follows with its index"
echo "ok"
