"""Bad hkk input never produces a traceback: exit code 2 and one line ``error: ...`` naming the path.

Every case below is a malformed hkk state document (docs/rulebooks/hkk.md, "The state document
and ruling kinds"; schema in ``pybridge/books/hkk.py``). Through the CLI (``rulings rule --format json
FILE``) each must give exit code 2, exactly one line on stderr of the form ``error: FILE: PATH:
message``, the same error as a ``{"source", "error"}`` line on stdout, and no traceback.
Through the library, ``pybridge.rule(document)`` raises ``pybridge.InputError`` whose
``.path`` is PATH.

Document-level cases run three times: written as YAML, written as JSON, and passed to the
library as a Python object. The last part checks that hostile identifiers (quotes, ``).``,
``%``, ``#show``, newlines, Unicode) are plain data in an hkk document: the rulings come back
with exactly those identifiers.
"""

import copy
import json

import pytest
import yaml

import pybridge
from document_edits import drop, parent, put
from error_checks import (
    _write,
    assert_json_error_line,
    assert_one_error,
    check_cli_document,
    check_handwritten_yaml,
    run,
)

# A valid document touching every record kind and nearly every field, so that each case is a
# single edit away from it.
BASE = {
    "rulebook": "hkk",
    "cards": [
        {"id": "Knight", "kind": "creature", "subtypes": ["mental", "fire"], "faction": "order",
         "colour": "white", "counters": {"poison": 2},
         "immunities": [{"kind": "source", "granted_by": "Halo"}],
         "cannot_be_affected_by": ["magic"], "untargetable_by": ["spell"],
         "cannot_be_damaged_by": ["ice"], "counters_without_effect": ["rust"],
         "no_reactions_from": [{"faction": "elenios"}, "any"]},
        {"id": "Halo", "kind": "enchantment", "on": "Knight"},
        {"id": "Ogre", "kind": "creature", "subtypes": ["fire"]},
        {"id": "Echo", "kind": "reaction"},
        {"id": "Seer", "kind": "creature", "faction": "elenios"},
    ],
    "effects": [
        {"id": "hit", "by": "Ogre", "target": "Knight", "damage": 3, "damage_modifiers": [2, -1],
         "targeted": False, "combat": True},
        {"id": "bite", "by": "Ogre", "target": "Knight", "counter": "poison", "attach": False,
         "removes_immunity": "source"},
    ],
    "reactions": [
        {"id": "echo", "by": "Echo", "to": "Ogre", "automatic": True, "created_by": "Seer"},
        {"id": "trick", "by": "Echo", "to": "Knight"},
    ],
    "events": [{"gain_immunity": {"card": "Knight", "kind": "poison", "granted_by": "Halo"}}],
}

def case(name, edit, path, fragment):
    return pytest.param(edit, path, fragment, id=name)


