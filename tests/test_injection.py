"""Hostile identifiers are plain data: they never become program text.

IDs are arbitrary non-empty strings (docs/architecture.md). Whatever an ID contains -- quotes, backslashes,
``).``, ``%``, ``#show``, ``:-``, newlines, Unicode, ten thousand characters -- the rulings must
come back with exactly that ID and the same structure as the same state with plain IDs. An ID
that *looks like* ASP (``a").\\nstate_in_battle("b``) must not add a fact.

The check is metamorphic: rename every ID of a document, rule it, rename the result back, and
compare with the ruling of the original document.
"""

import copy
import glob
import json
import os

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pybridge
from pybridge.cli.main import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "redemption", "*.yaml")))
THREE = os.path.join(ROOT, "examples", "redemption", "three_character_battle.yaml")

HOSTILE = [
    'Ének "a").\n#show x/0. %',
    '"',
    "\\",
    '\\"',
    ").",
    '").',
    "%",
    "%* block",
    "*%",
    "#show",
    "#show being_defeated/1.",
    "#const n=1.",
    "#program base.",
    "#external state_in_battle(x).",
    '#include "/etc/passwd".',
    ":-",
    ":- state_character(_, _, _, _).",
    "a :- b.",
    "\n",
    "line one\nline two",
    "\r\n",
    " ",
    "two words",
    "\t",
    "\u2028",
    "\ufeffBOM",
    "zero\u200bwidth",
    "🛡️ Schildträger",
    "שלום",
    "e\u0301",            # e + combining acute (not the same string as é)
    "é",
    "'single'",
    "{}",
    "[]",
    "}.{",
    "x(y)",
    "X",                  # would be a variable if pasted into a program
    "_",
    "1",
    "-5",
    "true",
    "false",
    "null",
    "good",
    "evil",
    "battle",
    "heroes_winning",
    "card",
    "brigade",
    "in_force",
    "RED-BAT-1",
    "immunities[0]",
    "x" * 10_000,
    '").\n' * 2_500,
]

# Fields holding IDs; `to` holds an ID unless it is a selector mapping.
ID_FIELDS = {
    "characters": ("id",),
    "cards": ("id", "played_on"),
    "immunities": ("id", "holder", "to", "granted_by"),
    "abilities": ("id", "on", "target"),
}
RESULT_ID_FIELDS = ("character", "immunity", "ability", "target")


def ids_of(document):
    found = []
    for section in ID_FIELDS:
        for record in document.get(section) or ():
            if "id" in record:
                found.append(record["id"])
    return found


def rename(document, mapping):
    """The document with every ID replaced through ``mapping``."""
    renamed = copy.deepcopy(document)
    for section, fields in ID_FIELDS.items():
        for record in renamed.get(section) or ():
            for name in fields:
                if isinstance(record.get(name), str):
                    record[name] = mapping[record[name]]
    return renamed


def _rename_ruling(ruling, mapping):
    ruling = dict(ruling)
    for name in RESULT_ID_FIELDS:
        if name in ruling:
            ruling[name] = mapping[ruling[name]]
    return ruling


def _canonical(rulings):
    return sorted(json.dumps(r, sort_keys=True, ensure_ascii=False) for r in rulings)


def normalised(result, mapping=None):
    """The result with IDs mapped (``mapping``) and ruling order made independent of IDs."""
    mapping = mapping or {}
    out = {key: value for key, value in result.items()
           if key not in ("rulings", "alternatives")}
    def renamed(rulings):
        return [_rename_ruling(r, mapping) if mapping else r for r in rulings]
    out["rulings"] = _canonical(renamed(result["rulings"]))
    if "alternatives" in result:
        out["alternatives"] = sorted(_canonical(renamed(a)) for a in result["alternatives"])
    return out


def assert_same_after_renaming(document, mapping):
    plain = pybridge.rule(copy.deepcopy(document))
    hostile = pybridge.rule(rename(document, mapping))
    back = {new: old for old, new in mapping.items()}
    assert len(back) == len(mapping), "the renaming must be one-to-one"
    assert normalised(hostile, back) == normalised(plain)
    return hostile


