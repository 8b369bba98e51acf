"""``rulings schema``, ``rulings new`` and ``rulings validate`` (issue 15, items 2 and 3)."""

import glob
import json
import os
import re

import jsonschema
import pytest

from error_checks import run
from pybridge import api, books
from pybridge.books import RULEBOOKS
from pybridge.documents.loading import load_document, parse_document
from pybridge.documents.schema_export import dumps, json_schema
from pybridge.errors import InputError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOOKS = tuple(RULEBOOKS)         # every registered rulebook, in the registry's order
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "*", "*.yaml")))


def one_error_line(result):
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


# --------------------------------------------------------------------------- rulings schema


@pytest.mark.parametrize("book", BOOKS)
def test_schema_prints_the_generated_schema(runner, book):
    result = run(runner, "schema", book)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == dumps(json_schema(books.get(book)))
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == f"https://rulings.invalid/schema/{book}.json"
    # byte-identical on a second run
    assert run(runner, "schema", book).stdout == result.stdout


def test_schema_to_a_file(runner, tmp_path):
    target = tmp_path / "hkk.schema.json"
    result = run(runner, "schema", "hkk", "-o", str(target))
    assert result.exit_code == 0 and result.stdout == ""
    assert target.read_text(encoding="utf-8") == dumps(json_schema(books.get("hkk")))
    assert run(runner, "schema", "hkk", "--out", str(target)).exit_code == 0


@pytest.mark.parametrize("command", ["schema", "new"])
def test_an_unknown_rulebook_is_one_error_line(runner, command):
    result = run(runner, command, "chess")
    assert result.exit_code == 2
    assert one_error_line(result) == ("error: RULEBOOK: unknown rulebook 'chess' (available: "
                                      "redemption, hkk, b5, chronopia)")
    assert result.stdout == ""


# --------------------------------------------------------------------------- rulings new


def plain(node):
    """A parsed document in plain Python types (JSON's data model)."""
    return json.loads(json.dumps(node))


def uncommented(text):
    """The template with every optional field given: the '# ' in front of each commented
    field line (``# key: value  # description``) deleted; the header's comments stay."""
    header, body = text.split("\n\n", 1)
    lines = [re.sub(r"^(\s*)# (?=[A-Za-z_]+: )", r"\1", line) for line in body.splitlines()]
    return header + "\n\n" + "\n".join(lines) + "\n"


