"""A real browser for tests: Debian's headless Chromium, driven over the DevTools protocol
through a pipe (``--remote-debugging-pipe``: JSON messages ending in a NUL byte on file
descriptors 3 and 4), with nothing but the standard library. It opens a page, and tells what
failed to load, what the console said as an error, and what a script evaluates to; and it
takes screenshots (PNG, decoded here: :func:`pixels`)."""

import base64
import json
import os
import resource
import select
import shutil
import struct
import subprocess
import tempfile
import time
import zlib

WAIT = 30       # seconds for any one answer of the browser


def executable():
    """Chromium's path; a missing browser is a failure, not a skip (.ci/install-chromium)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        raise AssertionError("no chromium: install it with sh .ci/install-chromium")
    return found


class Browser:
    def __init__(self, *arguments):
        """``arguments``: more of Chromium's switches (e.g. --host-resolver-rules=...)."""
        self.profile = tempfile.mkdtemp(prefix="rulings-chromium-")
        to_read, self.to_write = os.pipe()
        self.from_read, from_write = os.pipe()

        def descriptors():      # in the child: the pipe ends as descriptors 3 and 4
            os.dup2(to_read, 3)
            os.dup2(from_write, 4)
            # no address-space cap: a `rule` run in this test process caps it (75% of the
            # machine: pybridge/limits.py), and Chromium reserves far more than it uses
            _, hard = resource.getrlimit(resource.RLIMIT_AS)
            resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
        self.process = subprocess.Popen(
            [executable(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-dev-shm-usage",
             "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
             "--hide-scrollbars", *arguments, "about:blank"],
            preexec_fn=descriptors, pass_fds=(3, 4), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_read)
        os.close(from_write)
        self.buffer, self.number, self.events = b"", 0, []

    def close(self):
        self.process.kill()
        self.process.wait()
        os.close(self.to_write)
        os.close(self.from_read)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def _receive(self):
        deadline = time.monotonic() + WAIT
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.from_read], [], [],
                                        max(0.0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError("the browser did not answer")
            chunk = os.read(self.from_read, 1 << 16)
            if not chunk:
                raise EOFError("the browser went away")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None):
        self.number += 1
        message = {"id": self.number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_write, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._receive()
            if answer.get("id") == self.number:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]
            self.events.append(answer)

    def open(self, url, width=1200, height=900):
        """A new page at ``url``, loaded: a Page."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget",
                            {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable", session=session)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1,
                   "mobile": False}, session)
        start = len(self.events)
        self.call("Page.navigate", {"url": url}, session)
        deadline = time.monotonic() + WAIT
        while not any(e.get("method") == "Page.loadEventFired" and e.get("sessionId") == session
                      for e in self.events[start:]):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url} did not load")
            self.events.append(self._receive())
        return Page(self, session, start)


class Page:
    def __init__(self, browser, session, start):
        self.browser, self.session, self.start = browser, session, start

    def events(self, method):
        return [e["params"] for e in self.browser.events[self.start:]
                if e.get("method") == method and e.get("sessionId") == self.session]

    def evaluate(self, expression):
        result = self.browser.call("Runtime.evaluate", {"expression": expression,
                                                        "returnByValue": True,
                                                        "awaitPromise": True}, self.session)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def failures(self):
        """What failed to load, and every request for something that is no file of the
        page or data in it (a report and a picture fetch nothing)."""
        failed = [e.get("errorText") for e in self.events("Network.loadingFailed")]
        elsewhere = [e["request"]["url"] for e in self.events("Network.requestWillBeSent")
                     if not e["request"]["url"].startswith(("file:", "data:", "http://127.0.0.1"))]
        return failed + elsewhere

    def errors(self):
        """The console's errors: exceptions, console.error, the browser's own error log."""
        return ([e["exceptionDetails"].get("text") for e in self.events("Runtime.exceptionThrown")]
                + [e["args"] for e in self.events("Runtime.consoleAPICalled")
                   if e["type"] in ("error", "assert")]
                + [e["entry"]["text"] for e in self.events("Log.entryAdded")
                   if e["entry"]["level"] == "error"])

    def screenshot(self):
        """The page as shown (the viewport), PNG bytes."""
        data = self.browser.call("Page.captureScreenshot", {"format": "png"},
                                 self.session)["data"]
        return base64.b64decode(data)


def pixels(png):
    """A PNG (8 bits a channel, RGB or RGBA, not interlaced, as Chromium writes them) as
    (width, height, pixel(x, y) -> (r, g, b))."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, [], None
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        data = png[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", data)
        elif kind == b"IDAT":
            chunks.append(data)
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc
                                      else corner)) & 255
        rows.append(line)
        previous = line

    def pixel(x, y):
        row = rows[y]
        return tuple(row[x * channels:x * channels + 3])
    return width, height, pixel
