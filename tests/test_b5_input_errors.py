"""Bad b5 input never produces a traceback: exit code 2 and one line ``error: ...`` naming the path.

Every case below is a malformed b5 state document (docs/rulebooks/b5.md, "The state
document"; schema in ``pybridge/books/b5.py``). Through the CLI
(``rulings rule --format json FILE``) each must give exit code 2, exactly one line on stderr of
the form ``error: FILE: PATH: message`` (for problems with the file as a whole: ``error: FILE:
message``), the same error as a ``{"source", "error"}`` line on stdout, and no traceback.
Through the library, ``pybridge.rule(document)`` raises ``pybridge.InputError`` whose
``.path`` is PATH.

Document-level cases run three times: written as YAML, written as JSON, and passed to the
library as a Python object. Each is a single mistake in an otherwise valid document, so the
path it must name is the one place the mistake is. The wording of the b5-specific messages
(phases, references, orders) is the rulebook's own: only the path is checked there; the
wrong-type messages are the shared schema's (``expected a string`` ...).
"""

import copy
import json
import subprocess
import sys

import pytest
import yaml

import pybridge
from document_edits import add_key, drop, edits, put, whole
from error_checks import (
    _file,
    _write,
    assert_json_error_line,
    assert_one_error,
    check_cli_document,
    check_cli_file,
    check_handwritten_yaml,
    check_library_file,
    run,
)

# A valid document touching every record kind and every field, so that each case is a single
# edit away from it. Fields are strings ("0412"), as are phases and ids.
BASE = {
    "rulebook": "b5",
    "edition": "errata",
    "phases": ["movement", "conflict", "effect", "retreat"],
    "beings": [
        {"id": "Fleet 1", "type": "fleet", "field": "0412", "immune_to": ["MA"],
         "protected_from": ["PO", {"element": "WJ", "from": "conflict", "until": "effect"}],
         "can_retreat": True, "retreat_to": ["0413"]},
        {"id": "Druid", "type": "D", "field": "0412"},
        {"id": "King", "type": "K", "field": "0413", "can_retreat": False,
         "retreat_to": ["0414"]},
    ],
    "elements": [
        {"id": "Maelstrom", "type": "MA", "field": "0412", "active": True,
         "destroys": ["fleet"], "effect_phase": "effect"},
        {"id": "Whirl", "type": "WJ", "field": "0413", "destroys": ["King"]},
        {"id": "Idol", "type": "IMBA", "field": "0414", "active": False, "destroys": []},
    ],
    "protections": [
        {"by": "Druid", "from": "MA", "field": "0412", "arrives": "conflict",
         "leaves": "retreat"},
        {"by": "Idol", "from": "Whirl", "field": "0413", "arrives": "movement"},
    ],
    "orders": [
        {"id": "o1", "being": "Fleet 1", "kind": "discovery", "to": "0413",
         "wins_preconflict": True},
        {"id": "o2", "being": "King", "kind": "move", "to": "0412"},
    ],
}

# The shared schema's wording for wrong types (pybridge/documents/schema.py); None: only the path counts.
STRING = "expected a string"
NON_EMPTY = "non-empty"
BOOLEAN = "expected true or false"
LIST = "expected a list"
MAPPING = "expected a mapping"
MISSING = "missing"
UNKNOWN_KEY = "unknown key"
DUPLICATE = "duplicate"


def case(name, edit, path, fragment=None, yaml_only=False):
    return pytest.param(edit, path, fragment, yaml_only, id=name)


# Phases without ``effect``, with every reference to ``effect`` in BASE moved elsewhere and an
# effect phase for ``Idol``; only ``Whirl`` (elements[1]) gives no effect_phase, so its default
# has nowhere to go.
NO_EFFECT_PHASE = edits(put("phases", ["movement", "conflict", "retreat"]),
                        put("elements[0].effect_phase", "conflict"),
                        put("elements[2].effect_phase", "retreat"),
                        put("beings[0].protected_from[1].until", "retreat"))