DOCUMENT_CASES = [
    # unknown enum values
    case("unknown-card-kind", put("cards[1].kind", "artifact"), "cards[1].kind",
         "expected one of"),
    case("card-kind-wrong-case", put("cards[2].kind", "Creature"), "cards[2].kind",
         "expected one of"),
    case("integer-card-kind", put("cards[0].kind", 1), "cards[0].kind", "expected one of"),
    case("unknown-subtype", put("cards[0].subtypes[1]", "water"), "cards[0].subtypes[1]",
         "expected one of"),
    case("unknown-immunity-kind", put("cards[0].immunities[0].kind", "dragons"),
         "cards[0].immunities[0].kind", "expected one of"),
    case("unknown-cannot-be-affected-by", put("cards[0].cannot_be_affected_by[0]", "spells"),
         "cards[0].cannot_be_affected_by[0]", "expected one of"),
    case("unknown-untargetable-by", put("cards[0].untargetable_by", ["spell", "sword"]),
         "cards[0].untargetable_by[1]", "expected one of"),
    case("immunity-kind-as-untargetable-form",
         put("cards[0].untargetable_by[0]", "combat_abilities"),
         "cards[0].untargetable_by[0]", "expected one of"),
    case("unknown-cannot-be-damaged-by", put("cards[0].cannot_be_damaged_by[0]", "water"),
         "cards[0].cannot_be_damaged_by[0]", "expected one of"),
    case("unknown-removes-immunity", put("effects[1].removes_immunity", "all"),
         "effects[1].removes_immunity", "expected one of"),
    case("unknown-event-immunity-kind", put("events[0].gain_immunity.kind", "water"),
         "events[0].gain_immunity.kind", "expected one of"),
    case("unknown-rulebook-value", put("rulebook", "HKK"), "rulebook", "unknown rulebook"),
    # bad no_reactions_from selectors
    case("selector-two-keys", put("cards[0].no_reactions_from[0]",
                                  {"colour": "red", "faction": "x"}),
         "cards[0].no_reactions_from[0]", "exactly one"),
    case("selector-unknown-key", put("cards[0].no_reactions_from[0]", {"rarity": 3}),
         "cards[0].no_reactions_from[0].rarity", "unknown key"),
    case("selector-negative-cost", put("cards[0].no_reactions_from[0]", {"cost": -1}),
         "cards[0].no_reactions_from[0].cost", "out of range"),
    case("selector-string-cost", put("cards[0].no_reactions_from[0]", {"cost": "3"}),
         "cards[0].no_reactions_from[0].cost", "expected an integer"),
    case("negative-card-cost", put("cards[4].cost", -2), "cards[4].cost", "out of range"),
    case("unknown-immunity-card", put("cards[0].immunities[0].kind", {"card": "ghost"}),
         "cards[0].immunities[0].kind.card", "'ghost'"),
    case("unknown-removes-immunity-card", put("effects[1].removes_immunity", {"card": "ghost"}),
         "effects[1].removes_immunity.card", "'ghost'"),
    case("unknown-event-immunity-card", put("events[0].gain_immunity.kind", {"card": "ghost"}),
         "events[0].gain_immunity.kind.card", "'ghost'"),
    case("unknown-cannot-be-affected-by-card",
         put("cards[0].cannot_be_affected_by[0]", {"card": "ghost"}),
         "cards[0].cannot_be_affected_by[0].card", "'ghost'"),
    case("damage-element-not-an-element", put("effects[0].damage_element", "mental"),
         "effects[0].damage_element", "expected one of"),
    case("damage-element-without-damage", put("effects[1].damage_element", "fire"),
         "effects[1].damage_element", "gives no damage"),
    case("selector-integer", put("cards[0].no_reactions_from[0]", 5),
         "cards[0].no_reactions_from[0]", "expected"),
    case("selector-empty", put("cards[0].no_reactions_from[1]", {}),
         "cards[0].no_reactions_from[1]", "exactly one"),
    case("selector-list", put("cards[0].no_reactions_from[0]", ["elenios"]),
         "cards[0].no_reactions_from[0]", "expected"),
    case("selector-plain-string-not-any", put("cards[0].no_reactions_from[1]", "red"),
         "cards[0].no_reactions_from[1]", "expected"),
    case("selector-bad-kind", put("cards[0].no_reactions_from[0]", {"kind": "wizard"}),
         "cards[0].no_reactions_from[0].kind", "expected one of"),
    case("selector-integer-faction", put("cards[0].no_reactions_from[0]", {"faction": 3}),
         "cards[0].no_reactions_from[0].faction", "expected a string"),
    case("no-reactions-from-not-a-list", put("cards[0].no_reactions_from", {"faction": "x"}),
         "cards[0].no_reactions_from", "expected a list"),
    # wrong types
    case("string-damage", put("effects[0].damage", "three"), "effects[0].damage",
         "expected an integer"),
    case("numeric-string-damage", put("effects[0].damage", "3"), "effects[0].damage",
         "expected an integer"),
    case("float-damage", put("effects[0].damage", 2.5), "effects[0].damage",
         "expected an integer"),
    case("boolean-damage", put("effects[0].damage", True), "effects[0].damage",
         "expected an integer"),
    case("negative-damage", put("effects[0].damage", -1), "effects[0].damage", "out of range"),
    case("huge-damage", put("effects[0].damage", 10**12), "effects[0].damage", "out of range"),
    case("damage-modifiers-not-a-list", put("effects[0].damage_modifiers", 2),
         "effects[0].damage_modifiers", "expected a list"),
    case("damage-modifiers-mapping", put("effects[0].damage_modifiers", {"plus": 2}),
         "effects[0].damage_modifiers", "expected a list"),
    case("string-damage-modifier", put("effects[0].damage_modifiers[1]", "-1"),
         "effects[0].damage_modifiers[1]", "expected an integer"),
    case("damage-beyond-clingo-range",
         put("effects[0].damage_modifiers", [1_000_000] * 2200),
         "effects[0].damage", "clingo"),
    case("negative-counter", put("cards[0].counters", {"poison": -1}),
         "cards[0].counters.poison", "out of range"),
    case("string-counter-number", put("cards[0].counters.poison", "two"),
         "cards[0].counters.poison", "expected an integer"),
    case("counters-a-list", put("cards[0].counters", [1]), "cards[0].counters",
         "expected a mapping"),
    case("attach-string", put("effects[1].attach", "yes"), "effects[1].attach",
         "expected true or false"),
    case("targeted-integer", put("effects[0].targeted", 0), "effects[0].targeted",
         "expected true or false"),
    case("combat-string", put("effects[0].combat", "true"), "effects[0].combat",
         "expected true or false"),
    case("automatic-string", put("reactions[0].automatic", "no"), "reactions[0].automatic",
         "expected true or false"),
    case("subtypes-a-string", put("cards[2].subtypes", "fire"), "cards[2].subtypes",
         "expected a list"),
    case("immunity-a-string", put("cards[0].immunities[0]", "source"),
         "cards[0].immunities[0]", "expected a mapping"),
    case("cards-a-mapping", put("cards", {"id": "Knight"}), "cards", "expected a list"),
    case("card-a-string", put("cards[3]", "Echo"), "cards[3]", "expected a mapping"),
    case("event-a-string", put("events[0]", "gain_immunity"), "events[0]", "exactly one"),
    case("integer-card-id", put("cards[0].id", 7), "cards[0].id", "expected a string"),
    case("empty-card-id", put("cards[3].id", ""), "cards[3].id", "non-empty"),
    case("null-effect-id", put("effects[0].id", None), "effects[0].id", "expected a string"),
    case("integer-reference", put("effects[0].by", 2), "effects[0].by", "expected a string"),
    case("integer-faction", put("cards[4].faction", 1), "cards[4].faction", "expected a string"),
    case("list-spell-type", put("cards[0].spell_type", ["instant"]), "cards[0].spell_type",
         "expected a string"),
    case("integer-counter-name", put("effects[1].counter", 1), "effects[1].counter",
         "expected a string"),
    # missing required fields
    case("missing-effect-target", drop("effects[0].target"), "effects[0].target", "missing"),
    case("missing-effect-by", drop("effects[1].by"), "effects[1].by", "missing"),
    case("missing-effect-id", drop("effects[1].id"), "effects[1].id", "missing"),
    case("missing-card-kind", drop("cards[0].kind"), "cards[0].kind", "missing"),
    case("missing-card-id", drop("cards[2].id"), "cards[2].id", "missing"),
    case("missing-immunity-kind", drop("cards[0].immunities[0].kind"),
         "cards[0].immunities[0].kind", "missing"),
    case("missing-reaction-to", drop("reactions[1].to"), "reactions[1].to", "missing"),
    case("missing-event-card", drop("events[0].gain_immunity.card"),
         "events[0].gain_immunity.card", "missing"),
    case("missing-rulebook", drop("rulebook"), "rulebook", "missing"),
    # unknown keys
    case("unknown-top-level-key", put("characters", []), "characters", "unknown key"),
    case("unknown-top-level-key-misspelt", put("efects", []), "efects", "unknown key"),
    case("unknown-card-key", put("cards[1].power", 3), "cards[1].power", "unknown key"),
    case("redemption-key-in-hkk-card", put("cards[1].played_on", "Knight"),
         "cards[1].played_on", "unknown key"),
    case("unknown-immunity-key", put("cards[0].immunities[0].until", "end"),
         "cards[0].immunities[0].until", "unknown key"),
    case("unknown-effect-key", put("effects[0].cost", 1), "effects[0].cost", "unknown key"),
    case("unknown-reaction-key", put("reactions[1].speed", "fast"), "reactions[1].speed",
         "unknown key"),
    case("unknown-key-in-event", put("events[0].gain_immunity.until", "end"),
         "events[0].gain_immunity.until", "unknown key"),
    case("second-key-in-event", put("events[0].lose_immunity", {"card": "Knight"}),
         "events[0]", "exactly one"),
    # unknown references
    case("unknown-on", put("cards[0].on", "ghost"), "cards[0].on", "'ghost'"),
    case("unknown-immunity-granted-by", put("cards[0].immunities[0].granted_by", "ghost"),
         "cards[0].immunities[0].granted_by", "'ghost'"),
    case("unknown-effect-by", put("effects[0].by", "ghost"), "effects[0].by", "'ghost'"),
    case("unknown-effect-target", put("effects[0].target", "ghost"), "effects[0].target",
         "'ghost'"),
    case("effect-target-is-an-effect", put("effects[1].target", "hit"), "effects[1].target",
         "'hit'"),
    case("unknown-reaction-by", put("reactions[0].by", "ghost"), "reactions[0].by", "'ghost'"),
    case("unknown-reaction-to", put("reactions[0].to", "ghost"), "reactions[0].to", "'ghost'"),
    case("reaction-to-is-a-reaction", put("reactions[1].to", "echo"), "reactions[1].to",
         "'echo'"),
    case("unknown-reaction-created-by", put("reactions[0].created_by", "ghost"),
         "reactions[0].created_by", "'ghost'"),
    case("unknown-event-card", put("events[0].gain_immunity.card", "ghost"),
         "events[0].gain_immunity.card", "'ghost'"),
    case("unknown-event-granted-by", put("events[0].gain_immunity.granted_by", "ghost"),
         "events[0].gain_immunity.granted_by", "'ghost'"),
    case("reference-differs-by-case", put("effects[0].target", "knight"), "effects[0].target",
         "'knight'"),
    case("reference-differs-by-space", put("reactions[1].by", "Echo "), "reactions[1].by",
         "'Echo '"),
    # duplicate ids
    case("duplicate-card", put("cards[3].id", "Ogre"), "cards[3].id", "duplicate id"),
    case("duplicate-effect", put("effects[1].id", "hit"), "effects[1].id", "duplicate id"),
    case("duplicate-reaction", put("reactions[1].id", "echo"), "reactions[1].id",
         "duplicate id"),
    # bad events
    case("lose-immunity-event",
         put("events[0]", {"lose_immunity": {"card": "Knight", "kind": "poison"}}),
         "events[0].lose_immunity", "unknown key"),
    case("empty-event", put("events[0]", {}), "events[0]", "exactly one"),
    case("null-event", put("events[0]", None), "events[0]", "exactly one"),
    case("events-a-mapping", put("events", {"gain_immunity": {"card": "Knight",
                                                              "kind": "poison"}}),
         "events", "expected a list"),
    # editions
    case("unknown-edition", put("edition", "nope"), "edition", "unknown edition 'nope'"),
    case("redemption-only-edition", put("edition", "errata"), "edition",
         "unknown edition 'errata'"),
    case("integer-edition", put("edition", 2), "edition", "expected a string"),
]


