"""The rewrites of the parsed rule files (pybridge/engine/rewrite.py): program parts by question,
shared comparisons for one given state, and open comparisons for a theory solver
(pybridge/analysis/theory.py)."""

import clingo
import pytest
from clingo import ast

from pybridge.analysis.theory import open_comparisons
from pybridge.books import RULEBOOKS, get
from pybridge.engine.rewrite import PARTS, factor_bounds, select


def parsed(text, filename="<string>"):
    """The statements of ``text`` (the leading ``#program base.`` the parser adds left out),
    located in ``filename``."""
    found = []
    ast.parse_string(text, found.append)
    return [s.update(location=_in(s.location, filename)) for s in found[1:]
            if s.ast_type != ast.ASTType.Comment]


def _in(location, filename):
    begin, end = location.begin, location.end
    return ast.Location(ast.Position(filename, begin.line, begin.column),
                        ast.Position(filename, end.line, end.column))


def answer_sets(statements, facts=""):
    control = clingo.Control(["0"])
    with ast.ProgramBuilder(control) as builder:
        for statement in parsed(facts) + list(statements):
            builder.add(statement)
    control.ground([("base", [])])
    found = []
    control.solve(on_model=lambda m: found.append(
        frozenset(str(s) for s in m.symbols(shown=True) if not s.name.startswith("_"))))
    return sorted(found, key=sorted)


def texts(statements):
    return [str(s) for s in statements if s.ast_type != ast.ASTType.Program]


# --- parts ----------------------------------------------------------------------------------

PROGRAM = """a.
#program values.
b :- a.
#program open_values.
c :- a.
#program one_state.
d :- a.
#program base.
e :- a.
"""


def test_each_question_grounds_base_and_its_own_parts():
    statements = parsed(PROGRAM)
    assert texts(select(statements, "state")) == ["a.", "b :- a.", "d :- a.", "e :- a."]
    assert texts(select(statements, "chosen")) == ["a.", "b :- a.", "e :- a."]
    assert texts(select(statements, "open")) == ["a.", "c :- a.", "e :- a."]
    assert set(PARTS) == {"state", "chosen", "open"}


def test_every_file_starts_in_base():
    first = parsed("#program open_values.\nc.", "one.lp")
    second = parsed("b.", "two.lp")
    assert texts(select(first + second, "chosen")) == ["b."]


def test_an_unknown_part_is_an_error_naming_its_line():
    with pytest.raises(ValueError, match=r"<string>:2: unknown program part 'valeus'"):
        select(parsed("a.\n#program valeus.\nb."), "state")


@pytest.mark.parametrize("name", sorted(RULEBOOKS))
def test_the_rule_files_use_only_known_parts(name):
    encoding = get(name).encoding
    for question in PARTS:
        select(encoding.written, question)       # raises on an unknown part


def test_no_rule_file_sets_a_solver_mode():
    # the question picks the parts; no constant tells a rule which solver runs it
    from pybridge.engine.encoding import asp_root
    for path in asp_root().rglob("*.lp"):
        text = path.read_text(encoding="utf-8")
        assert "#const search" not in text and "search =" not in text \
            and "search <" not in text and "search !=" not in text, path


# --- shared comparisons ---------------------------------------------------------------------

SHARED = """
side(D, S) :- d(D, S, _).
falls(D) :- d(D, S, I), #sum { W, X : c(X, O, W), O != S } >= I.
"""
FACTS = "d(1, a, 0). d(2, a, 2). d(3, b, 2). d(4, a, 2). c(x, a, 1). c(y, b, 2). c(z, b, -1)."


def test_a_comparison_the_instances_share_is_stated_once_per_bound():
    rules = factor_bounds(parsed(SHARED))
    shown = [str(r) for r in rules if r.ast_type == ast.ASTType.Rule]
    assert shown[1] == "_bound_0(I,S) :- d(D,S,I)."
    assert shown[2].startswith("_reaches_0(I,S) :- _bound_0(I,S); I <= #sum {")
    assert shown[3] == "falls(D) :- d(D,S,I); _reaches_0(I,S)."
    assert len(shown) == 4


def test_the_factored_program_has_the_same_answer_sets():
    # side a faces y and z, 2 - 1 = 1: its defender with bound 0 falls (1 >= 0), those with
    # bound 2 stand; side b faces x, 1 < 2: stands
    before = answer_sets(parsed(SHARED + "#show falls/1."), FACTS)
    after = answer_sets(factor_bounds(parsed(SHARED + "#show falls/1.")), FACTS)
    assert before == after == [frozenset({"falls(1)"})]


def test_the_boundary_of_the_bound_is_kept():
    # exactly at the bound (>=) falls; one below stands
    program = SHARED + "#show falls/1."
    at = "d(1, a, 1). c(y, b, 1)."
    below = "d(1, a, 2). c(y, b, 1)."
    assert answer_sets(factor_bounds(parsed(program)), at) == [frozenset({"falls(1)"})]
    assert answer_sets(factor_bounds(parsed(program)), below) == [frozenset()]


def test_nothing_to_share_is_left_as_written():
    for text in ("t(D, I) :- d(D, _, _), I = #sum { W, X : c(X, D, W) }.",      # assignment
                 "n(S) :- d(_, S, _), #count { X : c(X, S, _) } >= 1.",         # no other var
                 "g(D) :- d(D, _, I), #sum { W, X : c(X, D, W) } >= I."):       # own elements
        statements = parsed(text)
        assert [str(s) for s in factor_bounds(statements)] == [str(s) for s in statements]


def test_choices_keep_their_answer_sets():
    program = "{ d(1, a, 0); d(2, a, 2); d(3, b, 1) }.\n" + SHARED + "#show falls/1. #show d/3."
    facts = "c(x, a, 1). c(y, b, 2)."
    assert answer_sets(factor_bounds(parsed(program)), facts) == \
        answer_sets(parsed(program), facts)


def test_the_rule_path_of_redemption_shares_its_battle_comparison():
    fixed = [str(s) for s in get("redemption").encoding.fixed_statements]
    assert any(s.startswith("falls(D) :- withheld(D,I)") and "_reaches_" in s for s in fixed)
    assert not any(s.startswith("falls(D) :- withheld(D,I)") and "#sum" in s for s in fixed)


# --- open comparisons -----------------------------------------------------------------------

POSITIONS = {("state_character", 5): {3, 4}}


def test_a_comparison_of_an_open_value_becomes_a_linear_constraint():
    rule = parsed("n :- state_character(1, C, _, S, _), S < 0.")[0]
    assert str(open_comparisons(rule, POSITIONS)) == \
        "n :- state_character(1,C,_,S,_); &sum { S } < 0."
    two = parsed("m :- state_character(1, C, _, S, T), S >= T.")[0]
    assert str(open_comparisons(two, POSITIONS)) == \
        "m :- state_character(1,C,_,S,T); &sum { S; (- T) } >= 0."


def test_other_comparisons_are_left_as_written():
    for text in ("n :- state_character(1, C, A, S, _), A != good.",    # not an open position
                 "n :- state_card(1, C, _, S, _), S < 0.",              # not an open input
                 "n :- state_character(1, C, _, S, _), not state_x(S), C < 2."):
        rule = parsed(text)[0]
        assert str(open_comparisons(rule, POSITIONS)) == str(rule)
