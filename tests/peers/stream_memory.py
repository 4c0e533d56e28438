#!/usr/bin/env python3
"""stream_memory.py PASSPORT [SMALL LARGE] - crosscheck reads a peer CSV
row by row.

Generates Epoch-shaped CSV files of 30 000 and 300 000 rows (or SMALL and
LARGE) (Epoch's
header, quoted notes with commas and line breaks, one row that names a
passport) and runs `passport crosscheck --epoch` on each, in a fresh
registry, measuring the child's peak resident memory.  The larger run must
stay within 1.5 x the smaller's plus 8 MiB (under AddressSanitizer its
quarantine of freed memory is kept small, or it would grow instead): memory flat in the number of
rows (docs/LIMITS.md, peer CSV).  No timing is asserted."""
import os
import resource
import subprocess
import sys
import tempfile

HEADER = ("Model,Organization,Publication date,Parameters,Parameters notes,"
          "Training compute (FLOP),Training compute notes,"
          "Training dataset size (total),Dataset size notes,Confidence,"
          "Training hardware,Hardware quantity,Training time (hours),"
          "Training time notes,Model accessibility,Link\n")


def row(i):
    return (f"Synthetic Model {i},Lab {i % 97},2024-0{1 + i % 9}-1{i % 9},"
            f"{7 + i % 90}000000000.0,\"\"\"{i} billion, as the report "
            f"says\"\"\nsecond line\",{1 + i % 9}.5e+23,\"6ND, from the "
            f"paper\",{1 + i % 20}000000000000,tokens,Likely,"
            f"NVIDIA H100 SXM5 80GB,{1024 + i % 4096},720,,Open weights,"
            f"https://example.org/model/{i}\n")


def make(path, n):
    with open(path, "w", encoding="utf-8") as f:
        f.write(HEADER)
        for i in range(n):
            f.write(row(i))
            if i == n // 2:  # one row with a passport, mid-file
                f.write("Llama 3-8B,Meta AI,2024-04-18,8000000000.0,,"
                        "7.2e+23,,15000000000000,,Confident,"
                        "NVIDIA H100 SXM5 80GB,,,,Open weights,\n")


def peak_kib(binary, csv, work):
    asan = os.environ.get("ASAN_OPTIONS", "")
    env = dict(os.environ, PASSPORT_REGISTRY=os.path.join(work, "reg"),
               HOME=work, XDG_DATA_HOME=os.path.join(work, "xdg"),
               ASAN_OPTIONS=(asan + ":" if asan else "") +
               "quarantine_size_mb=1")
    code = ("import resource,subprocess,sys\n"
            "p=subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL)\n"
            "print(p.returncode,resource.getrusage("
            "resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    out = subprocess.run([sys.executable, "-c", code, binary, "crosscheck",
                          "--epoch", csv], env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    status, kib = int(out[0]), int(out[1])
    if status != 0:
        sys.exit(f"FAIL: crosscheck of {csv} exited {status}")
    return kib


def main():
    binary = sys.argv[1]
    small, large = (int(a) for a in sys.argv[2:4]) if len(sys.argv) > 3 \
        else (30000, 300000)
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, PASSPORT_REGISTRY=os.path.join(work, "reg"),
                   HOME=work, GIT_AUTHOR_NAME="Test Curator",
                   GIT_AUTHOR_EMAIL="curator@example.org")
        subprocess.run([binary, "init", "-q", env["PASSPORT_REGISTRY"]],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        sizes = {}
        for n in (small, large):
            csv = os.path.join(work, f"rows{n}.csv")
            make(csv, n)
            sizes[n] = peak_kib(binary, csv, work)
            mb = os.path.getsize(csv) / 1e6
            print(f"{n} rows ({mb:.0f} MB): peak RSS {sizes[n] / 1024:.1f} MiB")
            os.unlink(csv)
        bound = 1.5 * sizes[small] + 8 * 1024
        if sizes[large] > bound:
            sys.exit(f"FAIL: {large} rows took {sizes[large]} KiB, more than "
                     f"1.5 x {sizes[small]} KiB + 8 MiB: memory grows with "
                     "the rows")
    print("ok: crosscheck memory is flat in the number of rows")


if __name__ == "__main__":
    main()
