# Two clones of one bare remote (a plain 'git init --bare'): edits of
# different facts merge; edits of the same fact conflict with both values
# shown and nothing lost; push after resolving succeeds; the remote's
# history holds both curators' commits.
. "$(dirname "$0")/lib.sh"
git init -q --bare remote.git || fail "git init --bare"

# Ann seeds the shared registry.
A="$WORK/ann"; B="$WORK/bob"
mkdir -p fa fb # the curators' working files, named <id>.json
ann() { GIT_AUTHOR_NAME="Ann Curator" GIT_AUTHOR_EMAIL=ann@example.org "$P" --registry "$A" "$@"; }
bob() { GIT_AUTHOR_NAME="Bob Reviewer" GIT_AUTHOR_EMAIL=bob@example.org "$P" --registry "$B" "$@"; }
run ann init -q "$A"; expect_rc 0
run ann remote add origin "$WORK/remote.git"; expect_rc 0
run ann remote add origin "$WORK/remote.git"; expect_rc 2
expect_contains "$ERR" "remote 'origin' already exists" "duplicate remote"
run ann push; expect_rc 0
run "$P" clone "$WORK/remote.git" "$B"; expect_rc 0
run bob get k2 params.total --format json; expect_rc 0
expect_eq 1040000000000 "$(json j.value)" "Bob's clone has the passports"
run bob pull; expect_rc 0
expect_contains "$OUT" "already up to date" "fresh clone is up to date"

# --- different facts of one passport: a clean merge -------------------
at "2026-07-02T10:00:00Z"
ann show kimi-k2 --format json >/dev/null
GIT_AUTHOR_NAME=x GIT_AUTHOR_EMAIL=x "$P" --registry "$A" show kimi-k2 --format json |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);j.facts["training.tokens"].value=1.6e13;console.log(JSON.stringify(j))})' > fa/kimi-k2.json
run ann put -m "Ann: K2 tokens" fa/kimi-k2.json; expect_rc 0
run ann push; expect_rc 0
at "2026-07-02T11:00:00Z"
"$P" --registry "$B" show kimi-k2 --format json |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);j.facts["context.length"]={value:128000,unit:"token",qualifier:"=",sig_digits:3,status:"disclosed",evidence:[{source:"course-m9",section:"§17",level:"fact",provenance:"developer"}]};console.log(JSON.stringify(j))})' > fb/kimi-k2.json
run bob put -m "Bob: K2 context" fb/kimi-k2.json; expect_rc 0
run bob push; expect_rc 1
expect_contains "$ERR" "pull" "a refused push says to pull"
at "2026-07-02T12:00:00Z"
run bob pull; expect_rc 0
expect_contains "$OUT" "merged" "different facts merge"
run bob get k2 training.tokens --format json; expect_rc 0
expect_eq 16000000000000 "$(json j.value)" "Ann's fact after the merge"
run bob get k2 context.length --format json; expect_rc 0
expect_eq 128000 "$(json j.value)" "Bob's fact after the merge"
run bob blame k2 training.tokens --format json; expect_rc 0
expect_eq "Ann Curator" "$(json 'j[0].author')" "blame names Ann's commit, not the merge"
run bob push; expect_rc 0
run ann pull; expect_rc 0
expect_contains "$OUT" "fast-forward" "Ann fast-forwards"
run ann get k2 context.length --format json; expect_rc 0
expect_eq 128000 "$(json j.value)" "Ann sees Bob's fact"

