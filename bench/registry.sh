#!/usr/bin/env bash
# bench/registry.sh [PASSPORTS] [COMMITS] [RUNS]
#
# Registry benchmark (issue: the versioned registry).  Generates a registry
# of PASSPORTS passports over COMMITS commits (default 10000 and 1000) with
# git fast-import, then reports the median wall time of RUNS runs (default
# 5) of each operation beside the nearest plain-tool equivalent on the same
# data, as a Markdown table on standard output.
#
# Needs: build/passport (cmake --build build), git, jq, python3 (for the
# generator only).  Set BENCH_DIR to keep the generated data (default: a
# temporary folder, removed at the end).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
P="$root/build/passport"
N=${1:-10000}
C=${2:-1000}
RUNS=${3:-5}
for tool in git jq python3; do
    command -v "$tool" >/dev/null || { echo "bench: needs $tool (apt-get install $tool)" >&2; exit 2; }
done
[ -x "$P" ] || { echo "bench: build first: cmake -S . -B build && cmake --build build" >&2; exit 2; }

dir=${BENCH_DIR:-$(mktemp -d)}
mkdir -p "$dir"
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$dir"' EXIT
cd "$dir"
export PASSPORT_REGISTRY="$dir/reg" GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.org
export GIT_CONFIG_NOSYSTEM=1

now() { date +%s%N; }
# median_ms CMD...: run CMD $RUNS times (output discarded), print the median
# in milliseconds.
median_ms() {
    local t=() s e
    for _ in $(seq "$RUNS"); do
        s=$(now); "$@" >/dev/null 2>&1; e=$(now)
        t+=($(( (e - s) / 1000 )))
    done
    printf '%s\n' "${t[@]}" | sort -n | awk '{a[NR]=$1} END {m=a[int((NR+1)/2)]; printf "%.1f", m/1000}'
}

echo "generating $N passports over $C commits..." >&2
rm -rf reg && git init -q --bare reg
python3 "$here/gen_registry.py" "$N" "$C" "$root" | git --git-dir=reg fast-import --done --quiet
git --git-dir=reg symbolic-ref HEAD refs/heads/main
s=$(now); "$P" reindex >/dev/null; e=$(now)
echo "first index: $(( (e - s) / 1000000 )) ms" >&2
git --git-dir=reg archive main passports | tar -x -C "$dir"   # for jq
git clone -q reg wt                                             # for git commit
# a copy of Kimi K2 (the generator numbers copies of the shipped passports
# in file-name order, so which number is K2's depends on what is shipped)
id=$(cd "$dir/passports" && for f in kimi-k2-[0-9]*.json; do
    [ -e "$f" ] && echo "${f%.json}"; break; done)
[ -n "$id" ] || { echo "bench: no copy of kimi-k2 in the generated registry" >&2; exit 2; }
date_mid=$(date -u -d @$((1767225600 + C * 3600 / 2)) +%Y-%m-%d)

rows=()
row() { rows+=("| $1 | $2 | $3 | $4 | $(awk -v a="$2" -v b="$4" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }') |"); }

# 1. Full reindex vs reading the whole history with git.
row "full reindex" "$(median_ms "$P" reindex)" \
    "git log -p main -- passports" "$(median_ms git --git-dir=reg log -p main -- passports)"

# 2. Incremental index update after one new commit vs reading that commit.
one_commit() { # a commit made with plain git, then the index catches up
    local h
    printf 'commit refs/heads/main\ncommitter Bench <b@e> %s +0000\ndata 3\nbm\nfrom refs/heads/main^0\nM 100644 inline passports/%s.json\ndata <<EOF\n%s\nEOF\n\n' \
        "$(date +%s)" "$id" "$("$P" show "$id" --format json | sed "s/\"sig_digits\": 3/\"sig_digits\": $((RANDOM % 3 + 1))/")" \
        | git --git-dir=reg fast-import --quiet --force
}
inc() { one_commit; s=$(now); "$P" sql "SELECT 1" >/dev/null; e=$(now); echo $(( (e - s) / 1000 )); }
t=(); for _ in $(seq "$RUNS"); do t+=("$(inc)"); done
inc_ms=$(printf '%s\n' "${t[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')
row "incremental index, one new commit" "$inc_ms" \
    "git diff-tree -p main~1 main" "$(median_ms git --git-dir=reg diff-tree -p main~1 main)"

# 3. put of one passport vs git commit of one file.
"$P" show "$id" --format json > "$id.json"
flip=0
put_one() {
    flip=$((1 - flip))
    sed -i "0,/\"sig_digits\": [0-9]*/s//\"sig_digits\": $((flip + 1))/" "$id.json"
    "$P" put "$id.json"
}
git_commit_one() {
    sed -i "0,/\"sig_digits\": [0-9]*/s//\"sig_digits\": $((RANDOM % 5 + 1))/" "wt/passports/$id.json"
    git -C wt commit -qam bench
}
row "put one passport" "$(median_ms put_one)" "git commit -a (one file, work tree)" "$(median_ms git_commit_one)"

# 4. Query at the tip vs jq over the exported tree.
q='params.active > 30B and optimizer ~ "muon"'
row "query: $q" "$(median_ms "$P" query "$q" --format csv)" \
    "jq over $N exported files" \
    "$(median_ms sh -c 'jq -c "select(.facts[\"params.active\"].value > 3e10 and (.optimizer | tostring | test(\"muon\"; \"i\"))) | .id" passports/*.json')"

# 5. get --at a date vs git log --before + git show + jq.
asof() {
    h=$(git --git-dir=reg log -1 --before="$date_mid 23:59:59 +0000" --format=%H main)
    git --git-dir=reg show "$h:passports/$id.json" | jq '.facts["training.tokens"].value'
}
row "get --at $date_mid" "$(median_ms "$P" get "$id" training.tokens --at "$date_mid")" \
    "git log --before + git show + jq" "$(median_ms asof)"

# 6. blame of one passport vs git log -p of its file.
row "blame one passport" "$(median_ms "$P" blame "$id")" \
    "git log -p -- passports/$id.json \\| grep value" \
    "$(median_ms sh -c "git --git-dir=reg log -p -- passports/$id.json | grep -n '\"value\"'")"

# 7. one SQL statement on the index vs the sqlite3 shell on the same file.
if command -v sqlite3 >/dev/null; then
    q="SELECT count(*) FROM facts WHERE to_seq IS NULL"
    row "sql: count current facts" "$(median_ms "$P" sql "$q")" \
        "sqlite3 on the index file" \
        "$(median_ms sqlite3 -readonly reg/passport-index.sqlite "$q")"
fi

cpu=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)
echo "### Registry: $N passports, $C commits, median of $RUNS runs"
echo
echo "Machine: $(nproc) cores, ${cpu:-unknown CPU}, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); $(uname -sr); $(git --version); jq $(jq --version | tr -d jq-)."
echo
echo "| operation | passport (ms) | baseline | baseline (ms) | ratio |"
echo "|---|---:|---|---:|---:|"
printf '%s\n' "${rows[@]}"
