# Incoming commits are checked before any branch moves (issue 19, item 3;
# as git's transfer.fsckObjects).  A remote whose history holds, in any
# commit, a symbolic link, a subfolder, an executable, a bad file name
# ("..json", "KIMI.json"), an invalid passport or a lead under passports/ is
# refused by pull and by clone, naming the commit and the path; the
# pulling registry stays byte for byte as it was (objects included), and a
# refused clone leaves nothing behind.  A valid remote still pulls and
# clones.  The bad commits are made with git plumbing (hash-object,
# mktree, commit-tree), which nothing in passport would write.
. "$(dirname "$0")/lib.sh"
export GIT_COMMITTER_NAME="Eve Mallory" GIT_COMMITTER_EMAIL=eve@example.org
A="$WORK/ann" B="$WORK/bob"
run "$P" --registry "$A" init -q "$A"; expect_rc 0
git init -q --bare remote.git || fail "git init --bare"
run "$P" --registry "$A" remote add origin "$WORK/remote.git"; expect_rc 0
run "$P" --registry "$A" push; expect_rc 0
run "$P" clone "$WORK/remote.git" "$B"; expect_rc 0
run "$P" --registry "$B" remote add evil "$WORK/evil.git"; expect_rc 0
run "$P" --registry "$B" list; expect_rc 0
base=$(git --git-dir=remote.git rev-parse main)
g() { git --git-dir="$WORK/evil.git" "$@"; }

# snapshot DIR: every path, and every file's bytes.
snapshot() {
    (cd "$1" && find . | LC_ALL=C sort &&
        find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum)
}

# evil LINE...: a fresh evil.git whose main is one commit on the remote's
# main; each LINE ("MODE TYPE OID\tNAME", as git mktree reads) is added
# to passports/ (replacing an entry of the same name).  $bad is the commit.
evil() {
    rm -rf "$WORK/evil.git"
    cp -r "$WORK/remote.git" "$WORK/evil.git"
    local dir root
    dir=$({ g ls-tree "$base:passports"; printf '%s\n' "$@"; } |
        awk -F'\t' '{ e[$2] = $0 } END { for (k in e) print e[k] }' | g mktree)
    root=$(printf '040000 tree %s\tpassports\n' "$dir" | g mktree)
    bad=$(echo "evil" | g commit-tree "$root" -p "$base")
    g update-ref refs/heads/main "$bad"
}

# refused WHAT PATH WHY: pull and clone of evil.git both refuse, naming
# $bad and PATH; nothing changes.
refused() {
    local before after
    before=$(snapshot "$B")
    run "$P" --registry "$B" pull evil; expect_rc 1
    expect_contains "$ERR" "refusing the pull: commit ${bad:0:12}: '$2': $3" "$1: pull"
    expect_contains "$ERR" "nothing was changed" "$1: pull"
    after=$(snapshot "$B")
    [ "$before" = "$after" ] || fail "$1: the registry changed: $(diff <(echo "$before") <(echo "$after"))"
    run "$P" clone "$WORK/evil.git" "$WORK/c1"; expect_rc 1
    expect_contains "$ERR" "refusing the clone: commit ${bad:0:12}: '$2': $3" "$1: clone"
    [ ! -e "$WORK/c1" ] || fail "$1: a refused clone left $WORK/c1 behind"
    mkdir "$WORK/c2"
    run "$P" clone "$WORK/evil.git" "$WORK/c2"; expect_rc 1
    [ -z "$(ls -A "$WORK/c2")" ] || fail "$1: a refused clone left files in an empty folder"
    rmdir "$WORK/c2"
}

k2=$(git --git-dir=remote.git rev-parse "$base:passports/kimi-k2.json")
blob() { printf '%s' "$1" | git --git-dir=remote.git hash-object -w --stdin; }

# --- file kinds ------------------------------------------------------
evil "120000 blob $(blob kimi-k2.json)	evil.json"
refused symlink passports/evil.json "a symbolic link"
sub=$(printf '100644 blob %s\tkimi-k2.json\n' "$k2" | git --git-dir=remote.git mktree)
evil "040000 tree $sub	sub"
refused subfolder passports/sub "a folder"
evil "100755 blob $k2	kimi-k2.json"
refused executable passports/kimi-k2.json "an executable file"

