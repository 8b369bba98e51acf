"""Sums over open values (pybridge/analysis/open_sums.py): a rule's ``#sum`` whose weights are
clingcon variables, made the theory solver's linear sums in two grounding steps, must give
what the rule as written gives for every assignment of the values.

A toy program in two worlds: items with open values, on one side or the other in each world
(chosen, so that the worlds agree on some models and differ on others), and a cost per side;
every answer set's atoms are compared with the sums computed here from its values.
"""

import itertools

import clingo
import pytest
from clingo import ast

from pybridge.analysis import open_sums
from pybridge.analysis.theory import Theory
from pybridge.engine.worlds import add_worlds

RULES = """
side(a). side(b).
% an assignment of a sum over open values, and a comparison of it
total(S, V) :- side(S), V = #sum { W, s(X) : item(X, W), on(X, S) }.
negative(S) :- total(S, V), V < 0.
% a comparison of a sum that leaves out what a set L names
reaches(S, L) :- want(S, L), #sum { W, s(X) : item(X, W), on(X, S), not out(L, X);
                                    -T, t(Y) : cost(Y, S, T) } >= 0.
% a plain comparison
any(S) :- side(S), #sum { W, s(X) : item(X, W), on(X, S) } > 0.
"""
STATE = """
world(1). world(2).
item(W, x, v(x)) :- world(W).  item(W, y, v(y)) :- world(W).  item(W, z, v(z)) :- world(W).
cost(W, u, a, c(a)) :- world(W).  cost(W, u, b, c(b)) :- world(W).
{ on(W, X, a); on(W, X, b) } = 1 :- world(W), item(W, X, _).
want(W, S, none) :- world(W), side(W, S).
want(W, a, one) :- world(W).  out(W, one, x) :- world(W).
want(W, a, two) :- world(W).  out(W, two, x) :- world(W).  out(W, two, y) :- world(W).
out(W, two, z) :- world(2), W = 2.
&dom { -1..1 } = v(x).  &dom { -1..1 } = v(y).  &dom { 0..1 } = v(z).
&dom { 0..1 } = c(a).  &dom { 0..1 } = c(b).
"""
POSITIONS = {("item", 3): {2}, ("cost", 4): {3}}


def _statements(text):
    found = []
    ast.parse_string(text, found.append)
    return found[1:]


def _models():
    program = open_sums.rewrite(add_worlds(_statements(RULES), shared={"world"}), POSITIONS)
    theory = Theory(POSITIONS)
    control = clingo.Control(["0"])
    theory.register(control)
    with ast.ProgramBuilder(control) as builder:
        for statement in program.first + _statements(STATE) + program.second:
            theory.add(builder, statement)
    control.ground([("base", [])])
    found = open_sums.domain(control, program.sums)
    with control.backend() as backend:
        for symbol in found.facts:
            backend.add_rule([backend.add_atom(symbol)])
    control.ground([(open_sums.PART, [])])
    # no value is beyond 1: no sum beyond its tuples (3 items, a cost); left at the default
    # range of about 2 ** 30, a part not yet decided ranges over all of it, and enumerating
    # the models takes minutes, not seconds
    assert found.largest(1) == 4
    theory.limit(found.largest(1))
    theory.prepare(control)
    models = []
    with control.solve(yield_=True) as handle:
        for model in handle:
            values = {str(k): v for k, v in theory.values(model).items()}
            models.append(({str(s) for s in model.symbols(atoms=True)}, values))
    return program, models


@pytest.fixture(scope="module")
def solved():
    return _models()


def _sums(atoms, values, world):
    on = {(x, s) for x, s in itertools.product("xyz", "ab") if f"on({world},{x},{s})" in atoms}
    out = {"none": set(), "one": {"x"}, "two": {"x", "y"} | ({"z"} if world == 2 else set())}
    total = {s: sum(values[f"v({x})"] for x in "xyz" if (x, s) in on) for s in "ab"}
    reach = {(s, set_): total[s] - sum(values[f"v({x})"] for x in out[set_] if (x, s) in on)
             - values[f"c({s})"] >= 0 for s in "ab" for set_ in out}
    return total, reach


def test_the_sums_are_rewritten_in_two_steps(solved):
    program, models = solved
    assert [one.complement for one in program.sums] == [False, True, False]
    assert program.second and str(program.second[0]) == f"#program {open_sums.PART}."
    assert not any("#sum" in str(s) for s in program.first
                   if str(s).startswith(("total", "reaches", "any")))


def test_every_assignment_rules_as_the_sums_as_written(solved):
    # every assignment of the values and every choice of sides in both worlds is a model
    # (3 * 3 * 2 values, 2 ** 3 sides per world), and its atoms are those the sums give
    _, models = solved
    assert len(models) == 3 * 3 * 2 * 2 * 2 * 2 ** 3 * 2 ** 3
    differing = 0
    for atoms, values in models:
        differing += any((f"on(1,{x},a)" in atoms) != (f"on(2,{x},a)" in atoms) for x in "xyz")
        for world in (1, 2):
            total, reach = _sums(atoms, values, world)
            for side in "ab":
                assert (f"negative({world},{side})" in atoms) == (total[side] < 0)
                assert (f"any({world},{side})" in atoms) == (total[side] > 0)
                for set_ in ("none", "one", "two"):
                    wanted = side == "a" or set_ == "none"
                    assert (f"reaches({world},{side},{set_})" in atoms) == \
                        (wanted and reach[(side, set_)]), (atoms, values, world, side, set_)
    assert 0 < differing < len(models)       # worlds that share the sums and worlds that do not


def test_a_sum_over_too_many_tuples_a_set_may_leave_out_is_refused():
    program = open_sums.rewrite(add_worlds(_statements(RULES), shared={"world"}), POSITIONS)
    control = clingo.Control()
    theory = Theory(POSITIONS)
    theory.register(control)
    with ast.ProgramBuilder(control) as builder:
        for statement in program.first + _statements(
                STATE + "item(W, X, v(X)) :- world(W), X = 1..17.\n"
                        "&dom { 0..1 } = v(X) :- X = 1..17."):
            theory.add(builder, statement)
    control.ground([("base", [])])
    with pytest.raises(open_sums.TooWide, match="20 tuples"):
        open_sums.domain(control, program.sums)


def test_a_number_among_the_weights_counts_with_its_magnitude():
    found = open_sums.Domain([], [[clingo.Number(-7), clingo.Function("v")], []])
    assert found.largest(2) == 9 and found.largest(10) == 17
    assert open_sums.Domain([], []).largest(3) == 3
