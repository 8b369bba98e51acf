"""Bad input never produces a traceback: exit code 2 and one line ``error: ...`` naming the path.

Every case below is a malformed redemption state document. Through the CLI
(``rulings rule --format json FILE``) each must give exit code 2, exactly one line on stderr of
the form ``error: FILE: PATH: message`` (for problems with the file as a whole: ``error: FILE:
message``), the same error as a ``{"source", "error"}`` line on stdout, and no traceback. Through
the library, ``pybridge.rule(document)`` raises ``pybridge.InputError`` whose ``.path`` is PATH.

Document-level cases run twice: written as YAML and written as JSON.
"""

import copy
import json
import subprocess
import sys

import pytest
import yaml

import pybridge
from document_edits import drop, edits, put, whole
from error_checks import (
    _write,
    assert_json_error_line,
    assert_one_error,
    check_cli_document,
    run,
)

# A valid document touching every record kind, so that each case is a single edit away from it.
BASE = {
    "rulebook": "redemption",
    "phase": "battle",
    "characters": [
        {"id": "Lightbearer", "alignment": "good", "strength": 8, "toughness": 2},
        {"id": "Shieldbearer", "alignment": "good", "strength": 6, "toughness": 6},
        {"id": "Giant", "alignment": "evil", "strength": 11, "toughness": 12},
    ],
    "cards": [
        {"id": "Axe", "alignment": "evil", "type": "enhancement", "played_on": "Giant",
         "strength": 1},
        {"id": "Charm", "alignment": "good", "type": "enhancement"},
    ],
    "immunities": [
        {"id": "light-shield", "holder": "Lightbearer", "to": "Giant"},
        {"id": "charm-gift", "holder": "Shieldbearer", "to": {"brigade": "Black"},
         "granted_by": "Charm", "duration": "turn"},
    ],
    "abilities": [{"id": "axe-swing", "on": "Axe", "target": "Shieldbearer"}],
}

def case(name, edit, path, fragment, yaml_only=False):
    return pytest.param(edit, path, fragment, yaml_only, id=name)


def _char(ident, alignment="good", strength=1, toughness=1):
    return {"id": ident, "alignment": alignment, "strength": strength, "toughness": toughness}


