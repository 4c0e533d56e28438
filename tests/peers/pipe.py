#!/usr/bin/env python3
"""pipe.py PASSPORT - crosscheck from a pipe, which cannot be read twice.

A regular file is checked whole before any row is written (tests/cli/0395,
0493); a pipe is compared as it comes, so a malformed row stops it after
the rows before it were written, every one of them, with the error naming
its line and exit status 3.  A well-formed pipe gives what the same file
gives."""
import os
import subprocess
import sys
import tempfile

HEAD = "Model,Parameters,Training compute (FLOP),Training dataset size (total)\n"
GOOD = "Kimi K2,1000000000000.0,2.976e+24,15500000000000.0\n"


def run(binary, env, data, *args):
    p = subprocess.Popen([binary, "crosscheck", "--epoch", "-", *args],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)
    out, err = p.communicate(data.encode())
    return p.returncode, out.decode(), err.decode()


def main():
    binary = sys.argv[1]
    fails = []
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, PASSPORT_REGISTRY=os.path.join(work, "reg"),
                   HOME=work, XDG_DATA_HOME=os.path.join(work, "xdg"),
                   GIT_AUTHOR_NAME="Test Curator",
                   GIT_AUTHOR_EMAIL="curator@example.org")
        subprocess.run([binary, "init", "-q", env["PASSPORT_REGISTRY"]],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        # enough rows to pass the 64 KiB the output is handed over in
        rows = 2000
        status, out, err = run(binary, env,
                               HEAD + GOOD * rows + 'Kimi K2,"1"x,,\n')
        if status != 3:
            fails.append(f"malformed pipe: exit {status}, expected 3")
        if err != f"passport crosscheck: <stdin>:{rows + 2}: text after the " \
                  "closing quote of a field\n":
            fails.append(f"malformed pipe: stderr {err!r}")
        if out.count("= kimi-k2\n") != rows or "rows:" in out:
            fails.append(f"malformed pipe: {out.count('= kimi-k2')} rows "
                         f"written of {rows}, or a summary")
        path = os.path.join(work, "good.csv")
        with open(path, "w", encoding="utf-8") as f:
            f.write(HEAD + GOOD * 3)
        for fmt in ("text", "json"):
            piped = run(binary, env, HEAD + GOOD * 3, "--format", fmt)
            whole = subprocess.run([binary, "crosscheck", "--epoch", path,
                                    "--format", fmt], env=env,
                                   capture_output=True, text=True)
            if piped != (whole.returncode, whole.stdout, whole.stderr):
                fails.append(f"{fmt}: a pipe and a file give different output")
    for f in fails:
        print("FAIL:", f)
    if fails:
        return 1
    print("ok: a pipe is crosschecked as it comes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
