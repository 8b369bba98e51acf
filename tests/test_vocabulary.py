"""The vocabulary a draft may use (issue 53, item 3, and the reading rule of items 1 and 4):
``rulings vocabulary RULEBOOK`` lists the input predicates, the public derived predicates
and the ruling terms of every registered rulebook, generated from their declarations; the
listing is checked here against the rule files themselves (parsed by clingo, not through
the package's readers), and a draft's rule reads only what it lists."""

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from pybridge import api
from pybridge.books import RULEBOOKS
from pybridge.cli.main import cli
from pybridge.engine.public import DeclarationError, declared

ROOT = Path(__file__).resolve().parent.parent
BOOKS = list(RULEBOOKS)


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _atoms(node):
    """(name, arity) of every symbolic atom under an AST node."""
    from clingo import ast
    found = []

    class Atoms(ast.Transformer):
        def visit_SymbolicAtom(self, atom):
            term = atom.symbol
            for each in term.arguments if term.ast_type == ast.ASTType.Pool else [term]:
                if each.ast_type == ast.ASTType.Function:
                    found.append((each.name, len(each.arguments)))
                elif each.ast_type == ast.ASTType.SymbolicTerm and \
                        each.symbol.type.name == "Function":
                    found.append((each.symbol.name, len(each.symbol.arguments)))
            return atom

    Atoms()(node)
    return found


def _program(name):
    """(heads, body atoms) of the rulebook's rule files, parsed here."""
    from clingo import ast
    statements = []
    ast.parse_files([str(f) for f in RULEBOOKS[name].encoding.files], statements.append,
                    logger=lambda *_: None)
    heads, bodies = set(), set()
    for statement in statements:
        if statement.ast_type == ast.ASTType.Rule:
            heads.update(_atoms(statement.head))
            for literal in statement.body:
                bodies.update(_atoms(literal))
    return heads, bodies


@pytest.fixture(scope="module", params=BOOKS)
def book(request):
    name = request.param
    return name, api.vocabulary(name), _program(name)


def signatures(entries):
    return [(entry["name"], entry["arity"]) for entry in entries]


def test_every_public_predicate_is_derived_by_the_rule_files_and_is_no_input(book):
    name, listing, (heads, _) = book
    assert listing["rulebook"] == name
    for signature in signatures(listing["public"]):
        assert signature in heads, (name, signature)
        assert not signature[0].startswith("state_"), signature
        assert signature not in signatures(listing["inputs"])


def test_the_inputs_are_the_input_predicates_the_rule_files_read(book):
    name, listing, (heads, bodies) = book
    read = {s for s in bodies if s[0].startswith("state_")}
    listed = signatures(listing["inputs"])
    assert len(set(listed)) == len(listed)
    assert read <= set(listed), (name, sorted(read - set(listed)))
    for entry in listing["inputs"]:
        signature = (entry["name"], entry["arity"])
        assert signature[0].startswith("state_") and signature not in heads
        assert entry["read_by_rules"] == (signature in read), (name, signature)
    # one the rules do not read yet is still an input the bridge gives a document's facts
    given = {(i.name, i.arity) for i in RULEBOOKS[name].vocabulary.inputs if not i.source}
    for entry in listing["inputs"]:
        if not entry["read_by_rules"]:
            assert (entry["name"], entry["arity"]) in given


def test_every_ruling_kind_is_listed_with_its_fields(book):
    name, listing, _ = book
    kinds = RULEBOOKS[name].kinds
    assert [r["name"] for r in listing["rulings"]] == [k.name for k in kinds]
    for entry, kind in zip(listing["rulings"], kinds):
        assert entry["arity"] == len(kind.fields)
        assert [a["meaning"] for a in entry["arguments"]] == [
            f"the ruling's {f.replace('_', ' ')} (its JSON field \"{f}\")" for f in kind.fields]


def test_every_argument_has_a_name_and_a_meaning(book):
    name, listing, _ = book
    for part in ("inputs", "public", "rulings"):
        for entry in listing[part]:
            assert len(entry["arguments"]) == entry["arity"], (name, entry["name"])
            for argument in entry["arguments"]:
                assert re.fullmatch(r"[A-Z][A-Za-z0-9_]*", argument["name"]), argument
                assert argument["meaning"].strip(), (name, entry["name"], argument)
    for entry in listing["public"]:
        assert entry["description"] and isinstance(entry["may_define"], bool)


def test_the_text_says_what_the_json_says(book):
    name, listing, _ = book
    result = invoke("vocabulary", name, "--format", "text")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert json.loads(invoke("vocabulary", name, "--format", "json").stdout) == listing
    for part in ("inputs", "public", "rulings"):
        for entry in listing[part]:
            assert f"{entry['name']}/{entry['arity']} " in text
            assert " ".join(entry["description"].split()) in text
            for argument in entry["arguments"]:
                assert f"- {argument['name']}: {' '.join(argument['meaning'].split())}" in text