def test_base_document_is_valid():
    result = pybridge.rule(copy.deepcopy(BASE))
    assert result["status"] == "ok"
    assert result["rulings"]


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_base_document_is_valid_through_the_cli(runner, tmp_path, fmt):
    source = _write(tmp_path, copy.deepcopy(BASE), fmt)
    result = run(runner, "rule", "--format", "json", source)
    assert result.exit_code == 0, (result.output, result.stderr)
    assert json.loads(result.stdout)["status"] == "ok"


@pytest.mark.parametrize("fmt", ["yaml", "json"])
@pytest.mark.parametrize("edit,path,fragment", DOCUMENT_CASES)
def test_cli_reports_bad_document(runner, tmp_path, fmt, edit, path, fragment):
    check_cli_document(runner, tmp_path, edit(copy.deepcopy(BASE)), fmt, path, fragment)


@pytest.mark.parametrize("edit,path,fragment", DOCUMENT_CASES)
def test_library_raises_input_error_with_path(edit, path, fragment):
    document = edit(copy.deepcopy(BASE))
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(document)
    error = caught.value
    assert error.path == path
    assert error.source is None
    assert fragment in error.message
    assert "\n" not in str(error)
    assert str(error) == f"{path}: {error.message}"


@pytest.mark.parametrize("path,first", [("cards[3].id", "cards[2].id"),
                                        ("effects[1].id", "effects[0].id"),
                                        ("reactions[1].id", "reactions[0].id")])
