"""The explorer's server: fixed routes, no file read but its own page and the examples it
lists; request bodies bounded (``max_bytes``); each ruling bounded by ``timeout`` (the
CLI's); answers JSON."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from .. import api
from ..books import RULEBOOKS, get
from ..cli.background import Overdue, in_background
from ..documents.loading import parse_document
from ..errors import InputError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HOST = "127.0.0.1"


def examples(rulebook):
    """The example documents of ``rulebook`` by name (the files of examples/RULEBOOK/), when
    the examples are beside the package (a checkout)."""
    folder = EXAMPLES / rulebook
    return {path.stem: path for path in sorted(folder.glob("*.yaml"))} if folder.is_dir() else {}


def rule_text(text, timeout):
    """A document's text ruled as `rule --explain` does, with its picture: ``{"result",
    "picture"}``, or ``{"errors": [...]}`` (every error of the document, as the CLI says
    them)."""
    def work():
        result, picture = api.drawn(parse_document(text.encode("utf-8"), "document"))
        rulings = result.get("rulings", [])     # each as `rule` says it on a terminal
        for sentence, ruling in zip(get(result["rulebook"]).sentences(rulings), rulings):
            ruling["text"] = sentence
        yield result, picture
    try:
        for result, picture in in_background(work, wait=timeout):
            return {"result": result, "picture": picture}
    except InputError as error:
        return {"errors": [str(each) for each in error.each()]}
    except Overdue:
        return {"errors": [f"not ruled within {timeout:g} s"]}
    return {"errors": ["nothing ruled"]}


class Handler(BaseHTTPRequestHandler):
    server_version = "rulings"
    max_bytes = 1 << 20
    timeout_seconds = 120.0

    def log_message(self, *_):      # quiet: the terminal shows the address only
        pass

    def _send(self, status, body, kind="application/json; charset=utf-8"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", "default-src 'self'; img-src data:; "
                         "style-src 'unsafe-inline'; script-src 'unsafe-inline'")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
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
            return self._send(404, {"error": "no such page"})
        if url.path == "/api/template":
            return self._send(200, {"text": api.document_template(rulebook)})
        if url.path == "/api/example":
            path = examples(rulebook).get(query.get("name"))
            if path is None:
                return self._send(404, {"error": "no such example"})
            return self._send(200, {"text": path.read_text(encoding="utf-8")})
        return self._send(404, {"error": "no such page"})

    def do_POST(self):
        if urlsplit(self.path).path != "/api/rule":
            return self._send(404, {"error": "no such page"})
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            return self._send(411, {"error": "a Content-Length is needed"})
        if length > self.max_bytes or length < 0:
            self.close_connection = True
            return self._send(413, {"error": f"a document of at most {self.max_bytes} bytes"})
        text = self.rfile.read(length).decode("utf-8", errors="replace")
        self._send(200, rule_text(text, self.timeout_seconds))


def make_server(port=0, max_bytes=1 << 20, timeout=120.0):
    """A server on 127.0.0.1:``port`` (0: a free port), not yet serving."""
    handler = type("Bounded", (Handler,), {"max_bytes": max_bytes, "timeout_seconds": timeout})
    return ThreadingHTTPServer((HOST, port), handler)


def serve_in_thread(**options):
    """A server serving in a daemon thread (tests): the server; ``shutdown()`` stops it."""
    server = make_server(**options)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