# --- the same fact: a conflict, nothing lost --------------------------
at "2026-07-03T10:00:00Z"
"$P" --registry "$A" show kimi-k2 --format json |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);j.facts["params.active"].value=3.3e10;console.log(JSON.stringify(j))})' > fa/kimi-k2.json
run ann put -m "Ann: K2 active 33B" fa/kimi-k2.json; expect_rc 0
run ann push; expect_rc 0
ann_commit=$(git --git-dir="$A" rev-parse main)
at "2026-07-03T11:00:00Z"
"$P" --registry "$B" show kimi-k2 --format json |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);j.facts["params.active"].value=3.2e10;console.log(JSON.stringify(j))})' > fb/kimi-k2.json
run bob put -m "Bob: K2 active 32B" fb/kimi-k2.json; expect_rc 0
bob_commit=$(git --git-dir="$B" rev-parse main)
run bob pull; expect_rc 1
expect_contains "$OUT" "conflict: kimi-k2 facts/params.active" "conflict named"
expect_contains "$OUT" "33.0B parameters" "their value shown"
expect_contains "$OUT" "32.0B parameters" "our value shown"
expect_contains "$OUT" "32.6B parameters" "base value shown"
expect_contains "$OUT" "${ann_commit:0:12}" "their commit shown"
expect_contains "$OUT" "${bob_commit:0:12}" "our commit shown"
expect_contains "$ERR" "nothing was changed" "pull says nothing changed"
expect_eq "$bob_commit" "$(git --git-dir="$B" rev-parse main)" "Bob's branch unmoved"
expect_eq "$ann_commit" "$(git --git-dir="$B" rev-parse refs/remotes/origin/main)" "Ann's commit kept"
run bob get k2 params.active --format json; expect_rc 0
expect_eq 32000000000 "$(json j.value)" "Bob still reads his value"
run bob pull; expect_rc 1
expect_contains "$ERR" "a merge is in progress" "a second pull waits for the resolution"
run bob resolve --list --format json; expect_rc 0
expect_eq 1 "$(json 'j.length')" "one open conflict"
expect_eq 33000000000 "$(json 'j[0].theirs.value')" "listed theirs"
run bob resolve kimi-k2 params.totl --theirs; expect_rc 3
run bob push; expect_rc 1
at "2026-07-03T12:00:00Z"
run bob resolve kimi-k2 params.active --theirs; expect_rc 0
expect_contains "$OUT" "merged" "the last resolution makes the merge"
run bob get k2 params.active --format json; expect_rc 0
expect_eq 33000000000 "$(json j.value)" "resolved value"
run git --git-dir="$B" rev-list --parents -n 1 main
expect_eq 3 "$(echo "$OUT" | wc -w)" "the resolution is a merge commit"
run bob push; expect_rc 0
run git --git-dir="$WORK/remote.git" log --format=%an%x09%s main
expect_contains "$OUT" "Ann Curator	Ann: K2 active 33B" "remote has Ann's commit"
expect_contains "$OUT" "Bob Reviewer	Bob: K2 active 32B" "remote has Bob's commit"
expect_contains "$OUT" "Ann Curator	Ann: K2 tokens" "remote has the earlier commits"
expect_contains "$OUT" "Bob Reviewer	Bob: K2 context" "remote has the earlier commits"
fsck_clean "$WORK/remote.git"
fsck_clean "$B"

# --- resolving with a value of one's own -------------------------------
run ann pull; expect_rc 0
at "2026-07-04T10:00:00Z"
edit_fact_at() { "$P" --registry "$1" show kimi-k3 --format json |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);j.facts["params.total"].value=Number(process.argv[1]);console.log(JSON.stringify(j))})' "$2"; }
edit_fact_at "$A" 2.79e12 > fa/kimi-k3.json; run ann put fa/kimi-k3.json; expect_rc 0; run ann push; expect_rc 0
edit_fact_at "$B" 2.77e12 > fb/kimi-k3.json; run bob put fb/kimi-k3.json; expect_rc 0
run bob pull; expect_rc 1
run bob resolve kimi-k3 params.total --value 2.78T; expect_rc 0
run bob get k3 params.total --format json; expect_rc 0
expect_eq 2780000000000 "$(json j.value)" "a value of one's own"
run bob push; expect_rc 0

# --- an aborted merge leaves everything as it was ----------------------
run ann pull; expect_rc 0
edit_fact_at "$A" 2.8e12 > fa/kimi-k3.json; run ann put fa/kimi-k3.json; expect_rc 0; run ann push; expect_rc 0
edit_fact_at "$B" 2.6e12 > fb/kimi-k3.json; run bob put fb/kimi-k3.json; expect_rc 0
before=$(git --git-dir="$B" rev-parse main)
run bob pull; expect_rc 1
run bob pull --abort; expect_rc 0
expect_eq "$before" "$(git --git-dir="$B" rev-parse main)" "abort leaves the branch"
run bob resolve --list; expect_rc 3
expect_contains "$ERR" "no merge in progress" "no merge after abort"
echo "ok: sync"
