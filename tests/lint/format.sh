#!/usr/bin/env bash
# format.sh ROOT: every C file is in the form .clang-format gives it, and no
# line is 100 characters or longer (characters, not bytes: Cyrillic and Han
# take several bytes each).
set -u
root=$1
cd "$root" || exit 1
fail=0
files=$(git ls-files '*.c' '*.h' 2>/dev/null | grep -v node_modules)
if ! command -v clang-format >/dev/null; then
    echo "FAIL: clang-format is not installed (bash .ci/setup installs it)"
    exit 1
fi
for f in $files; do
    if ! clang-format --style=file "$f" | cmp -s - "$f"; then
        echo "FAIL: $f is not formatted (clang-format -i $f)"
        fail=1
    fi
done
long=$(python3 - $files <<'PY'
import sys
for f in sys.argv[1:]:
    for n, line in enumerate(open(f, encoding="utf-8"), 1):
        if len(line.rstrip("\n")) >= 100:
            print("%s:%d: %d characters" % (f, n, len(line.rstrip("\n"))))
PY
)
if [ -n "$long" ]; then
    echo "FAIL: lines of 100 characters or more:"
    echo "$long"
    fail=1
fi
[ "$fail" = 0 ] && echo "ok: $(echo "$files" | wc -l) files formatted, no line of 100 characters"
exit "$fail"
