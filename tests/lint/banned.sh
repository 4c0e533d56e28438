#!/usr/bin/env bash
# banned.sh ROOT: every C file ends its includes with core/banned.h, and no
# banned call appears anywhere (banned.h explains why each is banned).
set -u
root=$1
cd "$root" || exit 1
fail=0
files=$(git ls-files '*.c' 2>/dev/null || find core schema registry verify cli tests -name '*.c')
for f in $files; do
    case "$f" in tests/*) continue ;; esac
    if ! grep -q '#include ".*banned.h"' "$f"; then
        echo "FAIL: $f does not include banned.h"
        fail=1
    fi
done
if grep -nE '\b(strcpy|strcat|strncpy|strncat|sprintf|vsprintf|strtok|gets|atoi|atol|atof)[[:space:]]*\(' \
        $files | grep -v '^core/banned.h'; then
    echo "FAIL: banned calls above"
    fail=1
fi
[ "$fail" = 0 ] && echo "ok: no banned calls"
exit "$fail"
