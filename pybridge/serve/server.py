"""The explorer's server: fixed routes, no file read but its own page and the examples it
lists; a request body is a document, never a path. It answers only requests addressed to it
(``Host: 127.0.0.1:PORT`` or ``localhost:PORT``: a DNS-rebound name is refused), acts only on
a POST from its own page or from no page at all (``Origin``, ``Sec-Fetch-Site``) with a
content type no other origin can send without a preflight, and it answers no preflight.
Everything is bounded: the body (``max_bytes``) and the time to send it, idle connections,
open connections, rulings at once, and each ruling (``timeout``), which runs in a process
of its own, killed when it is late or its client hangs up (pybridge/serve/ruling.py)."""

import json
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from .. import api
from ..books import RULEBOOKS
from ..limits import MEMORY_SHARE
from .ruling import Workers

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HOST = "127.0.0.1"
DOCUMENT_TYPES = ("application/yaml", "application/json")  # not a "simple" type: preflighted
READ_SECONDS = 10.0         # an idle connection, or a request line or header this slow, is closed
BODY_SECONDS = 30.0         # the most time a client may take to send its document
CONNECTIONS = 32            # open connections at once; more are closed at once
RULINGS_AT_ONCE = 2         # rulings at once (one per core); more wait for their turn
POLICY = ("default-src 'self'; img-src data:; style-src 'unsafe-inline'; "
          "script-src 'unsafe-inline'; frame-ancestors 'none'; form-action 'none'")


def examples(rulebook):
    """The example documents of ``rulebook`` by name (the files of examples/RULEBOOK/), when
    the examples are beside the package (a checkout)."""
    folder = EXAMPLES / rulebook
    return {path.stem: path for path in sorted(folder.glob("*.yaml"))} if folder.is_dir() else {}