DOCUMENT_CASES = [
    # unknown keys, everywhere
    case("unknown-top-level-key", put("characters", []), "characters", UNKNOWN_KEY),
    case("redemption-phase-key", put("phase", "battle"), "phase", UNKNOWN_KEY),
    case("singular-being-key", put("being", []), "being", UNKNOWN_KEY),
    case("unknown-being-key", put("beings[1].strength", 3), "beings[1].strength", UNKNOWN_KEY),
    case("misspelt-immune-to", put("beings[1].immune", ["MA"]), "beings[1].immune",
         UNKNOWN_KEY),
    case("unknown-element-key", put("elements[0].destroy", ["fleet"]), "elements[0].destroy",
         UNKNOWN_KEY),
    case("unknown-protection-key", put("protections[0].until", "retreat"),
         "protections[0].until", UNKNOWN_KEY),
    case("unknown-order-key", put("orders[1].wins", True), "orders[1].wins", UNKNOWN_KEY),
    case("unknown-protected-from-span-key", put("beings[0].protected_from[1].to", "retreat"),
         "beings[0].protected_from[1].to", UNKNOWN_KEY),
    case("span-leaves-instead-of-until", put("beings[0].protected_from[1].leaves", "retreat"),
         "beings[0].protected_from[1].leaves", UNKNOWN_KEY),
    case("integer-top-level-key", add_key((), 5), "5", UNKNOWN_KEY, yaml_only=True),
    case("integer-being-key", add_key(("beings", 0), 7), "beings[0].7", UNKNOWN_KEY,
         yaml_only=True),
    # wrong types: lists and mappings
    case("beings-a-mapping", put("beings", {"id": "Fleet 1", "type": "fleet", "field": "1"}),
         "beings", LIST),
    case("elements-a-string", put("elements", "Maelstrom"), "elements", LIST),
    case("protections-a-mapping", put("protections", {"by": "Druid", "from": "MA",
                                                      "field": "0412", "arrives": "conflict"}),
         "protections", LIST),
    case("orders-an-integer", put("orders", 1), "orders", LIST),
    case("phases-a-string", put("phases", "movement, retreat"), "phases", LIST),
    case("being-a-string", put("beings[1]", "Druid"), "beings[1]", MAPPING),
    case("being-null", put("beings[0]", None), "beings[0]", MAPPING),
    case("being-a-list", put("beings[2]", ["King", "K", "0413"]), "beings[2]", MAPPING),
    case("element-a-string", put("elements[2]", "Idol"), "elements[2]", MAPPING),
    case("protection-a-list", put("protections[1]", ["Idol", "Whirl"]), "protections[1]",
         MAPPING),
    case("order-a-string", put("orders[0]", "o1"), "orders[0]", MAPPING),
    case("immune-to-a-string", put("beings[0].immune_to", "MA"), "beings[0].immune_to", LIST),
    case("protected-from-a-string", put("beings[0].protected_from", "PO"),
         "beings[0].protected_from", LIST),
    case("protected-from-a-mapping", put("beings[0].protected_from", {"element": "WJ"}),
         "beings[0].protected_from", LIST),
    case("retreat-to-a-string", put("beings[0].retreat_to", "0413"), "beings[0].retreat_to",
         LIST),
    case("destroys-a-string", put("elements[0].destroys", "fleet"), "elements[0].destroys",
         LIST),
    # wrong types: strings
    case("integer-being-id", put("beings[0].id", 1), "beings[0].id", STRING),
    case("null-being-id", put("beings[1].id", None), "beings[1].id", STRING),
    case("boolean-being-type", put("beings[1].type", True), "beings[1].type", STRING),
    case("integer-being-field", put("beings[0].field", 412), "beings[0].field", STRING),
    case("float-being-field", put("beings[2].field", 4.13), "beings[2].field", STRING),
    case("list-being-field", put("beings[1].field", ["0412"]), "beings[1].field", STRING),
    case("integer-element-id", put("elements[1].id", 2), "elements[1].id", STRING),
    case("list-element-type", put("elements[0].type", ["MA"]), "elements[0].type", STRING),
    case("integer-element-field", put("elements[2].field", 414), "elements[2].field", STRING),
    case("integer-effect-phase", put("elements[0].effect_phase", 3),
         "elements[0].effect_phase", STRING),
    case("integer-protection-by", put("protections[0].by", 1), "protections[0].by", STRING),
    case("mapping-protection-from", put("protections[0].from", {"type": "MA"}),
         "protections[0].from", STRING),
    case("integer-protection-field", put("protections[1].field", 413), "protections[1].field",
         STRING),
    case("integer-arrives", put("protections[0].arrives", 2), "protections[0].arrives", STRING),
    case("list-leaves", put("protections[0].leaves", ["retreat"]), "protections[0].leaves",
         STRING),
    case("integer-order-id", put("orders[0].id", 1), "orders[0].id", STRING),
    case("null-order-being", put("orders[1].being", None), "orders[1].being", STRING),
    case("integer-order-to", put("orders[1].to", 412), "orders[1].to", STRING),
    case("integer-phase", put("phases[2]", 3), "phases[2]", STRING),
    case("null-phase", put("phases[0]", None), "phases[0]", STRING),
    case("integer-immune-to-entry", put("beings[0].immune_to[0]", 1), "beings[0].immune_to[0]",
         STRING),
    case("integer-retreat-to-entry", put("beings[2].retreat_to[0]", 414),
         "beings[2].retreat_to[0]", STRING),
    case("integer-destroys-entry", put("elements[1].destroys[0]", 1), "elements[1].destroys[0]",
         STRING),
    case("list-destroys-entry", put("elements[0].destroys[0]", ["fleet"]),
         "elements[0].destroys[0]", STRING),
    case("integer-span-element", put("beings[0].protected_from[1].element", 1),
         "beings[0].protected_from[1].element", STRING),
    case("integer-span-from", put("beings[0].protected_from[1].from", 2),
         "beings[0].protected_from[1].from", STRING),
    case("list-span-until", put("beings[0].protected_from[1].until", ["effect"]),
         "beings[0].protected_from[1].until", STRING),
    # protected_from entries are a string or a mapping {element, from, until}
    case("protected-from-entry-integer", put("beings[0].protected_from[0]", 1),
         "beings[0].protected_from[0]"),
    case("protected-from-entry-list", put("beings[0].protected_from[0]", ["PO"]),
         "beings[0].protected_from[0]"),
    case("protected-from-entry-null", put("beings[0].protected_from[1]", None),
         "beings[0].protected_from[1]"),
    case("protected-from-entry-boolean", put("beings[0].protected_from[0]", True),
         "beings[0].protected_from[0]"),
    case("span-without-element", drop("beings[0].protected_from[1].element"),
         "beings[0].protected_from[1].element", MISSING),
    case("empty-span", put("beings[0].protected_from[1]", {}),
         "beings[0].protected_from[1].element", MISSING),
    case("span-with-only-phases", put("beings[0].protected_from[1]",
                                      {"from": "conflict", "until": "effect"}),
         "beings[0].protected_from[1].element", MISSING),
    # wrong types: booleans
    case("string-can-retreat", put("beings[0].can_retreat", "no"), "beings[0].can_retreat",
         BOOLEAN),
    case("integer-can-retreat", put("beings[2].can_retreat", 0), "beings[2].can_retreat",
         BOOLEAN),
    case("string-active", put("elements[0].active", "true"), "elements[0].active", BOOLEAN),
    case("integer-active", put("elements[2].active", 1), "elements[2].active", BOOLEAN),
    case("string-wins-preconflict", put("orders[0].wins_preconflict", "yes"),
         "orders[0].wins_preconflict", BOOLEAN),
    case("list-wins-preconflict", put("orders[0].wins_preconflict", [True]),
         "orders[0].wins_preconflict", BOOLEAN),
    # empty strings
    case("empty-being-id", put("beings[1].id", ""), "beings[1].id", NON_EMPTY),
    case("empty-being-type", put("beings[0].type", ""), "beings[0].type", NON_EMPTY),
    case("empty-being-field", put("beings[2].field", ""), "beings[2].field", NON_EMPTY),
    case("empty-element-id", put("elements[0].id", ""), "elements[0].id", NON_EMPTY),
    case("empty-element-type", put("elements[1].type", ""), "elements[1].type", NON_EMPTY),
    case("empty-element-field", put("elements[2].field", ""), "elements[2].field", NON_EMPTY),
    case("empty-protection-by", put("protections[0].by", ""), "protections[0].by", NON_EMPTY),
    case("empty-protection-from", put("protections[1].from", ""), "protections[1].from",
         NON_EMPTY),
    case("empty-protection-field", put("protections[0].field", ""), "protections[0].field",
         NON_EMPTY),
    case("empty-order-id", put("orders[1].id", ""), "orders[1].id", NON_EMPTY),
    case("empty-order-being", put("orders[0].being", ""), "orders[0].being", NON_EMPTY),
    case("empty-order-to", put("orders[1].to", ""), "orders[1].to", NON_EMPTY),
    case("empty-phase", put("phases[1]", ""), "phases[1]", NON_EMPTY),
    case("empty-immune-to-entry", put("beings[0].immune_to[0]", ""), "beings[0].immune_to[0]",
         NON_EMPTY),
    case("empty-protected-from-entry", put("beings[0].protected_from[0]", ""),
         "beings[0].protected_from[0]", NON_EMPTY),
    case("empty-span-element", put("beings[0].protected_from[1].element", ""),
         "beings[0].protected_from[1].element", NON_EMPTY),
    case("empty-retreat-to-entry", put("beings[0].retreat_to[0]", ""),
         "beings[0].retreat_to[0]", NON_EMPTY),
    case("empty-destroys-entry", put("elements[0].destroys[0]", ""), "elements[0].destroys[0]",
         NON_EMPTY),
    # missing required fields
    case("missing-being-id", drop("beings[0].id"), "beings[0].id", MISSING),
    case("missing-being-type", drop("beings[1].type"), "beings[1].type", MISSING),
    case("missing-being-field", drop("beings[2].field"), "beings[2].field", MISSING),
    case("empty-being", put("beings[1]", {}), "beings[1].id", MISSING),
    case("missing-element-id", drop("elements[2].id"), "elements[2].id", MISSING),
    case("missing-element-type", drop("elements[0].type"), "elements[0].type", MISSING),
    case("missing-element-field", drop("elements[1].field"), "elements[1].field", MISSING),
    case("missing-protection-by", drop("protections[0].by"), "protections[0].by", MISSING),
    case("missing-protection-from", drop("protections[1].from"), "protections[1].from",
         MISSING),
    case("missing-protection-field", drop("protections[0].field"), "protections[0].field",
         MISSING),
    case("missing-protection-arrives", drop("protections[1].arrives"),
         "protections[1].arrives", MISSING),
    case("missing-order-id", drop("orders[1].id"), "orders[1].id", MISSING),
    case("missing-order-being", drop("orders[0].being"), "orders[0].being", MISSING),
    case("missing-order-kind", drop("orders[1].kind"), "orders[1].kind", MISSING),
    case("missing-order-to", drop("orders[0].to"), "orders[0].to", MISSING),
    # editions
    case("unknown-edition", put("edition", "nope"), "edition", "unknown edition 'nope'"),
    case("hkk-edition", put("edition", "literal"), "edition", "unknown edition 'literal'"),
    case("edition-wrong-case", put("edition", "Errata"), "edition"),
    case("integer-edition", put("edition", 2), "edition"),
    case("empty-edition", put("edition", ""), "edition"),
    case("rulebook-wrong-case", put("rulebook", "B5"), "rulebook", "unknown rulebook"),
    # the phase list
    case("phases-without-retreat", put("phases", ["movement", "conflict", "effect"]),
         "phases"),
    case("phases-empty", put("phases", []), "phases"),
    case("phases-retreat-wrong-case", put("phases", ["movement", "conflict", "effect",
                                                     "Retreat"]), "phases"),
    case("duplicate-phase", put("phases", ["movement", "conflict", "effect", "conflict",
                                           "retreat"]), "phases[3]"),
    case("duplicate-retreat", put("phases", ["movement", "conflict", "effect", "retreat",
                                             "retreat"]), "phases[4]"),
    case("duplicate-first-phase", put("phases", ["movement", "movement", "conflict", "effect",
                                                 "retreat"]), "phases[1]"),
    # references to phases
    case("unknown-effect-phase", put("elements[0].effect_phase", "night"),
         "elements[0].effect_phase"),
    case("effect-phase-wrong-case", put("elements[0].effect_phase", "Effect"),
         "elements[0].effect_phase"),
    case("unknown-arrives", put("protections[0].arrives", "combat"), "protections[0].arrives"),
    case("unknown-leaves", put("protections[0].leaves", "night"), "protections[0].leaves"),
    case("unknown-span-from", put("beings[0].protected_from[1].from", "night"),
         "beings[0].protected_from[1].from"),
    case("unknown-span-until", put("beings[0].protected_from[1].until", "night"),
         "beings[0].protected_from[1].until"),
    case("phase-differs-by-space", put("protections[1].arrives", "movement "),
         "protections[1].arrives"),
    case("default-phase-not-in-own-phases",
         put("phases", ["march", "conflict", "effect", "retreat"]), "protections[1].arrives"),
    case("default-effect-phase-not-in-phases", NO_EFFECT_PHASE, "elements[1].effect_phase"),
    case("explicit-effect-phase-not-in-phases",
         edits(NO_EFFECT_PHASE, put("elements[1].effect_phase", "effect")),
         "elements[1].effect_phase"),
    case("only-element-without-effect-phase",
         whole({"rulebook": "b5", "phases": ["retreat"],
                "elements": [{"id": "E", "type": "MA", "field": "1"}]}),
         "elements[0].effect_phase"),
    case("leaves-before-arrives", edits(put("protections[0].arrives", "effect"),
                                        put("protections[0].leaves", "conflict")),
         "protections[0].leaves"),
    case("leaves-first-phase", put("protections[0].leaves", "movement"),
         "protections[0].leaves"),
    case("until-before-from", edits(put("beings[0].protected_from[1].from", "effect"),
                                    put("beings[0].protected_from[1].until", "conflict")),
         "beings[0].protected_from[1].until"),
    case("until-before-from-by-one", put("beings[0].protected_from[1].until", "movement"),
         "beings[0].protected_from[1].until"),
    case("until-before-from-at-the-ends", put("beings[0].protected_from[1]",
                                              {"element": "WJ", "from": "retreat",
                                               "until": "movement"}),
         "beings[0].protected_from[1].until"),
    # duplicate ids
    case("duplicate-being", put("beings[1].id", "Fleet 1"), "beings[1].id", DUPLICATE),
    case("duplicate-being-last", put("beings[2].id", "Druid"), "beings[2].id", DUPLICATE),
    case("duplicate-element", put("elements[1].id", "Maelstrom"), "elements[1].id", DUPLICATE),
    case("duplicate-element-last", put("elements[2].id", "Whirl"), "elements[2].id",
         DUPLICATE),
    case("duplicate-order", put("orders[1].id", "o1"), "orders[1].id", DUPLICATE),
    # references
    case("unknown-order-being", put("orders[0].being", "ghost"), "orders[0].being"),
    case("order-being-is-an-element", put("orders[1].being", "Maelstrom"), "orders[1].being"),
    case("order-being-is-an-order", put("orders[1].being", "o1"), "orders[1].being"),
    case("order-being-differs-by-case", put("orders[0].being", "fleet 1"), "orders[0].being"),
    case("order-being-differs-by-space", put("orders[0].being", "Fleet 1 "),
         "orders[0].being"),
    case("order-being-is-a-type", put("orders[1].being", "K"), "orders[1].being"),
    case("unknown-protection-by", put("protections[0].by", "ghost"), "protections[0].by"),
    case("protection-by-is-an-order", put("protections[1].by", "o2"), "protections[1].by"),
    case("protection-by-is-a-type", put("protections[0].by", "D"), "protections[0].by"),
    case("protection-by-differs-by-case", put("protections[0].by", "druid"),
         "protections[0].by"),
    case("protection-by-is-a-field", put("protections[0].by", "0412"), "protections[0].by"),
    # orders
    case("unknown-order-kind", put("orders[0].kind", "attack"), "orders[0].kind"),
    case("order-kind-wrong-case", put("orders[1].kind", "Move"), "orders[1].kind"),
    case("integer-order-kind", put("orders[1].kind", 1), "orders[1].kind"),
    case("wins-preconflict-on-a-move", put("orders[1].wins_preconflict", True),
         "orders[1].wins_preconflict"),
    case("lost-preconflict-on-a-move", put("orders[1].wins_preconflict", False),
         "orders[1].wins_preconflict"),
    case("discovery-into-own-field", put("orders[0].to", "0412"), "orders[0].to"),
    case("move-into-own-field", put("orders[1].to", "0413"), "orders[1].to"),
    # retreat fields (b5.py refuses a being's own field as a retreat field)
    case("retreat-into-own-field", put("beings[2].retreat_to", ["0415", "0413"]),
         "beings[2].retreat_to[1]"),
    # the document itself
    case("document-is-a-list", whole([BASE]), "document", MAPPING),
]


