"""A document's mistakes reported together, with close matches suggested (issue 28, item 5:
"Validation stops at the first error, so fixing three mistakes takes three runs. Report every
error of a document at once (up to a limit), and suggest close matches for unknown keys, ids
and values")."""

import json

from click.testing import CliRunner

import pybridge
from pybridge.cli.main import cli
from pybridge.errors import InputError

THREE_MISTAKES = {
    "rulebook": "redemption",
    "characters": [{"id": "a", "alignment": "goood", "strength": "x", "toughness": 1},
                   {"id": "b", "alignment": "evil", "strenght": 2, "toughness": 1}],
}


def errors_of(document):
    try:
        pybridge.rule(document)
    except InputError as error:
        return [(e.path, e.message) for e in error.each()]
    raise AssertionError("accepted")


def test_every_schema_error_of_a_document_at_once_in_document_order():
    found = errors_of(THREE_MISTAKES)
    assert [path for path, _ in found] == ["characters[0].alignment", "characters[0].strength",
                                           "characters[1].strenght", "characters[1].strength"]
    assert "(did you mean 'good'?)" in found[0][1]
    assert "(did you mean 'strength'?)" in found[2][1]
    assert found[3][1] == "missing (required)"


def test_the_cli_prints_one_line_each_and_the_json_lists_them(tmp_path):
    path = tmp_path / "three.json"
    path.write_text(json.dumps(THREE_MISTAKES), encoding="utf-8")
    result = CliRunner().invoke(cli, ["rule", "--format", "json", str(path)])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 4 and all(line.startswith(f"error: {path}: ") for line in lines)
    record = json.loads(result.stdout)
    assert record["error"] == lines[0].removeprefix("error: ")
    assert record["errors"] == [line.removeprefix("error: ") for line in lines]


def test_an_unknown_id_suggests_the_close_one():
    document = {"rulebook": "redemption",
                "characters": [{"id": "Lightbearer", "alignment": "good", "strength": 1,
                                "toughness": 1},
                               {"id": "Giant", "alignment": "evil", "strength": 1,
                                "toughness": 1}],
                "immunities": [{"id": "i", "holder": "Lightbeaer", "to": "Giant"}]}
    ((path, message),) = errors_of(document)
    assert path == "immunities[0].holder"
    assert message == "unknown card 'Lightbeaer' (did you mean 'Lightbearer'?)"


def test_an_unknown_key_of_another_rulebook_suggests_too():
    found = errors_of({"rulebook": "hkk", "cards": [{"id": "c", "kindd": "creature"}]})
    assert found[0][0] == "cards[0].kindd"
    assert "(did you mean 'kind'?)" in found[0][1]


def test_no_suggestion_when_nothing_is_close():
    found = errors_of({"rulebook": "redemption", "characters": [
        {"id": "a", "alignment": "zzzzzz", "strength": 1, "toughness": 1}]})
    assert "did you mean" not in found[0][1]


def test_at_most_a_limit_of_errors_is_reported():
    bad = [{"id": f"c{i}", "alignment": "good", "strength": "x", "toughness": 1}
           for i in range(200)]
    found = errors_of({"rulebook": "redemption", "characters": bad})
    assert len(found) == InputError.MOST
    assert found[0][0] == "characters[0].strength"


# Cross-references (duplicate ids, unknown ids) are reported together too, after the field
# errors a document may also have: each rulebook's document with two wrong references.
TWO_WRONG_REFERENCES = {
    "redemption": ({"rulebook": "redemption",
                    "characters": [{"id": "Page", "alignment": "good", "strength": 2,
                                    "toughness": 1},
                                   {"id": "Page", "alignment": "evil", "strength": 3,
                                    "toughness": 4}],
                    "cards": [{"id": "Axe", "alignment": "evil", "played_on": "Brigand"}],
                    "immunities": [{"id": "w", "holder": "Pag", "to": "Axe"}]},
                   ["characters[1].id", "cards[0].played_on", "immunities[0].holder"]),
    "hkk": ({"rulebook": "hkk",
             "cards": [{"id": "Phantom", "kind": "creature"},
                       {"id": "Well", "kind": "source"}],
             "effects": [{"id": "drain", "by": "Wel", "target": "Phantom"},
                         {"id": "burn", "by": "Well", "target": "Fantom"}]},
            ["effects[0].by", "effects[1].target"]),
    "b5": ({"rulebook": "b5",
            "beings": [{"id": "Fleet", "type": "fleet", "field": "0412"}],
            "elements": [{"id": "Maelstrom", "type": "MA", "field": "0412"}],
            "protections": [{"by": "Druid", "from": "MA", "field": "0412",
                             "arrives": "conflict"}],
            "orders": [{"id": "o", "being": "Flet", "kind": "move", "to": "0311"}]},
           ["protections[0].by", "orders[0].being"]),
    "chronopia": ({"rulebook": "chronopia",
                   "models": [{"id": "Archer", "army": "Orcs", "size": 2,
                               "position": [0, 0], "facing": 90, "stats": {"rs": 14}},
                              {"id": "Knight", "army": "Free Cities", "size": 2,
                               "position": [0, 15], "facing": 270}],
                   "sight": [{"from": "Archr", "to": "Knight", "cover": "heavy"}],
                   "queries": [{"id": "q", "shoot": {"shooter": "Archer", "target": "Knigt",
                                                     "weapon": {"short": 10, "medium": 20,
                                                                "max": 30, "damage": 3}}}]},
                  ["sight[0].from", "queries[0].shoot.target"]),
}


def test_every_wrong_reference_of_a_document_at_once():
    for rulebook, (document, paths) in TWO_WRONG_REFERENCES.items():
        found = errors_of(document)
        assert [path for path, _ in found] == paths, (rulebook, found)
        assert all("unknown" in message or "duplicate" in message for _, message in found)


def test_a_field_error_comes_before_the_wrong_references_it_stops():
    # A wrong field stops the document before its references are read: only it is given,
    # as before (the references are checked on a document whose fields are right).
    document, _ = TWO_WRONG_REFERENCES["redemption"]
    wrong = {**document, "characters": [{**document["characters"][0], "strength": "x"},
                                         document["characters"][1]]}
    assert [path for path, _ in errors_of(wrong)] == ["characters[0].strength"]
