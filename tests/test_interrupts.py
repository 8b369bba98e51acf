"""Long commands stop cleanly: at --timeout and at Ctrl-C (SIGINT) the summary says what
was decided (complete: false, status unknown, never a false "holds"), a --out JSONL file
holds only whole lines, and an interrupted run exits 130 after its summary."""

import json
import signal
import subprocess
import sys
import time

import pytest

from pybridge.analysis.program import analysis
from pybridge.books import get

COMMAND = [sys.executable, "-m", "pybridge"]
# Spaces far too large to finish in the few seconds these tests allow.
BIG_ENUMERATE = ["enumerate", "hkk", "--properties", "4", "--format", "json"]
BIG_CHECK = ["check", "redemption", "--characters", "8", "--format", "json"]


def interrupted(arguments, after=3.0):
    process = subprocess.Popen(COMMAND + arguments, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    time.sleep(after)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert "Traceback" not in err
    return process.returncode, json.loads(out), err


def whole_lines(path):
    text = path.read_text(encoding="utf-8")
    assert text == "" or text.endswith("\n")
    records = [json.loads(line) for line in text.splitlines()]
    for record in records:
        assert set(record) == {"state", "rulings"}
    return records


@pytest.mark.slow
def test_ctrl_c_during_enumerate_keeps_whole_lines_and_says_incomplete(tmp_path):
    out = tmp_path / "states.jsonl"
    code, summary, err = interrupted(BIG_ENUMERATE + ["--out", str(out)])
    assert code == 130 and err.strip().endswith("interrupted")
    assert summary["complete"] is False and summary["interrupted"] is True
    assert len(whole_lines(out)) == summary["total"] > 0


@pytest.mark.slow
def test_ctrl_c_during_check_reports_the_rest_unknown():
    code, summary, err = interrupted(BIG_CHECK)
    assert code == 130
    statuses = [i["status"] for i in summary["invariants"]]
    # every invariant of the rulebook is reported, the ones not decided as unknown
    assert len(statuses) == len(analysis(get("redemption")).invariants)
    assert statuses[-1] == "unknown"
    assert "holds" not in statuses[statuses.index("unknown"):]
    assert all(i.get("interrupted") for i in summary["invariants"] if i["status"] == "unknown")


@pytest.mark.slow
@pytest.mark.parametrize("arguments", [
    BIG_ENUMERATE,
    ["diff", "hkk", "--from", "literal", "--to", "intended", "--properties", "5",
     "--format", "json"],
])
def test_timeout_stops_a_listing_with_complete_false(tmp_path, arguments):
    out = tmp_path / "states.jsonl"
    extra = ["--out", str(out)] if arguments[0] == "enumerate" else []
    result = subprocess.run(COMMAND + arguments + extra + ["--timeout", "1"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 3, result.stderr      # incomplete: exit 3
    summary = json.loads(result.stdout)
    assert summary["complete"] is False
    if extra:
        assert len(whole_lines(out)) == summary["total"]
