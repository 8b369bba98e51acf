"""No vacuous "holds": an invariant that holds says where its premise is met (the smallest
state where its conclusion is tested); one whose premise no state within the bounds meets is
reported ``vacuous``, exit code 3 (pybridge/analysis/check.py, ``_premise``)."""

import json
import re

import pytest
from click.testing import CliRunner
from clingo import ast

from pybridge.analysis.program import Invariant, analysis
from pybridge.books import RULEBOOKS, get
from pybridge.cli.main import cli
from pybridge.engine.encoding import asp_root, silent

# b5's space: a being has exactly one type (a ONE fact), so no state has a being of two types.
# The first part can never meet its premise; the second meets it with one being of type D.
PARTS = """
#program test_vacuous.
world(1).
premise :- state_being(1, B, "D", _), state_being(1, B, "Dr", _).
violation :- premise.
#program test_tested.
world(1).
premise :- state_being(1, _, "D", _).
violation :- premise, not state_being(1, _, "D", _).
"""
INVARIANTS = [Invariant("TEST-VACUOUS", "a being of two types is never anything", "test_vacuous"),
              Invariant("TEST-TESTED", "a being of type D is of type D", "test_tested")]


@pytest.fixture
def invariants(monkeypatch):
    """b5 checked against the two invariants above only (the forked searches inherit it)."""
    program = analysis(get("b5"))
    statements = []
    ast.parse_string(PARTS, statements.append, logger=silent)
    monkeypatch.setitem(program.__dict__, "invariants", INVARIANTS)
    monkeypatch.setitem(program.__dict__, "invariant_statements", statements)


def _check(*arguments):
    return CliRunner().invoke(cli, ["check", "b5", "--format", "json", "-q",
                                    "--beings", "2", "--elements", "0", "--orders", "0",
                                    "--protections", "0", *arguments])


def test_an_invariant_whose_premise_no_state_meets_is_vacuous_with_exit_3(invariants):
    result = _check("--invariant", "TEST-VACUOUS")
    assert result.exit_code == 3, result.output
    (entry,) = json.loads(result.output)["invariants"]
    assert entry["status"] == "vacuous"
    assert entry["premise"] == {"met": False}
    assert entry["witness"] is None


def test_an_invariant_that_holds_shows_the_smallest_state_meeting_its_premise(invariants):
    result = _check("--invariant", "TEST-TESTED")
    assert result.exit_code == 0, result.output
    (entry,) = json.loads(result.output)["invariants"]
    assert entry["status"] == "holds"
    premise = entry["premise"]
    assert premise["met"] is True and premise["smallest"] is True
    # the smallest state with a being of type D: that being alone
    assert [b["type"] for b in premise["witness"]["beings"]] == ["D"]
    assert "elements" not in premise["witness"]


def test_vacuous_reads_as_such_in_text(invariants):
    result = CliRunner().invoke(cli, ["check", "b5", "--format", "text", "-q", "--beings", "1",
                                      "--elements", "0", "--orders", "0", "--protections", "0"])
    assert result.exit_code == 3, result.output
    assert "TEST-VACUOUS vacuous" in result.output
    assert "no state within the bounds meets its premise" in result.output
    assert re.search(r"TEST-TESTED holds.*\n    tested in: ", result.output)


@pytest.mark.parametrize("name", sorted(RULEBOOKS))
def test_every_invariant_states_its_premise_and_every_violation_rests_on_it(name):
    """Each part of invariants.lp derives ``premise``, and every rule deriving
    ``violation`` has ``premise`` in its body."""
    text = (asp_root() / name / "invariants.lp").read_text(encoding="utf-8")
    parts = re.split(r"^#program\s+\w+\.\s*$", text, flags=re.M)[1:]
    assert len(parts) == len(analysis(get(name)).invariants)
    for part in parts:
        code = "\n".join(line.split("%")[0] for line in part.splitlines())
        rules = [r.strip() for r in code.split(".\n") if r.strip()]
        assert any(r.startswith("premise :-") for r in rules), part[:200]
        for rule in rules:
            if rule.startswith("violation"):
                assert re.match(r"violation :-\s*premise\b", rule), rule
