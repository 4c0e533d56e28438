#!/usr/bin/env python3
"""server.py PORTFILE FIXTURES [HOST] - the loopback HTTP server of the source
tests.

Listens on HOST (127.0.0.1) on a free port, writes the port to PORTFILE, and serves:
  /f/NAME            the fixture file NAME (type from its extension)
  /r/N               a redirect chain: N more redirects, then /f/paper.html
  /to-file           a redirect to file:///etc/passwd
  /rel               a relative redirect to /f/paper.html
  /big?n=BYTES       BYTES of text with a Content-Length
  /stream?n=BYTES    BYTES of text without a Content-Length (close-delimited)
  /stall             headers and a few bytes, then silence for 60 s
  /drip?every=S      one byte every S seconds (default 0.2), for 60 s
  /go?to=URL         a redirect to URL, whatever it is
  /gzip?n=BYTES      BYTES of text sent gzip-compressed (about 1000:1),
                     without a Content-Length
  /status/CODE       an empty response with that status
  /hits/NAME         how many times /f/NAME was requested (text/plain)
Standard library only; one thread per request.
"""
import http.server
import os
import sys
import time
import urllib.parse
import zlib
from collections import Counter

PORTFILE, FIXTURES = sys.argv[1], sys.argv[2]
HOST = sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1"
TYPES = {".html": "text/html; charset=utf-8", ".txt": "text/plain; charset=utf-8",
         ".pdf": "application/pdf", ".latin1": "text/plain; charset=iso-8859-1"}
hits = Counter()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, fmt, *args):  # keep test output clean
        pass

    def send(self, code, body=b"", ctype="text/plain", headers=()):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up on purpose (size limits)

    def redirect(self, where):
        self.send(302, b"moved\n", headers=[("Location", where)])

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        q = urllib.parse.parse_qs(url.query)
        parts = url.path.strip("/").split("/")
        if parts[0] == "f" and len(parts) == 2:
            hits[parts[1]] += 1
            path = os.path.join(FIXTURES, os.path.basename(parts[1]))
            if not os.path.isfile(path):
                return self.send(404, b"not found\n")
            with open(path, "rb") as f:
                body = f.read()
            return self.send(200, body, TYPES.get(os.path.splitext(path)[1],
                                                  "application/octet-stream"))
        if parts[0] == "hits" and len(parts) == 2:
            return self.send(200, str(hits[parts[1]]).encode())
        if parts[0] == "r" and len(parts) == 2:
            n = int(parts[1])
            return self.redirect(f"/r/{n - 1}" if n > 0 else "/f/paper.html")
        if parts[0] == "to-file":
            return self.redirect("file:///etc/passwd")
        if parts[0] == "rel":
            return self.redirect("../f/paper.html")
        if parts[0] == "big":
            n = int(q.get("n", ["1048576"])[0])
            return self.send(200, b"x" * n)
        if parts[0] == "stream":
            n = int(q.get("n", ["1048576"])[0])
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.end_headers()
            chunk = b"y" * 65536
            try:
                while n > 0:
                    self.wfile.write(chunk[:n])
                    n -= len(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        if parts[0] == "stall":
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"partial")
            self.wfile.flush()
            time.sleep(60)
            return
        if parts[0] == "drip":
            every = float(q.get("every", ["0.2"])[0])
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(int(60 / every)):
                    self.wfile.write(b"d")
                    self.wfile.flush()
                    time.sleep(every)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        if parts[0] == "go":
            return self.redirect(q["to"][0])
        if parts[0] == "gzip":
            n = int(q.get("n", ["1048576"])[0])
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Encoding", "gzip")
            self.end_headers()
            z = zlib.compressobj(9, zlib.DEFLATED, 31)
            chunk = b"z" * 1048576
            try:
                while n > 0:
                    self.wfile.write(z.compress(chunk[:n]))
                    n -= len(chunk)
                self.wfile.write(z.flush())
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        if parts[0] == "status" and len(parts) == 2:
            return self.send(int(parts[1]), b"status page\n")
        self.send(404, b"no such route\n")


server = http.server.ThreadingHTTPServer((HOST, 0), Handler)
server.daemon_threads = True
with open(PORTFILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.replace(PORTFILE + ".tmp", PORTFILE)
server.serve_forever()
