# Crash safety: end the process at each step of 'put' (test-only crash
# points); afterwards the registry reads as either the old or the new
# state, the index agrees with git, and git fsck is clean.
. "$(dirname "$0")/lib.sh"
export PASSPORT_REGISTRY="$WORK/reg"
run "$P" init -q "$PASSPORT_REGISTRY"; expect_rc 0
mkdir -p w
n=0
for point in put-after-blobs put-after-trees put-after-commit put-after-ref \
             put-before-index index-before-commit; do
    n=$((n + 1))
    old=$("$P" get k2 training.tokens --format json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).value))')
    new="1.${n}e13"
    edit_fact kimi-k2 training.tokens "$new" > w/kimi-k2.json
    PASSPORT_TEST_CRASH_AT=$point "$P" put w/kimi-k2.json >/dev/null 2>&1
    rc=$?
    [ "$rc" = 137 ] || fail "$point: the crash point was not reached (exit $rc)"
    fsck_clean "$PASSPORT_REGISTRY"
    run "$P" validate; expect_rc 0
    run "$P" get k2 training.tokens --format json; expect_rc 0
    got=$(json j.value)
    want_new=$(node -e "console.log(Number('$new'))")
    case "$point" in
    put-after-blobs|put-after-trees|put-after-commit)
        expect_eq "$old" "$got" "$point: the branch did not move" ;;
    *)
        expect_eq "$want_new" "$got" "$point: the commit is in" ;;
    esac
    # The index caught up by itself and agrees with a rebuilt one.
    run "$P" sql "SELECT passport, key, value, from_seq, to_seq FROM facts ORDER BY 1, 2, 4"
    incremental=$OUT
    cp -r "$PASSPORT_REGISTRY" "$WORK/copy"
    run "$P" --registry "$WORK/copy" reindex; expect_rc 0
    run "$P" --registry "$WORK/copy" sql "SELECT passport, key, value, from_seq, to_seq FROM facts ORDER BY 1, 2, 4"
    expect_eq "$incremental" "$OUT" "$point: index consistent"
    rm -rf "$WORK/copy"
done
echo "ok: crash safety"
