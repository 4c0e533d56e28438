# tls.sh - TLS is verified: a server with a self-signed certificate is
# refused (and nothing is cached); the bar is visible only on a terminal.
. "$(dirname "$0")/lib.sh"
command -v openssl >/dev/null || fail "needs the openssl command (apt-get install openssl)"

openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -days 1 \
    -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null || fail "openssl req failed"
python3 - "$WORK" <<'PY' &
import http.server, os, ssl, sys
work = sys.argv[1]
class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_GET(self):
        self.send_response(200); self.send_header("Content-Type", "text/plain")
        self.end_headers(); self.wfile.write(b"secret page")
s = http.server.HTTPServer(("127.0.0.1", 0), H)
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
ctx.load_cert_chain(os.path.join(work, "cert.pem"), os.path.join(work, "key.pem"))
s.socket = ctx.wrap_socket(s.socket, server_side=True)
open(os.path.join(work, "tlsport.tmp"), "w").write(str(s.server_address[1]))
os.replace(os.path.join(work, "tlsport.tmp"), os.path.join(work, "tlsport"))
try:
    s.serve_forever()
except Exception:
    pass
PY
TLS=$!
trap 'kill "$SERVER" "$TLS" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 1 100); do [ -s "$WORK/tlsport" ] && break; sleep 0.05; done
[ -s "$WORK/tlsport" ] || fail "the TLS server did not start"
run "$P" source quote --timeout 10 "https://127.0.0.1:$(cat "$WORK/tlsport")/" "secret"
expect_rc 3
expect_contains "$ERR" "passport source quote: 'https://127.0.0.1:$(cat "$WORK/tlsport")/': SSL certificate problem" "self-signed refused"
[ "$(count "$CACHE")" = 0 ] || fail "a refused TLS fetch left files in the cache"

# Progress: drawn on a terminal for a large body, never otherwise.
command -v script >/dev/null || fail "needs script(1) from bsdutils"
script -qec "'$P' source quote '$BASE/big?n=3000000' xxxx" "$WORK/typescript" >/dev/null 2>&1
grep -q 'MiB' "$WORK/typescript" || fail "no progress bar on a terminal: $(cat -v "$WORK/typescript")"
rm -rf "$CACHE"
run "$P" source quote "$BASE/big?n=3000000" xxxx
expect_rc 0
expect_eq "" "$ERR" "no progress bar when stderr is not a terminal"
echo ok