DOCUMENT_CASES = [
    # wrong types
    case("string-for-integer", put("characters[2].strength", "eleven"),
         "characters[2].strength", "expected an integer"),
    case("numeric-string-for-integer", put("characters[2].strength", "11"),
         "characters[2].strength", "expected an integer"),
    case("float-for-integer", put("characters[0].strength", 2.5),
         "characters[0].strength", "expected an integer"),
    case("integral-float-for-integer", put("characters[0].toughness", 3.0),
         "characters[0].toughness", "expected an integer"),
    case("boolean-for-integer", put("characters[1].toughness", True),
         "characters[1].toughness", "expected an integer"),
    case("false-for-integer", put("cards[0].strength", False),
         "cards[0].strength", "expected an integer"),
    case("null-for-required-integer", put("characters[0].strength", None),
         "characters[0].strength", "expected an integer"),
    case("list-for-mapping", put("characters[0]", ["Lightbearer", "good", 8, 2]),
         "characters[0]", "expected a mapping"),
    case("null-for-mapping", put("characters[1]", None),
         "characters[1]", "expected a mapping"),
    case("string-for-mapping", put("immunities[0]", "light-shield"),
         "immunities[0]", "expected a mapping"),
    case("mapping-for-list", put("characters", {"id": "Lightbearer"}),
         "characters", "expected a list"),
    case("string-for-list", put("abilities", "axe-swing"),
         "abilities", "expected a list"),
    case("integer-id", put("characters[0].id", 7), "characters[0].id", "expected a string"),
    case("boolean-id", put("cards[1].id", True), "cards[1].id", "expected a string"),
    case("list-id", put("abilities[0].id", ["axe-swing"]), "abilities[0].id",
         "expected a string"),
    case("empty-id", put("characters[1].id", ""), "characters[1].id", "non-empty"),
    case("integer-reference", put("immunities[0].holder", 1), "immunities[0].holder",
         "expected a string"),
    case("string-for-boolean", put("characters[0].in_battle", "no"),
         "characters[0].in_battle", "expected true or false"),
    case("integer-for-boolean", put("characters[0].in_battle", 1),
         "characters[0].in_battle", "expected true or false"),
    case("integer-brigade", put("characters[0].brigade", 3), "characters[0].brigade",
         "expected a string"),
    # missing required fields
    case("missing-toughness", drop("characters[0].toughness"), "characters[0].toughness",
         "missing"),
    case("missing-character-id", drop("characters[2].id"), "characters[2].id", "missing"),
    case("missing-alignment", drop("cards[0].alignment"), "cards[0].alignment", "missing"),
    case("missing-holder", drop("immunities[1].holder"), "immunities[1].holder", "missing"),
    case("missing-immunity-to", drop("immunities[0].to"), "immunities[0].to", "missing"),
    case("missing-ability-target", drop("abilities[0].target"), "abilities[0].target",
         "missing"),
    case("missing-rulebook", drop("rulebook"), "rulebook", "missing"),
    # unknown keys
    case("unknown-top-level-key", put("colour", "red"), "colour", "unknown key"),
    case("unknown-top-level-key-misspelt", put("charcters", []), "charcters", "unknown key"),
    case("unknown-character-key", put("characters[1].colour", "blue"), "characters[1].colour",
         "unknown key"),
    case("unknown-card-key", put("cards[0].power", 3), "cards[0].power", "unknown key"),
    case("unknown-immunity-key", put("immunities[0].until", "end"), "immunities[0].until",
         "unknown key"),
    case("unknown-ability-key", put("abilities[0].cost", 1), "abilities[0].cost",
         "unknown key"),
    case("integer-key", put(5, "five"), "5", "unknown key", yaml_only=True),
    # unknown references
    case("unknown-holder", put("immunities[0].holder", "ghost"), "immunities[0].holder",
         "'ghost'"),
    case("unknown-immune-to", put("immunities[0].to", "ghost"), "immunities[0].to", "'ghost'"),
    case("unknown-granted-by", put("immunities[1].granted_by", "ghost"),
         "immunities[1].granted_by", "'ghost'"),
    case("unknown-played-on", put("cards[0].played_on", "ghost"), "cards[0].played_on",
         "'ghost'"),
    case("unknown-ability-on", put("abilities[0].on", "ghost"), "abilities[0].on", "'ghost'"),
    case("unknown-ability-target", put("abilities[0].target", "ghost"), "abilities[0].target",
         "'ghost'"),
    case("reference-differs-by-case", put("immunities[0].to", "giant"), "immunities[0].to",
         "'giant'"),
    case("reference-differs-by-space", put("abilities[0].target", "Shieldbearer "),
         "abilities[0].target", "'Shieldbearer '"),
    # duplicate IDs
    case("duplicate-character", put("characters[1].id", "Lightbearer"), "characters[1].id",
         "duplicate id"),
    case("duplicate-character-and-card", put("cards[1].id", "Giant"), "cards[1].id",
         "duplicate id"),
    case("duplicate-card", put("cards[1].id", "Axe"), "cards[1].id", "duplicate id"),
    case("duplicate-immunity", put("immunities[1].id", "light-shield"), "immunities[1].id",
         "duplicate id"),
    case("duplicate-ability",
         put("abilities", [{"id": "swing", "on": "Axe", "target": "Shieldbearer"},
                           {"id": "swing", "on": "Charm", "target": "Giant"}]),
         "abilities[1].id", "duplicate id"),
    # out-of-range numbers
    case("negative-toughness", put("characters[0].toughness", -1), "characters[0].toughness",
         "out of range"),
    case("huge-strength", put("characters[1].strength", 10**12), "characters[1].strength",
         "out of range"),
    case("huge-negative-strength", put("characters[2].strength", -10**12),
         "characters[2].strength", "out of range"),
    case("400-digit-integer", put("characters[2].toughness", 10**400),
         "characters[2].toughness", "out of range"),
    case("huge-card-bonus", put("cards[0].toughness", 10**12), "cards[0].toughness",
         "out of range"),
    case("strengths-beyond-clingo-range",
         whole({"rulebook": "redemption",
                "characters": [_char(f"c{i}", strength=1_000_000) for i in range(2200)]}),
         "characters", "clingo"),
    # bad enum values
    case("bad-alignment", put("characters[0].alignment", "neutral"),
         "characters[0].alignment", "expected one of"),
    case("alignment-wrong-case", put("characters[2].alignment", "Evil"),
         "characters[2].alignment", "expected one of"),
    case("integer-alignment", put("characters[2].alignment", 1),
         "characters[2].alignment", "expected one of"),
    case("bad-card-alignment", put("cards[1].alignment", "purple"), "cards[1].alignment",
         "expected one of"),
    case("bad-phase", put("phase", "combat"), "phase", "expected one of"),
    case("bad-immunity-phase", put("immunities[0].phase", "night"), "immunities[0].phase",
         "expected one of"),
    case("bad-duration", put("immunities[1].duration", "forever"), "immunities[1].duration",
         "expected one of"),
    # bad selectors
    case("selector-unknown-key", put("immunities[1].to", {"colour": "red"}),
         "immunities[1].to.colour", "unknown key"),
    case("selector-empty", put("immunities[1].to", {}), "immunities[1].to", "exactly one"),
    case("selector-two-keys", put("immunities[1].to", {"brigade": "a", "type": "b"}),
         "immunities[1].to", "exactly one"),
    case("selector-integer", put("immunities[1].to", 5), "immunities[1].to", "expected"),
    case("selector-list", put("immunities[1].to", ["Giant"]), "immunities[1].to", "expected"),
    case("selector-bad-alignment", put("immunities[1].to", {"alignment": "purple"}),
         "immunities[1].to.alignment", "expected one of"),
    case("selector-integer-brigade", put("immunities[1].to", {"brigade": 5}),
         "immunities[1].to.brigade", "expected a string"),
    # played_on cycles
    case("played-on-cycle",
         edits(put("cards[0].played_on", "Charm"), put("cards[1].played_on", "Axe")),
         "cards[0].played_on", "cycle"),
    case("played-on-itself", put("cards[1].played_on", "Charm"), "cards[1].played_on",
         "cycle"),
    # editions and rulebooks
    case("unknown-edition", put("edition", "errata"), "edition", "unknown edition 'errata'"),
    case("integer-edition", put("edition", 2), "edition", "expected a string"),
    case("unknown-rulebook", put("rulebook", "chess"), "rulebook", "unknown rulebook 'chess'"),
    case("rulebook-wrong-case", put("rulebook", "Redemption"), "rulebook", "unknown rulebook"),
    case("integer-rulebook", put("rulebook", 1), "rulebook", "rulebook"),
    case("null-rulebook", put("rulebook", None), "rulebook", "rulebook"),
    # the document itself
    case("document-is-a-list", whole([BASE]), "document", "expected a mapping"),
    case("document-is-an-integer", whole(42), "document", "expected a mapping"),
    case("document-is-a-string", whole("redemption"), "document", "expected a mapping"),
]


