"""`--explain` of a draft's rulings (issue 53, item 1): a draft's rules carry no explanation
annotations, and each ruling one of them gives is explained by the rule's ID, its summary
and the facts its body matched, down through the draft's own rules to the input facts.

The draft is examples/drafts/redemption_toughness_zero.lp: DRAFT-1 derives
defeated_outright(C) for a character C in battle whose toughness is 0
(``in_battle(C), state_character(C, _, _, 0)``) and rules ``being_defeated(C)`` from it.
Scout (good, strength 3, toughness 0) in battle against Brute: its defeat is DRAFT-1's, whose
body matched defeated_outright(Scout), which in turn matched in_battle(Scout) and Scout's
character fact."""

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from pybridge.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
DRAFT = ROOT / "examples" / "drafts" / "redemption_toughness_zero.lp"
SCOUT = {"rulebook": "redemption", "characters": [
    {"id": "Scout", "alignment": "good", "strength": 3, "toughness": 0},
    {"id": "Brute", "alignment": "evil", "strength": -1, "toughness": 9}]}
SUMMARY = "A character in battle whose toughness is 0 is defeated outright"


def explain(tmp_path, output="json"):
    path = tmp_path / "scout.json"
    path.write_text(json.dumps(SCOUT), encoding="utf-8")
    result = CliRunner().invoke(cli, ["rule", "--rules", str(DRAFT), "--edition", "draft",
                                      "--explain", "--format", output, str(path)])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_draft_ruling_is_explained_by_its_rule_summary_and_matched_facts(tmp_path):
    rulings = json.loads(explain(tmp_path))["rulings"]
    (defeat,) = [r for r in rulings if r["kind"] == "being_defeated"]
    assert defeat["character"] == "Scout" and defeat["because"] == ["DRAFT-1"]
    (step,) = defeat["why"]
    assert step["rule"] == "DRAFT-1"
    assert step["says"] == f"{SUMMARY}: its body matched defeated_outright(Scout)"
    assert step["facts"] == {"matched": ["defeated_outright(Scout)"]}
    (under,) = step["why"]
    assert under["rule"] == "DRAFT-1"
    assert under["facts"] == {"matched": ["in_battle(Scout)", "state_character(Scout,good,3,0)"]}
    assert under["why"] == []


def test_the_text_shows_the_steps_and_the_rulebook_rulings_keep_their_own(tmp_path):
    text = explain(tmp_path, "text")
    assert f"    {SUMMARY}: its body matched defeated_outright(Scout)\n" in text
    assert f"      {SUMMARY}: its body matched in_battle(Scout), " \
        "state_character(Scout,good,3,0)\n" in text
    # the battle state is the rulebook's, explained by its own annotations (RED-BAT-2)
    assert "[RED-BAT-2]" in text


def test_the_explanation_of_a_draft_is_the_same_bytes_under_other_hash_seeds(tmp_path):
    path = tmp_path / "scout.json"
    path.write_text(json.dumps(SCOUT), encoding="utf-8")
    outputs = {subprocess.run(
        [sys.executable, "-m", "pybridge", "rule", "--rules", str(DRAFT), "--edition", "draft",
         "--explain", "--format", "json", str(path)], capture_output=True, check=True,
        env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"}, cwd=ROOT).stdout
        for seed in ("1", "2")}
    assert len(outputs) == 1