# JSON objects only have string keys: the YAML-only cases are not written as JSON.
CLI_DOCUMENT_CASES = [
    pytest.param(fmt, *case.values, id=f"{case.id}-{fmt}")
    for case in DOCUMENT_CASES for fmt in ("yaml", "json")
    if not (case.values[3] and fmt == "json")
]


# ---------------------------------------------------------------------------------------------
# Valid documents: each bad case is one edit away from a document the rulebook accepts.

VALID = [
    pytest.param(lambda doc: doc, id="base"),
    pytest.param(whole({"rulebook": "b5"}), id="rulebook-only"),
    pytest.param(whole({"rulebook": "b5", "beings": [], "elements": [], "protections": [],
                        "orders": []}), id="empty-lists"),
    pytest.param(put("edition", "original"), id="edition-original"),
    pytest.param(drop("edition"), id="edition-default"),
    pytest.param(drop("phases"), id="phases-default"),
    pytest.param(whole({"rulebook": "b5", "phases": ["retreat"]}), id="only-retreat"),
    pytest.param(edits(NO_EFFECT_PHASE, put("elements[1].effect_phase", "retreat")),
                 id="no-effect-phase-but-every-element-names-one"),
    pytest.param(put("beings[0].protected_from[1]", {"element": "WJ"}), id="span-no-phases"),
    pytest.param(put("beings[0].protected_from[1]", {"element": "WJ", "from": "retreat"}),
                 id="span-from-last-phase"),
    pytest.param(put("beings[0].protected_from[1]", {"element": "WJ", "until": "movement"}),
                 id="span-until-first-phase"),
    pytest.param(put("beings[0].protected_from[1].until", "conflict"), id="span-one-phase"),
    pytest.param(drop("protections[0].leaves"), id="protection-without-leaves"),
    pytest.param(put("protections[0].leaves", "conflict"), id="leaves-as-it-arrives"),
    pytest.param(put("protections[1].by", "King"), id="protection-by-a-being"),
    pytest.param(put("orders[0].wins_preconflict", False), id="discovery-lost-preconflict"),
    pytest.param(drop("orders[0].wins_preconflict"), id="discovery-without-preconflict"),
]


