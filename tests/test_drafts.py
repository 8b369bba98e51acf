"""A committee's draft as data (issue 53, items 1 and 4): ``--rules FILE`` puts rules and
editions of the draft's own beside the rulebook's, for ``rule``, ``diff``, ``check``,
``draw`` and ``report``; a rules file is data, and what is not is refused with its file,
line and column (exit 2).

The draft used throughout, DRAFT-1, is the committee's: "a character in battle whose
toughness is 0 is defeated outright", in an edition ``draft`` that is literal without
RED-IMM-6 and with DRAFT-1."""

import json
import os
import textwrap

import pytest
from click.testing import CliRunner

from pybridge.cli.main import cli

DRAFT = textwrap.dedent('''\
    % A committee's draft for redemption.
    % [DRAFT-1] A character in battle whose toughness is 0 is defeated outright.
    % source: none (the committee's draft)
    defeated_outright(C) :- in_force("DRAFT-1"), in_battle(C), state_character(C, _, _, 0).
    ruled_by(being_defeated(C), "DRAFT-1") :- in_force("DRAFT-1"), defeated_outright(C).

    edition(draft, "literal, with DRAFT-1 and without RED-IMM-6").
    in_edition(draft, ID) :- in_edition(literal, ID), ID != "RED-IMM-6".
    in_edition(draft, "DRAFT-1").
    ''')
# one on one, the scout's opponent has strength -1: under RED-BAT-0 -1 >= 0 fails, so the
# scout stands as written; DRAFT-1 defeats it for its toughness of 0 alone
SCOUT = {"rulebook": "redemption", "characters": [
    {"id": "Scout", "alignment": "good", "strength": 3, "toughness": 0},
    {"id": "Brute", "alignment": "evil", "strength": -1, "toughness": 9}]}


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.fixture
def draft(tmp_path):
    path = tmp_path / "draft.lp"
    path.write_text(DRAFT, encoding="utf-8")
    return path


@pytest.fixture
def scout(tmp_path):
    path = tmp_path / "scout.json"
    path.write_text(json.dumps(SCOUT), encoding="utf-8")
    return path


def defeated(result):
    return {r["character"]: r["because"] for r in json.loads(result.stdout)["rulings"]
            if r["kind"] == "being_defeated"}


def test_a_draft_rule_rules_in_its_edition_and_in_no_other(draft, scout):
    ruled = invoke("rule", "--rules", draft, "--edition", "draft", "--format", "json", scout)
    assert ruled.exit_code == 0, ruled.output
    assert json.loads(ruled.stdout)["edition"] == "draft"
    assert defeated(ruled) == {"Scout": ["DRAFT-1"]}
    for edition in ("literal", "negative_counts"):      # built-in: DRAFT-1 not in force
        ruled = invoke("rule", "--rules", draft, "--edition", edition, "--format", "json",
                       scout)
        assert ruled.exit_code == 0, ruled.output
        assert defeated(ruled) == {}


def test_built_in_editions_stay_as_they_are_and_the_draft_edition_is_as_written(draft):
    from pybridge.books import RULEBOOKS, drafts
    plain = {n: e.rule_ids for n, e in RULEBOOKS["redemption"].encoding.editions.items()}
    with drafts([draft]):
        editions = {n: e.rule_ids for n, e in
                    RULEBOOKS["redemption"].encoding.editions.items()}
    assert {n: editions[n] for n in plain} == plain
    assert set(editions["draft"]) == (set(plain["literal"]) - {"RED-IMM-6"}) | {"DRAFT-1"}
    # and the process is back to the rulebook alone
    assert "draft" not in RULEBOOKS["redemption"].encoding.editions


