"""Where the cubes run: one after another in this process (``workers=1``: Dask is not even
imported), or as tasks on a Dask cluster, a local one of N worker processes (``workers=N``)
or a running one (``scheduler=ADDRESS``). A task's arguments are small plain values (the
rulebook's name, bound values, a cube as tuples, seconds left); a worker imports pybridge
and rebuilds the program. Results come back as cubes finish, with their index: the caller
merges them in cube order, so the output does not depend on where they ran.
"""

import contextlib
import logging
import time

from ..errors import InputError
from ..schema import shown

MAX_WORKERS = 256
GRACE = 2.0         # a task past its own deadline: grounding or sending its result back
STEP = 0.05
CONNECT = 10        # seconds to reach a scheduler
INSTALL = "pip install -e '.[cluster]'"


def deadline(timeout):
    return None if timeout is None else time.monotonic() + timeout


def left(until):
    """Seconds left until ``until`` (None: no deadline)."""
    return None if until is None else max(0.0, until - time.monotonic())


def validate(workers=1, scheduler=None):
    """Refuse a bad number of workers or scheduler address (InputError) before any work."""
    if isinstance(workers, bool) or not isinstance(workers, int) \
            or not 1 <= workers <= MAX_WORKERS:
        raise InputError(f"expected a number of workers 1..{MAX_WORKERS}, got {shown(workers)}",
                         "--workers")
    if scheduler is not None:
        if not isinstance(scheduler, str) or not scheduler.strip():
            raise InputError(f"expected a scheduler address such as tcp://host:8786, got "
                             f"{shown(scheduler)}", "--scheduler")
        if workers != 1:
            raise InputError("--workers starts a local cluster; with --scheduler the running "
                             "cluster's workers solve the cubes", "--workers")


class Sequential:
    """The cubes one after another, in order, in this process."""

    local = True

    def run(self, function, args, cubes, until, wanted=None):
        """(index, ``function(*args, cube, seconds_left)``) for each wanted cube, until the
        deadline: a cube not started in time gives nothing."""
        for index, cube in enumerate(cubes):
            if wanted is not None and not wanted(index):
                continue
            seconds = left(until)
            if seconds == 0:
                return
            yield index, function(*args, cube, seconds)

    def call(self, function, args, until):
        return function(*args, left(until))


class Cluster:
    """The cubes as tasks of a Dask client, lower cube indices first."""

    local = False

    def __init__(self, client):
        self.client = client

    def run(self, function, args, cubes, until, wanted=None):
        """(index, result) as cubes finish (several at once: in index order); cubes no longer
        wanted are cancelled, and so is every cube still out at the deadline (+ grace)."""
        seconds = left(until)
        futures = {index: self.client.submit(function, *args, cube, seconds, pure=False,
                                             priority=-index)
                   for index, cube in enumerate(cubes)}
        try:
            while futures:
                done = sorted(index for index, future in futures.items() if future.done())
                if not done:
                    if until is not None and time.monotonic() > until + GRACE:
                        return
                    time.sleep(STEP)
                    continue
                for index in done:
                    if index not in futures:     # cancelled as unwanted meanwhile
                        continue
                    yield index, futures.pop(index).result()
                    if wanted is not None:
                        unwanted = [i for i in futures if not wanted(i)]
                        self.client.cancel([futures.pop(i) for i in unwanted])
        finally:
            if futures:
                self.client.cancel(list(futures.values()))

    def call(self, function, args, until):
        """``function(*args, seconds_left)`` as one task; None if not back by the deadline."""
        future = self.client.submit(function, *args, left(until), pure=False)
        try:
            while not future.done():
                if until is not None and time.monotonic() > until + GRACE:
                    return None
                time.sleep(STEP)
            return future.result()
        finally:
            if not future.done():
                self.client.cancel([future])


@contextlib.contextmanager
def executor(workers=1, scheduler=None):
    """Sequential for one worker and no scheduler; else a Dask client, closed at the end
    (with the local cluster it started)."""
    validate(workers, scheduler)
    if scheduler is None and workers == 1:
        yield Sequential()
        return
    option = "--scheduler" if scheduler is not None else "--workers"
    try:
        import distributed
    except ImportError:
        raise InputError(f"running on several workers needs Dask: {INSTALL}", option) from None
    for name in ("distributed", "tornado"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    local = None
    try:
        if scheduler is not None:
            client = distributed.Client(scheduler, timeout=CONNECT, set_as_default=False)
        else:
            # no dashboard; the scheduler on a free port of this host only
            local = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.CRITICAL)
            client = distributed.Client(local, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        if local is not None:
            local.close()
        where = f"the Dask scheduler at {shown(scheduler)}" if scheduler is not None \
            else "a local Dask cluster"
        raise InputError(f"cannot reach {where} ({' '.join(str(error).split())[:200]})",
                         option) from None
    try:
        yield Cluster(client)
    finally:
        client.close()
        if local is not None:
            local.close()
