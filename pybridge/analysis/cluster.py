"""Where the cubes run: one after another in this process (``workers=1``: Dask is not even
imported), or as tasks on a Dask cluster, a local one of N worker processes (``workers=N``)
or a running one (``scheduler=ADDRESS``). A task's arguments are small plain values (the
rulebook's name, bound values, a cube as tuples, seconds left); a worker imports pybridge
and rebuilds the program. Results come back as cubes finish, with their index: the caller
merges them in cube order, so the output does not depend on where they ran.

Dask is kept quiet and bounded: its loggers are silenced; a scheduler address is checked
before Dask is imported (:func:`scheduler_address`); connecting has a hard deadline
(CONNECT) and whatever goes wrong meanwhile is one InputError; the local cluster serves no
dashboard; its worker processes never see a stopping signal (the parent stops them, at
once: :func:`_close`).
"""

import asyncio
import contextlib
import ipaddress
import logging
import re
import signal
import time

from .. import signals
from ..documents.schema import shown
from ..errors import InputError

MAX_WORKERS = 256
GRACE = 2.0         # a task past its own deadline: grounding or sending its result back
CONNECT = 10        # seconds to reach a scheduler, handshake included: a hard limit
CLOSE = 2.0         # seconds to close a client or a local cluster
KILL = 0.5          # a local worker not gone within 0.8 x this after its nanny asked is killed
DEFAULT_PORT = 8786     # a Dask scheduler's, for the hint when the port is missing
INSTALL = "pip install -e '.[cluster]'"
_LABEL = re.compile(r"(?!-)[A-Za-z0-9_-]{1,63}(?<!-)")


def deadline(timeout):
    return None if timeout is None else time.monotonic() + timeout


def left(until):
    """Seconds left until ``until`` (None: no deadline)."""
    return None if until is None else max(0.0, until - time.monotonic())


def scheduler_address(text):
    """The address of a running Dask scheduler, as given to Dask: ``tcp://HOST:PORT``.

    Accepted: ``tcp://HOST:PORT`` (what ``dask scheduler`` prints), and a bare ``HOST:PORT``,
    which Dask itself reads as tcp (its default scheme); the scheme is then written out, so
    that a changed ``distributed.comm.default-scheme`` does not change what is reached. HOST
    is a host name, an IPv4 address or an IPv6 address in brackets (``tcp://[::1]:8786``);
    PORT is 1..65535, always written (a scheduler's default is 8786: the message says so).

    Refused at once, as InputError naming ``--scheduler``, before Dask is even imported:
    every other scheme (``tls://`` needs certificates that no option passes, ``ucx://`` and
    ``ws://`` extra packages and a scheduler listening so, ``inproc://`` exists only inside
    one process; ``file://``, ``http://`` and the like are no Dask address), and any other
    shape (no port, a path, a user, spaces)."""
    if not isinstance(text, str) or not text.strip():
        raise _bad_address(text)
    scheme, sep, rest = text.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", text.strip()
    elif scheme.lower() != "tcp":
        raise _bad_address(text, f"the scheme {shown(scheme[:20])} is not supported, only "
                                 f"tcp")
    if rest.startswith("["):         # [IPv6]:port
        host, bracket, port = rest[1:].partition("]")
        if not bracket or not port.startswith(":") or not _ipv6(host):
            raise _bad_address(text)
        port, shown_host = port[1:], f"[{host}]"
    else:
        host, colon, port = rest.rpartition(":")
        if not colon:
            raise _bad_address(text, f"the port is missing (a scheduler's default: "
                                     f"tcp://{rest[:60]}:{DEFAULT_PORT})")
        if not _host(host):
            raise _bad_address(text)
        shown_host = host
    if not (port.isascii() and port.isdigit() and len(port) <= 5 and 1 <= int(port) <= 65535):
        raise _bad_address(text, "the port must be a number 1..65535")
    return f"tcp://{shown_host}:{int(port)}"


def _bad_address(text, why=None):
    return InputError(f"expected a scheduler address tcp://HOST:PORT (or HOST:PORT), got "
                      f"{shown(text)}" + (f": {why}" if why else ""), "--scheduler")


def _ipv6(text):
    try:
        ipaddress.IPv6Address(text)
    except ValueError:
        return False
    return True


def _host(text):
    """A host name or an IPv4 address (all digits and dots: a valid IPv4 address)."""
    if not text or len(text) > 253 or not text.isascii():
        return False
    if all(part.isdigit() for part in text.split(".")):
        try:
            ipaddress.IPv4Address(text)
        except ValueError:
            return False
        return True
    return all(_LABEL.fullmatch(label) for label in text.removesuffix(".").split("."))