@pytest.mark.parametrize("edit", VALID)
def test_valid_document(edit):
    result = pybridge.rule(edit(copy.deepcopy(BASE)))
    assert result["status"] in ("ok", "ambiguous", "inconsistent")
    assert result["rulebook"] == "b5"


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_base_document_is_valid_through_the_cli(runner, tmp_path, fmt):
    source = _write(tmp_path, copy.deepcopy(BASE), fmt)
    result = run(runner, "rule", "--format", "json", source)
    assert result.exit_code == 0, (result.output, result.stderr)
    assert result.stderr == ""
    assert json.loads(result.stdout)["rulebook"] == "b5"


def test_explicit_null_for_optional_fields_is_absent():
    document = copy.deepcopy(BASE)
    for key in ("immune_to", "protected_from", "can_retreat", "retreat_to"):
        document["beings"][0][key] = None
    for key in ("active", "destroys", "effect_phase"):
        document["elements"][0][key] = None
    document["protections"][0]["leaves"] = None
    document["orders"][0]["wins_preconflict"] = None
    document["edition"] = None
    document["phases"] = None
    assert pybridge.rule(document)["rulebook"] == "b5"


# ---------------------------------------------------------------------------------------------
# Bad documents, through the CLI and through the library.

@pytest.mark.parametrize("fmt,edit,path,fragment,yaml_only", CLI_DOCUMENT_CASES)
def test_cli_reports_bad_document(runner, tmp_path, fmt, edit, path, fragment, yaml_only):
    check_cli_document(runner, tmp_path, edit(copy.deepcopy(BASE)), fmt, path, fragment)