def test_base_document_is_valid():
    result = pybridge.rule(copy.deepcopy(BASE))
    assert result["status"] == "ok"


# JSON objects only have string keys: the YAML-only cases are not written as JSON.
CLI_DOCUMENT_CASES = [
    pytest.param(fmt, *case.values, id=f"{case.id}-{fmt}")
    for case in DOCUMENT_CASES for fmt in ("yaml", "json")
    if not (case.values[3] and fmt == "json")
]
# pybridge.rule(str) reads a file by contract: documents that are strings are file cases.
LIBRARY_DOCUMENT_CASES = [
    case for case in DOCUMENT_CASES if not isinstance(case.values[0](copy.deepcopy(BASE)), str)
]


@pytest.mark.parametrize("fmt,edit,path,fragment,yaml_only", CLI_DOCUMENT_CASES)
def test_cli_reports_bad_document(runner, tmp_path, fmt, edit, path, fragment, yaml_only):
    check_cli_document(runner, tmp_path, edit(copy.deepcopy(BASE)), fmt, path, fragment)


@pytest.mark.parametrize("edit,path,fragment,yaml_only", LIBRARY_DOCUMENT_CASES)
def test_library_raises_input_error_with_path(edit, path, fragment, yaml_only):
    document = edit(copy.deepcopy(BASE))
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(document)
    error = caught.value
    assert error.path == path
    assert error.source is None
    assert fragment in error.message
    assert "\n" not in str(error)
    assert str(error) == f"{path}: {error.message}"


