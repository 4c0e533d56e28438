#!/usr/bin/env python3
"""complexity.py PASSPORT ROOT [CASE...]: every reader of untrusted input
costs time linear in its size.

For each case an input of size n and one of size 8n (both within the
documented limits, docs/LIMITS.md) are made, the command runs on each, and
the ratio of their CPU times (user + system of the child, the least of
three runs; a cheap command is repeated until it costs 0.2 s) must stay below 16: a
linear reader gives about 8, a quadratic one 64.  A ratio is asserted, not
a time: the same machine runs both sizes.  Prints one line per case.
"""
import json
import os
import subprocess
import sys
import tempfile
import threading
import http.server

from_dir = os.path.dirname(os.path.abspath(__file__))
RATIO = 16.0


def cpu(cmd, env, reps=1):
    """CPU seconds (user + system) of `reps` runs of `cmd`: the least of
    three such measurements."""
    best = None
    for _ in range(3):
        t = 0.0
        for _ in range(reps):
            p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, env=env)
            _, _, ru = os.wait4(p.pid, 0)
            t += ru.ru_utime + ru.ru_stime
        best = t if best is None else min(best, t)
    return best


def passport_aliases(n):
    d = json.load(open(os.path.join(ROOT, "passports", "kimi-k2.json")))
    d["aliases"] = ["Alias number %d" % i for i in range(n)]
    return json.dumps(d)


def passport_claims(n):
    d = json.load(open(os.path.join(ROOT, "passports", "kimi-k2.json")))
    claim = d["claims"][0]
    d["claims"] = [dict(claim, id="c%d" % i) for i in range(n)]
    return json.dumps(d)


def prose(n):
    line = ("Kimi K2 has 1.04T total parameters and 32.6B active ones; "
            "DeepSeek-V3 saw 14.8T tokens, 6ND = 3.29e24 FLOP.\n\n")
    return line * n


def one_long_sentence(n):
    # a single sentence with no full stop: clause and window scans must
    # not grow with what came before
    return "Kimi K2 uses " + ", ".join("FP8 run %d with 15T tokens" % i
                                       for i in range(n)) + "\n"


def table(n):
    rows = ["| run | total | active | tokens |", "|---|---|---|---|"]
    rows += ["| Kimi K2 | 1.04T | 32.6B | 15.5T |"] * n
    return "\n".join(rows) + "\n"


def nested_lists(n):
    return "".join("  " * (i % 40) + "- item %d with 37B active\n" % i
                   for i in range(n))


def csv_rows(n):
    head = ("Model,Organization,Publication date,Parameters,"
            "Training compute (FLOP),Training dataset size (total),"
            "Hardware quantity,Training hardware,Confidence\n")
    row = ("Kimi K2,Moonshot,2025-07-11,1040000000000.0,3.0e24,"
           "15500000000000.0,,,Likely\n")
    other = "Model %d,Lab,2024-01-01,7000000000.0,1e23,2e12,,,Likely\n"
    return head + "".join(row if i % 2 else other % i for i in range(n))


def query_expr(n):
    return " or ".join('params.active > %dB' % (i % 900 + 1)
                       for i in range(n))


def rules_file(n):
    rules = [{"id": "t.r%d" % i, "kind": "generalisation",
              "severity": "warning",
              "message": "a test rule", "section": "test",
              "applies": ["prose"],
              "patterns": {"en": ["\\bword%dx\\b" % i]}} for i in range(n)]
    return json.dumps({"format": 1, "rules": rules})


def html_page(n):
    return ("<html><body>" + "<p>Kimi K2 has <b>1.04T</b> parameters &amp; "
            "32.6B active.</p>\n" * n + "</body></html>")


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a client that stops reading (a refused body) is expected


