"""The published JSON Schema (``rulings schema``) agrees with validation (issue 15, item 2).

For every document below, the schema (draft 2020-12, checked with the ``jsonschema``
package) and validation (``pybridge.api.check_document``, what ``rulings rule`` checks
before solving) give the same verdict, with one allowed difference in one direction: the
schema may accept a document that validation refuses for a reason no JSON Schema can state
(:data:`BEYOND_SCHEMA`: a reference to an unknown id, a duplicate id, a cycle, a total,
a comparison between two values...). The schema never refuses a document validation
accepts.

Documents: the examples, the base documents and every edit of the bad-input tests of the
four rulebooks (tests/test_*input_errors.py), documents built with tests/redemption_states.py,
and the fuzz mutations of tests/contract/test_bad_input_fuzzing.py (a node replaced by a wrong-typed value, a key
deleted, an unknown key added), on every example. Every other document a test rules or
validates in its own process is compared too, by tests/conftest.py (the documents the
per-rule test files write inline); what may differ is in tests/schema_agreement.py.
"""

import copy
import glob
import json
import os

import jsonschema
import pytest
import test_bad_input_fuzzing as fuzzing
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import redemption_states as rs
import test_b5_input_errors
import test_chronopia_input_errors
import test_hkk_input_errors
import test_input_errors
from pybridge import api, books
from pybridge.documents.loading import load_document
from pybridge.documents.schema_export import dumps, json_schema
from pybridge.errors import InputError
from schema_agreement import (
    BEYOND,
    BOOKS,
    SCHEMAS,
    VALIDATORS,
    NotJson,
    as_json,
    disagreement,
    schema_errors,
)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def verdicts(book, document):
    """(validation's error message or None, the schema's verdict) of one document."""
    try:
        api.check_document(copy.deepcopy(document))
        refused = None
    except InputError as error:
        refused = error.message
    return refused, VALIDATORS[book].is_valid(as_json(document))


def assert_agree(book, document):
    """The schema accepts what validation accepts, and refuses what it refuses except for
    a reason of BEYOND_SCHEMA. Returns validation's error (None: valid)."""
    try:
        refused, accepted = verdicts(book, document)
    except NotJson:
        return "not JSON"
    problem = disagreement(refused, accepted)
    assert problem is None, (book, problem, schema_errors(book, document))
    return refused


# --------------------------------------------------------------------------- the schema itself


@pytest.mark.parametrize("book", BOOKS)
def test_the_schema_is_a_valid_draft_2020_12_schema(book):
    schema = SCHEMAS[book]
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://rulings.invalid/schema/{book}.json"
    assert schema["required"] == ["rulebook"]
    assert schema["properties"]["rulebook"]["enum"] == [book]
    assert schema["additionalProperties"] is False


@pytest.mark.parametrize("book", BOOKS)
def test_every_field_has_a_description(book):
    missing = []

    def visit(node, where):
        if isinstance(node, dict):
            for key, inner in node.get("properties", {}).items():
                if not inner.get("description"):
                    missing.append(f"{where}.{key}")
            for key, inner in node.items():
                visit(inner, f"{where}/{key}")
        elif isinstance(node, list):
            for index, inner in enumerate(node):
                visit(inner, f"{where}[{index}]")

    visit(SCHEMAS[book], "")
    # conditions (oneOf: a query's one kind, allOf: if/then between fields) name fields
    # described in the record's own properties
    assert [m for m in missing if "/oneOf" not in m and "/allOf" not in m] == []
    assert any("/allOf" in m for m in missing) == (book in ("b5", "chronopia", "hkk"))


@pytest.mark.parametrize("book", BOOKS)
def test_the_schema_is_deterministic(book):
    assert dumps(json_schema(books.get(book))) == dumps(SCHEMAS[book])
    text = dumps(SCHEMAS[book])
    assert text == json.dumps(json.loads(text), sort_keys=True, indent=2,
                              ensure_ascii=False) + "\n"


