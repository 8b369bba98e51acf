"""Work in a worker thread, results in the main thread: clingo releases the GIL while it
grounds, so the main thread stays free to take Ctrl-C at once instead of after grounding."""

import queue
import threading

_DONE = object()


def in_background(produce):
    """The items of ``produce()`` (a generator function), computed in a daemon thread; an
    exception raised there is raised here. Ctrl-C in the main thread leaves the thread
    behind: the caller leaves the process (signals.quit_now)."""
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
    while True:
        try:
            ok, item = items.get(timeout=0.1)
        except queue.Empty:
            continue
        if not ok:
            raise item
        if item is _DONE:
            return
        yield item