@pytest.mark.parametrize("edit,path,fragment,yaml_only", DOCUMENT_CASES)
def test_library_raises_input_error_with_path(edit, path, fragment, yaml_only):
    document = edit(copy.deepcopy(BASE))
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(document)
    error = caught.value
    assert error.path == path, (error.path, error.message)
    assert error.source is None
    if fragment is not None:
        assert fragment in error.message
    assert "\n" not in str(error)
    assert str(error) == f"{path}: {error.message}"


def test_hostile_reference_in_error_is_one_line():
    document = put("orders[0].being", 'gh\nost").\n#show')(copy.deepcopy(BASE))
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(document)
    assert caught.value.path == "orders[0].being"
    assert "\n" not in str(caught.value)


def test_self_containing_python_list_is_a_plain_error():
    """A Python caller can pass a list that contains itself: a path error, not a recursion."""
    document = copy.deepcopy(BASE)
    loop = []
    loop.append(loop)
    document["beings"][0]["immune_to"] = loop
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(document)
    assert caught.value.path == "beings[0].immune_to[0]"


@pytest.mark.parametrize("path", ["beings[0].field", "phases[1]", "orders[0].to",
                                  "protections[0].arrives", "beings[0].protected_from[0]",
                                  "orders[0].wins_preconflict"])
