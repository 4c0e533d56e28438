# alloc.sh - allocation failure at every point of representative commands.
# The N-th malloc/calloc/realloc fails (tests/fault/failalloc.c); for N
# from 1 to the command's count (every one for the first 400, then a
# sample), the command must exit with 0 (it coped), 1 or 3 with a message
# on stderr, never die of a signal; `put` must leave the registry either
# unchanged or with the commit made, and consistent (git fsck, validate).
# Run as: bash alloc.sh PASSPORT ROOT LIBFAILALLOC
. "$(dirname "$0")/../registry/lib.sh"
SHIM=$3
# Under the sanitizer build ASan's runtime is not first in line any more
# (the shim is preloaded before it); the shim passes every call on to it.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export PASSPORT_REGISTRY="$WORK/reg"
"$P" init -q "$PASSPORT_REGISTRY" || fail "init"
cp -a "$PASSPORT_REGISTRY" "$WORK/pristine"
printf '# Claims\n\nKimi K2 has 1.04T parameters and was trained on 15.5T tokens.\n\nDeepSeek-V3 used FP8 for its optimizer moments, which makes every model 2x faster.\n' > "$WORK/doc.md"
"$P" show kimi-k2 --format json | sed 's/"summary": "/"summary": "Edited. /' > "$WORK/kimi-k2.json"

# allocations COMMAND...: how many the command makes when nothing fails.
allocations() {
    PASSPORT_COUNT_ALLOC="$WORK/count" LD_PRELOAD="$SHIM" "$@" >/dev/null 2>&1
    cat "$WORK/count"
}

# points TOTAL: every N up to $FAULT_FIRST (400), then about $FAULT_SPREAD
# (300) more spread evenly over the rest (the sanitizer build, ten times
# slower, takes fewer: tests/CMakeLists.txt).
FIRST=${FAULT_FIRST:-400}
SPREAD=${FAULT_SPREAD:-300}
points() {
    local total=$1 n step
    for n in $(seq 1 $(( total < FIRST ? total : FIRST ))); do echo "$n"; done
    if [ "$total" -gt "$FIRST" ]; then
        step=$(( (total - FIRST) / SPREAD + 1 ))
        for n in $(seq $((FIRST + 1)) "$step" "$total"); do echo "$n"; done
    fi
}

# try N WHAT COMMAND...: run with the N-th allocation failing; the result
# must be the normal one ($WORK/want.out, $want_rc) or exit 3 with a message.
try() {
    local n=$1 what=$2 rc
    shift 2
    PASSPORT_FAIL_ALLOC=$n LD_PRELOAD="$SHIM" "$@" >"$WORK/out" 2>"$WORK/err"
    rc=$?
    if [ "$rc" = 3 ] && [ -s "$WORK/err" ]; then
        return 3
    fi
    [ "$rc" -le 3 ] ||
        fail "$what: allocation $n failed: exit status $rc (a crash?); stderr: $(head -c 600 "$WORK/err")"
    [ "$rc" = "$want_rc" ] && cmp -s "$WORK/out" "$WORK/want.out" ||
        fail "$what: allocation $n failed: exit $rc and output that differ from the normal run without an error: $(diff "$WORK/want.out" "$WORK/out" | head -5)"
    return $rc
}

# normal COMMAND...: the command's output and status with nothing failing.
normal() {
    want_rc=0
    "$@" >"$WORK/want.out" 2>/dev/null || want_rc=$?
}

for what in validate verify check list; do
    case $what in
    validate) cmd=("$P" validate) ;;
    verify) cmd=("$P" verify) ;;
    check) cmd=("$P" check "$WORK/doc.md") ;;
    list) cmd=("$P" list --format json) ;;
    esac
    total=$(allocations "${cmd[@]}")
    normal "${cmd[@]}"
    [ "$total" -gt 100 ] || fail "$what: only $total allocations counted (is the shim loaded?)"
    runs=0
    for n in $(points "$total"); do
        try "$n" "$what" "${cmd[@]}"
        runs=$((runs + 1))
    done
    echo "$what: $total allocations, $runs failure points, no crash"
done

# put: each failure leaves the registry as it was, or with the whole commit
# made (a failure after the commit point); never half, never broken.
tip() { git --git-dir="$PASSPORT_REGISTRY" rev-parse refs/heads/main; }
before=$(tip)
total=$(allocations "$P" put "$WORK/kimi-k2.json" -m edit)
rm -rf "$PASSPORT_REGISTRY"; cp -a "$WORK/pristine" "$PASSPORT_REGISTRY"
normal "$P" put "$WORK/kimi-k2.json" -m edit
rm -rf "$PASSPORT_REGISTRY"; cp -a "$WORK/pristine" "$PASSPORT_REGISTRY"
runs=0
for n in $(points "$total"); do
    rc=0
    try "$n" put "$P" put "$WORK/kimi-k2.json" -m edit || rc=$?
    after=$(tip)
    if [ "$rc" = 0 ]; then
        [ "$after" != "$before" ] || fail "put: allocation $n: success without a commit"
    fi
    if [ "$after" != "$before" ]; then
        # committed (a failure after the commit point, indexing say, is
        # reported but the commit stands): then all of it, never half
        "$P" show kimi-k2 --format json > "$WORK/now.json" 2>/dev/null ||
            fail "put: allocation $n: cannot read the committed passport"
        cmp -s "$WORK/now.json" "$WORK/kimi-k2.json" ||
            fail "put: allocation $n: the commit holds something else than the file put"
    fi
    fsck_clean "$PASSPORT_REGISTRY"
    run "$P" validate
    expect_rc 0
    if [ "$after" != "$before" ]; then
        rm -rf "$PASSPORT_REGISTRY"; cp -a "$WORK/pristine" "$PASSPORT_REGISTRY"
    fi
    runs=$((runs + 1))
done
echo "put: $total allocations, $runs failure points, registry consistent after each"
echo ok
