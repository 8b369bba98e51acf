"""A cube searched below a witness already found (pybridge/analysis/cubes.py, budget): the
objects a state may have beyond the cube's own are a grounding constant, so that a kind no
cube counts grounds no more slots than the budget leaves (chronopia's coverage: a rule that
needs a query is not looked for among three models and no query)."""

import clingo

from pybridge.analysis.bounds import Bounds
from pybridge.analysis.cubes import bound, budget, constants
from pybridge.analysis.generate import program
from pybridge.analysis.program import analysis
from pybridge.books import get
from pybridge.documents.inputs import ONE, Input, Kind, Obj, Vocabulary


def _objects(book, cube, at_most):
    control = analysis(book).control(Bounds(book.bounds, {}), listing=False,
                                     extra_args=constants(cube) + budget(cube, at_most))
    return {str(a.symbol.arguments[0]) for a in
            control.symbolic_atoms.by_signature("space_object", 2)}


def test_the_budget_is_what_the_limit_leaves_beyond_the_cube():
    cube = (("model", 2),)
    assert bound(cube) == 2
    assert budget(cube, None) == []
    assert budget(cube, 3) == ["-c", "space_budget=1"]
    assert budget(cube, 2) == ["-c", "space_budget=0"]


def test_a_kind_no_cube_counts_grounds_no_slot_beyond_the_budget():
    book = get("chronopia")
    cube = (("model", 3),)
    # at most three objects, three of them models: no query of any kind is grounded
    assert _objects(book, cube, 3) == {"model"}
    # one more: the query kinds are back, one slot each
    assert "shoot" in _objects(book, cube, 4)
    assert "shoot" in _objects(book, cube, None)


def _space(kinds, text=""):
    vocabulary = Vocabulary(kinds, (Input("state_a", (Obj("a"),), ONE),))
    control = clingo.Control(["-c", "max_a=3", "-c", "max_b=3"] + text.split())
    control.add("base", [], program(vocabulary))
    control.ground([("base", [])])
    control.configuration.solve.models = "0"
    found = []
    control.solve(on_model=lambda m: found.append(
        sorted(str(s) for s in m.symbols(atoms=True) if s.name == "space_object")))
    return found


def test_a_kind_that_must_have_more_objects_than_the_budget_leaves_no_state():
    kinds = (Kind("a", "max_a", least=2, cube=False), Kind("b", "max_b"))
    # without a budget, two or three a's; with room for two, two; with room for one, none
    assert {len([o for o in s if "(a," in o]) for s in _space(kinds)} == {2, 3}
    assert {len([o for o in s if "(a," in o]) for s in _space(kinds, "-c space_budget=2")} == {2}
    assert _space(kinds, "-c space_budget=1") == []