@pytest.mark.parametrize("name", BOOKS)
def test_the_json_is_byte_identical_across_hash_seeds(name):
    outputs = set()
    for seed in ("0", "4242"):
        process = subprocess.run(
            [sys.executable, "-m", "pybridge", "vocabulary", name, "--format", "json"],
            cwd=ROOT, capture_output=True, timeout=120,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)})
        assert process.returncode == 0, process.stderr
        outputs.add(process.stdout)
    assert len(outputs) == 1


def test_an_unknown_rulebook_exits_2_naming_the_known_ones():
    result = invoke("vocabulary", "nope")
    assert result.exit_code == 2
    assert "unknown rulebook 'nope'" in result.output and "Traceback" not in result.output
    assert all(name in result.output for name in BOOKS)


# --- what a draft reads -------------------------------------------------------------------

BATTLE = {"rulebook": "redemption", "characters": [
    {"id": "Scout", "alignment": "good", "strength": 3, "toughness": 5},
    {"id": "Brute", "alignment": "evil", "strength": 1, "toughness": 9}]}


@pytest.fixture
def battle(tmp_path):
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(BATTLE), encoding="utf-8")
    return path


def _draft(tmp_path, body):
    path = tmp_path / "draft.lp"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def test_a_draft_reading_a_predicate_the_rulebook_keeps_its_own_is_refused(tmp_path, battle):
    path = _draft(tmp_path, """\
        % [DRAFT-8] x.
        ignores(D, X) :- in_force("DRAFT-8"), ignored_strength(D, X, _).
        """)
    result = invoke("rule", "--rules", path, battle)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{path}:2:39: ignored_strength/3 is the rulebook's own, not public" in result.output
    hint = re.search(r"did you mean (.*)\?\)", result.output)
    assert hint, result.output
    listing = api.vocabulary("redemption")
    readable = {f"{e['name']}/{e['arity']}" for e in listing["public"] + listing["inputs"]}
    assert set(hint.group(1).split(", ")) <= readable


def test_a_typo_gets_the_public_names_nearest_it(tmp_path, battle):
    path = _draft(tmp_path, """\
        % [DRAFT-8] x.
        r(C) :- in_force("DRAFT-8"), in_batle(C).
        """)
    result = invoke("rule", "--rules", path, battle)
    assert result.exit_code == 2
    assert f"{path}:2:30: in_batle/1 is defined by no rule of the draft" in result.output
    assert "did you mean in_battle/1" in result.output


def test_a_draft_reads_the_public_predicates_the_inputs_and_its_own(tmp_path, battle):
    path = _draft(tmp_path, """\
        % [DRAFT-7] In a battle of two, a hero weaker than its toughness is defeated.
        weak(C) :- in_force("DRAFT-7"), in_battle(C), alignment(C, good), one_on_one,
                   state_character(C, _, S, T), S < T.
        ruled_by(being_defeated(C), "DRAFT-7") :- in_force("DRAFT-7"), weak(C).

        edition(d, "literal with DRAFT-7").
        in_edition(d, ID) :- in_edition(literal, ID).
        in_edition(d, "DRAFT-7").
        """)
    result = invoke("rule", "--rules", path, "--edition", "d", "--format", "json", battle)
    assert result.exit_code == 0, result.output
    defeated = {r["character"]: r["because"] for r in json.loads(result.stdout)["rulings"]
                if r["kind"] == "being_defeated"}
    assert "DRAFT-7" in defeated["Scout"]


def test_the_hook_is_public_and_a_draft_gives_it(battle):
    hooks = [e for e in api.vocabulary("redemption")["public"] if e["may_define"]]
    assert [(e["name"], e["arity"]) for e in hooks] == [("counts_negative", 1)]
    result = invoke("rule", "--rules", ROOT / "examples" / "drafts" /
                    "redemption_negative_counts.lp", "--edition", "committee", battle)
    assert result.exit_code == 0, result.output


# --- the declarations ----------------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    ("%@ public p(X): a p\n", "gives no meaning for X"),
    ("%@ public p(X, Y): a p\n%@   Y: the y\n", "expected the meaning of X, not of Y"),
    ("%@ public p: a p\n%@   X: an x\n", "expected the meaning of no more arguments"),
    ("%@ p(X): a p\n", "not a declaration"),
    ("%@ public p(X): a p\n%@   X: an x\n%@ hook p(Y): again\n%@   Y: a y\n",
     "p/1 is declared already at"),
])
def test_a_declaration_that_cannot_be_read_names_its_file_and_line(tmp_path, text, words):
    path = tmp_path / "rules.lp"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeclarationError, match=re.escape(words)) as caught:
        declared([path])
    assert str(caught.value).startswith(f"{path}:")


def test_a_declaration_goes_on_over_lines_indented_further(tmp_path):
    path = tmp_path / "rules.lp"
    path.write_text("a :- b.\n%@ hook q(X, Y): a q\n%@     of two\n%@   X: an x\n"
                    "%@      and more\n%@   Y: a y\n", encoding="utf-8")
    (found,) = declared([path])
    assert (found.name, found.arity, found.hook) == ("q", 2, True)
    assert found.description == "a q of two"
    assert [(a.name, a.meaning) for a in found.arguments] == [("X", "an x and more"),
                                                              ("Y", "a y")]
    assert found.where == f"{path}:2"
