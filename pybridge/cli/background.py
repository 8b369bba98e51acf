"""Work in a worker thread, results in the main thread: clingo releases the GIL while it
grounds, so the main thread stays free to take Ctrl-C at once instead of after grounding."""

import os
import queue
import sys
import threading
import time

import click

from .output import UNKNOWN
from .printable import printable
from .render import to_json

_DONE = object()


class Overdue(Exception):
    """No item came within the wait given to :func:`in_background`."""


def in_background(produce, wait=None):
    """The items of ``produce()`` (a generator function), computed in a daemon thread; an
    exception raised there is raised here. Ctrl-C in the main thread leaves the thread
    behind: the caller leaves the process (signals.quit_now). ``wait``: the most seconds
    to wait for each item (the first, then each next), else :class:`Overdue` is raised and
    the thread, which may be grounding, left behind too."""
    items = queue.Queue(maxsize=16)

    def work():
        try:
            for item in produce():
                items.put((True, item))
        except BaseException as error:      # handed to the main thread, which raises it
            items.put((False, error))
        else:
            items.put((True, _DONE))

    threading.Thread(target=work, daemon=True).start()
    due = None if wait is None else time.monotonic() + wait
    while True:
        try:
            ok, item = items.get(timeout=0.1 if due is None else
                                 max(0.0, min(0.1, due - time.monotonic())))
        except queue.Empty:
            if due is not None and time.monotonic() >= due:
                raise Overdue from None
            continue
        if due is not None:
            due = time.monotonic() + wait
        if not ok:
            raise item
        if item is _DONE:
            return
        yield item


def unfinished(out, fmt, sources, reason, failed):
    """Report each of ``sources`` unknown (``{"source", "status": "unknown", "reason"}`` in
    JSON, and a line on stderr), then leave at once (exit 3, or 2 when a document could not
    be read): the worker thread may still be reading or grounding, and neither a blocked
    read (a FIFO no one writes) nor a clingo call can be stopped there."""
    for source in sources:
        if fmt == "json":
            out.write(to_json({"source": source, "status": "unknown", "reason": reason}) + "\n")
        click.echo(printable(f"{source}: unknown: {reason}", backslashes=False), err=True)
    try:
        out.flush()
        sys.stderr.flush()
    finally:
        os._exit(2 if failed else UNKNOWN)
