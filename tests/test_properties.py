"""A committee's own properties (issue 53, item 2): ``rulings check RULEBOOK --property FILE``
checks the invariants of a file written as asp/<rulebook>/invariants.lp is, beside the
rulebook's or alone with ``--invariant ID``, with witnesses and vacuity as theirs; the file is
data, and what is not a property is refused with its file, line and column (exit 2).

The file is examples/properties/redemption_one_on_one.lp. Expected from the source, before
running the tool:
- COM-PROP-1, "no battle of two characters ends in mutual destruction while one holds an
  immunity to the other", is violated: one on one, RED-IMM-3 treats the strength of the
  character one is immune to "as zero unless it is negative", and RED-BAT-0 defeats a
  character whose toughness the opposing strength reaches; with both toughnesses 0 and
  strengths 0, 0 >= 0 defeats both, and RED-BAT-2 calls that mutual destruction.
- COM-PROP-2, "one on one, a character whose strength is below the other's toughness does not
  defeat it" (no cards), holds: the strength is either kept (below the toughness) or, against
  an immune character, treated as zero, which reaches only a toughness of 0, and a strength
  below 0 is negative, which RED-IMM-3 keeps."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pybridge.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
PROPERTIES = ROOT / "examples" / "properties" / "redemption_one_on_one.lp"
SMALL = ["--characters", "2", "--cards", "0", "--abilities", "0", "--features", "0"]
STATE = ROOT / "examples" / "redemption" / "negative_strength_one_on_one.yaml"


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def check(*args):
    result = invoke("check", "redemption", "--property", PROPERTIES, *SMALL, *args,
                    "--format", "json")
    assert result.exit_code in (0, 1, 3), result.output
    return result.exit_code, {i["id"]: i for i in json.loads(result.stdout)["invariants"]}


def test_the_properties_are_checked_beside_the_invariants_with_witnesses_and_premises(tmp_path):
    code, found = check()
    assert code == 1                                    # a property is violated
    assert list(found)[-2:] == ["COM-PROP-1", "COM-PROP-2"]
    assert "RED-INV-1" in found                         # the rulebook's own, first
    violated = found["COM-PROP-1"]
    assert violated["status"] == "violated" and violated["rules"] == ["RED-BAT-0", "RED-BAT-2"]
    assert violated["description"].startswith("No battle of two characters ends")
    witness = violated["witness"]
    assert len(witness["characters"]) == 2 and len(witness["immunities"]) == 1
    path = tmp_path / "witness.json"
    path.write_text(json.dumps(witness), encoding="utf-8")
    ruled = json.loads(invoke("rule", "--format", "json", path).stdout)
    # the battle state cites RED-IMM-3 too: the immune character's opponent's strength was
    # treated as zero (the rules involved are the fewest the violation needs, without it)
    assert {"kind": "battle_state", "state": "mutual_destruction",
            "because": ["RED-IMM-3", "RED-BAT-0", "RED-BAT-2"]} in [
        {k: r[k] for k in ("kind", "state", "because")} for r in ruled["rulings"]
        if r["kind"] == "battle_state"]
    held = found["COM-PROP-2"]
    assert held["status"] == "holds" and held["premise"]["met"] is True


def test_one_property_alone_and_a_premise_never_met_is_vacuous():
    code, found = check("--invariant", "COM-PROP-2")
    assert code == 0 and list(found) == ["COM-PROP-2"]
    # one character at most: no battle of two, so COM-PROP-1's premise is never met
    result = invoke("check", "redemption", "--property", PROPERTIES, "--characters", "1",
                    "--cards", "0", "--abilities", "0", "--features", "0",
                    "--invariant", "COM-PROP-1", "--format", "json")
    assert result.exit_code == 3, result.output
    (entry,) = json.loads(result.stdout)["invariants"]
    assert entry["status"] == "vacuous" and entry["premise"]["met"] is False


def test_a_property_does_not_change_the_rulings():
    # the rulebook's own checks are the same with and without the property file
    without = invoke("check", "redemption", *SMALL, "--invariant", "RED-INV-1",
                     "--format", "json")
    with_file = invoke("check", "redemption", "--property", PROPERTIES, *SMALL,
                       "--invariant", "RED-INV-1", "--format", "json")
    assert without.exit_code == with_file.exit_code == 0
    assert without.stdout == with_file.stdout


REFUSED = {
    "include": ('#include "x.lp".\n', 1, 1, "#include is not allowed"),
    "show": ("% [P-1] p\n#program p.\n#show violation/0.\n", 3, 1, "#show is not allowed"),
    "outside a part": ("violation :- ruling(1, R).\n", 1, 1, "a rule outside a property"),
    "part without ID": ("#program p.\nviolation.\n", 1, 1, "needs a '% [ID] description'"),
    "rulebook's ID": ("% [RED-INV-1] again\n#program p.\nviolation.\n", 2, 1,
                      "RED-INV-1 is already the rulebook's"),
    "a rule's ID": ("% [RED-BAT-1] again\n#program p.\nviolation.\n", 2, 1,
                    "RED-BAT-1 is already the rulebook's"),
    "derives a ruling": ('% [P-1] p\n#program p.\nruling(1, x) :- world(1).\n', 3, 1,
                         "ruling/2 is the rulebook's"),
    "derives what the rules derive": ('% [P-1] p\n#program p.\nin_battle(1, "x").\n', 3, 1,
                                      "in_battle/2 is the rulebook's"),
    "reads the rules' own": ("% [P-1] p\n#program p.\nviolation :- in_battle(1, C).\n", 3, 14,
                             "in_battle/2 is no input"),
    "parameters": ("% [P-1] p\n#program p(n).\nviolation.\n", 2, 1, "takes no parameters"),
    "no property": ("% nothing\n", None, None, "no property"),
    "syntax": ("% [P-1] p\n#program p.\nviolation :- (.\n", 3, None, "syntax error"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_property_file_that_is_not_data_is_refused_naming_file_line_and_column(name,
                                                                                  tmp_path):
    text, line, column, message = REFUSED[name]
    path = tmp_path / "property.lp"
    path.write_text(text, encoding="utf-8")
    result = invoke("check", "redemption", "--property", path, *SMALL, "--format", "json")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert message in result.output, result.output
    assert f"{path}" + (f":{line}" if line else "") + (f":{column}" if column else "") in \
        result.output, result.output


def test_a_property_reading_a_misspelt_input_is_told_the_nearest_names(tmp_path):
    path = tmp_path / "property.lp"
    path.write_text("% [P-1] p\n#program p.\nviolation :- state_charactr(1, C, _, _, _).\n",
                    encoding="utf-8")
    result = invoke("check", "redemption", "--property", path, *SMALL)
    assert result.exit_code == 2
    assert "did you mean state_character/5" in result.output


def test_properties_run_in_this_process_only():
    result = invoke("check", "redemption", "--property", PROPERTIES, "--workers", "2")
    assert result.exit_code == 2
    assert "--property runs in this process only" in result.output


def test_a_property_is_checked_under_a_drafts_edition():
    # DRAFT-2 (examples/drafts/redemption_immune_never_defeated.lp) leaves no answer where a
    # character holding an immunity to its opponent is defeated; mutual destruction defeats
    # both, so under its edition no battle of two with such an immunity ends that way
    draft = ROOT / "examples" / "drafts" / "redemption_immune_never_defeated.lp"
    result = invoke("check", "redemption", "--rules", draft, "--property", PROPERTIES,
                    "--edition", "expected", "--invariant", "COM-PROP-1", *SMALL,
                    "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["edition"] == "expected"
    assert [(i["id"], i["status"]) for i in report["invariants"]] == [("COM-PROP-1", "holds")]
