"""Exit codes a script can trust (issue 15, item 5): an unknown or incomplete result never
exits 0.

check / errata: 0 nothing violated and everything decided, 1 a violation or a contradiction,
3 nothing violated but something unknown (a search out of --timeout). enumerate / diff: 0
complete, 3 incomplete. rule: 0 whatever the status; with --strict, 1 when a state is
ambiguous or inconsistent. 2 stays bad input.

Unknown and incomplete are forced with the smallest --timeout (0.1 s) on a space no search
finishes in that time (twelve redemption characters; three or four for a listing, which has
tens of thousands of states to list). Every run here takes about a second.
"""

import json
import os

import pytest
from click.testing import CliRunner

from pybridge.cli.analysis import exit_code
from pybridge.cli.main import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REDEMPTION = os.path.join(ROOT, "examples", "redemption")
THREE = os.path.join(REDEMPTION, "three_character_battle.yaml")
AMBIGUOUS = os.path.join(REDEMPTION, "mutual_grants_ambiguous.yaml")
INCONSISTENT = os.path.join(REDEMPTION, "odd_grant_cycle_inconsistent.yaml")

DIFF = ("diff", "redemption", "--from", "literal", "--to", "negative_counts")


def run(*args):
    result = CliRunner().invoke(cli, list(args) + ["--format", "json"], catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def status(*args):
    """(exit code, the JSON document printed) of one analysis command."""
    result = run(*args)
    return result.exit_code, json.loads(result.stdout)


# --- the rule behind the codes --------------------------------------------------------------

@pytest.mark.parametrize("statuses, code", [
    ([], 0),
    (["holds", "holds"], 0),
    (["holds", "unknown"], 3),
    (["unknown", "violated"], 1),       # a violation found outranks an undecided search
    (["violated", "holds"], 1),
])
def test_exit_code_of_statuses(statuses, code):
    assert exit_code(statuses) == code


# --- check ----------------------------------------------------------------------------------

@pytest.mark.slow
def test_check_holds_exits_0():
    # RED-INV-1 (one battle state whenever both sides are in battle) holds at any bound; two
    # characters of strength and toughness 0..1 are decided in well under a second.
    code, doc = status("check", "redemption", "--invariant", "RED-INV-1", "--characters", "2",
                       "--values", "0..1", "--toughness", "0..1")
    assert [i["status"] for i in doc["invariants"]] == ["holds"]
    assert code == 0


@pytest.mark.slow
def test_check_unknown_exits_3():
    # RED-INV-5 over twelve characters does not finish in 120 s (docs/analysis.md), let alone 0.1 s.
    code, doc = status("check", "redemption", "--invariant", "RED-INV-5", "--characters", "12",
                       "--timeout", "0.1")
    assert [i["status"] for i in doc["invariants"]] == ["unknown"]
    assert code == 3


def test_check_violated_exits_1(monkeypatch):
    # No shipped invariant is violated (docs/analysis.md: they all hold); the command is given a
    # result with one violated and one unknown invariant: the violation decides.
    from pybridge import api
    found = {"rulebook": "redemption", "edition": "literal", "bounds": {},
             "invariants": [
                 {"id": "X-1", "description": "d", "status": "unknown", "witness": None},
                 {"id": "X-2", "description": "d", "status": "violated", "rules": ["R"],
                  "witness": {"rulebook": "redemption"}}]}
    monkeypatch.setattr(api, "check", lambda *args, **kwargs: found)
    code, doc = status("check", "redemption")
    assert code == 1 and doc == found


# --- errata ---------------------------------------------------------------------------------

def test_errata_without_contradictions_exits_0():
    # Chronopia's errata.lp: C36-CRIT against its alternative reading never gives two rulings
    # at once within the default bounds (docs/rulebooks/chronopia.md).
    code, doc = status("errata", "chronopia")
    assert doc["contradictions"] == []
    assert code == 0


@pytest.mark.slow
def test_errata_with_a_contradiction_exits_1():
    # RED-ERR-1 (RED-IMM-3 against RED-BAT-1): three characters suffice (docs/analysis.md's witness).
    code, doc = status("errata", "redemption", "--characters", "3")
    assert [c["id"] for c in doc["contradictions"]] == ["RED-ERR-1"]
    assert "status" not in doc["contradictions"][0]
    assert code == 1


def test_errata_unknown_exits_3():
    code, doc = status("errata", "redemption", "--characters", "12", "--timeout", "0.1")
    assert [c.get("status") for c in doc["contradictions"]] == ["unknown"]
    assert code == 3


# --- enumerate and diff ---------------------------------------------------------------------

def test_enumerate_complete_exits_0():
    # 5 phases x (8 + 36) states (tests/test_analysis_cli.py reasons the count).
    code, doc = status("enumerate", "redemption", "--characters", "2", "--immunities", "0",
                       "--abilities", "0", "--features", "0", "--values", "0..1",
                       "--toughness", "0..1", "--count")
    assert doc["complete"] is True and doc["total"] == 220
    assert code == 0


def test_enumerate_incomplete_exits_3():
    # three characters list 42,170 states (docs/analysis.md): not in 0.1 s
    code, doc = status("enumerate", "redemption", "--characters", "3", "--timeout", "0.1")
    assert doc["complete"] is False
    assert code == 3


def test_diff_complete_exits_0_even_with_nothing_changed():
    # strengths 0..1: no negative strength, so RED-BAT-1-NEG changes nothing
    code, doc = status(*DIFF, "--characters", "2", "--values", "0..1")
    assert doc["complete"] is True and doc["changed"] == []
    assert code == 0


def test_diff_incomplete_exits_3():
    code, doc = status(*DIFF, "--characters", "4", "--timeout", "0.1")
    assert doc["complete"] is False
    assert code == 3


# --- rule -----------------------------------------------------------------------------------

@pytest.mark.parametrize("path, expected", [(THREE, "ok"), (AMBIGUOUS, "ambiguous"),
                                            (INCONSISTENT, "inconsistent")])
def test_rule_exits_0_whatever_the_status(path, expected):
    result = run("rule", path)
    assert json.loads(result.stdout)["status"] == expected
    assert result.exit_code == 0


@pytest.mark.parametrize("paths, code", [
    ([THREE], 0),
    ([AMBIGUOUS], 1),
    ([INCONSISTENT], 1),
    ([THREE, AMBIGUOUS, THREE], 1),     # any state
])
def test_rule_strict(paths, code):
    result = run("rule", "--strict", *paths)
    assert len(result.stdout.splitlines()) == len(paths)    # every state is still ruled
    assert result.exit_code == code


def test_rule_strict_bad_input_stays_2(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("rulebook: redemption\ncharacters: 3\n", encoding="utf-8")
    result = run("rule", "--strict", AMBIGUOUS, str(bad))
    assert result.exit_code == 2


def test_bad_input_to_an_analysis_command_is_2():
    assert run("check", "redemption", "--characters", "x").exit_code == 2
    assert run("enumerate", "nosuchbook").exit_code == 2


# --- documented -----------------------------------------------------------------------------

@pytest.mark.parametrize("command, codes", [
    ("check", ["0", "1", "2", "3", "70"]), ("errata", ["0", "1", "2", "3", "70"]),
    ("enumerate", ["0", "2", "3", "70"]), ("diff", ["0", "2", "3", "70"]),
    ("rule", ["0", "1", "2", "3", "70"]), ("coverage", ["0", "1", "2", "70"]),
])
def test_help_documents_the_exit_codes(command, codes):
    text = " ".join(CliRunner().invoke(cli, [command, "--help"]).stdout.split())
    assert "Exit codes:" in text
    for code in codes:
        assert f" {code} " in text.split("Exit codes:")[1].split("Example")[0], (command, code)


# --- issue 25, item 7: an internal error has a code of its own -----------------------------

@pytest.mark.parametrize("command, broken", [
    (["rule", "examples/redemption/three_character_battle.yaml"], "pybridge.api.rule_all"),
    (["check", "hkk", "--timeout", "5"], "pybridge.api.check"),
])
def test_an_internal_error_exits_70_in_one_line(command, broken):
    # a bug anywhere below the CLI (here: a function replaced by one that fails) is one
    # line and exit 70, never 1 ("found something") nor a traceback
    import subprocess
    import sys
    module, name = broken.rsplit(".", 1)
    script = (f"import {module} as m\n"
              f"def broken(*args, **kwargs):\n    raise ZeroDivisionError('a bug')\n"
              f"m.{name} = broken\n"
              f"import sys\nsys.argv = ['rulings'] + {command!r}\n"
              f"from pybridge.cli import main\nmain()\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 70, result
    assert result.stderr == "internal error: ZeroDivisionError: a bug\n"