def test_duplicate_names_the_first_occurrence(path, first):
    original = parent(copy.deepcopy(BASE), first)[0]["id"]
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(put(path, original)(copy.deepcopy(BASE)))
    assert caught.value.path == path
    assert first in caught.value.message


def test_unknown_edition_names_the_editions():
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(put("edition", "nope")(copy.deepcopy(BASE)))
    assert "literal" in caught.value.message and "intended" in caught.value.message


@pytest.mark.parametrize("edition", ["literal", "intended"])
def test_known_edition_in_document(edition):
    assert pybridge.rule(put("edition", edition)(copy.deepcopy(BASE)))["edition"] == edition


def test_edition_option_overrides_bad_document_edition(runner, tmp_path):
    source = _write(tmp_path, put("edition", "nope")(copy.deepcopy(BASE)), "yaml")
    result = run(runner, "rule", "--format", "json", "--edition", "intended", source)
    assert result.exit_code == 0, (result.output, result.stderr)
    assert json.loads(result.stdout)["edition"] == "intended"


def test_unknown_edition_option(runner, tmp_path):
    source = _write(tmp_path, copy.deepcopy(BASE), "yaml")
    result = run(runner, "rule", "--format", "json", "--edition", "nope", source)
    line = assert_one_error(result, "error: ")
    assert "--edition: unknown edition 'nope'" in line
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(copy.deepcopy(BASE), edition="nope")
    assert caught.value.path == "--edition"


