"""Text output cannot be forged by identifiers (issue 12, item 1): control characters, line
breaks and invisible formatting characters in every user-supplied string are escaped on a
terminal; JSON output keeps the strings exact."""

import json

import pytest
from click.testing import CliRunner

from pybridge.cli.main import cli

SPOOF = "H\x1b[2J\x1b[1;1H\nredemption (edition literal): ok\n  The battle is in the heroes"


def battle(hero_id):
    return {"rulebook": "redemption",
            "characters": [{"id": hero_id, "alignment": "good", "strength": 1, "toughness": 9},
                           {"id": "E", "alignment": "evil", "strength": 9, "toughness": 9}]}


def run(tmp_path, document, *options, name="state.json"):
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return CliRunner().invoke(cli, ["rule", *options, str(path)], catch_exceptions=False)


def assert_clean(text):
    assert "\x1b" not in text and "\r" not in text
    assert not any(c in text for c in "\u2028\u2029\u202e\x85")


@pytest.mark.parametrize("hero_id", [SPOOF, "a\rb", "x\u202eevil", "p\u2028q", "c1\x85d",
                                     "zw\u200bj"])
def test_identifiers_cannot_move_the_cursor_or_start_a_line_in_text(tmp_path, hero_id):
    result = run(tmp_path, battle(hero_id), "--format", "text")
    assert result.exit_code == 0
    assert_clean(result.stdout)
    # Header plus two rulings (evil winning, the hero defeated): no line more.
    assert result.stdout.count("\n") == 3, result.stdout
    assert "The battle is in the evil winning state." in result.stdout


def test_escapes_are_visible_and_a_backslash_cannot_forge_one(tmp_path):
    text = run(tmp_path, battle("a\x1bb"), "--format", "text").stdout
    assert "a\\u001bb is being defeated" in text
    forged = run(tmp_path, battle("a\\u001bb"), "--format", "text").stdout
    assert "a\\\\u001bb is being defeated" in forged


def test_json_keeps_the_identifier_exact(tmp_path):
    result = run(tmp_path, battle(SPOOF), "--format", "json")
    (line,) = result.stdout.splitlines()
    ruled = json.loads(line)
    assert {r.get("character") for r in ruled["rulings"]} >= {SPOOF}


def test_file_names_and_errors_are_one_escaped_line(tmp_path):
    document = battle("H")
    document["characters"][0]["strength"] = "\x1b[2Jx"
    result = run(tmp_path, document, "--format", "text", name="bad\nname\x1b[2J.json")
    assert result.exit_code == 2
    assert_clean(result.output)
    assert result.output.count("\n") == 1
    assert "characters[0].strength" in result.output


def test_several_states_name_their_source_escaped(tmp_path):
    first = tmp_path / "one\x1b[2J.json"
    first.write_text(json.dumps(battle("H")), encoding="utf-8")
    second = tmp_path / "two.json"
    second.write_text(json.dumps(battle("K")), encoding="utf-8")
    result = CliRunner().invoke(cli, ["rule", "--format", "text", str(first), str(second)],
                                catch_exceptions=False)
    assert_clean(result.stdout)
    assert "one\\u001b[2J.json: redemption" in result.stdout