def test_the_schema_states_the_declarations():
    """Spot checks reasoned from the declarations in pybridge/books/*.py."""
    red = SCHEMAS["redemption"]["properties"]
    character = red["characters"]["items"]
    assert character["required"] == ["id", "alignment", "strength", "toughness"]
    assert character["additionalProperties"] is False
    assert character["properties"]["toughness"]["minimum"] == 0          # Int(lo=0)
    assert character["properties"]["toughness"]["maximum"] == 1_000_000  # INT_LIMIT
    assert character["properties"]["alignment"]["enum"] == ["good", "evil"]
    assert character["properties"]["in_battle"]["default"] is True
    assert character["properties"]["in_battle"]["type"] == ["boolean", "null"]
    assert red["phase"]["enum"] == ["draw", "upkeep", "preparation", "battle", "discard", None]
    assert red["edition"]["enum"][-1] is None
    assert set(red["edition"]["enum"][:-1]) == set(books.get("redemption").encoding.editions)
    hkk = SCHEMAS["hkk"]["properties"]
    counters = hkk["cards"]["items"]["properties"]["counters"]
    assert counters["additionalProperties"]["minimum"] == 0              # MapOf(Str(), Int(lo=0))
    event = hkk["events"]["items"]
    assert (event["minProperties"], event["maxProperties"]) == (1, 1)   # OneKey
    chron = SCHEMAS["chronopia"]["properties"]
    model = chron["models"]["items"]["properties"]
    assert (model["size"]["minimum"], model["size"]["maximum"]) == (1, 5)
    assert (model["position"]["minItems"], model["position"]["maxItems"]) == (2, 2)
    query = chron["queries"]["items"]
    assert [branch["required"] for branch in query["oneOf"]] == \
        [["shoot"], ["cast"], ["morale"], ["pre_battle"], ["summon"], ["control"], ["rampage"]]


# --------------------------------------------------------------------------- agreement


def _examples():
    for book in BOOKS:
        for path in sorted(glob.glob(os.path.join(ROOT, "examples", book, "*.yaml"))):
            yield pytest.param(book, path, id=os.path.relpath(path, ROOT))


@pytest.mark.parametrize("book,path", list(_examples()))
def test_every_example_validates(book, path):
    document = load_document(path)
    if document.get("rulebook") != book:
        pytest.skip("not a document of this rulebook")
    try:
        api.check_document(path)
    except InputError as error:         # a bad example on purpose (README's broken.yaml)
        assert assert_agree(book, document) == error.message
        return
    assert VALIDATORS[book].is_valid(as_json(document)), schema_errors(book, document)


INPUT_ERROR_TESTS = {"redemption": test_input_errors, "hkk": test_hkk_input_errors,
                     "b5": test_b5_input_errors, "chronopia": test_chronopia_input_errors}


def _edited_documents():
    for book, module in INPUT_ERROR_TESTS.items():
        for kind in ("DOCUMENT_CASES", "VALID"):
            for param in getattr(module, kind, ()):
                yield pytest.param(book, module, param.values[0], kind == "VALID",
                                   id=f"{book}-{param.id}")


@pytest.mark.parametrize("book,module,edit,valid", list(_edited_documents()))
def test_the_bad_input_tests_documents_agree(book, module, edit, valid):
    document = edit(copy.deepcopy(module.BASE))
    refused = assert_agree(book, document)
    if valid:
        assert refused is None


@pytest.mark.parametrize("book", BOOKS)
def test_the_bad_input_tests_base_documents_are_valid(book):
    assert assert_agree(book, INPUT_ERROR_TESTS[book].BASE) is None