def test_huge_number_is_not_printed_in_full():
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(put("characters[2].toughness", 10**400)(copy.deepcopy(BASE)))
    assert "0" * 50 not in str(caught.value)
    assert len(str(caught.value)) < 200


def test_duplicate_names_the_first_occurrence():
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(put("cards[1].id", "Giant")(copy.deepcopy(BASE)))
    assert "characters[2].id" in caught.value.message


def test_input_error_is_a_rulings_error():
    assert issubclass(pybridge.InputError, pybridge.RulingsError)
    assert pybridge.InputError.exit_code == 2


# Problems with the file as a whole: (file name, bytes, path or None, message fragment).
# With a path the line is ``error: FILE: PATH: ...``; without, ``error: FILE: ...``.
RAW_CASES = [
    pytest.param("state.yaml", b"", None, "empty", id="empty-file"),
    pytest.param("state.json", b"", None, "empty", id="empty-json-file"),
    pytest.param("state.yaml", b"  \n\t\n   \n", None, "empty", id="whitespace-only"),
    pytest.param("state.yaml", b"# only a comment\n", None, "empty", id="comment-only"),
    pytest.param("state.yaml", b"rulebook: [redemption\ncharacters: []\n", None,
                 "invalid YAML", id="invalid-yaml-unclosed"),
    pytest.param("state.yaml", b"rulebook: redemption\n  phase: battle\n bad: [\n", None,
                 "invalid YAML", id="invalid-yaml-indentation"),
    pytest.param("state.yaml", b"rulebook: redemption\ncharacters:\n\t- {id: a}\n", None,
                 "invalid YAML", id="invalid-yaml-tab"),
    pytest.param("state.json", b'{"rulebook": "redemption",}', None, "invalid JSON",
                 id="invalid-json-trailing-comma"),
    pytest.param("state.json", b"rulebook: redemption\n", None, "invalid JSON",
                 id="yaml-in-json-file"),
    pytest.param("state.json", b'{"rulebook": "redemption", "phase": NaN}', None, None,
                 id="json-nan"),
    pytest.param("state.yaml",
                 b"rulebook: redemption\nphase: battle\nphase: draw\n", None,
                 "duplicate key 'phase'", id="duplicate-key-yaml-top"),
    pytest.param("state.json", b'{"rulebook": "redemption", "phase": "battle", '
                 b'"phase": "draw"}', None, "duplicate key 'phase'",
                 id="duplicate-key-json-top"),
    pytest.param("state.yaml", b"rulebook: redemption\n---\nrulebook: redemption\n", None,
                 "several", id="several-yaml-documents"),
    pytest.param("state.yaml", b"rulebook: redemption\n# caf\xe9\n", None, "UTF-8",
                 id="latin-1-bytes"),
    pytest.param("state.yaml", b"\xff\xfe\x00\x00", None, "UTF-8", id="invalid-utf8-bytes"),
    pytest.param("state.json", b'{"rulebook": "redemption\xc3"}', None, "UTF-8",
                 id="truncated-utf8-in-json"),
    pytest.param("state.yaml", b"- rulebook: redemption\n", "document", "expected a mapping",
                 id="yaml-list-document"),
    pytest.param("state.yaml", b"42\n", "document", "expected a mapping",
                 id="yaml-scalar-document"),
    pytest.param("state.json", b"[]", "document", "expected a mapping", id="json-list"),
    pytest.param("state.json", b'"redemption"', "document", "expected a mapping",
                 id="json-string"),
    pytest.param("state.json", b"null", "document", None, id="json-null"),
    pytest.param("state.yaml", b"rulebook: !!python/object:os.system {}\n", None,
                 "invalid YAML", id="yaml-python-tag"),
    pytest.param("state.yaml",
                 b"rulebook: redemption\ncharacters:\n"
                 b"  - {id: A, alignment: good, strength: 2001-01-01, toughness: 1}\n",
                 "characters[0].strength", "expected an integer", id="yaml-date-for-integer"),
    pytest.param("state.yaml",
                 b"rulebook: redemption\ncharacters:\n"
                 b"  - {id: !!binary aGVsbG8=, alignment: good, strength: 1, toughness: 1}\n",
                 "characters[0].id", "expected a string", id="yaml-binary-id"),
    pytest.param("state.yaml",
                 b"rulebook: redemption\ncharacters:\n"
                 b"  - {id: A, alignment: good, strength: 0x7fffffffff, toughness: 1}\n",
                 "characters[0].strength", "expected an integer, got a string '0x7fffffffff'",
                 id="yaml-hex-is-text"),   # YAML 1.2 core: no hexadecimal integers
    pytest.param("state.yaml",
                 b"rulebook: redemption\ncharacters:\n"
                 b"  - {id: A, alignment: good, strength: .inf, toughness: 1}\n",
                 "characters[0].strength", "expected an integer", id="yaml-infinity"),
    pytest.param("state.json", b"[" * 50000 + b"]" * 50000, None, None,
                 id="json-nested-too-deeply"),
    pytest.param("state.yaml",
                 b"a: &a [x, x, x, x, x, x, x, x, x, x]\n"
                 b"b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                 b"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
                 b"d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                 b"e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
                 b"f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
                 b"g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
                 b"h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]\n"
                 b"i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]\n"
                 b"rulebook: redemption\ncharacters: *i\n",
                 "a", "unknown key", id="yaml-alias-bomb"),
    pytest.param("state.yaml",
                 b"rulebook: redemption\nchars: &c [{id: A, alignment: good, strength: 1, "
                 b"toughness: 1}]\ncharacters: *c\n",
                 "chars", "unknown key", id="yaml-anchor-under-unknown-key"),
    pytest.param("state.yaml",
                 b"rulebook: redemption\ncharacters:\n"
                 b"  - {id: A, alignment: good, strength: 1, toughness: 1, in_battle: yes}\n",
                 "characters[0].in_battle", "expected true or false",
                 id="yaml-1.1-boolean-yes"),
    pytest.param("state.yaml",
                 b"rulebook: redemption\ncharacters:\n"
                 b"  - {id: null, alignment: good, strength: 1, toughness: 1}\n",
                 "characters[0].id", "expected a string", id="yaml-null-id"),
]