# --- file names ------------------------------------------------------
evil "100644 blob $k2	..json"
refused dot-name passports/..json "not a passport file name"
evil "100644 blob $k2	KIMI.json"
refused upper-case passports/KIMI.json "not a passport file name"
evil "100644 blob $k2	kimi-k2.txt"
refused not-json passports/kimi-k2.txt "not a passport file name"
evil "100644 blob $k2	kimi--k2.json"
refused double-hyphen passports/kimi--k2.json "not a passport file name"

# --- contents --------------------------------------------------------
evil "100644 blob $(blob '{"id": ')	broken.json"
refused bad-json passports/broken.json "1:8: malformed JSON"
evil "100644 blob $(blob '{"id": "thin"}')	thin.json"
refused schema passports/thin.json "missing required field"
evil "100644 blob $k2	kimi-k3.json"
refused id-mismatch passports/kimi-k3.json "/id: id 'kimi-k2' does not match the file name"
big=$(head -c 1100000 /dev/zero | tr '\0' ' ' | git --git-dir=remote.git hash-object -w --stdin)
evil "100644 blob $big	big.json"
refused too-big passports/big.json "larger than"
# A lead (import --as-leads) validates, but is not a curated passport: a
# pull refuses it as put does (it stays in leads/ until promoted).
"$P" --registry "$A" import --epoch "$ROOT/tests/cli/0401-import-leads/epoch_sample.csv" \
    --as-leads -o "$WORK/leads" >/dev/null || fail "import --as-leads"
lead=$(git --git-dir=remote.git hash-object -w "$WORK/leads/qwen2-5-72b.json")
evil "100644 blob $lead	qwen2-5-72b.json"
refused lead passports/qwen2-5-72b.json "/facts/compute.training/evidence/0: a lead: it cites the discovery lead 'epoch-ai-models' as evidence; leads stay out of the registry"

# --- passports itself is not a folder ---------------------------------
rm -rf evil.git && cp -r remote.git evil.git
root=$(printf '100644 blob %s\tpassports\n' "$k2" | g mktree)
bad=$(echo "evil" | g commit-tree "$root" -p "$base")
g update-ref refs/heads/main "$bad"
refused not-a-folder passports "not a folder"

# --- a bad commit under a good one: every commit is checked ----------
evil "120000 blob $(blob kimi-k2.json)	evil.json"
first=$bad
good=$(echo "clean again" | g commit-tree "$(g rev-parse "$base^{tree}")" -p "$first")
g update-ref refs/heads/main "$good"
refused buried passports/evil.json "a symbolic link"

# --- what a valid remote brings still comes ----------------------------
ls -d "$B"/passport-incoming-* 2>/dev/null && fail "a quarantine was left behind"
at "2026-07-02T10:00:00Z"
mkdir -p w
"$P" --registry "$A" show kimi-k2 --format json |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);j.facts["training.tokens"].value=1.6e13;console.log(JSON.stringify(j))})' > w/kimi-k2.json
run "$P" --registry "$A" put -m "K2 tokens" w/kimi-k2.json; expect_rc 0
run "$P" --registry "$A" push; expect_rc 0
run "$P" --registry "$B" pull; expect_rc 0
expect_contains "$OUT" "fast-forward" "a valid remote pulls"
expect_eq "$(git --git-dir=remote.git rev-parse main)" "$(git --git-dir="$B" rev-parse main)" "the branch moved"
expect_eq "$(git --git-dir=remote.git rev-parse main)" "$(git --git-dir="$B" rev-parse refs/remotes/origin/main)" "origin/main moved"
run "$P" --registry "$B" get k2 training.tokens --format json; expect_rc 0
expect_eq 16000000000000 "$(json j.value)" "the pulled value"
run "$P" --registry "$B" validate; expect_rc 0
fsck_clean "$B"
ls -d "$B"/passport-incoming-* 2>/dev/null && fail "a quarantine was left behind"
run "$P" clone "$WORK/remote.git" "$WORK/c3"; expect_rc 0
run "$P" --registry "$WORK/c3" get k2 training.tokens --format json; expect_rc 0
expect_eq 16000000000000 "$(json j.value)" "the cloned value"
echo ok: incoming