def test_documents_built_with_redemption_states_agree():
    built = [
        rs.state([rs.hero("H", 3, 2), rs.evil("E", 2, 1)]),
        rs.state([rs.hero("H", 3, 2, brigade="Blue", type="hero"),
                  rs.evil("E", 2, 1, in_battle=False)], phase="preparation"),
        rs.state([rs.hero("H", 3, 2)],
                 cards=[{"id": "S", "alignment": "good", "played_on": "H", "strength": 1}],
                 immunities=[{"holder": "H", "to": {"alignment": "evil"}, "duration": "turn"}],
                 abilities=[{"id": "a", "on": "S", "target": "H"}]),
    ]
    for document in built:
        assert assert_agree("redemption", document) is None
    # refused by both: a negative toughness, an unknown phase, a string strength
    for document in (rs.state([rs.hero("H", 3, -1)]), rs.state([rs.hero("H", 3, 2)], phase="x"),
                     rs.state([rs.hero("H", "3", 2)])):
        assert verdicts("redemption", document)[0] is not None
        assert verdicts("redemption", document)[1] is False
    # refused by validation only, for a reason beyond JSON Schema: an unknown holder
    unknown = rs.state([rs.hero("H", 3, 2)], immunities=[{"holder": "X", "to": "H"}])
    assert verdicts("redemption", unknown) == ("unknown card 'X'", True)


# --------------------------------------------------------------------------- fuzz


CHEAP = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                        HealthCheck.large_base_example])


def drawn_path(data, book, where=lambda node: True):
    """An example document of ``book`` and the path of one of its nodes ``where`` holds."""
    _, doc = data.draw(fuzzing.example(book), label="example")
    paths = [path for path, node in fuzzing.walk(doc) if path and where(node)]
    return doc, data.draw(st.sampled_from(paths), label="path")


@pytest.mark.parametrize("book", BOOKS)
@CHEAP
@given(data=st.data())
def test_a_node_replaced_by_a_wrong_typed_value(book, data):
    doc, path = drawn_path(data, book)
    fuzzing.put(doc, path, data.draw(fuzzing.WRONG_VALUES, label="value"))
    assert_agree(book, doc)


@pytest.mark.parametrize("book", BOOKS)
@CHEAP
@given(data=st.data())
def test_a_key_deleted(book, data):
    doc, path = drawn_path(data, book)
    del fuzzing.at(doc, path[:-1])[path[-1]]
    assert_agree(book, doc)


@pytest.mark.parametrize("book", BOOKS)
@CHEAP
@given(data=st.data())
def test_an_unknown_key_added(book, data):
    _, doc = data.draw(fuzzing.example(book), label="example")
    mappings = [path for path, node in fuzzing.walk(doc) if isinstance(node, dict)]
    where = data.draw(st.sampled_from(mappings), label="mapping")
    key = data.draw(st.one_of(fuzzing.KEY_TEXT, st.sampled_from(
        ["id", "edition", "unit", "strength", "shoot", "roll", "to", "type"])), label="key")
    value = data.draw(st.one_of(fuzzing.small_scalars, fuzzing.WRONG_VALUES),
                      label="value")
    fuzzing.at(doc, where)[key] = value
    assert_agree(book, doc)


@pytest.mark.parametrize("book", BOOKS)
@CHEAP
@given(data=st.data())
def test_a_value_of_another_record_put_in_place(book, data):
    """A value of the right kind taken from elsewhere in the examples (an id where an id
    belongs, a number where a number belongs): the mutations that stay valid most often."""
    doc, path = drawn_path(data, book, lambda node: not isinstance(node, (dict, list)))
    seen = fuzzing.SEEN[book]
    name = [step for step in path if isinstance(step, str)][-1]
    anywhere = sorted({(type(v).__name__, repr(v)): v for values in seen.values()
                       for v in values}.items())
    value = data.draw(st.one_of(st.sampled_from(seen[name]),
                                st.sampled_from([v for _, v in anywhere])), label="value")
    fuzzing.put(doc, path, value)
    assert_agree(book, doc)