def test_huge_python_integer_where_no_integer_belongs(path):
    """Python ints past 4300 digits cannot even be printed; the error still names the path."""
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(put(path, 10**5000)(copy.deepcopy(BASE)))
    assert caught.value.path == path
    assert "9" * 50 not in str(caught.value) and "0" * 50 not in str(caught.value)
    assert len(str(caught.value)) < 200


# ---------------------------------------------------------------------------------------------
# Handwritten YAML: what a person types.

RAW_CASES = [
    pytest.param(b"rulebook: b5\nbeings:\n"
                 b"  - {id: Fleet 1, type: fleet, field: A1, can_retreat: no}\n",
                 "beings[0].can_retreat", BOOLEAN, id="yaml-1.1-no"),
    pytest.param(b"rulebook: b5\nbeings:\n  - {id: Fleet 1, type: fleet, field: A1}\n"
                 b"orders:\n  - {id: o1, being: Fleet 1, kind: discovery, to: B2, "
                 b"wins_preconflict: yes}\n",
                 "orders[0].wins_preconflict", BOOLEAN, id="yaml-1.1-yes"),
    pytest.param(b"rulebook: b5\nbeings:\n  - {id: null, type: fleet, field: A1}\n",
                 "beings[0].id", STRING, id="null-id"),
    pytest.param(b"rulebook: b5\nbeings:\n  - {id: A, type: fleet, field: A1, field: A2}\n",
                 "beings[0].field", "duplicate key 'field'", id="duplicate-key-in-being"),
    pytest.param(b"rulebook: b5\nbeings:\n  - id: A\n    type: fleet\n    field: A1\n"
                 b"    protected_from:\n      - {element: WJ, from: conflict, from: effect}\n",
                 "beings[0].protected_from[0].from", "duplicate key 'from'",
                 id="duplicate-key-in-span"),
    pytest.param(b"rulebook: b5\nphases: [movement, conflict, effect, retreat, retreat]\n",
                 "phases[4]", None, id="duplicate-phase-flow"),
    pytest.param(b"rulebook: b5\nphases:\n  - movement\n  - effect\n",
                 "phases", None, id="phases-without-retreat-block"),
    pytest.param(b"rulebook: b5\nbeings:\n  - id: A\n    type: fleet\n    field: A1\n"
                 b"  - id: A\n    type: galley\n    field: A2\n",
                 "beings[1].id", DUPLICATE, id="duplicate-being-block-style"),
    pytest.param(b"rulebook: b5\nbeings:\n  - {id: A, type: fleet, field: A1}\n"
                 b"orders:\n  - {id: o1, being: A, kind: discovery, to: A1}\n",
                 "orders[0].to", None, id="order-into-own-field"),
    pytest.param(b"rulebook: b5\nelements:\n  - {id: M, type: MA, field: A1, "
                 b"destroys: [fleet], effect_phase: 2001-01-01}\n",
                 # a plain 2001-01-01 is text (YAML 1.2 core has no dates): no such phase
                 "elements[0].effect_phase", "unknown phase '2001-01-01'", id="date-for-phase"),
]


@pytest.mark.parametrize("data,path,fragment", RAW_CASES)
def test_cli_reports_bad_handwritten_yaml(runner, tmp_path, data, path, fragment):
    check_handwritten_yaml(runner, tmp_path, data, path, fragment)


# ---------------------------------------------------------------------------------------------
# Problems with the file as a whole, in b5 documents: (file name, bytes, path or None,
# message fragment). With a path the line is ``error: FILE: PATH: ...``; without,
# ``error: FILE: ...``.

def _bomb(under):
    """A billion-laughs alias tree (10**9 leaves once expanded) used at ``under``."""
    levels = "abcdefghi"
    lines = [b"a: &a [x, x, x, x, x, x, x, x, x, x]\n"]
    for prev, name in zip(levels, levels[1:]):
        lines.append(f"{name}: &{name} [".encode() + b", ".join([f"*{prev}".encode()] * 10)
                     + b"]\n")
    return b"".join(lines) + under


