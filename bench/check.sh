#!/usr/bin/env bash
# bench/check.sh [MB] [RUNS]
#
# Prose-checker benchmark (issue: checking claims in prose).  Generates a
# mixed English/Russian/Chinese Markdown corpus of about MB megabytes
# (default 100) from the seeds and synthetic claims, then reports the median
# of RUNS runs (default 3) of `passport check --format json`, on one thread
# and on two (-j), beside ripgrep
# scanning the same corpus for the number-with-unit pattern alone: wall
# time, throughput and peak memory, as a Markdown table.
#
# Needs: build/passport, python3 (generator and peak-memory probe), rg
# (Debian ripgrep); cc and md4c's pkg-config file for the parse floor row
# (skipped without them).  BENCH_DIR keeps the corpus (default: a temporary
# folder, removed at the end).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
P="$root/build/passport"
MB=${1:-100}
RUNS=${2:-3}
for tool in python3 rg; do
    command -v "$tool" >/dev/null || { echo "bench: needs $tool (apt-get install ${tool/rg/ripgrep})" >&2; exit 2; }
done
[ -x "$P" ] || { echo "bench: build first: cmake -S . -B build && cmake --build build" >&2; exit 2; }

dir=${BENCH_DIR:-$(mktemp -d)}
mkdir -p "$dir"
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$dir"' EXIT
export PASSPORT_SHIPPED="$root/passports" PASSPORT_REGISTRY="$dir/reg"
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.org GIT_CONFIG_NOSYSTEM=1
[ -d "$dir/reg" ] || "$P" init -q "$dir/reg"
corpus="$dir/corpus.md"
if [ ! -s "$corpus" ]; then
    echo "generating a ${MB} MB corpus..." >&2
    python3 "$here/gen_prose.py" "$corpus" "$MB" "$root"
fi
bytes=$(stat -c %s "$corpus")

# The same number-with-unit pattern for ripgrep: a figure with a magnitude
# or unit after it.
pattern='[0-9][0-9.,]*\s*(K|M|B|T|trillion|billion|трлн|млрд|万亿|亿|%|GB|GiB|TFLOP/s|FLOP|tokens|токенов|Token|参数|parameters|параметров|GPUs?)'

# run_stats CMD...: median wall ms and max peak RSS (KiB) over RUNS runs.
run_stats() {
    python3 - "$RUNS" "$@" <<'PY'
import os, subprocess, sys, time, statistics
runs = int(sys.argv[1]); cmd = sys.argv[2:]
times, peaks = [], []
for _ in range(runs):
    t = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    times.append((time.monotonic() - t) * 1000)
    peaks.append(ru.ru_maxrss)
print(f"{statistics.median(times):.0f} {max(peaks)}")
PY
}

read -r pms pkb < <(run_stats "$P" check -j 1 --format json "$corpus")
read -r p2ms p2kb < <(run_stats "$P" check -j 2 --format json "$corpus")
read -r rms rkb < <(run_stats rg -c -e "$pattern" "$corpus")
# The floor of any checker that parses Markdown with a real parser: md4c
# alone, callbacks doing nothing (bench/md4c_floor.c).
floor="$dir/md4c_floor"
fms=""
if cc -O2 -o "$floor" "$here/md4c_floor.c" $(pkg-config --cflags --libs md4c) 2>/dev/null; then
    read -r fms fkb < <(run_stats "$floor" "$corpus")
fi
mbs() { python3 -c "print(f'{$bytes / 1048576 / ($1 / 1000):.1f}')"; }
echo "corpus: $(( bytes / 1048576 )) MB, median of $RUNS runs"
echo
echo "| tool | median | throughput | peak memory |"
echo "|---|---|---|---|"
echo "| passport check -j 1 --format json | ${pms} ms | $(mbs "$pms") MB/s | $(( pkb / 1024 )) MiB |"
echo "| passport check -j 2 --format json | ${p2ms} ms | $(mbs "$p2ms") MB/s | $(( p2kb / 1024 )) MiB |"
echo "| rg -c (number-with-unit pattern) | ${rms} ms | $(mbs "$rms") MB/s | $(( rkb / 1024 )) MiB |"
[ -z "$fms" ] || echo "| md4c parse alone, no-op callbacks (bench/md4c_floor.c) | ${fms} ms | $(mbs "$fms") MB/s | $(( fkb / 1024 )) MiB |"
echo
python3 -c "print(f'passport / ripgrep: {$pms / $rms:.1f}x the time')"
python3 -c "print(f'passport -j 2 / ripgrep: {$p2ms / $rms:.1f}x the time')"
[ -z "$fms" ] || python3 -c "print(f'passport -j 1 / md4c alone: {$pms / $fms:.1f}x the time')"
[ -z "$fms" ] || python3 -c "print(f'passport -j 2 / md4c alone: {$p2ms / $fms:.1f}x the time')"
[ -z "$fms" ] || python3 -c "print(f'md4c alone / ripgrep: {$fms / $rms:.1f}x the time')"