def validate(workers=1, scheduler=None):
    """Refuse a bad number of workers or scheduler address (InputError) before any work."""
    if isinstance(workers, bool) or not isinstance(workers, int) \
            or not 1 <= workers <= MAX_WORKERS:
        raise InputError(f"expected a number of workers 1..{MAX_WORKERS}, got {shown(workers)}",
                         "--workers")
    if scheduler is not None:
        scheduler_address(scheduler)
        if workers != 1:
            raise InputError("--workers starts a local cluster; with --scheduler the running "
                             "cluster's workers solve the cubes", "--workers")


class Sequential:
    """The cubes one after another, in order, in this process."""

    local = True

    def run(self, function, args, cubes, until, wanted=None, limit=None):
        """(index, ``function(*args, cube, seconds_left)``) for each wanted cube, until the
        deadline: a cube not started in time gives nothing. ``limit(index)``, when ``limit`` is
        given, is passed on as a last argument (what the cubes before have shown)."""
        for index, cube in enumerate(cubes):
            if wanted is not None and not wanted(index):
                continue
            seconds = left(until)
            if seconds == 0:
                return
            known = () if limit is None else (limit(index),)
            yield index, function(*args, cube, seconds, *known)

    def call(self, function, args, until):
        return function(*args, left(until))


class Cluster:
    """The cubes as tasks of a Dask client, the largest first (cubes.largest_first)."""

    local = False

    def __init__(self, client):
        self.client = client

    def run(self, function, args, cubes, until, wanted=None, limit=None):
        """(index, result) as cubes finish, in the order they finish (the callers merge in
        any order); cubes no longer wanted are cancelled, and so is every cube still out at
        the deadline (+ grace). Every cube is submitted at once, the largest with the
        highest priority (a worker free at the end then takes a small one), so none is
        given a ``limit``. Waits on ``distributed.as_completed``, not by polling."""
        from distributed import as_completed

        from .cubes import largest_first
        seconds = left(until)
        futures = {}
        order = largest_first(cubes)
        for rank, index in enumerate(order):
            futures[index] = self.client.submit(function, *args, cubes[index], seconds,
                                                pure=False, priority=len(order) - rank)
        index_of = {future.key: index for index, future in futures.items()}
        try:
            for future in as_completed(list(futures.values()), loop=self.client.loop,
                                       timeout=None if seconds is None else seconds + GRACE):
                index = index_of[future.key]
                if index not in futures:     # cancelled as unwanted meanwhile
                    continue
                yield index, futures.pop(index).result()
                if wanted is not None:
                    unwanted = [i for i in futures if not wanted(i)]
                    self.client.cancel([futures.pop(i) for i in unwanted])
        except TimeoutError:      # out at the deadline: what is back is merged
            return
        finally:
            if futures:
                self.client.cancel(list(futures.values()))

    def call(self, function, args, until):
        """``function(*args, seconds_left)`` as one task; None if not back by the deadline."""
        seconds = left(until)
        future = self.client.submit(function, *args, seconds, pure=False)
        try:
            return future.result(timeout=None if seconds is None else seconds + GRACE)
        except TimeoutError:
            return None
        finally:
            if not future.done():
                self.client.cancel([future])