def load_example(path):
    return pybridge.load(path)  # the project's YAML reading (YAML 1.2 booleans: `on:` is a key)


def three_character_battle(h1="Lightbearer", h2="Shieldbearer", e1="Giant", ward="light-shield"):
    return {
        "rulebook": "redemption",
        "characters": [
            {"id": h1, "alignment": "good", "strength": 8, "toughness": 2},
            {"id": h2, "alignment": "good", "strength": 6, "toughness": 6},
            {"id": e1, "alignment": "evil", "strength": 11, "toughness": 12},
        ],
        "immunities": [{"id": ward, "holder": h1, "to": e1}],
    }


def expected_three(h2, e1):
    return [
        {"kind": "battle_state", "state": "heroes_winning", "because": ["RED-BAT-1", "RED-BAT-2"]},
        {"kind": "being_defeated", "character": e1, "because": ["RED-BAT-1"]},
        {"kind": "being_defeated", "character": h2, "because": ["RED-BAT-1"]},
    ]


def _short(ident):
    text = repr(ident)
    return text if len(text) <= 30 else f"{text[:20]}...({len(ident)} chars)"


@pytest.mark.parametrize("ident", HOSTILE, ids=_short)
@pytest.mark.parametrize("role", ["h1", "h2", "e1", "ward"])
def test_hostile_id_in_three_character_battle(ident, role):
    names = {"h1": "Lightbearer", "h2": "Shieldbearer", "e1": "Giant", "ward": "light-shield"}
    names[role] = ident
    result = pybridge.rule(three_character_battle(**names))
    assert result["status"] == "ok"
    assert _canonical(result["rulings"]) == _canonical(expected_three(names["h2"], names["e1"]))


def test_all_three_ids_hostile_at_once():
    h1, h2, e1, ward = 'Ének "a").\n#show x/0. %', 'b").\n:- a.', "#const x=1.\n\\", "%\n"
    result = pybridge.rule(three_character_battle(h1, h2, e1, ward))
    assert result["status"] == "ok"
    assert _canonical(result["rulings"]) == _canonical(expected_three(h2, e1))


def test_ids_differing_only_by_escapes_stay_distinct():
    """``x``, ``x"``, ``x\\`` and ``x\\"`` are four characters, not one."""
    ids = ["x", 'x"', "x\\", 'x\\"', "x\\\\", "x\n", "x ", "X"]
    document = {
        "rulebook": "redemption",
        "characters": [{"id": i, "alignment": "good", "strength": 1, "toughness": 1}
                       for i in ids]
        + [{"id": "Ogre", "alignment": "evil", "strength": 8, "toughness": 100}],
    }
    result = pybridge.rule(document)
    defeated = sorted(r["character"] for r in result["rulings"] if r["kind"] == "being_defeated")
    assert defeated == sorted(ids)  # 8 >= 8: every hero falls; 8 < 100: the Ogre stands


def test_lookalike_id_adds_no_fact():
    """``a").\\nstate_in_battle("b`` is one character; "b" stays out of battle."""
    hostile = 'a").\nstate_in_battle("b'
    plain = {
        "rulebook": "redemption",
        "characters": [
            {"id": "a", "alignment": "good", "strength": 8, "toughness": 2},
            {"id": "b", "alignment": "good", "strength": 6, "toughness": 6, "in_battle": False},
            {"id": "Giant", "alignment": "evil", "strength": 11, "toughness": 12},
        ],
        "immunities": [{"id": "w", "holder": "a", "to": "Giant"}],
    }
    result = assert_same_after_renaming(plain, {"a": hostile, "b": "b", "Giant": "Giant",
                                                "w": "w"})
    assert "b" not in [r.get("character") for r in result["rulings"]]


