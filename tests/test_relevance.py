"""A state's program holds only the rules that state can fire (pybridge/engine/relevance.py):
what it leaves out could never fire, so every answer set is that of the whole program."""

from pathlib import Path

import clingo
import pytest
from clingo import ast

from pybridge import api
from pybridge.books import RULEBOOKS
from pybridge.engine.encoding import silent
from pybridge.engine.relevance import Relevant, parts


def relevant_of(program):
    statements = []
    ast.parse_string(program, statements.append, logger=silent)
    return Relevant(parts(s for s in statements if s.ast_type != ast.ASTType.Program))


def kept(program, present=(), in_force=()):
    text = relevant_of(program).text({tuple(p) for p in present}, set(in_force))
    return [line for line in text.splitlines() if line]


def test_a_rule_on_a_predicate_nothing_gives_is_left_out_and_one_it_gives_is_kept():
    program = "b(X) :- a(X). c(X) :- b(X). d(X) :- e(X). f :- not e(1)."
    assert kept(program, [("a", 1)]) == ["b(X) :- a(X).", "c(X) :- b(X).", "f :- not e(1)."]
    # a negative literal needs nothing: the rule stays whatever the state holds
    assert kept(program) == ["f :- not e(1)."]


def test_a_rule_guarded_on_an_id_out_of_force_is_left_out():
    program = 'r(X) :- in_force("A"), a(X). s(X) :- in_force("B"), a(X). t :- r(_).'
    assert kept(program, [("a", 1)], {"A"}) == ['r(X) :- in_force("A"); a(X).', "t :- r(_)."]
    assert kept(program, [("a", 1)], {"B"}) == ['s(X) :- in_force("B"); a(X).']


def test_pooled_facts_conditions_and_aggregates_count_as_what_they_can_give():
    program = ("e(fire;ice). h(X) :- e(X). "
               "{ p(X) : q(X) } :- r. u :- q(1). "        # a condition's atom: possibly given
               "v :- #count { X : w(X) } = 0. ")          # an aggregate needs nothing
    assert kept(program, [("r", 0)]) == [
        "e(fire;ice).", "h(X) :- e(X).", "{ p(X): q(X) } :- r.", "u :- q(1).",
        "v :- 0 = #count { X: w(X) }."]


def test_statements_that_are_no_rules_are_always_kept():
    program = "#const n = 2. a :- b. #minimize { 1,X : c(X) }. #show a/0."
    assert kept(program) == ["#const n = 2.", ":~ c(X). [1@0,X]", "#show a/0."]


def test_a_program_deriving_in_force_uses_no_guard():
    program = 'in_force("A") :- x. r :- in_force("A").'
    assert kept(program, [("x", 0)], set()) == ['in_force("A") :- x.', 'r :- in_force("A").']


def _answer_sets(text, facts, encoding, in_force):
    control = clingo.Control(["--project=show", "0"], logger=silent)
    control.add("base", [], text)
    with control.backend() as backend:
        for symbol in facts:
            backend.add_rule([backend.add_atom(symbol)])
        for rule_id in encoding.rule_ids:
            backend.add_rule([backend.add_atom(clingo.Function("rule_id",
                                                               [clingo.String(rule_id)]))])
            if rule_id in in_force:
                backend.add_rule([backend.add_atom(clingo.Function("in_force",
                                                                   [clingo.String(rule_id)]))])
    control.ground([("base", [])])
    found = []
    control.solve(on_model=lambda model: found.append(sorted(
        map(str, list(model.symbols(shown=True)) + [s for s in model.symbols(atoms=True)
                                               if s.name.startswith("says")]))))
    return sorted(found)


EXAMPLES = sorted(str(p) for p in Path("examples").glob("*/*.yaml") if p.name != "broken.yaml")


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_example_has_the_answer_sets_of_the_whole_program_in_every_edition(path):
    """Each example under each edition of its rulebook, with and without its explanation:
    the answer sets (rulings, citations, says atoms) of the program kept are those of the
    whole program."""
    document = api.load(path)
    book, _, checked = api._prepare(document, None)
    facts = list(book.facts(checked))
    present = {(s.name, len(s.arguments)) for s in facts} | {("rule_id", 1)}
    encoding = book.encoding
    for edition in encoding.editions.values():
        in_force = set(edition.rule_ids)
        for relevant in (encoding.fixed_relevant, encoding.explaining_relevant):
            whole = "\n".join(relevant.texts)
            part = relevant.text(present, in_force)
            assert len(part) <= len(whole)
            assert _answer_sets(part, facts, encoding, in_force) == \
                _answer_sets(whole, facts, encoding, in_force), (path, edition.name)


def test_the_examples_leave_rules_out():
    """The point of it: a small state grounds a fraction of its rulebook's rules."""
    for name, book in sorted(RULEBOOKS.items()):
        paths = [p for p in EXAMPLES if Path(p).parent.name == name]
        shares = []
        for path in paths:
            _, edition, checked = api._prepare(api.load(path), None)
            facts = list(book.facts(checked))
            present = {(s.name, len(s.arguments)) for s in facts} | {("rule_id", 1)}
            in_force = set(book.encoding.editions[edition].rule_ids)
            relevant = book.encoding.fixed_relevant
            shares.append(len(relevant.text(present, in_force).splitlines()) /
                          len(relevant.texts))
        assert min(shares) < 0.9, (name, min(shares))