class Handler(BaseHTTPRequestHandler):
    server_version = "rulings"
    sys_version = ""
    timeout = READ_SECONDS          # the socket's timeout (socketserver.StreamRequestHandler)
    max_bytes = 1 << 20
    timeout_seconds = 120.0

    def version_string(self):       # no Python version in Server:
        return self.server_version

    def log_message(self, *_):      # quiet: the terminal shows the address only
        pass

    def handle(self):
        try:
            super().handle()
        except OSError:             # the client hung up or stalled: nobody to answer
            self.close_connection = True

    def _send(self, status, body, kind="application/json; charset=utf-8"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", POLICY)
        if status >= 400:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(data)

    def _refuse(self, status, message):
        return self._send(status, {"errors": [message]})

    def _own_hosts(self):
        port = self.server.server_address[1]
        return (f"{HOST}:{port}", f"localhost:{port}")

    def _addressed_to_us(self):
        """Whether the request names this server in ``Host`` (else it is refused: a page on
        another name that resolves here, DNS rebinding, reads nothing)."""
        if (self.headers.get("Host") or "").lower() in self._own_hosts():
            return True
        self._refuse(421, "this server answers only http://%s/ and http://%s/"
                     % self._own_hosts())
        return False

    def do_GET(self):
        if not self._addressed_to_us():
            return None
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        if url.path == "/":
            page = resources.files(__package__).joinpath("explorer.html").read_bytes()
            return self._send(200, page, "text/html; charset=utf-8")
        if url.path == "/api/rulebooks":
            return self._send(200, [{"name": name, "examples": list(examples(name))}
                                    for name in RULEBOOKS])
        rulebook = query.get("rulebook")
        if rulebook not in RULEBOOKS:
            return self._refuse(404, "no such page")
        if url.path == "/api/template":
            return self._send(200, {"text": api.document_template(rulebook)})
        if url.path == "/api/example":
            path = examples(rulebook).get(query.get("name"))
            if path is None:
                return self._refuse(404, "no such example")
            return self._send(200, {"text": path.read_text(encoding="utf-8")})
        return self._refuse(404, "no such page")

    def do_OPTIONS(self):           # no preflight is answered: no other origin may post
        self._refuse(405, "no preflight is answered")

    def _from_our_page(self):
        """Whether a POST comes from this server's own page or from no page at all (a
        command-line client sends no ``Origin``); else it is refused."""
        origin = self.headers.get("Origin")
        site = self.headers.get("Sec-Fetch-Site")
        if origin is not None and origin.lower() not in {f"http://{h}"
                                                         for h in self._own_hosts()}:
            self._refuse(403, "a document is taken only from the explorer's own page")
            return False
        if site is not None and site.lower() not in ("same-origin", "none"):
            self._refuse(403, "a document is taken only from the explorer's own page")
            return False
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if kind not in DOCUMENT_TYPES:
            self._refuse(415, f"send the document as {' or '.join(DOCUMENT_TYPES)}")
            return False
        return True

    def do_POST(self):
        if not self._addressed_to_us():
            return None
        if urlsplit(self.path).path != "/api/rule":
            return self._refuse(404, "no such page")
        if not self._from_our_page():
            return None
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            return self._refuse(411, "a Content-Length is needed")
        if length > self.max_bytes or length < 0:
            return self._refuse(413, f"the document is larger than the explorer takes "
                                     f"({self.max_bytes:,} bytes; rulings serve --max-size)")
        data = self._body(length)
        if data is None:
            return self._refuse(408, f"the document was not sent within {BODY_SECONDS:g} s")
        said = self.server.rule(data, self.timeout_seconds, self._hung_up)
        if said is not None:
            self._send(200, said)

    def _body(self, length):
        """The request's ``length`` bytes, or None when they do not come within
        BODY_SECONDS (each read also bounded by the socket's timeout)."""
        due = time.monotonic() + BODY_SECONDS
        parts, left = [], length
        while left > 0:
            if time.monotonic() > due:
                return None
            part = self.rfile.read1(min(left, 1 << 16))
            if not part:
                return None
            parts.append(part)
            left -= len(part)
        return b"".join(parts)

    def _hung_up(self):
        """Whether the client has closed its connection (it reads no answer)."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True


class ExplorerServer(ThreadingHTTPServer):
    """A threading server with bounded connections and rulings."""

    daemon_threads = True

    def __init__(self, address, handler, connections=CONNECTIONS, at_once=RULINGS_AT_ONCE):
        self._connections = threading.BoundedSemaphore(connections)
        self._rulings = threading.BoundedSemaphore(at_once)
        self._at_once = at_once
        self.rulings_started = 0        # documents handed to a ruling process (tests read it)
        self._workers = Workers(at_once, MEMORY_SHARE / at_once)    # started on first use
        super().__init__(address, handler)

    def server_close(self):
        super().server_close()
        self._workers.close()

    def process_request(self, request, client_address):
        if not self._connections.acquire(blocking=False):
            self.shutdown_request(request)      # too many open connections: closed at once
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._connections.release()
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._connections.release()

    def handle_error(self, request, client_address):   # one line, no traceback
        error = sys.exc_info()[1]
        sys.stderr.write(f"rulings serve: a request failed ({type(error).__name__})\n")

    def rule(self, data, timeout, hung_up):
        """``data`` ruled in a process of its own when one of the RULINGS_AT_ONCE turns is
        free; the wait for a turn counts in ``timeout``. None when the client hangs up."""
        due = time.monotonic() + timeout
        while not self._rulings.acquire(timeout=0.1):
            if hung_up():
                return None
            if time.monotonic() >= due:
                return {"errors": [f"not ruled within {timeout:g} s (the explorer was busy "
                                   f"with {self._at_once} other documents)"]}
        try:
            self.rulings_started += 1
            return self._workers.rule(data, timeout, hung_up, due)
        finally:
            self._rulings.release()


def make_server(port=0, max_bytes=1 << 20, timeout=120.0, connections=CONNECTIONS,
                at_once=RULINGS_AT_ONCE, read_seconds=READ_SECONDS):
    """A server on 127.0.0.1:``port`` (0: a free port), not yet serving."""
    handler = type("Bounded", (Handler,), {"max_bytes": max_bytes, "timeout_seconds": timeout,
                                           "timeout": read_seconds})
    return ExplorerServer((HOST, port), handler, connections, at_once)


def serve_in_thread(**options):
    """A server serving in a daemon thread (tests): the server; ``shutdown()`` stops it."""
    server = make_server(**options)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