@pytest.mark.parametrize("name,data,path,fragment", RAW_CASES)
def test_cli_reports_bad_file(runner, tmp_path, name, data, path, fragment):
    target = tmp_path / name
    target.write_bytes(data)
    source = str(target)
    result = run(runner, "rule", "--format", "json", source)
    prefix = f"error: {source}: {path}: " if path else f"error: {source}: "
    line = assert_one_error(result, prefix, fragment)
    assert_json_error_line(result, source, line)
    assert len(line) < 500, "the message should not echo the input"


@pytest.mark.parametrize("name,data,path,fragment", RAW_CASES)
def test_library_reports_bad_file(tmp_path, name, data, path, fragment):
    target = tmp_path / name
    target.write_bytes(data)
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(str(target))
    error = caught.value
    assert error.source == str(target)
    if path is not None:
        assert error.path == path
    if fragment is not None:
        assert fragment in error.message
    assert "\n" not in str(error)


def test_missing_file(runner, tmp_path):
    source = str(tmp_path / "absent.yaml")
    result = run(runner, "rule", "--format", "json", source)
    line = assert_one_error(result, f"error: {source}: ", "no such file")
    assert_json_error_line(result, source, line)
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(source)
    assert caught.value.source == source


def test_directory(runner, tmp_path):
    source = str(tmp_path)
    result = run(runner, "rule", "--format", "json", source)
    line = assert_one_error(result, f"error: {source}: ", "directory")
    assert_json_error_line(result, source, line)


