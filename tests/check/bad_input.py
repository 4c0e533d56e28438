#!/usr/bin/env python3
"""Bad input for `passport check`: invalid UTF-8, binary data, empty input,
a single 50 MB line and a 200 MB stream -- a clear message or a correct
result, never a crash, with peak memory that does not grow with the input.
Usage: bad_input.py PASSPORT ROOT [--big-mb 200] [--line-mb 50] [--mem-mb 64]"""
import argparse
import os
import random
import resource
import subprocess
import sys
import threading

from sandbox import sandbox

CLAIM = b"DeepSeek-V3 was pretrained on 18T tokens.\n"  # contradicted
FILLER = (b"The next module moves from training cost to serving cost; "
          b"nothing in this paragraph is a claim about a run.\n\n")

failures = []


def run(passport, env, args, data=None, feed=None):
    """Run the checker; `data` is stdin bytes, `feed` a generator of them.
    Returns (rc, stdout, stderr, peak RSS of this child in KiB)."""
    p = subprocess.Popen([passport, "check"] + args, env=env,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)

    def writer():
        try:
            if data is not None:
                p.stdin.write(data)
            elif feed is not None:
                for chunk in feed:
                    p.stdin.write(chunk)
        except BrokenPipeError:
            pass
        finally:
            p.stdin.close()

    t = threading.Thread(target=writer)
    t.start()
    out = p.stdout.read()
    err = p.stderr.read()
    t.join()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, out.decode("utf-8", "replace"), \
        err.decode("utf-8", "replace"), usage.ru_maxrss


def expect(name, cond, detail=""):
    print(f"{'ok  ' if cond else 'FAIL'} {name}{': ' + detail if detail else ''}")
    if not cond:
        failures.append(name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("passport")
    ap.add_argument("root")
    ap.add_argument("--big-mb", type=int, default=200)
    ap.add_argument("--line-mb", type=int, default=50)
    ap.add_argument("--mem-mb", type=int, default=64,
                    help="peak RSS bound (sanitizer builds need more)")
    a = ap.parse_args()
    env, tmp = sandbox(a.passport, a.root)

    rc, out, err, mem = run(a.passport, env, ["-"], b"")
    expect("empty input", rc == 0 and "0 claims" in out and err == "",
           f"rc {rc}, {out.strip()!r}")

    data = b"\xff\xfe\xc3(\xed\xa0\x80 broken bytes\n\n" + CLAIM
    rc, out, err, mem = run(a.passport, env, ["-"], data)
    expect("invalid UTF-8 around a claim", rc == 1 and "<stdin>:3:" in out
           and "18T" in out, f"rc {rc}")

    rnd = random.Random(7)
    blob = bytes(rnd.getrandbits(8) for _ in range(1 << 20))
    rc, out, err, mem = run(a.passport, env, ["-"], blob + b"\n\n" + CLAIM)
    expect("binary data before a claim", rc == 1 and "NUL byte" in err and
           "18T" in out, f"rc {rc}, {err.strip()[:120]!r}")

    def long_line():
        # generated piecewise: the test process stays small, so the child's
        # peak RSS (which counts what it inherited before exec) is its own
        for _ in range(a.line_mb):
            yield b"x" * (1 << 20)
        yield b"\n\n" + CLAIM

    rc, out, err, mem = run(a.passport, env, ["-"], feed=long_line())
    expect(f"a single {a.line_mb} MB line", rc == 1 and "longer than" in err
           and f"<stdin>:3:" in out and mem < a.mem_mb * 1024,
           f"rc {rc}, peak {mem // 1024} MiB")

    def big():
        block = FILLER * 64
        n = 0
        while n < (a.big_mb << 20):
            yield block
            n += len(block)
        yield CLAIM

    rc, out, err, mem = run(a.passport, env, ["--format", "json", "-"],
                            feed=big())
    expect(f"a {a.big_mb} MB stream", rc == 1 and '"contradicted": 1' in out
           and mem < a.mem_mb * 1024, f"rc {rc}, peak {mem // 1024} MiB")
    tmp.cleanup()
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