def main():
    global ROOT
    binary, ROOT = sys.argv[1], sys.argv[2]
    only = set(sys.argv[3:])
    work = tempfile.mkdtemp()
    env = dict(os.environ, PASSPORT_SHIPPED=os.path.join(ROOT, "passports"),
               PASSPORT_REGISTRY=os.path.join(work, "reg"),
               GIT_AUTHOR_NAME="T", GIT_AUTHOR_EMAIL="t@example.org",
               GIT_CONFIG_NOSYSTEM="1", NO_COLOR="1",
               HOME=work, XDG_CACHE_HOME=os.path.join(work, "cache"))
    subprocess.run([binary, "init", "-q", env["PASSPORT_REGISTRY"]],
                   env=env, check=True)
    os.chdir(work)

    # an HTTP server for fetched bodies
    srv = Server(("127.0.0.1", 0),
                                          lambda *a, **k: Quiet(*a, directory=work, **k))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    port = srv.server_address[1]

    def file_case(make, n, ext, cmd, max_n=None):
        def run(size, reps):
            path = os.path.join(work, "in-%d.%s" % (size, ext))
            if not os.path.exists(path):
                write(path, make(size))
            return cpu([binary] + cmd(path), env, reps)
        return run, n, max_n

    def passport_case(make, n):
        def run(size, reps):
            d = os.path.join(work, "p%d-%s" % (size, make.__name__))
            os.makedirs(d, exist_ok=True)
            path = os.path.join(d, "kimi-k2.json")
            write(path, make(size))
            return cpu([binary, "validate", path], env, reps)
        return run, n, n

    def query_case(n):
        def run(size, reps):
            return cpu([binary, "query", query_expr(size)], env, reps)
        # one argument of a command is at most 128 KiB (MAX_ARG_STRLEN)
        return run, n, 512

    def fetch_case(n):
        def run(size, reps):
            name = "page-%d.html" % size
            if not os.path.exists(os.path.join(work, name)):
                write(os.path.join(work, name), html_page(size))
            return cpu([binary, "source", "quote", "--force",
                        "http://127.0.0.1:%d/%s" % (port, name),
                        "32.6B active"], env, reps)
        # 8n within the default body bound (--max-size 50M)
        return run, n, 65536

    cases = {
        # 8n within the 1 MiB bound of a passport file
        "passport-aliases": passport_case(passport_aliases, 4000),
        "passport-claims": passport_case(passport_claims, 200),
        "markdown-prose": file_case(prose, 4000, "md",
                                    lambda p: ["check", "--format", "json", p]),
        # 8n within the 1 MiB bound of a line (PP_CHECK_MAX_LINE)
        "markdown-long-sentence": file_case(one_long_sentence, 2000, "md",
                                            lambda p: ["check", p], 4096),
        "markdown-table": file_case(table, 3000, "md", lambda p: ["check", p]),
        "markdown-nested-lists": file_case(nested_lists, 3000, "md",
                                           lambda p: ["check", p]),
        "plain-text": file_case(prose, 4000, "txt",
                                lambda p: ["check", "--plain", p]),
        "csv-crosscheck": file_case(csv_rows, 3000, "csv",
                                    lambda p: ["crosscheck", "--epoch", p]),
        "csv-import": file_case(csv_rows, 3000, "csv",
                                lambda p: ["import", "--epoch", p,
                                           "--as-leads", "-o",
                                           os.path.join(work, "leads")]),
        # 8n within the 1024 rules of a rule file
        "rule-file": file_case(rules_file, 128, "json",
                               lambda p: ["rules", "--check", p], 128),
        "query-expression": query_case(200),
        "http-body": fetch_case(20000),
    }
    failed = 0
    for name, (run, n, max_n) in cases.items():
        if only and name not in only:
            continue
        # A cost too small to measure is all noise: grow n within its
        # bound, then repeat the command, until the small input costs
        # 0.2 s of CPU; the large one runs as often.  Under load, measure
        # again before calling a ratio quadratic.
        small = run(n, 1)
        while small < 0.2 and (max_n is None or 2 * n <= max_n):
            n *= 2
            small = run(n, 1)
        reps = max(1, int(0.2 / max(small, 1e-3)) + 1) if small < 0.2 else 1
        for attempt in range(3):
            small = run(n, reps)
            large = run(8 * n, reps)
            ratio = large / max(small, 1e-6)
            if ratio < RATIO:
                break
        ok = ratio < RATIO
        failed += not ok
        print("%s %-24s n=%-6d x%-3d %.3fs -> 8n %.3fs: ratio %.1f (limit %g)"
              % ("ok  " if ok else "FAIL", name, n, reps, small, large,
                 ratio, RATIO), flush=True)
    srv.shutdown()
    subprocess.run(["rm", "-rf", work])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
