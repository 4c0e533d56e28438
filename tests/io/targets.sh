#!/usr/bin/env bash
# targets.sh PASSPORT ROOT - what `-o FILE`, `fmt` and the other writers do
# to what is already at the path (issue: atomic writes replaced a device
# or a link with a regular file; as root, `report -o /dev/null` replaced
# the system's /dev/null).  A regular file or a new path is replaced
# atomically, keeping its permissions; a symbolic link is written through
# (it stays a link); a character device, a FIFO and /dev/stdout are written
# straight; a directory, a block device and a dangling link are refused
# with a message and left as they were.
set -u
bin=$1 root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
export PASSPORT_SHIPPED="$root/passports" PASSPORT_REGISTRY="$work/reg"
export GIT_AUTHOR_NAME=T GIT_AUTHOR_EMAIL=t@example.org GIT_CONFIG_NOSYSTEM=1
"$bin" init -q "$work/reg" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# a regular file: replaced, its mode kept
echo old > page.html
chmod 640 page.html
"$bin" report -o page.html || fail "report -o page.html"
grep -q '<!DOCTYPE html>' page.html || fail "page.html was not written"
[ "$(stat -c %a page.html)" = 640 ] || fail "page.html lost its mode: $(stat -c %a page.html)"

# a symbolic link: written through, still a link
echo old > target.html
ln -s target.html link.html
"$bin" report -o link.html || fail "report -o link.html"
[ -L link.html ] || fail "link.html is no longer a link"
grep -q '<!DOCTYPE html>' target.html || fail "the link's target was not written"

# a dangling link: refused, left alone
ln -s missing.html dangling.html
out=$("$bin" report -o dangling.html 2>&1); rc=$?
[ "$rc" = 3 ] || fail "dangling link: exit $rc"
case "$out" in *"is a symbolic link to a missing file"*) ;; *) fail "dangling link: '$out'" ;; esac
[ -L dangling.html ] && [ ! -e missing.html ] || fail "the dangling link was changed"

# a directory: refused
mkdir dir.html
out=$("$bin" report -o dir.html 2>&1); rc=$?
[ "$rc" = 3 ] || fail "directory: exit $rc"
case "$out" in *"it is a directory"*) ;; *) fail "directory: '$out'" ;; esac

# a FIFO: written straight, not replaced by a file
mkfifo pipe.html
(wc -c < pipe.html > fifo.count) &
reader=$!
"$bin" report -o pipe.html || fail "report -o pipe.html"
wait "$reader"
[ -p pipe.html ] || fail "the FIFO was replaced"
[ "$(cat fifo.count)" -gt 1000 ] || fail "the FIFO's reader got $(cat fifo.count) bytes"

# /dev/stdout (a link to the process's own descriptor): the page on stdout
n=$("$bin" report -o /dev/stdout | wc -c)
[ "$n" -gt 1000 ] || fail "-o /dev/stdout wrote $n bytes"
[ -L /dev/stdout ] || fail "/dev/stdout is no longer a link"
n=$("$bin" export --epoch -o - | wc -c)
[ "$n" -gt 100 ] || fail "-o - wrote $n bytes"

# a character device: our own null device (root: mknod), else /dev/null
if [ "$(id -u)" = 0 ] && mknod null.dev c 1 3 2>/dev/null; then
    dev=null.dev
else
    dev=/dev/null
fi
"$bin" report -o "$dev" || fail "report -o $dev"
[ -c "$dev" ] || fail "$dev is no longer a character device"

# fmt through a link rewrites the target, keeps the link
cp "$root/passports/moonlight.json" real.json
python3 - real.json <<'PY'
import json, sys
p = sys.argv[1]
d = json.load(open(p))
open(p, "w").write(json.dumps(d))  # one line: not canonical
PY
ln -s real.json moonlight.json
"$bin" fmt moonlight.json >/dev/null || fail "fmt through a link"
[ -L moonlight.json ] || fail "fmt replaced the link"
cmp -s real.json "$root/passports/moonlight.json" || fail "fmt did not rewrite the target"

ls ./*.tmp.* >/dev/null 2>&1 && fail "a temporary file was left: $(ls ./*.tmp.*)"
[ "$fails" = 0 ] && echo "ok: files replaced, links followed, devices and FIFOs written, directories refused"
exit $((fails > 0))