def test_every_reason_beyond_the_schema_is_a_real_message():
    """Each listed reason matches a message validation gives (no dead pattern hides a
    discrepancy), shown on a document per reason where one is at hand."""
    samples = [
        ("redemption", {"rulebook": "redemption", "characters": [rs.hero("H", 1, 1)],
                        "abilities": [{"id": "a", "on": "H", "target": "Z"}]}),
        ("redemption", {"rulebook": "redemption",
                        "characters": [rs.hero("H", 1, 1), rs.hero("H", 1, 1)]}),
        ("redemption", {"rulebook": "redemption", "characters": [rs.hero("H", 1, 1)],
                        "cards": [{"id": "A", "alignment": "good", "played_on": "B"},
                                  {"id": "B", "alignment": "good", "played_on": "A"}]}),
        ("redemption", {"rulebook": "redemption",
                        "characters": [rs.hero(str(i), 1_000_000, 1) for i in range(2200)]}),
        ("redemption", {"rulebook": "redemption", "characters": [rs.hero("H", 3.0, 1)]}),
        # the shooter of the sample's first query without its RS (C36-HIT needs it)
        ("chronopia", _sample_with("chronopia", lambda d: d["models"][0]["stats"].pop("rs"))),
    ]
    for book, document in samples:
        refused, accepted = verdicts(book, document)
        assert refused is not None and accepted, (refused, accepted)
        assert BEYOND.match(refused), refused


def _sample_with(book, *edits):
    document = copy.deepcopy(books.get(book).sample)
    for edit in edits:
        edit(document)
    return document


CONDITIONS = [
    # (rulebook, edit of its sample, validation's message): each a condition between the
    # fields of one record, declared with Requires/ListOf and so refused by the schema too
    ("b5", lambda d: d["orders"][0].update(kind="move"), "only a discovery has a pre-conflict"),
    # (a text given twice in a list is beyond the schema: YAML's 1 and 1.0 are two texts,
    # JSON Schema's uniqueItems two equal numbers; see the test of issue 25, item 11)
    ("b5", lambda d: d.update(phases=["movement", "effect"]),
     "the phases must include 'retreat' (B.5.2.7)"),
    ("chronopia", lambda d: d["sight"][0].pop("to"),
     "missing (required for los, cover, half_visible, wall_height and wood)"),
    ("chronopia", lambda d: d["queries"][1]["cast"]["spell"].update(needs_los=False,
                                                                    needs_range=False),
     "a spell needs line of sight or range (needs_los and needs_range both false)"),
    ("chronopia", lambda d: (d["queries"][1]["cast"]["spell"].update(needs_los=False),
                             d["queries"][1]["cast"]["spell"].pop("range")),
     "missing (required when needs_los is false)"),
    ("chronopia", lambda d: d["queries"][2]["morale"].update(causer=None),
     "missing (required for horror)"),
    ("chronopia", lambda d: d["queries"][2]["morale"].update(factor="terror"),
     "only a horror test rolls on the horror table"),
    ("chronopia", lambda d: d["queries"][0].update(reroll=3),
     "only a rampage query has a re-roll"),
    ("chronopia", lambda d: d["queries"][6]["rampage"].pop("summoner_takes_control"),
     "a re-roll follows only a 1 that a living summoner does not take "
     "(summoner_takes_control: false)"),
    ("chronopia", lambda d: d["queries"][6].update(roll=2),
     "a re-roll follows only a roll of 1 (the roll is 2)"),
    ("chronopia", lambda d: d["queries"][0].update(cast=d["queries"][1]["cast"]),
     "expected exactly one of: shoot, cast, morale, pre_battle, summon, control, rampage"),
    ("chronopia", lambda d: d["queries"][0].pop("shoot"),
     "expected exactly one of: shoot, cast, morale, pre_battle, summon, control, rampage"),
]


@pytest.mark.parametrize("book,edit,message", CONDITIONS,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CONDITIONS)])
def test_conditions_between_fields_are_in_the_schema(book, edit, message):
    assert assert_agree(book, books.get(book).sample) is None
    assert verdicts(book, _sample_with(book, edit)) == (message, False)


def test_defaults_take_part_in_the_conditions():
    """needs_range defaults to true, summoner_dead to false (chronopia.py): leaving them out
    keeps the documents valid, in the schema as in validation."""
    for edit in (lambda d: d["queries"][1]["cast"]["spell"].pop("needs_range"),
                 lambda d: d["queries"][6]["rampage"].pop("summoner_dead"),
                 lambda d: d["queries"][6].pop("roll"),
                 lambda d: d["queries"][2]["morale"].update(factor="panic", causer=None,
                                                            table_roll=None)):
        assert verdicts("chronopia", _sample_with("chronopia", edit)) == (None, True)


