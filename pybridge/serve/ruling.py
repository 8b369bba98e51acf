"""The explorer's rulings, each in a process of its own: a ruling past its deadline, or whose
client has hung up, is killed (it stops using CPU and gives its memory back), and its memory
is capped. A process is a fresh interpreter (``python -m pybridge.serve.ruling``), never a
fork of the server's threads; spares are started ahead, so the rulebooks are already imported
when a document comes. A process rules one document, then ends.

The child reads the document's bytes from its standard input to the end, and writes the
answer as JSON to its standard output."""

import json
import os
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

POLL = 0.1          # seconds between looks at the client while a ruling runs
STOPPED = "not ruled: the ruling stopped (out of memory?)"
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])     # where `pybridge` is found


def answer(data):
    """A document's bytes ruled as `rule --explain` does, with its picture: ``{"result",
    "picture"}``, or ``{"errors": [...]}`` (every error of the document, as the CLI says
    them). The document is a mapping; nothing it holds is read as a path."""
    from .. import api
    from ..books import get
    from ..documents.loading import parse_document
    from ..errors import InputError
    try:
        result, picture = api.drawn(parse_document(data, "document"))
    except InputError as error:
        return {"errors": [str(each) for each in error.each()]}
    rulings = result.get("rulings", [])     # each as `rule` says it on a terminal
    for sentence, ruling in zip(get(result["rulebook"]).sentences(rulings), rulings):
        ruling["text"] = sentence
    return {"result": result, "picture": picture}


class Workers:
    """Ruling processes: up to ``spares`` started ahead, each taken for one document."""

    def __init__(self, spares, memory_share):
        self._spares, self._most = [], spares
        self._share = memory_share
        self._lock = threading.Lock()

    def _start(self):
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PACKAGE_ROOT,
                                                          env.get("PYTHONPATH")]))
        return subprocess.Popen([sys.executable, "-m", __name__, repr(self._share)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, env=env, close_fds=True)

    def _take(self):
        with self._lock:
            spare = self._spares.pop() if self._spares else None
            while len(self._spares) < self._most:
                self._spares.append(self._start())
        if spare is not None and spare.poll() is None:
            return spare
        if spare is not None:       # it died waiting (killed from outside): its pipes closed
            _end(spare)
        return self._start()

    def close(self):
        with self._lock:
            spares, self._spares = self._spares, []
        for process in spares:
            _end(process)

    def rule(self, data, timeout, hung_up, due=None):
        """``answer(data)`` computed in a process of its own within ``timeout`` seconds (or
        until ``due``, a time.monotonic(), when the wait began earlier): the answer,
        ``{"errors": [...]}`` when it is not ruled in time or the process dies, or None when
        ``hung_up()`` turns true first (nobody reads the answer). The process is killed
        whenever it is not done."""
        due = time.monotonic() + timeout if due is None else due
        process = self._take()
        threading.Thread(target=_feed, args=(process.stdin, data), daemon=True).start()
        try:
            while True:
                left = due - time.monotonic()
                if left <= 0:
                    return {"errors": [f"not ruled within {timeout:g} s"]}
                readable, _, _ = select.select([process.stdout], [], [], min(left, POLL))
                if readable:
                    said = process.stdout.read()
                    try:
                        return json.loads(said) if said else {"errors": [STOPPED]}
                    except ValueError:
                        return {"errors": [STOPPED]}
                if hung_up():
                    return None
        finally:
            _end(process)


def _feed(pipe, data):
    try:
        pipe.write(data)
        pipe.close()
    except (OSError, ValueError):   # the process was killed (and the pipe closed) first
        pass


def _end(process):
    if process.poll() is None:
        process.kill()
    process.wait()
    for pipe in (process.stdin, process.stdout):
        try:
            pipe.close()
        except OSError:
            pass


def _main():
    from .. import api, draw  # noqa: F401 - imported before the document comes
    from ..limits import cap_memory
    cap_memory(float(sys.argv[1]))
    data = sys.stdin.buffer.read()
    try:
        said = answer(data)
    except MemoryError:
        said = {"errors": ["not ruled: the ruling needs more memory than the explorer gives "
                           "one document"]}
    except Exception as error:          # noqa: BLE001 - said as a line, not a traceback
        said = {"errors": [f"internal error ({type(error).__name__})"]}
    sys.stdout.buffer.write(json.dumps(said).encode("utf-8"))
    sys.stdout.flush()


if __name__ == "__main__":
    _main()
