"""One run of an expensive command per test session, shared by the tests (and the xdist
workers) that assert on it: ``rulings check chronopia`` at the defaults, say, is the same
computation for the test of every invariant and for the tests of one invariant each.

``shared(*args)`` gives ``(exit_code, stdout, output)`` of ``rulings ARGS`` run in-process (click's runner: stdout apart, and stdout with stderr), computed by the
first test that asks and read back from a file by the others. The file is in the session's
temporary directory (the one all workers of a ``pytest -n`` session share; a session's own
without xdist), so a result never outlives its session; a lock (fcntl) makes the others wait
while the first computes, and a worker that dies computing leaves no result, so the next
one computes it again. The session's directory is set before any test runs, by conftest.py's
``shared_results_directory``."""

import fcntl
import hashlib
import json
import os
from typing import NamedTuple

from click.testing import CliRunner

from pybridge.cli.main import cli


class Shared(NamedTuple):
    """What a test reads of a click result: exit code, stdout, stdout and stderr together."""

    exit_code: int
    stdout: str
    output: str


def _directory(tmp_path_factory):
    base = tmp_path_factory.getbasetemp()
    # under xdist each worker's base is popen-gwN inside the session's directory
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    directory = root / "shared-results"
    directory.mkdir(exist_ok=True)
    return directory


DIRECTORY = None       # the session's directory of results (conftest.py sets it)


def use_session(tmp_path_factory):
    global DIRECTORY
    DIRECTORY = _directory(tmp_path_factory)


def shared(*args):
    """A :class:`Shared` ``(exit_code, stdout, output)`` of ``rulings ARGS``, run once per
    session; a Traceback in the output fails every test that asks."""
    assert DIRECTORY is not None, "conftest.py sets the session's directory"
    directory = DIRECTORY
    key = hashlib.sha256(json.dumps(args).encode("utf-8")).hexdigest()[:24]
    path = directory / f"{key}.json"
    with open(directory / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not path.exists():
                result = CliRunner().invoke(cli, list(args))
                assert result.exception is None or isinstance(result.exception, SystemExit), \
                    result.output
                record = {"args": list(args), "exit_code": result.exit_code,
                          "stdout": result.stdout, "output": result.output}
                temporary = path.with_suffix(".part")
                temporary.write_text(json.dumps(record), encoding="utf-8")
                os.replace(temporary, path)
            record = json.loads(path.read_text(encoding="utf-8"))
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    assert record["args"] == list(args)
    assert "Traceback" not in record["output"], record["output"]
    return Shared(record["exit_code"], record["stdout"], record["output"])