def test_explicit_null_for_optional_fields_is_absent():
    document = copy.deepcopy(BASE)
    for key in ("subtypes", "counters", "immunities", "untargetable_by", "on", "faction"):
        document["cards"][0][key] = None
    document["effects"][0]["damage"] = None
    document["effects"][0]["damage_modifiers"] = None
    document["reactions"][0]["created_by"] = None
    document["events"][0]["gain_immunity"]["granted_by"] = None
    document["edition"] = None
    assert pybridge.rule(document)["status"] == "ok"


# Written by hand: the YAML a person types, with ``on:`` unquoted (a key, not a boolean).
RAW_CASES = [
    pytest.param(b"rulebook: hkk\ncards:\n  - {id: Knight, kind: creature}\n"
                 b"  - {id: Halo, kind: enchantment, on: Ghost}\n",
                 "cards[1].on", "'Ghost'", id="unquoted-on-unknown"),
    pytest.param(b"rulebook: hkk\ncards:\n  - {id: Knight, kind: creature}\n"
                 b"effects:\n  - {id: hit, by: Knight, target: Knight, attach: yes}\n",
                 "effects[0].attach", "expected true or false", id="yaml-1.1-yes"),
    pytest.param(b"rulebook: hkk\ncards:\n  - {id: Knight, kind: creature}\n"
                 b"  - id: Knight\n    kind: item\n",
                 "cards[1].id", "duplicate id", id="duplicate-card-block-style"),
    pytest.param(b"rulebook: hkk\ncards:\n  - {id: Knight, kind: creature, kind: item}\n",
                 "cards[0].kind", "duplicate key 'kind'", id="duplicate-key-in-card"),
    pytest.param(b"rulebook: hkk\nevents:\n  - lose_immunity: {card: Knight, kind: poison}\n",
                 "events[0].lose_immunity", "unknown key", id="lose-immunity-event"),
]


