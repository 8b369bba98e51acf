"""Run a piece of analysis in a forked child with a hard deadline.

clingo cannot interrupt grounding, and a cancelled search may take a while to stop: a child
process that is killed at the deadline (plus a grace period) guarantees that ``--timeout``
is honoured. The child dies with its parent (a parent killed outright takes it along), and
a stopping signal the parent takes (Ctrl-C, SIGTERM, SIGHUP) reaches the child too. Where
fork is unavailable the work runs in-process (searches still time out).

A child may also end without reporting: killed by the kernel when memory runs out (a search
over wide bounds can ground gigabytes), or stopped by its own memory cap (MEMORY_SHARE of the
machine's memory, so that one search cannot take the whole machine down with it). Then
:class:`Ended` says why, and the caller reports the search unknown with that reason.
"""

import ctypes
import gc
import multiprocessing
import os
import signal
import time

from ..limits import MEMORY_SHARE, cap_memory

GRACE = 2.0
_PR_SET_PDEATHSIG = 1


class Ended(Exception):
    """The child ended without reporting; ``str()`` says how, in one line."""


def _ended(child):
    child.join()
    code = child.exitcode
    if code is not None and code < 0:
        name = signal.Signals(-code).name if -code in signal.valid_signals() else -code
        how = f"was killed by {name}" + (" (out of memory?)" if -code == signal.SIGKILL else "")
    else:
        how = f"ended with exit code {code}"
    return Ended(f"the analysis process {how} before it reported")


def _die_with_parent():
    """Linux: the kernel sends SIGKILL to this process when its parent dies."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):     # not Linux: the parent's finally still kills it
        pass


def _child(connection, function, args, parent):
    # the objects inherited from the parent are never collected here: the collector would
    # walk them all (a test worker's heap, the parsed program) and copy their pages
    gc.freeze()
    _die_with_parent()
    if os.getppid() != parent:            # the parent died before prctl took hold
        os._exit(1)
    cap_memory()
    try:
        connection.send(("ok", function(*args)))
    except MemoryError:
        connection.send(("ended", f"the analysis process ran out of memory (its cap is "
                                  f"{MEMORY_SHARE:.0%} of the machine's)"))
    except BaseException as error:  # reported to the parent, which decides
        try:
            connection.send(("raise", error))
        except Exception:           # not picklable: its text will do
            connection.send(("error", f"{type(error).__name__}: {error}"))
    finally:
        connection.close()


def _receive(receive, child):
    try:
        status, value = receive.recv()
    except EOFError:        # the child died: its end of the pipe closed with nothing sent
        raise _ended(child) from None
    child.join()
    if status == "ended":
        raise Ended(value)
    if status == "raise":
        raise value
    if status == "error":
        raise RuntimeError(value)
    return value


def call(function, args, timeout, collect_on_interrupt=False):
    """``function(*args)``, or None when it did not finish within ``timeout`` (+ grace).

    On Ctrl-C (KeyboardInterrupt) the child is killed and the interrupt raised, unless
    ``collect_on_interrupt``: then the child, stopped by the same signal, is given the grace
    period to report what it has, which is returned (the interrupt is raised if it does not
    report in time). A child that ends without reporting raises :class:`Ended`."""
    if timeout is None or "fork" not in multiprocessing.get_all_start_methods():
        return function(*args)
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(send, function, args, os.getpid()),
                            daemon=True)
    child.start()
    send.close()
    deadline = time.monotonic() + timeout + GRACE
    try:
        try:
            while time.monotonic() < deadline:
                if receive.poll(0.05):
                    return _receive(receive, child)
                if not child.is_alive() and not receive.poll(0):
                    raise _ended(child)
            return None
        except KeyboardInterrupt:
            if not collect_on_interrupt:
                raise
            _forward_stop(child)
            return _collect(receive, child)
    finally:
        if child.is_alive():
            os.kill(child.pid, signal.SIGKILL)
            child.join()
        receive.close()


def _forward_stop(child):
    """A stopping signal sent to the parent alone (``kill``, SIGTERM, SIGHUP) is passed on
    as a Ctrl-C, so the child stops its search and reports; one that a terminal sent to the
    whole group reaches the child twice, and the child takes only the first."""
    if child.is_alive():
        os.kill(child.pid, signal.SIGINT)


def _collect(receive, child):
    """The child's report within the grace period, further Ctrl-Cs ignored; or the interrupt."""
    until = time.monotonic() + GRACE
    while time.monotonic() < until:
        try:
            if receive.poll(0.05):
                return _receive(receive, child)
            if not child.is_alive() and not receive.poll(0):
                break
        except KeyboardInterrupt:
            continue
    raise KeyboardInterrupt