def test_unreadable_file_name(runner, tmp_path):
    source = str(tmp_path / ("x" * 300 + ".yaml"))  # longer than a file name may be
    result = run(runner, "rule", "--format", "json", source)
    assert_one_error(result, f"error: {source}: ")


def test_unknown_edition_option(runner, tmp_path):
    source = _write(tmp_path, copy.deepcopy(BASE), "yaml")
    result = run(runner, "rule", "--format", "json", "--edition", "errata", source)
    line = assert_one_error(result, "error: ")
    assert "--edition: unknown edition 'errata'" in line
    assert "literal" in line  # names the editions there are
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(copy.deepcopy(BASE), edition="errata")
    assert caught.value.path == "--edition"


def test_edition_option_overrides_bad_document_edition(runner, tmp_path):
    source = _write(tmp_path, put("edition", "errata")(copy.deepcopy(BASE)), "yaml")
    result = run(runner, "rule", "--format", "json", "--edition", "literal", source)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["edition"] == "literal"


def test_known_edition_in_document(tmp_path):
    assert pybridge.rule(put("edition", "literal")(copy.deepcopy(BASE)))["edition"] == "literal"


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_bad_document_on_stdin(runner, fmt):
    document = put("characters[2].strength", "eleven")(copy.deepcopy(BASE))
    text = yaml.safe_dump(document) if fmt == "yaml" else json.dumps(document)
    result = run(runner, "rule", "--format", "json", "-", input=text)
    line = assert_one_error(result, "error: <stdin>: characters[2].strength: ",
                            "expected an integer")
    assert_json_error_line(result, "-", line)


@pytest.mark.parametrize("data", [b"", b"[1, 2", b"\xff\xfe"], ids=["empty", "syntax", "bytes"])
def test_bad_bytes_on_stdin(runner, data):
    result = run(runner, "rule", "--format", "json", "-", input=data)
    assert_one_error(result, "error: <stdin>: ")


def test_text_format_error_is_only_on_stderr(runner, tmp_path):
    source = _write(tmp_path, drop("characters[0].toughness")(copy.deepcopy(BASE)), "yaml")
    result = run(runner, "rule", "--format", "text", source)
    assert_one_error(result, f"error: {source}: characters[0].toughness: ", "missing")
    assert result.stdout == ""


def test_explicit_null_for_optional_field_is_absent():
    document = copy.deepcopy(BASE)
    document["characters"][0]["brigade"] = None
    document["immunities"][0]["granted_by"] = None
    document["cards"] = None
    document["abilities"] = None
    document["immunities"][1]["granted_by"] = None
    assert pybridge.rule(document)["status"] == "ok"


# Duplicate keys: the message names the path of the repeated key, as every other error does
# (a line number alone does not say which record of a JSON file on one line is wrong).
DUPLICATE_KEY_CASES = [
    pytest.param("state.yaml",
                 b"rulebook: redemption\ncharacters:\n"
                 b"  - {id: A, alignment: good, strength: 1, toughness: 1}\n"
                 b"  - id: B\n    alignment: evil\n    strength: 1\n    strength: 2\n"
                 b"    toughness: 1\n", id="yaml"),
    pytest.param("state.json",
                 b'{"rulebook": "redemption", "characters": ['
                 b'{"id": "A", "alignment": "good", "strength": 1, "toughness": 1}, '
                 b'{"id": "B", "alignment": "evil", "strength": 1, "strength": 2, '
                 b'"toughness": 1}]}', id="json"),
]