# --------------------------------------------------------------------------- every test's documents


def test_every_document_a_test_rules_is_compared(schema_agrees_with_validation):
    observer = schema_agrees_with_validation      # tests/conftest.py
    api.rule(rs.state([rs.hero("H", 3, 2), rs.evil("E", 2, 1)]))
    with pytest.raises(InputError):
        api.rule(rs.state([rs.hero("H", 3, -1)]))
    api.check_document(os.path.join(ROOT, "examples", "hkk", "fire_immunity.yaml"))
    assert observer.compared == 3 and observer.found == []
    # an --edition override is not the document's: the schema has nothing to say of it
    api.rule(rs.state([rs.hero("H", 3, 2)], edition="no such edition"), edition="literal")
    assert observer.compared == 3


def test_a_disagreement_fails_the_test_that_wrote_the_document(
        schema_agrees_with_validation, monkeypatch):
    observer = schema_agrees_with_validation
    monkeypatch.setitem(VALIDATORS, "redemption", jsonschema.Draft202012Validator(False))
    api.rule(rs.state([rs.hero("H", 3, 2)]))                  # valid; this schema refuses all
    monkeypatch.setitem(VALIDATORS, "hkk", jsonschema.Draft202012Validator(True))
    with pytest.raises(InputError):
        api.rule({"rulebook": "hkk", "cards": "none"})          # the schema accepts all
    assert [problem for _, problem, _ in observer.found] == [
        "the schema refuses a valid document",
        "the schema accepts a document validation refuses for a reason JSON Schema can "
        "state: expected a list, got a string 'none'"]
    observer.found.clear()      # found, as it should be: this test's teardown would fail


# --- issue 25, item 11: text lists whose items YAML reads as numbers -----------------------

CHRONOPIA_CONTROL = """rulebook: chronopia
models:
  - {id: Necromancer, army: Undead, size: 2, position: [0, 0], facing: 0,
     stats: {mg: 3, actions: 3, ld: 7}}
  - {id: Z1, army: Undead, unit: 007, size: 1, position: [10, 0], facing: 0}
  - {id: Z2, army: Undead, unit: 7, size: 1, position: [20, 0], facing: 0}
queries:
  - {id: k, control: {summoner: Necromancer, units: [007, 7], paid: [007]}}
"""


@pytest.mark.parametrize("book, text", [
    # b5 phases are text: 1 and 1.0 are two phases, as are 0412 and 412 (a plain scalar in a
    # text field keeps its text); JSON Schema's uniqueItems would see two equal numbers
    ("b5", "rulebook: b5\nphases: [1, 1.0, effect, retreat]\n"
           "beings:\n  - {id: F, type: fleet, field: A}\n"),
    ("b5", "rulebook: b5\nphases: [0412, 412, effect, retreat]\n"
           "beings:\n  - {id: F, type: fleet, field: A}\n"),
    # the units 007 and 7 are two units (models Z1 and Z2 are in one each)
    ("chronopia", CHRONOPIA_CONTROL),
], ids=["b5-1-and-1.0", "b5-0412-and-412", "chronopia-007-and-7"])
def test_text_lists_of_numbers_yaml_keeps_apart_are_valid_for_both(book, text):
    from pybridge.documents.loading import parse_document
    document = parse_document(text.encode(), "state.yaml")
    assert api.check_document(copy.deepcopy(document))
    assert assert_agree(book, document) is None
    assert VALIDATORS[book].is_valid(as_json(document))


def test_a_text_given_twice_is_refused_by_validation_and_listed_beyond_the_schema():
    from pybridge.documents.loading import parse_document
    document = parse_document(b"rulebook: b5\nphases: [effect, effect, retreat]\n", "s.yaml")
    refused, accepted = verdicts("b5", document)
    assert refused == "phase 'effect' twice (also at phases[0])" and accepted
    assert BEYOND.match(refused)
