"""Stopping signals: Ctrl-C (SIGINT), SIGTERM and SIGHUP all stop a command the same way
(what was decided is printed, the rest is unknown or incomplete) and exit with 128 + the
signal's number (130 for Ctrl-C). Installed before anything heavy is imported, so that even
a Ctrl-C during start-up ends with one line, never a traceback."""

import os
import signal
import sys

STOPPING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                 if hasattr(signal, name))
received = []       # the stopping signals received, in order


def _stop(signum, frame):
    """The first stopping signal interrupts; later ones (a second Ctrl-C, the parent's
    forwarded one reaching a child that the terminal's reached already) let the stop finish."""
    received.append(signum)
    if len(received) == 1:
        raise KeyboardInterrupt


def install():
    for signum in STOPPING:
        signal.signal(signum, _stop)


def exit_code():
    """128 + the first stopping signal received (130 when none was: a plain Ctrl-C)."""
    return 128 + (received[0] if received else signal.SIGINT)


def quit_now():
    """Say so in one line and leave at once, even while a worker thread still grounds."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    try:
        sys.stderr.write("interrupted\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(exit_code())