@pytest.mark.parametrize("hostile", [
    'Giant").\nstate_character("Evil2", evil, 1000, 1000',
    'w").\nstate_immunity("w2", "a").\nstate_immunity_to("w2", card("Giant")',
    'x").\n:- state_character(_, _, _, _).\n%',
    'x").\n#show.\n%',
], ids=["extra-character", "extra-immunity", "constraint", "hide-output"])
def test_id_that_looks_like_program_text_changes_nothing(hostile):
    document = three_character_battle("a", "b", "Giant", "w")
    for old in ("a", "b", "Giant", "w"):
        mapping = {name: name for name in ("a", "b", "Giant", "w")}
        mapping[old] = hostile
        assert_same_after_renaming(document, mapping)


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_every_example_with_hostile_ids(path):
    document = load_example(path)
    mapping = {ident: f'{ident}"). %\n#show {number}:- \\ Ü' for number, ident
               in enumerate(ids_of(document))}
    assert_same_after_renaming(document, mapping)


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_every_example_with_long_ids(path):
    document = load_example(path)
    mapping = {ident: ident + "\\" * 10_000 for ident in ids_of(document)}
    assert_same_after_renaming(document, mapping)


# Any text is an ID: surrogates cannot be written as UTF-8 and NUL is tested on its own below.
ANY_ID = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
    min_size=1, max_size=30,
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), number=st.integers(0, len(EXAMPLES) - 1))
def test_any_ids_rule_like_plain_ids(data, number):
    document = load_example(EXAMPLES[number])
    originals = ids_of(document)
    # immunity IDs live in their own namespace; cards and characters share one
    news = data.draw(st.lists(ANY_ID, min_size=len(originals), max_size=len(originals),
                              unique=True))
    assert_same_after_renaming(document, dict(zip(originals, news)))


@pytest.mark.parametrize("value", ['Black").\n#show.', "%", "a\nb", "🛡️", "x" * 10_000])
@pytest.mark.parametrize("field", ["brigade", "type"])
def test_hostile_selector_values(field, value):
    """Brigades and card types are user strings too; selectors must match them exactly."""
    def battle(tag, selector_tag):
        document = three_character_battle()
        document["characters"][2][field] = tag
        document["immunities"][0]["to"] = {field: selector_tag}
        return document

    plain = pybridge.rule(battle("Black", "Black"))
    hostile = pybridge.rule(battle(value, value))
    assert normalised(hostile) == normalised(plain)
    # a selector that does not match exactly (one character more) selects nothing
    unmatched = pybridge.rule(battle(value, value + " "))
    unmatched_plain = pybridge.rule(battle("Black", "Black "))
    assert normalised(unmatched) == normalised(unmatched_plain)
    assert normalised(unmatched) != normalised(plain)


def test_card_named_like_a_selector_value_is_a_card():
    """``to: evil`` names the card "evil", not all evil cards."""
    document = three_character_battle(e1="evil")
    document["characters"].append(
        {"id": "Imp", "alignment": "evil", "strength": 8, "toughness": 1})
    by_card = pybridge.rule(document)
    document["immunities"][0]["to"] = {"alignment": "evil"}
    by_selector = pybridge.rule(document)
    assert normalised(by_card) != normalised(by_selector)
    plain = three_character_battle(e1="Giant")
    plain["characters"].append({"id": "Imp", "alignment": "evil", "strength": 8, "toughness": 1})
    assert normalised(by_card, {"evil": "Giant", "Imp": "Imp", "Lightbearer": "Lightbearer",
                                "Shieldbearer": "Shieldbearer", "light-shield": "light-shield"}) \
        == normalised(pybridge.rule(plain))


def test_immunity_id_like_a_generated_one():
    """An immunity without an id gets one of its own; a user's id "immunities[0]" on another
    immunity is not a duplicate of it (the user wrote no duplicate)."""
    document = {
        "rulebook": "redemption",
        "phase": "battle",
        "characters": [
            {"id": "Saint", "alignment": "good", "strength": 2, "toughness": 2},
            {"id": "Brute", "alignment": "evil", "strength": 2, "toughness": 2},
        ],
        "immunities": [
            {"holder": "Saint", "to": "Brute", "phase": "preparation"},
            {"id": "immunities[0]", "holder": "Saint", "to": "Brute", "duration": "game"},
        ],
    }
    result = pybridge.rule(document)
    inactive = [r for r in result["rulings"] if r["kind"] == "immunity_inactive"]
    # exactly one immunity expired, and it is reported under an id that is not the user's
    assert len(inactive) == 1
    assert inactive[0]["reason"] == "expired"
    assert inactive[0]["immunity"] != "immunities[0]"  # that is the user's (active) immunity


