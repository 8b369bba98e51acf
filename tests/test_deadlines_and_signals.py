"""The clock and signals (issue 12, items 6-8): every long command stops within seconds of its
deadline or of a stopping signal, even while grounding; `rule` leaves at once on Ctrl-C;
SIGTERM and SIGHUP get the same summary as Ctrl-C; no child outlives its parent."""

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-m", "pybridge"]
BIG_CHECK = ["check", "redemption", "--characters", "8", "--format", "json"]


def slow_state(n=400):
    """A state that takes seconds to rule: n fleets in one field with n maelstroms (n × n
    rulings: every fleet is destroyed by every maelstrom)."""
    beings = [{"id": f"B{i}", "type": "fleet", "field": "F"} for i in range(n)]
    elements = [{"id": f"E{i}", "type": "MA", "field": "F", "destroys": ["fleet"]}
                for i in range(n)]
    return {"rulebook": "b5", "beings": beings, "elements": elements}


def start(arguments):
    return subprocess.Popen(COMMAND + arguments, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)


def running(pid):
    """Is process ``pid`` running (a zombie waiting to be reaped is not)?"""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


def children(pid):
    try:
        return [int(c) for task in Path(f"/proc/{pid}/task").iterdir()
                for c in (task / "children").read_text().split()]
    except OSError:
        return []


@pytest.mark.slow
def test_ctrl_c_on_rule_leaves_at_once_while_grounding(tmp_path):
    path = tmp_path / "slow.json"
    path.write_text(json.dumps(slow_state()))
    process = start(["rule", str(path)])
    time.sleep(1.5)                      # grounding takes several seconds
    stopped = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert time.monotonic() - stopped < 3
    assert process.returncode == 130
    assert err == "interrupted\n"


@pytest.mark.parametrize("delay", [0.4, 0.8])
def test_ctrl_c_during_start_up_is_one_line_not_a_traceback(delay):
    process = start(["rule", str(ROOT / "examples" / "redemption" / "targeting.yaml")])
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert "Traceback" not in err
    assert process.returncode in (0, 130)
    assert err in ("", "interrupted\n")


@pytest.mark.slow
@pytest.mark.parametrize("command", [
    ["enumerate", "redemption", "--values", "-1000..1000", "--timeout", "2", "--format", "json"],
    ["diff", "redemption", "--from", "literal", "--to", "negative_counts", "--values",
     "-1000..1000", "--timeout", "2", "--format", "json"],
])
def test_listings_keep_their_deadline_while_grounding(command):
    began = time.monotonic()
    process = start(command)
    out, err = process.communicate(timeout=120)
    assert time.monotonic() - began < 15          # 2 s, the grace period, start-up
    assert process.returncode == 3      # incomplete
    summary = json.loads(out)
    assert summary["complete"] is False


@pytest.mark.slow
def test_ctrl_c_on_a_listing_while_grounding_stops_it():
    process = start(["enumerate", "redemption", "--values", "-1000..1000", "--format", "json"])
    time.sleep(2)
    stopped = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert time.monotonic() - stopped < 5
    assert process.returncode == 130
    summary = json.loads(out)
    assert summary["complete"] is False and summary["interrupted"] is True
    assert err.strip().endswith("interrupted") and "Traceback" not in err


@pytest.mark.slow
@pytest.mark.parametrize("signum, code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_and_sighup_give_the_summary_and_take_the_child_along(signum, code):
    process = start(BIG_CHECK)
    time.sleep(3)
    searching = children(process.pid)
    assert searching, "check searches in a child process"
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    assert process.returncode == code
    statuses = [i["status"] for i in json.loads(out)["invariants"]]
    assert statuses[-1] == "unknown" and "holds" not in statuses[statuses.index("unknown"):]
    time.sleep(0.5)
    assert not any(running(pid) for pid in searching)


@pytest.mark.slow
def test_a_child_dies_with_a_parent_killed_outright():
    process = start(BIG_CHECK)
    time.sleep(3)
    searching = children(process.pid)
    assert searching
    process.kill()
    process.communicate(timeout=60)
    deadline = time.monotonic() + 5
    while any(running(pid) for pid in searching) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(running(pid) for pid in searching)