@pytest.mark.parametrize("data,path,fragment", RAW_CASES)
def test_cli_reports_bad_handwritten_yaml(runner, tmp_path, data, path, fragment):
    check_handwritten_yaml(runner, tmp_path, data, path, fragment)


def test_bad_hkk_document_on_stdin(runner):
    text = yaml.safe_dump(put("effects[0].damage", "three")(copy.deepcopy(BASE)))
    result = run(runner, "rule", "--format", "json", "-", input=text)
    line = assert_one_error(result, "error: <stdin>: effects[0].damage: ", "expected an integer")
    assert_json_error_line(result, "-", line)


def test_text_format_error_is_only_on_stderr(runner, tmp_path):
    source = _write(tmp_path, drop("cards[0].kind")(copy.deepcopy(BASE)), "yaml")
    result = run(runner, "rule", "--format", "text", source)
    assert_one_error(result, f"error: {source}: cards[0].kind: ", "missing")
    assert result.stdout == ""


# ---------------------------------------------------------------------------------------------
# Hostile identifiers are plain data.

HOSTILE = [
    'Ének "a").\n#show x/0. %',
    '"',
    "'",
    "\\",
    '\\"',
    ").",
    '").',
    "%",
    "%* block",
    "#show",
    "#show can_target/2.",
    "#const n=1.",
    '#include "/etc/passwd".',
    ":- state_card(_, _).",
    "\n",
    "line one\nline two",
    "\r\n",
    " ",
    "two words",
    "\u2028",
    "🛡️ Schildträger",
    "שלום",
    "e\u0301",
    "X",
    "_",
    "1",
    "creature",
    "any",
    "elenios",
    "[0]",
    "cards[0].id",
]

# The plain names of every identifier (and free text compared by the rules) in ``hostile_doc``.
PLAIN = {"knight": "Knight", "well": "Well", "halo": "Halo", "seer": "Seer", "echo_card": "Echo",
         "faction": "elenios", "counter": "rust", "drain": "drain", "rot": "rot", "echo": "echo"}


def hostile_doc(n):
    """A small valid document whose rulings name every card, effect and reaction id."""
    return {
        "rulebook": "hkk",
        "cards": [
            {"id": n["knight"], "kind": "creature", "counters": {"poison": 2},
             "no_reactions_from": [{"faction": n["faction"]}]},
            {"id": n["well"], "kind": "source"},
            {"id": n["halo"], "kind": "enchantment", "on": n["knight"]},
            {"id": n["seer"], "kind": "creature", "faction": n["faction"],
             "counters_without_effect": [n["counter"]]},
            {"id": n["echo_card"], "kind": "reaction"},
        ],
        "effects": [
            {"id": n["drain"], "by": n["well"], "target": n["knight"]},
            {"id": n["rot"], "by": n["well"], "target": n["seer"], "counter": n["counter"]},
        ],
        "reactions": [{"id": n["echo"], "by": n["echo_card"], "to": n["knight"],
                       "automatic": True, "created_by": n["seer"]}],
        "events": [
            {"gain_immunity": {"card": n["knight"], "kind": "source"}},
            {"gain_immunity": {"card": n["knight"], "kind": "poison", "granted_by": n["seer"]}},
        ],
    }