@pytest.mark.parametrize("ident", ["a\x00b", "\x00", "x\x00"], ids=repr)
def test_nul_in_id_is_kept_or_refused(ident):
    """clingo strings end at NUL: an id with NUL must round-trip exactly or be refused with
    its path -- never be cut short and merged with another id."""
    document = three_character_battle(h1=ident, h2=ident.split("\x00")[0] + "\x00other")
    try:
        result = pybridge.rule(document)
    except pybridge.InputError as error:
        assert error.path == "characters[0].id"
        return
    assert _canonical(result["rulings"]) == _canonical(
        expected_three(document["characters"][1]["id"], "Giant"))


def test_lone_surrogate_in_json_is_an_input_error(runner, tmp_path):
    """JSON can spell an unpaired surrogate; it is no text, so it is bad input (exit 2)."""
    target = tmp_path / "state.json"
    document = json.dumps(three_character_battle(h1="LIGHT"))
    target.write_text(document.replace("LIGHT", "\\ud800"), encoding="utf-8")
    result = runner.invoke(cli, ["rule", "--format", "json", str(target)])
    assert "Traceback" not in result.output
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"error: {target}: characters[0].id: ")
    # the document's other bad field (the same id, referenced) is reported with it
    assert lines[1:] == [f"error: {target}: immunities[0].holder: not valid Unicode text "
                         "(an unpaired surrogate)"]


HOSTILE_BATTLE = three_character_battle(
    'Ének "a").\n#show x/0. %', 'b").\nstate_in_battle("c', "#const x=1.\n\\\u2028", "%*" * 5000)


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_cli_round_trips_hostile_ids(runner, tmp_path, fmt):
    target = tmp_path / f"state.{fmt}"
    if fmt == "yaml":
        text = yaml.safe_dump(HOSTILE_BATTLE, allow_unicode=True)
    else:
        text = json.dumps(HOSTILE_BATTLE, ensure_ascii=False)
    target.write_text(text, encoding="utf-8")
    result = runner.invoke(cli, ["rule", "--format", "json", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    lines = result.stdout.split("\n")
    assert lines[-1] == "" and len(lines) == 2, "one JSON object on one line"
    ruled = json.loads(lines[0])
    h2, e1 = HOSTILE_BATTLE["characters"][1]["id"], HOSTILE_BATTLE["characters"][2]["id"]
    assert _canonical(ruled["rulings"]) == _canonical(expected_three(h2, e1))


def test_cli_hostile_ids_from_stdin(runner):
    text = json.dumps(HOSTILE_BATTLE)
    result = runner.invoke(cli, ["rule", "--format", "json", "-"], input=text)
    assert result.exit_code == 0, result.output
    ruled = json.loads(result.stdout)
    h2, e1 = HOSTILE_BATTLE["characters"][1]["id"], HOSTILE_BATTLE["characters"][2]["id"]
    assert _canonical(ruled["rulings"]) == _canonical(expected_three(h2, e1))


def test_hostile_ids_in_error_messages_stay_on_one_line(runner, tmp_path):
    document = three_character_battle(h1='evil").\nline two\r\nline three\u2028four')
    document["immunities"][0]["holder"] = document["characters"][0]["id"] + "\n"
    target = tmp_path / "state.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    result = runner.invoke(cli, ["rule", "--format", "json", str(target)])
    assert result.exit_code == 2
    assert len(result.stderr.split("\n")) == 2, result.stderr  # one line and its newline
    assert result.stderr.startswith(f"error: {target}: immunities[0].holder: ")
    assert len(result.stdout.split("\n")) == 2


def test_builder_matches_the_example():
    assert three_character_battle() == pybridge.load(THREE)