def test_a_diff_from_literal_to_the_draft_names_the_draft_rule(draft):
    result = invoke("diff", "redemption", "--rules", draft, "--from", "literal", "--to",
                    "draft", "--characters", "2", "--immunities", "0", "--values", "-1..0",
                    "--toughness", "0..1", "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["complete"] is True and report["changed"]
    assert any("DRAFT-1" in change["rules"] for change in report["changed"])
    # each witness, ruled with the draft in the draft's edition, cites what the diff says
    for change in report["changed"][:5]:
        path = draft.parent / "witness.json"
        path.write_text(json.dumps(change["witness"]), encoding="utf-8")
        ruled = invoke("rule", "--rules", draft, "--edition", "draft", "--format", "json",
                       path)
        assert json.loads(ruled.stdout)["rulings"] == change["rulings_after"]


def test_check_finds_the_invariant_the_draft_breaks_with_its_id(draft, tmp_path):
    """RED-INV-4a: one on one, B immune to A is defeated iff A's strength (zero unless
    negative, RED-IMM-3) >= B's toughness. DRAFT-1 defeats B at toughness 0 against a
    negative strength, where -1 >= 0 fails: a violation, DRAFT-1 among its rules."""
    result = invoke("check", "redemption", "--rules", draft, "--edition", "draft",
                    "--invariant", "RED-INV-4a", "--characters", "2", "--cards", "0",
                    "--abilities", "0", "--format", "json")
    assert result.exit_code == 1, result.output
    (entry,) = json.loads(result.stdout)["invariants"]
    assert entry["status"] == "violated" and "DRAFT-1" in entry["rules"]
    path = tmp_path / "witness.json"
    path.write_text(json.dumps(entry["witness"]), encoding="utf-8")
    ruled = invoke("rule", "--rules", draft, "--edition", "draft", "--format", "json", path)
    assert any("DRAFT-1" in because for because in defeated(ruled).values())


def test_the_draft_draws_and_reports(draft, scout, tmp_path):
    drawn = invoke("draw", "--rules", draft, "--edition", "draft", scout)
    assert drawn.exit_code == 0 and drawn.stdout.startswith("<svg"), drawn.output
    out = tmp_path / "check.html"
    made = invoke("report", "-o", out, "check", "redemption", "--rules", draft, "--edition",
                  "draft", "--invariant", "RED-INV-4a", "--characters", "2", "--cards", "0",
                  "--abilities", "0")
    assert made.exit_code == 0, made.output
    assert "DRAFT-1" in out.read_text(encoding="utf-8")


# --- item 4: a rules file is data ----------------------------------------------------------

RULE = '% [DRAFT-9] x.\nr(C) :- in_force("DRAFT-9"), in_battle(C).\n'
REFUSED = {
    "script": ("#script (python)\nimport os\n#end.\n", 1, 1, "#script"),
    "external": ("#external e.\n", 1, 1, "#external"),
    "show": ("#show r/1.\n", 1, 1, "#show"),
    "program": ("#program p.\n", 1, 1, "#program"),
    "const": ("#const n = 2.\n", 1, 1, "#const"),
    "no ID": ('r(C) :- in_force("DRAFT-9"), in_battle(C).\n', 1, 1, "without an ID"),
    "no guard": ("% [DRAFT-9] x.\n\nr(C) :- in_battle(C).\n", 3, 1, "without its guard"),
    "the rulebook's ID": ('% [RED-IMM-6] x.\nr(C) :- in_force("RED-IMM-6"), in_battle(C).\n',
                          1, 1, "already the rulebook's"),
    "ruling/1": ('% [DRAFT-9] x.\nruling(x) :- in_force("DRAFT-9").\n', 2, 1,
                 "ruling/1 is the rulebook's own"),
    "an input": ('% [DRAFT-9] x.\nstate_phase(battle) :- in_force("DRAFT-9").\n', 2, 1,
                 "state_phase/1 is the rulebook's own"),
    "in_force/1": ('% [DRAFT-9] x.\nin_force("RED-IMM-6") :- in_force("DRAFT-9").\n', 2, 1,
                   "in_force/1 is the rulebook's own"),
    "a typo": ('% [DRAFT-9] x.\nr(C) :- in_force("DRAFT-9"), in_batle(C).\n', 2, 30,
               "did you mean in_battle/1"),
    "a syntax error": (RULE + "r(C :- .\n", 3, 5, "syntax error"),
    "a built-in edition": ('in_edition(literal, "DRAFT-9").\n' + RULE, 1, 1,
                           "built-in edition"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_rules_file_that_is_not_data_is_refused_naming_file_line_and_column(name, tmp_path,
                                                                             scout):
    text, line, column, words = REFUSED[name]
    path = tmp_path / "draft.lp"
    path.write_text(text, encoding="utf-8")
    result = invoke("rule", "--rules", path, "--format", "json", scout)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"{path}:{line}:{column}: " in result.output, result.output
    assert words in result.output


def test_an_edition_naming_no_rule_is_refused(tmp_path, scout):
    path = tmp_path / "draft.lp"
    path.write_text(RULE + 'edition(d, "x").\nin_edition(d, "RED-IMM-66").\n')
    result = invoke("rule", "--rules", path, scout)
    assert result.exit_code == 2 and "RED-IMM-66, which is no rule" in result.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
def test_include_is_refused_before_any_file_it_names_is_opened(tmp_path, scout):
    fifo = tmp_path / "fifo.lp"
    os.mkfifo(fifo)             # opening it for reading would block for ever
    path = tmp_path / "draft.lp"
    path.write_text(f'% a comment: #include is fine here\n#include "{fifo}".\n' + RULE)
    result = invoke("rule", "--rules", path, scout)
    assert result.exit_code == 2, result.output
    assert f"{path}:2:1: #include is not allowed" in result.output


def test_not_utf8_and_missing_files_are_refused(tmp_path, scout):
    path = tmp_path / "draft.lp"
    path.write_bytes(b"% [DRAFT-9] \xff\n")
    result = invoke("rule", "--rules", path, scout)
    assert result.exit_code == 2 and "not UTF-8" in result.output
    result = invoke("rule", "--rules", tmp_path / "none.lp", scout)
    assert result.exit_code == 2 and "no such file" in result.output


def test_drafts_do_not_go_to_a_cluster_that_cannot_read_them(draft):
    result = invoke("diff", "redemption", "--rules", draft, "--from", "literal", "--to",
                    "draft", "--workers", "2")
    assert result.exit_code == 2 and "--rules runs in this process only" in result.output