def expected_rulings(n):
    return [
        {"kind": "can_target", "effect": n["drain"], "legal": True, "because": ["HKK-132.2"]},
        {"kind": "affects", "effect": n["drain"], "affected": False,
         "because": ["HKK-132.0", "HKK-132.5"]},
        {"kind": "can_target", "effect": n["rot"], "legal": True, "because": ["HKK-132.2"]},
        {"kind": "affects", "effect": n["rot"], "affected": True, "because": ["HKK-132.0"]},
        {"kind": "counter", "effect": n["rot"], "placed": True, "effective": False,
         "because": ["HKK-132.13"]},
        {"kind": "falls_off", "card": n["halo"], "from": n["knight"], "because": ["HKK-132.5.1"]},
        {"kind": "counters_removed", "card": n["knight"], "counter": "poison",
         "because": ["HKK-132.3"]},
        {"kind": "can_react", "reaction": n["echo"], "allowed": False,
         "because": ["HKK-132.14", "HKK-132.14-K1", "HKK-132.14-K2", "HKK-132.16"]},
        {"kind": "waits", "reaction": n["echo"], "because": ["HKK-132.14-K2"]},
        {"kind": "inherits", "reaction": n["echo"], "from": n["seer"], "because": ["HKK-132.16"]},
    ]


def _canonical(rulings):
    return sorted(json.dumps(r, sort_keys=True, ensure_ascii=False) for r in rulings)


def _short(ident):
    return repr(ident)[:30]


def test_plain_hostile_doc_rulings():
    result = pybridge.rule(hostile_doc(PLAIN))
    assert result["status"] == "ok"
    assert _canonical(result["rulings"]) == _canonical(expected_rulings(PLAIN))


@pytest.mark.parametrize("ident", HOSTILE, ids=_short)
@pytest.mark.parametrize("role", sorted(PLAIN))
def test_hostile_id_is_plain_data(ident, role):
    names = dict(PLAIN)
    names[role] = ident
    result = pybridge.rule(hostile_doc(names))
    assert result["status"] == "ok"
    assert _canonical(result["rulings"]) == _canonical(expected_rulings(names))


ALL_HOSTILE = {"knight": 'Ének "a").\n#show x/0. %', "well": 'b").\n:- a.',
               "halo": "#const x=1.\n\\", "seer": "%\n", "echo_card": "🛡️ \u2028\"'",
               "faction": '").\n#show.', "counter": "#include \"x\".", "drain": ").",
               "rot": "% rot", "echo": "\r\n"}


def test_all_ids_hostile_at_once():
    result = pybridge.rule(hostile_doc(ALL_HOSTILE))
    assert result["status"] == "ok"
    assert _canonical(result["rulings"]) == _canonical(expected_rulings(ALL_HOSTILE))


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_all_ids_hostile_at_once_through_the_cli(runner, tmp_path, fmt):
    source = _write(tmp_path, hostile_doc(ALL_HOSTILE), fmt)
    result = run(runner, "rule", "--format", "json", source)
    assert result.exit_code == 0, (result.output, result.stderr)
    assert result.stderr == ""
    record = json.loads(result.stdout)
    assert record["status"] == "ok"
    assert _canonical(record["rulings"]) == _canonical(expected_rulings(ALL_HOSTILE))


def test_ids_differing_only_by_escapes_stay_distinct():
    """``x``, ``x"`` and ``x\\`` are distinct cards: targeting one never reaches another."""
    ids = ["x", 'x"', "x\\", 'x\\"', "x\n", "x ", "X"]
    document = {
        "rulebook": "hkk",
        "cards": [{"id": ident, "kind": "creature", "untargetable_by": ["source"]}
                  for ident in ids] + [{"id": "src", "kind": "source"}],
        "effects": [{"id": ident, "by": "src", "target": ident} for ident in ids],
    }
    # Only the card "x" may be targeted; the effects are named after their targets.
    document["cards"][0]["untargetable_by"] = []
    result = pybridge.rule(document)
    legal = {r["effect"]: r["legal"] for r in result["rulings"] if r["kind"] == "can_target"}
    assert legal == {ident: ident == "x" for ident in ids}


def test_hostile_id_in_error_is_one_line():
    """An unknown reference full of newlines still gives a single-line error."""
    document = put("effects[0].target", 'gh\nost").\n#show')(copy.deepcopy(BASE))
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(document)
    assert caught.value.path == "effects[0].target"
    assert "\n" not in str(caught.value)
