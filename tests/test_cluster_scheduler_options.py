"""--scheduler and --workers from outside (the hardening issue, items 1-3): the real CLI in a
subprocess, real sockets on loopback, real signals to the process group.

1. A scheduler that accepts and never answers: given up within CONNECT, exit 2, one line.
2. Addresses Dask does not take from us (other schemes, no port, a bad port, no address) are
   refused at once; a peer answering garbage is one line; nothing more comes at exit (no
   ``Client.__del__`` traceback). A local cluster serves no dashboard: 8787 busy, no word.
3. SIGINT, SIGTERM and SIGHUP with --workers 2 stop the run within seconds, with the one
   line ``interrupted``, and take the worker processes along.
"""

import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pybridge.analysis.cluster import CONNECT, scheduler_address
from pybridge.errors import InputError

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-m", "pybridge"]
# (no ability: RED-INV-3, about abilities, would be vacuous)
SMALL_CHECK = ["check", "redemption", "--characters", "2", "--cards", "0", "--abilities", "0",
               "--invariant", "RED-INV-1", "--timeout", "5"]
BIG_CHECK = ["check", "redemption", "--characters", "8", "--timeout", "60", "--format",
             "json"]


def run(arguments, timeout):
    started = time.monotonic()
    done = subprocess.run(COMMAND + arguments, capture_output=True, text=True, cwd=ROOT,
                          timeout=timeout)
    return done, time.monotonic() - started


def assert_one_line(err):
    assert err.endswith("\n") and err.count("\n") == 1, err
    for noise in ("Traceback", "Exception ignored", "distributed."):
        assert noise not in err, err


class Peer:
    """A loopback listener on a free port, in a thread: it accepts every connection and then
    says nothing (``answer`` None) or sends ``answer`` once; it never closes them."""

    def __init__(self, answer=None):
        self.answer = answer
        self.accepted = 0
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.address = "tcp://127.0.0.1:%d" % self.server.getsockname()[1]
        self.connections = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:         # closed
                return
            self.accepted += 1
            self.connections.append(connection)
            if self.answer is not None:
                try:
                    connection.sendall(self.answer)
                except OSError:
                    pass

    def close(self):
        for connection in self.connections + [self.server]:
            connection.close()


@pytest.fixture
def peer(request):
    listening = Peer(getattr(request, "param", None))
    yield listening
    listening.close()


# --- 1. a scheduler that never answers ------------------------------------------------------

@pytest.mark.slow
def test_a_scheduler_that_accepts_and_never_answers_is_given_up_within_the_connect_limit(peer):
    done, seconds = run(SMALL_CHECK + ["--scheduler", peer.address], timeout=CONNECT + 60)
    assert peer.accepted >= 1               # connected: the handshake is what never came
    assert done.returncode == 2
    assert_one_line(done.stderr)
    assert done.stderr.startswith("error: --scheduler: ") and "within" in done.stderr
    assert done.stdout == ""
    assert seconds < CONNECT + 15


# --- 2. addresses and garbage --------------------------------------------------------------

GARBAGE = [
    b"\xff" * 64,                                   # a frame count no array can hold
    struct.pack("<Q", 2 ** 40) + b"\x01" * 56,      # a terabyte frame: MemoryError in Dask
    b"HTTP/1.1 400 Bad Request\r\n\r\n",
]


@pytest.mark.parametrize("peer", GARBAGE, indirect=True, ids=["ff", "terabyte", "http"])
def test_a_peer_answering_garbage_is_one_line(peer):
    done, seconds = run(SMALL_CHECK + ["--scheduler", peer.address], timeout=CONNECT + 60)
    assert peer.accepted >= 1
    assert done.returncode == 2
    assert_one_line(done.stderr)
    assert done.stderr.startswith("error: --scheduler: cannot connect to the Dask scheduler")
    assert seconds < CONNECT + 15


