# A damaged index never gives a wrong answer.  The index is a cache of
# git history: pages of random bytes written over it must lead every
# reading command either to the answer it gives on a healthy index (after
# rebuilding the index, which it says on standard error) or to a non-zero
# exit with a message -- never to different output with exit status 0.
# Then `passport doctor` finds the damage, and the stamp in meta.
. "$(dirname "$0")/lib.sh"
R="$WORK/reg"
I="$R/passport-index.sqlite"
export PASSPORT_REGISTRY="$R"
run "$P" init -q "$R"; expect_rc 0
mkdir -p w
at "2026-07-05T10:00:00Z"
edit_fact kimi-k2 training.tokens 1.6e13 > w/kimi-k2.json
"$P" put w/kimi-k2.json >/dev/null || fail put
at "2026-07-06T10:00:00Z"
"$P" rm moonlight -m "drop Moonlight" >/dev/null || fail rm

# Every reading command, one per line.
cat > commands <<'EOF'
list
list --format json
list --at main~1
list --at 2026-07-05 --format json
get k2 training.tokens --format json
get k2 training.tokens --at main~2
get deepseek-v3 params.active
show k2 --format json
show qwen3-235b-a22b
query 'params.active > 30B or training.tokens is undisclosed' --format csv
query 'optimizer ~ "Muon"' --at main~2
sql 'SELECT passport, key, value FROM facts ORDER BY passport, key, from_seq'
sql 'SELECT * FROM passports ORDER BY passport, from_seq'
log --format json
log kimi-k2
blame k2 --format json
diff main~2 main --format json
resolve deepseek
verify k2
EOF

# The healthy answers.
"$P" reindex >/dev/null 2>&1 || fail reindex
cp "$I" healthy.sqlite
n=0
while IFS= read -r cmd; do
    n=$((n + 1))
    eval "set -- $cmd"
    "$P" "$@" > "want.$n" 2>/dev/null
    echo $? > "want-rc.$n"
done < commands

# damage SEED: four pages of random bytes over a copy of the healthy
# index, at pages chosen by SEED (the first trial includes page 1, the
# header and schema).
damage() {
    python3 - "$I" "$1" <<'EOF'
import os, random, sys
path, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
size = os.path.getsize(path)
pages = size // 4096
picks = rng.sample(range(pages), min(4, pages))
if seed == 0:
    picks[0] = 0
with open(path, "r+b") as f:
    for p in picks:
        f.seek(p * 4096)
        f.write(rng.randbytes(4096))
print(" ".join(str(p) for p in sorted(picks)))
EOF
}

trials=${PP_CORRUPT_TRIALS:-12}
rebuilt=0 failed=0 same=0
for seed in $(seq 0 $((trials - 1))); do
    n=0
    while IFS= read -r cmd; do
        n=$((n + 1))
        cp healthy.sqlite "$I"
        rm -f "$I-journal" "$I-wal" "$I-shm"
        pages=$(damage "$seed")
        eval "set -- $cmd"
        "$P" "$@" > got 2> err
        rc=$?
        if [ "$rc" = "$(cat "want-rc.$n")" ] && cmp -s got "want.$n"; then
            if [ -s err ]; then rebuilt=$((rebuilt + 1)); else same=$((same + 1)); fi
            continue
        fi
        [ "$rc" != 0 ] && [ -s err ] && { failed=$((failed + 1)); continue; }
        fail "a wrong answer with exit status $rc: passport $cmd, pages $pages (seed $seed):
$(diff "want.$n" got | head -20)
stderr: $(cat err)"
    done < commands
done
echo "trials: $same unchanged, $rebuilt rebuilt with a notice, $failed failed with an error"

# A damaged page the command does read is found and rebuilt; the notice
# says so once.
cp healthy.sqlite "$I"
damage 3 >/dev/null
run "$P" list --format json; expect_rc 0
expect_eq "$(cat want.2)" "$OUT" "list on a damaged index"

# The stamp: a meta row that parses but lies is seen before any answer.
cp healthy.sqlite "$I"
sqlite3 "$I" "UPDATE meta SET value = replace(value, 'facts=', 'facts=9') WHERE key = 'stamp'" ||
    fail "sqlite3"
run "$P" get k2 training.tokens --format json; expect_rc 0
expect_eq "$(cat want.5)" "$OUT" "answer after a stamp mismatch"
expect_eq "passport get: the index was damaged (its integrity stamp does not match its tables); rebuilt it from the registry's history" "$ERR" "stamp notice"
# Rows gone from the end of a table (a file cut short, say).
cp healthy.sqlite "$I"
sqlite3 "$I" "DELETE FROM facts WHERE rowid = (SELECT max(rowid) FROM facts)" || fail "sqlite3"
run "$P" list --format json; expect_rc 0
expect_eq "$(cat want.2)" "$OUT" "answer after rows went missing"
expect_contains "$ERR" "integrity stamp" "rows missing: notice"

# doctor: healthy, then damaged (it reports and never rebuilds).
cp healthy.sqlite "$I"
run "$P" doctor; expect_rc 0
expect_contains "$OUT" "ok" "doctor healthy"
run "$P" doctor --format json; expect_rc 0
expect_eq "true" "$(json 'j.healthy')" "doctor json healthy"
damage 5 >/dev/null
cp "$I" damaged.sqlite
run "$P" doctor; expect_rc 1
expect_contains "$OUT" "index" "doctor names the index"
expect_contains "$OUT" "passport reindex" "doctor says what to do"
cmp -s "$I" damaged.sqlite || fail "doctor changed the index"
run "$P" doctor --format json; expect_rc 1
expect_eq "false" "$(json 'j.healthy')" "doctor json damaged"
# A damaged git object is found too.
cp healthy.sqlite "$I"
obj=$(find "$R/objects" -type f -path '*/objects/??/*' | head -1)
chmod u+w "$obj"
printf 'garbage' > "$obj"
run "$P" doctor; expect_rc 1
expect_contains "$OUT" "objects" "doctor names the objects"
echo "ok: corrupt"
