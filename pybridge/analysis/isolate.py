"""Run a piece of analysis in a forked child with a hard deadline.

clingo cannot interrupt grounding, and a cancelled search may take a while to stop: a child
process that is killed at the deadline (plus a grace period) guarantees that ``--timeout``
is honoured. Where fork is unavailable the work runs in-process (searches still time out).
"""

import multiprocessing
import os
import time

GRACE = 2.0


def _child(connection, function, args):
    try:
        connection.send(("ok", function(*args)))
    except BaseException as error:  # reported to the parent, which decides
        connection.send(("error", f"{type(error).__name__}: {error}"))
    finally:
        connection.close()


def call(function, args, timeout):
    """``function(*args)``, or None when it did not finish within ``timeout`` (+ grace)."""
    if timeout is None or "fork" not in multiprocessing.get_all_start_methods():
        return function(*args)
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(send, function, args), daemon=True)
    child.start()
    send.close()
    deadline = time.monotonic() + timeout + GRACE
    try:
        while time.monotonic() < deadline:
            if receive.poll(0.05):
                status, value = receive.recv()
                child.join()
                if status == "error":
                    raise RuntimeError(value)
                return value
            if not child.is_alive() and not receive.poll(0):
                raise RuntimeError(f"analysis process ended unexpectedly (exit {child.exitcode})")
        return None
    finally:
        if child.is_alive():
            os.kill(child.pid, 9)
            child.join()
        receive.close()