@pytest.mark.parametrize("address", [
    "ucx://127.0.0.1:8786", "tls://127.0.0.1:8786", "ws://127.0.0.1:8786", "127.0.0.1",
    "inproc://x", "tcp://localhost:abc", "file:///etc/passwd", "tcp://127.0.0.1:0",
    "tcp://127.0.0.1:8786/path", "tcp://[::1]", " ",
])
def test_an_address_dask_is_not_given_is_refused_at_once(address):
    done, seconds = run(SMALL_CHECK + ["--scheduler", address], timeout=60)
    assert done.returncode == 2
    assert_one_line(done.stderr)
    assert done.stderr.startswith("error: --scheduler: expected a scheduler address")
    assert seconds < 10          # no connection tried: the start-up of the CLI only


def test_the_addresses_taken_and_how_dask_is_given_them():
    assert scheduler_address("tcp://127.0.0.1:8786") == "tcp://127.0.0.1:8786"
    assert scheduler_address("127.0.0.1:8786") == "tcp://127.0.0.1:8786"
    assert scheduler_address("TCP://sched-1.example.org:08786") == \
        "tcp://sched-1.example.org:8786"
    assert scheduler_address("tcp://[::1]:8786") == "tcp://[::1]:8786"
    with pytest.raises(InputError, match="port is missing.*tcp://10.0.0.5:8786"):
        scheduler_address("10.0.0.5")
    for bad in ("tcp://u@h:1", "tcp://999.1.1.1:1", "::1:8786", "tcp://a b:1", "tcp://-a:1"):
        with pytest.raises(InputError):
            scheduler_address(bad)


@pytest.mark.slow
def test_a_local_cluster_serves_no_dashboard_and_says_nothing_when_8787_is_busy():
    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", 8787))
        holder.listen(1)
    except OSError:             # busy already: the same condition
        pass
    try:
        done, seconds = run(SMALL_CHECK + ["--workers", "2", "--format", "json"], timeout=120)
    finally:
        holder.close()
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert '"status": "holds"' in done.stdout


# --- 3. stopping signals with --workers 2 ---------------------------------------------------

def _descendants(pid):
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = list(Path(f"/proc/{parent}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                kids = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
            found += kids
            todo += kids
    return found


def _running(pid):
    try:
        return "State:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False


def _workers(pid):
    """The Dask worker processes under ``pid`` (spawned: ``multiprocessing.spawn``)."""
    workers = []
    for child in _descendants(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"multiprocessing.spawn" in command:
            workers.append(child)
    return workers


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP],
                         ids=["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_stopping_signal_to_the_group_stops_two_workers_at_once_and_quietly(signum):
    process = subprocess.Popen(COMMAND + BIG_CHECK + ["--workers", "2"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)     # its own group, as at a terminal
    try:
        until = time.monotonic() + 60
        while len(_workers(process.pid)) < 2 and time.monotonic() < until \
                and process.poll() is None:
            time.sleep(0.1)
        workers = _workers(process.pid)
        assert len(workers) == 2, "the local cluster did not start"
        time.sleep(1.5)         # the cubes submitted, the workers solving
        assert process.poll() is None, "the check ended before the signal"
        sent = time.monotonic()
        os.killpg(process.pid, signum)
        out, err = process.communicate(timeout=60)
        stopped = time.monotonic() - sent
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 128 + signum
    assert err == "interrupted\n"
    assert '"interrupted": true' in out          # the summary: what was decided, the rest unknown
    assert stopped < 3, f"stopped in {stopped:.1f} s"
    time.sleep(0.5)
    assert not [pid for pid in workers if _running(pid)]


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("command", [BIG_CHECK, ["enumerate", "redemption", "--characters", "6",
                                                 "--timeout", "60", "--format", "json"]],
                         ids=["check", "enumerate"])
def test_a_signal_while_the_local_cluster_starts_still_gives_the_summary(command):
    # Ctrl-C as soon as the first worker process exists (the cluster still starting, nothing
    # submitted): the same as later, one line "interrupted", 130, and the summary with
    # nothing decided, not a run that prints nothing.
    process = subprocess.Popen(COMMAND + command + ["--workers", "2"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        until = time.monotonic() + 60
        while not _workers(process.pid) and time.monotonic() < until \
                and process.poll() is None:
            time.sleep(0.02)
        assert _workers(process.pid), "no worker process started"
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130
    assert err == "interrupted\n"
    assert '"interrupted": true' in out