@contextlib.contextmanager
def executor(workers=1, scheduler=None, cubes=None):
    """Sequential for one worker and no scheduler, or for fewer than two ``cubes`` (when
    given) and no scheduler: nothing to share out, so no local cluster is started for it;
    else a Dask client, closed at the end (with the local cluster it started)."""
    validate(workers, scheduler)
    if scheduler is None and (workers == 1 or cubes is not None and len(cubes) < 2):
        yield Sequential()
        return
    option = "--scheduler" if scheduler is not None else "--workers"
    try:
        import distributed
    except ImportError:
        raise InputError(f"running on several workers needs Dask: {INSTALL}", option) from None
    for name in ("distributed", "tornado", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    if scheduler is not None:
        local, client = None, _connect(distributed, scheduler_address(scheduler))
    else:
        local, client = _start_local(distributed, workers)
    try:
        yield Cluster(client)
    finally:
        _close(client, local)


_CLIENT = None


def _client_class(distributed):
    """distributed.Client, made safe to give up on:

    * ``start`` (connecting, handshake included) gets a hard deadline, CONNECT: Dask's own
      ``timeout`` bounds the TCP connection only, and a peer that accepts and never answers
      its handshake would keep ``Client()`` waiting forever;
    * ``created`` (a list) receives the client before it connects, so that one whose
      constructor failed can still be closed;
    * a client :func:`_drop`\\ ped is not closed again by ``__del__`` at exit (Dask's would
      wait up to twice the timeout on a loop that is gone, then print a traceback)."""
    global _CLIENT
    if _CLIENT is None:
        class Client(distributed.Client):
            def __init__(self, *args, created=None, **kwargs):
                if created is not None:
                    created.append(self)
                super().__init__(*args, **kwargs)

            def start(self, **kwargs):
                # Client.start(**kwargs) passes them to distributed.utils.sync, whose
                # callback_timeout cancels the whole of _start when it runs out
                kwargs.setdefault("callback_timeout", CONNECT)
                super().start(**kwargs)

            def __del__(self):
                if not self.__dict__.get("_rulings_dropped"):
                    super().__del__()

        _CLIENT = Client
    return _CLIENT


def _connect(distributed, address):
    """A client of the scheduler at ``address`` (checked), within CONNECT seconds; else one
    InputError: refused, no answer, or an answer that is no Dask scheduler's (garbage bytes
    have given ValueError and MemoryError)."""
    created = []
    try:
        return _client_class(distributed)(address, timeout=CONNECT, set_as_default=False,
                                          created=created)
    except KeyboardInterrupt:
        for client in created:
            _drop(client, close=False)      # stopping: no time for goodbyes
        raise
    except Exception as error:
        for client in created:
            _drop(client)
        raise InputError(f"cannot connect to the Dask scheduler at {address} "
                         f"({_reason(error)})", "--scheduler") from None


def _reason(error):
    if isinstance(error, (TimeoutError, asyncio.TimeoutError)):
        return f"not reached within {CONNECT} s"
    text = " ".join(str(error).split())[:200]
    if isinstance(error, OSError) and text:
        return text
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _drop(client, close=True):
    """Close ``client`` within CLOSE seconds, whatever it says; it is not closed again."""
    if close:
        with contextlib.suppress(Exception):
            client.close(timeout=CLOSE)
    client._rulings_dropped = True


def _start_local(distributed, workers):
    """A local cluster of ``workers`` processes and its client. No dashboard: the scheduler
    and the workers still run an HTTP server (Dask always does), here on a free loopback
    port with no routes (not 8787, whose being busy made Dask warn). The stopping signals
    are held while the cluster starts: the threads Dask starts, and the worker processes
    they spawn, inherit the signal mask, so that a Ctrl-C, SIGTERM or SIGHUP sent to the
    whole process group reaches this process only (which stops the workers: _close); one
    that came meanwhile is taken as the mask is restored."""
    import dask

    local = client = None
    no_routes = {"distributed.scheduler.http.routes": [],
                 "distributed.worker.http.routes": []}
    try:
        with _stopping_signals_held(), dask.config.set(no_routes):
            local = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.CRITICAL,
                scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"})
            client = _client_class(distributed)(local, timeout=CONNECT, set_as_default=False)
    except BaseException as error:
        _close(client, local)
        if not isinstance(error, Exception):
            raise
        raise InputError(f"cannot start a local Dask cluster ({_reason(error)})",
                         "--workers") from None
    return local, client


@contextlib.contextmanager
def _stopping_signals_held():
    if not hasattr(signal, "pthread_sigmask"):      # not POSIX: as before
        yield
        return
    held = set(signals.STOPPING)
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        # multiprocessing's resource tracker, started by the first thread that needs it,
        # unblocks SIGINT and SIGTERM in that thread once it has spawned the tracker: start
        # it here, then block them again, before Dask starts a thread
        with contextlib.suppress(Exception):
            from multiprocessing import resource_tracker
            resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, held)
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _close(client, local):
    """The client, then the local cluster: each nanny asked to close its worker and kill it
    if not gone within KILL (a task's clingo call cannot be interrupted, and Dask's own close
    waits seconds for it: every result is in, or no longer wanted), all at once; then the
    scheduler. Within a few seconds, whatever happens; nothing is left for exit to close."""
    if client is not None:
        _drop(client)
    if local is None:
        return
    with contextlib.suppress(Exception):
        local.sync(_stop_nannies, list(local.workers.values()), callback_timeout=CLOSE)
    with contextlib.suppress(Exception):
        local.close(timeout=CLOSE)


async def _stop_nannies(nannies):
    await asyncio.gather(*(nanny.close(timeout=KILL) for nanny in nannies),
                         return_exceptions=True)
