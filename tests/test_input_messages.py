"""Input that must be read as written and refused in one short line naming its place
(issue 25, items 12, 13 and 15), each run from outside: the real CLI on a real file."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def rulings(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "pybridge", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def write(tmp_path, text, name="state.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def rule_json(path):
    result = rulings("rule", "--format", "json", str(path))
    assert result.returncode == 0, result
    return json.loads(result.stdout)


# --- item 12: YAML 1.2's core schema keeps these as text -----------------------------------

@pytest.mark.parametrize("ident", ["2001-12-14", "2001-12-14T10:00:00Z", "=", "<<"])
def test_timestamps_and_1_1_keys_are_text_as_ids(tmp_path, ident):
    # one hero (1/1) against one evil character (2/2): E's 2 reaches the hero's toughness 1,
    # the hero's 1 does not reach E's 2, so the hero alone is being defeated whatever it is
    # called (RED-BAT-0, RED-BAT-2: evil_winning), and the ruling names it as written
    path = write(tmp_path, "rulebook: redemption\ncharacters:\n"
                 f"  - {{id: {ident}, alignment: good, strength: 1, toughness: 1}}\n"
                 "  - {id: E, alignment: evil, strength: 2, toughness: 2}\n")
    result = rule_json(path)
    assert result["rulings"] == [
        {"kind": "battle_state", "state": "evil_winning", "because": ["RED-BAT-0", "RED-BAT-2"]},
        {"kind": "being_defeated", "character": ident, "because": ["RED-BAT-0"]}]


def test_a_b5_field_written_as_a_date_is_its_text(tmp_path):
    # a fleet and a maelstrom that destroys fleets in field 2024-01-01: destroyed (B.5.2.3)
    path = write(tmp_path, "rulebook: b5\nbeings:\n"
                 "  - {id: F, type: fleet, field: 2024-01-01}\n"
                 "elements:\n  - {id: M, type: MA, field: 2024-01-01, destroys: [fleet]}\n")
    result = rule_json(path)
    assert {"kind": "destroyed", "being": "F", "element": "M",
            "because": ["B.5.2.3"]} in result["rulings"]


@pytest.mark.parametrize("value", ["=", "<<"])
def test_a_plain_equals_or_merge_sign_as_a_value_is_text(tmp_path, value):
    path = write(tmp_path, "rulebook: redemption\ncharacters:\n"
                 f"  - {{id: H, alignment: good, strength: 1, toughness: 1, brigade: {value}}}\n")
    result = rulings("validate", str(path))
    assert result.returncode == 0, result


def test_a_merge_key_still_merges(tmp_path):
    path = write(tmp_path, "rulebook: redemption\ncharacters:\n"
                 "  - &h {id: H1, alignment: good, strength: 2, toughness: 2}\n"
                 "  - {<<: *h, id: H2}\n")
    assert rulings("validate", str(path)).returncode == 0


# --- item 13: messages ----------------------------------------------------------------------

def test_a_huge_unknown_key_is_cut_in_the_message(tmp_path):
    path = write(tmp_path, json.dumps({"rulebook": "redemption", "characters": [],
                                       "k" * 5_000_000: 1}), "state.json")
    result = rulings("validate", str(path))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and len(result.stderr) < 400, len(result.stderr)
    assert "... (5000000 characters): unknown key (expected one of:" in result.stderr


@pytest.mark.parametrize("tagged, field, expected", [
    ("!!int 0o12", "strength",
     "characters[0].strength: expected an integer, got !!int '0o12', which is not a decimal "
     "integer"),
    ("!!float abc", "toughness",
     "characters[0].toughness: expected an integer, got !!float 'abc', which is not a number"),
])
def test_a_tagged_scalar_that_is_no_such_number_names_its_path(tmp_path, tagged, field,
                                                              expected):
    other = "toughness" if field == "strength" else "strength"
    path = write(tmp_path, "rulebook: redemption\ncharacters:\n"
                 f"  - {{id: H, alignment: good, {field}: {tagged}, {other}: 1}}\n")
    result = rulings("validate", str(path))
    assert result.returncode == 2
    assert result.stderr == f"error: {path}: {expected}\n"


@pytest.mark.parametrize("command", ["validate", "rule"])
def test_an_empty_file_name_is_named(command):
    result = rulings(command, "")
    assert result.returncode == 2
    assert result.stderr == "error: '': no such file (the file name is empty)\n"


def test_validate_escapes_a_file_name_that_could_forge_a_line(tmp_path):
    forged = tmp_path / "ok\rerror: forged.yaml"
    forged.write_text((ROOT / "examples/redemption/three_character_battle.yaml").read_text())
    result = rulings("validate", "--format", "text", str(forged))
    assert result.returncode == 0
    assert "\r" not in result.stdout and result.stdout.count("\n") == 1
    assert result.stdout.endswith("ok\\u000derror: forged.yaml: ok\n"), result.stdout


@pytest.mark.parametrize("arguments", [
    ["check", "redemption", "--characters", "\u0663"],          # Arabic-Indic 3
    ["check", "redemption", "--values", "\u0660..\u0663"],
    ["check", "redemption", "--workers", "\u0662"],
    ["rule", "--max-size", "\u0663", "x.yaml"],
    ["validate", "--max-size", "\uff13", "x.yaml"],              # fullwidth 3
])
def test_counts_are_ascii_digits_only(arguments):
    result = rulings(*arguments)
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr


# --- item 15: validation gaps ---------------------------------------------------------------

def test_a_unit_of_two_armies_is_refused(tmp_path):
    path = write(tmp_path, "rulebook: chronopia\nmodels:\n"
                 "  - {id: A1, army: A, unit: U, size: 1, position: [0, 0], facing: 90}\n"
                 "  - {id: A2, army: A, unit: U, size: 1, position: [2, 0], facing: 90}\n"
                 "  - {id: B1, army: B, unit: U, size: 1, position: [5, 0], facing: 90}\n")
    result = rulings("validate", str(path))
    assert result.returncode == 2
    assert result.stderr == (f"error: {path}: models[2].army: army 'B', but models[0] of the "
                             "same unit 'U' is of army 'A': a unit's models are of one army\n")


def test_a_unit_of_one_army_is_valid(tmp_path):
    path = write(tmp_path, "rulebook: chronopia\nmodels:\n"
                 "  - {id: A1, army: A, unit: U, size: 1, position: [0, 0], facing: 90}\n"
                 "  - {id: A2, army: A, unit: U, size: 1, position: [2, 0], facing: 90}\n"
                 "  - {id: B1, army: B, unit: V, size: 1, position: [5, 0], facing: 90}\n")
    assert rulings("validate", str(path)).returncode == 0


SELF_IMMUNE = ("rulebook: redemption\ncharacters:\n"
               "  - {id: Sir, alignment: good, strength: 1, toughness: 1}\n"
               "  - {id: Orc, alignment: evil, strength: 1, toughness: 1}\n"
               "immunities:\n"
               "  - {id: ward, holder: Orc, to: {alignment: evil}}\n")


@pytest.mark.parametrize("command", ["validate", "rule"])
def test_a_card_immune_to_itself_by_name_is_refused(tmp_path, command):
    # docs/rulebooks/redemption.md: "A card is never immune to itself." Named, that is a document error.
    path = write(tmp_path, SELF_IMMUNE + "  - {id: vain, holder: Sir, to: Sir}\n")
    result = rulings(command, str(path))
    assert result.returncode == 2
    assert result.stderr == f"error: {path}: immunities[1].to: 'Sir' cannot be immune to itself\n"


def test_a_selector_that_selects_its_holder_is_valid(tmp_path):
    # The Orc is immune to every evil card, itself among them: the selector is valid, and
    # only the Orc's own part of it has no effect (RED-IMM-6 makes all of it void here).
    assert rulings("validate", str(write(tmp_path, SELF_IMMUNE))).returncode == 0


@pytest.mark.slow
def test_the_redemption_space_holds_no_card_immune_to_itself(tmp_path):
    out = tmp_path / "states.jsonl"
    result = rulings("enumerate", "redemption", "--characters", "2", "--immunities", "1",
                     "--abilities", "0", "--features", "0", "--toughness", "0..0", "--out",
                     str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    states = [json.loads(line)["state"] for line in out.read_text().splitlines()]
    # 2,420 states of one character and 10,850 of two (tests/test_enumerate_bruteforce.py)
    assert len(states) == 13270
    named = [m for s in states for m in s.get("immunities", ()) if isinstance(m["to"], str)]
    assert named and all(m["to"] != m["holder"] for m in named)