def _bomb_in_beings():
    """The alias tree built inside beings' immune_to lists: the second being is wrong at once."""
    levels = "abcdefghi"
    lines = [b"rulebook: b5\nbeings:\n",
             b"  - {id: b0, type: fleet, field: A1, immune_to: &a [x, x, x, x, x, x, x, x, x]}\n"]
    for i, (prev, name) in enumerate(zip(levels, levels[1:]), start=1):
        lines.append(f"  - {{id: b{i}, type: fleet, field: A1, immune_to: &{name} [".encode()
                     + b", ".join([f"*{prev}".encode()] * 10) + b"]}\n")
    return b"".join(lines)


def _deep_in_immune_to(depth):
    """A document whose first immune_to entry is a list nested ``depth`` times."""
    return (b"rulebook: b5\nbeings:\n  - {id: A, type: fleet, field: A1, immune_to: ["
            + b"[" * depth + b"]" * depth + b"]}\n")


FILE_CASES = [
    pytest.param("state.yaml", b"", None, "empty", id="empty-yaml-file"),
    pytest.param("state.json", b"", None, "empty", id="empty-json-file"),
    pytest.param("state.yaml", b"\n  \n\t\n", None, "empty", id="whitespace-only"),
    pytest.param("state.yaml", b"# rulebook: b5\n", None, "empty", id="commented-out"),
    pytest.param("state.yaml", b"---\n...\n", None, "empty", id="empty-yaml-document"),
    pytest.param("state.yaml", b"rulebook: b5\nbeings:\n  - {id: Flotte \xe9, type: fleet, "
                 b"field: A1}\n", None, "UTF-8", id="latin-1-id"),
    pytest.param("state.yaml", b"rulebook: b5\nphases: [movement, \xff\xfe, retreat]\n", None,
                 "UTF-8", id="invalid-bytes-in-phases"),
    pytest.param("state.json", b'{"rulebook": "b5", "beings": [{"id": "Fl\xc3", '
                 b'"type": "fleet", "field": "A1"}]}', None, "UTF-8",
                 id="truncated-utf8-in-json"),
    pytest.param("state.yaml", "rulebook: b5\n".encode("utf-16"), None, "UTF-8",
                 id="utf-16-file"),
    pytest.param("state.yaml", b"rulebook: b5\nbeings: &b [*b]\n", None, "invalid YAML",
                 id="recursive-alias-list"),
    pytest.param("state.yaml", b"rulebook: b5\nbeings:\n  - &m {id: A, type: fleet, "
                 b"field: A1, immune_to: [*m]}\n", None, "invalid YAML",
                 id="recursive-alias-being"),
    pytest.param("state.yaml", b"rulebook: b5\nbeings:\n  - id: A\n    type: fleet\n"
                 b"    field: A1\n    protected_from: &p [PO, {element: WJ, until: *p}]\n",
                 None, "invalid YAML", id="recursive-alias-span"),
    pytest.param("state.yaml", b"rulebook: b5\nbeings: *nowhere\n", None, "invalid YAML",
                 id="undefined-alias"),
    pytest.param("state.yaml", _bomb(b"rulebook: b5\nbeings: *i\n"), "a", UNKNOWN_KEY,
                 id="alias-bomb-under-unknown-keys"),
    pytest.param("state.yaml", _bomb_in_beings(), "beings[1].immune_to[0]", STRING,
                 id="alias-bomb-in-immune-to"),
    pytest.param("state.yaml", _deep_in_immune_to(55), "beings[0].immune_to[0]", STRING,
                 id="deep-but-parseable"),
    pytest.param("state.yaml", _deep_in_immune_to(200), None, "nested too deeply",
                 id="nested-too-deeply-yaml"),
    pytest.param("state.json", b'{"rulebook": "b5", "beings": ' + b"[" * 50000
                 + b"]" * 50000 + b"}", None, None, id="nested-too-deeply-json"),
    pytest.param("state.json", b'{"rulebook": "b5", "beings": [{"id": "A", "type": "fleet", '
                 b'"field": ' + b"9" * 5000 + b"}]}", "beings[0].field", STRING,
                 id="5000-digit-field-json"),
    pytest.param("state.json", b'{"rulebook": "b5", "edition": ' + b"7" * 5000 + b"}",
                 "edition", None, id="5000-digit-edition"),
    pytest.param("state.yaml", b"rulebook: b5\nbeings:\n  - {id: A, type: fleet, field: A1}\n"
                 b"orders:\n  - {id: o1, being: A, kind: discovery, to: B1, wins_preconflict: "
                 + b"1" * 5000 + b"}\n", "orders[0].wins_preconflict", BOOLEAN,
                 id="5000-digit-boolean"),
    pytest.param("state.json", b'{"rulebook": "b5", "beings": [{"id": "A", "type": "fleet", '
                 b'"field": 1e400}]}', "beings[0].field", STRING, id="json-overflowing-float"),
    pytest.param("state.json", b'{"rulebook": "b5", "beings": [{"id": "A", "type": "fleet", '
                 b'"field": NaN}]}', None, None, id="json-nan"),
    pytest.param("state.yaml", b"rulebook: b5\n---\nrulebook: b5\n", None, "several",
                 id="several-documents"),
    pytest.param("state.yaml", b"rulebook: b5\nbeings: [\n", None, "invalid YAML",
                 id="unclosed-list"),
    pytest.param("state.json", b'{"rulebook": "b5", "phases": ["retreat",]}', None,
                 "invalid JSON", id="json-trailing-comma"),
    pytest.param("state.yaml", b"rulebook: b5\nbeings:\n  - !!python/object:os.system {}\n",
                 None, "invalid YAML", id="python-tag"),
    pytest.param("state.yaml", b"rulebook: b5\nrulebook: b5\n", None, "duplicate key",
                 id="duplicate-rulebook-key"),
]


