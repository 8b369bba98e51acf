"""The world transform of the analysis: every atom of the rule files is indexed by a world."""

from clingo import Control, ast

from pybridge.engine.worlds import add_worlds


def _worlds_of(program):
    statements = []
    ast.parse_string(program, statements.append)
    control = Control()
    with ast.ProgramBuilder(control) as builder:
        for statement in add_worlds(statements):
            builder.add(statement)
    control.add("base", [], "world(1). world(2).")
    control.ground([("base", [])])
    return {str(a.symbol) for a in control.symbolic_atoms if a.symbol.name != "world"}


def test_facts_and_rules_are_indexed_by_every_world():
    assert _worlds_of("p(1). q(X) :- p(X).") == {"p(1,1)", "p(2,1)", "q(1,1)", "q(2,1)"}


def test_pooled_facts_are_indexed_too():
    # `element(fire; ice).` parses as a pool of two atoms: both must get the world, or the
    # rules reading element(W, X) in the analysis never see them
    assert _worlds_of("element(fire; ice). hot(X) :- element(X).") >= {
        "element(1,fire)", "element(1,ice)", "hot(2,fire)", "hot(2,ice)"}
