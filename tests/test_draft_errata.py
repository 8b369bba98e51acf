"""A draft's constraint searched for by `errata` (issue 53, item 1): the smallest states where
the draft's edition has no answer, with the minimal set of rule IDs in conflict (the
draft's among them), and a witness `rulings rule --rules` reproduces.

The draft (examples/drafts/redemption_immune_never_defeated.lp) is DRAFT-2: "a character
holding an immunity to an opposing character in battle is never defeated", in the edition
`expected` (literal with DRAFT-2). The source contradicts it: one on one, RED-IMM-3 treats the
strength of the character one is immune to "as zero unless it is negative", and RED-BAT-0
defeats a character whose toughness that strength reaches, so an immune character of
toughness 0 is defeated (0 >= 0)."""

import json
from pathlib import Path

from click.testing import CliRunner

from pybridge.cli.main import cli

DRAFT = Path(__file__).resolve().parent.parent / "examples" / "drafts" / \
    "redemption_immune_never_defeated.lp"
# one on one: Pilgrim (toughness 0) is immune to Wraith (strength 3, treated as zero)
PILGRIM = {"rulebook": "redemption", "characters": [
    {"id": "Pilgrim", "alignment": "good", "strength": 1, "toughness": 0},
    {"id": "Wraith", "alignment": "evil", "strength": 3, "toughness": 5}],
    "immunities": [{"id": "ward", "holder": "Pilgrim", "to": "Wraith"}]}
SMALL = ["--characters", "2", "--cards", "0", "--immunities", "1", "--abilities", "0",
         "--features", "0"]


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def rule(tmp_path, state, edition, draft=DRAFT):
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    result = invoke("rule", "--rules", draft, "--edition", edition, "--format", "json", path)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_state_the_draft_leaves_without_answer_is_inconsistent_with_the_draft_in_conflict(
        tmp_path):
    as_written = rule(tmp_path, PILGRIM, "literal")
    assert as_written["status"] == "ok"
    assert any(r["kind"] == "being_defeated" and r["character"] == "Pilgrim"
               for r in as_written["rulings"])
    drafted = rule(tmp_path, PILGRIM, "expected")
    assert drafted["status"] == "inconsistent" and drafted["rulings"] == []
    assert "DRAFT-2" in drafted["conflict"] and "RED-BAT-0" in drafted["conflict"]


def test_errata_finds_where_the_draft_contradicts_the_rulebook_and_rule_reproduces_it(tmp_path):
    result = invoke("errata", "redemption", "--rules", DRAFT, "--edition", "expected", *SMALL,
                    "--format", "json")
    assert result.exit_code == 1, result.output          # a contradiction found
    found = {c["id"]: c for c in json.loads(result.stdout)["contradictions"]}
    finding = found["DRAFT-2"]
    assert "DRAFT-2" in finding["rules"] and "RED-BAT-0" in finding["rules"]
    assert finding["explanation"].startswith("DRAFT-2 leaves the edition no answer")
    # the smallest: one on one, two characters
    assert len(finding["witness"]["characters"]) == 2
    again = rule(tmp_path, finding["witness"], "expected")
    assert again["status"] == "inconsistent" and again["conflict"] == finding["rules"]
    assert rule(tmp_path, finding["witness"], "literal")["status"] == "ok"


def test_errata_of_an_edition_without_the_draft_rule_finds_no_draft_contradiction():
    result = invoke("errata", "redemption", "--rules", DRAFT, "--edition", "literal", *SMALL,
                    "--format", "json")
    assert result.exit_code in (0, 1), result.output
    assert "DRAFT-2" not in {c["id"] for c in json.loads(result.stdout)["contradictions"]}


def test_a_draft_cannot_derive_what_the_engine_derives_for_its_constraints(tmp_path):
    for head in ('draft_conflict("X")', "conflicts_shown"):
        path = tmp_path / "engine.lp"
        path.write_text(f'% [DRAFT-9] taken\n{head} :- in_force("DRAFT-9").\n', encoding="utf-8")
        result = invoke("rule", "--rules", path, "--format", "json",
                        Path(__file__).resolve().parent.parent / "examples" / "redemption" /
                        "negative_strength_one_on_one.yaml")
        assert result.exit_code == 2, result.output
        assert f"{path}:2:1" in result.output and "the rulebook's own" in result.output