@pytest.mark.parametrize("name,data", DUPLICATE_KEY_CASES)
def test_nested_duplicate_key_names_its_path(runner, tmp_path, name, data):
    target = tmp_path / name
    target.write_bytes(data)
    source = str(target)
    result = run(runner, "rule", "--format", "json", source)
    line = assert_one_error(result, f"error: {source}: ", "duplicate key 'strength'")
    assert "characters[1].strength" in line
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(source)
    assert caught.value.path == "characters[1].strength"


def test_unquoted_on_key_is_the_field_on(tmp_path):
    """YAML 1.2 booleans: ``on:`` is the key "on", not ``True``."""
    target = tmp_path / "state.yaml"
    target.write_text("rulebook: redemption\ncharacters:\n"
                      "  - {id: A, alignment: good, strength: 1, toughness: 1}\n"
                      "cards:\n  - {id: C, alignment: good}\n"
                      "abilities:\n  - {id: x, on: C, target: A}\n", encoding="utf-8")
    result = pybridge.rule(str(target))
    assert [(r["ability"], r["target"]) for r in result["rulings"] if r["kind"] == "target"] \
        == [("x", "A")]


@pytest.mark.parametrize("content", ["{target}\n", '"{target}"\n'], ids=["yaml", "quoted"])
def test_document_naming_another_file_is_not_followed(runner, tmp_path, content):
    """A document that is a string is a bad document, not the name of another file to read."""
    secret = tmp_path / "secret.yaml"
    secret.write_text("TOP-SECRET-CONTENT\n", encoding="utf-8")
    target = tmp_path / "state.yaml"
    target.write_text(content.format(target=secret), encoding="utf-8")
    source = str(target)
    result = run(runner, "rule", "--format", "json", source)
    assert "TOP-SECRET-CONTENT" not in result.output
    assert "TOP-SECRET-CONTENT" not in result.stderr
    assert_one_error(result, f"error: {source}: document: ", "expected a mapping")


def test_document_naming_itself_is_a_plain_error(runner, tmp_path):
    target = tmp_path / "loop.yaml"
    target.write_text(f"{target}\n", encoding="utf-8")
    source = str(target)
    result = run(runner, "rule", "--format", "json", source)
    assert_one_error(result, f"error: {source}: document: ", "expected a mapping")


@pytest.mark.parametrize("depth", [100_000])
def test_deeply_nested_yaml_does_not_crash(tmp_path, depth):
    """Run in a subprocess: libyaml's recursive composer can overflow the C stack."""
    target = tmp_path / "deep.yaml"
    target.write_text("[" * depth + "]" * depth + "\n", encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, "-m", "pybridge", "rule", "--format", "json", str(target)],
        capture_output=True, text=True, timeout=120,
    )
    assert "Traceback" not in completed.stderr
    assert completed.returncode == 2, (completed.returncode, completed.stderr[-500:])
    lines = completed.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {target}: "), completed.stderr


# Integers too long for Python's default int parsing (over 4300 digits) are out of range like
# any other huge number: the message names the field, not an interpreter setting.
HUGE_INTEGER_CASES = [
    pytest.param("state.yaml",
                 b"rulebook: redemption\ncharacters:\n"
                 b"  - {id: A, alignment: good, strength: " + b"9" * 5000 + b", toughness: 1}\n",
                 id="yaml"),
    pytest.param("state.json",
                 b'{"rulebook": "redemption", "characters": [{"id": "A", "alignment": "good", '
                 b'"strength": ' + b"9" * 5000 + b', "toughness": 1}]}', id="json"),
]


@pytest.mark.parametrize("name,data", HUGE_INTEGER_CASES)
def test_5000_digit_integer_names_its_path(runner, tmp_path, name, data):
    target = tmp_path / name
    target.write_bytes(data)
    source = str(target)
    result = run(runner, "rule", "--format", "json", source)
    line = assert_one_error(result, f"error: {source}: ")
    assert "set_int_max_str_digits" not in line
    assert "characters[0].strength" in line
    assert "9" * 50 not in line