@pytest.mark.parametrize("book", BOOKS)
def test_the_template_is_a_valid_document(runner, tmp_path, book):
    result = run(runner, "new", book)
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert text.splitlines()[0] == f"# yaml-language-server: $schema={book}.schema.json"
    path = tmp_path / f"{book}.yaml"
    path.write_text(text, encoding="utf-8")
    ruled = run(runner, "rule", "--format", "json", str(path))
    assert ruled.exit_code == 0, ruled.stderr
    assert json.loads(ruled.stdout)["status"] in ("ok", "ambiguous", "inconsistent")
    document = load_document(str(path))
    assert document["rulebook"] == book
    # as an editor reads it (YAML 1.2: `on:` is a key, not true)
    jsonschema.validate(plain(parse_document(text.encode("utf-8"))),
                        json_schema(books.get(book)), cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("book", BOOKS)
def test_the_template_with_every_optional_field_given_is_valid(runner, tmp_path, book):
    text = run(runner, "new", book).stdout
    full = uncommented(text)
    assert full != text
    # every commented field line was given back
    assert not re.search(r"^\s*# [A-Za-z_]+: ", full.split("\n\n", 1)[1], re.M)
    path = tmp_path / f"{book}.yaml"
    path.write_text(full, encoding="utf-8")
    ruled = run(runner, "rule", "--format", "json", str(path))
    assert ruled.exit_code == 0, ruled.stderr
    # it is the rulebook's sample document, every field given
    assert load_document(str(path)) == books.get(book).sample


def schema_fields(schema, where=""):
    """Every field path of a schema, list items as [] (``characters[].id``)."""
    out = set()
    for key, inner in schema.get("properties", {}).items():
        path = f"{where}.{key}" if where else key
        out.add(path)
        for option in [inner] + inner.get("anyOf", []):
            if "items" in option:
                out |= schema_fields(option["items"], path + "[]")
                for alternative in option["items"].get("anyOf", []):
                    out |= schema_fields(alternative, path + "[]")
            out |= schema_fields(option, path)
    return out


def document_fields(node, where=""):
    out = set()
    if isinstance(node, dict):
        for key, inner in node.items():
            path = f"{where}.{key}" if where else key
            out.add(path)
            out |= document_fields(inner, path)
    elif isinstance(node, list):
        for inner in node:
            out |= document_fields(inner, where + "[]")
    return out


@pytest.mark.parametrize("book", BOOKS)
def test_the_template_has_every_field(runner, book):
    text = run(runner, "new", book).stdout
    given = document_fields(parse_document(uncommented(text).encode("utf-8")))
    fields = schema_fields(json_schema(books.get(book)))
    # a mapping of free names (hkk's counters) has no fields of its own; an immunity's `to`
    # is one selector, the other two in its description
    assert fields - given == ({"immunities[].to.alignment", "immunities[].to.type"}
                              if book == "redemption" else set())
    assert given - fields <= {"cards[].counters.poison"}


@pytest.mark.parametrize("book", BOOKS)
def test_optional_fields_are_commented_out_with_a_description(runner, book):
    text = run(runner, "new", book).stdout
    body = text.split("\n\n", 1)[1]
    commented = [line for line in body.splitlines() if line.lstrip().startswith("# ")]
    assert commented
    for line in commented:
        assert re.match(r"^\s*# [A-Za-z_]+: .+  # .+ \(optional\)$", line), line
    # required fields are written, each with a description
    for line in body.splitlines():
        if not line.lstrip().startswith("#"):
            assert re.match(r"^\s*(- )?[A-Za-z_]+:( .+)?  # .+$|^\s*-$", line), line


def test_redemption_template_as_reasoned_from_the_spec(runner):
    """CHARACTER requires id, alignment, strength, toughness (pybridge/books/redemption.py):
    they are written with the sample's values; brigade, type and in_battle are optional."""
    text = run(runner, "new", "redemption").stdout
    assert "rulebook: redemption  # the rulebook: redemption\n" in text
    assert "\n# edition: literal  # " in text
    assert "\n  - id: Lightbearer  # the character's id (any non-empty text)\n" \
           "    alignment: good  # good (a hero's side) or evil\n" \
           "    strength: 8  # its strength\n" \
           "    toughness: 2  # its toughness (0 or more)\n" \
           "    # brigade: Blue  # its brigade (optional)\n" in text


def test_an_optional_field_the_document_needs_stays_written(runner):
    """A horror test needs its causer (chronopia, `missing (required for horror)`): the
    template keeps it, though the field is optional in the record."""
    text = run(runner, "new", "chronopia").stdout
    assert "      causer: Imp  # the model causing it (required except for panic) " \
           "(optional)\n" in text


def test_new_writes_a_file_and_never_replaces_one(runner, tmp_path):
    target = tmp_path / "state.yaml"
    result = run(runner, "new", "b5", "-o", str(target))
    assert result.exit_code == 0 and result.stdout == ""
    assert target.read_text(encoding="utf-8") == api.document_template("b5")
    target.write_text("mine\n", encoding="utf-8")
    again = run(runner, "new", "b5", "--out", str(target))
    assert again.exit_code == 2
    assert one_error_line(again) == (f"error: --out: {target} exists: choose another name (a "
                                     "template never replaces a file)")
    assert target.read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize("book", BOOKS)
def test_the_template_is_deterministic(runner, book):
    assert run(runner, "new", book).stdout == run(runner, "new", book).stdout


# --------------------------------------------------------------------------- rulings validate


def test_validate_every_example(runner):
    result = run(runner, "validate", "--format", "text", *EXAMPLES)
    refused = []
    for path in EXAMPLES:
        try:
            api.check_document(path)
        except InputError:          # a bad example on purpose (README's broken.yaml)
            refused.append(path)
    good = [p for p in EXAMPLES if p not in refused]
    assert result.stdout == "".join(f"{p}: ok\n" for p in good)
    assert len(result.stderr.splitlines()) == len(refused)
    assert result.exit_code == (2 if refused else 0)
    if not refused:
        assert result.stderr == ""


def test_validate_ok_is_exit_0_json(runner):
    paths = EXAMPLES[:2]
    result = run(runner, "validate", "--format", "json", *paths)
    assert result.exit_code == 0
    assert [json.loads(line) for line in result.stdout.splitlines()] == \
        [{"source": p, "valid": True} for p in paths]


BAD = [
    ("characters:\n  - {id: H, alignment: good, strength: x, toughness: 1}\n",
     "redemption", "characters[0].strength: expected an integer, got a string 'x'"),
    ("cards: [{id: K, kind: creature, counters: {poison: -1}}]\n",
     "hkk", "cards[0].counters.poison: -1 is out of range (0..1000000)"),
    ("orders: [{id: o, being: B, kind: move, to: '2', wins_preconflict: true}]\n"
     "beings: [{id: B, type: fleet, field: '1'}]\n",
     "b5", "orders[0].wins_preconflict: only a discovery has a pre-conflict"),
    ("models: [{id: A, army: X, size: 1, position: [0, 0], facing: 0}]\n"
     "queries: [{morale: {unit: A, factor: fear}}]\n",
     "chronopia", "queries[0].morale.causer: missing (required for fear)"),
    ("characters: [{id: H, alignment: good, strength: 1, toughness: 1}]\n"
     "abilities: [{id: a, on: H, target: Ghost}]\n",
     "redemption", "abilities[0].target: unknown card 'Ghost'"),
]


@pytest.mark.parametrize("text,book,error", BAD, ids=[b[1] + str(i) for i, b in enumerate(BAD)])
def test_validate_names_the_bad_field(runner, tmp_path, text, book, error):
    path = tmp_path / "bad.yaml"
    path.write_text(f"rulebook: {book}\n" + text, encoding="utf-8")
    result = run(runner, "validate", "--format", "text", str(path))
    assert result.exit_code == 2
    assert one_error_line(result) == f"error: {path}: {error}"
    assert result.stdout == ""


def test_validate_mixed_files_json(runner, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"rulebook": "hkk", "cards": [{"id": "K"}]}), encoding="utf-8")
    good = EXAMPLES[0]
    result = run(runner, "validate", "--format", "json", good, str(bad), good)
    assert result.exit_code == 2
    line = one_error_line(result)
    assert line == f"error: {bad}: cards[0].kind: missing (required)"
    assert [json.loads(x) for x in result.stdout.splitlines()] == [
        {"source": good, "valid": True},
        {"source": str(bad), "error": line[len("error: "):]},
        {"source": good, "valid": True}]


def test_validate_reads_stdin_and_checks_the_edition(runner):
    result = run(runner, "validate", "--format", "text", "-",
                    input="rulebook: redemption\nedition: literal\n")
    assert result.exit_code == 0 and result.stdout == "-: ok\n"
    result = run(runner, "validate", "--format", "text", "-",
                    input="rulebook: redemption\nedition: nope\n")
    assert result.exit_code == 2
    assert one_error_line(result).startswith("error: <stdin>: edition: unknown edition 'nope'")


def test_validate_a_missing_file(runner, tmp_path):
    result = run(runner, "validate", str(tmp_path / "none.yaml"))
    assert result.exit_code == 2
    assert one_error_line(result).startswith(f"error: {tmp_path / 'none.yaml'}: ")


def test_validate_needs_a_file(runner):
    result = run(runner, "validate")
    assert result.exit_code == 2 and "Usage" in result.stderr


@pytest.mark.parametrize("command", ["schema", "new", "validate"])
def test_help_shows_an_example(runner, command):
    result = run(runner, command, "--help")
    assert result.exit_code == 0
    assert "rulings " + command in result.stdout.split("Example", 1)[1]