@pytest.mark.parametrize("name,data,path,fragment", FILE_CASES)
def test_cli_reports_bad_file(runner, tmp_path, name, data, path, fragment):
    check_cli_file(runner, tmp_path, name, data, path, fragment)


@pytest.mark.parametrize("name,data,path,fragment", FILE_CASES)
def test_library_reports_bad_file(tmp_path, name, data, path, fragment):
    check_library_file(tmp_path, name, data, path, fragment)


@pytest.mark.parametrize("name,data", [
    pytest.param("deep.yaml", b"rulebook: b5\nbeings: " + b"[" * 100_000 + b"]" * 100_000
                 + b"\n", id="yaml"),
    pytest.param("deep.json", b'{"rulebook": "b5", "beings": ' + b"[" * 100_000
                 + b"]" * 100_000 + b"}", id="json"),
    pytest.param("deep.yaml", b"rulebook: b5\nbeings:\n  - {id: A, type: fleet, field: A1, "
                 b"protected_from: [" + b"{element: " * 100_000 + b"x" + b"}" * 100_000
                 + b"]}\n", id="yaml-mappings"),
])
def test_deeply_nested_b5_document_does_not_crash(tmp_path, name, data):
    """Run in a subprocess: a C parser's recursion can overflow the C stack."""
    target = _file(tmp_path, name, data)
    completed = subprocess.run(
        [sys.executable, "-m", "pybridge", "rule", "--format", "json", target],
        capture_output=True, text=True, timeout=120,
    )
    assert "Traceback" not in completed.stderr
    assert completed.returncode == 2, (completed.returncode, completed.stderr[-500:])
    lines = completed.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {target}: "), completed.stderr[-500:]
    assert len(lines[0]) < 500


# ---------------------------------------------------------------------------------------------
# Standard input, text format, and the --edition option with b5 documents.

@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_bad_b5_document_on_stdin(runner, fmt):
    document = put("orders[0].being", "ghost")(copy.deepcopy(BASE))
    text = yaml.safe_dump(document) if fmt == "yaml" else json.dumps(document)
    result = run(runner, "rule", "--format", "json", "-", input=text)
    line = assert_one_error(result, "error: <stdin>: orders[0].being: ")
    assert_json_error_line(result, "-", line)


@pytest.mark.parametrize("data", [b"", b"rulebook: b5\nbeings: [", b"rulebook: b5\n\xff\xfe"],
                         ids=["empty", "syntax", "bytes"])
def test_bad_b5_bytes_on_stdin(runner, data):
    result = run(runner, "rule", "--format", "json", "-", input=data)
    assert_one_error(result, "error: <stdin>: ")


def test_text_format_error_is_only_on_stderr(runner, tmp_path):
    source = _write(tmp_path, drop("protections[0].arrives")(copy.deepcopy(BASE)), "yaml")
    result = run(runner, "rule", "--format", "text", source)
    assert_one_error(result, f"error: {source}: protections[0].arrives: ", MISSING)
    assert result.stdout == ""


def test_unknown_edition_option(runner, tmp_path):
    source = _write(tmp_path, copy.deepcopy(BASE), "yaml")
    result = run(runner, "rule", "--format", "json", "--edition", "literal", source)
    line = assert_one_error(result, "error: ")
    assert "--edition: unknown edition 'literal'" in line
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(copy.deepcopy(BASE), edition="literal")
    assert caught.value.path == "--edition"


def test_edition_option_overrides_bad_document_edition(runner, tmp_path):
    source = _write(tmp_path, put("edition", "nope")(copy.deepcopy(BASE)), "yaml")
    result = run(runner, "rule", "--format", "json", "--edition", "original", source)
    assert result.exit_code == 0, (result.output, result.stderr)
    assert json.loads(result.stdout)["edition"] == "original"


def test_one_error_per_document_among_several(runner, tmp_path):
    """A bad b5 document among good ones: its own error line; the others are still ruled."""
    good = _write(tmp_path, copy.deepcopy(BASE), "yaml", name="good")
    bad = _write(tmp_path, put("phases", ["movement"])(copy.deepcopy(BASE)), "json", name="bad")
    result = run(runner, "rule", "--format", "json", good, bad)
    assert "Traceback" not in result.output + result.stderr
    assert result.exit_code == 2, (result.exit_code, result.output, result.stderr)
    errors = result.stderr.splitlines()
    assert len(errors) == 1 and errors[0].startswith(f"error: {bad}: phases: "), errors
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 2
    assert records[0]["rulebook"] == "b5"
    assert records[1] == {"source": bad, "error": errors[0][len("error: "):]}
