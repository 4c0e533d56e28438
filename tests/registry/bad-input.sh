# Bad input: a path that is not a registry, a read-only registry, a
# corrupt index file, a query with SQL metacharacters, a revision that does
# not exist, a date in the future -- clear errors, no change.
. "$(dirname "$0")/lib.sh"
R="$WORK/reg"
export PASSPORT_REGISTRY="$R"
run "$P" init -q "$R"; expect_rc 0
tip=$(git --git-dir="$R" rev-parse main)
unchanged() { expect_eq "$tip" "$(git --git-dir="$R" rev-parse main)" "$1: registry unchanged"; }

# Not a registry.
mkdir plain
run "$P" --registry "$WORK/plain" list; expect_rc 3
expect_eq "passport list: '$WORK/plain' is not a registry: not a git repository (create one with 'passport init')" "$ERR" "plain folder"
git init -q worktree
run "$P" --registry "$WORK/worktree" list; expect_rc 3
expect_contains "$ERR" "a registry is a bare git repository" "non-bare repository"
run "$P" --registry "$WORK/missing" list; expect_rc 3
expect_contains "$ERR" "no registry at '$WORK/missing'" "missing path"
echo x > afile
run "$P" --registry "$WORK/afile" list; expect_rc 3
expect_contains "$ERR" "not a folder" "a file"
run "$P" init "$R"; expect_rc 2
expect_contains "$ERR" "already exists and is not an empty folder" "init over a registry"

# A revision that does not exist; a date in the future; a bad date.
run "$P" get k2 params.total --at no-such-rev; expect_rc 3
expect_eq "passport get: no revision 'no-such-rev' in the registry" "$ERR" "bad revision"
run "$P" list --at 2999-01-01; expect_rc 2
expect_eq "passport list: '2999-01-01' is in the future" "$ERR" "future date"
run "$P" list --at 1999-01-01; expect_rc 3
expect_contains "$ERR" "no commit at or before '1999-01-01'" "date before history"
run "$P" diff no-such-rev main; expect_rc 3
unchanged "revisions"

# SQL metacharacters are data, never SQL.
run "$P" query "name = \"x'; DROP TABLE facts; --\""; expect_rc 0
expect_eq "ID  NAME" "$OUT" "metacharacters match nothing"
run "$P" query "developer ~ \"%\" or name = '\" OR 1=1 --'" --format csv; expect_rc 0
expect_eq "id,name" "$(echo "$OUT" | tr -d '\r')" "LIKE wildcards are literal"
run "$P" sql "SELECT count(*) AS n FROM facts"; expect_rc 0
expect_contains "$OUT" "N" "facts table still there"
run "$P" sql "DROP TABLE facts"; expect_rc 2
expect_eq "passport sql: sql: only reading the index is allowed" "$ERR" "sql write refused"
run "$P" sql "ATTACH DATABASE '$WORK/x.db' AS x"; expect_rc 2
run "$P" sql "SELECT 1; DELETE FROM facts"; expect_rc 2
expect_contains "$ERR" "exactly one statement" "two statements"
run "$P" query 'params.active >> 3'; expect_rc 2
expect_contains "$ERR" "query:1:" "parse error with column"
run "$P" query 'params.totl > 3B'; expect_rc 2
expect_eq "passport query: query:1:1: unknown field 'params.totl' (a fact such as params.active, or id, name, developer, kind, family, optimizer, precision, mechanism)
  params.totl > 3B
  ^" "$ERR" "unknown field pointed at"
run "$P" query '(params.active > 3B'; expect_rc 2
expect_contains "$ERR" "missing ')'" "unbalanced parenthesis"
unchanged "queries"

# A corrupt index is rebuilt from history; answers are unchanged.
run "$P" get k2 params.total --format json; good=$OUT
printf 'this is not a database' > "$R/passport-index.sqlite"
run "$P" get k2 params.total --format json; expect_rc 0
expect_eq "$good" "$OUT" "answer after a corrupt index"
expect_contains "$ERR" "the index was unusable" "the rebuild is announced"
head -c 4096 /dev/urandom > "$R/passport-index.sqlite"
run "$P" list --format json; expect_rc 0
unchanged "corrupt index"

# A read-only registry: reads work, writes fail clearly and change nothing.
mkdir -p w && edit_fact kimi-k2 training.tokens 1.6e13 > w/kimi-k2.json
chmod -R a+rX "$WORK"
if [ "$(id -u)" = 0 ]; then
    # root ignores permissions: run as an unprivileged user instead.
    # Reading another user's registry takes git's safe.directory.
    mkdir -p "$WORK/nobody"
    printf '[safe]\n\tdirectory = %s\n\tdirectory = %s/\n' "$R" "$R" \
        > "$WORK/nobody/.gitconfig"
    # The checkout may live where that user cannot reach (a clone in a
    # `mktemp -d` folder is 0700): run a copy of the binary from here.
    cp "$P" "$WORK/nobody/passport"
    chmod -R a+rX "$WORK/nobody"
    UP="$WORK/nobody/passport"
    as_user() { setpriv --reuid=nobody --regid=nogroup --clear-groups \
                  env HOME="$WORK/nobody" "$@"; }
else
    UP=$P
    as_user() { "$@"; }
fi
chmod -R a-w "$R"
run as_user "$UP" get k2 params.total --format json; expect_rc 0
expect_eq "$good" "$OUT" "reading a read-only registry"
run as_user "$UP" put w/kimi-k2.json; expect_rc 3
expect_contains "$ERR" "passport put:" "write refused"
run as_user "$UP" rm kimi-k2 -m gone; expect_rc 3
chmod -R u+w "$R"
unchanged "read-only registry"
fsck_clean "$R"

# Files that fail validation are never committed, even with valid ones.
cp w/kimi-k2.json ok.json 2>/dev/null
mkdir -p v && edit_fact kimi-k3 params.total 2.9e12 > v/kimi-k3.json
printf '{"id": ' > v/broken.json
run "$P" put v/kimi-k3.json v/broken.json; expect_rc 1
expect_contains "$ERR" "broken.json:1:8" "the invalid file named"
expect_contains "$ERR" "nothing was committed" "nothing committed"
unchanged "invalid put"
run "$P" put v/kimi-k3.json v/kimi-k3.json; expect_rc 2
expect_contains "$ERR" "given twice" "the same passport twice"
unchanged "duplicate put"
echo "ok: bad input"
